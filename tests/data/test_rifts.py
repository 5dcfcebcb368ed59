"""Rifts Adventures card data against seed 000 (`000_e048e3fba517c5f0.txt`).

Every expected value is hard-coded from the seed (its line cited) or from a ruling in
docs/rulings.md (its number cited); nothing is read from the seed or derived from the
data under test.
"""

from __future__ import annotations

from typing import Any

import polars as pl
import pytest

from explorer import cards

GAME = "rifts"


def load(table: str) -> pl.DataFrame:
    return cards.load(GAME, table)


def row(table: str, /, **where: Any) -> dict[str, Any]:
    """The one row of ``table`` whose columns equal ``where``."""
    frame = load(table)
    for column, value in where.items():
        frame = frame.filter(pl.col(column).cast(pl.String) == str(value))
    assert frame.height == 1, (table, where, frame.height)
    return frame.row(0, named=True)


def abilities(table: str, name: str) -> list[tuple[str, int]]:
    return [(a["name"], a["bonus"]) for a in row(table, name=name)["abilities"]]


def rows(table: str, /, **where: Any) -> list[dict[str, Any]]:
    """The rows of ``table`` whose columns equal ``where``, in order."""
    frame = load(table)
    for column, value in where.items():
        frame = frame.filter(pl.col(column).cast(pl.String) == str(value))
    return frame.to_dicts()


def names_with(table: str, column: str, value: str) -> list[str]:
    frame = load(table)
    return frame.filter(pl.col(column).list.eval(pl.element().cast(pl.String))
                        .list.contains(value))["name"].to_list()


def used_abilities(table: str) -> set[str]:
    return {a["name"] for card in load(table)["abilities"].to_list() for a in card}


def categories(table: str, column: str) -> list[str]:
    dtype = cards.schema(GAME, table)[column]
    while isinstance(dtype, pl.List):
        dtype = dtype.inner
    return dtype.categories.to_list()


# ---- row counts ------------------------------------------------------------------------------

COUNTS = {
    "characters": 29,  # CHARACTER DECK CARD LIST, lines 35-63
    "equipment": 60,  # EQUIPMENT DECK CARD LIST, lines 127-186
    "psionic": 38,  # PSIONIC DECK, lines 195-232
    "magic": 38,  # MAGIC DECK CARD LIST, lines 235-272
    "locations": 28,  # NORTH AMERICA ADVENTURE LOCATION DECK, lines 536-563
    "foes": 43,  # NORTH AMERICA ADVENTURE FOE DECK, lines 586-628
    "hazard": 20,  # HAZARD TABLE, lines 325-344
    "escape": 4,  # ESCAPE TABLE, lines 352-355
    "bonus_supply": 20,  # BONUS SUPPLY TABLE, lines 391-410
    "mission": 14,  # MISSION TABLE, lines 419-432
    "loot": 2,  # LOOT TABLE, lines 437-438
    "hit_result": 6,  # HIT RESULT TABLE, lines 489-494
    "combat_event": 10,  # COMBAT EVENT TABLE, lines 504-513
    "chaos": 3,  # Chaos, lines 112-113
    "abilities": 42,  # 35 definitions (lines 67-117) + 7 undefined abilities (rifts-5..12)
    "rolls": 42,  # every roll of the seed (see test_rolls)
    "roll_modifiers": 28,  # lines 313-320 (6), 362-368 (5), 413-416 + 70, 73, 114 (7),
    #                        465-471 (6), 486 (1), 518-521 (4)
    "constants": 32,
    "equipment_types": 7,  # EQUIPMENT DECK NOTATION, lines 119-124 (W, A, PA, V, I, RV, C)
    "supply_types": 7,  # Any, Non-Tech, Tech, Magic, Psionic, Character, None (lines 536-563)
    "notation": 37,  # lines 27-32 (6), 119-124 (7), 188-192 (5), 532-533 (2), 567-583 (17)
}


def test_the_tables_are_these_in_this_order() -> None:
    assert cards.tables(GAME) == tuple(COUNTS)


@pytest.mark.parametrize(("table", "count"), COUNTS.items())
def test_row_count(table: str, count: int) -> None:
    assert load(table).height == count


def test_the_whole_set_loads_with_its_cross_table_checks() -> None:
    assert tuple(cards.load_set(GAME)) == tuple(COUNTS)


# ---- characters (lines 27-63) ----------------------------------------------------------------

def test_character_classes_are_the_notation() -> None:
    # lines 27-31: FT, AV, MG, RC, PY
    assert categories("characters", "class") == [
        "Fighter", "Adventurer", "Mage", "Racial Class", "Psychic"]
    counts = dict(load("characters").group_by("class").len().iter_rows())
    # lines 35-45 FT, 46-53 AV, 54-58 MG, 59 RC, 60-63 PY
    assert counts == {"Fighter": 11, "Adventurer": 8, "Mage": 5, "Racial Class": 1, "Psychic": 4}


@pytest.mark.parametrize(("name", "klass", "base_force", "skills", "note"), [
    ("Borg Mercenary", "Fighter", 7, [("Cyborg", 1)], "Cyborg +1"),  # line 35
    ("Cyber-Knight", "Fighter", 10, [("Wilderness", 0), ("Psi-Sword", 0)],
     "Wilderness & Psi-Sword"),  # line 38
    ("Retired Coalition Tech", "Fighter", 2, [("Repair", 0), ("Power Armor", 0)],
     "Repair & Power Armor"),  # line 45
    ("City Rat", "Adventurer", 3, [("Urban", 0), ("Pilot", 0), ("Cyborg", 0)],
     "Urban & Pilot & Cyborg"),  # line 47
    ("Dragon Hatchling", "Racial Class", 12,
     [("Fly", 0), ("Mage", 0), ("Breath", 0), ("Tough", 0)], "Fly & Mage & Breath & Tough"),  # 59
    ("Mind Melter", "Psychic", 12, [("Major Psychic", 0)], "Major Psychic"),  # line 63
])
def test_characters(name: str, klass: str, base_force: int, skills: list, note: str) -> None:
    card = row("characters", name=name)
    assert (card["class"], card["base_force"], card["note"]) == (klass, base_force, note)
    assert abilities("characters", name) == skills
    assert (card["copies"], card["deck"]) == (1, "Character")


def test_character_base_force_total() -> None:
    # lines 35-63: 7+5+8+10+4+4+5+4+6+5+2 + 2+3+2+3+3+3+3+5 + 3+3+3+4+2 + 12 + 10+9+8+12
    assert load("characters")["base_force"].sum() == 150


# ---- equipment (lines 119-186) ---------------------------------------------------------------

def test_equipment_types() -> None:
    assert categories("equipment", "type") == [
        "Weapon", "Armor", "Power Armor", "Vehicle", "Item", "Robot Vehicle",
        "Cybernetic Implant"]  # lines 119-124
    counts = dict(load("equipment").group_by("type").len().iter_rows())
    # A 127-130, PA 131-134, W 135-149, RV 150-152, V 153-160, C 161-172, I 173-186
    assert counts == {"Armor": 4, "Power Armor": 4, "Weapon": 15, "Robot Vehicle": 3,
                      "Vehicle": 8, "Cybernetic Implant": 12, "Item": 14}


@pytest.mark.parametrize(("name", "kind", "force", "skills", "uses", "every_other", "note"), [
    ("Dead Boy Body Armor", "Armor", 2, [("Tough", 0)], None, False, "Tough"),  # line 127
    ("Glitter Boy Power Armor", "Power Armor", 14,
     [("Attack", 0), ("Tough", 0), ("Sensors", 0)], None, False,
     "Attack & Tough & Sensors"),  # line 134
    ("Vibro Blades", "Weapon", 3, [], None, False, "-"),  # line 136
    ("Rail Gun", "Weapon", 5, [], 5, False, "5 Uses"),  # line 140
    ("Heavy Plasma Cannon", "Weapon", 5, [], None, True, "Use every other Round"),  # line 143
    ("Rocket Launcher", "Weapon", 6, [], 2, True, "2 Uses; Use every other Round"),  # line 144
    ("Titan Combat Robot", "Robot Vehicle", 18,
     [("Attack", 0), ("Protect", 0), ("Sensors", 0)], None, False,
     "Attack & Protect & Sensors"),  # line 150
    ("Wilks Jet Pack", "Vehicle", 1, [("Fly", 0)], None, False, "Fly"),  # line 160
    ("Life Support", "Cybernetic Implant", 4, [("Tough", 0), ("Survival", 0)], None, False,
     "Tough & Survival"),  # line 171
    ("Robot Surgeon System", "Item", 2, [("Heal", 1)], None, False, "Heal +1"),  # line 178
])
def test_equipment(name: str, kind: str, force: int, skills: list, uses: int | None,
                   every_other: bool, note: str) -> None:
    card = row("equipment", name=name)
    assert (card["type"], card["force"], card["uses"], card["every_other_round"],
            card["note"]) == (kind, force, uses, every_other, note)
    assert abilities("equipment", name) == skills


def test_equipment_without_abilities() -> None:
    empty = load("equipment").filter(pl.col("abilities").list.len() == 0)
    # the ten '-' cards: lines 136-138, 142, 147, 157-158, 163-165
    assert empty.filter(pl.col("note") == "-")["name"].to_list() == [
        "Vibro Blades", "Laser Pistol", "Laser Rifle", "Assault Laser Rifle", "Pulse Rifle",
        "Highway Motorcycle", "Wastelander Motorcycle", "Bionic Hand", "Bionic Limb",
        "Bionic Arm"]
    # and nine weapons with only uses or "Use every other Round": lines 139-141, 143-146, 148-149
    assert empty.filter(pl.col("note") != "-").height == 9


# ---- psionic (lines 188-232) -----------------------------------------------------------------

def test_psionic_categories() -> None:
    assert categories("psionic", "category") == ["Healing", "Sensory", "Physical", "Major"]
    counts = dict(load("psionic").group_by("category").len().iter_rows())
    # HS 195-201, SS 202-209, PS 210-218, MS 219-232
    assert counts == {"Healing": 7, "Sensory": 8, "Physical": 9, "Major": 14}


@pytest.mark.parametrize(("name", "category", "force", "skills", "choice", "note"), [
    ("Bio-Regenerate", "Healing", 1, [("Heal", 2)], False, "Heal +2"),  # line 195
    ("Object Read", "Sensory", 3, [("Scrying", 0), ("Repair", 0)], True,
     "Scrying or Repair"),  # line 202
    ("Inner Strength", "Physical", 8, [("Attack", 0), ("Tough", 0)], True,
     "Attack or Tough"),  # line 216
    ("Mind Bolt", "Major", 15, [("Attack", 0)], False, "Attack"),  # line 225
    ("Telemechanics", "Major", 9, [("Repair", 2), ("Scrying", 0)], True,
     "Repair +2 or Scrying"),  # line 232
])
def test_psionic(name: str, category: str, force: int, skills: list, choice: bool,
                 note: str) -> None:
    card = row("psionic", name=name)
    assert (card["category"], card["force"], card["ability_choice"], card["note"]) == (
        category, force, choice, note)
    assert (card["force_dice_count"], card["force_dice_sides"]) == (None, None)
    assert abilities("psionic", name) == skills


def test_psionic_choices() -> None:
    # lines 195-232: 15 cards list two abilities joined by "or"
    assert load("psionic")["ability_choice"].sum() == 15


# ---- magic (lines 235-272) -------------------------------------------------------------------

@pytest.mark.parametrize(("name", "force", "skills", "choice", "note"), [
    ("Sense Evil", 1, [("Scrying", 0)], False, "Scrying"),  # line 235
    ("Chameleon", 2, [("Escape", 0), ("Stealth", 0)], True, "Escape or Stealth"),  # line 238
    ("Illusion", 5, [("Chaos", 2)], False, "Chaos +2"),  # line 248
    ("Storm", 13, [("Attack", 0), ("Chaos", 0), ("Escape", 0)], True,
     "Attack or Chaos or Escape"),  # line 268
    ("Restoration", 14, [("Heal", 4)], False, "Heal +4"),  # line 269
    ("Summon Monster", 15, [("Attack", 0), ("Protect", 0)], True, "Attack or Protect"),  # 272
])
def test_magic(name: str, force: int, skills: list, choice: bool, note: str) -> None:
    card = row("magic", name=name)
    assert (card["force"], card["ability_choice"], card["note"]) == (force, choice, note)
    assert abilities("magic", name) == skills


def test_magic_force_is_in_the_seed_order() -> None:
    # lines 235-272 list the spells by rising Force, from 1 to 15
    force = load("magic")["force"].to_list()
    assert force == sorted(force) and (force[0], force[-1]) == (1, 15)


# ---- locations (lines 532-563) ---------------------------------------------------------------

@pytest.mark.parametrize(("name", "kind", "supply", "cards_", "groups", "bonus", "note"), [
    ("Northern Wastelands", "Wilderness", "Non-Tech", 1, ["D-Bees"], 3,
     "Non-Tech 1 D-Bees +3"),  # line 536
    ("Refugee Camp", "Urban", "Character", 1, [], 0, "Character 1 -"),  # line 540
    ("Chi-Town", "Urban", "Tech", 2, ["CN"], 5, "Tech 2 CN +5"),  # line 543
    ("Dinosaur Swamp", "Wilderness", "None", 0, ["Monsters"], 7, "None Monsters +7"),  # 549
    ("Federation of Magic", "Wilderness", "Magic", 3, ["Magic"], 4, "Magic 3 Magic +4"),  # 552
    ("Devil’s Gate", "Wilderness", "None", 0, ["Magic", "Psionic", "Monsters", "Demons"], 2,
     "None Magic, Psionic, Monsters, Demons +2"),  # line 555
    ("Rio Grande Border", "Wilderness", "Any", 1, ["Undead"], 3, "Any 1 Undead +3"),  # 563
])
def test_locations(name: str, kind: str, supply: str, cards_: int, groups: list, bonus: int,
                   note: str) -> None:
    card = row("locations", name=name)
    assert (card["type"], card["supply"], card["supply_cards"], card["foe_bonus_groups"],
            card["foe_bonus"], card["note"]) == (kind, supply, cards_, groups, bonus, note)


def test_location_types_and_supply_kinds() -> None:
    assert categories("locations", "type") == ["Urban", "Wilderness"]  # lines 532-533
    frame = load("locations")
    # U: lines 540, 542-547, 553, 556, 558-560
    assert dict(frame.group_by("type").len().iter_rows()) == {"Urban": 12, "Wilderness": 16}
    assert dict(frame.group_by("supply").len().iter_rows()) == {
        "Non-Tech": 1, "Any": 11, "Character": 1, "Magic": 5, "Tech": 6, "None": 3,
        "Psionic": 1}
    # the six "-" bonuses: lines 540, 541, 548, 550, 559, 560
    assert frame.filter(pl.col("foe_bonus") == 0)["name"].to_list() == [
        "Refugee Camp", "Settlement", "Farms", "Military Outpost", "Black Market",
        "Border Town"]


# ---- foes (lines 567-628) --------------------------------------------------------------------

@pytest.mark.parametrize(("name", "types", "code", "tokens", "fpt", "draws", "only", "note"), [
    ("Xiticix Swarm", ["D-Bee"], "D", 10, 5, (0, 0, 0), "Wilderness", "WO"),  # line 586
    ("Vampire Kingdom", ["Undead"], "U", 9, 7, (1, 1, 0), None,
     "Psionic 1 Magic 1"),  # line 591
    ("Petty Warlord", ["Human"], "H", 8, 4, (0, 0, 2), "Wilderness", "Tech 2 WO"),  # line 594
    ("CN Skelebot Platoon", ["Robot"], "R", 10, 4, (0, 0, 2), None, "Tech 2"),  # line 607
    ("Iron Juggernaut", ["Robot", "Magic", "Monster"], "RZM", 1, 39, (2, 0, 0), None,
     "Magic 2"),  # line 611
    ("Giant Demon", ["Monster", "Demon", "Magic"], "MNZ", 1, 47, (1, 0, 0), "Wilderness",
     "Magic 1 WO"),  # line 617
    ("Techno Wizard Militia", ["Human"], "H", 4, 8, (2, 0, 2), None, "Magic 2 Tech 2"),  # 620
    ("City Rat Pack", ["Human"], "H", 6, 4, (0, 0, 1), "Urban", "Tech 1 UO"),  # line 628
])
def test_foes(name: str, types: list, code: str, tokens: int, fpt: int, draws: tuple,
              only: str | None, note: str) -> None:
    foe = row("foes", name=name)
    assert (foe["types"], foe["type_code"], foe["tokens"], foe["force_per_token"]) == (
        types, code, tokens, fpt)
    assert (foe["magic_cards"], foe["psionic_cards"], foe["tech_cards"]) == draws
    assert (foe["only"], foe["note"]) == (only, note)


def test_foe_only_marks() -> None:
    frame = load("foes")
    # WO: lines 586-589, 594, 610, 617-619, 623; UO: lines 621, 624, 628
    assert dict(frame.group_by("only").len().iter_rows()) == {
        "Wilderness": 10, "Urban": 3, None: 30}


def test_foe_types_vocabulary() -> None:
    # lines 569-577: M, U, N, D, X, Z, R, P, H
    assert categories("foes", "types") == [
        "Monster", "Undead", "Demon", "D-Bee", "Mutant", "Magic", "Robot", "Psychic", "Human"]


# ---- roll tables -----------------------------------------------------------------------------

DICE = {"hazard": 20, "escape": 6, "bonus_supply": 20, "mission": 20, "loot": 10,
        "hit_result": 10, "combat_event": 10, "chaos": 6}
# lines 324 (1D20), 351 (1D6), 390 (1D20), 418 (1D20), 436 (1D10), 488 (1D10), 503 (1D10), 112


@pytest.mark.parametrize(("table", "sides"), DICE.items())
def test_roll_table_covers_its_die(table: str, sides: int) -> None:
    frame = load(table)
    for face in range(1, sides + 1):
        hits = frame.filter((pl.col("low").is_null() | (pl.col("low") <= face))
                            & (pl.col("high").is_null() | (pl.col("high") >= face)))
        assert hits.height == 1, (table, face)
    roll = row("rolls", table=table)
    assert (roll["dice_count"], roll["dice_sides"], roll["kind"]) == (1, sides, "table")


@pytest.mark.parametrize(("table", "result", "low", "high", "note"), [
    ("hazard", "Crash", 1, 1, "One random Vehicle is damaged"),  # line 325
    ("hazard", "Out of Fuel", 20, 20, "One Random Vehicle is discarded"),  # line 344
    ("escape", "Retreat", 1, 2, "Remain at your starting Location. Your turn ends."),  # 352
    ("bonus_supply", "Lean Times", 20, 20, "Get -3 to further Supply Rolls here"),  # 410
    ("mission", "Find Nothing", 1, 4, "-"),  # line 419
    ("loot", "Nothing", 1, 5, "Nothing"),  # line 437
    ("combat_event", "Confused", 10, 10, "Character attacks own Party next Round"),  # 513
    ("chaos", "Does Not Attack", 3, 4, "Unit does not Attack"),  # line 113
])
def test_roll_table_rows(table: str, result: str, low: int, high: int, note: str) -> None:
    entry = row(table, result=result)
    assert (entry["low"], entry["high"], entry["note"]) == (low, high, note)


def test_hazard_numbers() -> None:
    assert (row("hazard", result="Separated")["duration_dice_count"],
            row("hazard", result="Separated")["duration_dice_sides"]) == (1, 6)  # line 334
    assert row("hazard", result="Left Behind")["count"] == 2  # line 336
    assert (row("hazard", result="Weakened")["roll_modifier"],
            row("hazard", result="Weakened")["scope"]) == (-2, "rest of this and next turn")  # 337
    totaled = row("hazard", result="Totaled")  # line 335
    assert (totaled["effect"], totaled["target"], totaled["count"], totaled["wounds"]) == (
        "discard_and_wound", "Vehicle", 1, 1)
    assert row("hazard", result="Detained")["effect"] == "end_turn"  # line 341


def test_escape_table() -> None:
    # lines 352-355
    assert [(r["result"], r["effect"], r["go_to"], r["next_turn"]) for r in rows("escape")] == [
        ("Retreat", "end_turn", None, False), ("Minor Delay", "go_to", "Travel", True),
        ("Major Delay", "go_to", "Destination", True),
        ("Continue Forward", "go_to", "Destination", False)]


def test_bonus_supply_numbers() -> None:
    park = row("bonus_supply", result="Vehicle Park")  # line 391
    assert (park["effect"], park["deck"], park["cards"], park["equipment_type"]) == (
        "search_deck", "Equipment", 3, "Vehicle")
    assert row("bonus_supply", result="Depleted")["cards"] == -1  # line 393
    assert row("bonus_supply", result="Framed")["at"] == -1  # line 397
    assert row("bonus_supply", result="Take Credit")["effect"] == "steal_adventure_token"  # 398
    leads = row("bonus_supply", result="Leads")  # line 400
    assert (leads["roll"], leads["roll_modifier"], leads["scope"], leads["here"]) == (
        "Supply", 5, "next roll", True)
    assert row("bonus_supply", result="Analyze Data")["roll"] is None  # line 401: your choice
    assert row("bonus_supply", result="Medical Care")["wounds"] == 2  # line 403
    assert row("bonus_supply", result="Training")["experience"] == 1  # line 405
    assert row("bonus_supply", result="Guide")["roll"] == "Survival"  # line 408
    assert row("bonus_supply", result="Black Market")["deck"] is None  # line 409: your choice
    lean = row("bonus_supply", result="Lean Times")  # line 410
    assert (lean["roll_modifier"], lean["scope"], lean["here"]) == (-3, "further rolls", True)


def test_mission_numbers() -> None:
    surprise = row("mission", result="Surprise Foes")  # line 422
    assert (surprise["foes"], surprise["first_round_force"]) == (1, 5)
    assert row("mission", result="Ambushed")["foes_attack_first"] is True  # line 421
    assert row("mission", result="Help Locals")["at"] == 1  # line 424
    assert row("mission", result="Discovery")["roll_modifier"] == 5  # line 426
    remains = row("mission", result="Battlefield Remains")  # line 429
    assert (remains["deck"], remains["cards"], remains["damaged"]) == ("Equipment", 1, True)
    major = row("mission", result="Major Adventure")  # line 431
    assert (major["foes"], major["at"]) == (3, 2)
    minor = row("mission", result="Minor Adventure")  # line 432
    assert (minor["low"], minor["high"], minor["foes"], minor["at"]) == (20, None, 2, 1)


def test_hit_result_table() -> None:
    # lines 489-494
    assert [(r["low"], r["high"], r["effect"], r["wounds"]) for r in rows("hit_result")] == [
        (None, 1, "wound", 3), (2, 3, "wound", 2), (4, 6, "wound", 1), (7, 7, "roll_table", 0),
        (8, 8, "discard_card", 0), (9, None, "damage_card", 0)]
    assert row("hit_result", result="Event")["table"] == "combat_event"  # line 492


def test_combat_event_numbers() -> None:
    berserk = row("combat_event", result="Berserk")  # line 504
    assert (berserk["force_dice_count"], berserk["force_dice_sides"], berserk["duration"]) == (
        2, 6, "rest of combat")
    assert row("combat_event", result="Out of Ammo")["attacks"] == -1  # line 506
    fear = row("combat_event", result="Show Fear")  # line 507
    assert (fear["roll"], fear["roll_modifier"], fear["duration"]) == ("Morale", -1, "this round")
    panic = row("combat_event", result="Panic")  # line 509
    assert (panic["duration"], panic["duration_dice_count"], panic["duration_dice_sides"]) == (
        "rounds", 1, 6)
    assert [(r["ability"], r["duration"]) for r in rows("combat_event", effect="gain_ability")] \
        == [("Crazy", "rest of combat"), ("Crazy", "permanent")]  # lines 511-512


def test_loot_table() -> None:
    # lines 437-438
    assert [(r["low"], r["high"], r["cards"]) for r in rows("loot")] == [(1, 5, 0), (6, None, 1)]


# ---- reference tables ------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "kind", "dice", "modifier", "target"), [
    ("Survival", "check", (1, 20), 0, 16),  # line 311
    ("Encounter", "check", (1, 20), 0, 11),  # line 347
    ("Escape", "check", (1, 20), 0, 16),  # line 463
    ("Supply", "check", (1, 20), 0, 10),  # line 360
    ("Bonus Supply", "check", (1, 20), 0, 11),  # line 370
    ("Heal", "check", (1, 20), 0, 16),  # line 296
    ("Experience", "check", (1, 10), 0, 6),  # lines 440-441
    ("Character Attack", "check", (1, 6), 0, 4),  # lines 474-475
    ("Attack Damage", "force", (1, 10), 0, None),  # line 475
    ("Foe Attack", "check", (1, 6), 0, 4),  # line 482
    ("Morale", "check", (1, 10), 0, 9),  # lines 515-516
    ("Use", "check", (1, 6), 0, 5),  # line 387
    ("Ley Lines", "check", (1, 6), 0, 4),  # line 87
    ("Ley Lines Force", "force", (1, 10), 0, None),  # line 88
    ("Protection", "check", (1, 6), 0, 4),  # line 111
    ("Chaos", "table", (1, 6), 0, None),  # line 112
    ("First Player", "highest", (1, 20), 0, None),  # line 281
    ("Scrying", "cards", (1, 10), -3, None),  # line 83
    ("Immobilize", "rounds", (1, 6), -3, None),  # line 115
    ("Crazy", "force", (1, 10), -4, None),  # line 106
    ("Separated", "turns", (1, 6), 0, None),  # line 334
    ("Stealth", "force", (1, 10), 0, None),  # line 104
    ("Breath", "force", (1, 6), 0, None),  # line 81
    ("Drugs", "force", (1, 6), 0, None),  # line 100
    ("Hunt", "force", (1, 6), 0, None),  # line 71
    ("Pyrotechnics", "force", (1, 10), 0, None),  # line 77
    ("Berserk", "force", (2, 6), 0, None),  # line 504
    ("Knocked Out", "rounds", (1, 6), 0, None),  # line 510
])
def test_rolls(name: str, kind: str, dice: tuple, modifier: int, target: int | None) -> None:
    roll = row("rolls", name=name)
    assert (roll["kind"], (roll["dice_count"], roll["dice_sides"]), roll["modifier"],
            roll["target"]) == (kind, dice, modifier, target)


def test_roll_tables_dice_agree_with_their_rolls() -> None:
    separated = row("hazard", result="Separated")
    roll = row("rolls", name="Separated")
    assert (separated["duration_dice_count"], separated["duration_dice_sides"]) == (
        roll["dice_count"], roll["dice_sides"])
    berserk = row("combat_event", result="Berserk")
    roll = row("rolls", name="Berserk")
    assert (berserk["force_dice_count"], berserk["force_dice_sides"]) == (
        roll["dice_count"], roll["dice_sides"])


@pytest.mark.parametrize(("name", "value"), [
    ("victory_adventure_tokens", 10),  # line 13
    ("adventure_tokens_per_foe", 1),  # line 15
    ("party_base_force_limit", 40),  # line 275
    ("party_size_limit", 8),  # line 275
    ("starting_characters", 2),  # line 278
    ("starting_cards_per_character", 2),  # line 279
    ("hand_size_limit", 5),  # line 525
    ("force_per_attack_roll", 10),  # line 473
    ("foe_force_per_attack_roll", 10),  # line 481
    ("experience_force", 1),  # line 442
    ("wounds_incapacitated", 2),  # line 497
    ("wounds_killed", 3),  # line 500
    ("pilot_vehicle_force", 3),  # line 108
    ("cyborg_implant_force", 2),  # line 109
    ("wilderness_force", 2),  # line 89
    ("sensors_first_round_force", 2),  # line 114
    ("wiped_out_adventure_token_divisor", 2),  # line 529
])
def test_constants(name: str, value: int) -> None:
    assert row("constants", name=name)["value"] == value


def test_roll_modifiers() -> None:
    last_turn = row("roll_modifiers", condition="supplied_here_last_turn")  # line 368
    assert (last_turn["roll"], last_turn["modifier"]) == ("Supply", -5)
    wilderness = [(r["roll"], r["modifier"]) for r in rows("roll_modifiers", ability="Wilderness")]
    # lines 314, 363, 414, 465: +2 per Wilderness character at a Wilderness Locale
    assert wilderness == [("Survival", 2), ("Supply", 2), ("Mission", 2), ("Escape", 2)]
    morale = [(r["condition"], r["modifier"]) for r in rows("roll_modifiers", roll="Morale")]
    assert morale == [("foe_type", -1), ("foe_type", 1), ("per_token_destroyed", 1),
                      ("foes_below_half", 1)]  # lines 518-521
    tough = row("roll_modifiers", roll="Hit Result")  # line 486
    assert (tough["ability"], tough["modifier"]) == ("Tough", 1)


def test_equipment_limits() -> None:
    # lines 119-124
    limits = {r["type"]: (r["code"], r["max_per_character"]) for r in rows("equipment_types")}
    assert limits == {"Weapon": ("W", 2), "Armor": ("A", 1), "Power Armor": ("PA", 1),
                      "Vehicle": ("V", 1), "Item": ("I", 2), "Robot Vehicle": ("RV", 1),
                      "Cybernetic Implant": ("C", 4)}


def test_supply_types() -> None:
    # lines 372-383
    decks = {r["supply"]: r["decks"] for r in rows("supply_types")}
    assert decks["Any"] == ["Character", "Magic", "Psionic", "Equipment"]  # line 383
    assert decks["Non-Tech"] == ["Character", "Magic", "Psionic"]  # lines 373-374
    assert decks["Tech"] == ["Character", "Psionic", "Equipment"]  # line 378
    assert decks["Magic"] == ["Character", "Magic"]  # line 375
    assert decks["Psionic"] == ["Character", "Psionic"]  # line 380
    tolkeen = row("supply_types", supply="Magic")
    assert (tolkeen["example"], tolkeen["required_class"], tolkeen["redraw_deck"]) == (
        "Tolkeen", "Mage", "Magic")  # lines 375-377
    # the examples' card counts agree with their Locations (lines 373, 375, 378, 380, 383)
    for location, count in (("Northern Wastelands", 1), ("Tolkeen", 2), ("Chi-Town", 2),
                            ("Psi-World", 2), ("Old Canada", 1)):
        assert row("locations", name=location)["supply_cards"] == count


def test_abilities_definitions() -> None:
    stealth = row("abilities", name="Stealth")  # lines 104-105, joined by a space
    assert stealth["definition"] == ("This Character gets +1D10 Force in the first round of "
                                     "Combat. Character gives bonus to escape rolls.")
    assert (stealth["defined_in"], stealth["seed_line"]) == ("seed", 104)
    counts = dict(load("abilities").group_by("defined_in").len().iter_rows())
    assert counts == {"seed": 35, "ruling": 7}  # lines 67-117; rulings rifts-5..12


def test_notation_foe_letters() -> None:
    # lines 569-577
    letters = {r["code"]: r["value"] for r in rows("notation", deck="Foe", column="types")}
    assert letters == {"M": "Monster", "U": "Undead", "N": "Demon", "D": "D-Bee", "X": "Mutant",
                       "Z": "Magic", "R": "Robot", "P": "Psychic", "H": "Human"}


# ---- every vocabulary value is used where it should be ----------------------------------------

CARD_TABLES = ("characters", "equipment", "psionic", "magic", "locations", "foes")


def test_every_ability_is_on_some_card() -> None:
    used = set().union(*(used_abilities(t) for t in CARD_TABLES if t != "locations"))
    assert used == set(categories("abilities", "name"))
    assert set(load("abilities")["name"].to_list()) == used


def test_every_deck_is_one_card_table() -> None:
    decks = [load(t)["deck"].unique().to_list() for t in CARD_TABLES]
    assert decks == [["Character"], ["Equipment"], ["Psionic"], ["Magic"], ["Location"],
                     ["Foe"]]  # lines 18-23
    assert all(load(t)["copies"].to_list() == [1] * COUNTS[t] for t in CARD_TABLES)


@pytest.mark.parametrize(("table", "column"), [
    ("characters", "class"), ("equipment", "type"), ("psionic", "category"),
    ("locations", "type"), ("locations", "supply"), ("locations", "foe_bonus_groups"),
    ("foes", "types"), ("foes", "groups"), ("foes", "only"),
    ("rolls", "name"), ("rolls", "kind"), ("roll_modifiers", "condition"),
    ("abilities", "defined_in"), ("combat_event", "duration"), ("equipment_types", "type"),
    ("supply_types", "supply"),
])
def test_vocabulary_is_used(table: str, column: str) -> None:
    series = load(table)[column]
    if isinstance(series.dtype, pl.List):
        series = series.explode()
    assert set(series.drop_nulls().cast(pl.String)) == set(categories(table, column))


def test_every_effect_target_step_and_scope_is_used() -> None:
    roll_tables = list(DICE)
    effects = set().union(*(set(load(t)["effect"].cast(pl.String)) for t in roll_tables))
    assert effects == set(categories("hazard", "effect"))
    targets = set(load("hazard")["target"].drop_nulls().cast(pl.String)) | set(
        load("hit_result")["target"].drop_nulls().cast(pl.String))
    assert targets == set(categories("hazard", "target"))
    steps = set(load("escape")["go_to"].drop_nulls().cast(pl.String))
    assert steps == set(categories("escape", "go_to")) == {"Travel", "Destination"}
    scopes = set(load("hazard")["scope"].drop_nulls().cast(pl.String)) | set(
        load("bonus_supply")["scope"].drop_nulls().cast(pl.String))
    assert scopes == set(categories("hazard", "scope"))


# ---- one test per ruling (docs/rulings.md) -------------------------------------------

def test_ruling_1_bonus() -> None:
    assert abilities("characters", "Body Fixer") == [("Heal", 2)]  # line 46
    assert abilities("characters", "Wilderness Scout") == [("Wilderness", 2)]  # line 53
    assert "Bonus" not in categories("abilities", "name")


def test_ruling_2_repair_skill() -> None:
    assert abilities("characters", "Operator") == [("Repair", 2), ("Pilot", 0)]  # line 49
    assert row("abilities", name="Repair")["aliases"] == ["Repair Skill"]


def test_ruling_3_ley_lines() -> None:
    assert abilities("characters", "Line Walker") == [("Ley Lines", 0)]  # line 54
    assert row("characters", name="Line Walker")["note"] == "Ley-Lines"
    assert row("abilities", name="Ley Lines")["aliases"] == ["Ley-Lines"]


def test_ruling_4_protect() -> None:
    assert abilities("equipment", "Communicators") == [("Protect", 0)]  # line 185
    protect = row("abilities", name="Protect")
    assert (protect["aliases"], protect["seed_line"]) == (["Protection"], 111)
    assert protect["definition"] == "Negate Target Attack on a roll of 4+ on 1D6."
    assert row("rolls", name="Protection")["ability"] == "Protect"
    assert "Protection" not in categories("abilities", "name")


def test_ruling_5_track() -> None:
    assert abilities("equipment", "Surveillance Equipment") == [("Track", 0)]  # line 186
    track = row("abilities", name="Track")
    assert (track["defined_in"], track["aliases"], track["ruling"]) == (
        "ruling", ["Tracking"], "rifts-5")
    mission = row("roll_modifiers", roll="Mission", ability="Track")  # line 413
    assert (mission["condition"], mission["modifier"]) == ("each_instance_of_ability", 1)
    assert {r["ability"]: r["modifier"] for r in rows("roll_modifiers", roll="Mission")
            if r["ability"] in ("Hunt", "Drain", "Sensors")} == {
        "Hunt": 2, "Drain": 2, "Sensors": 1}  # lines 70, 73, 114


def test_ruling_6_escape() -> None:
    assert row("abilities", name="Escape")["defined_in"] == "ruling"
    escape = row("roll_modifiers", roll="Escape", or_ability="Escape")  # line 469, rifts-32
    assert (escape["condition"], escape["modifier"]) == ("each_with_ability", 2)
    assert abilities("magic", "Fly") == [("Escape", 2)]  # line 247


def test_ruling_7_control() -> None:
    control = row("abilities", name="Control")
    assert (control["defined_in"], control["ruling"]) == ("ruling", "rifts-7")
    assert "attacks for your side" in control["definition"]
    assert names_with_ability("Control") == ["Possession", "Mind Bond", "Enslave"]  # 224,226,262


def names_with_ability(name: str) -> list[str]:
    found = []
    for table in ("characters", "equipment", "psionic", "magic", "foes"):
        for card in load(table).iter_rows(named=True):
            if any(a["name"] == name for a in card["abilities"]):
                found.append(card["name"])
    return found


def test_ruling_8_magic_defense() -> None:
    defense = row("abilities", name="Magic Defense")
    assert defense["defined_in"] == "ruling"
    assert defense["definition"].startswith("Discard a target Magic Card attached to a Foe")
    assert names_with_ability("Magic Defense") == ["Sense Magic"]  # line 205


def test_ruling_9_negate_possession() -> None:
    negate = row("abilities", name="Negate Possession")
    assert (negate["defined_in"], negate["ruling"]) == ("ruling", "rifts-9")
    assert names_with_ability("Negate Possession") == ["Exorcism"]  # line 196


def test_ruling_10_psionic_defense() -> None:
    defense = row("abilities", name="Psionic Defense")
    # line 117 verbatim, read by the ruling as a Psionic card
    assert defense["definition"] == "Discard a target Magic Card attached to a Foe"
    assert (defense["defined_in"], defense["ruling"]) == ("seed", "rifts-10")
    assert names_with_ability("Psionic Defense") == ["Mind Block", "Psi Shield"]  # 207, 228


def test_ruling_11_draw() -> None:
    recall = row("psionic", name="Total Recall")["abilities"]  # line 206
    assert recall == [{"name": "Draw", "bonus": 0, "where": None, "cards": 2}]


def test_ruling_12_supply() -> None:
    portal = row("magic", name="Dimensional Portal")  # line 270
    assert portal["abilities"] == [
        {"name": "Escape", "bonus": 0, "where": None, "cards": None},
        {"name": "Supply", "bonus": 0, "where": None, "cards": 2}]
    assert portal["ability_choice"] is True


def test_ruling_13_where() -> None:
    gun = row("equipment", name="Robot Lock Pick Gun")  # line 184
    assert gun["abilities"] == [{"name": "Stealth", "bonus": 0, "where": "Urban", "cards": None}]
    wheres = [a["where"] for t in ("characters", "equipment", "psionic", "magic", "foes")
              for card in load(t)["abilities"].to_list() for a in card if a["where"]]
    assert wheres == ["Urban"]


def test_ruling_14_uses() -> None:
    salve = row("equipment", name="Protein Healing Salve")  # line 176
    assert (abilities("equipment", salve["name"]), salve["uses"]) == ([("Heal", 0)], 3)
    assert row("equipment", name="Fusion Block")["uses"] == 1  # line 149
    assert row("equipment", name="Laser Rifle")["uses"] is None  # line 138
    limited = load("equipment").filter(pl.col("uses").is_not_null())["name"].to_list()
    assert limited == ["Mini Missile Launcher", "Rail Gun", "Grenade Launcher", "Rocket Launcher",
                       "Hand Grenades", "Fusion Block", "Protein Healing Salve"]


def test_ruling_15_equipment_limits() -> None:
    power = row("equipment_types", type="Power Armor")
    assert (power["limit_group"], power["max_per_character"], power["requires_ability"]) == (
        "Armor", 1, "Power Armor")
    robot = row("equipment_types", type="Robot Vehicle")
    assert (robot["limit_group"], robot["max_per_character"]) == ("Vehicle", 1)


def test_ruling_16_xx_force() -> None:
    pyro = row("psionic", name="Pyrokinesis")  # line 230
    assert (pyro["force"], pyro["force_dice_count"], pyro["force_dice_sides"]) == (None, 1, 10)
    assert load("psionic")["force"].null_count() == 1
    roll = row("rolls", name="Psionic Force")  # line 192
    assert (roll["dice_count"], roll["dice_sides"]) == (1, 10)


def test_ruling_17_major_cards() -> None:
    major = load("psionic").filter(pl.col("category") == "Major")["name"].to_list()
    assert (major[0], major[-1], len(major)) == ("Bio-Manipulation", "Telemechanics", 14)


def test_ruling_18_supply_kinds() -> None:
    assert row("supply_types", supply="Character")["decks"] == ["Character"]
    assert row("supply_types", supply="None")["decks"] == []
    none = load("locations").filter(pl.col("supply") == "None")
    assert none["name"].to_list() == ["Dinosaur Swamp", "Badlands", "Devil’s Gate"]  # 549-555
    assert none["supply_cards"].to_list() == [0, 0, 0]


def test_ruling_19_class_not_ability() -> None:
    assert row("supply_types", supply="Magic")["required_class"] == "Mage"
    assert row("supply_types", supply="Psionic")["required_class"] == "Psychic"
    assert row("supply_types", supply="Tech")["forbidden_class"] == "Mage"


def test_ruling_20_chi_town_redraw() -> None:
    assert row("supply_types", supply="Tech")["redraw_deck"] == "Character"


def test_ruling_21_type_letters() -> None:
    assert row("foes", name="Rift Demons")["types"] == ["Monster", "Demon"]  # line 595
    assert row("foes", name="Alien Demons")["types"] == ["D-Bee", "Demon", "Psychic"]  # 599


def test_ruling_22_foe_attack() -> None:
    assert abilities("foes", "CN Enforcer Robot") == [("Attack", 0)]  # line 601
    assert abilities("foes", "CN Spider Walkers") == [("Attack", 0)]  # line 602


def test_ruling_23_foe_breath() -> None:
    dragon = row("foes", name="Fire Dragon")  # line 618
    assert (abilities("foes", "Fire Dragon"), dragon["only"]) == ([("Breath", 0)], "Wilderness")


def test_ruling_24_foe_drugs() -> None:
    gang = row("foes", name="Juicer Gang")  # line 621
    assert (abilities("foes", "Juicer Gang"), gang["tech_cards"], gang["only"]) == (
        [("Drugs", 0)], 2, "Urban")
    assert names_with_ability("Drugs")[-1] == "Juicer Gang"


def test_ruling_25_and() -> None:
    for name, draws in (("Alien Demons", (0, 1, 1)), ("Elder Beings", (1, 1, 0))):  # 599-600
        foe = row("foes", name=name)
        assert (foe["magic_cards"], foe["psionic_cards"], foe["tech_cards"]) == draws


def test_ruling_26_letter_groups() -> None:
    assert row("foes", name="Goblinoids")["groups"] == ["D-Bees", "Magic"]  # line 597: DZ
    assert row("foes", name="Vampire Tribe")["groups"] == ["Undead"]  # line 590: Magic 1, U
    assert row("foes", name="CN Dog Pack Patrol")["groups"] == ["CN"]  # line 606: Psionic 2, H


def test_ruling_27_name_groups() -> None:
    assert names_with("foes", "groups", "Xiticix") == [
        "Xiticix Swarm", "Xiticix Scouts", "Xiticix Warriors", "Xiticix Hive"]  # 586-589
    assert names_with("foes", "groups", "CN") == [
        "CN Enforcer Robot", "CN Spider Walkers", "CN APC Troopers", "CN SAMAS Squad",
        "CN Sky Cycle Wing", "CN Dog Pack Patrol", "CN Skelebot Platoon"]  # lines 601-607


def test_ruling_28_tech_group() -> None:
    tech = names_with("foes", "groups", "Tech")
    assert len(tech) == 21
    assert {"CN Enforcer Robot", "Iron Juggernaut", "Juicer Gang"} <= set(tech)  # R, R, Tech 2
    assert "CN Spider Walkers" not in tech  # line 602: H, no Tech cards


def test_ruling_29_psionics() -> None:
    badlands = row("locations", name="Badlands")  # line 551
    assert badlands["foe_bonus_groups"] == ["Mutants", "Magic", "Psionic"]
    assert "Psionics" not in categories("locations", "foe_bonus_groups")


def test_ruling_30_any_group() -> None:
    kingsdale = row("locations", name="Kingsdale")  # line 546
    assert (kingsdale["foe_bonus_groups"], kingsdale["foe_bonus"]) == (["Magic", "Tech"], 2)
    assert "any of them gets it once" in cards.declaration(
        GAME, "locations").by_name["foe_bonus_groups"].doc


def test_ruling_31_knowledge() -> None:
    knowledge = rows("roll_modifiers", ability="Knowledge")  # lines 318, 367, 416
    assert [(r["roll"], r["condition"], r["modifier"]) for r in knowledge] == [
        ("Survival", "each_with_ability", 1), ("Supply", "each_with_ability", 1),
        ("Mission", "each_with_ability", 1)]


def test_ruling_32_stealth_and_escape() -> None:
    # issue #5: "+2 per character with Stealth or Escape (once per character)"
    escape = [(r["ability"], r["or_ability"], r["modifier"])
              for r in rows("roll_modifiers", roll="Escape", seed_line=469)]
    assert escape == [("Stealth", "Escape", 2)]


def test_ruling_33_flying() -> None:
    flying = rows("roll_modifiers", condition="all_with_ability")  # lines 320, 471
    assert [(r["roll"], r["ability"], r["modifier"]) for r in flying] == [
        ("Survival", "Fly", 1), ("Escape", "Fly", 1)]
    assert [r["roll"] for r in rows("roll_modifiers", condition="all_on_vehicles")] == [
        "Survival", "Escape"]


def test_ruling_34_repair_roll() -> None:
    repair = row("rolls", name="Repair")
    assert (repair["dice_count"], repair["dice_sides"], repair["target"]) == (1, 20, 16)


def test_ruling_35_bonus_supply() -> None:
    check, table = row("rolls", name="Bonus Supply"), row("rolls", name="Bonus Supply Table")
    assert (check["kind"], check["dice_sides"], check["target"]) == ("check", 20, 11)
    assert (table["kind"], table["dice_sides"], table["table"]) == ("table", 20, "bonus_supply")


def test_ruling_36_open_ends() -> None:
    assert (row("hit_result", result="Killed")["low"],
            row("hit_result", result="Equipment Damaged")["high"]) == (None, None)
    assert row("mission", result="Minor Adventure")["high"] is None  # "20+"
    assert row("loot", result="Aid Card")["high"] is None  # "6+"
    assert row("mission", result="Find Nothing")["low"] == 1  # "1-4" stays closed


def test_ruling_37_one_foe() -> None:
    fights = {r["result"]: r["foes"] for r in rows("mission", effect="fight")}
    assert fights == {"Meet Foes": 1, "Ambushed": 1, "Surprise Foes": 1, "Rescue Mission": 1,
                      "Protect Town": 1, "Major Adventure": 3, "Minor Adventure": 2}


def test_ruling_38_win_rewards() -> None:
    rescue = row("mission", result="Rescue Mission")  # line 423
    assert (rescue["effect"], rescue["deck"], rescue["cards"]) == ("fight", "Character", 1)
    assert "only if the party wins" in cards.declaration(GAME, "mission").by_name["cards"].doc


def test_ruling_39_wounds_added() -> None:
    assert "added" in cards.declaration(GAME, "hit_result").by_name["wounds"].doc
    assert [r["wounds"] for r in rows("hit_result", effect="wound")] == [3, 2, 1]


def test_ruling_40_knocked_out() -> None:
    knocked = row("combat_event", result="Knocked Out")  # line 510
    assert (knocked["effect"], knocked["wounds"], knocked["duration_dice_sides"]) == (
        "immobilize", 1, 6)
    assert "is at afterwards" in cards.declaration(GAME, "combat_event").by_name["wounds"].doc


def test_ruling_41_ambush() -> None:
    ambush = row("hazard", result="Ambush")  # line 331
    assert (ambush["effect"], ambush["foe_force_bonus"]) == ("ambush", 5)


def test_ruling_42_identical_hazards() -> None:
    def same(a: str, b: str) -> bool:
        first, second = row("hazard", result=a), row("hazard", result=b)
        return all(first[k] == second[k] for k in first if k not in ("low", "high", "result"))

    assert same("Lost", "Stuck") and same("Hurt", "Sick") and same("Hunger", "Exposure")
    lost = row("hazard", result="Lost")
    assert (lost["go_to"], lost["next_turn"]) == ("Travel", True)


def test_ruling_43_fixer() -> None:
    fixer = row("bonus_supply", result="Fixer")  # line 406
    assert (fixer["effect"], fixer["cards"], fixer["equipment_type"]) == ("repair", 1, None)


def test_ruling_44_result_names() -> None:
    assert load("hit_result")["result"].cast(pl.String).to_list() == [
        "Killed", "Incapacitated", "Wounded", "Event", "Aid Card Discarded",
        "Equipment Damaged"]
    assert load("loot")["result"].cast(pl.String).to_list() == ["Nothing", "Aid Card"]
    assert load("chaos")["result"].cast(pl.String).to_list() == [
        "Behaves Normally", "Does Not Attack", "Attacks For Your Side"]


def test_ruling_45_morale_types() -> None:
    monster = row("roll_modifiers", roll="Morale", foe_type="Monster")
    assert (monster["condition"], monster["modifier"]) == ("foe_type", -1)
    assert "Monster" in row("foes", name="Iron Juggernaut")["types"]


def test_ruling_46_drugs_die() -> None:
    wound = row("rolls", name="Drugs Wound")
    assert (wound["same_die_as"], wound["target"], wound["dice_sides"]) == ("Drugs", 6, 6)
