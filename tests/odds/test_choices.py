"""explorer.odds.choices: the odds of what each action of a pending decision leads to.

Known answers are derived by hand from the seeds (cited) or by brute-force enumeration written
here; the Rifts fight estimates are checked against answers that hold exactly (a fight nobody
can lose) or a geometric series, within the estimate's own 95% interval.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import explorer
from explorer import odds
from explorer.engine import Decision
from tests.adventurers import helpers as adv
from tests.gamma_world import helpers as gw
from tests.rifts import helpers as rifts


def by_text(game) -> dict[str, odds.Odds | None]:
    return {str(a): o for a, o in odds.choices(game)}


def test_choices_follow_the_legal_actions_and_are_empty_on_a_chance_step() -> None:
    game = explorer.new_game("rifts", players=2, seed=3)
    assert game.is_chance and odds.choices(game) == []
    while game.is_chance:
        game.step()
    assert isinstance(game.pending, Decision)
    assert [a for a, _ in odds.choices(game)] == game.legal_actions()


# ---- Rifts: fight or try to escape ------------------------------------------------------------

def swarm_fight() -> explorer.engine.Game:
    # Xiticix Swarm, D 10 Tokens of 5 Force, WO (seed 000, line 586), at Farms (W, no Foe
    # bonus, line 548), against a lone Vagabond (AV 3, Survival, line 52).
    return rifts.scenario([{"members": [{"name": "Vagabond"}], "location": "Farms"},
                           {"members": [{"name": "Mind Melter"}], "location": "Border Town"}],
                          at="combat", foe="Xiticix Swarm")


def test_rifts_fight_nobody_can_lose_is_won_in_every_playout() -> None:
    # A Token under 10 Force makes no attack roll (line 481), the Vagabond's Force 3 none
    # either (line 473): only the Morale Check (9+ on 1D10, line 516) ends the fight, and it
    # does with probability 1. Fighting on: beaten every time, never escaped or Wiped Out.
    fight = by_text(swarm_fight())["Fight this round"]
    assert fight.p == 1 and dict(fight.outcomes) == {
        "the Foes are beaten": 1, "the party escapes": 0, "the party is Wiped Out": 0}
    assert "estimate" in fight.note and fight.extra["runs"] == 400


def test_rifts_trying_to_escape_matches_the_geometric_series() -> None:
    # The Escape roll: 1D20, 16+ (line 463), no modifier for a Vagabond at Farms: 1/4 this
    # round, exactly. Trying every round: escape 1/4, else the round is fought and the Foes
    # run on 9+ (2/10): P(escape) = (1/4) / (1 - (3/4)(8/10)) = 5/8.
    escape = by_text(swarm_fight())["Try to escape (Escape roll)"]
    assert escape.extra["escape_this_round"] == Fraction(1, 4)
    low, high = escape.extra["interval"]["the party escapes"]
    assert low <= 5 / 8 <= high
    assert escape.p == dict(escape.outcomes)["the party escapes"]
    assert dict(escape.outcomes)["the party is Wiped Out"] == 0


def test_rifts_choices_leave_the_game_as_it_was() -> None:
    game = swarm_fight()
    before = game.snapshot()
    odds.choices(game, runs=50)
    assert game.snapshot() == before


def test_rifts_protect_is_4_or_more_on_1d6() -> None:
    # Protect: "Negate Target Attack on a roll of 4+ on 1D6" (line 111); the Big Boss ATV
    # gives it (V 4 Protect, line 155). Dinosaurs (M 4 12, line 610) attack with 1 roll each.
    game = rifts.scenario([{"members": [{"name": "Vagabond", "attached": [
        {"deck": "Equipment", "name": "Big Boss ATV"}]}], "location": "Farms"},
        {"members": [{"name": "Mind Melter"}], "location": "Border Town"}],
        at="combat", foe="Dinosaurs")
    rifts.choose(game, "Fight this round")
    while not isinstance(game.pending, Decision):
        rifts.roll(game, 4 if "Foe Attack" in game.pending.label else 1)
    found = by_text(game)
    assert found["Vagabond: Protect (Big Boss ATV), 4+ negates"].p == Fraction(1, 2)
    assert found["Take the hit"] is None


def test_rifts_phases_show_the_roll_each_phase_makes() -> None:
    # A Wilderness Scout (Wilderness +2, line 53) at Farms (W): Survival +4 (line 314 and the
    # +2 bonus): 16+ needs 12+ on 1D20, 9/20; Supply 10+ (line 360) with +4: 15/20.
    game = rifts.scenario([{"members": [{"name": "Wilderness Scout"}], "location": "Farms"},
                           {"members": [{"name": "Mind Melter"}], "location": "Border Town"}],
                          at="turn")
    found = {str(a).split(":")[0]: o for a, o in odds.choices(game)}
    assert found["Travel to a new Location"].p == Fraction(9, 20)
    assert found["Resupply"].p == Fraction(15, 20)
    assert found["Heal & Repair"] is None  # nobody is wounded
    mission = found["Look for nearby Adventure"]
    assert mission.p is None and sum(p for _, p in mission.outcomes) == 1
    # what failing means: "Otherwise roll on the Hazard Table" (line 312); "If less you may
    # not Resupply" (line 361)
    assert found["Travel to a new Location"].extra["if_not"] == "a roll on the Hazard Table"
    assert found["Resupply"].extra["if_not"] == "no resupply this turn"


# ---- Gamma World: a battle round -------------------------------------------------------------

def test_gamma_world_fight_on_is_the_exact_capture_chance_from_the_position_now() -> None:
    # A basic follower (Force 1, Hits 2, seed 004, line 31) with 1 damage counter against a
    # Threat of 2: each round both roll at once (lines 45-48), 1D6 for him, 2D6 for the
    # Threat; any 1 of the Threat kills him, and a 1 of his with a 1 of the Threat is a failed
    # attack (ruling gw-34). At Threat 1: W1 = (1/6)(5/6) / (1 - (5/6)^2) = 5/11. At Threat 2:
    # only "his 1, no Threat 1" (1/6 x 25/36) moves on, "no 1 at all" (5/6 x 25/36) repeats:
    # W2 = (25/216) W1 / (1 - 125/216) = 125/1001.
    found = by_text(gw_battle())
    fight = next(o for t, o in found.items() if t.startswith("Fight a round"))
    assert fight.p == Fraction(125, 1001) and fight.note == "exact"
    assert found["Retreat"].p == 1  # certain: retreating is never "0% captured"


def gw_battle() -> explorer.engine.Game:
    """Player 1's basic follower, 1 damage counter on it, attacks Think Tank; Player 2 plays
    Blight (2D6, line 189), whose Starting Threat is forced to 2."""
    game = gw.scenario({"hand": ["Think Tank"], "followers": [
        {"kind": "Pure Strain Human", "damage": 1}]}, {"hand": ["Blight"]})
    gw.choose(game, "Attack Think Tank")
    gw.choose(game, "Play Blight")
    gw.roll(game, 2, "Starting Threat of Blight")
    return game


# ---- Adventurers: the Escape step ------------------------------------------------------------

def beats(dice: int, total: int) -> Fraction:
    """P(dice D6 > total), by enumeration."""
    rolls = list(product(range(1, 7), repeat=dice))
    return Fraction(sum(1 for r in rolls if sum(r) > total), len(rolls))


def test_adventurers_escape_choices_are_exact() -> None:
    # Chase Scene, Enemy Force 3 (seed 001, line 95); the Encounter roll is 12. The escape:
    # 3D6 higher than it (lines 68, 71): 13 or more, 56 of 216 (21+15+10+6+3+1); Revolver and
    # Sidekick Kid add 1D6 each (lines 92, 188; ruling adv-15); Hide evades a non-trap
    # encounter (line 104).
    game = adv.game_at("encounter", hand=["Hide", "Revolver", "Sidekick Kid"],
                       encounter={"card": "Chase Scene", "by": 1, "weapon": None})
    adv.roll(game, 12, "Encounter roll for Chase Scene")
    found = by_text(game)
    texts = list(found)
    assert texts[-1] == "Roll to escape: 3D6 against 12"
    assert found[texts[-1]].p == beats(3, 12) == Fraction(56, 216)
    assert next(o for t, o in found.items() if t.startswith("Play Hide")).p == 1
    assert next(o for t, o in found.items() if t.startswith("Play Revolver")).p == beats(4, 12)
    assert next(o for t, o in found.items() if t.startswith("Play Sidekick Kid")).p == \
        beats(4, 12)


def test_adventurers_an_actor_gains_nothing_from_a_weapon() -> None:
    # The Actor: "+1D6 vs Person cards if not using a weapon card" (line 23); German Officer
    # is a Person, Force 3 (line 110). Rolling now: 4D6; with a Revolver: 3D6 + 1D6, no more.
    game = adv.game_at("encounter", profession="Actor", hand=["Revolver", "Hide"],
                       encounter={"card": "German Officer", "by": 1, "weapon": None})
    adv.roll(game, 14, "Encounter roll for German Officer")
    found = by_text(game)
    roll = next(o for t, o in found.items() if t.startswith("Roll to escape"))
    weapon = next(o for t, o in found.items() if t.startswith("Play Revolver"))
    assert roll.p == weapon.p == beats(4, 14)
