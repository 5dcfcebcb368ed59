"""``odds.choices`` against play (issue 45, item 1): at a decision of each game, each choice
the odds answer is taken on seeded copies of the game and played on through ``Game.step`` as
its odds assume (:mod:`tests.odds.match_play`); what happens must agree with the odds: an
exact probability within the plays' interval, an estimate's interval meeting the plays'.

The positions are built with the games' scenarios (or seeded bot games to a decision), the
same ones whose answers other tests count by hand (cited where they are).
"""

from __future__ import annotations

from fractions import Fraction

import explorer
from explorer import odds
from explorer.engine import Action, Chance, Game, Outcome
from explorer.engine.bots import make_bot
from explorer.engine.dice import Roll
from tests.adventurers import helpers as adv
from tests.gamma_world import helpers as gw
from tests.odds import match_play as M
from tests.odds.test_choices import gw_battle, swarm_fight
from tests.odds.test_rat_king import hidden_nest
from tests.rat_king.helpers import act, char, scenario
from tests.rifts import helpers as rifts


def every_choice_matches_play(game: Game, runs: int, kinds: set[str],
                              odds_runs: int = 400) -> None:
    """Every choice with odds at ``game``'s decision agrees with ``runs`` plays of it; the
    choices of ``kinds`` (action names) must all be among them (a test that compares what it
    means to)."""
    compared = set()
    for action, found in odds.choices(game, runs=odds_runs):
        if found is None:
            continue
        play = M.choice_play(game, action, found)
        assert play is not None, f"no play to compare {action} with"
        M.assert_matches_play(found, game, runs, play)
        compared.add(action.name)
    assert kinds <= compared, f"compared {sorted(compared)}, expected {sorted(kinds)}"


# ---- Rifts ------------------------------------------------------------------------------------

def test_rifts_fight_and_escape_match_play() -> None:
    """The Xiticix Swarm against a lone Vagabond (tests/odds/test_choices.py: fighting wins
    for certain, escaping every round 5/8): the estimates against 300 fights played."""
    every_choice_matches_play(swarm_fight(), 300, {"fight", "escape"})


def test_rifts_fight_a_foe_that_can_win_matches_play() -> None:
    """A fight whose three outcomes all happen: a Vagabond and a Mind Melter against the
    Wolfen at Farms, from its first Escape Segment."""
    game = rifts.scenario([{"members": [{"name": "Vagabond"}, {"name": "Mind Melter"}],
                            "location": "Farms"},
                           {"members": [{"name": "Mystic"}], "location": "Chi-Town"}],
                          at="combat", foe="Wolfen")
    while game.is_chance or {a.name for a in game.legal_actions()} != {"fight", "escape"}:
        game.step(None if game.is_chance else game.legal_actions()[0])
    every_choice_matches_play(game, 300, {"fight", "escape"})


def test_rifts_protect_matches_play() -> None:
    """Protect (4+ on 1D6, seed 000 line 111): 1/2, against 300 Protection rolls made."""
    game = rifts.scenario([{"members": [{"name": "Vagabond", "attached": [
        {"deck": "Equipment", "name": "Big Boss ATV"}]}], "location": "Farms"},
        {"members": [{"name": "Mind Melter"}], "location": "Border Town"}],
        at="combat", foe="Dinosaurs")
    rifts.choose(game, "Fight this round")
    while game.is_chance:
        rifts.roll(game, 4 if "Foe Attack" in game.pending.label else 1)
    every_choice_matches_play(game, 300, {"protect"})


def test_rifts_phases_match_the_rolls_played() -> None:
    """A Wilderness Scout at Farms: Travel (Survival 9/20), Mission (its table), Resupply
    (15/20), each against 400 phases played to their roll."""
    game = rifts.scenario([{"members": [{"name": "Wilderness Scout"}], "location": "Farms"},
                           {"members": [{"name": "Mind Melter"}], "location": "Border Town"}],
                          at="turn")
    every_choice_matches_play(game, 400, {"phase"})


def test_rifts_recuperate_matches_the_heal_roll_played() -> None:
    """A wounded party's Heal & Repair: the Heal roll's odds against 400 made."""
    game = rifts.scenario([{"members": [{"name": "Cyber-Knight", "wounds": 1}],
                            "location": "Chi-Town"},
                           {"members": [{"name": "Mind Melter"}], "location": "Border Town"}],
                          at="turn")
    found = dict(odds.choices(game))
    heal = next(a for a in found if a.name == "phase" and a.args == ("Recuperate",))
    assert found[heal] is not None
    M.assert_matches_play(found[heal], game, 400, M.choice_play(game, heal, found[heal]))


def roll_made_after(game: Game, action: Action, name: str) -> Roll:
    """The roll named ``name`` that the engine makes after ``action`` (taken on a copy, the
    first choice and the engine's own draws on the way)."""
    copy = game.at(game.steps)
    copy.step(action)
    while not (isinstance(copy.pending, Chance) and isinstance(copy.pending.odds, Roll)
               and copy.pending.odds.name == name):
        copy.step(None if copy.is_chance else copy.legal_actions()[0])
    return copy.pending.odds


def test_rifts_resupply_the_turn_after_a_resupply_counts_the_minus_5() -> None:
    """A Wilderness Scout resupplies at Farms in his first turn; in his second, at Farms still,
    the Supply roll takes -5 (seed 000, line 360: supplied at this location last turn): 10+ on
    1D20 with +4 - 5 is 11+, 1/2; the odds of Resupply must say so, as the roll made does."""
    game = rifts.scenario([{"members": [{"name": "Wilderness Scout"}], "location": "Farms"},
                           {"members": [{"name": "Mind Melter"}], "location": "Border Town"}],
                          at="turn")
    resupply = next(a for a in game.legal_actions() if a.name == "phase"
                    and a.args == ("Supply",))
    game.step(resupply)
    while not (isinstance(game.pending, Chance) and game.pending.label.startswith("Supply")):
        game.step(None if game.is_chance else game.legal_actions()[0])
    game.step(Outcome("roll", (20,)))
    while not (game.current_player == 0 and resupply in game.legal_actions()):
        game.step(None if game.is_chance else game.legal_actions()[0])
    made = roll_made_after(game, resupply, "Supply")
    assert made.success_probability() == Fraction(1, 2)  # the engine's: +4 - 5, 11+ on 1D20
    assert dict(odds.choices(game))[resupply].p == Fraction(1, 2)


# ---- Gamma World ------------------------------------------------------------------------------

def test_gamma_world_fight_on_and_retreat_match_play() -> None:
    """A damaged basic follower against a Threat of 2 (125/1001 by hand, test_choices.py):
    fighting to the end and retreating, 600 battles each."""
    every_choice_matches_play(gw_battle(), 600, {"fight", "retreat"})


def test_gamma_world_play_a_foe_matches_play() -> None:
    """Two basic followers attack Think Tank; each Foe (2D6 Threat, seed 004 lines 189, 197)
    and no Foe, against 500 battles fought to the end."""
    game = gw.scenario({"hand": ["Think Tank"], "followers": [{}, {}]},
                       {"hand": ["Sep", "Blight"]}, active=0, at="turn")
    gw.choose(game, "Attack Think Tank")
    every_choice_matches_play(game, 500, {"foe", "no foe"})


def test_gamma_world_a_battle_with_losses_matches_play() -> None:
    """Three basic followers against Sep: how many are lost in a capture, each count against
    500 battles."""
    game = gw.scenario({"hand": ["Think Tank"], "followers": [{}, {}, {}]}, {"hand": ["Sep"]},
                       active=0, at="turn")
    gw.choose(game, "Attack Think Tank")
    gw.choose(game, "Play Sep")
    gw.roll(game, 6, "Starting Threat of Sep")
    every_choice_matches_play(game, 500, {"fight", "retreat"})


# ---- Adventurers ------------------------------------------------------------------------------

def test_adventurers_escape_choices_match_play() -> None:
    """Chase Scene against an Encounter roll of 12 (test_choices.py: 3D6 beats it 56/216): an
    evade card, a weapon, a help card and the roll itself, 400 escapes each."""
    game = adv.game_at("encounter", hand=["Hide", "Revolver", "Sidekick Kid"],
                       encounter={"card": "Chase Scene", "by": 1, "weapon": None})
    adv.roll(game, 12, "Encounter roll for Chase Scene")
    every_choice_matches_play(game, 400, {"evade", "weapon", "bonus", "roll"})


def travel_phase() -> Game:
    """A seeded game between heuristic bots at its first Travel Phase with a card to play."""
    game = explorer.new_game("adventurers", players=3, seed=11)
    bots = [make_bot(game, "heuristic", s) for s in range(3)]
    while not (game.pending is not None and not game.is_chance
               and any(a.name == "travel" for a in game.legal_actions())):
        game.step(None if game.is_chance else bots[game.current_player].choose(game))
    return game


def test_adventurers_travel_matches_the_hands_dealt_from_the_players_view() -> None:
    """The Travel Phase: the chance that the opponent to the right holds a matching
    Encounter, as the player knows it, against 300 deals of the cards he has not seen (the
    rules' own test of what that opponent may play)."""
    every_choice_matches_play(travel_phase(), 300, {"travel", "pass"})


# ---- Lair of the Rat-King ----------------------------------------------------------------------

def test_rat_king_round_actions_match_play() -> None:
    """The Hidden Nest round (tests/odds/test_rat_king.py): passing and a STUFF DIE, each
    against 150 rounds played to the ADVENTURE's end."""
    every_choice_matches_play(hidden_nest(), 150, {"pass", "stuff_die"})


def test_rat_king_an_encounters_target_matches_play() -> None:
    """Rat-King's Guard played in The Hidden Nest, its target chosen (11/12 for the best,
    tests/odds/test_item1_odds_never_fail.py): each target against 300 rounds played."""
    game = scenario([char("ME Rogue")], [char("ME Wizard")], hands=[["Rat-King's Guard"], []],
                    adventure={"name": "The Hidden Nest", "played_by": 0})
    act(game, "encounter")
    game.step(game.legal_actions()[0])  # Rat-King's Guard, the only ENCOUNTER
    every_choice_matches_play(game, 300, {"target"})


# ---- Riftforce --------------------------------------------------------------------------------

def test_riftforce_check_and_draw_matches_the_draws_played() -> None:
    """A Check & Draw in a seeded game between heuristic bots: the chance of at least one card
    of each guild, against 400 draws made."""
    from tests.odds.test_match_play_modules import riftforce_turn

    game = riftforce_turn(3)
    every_choice_matches_play(game, 400, {"check"})


def test_gamma_world_no_foe_is_no_certain_capture_while_another_may_play_one() -> None:
    """Three players: Player 1 attacks Think Tank with one basic follower; Player 2 plays no
    Foe, and Player 3 is then asked whether to play Blight (2D6 Threat, seed 004 line 189),
    which a lone follower often loses to: the capture is not certain (found by the odds-match
    fuzzing)."""
    game = gw.scenario({"hand": ["Think Tank"], "followers": [{}]}, {"hand": ["Sep"]},
                       {"hand": ["Blight"]}, active=0, at="turn")
    gw.choose(game, "Attack Think Tank")
    found = dict(odds.choices(game))
    no_foe = next(a for a in found if a.name == "no foe")
    after = game.at(game.steps)
    after.step(no_foe)
    assert any(a.name == "foe" for a in after.legal_actions())  # another player may play one
    # from a hand Player 2 cannot see: no odds, and the sentence says who still may
    assert found[no_foe] is None
    said = dict(odds.consequences(game))[no_foe]
    assert said == ("Certain: you add no Threat; Player 1 captures Think Tank unless Player 3 "
                    "plays a Foe")
