"""Whose texts a PO file holds: a game's, or an expansion's own.

A game's PO file holds every text of its English locale and goes back into
``card_data/<game>/locales/``. An expansion's holds the texts its own ``locales/en.yaml`` adds
or replaces, and goes back into the expansion's ``locales/`` folder, where a build lays them
over the game's (README, "Designing an expansion"). A language the game does not have is the
expansion's own, whose file must hold every text of the merged game: its PO file holds them all.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from generator.languages import LOCALES, SOURCE
from generator.load.expansions import Expansion
from generator.load.locales import load_locales
from generator.model import Locale
from generator.problems import Problem, ProblemLog
from generator.render.fonts import unprintable


@dataclass(frozen=True)
class Owner:
    """A game of the card data, or an expansion of it (its folder given with ``--with``)."""

    data_dir: Path
    game: str
    expansion: Expansion | None = None

    @property
    def name(self) -> str:
        """The game's id or the expansion's folder name: the folder of its PO files."""
        return self.expansion.name if self.expansion else self.game

    @property
    def title(self) -> str:
        """What its PO files are the texts of: ``gears``, ``gears+night-market``."""
        return f"{self.game}+{self.name}" if self.expansion else self.game

    @property
    def root(self) -> Path:
        """The folder an import writes nothing outside of."""
        return self.expansion.folder if self.expansion else self.data_dir

    @property
    def folder(self) -> Path:
        """Its ``locales/`` folder."""
        return self.root / LOCALES if self.expansion else self.data_dir / self.game / LOCALES

    def shown(self, path: Path) -> str:
        """A path of its folder as a problem names it (``night-market/locales/sources``)."""
        within = path.relative_to(self.root).as_posix()
        return f"{self.expansion.name}/{within}" if self.expansion else within

    def file(self, lang: str) -> str:
        """Its locale file of ``lang`` as a problem names it (``night-market/locales/de.yaml``)."""
        label = self.expansion.label(LOCALES) if self.expansion else f"{self.game}/{LOCALES}"
        return f"{label}/{lang}.yaml"


@dataclass(frozen=True)
class Owned:
    """An owner's texts: the English they are translated from, and each language's as the
    owner's own files hold it."""

    owner: Owner
    english: Locale
    """The English of every text the owner's files may hold (for an expansion, the game's
    with the expansion's laid over them)."""
    own: dict[str, Locale]
    """By language, the texts of the owner's own locale files (an expansion's alone)."""
    game_langs: frozenset[str]
    """The languages the game has files of."""

    def english_for(self, lang: str) -> Locale:
        """The English of the texts a PO file of ``lang`` holds: every text of a game; an
        expansion's own, or, in a language the game lacks, every text of the merged game."""
        if self.owner.expansion is None or lang not in self.game_langs:
            return self.english
        own = self.own[SOURCE].flat
        texts = {key: text for key, text in self.english.flat.items() if key in own}
        return replace(self.english, file=self.owner.file(SOURCE), flat=texts)


def has_texts(expansion: Expansion) -> bool:
    """Whether ``expansion`` writes texts of its own (an English locale): one that only adds
    cards printed with the game's words has nothing to translate, and is no mistake."""
    return (expansion.folder / LOCALES / f"{SOURCE}.yaml").is_file()


def load_owned(owner: Owner, problems: list[Problem]) -> Owned | None:
    """The owner's texts as its files hold them (a text a language lacks is what a translator
    is asked for, not a problem here); ``None``, and a problem, when it has no English."""
    found: list[Problem] = []
    laid = (owner.expansion,) if owner.expansion else ()
    log = ProblemLog("", found)
    locales = load_locales(
        owner.data_dir, owner.game, laid, log, complete=False, unprintable=unprintable
    )
    problems += found
    mine = {lang: _own(owner, locale) for lang, locale in locales.items()}
    own = {lang: locale for lang, locale in mine.items() if locale.flat}
    if SOURCE not in own:
        if not found:
            what = "nothing to translate" if laid else "texts are translated from it"
            problems.append(Problem(owner.file(SOURCE), 0, "", f"no English locale: {what}"))
        return None
    # a language the game has holds texts of the game's files too
    game = {lang for lang, locale in locales.items() if len(mine[lang].flat) < len(locale.flat)}
    return Owned(owner, locales[SOURCE], own, frozenset(game if laid else locales))


def _own(owner: Owner, locale: Locale) -> Locale:
    """``locale`` with the texts of the owner's own files alone."""
    if owner.expansion is None:
        return locale
    mine = f"{owner.expansion.name}/"
    texts = {key: text for key, text in locale.flat.items() if text.file.startswith(mine)}
    return replace(locale, file=owner.file(locale.lang), flat=texts)


class Owners(Mapping[str, Owned]):
    """The texts of each owner, by name, loaded when first asked for: an import reads only the
    texts its PO files translate, so an expansion given with ``--with`` only for the check
    after the import may have none of its own, and a mistake in another game's files does not
    stop it. An owner without English is missing (its problem goes to ``problems``)."""

    def __init__(self, owners: Iterable[Owner], problems: list[Problem]) -> None:
        self.owners = {owner.name: owner for owner in owners}
        self.problems = problems
        self._loaded: dict[str, Owned | None] = {}

    @property
    def games(self) -> list[str]:
        """The games' names (an expansion's texts are not a game's), none of them loaded."""
        return [name for name, owner in self.owners.items() if owner.expansion is None]

    def __getitem__(self, name: str) -> Owned:
        if name not in self._loaded:
            self._loaded[name] = load_owned(self.owners[name], self.problems)
        found = self._loaded[name]
        if found is None:
            raise KeyError(name)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self.owners)

    def __len__(self) -> int:
        return len(self.owners)
