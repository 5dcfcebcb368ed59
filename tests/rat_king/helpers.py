"""Helpers for Rat-King scenario tests: build a position, act by the actions' names and
arguments, force dice and draws, read the position back.

A test builds a game at a position with :func:`scenario` (the read-out's keys, with defaults
for the ones it does not care about), takes the choices it means with :func:`act`, forces the
chance steps with :func:`roll` and :func:`draws`, and compares :func:`groups` (or the whole
read-out) with the position the rulebook's words give, worked out by hand.
"""

from __future__ import annotations

from typing import Any

import explorer
from explorer.engine import Action, Chance, Decision, Game, Outcome
from explorer.engine.core import CARD_OUTCOMES
from explorer.games.rat_king.position import position


def char(name: str, *stuff: str | tuple[str, bool], flipped: bool = False,
         events: tuple[str, ...] = (), reinforcement: bool = False) -> dict[str, Any]:
    """A character entry as the read-out writes it; a STUFF is a name or (name, flipped)."""
    return {"name": name, "flipped": flipped, "reinforcement": reinforcement,
            "stuff": [{"name": s, "flipped": False} if isinstance(s, str)
                      else {"name": s[0], "flipped": s[1]} for s in stuff],
            "events": list(events)}


def scenario(*groups: list[dict[str, Any]], hands: list[list[str]] | None = None,
             active: int = 0, seed: int = 0, options: dict[str, Any] | None = None,
             **extra: Any) -> Game:
    """A game at a position: one group per player (its characters, ME card included), with
    the game ``options`` (such as ``genders``)."""
    players = len(groups)
    return explorer.new_game("rat_king", players=players, seed=seed, options=options, scenario={
        "active": active, "hands": hands or [[] for _ in range(players)],
        "groups": [list(g) for g in groups], **extra})


def act(game: Game, name: str, *args: Any) -> Action:
    """Take the legal action named ``name`` with ``args`` (exactly as the rules offer it)."""
    pending = game.pending
    assert isinstance(pending, Decision), (
        f"expected a decision at {game.phase}, found {getattr(pending, 'label', pending)!r}")
    wanted = Action(name, tuple(args))
    assert wanted in pending.actions, (
        f"{name}{args} is not offered: {[(a.name, a.args) for a in pending.actions]}")
    game.step(wanted)
    return pending.actions[pending.actions.index(wanted)]


def offers(game: Game) -> list[tuple[str, tuple[Any, ...]]]:
    """The legal actions now as (name, args)."""
    return [(a.name, a.args) for a in game.legal_actions()]


def texts(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def roll(game: Game, *values: int) -> None:
    """Force the pending dice, one value per chance step."""
    for value in values:
        pending = game.pending
        assert isinstance(pending, Chance), f"expected a roll at {game.phase}"
        game.step(Outcome("roll", (value,)))


def draws(game: Game, *names: str) -> None:
    """Force the pending draws, one card per chance step."""
    for name in names:
        assert isinstance(game.pending, Chance), f"expected a draw at {game.phase}"
        game.step(CARD_OUTCOMES[name])


def turn_to_action(game: Game, *names: str) -> None:
    """At the start of a turn: force the draw-up (``names``), then be at the action choice."""
    draws(game, *names)
    assert game.phase == "turn", game.phase


def groups(game: Game) -> list[list[dict[str, Any]]]:
    return position(game)["groups"]


def group(game: Game, seat: int) -> list[tuple[Any, ...]]:
    """A group in short: (name, flipped) per character, with its STUFF (name, flipped) and
    EVENTS after, when it has any."""
    found = []
    for c in position(game)["groups"][seat]:
        entry: tuple[Any, ...] = (c["name"], c["flipped"])
        if c["stuff"]:
            entry += (tuple((s["name"], s["flipped"]) for s in c["stuff"]),)
        if c["events"]:
            entry += (tuple(c["events"]),)
        found.append(entry)
    return found


def discard(game: Game) -> list[str]:
    return position(game)["discard"]


def ap(game: Game) -> list[int]:
    return position(game)["ap"]


def logged(game: Game, text: str) -> bool:
    return any(text in e.text for e in game.log)


def log_lines(game: Game, text: str) -> list[str]:
    return [e.text for e in game.log if text in e.text]


def data():
    from explorer.games.rat_king.data import rat_king_data

    return rat_king_data()


def others(*used: str) -> list[str]:
    """Every non-ME card of the set (with copies) except those in ``used`` (one copy each):
    to put the rest somewhere and leave the draw pile known."""
    pool = dict(data().deck())
    for name in used:
        pool[name] -= 1
    return [name for name, copies in pool.items() for _ in range(copies)]


FILLER = ["Narrow Passage", "Echoing Darkness", "Cave-In", "Lost in the Sewers", "Wererat",
          "Slippery Slime", "Ratling Pickpockets", "Rat-King's Guard", "Rat-Queen's Lullaby",
          "Ratling Ambush", "Squeeker and the Ratlings", "Ratling Swarm", "Ratling Swarm"]
"""ENCOUNTERS, which no regular turn can play: hand filler that offers no other action."""


def full(hand: list[str], size: int = 5, skip: int = 0) -> list[str]:
    """``hand`` filled up to ``size`` cards with ENCOUNTERS (from the ``skip``-th filler on), so
    the turn's draw draws nothing and no other action is offered."""
    filler = [f for f in FILLER[skip:] if f not in hand]
    return list(hand) + filler[:max(0, size - len(hand))]


def cp_of(game: Game, seat: int, index: int) -> int:
    """A character's CP now: its ADVENTURE total during a round, else its own CP."""
    from explorer.games.rat_king.common import Ctx

    ctx = Ctx(game.state, game.state._data)
    character = game.state.groups[seat][index]
    if game.state.round is not None:
        return ctx.character_cp(seat, character)
    return ctx.base_cp(character)
