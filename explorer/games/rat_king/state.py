"""The state of a game of Lair of the Rat-King: the hands, the draw pile, the discard pile, each
player's group of characters (with their STUFF and EVENTS), the EVENTS on groups, the
ADVENTURES won, the cards set aside, and an ADVENTURE ROUND while one is under way.

A game has one draw pile and one discard pile (``pile`` and ``discard``), except On the
Borderlands, where each player has his own set's (``piles`` and ``discards``, one per seat;
``pile`` and ``discard`` are then the first player's; ruling rk-47).

Plain mutable objects, changed only by the rules' procedure. A card in a hand or a pile is its
name; a character in play is a :class:`Character`, carrying its STUFF (each a :class:`Gear`
with its own flipped side) and its EVENTS (names: an EVENT on a character is never flipped on
its own; a REPUTATION shows the side its character shows, ruling rk-25).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from explorer.engine import GameState


@dataclass(slots=True, eq=False)
class Gear:
    """A STUFF card in play on a character. Compared by identity."""

    name: str
    flipped: bool = False
    uid: int = 0


@dataclass(slots=True, eq=False)
class Character:
    """A CHARACTER (or ME) card in a group: flipped or not, a REINFORCEMENT or not, its STUFF
    and its EVENTS. Compared by identity; ``uid`` names it while it stays in play (this
    Adventure's modifiers point at it by ``uid``)."""

    name: str
    flipped: bool = False
    reinforcement: bool = False
    stuff: list[Gear] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    uid: int = 0


@dataclass(slots=True)
class Pile:
    """The face-down draw pile: its composition (card name -> copies; order unknown, so each
    draw is a chance event over it) and cards known on top, in order (a scenario's)."""

    cards: dict[str, int] = field(default_factory=dict)
    top: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        """The cards left to draw."""
        return sum(self.cards.values()) + len(self.top)

    def contents(self) -> dict[str, int]:
        """Every card left to draw, known or not: name -> copies."""
        found = dict(self.cards)
        for name in self.top:
            found[name] = found.get(name, 0) + 1
        return found

    def add(self, names: list[str]) -> None:
        """Shuffle cards in (the composition grows; the order stays unknown)."""
        for name in names:
            self.cards[name] = self.cards.get(name, 0) + 1


@dataclass(slots=True)
class Modifier:
    """A modifier in force for the rest of the ADVENTURE (from an ENCOUNTER or a STUFF DIE).

    ``kind`` is the effect's name: ``cp`` (``amount`` CP), ``negate_cp`` (the CP total counts
    negative, ruling rk-14), ``not_participating``, ``no_stuff`` (of ``stuff_range``) or
    ``no_reinforcements``. It applies to one character (``character``: its uid), one group
    (``group``: a seat), or ``every`` character or group (``gender``: only M or F ones).
    ``ratling``: it comes from a Ratling card, so it does not affect what is immune to
    Ratlings (ruling rk-39). ``source``: the card it comes from."""

    kind: str
    source: str
    amount: int = 0
    character: int | None = None
    group: int | None = None
    every: str | None = None
    gender: str | None = None
    stuff_range: str | None = None
    ratling: bool = False


@dataclass(slots=True)
class Round:
    """The ADVENTURE ROUND under way: the ADVENTURE card, who played it, the Effect
    ENCOUNTERS in play, the modifiers in force, the STUFF whose die was rolled (by uid), the
    seats that passed since the last action, each group's ADVENTURE DIE and total once rolled,
    and whether the ADVENTURE card has been won or discarded (``settled``)."""

    adventure: str
    by: int
    encounters: list[str] = field(default_factory=list)
    modifiers: list[Modifier] = field(default_factory=list)
    used: list[int] = field(default_factory=list)
    passed: list[int] = field(default_factory=list)
    rolls: list[int | None] = field(default_factory=list)
    totals: list[int | None] = field(default_factory=list)
    settled: bool = False


class RatKingState(GameState):
    """Everything in a game of Lair of the Rat-King."""

    def __init__(self, players: int, decks: int = 1) -> None:
        super().__init__(players)
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.piles: list[Pile] = [Pile() for _ in range(decks)]
        self.discards: list[list[str]] = [[] for _ in range(decks)]
        self.groups: list[list[Character]] = [[] for _ in range(players)]
        self.group_events: list[list[str]] = [[] for _ in range(players)]
        self.adventures_won: list[list[str]] = [[] for _ in range(players)]
        self.set_aside: list[str] = []
        self.resolving: list[str] = []  # a card played whose effects are being resolved
        self.round: Round | None = None
        self.last_adventure: dict[str, Any] | None = None  # the last ADVENTURE's result
        self.dealer: int | None = None
        self.active: int | None = None
        self.turns = 0  # turns begun
        self.passes = 0  # turns in a row without an action (ruling rk-35)
        self.winners: list[int] = []
        self.genders: list[str | None] = [None] * players  # each player's, "F" or "M" (rk-53)
        self.uids = 0  # cards put into play so far (each gets the next uid)
        self._data: Any = None  # the RatKingData the game plays with (not state)
        self._start: str | None = None  # where a scenario starts (None: at setup)

    @property
    def pile(self) -> Pile:
        """The draw pile (On the Borderlands: the first player's)."""
        return self.piles[0]

    @property
    def discard(self) -> list[str]:
        """The discard pile (On the Borderlands: the first player's)."""
        return self.discards[0]

    @discard.setter
    def discard(self, cards: list[str]) -> None:
        self.discards[0] = cards

    def characters(self) -> list[tuple[int, Character]]:
        """Every character in play with the seat of its group, seat by seat."""
        return [(seat, c) for seat, group in enumerate(self.groups) for c in group]

    def seat_of(self, character: Character) -> int:
        """The seat whose group holds ``character``."""
        for seat, group in enumerate(self.groups):
            for other in group:
                if other is character:
                    return seat
        raise LookupError(f"{character.name} is not in play")

    def find(self, uid: int) -> tuple[int, Character] | None:
        """The character in play with ``uid`` and its seat, or None (it has left play)."""
        for seat, group in enumerate(self.groups):
            for character in group:
                if character.uid == uid:
                    return seat, character
        return None
