"""Rifts Adventures COMBAT RESOLUTION (seed 000, lines 443-530): the start of a combat, the five
segments of a round, the Hit Result, Combat Event and Loot Tables, Experience, wounds, the
victory's AT, Wiped Out, and the rulings rifts-60..62, 68..75 and 83.

Every expected value is read from the seed (seed 000, ``/work/shared/seeds/000_*.txt``, cited
by line) or from a ruling of docs/rulings.md; every die, draw and random pick is forced.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from explorer.engine import Chance, Decision, Game
from explorer.engine.dice import Roll
from tests.rifts.helpers import (
    choose,
    draw,
    log_since,
    member,
    options,
    party,
    pending_roll,
    pick,
    roll,
    scenario,
)

OTHER = {"members": [{"name": "Rogue Scholar"}], "location": "Border Town"}
"""The second party: it only waits (the combats below are all party 0's)."""

MISS = {"Character Attack": 1, "Foe Attack": 1}
"""1 on 1D6 misses both attack rolls (4+ needed, lines 475 and 482)."""


def combat(members: list[Any], foe: str, location: str = "Farms", *, at: int = 0,
           hand: tuple[tuple[str, str], ...] = (), start: str = "combat",
           **extra: Any) -> Game:
    """Party 0 with ``members`` at ``location``, starting a combat against ``foe``."""
    people = [{"name": m} if isinstance(m, str) else m for m in members]
    first = {"members": people, "location": location, "at": at,
             "hand": [{"deck": d, "name": n} for d, n in hand]}
    if start == "combat":
        extra["foe"] = foe
    return scenario([first, OTHER], at=start, **extra)


def eq(name: str, **more: Any) -> dict[str, Any]:
    return {"deck": "Equipment", "name": name, **more}


def mystic(deck: str, *names: str) -> dict[str, Any]:
    """A Mystic (MG 2, line 58: a Mage, and Minor Psychic) with cards of ``deck``."""
    return {"name": "Mystic", "attached": [{"deck": deck, "name": n} for n in names]}


def roll_name(game: Game) -> str | None:
    pending = game.pending
    if isinstance(pending, Chance) and isinstance(pending.odds, Roll):
        return pending.odds.name
    return None


def run(game: Game, naturals: dict[str, int]) -> list[str]:
    """Force each pending roll named in ``naturals`` to that natural, until anything else is
    pending; return the names of the rolls made."""
    made = []
    while roll_name(game) in naturals:
        name = roll_name(game)
        roll(game, naturals[name])
        made.append(name)
    return made


def fight_round(game: Game, morale: int = 1, **more: int) -> list[str]:
    """Fight a round in which every attack misses; Morale shows ``morale``."""
    choose(game, "Fight this round")
    return run(game, {**MISS, "Morale": morale, **more})


def fights(game: Game, start: int = 0) -> list[str]:
    """The log's "X fights with Force F: N attack roll(s)" lines since ``start``."""
    return [t for t in log_since(game, start) if "fights with Force" in t]


def forces(game: Game) -> list[int]:
    return [t.force for t in game.state.combat.tokens]


def discards(game: Game, deck: str) -> list[str]:
    return game.state.decks[deck].discard


# ---- the start of a combat: location bonuses, the Foe's Aid cards, Ambush, Surprise -----------

@pytest.mark.parametrize(("location", "foe", "tokens"), [
    # line 549 Dinosaur Swamp "Monsters +7"; line 610 Dinosaurs M 4 12: 4 Tokens of 12 + 7
    ("Dinosaur Swamp", "Dinosaurs", [19] * 4),
    # line 537 Old Canada "Xiticix +3": Dinosaurs are no Xiticix, they keep 12
    ("Old Canada", "Dinosaurs", [12] * 4),
    # line 587 Xiticix Scouts D 4 5 at Old Canada: 5 + 3
    ("Old Canada", "Xiticix Scouts", [8] * 4),
    # line 548 Farms "-": no bonus
    ("Farms", "Dinosaurs", [12] * 4),
])
def test_location_bonus_goes_to_each_token_of_its_foe_group(location: str, foe: str,
                                                             tokens: list[int]) -> None:
    game = combat(["Mind Melter"], foe, location)
    assert forces(game) == tokens
    assert [t.start for t in game.state.combat.tokens] == tokens


@pytest.mark.parametrize(("foe", "first", "cards", "tokens"), [
    # line 546 Kingsdale "Magic & Tech +2" (ruling rifts-30: once for any listed group).
    # line 616 Merc Mages Z 3 10 Magic 3 (Magic group): 10 + 2 = 12; Sense Evil 1, Blinding
    # Flash 1, Befuddle 2 (lines 235-237), one to each Token
    ("Merc Mages", 12, [("Magic", "Sense Evil"), ("Magic", "Blinding Flash"),
                        ("Magic", "Befuddle")], [13, 13, 14]),
    # line 625 Marauding Bandits H 6 6 Tech 1 (Tech group, ruling rifts-28): 6 + 2; Laser
    # Pistol (W 2, line 137) to Token 1: 8 + 2
    ("Marauding Bandits", 8, [("Equipment", "Laser Pistol")], [10, 8, 8, 8, 8, 8]),
    # line 611 Iron Juggernaut RZM 1 39 Magic 2: both groups, still +2 once: 41, + 1 + 1
    ("Iron Juggernaut", 41, [("Magic", "Sense Evil"), ("Magic", "Blinding Flash")], [43]),
    # line 590 Vampire Tribe U 7 7 Magic 1: Undead, in neither group (ruling rifts-26): 7; +1
    ("Vampire Tribe", 7, [("Magic", "Sense Evil")], [8, 7, 7, 7, 7, 7, 7]),
])
def test_kingsdale_gives_its_bonus_to_magic_and_to_tech_foes(
        foe: str, first: int, cards: list[tuple[str, str]], tokens: list[int]) -> None:
    game = combat(["Mind Melter"], foe, "Kingsdale")
    count = len(tokens)
    assert f"Combat with {foe}: {count} Token(s) of {first} Force" in log_since(game, 0)
    for deck, name in cards:
        draw(game, deck, name)
    assert forces(game) == tokens
    assert isinstance(game.pending, Decision)  # the Escape Segment's choice


@pytest.mark.parametrize(("foe", "cards", "dealt", "tokens"), [
    # line 595 Rift Demons MN 2 20 Magic 4: Sense Evil 1, Blinding Flash 1, Befuddle 2, Energy
    # Bolt 3 (lines 235-240); "A token can get more than 1 card" (line 457)
    ("Rift Demons", [("Magic", "Sense Evil"), ("Magic", "Blinding Flash"), ("Magic", "Befuddle"),
                     ("Magic", "Energy Bolt")],
     [["Sense Evil", "Befuddle"], ["Blinding Flash", "Energy Bolt"]], [20 + 1 + 2, 20 + 1 + 3]),
    # line 591 Vampire Kingdom U 9 7 Psionic 1 Magic 1: Fire Ball 4 (line 245), Death Trance 1
    # (line 210): one deck after the other, still in turn
    ("Vampire Kingdom", [("Magic", "Fire Ball"), ("Psionic", "Death Trance")],
     [["Fire Ball"], ["Death Trance"]] + [[]] * 7, [7 + 4, 7 + 1] + [7] * 7),
])
def test_ruling_83_foe_cards_dealt_to_tokens_in_turn(foe: str, cards: list[tuple[str, str]],
                                                     dealt: list[list[str]],
                                                     tokens: list[int]) -> None:
    game = combat(["Mind Melter"], foe)  # ruling rifts-83: Token 1, 2, ..., then round again
    for deck, name in cards:
        draw(game, deck, name)
    assert [[c[1] for c in t.cards] for t in game.state.combat.tokens] == dealt
    assert forces(game) == tokens


def test_ruling_83_rolled_force_is_rolled_when_drawn() -> None:
    # line 606 CN Dog Pack Patrol H 4 8 Psionic 2; line 230 Pyrokinesis MS XX; line 192 XX =
    # Roll 1D10 (ruling rifts-16), rolled as it is drawn, before the next card
    game = combat(["Mind Melter"], "CN Dog Pack Patrol")
    draw(game, "Psionic", "Pyrokinesis")
    spec = pending_roll(game)
    assert (spec.count, spec.sides) == (1, 10)
    assert game.chance_outcomes()[0][1] == Fraction(1, 10)
    roll(game, 7)
    draw(game, "Psionic", "Death Trance")  # Force 1
    assert forces(game) == [8 + 7, 8 + 1, 8, 8]


def test_ambush_foe_tokens_get_5_force_on_top_of_the_location_bonus() -> None:
    game = combat(["Mind Melter"], "", "Dinosaur Swamp", start="Travel")
    roll(game, 1, "Survival")  # line 311: 16+ travels without incident; 1 fails
    roll(game, 7, "Hazard")  # line 331: 7 Ambush "Flip cards till you get a Foe"
    draw(game, "Foe", "Dinosaurs")
    # line 331 "They get +5 Force" (ruling rifts-41: each Token); line 549 Monsters +7: 12 + 7 + 5
    assert forces(game) == [24] * 4


def test_surprise_foes_give_every_character_5_force_in_the_first_round_only() -> None:
    # Mind Melter PY 12 (line 63) with 3 Experience Tokens (line 442): Force 15
    game = combat([{"name": "Mind Melter", "experience": 3}], "", start="Mission")
    roll(game, 9, "Mission")  # line 422: 9-10 Surprise Foes, +5 Force first Round
    draw(game, "Foe", "Dinosaurs")
    fight_round(game)
    fight_round(game)
    # round 1: 15 + 5 = 20, 2 attack rolls (line 473); round 2: 15, 1 roll
    assert fights(game) == ["Mind Melter fights with Force 20: 2 attack roll(s)",
                            "Mind Melter fights with Force 15: 1 attack roll(s)"]


@pytest.mark.parametrize(("mission", "first"), [
    (7, "Foe Attack"),  # line 421: 7-8 Ambushed "They Attack First every Round"
    (5, "Character Attack"),  # line 420: 5-6 Meet Foes: the segments in order (lines 449-453)
])
def test_ambushed_foes_attack_first_every_round(mission: int, first: str) -> None:
    game = combat(["Mind Melter"], "", start="Mission")
    roll(game, mission, "Mission")
    draw(game, "Foe", "Dinosaurs")
    for _ in range(2):  # rounds 1 and 2; the party may try to escape each round (rifts-69)
        assert options(game) == ["Fight this round", "Try to escape (Escape roll)"]
        choose(game, "Fight this round")
        assert roll_name(game) == first
        assert game.phase == f"mission.combat.{first.lower()}s"
        run(game, {**MISS, "Morale": 1})


# ---- the Escape Segment (lines 461-471) -------------------------------------------------------

@pytest.mark.parametrize(("natural", "escaped"), [(16, True), (20, True), (15, False)])
def test_escape_roll_of_16_or_more_escapes_otherwise_they_fight(natural: int,
                                                                 escaped: bool) -> None:
    game = combat(["Mind Melter"], "Dinosaurs")
    choose(game, "Try to escape")
    spec = roll(game, natural, "Escape")
    assert (spec.count, spec.sides, spec.target, spec.modifier) == (1, 20, 16, 0)  # line 463
    assert (game.state.combat is None) is escaped
    if escaped:
        assert party(game).at == 0  # no victory, no AT
        assert "Dinosaurs" in discards(game, "Foe")  # ruling rifts-74
    else:  # line 464: "otherwise they must fight"
        assert roll_name(game) == "Character Attack"


@pytest.mark.parametrize(("members", "location", "modifier"), [
    (["Cyber-Knight"], "Farms", 2),  # line 465: Wilderness ability at a Wilderness Locale
    (["Cyber-Knight"], "Black Market", 0),  # ... not at an Urban one (line 559: U)
    (["City Rat"], "Black Market", 2),  # line 467: Urban ability at an Urban Locale
    (["City Rat"], "Farms", 0),
    (["Dismissed CN Specialist"], "Farms", 2),  # line 469: +2 for a Character with Stealth
    (["Dismissed CN Specialist", "Crazy Mercenary"], "Farms", 4),  # 2 x (+2 Stealth)
    # line 470: all Characters on Vehicles +1 (Highway/Wastelander Motorcycle, lines 157-158)
    ([{"name": "Mind Melter", "attached": [eq("Highway Motorcycle")]},
      {"name": "Vagabond", "attached": [eq("Wastelander Motorcycle")]}], "Farms", 1),
    ([{"name": "Mind Melter", "attached": [eq("Highway Motorcycle")]}, "Vagabond"], "Farms", 0),
    # line 471: all Flying +1 more: Wilks Jet Pack V 1 Fly (line 160) is both: +1 +1
    ([{"name": "Mind Melter", "attached": [eq("Wilks Jet Pack")]}], "Farms", 2),
    (["Dragon Hatchling"], "Farms", 1),  # line 59: Fly, no Vehicle
    # ruling rifts-69: only able Characters count; 2 wounds incapacitate (line 497)
    ([{"name": "Cyber-Knight", "wounds": 2}, "Mind Melter"], "Farms", 0),
])
def test_escape_roll_modifiers(members: list[Any], location: str, modifier: int) -> None:
    game = combat(members, "Dinosaurs", location)
    choose(game, "Try to escape")
    assert pending_roll(game).name == "Escape"
    assert pending_roll(game).modifier == modifier


def test_escape_ability_gives_2_and_its_bonus() -> None:
    # line 247 Fly (Magic) 5 Escape +2 on a Mage (Mystic MG, line 58): +2 (ruling rifts-6) +2
    game = combat([mystic("Magic", "Fly")], "Dinosaurs")
    roll(game, 1, "Use")  # the combat's Use Roll (ruling rifts-60): 1 keeps the card
    choose(game, "Try to escape")
    assert pending_roll(game).modifier == 4


def test_escape_roll_makes_no_second_use_roll_in_a_combat() -> None:
    # ruling rifts-60: "one Use Roll each for the whole combat"; Death Trance PS 1 Escape
    game = combat([mystic("Psionic", "Death Trance")], "Dinosaurs")
    roll(game, 1, "Use")
    choose(game, "Try to escape")
    assert pending_roll(game).modifier == 2  # ruling rifts-6
    roll(game, 1, "Escape")
    # No second Use Roll: the fight goes on. The Mystic's Force is 2 + 1 = 3 (line 57, Death
    # Trance PS 1), 0 attack rolls, no action to take, so the next roll is a Foe's attack.
    assert roll_name(game) == "Foe Attack"


def test_or_card_gives_only_the_ability_chosen_for_the_combat_to_the_escape_roll() -> None:
    # line 204 Clairivoyance SS 4 Scrying or Escape; ruling rifts-60: "An 'or' card ... takes
    # one of its abilities for the combat"; Scrying is chosen, so no Escape +2
    game = combat([mystic("Psionic", "Clairivoyance")], "Dinosaurs")
    choose(game, "Clairivoyance on Mystic: Scrying")
    roll(game, 1, "Use")
    choose(game, "Try to escape")
    assert pending_roll(game).modifier == 0


# ---- the Character Attack Segment (lines 472-476) ---------------------------------------------

@pytest.mark.parametrize(("name", "experience", "wounds", "force", "rolls"), [
    ("Mind Melter", 0, 0, 12, 1),  # line 63: 12 // 10 = 1
    ("Mind Melter", 7, 0, 19, 1),  # 12 + 7 = 19, rounding down: 1
    ("Mind Melter", 8, 0, 20, 2),  # 20 // 10 = 2
    ("Mind Melter", 8, 1, 20, 1),  # line 496: Wounded, 1 less: 2 - 1
    ("Mind Melter", 0, 1, 12, 0),  # 1 - 1
    ("Vagabond", 0, 0, 3, 0),  # line 52: 3 // 10 = 0
])
def test_attack_rolls_are_force_over_10_less_1_when_wounded(
        name: str, experience: int, wounds: int, force: int, rolls: int) -> None:
    game = combat([{"name": name, "experience": experience, "wounds": wounds}], "Dinosaurs")
    choose(game, "Fight this round")
    made = run(game, {"Character Attack": 1})
    assert made.count("Character Attack") == rolls
    assert fights(game) == [f"{name} fights with Force {force}: {rolls} attack roll(s)"]
    assert roll_name(game) == "Foe Attack"


def test_attack_roll_of_4_takes_1d10_from_a_random_token() -> None:
    game = combat(["Mind Melter"], "Dinosaurs")
    choose(game, "Fight this round")
    roll(game, 3, "Character Attack")  # a 3 misses: no Token is hit
    assert roll_name(game) == "Foe Attack"
    game.undo()
    assert roll(game, 4, "Character Attack").target == 4  # line 475: 4+
    assert [p for _, p in game.chance_outcomes()] == [Fraction(1, 4)] * 4  # a random Token
    pick(game, "Token 3 (12 Force)")
    spec = pending_roll(game)
    assert (spec.count, spec.sides) == (1, 10)  # loses 1D10 Force
    roll(game, 7)
    assert forces(game) == [12, 12, 12 - 7, 12]
    # line 481: a Token attacks by the Force it has: 5 // 10 = 0 for Token 3
    assert run(game, {"Foe Attack": 1}) == ["Foe Attack"] * 3


def test_token_reduced_to_zero_is_destroyed_and_no_longer_hit() -> None:
    # line 587 Xiticix Scouts 4 Tokens of 5; Mind Melter 12 + 8 = 20: 2 attack rolls
    game = combat([{"name": "Mind Melter", "experience": 8}], "Xiticix Scouts")
    choose(game, "Fight this round")
    roll(game, 6, "Character Attack")
    pick(game, "Token 1 (5 Force)")
    roll(game, 5)  # 5 - 5 = 0: "reduced to zero or less Force is destroyed" (line 476)
    assert "Token 1 loses 5 Force and is destroyed" in log_since(game, 0)
    roll(game, 6, "Character Attack")
    assert [str(o) for o, _ in game.chance_outcomes()] == [
        "Token 2 (5 Force)", "Token 3 (5 Force)", "Token 4 (5 Force)"]
    pick(game, "Token 2 (5 Force)")
    roll(game, 4)  # 5 - 4 = 1: still there
    assert forces(game) == [0, 1, 5, 5]
    assert game.state.combat.living() == [1, 2, 3]


# ---- the Foe Attack Segment (lines 480-486) ---------------------------------------------------

@pytest.mark.parametrize(("foe", "bonus", "rolls"), [
    ("Dinosaurs", 0, 4),  # line 610: 4 Tokens of 12: 12 // 10 = 1 each
    ("Dinosaurs", 8, 8),  # 4 Tokens of 12 + 8 = 20: 2 each
    ("Xiticix Scouts", 0, 0),  # line 587: 5 // 10 = 0
])
def test_each_token_attacks_once_per_10_force(foe: str, bonus: int, rolls: int) -> None:
    game = combat(["Mind Melter"], foe, foe_bonus=bonus)
    made = fight_round(game)
    assert made.count("Foe Attack") == rolls


def test_foe_hit_on_4_strikes_a_random_character() -> None:
    game = combat(["Mind Melter", "Vagabond"], "Dinosaurs")
    choose(game, "Fight this round")
    run(game, {"Character Attack": 1})
    assert roll(game, 3, "Foe Attack").target == 4  # line 482: 4+ is a hit; 3 misses
    roll(game, 4, "Foe Attack")  # Token 2 hits
    assert game.pending.label == "Which Character Token 2 hits"  # line 484
    assert [(str(o), p) for o, p in game.chance_outcomes()] == [
        ("Mind Melter", Fraction(1, 2)), ("Vagabond", Fraction(1, 2))]
    pick(game, "Vagabond")
    spec = pending_roll(game)
    assert (spec.name, spec.count, spec.sides) == ("Hit Result", 1, 10)  # line 485


# ---- the Morale Segment (lines 514-523) -------------------------------------------------------

@pytest.mark.parametrize(("foe", "modifier"), [
    ("Xiticix Scouts", 0),  # D-Bee: no row
    ("Dinosaurs", -1),  # line 518: Foe is Monster -1
    ("CN Spider Walkers", 1),  # line 519: Foe is Human +1 (line 602: H)
])
def test_morale_check_is_1d10_needing_9_with_the_foe_type(foe: str, modifier: int) -> None:
    game = combat(["Mind Melter"], foe)
    choose(game, "Fight this round")
    run(game, MISS)
    spec = pending_roll(game)
    assert (spec.name, spec.count, spec.sides, spec.target) == ("Morale", 1, 10, 9)
    assert spec.modifier == modifier
    roll(game, 8 - modifier)  # 8 < 9: the Foes stay, and a new round begins
    assert "Round 2" in log_since(game, 0)
    assert options(game)[0] == "Fight this round"


def destroy(game: Game, tokens: list[int]) -> None:
    """Hit each Token of ``tokens`` (1-based) for 5, destroying a 5-Force Xiticix Scout."""
    for number in tokens:
        roll(game, 6, "Character Attack")
        if isinstance(game.pending, Chance) and game.pending.label == "Which Token is hit":
            pick(game, f"Token {number} (5 Force)")
        roll(game, 5)


def test_morale_gets_1_per_token_destroyed_this_round() -> None:
    # Mind Melter 12 + 8 = 20: 2 rolls; 2 of 4 Tokens destroyed: +2 (line 520); 2 left is not
    # less than half of 4 (line 521)
    game = combat([{"name": "Mind Melter", "experience": 8}], "Xiticix Scouts")
    choose(game, "Fight this round")
    destroy(game, [1, 2])
    assert pending_roll(game).modifiers == ((2, "2 Token(s) destroyed this round"),)


def test_morale_gets_1_more_below_half_the_starting_tokens_and_per_round() -> None:
    # 12 + 18 = 30: 3 rolls; 3 destroyed: +3; 1 of 4 left, less than half: +1
    game = combat([{"name": "Mind Melter", "experience": 18}], "Xiticix Scouts")
    choose(game, "Fight this round")
    destroy(game, [1, 2, 3])
    assert pending_roll(game).modifier == 3 + 1
    roll(game, 1, "Morale")  # 1 + 4 = 5: they stay
    choose(game, "Fight this round")
    run(game, MISS)
    # round 2: none destroyed "this Round"; still below half
    assert pending_roll(game).modifiers == (
        (1, "Foes at less than half their starting Tokens"),)


def test_destroying_every_token_wins_without_a_morale_check() -> None:
    # line 454 "all units of one side are eliminated"; 12 + 28 = 40: 4 rolls
    game = combat([{"name": "Mind Melter", "experience": 28}], "Xiticix Scouts", at=5)
    choose(game, "Fight this round")
    destroy(game, [1, 2, 3, 4])
    assert roll_name(game) == "Loot"
    run(game, {"Loot": 1, "Experience": 1})
    assert party(game).at == 6


# ---- the Hit Result Table (lines 485-494) -----------------------------------------------------

def hit_vagabond(natural: int, *, tough: bool = False, wounds: int = 0) -> Game:
    """Token 1 of the Dinosaurs hits the Vagabond (Laser Pistol, and Survivalist Bag or Dead
    Boy Body Armor, "A 2 Tough" line 127), who rolls ``natural`` on the Hit Result Table."""
    cards = [eq("Laser Pistol"), eq("Dead Boy Body Armor" if tough else "Survivalist Bag")]
    game = combat(["Mind Melter", {"name": "Vagabond", "attached": cards, "wounds": wounds}],
                  "Dinosaurs")
    choose(game, "Fight this round")
    run(game, {"Character Attack": 1})
    roll(game, 4, "Foe Attack")
    pick(game, "Vagabond")
    spec = roll(game, natural, "Hit Result")
    # line 486: "If Character has Tough Ability add 1 to the Hit Result Roll"
    assert spec.modifiers == (((1, "Vagabond: Tough"),) if tough else ())
    return game


@pytest.mark.parametrize(("natural", "tough", "total", "result", "wounds"), [
    (1, False, 1, "Killed", None),  # line 489: 1 or less, 3 Wounds (discarded)
    (2, False, 2, "Incapacitated", 2),  # line 490: 2-3, 2 Wounds
    (3, False, 3, "Incapacitated", 2),
    (4, False, 4, "Wounded", 1),  # line 491: 4-6, 1 Wound
    (5, False, 5, "Wounded", 1),
    (6, False, 6, "Wounded", 1),
    (7, False, 7, "Event", 0),  # line 492
    (8, False, 8, "Aid Card Discarded", 0),  # line 493
    (9, False, 9, "Equipment Damaged", 0),  # line 494: 9-10+
    (10, False, 10, "Equipment Damaged", 0),
    (1, True, 2, "Incapacitated", 2),  # line 486: Tough adds 1
    (3, True, 4, "Wounded", 1),
    (6, True, 7, "Event", 0),
    (7, True, 8, "Aid Card Discarded", 0),
    (10, True, 11, "Equipment Damaged", 0),  # 11: "10+"
])
def test_hit_result_table_rows(natural: int, tough: bool, total: int, result: str,
                               wounds: int | None) -> None:
    game = hit_vagabond(natural, tough=tough)
    assert f"Hit Result for Vagabond: {total}, {result}" in log_since(game, 0)
    alive = {m.name: m.wounds for m in party(game).members}
    assert alive.get("Vagabond") == wounds


def test_hit_result_1_kills_and_discards_the_character_with_its_cards() -> None:
    game = hit_vagabond(1)  # line 489: "Character is Killed (discarded)"; line 500
    assert [m.name for m in party(game).members] == ["Mind Melter"]
    assert "Vagabond" in discards(game, "Character")
    assert {"Laser Pistol", "Survivalist Bag"} <= set(discards(game, "Equipment"))


def test_wounds_add_up_to_3_and_kill() -> None:
    # ruling rifts-39: 2 wounds + "1 Wound" = 3: "A Character that receives 3 Wounds is killed"
    game = hit_vagabond(4, wounds=2)
    assert "Vagabond" not in [m.name for m in party(game).members]


def test_hit_result_7_rolls_on_the_combat_event_table() -> None:
    game = hit_vagabond(7)
    spec = pending_roll(game)
    assert (spec.name, spec.count, spec.sides) == ("Combat Event", 1, 10)  # line 503


def test_hit_result_8_discards_a_random_attached_aid_card() -> None:
    game = hit_vagabond(8)
    assert [(str(o), p) for o, p in game.chance_outcomes()] == [
        ("Laser Pistol", Fraction(1, 2)), ("Survivalist Bag", Fraction(1, 2))]
    pick(game, "Survivalist Bag")
    assert [h.name for h in member(game, "Vagabond").attached] == ["Laser Pistol"]
    assert "Survivalist Bag" in discards(game, "Equipment")


@pytest.mark.parametrize("natural", [9, 10])
def test_hit_result_9_or_more_damages_a_random_attached_equipment(natural: int) -> None:
    game = hit_vagabond(natural)
    assert [p for _, p in game.chance_outcomes()] == [Fraction(1, 2)] * 2
    pick(game, "Laser Pistol")
    held = {h.name: h.damaged for h in member(game, "Vagabond").attached}
    assert held == {"Laser Pistol": True, "Survivalist Bag": False}


# ---- Wounded status (lines 495-500) -----------------------------------------------------------

def test_incapacitated_character_makes_no_attack() -> None:
    # line 497-499: 2 Wounds, immobilized, "cannot attack or take any action"
    game = combat([{"name": "Mind Melter", "wounds": 2}, "Vagabond"], "Dinosaurs")
    choose(game, "Fight this round")
    assert roll_name(game) == "Foe Attack"
    assert fights(game) == ["Vagabond fights with Force 3: 0 attack roll(s)"]


# ---- the Combat Event Table (lines 502-513) ---------------------------------------------------

def event(number: int, experience: int = 8, wounds: int = 0) -> Game:
    """Token 1 hits the Mind Melter (12 + ``experience`` Force; a Vagabond fights beside it),
    who rolls 7 (Event) on the Hit Result Table and ``number`` on the Combat Event Table."""
    game = combat([{"name": "Mind Melter", "experience": experience, "wounds": wounds},
                   "Vagabond"], "Dinosaurs")
    choose(game, "Fight this round")
    run(game, {"Character Attack": 1})
    roll(game, 4, "Foe Attack")
    pick(game, "Mind Melter")
    roll(game, 7, "Hit Result")
    roll(game, number, "Combat Event")
    return game


def finish_round(game: Game, **more: int) -> None:
    """The rest of the round: every attack misses, Morale 1 fails."""
    run(game, {**MISS, "Morale": 1, **more})


def melter_rolls(game: Game, **more: int) -> int:
    """Fight a round; how many Character Attack rolls were made (the Vagabond has none)."""
    return fight_round(game, **more).count("Character Attack")


def test_event_1_berserk_gives_2d6_force_for_the_rest_of_combat() -> None:
    game = event(1)
    spec = pending_roll(game)
    assert (spec.count, spec.sides) == (2, 6)  # line 504: +2D6 Force
    roll(game, 10)
    finish_round(game)
    mark = len(game.log)
    fight_round(game)
    fight_round(game)  # rest of combat; 2D6 rolled once (ruling rifts-72)
    assert fights(game, mark)[::2] == ["Mind Melter fights with Force 30: 3 attack roll(s)"] * 2


@pytest.mark.parametrize(("number", "rolls"), [
    (2, [0, 2]),  # line 505 Pinned Down: Immobilized next Round; round 3: 20 // 10 = 2
    (3, [2 - 1, 2]),  # line 506 Out of Ammo: 1 less attack next Round
    (5, [0, 0]),  # line 508 Captured: Immobilized for rest of Combat
])
def test_ruling_72_event_durations(number: int, rolls: list[int]) -> None:
    game = event(number)  # "next Round" ones apply in round 2 only
    finish_round(game)
    assert [melter_rolls(game), melter_rolls(game)] == rolls  # rounds 2 and 3


def test_event_4_show_fear_is_minus_1_to_morale_this_round() -> None:
    game = event(4)  # line 507
    run(game, MISS)
    # Dinosaurs are Monsters: -1 (line 518), and Show Fear -1
    assert pending_roll(game).modifier == -2
    roll(game, 1, "Morale")
    choose(game, "Fight this round")
    run(game, MISS)
    assert pending_roll(game).modifier == -1  # round 2: no more


@pytest.mark.parametrize(("number", "before", "wounds"), [
    (6, 0, 0),  # line 509 Panic: Immobilized for 1D6 Rounds
    (7, 0, 1),  # line 510 Knocked Out: at 1 Wound & Immobilized for 1D6 Rounds
    (7, 1, 1),  # ruling rifts-40: "at 1 Wound" is a level: a Wounded Character stays at 1
])
def test_events_6_and_7_immobilize_for_1d6_rounds(number: int, before: int, wounds: int) -> None:
    game = event(number, wounds=before)
    spec = pending_roll(game)
    assert (spec.name, spec.count, spec.sides) == (
        f"{'Panic' if number == 6 else 'Knocked Out'} rounds", 1, 6)
    roll(game, 2)
    assert member(game, "Mind Melter").wounds == wounds
    finish_round(game)
    # ruling rifts-72: the rest of round 1, then the 2 rounds after it: rounds 2 and 3
    assert [melter_rolls(game), melter_rolls(game)] == [0, 0]
    # round 4: 20 Force, 2 rolls, 1 less if Wounded (line 496)
    assert melter_rolls(game) == 2 - wounds


@pytest.mark.parametrize("number", [6, 7])  # Panic, Knocked Out (lines 509-510)
def test_immobilized_for_1d6_rounds_a_1_costs_the_next_round(number: int) -> None:
    # issue #10 item 8: "Immobilized for 1D6 Rounds" counts the rounds after the current one.
    # The event comes in round 1's Foe Attack Segment, after the Mind Melter attacked: a 1
    # must still cost it round 2, and round 3 it fights again (20 Force: 2 rolls, line 473).
    game = event(number)
    roll(game, 1)
    assert "Mind Melter is Immobilized for the rest of this round and the next 1 round(s)" \
        in log_since(game, 0)
    finish_round(game)
    assert melter_rolls(game) == 0  # round 2
    assert melter_rolls(game) == 2 - (number == 7)  # round 3 (Knocked Out: at 1 Wound)


def test_event_8_mad_gives_crazy_for_the_rest_of_combat() -> None:
    game = event(8)  # line 511
    finish_round(game)
    choose(game, "Fight this round")
    spec = pending_roll(game)
    assert spec.name == "Crazy Force for Mind Melter (1D10-4)"  # line 106
    roll(game, 10)
    assert fights(game)[-1] == "Mind Melter fights with Force 26: 2 attack roll(s)"  # 20 + 6
    assert member(game, "Mind Melter").crazy is False


def test_event_9_screw_loose_gives_crazy_permanently() -> None:
    game = event(9)  # line 512
    assert member(game, "Mind Melter").crazy is True
    finish_round(game)
    choose(game, "Fight this round")
    assert pending_roll(game).name == "Crazy Force for Mind Melter (1D10-4)"


def test_ruling_61_confused_character_hits_its_own_party_next_round() -> None:
    game = event(10, experience=0)  # line 513: Character attacks own Party next Round
    finish_round(game)
    choose(game, "Fight this round")
    roll(game, 4, "Character Attack")  # the Mind Melter's 1 roll hits ...
    spec = pending_roll(game)  # ... the only other Character: the Vagabond
    assert spec.name == "Hit Result"
    roll(game, 5)
    assert member(game, "Vagabond").wounds == 1
    finish_round(game)
    choose(game, "Fight this round")
    roll(game, 4, "Character Attack")  # round 3: the Foes again
    assert game.pending.label == "Which Token is hit"


# ---- Loot and Experience (lines 433-442) ------------------------------------------------------

def bandits_won(at: int = 0, members: list[Any] | None = None) -> Game:
    """The Marauding Bandits (line 625: H 6 6 Tech 1, with a Laser Pistol) run away: Morale 8
    + 1 (Human) = 9 (lines 516, 519)."""
    game = combat(members or ["Mind Melter"], "Marauding Bandits", at=at)
    draw(game, "Equipment", "Laser Pistol")
    fight_round(game, morale=8)
    return game


@pytest.mark.parametrize(("natural", "looted"), [(1, False), (5, False), (6, True),
                                               (10, True)])
def test_loot_table_1_to_5_nothing_6_or_more_an_aid_card_of_the_foe(natural: int,
                                                                   looted: bool) -> None:
    game = bandits_won(at=3)
    # lines 522-523: "If Foes retreat it is still considered a Victory; you get the AT and get
    # to loot"
    assert "The Marauding Bandits run away: a victory" in log_since(game, 0)
    spec = roll(game, natural, "Loot")
    assert (spec.count, spec.sides) == (1, 10)  # line 434
    if looted:  # line 438: "Gain 1 Aid card that was attached to the Foe"
        assert options(game) == ["Loot Laser Pistol (Equipment, Force 2)"]  # line 133
        choose(game, "Loot Laser Pistol (Equipment, Force 2)")
        assert options(game) == ["Attach Laser Pistol to Mind Melter",
                                 "Keep Laser Pistol in hand"]
        choose(game, "Keep Laser Pistol in hand")
    run(game, {"Experience": 1})
    assert [h.name for h in party(game).hand] == (["Laser Pistol"] if looted else [])
    assert ("Laser Pistol" in discards(game, "Equipment")) is not looted  # ruling rifts-74
    assert party(game).at == 3 + 1  # line 15: defeat a Foe, gain 1 AT


def test_loot_the_winner_chooses_which_aid_card() -> None:
    # issue #10 item 10; line 438 "Gain 1 Aid card that was attached to the Foe": the winner
    # chooses among them. Degenerate Mercs H 4 8 Tech 3 (line 593) draw Laser Pistol 2, Laser
    # Rifle 3, Pulse Rifle 3 (lines 137, 138, 147); 8 + 1 (Human) = 9: they run away.
    game = combat(["Mind Melter"], "Degenerate Mercs")
    for name in ("Laser Pistol", "Laser Rifle", "Pulse Rifle"):
        draw(game, "Equipment", name)
    fight_round(game, morale=8)
    roll(game, 6, "Loot")
    assert isinstance(game.pending, Decision) and game.pending.player == 0
    assert options(game) == ["Loot Laser Pistol (Equipment, Force 2)",
                             "Loot Laser Rifle (Equipment, Force 3)",
                             "Loot Pulse Rifle (Equipment, Force 3)"]
    choose(game, "Loot Pulse Rifle")
    choose(game, "Keep Pulse Rifle in hand")
    run(game, {"Experience": 1})
    assert [h.name for h in party(game).hand] == ["Pulse Rifle"]
    assert set(discards(game, "Equipment")) == {"Laser Pistol", "Laser Rifle"}


def test_protein_healing_salve_keeps_its_heal_uses_through_a_fight() -> None:
    # issue #10 item 1; line 176 "Protein Healing Salve I 1 Heal; 3 Uses": its uses are Heal
    # uses; only weapons spend uses by attacking (ruling rifts-62). Four rounds against the
    # Dinosaurs: the Mind Melter (BF 12, line 63) fights with 12 + 1 = 13 each round, and the
    # Salve still has its 3 uses.
    game = combat([{"name": "Mind Melter", "attached": [eq("Protein Healing Salve")]}],
                  "Dinosaurs")
    for _ in range(4):
        fight_round(game)
    assert fights(game) == ["Mind Melter fights with Force 13: 1 attack roll(s)"] * 4
    salve = member(game, "Mind Melter").attached
    assert [(h.name, h.uses) for h in salve] == [("Protein Healing Salve", 3)]


def test_a_limited_use_weapon_still_spends_a_use_a_round() -> None:
    # ruling rifts-62 unchanged for weapons: Mini Missile Launcher W 4 "2 Uses" (line 139):
    # 12 + 4 = 16 twice, then it is used up: 12
    game = combat([{"name": "Mind Melter", "attached": [eq("Mini Missile Launcher")]}],
                  "Dinosaurs")
    for _ in range(3):
        fight_round(game)
    assert fights(game) == [f"Mind Melter fights with Force {f}: 1 attack roll(s)"
                            for f in (16, 16, 12)]
    assert member(game, "Mind Melter").attached == []


def test_ruling_74_foe_discarded_with_its_cards_but_the_looted_one() -> None:
    # line 593 Degenerate Mercs H 4 8 Tech 3; 8 + 1 (Human) = 9 runs away
    game = combat(["Mind Melter"], "Degenerate Mercs")
    for name in ("Laser Pistol", "Laser Rifle", "Pulse Rifle"):
        draw(game, "Equipment", name)
    fight_round(game, morale=8)
    roll(game, 6, "Loot")
    choose(game, "Loot Laser Rifle (Equipment, Force 3)")
    choose(game, "Attach Laser Rifle to Mind Melter")
    run(game, {"Experience": 1})
    assert discards(game, "Foe") == ["Degenerate Mercs"]
    assert set(discards(game, "Equipment")) == {"Laser Pistol", "Pulse Rifle"}
    assert [h.name for h in member(game, "Mind Melter").attached] == ["Laser Rifle"]


def test_ruling_75_experience_6_or_more_for_each_character_incapacitated_too() -> None:
    # line 440-441: "roll 1D10 for each Character. On 6+ the Character gets 1 Experience
    # Token"; ruling rifts-75: the incapacitated Vagabond rolls, the Separated Body Fixer not
    game = bandits_won(members=["Mind Melter", {"name": "Vagabond", "wounds": 2},
                                {"name": "Body Fixer", "away": 2}])
    roll(game, 1, "Loot")
    spec = roll(game, 6, "Experience")
    assert (spec.count, spec.sides, spec.target) == (1, 10, 6)
    roll(game, 5, "Experience")
    assert roll_name(game) is None and game.state.combat is None  # no third roll
    assert "Experience roll for Vagabond: 5+0 = 5 (6+ needed): fails" in log_since(game, 0)
    assert [(m.name, m.experience) for m in party(game).members] == [
        ("Mind Melter", 1), ("Vagabond", 0), ("Body Fixer", 0)]


# ---- Wiped Out (lines 527-530) ----------------------------------------------------------------

def test_ruling_68_wiped_out_party_halves_its_at_and_starts_again() -> None:
    game = combat(["Mind Melter"], "Dinosaurs", at=7, hand=(("Magic", "Fly"),))
    choose(game, "Fight this round")
    run(game, {"Character Attack": 1})
    roll(game, 4, "Foe Attack")  # one Character: no random pick
    roll(game, 1, "Hit Result")  # Killed
    assert party(game).at == 7 - 7 // 2  # line 529: discard half, rounding down: 3 (rifts-88)
    assert party(game).hand == []  # discard all your cards
    assert "Fly" in discards(game, "Magic")
    draw(game, "Character", "Vagabond")  # line 530: 2 new Characters
    draw(game, "Character", "Body Fixer")
    assert [m.name for m in party(game).members] == ["Vagabond", "Body Fixer"]
    # ruling rifts-68: 2 Aid cards each from Equipment, Psionic or Magic (line 279) ...
    assert game.pending.prompt == "Aid card 1 for Vagabond: which deck?"
    assert party(game).location == "Farms"  # ... and it keeps its Location


@pytest.mark.parametrize(("wounds", "rolls"), [
    (0, {"Hit Result": 1}),  # line 489: Killed
    (1, {"Hit Result": 4}),  # 1 + 1 = 2 Wounds: incapacitated (lines 491, 497)
    (0, {"Hit Result": 7, "Combat Event": 5}),  # line 508 Captured: Immobilized
])
def test_ruling_73_wiped_out_when_no_character_can_act(wounds: int,
                                                       rolls: dict[str, int]) -> None:
    # line 528 "If all your Characters are killed or Immobilized in a combat"
    game = combat([{"name": "Mind Melter", "wounds": wounds}], "Dinosaurs", at=5)
    choose(game, "Fight this round")
    run(game, {"Character Attack": 1})
    roll(game, 4, "Foe Attack")  # one Character: no random pick
    assert run(game, rolls) == list(rolls)
    assert roll_name(game) != "Foe Attack"  # the other Tokens do not attack any more
    assert "The party is Wiped Out" in log_since(game, 0)
    assert party(game).at == 5 - 5 // 2  # line 529: discard half (2), keep 3 (rifts-88)
    assert "Mind Melter" in discards(game, "Character")
    assert discards(game, "Foe") == ["Dinosaurs"]  # ruling rifts-74


# ---- rulings rifts-60, 62, 69, 70, 71 ---------------------------------------------------------

@pytest.mark.parametrize(("use", "kept"), [(5, False), (4, True)])
def test_ruling_60_use_roll_per_combat(use: int, kept: bool) -> None:
    # line 225 Mind Bolt MS 15 Attack on a Mind Melter (line 63): 12 + 15 = 27: 2 rolls + 1
    # (Attack, line 110); line 387: 5+ gives "one last benefit" then is discarded
    game = combat([{"name": "Mind Melter",
                    "attached": [{"deck": "Psionic", "name": "Mind Bolt"}]}], "Dinosaurs")
    spec = roll(game, use, "Use")
    assert (spec.count, spec.sides, spec.target) == (1, 6, 5)
    assert fight_round(game) == ["Character Attack"] * 3 + ["Foe Attack"] * 4 + ["Morale"]
    assert fight_round(game) == ["Character Attack"] * 3 + ["Foe Attack"] * 4 + ["Morale"]
    choose(game, "Try to escape")
    roll(game, 20, "Escape")
    assert [h.name for h in member(game, "Mind Melter").attached] == (
        ["Mind Bolt"] if kept else [])
    assert ("Mind Bolt" in discards(game, "Psionic")) is not kept


@pytest.mark.parametrize(("ability", "rolls", "protect"), [
    ("Attack", 1, False),  # Mystic MG 2 + 5 = 7: 0 rolls, + 1 for Attack
    ("Protect", 0, True),
])
def test_ruling_60_or_card_takes_one_ability_for_the_combat(ability: str, rolls: int,
                                                            protect: bool) -> None:
    # line 249 Circle of Flame 5 Attack or Protect
    game = combat([mystic("Magic", "Circle of Flame")], "Dinosaurs")
    assert options(game) == ["Circle of Flame on Mystic: Attack",
                             "Circle of Flame on Mystic: Protect"]
    choose(game, f"Circle of Flame on Mystic: {ability}")
    roll(game, 1, "Use")
    choose(game, "Fight this round")
    assert run(game, {"Character Attack": 1}) == ["Character Attack"] * rolls
    roll(game, 4, "Foe Attack")
    assert isinstance(game.pending, Decision) is protect


@pytest.mark.parametrize(("weapon", "round_forces", "uses"), [
    # line 139 Mini Missile Launcher W 4 2 Uses: rounds 1 and 2, then discarded
    ("Mini Missile Launcher", [16, 16, 12], [1, None, None]),
    # line 149 Fusion Block W 7 Single Use: round 1 only
    ("Fusion Block", [19, 12, 12], [None, None, None]),
    # line 144 Rocket Launcher W 6 2 Uses; every other Round: rounds 1 and 3 (ruling rifts-58)
    ("Rocket Launcher", [18, 12, 18], [1, 1, None]),
])
def test_ruling_62_weapon_uses_one_per_round(weapon: str, round_forces: list[int],
                                             uses: list[int | None]) -> None:
    game = combat([{"name": "Mind Melter", "attached": [eq(weapon)]}], "Dinosaurs")
    for force, left in zip(round_forces, uses, strict=True):
        mark = len(game.log)
        fight_round(game)
        assert fights(game, mark)[0].startswith(f"Mind Melter fights with Force {force}:")
        held = member(game, "Mind Melter").attached
        assert [h.uses for h in held] == ([] if left is None else [left])
    assert weapon in discards(game, "Equipment")


def test_ruling_69_escape_from_a_travel_fight_goes_to_the_escape_table() -> None:
    game = combat(["Mind Melter"], "", start="Travel")
    roll(game, 16, "Survival")  # line 311: travels without incident
    roll(game, 11, "Encounter")  # line 347: 11+ flips a Foe
    draw(game, "Foe", "Dinosaurs")
    choose(game, "Try to escape")
    roll(game, 16, "Escape")
    spec = pending_roll(game)  # line 349: "If you are forced to escape roll 1D6"
    assert (spec.name, spec.count, spec.sides) == ("Escape Table", 1, 6)
    assert game.phase == "travel.escape table"
    roll(game, 5)  # line 355: Continue Forward, Destination now
    draw(game, "Location", "Alberta")
    assert party(game).location == "Alberta"


def test_ruling_69_escape_from_a_mission_fight_ends_it_without_reward() -> None:
    game = combat(["Mind Melter"], "", start="Mission", at=2)
    roll(game, 13, "Mission")  # line 425: Protect Town, 1 extra AT if you win
    draw(game, "Foe", "Dinosaurs")
    choose(game, "Try to escape")
    roll(game, 16, "Escape")
    assert party(game).at == 2
    assert game.state.combat is None
    assert game.current_player == 1  # the turn is over: the other player's Decision Act


def test_ruling_70_protect_negates_a_hit_once_per_source_each_round() -> None:
    # line 185 Communicators I 2 Protect; line 111: negate on 4+ on 1D6
    game = combat([{"name": "Mind Melter", "attached": [eq("Communicators")]}, "Vagabond"],
                  "Dinosaurs")
    choose(game, "Fight this round")
    run(game, {"Character Attack": 1})
    roll(game, 4, "Foe Attack")  # Token 1 hits: Protect comes before the Character is picked
    assert options(game) == ["Mind Melter: Protect (Communicators), 4+ negates",
                             "Take the hit"]
    choose(game, "Protect (Communicators)")
    spec = roll(game, 4, "Protection")
    assert (spec.count, spec.sides, spec.target) == (1, 6, 4)
    assert roll_name(game) == "Foe Attack"  # negated: nobody is hit
    roll(game, 4, "Foe Attack")  # Token 2 hits: the source is used this round
    assert game.pending.label == "Which Character Token 2 hits"
    pick(game, "Vagabond")
    roll(game, 9, "Hit Result")
    finish_round(game)
    choose(game, "Fight this round")
    run(game, {"Character Attack": 1})
    roll(game, 4, "Foe Attack")  # round 2: offered again
    choose(game, "Protect (Communicators)")
    roll(game, 3, "Protection")  # 3 fails: the hit stands
    assert game.pending.label == "Which Character Token 1 hits"


def test_ruling_71_action_segment_each_source_once_a_round_on_a_chosen_token() -> None:
    # line 237 Befuddle 2 Chaos, line 242 Paralysis 3 Immobilize, on a Mystic (MG 2): 7 Force
    game = combat([mystic("Magic", "Befuddle", "Paralysis")], "Dinosaurs")
    run(game, {"Use": 1})
    choose(game, "Fight this round")
    assert game.phase == "scenario.combat.actions"
    assert len(options(game)) == 2 * 4 + 1  # two sources x four Tokens, and "End"
    choose(game, "Chaos (Befuddle) on Token 2")
    roll(game, 3, "Chaos")  # line 112: 3-4 = Unit does not Attack
    assert options(game) == [f"Mystic: Immobilize (Paralysis) on Token {n}" for n in (1, 2, 3, 4)
                             ] + ["End the Action Segment"]
    choose(game, "Immobilize (Paralysis) on Token 3")
    roll(game, 5)  # line 115: 1D6 - 3 = 2 Rounds
    assert run(game, {"Foe Attack": 1}) == ["Foe Attack"] * 2  # Tokens 1 and 4
    roll(game, 1, "Morale")
    choose(game, "Fight this round")
    assert len(options(game)) == 2 * 4 + 1  # each source again in round 2
    choose(game, "End the Action Segment")
    assert run(game, {"Foe Attack": 1}) == ["Foe Attack"] * 3  # Token 3 still Immobilized


def test_ruling_71_negate_magic_only_on_a_token_holding_magic() -> None:
    # line 255 Dispel 7 Negate Magic; line 590 Vampire Tribe Magic 1: Token 1 holds it
    game = combat([mystic("Magic", "Dispel")], "Vampire Tribe")
    draw(game, "Magic", "Fire Ball")  # Force 4: Token 1 has 7 + 4
    roll(game, 1, "Use")
    choose(game, "Fight this round")
    assert options(game) == ["Mystic: Negate Magic (Dispel) on Token 1",
                             "End the Action Segment"]
    choose(game, "Negate Magic (Dispel) on Token 1")
    assert forces(game)[0] == 7
    assert "Fire Ball" in discards(game, "Magic")


def test_ruling_71_summon_is_force_not_an_action() -> None:
    # line 84 Summon: Major cards give 1D10 Force with Attack or Protect; Mind Wipe (line 227,
    # MS 14 Immobilize) is not used as written, so it offers no Immobilize action
    game = combat([{"name": "Shifter", "attached": [{"deck": "Psionic", "name": "Mind Wipe"}]}],
                  "Dinosaurs")
    assert options(game) == ["Mind Wipe on Shifter: Attack", "Mind Wipe on Shifter: Protect"]
    choose(game, "Mind Wipe on Shifter: Attack")
    roll(game, 1, "Use")
    choose(game, "Fight this round")
    roll(game, 10, "Mind Wipe via Summon")
    # Shifter MG 3 (line 56) + 10 = 13: 1 roll, + 1 for Attack
    assert run(game, {"Character Attack": 1}) == ["Character Attack"] * 2
    assert roll_name(game) == "Foe Attack"  # no Action Segment choice


def test_chaos_5_or_6_turns_a_token_against_the_other_tokens() -> None:
    # line 112: 5-6 = Unit Attacks for your side; line 239 Fear 2 Chaos on a Mystic
    game = combat([mystic("Magic", "Fear")], "Dinosaurs")
    roll(game, 1, "Use")
    choose(game, "Fight this round")
    choose(game, "Chaos (Fear) on Token 2")
    roll(game, 5, "Chaos")
    roll(game, 1, "Foe Attack")  # Token 1 misses
    roll(game, 4, "Foe Attack")  # Token 2 hits one of the other Tokens
    assert [(str(o), p) for o, p in game.chance_outcomes()] == [
        (f"Token {n} (12 Force)", Fraction(1, 3)) for n in (1, 3, 4)]
    pick(game, "Token 4 (12 Force)")
    roll(game, 6, "Force lost (1D10)")
    assert forces(game) == [12, 12, 12, 12 - 6]


def test_chaos_bonus_adds_to_the_chaos_roll() -> None:
    # line 248 Illusion 5 Chaos +2; line 65-66: "a further bonus (to rolls)"
    game = combat([mystic("Magic", "Illusion")], "Dinosaurs")
    roll(game, 1, "Use")
    choose(game, "Fight this round")
    choose(game, "Chaos (Illusion) on Token 1")
    assert pending_roll(game).modifier == 2


def test_ruling_85_ambushed_order() -> None:
    # line 421 Ambushed "They Attack First every Round": Escape, Foe Attack, Character Attack,
    # Action, Morale (ruling rifts-85). A Mind Melter (line 63, Major Psychic, BF 12) with
    # Befuddle (Chaos) has an action to offer after its attack.
    melter = {"name": "Mind Melter", "attached": []}
    game = combat([melter, mystic("Magic", "Befuddle")], "", start="Mission")
    roll(game, 7, "Mission")
    draw(game, "Foe", "Dinosaurs")  # line 610: M 4 12 WO, no Aid cards (Farms is Wilderness)
    roll(game, 1, "Use")  # Befuddle's Use Roll for the combat (ruling rifts-60)
    choose(game, "Fight this round")
    phases = []
    while game.phase != "mission.combat.morale":
        if game.phase not in phases:
            phases.append(game.phase)
        if roll_name(game) is not None:
            roll(game, 1)
        else:
            choose(game, "End the Action Segment")
    assert phases == ["mission.combat.foe attacks", "mission.combat.character attacks",
                      "mission.combat.actions"]


@pytest.mark.parametrize(("at", "kept"), [(7, 4), (6, 3), (1, 1), (0, 0)])
def test_ruling_88_wiped_out_discards_half_the_at_rounding_down(at: int, kept: int) -> None:
    # line 529 "discard all your cards and half your AT rounding down": 7 AT, half is 3.5,
    # rounded down 3 discarded, 4 kept; 6: 3 and 3; 1: 0 discarded; 0: nothing
    game = combat(["Mind Melter"], "Dinosaurs", at=at)
    choose(game, "Fight this round")
    run(game, {"Character Attack": 1})
    roll(game, 4, "Foe Attack")
    roll(game, 1, "Hit Result")  # Killed: the party is Wiped Out
    assert party(game).at == kept
