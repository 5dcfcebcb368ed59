"""The Riftforce board in the table view, drawn from position(game, seat): a value the test
reads from the position is on the board, and follows a step."""

from __future__ import annotations

import re

from explorer.games.riftforce import position
from explorer.ui.table import table_html

from .helpers import activate, scenario


def elementals(html: str) -> list[tuple[str, str, str]]:
    return re.findall(r'class="table-elemental" data-name="([^"]+)" data-seat="(\d)" '
                      r'data-damage="(\d+)"', html)


def test_the_board_shows_each_column_with_its_damage_and_follows_a_step() -> None:
    game = scenario({2: (["Fire 5/2", "Water 6"], ["Ice 7/3"])},
                    hands=[["Fire 6"], ["Ice 5"]])
    view = position(game, 0)
    html = table_html(view)
    # Player 2's column is drawn above the location card (outermost first), Player 1's below
    assert elementals(html) == [("Ice 7", "1", "3"), ("Fire 5", "0", "2"), ("Water 6", "0", "0")]
    assert view["board"][1] == [["Fire 5/2", "Water 6"], ["Ice 7/3"]]
    assert "Hand: 1 card(s), hidden" in html and "0 Riftforce" in html
    activate(game, "Fire 6", (2, 0))  # 3 to Ice 7/3, 1 to the Water 6 behind
    after = elementals(table_html(position(game, 0)))
    assert ("Ice 7", "1", "6") in after and ("Water 6", "0", "1") in after


def test_control_of_a_location_is_written_under_its_card() -> None:
    game = scenario({4: (["Air 6"], [])}, hands=[["Fire 6"], []])
    html = table_html(position(game))
    location = re.search(r'data-location="4">(.*?)</div></div>', html, re.S)
    assert location is not None and "Player 1 controls it" in html
