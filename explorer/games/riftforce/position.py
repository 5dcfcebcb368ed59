"""What a Riftforce table shows: :func:`position`, plain data a view draws from.

The read-out pinned by issue #12 (keep it exact)::

    {"guilds": [[4 names], [4 names]] (empty lists before the selection ends),
     "first": seat with the start marker, "active": seat to act, "riftforce": [int, int],
     "hands": [[card, ...], [card, ...]], "decks": [int, int] (draw-pile sizes),
     "discards": [[card, ...], [card, ...]],
     "board": [[column of seat 0, column of seat 1] for each of the 5 locations]}

A column lists its elementals from the location outward (first enemy first); a card is written
"Fire 5", or "Fire 5/2" with 2 damage on it. With a seat, the read-out is what that seat sees:
the other hand as a count, and the discard piles as counts (they may not be looked through,
ruling rf-18; ``discard_tops`` shows the card on top of each). It also holds the keys every
game's position has (:mod:`explorer.engine.position`, with ``decks`` as above), and
``locations`` (their names), ``control`` (the seat controlling each location, or None),
``selection`` (the guild selection: the summoners face up, the picks, and the summoner each
player drew, his own only) and ``to_win`` (the Riftforce that ends the game).
"""

from __future__ import annotations

from typing import Any

from explorer.engine import Game
from explorer.engine import position as shared
from explorer.games.riftforce.state import Elemental, RiftforceState

PHASES = {
    "scenario": "Scenario",
    "selection": "Guild Selection",
    "selection.toss": "Guild Selection: the Start Marker",
    "selection.picks": "Guild Selection: Picks",
    "setup": "Setup",
    "turn": "Choose an Action",
    "play": "Play",
    "activate": "Activate",
    "check": "Check & Draw",
    "check.draw": "Check & Draw: Drawing",
    "over": "Game Over",
}
"""Every phase in people's words (reference: Guild selection, Setup, A turn)."""


def phase_name(phase_id: str) -> str | None:
    """The phase in words ("Activate: Water"); None for a phase id it does not know."""
    if phase_id.startswith("activate."):
        return f"Activate: {phase_id.partition('.')[2].title()}"
    return PHASES.get(phase_id)


def card(elemental: Elemental) -> str:
    """"Fire 5", or "Fire 5/2" with 2 damage on it."""
    return str(elemental)


def position(game: Game, seat: int | None = None) -> dict[str, Any]:
    """The Riftforce position as plain data: the whole of it (``seat=None``) or what ``seat``
    sees (the other hand and both discard piles as counts, the other's summoner drawn at
    random hidden until the selection ends).

    Raises :class:`~explorer.errors.IllegalAction` for a seat that is not None, 0 or 1.
    """
    game = shared.check_game(game, "riftforce")
    viewer = shared.check_seat(game, seat)
    state: RiftforceState = game.state
    active = None if game.is_over else state.active
    scores = game.scores
    done = state.draft.done
    sides = state.sides
    return {
        **shared.frame(
            game, viewer, phase_entry=shared.phase(game.phase, phase_name(game.phase)),
            active=active, turn=state.turns, decks=[],
            seats=[_seat(game, number, viewer, active, scores[number], state)
                   for number in range(game.players)]),
        "guilds": [list(side.guilds) if done else [] for side in sides],
        "first": state.first,
        "riftforce": [side.riftforce for side in sides],
        "hands": [list(side.hand) if shared.sees(viewer, number) else len(side.hand)
                  for number, side in enumerate(sides)],
        "decks": [side.pile.size for side in sides],
        "discards": [list(side.discard) if viewer is None else len(side.discard)
                     for side in sides],
        "discard_tops": [side.discard[-1] if side.discard else None for side in sides],
        "board": [[[card(e) for e in column] for column in location]
                  for location in state.board],
        "locations": list(state._data.locations),
        "control": [next((s for s in range(game.players) if state.controls(s, location)),
                         None) for location in range(len(state.board))],
        "selection": _selection(state, viewer),
        "to_win": state._data.constants["victory_riftforce"],
    }


def _seat(game: Game, number: int, viewer: int | None, active: int | None, score: int,
          state: RiftforceState) -> dict[str, Any]:
    """A seat's common keys (its hand as card entries a view draws), and its guilds, draw
    pile and discard pile sizes."""
    side = state.sides[number]
    hand = [{"name": name, "table": "elementals"} for name in side.hand]
    return {**shared.seat(game, number, viewer, active, score, hand),
            "guilds": list(side.guilds) if state.draft.done else [],
            "deck": side.pile.size, "discard": len(side.discard),
            "discard_top": side.discard[-1] if side.discard else None,
            "first": state.first == number}


def _selection(state: RiftforceState, viewer: int | None) -> dict[str, Any]:
    draft = state.draft
    return {
        "done": draft.done,
        "face_up": list(draft.face_up),
        "picks": [[seat, name] for seat, name in draft.picks],
        "drawn": [name if shared.sees(viewer, seat) or draft.done else None
                  for seat, name in enumerate(draft.drawn)],
        "aside": draft.aside if viewer is None else None,
        "last": draft.last,
    }
