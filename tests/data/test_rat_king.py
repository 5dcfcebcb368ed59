"""Lair of the Rat-King card data against its rulebook.

Expected values are hard-coded from seed 002 (``002_9a531d73072738f7.txt``, line numbers given)
or from the rulings that decide what the rulebook leaves open, never read from the data under
test. One test per ruling ``rk-N`` (docs/rulings.md).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl
import pytest

from explorer import CardDataError, cards

GAME = "rat_king"
CARD_TABLES = ("characters", "stuffs", "encounters", "adventures", "events")


def load(table: str) -> pl.DataFrame:
    return cards.load(GAME, table)


def card(table: str, name: str) -> dict:
    rows = load(table).filter(pl.col("name") == name)
    assert rows.height == 1, name
    return rows.row(0, named=True)


def constant(name: str) -> int:
    return load("constants").filter(pl.col("name") == name)["value"].item()


def effects(table: str, name: str) -> list[tuple]:
    """(name, amount, count, target, when) of each effect of a card."""
    return [(e["name"], e["amount"], e["count"], e["target"], e["when"])
            for e in card(table, name)["effects"]]


def die_face(stuff: str, roll: int) -> dict:
    faces = [f for f in card("stuffs", stuff)["stuff_die"] if f["low"] <= roll <= f["high"]]
    assert len(faces) == 1
    return faces[0]


# ---- row counts -----------------------------------------------------------------------------

@pytest.mark.parametrize(("table", "rows", "cards_in_set"), [
    ("characters", 15, 15),   # line 6: 4 ME CHARACTERS, 11 CHARACTERS
    ("stuffs", 13, 13),       # line 6: 13 STUFFS
    ("encounters", 12, 13),   # line 6: 13 ENCOUNTERS; Ratling Swarm x2 (ruling rk-20)
    ("adventures", 8, 8),     # line 6: 8 ADVENTURES
    ("events", 11, 11),       # line 6: 11 EVENTS
])
def test_card_counts(table: str, rows: int, cards_in_set: int) -> None:
    frame = load(table)
    assert frame.height == rows
    assert frame["copies"].sum() == cards_in_set


@pytest.mark.parametrize(("table", "rows"), [("effects", 15), ("rolls", 2), ("constants", 24)])
def test_reference_row_counts(table: str, rows: int) -> None:
    assert load(table).height == rows


def test_table_order_is_cards_then_reference() -> None:
    assert cards.tables(GAME) == (*CARD_TABLES, "effects", "rolls", "constants")


# ---- spot values ----------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "cp", "cp_flipped", "die", "color"), [
    ("ME Wizard", 2, 2, 6, "Blue"),          # line 65 "ME Wizard (2CP, 6CD)", line 67 "2CP"
    ("Rikki Rogue", 3, 1, 4, "Green"),       # lines 24, 47 ("Rikki is Green"), 65 ("4CD")
    ("Jeff Squire", 2, -1, 6, "Tan"),        # line 66 "(2CP, 6CD)", line 67 "-1 CP"
    ("Tinki Mercenary", 2, None, 1, "Tan"),  # line 65 "(2CP, 1CD)", line 67 discarded
    ("Borin Brawler", 4, 2, 3, "Gray"),      # reconstructed
    ("Mossy Hedge-Witch", 1, None, 3, "Blue"),
])
def test_character_spot_values(name: str, cp: int, cp_flipped: int | None, die: int,
                               color: str) -> None:
    row = card("characters", name)
    assert (row["cp"], row["cp_flipped"], row["character_die"], row["color"]) == (
        cp, cp_flipped, die, color)


@pytest.mark.parametrize(("name", "kind", "rng", "cp", "colors"), [
    ("Bow & Arrows", "Weapon", "Ranged", 2, ["Red", "Green", "Tan"]),  # line 47
    ("Battle Axe", "Weapon", "Melee", 3, ["Red", "Green", "Gray"]),    # lines 65, 68 (rk-4)
    ("Magibolt", "Spell", "Ranged", 1, ["Blue", "White"]),             # lines 65, 66 (rk-9)
    ("Mind Control Spell", "Spell", "Any", 0, ["Blue"]),               # line 66
    ("Dwarphen Warhammer", "Weapon", "Melee", 3, ["Gray"]),
    ("Chainmail Shirt", "Armor", "Any", 1, ["Red", "Tan", "Gray"]),
])
def test_stuff_spot_values(name: str, kind: str, rng: str, cp: int, colors: list[str]) -> None:
    row = card("stuffs", name)
    assert (row["stuff_type"], row["stuff_range"], row["cp"], row["colors"]) == (
        kind, rng, cp, colors)


def test_extra_stuff_allowances() -> None:
    # line 43: "Some STUFF cards allow you to play more STUFF cards on single CHARACTER"
    frame = load("stuffs").filter(pl.col("extra_stuff") > 0).sort("name")
    assert frame.select("name", "extra_stuff").rows() == [
        ("Bottomless Satchel", 2), ("Chainmail Shirt", 1), ("Magibolt Potion", 1)]
    assert card("characters", "ME Warrior")["extra_stuff"] == 1


@pytest.mark.parametrize(("name", "kind", "expected"), [
    ("Ratling Ambush", "Instant", [("flip", None, 1, "any_character", "on_play")]),
    ("Cave-In", "Effect", [("not_participating", None, 1, "any_character", "adventure")]),
    ("Lost in the Sewers", "Effect", [("not_participating", None, 1, "any_group", "adventure")]),
    ("Ratling Swarm", "Effect", [("cp", -1, None, "every_group", "adventure")]),
])
def test_encounter_spot_values(name: str, kind: str, expected: list[tuple]) -> None:
    assert card("encounters", name)["encounter_kind"] == kind
    assert effects("encounters", name) == expected


def test_gender_effects() -> None:
    # line 85: "some cards affect the gender of any/all group's CHARACTERS"
    lullaby = card("encounters", "Rat-Queen's Lullaby")["effects"][0]
    vault = card("adventures", "The Cheese Vault")["effects"][0]
    assert (lullaby["gender"], lullaby["amount"]) == ("M", -1)
    assert (vault["gender"], vault["amount"]) == ("F", 1)


@pytest.mark.parametrize(("name", "ap", "sunburst", "multiplier"), [
    ("The Hidden Nest", 1, True, 1),     # line 69 (rk-12)
    ("The Low Tunnels", 2, True, 1),
    ("The Breeding Pits", 2, False, 2),  # line 75: "doubled"
    ("Throne of the Rat-King", 3, False, 3),  # line 75: "tripled"
])
def test_adventure_spot_values(name: str, ap: int, sunburst: bool, multiplier: int) -> None:
    row = card("adventures", name)
    assert (row["ap"], row["sunburst"], row["ratling_multiplier"]) == (ap, sunburst, multiplier)


def test_reputations_are_flippable_events() -> None:
    # line 51: "Some EVENTS, such as REPUTATIONS, can be flipped."
    frame = load("events").filter(pl.col("classifications").list.contains("Reputation"))
    assert frame.select("name", "cp", "cp_flipped").sort("name").rows() == [
        ("Cowardly Rumour", -1, 1), ("Friend of Rats", 1, -2), ("Hero of the Warrens", 2, -1)]
    assert frame["stays"].all() and (frame["played_on"] == "character").all()


def test_not_participating_and_exclusions_occur() -> None:
    used = {e["name"] for t in CARD_TABLES for row in load(t)["effects"].to_list() for e in row}
    assert {"not_participating", "no_stuff", "no_reinforcements"} <= used  # lines 82-84


@pytest.mark.parametrize(("name", "value"), [
    ("victory_ap", 7),               # line 8
    ("deal", 4),                     # line 14
    ("hand_size", 5),                # line 16
    ("group_limit_two_players", 4),  # line 18
    ("stuff_per_character", 1),      # line 19
    ("unflip_discard_max", 3),       # line 22
    ("adventure_bonus_draw", 1),     # line 54
    ("deck_size", 60),               # line 6
    ("dice", 4),                     # line 6
    ("creation_ap_per_extra_player", 6),  # line 96
    ("recommended_max_players", 8),  # line 96
])
def test_constants(name: str, value: int) -> None:
    assert constant(name) == value


@pytest.mark.parametrize("name", ["adventure_die", "stuff_die"])
def test_rolls_are_one_six_sided_die(name: str) -> None:
    # line 6: "4 six sided dice"; lines 46 and 58
    row = load("rolls").filter(pl.col("name") == name).row(0, named=True)
    assert (row["dice_count"], row["dice_sides"], row["modifier"], row["target"]) == (
        1, 6, 0, None)


def test_every_stuff_die_covers_one_to_six() -> None:
    for row in load("stuffs").iter_rows(named=True):
        faces = [r for f in row["stuff_die"] for r in range(f["low"], f["high"] + 1)]
        assert faces in ([], [1, 2, 3, 4, 5, 6]), row["name"]
        assert (row["on_use"] == "keep") == (not faces), row["name"]


def test_the_hidden_nest_example_adds_up() -> None:
    """Lines 64-68 replayed with the card values (expected totals from the rulebook)."""
    chars = {r["name"]: r for r in load("characters").iter_rows(named=True)}
    stuff = {r["name"]: r for r in load("stuffs").iter_rows(named=True)}
    groups = {  # line 65 (and Jeff, line 66): character -> its STUFF
        "Tisha": {"ME Priest": ["Magibolt"], "Rikki Rogue": ["Bow & Arrows"]},
        "Eric": {"ME Rogue": ["Battle Axe"], "Jeff Squire": []},
        "Tim": {"ME Wizard": ["Mind Control Spell"], "Tinki Mercenary": []},
    }
    bonus = {"Tisha": die_face("Magibolt", 2)["amount"],           # line 66: rolls a 2
             "Tim": die_face("Mind Control Spell", 2)["amount"]}   # line 66: rolls a 2
    used = {"Magibolt", "Mind Control Spell"}  # both flipped by their use (line 66)

    def total(player: str, flipped: set[str], roll: int = 0) -> int:
        points = bonus.get(player, 0) + roll
        for name, items in groups[player].items():
            side = "cp_flipped" if name in flipped else "cp"
            points += chars[name][side] or 0
            points += sum(stuff[s]["cp_flipped" if s in used else "cp"] for s in items)
        return points

    assert total("Tisha", set()) == 10  # line 66 "(10CP)"
    assert total("Tim", set()) == 8     # line 66 "(8CP)"
    rolls = {"Tisha": 6, "Eric": 1, "Tim": 2}  # line 67
    flipped = {name for player, group in groups.items() for name in group
               if chars[name]["character_die"] in {r for p, r in rolls.items() if p != player}}
    assert flipped == {"ME Rogue", "Jeff Squire", "ME Wizard", "Tinki Mercenary"}  # line 67
    assert chars["Tinki Mercenary"]["cp_flipped"] is None  # "Tim's Tinki is discarded!"
    assert total("Tisha", flipped, 6) == 16  # line 68
    assert total("Tim", flipped, 2) == 8     # line 68
    assert total("Eric", flipped, 1) == 5    # line 68 says 6, leaving out Jeff's -1 (rk-5)


# ---- vocabularies ---------------------------------------------------------------------------

def _values(table: str, column: str, field: str | None = None) -> set[str]:
    series = load(table)[column]
    while isinstance(series.dtype, pl.List):
        series = series.explode()
    if field is not None:
        series = series.struct.field(field)
    return set(series.drop_nulls().cast(pl.String).to_list())


def _categories(table: str, column: str, field: str | None = None) -> set[str]:
    dtype = cards.schema(GAME, table)[column]
    while isinstance(dtype, pl.List):
        dtype = dtype.inner
    if field is not None:
        dtype = next(f.dtype for f in dtype.fields if f.name == field)
    return set(dtype.categories.to_list())


@pytest.mark.parametrize(("table", "column"), [
    ("characters", "kind"), ("characters", "color"), ("characters", "gender"),
    ("stuffs", "stuff_type"), ("stuffs", "stuff_range"), ("stuffs", "on_use"),
    ("encounters", "encounter_kind"), ("events", "played_on"), ("effects", "name"),
])
def test_vocabulary_is_used_in_its_table(table: str, column: str) -> None:
    assert _values(table, column) == _categories(table, column)


@pytest.mark.parametrize(("column", "field"), [
    ("source", None), ("classifications", None), ("effects", "name"),
    ("effects", "target"), ("effects", "when"),
])
def test_vocabulary_is_used_across_the_set(column: str, field: str | None) -> None:
    used: set[str] = set()
    for table in CARD_TABLES:
        if column in load(table).columns:
            used |= _values(table, column, field)
            if column == "effects" and "stuff_die" in load(table).columns and field != "when":
                used |= _values(table, "stuff_die", field)
    assert used == _categories("characters", column, field)


# ---- the checks catch what they should -------------------------------------------------------

@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / GAME
    shutil.copytree(cards.data_root() / GAME, folder)
    return folder


def test_a_stuff_die_with_a_gap_is_refused(copy: Path) -> None:
    frame = load("stuffs")
    dice = frame["stuff_die"].to_list()
    row = frame["name"].to_list().index("Magibolt")
    dice[row] = dice[row][1:]  # face 1 missing
    frame.with_columns(pl.Series("stuff_die", dice, frame.schema["stuff_die"])).write_parquet(
        copy / "stuffs.parquet")
    with pytest.raises(CardDataError, match=r"'Magibolt'.*stuff_die\[0\].*must start at 1"):
        cards.load(GAME, "stuffs", copy)


def test_a_me_card_must_show_star_for_gender(copy: Path) -> None:
    load("characters").with_columns(
        pl.when(pl.col("name") == "ME Rogue").then(pl.lit("M")).otherwise(pl.col("gender"))
        .cast(cards.schema(GAME, "characters")["gender"]).alias("gender"),
    ).write_parquet(copy / "characters.parquet")
    with pytest.raises(CardDataError, match=r"'ME Rogue'.*gender.*'\*' exactly on ME cards"):
        cards.load(GAME, "characters", copy)


def test_a_name_used_in_two_tables_is_refused(copy: Path) -> None:
    frame = load("events")
    frame.with_columns(pl.when(pl.col("name") == "Familiar").then(pl.lit("Magibolt"))
                       .otherwise("name").alias("name")).write_parquet(copy / "events.parquet")
    with pytest.raises(CardDataError, match="also a card of stuffs"):
        cards.load_set(GAME, copy)


def test_an_effect_without_a_definition_is_refused(copy: Path) -> None:
    load("effects").filter(pl.col("name") != "negate_cp").write_parquet(
        copy / "effects.parquet")
    with pytest.raises(CardDataError, match="no row in effects") as caught:
        cards.load_set(GAME, copy)
    assert caught.value.name == "Wererat"


# ---- one test per ruling --------------------------------------------------------------------

def test_rk1_the_set_has_the_rulebook_counts() -> None:
    total = {t: load(t)["copies"].sum() for t in CARD_TABLES}
    me = load("characters").filter(pl.col("kind") == "ME")["copies"].sum()
    assert (me, total["characters"] - me, total["encounters"], total["stuffs"],
            total["adventures"], total["events"]) == (4, 11, 13, 13, 8, 11)  # line 6
    assert sum(total.values()) == 60 == constant("deck_size")
    rulebook = {r for t in CARD_TABLES
                for r in load(t).filter(pl.col("source") == "rulebook")["name"].to_list()}
    assert rulebook == {
        "ME Priest", "ME Rogue", "ME Wizard", "Rikki Rogue", "Jeff Squire", "Tinki Mercenary",
        "Bow & Arrows", "Magibolt", "Magibolt Potion", "Battle Axe", "Mind Control Spell",
        "Familiar", "Dimensional Rift", "The Hidden Nest", "Wererat",
        "Squeeker and the Ratlings"}
    for table in CARD_TABLES:  # rulebook cards quote it; every card has text of its own
        frame = load(table)
        assert frame.filter(pl.col("source") == "rulebook")["note"].null_count() == 0
        assert (frame["text"].str.len_chars() > 0).all()


def test_rk2_me_priest() -> None:
    row = card("characters", "ME Priest")
    assert (row["cp"], row["cp_flipped"], row["character_die"]) == (2, 2, 6)  # lines 24, 65


def test_item5_the_me_priest_is_2_cp_and_the_magibolt_1_cp_on_both_sides() -> None:
    """Issue 25, item 5: line 24's "ME Priest CHARACTER (2 CP)" is the face-up card, and line
    65's "ME Priest (3CP,6CD) with Magibolt" counts the spell's +1 CP, flipped or not."""
    priest, bolt = card("characters", "ME Priest"), card("stuffs", "Magibolt")
    rikki = card("characters", "Rikki Rogue")
    assert priest["cp"] == 2 and priest["cp"] + rikki["cp"] == 5  # line 24: "now worth 5"
    assert priest["cp"] + bolt["cp"] == 3                         # line 65: "(3CP,6CD)"
    assert priest["cp"] + bolt["cp_flipped"] == 3                 # line 68: "3CP (ME)", flipped
    bow = card("stuffs", "Bow & Arrows")
    rolled = die_face("Magibolt", 2)["amount"]
    assert priest["cp"] + bolt["cp"] + rikki["cp"] + bow["cp"] + rolled == 10  # line 66 "(10CP)"


def test_rk3_rikki_and_the_bow() -> None:
    rikki, bow = card("characters", "Rikki Rogue"), card("stuffs", "Bow & Arrows")
    assert card("characters", "ME Priest")["cp"] + rikki["cp"] == 5  # line 24
    assert rikki["cp"] + bow["cp"] == 5  # line 47 "Rikki is now worth 5 CP"
    assert (rikki["cp"], bow["cp"]) == (3, 2)
    assert rikki["color"] in bow["colors"]  # line 47 "This is legal because Rikki is Green"


def test_rk4_me_rogue_and_the_battle_axe() -> None:
    rogue, axe = card("characters", "ME Rogue"), card("stuffs", "Battle Axe")
    assert (rogue["cp"], rogue["cp_flipped"], axe["cp"]) == (2, 2, 3)
    assert rogue["cp"] + axe["cp"] == 5 == rogue["cp_flipped"] + axe["cp"]  # lines 65, 68
    assert rogue["color"] in axe["colors"]


def test_rk5_jeff_squire_and_erics_total() -> None:
    jeff = card("characters", "Jeff Squire")
    assert (jeff["cp"], jeff["cp_flipped"], jeff["character_die"]) == (2, -1, 6)
    assert "Mercenary" not in jeff["classifications"]
    assert "Squire" in jeff["classifications"]


def test_rk6_me_wizard_and_mind_control() -> None:
    wizard, spell = card("characters", "ME Wizard"), card("stuffs", "Mind Control Spell")
    assert (wizard["cp"], wizard["cp_flipped"]) == (2, 2)
    face = die_face("Mind Control Spell", 2)
    assert (face["name"], face["amount"], face["target"]) == ("cp", 4, "this_character")
    assert spell["on_use"] == "flip"
    assert wizard["cp_flipped"] + face["amount"] == 6  # line 68 "6CP (ME)"


def test_rk7_tinki_has_no_flipped_value() -> None:
    tinki = card("characters", "Tinki Mercenary")
    assert (tinki["cp"], tinki["cp_flipped"], tinki["character_die"]) == (2, None, 1)


def test_rk8_me_cards() -> None:
    me = load("characters").filter(pl.col("kind") == "ME")
    assert sorted(me["name"].to_list()) == ["ME Priest", "ME Rogue", "ME Warrior", "ME Wizard"]
    assert (me["character_die"] == 6).all() and (me["gender"] == "*").all()
    assert me["cp_flipped"].null_count() == 0
    others = load("characters").filter(pl.col("kind") == "Character")
    assert set(others["gender"].cast(pl.String).to_list()) == {"M", "F"}


def test_rk9_magibolt() -> None:
    bolt = card("stuffs", "Magibolt")
    face = die_face("Magibolt", 2)
    assert (face["name"], face["amount"]) == ("cp", 2)  # line 66 "rolls a 2, gaining a +2 CP"
    assert (bolt["cp"], bolt["cp_flipped"], bolt["on_use"]) == (1, 1, "flip")  # lines 65, 68
    assert "White" in bolt["colors"]  # it is on the (White) ME Priest, line 65


def test_rk10_magibolt_potion() -> None:
    potion = card("stuffs", "Magibolt Potion")
    assert (potion["stuff_type"], potion["extra_stuff"], potion["on_use"]) == (
        "Potion", 1, "discard")
    assert potion["source"] == "rulebook" and potion["cp_flipped"] is None


def test_rk11_familiar() -> None:
    familiar = card("events", "Familiar")
    assert (familiar["cp"], familiar["ap"], familiar["stays"]) == (2, 1, True)
    assert card("characters", "ME Wizard")["cp"] + familiar["cp"] == 4  # line 52


def test_rk12_the_hidden_nest() -> None:
    nest = card("adventures", "The Hidden Nest")
    assert (nest["ap"], nest["sunburst"], nest["ratling_multiplier"], nest["effects"]) == (
        1, True, 1, [])


def test_rk13_squeeker_doubled() -> None:
    assert card("encounters", "Squeeker and the Ratlings")["classifications"] == ["Ratling"]
    [(name, amount, count, target, _)] = effects("encounters", "Squeeker and the Ratlings")
    doubled = card("adventures", "The Breeding Pits")["ratling_multiplier"]
    assert (name, target) == ("cp", "any_group")
    assert (amount * doubled, count * doubled) == (-4, 2)  # line 76: "Two groups each get -4"


def test_rk14_wererat() -> None:
    assert effects("encounters", "Wererat") == [
        ("negate_cp", None, 1, "any_character", "adventure")]
    assert card("encounters", "Wererat")["encounter_kind"] == "Effect"


def test_rk15_exclusions() -> None:
    frame = load("characters").filter(pl.col("excludes").list.len() > 0)
    assert frame.select("name", "excludes").sort("name").rows() == [
        ("Borin Brawler", ["Urk"]), ("Gimra Tunneler", ["Urk"]), ("Lady Vessa", ["Rogue"]),
        ("Thrak Bruiser", ["Elf"])]
    dwarphs = load("characters").filter(pl.col("classifications").list.contains("Dwarph"))
    assert dwarphs["excludes"].to_list() == [["Urk"], ["Urk"]]  # line 39


def test_rk16_no_flipped_value_means_discard() -> None:
    none = {t: sorted(load(t).filter(pl.col("cp_flipped").is_null())["name"].to_list())
            for t in ("characters", "stuffs", "events")}
    assert none["characters"] == ["Gimra Tunneler", "Mossy Hedge-Witch", "Tinki Mercenary"]
    assert none["stuffs"] == ["Bottomless Satchel", "Gilded Rat Idol", "Magibolt Potion",
                              "Rusty Shortsword"]
    assert "Familiar" in none["events"]
    assert card("stuffs", "Magibolt")["cp_flipped"] == 1  # survives its flip (rk-9)


def test_rk17_stuff_ranges() -> None:
    frame = load("stuffs")
    non_weapons = frame.filter(pl.col("stuff_type") != "Weapon")
    assert set(non_weapons["stuff_range"].cast(pl.String)) - {"Any"} == {"Ranged"}
    assert non_weapons.filter(pl.col("stuff_range") != "Any")["name"].to_list() == ["Magibolt"]
    assert card("stuffs", "Throwing Knives")["stuff_range"] == "Any"
    bans = {e["stuff_range"] for t in ("encounters", "adventures")
            for row in load(t)["effects"].to_list() for e in row if e["name"] == "no_stuff"}
    assert bans == {"Melee", "Ranged"}


def test_rk18_ratling_multipliers() -> None:
    frame = load("adventures")
    assert frame.filter(pl.col("ratling_multiplier") > 1).select(
        "name", "ratling_multiplier").rows() == [
        ("The Breeding Pits", 2), ("Throne of the Rat-King", 3)]
    ratlings = load("encounters").filter(pl.col("classifications").list.contains("Ratling"))
    assert ratlings.height == 6


def test_rk19_room_113() -> None:
    frame = load("characters").filter(pl.col("classifications").list.contains("Room 113"))
    assert frame["name"].to_list() == ["Percy Hall Monitor"]
    assert frame["trigger"].to_list() == [True]


def test_rk20_copies() -> None:
    repeated = {t: load(t).filter(pl.col("copies") > 1)["name"].to_list() for t in CARD_TABLES}
    assert repeated == {"characters": [], "stuffs": [], "encounters": ["Ratling Swarm"],
                        "adventures": [], "events": []}
    assert card("encounters", "Ratling Swarm")["copies"] == 2


def test_rk21_dimensional_rift() -> None:
    rift = card("events", "Dimensional Rift")
    assert (rift["trigger"], rift["stays"]) == (True, False)
    assert effects("events", "Dimensional Rift") == [
        ("reshuffle_discard", None, None, "discard_pile", "on_play")]
    triggers = sorted(r for t in CARD_TABLES
                      for r in load(t).filter(pl.col("trigger"))["name"].to_list())
    assert triggers == ["Dimensional Rift", "Percy Hall Monitor"]


def test_rk22_creation_guideline() -> None:
    worth = pl.concat([load(t).filter(pl.col("ap") > 0).select("name", "ap", "copies")
                       for t in ("adventures", "events", "stuffs")])
    assert (constant("creation_min_ap_cards"), constant("creation_min_ap")) == (14, 21)
    assert worth["copies"].sum() == 14
    assert (worth["ap"] * worth["copies"]).sum() == 24
