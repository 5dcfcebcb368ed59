"""Adventurers card data (seed 001_ba483eaa5c3c6a7e.txt): counts, spot values, rulings.

Expected values are the seed's, hard-coded here with the seed line they come from; rulings
``adv-N`` are in docs/rulings.md.
"""

from __future__ import annotations

from collections import Counter

import polars as pl
import pytest

from explorer import CardDataError, cards
from explorer.games.adventurers import tables
from explorer.schema import frame_from_rows

GAME = "adventurers"


@pytest.fixture(scope="module")
def deck() -> pl.DataFrame:
    return cards.load(GAME, "cards")


@pytest.fixture(scope="module")
def professions() -> pl.DataFrame:
    return cards.load(GAME, "professions")


@pytest.fixture(scope="module")
def places() -> pl.DataFrame:
    return cards.load(GAME, "places")


def card(frame: pl.DataFrame, name: str, key: str = "name") -> dict:
    rows = frame.filter(pl.col(key).cast(pl.String) == name).to_dicts()
    assert len(rows) == 1, f"{name!r}: {len(rows)} rows"
    return rows[0]


def names(frame: pl.DataFrame, **where: object) -> set[str]:
    for column, value in where.items():
        frame = frame.filter(pl.col(column).cast(pl.String) == value)
    return set(frame["name"].to_list())


def can_play(places: pl.DataFrame, place: str, top: dict | None) -> bool:
    """Whether ``place`` (of an Encounter's matches) matches the top Travel/Location card."""
    rule = card(places, place, key="place")
    if top is None:
        return rule["no_card"]
    if top["type"] == "Travel":
        return top["travel_mode"] in rule["travel_modes"]
    return (rule["location"]
            and rule["setting"] in (None, top["setting"])
            and rule["location_tag"] in (None, *top["location_tags"]))


def playable_on(deck: pl.DataFrame, places: pl.DataFrame, encounter: str) -> set[str]:
    """The Travel and Location cards of the deck that ``encounter`` may be played on."""
    matches = card(deck, encounter)["matches"]
    tops = deck.filter(pl.col("type").is_in(["Travel", "Location"])).to_dicts()
    return {top["name"] for top in tops if any(can_play(places, p, top) for p in matches)}


# ---- tables and counts -----------------------------------------------------------------------

def test_tables_cards_first_then_reference() -> None:
    assert cards.tables(GAME) == (
        "professions", "cards", "places", "phases", "rolls", "constants")


@pytest.mark.parametrize(("table", "rows"), [
    ("professions", 13),  # seed lines 23-35
    ("cards", 114),       # seed lines 87-200 (issue: 114 common-deck cards)
    ("places", 14),       # every place word of the cards (rulings adv-7 to adv-13)
    ("phases", 5),        # seed line 39: "Each turn has 5 phases:"
    ("rolls", 5),         # seed lines 19, 64-69
    ("constants", 10),
])
def test_row_counts(table: str, rows: int) -> None:
    assert cards.load(GAME, table).height == rows


def test_the_deck_is_114_single_cards(deck: pl.DataFrame) -> None:
    assert deck["copies"].sum() == 114 and set(deck["copies"]) == {1}


def test_cards_per_type(deck: pl.DataFrame) -> None:
    # Counted from the Type column of seed lines 87-200.
    assert Counter(deck["type"].cast(pl.String)) == {
        "Weapon": 9, "Action": 12, "Encounter": 33, "Help": 6, "Item": 2, "Travel": 26,
        "Research": 8, "Location": 18}


def test_encounter_kinds(deck: pl.DataFrame) -> None:
    encounters = deck.filter(pl.col("type") == "Encounter")
    counts = Counter(encounters["kind"].cast(pl.String).to_list())
    # Seed words: 11 Enemy, 6 Person, 3 Animal, 3 Swarm; of the 10 with none, 3 traps (adv-3),
    # 3 people (adv-5: Villain, Native Cultists, Natives with Blowguns), Sharks (adv-6), 3 none.
    assert counts == {"Enemy": 11, "Person": 9, "Animal": 4, "Swarm": 3, "Trap": 3, None: 3}


def test_the_set_loads_and_passes_its_cross_checks() -> None:
    assert tuple(cards.load_set(GAME)) == cards.tables(GAME)


# ---- spot values -----------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "expected"), [
    ("Actor", {"kind": "escape_dice", "dice_count": 1, "dice_sides": 6,  # seed line 23
               "versus_kind": "Person", "without_weapon": True}),
    ("College Professor", {"kind": "look_next", "amount": 4, "discard": 1}),  # seed line 25
    ("Inventor", {"kind": "extra_draw_on_play", "trigger_type": "Weapon", "amount": 1}),  # 28
    ("Private Investigator", {"kind": "draw_and_discard", "amount": 1, "discard": 1}),  # 31
    ("Reporter", {"kind": "hand_size", "amount": 2, "dice_count": 0}),  # seed line 32
    ("Soldier of Fortune", {"versus_kind": "Enemy", "without_weapon": False}),  # seed line 34
])
def test_professions(professions: pl.DataFrame, name: str, expected: dict) -> None:
    row = card(professions, name)
    assert {k: row[k] for k in expected} == expected


def test_advantage_is_verbatim(professions: pl.DataFrame) -> None:
    # seed line 25
    assert card(professions, "College Professor")["advantage"] == \
        "Discard a card to look at the next 4 cards in the deck"


@pytest.mark.parametrize(("name", "expected"), [
    ("Bullwhip", {"type": "Weapon", "effect": "force_bonus", "force_bonus": 1,  # seed line 87
                  "note": "Force +1"}),
    ("Car Chase", {"type": "Encounter", "force": 3, "kind": "Enemy",  # seed line 94
                   "matches": ["Road"], "note": "Enemy Force = 3: Road"}),
    ("Nemesis", {"force": 4, "kind": "Person", "matches": ["Anywhere"]}),  # seed line 175
    ("Mata Hari", {"force": 4, "kind": "Person", "matches": ["Civilization"]}),  # seed line 179
    ("Armored Car", {"matches": ["Road", "Ground"]}),  # seed line 112
    ("Read Hieroglyphics", {"type": "Research", "effect": "discard_hand_draw",  # seed line 120
                            "amount": 5}),
    ("Treasure Map", {"effect": "look_keep", "amount": 5, "keep": 1}),  # seed line 124
    ("Museum", {"effect": "look_next", "amount": 10}),  # seed line 180
    ("Radio", {"effect": "look_next", "amount": 7}),  # seed line 187
    ("Saboteur", {"type": "Action", "effect": "opponent_discards", "amount": 3}),  # line 185
    ("Translator", {"type": "Help", "effect": "look_hand",  # seed line 173
                    "note": "Look at opponent’s hand"}),
    ("Run away", {"effect": "evade", "discard_cost": 2, "only_kind": None,  # seed line 93
                  "except_kind": None, "faced_at": None}),
    ("Hide", {"effect": "evade", "except_kind": "Trap"}),  # seed line 104
    ("Mistaken Identity", {"effect": "evade", "only_kind": "Person"}),  # seed line 170
    ("Love Interest", {"effect": "evade", "discard_cost": None}),  # seed line 171
    ("Steamboat", {"type": "Travel", "travel_mode": "Water", "note": "Water"}),  # line 125
    ("Orient Express", {"travel_mode": "Train"}),  # seed line 149
    ("Balloon", {"travel_mode": "Air"}),  # seed line 145
    ("Temple", {"type": "Location", "setting": "Indoor",  # seed line 151
                "location_tags": ["Ancient"], "note": "Indoor: Ancient"}),
    ("Palace", {"setting": "Indoor", "location_tags": ["Ancient", "Civilization"]}),  # 161
    ("Docks", {"setting": "Outside", "location_tags": ["Civilization"]}),  # seed line 165
    ("Dynamite", {"type": "Action", "effect": "evade", "discard_cost": 2}),  # seed line 200
])
def test_cards(deck: pl.DataFrame, name: str, expected: dict) -> None:
    row = card(deck, name)
    assert {k: row[k] for k in expected} == expected


def test_card_order_follows_the_seed(deck: pl.DataFrame) -> None:
    assert deck["name"][0] == "Bullwhip"  # seed line 87
    assert deck["name"][-1] == "Dynamite"  # seed line 200
    assert deck["name"][125 - 87] == "Steamboat"  # seed line 125


def test_non_encounters_carry_no_encounter_fields(deck: pl.DataFrame) -> None:
    others = deck.filter(pl.col("type") != "Encounter")
    for column in ("force", "kind", "matches", "rule"):
        assert others[column].null_count() == others.height, column


def test_phases() -> None:
    phases = cards.load(GAME, "phases")  # seed lines 40-44
    assert phases["phase"].cast(pl.String).to_list() == [
        "Draw", "Research", "Travel", "Encounter", "Research"]
    assert phases["step"].to_list() == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(("name", "dice", "per", "beats", "adds_to"), [
    ("first_player", (1, 6), None, None, None),  # seed line 19
    ("encounter", (1, 6), "Force point", None, None),  # seed lines 64-65: 3D6 or 4D6
    ("encounter_weapon", (1, 6), "Force point", None, "encounter"),  # seed line 67
    ("escape", (3, 6), None, "encounter", None),  # seed lines 68, 71
    ("escape_weapon", (1, 6), "Force point", None, "escape"),  # seed line 69
])
def test_rolls(name: str, dice: tuple, per: str | None, beats: str | None,
               adds_to: str | None) -> None:
    row = card(cards.load(GAME, "rolls"), name)
    assert (row["dice_count"], row["dice_sides"]) == dice
    assert (row["per"], row["beats"], row["adds_to"], row["modifier"]) == (
        per, beats, adds_to, 0)


def test_encounter_roll_is_3d6_or_4d6_by_force(deck: pl.DataFrame) -> None:
    # seed lines 64-65: "rolls 3D6 or 4D6 ... (Force 3 or 4)"
    roll = card(cards.load(GAME, "rolls"), "encounter")
    forces = set(deck.filter(pl.col("type") == "Encounter")["force"])
    assert {roll["dice_count"] * f for f in forces} == {3, 4}


@pytest.mark.parametrize(("name", "value"), [
    ("locations_to_win", 5),  # seed line 12
    ("final_ancient_locations", 1),  # seed line 13
    ("starting_hand", 5),  # seed line 18
    ("draw_per_turn", 2),  # seed line 47
    ("hand_size", 5),  # seed line 48
    ("travel_or_location_per_turn", 1),  # seed line 56
    ("unresolved_encounters_max", 1),  # seed line 61
    ("encounters_per_turn", 1),  # seed line 62
    ("weapons_per_encounter_roll", 1),  # seed line 67
    ("weapons_per_escape_roll", 1),  # seed line 69
])
def test_constants(name: str, value: int) -> None:
    assert card(cards.load(GAME, "constants"), name)["value"] == value


# ---- every vocabulary value is used ----------------------------------------------------------

def _used(series: pl.Series) -> set[str]:
    if isinstance(series.dtype, pl.List):
        series = series.explode()
    return set(series.drop_nulls().cast(pl.String).to_list())


@pytest.mark.parametrize(("vocabulary", "table", "columns"), [
    (tables.CARD_TYPE, "cards", ["type"]),
    (tables.TYPE_CODE, "cards", ["type_code"]),
    (tables.ENCOUNTER_KIND, "cards", ["kind"]),
    (tables.TRAVEL_MODE, "cards", ["travel_mode"]),
    (tables.SETTING, "cards", ["setting"]),
    (tables.LOCATION_TAG, "cards", ["location_tags"]),
    (tables.PLACE, "cards", ["matches", "faced_at"]),
    (tables.ENCOUNTER_RULE, "cards", ["rule"]),
    (tables.EFFECT, "cards", ["effect"]),
    (tables.ADVANTAGE, "professions", ["kind"]),
    (tables.PHASE, "phases", ["phase"]),
    (tables.DICE_PER, "rolls", ["per"]),
])
def test_every_vocabulary_value_is_used(vocabulary: pl.Enum, table: str,
                                        columns: list[str]) -> None:
    frame = cards.load(GAME, table)
    used = set().union(*(_used(frame[c]) for c in columns))
    assert used == set(vocabulary.categories.to_list())


def test_every_place_is_defined_once(places: pl.DataFrame) -> None:
    assert sorted(places["place"].cast(pl.String)) == sorted(tables.PLACE.categories)


# ---- the declared checks can fail ------------------------------------------------------------

def _rows(name: str) -> list[dict]:
    return cards.load(GAME, name).to_dicts()


@pytest.mark.parametrize(("name", "change", "column"), [
    ("Steamboat", {"travel_mode": None}, "travel_mode"),
    ("Steamboat", {"type": "Location"}, "type"),
    ("Car Chase", {"matches": None}, "matches"),
    ("Temple", {"force": 3}, "force"),
    ("Treasure Map", {"keep": None}, "keep"),
    ("Bullwhip", {"force_bonus": None}, "force_bonus"),
])
def test_card_checks_refuse_inconsistent_rows(name: str, change: dict, column: str) -> None:
    rows = [{**r, **change} if r["name"] == name else r for r in _rows("cards")]
    with pytest.raises(CardDataError) as caught:
        frame_from_rows(tables.CARDS, rows)
    assert (caught.value.name, caught.value.column) == (name, column)


def test_set_check_refuses_an_undefined_place(tmp_path) -> None:
    frames = {t: cards.load(GAME, t) for t in cards.tables(GAME)}
    frames["places"] = frames["places"].filter(pl.col("place") != "Wild")
    with pytest.raises(CardDataError, match="must define every place"):
        tables.check_set(frames, tmp_path)


def test_set_check_refuses_an_unknown_roll_reference(tmp_path) -> None:
    frames = {t: cards.load(GAME, t) for t in cards.tables(GAME)}
    frames["rolls"] = frames["rolls"].with_columns(
        pl.when(pl.col("name") == "escape").then(pl.lit("encountr")).otherwise("beats")
        .alias("beats"))
    with pytest.raises(CardDataError, match="must name a roll"):
        tables.check_set(frames, tmp_path)


# ---- one test per ruling ---------------------------------------------------------------------

def test_adv_1_fields_are_trimmed_text_otherwise_verbatim(deck: pl.DataFrame) -> None:
    # seed line 87 "Bullwhip \t\tW", line 118 "...\tE \tForce = 3: Indoors ", line 188 "H \t"
    assert card(deck, "Bullwhip")["name"] == "Bullwhip"
    fire = card(deck, "Out of Control Fire")
    assert (fire["type_code"], fire["note"]) == ("E", "Force = 3: Indoors")
    assert card(deck, "Sidekick Kid")["type_code"] == "H"
    assert card(deck, "Nazi Spy")["note"] == "Look at opponent’s hand"  # curly quote kept
    for column in ("name", "note"):
        assert (deck[column] == deck[column].str.strip_chars()).all()


def test_adv_2_type_letter_l_is_location(deck: pl.DataFrame) -> None:
    locations = deck.filter(pl.col("type_code") == "L")
    assert locations.height == 18  # seed lines 151-168
    assert set(locations["type"].cast(pl.String)) == {"Location"}


def test_adv_3_the_traps(deck: pl.DataFrame) -> None:
    assert names(deck, kind="Trap") == {"Pit Trap", "Rolling Boulder Trap", "Shooting Dart Trap"}
    assert card(deck, "Hide")["except_kind"] == "Trap"  # seed line 104 "Non-trap"
    assert card(deck, "Rope")["only_kind"] == "Trap"  # seed line 198 "Escape Trap"


def test_adv_4_enemy_person_swarm_animal_are_distinct_kinds(deck: pl.DataFrame) -> None:
    assert "German Officer" in names(deck, kind="Person")  # seed line 110
    assert "Big Burly Nazi" in names(deck, kind="Enemy")  # seed line 97
    assert names(deck, kind="Swarm") == {"Insect Swarm", "Sewer Rats", "Snake Den"}  # 98-100
    assert names(deck, kind="Animal") == {"Tarantula", "Tiger", "Crocodile", "Sharks"}


def test_adv_5_unworded_people_are_persons_the_rest_have_no_kind(deck: pl.DataFrame) -> None:
    encounters = deck.filter(pl.col("type") == "Encounter")
    # the 10 Encounters whose Notes begin "Force" (lines 102, 109, 118, 122, 178, 184, 186,
    # 192, 193, 199), counted from the seed's text
    unworded = encounters.filter(pl.col("note").str.starts_with("Force"))
    assert unworded.height == 10
    people = {"Native Cultists", "Villain", "Natives with Blowguns"}  # lines 184, 186, 199
    assert names(unworded, kind="Person") == people
    assert names(encounters, kind="Person") == people | {  # "Person Force" (110-113, 175-179)
        "German Officer", "SS Guards", "Mystery Man", "Nemesis", "Gestapo Officer", "Mata Hari"}
    kindless = encounters.filter(pl.col("kind").is_null())
    assert set(kindless["name"]) == {"Bound & Gagged", "Out of Control Fire", "Poisoned Dates"}


def test_adv_6_sharks_are_an_animal_of_the_water(deck: pl.DataFrame) -> None:
    sharks = card(deck, "Sharks")  # seed line 178 "Force = 3: Water"
    assert (sharks["kind"], sharks["force"], sharks["matches"]) == ("Animal", 3, ["Water"])


def test_adv_7_indoor_wordings_are_one_place(deck: pl.DataFrame, places: pl.DataFrame) -> None:
    for name in ("Insect Swarm", "Sewer Rats", "Snake Den", "Out of Control Fire"):
        assert card(deck, name)["matches"] == ["Indoor Location"]  # seed lines 98-100, 118
    for name in ("Rolling Boulder Trap", "Shooting Dart Trap"):  # seed lines 192-193
        assert card(deck, name)["matches"] == ["Indoor Ancient Location"]
    assert playable_on(deck, places, "Out of Control Fire") == {
        "Temple", "Mines", "Pyramid", "Caves", "Mansion", "Archeological Dig", "Fortress",
        "Catacombs", "Ziggurat", "Palace", "Hotel"}
    assert "Mansion" not in playable_on(deck, places, "Rolling Boulder Trap")


def test_adv_8_outdoor_and_outside_are_one_place(deck: pl.DataFrame,
                                                 places: pl.DataFrame) -> None:
    for name in ("Tiger", "Crocodile", "Native Cultists", "Natives with Blowguns"):
        assert card(deck, name)["matches"] == ["Outside Location"]  # lines 107-108, 184, 199
    assert playable_on(deck, places, "Tiger") == {
        "Island", "Camp", "Airfield", "Docks", "Desert", "Jungle", "Marketplace"}


def test_adv_9_lists_are_alternatives(deck: pl.DataFrame, places: pl.DataFrame) -> None:
    assert card(deck, "Bound & Gagged")["matches"] == ["Travel", "Civilization"]  # line 109
    assert card(deck, "Thugs")["matches"] == ["Travel", "Civilization"]  # line 190
    on = playable_on(deck, places, "Armored Car")  # seed line 112 "Road, Ground"
    assert {"Motorcycle", "Safari"} <= on and "Train" not in on


def test_adv_10_non_sea_travel(deck: pl.DataFrame, places: pl.DataFrame) -> None:
    on = playable_on(deck, places, "Barroom Brawl")  # seed line 114
    assert {"Motorcycle", "Air Liner", "Train", "Safari"} <= on
    assert not on & {"Steamboat", "U-Boat", "Island", "Temple"}


def test_adv_11_water_civilization_anywhere(deck: pl.DataFrame, places: pl.DataFrame) -> None:
    assert playable_on(deck, places, "Sharks") >= {"Steamboat", "Island"}  # lines 160, 178
    assert "Docks" not in playable_on(deck, places, "Sharks")
    assert playable_on(deck, places, "Mata Hari") == {  # seed line 179
        "Mansion", "Palace", "Airfield", "Hotel", "Docks", "Marketplace"}
    tops = deck.filter(pl.col("type").is_in(["Travel", "Location"])).height
    assert len(playable_on(deck, places, "Villain")) == tops
    assert can_play(places, "Anywhere", None) and not can_play(places, "Location", None)


def test_adv_12_big_burly_nazi_fisticuffs(deck: pl.DataFrame) -> None:
    nazi = card(deck, "Big Burly Nazi")  # seed line 97
    assert (nazi["matches"], nazi["rule"]) == (["Anywhere"], "fisticuffs")
    assert names(deck, rule="fisticuffs") == {"Big Burly Nazi"}


def test_adv_13_place_words_are_where_the_encounter_is_faced(
        deck: pl.DataFrame, professions: pl.DataFrame) -> None:
    assert card(deck, "Sliding Doors")["faced_at"] == ["Indoor Location"]  # seed line 105
    assert card(deck, "Topple Pillars")["faced_at"] == ["Indoor Ancient Location"]  # line 119
    assert card(deck, "Jump off Cliff")["faced_at"] == ["Ground", "Train", "Road", "Wild"]
    assert card(deck, "Torch")["faced_at"] == ["Indoor Location"]  # seed line 197
    assert card(professions, "Sea Captain")["versus_place"] == ["Water"]  # line 35, adv-20


def test_adv_14_escape_is_evade(deck: pl.DataFrame) -> None:
    for name in ("Jump off Cliff", "Rope", "Dynamite"):  # seed lines 194, 198, 200
        assert card(deck, name)["effect"] == "evade"


def test_adv_15_force_counts_d6(deck: pl.DataFrame) -> None:
    kid = card(deck, "Sidekick Kid")  # seed line 188 "H Force +1"
    assert (kid["type"], kid["effect"], kid["force_bonus"]) == ("Help", "force_bonus", 1)
    torch = card(deck, "Torch")  # seed line 197
    assert (torch["type"], torch["effect"], torch["force_bonus"]) == ("Item", "force_bonus", 1)
    bonus = deck.filter(pl.col("effect") == "force_bonus")
    assert set(bonus["type"].cast(pl.String)) == {"Weapon", "Help", "Item"}
    assert set(deck.filter(pl.col("type") == "Weapon")["force_bonus"]) == {1}


def test_adv_16_discard_cost(deck: pl.DataFrame) -> None:
    assert names(deck.filter(pl.col("discard_cost") == 2)) == {
        "Run away", "Swing to Freedom", "Trained Monkey", "Dynamite"}  # lines 93, 96, 123, 200


def test_adv_17_occult_expert_ancient_card(professions: pl.DataFrame) -> None:
    row = card(professions, "Occult Expert")  # seed line 30
    assert (row["trigger_type"], row["trigger_tag"]) == ("Location", "Ancient")


def test_adv_18_gangster_uses_enemy_encounters(professions: pl.DataFrame) -> None:
    row = card(professions, "Gangster")  # seed line 27
    assert (row["kind"], row["card_kind"], row["dice_count"], row["dice_sides"]) == (
        "enemy_as_weapon", "Enemy", 1, 6)


def test_adv_19_actor(professions: pl.DataFrame) -> None:
    row = card(professions, "Actor")  # seed line 23
    assert (row["versus_kind"], row["without_weapon"], row["versus_place"]) == (
        "Person", True, None)
    assert names(professions.filter(pl.col("without_weapon"))) == {"Actor"}


def test_adv_20_sea_captain(professions: pl.DataFrame, places: pl.DataFrame) -> None:
    row = card(professions, "Sea Captain")  # seed line 35
    # issue #5's rulings: "Sea Captain against encounters of Water": the Encounter cards that
    # match Water (seed lines 178 Sharks, 189 Rowdy Sailors)
    assert (row["versus_kind"], row["versus_place"]) == (None, ["Water"])
    deck = cards.load("adventurers", "cards")
    water = deck.filter(pl.col("matches").list.contains("Water"))
    assert sorted(water["name"]) == ["Rowdy Sailors", "Sharks"]


def test_adv_21_looking_at_cards(deck: pl.DataFrame, professions: pl.DataFrame) -> None:
    assert names(deck, effect="look_keep") == {"Treasure Map", "Guide", "Arab Diggers"}
    assert names(deck, effect="look_next") == {"Museum", "Radio"}
    assert card(professions, "College Professor")["kind"] == "look_next"


def test_adv_22_victory(deck: pl.DataFrame) -> None:
    constants = cards.load(GAME, "constants")
    assert card(constants, "locations_to_win")["value"] == 5  # seed line 12
    assert card(constants, "final_ancient_locations")["value"] == 1  # seed line 13
    ancient = deck.filter(pl.col("location_tags").list.contains("Ancient"))
    assert ancient.height == 9  # seed lines 151-154, 156-159, 161


def test_adv_23_disarm(deck: pl.DataFrame) -> None:
    assert names(deck, effect="negate_weapon") == {"Disarm"}  # seed line 88


def test_adv_24_one_weapon_per_roll() -> None:
    constants = cards.load(GAME, "constants")
    assert card(constants, "weapons_per_escape_roll")["value"] == 1  # seed line 69
    assert card(constants, "weapons_per_encounter_roll")["value"] == 1  # seed line 67
