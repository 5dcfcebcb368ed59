"""The coach: every choice of a decision with its chance of winning, and a review of a game.

:func:`advise` answers "what should I do here?" for the pending decision of a seat. Each of
the seat's choices (:meth:`~explorer.engine.knowledge.GameKnowledge.choices`: each legal action,
or in Riftforce each complete action) is played in the same *worlds*: copies of the game in
which everything the seat cannot see is dealt again at random (:mod:`explorer.engine.worlds`),
so the advice reads only ``position(game, seat)``. In each world the choice is made, the game
is played on by the heuristic bots to the seat's next decision after the others have decided
(chance sampled with its exact weights by the world's own generator), and the position reached
is valued by the game's learned win chance (:mod:`explorer.coach.value`; exact once the game
is over). Every choice meets the same worlds and seeds, so the loss of a choice against the
best is measured pair by pair, as GNU Backgammon's rollouts compare moves on the same dice.
Where the worlds cannot tell the best they found from the choice the seat's heuristic bot
makes (and none is clearly better than it), that usual choice is named best: near-equal
choices swap places from one budget to another, so naming the usual one keeps the advice the
same at any budget (``benchmarks/coach.py audit``), and the others stay "too close to call".

:func:`review` answers "how much did that cost me?" for every decision of a seat in a game
(:func:`summary` sums it up), in this process or spread over a Dask cluster.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from explorer.coach.value import CoachError, learned, outcome, unfitted, win_chance
from explorer.engine import Action, Decision, Game
from explorer.engine.bots import Bot, register_bot
from explorer.engine.knowledge import knowledge_for
from explorer.engine.search import view_rng
from explorer.engine.worlds import World

__all__ = ["LABELS", "THRESHOLDS", "Advice", "CoachBot", "CoachError", "advise", "review",
           "summary", "undecided"]

THRESHOLDS = (("good", 0.02), ("inaccuracy", 0.05), ("mistake", 0.10))
"""A choice's label by its loss of win chance against the best choice (when the paired
interval of the loss is above 0): under 2 points "good", under 5 "inaccuracy", under 10
"mistake", else "blunder" (lichess marks a drop of its winning chances so, GNU Backgammon an
equity loss)."""
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder", "too close to call",
          "not examined")
"""Every label, the best first ("not examined": a screened choice that met no world)."""
Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
       2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
       2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
"""Student's t quantile of a two-sided 95% interval for 1 to 30 degrees of freedom (the
standard table, e.g. the NIST/SEMATECH e-Handbook's, 1.3.6.7.2)."""


def t95(freedom: int) -> float:
    """Student's t quantile of a two-sided 95% interval with ``freedom`` degrees of freedom:
    the table to 30, then the Cornish-Fisher expansion about :data:`Z95` (within 0.0005).
    A mean of few worlds is less sure than the normal quantile says: with 4 worlds the half
    width is 3.18 standard errors, not 1.96."""
    if freedom < 1:
        raise CoachError(f"an interval needs at least 1 degree of freedom; found {freedom}")
    if freedom <= len(T95):
        return T95[freedom - 1]
    z = Z95
    return z + (z ** 3 + z) / (4 * freedom) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (
        96 * freedom ** 2)
MIN_WORLDS = 2
"""The fewest worlds an answer may be asked for (one world gives no interval); where the work
runs out, an answer may still be cut to one, its intervals then wide."""
MAX_WORLDS = 1000
"""Worlds no budget goes beyond (ten times the default and more, for the audit)."""
DEFAULT_WORLDS = 24
"""Worlds each choice meets by default (fewer once its label is settled): a fixed number, so
the same view gets the same answer on any machine at any load (``benchmarks/coach.py audit``
measures how steady its labels are against ten times as many)."""
DEFAULT_WORK = 70_000
"""The most work one answer may do by default, counted in steps: each step a world is played
on, :data:`WORLD_COST` for each world built, and the bots' thinking
(:attr:`explorer.engine.bots.Bot.work`); :data:`FIRST_SHARE` of it for the first worlds, the
rest to measure the choices they flag again. Counted, not timed, so where it runs out depends
only on the position; a choice that met fewer worlds shows it in its interval. At the default
worlds it binds mostly in Riftforce, whose worlds' opponents search every complete action of
their turn, and at a few late Adventurers positions, whose worlds are played to the end
(``benchmarks/coach.py audit``: a median answer of about a second in Riftforce, one core)."""
WORLD_COST = 50
"""The work of building one world (a copy of the game with its hidden cards dealt again),
in steps."""
MIN_WORK = 1_000
"""The least ``work`` an answer may be given."""
USUAL_NEAR = 0.05
"""The most the worlds may find the usual play below the best found for it to be named best
in its place (:func:`_usual`; the top of "inaccuracy"): a tie-break between near-equal
choices, never a cover for one the worlds, too few to be sure, put well below (Gamma World's
audit: three usual plays 10 to 30 points below, named best, were blunders at ten times the
budget)."""
USUAL_SEED = 0x05E4A1
"""Mixed into an answer's seed for the heuristic bot asked for the usual play (:func:`_usual`),
so that its lots are not the worlds'."""
FIRST_SHARE = 70
"""The share of an answer's work, in percent, its first worlds may spend where the game
measures flags again (:attr:`~explorer.engine.knowledge.GameKnowledge.confirm_flags`): the
rest is kept to measure again, in fresh worlds played to the end, the choices they call a
mistake or a blunder (:func:`_confirm`)."""
SETTLE_WORLDS = 8
"""Worlds a choice meets before its label may be settled (:func:`_settled`)."""
HORIZON_STEPS = 2_000
"""The most steps a world is played on after a choice (a guard; the horizon comes sooner)."""
MAX_GAME_STEPS = 20_000
"""The most steps a world is played on to its end (a guard)."""
PLAYED_ON = 8
"""The most choices played on in worlds where a game screens its choices (Riftforce's
complete actions, often hundreds): the game's own first ones (its heuristic bot's best) and
the best by its quick estimate, half and half; the rest are valued by that estimate alone
(GNU Backgammon too screens every move cheaply and rolls out only the best)."""


@dataclass(frozen=True)
class Advice:
    """One choice of a decision and what the coach makes of it.

    ``action`` is the action to take now (one of ``game.legal_actions()``), ``actions`` the
    whole run of the seat's actions the choice is (one for most games; a complete action in
    Riftforce), ``text`` its words. ``win`` is the seat's chance of winning after it (for a
    choice other than the best, the best's less its paired ``loss``, so that the order of the
    numbers is the order of the labels), with its 95% ``interval``; ``loss`` the best
    choice's ``win`` less this one's, with the 95% ``loss_interval`` of the paired
    comparison (0 and (0, 0) for the best); ``label`` one of :data:`LABELS`. ``exact`` is
    the exact chance where the choice ends the game (else None); ``worlds`` how many worlds
    this choice met (a choice whose label is settled meets no more: :func:`_settled`).
    ``screened``: a choice met no world, valued by the game's quick estimate alone
    (:data:`PLAYED_ON`): labelled "not examined", its ``loss`` that estimate's against the
    best's, its ``win`` the best's less that loss, and its intervals the whole range (no
    world measured it). ``note``: in players' words, how the choices were valued where it is
    not the usual way (worlds played to the end because the learned chance was not fitted to
    such positions), else empty. ``usual``: this is the choice the seat's heuristic bot
    makes (:func:`_usual`), named best where the worlds cannot tell it from the best."""

    action: Action
    actions: tuple[Action, ...]
    text: str
    win: float
    interval: tuple[float, float]
    loss: float
    loss_interval: tuple[float, float]
    label: str
    exact: Fraction | None
    worlds: int
    screened: bool = False
    note: str = ""
    usual: bool = False


def _check(game: object, seat: object) -> tuple[Game, int]:
    if not isinstance(game, Game):
        raise CoachError(f"the coach advises on a game; found {game!r}")
    if game.is_over:
        raise CoachError("the game is over: there is no decision to advise on")
    if seat is None:
        if not isinstance(game.pending, Decision):
            raise CoachError("no seat is deciding now (a chance step is pending); name a seat "
                             "or step on to a decision")
        seat = game.current_player
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise CoachError(f"seat must be None (the seat deciding) or a seat number from 0 to "
                         f"{game.players - 1}; found {seat!r}")
    if game.current_player != seat:
        raise CoachError(f"seat {seat} has no decision pending: "
                         + ("a chance step is" if game.is_chance
                            else f"seat {game.current_player} is deciding"))
    return game, seat


def _budget(worlds: object, work: object) -> tuple[int, int]:
    """The worlds and work of one answer, checked (None: the defaults)."""
    worlds = DEFAULT_WORLDS if worlds is None else worlds
    work = DEFAULT_WORK if work is None else work
    if isinstance(worlds, bool) or not isinstance(worlds, int) or \
            not MIN_WORLDS <= worlds <= MAX_WORLDS:
        raise CoachError(f"worlds must be a whole number from {MIN_WORLDS} to "
                         f"{MAX_WORLDS}; found {worlds!r}")
    if isinstance(work, bool) or not isinstance(work, int) or \
            not MIN_WORK <= work <= 100 * DEFAULT_WORK:
        raise CoachError(f"work must be a whole number of steps from {MIN_WORK} to "
                         f"{100 * DEFAULT_WORK}; found {work!r}")
    return worlds, work


def _play_on(world: Game, seat: int, bots: dict[int, Bot], rng: random.Random,
             to_end: bool = False) -> int:
    """Play ``world`` on with heuristic bots until ``seat`` decides again after another seat
    has decided (its own turn played out first), or the game ends (``to_end``: only then);
    return the work the bots made in their thinking (:attr:`explorer.engine.bots.Bot.work`)."""
    before = sum(bot.work for bot in bots.values())
    others = False
    for _ in range(HORIZON_STEPS if not to_end else MAX_GAME_STEPS):
        if world.is_over:
            break
        if world.is_chance:
            world.step()
            continue
        player = world.current_player
        if player == seat and others and not to_end:
            break
        if player != seat:
            others = True
        bot = bots.get(player)
        if bot is None:
            bot = bots[player] = world.rules.heuristic_bot(rng.getrandbits(63))
        world.step(bot.choose(world))
    return sum(bot.work for bot in bots.values()) - before


def _evaluate(game: Game, seat: int, actions: Sequence[Action], seed: int,
              to_end: bool = False, budget: list[int] | None = None
              ) -> tuple[float, Fraction | None, int]:
    """The seat's win chance after ``actions`` in the world of ``seed``, the exact one when
    the actions end the game, at once or through chance steps alone (every outcome of them
    weighed: :func:`_chance_tree`, while ``budget``, the steps it may still replay, lasts;
    None: no tree is tried), and the work it took in steps (:data:`WORLD_COST` a world, each
    step played, and the bots' thinking: :attr:`explorer.engine.bots.Bot.work`)."""
    world = World(game, seat, seed)
    start = world.steps
    if not _follow(world, seat, actions):
        thought = _play_on(world, seat, {}, random.Random(seed ^ 0xC0AC4), to_end)
        return win_chance(world, seat), None, WORLD_COST + world.steps - start + thought
    if world.is_over:
        exact = outcome(world, seat)
        return float(exact), exact, WORLD_COST + world.steps - start
    while _forced(world):
        world.step(None if world.is_chance else world.legal_actions()[0])
    if world.is_over:  # this world ended through chance alone: weigh every outcome
        spent = WORLD_COST + world.steps - start
        if budget is not None and budget[0] >= 2 * WORLD_COST:
            budget[0] -= WORLD_COST
            tree = World(game, seat, seed)
            _follow(tree, seat, actions)
            exact = _chance_tree(tree, seat, [0], budget)
            if exact is not None:
                return float(exact), exact, spent
        return float(outcome(world, seat)), None, spent
    thought = _play_on(world, seat, {}, random.Random(seed ^ 0xC0AC4), to_end)
    return win_chance(world, seat), None, WORLD_COST + world.steps - start + thought


def _follow(world: Game, seat: int, actions: Sequence[Action]) -> bool:
    """Make ``actions`` in ``world``; False when a chance step comes between two of them or
    the run stops fitting (the bots then play on from where it stopped)."""
    for number, action in enumerate(actions):
        if world.is_chance and number:
            while world.is_chance:
                world.step()
            return False
        if world.is_over or world.current_player != seat or \
                action not in world.legal_actions():
            return False
        world.step(action)
    return True


def _forced(world: Game) -> bool:
    """Whether the next step decides nothing: a chance step, or a decision with one choice."""
    return world.is_chance or (not world.is_over and len(world.legal_actions()) == 1)


TREE_LEAVES = 64
"""The most final positions :func:`_chance_tree` weighs before it gives up."""
TREE_STEPS = 60_000
"""The most work one :func:`advise` spends weighing chance trees, in steps: each branch's undo
is a copy from the world's latest checkpoint, counted as :data:`WORLD_COST` (counted, not
measured, so where a tree is given up depends on the position alone)."""


def _chance_tree(world: Game, seat: int, leaves: list[int],
                 budget: list[int]) -> Fraction | None:
    """The exact share of the win for ``seat`` over every outcome of the chance steps from
    here, when each of them ends the game before anyone decides (a decision with one choice
    decides nothing); else None, and None when ``budget`` (work, :data:`TREE_STEPS`; each
    undo :data:`WORLD_COST`) runs out."""
    if world.is_over:
        leaves[0] += 1
        return outcome(world, seat)
    if not _forced(world) or leaves[0] >= TREE_LEAVES:
        return None
    outcomes = world.chance_outcomes() if world.is_chance else [(None, Fraction(1))]
    total = Fraction(0)
    for result, chance in outcomes:
        cost = WORLD_COST  # the undo after this branch (a copy from a checkpoint)
        if budget[0] < cost:
            return None
        budget[0] -= cost
        # (a decision with one choice decides nothing: its one action is taken)
        world.step(world.legal_actions()[0] if result is None else result)
        found = _chance_tree(world, seat, leaves, budget)
        world.undo()
        if found is None:
            return None
        total += chance * found
    return total


def _interval(values: Sequence[float], low: float, high: float) -> tuple[float, float]:
    """The 95% interval of the mean of ``values`` (Student's t: :func:`t95`), kept within
    ``low`` and ``high``; all of it with fewer than two values."""
    n = len(values)
    if n < 2:
        return low, high
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = t95(n - 1) * spread / math.sqrt(n)
    return max(low, mean - half), min(high, mean + half)


def _honest(values: Sequence[float], low: float, high: float,
            reach: float) -> tuple[float, float]:
    """The 95% interval of the mean of ``values`` as the worlds' evidence allows, never
    narrower: the Student's t interval of the values with one imagined world more at each end
    of ``reach`` around their mean (kept within ``low`` and ``high``), and always holding the
    mean itself. Worlds that all agree then still leave room for the worlds not met (with 18
    worlds all won, 85% to 100%, not 100% to 100%), as Agresti and Coull's "add two successes
    and two failures" keeps a share's interval honest; with many worlds the two imagined ones
    count for little. Zero width only when ``reach`` is 0: every value met was the same."""
    n = len(values)
    if n == 0:
        return low, high
    mean = sum(values) / n
    if reach <= 0.0:
        return mean, mean
    wider = _interval([*values, max(low, mean - reach), min(high, mean + reach)], low, high)
    return min(wider[0], mean), max(wider[1], mean)


def _band(loss: float) -> int:
    """Which label band a loss falls in (0: "good", 1: "inaccuracy", ...)."""
    return next((n for n, (_, below) in enumerate(THRESHOLDS) if loss < below),
                len(THRESHOLDS))


def _settled(best: Sequence[float], values: Sequence[float], reach: float) -> bool:
    """Whether more worlds cannot change a choice's label against the best: its paired loss
    interval (:func:`_honest`, ``reach`` the spread of the values met), after
    :data:`SETTLE_WORLDS` worlds or more, lies above 0 and inside one label band. Such a
    choice meets no more worlds, and the rest go to the contenders (GNU Backgammon's rollouts
    likewise stop rolling out a move that is far behind the best)."""
    if len(values) < SETTLE_WORLDS:
        return False
    paired = [b - v for b, v in zip(best, values, strict=False)]
    low, high = _honest(paired, -1.0, 1.0, reach)
    return low > 0.0 and _band(low) == _band(high)


def _label_of(paired: Sequence[float], loss: float, interval: tuple[float, float]) -> str:
    """A choice's label from its paired losses against the best: "best" where it did exactly
    as well in every world, and there were :data:`SETTLE_WORLDS` of them or its loss is
    exact (one or two worlds that agree say little), else by :func:`_label`."""
    if not any(paired) and (len(paired) >= SETTLE_WORLDS or interval[0] == interval[1]):
        return "best"
    return _label(loss, interval)


def _label(loss: float, interval: tuple[float, float]) -> str:
    if interval[0] <= 0.0:
        return "too close to call"
    for label, below in THRESHOLDS:
        if loss < below:
            return label
    return "blunder"


def _screen(game: Game, seat: int, listed: Sequence[tuple[tuple[Action, ...], str]],
            keep: Sequence[tuple[Action, ...]]) -> tuple[list[int], list[float | None]]:
    """The choices to play on in worlds and each choice's quick estimate (None: none given):
    every choice where the game has no quick estimate or the list is short; else the game's
    own first :data:`PLAYED_ON` // 2, then the best by the quick estimate up to
    :data:`PLAYED_ON`, and always the runs in ``keep`` and those the estimate cannot tell."""
    knowledge = knowledge_for(game.game_id)
    if len(listed) <= PLAYED_ON or not knowledge.can_screen:
        return list(range(len(listed))), [None] * len(listed)
    quick = knowledge.quick(game, seat, [run for run, _ in listed],
                            functools.partial(learned, game.game_id))
    played = set(range(PLAYED_ON // 2))
    for number in sorted((n for n, q in enumerate(quick) if q is not None),
                         key=lambda n: (-quick[n], n)):  # type: ignore[operator]
        if len(played) >= PLAYED_ON:
            break
        played.add(number)
    kept = {tuple(run) for run in keep}
    played |= {n for n, (run, _) in enumerate(listed) if quick[n] is None or run in kept}
    return sorted(played), quick


def advise(game: Game, seat: int | None = None, *, worlds: int | None = None,
           work: int | None = None, seed: int = 0,
           choices: Sequence[tuple[tuple[Action, ...], str]] | None = None,
           keep: Sequence[tuple[Action, ...]] = (), confirm: bool = True,
           to_end: bool | None = None) -> list[Advice]:
    """Every choice of ``seat``'s pending decision (the seat deciding by default) with its
    chance of winning, best first (module docstring).

    The choices meet ``worlds`` worlds each (:data:`DEFAULT_WORLDS`), dealt with seeds drawn
    from a digest of the seat's view and ``seed``, while the answer's ``work`` lasts (steps
    played in worlds, :data:`DEFAULT_WORK`; counted, never timed): so the same view gets the
    same answer on any machine at any load. From :data:`SETTLE_WORLDS` worlds on, a choice
    whose label more worlds cannot change meets no more of them, and once only the best is
    left the answer is given. ``choices`` replaces the game's own list (a review adds the run
    actually played). Where a game lists more than :data:`PLAYED_ON` choices and gives a
    quick estimate of them, only the most promising meet worlds (:func:`_screen`; ``keep``:
    runs that always do); the others are ``screened``, "not examined". Where the learned win
    chance was not fitted to positions like this one (:func:`explorer.coach.value.unfitted`),
    worlds are played to the end of the game instead. The best named is the usual choice
    (:func:`_usual`) where the worlds cannot tell it from the best they found. A choice the
    worlds call a mistake or a blunder is measured again, against the best, in fresh worlds
    played to the end (where the game does: :func:`_confirm`), and labelled by those alone,
    their loss shrunk as the game's fitted spread has it (:func:`_shrunk`);
    ``confirm=False`` leaves that out (the coach bot, which only asks which choice to play).
    ``to_end`` overrides the game's own choice of playing worlds to the end
    (:attr:`~explorer.engine.knowledge.GameKnowledge.coach_to_end`): False values them at the
    seat's next decision by the learned win chance where it fits (the coach bot of a game
    with :attr:`~explorer.engine.knowledge.GameKnowledge.bot_learned`).
    Raises :class:`CoachError` on a bad
    argument or a game that is over; the game is never changed.
    """
    game, seat = _check(game, seat)
    wanted, work = _budget(worlds, work)
    if not isinstance(confirm, bool):
        raise CoachError(f"confirm must be True or False; found {confirm!r}")
    if to_end is not None and not isinstance(to_end, bool):
        raise CoachError(f"to_end must be True, False or None; found {to_end!r}")
    knowledge = knowledge_for(game.game_id)
    if not knowledge.can_redeal:
        raise CoachError(f"{game.game_id} cannot deal its hidden cards again, so the coach "
                         "cannot imagine the game from a seat's view")
    why_not_learned = unfitted(game)
    to_end = (knowledge.coach_to_end if to_end is None else to_end) or \
        why_not_learned is not None
    listed = list(choices) if choices is not None else knowledge.choices(game, seat)
    legal = game.legal_actions()
    listed = [(tuple(run), text) for run, text in listed if run and run[0] in legal]
    if not listed:
        raise CoachError("no choice of the pending decision can be advised on")
    rng = view_rng(game, seat, seed)
    # the usual play's own seed, from the view alone: the same whatever the worlds met
    usual_seed = view_rng(game, seat, seed ^ USUAL_SEED).getrandbits(63)
    values: list[list[float]] = [[] for _ in listed]
    exact: list[Fraction | None] = [None] * len(listed)
    final = [True] * len(listed)
    budget = [TREE_STEPS]  # shared by every chance tree of this answer
    live, quick = _screen(game, seat, listed, keep)  # the choices still meeting worlds
    played = set(live)
    meet = functools.partial(_meet, game, seat, listed, wanted=wanted, rng=rng, budget=budget)
    confirm = confirm and knowledge.confirm_flags
    first = work * FIRST_SHARE // 100 if confirm else work
    spent, live = meet(live, values, exact, final, work=first, spent=0, to_end=to_end)
    wins = [sum(v) / len(v) if v else 0.0 for v in values]
    best = max(live, key=lambda n: (wins[n], -n))  # (a settled choice is clearly worse)
    reach = _reach(values)
    usual = _usual(game, seat, listed, usual_seed, knowledge)
    certain = final[best] and exact[best] is not None  # (an exact best is never doubted)
    if usual is not None and usual in live and usual != best and not certain and \
            len(values[usual]) >= SETTLE_WORLDS and \
            _paired(best, usual, values, exact, final, reach)[1] < USUAL_NEAR and \
            _as_good(usual, live, values, exact, final, reach):  # (a few worlds tell little)
        best = usual  # the worlds cannot tell the best found from the usual play: name that
    fresh = _confirm(best, played, values, exact, final, reach) if confirm else []
    if fresh:  # each flag is measured again in fresh worlds, against the best named
        again: list[list[float]] = [[] for _ in listed]
        again_exact: list[Fraction | None] = [None] * len(listed)
        again_final = [True] * len(listed)
        spent, _ = meet([best, *fresh], again, again_exact, again_final, work=work,
                        spent=spent, lead=best, to_end=True)
        again_reach = _reach(again)
    note = "" if why_not_learned is None or knowledge.coach_to_end else \
        f"played to the end: {why_not_learned}"
    advice = []
    for number, (run, text) in enumerate(listed):
        action = legal[legal.index(run[0])]
        if number not in played:  # screened: the quick estimates' difference alone
            mine, theirs = quick[number], quick[best]
            assert mine is not None
            loss = (wins[best] if theirs is None else theirs) - mine
            win = min(1.0, max(0.0, wins[best] - loss))
            advice.append(Advice(action, run, text, win, (0.0, 1.0), loss, (-1.0, 1.0),
                                 "not examined", None, 0, screened=True, note=note,
                                 usual=number == usual))
            continue
        known = exact[number] if final[number] else None
        if known is not None:
            interval = (float(known), float(known))
        else:
            interval = _honest(values[number], 0.0, 1.0, 1.0)
        met = len(values[number])
        if number == best:
            loss, loss_interval, label = 0.0, (0.0, 0.0), "best"
        elif number in fresh and not again[number]:  # no work left to measure it again
            paired, loss, _ = _paired(best, number, values, exact, final, reach)
            loss_interval, label = (-1.0, 1.0), "too close to call"
        elif number in fresh:
            paired, loss, loss_interval = _paired(best, number, again, again_exact,
                                                  again_final, again_reach)
            loss, loss_interval = _shrunk(loss, loss_interval, knowledge.flag_spread)
            label = _label_of(paired, loss, loss_interval)
            met = len(again[number])
        else:
            paired, loss, loss_interval = _paired(best, number, values, exact, final, reach)
            label = _label_of(paired, loss, loss_interval)
        win = wins[number]
        if number != best and known is None:
            # the best's chance less the paired loss: a choice that met fewer worlds (settled
            # early) is read on the same worlds as the best, so its number and label agree
            win = min(1.0, max(0.0, wins[best] - loss))
            interval = (min(interval[0], win), max(interval[1], win))
            if number in fresh:  # measured again: the best's interval less the loss's
                top = _honest(values[best], 0.0, 1.0, 1.0)
                interval = (max(0.0, min(win, top[0] - loss_interval[1])),
                            min(1.0, max(win, top[1] - loss_interval[0])))
        advice.append(Advice(action, run, text, win, interval, loss, loss_interval,
                             label, known, met, note=note, usual=number == usual))
    named = listed[best][0]
    advice.sort(key=lambda a: (a.label != "best", a.actions != named, a.screened, -a.win))
    return advice


def _meet(game: Game, seat: int, listed: Sequence[tuple[tuple[Action, ...], str]],
          live: list[int], values: list[list[float]], exact: list[Fraction | None],
          final: list[bool], *, wanted: int, rng: random.Random, to_end: bool,
          budget: list[int], work: int, spent: int, lead: int | None = None
          ) -> tuple[int, list[int]]:
    """Play the choices of ``live`` in up to ``wanted`` worlds (seeds from ``rng``), adding
    each value to ``values`` (and the exact chance to ``exact`` while every world agrees on
    it, else ``final`` turns False), until the work spent would pass ``work``. From
    :data:`SETTLE_WORLDS` worlds on, a choice settled against the leader (``lead``, else the
    best so far) meets no more, and once only the leader is left it stops. Returns the work
    spent in all (from ``spent``) and the choices still meeting worlds."""
    start, count = spent, 0
    while count < wanted and live:
        world_seed = rng.getrandbits(63)
        for number in live:
            value, known, cost = _evaluate(game, seat, listed[number][0], world_seed, to_end,
                                           budget if final[number] else None)
            spent += cost
            values[number].append(value)
            if known is None:
                final[number] = False
            elif exact[number] is None:
                exact[number] = known
            elif exact[number] != known:
                final[number] = False
        count += 1
        if count >= SETTLE_WORLDS and len(live) > 1:
            reach = _reach(values)
            leader = lead if lead is not None else \
                max(live, key=lambda n: (sum(values[n]) / count, -n))
            live = [n for n in live
                    if n == leader or not _settled(values[leader], values[n], reach)]
        if len(live) == 1 and count >= SETTLE_WORLDS:
            break  # every other choice is settled: the leader needs no more worlds
        if spent + (spent - start) / count > work:
            break  # another world would overrun the work (counted, so the same everywhere;
            # one world may be all it allows, and the intervals then say how little that is)
    return spent, live


def _confirm(best: int, played: set[int], values: Sequence[Sequence[float]],
             exact: Sequence[Fraction | None], final: Sequence[bool],
             reach: float) -> list[int]:
    """The choices the worlds call a mistake or a blunder against the best named, unless
    both chances are exact: each is measured again in fresh worlds before it is so labelled.
    Picking the choices that did worst in the same worlds that measure them would claim too
    much (the winner's curse: over a hundred flags of heuristic-bot games, a loss claimed
    two to three times the loss played out from the real positions)."""
    found = []
    for number in sorted(played):
        if number == best or not values[number]:
            continue
        paired, loss, interval = _paired(best, number, values, exact, final, reach)
        if any(paired) and interval[0] < interval[1] and \
                _label(loss, interval) in ("mistake", "blunder"):
            found.append(number)
    return found


def _shrunk(loss: float, interval: tuple[float, float],
            spread: float | None) -> tuple[float, tuple[float, float]]:
    """A loss measured again in fresh worlds, and its 95% interval, shrunk toward 0 as a
    normal prior of standard deviation ``spread`` over the real losses would have it (the
    game's :attr:`~explorer.engine.knowledge.GameKnowledge.flag_spread`; None, or an exact
    loss: unchanged). The fresh worlds label a choice only where their interval is above 0,
    and the losses that pass that line are the ones that came out high (the winner's curse at
    the label's threshold: over a hundred flags a game, a loss claimed about 1.6 times the loss
    played out from the real positions). Each side's standard error is read from the
    interval's own half (:func:`_honest`); with more worlds it shrinks less. The interval is
    the posterior's, so a loss that only just passed 0 may no longer be labelled."""
    low, high = interval
    if spread is None or low == high:
        return loss, interval
    below, above = (loss - low) / Z95, (high - loss) / Z95
    keep = spread ** 2 / (spread ** 2 + below ** 2)
    centre, scale = keep * loss, math.sqrt(keep)
    return centre, (max(-1.0, centre - Z95 * scale * below),
                    min(1.0, centre + Z95 * scale * above))


def _paired(best: int, number: int, values: Sequence[Sequence[float]],
            exact: Sequence[Fraction | None], final: Sequence[bool],
            reach: float) -> tuple[list[float], float, tuple[float, float]]:
    """Choice ``number``'s loss against choice ``best``, world by world over the worlds it
    met, their mean, and its 95% interval (:func:`_honest`; exact where both chances are)."""
    paired = [b - v for b, v in zip(values[best], values[number], strict=False)]
    loss = sum(paired) / len(paired)
    if final[number] and exact[number] is not None and final[best] and \
            exact[best] is not None:
        return paired, loss, (loss, loss)
    return paired, loss, _honest(paired, -1.0, 1.0, reach)


def _as_good(usual: int, live: Sequence[int], values: Sequence[Sequence[float]],
             exact: Sequence[Fraction | None], final: Sequence[bool], reach: float) -> bool:
    """Whether the worlds cannot tell choice ``usual`` from any choice still in contention:
    no choice of ``live`` is clearly better (the paired loss interval of ``usual`` against
    it reaches 0)."""
    return all(_paired(other, usual, values, exact, final, reach)[2][0] <= 0.0
               for other in live if other != usual)


def _usual(game: Game, seat: int, listed: Sequence[tuple[tuple[Action, ...], str]],
           seed: int, knowledge: Any) -> int | None:
    """The choice of ``listed`` the seat's heuristic bot makes (its number; None where it
    makes none of them): the game's own word where it gives one
    (:meth:`~explorer.engine.knowledge.GameKnowledge.usual`), else the bot's choice in a
    world of ``seed`` (so it reads only what the seat sees)."""
    run = knowledge.usual(game, seat)
    if run is not None:
        return next((n for n, (listed_run, _) in enumerate(listed) if listed_run == run),
                    None)
    world = World(game, seat, seed)
    action = world.rules.heuristic_bot(seed).choose(world)
    return next((n for n, (listed_run, _) in enumerate(listed) if listed_run[0] == action),
                None)


def undecided(advice: Sequence[Advice]) -> bool:
    """Whether the coach cannot tell the choices of an answer apart: two or more choices
    played on, and none of them clearly worse than the best (each "best" or "too close to
    call"). Then no choice is the best: a page says so in words."""
    examined = [item for item in advice if not item.screened]
    return len(examined) > 1 and all(item.label in ("best", "too close to call")
                                     for item in examined)


def _reach(values: Sequence[Sequence[float]]) -> float:
    """How far apart the values met at a decision lie (every choice, every world): the scale
    of what one world not met could change (:func:`_honest`)."""
    met = [v for choice in values for v in choice]
    return max(met) - min(met) if met else 0.0


# ---- the coach as a bot ---------------------------------------------------------------------

BOT_WORLDS = 4
"""Worlds of the coach bot's decisions, valued at the seat's next decision."""
BOT_WORLDS_TO_END = 16
"""Worlds of the coach bot's decisions in a game played on to its end (each world's value is
a win or a loss: more of them are needed)."""


BOT_EDGE = 0.05
"""How much higher a choice's chance of winning must be than the base bot's choice's before
the coach bot plays it instead (with the game's ``coach_margin`` on top)."""


class CoachBot(Bot):
    """Plays the choice the coach finds best where it clearly beats its base bot's, else the
    base bot's.

    The base bot is the game's :attr:`~explorer.engine.knowledge.GameKnowledge.coach_base`:
    the search bot where it is the stronger (Rifts, Gamma World), else the heuristic bot. At
    a decision with two or more choices it asks :func:`advise` (a fixed number of ``worlds``,
    :data:`BOT_WORLDS` or :data:`BOT_WORLDS_TO_END` by default, so a game is the same for the
    same seeds; without measuring its flags again, ``confirm=False``; valued by the learned
    win chance where the game says so,
    :attr:`~explorer.engine.knowledge.GameKnowledge.bot_learned`) and the base bot; it
    plays the choice with the highest chance of winning where that is more than
    :data:`BOT_EDGE` plus the game's
    :attr:`~explorer.engine.knowledge.GameKnowledge.coach_margin` above the base bot's
    choice's, else the base bot's (policy improvement on the base bot, as Tesauro and
    Galperin's rollouts improved a backgammon player). It reads the chances, not the labels:
    at a few worlds a decision the labels' honest intervals seldom tell two choices apart
    (the base bot would then never be left), and a bot decides on the evidence it has. It
    follows the rest of a complete action at the seat's next decisions of the same turn."""

    name = "coach"

    def __init__(self, seed: int | None = None, worlds: int | None = None) -> None:
        self.seed = 0 if seed is None else seed
        self.worlds = worlds
        self._plan: list[Action] = []
        self._at = -1
        self._base: Bot | None = None

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        if self._plan and game.steps >= self._at and self._plan[0] in actions:
            action = self._plan.pop(0)
            self._at = game.steps + 1
            return actions[actions.index(action)]
        self._plan = []
        knowledge = knowledge_for(game.game_id)
        if self._base is None:
            from explorer.engine.bots import make_bot

            self._base = make_bot(game, knowledge.coach_base, self.seed)
        usual = self._base.choose(game)  # (it keeps its own plan of the turn)
        if len(actions) == 1:
            return actions[0]
        listed = knowledge.choices(game, game.current_player)
        if len(listed) < 2:
            return usual
        to_end = knowledge.coach_to_end and not knowledge.bot_learned
        worlds = self.worlds or (BOT_WORLDS_TO_END if to_end else BOT_WORLDS)
        advice = advise(game, worlds=worlds, seed=self.seed, choices=listed, confirm=False,
                        to_end=to_end)
        mine = next((a for a in advice if a.action == usual), None)
        top = max((a for a in advice if not a.screened), key=lambda a: a.win)
        if mine is not None and top.win - mine.win <= BOT_EDGE + knowledge.coach_margin:
            return usual
        best = top.actions
        if hasattr(self._base, "forget"):  # the coach's run, not the base bot's, goes on:
            self._base.forget()  # the base's plan of the turn no longer follows from the game
        self._plan = list(best[1:])
        self._at = game.steps + 1
        return actions[actions.index(best[0])]


# ---- review ---------------------------------------------------------------------------------

REVIEW_SCHEMA = {"step": "Int64", "turn": "Int64", "phase": "String", "chosen": "String",
                 "best": "String", "win_chosen": "Float64", "win_best": "Float64",
                 "loss": "Float64", "loss_low": "Float64", "loss_high": "Float64",
                 "label": "String", "choices": "Int64"}
"""The columns of a review, in order, with their polars types."""


def _taken_run(game: Game, seat: int, start: int, longest: int) -> tuple[Action, ...]:
    """The seat's actions taken from step ``start`` on, while it keeps deciding (chance steps
    between them allowed), at most ``longest``."""
    replay = game.at(start)
    run: list[Action] = []
    for number in range(start, game.steps):
        if replay.is_chance:
            replay._take(game._inputs[number], clear_redo=True)
            continue
        if replay.current_player != seat or len(run) >= longest:
            break
        record = game._inputs[number]
        run.append(replay.legal_actions()[record[1]])
        replay._take(record, clear_redo=True)
    return tuple(run)


def review_step(text: str, step: int, seat: int, worlds: int, seed: int) -> dict[str, Any]:
    """The review row of the decision at ``step`` of the saved game ``text`` (a Dask task)."""
    return _review_row(_loaded(text), step, seat, worlds, seed)


@functools.lru_cache(maxsize=2)
def _loaded(text: str) -> Game:
    """The saved game ``text``, loaded once per worker for all its decisions (a review only
    reads it: :meth:`Game.at`)."""
    from explorer.engine import load_game

    return load_game(text)


def _review_row(game: Game, step: int, seat: int, worlds: int, seed: int) -> dict[str, Any]:
    import importlib

    here = game.at(step)
    listed = knowledge_for(game.game_id).choices(here, seat)
    longest = max(len(run) for run, _ in listed)
    taken = _taken_run(game, seat, step, longest)
    match = max((run for run, _ in listed if taken[:len(run)] == run), key=len, default=None)
    if match is None:
        match = taken
        listed.append((taken, "; ".join(a.text or str(a) for a in taken)))
    advice = advise(here, seat, worlds=worlds, seed=seed, choices=listed, keep=[match])
    chosen = next(a for a in advice if a.actions == match)
    best = advice[0]
    view = importlib.import_module(f"explorer.games.{game.game_id}").position(here, seat)
    return {"step": step, "turn": int(view.get("turn") or 0), "phase": view["phase"]["name"],
            "chosen": chosen.text, "best": best.text, "win_chosen": chosen.win,
            "win_best": best.win, "loss": chosen.loss, "loss_low": chosen.loss_interval[0],
            "loss_high": chosen.loss_interval[1], "label": chosen.label,
            "choices": len(advice)}


def decisions(game: Game, seat: int) -> list[int]:
    """The steps of ``game``'s record where ``seat`` chose among two or more choices, the
    later actions of a run the coach lists (a Riftforce complete action) left out: one walk
    through the record, following the listed runs the seat's actions still match."""
    found = []
    replay = game.at(0)
    knowledge = knowledge_for(game.game_id)
    runs: list[tuple[Action, ...]] = []  # the runs the seat's actions so far follow
    made = 0  # how many actions of those runs are made
    for number in range(game.steps):
        record = game._inputs[number]
        if not replay.is_chance:
            if replay.current_player != seat:
                runs = []  # another seat decides: a run ends
            else:
                legal = replay.legal_actions()
                action = legal[record[1]]
                runs = [run for run in runs if len(run) > made and run[made] == action]
                if runs:
                    made += 1
                elif len(legal) > 1:
                    found.append(number)
                    runs = [run for run, _ in knowledge.choices(replay, seat)
                            if run[0] == action and len(run) > 1]
                    made = 1
        replay._take(record, clear_redo=True)
    return found


def review(game: Game, seat: int, *, worlds: int = 16, seed: int = 0,
           workers: int | None = None, scheduler: str | None = None,
           progress: bool = False,
           on_row: Callable[[int, int], None] | None = None,
           steps: Sequence[int] | None = None) -> Any:
    """A polars DataFrame, one row per decision of ``seat`` in ``game`` so far (or at its
    end): ``step``, ``turn``, ``phase``, ``chosen``, ``best``, ``win_chosen``, ``win_best``,
    ``loss`` (with its paired 95% interval ``loss_low``, ``loss_high``), ``label``, and how
    many ``choices`` there were. The decisions are advised with ``worlds`` worlds each, in
    this process or spread over a Dask cluster (``workers`` or ``scheduler``); a tqdm bar
    counts them when ``progress``; ``on_row(done, total)`` is called after each decision in
    this process (a page's progress bar). ``steps``: the decisions to review (some of
    :func:`decisions`, e.g. :func:`spread_evenly`'s; all of them when None). Each decision's
    advice does at most :data:`DEFAULT_WORK` steps' worth of work, so a review's work is
    bounded by the number of its decisions. :func:`summary` sums the table up."""
    import polars as pl

    from explorer.parallel import SimulationError, spread

    if not isinstance(game, Game):
        raise CoachError(f"a review is of a game; found {game!r}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise CoachError(f"seat must be a seat number from 0 to {game.players - 1}; found "
                         f"{seat!r}")
    _budget(worlds, None)
    every = decisions(game, seat)
    if steps is None:
        steps = every
    else:
        unknown = sorted(set(steps) - set(every))
        if unknown:
            raise CoachError(f"steps {unknown[:5]} are not decisions of seat {seat}")
        steps = sorted(set(steps))
    if on_row is not None and workers is None and scheduler is None:
        rows = []
        for step in steps:
            rows.append(_review_row(game, step, seat, worlds, seed))
            on_row(len(rows), len(steps))
    else:
        text = game.to_json()
        # the latest decisions first: their worlds replay the longest record, and a long task
        # left for the end would keep a cluster waiting on one worker
        calls = [(text, step, seat, worlds, seed) for step in reversed(steps)]
        try:
            rows = spread(review_step, calls, workers=workers, scheduler=scheduler,
                          progress=progress, desc="decisions", unit="decision", chunk=1)
        except SimulationError as error:
            raise CoachError(str(error)) from None
        rows.reverse()
    schema = {name: getattr(pl, kind) for name, kind in REVIEW_SCHEMA.items()}
    return pl.DataFrame([{k: v for k, v in row.items() if k in schema} for row in rows],
                        schema=schema, orient="row")


def spread_evenly(steps: Sequence[int], most: int) -> list[int]:
    """At most ``most`` of ``steps``, spread evenly through them (the first and the last
    among them): all of them if there are no more."""
    if most < 1:
        return []
    if len(steps) <= most:
        return list(steps)
    if most == 1:
        return [steps[-1]]
    return [steps[round(n * (len(steps) - 1) / (most - 1))] for n in range(most)]


def summary(table: Any) -> dict[str, Any]:
    """A review's summary: the decisions, the mean loss per decision (a choice the worlds
    found above the best named, which they cannot tell from it, costing nothing) and the
    count of each label (every label, 0 when unused)."""
    counts = dict.fromkeys(LABELS, 0)
    for label in table["label"].to_list():
        counts[label] += 1
    height = table.height
    return {"decisions": height,
            "mean_loss": float(table["loss"].clip(lower_bound=0.0).mean()) if height else 0.0,
            "labels": counts}


register_bot("coach", lambda game, seed: CoachBot(seed))
