"""cairosvg's per-element readings, memoized (generator.render.shortcuts), read what
cairosvg's own read; every shipped face drawn with them is compared by
``python -m tests.draw_compare``."""

from __future__ import annotations

import cairosvg.colors
import cairosvg.helpers
import cairosvg.surface
import cairosvg.url

from generator.render import shortcuts

READ = ("", "1.2 1.2", "1,2-3e-2.5.5", "translate(3 -2) rotate(90)", "url(#clip)", "#2a2420")


def test_the_readings_are_cairosvgs() -> None:
    shortcuts.install()
    for text in READ:
        assert cairosvg.surface.normalize(text) == cairosvg.helpers.normalize.__wrapped__(text)
        assert cairosvg.surface.parse_url(text) == cairosvg.url.parse_url(text)
        assert cairosvg.surface.color(text, 0.5) == cairosvg.colors.color(text, 0.5)


def test_the_cursor_is_copied_whole_and_apart() -> None:
    cursor = ([1.5, 2], (0.0, -3), 4.25)
    copied = shortcuts._copied(cursor)
    assert copied == cursor
    assert copied[0] is not cursor[0]
    copied[0][0] = 9
    assert cursor[0][0] == 1.5
