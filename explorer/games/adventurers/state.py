"""The state of an Adventurers game: the common deck, each adventurer's hand, chain of Travel
and Location cards and the Encounter in front of him.

Plain mutable dataclasses, changed only by the rules' procedure. Cards are named by their name
(every card of the deck is unique, seed lines 85-200).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from explorer.engine import GameState


@dataclass(slots=True)
class Deck:
    """The common deck (DECK, line 7): a draw pile of unknown order (each draw is a chance event
    over what is left), the cards known to be on top (looked at, in order) and the discard
    pile."""

    pile: dict[str, int]
    top: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        """Cards left to draw (known on top or not)."""
        return sum(self.pile.values()) + len(self.top)


@dataclass(slots=True)
class Facing:
    """An unresolved Encounter card in front of an adventurer: who played it, and the Weapon
    card attached to it (line 67), if any."""

    card: str
    by: int
    weapon: str | None = None


@dataclass(slots=True)
class Adventurer:
    """One player: the profession, the hand, the chain of Travel and Location cards played face
    up (first played first; the last is the top card, line 57) and the Encounter faced."""

    profession: str | None = None
    hand: list[str] = field(default_factory=list)
    chain: list[str] = field(default_factory=list)
    locations: int = 0  # Location cards in the chain: locations visited (ruling adv-22)
    visited_at: int = 0  # the turn (state.turns) he played his last Location card in
    encounter: Facing | None = None

    @property
    def top(self) -> str | None:
        """The top Travel or Location card face up, or None before the first."""
        return self.chain[-1] if self.chain else None


class AdventurersState(GameState):
    """Everything in a game of Adventurers."""

    def __init__(self, players: int, deck: Deck) -> None:
        super().__init__(players)
        self.deck = deck
        self.adventurers = [Adventurer() for _ in range(players)]
        self.order: list[int] = list(range(players))  # seats in turn order, first first
        self.active: int | None = None
        self.turns = 0  # turns begun
        self.plays: list[str] = []  # cards the active player has played this turn
        self.in_play: list[str] = []  # cards played to the roll under way (discarded after)
        self.winners: list[int] = []
        self._data = None  # the AdventurersData the game plays with (not state: never changes)
        self._start: str | None = None  # where a scenario starts (None: at setup)
