"""Every ability of Rifts Adventures in play: seed 000, ABILITY DEFINITIONS (lines 64-117), the
abilities the rulings define (rifts-5 to rifts-12), and the rulings on how abilities count
(rifts-47 to rifts-50, rifts-56 to rifts-59).

Each test builds a position with ``scenario``, forces every die and draw, and checks the
effect against the seed's line (cited) or the ruling (cited), with the arithmetic in a comment.
Combat Force is read from the log line "X fights with Force N: k attack roll(s)"; roll
modifiers from ``pending_roll(game).modifiers``.
"""

from __future__ import annotations

import re
import shutil
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

import polars as pl
import pytest

import explorer
from explorer import cards
from explorer.engine import Chance, Decision, Game
from explorer.games.rifts.abilities import ABILITIES
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

# The other party (a game needs 2); nothing here uses its Character or Location.
OTHER = {"members": [{"name": "Coalition Elite Veteran"}], "location": "Rio Grande Border"}
URBAN = "Border Town"  # U, no Foe bonus (line 560)
WILD = "Farms"  # W, no Foe bonus (line 548)
FIGHTS = re.compile(r"^(.+) fights with Force (-?\d+): (\d+) attack roll\(s\)$")


def card(deck: str, name: str, **extra: Any) -> dict[str, Any]:
    return {"deck": deck, "name": name, **extra}


E, MG, PS = (partial(card, deck) for deck in ("Equipment", "Magic", "Psionic"))


def char(name: str, *attached: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"name": name, "attached": list(attached), **extra}


def game_at(at: str, *members: dict[str, Any], location: str = URBAN,
            hand: tuple[dict[str, Any], ...] = (), **extra: Any) -> Game:
    """Player 1's party of ``members`` at ``location``, starting at ``at``."""
    first: dict[str, Any] = {"members": list(members), "location": location}
    if hand:
        first["hand"] = list(hand)
    if at == "combat":
        extra.setdefault("foe", "Dinosaurs")  # M, 4 Tokens of 12 Force, no Aid cards (l. 610)
    return scenario([first, OTHER], at=at, **extra)


def fights(game: Game) -> list[tuple[str, int, int]]:
    """(Character, Force, attack rolls) of each "fights with Force" log line."""
    return [(m[1], int(m[2]), int(m[3])) for text in log_since(game, 0)
            if (m := FIGHTS.match(text))]


def pending_name(game: Game) -> str | None:
    odds = game.pending.odds if isinstance(game.pending, Chance) else None
    return None if odds is None else odds.name


def advance(game: Game, *, stop: tuple[str, ...] = (), end_actions: bool = False) -> None:
    """Play on with the dull choices: Use Rolls 1 (the card stays), attack rolls 1 (misses),
    "Fight this round" (and "End the Action Segment" with ``end_actions``); stop at anything
    else or at a roll named in ``stop``."""
    while True:
        pending = game.pending
        name = pending_name(game)
        if name in stop:
            return
        if name in {"Use", "Character Attack", "Foe Attack"}:
            roll(game, 1)
        elif isinstance(pending, Decision) and pending.prompt.startswith("Round "):
            choose(game, "Fight this round")
        elif end_actions and isinstance(pending, Decision) and \
                pending.prompt.startswith("Action Segment"):
            choose(game, "End the Action Segment")
        else:
            return


def play_round(game: Game) -> None:
    """Fight one round missing every attack; the Morale roll 1 keeps the Foes (Dinosaurs are
    Monsters, -1: 1-1 = 0, below 9; lines 515-518)."""
    advance(game, end_actions=True)
    roll(game, 1, "Morale")


def foe_rolls_per_round(game: Game) -> list[int]:
    """How many Foe Attack rolls each round made, for the rounds whose Morale was rolled."""
    counts, current = [], 0
    for text in log_since(game, 0):
        if text.startswith("Foe Attack roll:"):
            current += 1
        elif text.startswith("Morale roll:"):
            counts.append(current)
            current = 0
    return counts


def to_escape_roll(game: Game) -> tuple[tuple[int, str], ...]:
    """Choose to escape in round 1; the Escape roll's modifiers, each reason without the
    "(via card)" that names a card spent."""
    while pending_name(game) == "Use":
        roll(game, 1)
    choose(game, "Try to escape")
    return tuple((m, re.sub(r" \(via .*\)$", "", why)) for m, why in pending_roll(game).modifiers)


def held(game: Game, who: str, name: str) -> Any:
    return next((h for h in member(game, who).attached if h.name == name), None)


# ---- the vocabulary -------------------------------------------------------------------------

SEED_ABILITIES = [  # ABILITY DEFINITIONS, lines 67-117 ("Bonus", line 65, is not one: rifts-1)
    "Major Psychic", "Minor Psychic", "Hunt", "Drain", "Pyrotechnics", "Mage", "Fly", "Breath",
    "Tough", "Scrying", "Summon", "Artificer", "Ley Lines", "Wilderness", "Survival",
    "Knowledge", "Communicate", "Repair", "Heal", "Cybernetics", "Urban", "Power Armor", "Drugs",
    "Psi-Sword", "Stealth", "Crazy", "Pilot", "Cyborg", "Attack", "Protect", "Chaos", "Sensors",
    "Immobilize", "Negate Magic", "Psionic Defense",  # Protect: "Protection" (rifts-4)
]
RULED_ABILITIES = ["Track", "Escape", "Control", "Magic Defense", "Negate Possession", "Draw",
                   "Supply"]  # rulings rifts-5, 6, 7, 8, 9, 11, 12


def test_abilities_names_every_ability_of_the_vocabulary() -> None:
    vocabulary = cards.schema("rifts", "abilities")["name"].categories.to_list()
    assert len(SEED_ABILITIES) == 35 and len(RULED_ABILITIES) == 7
    assert sorted(vocabulary) == sorted(SEED_ABILITIES + RULED_ABILITIES)
    assert sorted(ABILITIES) == sorted(vocabulary)
    assert all(ABILITIES[name] for name in vocabulary)


# ---- permissions: which cards a Character may attach ------------------------------------------

def attach_targets(game: Game, card: str) -> set[str]:
    prefix = f"Attach {card} to "
    return {text[len(prefix):] for text in options(game) if text.startswith(prefix)}


def test_major_and_minor_psychic_decide_which_psionic_cards_attach() -> None:
    # line 67: Major Psychic uses Major cards; line 68: Minor Psychic uses Psychic cards but
    # not Major ones (Mind Bolt is MS, line 225; Empathy SS, line 209); Vagabond has neither.
    game = game_at("turn", char("Mind Melter"), char("Mystic"), char("Vagabond"),
                   hand=(PS("Mind Bolt"), PS("Empathy")))
    assert attach_targets(game, "Mind Bolt") == {"Mind Melter"}
    assert attach_targets(game, "Empathy") == {"Mind Melter", "Mystic"}


def test_mage_class_and_mage_ability_use_magic_cards() -> None:
    # line 79: Mage uses all Magic Cards: the Dragon Hatchling by its Mage ability (line 59),
    # the Line Walker by its class MG (line 54; rifts-55); not the Cyber-Knight (line 38).
    game = game_at("turn", char("Dragon Hatchling"), char("Line Walker"), char("Cyber-Knight"),
                   hand=(MG("Energy Bolt"),))
    assert attach_targets(game, "Energy Bolt") == {"Dragon Hatchling", "Line Walker"}


def test_power_armor_only_with_the_power_armor_ability() -> None:
    # line 99: "can use Power Armor"; AWOL Coalition Grunt has it (line 42), Vagabond not (52).
    game = game_at("turn", char("AWOL Coalition Grunt"), char("Vagabond"),
                   hand=(E("Samson Power Armor"),))
    assert attach_targets(game, "Samson Power Armor") == {"AWOL Coalition Grunt"}


# ---- Major cards "not as written": Hunt, Drain, Pyrotechnics, Summon, Psi-Sword -------------

def specialist_choices(game: Game) -> list[str]:
    return [text.split(": ")[-1] for text in options(game)]


SPECIALISTS = [
    # (Character, Major card, choices, die, natural, (Character, Force, attack rolls))
    # Hunt (lines 70-71): Dog Pack BF 9 (line 61) + 1D6 1 + Hunt's +2 (ruling rifts-47) = 12:
    # 1 roll + 1 Attack (line 110)
    ("Rogue Coalition Dog Pack", "Mind Bolt", ["Attack", "Protect"], "Mind Bolt via Hunt", 1,
     ("Rogue Coalition Dog Pack", 12, 2)),
    # Drain (lines 73-74): Psi-Stalker BF 8 (line 62) + 1D6 2 = 10: 1 + 1
    ("Psi-Stalker", "Mind Bolt", ["Attack", "Tough"], "Mind Bolt via Drain", 2,
     ("Psi-Stalker", 10, 2)),
    # Pyrotechnics (lines 76-77): Burster BF 10 (line 60) + 1D10 10 = 20: 2 + 1
    ("Burster", "Mind Wipe", ["Attack", "Chaos"], "Mind Wipe via Pyrotechnics", 10,
     ("Burster", 20, 3)),
    # Summon (lines 84-85): Shifter BF 3 (line 56) + 1D10 7 = 10: 1 + 1
    ("Shifter", "Force Field", ["Attack", "Protect"], "Force Field via Summon", 7,
     ("Shifter", 10, 2)),
    # Psi-Sword (lines 102-103): Attack only, no choice; Cyber-Knight BF 10 (line 38, Urban:
    # no Wilderness) + 1D6 3 = 13: 1 + 1
    ("Cyber-Knight", "Psi Shield", [], "Psi Shield via Psi-Sword", 3, ("Cyber-Knight", 13, 2)),
]


@pytest.mark.parametrize(("who", "major", "choices", "die", "natural", "expected"), SPECIALISTS,
                         ids=["Hunt", "Drain", "Pyrotechnics", "Summon", "Psi-Sword"])
def test_major_card_not_as_written_gives_dice_force_with_attack(
        who: str, major: str, choices: list[str], die: str, natural: int,
        expected: tuple[str, int, int]) -> None:
    # the card's own Force (Mind Bolt 15, Mind Wipe 14, Force Field 12, Psi Shield 13; lines
    # 225-231) is not given: the die is
    game = game_at("combat", char(who, PS(major)))
    if choices:
        assert specialist_choices(game) == choices
        choose(game, f"{major} on {who}: Attack")
    else:
        assert pending_name(game) == "Use"
    advance(game, stop=(die,))
    roll(game, natural, die)
    advance(game, stop=("Foe Attack",))
    assert fights(game) == [expected]
    assert pending_name(game) == "Foe Attack"  # and no Action Segment offer (Chaos, Defense)


def test_hunt_major_card_with_protect_negates_a_hit() -> None:
    game = game_at("combat", char("Rogue Coalition Dog Pack", PS("Mind Bolt")))
    choose(game, "Mind Bolt on Rogue Coalition Dog Pack: Protect")
    advance(game, stop=("Mind Bolt via Hunt",))
    roll(game, 1, "Mind Bolt via Hunt")
    roll(game, 1, "Character Attack")  # 9 + 1 + 2 (Hunt +2) = 12: 1 roll, no Attack
    assert fights(game) == [("Rogue Coalition Dog Pack", 12, 1)]
    roll(game, 4, "Foe Attack")  # a hit (line 482): Protect may negate it (line 483)
    assert options(game) == ["Rogue Coalition Dog Pack: Protect (Mind Bolt), 4+ negates",
                             "Take the hit"]


def test_hunt_bonus_adds_to_its_major_card_force() -> None:
    # ruling rifts-47: "the +N of all its sources add to what the ability gives"; the Dog
    # Pack has Hunt +2 (line 61), Hunt gives 1D6 Force (line 71): 9 + 1 + 2 = 12.
    game = game_at("combat", char("Rogue Coalition Dog Pack", PS("Mind Bolt")))
    choose(game, "Mind Bolt on Rogue Coalition Dog Pack: Attack")
    advance(game, stop=("Mind Bolt via Hunt",))
    roll(game, 1, "Mind Bolt via Hunt")
    assert fights(game) == [("Rogue Coalition Dog Pack", 12, 2)]


def test_drain_major_card_gives_1d6_force_with_tough() -> None:
    # lines 73-74: Mind Bolt gives 1D6 Force with Attack or Tough.
    game = game_at("combat", char("Psi-Stalker", PS("Mind Bolt")))
    assert specialist_choices(game) == ["Attack", "Tough"]
    choose(game, "Tough")
    advance(game, stop=("Mind Bolt via Drain",))
    roll(game, 6, "Mind Bolt via Drain")
    roll(game, 1, "Character Attack")
    assert fights(game) == [("Psi-Stalker", 14, 1)]  # BF 8 (line 62) + 6; no Attack roll
    roll(game, 4, "Foe Attack")
    # Tough: rolls vs. this Character on the Hit Result Table are at +1 (lines 82, 486)
    assert pending_roll(game).modifiers == ((1, "Psi-Stalker: Tough"),)


def test_pyrotechnics_major_card_gives_1d10_force_with_chaos() -> None:
    # lines 76-77: 1D10 Force with Attack or Chaos; Mind Wipe's own Immobilize (line 227)
    # is not given.
    game = game_at("combat", char("Burster", PS("Mind Wipe")))
    assert specialist_choices(game) == ["Attack", "Chaos"]
    choose(game, "Chaos")
    advance(game, stop=("Mind Wipe via Pyrotechnics",))
    roll(game, 10, "Mind Wipe via Pyrotechnics")
    advance(game)
    assert fights(game) == [("Burster", 20, 2)]  # BF 10 (line 60) + 10: 2 rolls, no Attack
    assert options(game) == [f"Burster: Chaos (Mind Wipe) on Token {n}" for n in (1, 2, 3, 4)] \
        + ["End the Action Segment"]


# ---- roll modifiers out of combat -----------------------------------------------------------

KNIGHT_WILD = "Cyber-Knight: Wilderness at a Wilderness location"
RAT_URBAN = "City Rat: Urban at an Urban location"
ROLL_CASES = [
    # (ability, members, location, start, expected modifiers)
    ("Survival l.313", [char("Vagabond")], URBAN, "Travel", [(1, "Vagabond: Survival")]),
    ("Knowledge l.318", [char("Rogue Scholar")], URBAN, "Travel",
     [(1, "Rogue Scholar: Knowledge")]),
    ("Knowledge l.416", [char("Rogue Scholar")], URBAN, "Mission",
     [(1, "Rogue Scholar: Knowledge")]),
    ("Communicate l.362 + Knowledge l.367", [char("Rogue Scholar")], URBAN, "Supply",
     [(1, "Rogue Scholar: Communicate"), (1, "Rogue Scholar: Knowledge")]),
    ("Communicate card l.179", [char("Vagabond", E("Universal Translator"))], URBAN, "Supply",
     [(1, "Vagabond: Communicate")]),
    ("Wilderness l.314", [char("Cyber-Knight")], WILD, "Travel", [(2, KNIGHT_WILD)]),
    ("Wilderness l.414", [char("Cyber-Knight")], WILD, "Mission", [(2, KNIGHT_WILD)]),
    ("Wilderness l.363", [char("Cyber-Knight")], WILD, "Supply", [(2, KNIGHT_WILD)]),
    ("Wilderness not Urban", [char("Cyber-Knight")], URBAN, "Travel", []),
    # Wilderness +2 (line 53): 2 + 2 (line 65)
    ("Wilderness +2", [char("Wilderness Scout")], WILD, "Mission",
     [(4, "Wilderness Scout: Wilderness +2 at a Wilderness location")]),
    ("Urban l.316", [char("City Rat")], URBAN, "Travel", [(2, RAT_URBAN)]),
    ("Urban l.415", [char("City Rat")], URBAN, "Mission", [(2, RAT_URBAN)]),
    ("Urban l.365", [char("City Rat")], URBAN, "Supply", [(2, RAT_URBAN)]),
    ("Urban not Wilderness", [char("City Rat")], WILD, "Mission", []),
    ("Fly l.320", [char("Dragon Hatchling"), char("Techno Wizard")], URBAN, "Travel",
     [(1, "every Character has Fly")]),
    ("Fly not all", [char("Dragon Hatchling"), char("AWOL Coalition Grunt")], URBAN, "Travel", []),
    # Hunt +2 (line 61): +2 to Track Rolls (line 70) + 2 (line 65) = 4; Drain +2 (line 73)
    ("Hunt, Drain", [char("Rogue Coalition Dog Pack"), char("Psi-Stalker")], URBAN, "Mission",
     [(4, "Rogue Coalition Dog Pack: Hunt +2"), (2, "Psi-Stalker: Drain")]),
    ("Sensors l.114", [char("Vagabond", E("Multi-Optics Helmet"))], URBAN, "Mission",
     [(1, "Vagabond: Sensors")]),
    ("Track rifts-5", [char("Vagabond", E("Surveillance Equipment"))], URBAN, "Mission",
     [(1, "Vagabond: Track (Surveillance Equipment)")]),
]
FIRST_ROLL = {"Travel": "Survival", "Mission": "Mission", "Supply": "Supply"}


@pytest.mark.parametrize(("members", "location", "start", "expected"),
                         [c[1:] for c in ROLL_CASES], ids=[c[0] for c in ROLL_CASES])
def test_abilities_modify_the_phase_rolls(members: list[dict[str, Any]], location: str,
                                          start: str, expected: list[tuple[int, str]]) -> None:
    game = game_at(start, *members, location=location)
    spec = pending_roll(game)
    assert spec.name == FIRST_ROLL[start]
    assert sorted(spec.modifiers) == sorted(expected)


# ---- the Escape roll ------------------------------------------------------------------------

ESCAPE_CASES = [
    # lines 104-105, 469 (ruling rifts-32)
    ("Stealth", [char("Dismissed CN Specialist")], URBAN,
     [(2, "Dismissed CN Specialist: Stealth")]),
    # ruling rifts-6: +2; the Fly spell "Escape +2" (line 247) adds its bonus: 2 + 2 = 4
    ("Escape", [char("Mind Melter", PS("Death Trance"))], URBAN,
     [(2, "Mind Melter: Escape")]),
    ("Escape +2", [char("Shifter", MG("Fly"))], URBAN, [(4, "Shifter: Escape +2")]),
    ("Wilderness l.465", [char("Cyber-Knight")], WILD, [(2, KNIGHT_WILD)]),
    ("Urban l.467", [char("City Rat")], URBAN, [(2, RAT_URBAN)]),
    ("Fly l.471", [char("Dragon Hatchling"), char("Techno Wizard")], URBAN,
     [(1, "every Character has Fly")]),
    # Hover Cycle V (line 154): on Vehicles +1 (line 470) and Flying +1 (line 471)
    ("Fly card", [char("Vagabond", E("Hover Cycle"))], URBAN,
     [(1, "every Character on an undamaged Vehicle"), (1, "every Character has Fly")]),
    # Robot Lock Pick Gun "Stealth in Urban Location" (line 184) counts only there (rulings
    # rifts-13, rifts-47)
    ("Stealth in Urban", [char("Vagabond", E("Robot Lock Pick Gun"))], URBAN,
     [(2, "Vagabond: Stealth")]),
    ("Stealth in Urban, in Wilderness", [char("Vagabond", E("Robot Lock Pick Gun"))], WILD, []),
]


@pytest.mark.parametrize(("members", "location", "expected"), [c[1:] for c in ESCAPE_CASES],
                         ids=[c[0] for c in ESCAPE_CASES])
def test_abilities_modify_the_escape_roll(members: list[dict[str, Any]], location: str,
                                          expected: list[tuple[int, str]]) -> None:
    game = game_at("combat", *members, location=location)
    assert sorted(to_escape_roll(game)) == sorted(expected)
    assert pending_roll(game).target == 16  # line 463


# ---- Force in combat --------------------------------------------------------------------------

FORCE_CASES = [
    # Wilderness: +2 Force in Wilderness Locations (line 89); Cyber-Knight BF 10 (line 38)
    ("Wilderness", [char("Cyber-Knight")], WILD, [("Cyber-Knight", 12, 1)]),
    ("Wilderness in Urban", [char("Cyber-Knight")], URBAN, [("Cyber-Knight", 10, 1)]),
    ("Wilderness +2", [char("Wilderness Scout")], WILD, [("Wilderness Scout", 9, 0)]),  # 5+2+2
    # Urban: +2 Force in Urban Locations (line 97); City Rat BF 3 (line 47)
    ("Urban", [char("City Rat")], URBAN, [("City Rat", 5, 0)]),
    ("Urban in Wilderness", [char("City Rat")], WILD, [("City Rat", 3, 0)]),
    # Pilot: +3 from an attached Vehicle (line 108): BF 4 (line 39) + Motorcycle 2 (157) + 3
    ("Pilot", [char("Discharged Coalition Pilot", E("Highway Motorcycle"))], URBAN,
     [("Discharged Coalition Pilot", 9, 0)]),
    # damaged Equipment provide no benefits (line 501)
    ("Pilot, damaged Vehicle",
     [char("Discharged Coalition Pilot", E("Highway Motorcycle", damaged=True))], URBAN,
     [("Discharged Coalition Pilot", 4, 0)]),
    # Artificer (line 86): Laser Rifle 3 (line 138) on Vagabond (BF 3) gets +1: 3 + 3 + 1
    ("Artificer", [char("Techno Wizard"), char("Vagabond", E("Laser Rifle"))], URBAN,
     [("Techno Wizard", 3, 0), ("Vagabond", 7, 0)]),
    # ... but not a Cybernetic Implant: Borg BF 5 + Laser Rifle 3 + 1 + Bionic Arm 3 (l. 165)
    # + Cyborg 2 (line 109) = 14
    ("Artificer, not implants",
     [char("Techno Wizard"), char("Escaped Slave Borg", E("Laser Rifle"), E("Bionic Arm"))],
     URBAN, [("Techno Wizard", 3, 0), ("Escaped Slave Borg", 14, 1)]),
    # Cybernetics (line 96): the implant gets +1, the Laser Rifle not: 5 + 3 + 3 + 2 + 1 = 14
    ("Cybernetics",
     [char("Cyber-Doc"), char("Escaped Slave Borg", E("Laser Rifle"), E("Bionic Arm"))],
     URBAN, [("Cyber-Doc", 2, 0), ("Escaped Slave Borg", 14, 1)]),
    ("no Cybernetics", [char("Escaped Slave Borg", E("Laser Rifle"), E("Bionic Arm"))], URBAN,
     [("Escaped Slave Borg", 13, 1)]),
    # Attack: an extra attack roll (line 110): Hover Cycle 3 (line 154): 3 + 3 = 6: 0 + 1
    ("Attack", [char("Vagabond", E("Hover Cycle"))], URBAN, [("Vagabond", 6, 1)]),
    # Major Psychic uses Mind Bolt as written (line 67): Mind Melter BF 12 (line 63) + 15
    # (line 225) = 27: 2 rolls (line 473) + 1 for its Attack (line 110)
    ("Major Psychic", [char("Mind Melter", PS("Mind Bolt"))], URBAN, [("Mind Melter", 27, 3)]),
    # Minor Psychic (line 68): Mystic BF 2 (line 58) + Empathy 5 (line 209)
    ("Minor Psychic", [char("Mystic", PS("Empathy"))], URBAN, [("Mystic", 7, 0)]),
    # Negate Possession gives only its Force, no action (ruling rifts-9): Exorcism 1 (l. 196)
    ("Negate Possession", [char("Mind Melter", PS("Exorcism"))], URBAN, [("Mind Melter", 13, 1)]),
]


@pytest.mark.parametrize(("members", "location", "expected"), [c[1:] for c in FORCE_CASES],
                         ids=[c[0] for c in FORCE_CASES])
def test_abilities_give_force_in_combat(members: list[dict[str, Any]], location: str,
                                        expected: list[tuple[str, int, int]]) -> None:
    game = game_at("combat", *members, location=location)
    advance(game)
    assert fights(game) == expected
    assert pending_name(game) == "Morale"  # none of them acts in the Action Segment


@pytest.mark.parametrize(("implants", "expected"), [
    ([E("Bionic Hand"), E("Bionic Arm")], 18),  # 7 + 2 + 3 + 2 x (2 + 1)
    ([E("Bionic Hand"), E("Bionic Arm", damaged=True)], 12),  # 7 + 2 + 1 x 3 (line 501)
    ([], 7),
])
def test_ruling_56_cyborg(implants: list[dict[str, Any]],
                                                   expected: int) -> None:
    # Borg Mercenary BF 7, Cyborg +1 (line 35); Bionic Hand 2, Bionic Arm 3 (lines 163, 165);
    # Cyborg: +2 from attached Cybernetic Implants (line 109), each (ruling rifts-56), +1 bonus
    # (line 65)
    game = game_at("combat", char("Borg Mercenary", *implants))
    advance(game)
    assert fights(game)[0][:2] == ("Borg Mercenary", expected)


@pytest.mark.parametrize(("vagabond", "forces"), [
    # Heavy Plasma Cannon W 5 "Use every other Round" (line 143): rounds 1 and 3 (ruling
    # rifts-58); Vagabond BF 3: 3 + 5 + 1 = 9, resting 3 (no +1 without the Force), 9
    (char("Vagabond", E("Heavy Plasma Cannon")), [9, 3, 9]),
    # a damaged card "provide[s] no benefits until repaired" (line 501): Laser Rifle 3
    # damaged, Laser Pistol 2: 3 + 2 + 1 = 6 each round
    (char("Vagabond", E("Laser Rifle", damaged=True), E("Laser Pistol")), [6, 6, 6]),
])
def test_artificer_bonus_goes_with_the_cards_force(vagabond: dict[str, Any],
                                                   forces: list[int]) -> None:
    # issue #10 item 4; line 86: "Every Non-cybernetic Equipment card owned by party gets +1
    # Force": the Techno Wizard's Artificer (line 55) adds +1 only where the card gives its
    # Force this round (ruling rifts-57).
    game = game_at("combat", char("Techno Wizard"), vagabond)
    fight_rounds(game, [[], [], []])
    assert [f for who, f, _ in fights(game) if who == "Vagabond"] == forces


def test_cybernetics_bonus_goes_with_the_implants_force() -> None:
    # issue #10 item 4 ("The same for Cybernetics", line 96): the Cyber-Doc's Cybernetics
    # (line 48) gives +1 to the Vagabond's Bionic Hand C 2 (line 163), not to its damaged
    # Bionic Arm C 3 (line 165): 3 + 2 + 1 = 6.
    game = game_at("combat", char("Cyber-Doc"),
                   char("Vagabond", E("Bionic Hand"), E("Bionic Arm", damaged=True)))
    fight_rounds(game, [[]])
    assert [f for who, f, _ in fights(game) if who == "Vagabond"] == [6]


def _card_set_with_two_artificers(folder: Path) -> str:
    """The shipped card set with Vagabond given Artificer too (no shipped card has it twice)."""
    target = folder / "rifts"
    shutil.copytree(Path(explorer.__file__).parents[1] / "data" / "rifts", target,
                    ignore=shutil.ignore_patterns("*.toml"))
    frame = pl.read_parquet(target / "characters.parquet")
    rows = frame.to_dicts()
    for row in rows:
        if row["name"] == "Vagabond":
            row["abilities"] = [*row["abilities"],
                                {"name": "Artificer", "bonus": 0, "where": None, "cards": None}]
    pl.DataFrame(rows, schema=frame.schema).write_parquet(target / "characters.parquet")
    return str(target)


def test_ruling_57_artificer_once(tmp_path: Path) -> None:
    # line 86 / ruling rifts-57: the +1 is on each card, once: Vagabond (BF 3) with Laser Rifle
    # 3 and Laser Pistol 2 (lines 137-138): 3 + 3 + 2 + 1 + 1 = 10, also with two Artificers.
    members = [char("Techno Wizard"), char("Vagabond", E("Laser Rifle"), E("Laser Pistol"))]
    shipped = game_at("combat", *members)
    advance(shipped)
    assert fights(shipped) == [("Techno Wizard", 3, 0), ("Vagabond", 10, 1)]
    game = explorer.new_game("rifts", players=2, seed=0,
                             cards=_card_set_with_two_artificers(tmp_path),
                             scenario={"parties": [{"members": members, "location": URBAN}, OTHER],
                                       "at": "combat", "foe": "Dinosaurs"})
    advance(game)
    assert fights(game) == [("Techno Wizard", 3, 0), ("Vagabond", 10, 1)]


def test_attack_gives_a_foe_token_an_extra_roll() -> None:
    # ruling rifts-22: CN Enforcer Robot, 2 Tokens of 24 Force, Attack (line 601): each Token
    # 24 // 10 = 2 rolls + 1 = 3; 6 in all.
    game = game_at("combat", char("Vagabond"), foe="CN Enforcer Robot")
    play_round(game)
    assert foe_rolls_per_round(game) == [6]


# ---- dice Force: Breath, Drugs, Stealth, Crazy, Ley Lines --------------------------------------

def fight_rounds(game: Game, rounds: list[list[tuple[str, int]]]) -> None:
    """Fight a round per entry, forcing its Force dice (label, natural) in order."""
    for dice in rounds:
        choose(game, "Fight this round")
        for label, natural in dice:
            roll(game, natural, label)
        play_round(game)


STEALTH, BREATH = "Stealth Force for Dismissed CN Specialist", "Breath Force for Dragon Hatchling"
CRAZY = "Crazy Force for Cyber-Knight (1D10-4)"
ROUND_CASES = [
    # Sensors +2 Force on the first round (line 114): Vagabond 3 + Multi-Optics Helmet 1
    # (line 173) + 2 = 6, then 4
    ("Sensors", char("Vagabond", E("Multi-Optics Helmet")), [[], []],
     [("Vagabond", 6, 0), ("Vagabond", 4, 0)]),
    # Stealth +1D10 in the first round (line 104): BF 6 (line 43) + 10 = 16, then 6
    ("Stealth", char("Dismissed CN Specialist"), [[(STEALTH, 10)], []],
     [("Dismissed CN Specialist", 16, 1), ("Dismissed CN Specialist", 6, 0)]),
    # Crazy 1D10-4 rerolled each round, negatives count (lines 106-107); the Cyber-Knight (BF
    # 10, Urban) Crazy by Screw Loose (line 512): 10 + 1 - 4 = 7, then 10 + 10 - 4 = 16
    ("Crazy", char("Cyber-Knight", crazy=True), [[(CRAZY, 1)], [(CRAZY, 10)]],
     [("Cyber-Knight", 7, 0), ("Cyber-Knight", 16, 1)]),
    # Crazy Mercenary BF 8, Stealth & Crazy (line 37): 8 + 1 + (2 - 4) = 7
    ("Crazy Mercenary", char("Crazy Mercenary"),
     [[("Stealth Force for Crazy Mercenary", 1), ("Crazy Force for Crazy Mercenary (1D10-4)", 2)]],
     [("Crazy Mercenary", 7, 0)]),
]


@pytest.mark.parametrize(("fighter", "rounds", "expected"), [c[1:] for c in ROUND_CASES],
                         ids=[c[0] for c in ROUND_CASES])
def test_force_round_by_round(fighter: dict[str, Any], rounds: list[list[tuple[str, int]]],
                              expected: list[tuple[str, int, int]]) -> None:
    game = game_at("combat", fighter)
    fight_rounds(game, rounds)
    assert fights(game) == expected


def test_ruling_58_every_other_round() -> None:
    # Dragon Hatchling BF 12 (line 59), Breath +1D6 every other round (line 81), Heavy Plasma
    # Cannon 5 "Use every other Round" (line 143); rounds 1, 3 (ruling rifts-58):
    # 12 + 5 + 1 = 18; 12; 12 + 5 + 2 = 19.
    game = game_at("combat", char("Dragon Hatchling", E("Heavy Plasma Cannon")))
    fight_rounds(game, [[(BREATH, 1)], [], [(BREATH, 2)]])
    assert fights(game) == [("Dragon Hatchling", 18, 1), ("Dragon Hatchling", 12, 1),
                            ("Dragon Hatchling", 19, 1)]


def test_foe_breath_gives_its_token_1d6_force_every_other_round() -> None:
    # ruling rifts-23: Fire Dragon, 1 Token of 35 (line 618): round 1 35 + 5 = 40: 4 attack
    # rolls (line 481); round 2 35: 3 rolls.
    game = game_at("combat", char("Vagabond"), foe="Fire Dragon")
    roll(game, 5, "Breath Force for Token 1")
    play_round(game)
    assert isinstance(game.pending, Decision)  # no Breath roll in round 2
    play_round(game)
    assert foe_rolls_per_round(game) == [4, 3]


@pytest.mark.parametrize(("die", "force", "rolls", "wounds"), [(6, 10, 1, 1), (5, 9, 0, 0)])
def test_drugs_give_1d6_force_and_a_wound_on_a_6(die: int, force: int, rolls: int,
                                                 wounds: int) -> None:
    # line 100-101: Juicer Mercenary BF 4 (line 40) + the die; on a 6, 1 Wound at the end of
    # Combat (ruling rifts-46: the same die).
    game = game_at("combat", char("Juicer Mercenary"))
    roll(game, die, "Drugs Force for Juicer Mercenary")
    advance(game, stop=("Morale",))
    roll(game, 10, "Morale")  # 10 - 1 (Monster) = 9: the Foes run away, a victory (516)
    assert member(game, "Juicer Mercenary").wounds == 0  # not before the end of Combat
    roll(game, 1, "Loot")
    roll(game, 1, "Experience")
    assert fights(game) == [("Juicer Mercenary", force, rolls)]
    assert member(game, "Juicer Mercenary").wounds == wounds


def test_foe_drugs_give_each_token_1d6_force() -> None:
    # ruling rifts-24: Juicer Gang, 4 Tokens of 8, Drugs, Tech 2 (line 621); the Equipment
    # cards go to Tokens 1 and 2 (ruling rifts-83): Laser Pistol 2, Vibro Blades 3 (136-137).
    game = game_at("combat", char("Vagabond"), foe="Juicer Gang")
    draw(game, "Equipment", "Laser Pistol")
    draw(game, "Equipment", "Vibro Blades")
    for token, die in enumerate((1, 2, 3, 6), start=1):
        roll(game, die, f"Drugs Force for Token {token}")
    assert [t.force for t in game.state.combat.tokens] == [8 + 2 + 1, 8 + 3 + 2, 8 + 3, 8 + 6]


@pytest.mark.parametrize(("natural", "force", "rolls", "hand"), [
    (4, 10, 1, ["Energy Bolt"]), (3, 3, 0, [])])
def test_ley_lines_on_4_give_1d10_force_and_a_magic_card(natural: int, force: int, rolls: int,
                                                         hand: list[str]) -> None:
    # line 87-88: 1D6, 4+: +1D10 Force for the turn and 1 Magic card; Line Walker BF 3 (l. 54)
    # + 7 = 10 both rounds; on a 3 nothing.
    game = game_at("combat", char("Line Walker"))
    assert pending_roll(game).success_probability() == Fraction(1, 2)  # 4, 5, 6 of 6
    roll(game, natural, "Ley Lines")
    if hand:
        roll(game, 7, "Ley Lines Force for Line Walker")
        draw(game, "Magic", "Energy Bolt")
        choose(game, "Keep Energy Bolt in hand")
    play_round(game)
    play_round(game)
    assert fights(game) == [("Line Walker", force, rolls)] * 2
    assert [h.name for h in party(game).hand] == hand


def win_round(game: Game, morale: int = 10) -> None:
    """Fight a round missing every attack; Morale ``morale`` (10 - 1 for Dinosaurs, Monsters:
    9 runs away, lines 516-518); Loot and Experience 1 (nothing)."""
    advance(game, stop=("Morale",), end_actions=True)
    roll(game, morale, "Morale")
    roll(game, 1, "Loot")
    while pending_name(game) == "Experience":
        roll(game, 1)


def test_ruling_89_ley_lines_is_rolled_once_a_turn_and_its_force_lasts_the_turn() -> None:
    # issue #10 item 2; line 87: "When in Combat roll 1D6: on a roll of 4+ this Character gets
    # +1D10 Force for the turn and gets to draw 1 Magic Card" (ruling rifts-89). A Major
    # Adventure (Mission 19, line 431: "Fight 3 Foes in a Row") fought at Farms (W): the
    # first fight rolls Ley Lines (4) and its Force (7), Line Walker BF 3 (line 54) + 7 = 10;
    # the second fight rolls nothing, draws no card, and the Line Walker still has 10.
    game = game_at("Mission", char("Line Walker"), location=WILD)
    roll(game, 19, "Mission")
    draw(game, "Foe", "Dinosaurs")  # M 4 12 WO (line 610)
    roll(game, 4, "Ley Lines")
    roll(game, 7, "Ley Lines Force for Line Walker")
    draw(game, "Magic", "Energy Bolt")
    choose(game, "Keep Energy Bolt in hand")
    win_round(game)
    draw(game, "Foe", "Mutant Animals")  # X 6 9 WO (line 623): not a Monster
    assert pending_name(game) != "Ley Lines" and isinstance(game.pending, Decision)
    assert "Line Walker keeps +7 Force from the Ley Lines this turn" in log_since(game, 0)
    win_round(game, morale=9)  # 9: the Foes run away (line 516)
    assert fights(game) == [("Line Walker", 10, 1)] * 2
    assert [h.name for h in party(game).hand] == ["Energy Bolt"]  # one card, not two


def test_ruling_89_ley_lines_failed_roll_is_the_turns_one_roll() -> None:
    # ruling rifts-89: a roll under 4 is still the turn's roll: the next fight rolls again
    # only in a later turn. Line Walker BF 3: 3 Force in both fights.
    game = game_at("Mission", char("Line Walker"), location=WILD)
    roll(game, 20, "Mission")  # Minor Adventure: 2 Foes in a row (line 432)
    draw(game, "Foe", "Dinosaurs")
    roll(game, 3, "Ley Lines")
    win_round(game)
    draw(game, "Foe", "Mutant Animals")
    assert pending_name(game) != "Ley Lines"
    win_round(game, morale=9)
    assert fights(game) == [("Line Walker", 3, 0)] * 2


@pytest.mark.parametrize(("use", "kept"), [(5, False), (4, True)])
def test_ruling_90_ley_lines_magic_card_follows_the_usage_rule(use: int, kept: bool) -> None:
    # issue #10 item 3; USAGE RULE (lines 386-388): a Magic card used for its Force makes a
    # 1D6 Use Roll, 5+ and it gives this last benefit and is discarded (ruling rifts-90: the
    # Ley Lines card, attached in the fight, rolls as it joins it). Energy Bolt 3 Attack
    # (line 240) on the Line Walker: 3 + 7 + 3 = 13 Force, 1 + 1 (Attack, line 110) rolls.
    game = game_at("combat", char("Line Walker"), location=WILD)
    roll(game, 4, "Ley Lines")
    roll(game, 7, "Ley Lines Force for Line Walker")
    draw(game, "Magic", "Energy Bolt")
    choose(game, "Attach Energy Bolt to Line Walker")
    assert pending_name(game) == "Use"
    roll(game, use, "Use")
    win_round(game)
    assert fights(game) == [("Line Walker", 13, 2)]
    assert (held(game, "Line Walker", "Energy Bolt") is not None) is kept
    assert ("Energy Bolt" in game.state.decks["Magic"].discard) is not kept


# ---- the Foe Attack Segment: Tough, Protect ----------------------------------------------------

@pytest.mark.parametrize(("attached", "natural", "wounds"), [
    ([E("Dead Boy Body Armor")], 3, 1),  # 3 + 1 = 4: 1 Wound (line 491)
    ([E("Dead Boy Body Armor")], 1, 2),  # 1 + 1 = 2: 2 Wounds (line 490)
    ([], 3, 2),  # 3: 2 Wounds
])
def test_tough_adds_1_to_the_hit_result(attached: list[dict[str, Any]], natural: int,
                                        wounds: int) -> None:
    # line 82, 486; Dead Boy Body Armor A 2 Tough (line 127)
    game = game_at("combat", char("Cyber-Knight"), char("Vagabond", *attached))
    advance(game, stop=("Foe Attack",))
    roll(game, 4, "Foe Attack")
    pick(game, "Vagabond")
    expected = ((1, "Vagabond: Tough"),) if attached else ()
    assert pending_roll(game).modifiers == expected
    roll(game, natural, "Hit Result")
    assert member(game, "Vagabond").wounds == wounds


@pytest.mark.parametrize(("natural", "negated"), [(4, True), (3, False)])
def test_protect_negates_a_hit_on_4_once_a_round(natural: int, negated: bool) -> None:
    # line 111 (ruling rifts-4), 483; Big Boss ATV V 4 Protect (line 155); once per source
    # each round (ruling rifts-70).
    game = game_at("combat", char("Vagabond", E("Big Boss ATV")))
    advance(game, stop=("Foe Attack",))
    roll(game, 4, "Foe Attack")
    choose(game, "Vagabond: Protect (Big Boss ATV), 4+ negates")
    assert pending_roll(game).success_probability() == Fraction(1, 2)
    roll(game, natural, "Protection")
    if negated:
        roll(game, 4, "Foe Attack")  # Token 2: no Hit Result for Token 1's attack
    assert pending_name(game) == "Hit Result"  # and no second Protect this round
    roll(game, 10, "Hit Result")


# ---- the Action Segment: Chaos, Control, Immobilize, Negate Magic, the Defenses -------------

@pytest.mark.parametrize(("natural", "no_attack", "for_party", "next_label"), [
    (1, False, False, "Which Character Token 1 hits"),  # 1-2: behaves normally (line 112)
    (2, False, False, "Which Character Token 1 hits"),
    (3, True, False, "Which Character Token 2 hits"),  # 3-4: does not Attack (line 113)
    (4, True, False, "Which Character Token 2 hits"),
    (5, False, True, "Which Token is hit"),  # 5-6: Attacks for your side (line 113)
    (6, False, True, "Which Token is hit"),
])
def test_chaos_table_rows(natural: int, no_attack: bool, for_party: bool,
                          next_label: str) -> None:
    # Befuddle, Magic 2 Chaos (line 237), on the Shifter (Mage, line 56)
    game = game_at("combat", char("Shifter", MG("Befuddle")), char("Vagabond"))
    advance(game)
    choose(game, "Shifter: Chaos (Befuddle) on Token 1")
    assert [p for _, p in game.chance_outcomes()] == [Fraction(1, 6)] * 6  # 1D6
    roll(game, natural, "Chaos")
    token = game.state.combat.tokens[0]
    assert (token.no_attack, token.for_party) == (no_attack, for_party)
    roll(game, 4, "Foe Attack")
    assert game.pending.label == next_label
    if for_party:  # it strikes another Token, never itself
        assert [str(o) for o in game.pending.outcomes] == [
            "Token 2 (12 Force)", "Token 3 (12 Force)", "Token 4 (12 Force)"]


def test_control_makes_a_token_attack_for_the_party() -> None:
    # ruling rifts-7; Possession MS 14 Control (line 224): 12 + 14 = 26, 2 rolls
    game = game_at("combat", char("Mind Melter", PS("Possession")))
    advance(game)
    assert fights(game) == [("Mind Melter", 26, 2)]
    choose(game, "Mind Melter: Control (Possession) on Token 1")
    roll(game, 4, "Foe Attack")
    pick(game, "Token 2 (12 Force)")
    roll(game, 5, "Force lost (1D10)")
    assert [t.force for t in game.state.combat.tokens] == [12, 7, 12, 12]


@pytest.mark.parametrize(("natural", "rounds", "counts"), [
    (5, 2, [3, 3, 4]),  # 5 - 3 = 2 rounds (line 115): Token 1 silent in rounds 1 and 2
    (4, 1, [3, 4]),
    (3, 0, [4]),
])
def test_immobilize_stops_a_token_for_1d6_minus_3_rounds(natural: int, rounds: int,
                                                         counts: list[int]) -> None:
    # Neural Mace W 2 Immobilize (line 135)
    game = game_at("combat", char("Vagabond", E("Neural Mace")))
    advance(game, stop=("Foe Attack",))
    choose(game, "Vagabond: Immobilize (Neural Mace) on Token 1")
    roll(game, natural, "Immobilize rounds (1D6-3)")
    assert game.state.combat.tokens[0].immobilized == rounds
    advance(game)
    roll(game, 1, "Morale")
    for _ in counts[1:]:
        play_round(game)
    assert foe_rolls_per_round(game) == counts


NEGATE_CASES = [
    # (id, Character, card, ability, Foe, the card the Foe draws, Force lost or None: no offer)
    # Vampire Tribe 7 x 7, Magic 1 (line 590); Squid Humanoids 8 x 6, Psionic 1 (line 596);
    # Energy Bolt 3 (line 240), Empathy 5 (line 209) go to Token 1 (ruling rifts-83).
    ("Negate Magic l.116", "Shifter", MG("Dispel"), "Negate Magic", "Vampire Tribe",
     ("Magic", "Energy Bolt"), 3),
    ("Magic Defense rifts-8", "Mind Melter", PS("Sense Magic"), "Magic Defense",
     "Vampire Tribe", ("Magic", "Energy Bolt"), 3),
    ("Psionic Defense rifts-10", "Mind Melter", PS("Mind Block"), "Psionic Defense",
     "Squid Humanoids", ("Psionic", "Empathy"), 5),
    # ruling rifts-10: a target Psionic card, though line 117 says "Magic Card"
    ("Psionic Defense, not Magic", "Mind Melter", PS("Mind Block"), "Psionic Defense",
     "Vampire Tribe", ("Magic", "Energy Bolt"), None),
]


@pytest.mark.parametrize(("who", "card", "ability", "foe", "drawn", "loss"),
                         [c[1:] for c in NEGATE_CASES], ids=[c[0] for c in NEGATE_CASES])
def test_negating_abilities_discard_a_tokens_card(who: str, card: dict[str, Any], ability: str,
                                                  foe: str, drawn: tuple[str, str],
                                                  loss: int | None) -> None:
    game = game_at("combat", char(who, card), foe=foe)
    draw(game, *drawn)
    advance(game)
    token = game.state.combat.tokens[0]
    if loss is None:
        assert pending_name(game) == "Morale"  # no Action Segment offer was made
        assert token.cards == [(*drawn, 3)]
        return
    assert options(game) == [f"{who}: {ability} ({card['name']}) on Token 1",
                             "End the Action Segment"]  # only the Token holding such a card
    before = token.force
    choose(game, f"{who}: {ability}")
    assert token.cards == [] and token.force == before - loss
    assert game.state.decks[drawn[0]].discard == [drawn[1]]


def test_ruling_59_negate_destroys() -> None:
    # Vampire Tribe Token 1: 7 + Energy Bolt 3 = 10; hit for 7: 3 left; Dispel takes the 3:
    # 0 Force, destroyed (line 476); Morale +1 per Token destroyed this round (line 520).
    game = game_at("combat", char("Shifter", MG("Dispel")), foe="Vampire Tribe")
    draw(game, "Magic", "Energy Bolt")
    roll(game, 1, "Use")
    choose(game, "Fight this round")
    roll(game, 4, "Character Attack")  # Shifter 3 + Dispel 7 = 10: 1 roll
    pick(game, "Token 1 (10 Force)")
    roll(game, 7, "Force lost (1D10)")
    choose(game, "Shifter: Negate Magic (Dispel) on Token 1")
    assert game.state.combat.tokens[0].force == 0
    assert game.state.combat.living() == [1, 2, 3, 4, 5, 6]
    assert pending_roll(game).name == "Morale"
    assert pending_roll(game).modifiers == ((1, "1 Token(s) destroyed this round"),)


# ---- the Decision Act: Scrying, Draw, Supply ----------------------------------------------

@pytest.mark.parametrize(("natural", "seen"), [(3, []), (4, ["Wolfen"])])
def test_scrying_looks_at_1d10_minus_3_cards(natural: int, seen: list[str]) -> None:
    # line 83: 3 - 3 = 0 cards, 4 - 3 = 1; they stay on top (ruling rifts-65)
    game = game_at("turn", char("Mystic"))
    choose(game, "Mystic: use Scrying (Character card)")
    choose(game, "Look into the Foe deck")
    roll(game, natural, "Scrying: cards seen (1D10-3)")
    for name in seen:
        draw(game, "Foe", name)
    assert game.state.decks["Foe"].top == seen
    assert not any("Scrying" in text for text in options(game))  # once per source a turn


def test_scrying_sees_1d10_minus_3_different_cards() -> None:
    # line 83; ruling rifts-65: 6 - 3 = 3 cards, on top in the order seen
    game = game_at("turn", char("Mystic"))
    choose(game, "Mystic: use Scrying")
    choose(game, "Look into the Foe deck")
    roll(game, 6, "Scrying: cards seen (1D10-3)")
    for name in ("Wolfen", "Dinosaurs", "Crazies"):
        draw(game, "Foe", name)
    assert game.state.decks["Foe"].top == ["Wolfen", "Dinosaurs", "Crazies"]


def test_draw_takes_2_cards_from_any_aid_deck() -> None:
    # ruling rifts-11: Total Recall SS 5, "Draw 2 cards from any Aid Deck" (line 206)
    game = game_at("turn", char("Mind Melter", PS("Total Recall")))
    choose(game, "Mind Melter: use Draw (Total Recall)")
    choose(game, "Draw from the Equipment deck")
    draw(game, "Equipment", "Laser Rifle")
    choose(game, "Keep Laser Rifle in hand")
    choose(game, "Draw from the Magic deck")
    draw(game, "Magic", "Fire Ball")
    choose(game, "Keep Fire Ball in hand")
    roll(game, 1, "Use")  # line 386-387: a Psionic card used makes its Use Roll
    assert [h.name for h in party(game).hand] == ["Laser Rifle", "Fire Ball"]
    assert not any("use Draw" in text for text in options(game))


def test_supply_takes_2_cards_with_no_supply_roll() -> None:
    # ruling rifts-12: Dimensional Portal 15, "Escape or Supply 2" (line 270); the Use Roll
    # 5+ uses the card up (line 387).
    game = game_at("turn", char("Shifter", MG("Dimensional Portal")))
    choose(game, "Shifter: use Supply (Dimensional Portal)")
    choose(game, "Draw from the Psionic deck")
    draw(game, "Psionic", "Empathy")
    choose(game, "Keep Empathy in hand")
    choose(game, "Draw from the Character deck")
    draw(game, "Character", "Vagabond")
    choose(game, "Keep Vagabond in hand")
    roll(game, 5, "Use")
    assert [h.name for h in party(game).hand] == ["Empathy", "Vagabond"]
    assert held(game, "Shifter", "Dimensional Portal") is None
    assert not any("Supply roll" in text for text in log_since(game, 0))


# ---- the Recuperate Phase: Heal, Repair ---------------------------------------------------------

@pytest.mark.parametrize(("repairer", "natural", "bonus", "repaired"), [
    ("Rogue Scientist", 16, (), True),  # Repair (line 50); 1D20 16+ (ruling rifts-34)
    ("Rogue Scientist", 15, (), False),
    ("Operator", 14, ((2, "Operator: Repair +2"),), True),  # Repair Skill +2 (rifts-2): 14 + 2
])
def test_repair_gives_a_repair_roll(repairer: str, natural: int, bonus: tuple,
                                    repaired: bool) -> None:
    # line 94: 1 Repair roll in the Recuperate Phase
    game = game_at("Recuperate", char(repairer),
                   char("Vagabond", E("Laser Rifle", damaged=True)))
    choose(game, f"{repairer} repairs Laser Rifle (Vagabond)")
    assert pending_roll(game).modifiers == bonus
    roll(game, natural, "Repair")
    assert held(game, "Vagabond", "Laser Rifle").damaged is not repaired


def test_a_wounded_character_makes_no_repair_roll() -> None:
    # lines 302-303: Repair rolls must come from non-wounded Characters
    game = game_at("Recuperate", char("Rogue Scientist", wounds=1),
                   char("Vagabond", E("Laser Rifle", damaged=True)))
    roll(game, 1, "Heal")
    assert game.pending.player == 1  # the turn ended: Player 2 decides
    assert held(game, "Vagabond", "Laser Rifle").damaged


# ---- the rulings --------------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "bonus", "natural", "wounds"), [
    ([], 2, 14, 0),  # Heal +2 (line 46): 14 + 2 = 16, healed (16+, line 296)
    ([E("Robot Surgeon System")], 3, 12, 1),  # and Heal +1 (line 178): 12 + 3 = 15, fails
], ids=["Heal +2", "Heal +2 and Heal +1"])
def test_ruling_47_ability_counts_once_bonuses_add(cards: list[dict[str, Any]], bonus: int,
                                                   natural: int, wounds: int) -> None:
    # Heal: 1 extra Heal roll (line 95) with the bonuses of all sources added (line 65), and
    # one roll however many sources (ruling rifts-47)
    game = game_at("Recuperate", char("Body Fixer", *cards), char("Vagabond", wounds=1))
    roll(game, 1, "Heal")  # Vagabond's own Heal roll (line 295)
    choose(game, f"Body Fixer's extra Heal roll (+{bonus}) for Vagabond")
    assert pending_roll(game).modifiers == ((bonus, f"Body Fixer: Heal +{bonus}"),)
    roll(game, natural, "Heal")
    assert member(game, "Vagabond").wounds == wounds
    assert game.pending.player == 1  # no second extra roll: the turn ended


@pytest.mark.parametrize(("members", "extra_roll", "salve_uses"), [
    # Body Fixer has Heal on its card (line 46) and the Salve: the card is used (no cost)
    ([char("Body Fixer", E("Protein Healing Salve")), char("Vagabond", wounds=1)],
     "Body Fixer's extra Heal roll (+2) for Vagabond", 3),
    # Vagabond has Heal from the Salve only: it spends a use, 3 - 1 = 2
    ([char("Vagabond", E("Protein Healing Salve")), char("Cyber-Knight", wounds=1)],
     "Vagabond's extra Heal roll (+0) for Cyber-Knight", 2),
])
def test_ruling_48_permanent_sources_first(members: list[dict[str, Any]], extra_roll: str,
                                           salve_uses: int) -> None:
    # Protein Healing Salve: Heal; 3 Uses (line 176; ruling rifts-14)
    game = game_at("Recuperate", *members)
    roll(game, 1, "Heal")
    choose(game, extra_roll)
    roll(game, 1, "Heal")
    assert held(game, members[0]["name"], "Protein Healing Salve").uses == salve_uses


def test_ruling_48_the_best_psionic_card_is_used_up() -> None:
    # Bio-Regenerate Heal +2 (line 195) beats Resist Fatigue Heal (line 197); its Use Roll 5+
    # discards it (line 387).
    game = game_at("Recuperate",
                   char("Mind Melter", PS("Resist Fatigue"), PS("Bio-Regenerate")),
                   char("Vagabond", wounds=1))
    roll(game, 1, "Heal")
    choose(game, "Mind Melter's extra Heal roll (+2) for Vagabond")
    assert pending_roll(game).modifiers == ((2, "Mind Melter: Heal +2 (via Bio-Regenerate)"),)
    roll(game, 1, "Heal")
    roll(game, 5, "Use")
    assert [h.name for h in member(game, "Mind Melter").attached] == ["Resist Fatigue"]


@pytest.mark.parametrize("choice", ["Escape", "Stealth"])
def test_ruling_49_or_cards(choice: str) -> None:
    # Invisibility "Escape or Stealth" (line 241) gives one of them: +2, not +2 +2.
    game = game_at("combat", char("Shifter", MG("Invisibility")))
    choose(game, f"Invisibility on Shifter: {choice}")
    assert sum(m for m, _ in to_escape_roll(game)) == 2


@pytest.mark.parametrize(("choice", "rolls"), [("Attack", 3), ("Chaos", 2)])
def test_ruling_49_or_card_gives_the_ability_chosen_for_the_combat(choice: str,
                                                                   rolls: int) -> None:
    # Storm 13 "Attack or Chaos or Escape" (line 268) on the Dragon Hatchling (BF 12, Breath):
    # 12 + 13 + 1 = 26: 2 rolls, + 1 with Attack (line 110); Chaos is offered only with Chaos.
    game = game_at("combat", char("Dragon Hatchling", MG("Storm")))
    choose(game, f"Storm on Dragon Hatchling: {choice}")
    roll(game, 1, "Use")
    choose(game, "Fight this round")
    roll(game, 1, "Breath Force for Dragon Hatchling")
    advance(game)
    assert fights(game) == [("Dragon Hatchling", 26, rolls)]
    offers = options(game) if isinstance(game.pending, Decision) else []
    assert any("Chaos (Storm)" in t for t in offers) == (choice == "Chaos")


def test_ruling_49_storm_taken_for_attack_gives_no_escape() -> None:
    # ruling rifts-49: the card gives only the ability chosen, for the whole combat; the
    # Dragon Hatchling alone flies: +1 (line 471) and nothing from Storm.
    game = game_at("combat", char("Dragon Hatchling", MG("Storm")))
    choose(game, "Storm on Dragon Hatchling: Attack")
    assert to_escape_roll(game) == ((1, "every Character has Fly"),)


def test_escape_card_makes_no_second_use_roll_in_combat() -> None:
    # ruling rifts-60: one Use Roll per card for the whole combat, made at its start.
    game = game_at("combat", char("Mind Melter", PS("Death Trance")))
    to_escape_roll(game)
    roll(game, 20, "Escape")  # 20 + 2 = 22: escaped; the combat ends
    assert pending_name(game) != "Use"
    assert sum(t.startswith("Use roll") for t in log_since(game, 0)) == 1


@pytest.mark.parametrize(("knight", "expected"), [
    # the incapacitated Cyber-Knight has no Vehicle: neither +1 applies (lines 470-471)
    (char("Cyber-Knight", wounds=2), ()),
    # on the Northern Gun Sky King (V 6 Fly, line 159) it rides and flies along: +1, +1
    (char("Cyber-Knight", E("Northern Gun Sky King"), wounds=2),
     ((1, "every Character on an undamaged Vehicle"), (1, "every Character has Fly"))),
])
def test_combat_escape_all_on_vehicles_counts_incapacitated_characters(
        knight: dict[str, Any], expected: tuple[tuple[int, str], ...]) -> None:
    # issue #10 item 5: "If all Characters are on Vehicles get +1 ... If all Characters are
    # Flying get a further +1" (lines 470-471) counts every Character of the party, the
    # incapacitated too (ruling rifts-50), as the Survival roll does. The Vagabond rides a
    # Hover Cycle (V 3 Fly & Attack, line 154).
    game = game_at("combat", char("Vagabond", E("Hover Cycle")), knight)
    assert to_escape_roll(game) == expected


@pytest.mark.parametrize(("vagabond", "expected"), [
    ({}, [(1, "Vagabond: Survival")]),
    ({"wounds": 1}, [(1, "Vagabond: Survival")]),  # wounded still acts (line 496)
    ({"wounds": 2}, []),  # incapacitated (line 497-499)
    ({"away": 2}, []),  # Separated (line 334)
])
def test_ruling_50_incapacitated_give_nothing(vagabond: dict[str, Any],
                                              expected: list[tuple[int, str]]) -> None:
    # Survival +1 (line 313), only from a Character that can act (ruling rifts-50)
    game = game_at("Travel", char("Cyber-Knight"), char("Vagabond", **vagabond))
    assert list(pending_roll(game).modifiers) == expected


def test_ruling_50_incapacitated_healer_gives_no_heal_roll() -> None:
    game = game_at("Recuperate", char("Body Fixer", wounds=2), char("Vagabond"))
    roll(game, 1, "Heal")  # the Body Fixer's own Heal roll
    assert game.pending.player == 1  # no extra Heal roll: the turn ended
