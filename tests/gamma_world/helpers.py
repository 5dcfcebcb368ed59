"""Helpers for Gamma World scenario tests: build a position, force dice, draws and picks, make
choices.

A test builds a game at a chosen position with :func:`scenario`, then drives it one step at a
time. Chance steps are forced to a chosen outcome (:func:`roll`, :func:`ones`, :func:`draw`,
:func:`hit`), never sampled, so every expected value comes from the seed's rules applied by
hand.
"""

from __future__ import annotations

from typing import Any

import explorer
from explorer.engine import Chance, Game, Outcome
from explorer.engine.dice import Roll
from explorer.games.gamma_world.state import Follower
from tests.game_helpers import choose as choose  # shared
from tests.game_helpers import logged as logged
from tests.game_helpers import offered as offered
from tests.game_helpers import options as options


def scenario(*enclaves: dict[str, Any], seed: int = 0, **extra: Any) -> Game:
    """A Gamma World game built at a position (see explorer.games.gamma_world.scenario)."""
    return explorer.new_game("gamma_world", players=len(enclaves), seed=seed,
                             scenario={"enclaves": list(enclaves), **extra})


def pending_chance(game: Game) -> Chance:
    pending = game.pending
    assert isinstance(pending, Chance), (
        f"expected a chance step at {game.phase}, found {pending!r}")
    return pending


def roll(game: Game, natural: int, label: str | None = None) -> Roll | None:
    """Force the pending dice roll to show ``natural``; ``label`` must start its label."""
    pending = pending_chance(game)
    if label is not None:
        assert pending.label.startswith(label), f"expected {label!r}, found {pending.label!r}"
    game.step(Outcome("roll", (natural,)))
    return pending.odds if isinstance(pending.odds, Roll) else None


def ones(game: Game, count: int, label: str | None = None) -> str:
    """Force the pending battle or threat roll to count ``count`` ones; return its label."""
    pending = pending_chance(game)
    if label is not None:
        assert pending.label.startswith(label), f"expected {label!r}, found {pending.label!r}"
    game.step(Outcome("count", (count,)))
    return pending.label


def draw(game: Game, name: str) -> None:
    """Force the pending draw from the deck to be ``name``."""
    pending = pending_chance(game)
    assert pending.label == "Draw from the deck", f"expected a draw, found {pending.label!r}"
    game.step(Outcome("card", (name,)))


def hit(game: Game, follower: str) -> None:
    """Force the pending hit allocation onto ``follower`` ("Follower 2")."""
    pending = pending_chance(game)
    assert pending.label.startswith("Hit allocation"), pending.label
    matches = [o for o in pending.outcomes if str(o) == follower]
    assert matches, f"{follower!r} is not among {[str(o) for o in pending.outcomes]}"
    game.step(matches[0])






def enclave(game: Game, seat: int = 0):
    return game.state.enclaves[seat]


def follower(game: Game, number: int) -> Follower:
    found = [f for e in game.state.enclaves for f in e.followers if f.number == number]
    assert found, f"Follower {number} is not in play"
    return found[0]


def in_play(game: Game, number: int) -> bool:
    return any(f.number == number for e in game.state.enclaves for f in e.followers)


def cards_on(game: Game, number: int) -> list[str]:
    return [a.name for a in follower(game, number).cards]


def ap_left(game: Game) -> int:
    return len(game.state.ap)


def end_phase(game: Game) -> None:
    """End the active player's Action Phase."""
    choose(game, "End the Action Phase")


def is_turn_of(game: Game, seat: int) -> bool:
    """At the start of ``seat``'s Action Phase, nothing spent yet."""
    return game.phase == "action" and game.current_player == seat
