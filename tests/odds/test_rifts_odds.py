"""explorer.odds.rifts.roll: known answers derived by hand, and brute-force oracles.

Every expected figure below is worked out from the seed (seed 000, line cited) or the rulings
(docs/rulings.md), by counting faces of the die by hand or in a loop written here.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer.errors import UnknownNameError
from explorer.odds import rifts
from explorer.odds.rifts import OddsInputError


def faces(sides: int, modifier: int, target: int) -> Fraction:
    """Brute force: the share of the die's faces whose total reaches the target."""
    return Fraction(sum(1 for face in range(1, sides + 1) if face + modifier >= target), sides)


@pytest.mark.parametrize(("kind", "party", "location", "situation", "modifier", "sides",
                          "target"), [
    # Survival 1D20 16+ (line 311); Vagabond Survival +1 (lines 52, 313); Wilderness Scout
    # Wilderness +2 with its +2 at a Wilderness Location (lines 53, 314; ruling rifts-47): +4
    ("survival", ["Wilderness Scout", "Vagabond"], "Farms", {}, 5, 20, 16),
    # the same party at an Urban Location: only Survival counts
    ("survival", ["Wilderness Scout", "Vagabond"], "Chi-Town", {}, 1, 20, 16),
    # Knowledge +1 per Character (line 318, ruling rifts-31); both on undamaged Vehicles +1
    # (line 319); Hover Cycle flies, Wilks Jet Pack flies: all fly +1 more (line 320)
    ("survival", [("Rogue Scholar", ["Hover Cycle"]), ("Rogue Scientist", ["Wilks Jet Pack"])],
     "Chi-Town", {}, 4, 20, 16),
    # Escape 16+ (line 463); Dismissed CN Specialist Stealth +2 (lines 43, 469); Crazy
    # Mercenary Stealth +2 (line 37); issue #5: once per Character
    ("escape", ["Dismissed CN Specialist", "Crazy Mercenary"], "Farms", {}, 4, 20, 16),
    # Supply 10+ (line 360); Rogue Scholar Communicate +1 and Knowledge +1 (lines 51, 362,
    # 367); supplied here last turn -5 (line 368)
    ("supply", ["Rogue Scholar"], "Old Canada", {"supplied_here_last_turn": True}, -3, 20, 10),
    # Heal 16+ (line 296), a modifier of -2 (Weakened, line 337)
    ("heal", ["Vagabond"], "Farms", {"modifier": -2}, -2, 20, 16),
    # Encounter 11+ (line 347), no modifiers (ruling rifts-77)
    ("encounter", ["Wilderness Scout"], "Farms", {}, 0, 20, 11),
    # Morale 9+ on 1D10 (lines 515-516): Dinosaurs are Monsters -1 (lines 518, 610), 2 Tokens
    # destroyed +2 (line 520), below half +1 (line 521)
    ("morale", ["Vagabond"], "Farms", {"foe": "Dinosaurs", "tokens_destroyed": 2,
                                       "below_half": True}, 2, 10, 9),
    # Human +1 (line 519) and Show Fear -1 (Combat Event 4, line 507)
    ("morale", [], None, {"human": True, "show_fear": True}, 0, 10, 9),
])
def test_checks_match_counting_the_faces(kind: str, party: list, location: str | None,
                                         situation: dict, modifier: int, sides: int,
                                         target: int) -> None:
    odds = rifts.roll(kind, party, location, **situation)
    assert odds.modifier == modifier
    assert odds.p == faces(sides, modifier, target)
    assert odds.outcomes == (("success", odds.p), ("failure", 1 - odds.p))
    assert odds.table["outcome"].to_list() == ["success", "failure"]


def test_the_breakdown_names_each_modifier_and_its_reason() -> None:
    odds = rifts.roll("survival", ["Wilderness Scout", "Vagabond"], "Farms")
    assert odds.breakdown == ("+1 Vagabond: Survival",
                              "+4 Wilderness Scout: Wilderness +2 at a Wilderness location")
    assert odds.p == Fraction(1, 2)  # 1D20 + 5 >= 16: faces 11-20


def test_the_mission_table_with_track_knowledge_and_wilderness() -> None:
    # Mission Table (lines 418-432): 1-4 Find Nothing ... 19 Major, 20+ Minor Adventure.
    # Rogue Scholar with Surveillance Equipment (Track, line 186): +1 (ruling rifts-5),
    # Knowledge +1 (line 416); Wilderness Scout +4 at Farms: 1D20 + 6.
    odds = rifts.roll("mission", ["Wilderness Scout",
                                  ("Rogue Scholar", ["Surveillance Equipment"])], "Farms")
    assert odds.p is None and odds.modifier == 6
    ranges = [(1, 4), (5, 6), (7, 8), (9, 10), (11, 11), (12, 12), (13, 13), (14, 14),
              (15, 15), (16, 16), (17, 17), (18, 18), (19, 19), (20, 99)]
    expected = [Fraction(sum(1 for face in range(1, 21) if low <= min(face + 6, 99) <= high), 20)
                for low, high in ranges]
    assert [p for _, p in odds.outcomes] == expected
    assert odds.outcomes[0] == ("Find Nothing", 0) and odds.outcomes[-1] == (
        "Minor Adventure", Fraction(7, 20))  # faces 14-20


def test_the_hit_result_table_with_tough() -> None:
    # Hit Result 1D10 (lines 488-494), +1 with Tough (line 486): 2-11. Killed needs 1 or
    # less: never; Incapacitated 2-3: faces 1-2; Wounded 4-6: 3-5; Event 7: 6; Aid Card 8: 7;
    # Equipment 9-10+: 8-10.
    odds = rifts.roll("hit", [], None, tough=True)
    assert [p for _, p in odds.outcomes] == [Fraction(n, 10) for n in (0, 2, 3, 1, 1, 3)]
    assert odds.table["exact"].to_list() == ["0", "1/5", "3/10", "1/10", "1/10", "3/10"]


def test_a_target_characters_tough_counts_on_the_hit_result() -> None:
    # Dead Boy Body Armor gives Tough (line 127): the same as tough=True
    armored = rifts.roll("hit", [("Vagabond", ["Dead Boy Body Armor"])], None, target="Vagabond")
    assert armored.outcomes == rifts.roll("hit", [], None, tough=True).outcomes


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: rifts.roll("lunch", [], None), UnknownNameError, "unknown kind of roll 'lunch'"),
    (lambda: rifts.roll("survival", ["Nobody"], "Farms"), OddsInputError,
     r"party\[0\]: no Character named 'Nobody'"),
    (lambda: rifts.roll("survival", [("Vagabond", ["Impervious"])], "Farms"), OddsInputError,
     "'Impervious' is a card of Magic and Psionic; write 'Magic:Impervious'"),
    (lambda: rifts.roll("survival", [("Vagabond", ["Fly"])], "Farms"), OddsInputError,
     "Vagabond cannot use Magic cards"),
    (lambda: rifts.roll("survival", ["Vagabond"], "Atlantis"), UnknownNameError,
     "unknown Rifts location 'Atlantis'"),
    (lambda: rifts.roll("survival", ["Vagabond"], "Farms", tough=True), OddsInputError,
     "a survival roll takes modifier; found 'tough'"),
    (lambda: rifts.roll("heal", ["Vagabond"], "Farms", modifier="2"), OddsInputError,
     "modifier must be an integer"),
    (lambda: rifts.roll("survival", ["Vagabond", "Vagabond"], "Farms"), OddsInputError,
     "in the party twice"),
])
def test_bad_input_is_refused_with_a_reason(call, error, message) -> None:
    with pytest.raises(error, match=message):
        call()


def test_a_card_named_in_two_decks_is_chosen_by_its_deck() -> None:
    # Impervious: Psionic PS 8 Tough (line 213) and Magic 6 Tough (line 252); either gives
    # Tough to a Hit Result roll (+1)
    odds = rifts.roll("hit", [("Mind Melter", ["Psionic:Impervious"])], None,
                      target="Mind Melter")
    assert odds.modifier == 1


def test_ruling_87_hunt_counts_on_the_mission_roll() -> None:
    # Rogue Coalition Dog Pack: Hunt +2 (seed 000 line 61): "+2 to Track Rolls" (line 70) and
    # its +2 bonus (line 65): +4 on the Mission (Track) roll; Farms is not Urban, no more.
    odds = rifts.roll("mission", ["Rogue Coalition Dog Pack"], "Farms")
    assert odds.modifier == 4 and odds.breakdown == ("+4 Rogue Coalition Dog Pack: Hunt +2",)
