"""What every game's tests share: driving a game by its actions' texts, forcing rolls, and the
engine contract checked over seeded random-bot games (each game's ``test_random_games.py``
adds its own victory rules and illegal actions).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

import explorer
from explorer.engine import Action, Chance, Decision, Game, Outcome
from explorer.engine.bots import RandomBot, play
from explorer.engine.dice import Roll
from explorer.errors import IllegalAction

# ---- driving a game ---------------------------------------------------------------------------


def choose(game: Game, text: str) -> Action:
    """Take the legal action whose text contains ``text`` (exactly one must match)."""
    pending = game.pending
    assert isinstance(pending, Decision), (
        f"expected a decision at {game.phase}, found {getattr(pending, 'label', pending)!r}")
    matches = [a for a in pending.actions if text in str(a)]
    assert len(matches) == 1, f"{text!r} matches {[str(a) for a in pending.actions]}"
    game.step(matches[0])
    return matches[0]


def options(game: Game) -> list[str]:
    """The texts of the legal actions now."""
    return [str(a) for a in game.legal_actions()]


def offered(game: Game, text: str) -> bool:
    """Some legal action's text contains ``text``."""
    return any(text in o for o in options(game))


def logged(game: Game, text: str) -> bool:
    """Some log entry contains ``text``."""
    return any(text in e.text for e in game.log)


def pending_roll(game: Game) -> Roll:
    """The Roll pending now (fails if the game is not at a dice roll)."""
    pending = game.pending
    assert isinstance(pending, Chance) and isinstance(pending.odds, Roll), (
        f"expected a roll at {game.phase}, found {pending!r}")
    return pending.odds


# ---- the engine contract over random-bot games -------------------------------------------------


def bots(game: Game, seed: int) -> list[RandomBot]:
    """One seeded random bot per seat."""
    return [RandomBot(seed * 10 + seat) for seat in range(game.players)]


def play_checked(game_id: str, players: int, seed: int,
                 check: Callable[[object, object], None]) -> Game:
    """A random-bot game played to its end with the contract and ``check`` (the game's
    invariants) asserted after every step: a chance step's outcomes sum to 1, each likely; a
    decision has legal actions, none listed twice."""
    game = explorer.new_game(game_id, players=players, seed=seed)
    data = game.state._data
    seated = bots(game, seed)
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
            game.step(seated[game.current_player].choose(game))
        check(game.state, data)
    return game


def assert_same_seed_same_log(game_id: str, max_steps: int = 3000) -> None:
    """The same seed and bots give the same log; another seed another."""
    def log(seed: int) -> list[str]:
        game = explorer.new_game(game_id, players=3, seed=seed)
        play(game, lambda seat: RandomBot(seat), max_steps=max_steps)
        return [str(e) for e in game.log]

    assert log(21) == log(21)
    assert log(21) != log(22)


def assert_save_and_load_plays_on(game_id: str, saved_at: int,
                                  then: int | None = None) -> tuple[Game, Game]:
    """Saved after ``saved_at`` steps and loaded, a game plays on as the original does
    (``then`` more steps, or to the end); returns both."""
    game = explorer.new_game(game_id, players=2, seed=5)
    play(game, lambda seat: RandomBot(seat + 1), max_steps=saved_at)
    assert not game.is_over, "save before the end, or the test shows nothing"
    copy = explorer.load_game(game.to_json())
    assert copy.snapshot() == game.snapshot()
    assert json.loads(copy.to_json()) == json.loads(game.to_json())
    steps = {} if then is None else {"max_steps": then}
    play(game, lambda seat: RandomBot(seat + 9), **steps)
    play(copy, lambda seat: RandomBot(seat + 9), **steps)
    assert [str(e) for e in copy.log] == [str(e) for e in game.log]
    assert copy.snapshot() == game.snapshot()
    return game, copy


def assert_undo_is_exact(game_id: str, players: int, steps: int, sampled: float) -> None:
    """Undo after a step restores the exact state before it, and redo the state after it:
    every one of the first 250 steps, then a ``sampled`` share of the rest."""
    game = explorer.new_game(game_id, players=players, seed=8)
    seated = bots(game, 8)
    sample = random.Random(3)
    for number in range(steps):
        if game.is_over:
            break
        before = game.snapshot() if number < 250 or sample.random() < sampled else None
        game.step(None if game.is_chance else seated[game.current_player].choose(game))
        if before is not None:
            after = game.snapshot()
            game.undo()
            assert game.snapshot() == before, f"undo of step {number} is not exact"
            game.redo()
            assert game.snapshot() == after


def assert_illegal_steps_change_nothing(game_id: str, steps: int,
                                        illegal: tuple[Action | Outcome, ...] = ()) -> None:
    """At each of ``steps`` steps an unknown action, an impossible roll, no action at a
    decision and each of the game's own ``illegal`` steps are refused, the state unchanged."""
    game = explorer.new_game(game_id, players=2, seed=12)
    seated = bots(game, 12)
    for _ in range(steps):
        if game.is_over:
            break
        before = game.snapshot()
        wrong: list[Action | Outcome | None] = [Action("no such action"), Outcome("roll", (99,)),
                                                *illegal]
        if not game.is_chance:
            wrong.append(None)
        for step in wrong:
            with pytest.raises(IllegalAction):
                game.step(step)
        assert game.snapshot() == before
        game.step(None if game.is_chance else seated[game.current_player].choose(game))


# ---- the search bot ---------------------------------------------------------------------------

def advance(game: Game, until: Callable[[Game], bool], seed: int = 0) -> Game:
    """Play ``game`` with heuristic bots until ``until(game)``."""
    from explorer.engine.bots import make_bot

    bots = [make_bot(game, "heuristic", seed + s) for s in range(game.players)]
    while not until(game):
        assert not game.is_over, "the game ended before the position looked for"
        game.step() if game.is_chance else game.step(bots[game.current_player].choose(game))
    return game


def same_search_choice(games: list[Game], seed: int = 123) -> object:
    """The search bot (``seed``) at each of ``games`` (one position seen by the seat to act,
    hidden parts differing): it searches (does not delegate), leaves the game untouched
    (state and generator), chooses the same in all of them and again when asked twice."""
    from explorer.engine.bots import make_bot
    from explorer.engine.search import SearchBot

    choices = []
    for game in games:
        before = game.snapshot()
        bot = make_bot(game, "search", seed)
        assert isinstance(bot, SearchBot)
        choices.append(bot.choose(game))
        assert bot.searched == 1 and bot.delegated == 0
        assert game.snapshot() == before
    assert all(choice == choices[0] for choice in choices)
    assert make_bot(games[0], "search", seed).choose(games[0]) == choices[0]  # reproducible
    return choices[0]
