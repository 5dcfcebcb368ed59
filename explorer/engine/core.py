"""The step-through engine every game runs on.

A game's rules are a *procedure*: a generator that plays the whole game over a mutable state,
yielding a :class:`Decision` whenever a player must choose and a :class:`Chance` whenever a die
is rolled or a card drawn, and receiving the chosen :class:`Action` or :class:`Outcome` back.
So the rules read in the seeds' order ("Survival Stage, then Encounter Stage, ...") and chance is
a player whose every node lists its exact outcomes.

:class:`Game` drives a procedure one step at a time and keeps the record of every input. The
record is the game: the same seed and the same inputs replay to the same state, so ``undo`` and
``load_game`` rebuild by replay, and the random generator's state comes back exactly (a sampled
outcome is sampled again, a forced "what if" outcome is not). A copy (``Game.at``, a world) and
an undo replay only the steps after the latest checkpoint, where the procedure marked it could
resume (:mod:`explorer.engine.checkpoints`).
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from bisect import bisect_right
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import MISSING, dataclass, field, fields
from fractions import Fraction
from itertools import accumulate
from time import perf_counter
from types import MemberDescriptorType
from typing import Any, ClassVar, TypeVar

from explorer.engine import checkpoints
from explorer.engine.checkpoints import Checkpoint, Marks
from explorer.errors import ExplorerError, IllegalAction, RunawayStep, SavedGameError

SAVE_FORMAT = "card-rules-explorer/game"
"""The ``format`` of every saved game (:meth:`Game.to_json`); a file without it is refused."""
SAVE_VERSION = 2
"""Version 2 adds a ``checksum`` of the save's content, so an edited or damaged save (steps
reordered, a number changed) is refused; version 1 saves (no checksum) still load."""
_SAVE_FIELDS = ("game", "players", "seed", "options", "scenario", "steps", "redo", "rng")

_Frozen = TypeVar("_Frozen", bound=type)


def quick_init(cls: _Frozen) -> _Frozen:
    """Class decorator, over ``@dataclass(frozen=True, slots=True)``: the same ``__init__``
    (parameters, defaults, ``__post_init__``), setting each slot through its descriptor instead
    of one ``object.__setattr__`` call per field, nearly twice as fast. The rules make these
    objects at every step (actions, log entries, chance nodes); they stay frozen."""
    params, body, env = [], [], {}
    for f in fields(cls):
        if not f.init:
            continue
        slot = cls.__dict__.get(f.name)
        if not isinstance(slot, MemberDescriptorType) or f.default_factory is not MISSING:
            raise TypeError(f"quick_init: {cls.__name__}.{f.name} is not a slot without a "
                            "default factory (@dataclass(frozen=True, slots=True) first)")
        env[f"_set_{f.name}"] = slot.__set__
        params.append(f.name if f.default is MISSING else f"{f.name}=_default_{f.name}")
        if f.default is not MISSING:
            env[f"_default_{f.name}"] = f.default
        body.append(f"    _set_{f.name}(self, {f.name})\n")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()\n")
    exec(f"def __init__(self, {', '.join(params)}):\n{''.join(body) or '    pass'}", env)
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[misc]
    return cls


@quick_init
@dataclass(frozen=True, slots=True)
class Action:
    """A player's choice: a ``name`` and arguments, with a readable ``text``.

    Two actions are equal when their names and arguments are; the text is for people. The log
    records a choice as "Player N: <text>", or as ``log`` when it is given: a whole sentence
    naming the player ("Player 1 chooses Player 3 to look at his hand"). ``hidden`` makes the
    choice private to its chooser (it names a card of his hand): the other seats read
    ``hidden`` instead ("" : nothing at all); None, the default, is a public choice.
    """

    name: str
    args: tuple[Any, ...] = ()
    text: str = field(default="", compare=False)
    log: str = field(default="", compare=False)
    hidden: str | None = field(default=None, compare=False)

    def __str__(self) -> str:
        if self.text:
            return self.text
        return " ".join([self.name, *map(str, self.args)])


@quick_init
@dataclass(frozen=True, slots=True)
class Outcome:
    """One outcome of a chance event (a die total, a drawn card...), with a readable text."""

    name: str
    args: tuple[Any, ...] = ()
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        if self.text:
            return self.text
        return " ".join([self.name, *map(str, self.args)])

    @property
    def value(self) -> Any:
        """The outcome's single argument (the rolled total, the card's name)."""
        return self.args[0] if len(self.args) == 1 else self.args


@quick_init
@dataclass(frozen=True, slots=True)
class Decision:
    """A pending choice of ``player`` among ``actions`` (never empty)."""

    player: int
    actions: tuple[Action, ...]
    prompt: str = ""


@quick_init
@dataclass(frozen=True, slots=True)
class Chance:
    """A pending chance event: ``outcomes`` with integer ``weights`` (exact odds w / sum).

    ``label`` says what is rolled or drawn ("Survival roll, 1D20 + 3, 16+ passes"); ``odds``
    carries whatever a view needs to explain it (the modifiers, the target), game-specific.
    ``seen_by``: the one seat that sees the outcome (a card drawn into a hand); the others read
    ``hidden`` in its place. None: everybody sees it.
    """

    outcomes: tuple[Outcome, ...]
    weights: tuple[int, ...]
    label: str = ""
    odds: Any = field(default=None, compare=False)
    seen_by: int | None = field(default=None, compare=False)
    hidden: str = field(default="a card", compare=False)
    cumulative: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.outcomes or len(self.outcomes) != len(self.weights):
            raise ValueError(f"chance {self.label!r}: outcomes and weights must pair up")
        if min(self.weights) <= 0:
            raise ValueError(f"chance {self.label!r}: every weight must be positive")
        _set_cumulative(self, tuple(accumulate(self.weights)))

    def probabilities(self) -> list[tuple[Outcome, Fraction]]:
        """Each outcome with its exact probability; they sum to 1."""
        total = sum(self.weights)
        return [(o, Fraction(w, total)) for o, w in zip(self.outcomes, self.weights, strict=True)]

    def sample_index(self, rng: random.Random) -> int:
        """Draw an outcome's index with ``rng``, by the exact weights."""
        if len(self.weights) == 1:
            return 0
        cumulative = self.cumulative
        return bisect_right(cumulative, randbelow(rng, cumulative[-1]))


_set_cumulative = Chance.__dict__["cumulative"].__set__


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n`` > 0: the same number, and the generator left in the same
    state. For a ``random.Random`` it is drawn here without randrange's two Python calls
    (randrange(n) is then _randbelow(n): ``getrandbits(n.bit_length())`` until below n);
    every step of a game samples one."""
    if n <= 0 or type(rng) is not random.Random:
        return rng.randrange(n)  # and its error for an empty range
    bits = n.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


class GameOver(Exception):
    """Raised inside a game's procedure when the game ends (each game's rules say when); its
    ``Rules.play`` catches it and the procedure returns."""


class _CardOutcomes(dict[str, Outcome]):
    """The chance outcome "this card is drawn", one object per card name, made once."""

    def __missing__(self, name: str) -> Outcome:
        outcome = self[name] = Outcome("card", (name,), name)
        return outcome


CARD_OUTCOMES = _CardOutcomes()
"""``CARD_OUTCOMES[name]``: the outcome of drawing the card ``name`` (shared by every game whose
cards are named uniquely)."""


Pending = Decision | Chance
"""What a game waits for: a person's or a bot's decision, or a chance step."""
Procedure = Generator[Pending, Any, None]
"""A game's rules as a generator: it yields each pending step and is sent its answer."""
Step = Generator[Any, Any, Any]
"""A piece of a procedure (``yield from`` it): yields Decisions and Chances, returns a value."""


FACT_KINDS = frozenset({
    "foe_defeated", "foe_routed", "escaped", "wiped_out", "location_visited",
    "location_captured", "adventure_won", "planes_merged", "points_scored", "end_triggered",
    "tied", "game_won", "game_ended",
})
"""The kinds of :class:`Fact`: a Foe's Tokens all destroyed (``foe_defeated``) or the Foes run
away (``foe_routed``), a party escapes a fight or is Wiped Out, a location visited (a chain's
Location) or captured (taken under control), an ADVENTURE won, the planes merged (a draw pile
replaced or added to), points scored, the end of the game triggered (the last round or action
begins), a tie played on, a game won, a game ended (the line names no winner: the state's
winners say who)."""


@quick_init
@dataclass(frozen=True, slots=True)
class Fact:
    """What a line of the log says, as data: code that must know what happened reads facts
    (or the state), never the words of a line.

    ``kind``: one of :data:`FACT_KINDS`; ``seat``: the seat it happened to or for (the party,
    the winner, the capturer), None for the whole table or several seats; ``about``: what it
    concerns, by name (the Foe, the location, the card); ``seats``: the seats it concerns
    besides ``seat`` (the player a location is taken from), or all of them when ``seat`` is None
    (every winner of a shared win, every player who reached the target); ``amount``: a number
    it carries (the points scored, the locations visited, the winner's total), or None.
    """

    kind: str
    seat: int | None = None
    about: str | None = None
    seats: tuple[int, ...] = ()
    amount: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in FACT_KINDS:
            raise ValueError(f"unknown kind of fact {self.kind!r}; kinds: "
                             f"{', '.join(sorted(FACT_KINDS))}")


class RulesContext:
    """What a game's procedure works on, the state and the game's data, with the steps every
    game builds from; each game's ``Ctx`` adds its own."""

    def __init__(self, state: Any, data: Any) -> None:
        self.state = state
        self.data = data
        self.constants = data.constants

    def note(self, text: str, seat: int | None = None, *, private: bool = False,
             hidden: str | None = None, event: bool = False, fact: Fact | None = None) -> None:
        """A line of the game's log; ``private``: only ``seat`` reads it (it names a card of
        its hand), the others read ``hidden`` (or nothing); ``event``: a big event a page
        announces (a Foe defeated, a location captured, a party Wiped Out, a win); ``fact``:
        what the line says, as data (:class:`Fact`), for code that must know what happened."""
        if private and seat is not None:
            self.state.note(text, seat, seen_by=seat, hidden=hidden, event=event, fact=fact)
        else:
            self.state.note(text, seat, event=event, fact=fact)

    def choose(self, seat: int, actions: Sequence[Action], prompt: str) -> Step:
        """Ask ``seat`` to choose; a single choice is still asked (the player sees it)."""
        action = yield Decision(seat, tuple(actions), prompt)
        return action


@quick_init
@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of a game's log: which step, where in the turn, who, and what happened
    (``named``: the text is a sentence that names its player itself).

    ``seen_by``: the one seat that may read ``text`` (it names a card of that seat's hand);
    every other seat reads ``hidden`` instead, or nothing when it is None. None: public.
    ``event``: a big event a page announces (a Foe defeated, a location captured, a win).
    ``fact``: what the line says as data (:class:`Fact`), on the lines of the outcomes code
    must know (a fight won, escaped or lost, a location captured, a win); None on the others.
    """

    step: int
    phase: str
    player: int | None
    text: str
    named: bool = False
    seen_by: int | None = None
    hidden: str | None = None
    event: bool = False
    fact: Fact | None = None

    def __str__(self) -> str:
        return f"[{self.phase}] {self.line()}"

    def line(self, viewer: int | None = None) -> str | None:
        """The entry as ``viewer`` reads it, "Player N: ..." (None: everything is shown);
        None when the viewer may not see it at all."""
        text = self.text_for(viewer)
        if text is None:
            return None
        named = self.named and text is self.text
        who = "" if self.player is None or named else f"Player {self.player + 1}: "
        return f"{who}{text}"

    def text_for(self, viewer: int | None) -> str | None:
        """The text ``viewer`` may read (every text when ``viewer`` is None)."""
        if viewer is None or self.seen_by is None or self.seen_by == viewer:
            return self.text
        return self.hidden


class _LogLine:
    """A :class:`LogEntry` being made: the same slots, not frozen. ``GameState.note`` fills one
    and assigns it the class LogEntry (Python lets an object change to a class of the same
    layout), twice as fast as LogEntry's own ``__init__``, which must set each field of a
    frozen object through ``object.__setattr__`` (or its descriptor)."""

    __slots__ = LogEntry.__slots__


_new_object = object.__new__


MAX_LINES_PER_STEP = 50_000
"""A step that logs this many lines runs on without stopping (:class:`RunawayStep`): a real
step logs a handful."""
_RUNAWAY_CHECK = 4_096
"""The log is checked for a runaway step every this many lines (a check costs one index)."""


class GameState:
    """Base of every game's state: the phase, the log, and whose seat is which.

    Game states are plain mutable objects changed only by their procedure; ``snapshot()``
    returns a JSON-like picture of everything in them, used to prove undo and replay exact.
    """

    phase: str
    log: list[LogEntry]
    step: int

    def __init__(self, players: int) -> None:
        self.players = players
        self.phase = "setup"
        self.log = []
        self.step = 0

    def note(self, text: str, player: int | None = None, named: bool = False, *,
             seen_by: int | None = None, hidden: str | None = None,
             event: bool = False, fact: Fact | None = None) -> None:
        """Add a line to the log at the current phase (``named``: ``text`` names ``player``
        itself; ``seen_by``: only that seat reads it, the others read ``hidden``; ``event``:
        a big event to announce; ``fact``: what the line says, as data)."""
        # LogEntry(self.step, self.phase, player, text, named, seen_by, hidden, event, fact),
        # made as its unfrozen twin and then given its class: every step logs a line or two
        entry = _new_object(_LogLine)
        entry.step = self.step
        entry.phase = self.phase
        entry.player = player
        entry.text = text
        entry.named = named
        entry.seen_by = seen_by
        entry.hidden = hidden
        entry.event = event
        entry.fact = fact
        entry.__class__ = LogEntry
        log = self.log
        log.append(entry)
        if not len(log) % _RUNAWAY_CHECK and len(log) >= MAX_LINES_PER_STEP and \
                log[-MAX_LINES_PER_STEP].step == self.step:
            raise RunawayStep(f"one step at {self.phase} logged {MAX_LINES_PER_STEP:,} lines "
                              "without a decision or a chance: the rules loop here")

    _marks: Marks | None = None
    """How the procedure reaches its game's checkpoints (set by the game; a copy has none)."""

    def resumable(self, at: Any = None) -> None:
        """The procedure is at a point it can be resumed from with the game's
        ``Rules.resume(state, at)`` (the top of a turn): everything it needs there is in the
        state and in ``at`` (immutable: a seat, a tuple). The game may keep a checkpoint here
        (:mod:`explorer.engine.checkpoints`); nothing else happens."""
        marks = self._marks
        if marks is not None:
            game = marks.game()
            if game is not None:
                game._checkpoint(self, at)

    def snapshot(self) -> dict[str, Any]:
        """Everything in the state as plain data (lists, dicts, numbers, text); attributes
        starting with "_" (such as the game's card data) are not state."""
        return _plain({k: v for k, v in vars(self).items()
                       if k != "log" and not k.startswith("_")})


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(_plain(v) for v in value)
    if hasattr(value, "__dataclass_fields__"):
        return {k: _plain(getattr(value, k)) for k in value.__dataclass_fields__}
    if hasattr(value, "__dict__"):
        return _plain(vars(value))
    return value


class Rules:
    """What a game supplies to the engine. Subclasses set ``game_id`` and the player range."""

    game_id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    players_note: ClassVar[str] = ""
    """Said after a refused number of players (why the range is what it is), or nothing."""

    def player_counts(self, options: dict[str, Any]) -> list[int]:
        """The numbers of players a game with these (checked) options seats: the player range
        (a game whose sets decide it says so)."""
        return list(range(self.min_players, self.max_players + 1))

    def new_state(self, players: int, options: dict[str, Any],
                  scenario: dict[str, Any] | None) -> GameState:
        """The state before the first step (from a scenario when one is given)."""
        raise NotImplementedError

    def play(self, state: GameState) -> Procedure:
        """The procedure: yields Decisions and Chances until the game ends."""
        raise NotImplementedError

    def scores(self, state: GameState) -> list[int]:
        """Each seat's score (the game's own victory measure)."""
        raise NotImplementedError

    def winners(self, state: GameState) -> list[int]:
        """The winning seats once the game is over (several on a shared win)."""
        raise NotImplementedError

    shared_state: ClassVar[tuple[str, ...]] = ()
    """The state's attributes a checkpoint shares instead of copying (besides ``_data``): ones
    set anew and never changed in place."""

    def resume(self, state: GameState, at: Any) -> Procedure:
        """The procedure again from a point it marked with ``state.resumable(at)``, over the
        state as it was there; it plays on exactly as the first one did from there. A game
        that marks no point need not supply it (its copies replay from the start)."""
        raise NotImplementedError(f"{self.game_id} cannot resume its procedure")

    def heuristic_bot(self, seed: int | None = None) -> Any:
        """A sensible bot for this game (each game supplies its own)."""
        raise NotImplementedError(f"{self.game_id} has no heuristic bot")

    takes_card_folder: bool = False
    """Whether the game takes the option ``cards``: a folder holding a card set to play with
    instead of the one in data/ (its ``data()`` reads it)."""

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Validate and normalise game options: ``variant`` (house rules, checked against the
        game's ``variants.toml``: :mod:`explorer.engine.variants`), ``cards`` when the game
        takes a card folder, nothing else."""
        options = dict(options)
        variant = options.pop("variant", None)
        checked = self._check_card_options(options)
        if variant is not None:
            from explorer.engine.variants import check_variant

            checked["variant"] = check_variant(self.game_id, variant)
        return checked

    def _check_card_options(self, options: dict[str, Any]) -> dict[str, Any]:
        if not self.takes_card_folder:
            if options:
                raise IllegalAction(f"{self.game_id} takes the option 'variant' only; found "
                                    f"{sorted(options)}")
            return {}
        unknown = sorted(set(options) - {"cards"})
        if unknown:
            raise IllegalAction(f"{self.game_id} takes the options 'cards' and 'variant' only; "
                                f"found {unknown}")
        if "cards" in options and not isinstance(options["cards"], str):
            raise IllegalAction(
                f"option 'cards' must be a folder path; found {options['cards']!r}")
        return dict(options)


_Input = tuple[bool, int, bool, str]
"""One recorded step, ``(chance, index, sampled, text)``: a chance step or a decision, the
index of the outcome or action taken, whether the outcome was sampled (by the game's
generator) and its text."""

_CHANCE, _INDEX, _SAMPLED, _TEXT = range(4)
"""The places in an :data:`_Input`."""

_SAMPLE: _Input = (True, -1, True, "")
"""A chance step to sample (its index is known once it is applied)."""


class _Steps:
    """A game's record of steps: a sequence of :data:`_Input` kept as two flat lists, a small
    number (the index, whether a chance step, whether sampled) and the text of each step.

    A game records a step each time it takes one and keeps them all; an object for each
    (even a tuple, until a collection sees it) would be traversed by the garbage collector
    again and again, and would make it run more often.
    """

    __slots__ = ("codes", "texts")

    def __init__(self) -> None:
        self.codes: list[int] = []
        self.texts: list[str] = []

    def append(self, record: _Input) -> None:
        chance, index, sampled, text = record
        self.codes.append(index << 2 | chance << 1 | sampled)
        self.texts.append(text)

    def pop(self) -> _Input:
        code = self.codes.pop()
        return bool(code & 2), code >> 2, bool(code & 1), self.texts.pop()

    def __getitem__(self, step: int) -> _Input:
        code = self.codes[step]
        return bool(code & 2), code >> 2, bool(code & 1), self.texts[step]

    def __iter__(self) -> Iterator[_Input]:
        for code, text in zip(self.codes, self.texts, strict=True):
            yield bool(code & 2), code >> 2, bool(code & 1), text

    def __len__(self) -> int:
        return len(self.codes)

    def head(self, count: int) -> _Steps:
        """A new record of the first ``count`` steps."""
        steps = _Steps()
        steps.codes = self.codes[:count]
        steps.texts = self.texts[:count]
        return steps


class Game:
    """One game being played step by step: the public contract of every game.

    >>> g = explorer.new_game("rifts", players=2, seed=7)
    >>> while not g.is_over:
    ...     g.step(None if g.is_chance else g.legal_actions()[0])
    """

    def __init__(self, rules: Rules, players: int = 2, seed: int | None = None,
                 options: dict[str, Any] | None = None,
                 scenario: dict[str, Any] | None = None) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not (
                rules.min_players <= players <= rules.max_players):
            raise IllegalAction(f"{rules.game_id} is for {rules.min_players} to "
                                f"{rules.max_players} players; found {players!r}"
                                + (f" ({rules.players_note})" if rules.players_note else ""))
        if seed is None:
            seed = secrets.randbelow(2**63)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise IllegalAction(f"seed must be an integer; found {seed!r}")
        self.rules = rules
        self.players = players
        self.seed = seed
        self.options = rules.check_options(dict(options or {}))
        self.scenario = scenario
        self._inputs = _Steps()
        self._redo: list[_Input] = []
        self._checkpoints: list[Checkpoint] = []
        self._keeping = False  # whether checkpoints are kept (once copied or undone)
        self._kept_at = 0.0  # when the last was kept (perf_counter)
        self._restart()

    # ---- the contract ----------------------------------------------------------------------

    @property
    def game_id(self) -> str:
        return self.rules.game_id

    @property
    def phase(self) -> str:
        """Where the turn is, as a dotted path such as ``"travel.survival"``."""
        return self.state.phase

    @property
    def pending(self) -> Pending | None:
        """The pending Decision or Chance; None once the game is over."""
        return self._pending

    @property
    def current_player(self) -> int | None:
        """The seat that must act, or None on a chance step (and once the game is over)."""
        pending = self._pending
        return pending.player if isinstance(pending, Decision) else None

    @property
    def is_chance(self) -> bool:
        return isinstance(self._pending, Chance)

    @property
    def is_over(self) -> bool:
        return self._pending is None

    def chance_outcomes(self) -> list[tuple[Outcome, Fraction]]:
        """The pending chance event's outcomes with exact probabilities; [] on a decision."""
        pending = self._pending
        return pending.probabilities() if isinstance(pending, Chance) else []

    def legal_actions(self) -> list[Action]:
        """The acting player's choices; [] on a chance step or once the game is over."""
        pending = self._pending
        return list(pending.actions) if isinstance(pending, Decision) else []

    @property
    def log(self) -> list[LogEntry]:
        """Everything that happened, in order."""
        return self.state.log

    @property
    def scores(self) -> list[int]:
        return self.rules.scores(self.state)

    @property
    def winners(self) -> list[int]:
        """The winning seats; [] while the game goes on."""
        return self.rules.winners(self.state) if self.is_over else []

    @property
    def steps(self) -> int:
        """How many steps have been taken."""
        return len(self._inputs)

    def outcome_index(self, step: int) -> int:
        """The index of what step number ``step`` took (0: the first step; -1: the last) among
        that step's choices: the outcome of a chance step in its outcomes, the action of a
        decision in its legal actions, as the game recorded it (a sampled outcome too)."""
        steps = len(self._inputs)
        if isinstance(step, bool) or not isinstance(step, int) or not -steps <= step < steps:
            raise IllegalAction(f"step must be a whole number from {-steps} to {steps - 1} "
                                f"(the game has taken {steps} steps); found {step!r}")
        return self._inputs[step][_INDEX]

    @property
    def can_undo(self) -> bool:
        return bool(self._inputs)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def step(self, action: Action | Outcome | None = None) -> None:
        """Take one step.

        On a decision, ``action`` must be one of :meth:`legal_actions`. On a chance step, None
        samples with the game's seeded generator; one of :meth:`chance_outcomes`' outcomes
        forces it. Raises :class:`~explorer.errors.IllegalAction` and changes nothing when the
        step is not legal.
        """
        pending = self._pending
        record = _SAMPLE if action is None and isinstance(pending, Chance) else \
            self._choose(action)
        try:  # _take, whose check _choose has made
            chance, index, sampled, text = self._apply(record)
        except Exception:
            self._replay()  # leave the game exactly as it was before the failed step
            raise
        inputs = self._inputs  # inputs.append(record), inline: every step records one
        inputs.codes.append(index << 2 | chance << 1 | sampled)
        inputs.texts.append(text)
        if self._redo:
            self._redo.clear()

    def undo(self) -> None:
        """Go back one step (the undone step can be redone)."""
        if not self._inputs:
            raise IllegalAction("there is nothing to undo: the game is at its first step")
        undone = self._inputs.pop()
        if checkpoints.ENABLED:  # a game undone once is undone again: keep checkpoints
            self._keeping = True
        self._replay()
        self._redo.append(undone)

    def redo(self) -> None:
        """Take again the last undone step, with the same choice or outcome."""
        if not self._redo:
            raise IllegalAction("there is nothing to redo")
        record = self._redo[-1]
        self._take(record, clear_redo=False)
        self._redo.pop()

    def at(self, step: int) -> Game:
        """A new game at ``step`` of this one (0: its start): the same start with its first
        ``step`` steps taken again, exactly (the generator's draws too); this game is not
        changed. A review looks at each past position so."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= self.steps:
            raise IllegalAction(f"step must be a whole number from 0 to {self.steps}; "
                                f"found {step!r}")
        self._catch_up()
        game = Game.__new__(Game)
        game._copy(self, step)
        game._replay()
        return game

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data, plus the generator's state: equal means identical."""
        return {"state": self.state.snapshot(), "log": [str(e) for e in self.log],
                "rng": _digest(self.rng.getstate()), "steps": self.steps}

    # ---- saving ----------------------------------------------------------------------------

    def to_json(self) -> str:
        """The game as JSON text; :func:`load_game` rebuilds it exactly (generator included)."""

        def inputs(records: Iterable[_Input]) -> list[dict[str, Any]]:
            return [{"chance": chance, "index": index, "sampled": sampled, "text": text}
                    for chance, index, sampled, text in records]

        content = {
            "game": self.game_id, "players": self.players, "seed": self.seed,
            "options": self.options, "scenario": self.scenario, "steps": inputs(self._inputs),
            "redo": inputs(self._redo), "rng": _digest(self.rng.getstate()),
        }
        return json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION, **content,
                           "checksum": _checksum(content)}, indent=1)

    # ---- internals -------------------------------------------------------------------------

    def _restart(self) -> None:
        self.rng = random.Random(self.seed)
        self.state = self.rules.new_state(self.players, self.options, self.scenario)
        self._mark(self.state)
        self._procedure = self.rules.play(self.state)
        self._pending = None
        self._send(None)

    def _mark(self, state: GameState) -> None:
        """Let the procedure over ``state`` keep checkpoints in this game, when its rules can
        resume it."""
        if type(self.rules).resume is not Rules.resume:
            state._marks = Marks(self)

    def _checkpoint(self, state: GameState, at: Any) -> None:
        """The procedure over ``state`` is at a point it can resume from (``at``): keep a
        checkpoint there when the game keeps them, unless one is as late already or the last
        is too near."""
        if not self._keeping or state is not self.state:
            return
        points = self._checkpoints
        if points and (points[-1].step >= state.step or
                       perf_counter() - self._kept_at < checkpoints.SPACING):
            return
        points.append(Checkpoint(state, self.rng, at, self.rules.shared_state))
        self._kept_at = perf_counter()

    def _rewind(self, step: int) -> int:
        """Put the game where it was after ``step`` steps or earlier: at its latest checkpoint
        at or before ``step`` (later ones are dropped), or at its start when there is none or
        checkpoints are off (:data:`explorer.engine.checkpoints.ENABLED`). Returns the steps
        taken there; the recorded steps after them are to be taken again."""
        points = self._checkpoints
        while points and points[-1].step > step:
            points.pop()
        if not points or not checkpoints.ENABLED:
            self._restart()
            return 0
        point = points[-1]
        self.rng = point.generator()
        self.state = point.state()
        self._mark(self.state)
        self._procedure = self.rules.resume(self.state, point.at)
        self._pending = None
        self._send(None)
        return point.step

    def _catch_up(self) -> None:
        """Keep checkpoints from now on, and have those of the steps already taken: a game
        keeps none until it is first copied or undone (a game only played, as a simulation
        plays it, pays nothing for them); then a copy of it replays its steps once, from its
        latest checkpoint or its start, keeping them. The game itself is not changed."""
        if self._keeping or not checkpoints.ENABLED:
            return
        if type(self.rules).resume is not Rules.resume:
            scratch = type(self).__new__(type(self))
            scratch._copy(self, self.steps)
            scratch._keeping = True
            scratch._replay()
            self._checkpoints = scratch._checkpoints
        self._keeping = True

    def _copy(self, game: Game, step: int) -> None:
        """Make this new game ``game`` at ``step``, but for its position (``_replay`` makes
        it): the same rules, seats, seed, options and scenario, the first ``step`` steps, the
        checkpoints up to there, no redo."""
        self.__dict__.update(game.__dict__)  # and whatever else a game carries
        self.options = dict(game.options)
        self._inputs = game._inputs.head(step)
        self._redo = []
        self._checkpoints = [point for point in game._checkpoints if point.step <= step]
        self._keeping = False

    def _send(self, value: Any) -> None:
        try:
            self._pending = self._procedure.send(value)
        except StopIteration:
            self._pending = None

    def _choose(self, choice: Action | Outcome | None) -> _Input:
        pending = self._pending
        if pending is None:
            raise IllegalAction("the game is over: no more steps")
        if isinstance(pending, Chance):
            if choice is None:
                return _SAMPLE  # sampled when applied
            if not isinstance(choice, Outcome) or choice not in pending.outcomes:
                raise IllegalAction(
                    f"{choice!s} is not an outcome of {pending.label or 'this chance step'} "
                    f"at {self.phase}; outcomes: {', '.join(map(str, pending.outcomes))}")
            index = pending.outcomes.index(choice)
            return (True, index, False, str(pending.outcomes[index]))
        if choice is None:
            raise IllegalAction(f"player {pending.player + 1} must choose at {self.phase}: "
                                f"{', '.join(map(str, pending.actions))}")
        actions = pending.actions
        try:  # the first equal action (an action chosen from the list is found at once)
            index = actions.index(choice) if isinstance(choice, Action) else -1
        except ValueError:
            index = -1
        if index < 0:
            raise IllegalAction(
                f"{choice!s} is not legal for player {pending.player + 1} at {self.phase}; "
                f"legal: {', '.join(map(str, actions))}")
        action = actions[index]
        return (False, index, False, action.text or str(action))

    def _take(self, record: _Input, *, clear_redo: bool) -> None:
        pending = self._pending
        if pending is None or isinstance(pending, Chance) != record[_CHANCE]:
            raise IllegalAction("that step does not fit the game's position")
        try:
            record = self._apply(record)
        except Exception:
            self._replay()  # leave the game exactly as it was before the failed step
            raise
        self._inputs.append(record)
        if clear_redo and self._redo:
            self._redo.clear()

    def _apply(self, record: _Input) -> _Input:
        """Apply one input; return it complete (a sampled outcome gets its index here)."""
        pending = self._pending
        state = self.state
        if isinstance(pending, Chance):
            if record[_SAMPLED]:
                index = pending.sample_index(self.rng)
                if record[_INDEX] >= 0 and index != record[_INDEX]:
                    raise IllegalAction(f"the generator samples {pending.outcomes[index]}, "
                                        f"not the recorded {record[_TEXT]!r}")
                value = pending.outcomes[index]
                text = value.text or str(value)
                record = (True, index, True, text)
            else:
                value = pending.outcomes[record[_INDEX]]
                text = value.text or str(value)
            label = pending.label or "chance"
            if pending.seen_by is None:
                state.note(f"{label}: {text}")
            else:
                state.note(f"{label}: {text}", seen_by=pending.seen_by,
                           hidden=f"{label}: {pending.hidden}")
        else:
            value = pending.actions[record[_INDEX]]
            player = pending.player
            if value.hidden is None:
                if value.log:
                    state.note(value.log, player, True)
                else:
                    state.note(value.text or str(value), player)
            elif value.log:
                state.note(value.log, player, True, seen_by=player, hidden=value.hidden or None)
            else:
                state.note(value.text or str(value), player, seen_by=player,
                           hidden=value.hidden or None)
        state.step += 1
        try:
            self._pending = self._procedure.send(value)
        except StopIteration:
            self._pending = None
        return record

    def _replay(self) -> None:
        """Bring the position back to the recorded steps: from the latest checkpoint at or
        before the last of them (:meth:`_rewind`), the steps after it taken again."""
        records = self._inputs
        for number in range(self._rewind(len(records)), len(records)):
            self._apply(records[number])


def _digest(value: Any) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def _checksum(content: dict[str, Any]) -> str:
    """A save's checksum: a digest of its content as canonical JSON."""
    text = json.dumps(content, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


# ---- the registry of games -------------------------------------------------------------------

_RULES: dict[str, Callable[[], Rules]] = {}


def register(game_id: str) -> Callable[[type[Rules]], type[Rules]]:
    """Class decorator: make a Rules class the rules of ``game_id``."""

    def add(cls: type[Rules]) -> type[Rules]:
        _RULES[game_id] = cls
        return cls

    return add


def load_rules(game_id: str) -> None:
    """Import ``explorer.games.<game_id>.rules`` if the game has rules (it registers itself)."""
    import importlib

    try:
        importlib.import_module(f"explorer.games.{game_id}.rules")
    except ModuleNotFoundError as error:
        if error.name != f"explorer.games.{game_id}.rules":
            raise


def rules_for(game_id: object) -> Rules:
    """An instance of the rules of ``game_id`` (importing the game's package on first use)."""
    from explorer.catalog import GAMES
    from explorer.errors import UnknownNameError

    if not isinstance(game_id, str) or game_id not in GAMES:
        raise UnknownNameError("game", game_id, list(GAMES))
    load_rules(game_id)
    if game_id not in _RULES:
        raise UnknownNameError("game with rules", game_id, sorted(_RULES))
    return _RULES[game_id]()


def new_game(game_id: str, players: int = 2, seed: int | None = None,
             scenario: dict[str, Any] | None = None, options: dict[str, Any] | None = None,
             **more: Any) -> Game:
    """Start a game of ``game_id`` (``rifts``, ``adventurers``, ``gamma_world``, ...).

    Game options are given as ``options={...}`` or as keywords (``cards="my/set"``), or both.
    """
    if options is not None and not isinstance(options, dict):
        raise IllegalAction(f"options must be an object of game options; found {options!r}")
    return Game(rules_for(game_id), players, seed, {**(options or {}), **more}, scenario)


def load_game(text: str) -> Game:
    """Rebuild a game saved with :meth:`Game.to_json`, exactly; refuse anything else.

    Raises :class:`~explorer.errors.SavedGameError` naming what is wrong (and at which step);
    nothing is returned half-loaded.
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise SavedGameError(f"a saved game must be JSON text ({error})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SavedGameError(f"not a saved game: 'format' must be {SAVE_FORMAT!r}")
    version = data.get("version")
    if version not in (1, SAVE_VERSION) or isinstance(version, bool):
        raise SavedGameError(f"saved game version {version!r} is not supported "
                             f"(this is version {SAVE_VERSION}; version 1 saves load too)")
    known = {"format", "version", *_SAVE_FIELDS} | ({"checksum"} if version == 2 else set())
    unknown = sorted(set(data) - known)
    if unknown:
        raise SavedGameError(f"saved game has unknown field {unknown[0]!r}")
    for key, kind in (("game", str), ("players", int), ("seed", int), ("options", dict),
                      ("steps", list), ("redo", list), ("rng", str)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise SavedGameError(f"saved game field {key!r} must be {kind.__name__}; "
                                 f"found {data.get(key)!r}")
    scenario = data.get("scenario")
    if scenario is not None and not isinstance(scenario, dict):
        raise SavedGameError(f"saved game field 'scenario' must be an object; found {scenario!r}")
    try:
        game = new_game(data["game"], data["players"], data["seed"], scenario, **data["options"])
    except ExplorerError as error:
        raise SavedGameError(f"saved game cannot start: {error}") from None
    for number, record in enumerate(_records(data["steps"], "steps"), start=1):
        try:
            _replay_saved(game, record)
        except IllegalAction as error:
            raise SavedGameError(f"step {number}: {error}") from None
    game._redo = list(_records(data["redo"], "redo"))
    if _digest(game.rng.getstate()) != data["rng"]:
        raise SavedGameError("the random generator does not come back to its saved state: "
                             "the save was edited or made by other rules")
    if version == 2 and data.get("checksum") != _checksum(
            {key: data.get(key) for key in _SAVE_FIELDS}):
        raise SavedGameError("the saved game's checksum does not match its content: the save "
                             "was edited or damaged")
    return game


def _records(items: list[Any], key: str) -> Iterator[_Input]:
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict) or set(item) != {"chance", "index", "sampled", "text"}:
            raise SavedGameError(f"{key} entry {number} must have chance, index, sampled, text")
        chance, index, sampled, text = (item[k] for k in ("chance", "index", "sampled", "text"))
        if not (isinstance(chance, bool) and isinstance(sampled, bool) and isinstance(text, str)
                and isinstance(index, int) and not isinstance(index, bool) and index >= 0):
            raise SavedGameError(f"{key} entry {number} has a value of the wrong type")
        yield (chance, index, sampled, text)


def _replay_saved(game: Game, record: _Input) -> None:
    chance, index, sampled, text = record
    pending = game.pending
    if pending is None:
        raise IllegalAction("the game was already over")
    if isinstance(pending, Chance) != chance:
        raise IllegalAction(f"saved a {'chance' if chance else 'decision'} step, but "
                            f"the game is at a {'chance' if game.is_chance else 'decision'}")
    options = pending.outcomes if isinstance(pending, Chance) else pending.actions
    if index >= len(options) or str(options[index]) != text:
        raise IllegalAction(f"saved {text!r} is not among the choices now: "
                            f"{', '.join(map(str, options))}")
    if sampled and not chance:
        raise IllegalAction("a decision cannot be sampled")
    game._take(record, clear_redo=False)
