"""Gamma World card data (seed 004_e886590621aa2aaa.txt): counts, spot values, rulings.

Expected values are the seed's, hard-coded here with the seed line they come from; rulings
``gw-N`` are in docs/rulings.md.
"""

from __future__ import annotations

import polars as pl
import pytest

from explorer import CardDataError, cards
from explorer.games.gamma_world import tables
from explorer.schema import frame_from_rows

GAME = "gamma_world"
ITEMS = ["Weapon", "Armor", "Vehicle", "Steed", "Equipment"]


def load(table: str) -> pl.DataFrame:
    return cards.load(GAME, table)


def row(table: str, name: str, key: str = "name") -> dict:
    rows = load(table).filter(pl.col(key).cast(pl.String) == name).to_dicts()
    assert len(rows) == 1, f"{table}/{name!r}: {len(rows)} rows"
    return rows[0]


def names(table: str, expr: pl.Expr) -> set[str]:
    return set(load(table).filter(expr)["name"].to_list())


def check(table: str, name: str, expected: dict) -> None:
    found = row(table, name)
    assert {k: found[k] for k in expected} == expected


# ---- tables and counts -----------------------------------------------------------------------

CARD_COUNTS = {  # the counts; seed line ranges in the comments
    "weapons": 23,  # lines 69-91
    "armor": 9,  # lines 94-102
    "vehicles": 6,  # lines 105-110
    "steeds": 4,  # lines 114-117
    "equipment": 7,  # lines 120-126
    "events": 14,  # lines 129-142
    "mutations": 35,  # lines 147-181
    "foes": 26,  # lines 184-209
    "locations": 21,  # lines 213-233
}


def test_tables_cards_first_then_reference() -> None:
    assert cards.tables(GAME) == (*CARD_COUNTS, "actions", "phases", "rolls", "constants")


@pytest.mark.parametrize(("table", "rows"), [
    *CARD_COUNTS.items(),
    ("actions", 4),  # seed lines 21-24
    ("phases", 2),  # seed line 15: "Each turn has 2 Phases:"
    ("rolls", 9),
    ("constants", 14),
])
def test_row_counts(table: str, rows: int) -> None:
    assert load(table).height == rows


@pytest.mark.parametrize("table", CARD_COUNTS)
def test_each_card_table_is_one_type_one_copy_each(table: str) -> None:
    frame = load(table)
    assert frame["type"].n_unique() == 1
    assert set(frame["copies"]) == {1}


def test_the_shared_deck_is_145_cards() -> None:
    deck = pl.concat([load(t).select("name", "type", "copies") for t in CARD_COUNTS])
    assert deck["copies"].sum() == 145 == sum(CARD_COUNTS.values())
    assert deck["name"].n_unique() == 145
    assert deck["type"].cast(pl.String).unique(maintain_order=True).to_list() == [
        "Weapon", "Armor", "Vehicle", "Steed", "Equipment", "Event", "Mutation", "Foe",
        "Location"]


def test_the_set_loads_and_passes_its_cross_checks() -> None:
    assert tuple(cards.load_set(GAME)) == cards.tables(GAME)


# ---- spot values -----------------------------------------------------------------------------

@pytest.mark.parametrize(("table", "name", "expected"), [
    ("weapons", "Vibro Dagger", {"force": 1, "no_effect_vs_robots": False,  # seed line 69
                                 "uses": None, "grenade": False, "note": "+1"}),
    ("weapons", "Needler", {"force": 2, "no_effect_vs_robots": True,  # seed line 73
                            "note": "+2 No effect on Robots/Androids"}),
    ("weapons", "Torc Grenades", {"force": 5, "grenade": True}),  # seed line 87
    ("weapons", "Fusion Rifle", {"force": 4, "uses": None}),  # seed line 88
    ("weapons", "Black Ray Pistol", {"force": 5, "no_effect_vs_robots": True}),  # line 91
    ("armor", "Sheath Armor", {"hits": 3, "force": 0, "note": "3 -"}),  # seed line 94
    ("armor", "Powered Scout Armor", {"hits": 5, "force": 1}),  # seed line 99
    ("armor", "Powered Assault Armor", {"hits": 7, "force": 2}),  # seed line 102
    ("vehicles", "Turbine Car", {"ap": 1, "note": "+1"}),  # seed line 105
    ("vehicles", "Anti-Gravity Sled", {"ap": 1}),  # seed line 110
    ("steeds", "Podog", {"hits": 2, "force": 0, "ap": 1}),  # seed line 115
    ("steeds", "Brutorz", {"hits": 3, "force": 2, "ap": 1, "note": "3 +2 +1"}),  # line 116
    ("equipment", "Rejuv Chamber", {"effect": "heal", "ap": 0, "force": 0}),  # seed line 120
    ("equipment", "Mind Booster", {"effect": "extra_ap", "ap": 1}),  # seed line 123
    ("equipment", "Stim Dose", {"effect": "stat_bonus", "force": 1, "hits": 1}),  # line 124
    ("equipment", "Atomic Energy Cells", {"effect": "negate_breakdown",  # seed line 126
                                          "discard_to_use": True}),
    ("events", "Telepathy", {"effect": "look_hand", "target": "Hand",  # seed line 135
                             "target_owner": "Opponent", "cryptic_alliance": False}),
    ("events", "Gene Pool", {"effect": "retrieve", "target": "Discard pile",  # seed line 140
                             "card_types": ["Mutation"]}),
    ("events", "Yexil Trader", {"card_types": ["Equipment", "Weapon"]}),  # seed line 142
    ("events", "De-Evolution", {"effect": "destroy", "card_types": ["Mutation"]}),  # line 133
    ("mutations", "Heat Generation", {"force": 2, "hits": 0, "effect": None,  # seed line 147
                                      "force_vs_robots": None, "note": "+2"}),
    ("mutations", "Chameleon Power", {"force": 1, "hits": 2}),  # seed line 166
    ("mutations", "Force Field Generation", {"force": 0, "hits": 4}),  # seed line 176
    ("mutations", "Regeneration", {"effect": "heal"}),  # seed line 177
    ("mutations", "Genius Capability", {"effect": "extra_ap", "ap": 1}),  # seed line 180
    ("foes", "Security Robotoids", {"threat_dice_count": 2, "threat_dice_sides": 6,  # line 184
                                    "robot": True, "description": "Robots"}),
    ("foes", "Warbot", {"threat_dice_count": 4}),  # seed line 186
    ("foes", "Narl Ep", {"threat_dice_count": 2, "robot": False,  # seed line 190
                         "description": "Enormous White Mutated Tree"}),
    ("foes", "Serf Brigade", {"threat_dice_count": 4, "cryptic_alliance": False}),  # line 195
    ("foes", "Knights of Genetic Purity", {"threat_dice_count": 3,  # seed line 201
                                           "cryptic_alliance": True}),
    ("locations", "Think Tank", {"power": "extra_ap", "amount": 1, "action": "Draw",  # 213
                                 "one_time": False}),
    ("locations", "Communications Facility", {"power": "hand_size", "amount": 1}),  # line 214
    ("locations", "Agri-Dome", {"power": "follower_limit", "amount": 1}),  # seed line 216
    ("locations", "Space Port", {"power": "extra_ap", "action": "Attack"}),  # seed line 226
    ("locations", "Medical Center", {"power": "heal", "amount": None}),  # seed line 227
    ("locations", "Research Laboratories", {"power": "search_deck", "amount": 3,  # line 232
                                            "card_type": "Equipment", "one_time": True}),
    ("locations", "Armory", {"action": "Play Item", "card_type": "Armor"}),  # seed line 230
])
def test_cards(table: str, name: str, expected: dict) -> None:
    check(table, name, expected)


@pytest.mark.parametrize(("table", "first", "last"), [
    ("weapons", "Vibro Dagger", "Black Ray Pistol"),  # seed lines 69, 91
    ("armor", "Sheath Armor", "Powered Assault Armor"),  # 94, 102
    ("vehicles", "Turbine Car", "Anti-Gravity Sled"),  # 105, 110
    ("steeds", "Centisteed", "Hopper"),  # 114, 117
    ("equipment", "Rejuv Chamber", "Atomic Energy Cells"),  # 120, 126
    ("events", "Healers", "Yexil Trader"),  # 129, 142
    ("mutations", "Heat Generation", "Defect"),  # 147, 181
    ("foes", "Security Robotoids", "The Iron Society"),  # 184, 209
    ("locations", "Think Tank", "Robotics Factory"),  # 213, 233
])
def test_rows_follow_the_seed_order(table: str, first: str, last: str) -> None:
    frame = load(table)
    assert (frame["name"][0], frame["name"][-1]) == (first, last)


def test_actions() -> None:
    actions = load("actions")  # seed lines 21-24; "An AP can be used to do one of" (line 20)
    assert actions["action"].cast(pl.String).to_list() == [
        "Recruit", "Draw", "Play Item", "Attack"]
    assert set(actions["ap_cost"]) == {1}


def test_phases() -> None:
    assert load("phases")["phase"].cast(pl.String).to_list() == ["Action", "Healing"]  # 16-17


@pytest.mark.parametrize(("name", "expected"), [
    ("starting_threat", {"dice_count": None, "dice_sides": 6, "card_types": ["Foe"]}),  # 44
    ("battle", {"dice_count": 1, "dice_sides": 6, "per": "Force point",  # seed lines 45-46
                "at_most": 1, "at_least": None}),
    ("threat", {"dice_count": 1, "per": "Threat point", "at_most": 1}),  # seed lines 47-48
    ("hit_allocation", {"dice_count": 1, "dice_sides": 6, "per": "Hit"}),  # seed line 49
    ("heal", {"dice_count": 1, "dice_sides": 6, "per": None}),  # seed line 62
    ("breakdown", {"dice_count": 1, "per": "Use", "at_least": 6, "modifier": 0,  # lines 64-65
                   "card_types": ["Weapon", "Equipment", "Vehicle"]}),
    ("breakdown_grenade", {"at_least": 6, "modifier": 1, "card_types": ["Weapon"]}),  # line 66
    ("precognition", {"dice_count": 2, "dice_sides": 6}),  # seed line 134
    ("wasteland", {"dice_count": 1, "dice_sides": 6}),  # seed line 141
])
def test_rolls(name: str, expected: dict) -> None:
    check("rolls", name, expected)


@pytest.mark.parametrize(("name", "value"), [
    ("base_ap", 2),  # seed line 19
    ("follower_force", 1),  # seed line 31
    ("follower_hits", 2),  # seed line 31
    ("max_followers", 6),  # seed line 33
    ("hand_size", 5),  # seed line 35
    ("vehicles_or_steeds_per_follower", 1),  # seed line 39
    ("armor_per_follower", 1),  # seed line 39
    ("threat_per_battle_roll_of_1", 1),  # seed line 46
    ("hits_per_threat_roll_of_1", 1),  # seed line 48
    ("healing_per_follower", 1),  # seed line 61
    ("event_uses", 1),  # seed line 143
    ("neutron_missile_uses", 1),  # seed line 235
    ("event_ap_cost", 0),  # ruling gw-21
    ("starting_hand", 0),  # ruling gw-22
])
def test_constants(name: str, value: int) -> None:
    assert row("constants", name)["value"] == value


# ---- every vocabulary value is used ----------------------------------------------------------

def _used(table: str, column: str) -> set[str]:
    series = load(table)[column]
    if isinstance(series.dtype, pl.List):
        series = series.explode()
    return set(series.drop_nulls().cast(pl.String).to_list())


@pytest.mark.parametrize(("vocabulary", "uses"), [
    (tables.CARD_TYPE, [(t, "type") for t in CARD_COUNTS]),
    (tables.EQUIPMENT_EFFECT, [("equipment", "effect")]),
    (tables.MUTATION_EFFECT, [("mutations", "effect")]),
    (tables.EVENT_EFFECT, [("events", "effect")]),
    (tables.TARGET, [("events", "target")]),
    (tables.OWNER, [("events", "target_owner"), ("mutations", "attach_to")]),
    (tables.POWER, [("locations", "power")]),
    (tables.ACTION, [("locations", "action"), ("actions", "action")]),
    (tables.PHASE, [("phases", "phase")]),
    (tables.DICE_PER, [("rolls", "per")]),
])
def test_every_vocabulary_value_is_used(vocabulary: pl.Enum, uses: list) -> None:
    used = set().union(*(_used(t, c) for t, c in uses))
    assert used == set(vocabulary.categories.to_list())


def test_location_restrictions_use_every_ap_action() -> None:
    assert _used("locations", "action") == {"Recruit", "Draw", "Play Item", "Attack"}


# ---- the declared checks can fail ------------------------------------------------------------

@pytest.mark.parametrize(("table", "name", "change", "column"), [
    (tables.WEAPONS, "Needler", {"type": "Armor"}, "type"),
    (tables.EQUIPMENT, "Mind Booster", {"ap": 0}, "ap"),
    (tables.EQUIPMENT, "Medi-Kit", {"force": 1}, "force"),
    (tables.EVENTS, "Precognition", {"dice_sides": None}, "dice_sides"),
    (tables.LOCATIONS, "Weapons Lab", {"card_type": None}, "card_type"),
    (tables.LOCATIONS, "Think Tank", {"action": None}, "action"),
    (tables.LOCATIONS, "Missile Silo", {"one_time": False}, "one_time"),
])
def test_table_checks_refuse_inconsistent_rows(table, name: str, change: dict,
                                               column: str) -> None:
    rows = [{**r, **change} if r["name"] == name else r for r in load(table.name).to_dicts()]
    with pytest.raises(CardDataError) as caught:
        frame_from_rows(table, rows)
    assert (caught.value.name, caught.value.column) == (name, column)


def _frames() -> dict[str, pl.DataFrame]:
    return {t: load(t) for t in cards.tables(GAME)}


def test_set_check_refuses_a_name_in_two_card_lists(tmp_path) -> None:
    frames = _frames()
    frames["armor"] = frames["armor"].with_columns(
        pl.when(pl.col("name") == "Sheath Armor").then(pl.lit("Needler")).otherwise("name")
        .alias("name"))
    with pytest.raises(CardDataError, match="is also a card of 'weapons'"):
        tables.check_set(frames, tmp_path)


def test_set_check_refuses_event_dice_unlike_its_roll(tmp_path) -> None:
    frames = _frames()
    frames["rolls"] = frames["rolls"].with_columns(
        pl.when(pl.col("name") == "precognition").then(3).otherwise("dice_count")
        .cast(pl.Int8).alias("dice_count"))
    with pytest.raises(CardDataError, match="'precognition'"):
        tables.check_set(frames, tmp_path)


# ---- one test per ruling ---------------------------------------------------------------------

def test_gw_1_names_end_where_the_numbers_or_notes_begin() -> None:
    check("weapons", "Mk VII Blaster Rifle", {"force": 3, "note": "+3"})  # seed line 84
    check("equipment", "Solar Energy Cells",  # seed line 125
          {"note": "Discard to negate a Breakdown result"})
    check("events", "Latent Mutation",  # seed line 136
          {"note": "Attach a mutation card to one of your followers"})
    check("locations", "Food-Processing-Plant",  # seed line 218
          {"note": "Maximum number of Followers +1"})
    check("locations", "Think Tank", {"note": "AP (Action Points) +1 to draw cards only"})


def test_gw_2_the_star_marks_a_cryptic_alliance() -> None:
    assert names("events", pl.col("cryptic_alliance")) == {  # seed lines 129-132
        "Healers", "Archivists", "Seekers", "Brotherhood of Thought"}
    assert names("foes", pl.col("cryptic_alliance")) == {  # seed lines 201-209
        "Knights of Genetic Purity", "Restorationists", "Zoopremists", "Ranks of the Fit",
        "Entropists (Red Death)", "Followers of the Voice", "Radioactivists", "The Created",
        "The Iron Society"}
    for table in CARD_COUNTS:
        assert not load(table)["name"].str.contains("*", literal=True).any()


def test_gw_3_a_dash_is_zero_force() -> None:
    assert names("armor", pl.col("force") == 0) == {  # seed lines 94-98
        "Sheath Armor", "Plastic Armor", "Inertia Armor", "Energized Armor",
        "Powered Plate Armor"}
    assert names("steeds", pl.col("force") == 0) == {"Centisteed", "Podog", "Hopper"}
    assert len(names("mutations", pl.col("note").str.starts_with("- "))) == 9  # lines 172-180
    assert names("mutations", pl.col("note").str.starts_with("- ")) == names(
        "mutations", pl.col("force") == 0)


def test_gw_4_defect_is_minus_two_force() -> None:
    check("mutations", "Defect", {"force": -2, "hits": 0, "effect": "defect",  # seed line 181
                                  "note": "–2 Attach to opponents follower when recruited"})
    assert load("mutations")["force"].min() == -2


def test_gw_5_the_grenades() -> None:
    assert names("weapons", pl.col("grenade")) == {  # seed lines 79-82, 87
        "Gas Grenades", "Energy Grenades", "Frag Grenades", "Photon Grenades", "Torc Grenades"}
    assert names("weapons", pl.col("grenade") & pl.col("uses").is_not_null()) == set()


def test_gw_6_one_use_only() -> None:
    assert names("weapons", pl.col("uses") == 1) == {"Small Damage Pack", "Matter Bomb"}  # 86, 90
    assert load("weapons")["uses"].null_count() == 21


def test_gw_7_robot_foes() -> None:
    assert names("foes", pl.col("robot")) == {  # seed lines 184-187, 208
        "Security Robotoids", "Defense/Attack Borg", "Warbot", "Death Machine", "The Created"}
    check("foes", "Cyborgs", {"robot": False})  # seed line 200
    check("foes", "Gamma Knight", {"robot": False})  # seed line 188


def test_gw_8_force_against_robots() -> None:
    assert names("weapons", pl.col("no_effect_vs_robots")) == {  # seed lines 73, 79, 91
        "Needler", "Gas Grenades", "Black Ray Pistol"}
    check("mutations", "Electrical Generation", {"force": 1, "force_vs_robots": 4})  # line 160
    check("mutations", "Mental Blast", {"force": 4, "force_vs_robots": 0})  # line 162
    assert load("mutations")["force_vs_robots"].drop_nulls().len() == 6  # lines 160-165


def test_gw_9_an_item_card_is_one_of_five_types() -> None:
    for name in ("Archivists", "Seekers", "Repairs"):  # seed lines 130, 131, 139
        assert row("events", name)["card_types"] == ITEMS
    assert tables.ITEM_TYPES == tuple(ITEMS)  # seed line 38


def test_gw_10_one_time_location_powers() -> None:
    assert names("locations", pl.col("one_time")) == {  # seed lines 215, 223, 228, 232
        "Military Installation", "Missile Silo", "Bunker System", "Research Laboratories"}


def test_gw_11_ap_restrictions() -> None:
    frame = load("locations").filter(pl.col("power") == "extra_ap")
    found = {r["name"]: (r["action"], r["card_type"]) for r in frame.to_dicts()}
    assert found == {  # seed lines 213, 220-222, 226, 229-231, 233
        "Think Tank": ("Draw", None),
        "Biomorphic Biosphere": ("Recruit", None),
        "Residential Megastructure": ("Recruit", None),
        "Recreation Sportsplex": ("Recruit", None),
        "Space Port": ("Attack", None),
        "Weapons Lab": ("Play Item", "Weapon"),
        "Armory": ("Play Item", "Armor"),
        "Industrial Complex": ("Play Item", "Vehicle"),
        "Robotics Factory": ("Play Item", "Equipment"),
    }


def test_gw_12_extra_ap_every_turn() -> None:
    assert set(load("vehicles")["ap"]) == {1}  # seed lines 105-111
    assert set(load("steeds")["ap"]) == {1}  # seed lines 114-117
    assert names("mutations", pl.col("ap") == 1) == {  # seed lines 178-180
        "Teleportation", "Time Field Manipulation", "Genius Capability"}
    assert names("equipment", pl.col("ap") == 1) == {"Mind Booster"}  # seed line 123


def test_gw_13_brotherhood_of_thought_keeps_items() -> None:
    check("events", "Brotherhood of Thought", {  # seed line 132
        "effect": "discard_follower", "target": "Follower", "keep_items": True})
    assert names("events", pl.col("keep_items")) == {"Brotherhood of Thought"}


def test_gw_14_targets_may_be_any_players() -> None:
    for name in ("Seekers", "Brotherhood of Thought", "De-Evolution"):  # lines 131-133
        assert row("events", name)["target_owner"] == "Any"


def test_gw_15_defect_goes_on_an_opponents_follower() -> None:
    check("mutations", "Defect", {"attach_to": "Opponent"})  # seed line 181
    assert names("mutations", pl.col("attach_to") == "Opponent") == {"Defect"}


def test_gw_16_heal_is_the_1d6_heal_roll() -> None:
    assert names("equipment", pl.col("effect") == "heal") == {  # seed lines 120-122
        "Rejuv Chamber", "Life Ray", "Medi-Kit"}
    check("mutations", "Regeneration", {"effect": "heal"})  # seed line 177
    check("locations", "Medical Center", {"power": "heal"})  # seed line 227
    check("events", "Healers", {"effect": "heal", "target": "Follower",  # seed line 129
                                "target_owner": "Own", "dice_count": None})
    check("rolls", "heal", {"dice_count": 1, "dice_sides": 6})  # seed line 62


def test_gw_17_event_dice_give_a_number_of_cards() -> None:
    check("events", "Precognition", {"effect": "look_next", "dice_count": 2,  # seed line 134
                                     "dice_sides": 6})
    check("events", "Wasteland", {"effect": "opponent_discards", "dice_count": 1,  # line 141
                                  "dice_sides": 6, "target_owner": "Opponent"})


def test_gw_18_mutation_events_attach_from_hand_to_own_follower() -> None:
    for name in ("Latent Mutation", "Radiation"):  # seed lines 136-137
        check("events", name, {"effect": "attach_mutation", "target": "Follower",
                               "target_owner": "Own", "card_types": ["Mutation"]})


def test_gw_19_encroach_attacks_an_opponents_location() -> None:
    check("events", "Encroach", {"effect": "attack_location", "target": "Location",  # 138
                                 "target_owner": "Opponent"})


def test_gw_20_the_neutron_missile() -> None:
    check("locations", "Missile Silo", {"power": "neutron_missile", "one_time": True,  # 223
                                        "amount": None})
    assert row("constants", "neutron_missile_uses")["value"] == 1  # seed line 235


def test_gw_21_events_cost_no_ap() -> None:
    assert row("constants", "event_ap_cost")["value"] == 0
    assert "Event" not in load("actions")["action"].cast(pl.String).to_list()


def test_gw_22_no_starting_hand() -> None:
    assert row("constants", "starting_hand")["value"] == 0
