"""explorer.odds.adventurers.escape against a brute-force count of every roll of the dice."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from explorer.errors import UnknownNameError
from explorer.odds import adventurers


def totals(dice: int) -> Counter[int]:
    """Brute force: every way ``dice`` six-sided dice can fall, by total."""
    return Counter(sum(faces) for faces in product(range(1, 7), repeat=dice))


def beats(escape: int, encounter: int) -> Fraction:
    """P(escape total > encounter total), counting every pair of totals."""
    ours, theirs = totals(escape), totals(encounter)
    wins = sum(a * b for x, a in ours.items() for y, b in theirs.items() if x > y)
    return Fraction(wins, 6 ** (escape + encounter))


def test_three_dice_against_three_by_hand() -> None:
    # 3D6 vs 3D6: a tie has probability sum(c_k^2) / 6^6 = 4332/46656 (c_k: the 3D6 counts),
    # and by symmetry the rest splits evenly: (1 - 4332/46656) / 2 = 3527/7776.
    odds = adventurers.escape("Tiger")
    assert odds.p == Fraction(3527, 7776) == beats(3, 3)


@pytest.mark.parametrize(("encounter", "profession", "weapon", "foe_weapon", "ours", "theirs"), [
    ("Tiger", None, False, False, 3, 3),  # seed 001 line 107: Animal Force 3
    ("Tiger", "Trapper", False, False, 4, 3),  # line 33: +1D6 vs Animal
    ("Tiger", "Trapper", True, False, 5, 3),  # line 69: a weapon card +1D6
    ("Pit Trap", None, True, False, 3, 3),  # line 70: no weapon against a trap
    ("Pit Trap", "Archaeologist", True, False, 4, 3),  # line 24: +1D6 vs Trap
    ("German Officer", "Actor", False, False, 4, 3),  # line 23: +1D6 vs Person, no weapon
    ("German Officer", "Actor", True, False, 4, 3),  # a weapon instead of the advantage
    ("German Officer", None, False, True, 3, 4),  # line 67: +1D6 on a Person encounter
    ("Gangsters", None, False, True, 3, 3),  # Enemy, not Person: no foe weapon (ruling adv-4)
    ("Panzer Tank", "Soldier of Fortune", False, False, 4, 3),  # line 34: +1D6 vs Enemy
    ("Sharks", "Sea Captain", False, False, 4, 3),  # line 35: Water encounter (adv-20)
    ("Chase Scene", "Sea Captain", False, False, 3, 3),  # not an encounter of Water
    ("Nemesis", None, False, False, 3, 4),  # line 175: Person Force = 4
    ("Nemesis", "Reporter", True, True, 4, 5),
    # the Encounters that print no kind word (rulings adv-3, adv-5, adv-6)
    ("Villain", "Actor", False, False, 4, 4),  # a Person (adv-5): +1D6 (line 23); Force = 4
    ("Villain", None, False, True, 3, 5),  # line 67: a weapon attached to a Person
    ("Villain", "Actor", True, True, 4, 5),  # a weapon instead of the Actor's die
    ("Villain", "Soldier of Fortune", False, False, 3, 4),  # no Enemy
    ("Native Cultists", "Actor", False, False, 4, 3),  # line 184: Person Force 3
    ("Natives with Blowguns", None, False, True, 3, 4),  # line 199: Person Force 3
    ("Sharks", "Trapper", False, False, 4, 3),  # an Animal (adv-6)
    ("Shooting Dart Trap", "Archaeologist", True, False, 4, 3),  # a Trap (adv-3), line 70
    ("Poisoned Dates", "Actor", False, True, 3, 3),  # no kind: no Person die, no foe weapon
    ("Bound & Gagged", "Soldier of Fortune", True, False, 4, 3),  # no kind: only the weapon
    ("Out of Control Fire", "Trapper", False, False, 3, 3),
])
def test_escape_odds_equal_the_brute_force_count(encounter: str, profession: str | None,
                                                 weapon: bool, foe_weapon: bool, ours: int,
                                                 theirs: int) -> None:
    odds = adventurers.escape(encounter, profession, weapon, foe_weapon)
    assert (odds.extra["escape_dice"], odds.extra["encounter_dice"]) == (ours, theirs)
    assert odds.p == beats(ours, theirs)
    assert odds.outcomes == (("escape", odds.p), ("the encounter stays", 1 - odds.p))


def test_the_actor_against_the_villain_by_hand() -> None:
    # 4D6 against 4D6 (the Actor's +1D6 vs the Villain, a Person, ruling adv-5; Force = 4,
    # line 186): a tie has probability sum(c_k^2) / 6^8 (c_k: the 4D6 counts 1 4 10 20 35 56
    # 80 104 125 140 146 140 ... 1), 2 * 57319 + 146^2 = 135954 of 1679616; the rest splits
    # evenly: (1679616 - 135954) / 2 / 1679616 = 771831/1679616 = 85759/186624.
    odds = adventurers.escape("Villain", profession="Actor")
    assert odds.p == Fraction(85759, 186624) == beats(4, 4)
    assert odds.breakdown == ("+1D6 Actor: +1D6 vs Person cards if not using a weapon card",)


def test_a_weapon_card_by_name() -> None:
    # Revolver "Force +1" (line 92): one more die, like weapon=True
    assert adventurers.escape("Tiger", weapon="Revolver").p == beats(4, 3)


def test_the_breakdown_says_why() -> None:
    odds = adventurers.escape("Pit Trap", "Archaeologist", weapon=True)
    assert odds.breakdown == ("no weapon against a trap (line 70)",
                              "+1D6 Archaeologist: +1D6 vs Trap Encounters")


@pytest.mark.parametrize(("args", "message"), [
    (("Tarzan",), "unknown Adventurers encounter 'Tarzan'"),
    (("Revolver",), "unknown Adventurers encounter 'Revolver'"),
    (("Tiger", "Plumber"), "unknown Adventurers profession 'Plumber'"),
    (("Tiger", None, "Banana"), r"unknown weapon card \(weapon\) 'Banana'"),
])
def test_bad_input_names_what_is_wrong(args: tuple, message: str) -> None:
    with pytest.raises(UnknownNameError, match=message):
        adventurers.escape(*args)


def test_every_encounter_is_offered() -> None:
    names = adventurers.encounters()
    assert len(names) == 33 and names[0] == "Car Chase"  # the E cards from line 94 on
