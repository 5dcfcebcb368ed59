"""The state of a Gamma World game: the shared deck, each Enclave, and the battle under way.

Plain mutable dataclasses, changed only by the rules' procedure. Cards are named by their
names (unique in the shared deck); followers are tokens numbered in the order they are
recruited.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from explorer.engine import GameState

PSH, MUTANT_HUMAN, MUTANT_ANIMAL = "Pure Strain Human", "Mutant Human", "Mutant Animal"
KINDS = (PSH, MUTANT_HUMAN, MUTANT_ANIMAL)


@dataclass(slots=True, eq=False)
class Attached:
    """A card attached to a follower: damage counters (armor, steeds) and uses left (a "One
    Use Only" weapon; None: no limit). Each is itself (compared by identity): two copies of a
    card are two cards, and the AP one gives is its own (ruling gw-47)."""

    name: str
    damage: int = 0
    uses: int | None = None

    def __str__(self) -> str:
        return self.name + (f" ({self.damage} damage)" if self.damage else "")


@dataclass(slots=True)
class Follower:
    """A follower token: its number, kind, damage counters and attached cards."""

    number: int
    kind: str = PSH
    damage: int = 0
    cards: list[Attached] = field(default_factory=list)

    def __str__(self) -> str:
        return f"Follower {self.number}"


@dataclass(slots=True)
class Enclave:
    """One player's Enclave: the hand, the followers in play, the locations controlled."""

    hand: list[str] = field(default_factory=list)
    followers: list[Follower] = field(default_factory=list)
    locations: list[str] = field(default_factory=list)


@dataclass(slots=True)
class ApToken:
    """One Action Point of the turn, with where it comes from and what it may pay for.

    ``action`` and ``card_type`` restrict it ("AP +1 to play Weapon cards only", ruling gw-11);
    ``follower`` is the follower carrying the card that gives it and ``card`` that very card
    (None: the base AP or a location): the AP leaves play with it (ruling gw-47).
    """

    source: str
    action: str | None = None
    card_type: str | None = None
    follower: int | None = None
    card: Attached | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        if self.action is None:
            return self.source
        what = f"{self.action} ({self.card_type})" if self.card_type else self.action
        return f"{self.source}: {what} only"


@dataclass(slots=True)
class Battle:
    """A battle under way: the attacker's followers against a Foe's Threat (an attack on a
    location) or against the defender's followers (Encroach)."""

    attacker: int
    location: str
    foe: str | None = None
    threat: int = 0
    defender: int | None = None  # Encroach: the location's controller, if he defends
    rounds: int = 0
    robot: bool = False


class GammaState(GameState):
    """Everything in a game of Gamma World."""

    def __init__(self, players: int, deck: dict[str, int]) -> None:
        super().__init__(players)
        self.deck = deck  # the draw pile of unknown order: name -> copies
        self.top: list[str] = []  # cards known to be on top of the deck, in order (Precognition)
        self.discard: list[str] = []
        self.enclaves = [Enclave() for _ in range(players)]
        self.active = 0
        self.turn = 0  # turns begun
        self.ap: list[ApToken] = []  # the active player's Action Points left this turn
        self.spent: list[str] = []  # locations whose one-time power is used (ruling gw-10)
        self.battle: Battle | None = None
        self.limbo: list[str] = []  # cards drawn or played, not yet in their place
        self.next_follower = 1
        self.over = False
        self._data = None  # the GammaData the game plays with (not state: never changes)
        self._start: str | None = None  # where a scenario starts (None: the first turn)

    @property
    def deck_size(self) -> int:
        return sum(self.deck.values()) + len(self.top)
