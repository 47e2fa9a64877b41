"""What a group prints stays as light as it was (issue 31): the pieces a game gained (a board, a
screen per player, a player aid, the locomotives' own back) added no card sheet; the handouts
are their own files, which a group prints only once."""

from __future__ import annotations

import pytest

from tests.conftest import Built
from tests.pdf import page_count, read

CARD_PAGES = {
    "break_the_code": 6,
    "game_of_trains": 20,
    "gear_and_piston": 22,
    "gears": 12,
    "three_by_three": 6,
}
"""English A4 card pages (duplex, so sheets are half of them) before issue 31."""


@pytest.mark.parametrize("game_id", sorted(CARD_PAGES))
def test_no_game_prints_more_card_sheets(built: Built, game_id: str) -> None:
    pages = page_count(read(built(game_id, "en") / "cards-a4.pdf"))
    assert pages <= CARD_PAGES[game_id]
