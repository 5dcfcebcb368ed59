"""The state of a Rifts Adventures game: decks, parties, and the combat under way.

Plain mutable dataclasses, changed only by the rules' procedure. A card is named by its deck and
name (``("Magic", "Fly")``), since the Magic and Psionic decks share names such as Impervious.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from explorer.engine import GameState

CardRef = tuple[str, str]


@dataclass(slots=True)
class Deck:
    """A draw pile of unknown order (each draw is a chance event over what is left), the cards
    known to be on top (in order, each with how it became known: ``known`` pairs with ``top``,
    "Scrying" or "the scenario") and the discard pile."""

    pile: dict[str, int]
    top: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    known: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(self.pile.values()) + len(self.top)


@dataclass(slots=True)
class Held:
    """An Aid card attached to a Character: damaged cards give nothing until repaired;
    ``uses`` counts down limited uses (None: unlimited)."""

    deck: str
    name: str
    damaged: bool = False
    uses: int | None = None

    @property
    def ref(self) -> CardRef:
        return self.deck, self.name

    def __str__(self) -> str:
        return self.name + (" (damaged)" if self.damaged else "")


@dataclass(slots=True)
class Member:
    """A Character in a party: wounds 0-3, Experience Tokens, attached cards.

    ``away`` counts the party's turns a Separated Character is still lost for;
    ``crazy`` is the permanent Crazy of Screw Loose; ``ley_lines`` is the party turn of the
    Character's Ley Lines roll and the Force it gave for that turn (ruling rifts-89).
    """

    name: str
    wounds: int = 0
    experience: int = 0
    attached: list[Held] = field(default_factory=list)
    crazy: bool = False
    away: int = 0
    ley_lines: tuple[int, int] | None = None

    def __str__(self) -> str:
        return self.name


@dataclass(slots=True)
class Bonus:
    """A roll modifier a party carries until it is spent or expires.

    ``rolls``: the rolls it applies to (empty: every roll the party makes for itself);
    ``choice``: spent on a roll of the player's choice ("a Future roll of your Choice");
    ``once``: spent by the first roll it applies to; ``location``: only rolls made there;
    ``until_turn``: expires after the party's turn of that number.
    """

    amount: int
    reason: str
    rolls: tuple[str, ...] = ()
    choice: bool = False
    once: bool = False
    location: str | None = None
    until_turn: int | None = None


@dataclass(slots=True)
class Party:
    """One player's adventuring party and everything the player holds."""

    members: list[Member] = field(default_factory=list)
    hand: list[Held] = field(default_factory=list)  # held, not attached
    location: str | None = None
    at: int = 0
    turn: int = 0
    next_turn: str | None = None  # "Travel" or "Destination": where next turn must start
    bonuses: list[Bonus] = field(default_factory=list)
    ignore_foes: bool = False  # Study Maps
    supplied: tuple[str, int] | None = None  # (location, party turn) of the last Resupply
    hostile: list[str] = field(default_factory=list)  # Hostile Natives: no Resupply there

    def present(self) -> list[Member]:
        """Members with the party now (not lost by Separated)."""
        return [m for m in self.members if not m.away]


@dataclass(slots=True)
class Token:
    """One Token of a Foe in combat."""

    force: int
    start: int
    cards: list[CardRef] = field(default_factory=list)
    bonus: int = 0  # Force from Breath/Drugs rolled this round
    immobilized: int = 0  # Foe Attack Segments it sits out (Immobilize, ruling rifts-72)
    no_attack: bool = False  # this round (Chaos 3-4)
    for_party: bool = False  # this round (Chaos 5-6, Control)

    @property
    def alive(self) -> bool:
        return self.force > 0


@dataclass(slots=True)
class Fighter:
    """A Character's state in the combat under way."""

    immobile: int = 0  # rounds it cannot act; -1: the rest of the combat (Captured)
    force_bonus: int = 0  # Berserk (rest of combat), Ley Lines (the turn, from Member)
    drugs: int = 0  # the Drugs die, rolled at the start of combat
    crazy: bool = False  # Mad (rest of combat)
    fewer_attacks: int = 0  # Out of Ammo (next round)
    confused: bool = False  # attacks its own party next round
    pending: list[str] = field(default_factory=list)  # next-round effects to start
    weapon_uses: dict[str, int] = field(default_factory=dict)
    ready: list[CardRef] = field(default_factory=list)  # Magic/Psionic cards in use (Use Roll made)
    used: list[CardRef] = field(default_factory=list)  # ... of which used up (5+): gone at the end
    psychic: dict[str, str] = field(default_factory=dict)  # Major card -> ability chosen


@dataclass(slots=True)
class Combat:
    """The fight under way: one Foe card and its Tokens against one party."""

    seat: int
    foe: str
    tokens: list[Token]
    round: int = 0
    foes_first: bool = False  # Ambushed: they attack first every round
    first_round_force: int = 0  # Surprise Foes
    destroyed_this_round: int = 0
    morale_modifier: int = 0  # Show Fear, this round
    fighters: dict[int, Fighter] = field(default_factory=dict)  # member index -> state
    used_actions: list[str] = field(default_factory=list)  # ability sources used this round

    def living(self) -> list[int]:
        return [i for i, t in enumerate(self.tokens) if t.force > 0]  # Token.alive

    def any_living(self) -> bool:
        """Whether a Token is still alive (``bool(living())``, without the list)."""
        for token in self.tokens:
            if token.force > 0:
                return True
        return False


class RiftsState(GameState):
    """Everything in a game of Rifts Adventures."""

    def __init__(self, players: int, decks: dict[str, Deck]) -> None:
        super().__init__(players)
        self.decks = decks
        self.parties = [Party() for _ in range(players)]
        self.order: list[int] = list(range(players))  # seats in turn order, first first
        self.active: int | None = None
        self.round = 0  # completed rounds of turns
        self.combat: Combat | None = None
        self.revealed: list[CardRef] = []  # drawn, not yet placed (in the player's hand of fate)
        self.winner: int | None = None
        self._data = None  # the RiftsData the game plays with (not state: never changes)
        self._start: dict | None = None  # where a scenario starts (None: at setup)
