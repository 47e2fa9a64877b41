"""How often a summary is laid out: a density whose text surely does not fit the pages it would
have to is never tried (issue 36)."""

from __future__ import annotations

import dataclasses

import pytest

from generator.geometry.sizes import PAPERS, Paper
from generator.rulebook import content, document, estimate
from tests.test_rulebook import _steps_summary

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
