"""What every game's ``position(game, seat=None)`` shares: the checks of the seat asked for, the
keys every position has, a seat's common keys and the hiding of what a viewer may not see.

A position is plain data (text, numbers, booleans, None, lists and objects with text keys) that
a table view draws from. With ``seat=None`` it is the whole position, every hand face up; with
a seat it is what that seat can see: other seats' hands are counts only. Every game's position
holds these keys::

    {"game", "title", "players", "step", "viewer", "phase": {"id", "name"}, "active",
     "to_act", "turn", "over", "winners", "scores", "decks": [...], "seats": [...]}

and adds its own (each game's ``position`` module says which).
"""

from __future__ import annotations

from typing import Any

from explorer.engine.core import Game
from explorer.errors import IllegalAction

Card = dict[str, Any]
"""A card as a view draws it: at least ``name`` and ``table`` (its card table in data/<game>/),
plus what is on it now (damaged, uses left, damage counters...)."""

Hidden = dict[str, Any]
"""Cards a viewer may not see: ``{"count": n, "cards": [...] | None}`` (None: hidden)."""


def check_game(game: object, game_id: str) -> Game:
    """``game`` as a :class:`Game` of ``game_id``; anything else is refused."""
    if not isinstance(game, Game):
        raise IllegalAction(f"position needs a game ({game_id}); found {game!r}")
    if game.game_id != game_id:
        raise IllegalAction(f"this position is for {game_id} games; found a {game.game_id} game")
    return game


def check_seat(game: Game, seat: object) -> int | None:
    """``seat`` as a seat number of ``game`` (0 to players - 1) or None (the whole position);
    a bool, any other type or a number out of range is refused, naming the value and range."""
    if seat is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise IllegalAction(f"seat must be None (the whole position) or a seat number from 0 to "
                            f"{game.players - 1}; found {seat!r}")
    return seat


def sees(viewer: int | None, seat: int | None) -> bool:
    """Whether ``viewer`` (None: the whole position) sees what only ``seat`` sees."""
    return viewer is None or viewer == seat


def hidden(cards: list[Card], shown: bool) -> Hidden:
    """A pile a viewer sees face up (``shown``) or only counts."""
    return {"count": len(cards), "cards": list(cards) if shown else None}


def words(phase_id: str) -> str:
    """A phase id in words, for a phase no game names yet: "action.foo bar" is
    "Action: Foo bar"."""
    return ": ".join(part[:1].upper() + part[1:] for part in phase_id.split(".") if part)


def phase(phase_id: str, name: str | None) -> dict[str, str]:
    """The ``phase`` entry: the dotted id (for code) and its name in people's words (for the
    view; a phase the game does not name gets :func:`words`)."""
    return {"id": phase_id, "name": name if name is not None else words(phase_id)}


def deck(name: str, size: int, discard: int, discard_top: Card | None,
         known_top: list[Card] | None) -> dict[str, Any]:
    """One deck: its name, the cards left to draw, the discard pile's size and top card, and
    the cards known on top (None: not shown to this viewer)."""
    return {"name": name, "size": size, "discard": discard, "discard_top": discard_top,
            "known_top": None if known_top is None else list(known_top)}


def seat(game: Game, number: int, viewer: int | None, active: int | None, score: int,
         hand: list[Card]) -> dict[str, Any]:
    """A seat's common keys: its number and name, score, whether it is the active seat, and its
    hand (face up for the seat itself and in the whole position, else a count)."""
    return {"seat": number, "name": f"Player {number + 1}", "score": score,
            "active": number == active, "hand": hidden(hand, sees(viewer, number))}


def frame(game: Game, viewer: int | None, *, phase_entry: dict[str, str], active: int | None,
          turn: int, decks: list[dict[str, Any]], seats: list[dict[str, Any]]) -> dict[str, Any]:
    """The keys every game's position has, in the contract's order."""
    return {
        "game": game.game_id, "title": game.rules.title, "players": game.players,
        "step": game.steps, "viewer": viewer, "phase": phase_entry, "active": active,
        "to_act": game.current_player, "turn": turn, "over": game.is_over,
        "winners": list(game.winners), "scores": list(game.scores), "decks": decks,
        "seats": seats,
    }
