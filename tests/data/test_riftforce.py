"""Riftforce card data against its sources.

Expected values are hard-coded from seed 003 (``003_fef9cde2782d60c6.txt``, line numbers given)
and from ``reference/riftforce.md`` ("ref"), never read from the data under test. One test per
ruling ``rf-N`` (docs/rulings.md).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl
import pytest

from explorer import CardDataError, cards

GAME = "riftforce"
GUILDS = ("Fire", "Water", "Air", "Earth", "Light", "Ice", "Plant", "Crystal", "Thunderbolt",
          "Shadow")


def load(table: str) -> pl.DataFrame:
    return cards.load(GAME, table)


def guild(name: str) -> dict:
    return load("guilds").filter(pl.col("name") == name).row(0, named=True)


def steps(name: str) -> list[tuple]:
    """(name, trigger, amount, target, place, condition) of each step of a guild's ability."""
    return [(s["name"], s["trigger"], s["amount"], s["target"], s["place"], s["condition"])
            for s in guild(name)["ability"]]


def constant(name: str) -> int:
    return load("constants").filter(pl.col("name") == name)["value"].item()


# ---- row counts -----------------------------------------------------------------------------

@pytest.mark.parametrize(("table", "rows"), [
    ("guilds", 10),         # ref Components: "10 guilds", 1 summoner each
    ("elementals", 30),     # 10 guilds x values 5, 6, 7 (seed line 7; ruling rf-4)
    ("locations", 5),       # seed line 9: "5 карт територій"
    ("ability_steps", 6),   # damage, move_self, move_enemy, heal, extra_riftforce, repeat
    ("rolls", 1),           # the start-marker toss (ruling rf-11)
    ("constants", 28),
])
def test_row_counts(table: str, rows: int) -> None:
    assert load(table).height == rows


def test_table_order_is_cards_then_reference() -> None:
    assert cards.tables(GAME) == ("guilds", "elementals", "locations", "ability_steps", "rolls",
                                  "constants")


def test_ninety_elementals_nine_per_guild() -> None:
    frame = load("elementals")
    assert frame["copies"].sum() == 90  # ref: 10 guilds x 9
    per_guild = frame.group_by("guild").agg(pl.col("copies").sum())
    assert per_guild["copies"].to_list() == [9] * 10  # seed line 7: "9 елементалів"


def test_four_guilds_make_the_seeds_draw_pile() -> None:
    # seed line 9: "Кожен перетасовує 36 карт елементалів вибраних гільдій"
    frame = load("elementals").filter(pl.col("guild").is_in(["Fire", "Ice", "Plant", "Shadow"]))
    assert frame["copies"].sum() == 36 == constant("draw_pile_size")


# ---- spot values ----------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "value", "copies"), [
    ("Fire 5", 5, 4),         # seed line 7: 4 карти зі значенням «5»
    ("Crystal 6", 6, 3),      # seed line 7: 3 зі значенням «6»
    ("Shadow 7", 7, 2),       # seed line 7: 2 зі значенням «7»
    ("Thunderbolt 5", 5, 4),
])
def test_elemental_spot_values(name: str, value: int, copies: int) -> None:
    row = load("elementals").filter(pl.col("name") == name).row(0, named=True)
    assert (row["value"], row["copies"]) == (value, copies)


def test_every_guild_has_the_three_values() -> None:
    frame = load("elementals")
    for name in GUILDS:
        rows = frame.filter(pl.col("guild") == name).sort("value")
        assert rows.select("value", "copies").rows() == [(5, 4), (6, 3), (7, 2)], name


@pytest.mark.parametrize(("name", "expected"), [
    # ref: "Fire: 3 damage to the first enemy here; then 1 damage to your own elemental
    # directly behind this Fire"
    ("Fire", [("damage", "activate", 3, "first_enemy", "here", None),
              ("damage", "activate", 1, "ally_behind", "here", None)]),
    # ref: "Water: 2 damage to the first enemy here; then move this Water to an adjacent
    # location (it must move); then 1 damage to the first enemy at the new location"
    ("Water", [("damage", "activate", 2, "first_enemy", "here", None),
               ("move_self", "activate", None, "this_elemental", "adjacent", None),
               ("damage", "activate", 1, "first_enemy", "here", None)]),
    # ref: "Air: move this Air to any other location ...; then 1 damage to the first enemy at
    # the new location and 1 to the first enemy at each location adjacent to it"
    ("Air", [("move_self", "activate", None, "this_elemental", "any_other", None),
             ("damage", "activate", 1, "first_enemy", "here", None),
             ("damage", "activate", 1, "first_enemy", "each_adjacent", None)]),
    # ref: "Earth: when played (not activated), 1 damage to every enemy at that location. When
    # activated: 2 damage to the first enemy here."
    ("Earth", [("damage", "play", 1, "every_enemy", "here", None),
               ("damage", "activate", 2, "first_enemy", "here", None)]),
    # ref: "Crystal: 4 damage to the first enemy here."
    ("Crystal", [("damage", "activate", 4, "first_enemy", "here", None),
                 ("extra_riftforce", "destroyed", 1, "scorer", None, None)]),
])
def test_guild_ability_steps(name: str, expected: list[tuple]) -> None:
    assert steps(name) == expected


@pytest.mark.parametrize(("name", "move", "mandatory", "max_damage"), [
    ("Fire", "none", False, 3), ("Water", "adjacent", True, 3), ("Air", "any", True, 3),
    ("Earth", "none", False, 2), ("Light", "none", False, 2), ("Ice", "none", False, 4),
    ("Plant", "none", False, 2), ("Crystal", "none", False, 4),
    ("Thunderbolt", "none", False, 4), ("Shadow", "any", True, 1),
])
def test_guild_summaries(name: str, move: str, mandatory: bool, max_damage: int) -> None:
    # ref, "The ten base guild abilities": moves "(it must move)"; damage as listed there
    row = guild(name)
    assert (row["move"], row["move_mandatory"], row["max_damage"]) == (move, mandatory,
                                                                       max_damage)


def test_only_fire_damages_its_own_side() -> None:
    frame = load("guilds")
    assert frame.filter(pl.col("self_damage") > 0)["name"].to_list() == ["Fire"]


@pytest.mark.parametrize(("name", "value"), [
    ("guilds_per_player", 4),         # seed line 7
    ("elementals_per_guild", 9),      # seed line 7
    ("locations", 5),                 # seed line 9
    ("draw_pile_size", 36),           # seed line 9
    ("hand_size", 7),                 # seed line 9
    ("play_max", 3),                  # seed line 17: "до 3 карт"
    ("activate_discard", 1),          # seed line 21: "скидає одну карту"
    ("activate_max", 3),              # seed line 21: "активує до 3"
    ("riftforce_per_destroyed", 1),   # seed line 23
    ("riftforce_per_location", 1),    # seed line 27
    ("victory_riftforce", 12),        # seed line 31
    ("crystal_bonus", 1),             # ref: "1 extra Riftforce (2 in all)"
    ("guilds_total", 10),             # ref Components
    ("selection_set_aside_first", 1), # ref Guild selection 1
    ("selection_face_up", 7),         # ref Guild selection 2
    ("selection_set_aside_last", 1),  # ref Guild selection 2
])
def test_constants(name: str, value: int) -> None:
    assert constant(name) == value


def test_guild_selection_adds_up() -> None:
    # ref Guild selection: 10 = 1 aside + 2 drawn + 7 face up; the 7 give 3 picks each + 1 aside
    players, per_player = constant("players"), constant("guilds_per_player")
    drawn = players * constant("selection_random_per_player")
    assert (constant("selection_set_aside_first") + drawn + constant("selection_face_up")
            == constant("guilds_total"))
    assert constant("selection_face_up") - constant("selection_set_aside_last") == (
        players * (per_player - constant("selection_random_per_player")))


def test_constants_quote_the_seed_verbatim() -> None:
    frame = load("constants").filter(pl.col("source") == "seed")
    note = dict(frame.select("name", "note").iter_rows())
    assert note["victory_riftforce"] == (
        "Гра закінчується, коли наприкінці раунду один з гравців має 12 сил розлому.")  # l. 31
    assert note["play_max"].startswith("Гравець може викласти з руки до 3 карт")  # line 17


# ---- vocabularies ---------------------------------------------------------------------------

def _used(frame: pl.DataFrame, column: str, field: str | None = None) -> set[str]:
    series = frame[column]
    if isinstance(series.dtype, pl.List):
        series = series.explode()
    if field is not None:
        series = series.struct.field(field)
    return set(series.drop_nulls().cast(pl.String).to_list())


@pytest.mark.parametrize(("table", "column", "field"), [
    ("guilds", "ability", "name"), ("guilds", "ability", "trigger"),
    ("guilds", "ability", "target"), ("guilds", "ability", "place"),
    ("guilds", "ability", "condition"), ("guilds", "move", None),
    ("elementals", "guild", None), ("locations", "placement", None),
    ("ability_steps", "name", None), ("constants", "source", None),
])
def test_every_vocabulary_value_is_used(table: str, column: str, field: str | None) -> None:
    dtype = cards.schema(GAME, table)[column]
    if isinstance(dtype, pl.List):
        dtype = dtype.inner
    if field is not None:
        dtype = next(f.dtype for f in dtype.fields if f.name == field)
    assert _used(load(table), column, field) == set(dtype.categories.to_list())


# ---- the set's checks catch what they should -------------------------------------------------

@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / GAME
    shutil.copytree(cards.data_root() / GAME, folder)
    return folder


def test_a_summary_that_disagrees_with_the_steps_is_refused(copy: Path) -> None:
    frame = load("guilds").with_columns(
        pl.when(pl.col("name") == "Ice").then(pl.lit(1, pl.Int8)).otherwise("max_damage")
        .alias("max_damage"))
    frame.write_parquet(copy / "guilds.parquet")
    with pytest.raises(CardDataError, match=r"'Ice'.*max_damage.*must be 4") as caught:
        cards.load(GAME, "guilds", copy)
    assert caught.value.row == 5


def test_an_unknown_guild_name_is_refused(copy: Path) -> None:
    frame = load("guilds").with_columns(
        pl.when(pl.col("name") == "Thunderbolt").then(pl.lit("Lightning")).otherwise("name")
        .alias("name"))
    frame.write_parquet(copy / "guilds.parquet")
    with pytest.raises(CardDataError, match="must be a guild"):
        cards.load(GAME, "guilds", copy)


def test_a_misnamed_elemental_is_refused(copy: Path) -> None:
    frame = load("elementals").with_columns(
        pl.when(pl.col("name") == "Fire 6").then(pl.lit("Fire six")).otherwise("name")
        .alias("name"))
    frame.write_parquet(copy / "elementals.parquet")
    with pytest.raises(CardDataError, match="must be 'Fire 6'"):
        cards.load(GAME, "elementals", copy)


def test_wrapped_adjacency_is_refused(copy: Path) -> None:
    frame = load("locations").with_columns(
        pl.when(pl.col("position") == 1).then(pl.lit([2, 5], pl.List(pl.Int8)))
        .otherwise("adjacent").alias("adjacent"))
    frame.write_parquet(copy / "locations.parquet")
    with pytest.raises(CardDataError, match=r"adjacent.*must be \[2\]"):
        cards.load(GAME, "locations", copy)


def test_a_guild_without_elementals_is_refused(copy: Path) -> None:
    load("elementals").filter(pl.col("guild") != "Air").write_parquet(
        copy / "elementals.parquet")
    with pytest.raises(CardDataError, match="has no elementals") as caught:
        cards.load_set(GAME, copy)
    assert caught.value.name == "Air"


def test_crystal_bonus_must_match_crystal(copy: Path) -> None:
    load("constants").with_columns(
        pl.when(pl.col("name") == "crystal_bonus").then(pl.lit(2, pl.Int16))
        .otherwise("value").alias("value")).write_parquet(copy / "constants.parquet")
    with pytest.raises(CardDataError, match="Crystal's extra_riftforce"):
        cards.load_set(GAME, copy)


# ---- one test per ruling --------------------------------------------------------------------

def test_rf1_locations_are_named_by_position() -> None:
    frame = load("locations")
    assert frame.select("name", "position", "adjacent").rows() == [
        ("Location 1", 1, [2]), ("Location 2", 2, [1, 3]), ("Location 3", 3, [2, 4]),
        ("Location 4", 4, [3, 5]), ("Location 5", 5, [4]),
    ]
    assert frame.height == constant("locations")


def test_rf2_second_player_starts_at_the_middle_location() -> None:
    frame = load("locations")
    middle = frame.filter(pl.col("placement") == "middle")["position"].to_list()
    assert middle == [3] == [constant("start_location")]
    assert constant("start_cards") == 1
    assert frame.filter(pl.col("placement") == "end")["position"].to_list() == [1, 5]


def test_rf3_the_guild_is_thunderbolt_not_lightning() -> None:
    assert "Thunderbolt" in load("guilds")["name"].to_list()
    assert "Lightning" not in cards.schema(GAME, "elementals")["guild"].categories.to_list()
    assert load("guilds")["name"].to_list() == list(GUILDS)


def test_rf4_elementals_one_row_per_guild_and_value() -> None:
    frame = load("elementals")
    assert frame.filter(pl.col("guild") == "Water").select("name", "value", "copies").rows() == [
        ("Water 5", 5, 4), ("Water 6", 6, 3), ("Water 7", 7, 2)]
    assert "life" in cards.declaration(GAME, "elementals").by_name["value"].doc


def test_rf5_no_base_ability_draws_cards() -> None:
    names = _used(load("guilds"), "ability", "name")
    assert names == {"damage", "move_self", "move_enemy", "heal", "extra_riftforce", "repeat"}
    assert not any("draw" in n for n in names)


def test_rf6_check_and_draw_draws_up_to_seven() -> None:
    assert constant("draw_up_to") == 7 == constant("hand_size")


def test_rf7_game_end_numbers() -> None:
    assert constant("victory_riftforce") == 12
    assert constant("extra_actions_if_first_player_ends") == 1
    assert constant("extra_actions_if_second_player_ends") == 0
    assert constant("tie_extra_actions_each") == 1


def test_rf8_ice_and_thunderbolt_steps() -> None:
    assert steps("Ice") == [
        ("damage", "activate", 4, "last_enemy", "here", "target_damaged"),
        ("damage", "activate", 1, "last_enemy", "here", "target_undamaged"),
    ]
    assert steps("Thunderbolt") == [
        ("damage", "activate", 2, "any_enemy", "here", None),
        ("repeat", "activate", 1, None, None, "destroyed"),
    ]
    assert (guild("Ice")["max_damage"], guild("Thunderbolt")["max_damage"]) == (4, 4)
    assert guild("Thunderbolt")["repeats"] == 1


def test_rf9_light_heals_itself_or_any_ally() -> None:
    assert steps("Light") == [
        ("damage", "activate", 2, "first_enemy", "here", None),
        ("heal", "activate", 1, "this_or_any_ally", "anywhere", None),
    ]
    healers = load("guilds").filter(pl.col("heal") > 0)
    assert healers.select("name", "heal").rows() == [("Light", 1)]


def test_rf10_extra_riftforce_goes_to_the_scorer() -> None:
    assert steps("Shadow")[-1] == ("extra_riftforce", "activate", 1, "scorer", None, "destroyed")
    assert steps("Crystal")[-1] == ("extra_riftforce", "destroyed", 1, "scorer", None, None)
    bonus = load("guilds").filter(pl.col("extra_riftforce") > 0)
    assert bonus.select("name", "extra_riftforce").rows() == [("Crystal", 1), ("Shadow", 1)]
    assert constant("crystal_bonus") == 1


def test_rf11_start_marker_toss_is_a_coin() -> None:
    row = load("rolls").row(0, named=True)
    assert (row["name"], row["dice_count"], row["dice_sides"], row["modifier"], row["target"]) \
        == ("start_marker_toss", 1, 2, 0, None)


def test_rf12_plant_pulls_the_damaged_enemy() -> None:
    assert steps("Plant") == [
        ("damage", "activate", 2, "first_enemy", "adjacent", None),
        ("move_enemy", "activate", None, "that_enemy", "here", None),
    ]
    assert guild("Plant")["move"] == "none"
