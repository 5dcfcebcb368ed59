"""The card browser: its model (explorer.cards.browse), charts and widget view, headless.

Expected counts come from seed 000's CHARACTER DECK CARD LIST (29 characters; MG: Line Walker,
Techno Wizard, Shifter, Elemental Warlock, Mystic; Base Force 12: Dragon Hatchling, Mind
Melter; only the Techno Wizard has Artificer).
"""

from __future__ import annotations

import datetime
import io

import polars as pl
import pytest

from explorer import cards
from explorer.cards import browse, charts
from explorer.cards.browse import Query
from explorer.ui.cards import CardBrowser

ALL_TABLES = [(g, t) for g in cards.games() for t in cards.tables(g)]


@pytest.fixture(scope="module")
def characters():
    return cards.load("rifts", "characters"), cards.declaration("rifts", "characters")


def test_filter_by_type(characters) -> None:
    frame, table = characters
    mages = browse.select(frame, table, Query(type="Mage"))
    assert mages["name"].to_list() == [
        "Line Walker", "Techno Wizard", "Shifter", "Elemental Warlock", "Mystic"]


def test_filter_by_ability_and_text(characters) -> None:
    frame, table = characters
    pilots = browse.select(frame, table, Query(ability="Pilot"))["name"].to_list()
    # seed 000: Discharged Coalition Pilot, Juicer Mercenary, City Rat, Operator have Pilot.
    assert pilots == ["Discharged Coalition Pilot", "Juicer Mercenary", "City Rat", "Operator"]
    assert browse.select(frame, table, Query(text="ARTIFICER"))["name"].to_list() == [
        "Techno Wizard"]
    assert browse.select(frame, table, Query(text="no such words")).height == 0


def test_sort_by_a_stat_is_stable(characters) -> None:
    frame, table = characters
    ordered = browse.select(frame, table, Query(sort="base_force", descending=True))
    assert ordered["name"].head(2).to_list() == ["Dragon Hatchling", "Mind Melter"]
    assert ordered["base_force"].to_list() == sorted(frame["base_force"], reverse=True)


def test_queries_no_control_could_make_are_refused(characters) -> None:
    frame, table = characters
    with pytest.raises(ValueError, match="at most 200 characters"):
        browse.select(frame, table, Query(text="x" * 201))
    with pytest.raises(ValueError, match="cannot sort 'characters' by 'abilities'"):
        browse.select(frame, table, Query(sort="abilities"))


def test_readable_text_of_abilities() -> None:
    assert browse.format_value([{"name": "Heal", "bonus": 2}, {"name": "Pilot", "bonus": 0}]) \
        == "Heal +2, Pilot"
    assert browse.format_value({"name": "Stealth", "bonus": 0, "where": "Urban"}) \
        == "Stealth (where: Urban)"
    assert browse.format_value({"name": "damage", "amount": 3, "target": "first_enemy"}) \
        == "damage 3 (target: first_enemy)"
    assert browse.format_value(None) == "" and browse.format_value(True) == "yes"


@pytest.mark.parametrize(("game", "table"), ALL_TABLES, ids="/".join)
def test_every_table_browses_and_charts(game: str, table: str) -> None:
    frame = cards.load(game, table)
    declared = cards.declaration(game, table)
    assert browse.readable(frame, declared).height == frame.height
    spec = charts.deck_chart(game, table, frame).to_dict()
    assert spec["mark"] or spec.get("layer") or spec.get("hconcat")
    if declared.kind == "cards":
        name = frame["name"][0]
        assert browse.card_fields(frame, declared, name)


def test_the_chart_follows_the_filter(characters) -> None:
    frame, table = characters
    full = charts.deck_chart("rifts", "characters", frame)
    mages = charts.deck_chart("rifts", "characters", browse.select(frame, table,
                                                                   Query(type="Mage")))
    def rows(chart) -> int:
        spec = chart.to_dict()
        return len(next(iter(spec["datasets"].values())))

    assert rows(full) == 29 and rows(mages) == 5


# ---- the widget view -----------------------------------------------------------------------

def _parquet(frame: pl.DataFrame, name: str) -> dict:
    buffer = io.BytesIO()
    frame.write_parquet(buffer)
    return {"name": name, "type": "", "size": buffer.tell(),
            "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC),
            "content": memoryview(buffer.getvalue())}


def test_the_view_filters_and_shows_a_card_face() -> None:
    view = CardBrowser()
    assert (view.game.value, view.deck.value) == ("rifts", "characters")
    assert "29</b> of 29 cards" in view.count.value
    view.type.value = "Mage"
    assert "5</b> of 29 cards" in view.count.value
    assert view.table.value.count("<tr") == 6  # header + 5 cards
    view.search.value = "artificer"
    assert view.picker.value == "Techno Wizard"
    assert "Techno Wizard" in view.face.value and "Artificer" in view.face.value
    assert view.message.value == ""


def test_the_view_opens_every_deck_of_every_game() -> None:
    view = CardBrowser()
    for game in cards.games():
        view.game.value = game
        for _, table in view.deck.options:
            view.deck.value = table
            assert f"of {cards.load(game, table).height} " in view.count.value
            assert view.message.value == "", (game, table, view.message.value)


def test_untrusted_input_is_refused_and_changes_nothing() -> None:
    view = CardBrowser()
    view.type.value = "Mage"
    before = (view.count.value, view.table.value)
    view.search.value = "x" * 5000
    assert "at most 200 characters" in view.message.value
    assert (view.count.value, view.table.value) == before


def test_uploading_a_broken_set_keeps_the_shipped_one() -> None:
    view = CardBrowser()
    frame = cards.load("rifts", "characters")
    view.upload.value = (_parquet(frame.drop("base_force"), "characters.parquet"),)
    assert "explorer-message-error" in view.message.value
    assert view.card_set("rifts")["characters"].height == 29
    view.upload.value = (_parquet(frame, "../../etc/passwd"),)
    assert "must be named &lt;table&gt;.parquet" in view.message.value


def test_uploading_a_whole_set_replaces_the_shipped_one_until_reset() -> None:
    view = CardBrowser()
    files = [_parquet(cards.load("rifts", t) if t != "characters"
                      else cards.load("rifts", t).head(2), f"{t}.parquet")
             for t in cards.tables("rifts")]
    view.upload.value = tuple(files)
    assert "Loaded your Rifts Adventures card set" in view.message.value
    assert "2</b> of 2 cards" in view.count.value
    view.reset.click()
    assert "29</b> of 29 cards" in view.count.value


def test_roll_tables_chart_the_exact_chance_of_each_row() -> None:
    # Hit Result Table, seed 000: 1D10 read as "1 or less", 2-3, 4-6, 7, 8, "9-10+";
    # unmodified, that is 1, 2, 3, 1, 1 and 2 faces of ten.
    frame = cards.load("rifts", "hit_result")
    assert charts.roll_table_die("rifts", "hit_result") == (1, 10, 0)
    odds = charts.roll_table_odds(frame, (1, 10, 0))
    assert odds["chance"].to_list() == ["1/10", "1/5", "3/10", "1/10", "1/10", "1/5"]
    # Mission Table with +3 (three Knowledge characters): 1-4 needs a natural 1, so 1/20;
    # "20+" takes naturals 17-20, so 4/20.
    mission = charts.roll_table_odds(cards.load("rifts", "mission"), (1, 20, 3))
    assert mission["chance"].to_list()[0] == "1/20" and mission["chance"].to_list()[-1] == "1/5"
    spec = charts.deck_chart("rifts", "hazard", cards.load("rifts", "hazard")).to_dict()
    assert "1D20" in spec["title"] and len(next(iter(spec["datasets"].values()))) == 20
