"""The card browser: its model (explorer.cards.browse), charts and widget view, headless.

Expected counts come from seed 000's CHARACTER DECK CARD LIST (29 characters; MG: Line Walker,
Techno Wizard, Shifter, Elemental Warlock, Mystic; Base Force 12: Dragon Hatchling, Mind
Melter; only the Techno Wizard has Artificer) and seed 001's COMMON DECK CARD LIST (114 cards,
12 of them Action cards, 33 Encounters).
"""

from __future__ import annotations

import datetime
import html
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


# ---- charts that follow the filter ---------------------------------------------------------

def _adventurers(query: Query) -> pl.DataFrame:
    return browse.select(cards.load("adventurers", "cards"),
                         cards.declaration("adventurers", "cards"), query)


def test_charts_only_chart_fields_the_shown_cards_have() -> None:
    table = cards.declaration("adventurers", "cards")
    # Action cards (seed 001, type A) print no Force: their chart is a count, not a Force.
    actions = _adventurers(Query(type="Action"))
    assert actions.height == 12 and actions["force"].null_count() == 12
    assert charts.charted_stat(actions, table) is None
    spec = charts.deck_chart("adventurers", "cards", actions).to_dict()
    assert spec["encoding"]["x"]["field"] == "cards"
    # Encounters all have a Force ("Force = 3"), so theirs is charted, one bar per card.
    encounters = _adventurers(Query(type="Encounter"))
    spec = charts.deck_chart("adventurers", "cards", encounters).to_dict()
    assert spec["encoding"]["x"]["field"] == "force"
    assert len(next(iter(spec["datasets"].values()))) == encounters.height == 33
    # The whole deck: only its 33 Encounters have a Force, so it is counted by type.
    assert charts.charted_stat(_adventurers(Query()), table) is None
    # Rifts psionic: all but Pyrokinesis ("XX", rolled) print a Force, and the title says so.
    psionic = cards.load("rifts", "psionic")
    title = charts.deck_chart("rifts", "psionic", psionic).to_dict()["title"]
    assert title == "Force of each card (37 of the 38 shown have one)"


def test_chart_titles_follow_the_filter(characters) -> None:
    frame, table = characters
    query = Query(type="Mage", text="artificer")
    shown = browse.select(frame, table, query)
    subtitle = browse.describe_query(query, shown.height, frame.height)
    assert subtitle == "Mage · “artificer” · 1 of 29 cards"
    title = charts.deck_chart("rifts", "characters", shown, subtitle).to_dict()["title"]
    assert title == {"text": "Base Force by class", "subtitle": subtitle}
    assert browse.describe_query(Query(), 29, 29) == "all 29 cards"
    assert browse.describe_query(Query(sort="base_force", descending=True), 29, 29) == (
        "all 29 cards, by base force (highest first)")


def test_the_legend_colours_are_the_bars_and_the_faces(characters) -> None:
    frame, _ = characters
    colour = charts.deck_chart("rifts", "characters", frame).to_dict()["encoding"]["color"]
    field, colours = browse.colour_scheme("rifts", "characters")
    assert colour["field"] == field == "class"
    assert colour["scale"]["domain"] == ["Fighter", "Adventurer", "Mage", "Racial Class",
                                         "Psychic"]
    assert colour["scale"]["range"] == [colours[c] for c in colour["scale"]["domain"]]
    mages = browse.select(frame, cards.declaration("rifts", "characters"), Query(type="Mage"))
    colour = charts.deck_chart("rifts", "characters", mages).to_dict()["encoding"]["color"]
    assert colour["scale"] == {"domain": ["Mage"], "range": [colours["Mage"]]}
    # the Encounters' chart is coloured by kind, in the faces' colours
    encounters = _adventurers(Query(type="Encounter"))
    colour = charts.deck_chart("adventurers", "cards", encounters).to_dict()["encoding"]["color"]
    assert colour["field"] == "kind" and browse.NO_KIND in colour["scale"]["domain"]
    assert colour["scale"]["range"][colour["scale"]["domain"].index("Animal")] == \
        browse.ADVENTURERS_KINDS["Animal"]


def test_readable_labels() -> None:
    assert browse.column_label("base_force") == "Base Force"
    assert browse.column_label("force_per_token") == "Force per Token"
    assert browse.column_label("stuff_die") == "Stuff die"
    assert browse.close_names("Techno Wizzard", ["Techno Wizard", "Mystic"]) == ["Techno Wizard"]
    assert browse.did_you_mean(["Tiger", "Tarantula"]) == "Did you mean “Tiger” or “Tarantula”?"


def test_the_search_reads_the_words_on_the_faces() -> None:
    from explorer.ui import faces

    frame = cards.load("riftforce", "elementals")
    table = cards.declaration("riftforce", "elementals")
    printed = {n: faces.face_text("riftforce", n) for n in frame["name"].to_list()}
    # reference/riftforce.md line 67: only Ice strikes "the last enemy"
    found = browse.select(frame, table, Query(text="last enemy"), printed)
    assert set(found["guild"].cast(pl.String)) == {"Ice"}
    assert browse.select(frame, table, Query(text="last enemy")).height == 0  # not in a cell


# ---- the widget view -----------------------------------------------------------------------

def _parquet(frame: pl.DataFrame, name: str) -> dict:
    buffer = io.BytesIO()
    frame.write_parquet(buffer)
    return _file(buffer.getvalue(), name)


def _file(content: bytes, name: str) -> dict:
    return {"name": name, "type": "", "size": len(content),
            "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC),
            "content": memoryview(content)}


@pytest.fixture(scope="module")
def view() -> CardBrowser:
    return CardBrowser()


@pytest.fixture
def fresh(view: CardBrowser) -> CardBrowser:
    """The module's browser, back on the shipped Rifts characters with no filter."""
    view.card_sets.clear()
    view.uploaded.clear()
    view.game.value = "adventurers"
    view.game.value = "rifts"
    view.message.clear()
    return view


def test_the_view_filters_and_shows_a_card_face(fresh: CardBrowser) -> None:
    view = fresh
    assert (view.game.value, view.deck.value) == ("rifts", "characters")
    assert "29</b> of 29 cards" in view.count.value
    view.type.value = "Mage"
    assert "5</b> of 29 cards" in view.count.value
    assert len(view.table.rows) == 5 and view.table.row_keys[0] == "Line Walker"
    view.search.value = "artificer"
    assert view.selected == "Techno Wizard"
    assert "Techno Wizard" in view.face.value and "Artificer" in view.face.value
    assert 'class="card-face card-face-rifts card-face-characters"' in view.face.value
    assert view.message.value == ""


def test_a_row_click_selects_the_card(fresh: CardBrowser) -> None:
    view = fresh
    assert view.selected == "Borg Mercenary"  # the first row until one is clicked
    view.table.selected = "Mystic"            # what a click on the Mystic row sends
    assert view.selected == "Mystic" and 'data-card="Mystic"' in view.face.value
    view.type.value = "Mage"                  # still shown: the selection stays
    assert view.selected == "Mystic" and view.table.selected == "Mystic"
    view.type.value = "Fighter"               # filtered out: the first shown card instead
    assert view.selected == view.table.row_keys[0] == "Borg Mercenary"


def test_a_row_the_kernel_did_not_send_is_refused(fresh: CardBrowser) -> None:
    view = fresh
    view.table.selected = "Mystic"
    face = view.face.value
    view.table.selected = "<script>alert(1)</script>"
    assert "that row is not in the table" in view.message.value
    assert (view.selected, view.table.selected, view.face.value) == ("Mystic", "Mystic", face)


def test_table_cells_are_text_and_constant_columns_are_left_out(fresh: CardBrowser) -> None:
    view = fresh
    # every Rifts character is of the Character deck, one copy: those columns say nothing
    assert view.table.columns == ["Name", "Class", "Base Force", "Abilities", "Note"]
    assert view.table.rows[0] == ["Borg Mercenary", "Fighter", "7", "Cyborg +1", "Cyborg +1"]
    assert "Base Force (BF); a party's total may not exceed 40" in view.table.docs
    view.game.value = "adventurers"
    view.deck.value = "cards"
    assert "Travel mode" in view.table.columns
    view.type.value = "Encounter"  # no Encounter has a travel mode: the column is left out
    assert "Travel mode" not in view.table.columns and "Force" in view.table.columns


def test_no_card_matches_is_said_where_the_search_is(fresh: CardBrowser) -> None:
    view = fresh
    view.search.value = "zzzz"
    assert '<div class="cards-empty">No card matches “zzzz”.' in view.empty.value
    assert view.chart.layout.display == "none" and view.table.layout.display == "none"
    assert view.table.rows == [] and view.face.value == ""
    view.search.value = "Techno Wizzard"   # a mistyped name is flagged with the close one
    assert "Did you mean “Techno Wizard”?" in view.empty.value
    view.search.value = "Hover Cycle"      # a card of another deck is said to be there
    assert "“Hover Cycle” is in the equipment deck." in view.empty.value
    view.type.value = "Mage"
    view.search.value = "Cyber-Knight"
    assert "No card matches Mage and “Cyber-Knight”." in view.empty.value
    view.search.value = ""
    view.type.value = "(all)"
    assert view.empty.value == "" and view.chart.layout.display is None


def test_the_chart_and_its_title_follow_the_filter(fresh: CardBrowser) -> None:
    view = fresh
    view.type.value = "Mage"
    spec = view.chart.chart.to_dict()
    assert spec["title"]["subtitle"] == "Mage · 5 of 29 cards"
    assert len(next(iter(spec["datasets"].values()))) == 5
    view.game.value = "adventurers"
    view.deck.value = "cards"
    view.type.value = "Action"
    spec = view.chart.chart.to_dict()
    assert spec["encoding"]["x"]["field"] == "cards" and "Action" in spec["title"]["subtitle"]


def test_roll_and_reference_tables_show_their_rows(fresh: CardBrowser) -> None:
    view = fresh
    view.deck.value = "hazard"
    assert view.selected == "Crash" and "cards-row-panel" in view.face.value
    assert "One random Vehicle is damaged" in view.face.value  # seed 000 line 325
    view.table.selected = "Lost"
    assert "<h4>Lost</h4>" in view.face.value
    assert view.face.value.count("Lost") == 1  # the heading, not repeated as a field
    view.deck.value = "roll_modifiers"          # no key column: rows are numbered
    assert view.table.row_keys[:2] == ["0", "1"] and view.face.value


def test_the_view_opens_every_deck_of_every_game(fresh: CardBrowser) -> None:
    view = fresh
    for game in cards.games():
        view.game.value = game
        for _, table in view.deck.options:
            view.deck.value = table
            assert f"of {cards.load(game, table).height} " in view.count.value
            assert view.message.value == "", (game, table, view.message.value)
            assert view.face.value or cards.load(game, table).height == 0


def test_untrusted_input_is_refused_and_changes_nothing(fresh: CardBrowser) -> None:
    view = fresh
    view.type.value = "Mage"
    before = (view.count.value, view.table.rows)
    view.search.value = "x" * 5000
    assert "at most 200 characters" in view.message.value
    assert (view.count.value, view.table.rows) == before


# ---- uploads and their messages --------------------------------------------------------------

def _message(view: CardBrowser) -> str:
    return view.message.value


def _no_internals(text: str) -> None:
    for word in ("/tmp", "cardset-", "Error:", "ComputeError", "PAR1", "Traceback", "row 0"):
        assert word not in text, (word, text)


def test_one_uploaded_table_overrides_just_that_table(fresh: CardBrowser) -> None:
    view = fresh
    two = cards.load("rifts", "characters").head(2)
    view.upload.value = (_parquet(two, "characters.parquet"),)
    assert ("Loaded your Rifts Adventures cards: characters; the other 20 tables are the "
            "shipped ones.") in _message(view)
    assert "2</b> of 2 cards" in view.count.value
    assert view.card_set("rifts")["equipment"].height == cards.load("rifts", "equipment").height
    view.deck.value = "equipment"
    assert "60</b> of 60 cards" in view.count.value
    view.reset.click()
    assert "29</b> of 29 cards" in view.count.value
    assert "Showing the shipped Rifts Adventures cards." in _message(view)


def test_uploaded_values_reach_the_faces(fresh: CardBrowser) -> None:
    view = fresh
    frame = cards.load("rifts", "characters").with_columns(
        pl.when(pl.col("name") == "Borg Mercenary").then(9).otherwise(pl.col("base_force"))
        .cast(pl.Int8).alias("base_force"))
    view.upload.value = (_parquet(frame, "characters.parquet"),)
    assert view.selected == "Borg Mercenary"
    assert "9<small>Base Force</small>" in view.face.value


def test_a_whole_uploaded_set_replaces_the_shipped_one(fresh: CardBrowser) -> None:
    view = fresh
    files = [_parquet(cards.load("rifts", t) if t != "characters"
                      else cards.load("rifts", t).head(2), f"{t}.parquet")
             for t in cards.tables("rifts")]
    view.upload.value = tuple(files)
    assert "Loaded your Rifts Adventures card set: all 21 tables." in _message(view)
    assert "2</b> of 2 cards" in view.count.value


@pytest.mark.parametrize(("content", "name", "expected"), [
    (b"this is not a parquet file", "characters.parquet",
     "characters.parquet is not a Parquet file, or it is damaged."),
    (None, "heroes.parquet", "“heroes.parquet” is not a table of Rifts Adventures: name each "
     "file after its table, as &lt;table&gt;.parquet (characters, equipment, psionic"),
    (None, "../../etc/passwd", "“../../etc/passwd” is not a table of Rifts Adventures"),
])
def test_a_refused_upload_says_why_in_words(fresh: CardBrowser, content: bytes | None,
                                            name: str, expected: str) -> None:
    view = fresh
    frame = cards.load("rifts", "characters")
    item = _file(content, name) if content is not None else _parquet(frame, name)
    view.upload.value = (item,)
    assert "explorer-message-error" in _message(view)
    assert expected in _message(view)
    _no_internals(_message(view))
    assert view.card_set("rifts")["characters"].height == 29  # the shipped set is kept


def test_upload_messages_name_the_file_row_and_column(fresh: CardBrowser) -> None:
    view = fresh
    frame = cards.load("rifts", "characters")
    view.upload.value = (_parquet(frame.drop("base_force"), "characters.parquet"),)
    assert "characters.parquet has no column “base_force”" in _message(view)
    bad = frame.with_columns(pl.col("base_force").cast(pl.String))
    view.upload.value = (_parquet(bad, "characters.parquet"),)
    # rows count from 1 for people: Borg Mercenary is the first row
    assert ("characters.parquet, row 1 (Borg Mercenary), column base_force: must be an "
            "integer; found “7”.") in _message(view)
    view.upload.value = (_parquet(frame.with_columns(pl.lit(1).alias("bogus")),
                                  "characters.parquet"),)
    assert "characters.parquet has a column “bogus” that its table does not declare" in \
        _message(view)
    for text in (_message(view),):
        _no_internals(text)


def test_an_upload_that_does_not_fit_the_set_says_so(fresh: CardBrowser) -> None:
    view = fresh
    # seed 000: only the first two Foes (Xiticix) left, so Chi-Town's "CN +5" names a foe
    # group no Foe belongs to any more
    foes = cards.load("rifts", "foes").head(2)
    view.upload.value = (_parquet(foes, "foes.parquet"),)
    message = _message(view)
    assert "Your foes.parquet does not fit the rest of the card set: locations.parquet, row " \
        in message
    assert "names a foe group no Foe belongs to" in message
    _no_internals(message)


def test_twice_the_same_table_and_too_large_are_refused(fresh: CardBrowser,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    view = fresh
    frame = cards.load("rifts", "characters")
    view.upload.value = (_parquet(frame, "characters.parquet"),
                         _parquet(frame, "characters.parquet"))
    assert "characters.parquet was uploaded twice: upload each table once." in _message(view)
    monkeypatch.setattr("explorer.ui.cards.MAX_UPLOAD_BYTES", 100)
    view.upload.value = (_parquet(frame, "characters.parquet"),)
    assert "at most 0.0 MB can be uploaded at once." in _message(view)


def test_people_messages_never_show_paths_or_library_names() -> None:
    from explorer.errors import CardDataError

    def said(**kwargs: object) -> str:
        problem = kwargs.pop("problem")
        return browse.people_message(CardDataError(problem, **kwargs))

    where = "/tmp/cardset-abc123/characters.parquet"
    assert said(problem="must be an integer", file=where, row=3, name="Cyber-Knight",
                column="base_force", value="10") == (
        "characters.parquet, row 4 (Cyber-Knight), column base_force: must be an integer; "
        "found “10”.")
    assert said(problem="cannot be read as Parquet (ComputeError: parquet: File out of "
                "specification: The file must end with PAR1)", file=where) == (
        "characters.parquet is not a Parquet file, or it is damaged.")
    assert said(problem="cannot be read (No such file or directory)", file=where) == (
        "characters.parquet is missing.")
    assert said(problem="cannot be read (Permission denied)", file=where) == (
        "characters.parquet cannot be read.")
    assert said(problem="must be one of 'A', 'B'", column="kind", value=7) == (
        "Column kind: must be one of 'A', 'B'; found 7.")


def test_riftforce_guilds_show_their_summoner_faces() -> None:
    """Issue #12 item 6: the card browser shows the guilds' faces, each with its ability (the
    guilds table's ``text``, from reference/riftforce.md)."""
    browser = CardBrowser("riftforce")
    browser.deck.value = "guilds"
    texts = dict(cards.load("riftforce", "guilds").select("name", "text").iter_rows())
    assert sorted(browser.table.row_keys) == sorted(texts)
    for name in ("Fire", "Shadow"):
        browser.table.selected = name
        assert f'data-card="{name}"' in browser.face.value
        assert "Summoner" in browser.face.value
        assert html.escape(texts[name].strip()).split(".")[0] in browser.face.value


def test_a_search_finds_cards_in_every_deck_and_names_the_deck(fresh: CardBrowser) -> None:
    view = fresh
    # data/rifts/equipment.toml line 11: Glitter Boy Power Armor is an Equipment card
    view.search.value = "Glitter Boy"
    assert "No card matches “Glitter Boy”." in view.empty.value
    assert "not in the characters deck, but is in" in view.elsewhere.value
    assert "<b>Equipment deck</b> (1 card): Glitter Boy Power Armor" in view.elsewhere.value
    assert view.matches_in_every_deck("Glitter Boy") == {"equipment": ["Glitter Boy Power Armor"]}
    [button] = view.goto.children
    assert button.description == "Go to the Equipment deck"
    button.click()
    assert (view.deck.value, view.search.value) == ("equipment", "Glitter Boy")
    assert view.selected == "Glitter Boy Power Armor" and view.elsewhere.value == ""
    assert view.goto.children == () and view.message.value == ""


def test_matches_here_and_elsewhere_are_both_said(fresh: CardBrowser) -> None:
    view = fresh
    view.search.value = "Heal"  # data/rifts: Body Fixer has Heal; Restoration is a Magic card
    assert view.selected == "Body Fixer"
    found = view.matches_in_every_deck("Heal")
    assert "Body Fixer" in found["characters"] and "Restoration" in found["magic"]
    assert "is also found in other decks" in view.elsewhere.value
    assert "<b>Magic deck</b>" in view.elsewhere.value
    assert len(view.goto.children) == len(found) - 1
    view.search.value = ""
    assert view.elsewhere.value == "" and view.goto.children == ()
    with pytest.raises(ValueError, match="not a deck"):
        view.go_to_deck("<b>nope</b>")
    assert view.deck.value == "characters"


def test_the_table_says_abilities_in_words_and_no_columns_of_false(fresh: CardBrowser) -> None:
    view = fresh
    view.game.value = "riftforce"
    view.deck.value = "guilds"
    # data/riftforce/guilds.toml: the guild's text says its ability; the encoding is not shown
    assert "Ability" not in view.table.columns and "Text" in view.table.columns
    cells = " ".join(" ".join(row) for row in view.table.rows)
    assert "first_enemy" not in cells and "trigger" not in cells
    assert "false" not in cells and "true" not in cells
    view.game.value = "gamma_world"
    view.deck.value = "weapons"
    assert not any("false" in row for row in view.table.rows)
    view.game.value = "rat_king"
    view.deck.value = "characters"
    priest = view.table.rows[view.table.row_keys.index("ME Priest")]
    assert "Turn option: Unflip one of your CHARACTERS." in priest  # its effects, in words
    assert not any("_" in cell for row in view.table.rows for cell in row)


def test_long_cells_wrap_inside_the_table_box(fresh: CardBrowser) -> None:
    """A Riftforce guild's ability text is long (data/riftforce/guilds.toml): its cells wrap
    at a bounded width (a div, since a table cell ignores max-width) and the box scrolls."""
    view = fresh
    view.game.value = "riftforce"
    view.deck.value = "guilds"
    assert max(len(row[1]) for row in view.table.rows) > 100
    assert 'text.className = "cards-cell"' in view.table._esm
    assert ".cards-cell { max-width: 260px; white-space: normal" in view.table._css
    assert "overflow: auto" in view.table._css


def test_reference_tables_read_as_words_without_seed_lines(fresh: CardBrowser) -> None:
    view = fresh
    view.deck.value = "constants"
    assert "Seed line" not in view.table.columns
    names = [row[0] for row in view.table.rows]
    # data/rifts/constants.toml: force_per_attack_roll is one of the Rifts constants
    assert "Force per attack roll" in names and not any("_" in n for n in names)
    view.table.selected = "force_per_attack_roll"  # the row's key stays the data's own
    assert "<h4>Force per attack roll</h4>" in view.face.value
    assert "Seed line" not in view.face.value


def test_filter_choices_read_as_words(fresh: CardBrowser) -> None:
    view = fresh
    view.game.value = "riftforce"
    view.deck.value = "guilds"
    # data/riftforce/guilds.toml: move_self is one of the guild ability steps
    assert ("Move self", "move_self") in view.ability.options
    assert not any("_" in label for label, _ in view.ability.options)
    view.ability.value = "move_self"
    assert view.table.rows and view.message.value == ""
    assert "Move self" in view.chart.chart.to_dict()["title"]["subtitle"]
