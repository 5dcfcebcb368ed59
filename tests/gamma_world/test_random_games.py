"""200 seeded random-bot games of Gamma World (2, 3 and 4 players) played to the end, with every
invariant checked after every step; determinism, save/load, undo, chance odds and illegal
actions. (Issue #4, "What it must show".)"""

from __future__ import annotations

import json
import random

import pytest

import explorer
from explorer.engine import Action, Outcome
from explorer.engine.bots import RandomBot, play
from explorer.errors import IllegalAction
from explorer.games.gamma_world.invariants import check

GAMES = [(players, seed) for players in (2, 3, 4) for seed in range(67 if players < 4 else 66)]
assert len(GAMES) == 200


def _bots(game: explorer.Game, seed: int) -> list[RandomBot]:
    return [RandomBot(seed * 10 + seat) for seat in range(game.players)]


@pytest.mark.parametrize(("players", "seed"), GAMES, ids=[f"{p}p-seed{s}" for p, s in GAMES])
def test_random_game_ends_with_a_winner_and_keeps_every_invariant(players: int,
                                                                    seed: int) -> None:
    game = explorer.new_game("gamma_world", players=players, seed=seed)
    data = game.state._data
    bots = _bots(game, seed)
    check(game.state, data)
    while not game.is_over:
        if game.is_chance:
            outcomes = game.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1 and all(p > 0 for _, p in outcomes)
            assert game.legal_actions() == [] and game.current_player is None
            game.step()
        else:
            actions = game.legal_actions()
            assert actions and game.chance_outcomes() == []
            assert len(set(actions)) == len(actions), "an action is listed twice"
            game.step(bots[game.current_player].choose(game))
        check(game.state, data)
    # VICTORY (lines 10-12): the deck is drawn out; the most locations wins (a tie shares it,
    # ruling gw-44).
    assert game.state.deck == {} and game.state.top == []
    assert game.winners
    best = max(game.scores)
    assert [s for s in range(players) if game.scores[s] == best] == game.winners


def test_the_same_seed_and_actions_give_the_same_log() -> None:
    def log(seed: int) -> list[str]:
        game = explorer.new_game("gamma_world", players=3, seed=seed)
        play(game, lambda seat: RandomBot(seat))
        return [str(e) for e in game.log]

    assert log(21) == log(21)
    assert log(21) != log(22)


def test_save_and_load_mid_game_then_play_on_identically() -> None:
    game = explorer.new_game("gamma_world", players=2, seed=5)
    play(game, lambda seat: RandomBot(seat + 1), max_steps=400)
    copy = explorer.load_game(game.to_json())
    assert copy.snapshot() == game.snapshot()
    assert json.loads(copy.to_json()) == json.loads(game.to_json())
    play(game, lambda seat: RandomBot(seat + 9))
    play(copy, lambda seat: RandomBot(seat + 9))
    assert game.is_over and copy.is_over
    assert [str(e) for e in copy.log] == [str(e) for e in game.log]
    assert copy.snapshot() == game.snapshot()


def test_undo_after_any_step_restores_the_exact_prior_state() -> None:
    game = explorer.new_game("gamma_world", players=2, seed=8)
    bots = _bots(game, 8)
    sample = random.Random(3)
    for number in range(900):
        if game.is_over:
            break
        before = game.snapshot() if number < 250 or sample.random() < 0.05 else None
        game.step(None if game.is_chance else bots[game.current_player].choose(game))
        if before is not None:
            after = game.snapshot()
            game.undo()
            assert game.snapshot() == before, f"undo of step {number} is not exact"
            game.redo()
            assert game.snapshot() == after


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    game = explorer.new_game("gamma_world", players=2, seed=12)
    bots = _bots(game, 12)
    for _ in range(400):
        before = game.snapshot()
        with pytest.raises(IllegalAction):
            game.step(Action("no such action"))
        with pytest.raises(IllegalAction):
            game.step(Outcome("roll", (99,)))
        if not game.is_chance:
            with pytest.raises(IllegalAction):
                game.step(None)
            with pytest.raises(IllegalAction):  # an action of another moment
                game.step(Action("attack", ("Think Tank",)))
        assert game.snapshot() == before
        game.step(None if game.is_chance else bots[game.current_player].choose(game))
