"""The state of a Riftforce game: the guild selection, each player's hand, draw pile and discard
pile, the Riftforce track and the Rift, five locations with a column of elementals on each side.

Plain mutable objects, changed only by the rules' procedure. A card in a hand, a pile or a
discard pile is its name ("Fire 5"); a card in play is an :class:`Elemental`, which carries its
damage. A column lists its elementals from the location outward: ``column[0]`` is the first
(closest to the location card, placed earliest), ``column[-1]`` the last.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from explorer.engine import GameState


@dataclass(slots=True, eq=False)
class Elemental:
    """An elemental in play: its guild, value (its life, ruling rf-4), owner and damage.

    Compared by identity: two "Fire 5" cards in play are two cards."""

    guild: str
    value: int
    owner: int
    damage: int = 0
    uid: int = 0  # which card it is, for as long as it stays in play
    place: int = -1  # the location it is at (-1: not in play)

    @property
    def name(self) -> str:
        return f"{self.guild} {self.value}"

    def __str__(self) -> str:
        return self.name + (f"/{self.damage}" if self.damage else "")


@dataclass(slots=True)
class Pile:
    """A player's face-down draw pile: its composition (card name -> copies; order unknown, so
    each draw is a chance event over it) and cards known on top, in order (a scenario's)."""

    cards: dict[str, int]
    top: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(self.cards.values()) + len(self.top)

    def contents(self) -> dict[str, int]:
        """Every card left to draw, known or not: name -> copies."""
        found = dict(self.cards)
        for name in self.top:
            found[name] = found.get(name, 0) + 1
        return found


@dataclass(slots=True)
class Player:
    """One side of the Rift: the guilds, the hand, the draw and discard piles, the score."""

    guilds: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    pile: Pile = field(default_factory=lambda: Pile({}))
    discard: list[str] = field(default_factory=list)
    riftforce: int = 0


@dataclass(slots=True)
class Draft:
    """The guild selection under way: the summoner set aside unseen, each player's summoner
    drawn at random (seen only by him until the selection ends), the ones face up, and the
    picks so far in order."""

    aside: str | None = None
    drawn: list[str | None] = field(default_factory=lambda: [None, None])
    face_up: list[str] = field(default_factory=list)
    picks: list[tuple[int, str]] = field(default_factory=list)
    last: str | None = None  # the summoner left over, set aside too
    done: bool = False


class RiftforceState(GameState):
    """Everything in a game of Riftforce."""

    def __init__(self, players: int, locations: int) -> None:
        super().__init__(players)
        self.sides = [Player() for _ in range(players)]
        self.board: list[list[list[Elemental]]] = [[[] for _ in range(players)]
                                                   for _ in range(locations)]
        self.draft = Draft()
        self.first: int | None = None  # the seat holding the start marker
        self.active: int | None = None
        self.turns = 0  # actions begun
        self.ending: str | None = None  # None, "last action", "tie" while the end rule runs
        self.winners: list[int] = []
        self.uids = 0  # elementals put into play so far (each gets the next uid)
        self.turn_gains: list[int] = [0, 0]  # Riftforce each side scored in this action
        self.turn_damage: list[int] = [0, 0]  # damage each side's elementals took in it
        self.turn_destroyed: list[int] = [0, 0]  # each side's elementals destroyed in it
        self._data = None  # the RiftforceData the game plays with (not state: never changes)
        self._start: str | None = None  # where a scenario starts (None: at the selection)
        self._guilds: list[list[str]] | None = None  # the option "guilds": no selection
        self._turn_start: RiftforceState | None = None  # a copy as the current turn began
        self._turn_choices: list[Any] = []  # the choices made in the current turn so far
        self._progress: tuple[Any, ...] | None = None  # where a Play or Activate is
        self._boundary: tuple[RiftforceState, int] | None = None  # a copy at the last one
        self._search = False  # a copy the best-action finder tries things on

    def clone(self) -> RiftforceState:
        """A copy to try things on (the best-action finder): every mutable part copied, the
        log started empty."""
        copy = RiftforceState.__new__(RiftforceState)
        copy.players, copy.phase, copy.log, copy.step = self.players, self.phase, [], self.step
        copy.sides = [Player(list(s.guilds), list(s.hand), Pile(dict(s.pile.cards),
                                                                list(s.pile.top)),
                             list(s.discard), s.riftforce) for s in self.sides]
        copy.board = [[[Elemental(e.guild, e.value, e.owner, e.damage, e.uid, e.place)
                        for e in column]
                       for column in location] for location in self.board]
        copy.draft = self.draft
        copy.first, copy.active, copy.turns = self.first, self.active, self.turns
        copy.ending, copy.winners, copy.uids = self.ending, list(self.winners), self.uids
        copy.turn_gains = list(self.turn_gains)
        copy.turn_damage = list(self.turn_damage)
        copy.turn_destroyed = list(self.turn_destroyed)
        copy._data, copy._start, copy._guilds = self._data, self._start, self._guilds
        copy._turn_start, copy._turn_choices, copy._progress = None, [], self._progress
        copy._boundary, copy._search = None, True
        return copy

    def at_boundary(self, progress: tuple[Any, ...]) -> None:
        """A Play or Activate is at its next card or elemental: keep where (and, in a real
        game, a copy, from which the best-action finder answers in mid-turn)."""
        self._progress = progress
        if not self._search:
            self._boundary = (self.clone(), len(self._turn_choices))

    def column(self, location: int, seat: int) -> list[Elemental]:
        return self.board[location][seat]

    def where(self, elemental: Elemental) -> tuple[int, int]:
        """(location, index in its owner's column) of an elemental in play."""
        location = elemental.place
        if location >= 0:
            for index, other in enumerate(self.board[location][elemental.owner]):
                if other is elemental:
                    return location, index
        raise LookupError(f"{elemental} is not in play")

    def controls(self, seat: int, location: int) -> bool:
        """At least one of ``seat``'s elementals there and no enemy (reference, C)."""
        sides = self.board[location]
        return bool(sides[seat]) and not any(
            column for other, column in enumerate(sides) if other != seat)
