"""Helpers for Riftforce scenario tests: build a position, act by the actions' names and
arguments, read the board back.

A test builds a game at a position with :func:`scenario` (the read-out's keys, with defaults
for the ones it does not care about), takes the choices it means with :func:`act`, and compares
:func:`board` with the position the reference's words give, worked out by hand.
"""

from __future__ import annotations

from typing import Any

import explorer
from explorer.engine import Action, Decision, Game
from explorer.games.riftforce.position import position

GUILDS = [["Fire", "Water", "Air", "Earth"], ["Light", "Ice", "Plant", "Crystal"]]
"""Player 1's and Player 2's guilds unless a test says otherwise."""

EMPTY = [[[], []] for _ in range(5)]


def scenario(board: dict[int, tuple[list[str], list[str]]] | None = None, *,
             hands: list[list[str]] | None = None, guilds: list[list[str]] | None = None,
             first: int = 0, active: int = 0, riftforce: list[int] | None = None,
             seed: int = 0, **extra: Any) -> Game:
    """A game at a position: ``board`` maps a location (1 to 5, as printed) to its two
    columns (Player 1's, Player 2's), first enemy first."""
    rows = [[list(a), list(b)] for a, b in EMPTY]
    for location, (mine, theirs) in (board or {}).items():
        rows[location - 1] = [list(mine), list(theirs)]
    return explorer.new_game("riftforce", players=2, seed=seed, scenario={
        "guilds": guilds or GUILDS, "first": first, "active": active,
        "riftforce": riftforce or [0, 0], "hands": hands or [[], []], "board": rows,
        **extra})


def act(game: Game, name: str, *args: Any) -> Action:
    """Take the legal action named ``name`` with ``args`` (exactly as the rules offer it)."""
    pending = game.pending
    assert isinstance(pending, Decision), f"expected a decision at {game.phase}"
    wanted = Action(name, tuple(args))
    assert wanted in pending.actions, (
        f"{name}{args} is not offered: {[(a.name, a.args) for a in pending.actions]}")
    game.step(wanted)
    return pending.actions[pending.actions.index(wanted)]


def offers(game: Game) -> list[tuple[str, tuple[Any, ...]]]:
    """The legal actions now as (name, args)."""
    return [(a.name, a.args) for a in game.legal_actions()]


def activate(game: Game, discard: str, *elementals: tuple[int, int]) -> None:
    """The Activate action: discard ``discard``, then activate each (location 1-5, index)
    given; stops there if choices remain open."""
    act(game, "activate")
    act(game, "discard", discard)
    for location, index in elementals:
        act(game, "elemental", location - 1, index)


def board(game: Game, location: int) -> list[list[str]]:
    """The two columns at ``location`` (1 to 5) as the read-out writes them."""
    return position(game)["board"][location - 1]


def riftforce(game: Game) -> list[int]:
    return position(game)["riftforce"]
