"""How often a summary is laid out: a density whose text surely does not fit the pages it would
have to is never tried, and a summary that prints what it printed before is not laid out
again (issue 36)."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

import pytest

from generator.games.registry import find_engine
from generator.geometry.sizes import PAPERS, Paper
from generator.outputs import Job, Options
from generator.outputs.summary import RulesSummary
from generator.pipeline.front import loaded
from generator.render.store import ArtStore
from generator.rulebook import cached, content, document, estimate
from generator.runtime.cache import Cache
from generator.runtime.folders import Templates
from generator.runtime.writer import Writer
from tests.conftest import DataCopy
from tests.test_rulebook import _steps_summary, text_of

A4 = PAPERS["a4"]


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> list[document.Density]:
    """The densities laid out from now on, in order."""
    tried: list[document.Density] = []
    real = document.laid_out

    def counted(summary: content.Summary, paper: Paper, density: document.Density) -> document.Laid:
        tried.append(density)
        return real(summary, paper, density)

    monkeypatch.setattr(document, "laid_out", counted)
    return tried


def _chosen_of_all(summary: content.Summary) -> document.Laid:
    """The layout chosen when every density is laid out, as it was before densities were
    ruled out: the usual one, else the first tighter that saves the last page, else the first
    looser that keeps the pages."""
    laid = [document.laid_out(summary, A4, density) for density in document.DENSITIES]
    usual = laid[document.USUAL]
    if usual.pages == 1 or usual.last_page >= document.LAST_PAGE:
        return usual
    tighter = [each for each in laid[document.USUAL + 1 :] if each.pages < usual.pages]
    looser = [each for each in laid[: document.USUAL] if each.pages == usual.pages]
    return (tighter or looser or [usual])[0]


def test_a_density_too_tall_for_the_pages_is_not_laid_out(
    layouts: list[document.Density],
) -> None:
    """Text a fifth of a page over one page: no tighter setting can save the second page, so
    the usual layout is followed by the loosest alone (before, by every tighter one too), and
    the PDF is the one laying out every density chooses."""
    summary = _steps_summary(40)
    fitted = document._fitted_to_pages(summary, A4)
    assert layouts == [document.DENSITIES[document.USUAL], document.DENSITIES[0]]
    assert fitted.pages == 2
    assert fitted.pdf == _chosen_of_all(summary).pdf


def test_the_floor_never_rules_out_the_pages_a_layout_takes() -> None:
    """At every density the estimate lets the pages the layout really took: its height is a
    floor (here with a reference of tables that flows over pages and columns)."""
    steps = _steps_summary(6)
    rules = [content.Entry(f"Rule {n}", steps.goal) for n in range(30)]
    summary = dataclasses.replace(steps, sections=[content.Reference("Rules", rules)])
    area = document._area(A4)
    for density in document.DENSITIES:
        laid = document.laid_out(summary, A4, density)
        assert estimate.may_fit(document._story(summary, A4, density), area, laid.pages), density
    loosest = document._story(summary, A4, document.DENSITIES[0])  # three quarters over a page
    assert not estimate.may_fit(loosest, area, 1)


def test_what_a_summary_prints_keys_its_layout() -> None:
    """The paper, a text, a picture's SVG: each changes the key; the same content, composed
    again, does not."""
    picture = content.Picture("<svg/>", Templates.of(Path("templates/gears")), 10.0, 10.0)
    pictured = [content.Component("c", 1, picture)]
    summary = dataclasses.replace(_steps_summary(2), components=pictured)
    redrawn = content.Picture("<svg><g/></svg>", picture.folder, 10.0, 10.0)
    keys = {
        cached.layout_key(summary, A4),
        cached.layout_key(summary, PAPERS["letter"]),
        cached.layout_key(dataclasses.replace(summary, goal="Win."), A4),
        cached.layout_key(
            dataclasses.replace(summary, components=[content.Component("c", 1, redrawn)]), A4
        ),
    }
    assert len(keys) == 4
    assert cached.layout_key(summary, A4) == cached.layout_key(copy.deepcopy(summary), A4)


GAME = "break_the_code"
LOCALE = f"{GAME}/locales/en.yaml"


def _summary(data: Path, cache: Path, out: Path) -> Path:
    """The English summary of the game in ``data`` as a build writes it, with ``cache``."""
    engine = find_engine(GAME)
    assert engine is not None
    game, problems = loaded(data, GAME, engine)
    assert problems == []
    writer = Writer(out)
    arts = ArtStore(Cache(cache))
    job = Job(out, Options(), writer, game=game, engine=engine, lang="en", arts=arts)
    (written,) = RulesSummary().write(job)
    writer.commit()
    return written.path


def test_a_summary_is_laid_out_again_only_when_what_it_prints_changed(
    data: DataCopy, tmp_path: Path, layouts: list[document.Density]
) -> None:
    """The screen's glue note is printed on the screen, not in the summary: the summary is
    taken from the cache as it was. The goal is printed in it: laid out again."""
    cache, out = tmp_path / "cache", tmp_path / "out"
    first = _summary(data.root, cache, out).read_bytes()
    assert len(layouts) == 1
    data.edit(LOCALE, "glue: Glue or tape here", "glue: Glue or tape it here")
    assert _summary(data.root, cache, out).read_bytes() == first
    assert len(layouts) == 1  # not laid out again
    data.edit(LOCALE, "Every player hides a code", "Each player hides a code")
    changed = _summary(data.root, cache, out)
    assert len(layouts) == 2
    assert changed.read_bytes() != first and "Each player hides a code" in text_of(changed)
