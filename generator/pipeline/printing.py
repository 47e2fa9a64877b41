"""The printing half of a build: draws the faces of each checked game, then writes each output
kind of each of its languages as soon as the faces it places are drawn.

Each distinct face is drawn once, in small batches on every core, skipping those the cache
holds (:mod:`generator.render.store`); an output whose inputs are unchanged since a build made
it is taken from the cache instead of written (:mod:`generator.pipeline.remembered`), and a game
whose every output is is not even loaded.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from generator.load.expansions import of_game
from generator.model import Draft, chosen
from generator.outputs import OutputKind, Written
from generator.pipeline import reads, remembered, work
from generator.pipeline.checking import Checked, Games, Next
from generator.pipeline.inputs import GameInputs, game_inputs
from generator.pipeline.remembered import (
    Listed,
    listed,
    made_by,
    output_key,
    remember_listed,
)
from generator.pipeline.request import BuildRequest
from generator.pipeline.tasks import Found, Stage, Tasks
from generator.pipeline.work import Edition, Entries, Memo
from generator.problems import DataError, Problem, UsageError
from generator.render.faces import FaceSet, batches, render_faces
from generator.render.store import ArtStore
from generator.runtime.cache import Cache
from generator.runtime.workers import release
from generator.runtime.writer import Writer


class Printing(Next):
    """The writing half of a build: draws the faces of each checked game, then writes each
    output kind of each of its languages."""

    def __init__(
        self, tasks: Tasks, games: Games, request: BuildRequest, writer: Writer, cache: Cache
    ) -> None:
        self.tasks = tasks
        self.games = games
        self.request = request
        self.writer = writer
        self.cache = cache
        self.drawing: dict[str, list[int]] = {}
        self.waiting: dict[int, set[str]] = {}
        self.results: dict[tuple[int, int], list[Written]] = {}
        self.editions: list[Edition] = []
        self.inputs: dict[str, GameInputs] = {}
        self.pending_kinds: dict[int, list[tuple[int, OutputKind]]] = {}
        self.restored_files: dict[tuple[str, str, int], list[Written]] = {}
        self.outputs = request.outputs
        self.notes: dict[str, list[str]] = {}
        """Each game's translations in progress the build leaves out, one line each."""

    def restored(self, name: str, engine: str) -> bool:
        """Take every output of game ``name`` from the cache if its inputs are unchanged since a
        build made them; whether that was all of them (else the game is loaded and checked)."""
        laid = of_game(self.games.expansions, name)
        inputs = game_inputs(self.games.data_dir, name, engine, laid, self.games.languages)
        self.inputs[name] = inputs
        drafts = remembered.checked_drafts(self.cache, inputs)
        if drafts is None or any(lang in drafts for lang in self.request.langs):
            return False  # every language is checked, even those not printed
        langs = self._langs(name, inputs.languages(), drafts)
        found = {
            (lang, index): self._lookup(inputs, lang, index)
            for lang in langs
            for index in range(len(self.outputs))
        }
        if any(files is None for files in found.values()):
            return False
        for (lang, index), files in found.items():
            self.restored_files[(name, lang, index)] = self._use(files or [])
        self._left_out(name, drafts)
        return True

    def rendered_before(self, game: str, lang: str) -> bool:
        """Whether the faces of ``game`` in ``lang`` need not be rendered: they rendered
        without a problem before from the same inputs, and every output in that language is
        in the cache (a translator's edit in one language renders only that one)."""
        inputs = self.inputs[game]
        if not remembered.rendered_before(self.cache, inputs, lang):
            return False
        wanted = lang in self.request.langs or not self.request.langs
        made = range(len(self.outputs))
        return not wanted or all(self._lookup(inputs, lang, index) is not None for index in made)

    def rendered(self, game: str, lang: str) -> None:
        remembered.remember_rendered(self.cache, self.inputs[game], lang)

    def memo(self, game: str) -> Memo:
        return Memo(self.cache.folder, self.inputs[game].faces_key())

    def _lookup(self, inputs: GameInputs, lang: str, index: int) -> Listed | None:
        """The files of output ``index`` (of :attr:`BuildRequest.outputs`) as the cache has
        them (see :func:`~generator.pipeline.remembered.listed`)."""
        options, kind = self.outputs[index]
        entry = output_key(inputs, lang, kind, options)
        return listed(entry, self.request.out_dir, self.cache)

    def _as_read(self, edition: Edition, index: int) -> Listed | None:
        """The files of output ``index`` of ``edition`` as the cache has them, if what the
        output read when it was written reads the same now (:mod:`~generator.pipeline.reads`):
        listed from now on under the digest of all its inputs too."""
        options, kind = self.outputs[index]
        inputs, locale = self.inputs[edition.game.id], edition.game.locales[edition.lang]
        base = reads.base_key(inputs, locale, kind, options, made_by(kind))
        read = reads.reads(self.cache, base)
        if read is None:
            return None
        entry = reads.read_key(base, read, locale, edition.faces)
        files = listed(entry, self.request.out_dir, self.cache)
        if files is not None:
            exact = output_key(inputs, edition.lang, kind, options)
            remember_listed(self.cache, exact, files, self.request.out_dir)
        return files

    def _use(self, files: Listed) -> list[Written]:
        """Stage the restored files the output folder lacks; what the output is."""
        for file, _, data in files:
            if data is not None:
                self.writer.write_bytes(file.path, data)
        return [file for file, _, _ in files]

    def checked(self, checked: Checked) -> None:
        """Draw the faces of ``checked`` not drawn yet; write what needs none at once."""
        game = checked.game
        inputs = self.inputs[game.id]
        remembered.remember_checked(self.cache, inputs, game.drafts)
        self._left_out(game.id, game.drafts)
        arts = ArtStore(self.cache)
        if self.request.options.only_expansion:
            game = game.expansion_part()
            if not game.decks:
                what = f"--only-expansion: {game.name} adds or replaces no cards of {game.id}"
                self.tasks.misused(what)
                return
        for lang in self._langs(game.id, [*game.locales, *game.drafts], game.drafts):
            faces = checked.faces[lang]
            shown = faces.only(game) if game.part else faces
            edition = Edition(game, checked.engine, lang, self.request.out_dir, shown)
            self.editions.append(edition)
            number = len(self.editions) - 1
            cached = [self._lookup(inputs, lang, index) for index in range(len(self.outputs))]
            if None in cached and not edition.faces.named:  # not rendered as cached, yet needed
                edition = replace(edition, faces=render_faces(game, lang)[0])
                self.editions[number] = edition
            kinds = []
            for index, (_, kind) in enumerate(self.outputs):
                files = cached[index]
                files = self._as_read(edition, index) if files is None else files
                if files is None:
                    kinds.append((index, kind))
                else:
                    self.results[(number, index)] = self._use(files)
            if not any(kind.draws_faces for _, kind in kinds):
                self.waiting[number] = set()
                for index, kind in kinds:
                    self._write(number, index, kind)
                continue
            missing = {entry for entry in edition.faces.svgs if not arts.has(entry)}
            self.waiting[number] = missing
            new = [e for e in edition.faces.svgs if e in missing and e not in self.drawing]
            for entry in missing:
                self.drawing.setdefault(entry, []).append(number)
            for entries in batches(new, self.request.jobs):
                faces = edition.faces
                batch = [(e, faces.svgs[e], faces.templates[e], faces.first[e]) for e in entries]
                self.tasks.submit(self._drawn, work.draw, self.cache.folder, game, lang, batch)
            self.pending_kinds[number] = kinds
            for index, kind in kinds:
                if not (kind.draws_faces and missing):
                    self._write(number, index, kind)
            if missing:  # the rest are written once every face they place is drawn
                self.tasks.plan(sum(kind.draws_faces for _, kind in kinds))

    def _langs(self, game: str, ships: list[str], drafts: Mapping[str, Draft]) -> list[str]:
        """The languages to print: all ``game`` ships but its translations in progress, or
        every one asked for, which it must have (a language silently left out is a print run
        missing a deck), whole (:func:`~generator.model.chosen`)."""
        try:
            return chosen(game, self.request.langs, ships, drafts, "build")
        except UsageError as error:
            self.tasks.misused(str(error), once=True)
        except DataError as error:
            self.tasks.found(game, Found(Stage.LOAD), error.problems)
        return []

    def _left_out(self, game: str, drafts: Mapping[str, Draft]) -> None:
        """Say which translations in progress of ``game`` a build of every language leaves
        out."""
        if not self.request.langs:
            self.notes[game] = [str(draft.progress("build")) for draft in drafts.values()]

    def _drawn(self, result: tuple[str, list[str], list[Problem], dict[str, float]]) -> None:
        game, drawn, problems, seconds = result
        self.tasks.time(seconds)
        self.tasks.found(game, Found(Stage.DRAW), sorted(problems))
        for entry in drawn:
            for number in self.drawing.pop(entry, []):
                self.waiting[number].discard(entry)
                if not self.waiting[number]:
                    for index, kind in self.pending_kinds[number]:
                        if kind.draws_faces:
                            self._write(number, index, kind, planned=True)

    def _write(self, number: int, index: int, kind: OutputKind, planned: bool = False) -> None:
        options = self.outputs[index][0]
        edition = self.editions[number]
        inputs, locale = self.inputs[edition.game.id], edition.game.locales[edition.lang]
        entry = Entries(
            output_key(inputs, edition.lang, kind, options),
            reads.base_key(inputs, locale, kind, options, made_by(kind)),
        )
        self.tasks.submit(
            functools.partial(self._written, number, index),
            work.write,
            kind,
            edition,
            options,
            os.getpid(),
            self.cache.folder,
            entry,
            planned=planned,
        )

    def _written(
        self,
        number: int,
        index: int,
        result: tuple[list[Written], Any, list[Problem], dict[str, float]],
    ) -> str | None:
        written, handed, problems, seconds = result
        self.tasks.time(seconds)
        self.writer.adopt(handed)
        self.results[(number, index)] = written
        edition = self.editions[number]
        self.tasks.found(edition.game.id, Found(Stage.WRITE, edition.lang, index), problems)
        if all((number, made) in self.results for made in range(len(self.outputs))):
            self._done(number)
        if not written:
            return None
        paper = written[0].paper if len(self.request.printings) > 1 else ""
        on = f" ({paper})" if paper else ""
        return f"done: {edition.game.name} {edition.lang} {written[0].kind}{on}"

    def _done(self, number: int) -> None:
        """Every file of edition ``number`` is written: its faces (the SVG text of each, a few
        MB a language) are not kept to the end of the build, and the memory is given back."""
        self.editions[number] = replace(self.editions[number], faces=FaceSet())
        release()

    def written(self) -> list[Written]:
        """What was written, game by game, language by language, paper by paper, kind by
        kind."""
        made = {
            (edition.game.id, edition.lang, index): files
            for (number, index), files in self.results.items()
            for edition in (self.editions[number],)
        }
        made.update(self.restored_files)
        order = {name: position for position, name in enumerate(self.games.names)}
        return [
            file
            for _, files in sorted(made.items(), key=lambda item: (order[item[0][0]], item[0][1:]))
            for file in files
        ]
