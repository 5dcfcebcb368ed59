"""Helpers for Rifts scenario tests: build a position, force dice and draws, make choices.

A test builds a game at a chosen position with :func:`scenario`, then drives it one step at a
time. Chance steps are forced to a chosen outcome (:func:`roll`, :func:`draw`, :func:`pick`),
never sampled, so every expected value comes from the seed's rules applied by hand.
"""

from __future__ import annotations

from typing import Any

import explorer
from explorer.engine import Chance, Game, Outcome
from explorer.engine.dice import Roll
from tests.game_helpers import choose as choose  # shared
from tests.game_helpers import options as options
from tests.game_helpers import pending_roll as pending_roll


def scenario(parties: list[dict[str, Any]], *, seed: int = 0, **extra: Any) -> Game:
    """A Rifts game built at a position (see explorer.games.rifts.scenario)."""
    return explorer.new_game("rifts", players=len(parties), seed=seed,
                             scenario={"parties": parties, **extra})



def roll(game: Game, natural: int, name: str | None = None) -> Roll:
    """Force the pending dice roll to show ``natural`` (before modifiers); return its Roll.

    ``name`` checks which roll it is (e.g. "Survival"); the Roll carries its modifiers.
    """
    spec = pending_roll(game)
    if name is not None:
        assert spec.name == name, f"expected the {name} roll, found {spec.label()}"
    game.step(Outcome("roll", (natural,)))
    return spec


def draw(game: Game, deck: str, name: str) -> None:
    """Force the pending card draw from ``deck`` to be ``name``."""
    pending = game.pending
    assert isinstance(pending, Chance) and pending.label == f"Draw from the {deck} deck", (
        f"expected a draw from {deck} at {game.phase}, found "
        f"{getattr(pending, 'label', pending)!r}")
    game.step(Outcome("card", (deck, name)))


def pick(game: Game, text: str) -> None:
    """Force the pending random pick to the candidate whose text is ``text``."""
    pending = game.pending
    assert isinstance(pending, Chance), f"expected a random pick at {game.phase}"
    matches = [o for o in pending.outcomes if str(o) == text]
    assert matches, f"{text!r} is not among {[str(o) for o in pending.outcomes]}"
    game.step(matches[0])




def log_since(game: Game, start: int) -> list[str]:
    return [e.text for e in game.log[start:]]


def party(game: Game, seat: int = 0):
    return game.state.parties[seat]


def member(game: Game, name: str, seat: int = 0):
    return next(m for m in game.state.parties[seat].members if m.name == name)
