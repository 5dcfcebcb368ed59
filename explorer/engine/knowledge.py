"""What a game knows about its own decisions, behind one small interface.

The shared queries ask each game through it: :func:`explorer.odds.choices` (the odds of what
each choice of a decision leads to), :func:`explorer.odds.consequences` (what the rules make
of each choice, in a sentence) and the play pages' plans (several of a person's decisions in
one click: :meth:`explorer.ui.session.PlaySession.plans`). A game supplies its answers in its
own folder, as ``explorer.games.<game>.knowledge.KNOWLEDGE`` (a :class:`GameKnowledge`),
beside the rules it reads; a game without that module answers nothing (no odds, no sentences,
no plans). A sixth game adds
a folder, not edits in shared modules. The search bot's hooks are found the same way
(:func:`explorer.engine.search.hooks_for`).

Only what the deciding seat can see may be used: its own party or hand, the public table, the
dice; never another seat's hand or the order of a deck.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from explorer.engine.core import Action, Decision, Game
from explorer.errors import ExplorerError

if TYPE_CHECKING:
    from explorer.engine.odds import Odds


PlanRule = Callable[[Game, int, int], "Action | None"]
"""A plan's rule: at a later decision of the plan's seat (the game, the seat, the plan's
actions taken so far) the action the plan takes there, or None: the plan stops there and the
person decides. A rule reads only what the seat sees (the pending decision, the public
table)."""


@dataclass(frozen=True)
class Plan:
    """Several decisions of a person in one click, asked for by the person: ``label`` says
    exactly what it does; ``first`` is its action at the decision pending (empty for a plan
    of a :class:`Pick`, whose first actions are the cards picked); ``then`` its rule at each
    later decision of the same seat (:data:`PlanRule`; None: the plan ends after ``first``)."""

    key: str
    label: str
    first: tuple[Action, ...] = ()
    then: PlanRule | None = None


@dataclass(frozen=True)
class Pick:
    """A decision taken one card at a time ("Hand limit 5: discard 2 more") chosen in one
    click: ``count`` entries of ``options`` (the pending decision's actions), taken in order
    with ``verb`` ("Discard these"); ``plans``: what may follow the picks in the same click
    ("Discard these, then draw a card with each of my 3 AP left"), each a :class:`Plan`
    without ``first``."""

    count: int
    label: str
    verb: str
    options: tuple[Action, ...]
    plans: tuple[Plan, ...] = ()



@dataclass(frozen=True)
class Start:
    """What a seat started with, as a column of the simulation's table: its name, its polars
    type, how to read it from a game (None: not known yet; read after every step until it is
    known) and what it says."""

    column: str
    dtype: Any
    read: Callable[[Game, int], Any]
    doc: str


class KnowledgeError(ExplorerError, TypeError):
    """A game's ``KNOWLEDGE`` is not a :class:`GameKnowledge`."""


class GameKnowledge:
    """A game's answers about a pending decision, each given as a function when the game is
    made (``GameKnowledge(decision_odds=odds_of, consequences=sentences_of)``); an answer not
    given is nothing to say."""

    def __init__(self, *, decision_odds: Callable[..., dict[Action, Odds]] | None = None,
                 consequences: Callable[..., dict[Action, str]] | None = None,
                 plans: Callable[..., list[Any]] | None = None,
                 pick: Callable[..., Any] | None = None,
                 redeal: Callable[[Game, int, random.Random], None] | None = None,
                 choices: Callable[..., list[tuple[tuple[Action, ...], str]]] | None = None,
                 features: Callable[[Game, int], list[float]] | None = None,
                 feature_names: Sequence[str] = (),
                 quick: Callable[..., list[float | None]] | None = None,
                 coach_to_end: bool = False, coach_base: str = "heuristic",
                 coach_margin: float = 0.0, confirm_flags: bool = True,
                 flag_spread: float | None = None, bot_learned: bool = False,
                 usual: Callable[[Game, int], tuple[Action, ...] | None] | None = None,
                 start: Start | None = None) -> None:
        self._decision_odds = decision_odds
        self._consequences = consequences
        self._plans = plans
        self._pick = pick
        self._redeal = redeal
        self._choices = choices
        self._features = features
        self.feature_names = tuple(feature_names)
        """The names of the numbers ``features`` gives, in order (a model file lists them);
        empty where the game gives none."""
        self._quick = quick
        self.coach_to_end = coach_to_end
        """Whether the coach plays each choice on to the end of the game (a fast game: the
        heuristic bots' own games then decide) rather than to the seat's next decision,
        valued there by the learned win chance."""
        if coach_base not in ("heuristic", "search"):
            raise KnowledgeError(f"coach_base must be 'heuristic' or 'search'; found "
                                 f"{coach_base!r}")
        self.coach_base = coach_base
        """The bot whose choice the coach bot keeps unless its advice clearly favours another
        (:class:`explorer.coach.CoachBot`): "heuristic", or "search" where the search bot is
        the stronger (the README's tournament tables)."""
        if not 0.0 <= coach_margin < 1.0:
            raise KnowledgeError(f"coach_margin must be at least 0 and below 1; found "
                                 f"{coach_margin!r}")
        self.coach_margin = coach_margin
        """How much more than :data:`explorer.coach.BOT_EDGE` the best choice's chance of
        winning must be above the base bot's choice's before the coach bot plays it instead
        (:class:`explorer.coach.CoachBot`): more where the coach's estimate is rougher than
        the base bot's own judgement."""
        self._usual = usual
        self.start = start
        """What a seat started with, a column of the simulation's table
        (:func:`explorer.simulation.start_of`); None: the game has none."""
        self.confirm_flags = confirm_flags
        """Whether the coach measures a choice it calls a mistake or a blunder again in fresh
        worlds played to the end of the game (the heuristic bots' own games decide) before so
        labelling it: the worlds that pick out the worst choice flatter its loss, and the
        learned win chance, fitted to whole games, overstates what one choice changes (over
        20 flags of Rifts heuristic-bot games, 0.08 claimed in fresh worlds, 0.01 played out
        from the real positions). False where games are too slow to play to the end and the
        flags held up without it (Riftforce: 15 flags claimed 0.24, played out 0.30)."""
        if flag_spread is not None and not 0.0 < flag_spread <= 1.0:
            raise KnowledgeError(f"flag_spread must be above 0 and at most 1, or None; found "
                                 f"{flag_spread!r}")
        self.flag_spread = flag_spread
        """How far apart, as a standard deviation, the real losses of the choices measured
        again lie, fitted so that the loss a flag claims agrees with the loss played out
        (``benchmarks/coach.py flags --fit``): the fresh worlds' loss is shrunk toward 0 by
        it (:func:`explorer.coach._shrunk`), the more the fewer the worlds. None: not shrunk
        (a game that does not measure its flags again, or one not yet fitted)."""
        self.bot_learned = bot_learned
        """Whether the coach bot (:class:`explorer.coach.CoachBot`) values its worlds at the
        seat's next decision by the learned win chance, though the coach's advice plays them to
        the end: a bot decides on the evidence it has, and 4 worlds so valued made a stronger
        player than 16 played to the end, whose wins and losses alone cannot part choices a
        few points apart (Rat-King: the heuristic bot won 40.0% of 120 games against the
        first, 50.0% against the second; the README's tournament table). The advice a learner
        reads keeps its play-outs, whose chances agree with play."""

    def decision_odds(self, game: Game, pending: Decision, runs: int,
                      seed: int) -> dict[Action, Odds]:
        """The odds of what each choice of ``pending`` leads to, for the choices where chance
        decides it (the others left out). ``runs`` and ``seed`` set Monte Carlo estimates."""
        found = self._decision_odds
        return found(game, pending, runs, seed) if found is not None else {}

    def consequences(self, game: Game, pending: Decision) -> dict[Action, str]:
        """What the rules make of each choice of ``pending``, one plain sentence for players
        where it is worth saying (the others left out)."""
        said = self._consequences
        return said(game, pending) if said is not None else {}

    def plans(self, game: Game, seat: int) -> list[Any]:
        """The plans a person at ``seat`` may ask for at the pending decision (several of his
        own decisions in one click: :class:`explorer.ui.session.Plan`). Default: none."""
        return list(self._plans(game, seat)) if self._plans is not None else []

    def pick(self, game: Game, seat: int) -> Any | None:
        """The pending decision of ``seat`` as several cards picked at once
        (:class:`explorer.ui.session.Pick`), or None. Default: None."""
        return self._pick(game, seat) if self._pick is not None else None

    @property
    def can_redeal(self) -> bool:
        """Whether the game can deal its hidden cards again (:meth:`redeal`)."""
        return self._redeal is not None

    def redeal(self, game: Game, seat: int, rng: random.Random) -> None:
        """Deal again, in place and with ``rng``, everything in ``game`` that ``seat`` cannot
        see (the other hands, what the piles hold), keeping what it sees unchanged, so that
        ``position(game, seat)`` is the same after (:class:`explorer.engine.worlds.World`).
        The deal depends only on which cards are unseen, never on where they lay. A game
        without one cannot be imagined from a seat's view (the coach refuses it)."""
        if self._redeal is None:
            raise KnowledgeError("this game has no redeal")
        self._redeal(game, seat, rng)

    def choices(self, game: Game, seat: int) -> list[tuple[tuple[Action, ...], str]]:
        """The choices a coach compares at ``seat``'s pending decision: each a run of the
        seat's actions (the first one legal now) and its words. Default: each legal action
        alone, in its own words. Riftforce lists every complete action of the turn, the ones its
        heuristic bot weighs best first."""
        if self._choices is not None:
            return list(self._choices(game, seat))
        return [((action,), action.text or str(action)) for action in game.legal_actions()]

    def usual(self, game: Game, seat: int) -> tuple[Action, ...] | None:
        """The run of ``seat``'s actions its heuristic bot would play at the pending
        decision, where the game knows it without asking the bot (Riftforce's complete
        action that bot weighs best, which :meth:`choices` lists first); None: ask the bot.
        The coach names it best where its worlds cannot tell it from the best they found."""
        return self._usual(game, seat) if self._usual is not None else None

    @property
    def can_screen(self) -> bool:
        """Whether the game gives a quick estimate of its choices (:meth:`quick`)."""
        return self._quick is not None

    def quick(self, game: Game, seat: int, runs: list[tuple[Action, ...]],
              value: Callable[..., float]) -> list[float | None]:
        """A quick chance of winning for ``seat`` after each of ``runs`` (choices of its
        pending decision): the learned value of the position the run leads to, from what the
        seat sees, with nothing played on (None for a run it cannot tell). A coach with more
        choices than it can play on screens them so (Riftforce's complete actions).
        ``value(seat, scores, standing, hands, to_act, turn, own)``: the learned chance of
        ``seat`` winning a position told by each seat's score, standing and hand size, whether
        ``seat`` acts, the turn and the game's own numbers (the coach's model:
        :func:`explorer.coach.value.learned`)."""
        if self._quick is None:
            raise KnowledgeError("this game gives no quick estimate of its choices")
        return list(self._quick(game, seat, runs, value))

    def features(self, game: Game, seat: int) -> list[float] | None:
        """What the coach's value of a position reads, from ``seat``'s side (numbers; the
        game's own list), or None for a game without one (the generic list is used)."""
        if self._features is None:
            return None
        numbers = list(self._features(game, seat))
        if self.feature_names and len(numbers) != len(self.feature_names):
            raise KnowledgeError(f"{game.game_id}'s features gave {len(numbers)} numbers for "
                                 f"{len(self.feature_names)} names")
        return numbers


NO_KNOWLEDGE = GameKnowledge()
"""The knowledge of a game without its own: no odds at decisions, no sentences."""


def knowledge_for(game_id: str) -> GameKnowledge:
    """The knowledge of ``game_id`` (``explorer.games.<game_id>.knowledge.KNOWLEDGE``), or
    :data:`NO_KNOWLEDGE` for a game that has none."""
    name = f"explorer.games.{game_id}.knowledge"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is None or not (name + ".").startswith(error.name + "."):
            raise  # a module the game's knowledge itself imports is missing
        return NO_KNOWLEDGE  # (or the game's folder)
    found: Any = getattr(module, "KNOWLEDGE", None)
    if not isinstance(found, GameKnowledge):
        raise KnowledgeError(f"{name}.KNOWLEDGE must be a GameKnowledge; found {found!r}")
    return found


def listed(names: list[str]) -> str:
    """"A", "A and B", "A, B and C": names in a sentence."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" and {names[-1]}"
