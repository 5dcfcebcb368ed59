"""The ``search`` bot: determinized Monte Carlo look-ahead over the engine's own rules.

At a decision worth searching, the bot

1. asks the game's hooks (``explorer.games.<game>.search.HOOKS``, a :class:`SearchHooks`) for
   a short list of :class:`Plan` s: the legal actions, or complete plans of the turn;
2. builds a few *worlds*: new games started from a scenario made of what the seat sees
   (``position(game, seat)``: its own hand, the public table, the composition of its own
   cards), with every hidden part (the other hands, what the other piles hold) dealt at random
   from the cards the seat cannot see, and a fresh seed, so no world knows the real game's
   hidden cards or its random generator;
3. plays each plan in each world (the same worlds for every plan: common random numbers),
   rolls the world on to the hooks' horizon with the heuristic bots and the exact chance
   outcomes (each chance step is sampled by the world's own generator with the exact weights),
   and values the result (:meth:`SearchHooks.value`, an exact Fraction);
4. takes the plan of best mean value (an exact Fraction mean), ties to the plan listed first,
   and follows the rest of the plan at its next decisions of the same turn.

Everything random in the bot comes from generators seeded with the bot's ``seed`` and a digest
of ``position(game, seat)``, so the same seed at the same position the seat sees gives the same
choice, however the hidden cards lie. Decisions the hooks do not search (a position no scenario
can start from, such as the middle of a turn whose plan was broken, or a setup choice) are left
to the game's heuristic bot, which sees only what its seat sees.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from explorer.engine.bots import Bot, register_bot
from explorer.engine.core import Action, Game, new_game
from explorer.errors import ExplorerError

WIN = Fraction(10_000)
"""The value of a world the seat has won (minus: lost), above any position's value."""
MAX_STEPS = 5_000
"""The most steps a world is rolled on for one plan (a guard; horizons end far sooner)."""


class SearchError(ExplorerError, RuntimeError):
    """The search bot cannot play a game (no hooks for it) or met a world it cannot use."""


@dataclass(frozen=True)
class Plan:
    """Choices the seat makes in a row (the first is one of the legal actions now; the others
    are its next decisions in the same turn) and a ``prior``: the hooks' own value of the plan,
    which breaks ties between plans of equal searched value."""

    actions: tuple[Action, ...]
    prior: Fraction = Fraction(0)

    @property
    def first(self) -> Action:
        """The choice to make now."""
        return self.actions[0]


class SearchHooks:
    """What a game supplies to the search bot. The defaults search every legal action with
    heuristic roll-outs to the end of the seat's turn, valued by the score difference; a game
    overrides :meth:`scenario` (required) and what it needs of the rest."""

    worlds: int = 4
    """Worlds sampled per searched decision."""

    def scenario(self, game: Game, seat: int, rng: random.Random) -> dict[str, Any] | None:
        """A scenario of this decision made only of ``position(game, seat)`` (hidden parts
        dealt with ``rng``), or None when no scenario can start here. Default: None (every
        decision goes to the heuristic bot)."""
        return None

    def world(self, game: Game, seat: int, rng: random.Random) -> Game | None:
        """A new game started (:meth:`start`) from :meth:`scenario` with a fresh seed from
        ``rng``, or None when there is no scenario (then the decision goes to the heuristic
        bot)."""
        scenario = self.scenario(game, seat, rng)
        if scenario is None:
            return None
        return self.start(game, scenario, rng.getrandbits(63))

    def start(self, game: Game, scenario: dict[str, Any], seed: int) -> Game:
        """A new game of ``game``'s kind, players and options started from ``scenario`` (never
        changed: every plan starts a world from the same one) with ``seed``."""
        return new_game(game.game_id, players=game.players, seed=seed, scenario=scenario,
                        options=dict(game.options))

    def plans(self, game: Game, seat: int) -> list[Plan] | None:
        """The plans to compare at this decision; None: do not search it (the heuristic bot
        chooses). Default: each legal action alone."""
        return [Plan((action,)) for action in game.legal_actions()]

    def roll_out(self, world: Game, seat: int, rng: random.Random) -> None:
        """Play ``world`` on from the end of the plan to the horizon. Default: heuristic bots
        for every seat until ``seat``'s turn is over (another seat must decide)."""
        bots: dict[int, Bot] = {}
        play_until(world, bots, rng, lambda w: w.current_player not in (None, seat))

    def value(self, world: Game, seat: int, plan: Plan) -> Fraction | None:
        """The seat's value of ``world`` at the horizon (None: this world cannot value the
        plan, the other worlds decide). Default: :func:`outcome_value` once the world is over,
        else :meth:`standing`."""
        if world.is_over:
            return outcome_value(world, seat)
        return self.standing(world, seat)

    def standing(self, world: Game, seat: int) -> Fraction:
        """The seat's standing in an unfinished ``world`` (well under :data:`WIN`). Default:
        :func:`score_lead`."""
        return score_lead(world, seat)


def score_lead(world: Game, seat: int) -> Fraction:
    """``seat``'s score minus the best other seat's."""
    scores = world.scores
    others = [s for i, s in enumerate(scores) if i != seat]
    return Fraction(scores[seat] - max(others, default=0))


def outcome_value(world: Game, seat: int) -> Fraction:
    """+:data:`WIN` if ``seat`` is among the winners of the finished ``world``, 0 on a game
    nobody won, else -:data:`WIN`."""
    winners = world.winners
    if seat in winners:
        return WIN / len(winners)
    return Fraction(0) if not winners else -WIN


def play_until(world: Game, bots: dict[int, Bot], rng: random.Random,
               stop: Any, max_steps: int = MAX_STEPS) -> None:
    """Step ``world`` (chance sampled by its own generator; decisions by heuristic bots, made
    on first need into ``bots`` with seeds from ``rng``) until it ends or ``stop(world)``."""
    for _ in range(max_steps):
        if world.is_over or stop(world):
            return
        if world.is_chance:
            world.step()
            continue
        player = world.current_player
        bot = bots.get(player)
        if bot is None:
            bot = bots[player] = world.rules.heuristic_bot(rng.getrandbits(63))
        world.step(bot.choose(world))


def follow(world: Game, seat: int, actions: Sequence[Action]) -> bool:
    """Make ``seat``'s ``actions`` in ``world`` in order, sampling chance steps between them;
    False when the world stops asking ``seat`` for one of them (the plan does not fit it)."""
    for action in actions:
        while world.is_chance:
            world.step()
        if world.current_player != seat or action not in world.legal_actions():
            return False
        world.step(action)
    return True


def view_digest(game: Game, seat: int) -> str:
    """A digest of what ``seat`` sees (its ``position``): equal views, equal digests."""
    module = importlib.import_module(f"explorer.games.{game.game_id}")
    view = module.position(game, seat)
    text = json.dumps(view, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def view_rng(game: Game, seat: int, seed: int | None) -> random.Random:
    """The generator of one searched decision: from the bot's seed and the seat's view."""
    return random.Random(f"{seed}:{view_digest(game, seat)}")


NO_HOOKS = SearchHooks()
"""The hooks of a game without its own: no world can be built, so every decision goes to the
game's heuristic bot."""


def hooks_for(game_id: str) -> SearchHooks:
    """The search hooks of ``game_id`` (``explorer.games.<game_id>.search.HOOKS``), or
    :data:`NO_HOOKS` for a game that has none yet."""
    try:
        module = importlib.import_module(f"explorer.games.{game_id}.search")
    except ModuleNotFoundError as error:
        if error.name != f"explorer.games.{game_id}.search":
            raise
        return NO_HOOKS
    hooks = getattr(module, "HOOKS", None)
    if not isinstance(hooks, SearchHooks):
        raise SearchError(f"explorer.games.{game_id}.search.HOOKS must be a SearchHooks; "
                          f"found {hooks!r}")
    return hooks


def mean(values: Sequence[Fraction]) -> Fraction:
    """The exact mean of ``values`` (each world counts the same)."""
    return sum(values, Fraction(0)) / len(values)


class SearchBot(Bot):
    """Determinized Monte Carlo search (module docstring): compares the hooks' plans in worlds
    sampled from what the seat sees, valued after heuristic roll-outs; the heuristic bot plays
    the decisions it does not search.

    ``worlds`` overrides the hooks' number of worlds per decision. ``searched`` and
    ``delegated`` count the decisions searched and left to the heuristic bot.
    """

    name = "search"

    def __init__(self, game_id: str, seed: int | None = None,
                 worlds: int | None = None) -> None:
        self.game_id = game_id
        self.seed = seed
        self.hooks = hooks_for(game_id)
        self.worlds = self.hooks.worlds if worlds is None else worlds
        if isinstance(self.worlds, bool) or not isinstance(self.worlds, int) or \
                self.worlds < 1:
            raise SearchError(f"worlds must be a whole number of at least 1; found "
                              f"{self.worlds!r}")
        self._fallback: Bot | None = None
        self._plan: list[Action] = []
        self._at = -1
        self.searched = 0
        self.delegated = 0

    def choose(self, game: Game) -> Action:
        """One of ``game.legal_actions()`` for the seat to act."""
        if game.game_id != self.game_id:
            raise SearchError(f"this search bot plays {self.game_id}; found a "
                              f"{game.game_id} game")
        actions = game.legal_actions()
        if not actions:
            raise SearchError("the search bot is asked to choose where no seat decides")
        planned = self._planned(game, actions)
        if planned is not None:
            return planned
        self._plan = []
        if len(actions) == 1:
            return actions[0]
        if self.hooks is NO_HOOKS:
            return self._delegate(game)
        seat = game.current_player
        plans = self.hooks.plans(game, seat)
        if plans is None:
            return self._delegate(game)
        plans = [p for p in plans if p.actions and p.first in actions]
        if not plans:
            return self._delegate(game)
        best = plans[0] if len(plans) == 1 else self._search(game, seat, plans)
        if best is None:
            return self._delegate(game)
        self.searched += 1
        self._plan = list(best.actions[1:])
        self._at = game.steps + 1
        return actions[actions.index(best.first)]

    def forget(self) -> None:
        """Drop the rest of the plan: its seat played something else than the plan (the coach
        departed from this bot's choice), so the plan's next actions no longer follow."""
        self._plan = []

    def _planned(self, game: Game, actions: list[Action]) -> Action | None:
        """The plan's next choice, when the game is where the plan expects it."""
        if self._plan and game.steps >= self._at and self._plan[0] in actions:
            action = self._plan.pop(0)
            self._at = game.steps + 1
            return actions[actions.index(action)]
        return None

    def _search(self, game: Game, seat: int, plans: list[Plan]) -> Plan | None:
        """The plan of best mean value over the sampled worlds (None: no world fits)."""
        rng = view_rng(game, seat, self.seed)
        seeds = [rng.getrandbits(63) for _ in range(self.worlds)]
        values: dict[int, list[Fraction]] = {i: [] for i in range(len(plans))}
        for world_seed in seeds:
            deal = random.Random(world_seed)  # as :meth:`SearchHooks.world` draws it
            scenario = self.hooks.scenario(game, seat, deal)
            if scenario is None:
                continue
            fresh = deal.getrandbits(63)
            for index, plan in enumerate(plans):
                world = self.hooks.start(game, scenario, fresh)
                found = self._evaluate(world, seat, plan, world_seed)
                if found is not None:
                    values[index].append(found)
        scored = [(mean(v), plans[i].prior, -i) for i, v in values.items() if v]
        if not scored:
            return None
        return plans[-max(scored)[2]]

    def _evaluate(self, world: Game, seat: int, plan: Plan, world_seed: int) -> Fraction | None:
        """``plan``'s value in ``world``, the world of ``world_seed`` (None: the plan does not
        fit it)."""
        if world.current_player != seat or plan.first not in world.legal_actions():
            return None
        follow(world, seat, plan.actions)
        self.hooks.roll_out(world, seat, random.Random(world_seed ^ 0x5EA2C4))
        return self.hooks.value(world, seat, plan)

    def _delegate(self, game: Game) -> Action:
        """The heuristic bot's choice (its seed from the search bot's)."""
        self.delegated += 1
        if self._fallback is None:
            seed = None if self.seed is None else random.Random(self.seed).getrandbits(63)
            self._fallback = game.rules.heuristic_bot(seed)
        return self._fallback.choose(game)


def search_bot(game: Game, seed: int | None = None, worlds: int | None = None) -> SearchBot:
    """A :class:`SearchBot` for ``game``'s seats."""
    return SearchBot(game.game_id, seed, worlds)


register_bot("search", lambda game, seed: search_bot(game, seed))
