"""explorer.odds.rat_king: who wins the ADVENTURE being fought, exactly; checked by hand, by
enumerating every die through the public Game API on copies of the game, and by Monte Carlo
through the engine."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

import explorer
from explorer.engine import Chance, Decision, Game, Outcome
from explorer.errors import IllegalAction
from explorer.odds import rat_king as odds
from explorer.odds.rifts import wilson
from tests.rat_king.helpers import act, char, scenario


def hidden_nest() -> Game:
    """The Hidden Nest round at its start (seed 002, line 65), Tisha to act."""
    return scenario([char("ME Priest", "Magibolt"), char("Rikki Rogue", "Bow & Arrows")],
                    [char("ME Rogue", "Battle Axe")],
                    [char("ME Wizard", "Mind Control Spell"), char("Tinki Mercenary")],
                    hands=[[], ["Jeff Squire"], []],
                    adventure={"name": "The Hidden Nest", "played_by": 0})


def everyone_passes(game: Game) -> None:
    while isinstance(game.pending, Decision):
        act(game, "pass")


def winner(game: Game) -> int | None:
    """Who won the last ADVENTURE (None: discarded), from the game's own position."""
    from explorer.games.rat_king import position

    return position(game)["last_adventure"]["winner"]


def enumerate_through_the_engine(game: Game) -> list[Fraction]:
    """Every ADVENTURE DIE combination stepped through Game.step on a fresh copy of the game
    (load_game of its save), counted by who won."""
    saved = game.to_json()
    rolling = 0
    probe = explorer.load_game(saved)
    while isinstance(probe.pending, Chance) and "ADVENTURE DIE" in probe.pending.label:
        probe.step(Outcome("roll", (1,)))
        rolling += 1
    found = [Fraction(0)] * (game.players + 1)
    for faces in product(range(1, 7), repeat=rolling):
        trial = explorer.load_game(saved)
        for face in faces:
            trial.step(Outcome("roll", (face,)))
        who = winner(trial)
        found[game.players if who is None else who] += Fraction(1, 6 ** rolling)
    return found


def test_two_groups_whose_flips_change_nothing_by_hand() -> None:
    """ME Rogue and ME Wizard are 2 CP on both sides (rulings rk-4, rk-6), so only the dice
    decide: Player 1 played the ADVENTURE and takes a tie (seed 002, line 61), so he wins when
    his die is at least the other's: 21 of the 36 pairs, 7/12."""
    game = scenario([char("ME Rogue")], [char("ME Wizard")],
                    adventure={"name": "The Hidden Nest", "played_by": 0})
    found = odds.adventure_odds(game)
    assert found.extra["win"] == [Fraction(7, 12), Fraction(5, 12)]
    assert found.extra["discarded"] == 0
    assert sum(p for _, p in found.outcomes) == 1


def test_the_hidden_nest_odds_equal_every_die_played_through_the_engine() -> None:
    game = hidden_nest()
    exact = odds.adventure_odds(game)
    everyone_passes(game)
    assert isinstance(game.pending, Chance)
    assert exact.extra["win"] + [exact.extra["discarded"]] == enumerate_through_the_engine(game)


def test_after_the_first_die_the_odds_take_it_as_rolled() -> None:
    game = hidden_nest()
    everyone_passes(game)
    game.step(Outcome("roll", (6,)))  # Tisha's 6: every ME card elsewhere flips (line 67)
    found = odds.adventure_odds(game)
    assert found.extra["win"] + [found.extra["discarded"]] == enumerate_through_the_engine(game)


def test_the_odds_agree_with_games_played_out_by_the_engine() -> None:
    game = hidden_nest()
    exact = odds.adventure_odds(game).extra["win"][0]
    everyone_passes(game)
    saved = game.to_json()
    rng = random.Random(5)
    runs, wins = 400, 0
    for _ in range(runs):
        trial = explorer.load_game(saved)
        while isinstance(trial.pending, Chance):
            outcomes = trial.pending.outcomes
            trial.step(outcomes[rng.randrange(len(outcomes))])
        wins += winner(trial) == 0
    low, high = wilson(wins, runs, z=3.29)  # a 99.9% interval
    assert low <= float(exact) <= high


def test_a_stuff_die_is_worth_the_average_of_its_faces() -> None:
    """Tisha's Magibolt (ruling rk-9): the chance after rolling it is the mean over its six
    faces of the chance with that face, each face forced through the engine."""
    game = hidden_nest()
    choices = {tuple(a.name for a in acts): found for acts, found in odds.round_choices(game)}
    assert choices[("pass",)].extra["win"] == odds.adventure_odds(game).extra["win"]
    rolled = choices[("stuff_die", "use_stuff")].extra["win"][0]
    total = Fraction(0)
    for face in range(1, 7):
        trial = explorer.load_game(game.to_json())
        act(trial, "stuff_die")
        act(trial, "use_stuff", 0, 0)
        trial.step(Outcome("roll", (face,)))
        total += odds.adventure_odds(trial).extra["win"][0] / 6
    assert rolled == total
    assert rolled > choices[("pass",)].extra["win"][0]


def test_outside_an_adventure_the_odds_refuse() -> None:
    game = explorer.new_game("rat_king", players=2, seed=1)
    with pytest.raises(IllegalAction, match="no ADVENTURE is being fought"):
        odds.adventure_odds(game)
    with pytest.raises(IllegalAction, match="for rat_king games"):
        odds.adventure_odds(explorer.new_game("riftforce", seed=1))


def test_rounds_of_real_games_equal_every_die_played_through_the_engine() -> None:
    """The first ADVENTURE of a few seeded 3-player games between heuristic bots, at its dice:
    whatever the table holds (flipped cards, Reputations, immunities, modifiers), the odds
    equal the count over every die stepped through Game.step."""
    from explorer.engine.bots import make_bot

    checked = 0
    for seed in range(4):
        game = explorer.new_game("rat_king", players=3, seed=seed)
        bots = [make_bot(game, "heuristic", seed * 10 + s) for s in range(3)]
        while not game.is_over:
            if isinstance(game.pending, Chance) and "ADVENTURE DIE" in game.pending.label:
                found = odds.adventure_odds(game)
                assert found.extra["win"] + [found.extra["discarded"]] == \
                    enumerate_through_the_engine(game)
                checked += 1
                break
            game.step(None if game.is_chance else bots[game.current_player].choose(game))
    assert checked >= 3
