"""Gamma World odds: the chance that followers capture a location, from the exact Markov chain.

>>> from explorer.odds import gamma_world
>>> gamma_world.attack([(1, 2), (3, 4)], "3D6").p          # exact Fraction
>>> gamma_world.attack([{"mutations": ["Wings"], "armor": "Sheath Armor"}], 4)
>>> gamma_world.capture_grid((1, 2)).p[6, "5D6"]          # a heat map's cell (a float)

The battle (seed 004, lines 44-64; rulings gw-32 to gw-34): each round both sides roll at
once, 1D6 per point of the followers' current total Force (each 1 removes a Threat point) and
1D6 per current Threat point (each 1 is a hit). A hit goes to a follower chosen uniformly among
the living; its steed takes it first (line 50), then its armor (line 58), then the follower; at
0 hits each is gone with its Force. The followers fight to the end; if the Threat and the last
follower fall in the same round the location is not captured.

A round in which no die shows a 1 changes nothing, so the chain is solved exactly by leaving out
those rounds (each other outcome's probability divided by 1 - P(no 1 at all)) and pushing the
probability forward through the states in an order no round goes back on. Up to 3 followers
the answer is an exact ``Fraction`` (GMP rationals underneath); beyond, floats through the same
chain (error far below 1e-9, bounded in ``extra["error_bound"]``), unless ``exact=True``.

The dashboard's heat map (1 to 6 identical followers against 15 Threats) is
:func:`capture_grid`: the chain solved backward once for the largest battle, whose states
include every smaller one, so one solve answers all 90 cells (and, for a plain follower, the
heat maps of fewer hits too); exact with ``exact=True``, else floats with a rigorous bound on
their rounding (``CaptureGrid.error_bound``, about 1e-12).
"""

from __future__ import annotations

import heapq
import math
import operator
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

import gmpy2
import icepool

from explorer import cards
from explorer.engine.odds import Odds, check_odds
from explorer.errors import ExplorerError, UnknownNameError

ONE_IN = 6  # "Every roll of 1" on 1D6 (line 47, 49)
"""The sides of the die: "Every roll of 1" on 1D6 (lines 47, 49) is 1 in 6."""
NEGLIGIBLE = 1e-15
"""States reached with less probability are dropped in the float chain; the sum dropped is
reported (``extra["error_bound"]``) and stays far below 1e-9."""


HIT_ORDER = (("steeds", "steed"), ("armor", "armor"))
"""The cards that take a follower's hits before him, in order: "The Steed of a Follower takes
damage first." (line 50), then "Armor always loses hits before followers." (line 58; ruling
gw-33)."""


WIPED_OUT = "not captured: the followers are wiped out"
"""The last outcome of a battle's odds."""


def captured_label(lost: int) -> str:
    """The outcome of a battle won with ``lost`` followers killed in the fight. The fight
    only: the Breakdown rolls after it (lines 63-66) can still cost an item, and a follower
    whose Hits it gave (:mod:`explorer.games.gamma_world.knowledge` says so where it can)."""
    return f"captured, {lost} follower{'s' if lost != 1 else ''} lost in the fight"


class BattleInputError(ExplorerError, ValueError):
    """Followers or a Threat that the battle odds cannot take; says what is wrong."""


class SolveStopped(ExplorerError):
    """A :func:`capture_grid` solve abandoned because its ``stop`` asked for it."""


@dataclass(frozen=True)
class Follower:
    """A follower as layers that take hits in order, each (hits, Force): steed, armor, body
    (lines 50, 58; ruling gw-33)."""

    layers: tuple[tuple[int, int], ...]

    @property
    def hits(self) -> int:
        return sum(h for h, _ in self.layers)

    def force_after(self, damage: int) -> int:
        """Total Force of the layers still standing after ``damage`` hits."""
        force, left = 0, damage
        for hits, layer_force in self.layers:
            if left >= hits:
                left -= hits
                continue
            force += layer_force
            left = 0
        return max(0, force)


@cache
def _gw() -> dict[str, dict[str, dict[str, Any]]]:
    return {t: {r["name"]: r for r in cards.load("gamma_world", t).to_dicts()}
            for t in ("mutations", "weapons", "armor", "steeds", "equipment")}


@cache
def _constants() -> dict[str, int]:
    return {r["name"]: r["value"] for r in cards.load("gamma_world", "constants").to_dicts()}


def follower(spec: tuple[int, int] | dict[str, Any], robots: bool = False) -> Follower:
    """A follower from ``(force, hits)`` (armor and steeds folded in) or a spec with cards:
    ``{"mutations": [...], "weapons": [...], "equipment": [...], "armor": name,
    "steed": name}``. ``robots``: against robots and androids (weapons and mutations that
    have no effect on them give no Force; ruling gw-8)."""
    if isinstance(spec, tuple | list):
        if len(spec) != 2 or not all(isinstance(v, int) and not isinstance(v, bool)
                                     for v in spec):
            raise BattleInputError(f"a follower is (force, hits); found {spec!r}")
        force, hits = spec
        if hits < 1 or not -20 <= force <= 99 or hits > 99:
            raise BattleInputError(f"a follower needs hits from 1 to 99 and force from -20 "
                                   f"to 99; found {spec!r}")
        return Follower(((hits, force),))
    if not isinstance(spec, dict):
        raise BattleInputError(f"a follower is (force, hits) or a dict of cards; found {spec!r}")
    unknown = sorted(set(spec) - {"mutations", "weapons", "equipment", "armor", "steed"})
    if unknown:
        raise BattleInputError(f"unknown follower key {unknown[0]!r} (keys: mutations, "
                               "weapons, equipment, armor, steed)")
    data, constants = _gw(), _constants()
    force, hits = constants["follower_force"], constants["follower_hits"]
    for table, key in (("mutations", "mutations"), ("weapons", "weapons"),
                       ("equipment", "equipment")):
        for name in spec.get(key, ()):
            row = data[table].get(name)
            if row is None:
                raise UnknownNameError(f"Gamma World {table[:-1]}", name, list(data[table]))
            gain = row.get("force") or 0
            if robots and table == "mutations" and row.get("force_vs_robots") is not None:
                gain = row["force_vs_robots"]
            if robots and table == "weapons" and row.get("no_effect_vs_robots"):
                gain = 0
            force += gain
            hits += row.get("hits") or 0
    layers = []
    for table, key in HIT_ORDER:
        name = spec.get(key)
        if name is not None:
            row = data[table].get(name)
            if row is None:
                raise UnknownNameError(f"Gamma World {table}", name, list(data[table]))
            layers.append((row["hits"], row.get("force") or 0))
    if hits < 1:
        raise BattleInputError(f"a follower must have at least 1 hit; this one has {hits}")
    return Follower((*layers, (hits, force)))


def threat_distribution(threat: int | str) -> list[tuple[int, Fraction]]:
    """The starting Threat: a fixed number, or dice such as "3D6"."""
    if isinstance(threat, int) and not isinstance(threat, bool):
        if not 0 <= threat <= 200:
            raise BattleInputError(f"threat must be from 0 to 200; found {threat!r}")
        return [(threat, Fraction(1))]
    match = re.fullmatch(r"\s*(\d{1,2})\s*[dD]\s*(\d{1,2})\s*", str(threat))
    if not match or int(match.group(1)) < 1 or int(match.group(2)) < 1:
        raise BattleInputError(f"threat must be an integer or dice such as '3D6'; found "
                               f"{threat!r}")
    die = int(match.group(1)) @ icepool.d(int(match.group(2)))
    return [(int(t), Fraction(die.probability(t))) for t in die.outcomes()]


class OverBudget(ExplorerError):
    """A battle chain stopped once its work passed the budget it was given."""


class _Chain:
    """The Markov chain of one battle, in exact Fractions or floats.

    ``budget``: the most work units (entries taken from the queue, transitions pushed, hit
    splits made) the chain may do before it stops with :class:`OverBudget`; None: no limit.
    Counting work instead of time makes the answer the same on any machine."""

    def __init__(self, followers: Sequence[Follower], exact: bool,
                 budget: int | None = None) -> None:
        self.work = 0
        self.budget = budget
        self.kinds = tuple(sorted(set(followers), key=lambda f: f.layers))
        self.start = tuple(sorted((self.kinds.index(f), 0) for f in followers))
        # exact: GMP rationals (the same exact arithmetic as Fraction, many times faster)
        self.number: Callable[[int, int], Any] = gmpy2.mpq if exact else (lambda a, b: a / b)
        self.one = self.number(1, ONE_IN)
        self.other = 1 - self.one
        self.alloc: dict[tuple[tuple[tuple[int, int], ...], int], dict[Any, Any]] = {}
        self.binom: dict[int, list[Any]] = {}
        # per kind and damage taken: the Force left and the hits the follower can still take
        self.force_left = [[max(0, k.force_after(d)) for d in range(k.hits)] for k in self.kinds]
        self.hits_left = [[k.hits - d for d in range(k.hits)] for k in self.kinds]
        self.measures: dict[tuple[tuple[int, int], ...], tuple[int, int]] = {}

    def force(self, state: tuple[tuple[int, int], ...]) -> int:
        return sum(self.force_left[k][d] for k, d in state)

    def measure(self, state: tuple[tuple[int, int], ...]) -> tuple[int, int]:
        """(the Force the followers roll, the hits they can still take), kept per state."""
        known = self.measures.get(state)
        if known is None:
            known = self.measures[state] = (self.force(state), self.remaining(state))
        return known

    def binomial(self, n: int) -> list[Any]:
        """P(k ones among n dice), k = 0..n."""
        if n not in self.binom:
            self.binom[n] = [comb(n, k) * self.one ** k * self.other ** (n - k)
                             for k in range(n + 1)]
        return self.binom[n]

    def hits(self, state: tuple[tuple[int, int], ...], count: int) -> dict[Any, Any]:
        """Where ``count`` hits leave the followers: each to a uniformly chosen living one."""
        key = (state, count)
        if key in self.alloc:
            return self.alloc[key]
        if count == 0 or not state:
            result = {state: self.number(1, 1)}
        else:
            result: dict[Any, Any] = {}
            share = self.number(1, len(state))
            self.spend(len(state))
            for index, (kind, damage) in enumerate(state):
                rest = list(state[:index] + state[index + 1:])
                if damage + 1 < self.kinds[kind].hits:
                    rest.append((kind, damage + 1))
                after = tuple(sorted(rest))
                finals = self.hits(after, count - 1)
                self.spend(len(finals))
                for final, p in finals.items():
                    result[final] = result.get(final, 0) + share * p
        self.alloc[key] = result
        return result

    def spend(self, units: int) -> None:
        """Count ``units`` of work; past the budget, stop with :class:`OverBudget`."""
        self.work += units
        if self.budget is not None and self.work > self.budget:
            raise OverBudget(f"the battle chain needs more than {self.budget} units of work")

    def remaining(self, state: tuple[tuple[int, int], ...]) -> int:
        """Hits the living followers can still take before the last one falls."""
        return sum(self.hits_left[k][d] for k, d in state)

    def forward(self, starts: list[tuple[int, float]], negligible: float) -> tuple[list[float],
                                                                                 float]:
        """The same chain in floats, pushed forward from the start instead of solved backward.

        A round is taken in two halves: the hits land (a "landing": the followers after them,
        with the Force they rolled before them), then the Threat's cut is applied to every
        landing at once, so the two dice pools are never multiplied out state by state.
        Entries are taken in an order no transition goes back on (Threat falling, hits taken
        rising, a landing before the state it lands on), and an entry reached with less than
        ``negligible`` probability is dropped. Returns the end distribution and the total
        probability dropped (its error bound)."""
        n = len(self.start)
        total_hits = self.remaining(self.start)
        result: list[Any] = [0] * (n + 1)
        dropped = 0.0
        mass: dict[tuple[int, tuple[tuple[int, int], ...], int], Any] = {}
        queue: list[tuple[int, int, int, tuple[tuple[int, int], ...], int]] = []

        def add(threat: int, state: tuple[tuple[int, int], ...], force: int, p: float) -> None:
            """Mass onto a state (force -1) or a landing (the Force rolled before it)."""
            key = (threat, state, force)
            if key in mass:
                mass[key] += p
            else:
                mass[key] = p
                heapq.heappush(queue, (-threat, total_hits - self.measure(state)[1],
                                       0 if force >= 0 else 1, state, force))

        def cut_all(threat: int, after: tuple[tuple[int, int], ...], force: int, p: float,
                    skip_zero: bool) -> None:
            for k, pk in enumerate(self._capped(self.binomial(force), threat)):
                if not pk or (k == 0 and skip_zero):
                    continue
                if k >= threat:
                    result[n - len(after)] += p * pk
                else:
                    add(threat - k, after, -1, p * pk)

        for threat, p in starts:
            if threat <= 0:
                result[0] += p
            else:
                add(threat, self.start, -1, p)
        while queue:
            negative, _, _, state, force = heapq.heappop(queue)
            threat = -negative
            weight = mass.pop((threat, state, force))
            if negligible and weight < negligible:
                dropped += weight
                continue
            if force >= 0:  # a landing: apply the Threat's cut
                self.spend(min(force, threat) + 1)
                cut_all(threat, state, force, weight, False)
                continue
            rolled, remaining = self.measure(state)
            cut = self._capped(self.binomial(rolled), threat)
            wound = self._capped(self.binomial(threat), remaining)
            self.spend(len(cut) + len(wound))
            scale = weight / (1 - cut[0] * wound[0])
            for j, pj in enumerate(wound):
                if not pj:
                    continue
                if j == 0:  # no hit: only a cut of 1 or more moves on
                    cut_all(threat, state, rolled, scale * pj, True)
                    continue
                landings = self.hits(state, j)
                self.spend(len(landings))
                for after, pa in landings.items():
                    p = scale * pj * pa
                    if not after:
                        result[n] += p
                        continue
                    key = (threat, after, rolled)  # a landing (add(), inlined: the hot spot)
                    if key in mass:
                        mass[key] += p
                    else:
                        mass[key] = p
                        heapq.heappush(queue, (-threat, total_hits - self.measure(after)[1],
                                               0, after, rolled))
        return result, dropped

    def _capped(self, probabilities: list[Any], cap: int) -> list[Any]:
        """P(k) for k < cap, then P(k >= cap) in the last place: cutting the Threat by its
        whole value, or landing as many hits as the followers can take, ends the same way."""
        if len(probabilities) <= cap + 1:
            return probabilities
        head = probabilities[:cap]
        return [*head, 1 - sum(head)]


def attack(followers: Sequence[tuple[int, int] | dict[str, Any] | Follower],
           threat: int | str, exact: bool | None = None, robots: bool = False,
           budget: int | None = None) -> Odds:
    """Odds that ``followers`` capture a location against ``threat`` (an int or dice such as
    "3D6"), fighting to the end; ``.outcomes`` gives how many followers are lost in the
    fight. ``budget``: the most units of work the chain may do (:class:`OverBudget` past it;
    None: no limit)."""
    built = _built(followers, robots)
    exact = len(built) <= 3 if exact is None else exact
    chain = _Chain(built, exact, budget)
    n = len(built)
    totals: list[Any] = [0] * (n + 1)
    dropped = 0.0
    if exact:
        totals, _ = chain.forward([(t, gmpy2.mpq(p.numerator, p.denominator))
                                   for t, p in threat_distribution(threat)], 0)
        totals = [Fraction(int(v.numerator), int(v.denominator)) if v else Fraction(0)
                  for v in totals]
    else:
        totals, dropped = chain.forward(
            [(t, float(p)) for t, p in threat_distribution(threat)], NEGLIGIBLE)
    outcomes = [(captured_label(k), totals[k]) for k in range(n)]
    outcomes.append((WIPED_OUT, totals[n]))
    p = sum(q for _, q in outcomes[:-1])
    if exact:
        check_odds(outcomes)
    return Odds(p if exact else Fraction(p).limit_denominator(10**12),
                0, (), tuple((o, q if exact else Fraction(q).limit_denominator(10**12))
                             for o, q in outcomes),
                f"{n} follower(s) vs Threat {threat}",
                note="exact" if exact else "Markov chain in floating point (not sampled)",
                extra={"float": float(p), "exact": exact, "error_bound": dropped,
                       "work": chain.work})


def _built(followers: Sequence[tuple[int, int] | dict[str, Any] | Follower],
           robots: bool) -> list[Follower]:
    if not followers:
        raise BattleInputError("an attack needs at least one follower")
    if len(followers) > _constants()["max_followers"] + 6:
        raise BattleInputError(f"too many followers: {len(followers)}")
    return [f if isinstance(f, Follower) else follower(f, robots) for f in followers]


# ---- a battle's odds within a fixed amount of work (a page waiting for them) -------------------

FLOAT_BUDGET = 300_000
"""The most units of work (:class:`_Chain`) the chain in floating point may take in
:func:`battle`: about 0.2 to 0.6 s on one core."""
EXACT_BUDGET = 20_000
"""The most units of work the exact chain may take in :func:`battle` (tried when the floats
took no more): about 0.1 to 0.4 s (its Fractions grow with the battle's length)."""
BATTLE_RUNS = 4_000
"""How many seeded playouts :func:`battle` makes when neither chain fits (about 0.1 to 0.4 s):
a 95% interval within about 1.5 points either side."""


def battle(followers: Sequence[tuple[int, int] | dict[str, Any] | Follower],
           threat: int | str, robots: bool = False, exact_budget: int = EXACT_BUDGET,
           float_budget: int = FLOAT_BUDGET, runs: int = BATTLE_RUNS,
           seed: int = 0) -> Odds:
    """The capture odds of :func:`attack`, answered within a fixed amount of work, as a page
    waiting for them needs: the exact chain (Fractions, note "exact") when it fits
    ``exact_budget`` units of work; else the chain in floating point (not sampled, within
    ``extra["error_bound"]``) when it fits ``float_budget`` (tried first: the exact chain is
    tried only when the floats took no more than ``exact_budget``); else an estimate from ``runs``
    playouts of the battle by the same rules (seeded by ``seed`` and the battle itself, so the
    same battle always gets the same answer), with 95% intervals in ``extra["interval"]`` and
    a note that says it is an estimate. Work is counted, not timed: the answer is the same on
    any machine. ``extra["how"]``: "exact", "float" or "estimate"."""
    built = _built(followers, robots)
    try:  # floats first: a chain too long for them is far too long for Fractions
        found = attack(built, threat, exact=False, robots=robots, budget=float_budget)
    except OverBudget:
        return _estimate(built, threat, runs, seed)
    if found.extra["work"] <= exact_budget:
        try:
            exact = attack(built, threat, exact=True, robots=robots, budget=exact_budget)
        except OverBudget:  # its Fractions keep a few states the floats drop
            pass
        else:
            return _how(exact, "exact", "exact")
    bound = found.extra["error_bound"]
    within = "less than one in a billion" if bound < 1e-9 else f"at most {bound:.1%}"
    return _how(found, "float", f"computed, not sampled: off by {within}")


def _how(found: Odds, how: str, note: str) -> Odds:
    return Odds(found.p, found.modifier, found.breakdown, found.outcomes, found.title,
                note=note, extra={**found.extra, "how": how})


def _estimate(built: list[Follower], threat: int | str, runs: int, seed: int) -> Odds:
    """``runs`` playouts of the battle by the chain's own rules (lines 45-53; rulings gw-32
    to gw-34): each round both sides roll at once, every 1 of the followers' Force dice takes
    a Threat point, every 1 of the Threat's dice is a hit on a living follower chosen
    uniformly (steed, then armor, then the follower); the followers fight to the end, and a
    Threat and last follower falling together is no capture."""
    import random
    from bisect import bisect_right

    from explorer.engine.odds import wilson

    rng = random.Random(f"{seed}/{[f.layers for f in built]}/{threat}")
    starts = threat_distribution(threat)
    start_cdf = _cumulative([float(p) for _, p in starts])
    cdfs: dict[int, list[float]] = {}

    def ones(dice: int) -> int:
        """How many of ``dice`` D6 show a 1."""
        if dice <= 0:
            return 0
        cdf = cdfs.get(dice)
        if cdf is None:
            cdf = cdfs[dice] = _cumulative([float(p) for p in _binomial_exact(dice)])
        return min(bisect_right(cdf, rng.random()), dice)

    n = len(built)
    force_of = [[f.force_after(d) for d in range(f.hits)] for f in built]
    counts = [0] * (n + 1)
    for _ in range(runs):
        left = starts[min(bisect_right(start_cdf, rng.random()), len(starts) - 1)][0]
        alive = list(range(n))
        damage = [0] * n
        while left > 0 and alive:
            force = sum(force_of[i][damage[i]] for i in alive)
            cut, wounds = ones(force), ones(left)
            left = max(0, left - cut)
            for _ in range(wounds):
                if not alive:
                    break
                pick = int(rng.random() * len(alive))
                who = alive[pick]
                damage[who] += 1
                if damage[who] >= built[who].hits:
                    alive.pop(pick)
        counts[n - len(alive) if alive else n] += 1
    names = [captured_label(k) for k in range(n)]
    names.append(WIPED_OUT)
    outcomes = tuple((name, Fraction(c, runs)) for name, c in zip(names, counts, strict=True))
    check_odds(outcomes)
    captured = runs - counts[n]
    interval = {name: wilson(c, runs) for name, c in zip(names, counts, strict=True)}
    return Odds(Fraction(captured, runs), 0, (), outcomes, f"{n} follower(s) vs Threat {threat}",
                note=f"estimate from {runs} playouts of the battle, with 95% intervals",
                extra={"how": "estimate", "runs": runs, "counts": counts,
                       "interval": interval, "interval_p": wilson(captured, runs),
                       "float": captured / runs, "exact": False})


def _binomial_exact(dice: int) -> list[Fraction]:
    """P(k of ``dice`` D6 show a 1), k = 0..dice."""
    whole = ONE_IN ** dice
    return [Fraction(comb(dice, k) * (ONE_IN - 1) ** (dice - k), whole)
            for k in range(dice + 1)]


def _cumulative(weights: list[float]) -> list[float]:
    total, found = 0.0, []
    for w in weights:
        total += w
        found.append(total)
    return found


# ---- the heat map: identical followers, every count and Threat from one solve ---------------

HEAT_MAP_FOLLOWERS = tuple(range(1, 7))
"""The numbers of identical followers the heat map shows, one row each."""
HEAT_MAP_THREATS: tuple[int | str, ...] = ("1D6", "2D6", "3D6", "4D6", "5D6", *range(1, 11))
"""The cells of the dashboard's heat map (:class:`explorer.ui.odds.GammaWorldOdds`)."""

UNIT_ROUNDOFF = 2.0 ** -53
"""u: a float operation on values in the normal range is off by a factor ``(1 + d)``,
``|d| <= u``."""

MAX_GRID_STATES = 40_000
"""The most states a :func:`capture_grid` solve takes on: C(hits + followers, followers)."""

MAX_SOLVES_KEPT = 128
"""Solves kept for the session (each a few kilobytes: its uniform starts only); the heat map
needs at most 42 (7 Forces, each solved tall and, before that, at the hits asked for)."""


@dataclass(frozen=True)
class CaptureGrid:
    """P(capture) for counts of identical followers against Threats, from one solve of the
    battle's chain (:func:`capture_grid`).

    ``p[(n, threat)]``: a ``Fraction`` when ``exact``; else a float within ``error_bound`` of
    the exact value (absolute, every cell: a rigorous bound on the floating-point rounding,
    as nothing is dropped or sampled)."""

    follower: Follower
    followers: tuple[int, ...]
    threats: tuple[int | str, ...]
    p: dict[tuple[int, int | str], Any]
    exact: bool
    error_bound: float


def capture_grid(spec: tuple[int, int] | dict[str, Any] | Follower,
                 followers: Sequence[int] = HEAT_MAP_FOLLOWERS,
                 threats: Sequence[int | str] = HEAT_MAP_THREATS,
                 exact: bool = False, robots: bool = False,
                 stop: Callable[[], bool] | None = None) -> CaptureGrid:
    """P(capture) for each count in ``followers`` of identical followers ``spec`` (as
    :func:`follower` takes it) against each Threat in ``threats``: ``attack([spec] * n,
    threat).p`` for every cell, from one backward solve of the largest battle's chain.

    A battle of fewer followers, or against a smaller Threat, is a state of the largest one,
    so a single solve answers the whole grid, and it is kept for the session: a plain follower
    (Force, hits) is also a state of any taller one of the same Force (one with more hits that
    has taken the difference), so once (Force, 5) is solved, (Force, 1) to (Force, 4) are read
    off it. ``exact``: GMP rationals, each cell a ``Fraction`` (under a second for 6
    followers of 2 hits, growing fast with more states); else floats, with a rigorous bound
    on their rounding in ``error_bound`` (about 1e-12 for the heat map, whose largest solve,
    6 followers of 5 hits, takes a few tenths of a second). ``stop``: asked between the
    steps of a solve (a few dozen times); when it answers True the solve is abandoned with
    :class:`SolveStopped`, and nothing is kept."""
    kind = spec if isinstance(spec, Follower) else follower(spec, robots)
    counts = tuple(followers)
    limit = _constants()["max_followers"] + 6
    if not counts or any(isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= limit
                         for n in counts):
        raise BattleInputError(f"followers must be counts from 1 to {limit}; found "
                               f"{followers!r}")
    dists = {t: threat_distribution(t) for t in threats}
    if not dists:
        raise BattleInputError("a capture grid needs at least one Threat")
    top = max(v for d in dists.values() for v, _ in d)
    most = max(counts)
    if comb(kind.hits + most, most) > MAX_GRID_STATES:
        raise BattleInputError(f"{most} followers of {kind.hits} hits are too many states for "
                               "a capture grid; use attack()")
    values, damage = _solved(kind, most, top, exact, stop)
    cells: dict[tuple[int, int | str], Any] = {}
    worst = 0
    for n in counts:
        row, rounding = values[damage, n]
        for threat, dist in dists.items():
            if exact:
                total = sum((gmpy2.mpq(p.numerator, p.denominator) * row[t] for t, p in dist),
                            gmpy2.mpq(0))
                cells[n, threat] = Fraction(int(total.numerator), int(total.denominator))
            elif len(dist) == 1:
                cells[n, threat] = row[dist[0][0]]
                worst = max(worst, rounding)
            else:  # each weight rounded once, each product once, len - 1 additions
                cells[n, threat] = sum(p.numerator / p.denominator * row[t] for t, p in dist)
                worst = max(worst, rounding + 2 + len(dist) - 1)
    return CaptureGrid(kind, counts, tuple(dists), cells, exact,
                       0.0 if exact else _gamma(worst))


def capture_grid_is_cached(spec: tuple[int, int] | dict[str, Any] | Follower,
                           followers: Sequence[int] = HEAT_MAP_FOLLOWERS,
                           threats: Sequence[int | str] = HEAT_MAP_THREATS,
                           exact: bool = False, robots: bool = False) -> bool:
    """Whether :func:`capture_grid` with these arguments is answered without solving."""
    kind = spec if isinstance(spec, Follower) else follower(spec, robots)
    top = max(v for t in threats for v, _ in threat_distribution(t))
    return _cached(kind, max(followers), top, exact) is not None


_SOLVES: dict[tuple[Follower, int, int, bool], dict[tuple[int, int], tuple[Any, int]]] = {}
"""Solves kept for the session: (follower, most followers, top Threat, exact) -> the values
of every uniform start (see :func:`_capture_values`)."""
_SOLVES_LOCK = threading.Lock()


def _cached(kind: Follower, most: int, top: int,
            exact: bool) -> tuple[dict[tuple[int, int], tuple[Any, int]], int] | None:
    """A kept solve that answers (``kind``, up to ``most`` followers, Threat up to ``top``),
    and the damage to read it at: ``kind`` itself at damage 0, or for a plain follower
    (one layer) a taller one of the same Force at damage ``taller hits - hits``."""
    with _SOLVES_LOCK:
        found = _SOLVES.get((kind, most, top, exact))
        if found is not None:
            return found, 0
        if len(kind.layers) != 1:
            return None
        hits, force = kind.layers[0]
        for (other, other_most, other_top, other_exact), values in _SOLVES.items():
            if (other_exact == exact and other_most >= most and other_top >= top
                    and len(other.layers) == 1 and other.layers[0][1] == force
                    and other.hits >= hits):
                return values, other.hits - hits
    return None


def _solved(kind: Follower, most: int, top: int, exact: bool,
            stop: Callable[[], bool] | None = None
            ) -> tuple[dict[tuple[int, int], tuple[Any, int]], int]:
    found = _cached(kind, most, top, exact)
    if found is not None:
        return found
    values = _capture_values(kind, most, top, exact, stop)
    with _SOLVES_LOCK:
        while len(_SOLVES) >= MAX_SOLVES_KEPT:  # the oldest goes first
            del _SOLVES[next(iter(_SOLVES))]
        _SOLVES[kind, most, top, exact] = values
    return values, 0


def _gamma(count: int) -> float:
    """gamma_n = n u / (1 - n u), rounded up. A value computed from exact data with nonnegative
    products and sums in which every term meets at most ``count`` roundings has a relative
    error within it (Higham, Accuracy and Stability of Numerical Algorithms, lemmas 3.1 and
    3.3); the figures are probabilities, so it bounds the absolute error too. (A value below
    the normal range, 2.2e-308, would add at most 2^-1074 per operation instead, which the
    rounding up of the bound covers; the heat map's values stay far above it.)"""
    bound = count * UNIT_ROUNDOFF / (1 - count * UNIT_ROUNDOFF)
    return math.nextafter(math.nextafter(bound, math.inf), math.inf)


@cache
def _wound_weights(threat: int, exact: bool) -> tuple[Any, ...]:
    """P(j of ``threat`` dice show a 1), j = 0..threat, each rounded once from its exact value
    (Python's int / int is correctly rounded)."""
    den = ONE_IN ** threat
    nums = [comb(threat, j) * (ONE_IN - 1) ** (threat - j) for j in range(threat + 1)]
    return tuple(gmpy2.mpq(v, den) if exact else v / den for v in nums)


@cache
def _cut_weights(force: int, threat: int,
                 exact: bool) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The coefficients of a round at Force ``force`` against ``threat``, the rounds with no 1
    at all left out: ``c[k]`` = P(the Force dice show k 1s; k = threat for threat or more) /
    (1 - P(no 1 at all)), and ``e[k]`` = c[k] * P(no hit). Exact integers, each coefficient
    rounded once."""
    top = min(force, threat)
    nums = [comb(force, k) * (ONE_IN - 1) ** (force - k) for k in range(top + 1)]
    if force >= threat:  # cutting the Threat by its whole value or more ends alike
        nums[threat] = ONE_IN ** force - sum(nums[:threat])
    # c[k] = nums[k] / 6^force / (1 - (5/6)^(force + threat)); e[k] = c[k] * (5/6)^threat
    den = ONE_IN ** (force + threat) - (ONE_IN - 1) ** (force + threat)
    up, miss = ONE_IN ** threat, (ONE_IN - 1) ** threat

    def make(num: int) -> Any:
        return gmpy2.mpq(num, den) if exact else num / den

    return tuple(make(v * up) for v in nums), tuple(make(v * miss) for v in nums)


def _capture_values(kind: Follower, most: int, top: int, exact: bool,
                    stop: Callable[[], bool] | None = None
                    ) -> dict[tuple[int, int], tuple[Any, int]]:
    """P(capture) of n = 1..``most`` followers ``kind`` that have each taken the same damage
    d = 0..hits-1, against each fixed Threat 0..``top``: ``{(d, n): (values by Threat,
    rounding count)}`` (the count: see :func:`_gamma`; 0 when ``exact``).

    A state is how many living followers have taken each damage 0..hits-1 (the followers are
    identical, so which one took which hit does not matter); its ``remaining`` is the hits
    they can still take, and every hit lowers it by exactly one. With X_s(t) the value of
    state s at Threat t (1 at t = 0 while someone lives, 0 once no one does) and U_s(r, t)
    the mean of X(t) over where r more hits leave s (U_s(0) = X_s; U_s(r) = the sum over the
    damages of the share of the followers at it times U(r - 1) of the state after a hit on
    one of them), a round at Threat t with Force F (cut k, hits j) gives

        X_s(t) = sum_k c_k Q(t - k, t) + sum_(k >= 1) e_k X_s(t - k),
        Q(t', t) = sum_(1 <= j < remaining) P(j of t dice hit) U_s(j, t')

    (:func:`_cut_weights`; j >= remaining wipes the followers out, which is 0 whatever the
    cut: ruling gw-34). States are taken with ``remaining`` rising, so U of the states one
    hit on is known, and X_s(t) needs X_s at smaller Threats only: one pass, no iteration."""
    hits = kind.hits
    force = [max(0, kind.force_after(d)) for d in range(hits)]
    number = (lambda a, b: gmpy2.mpq(a, b)) if exact else (lambda a, b: a / b)
    one, zero = (gmpy2.mpq(1), gmpy2.mpq(0)) if exact else (1.0, 0.0)
    uniform = {tuple(n if i == d else 0 for i in range(hits)): (d, n)
               for d in range(hits) for n in range(1, most + 1)}
    if not any(force):  # no Force at all: the Threat never falls
        return {key: ((one,) + (zero,) * top, 0) for key in uniform.values()}
    # the states by remaining hits: every split of up to ``most`` followers over the damages
    levels: dict[int, list[tuple[int, ...]]] = {}
    for alive in range(1, most + 1):
        for split in _splits(alive, hits):
            levels.setdefault(sum(c * (hits - d) for d, c in enumerate(split)), []).append(split)
    answers: dict[tuple[int, int], tuple[Any, int]] = {}
    # per state: its rows U(0..remaining-1), each over Threat 0..top, and their rounding counts
    rows: dict[tuple[int, ...], list[list[Any]]] = {}
    counts: dict[tuple[int, ...], list[int]] = {}
    wound_table = [_wound_weights(t, exact) for t in range(top + 1)]
    cut_tables: dict[int, list[tuple[tuple[Any, ...], tuple[Any, ...]]]] = {}
    for remaining in range(1, max(levels) + 1):
        if stop is not None and stop():
            raise SolveStopped(f"the solve of {most} followers {kind.layers} was stopped")
        # P(j of t dice hit) for 1 <= j < remaining: more hits wipe the followers out
        wounds = [weights[1:remaining] for weights in wound_table]
        for state in levels.get(remaining, ()):
            alive = sum(state)
            moves = []  # (share, the state after a hit on a follower at damage d): not empty
            for d, c in enumerate(state):
                if c:
                    after = list(state)
                    after[d] -= 1
                    if d + 1 < hits:
                        after[d + 1] += 1
                    if any(after):
                        moves.append((number(c, alive), tuple(after)))
            mine: list[list[Any]] = [[]]  # row 0 (X_s itself) is filled once X_s is known
            mine_counts = [0]
            if moves and state.count(0) == hits - 1:  # all at one damage: whichever is hit,
                after = moves[0][1]  # the state after is the same (share 1, exactly)
                mine.extend(rows[after][:remaining - 1])
                mine_counts.extend(counts[after][:remaining - 1])
            else:
                for r in range(1, remaining):
                    acc: list[Any] = [zero] * (top + 1)
                    worst = 0
                    for index, (w, after) in enumerate(moves):
                        row = rows[after][r - 1]  # a state one hit on: solved before this one
                        acc = ([w * x for x in row] if index == 0
                               else [a + w * x for a, x in zip(acc, row, strict=True)])
                        worst = max(worst, counts[after][r - 1])
                    mine.append(acc)
                    mine_counts.append(worst + 2 + len(moves) - 1)  # share, product, sums
            # U(j, t') for j = 1..remaining-1 by Threat t' (columns), and each row reversed
            columns = list(zip(*mine[1:], strict=True))
            backward = [row[::-1] for row in mine[1:]]
            from_hits = max(mine_counts[1:], default=0) + 4  # 2 weights, 2 products
            rolled = sum(f * c for f, c in zip(force, state, strict=True))
            value = [one] + [zero] * top
            from_value = 0  # the rounding count of X_s so far (X_s(0) = 1 is exact)
            if rolled not in cut_tables:
                cut_tables[rolled] = [_cut_weights(rolled, t, exact) for t in range(top + 1)]
            cuts = cut_tables[rolled]
            for t in range(1, top + 1):
                wound = wounds[t]
                cut, keep = cuts[t]
                if not wound:  # any hit wipes the followers out
                    total = zero
                elif len(cut) <= len(wound):  # over the cut of (over the hits), or the
                    total = sum(map(operator.mul, cut, [  # shorter way round
                        sum(map(operator.mul, wound, columns[t - k])) for k in range(len(cut))]))
                else:
                    total = sum(map(operator.mul, wound, [
                        sum(map(operator.mul, cut, row[top - t:]))
                        for row in backward[:len(wound)]]))
                total += sum(map(operator.mul, keep[1:], value[t - 1::-1]))
                value[t] = total
                # a term through U meets at most len(wound) - 1 + len(cut) - 1 + 1 additions,
                # a term through X_s at most len(cut) - 1
                from_value = max(from_hits + len(wound) + len(cut) - 1,
                                 from_value + 2 + len(cut) - 1)
            mine[0] = value
            mine_counts[0] = 0 if exact else from_value
            rows[state] = mine
            counts[state] = mine_counts
            if state in uniform:
                answers[uniform[state]] = (tuple(value), mine_counts[0])
        for state in levels.get(remaining - 1, ()):  # the next level needs this one only
            del rows[state], counts[state]
    return answers


def _splits(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every tuple of ``parts`` counts >= 0 that sum to ``total``."""
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total + 1)
            for rest in _splits(total - first, parts - 1)]


@cache
def _rolls() -> dict[str, dict[str, Any]]:
    return {r["name"]: r for r in cards.load("gamma_world", "rolls").to_dicts()}


def roll(name: str, modifier: int = 0) -> Odds:
    """The odds of one of Gamma World's single rolls (``breakdown``, ``breakdown_grenade``,
    ``heal``, ``precognition``, ``wasteland``): ``p`` is the chance a die counts (a Breakdown
    on 6+, i.e. the item breaks) where the roll has a test, and ``outcomes`` every total."""
    rows = _rolls()
    single = {n: r for n, r in rows.items() if r["dice_count"] and r["per"] in (None, "Use")}
    if name not in single:
        raise UnknownNameError("Gamma World roll", name, list(single))
    if isinstance(modifier, bool) or not isinstance(modifier, int) or abs(modifier) > 20:
        raise BattleInputError(f"modifier must be an integer from -20 to 20; found {modifier!r}")
    row = single[name]
    die = row["dice_count"] @ icepool.d(row["dice_sides"]) + row["modifier"] + modifier
    outcomes = tuple((str(t), Fraction(die.probability(t))) for t in die.outcomes())
    p = None
    if row["at_least"] is not None:
        p = Fraction((die >= row["at_least"]).probability(True))
    total = row["modifier"] + modifier
    breakdown = (f"{total:+d} {'grenade' if row['modifier'] else 'modifier'}",) if total else ()
    return Odds(p, total, breakdown, outcomes,
                f"{name.replace('_', ' ')}: {row['dice_count']}D{row['dice_sides']}"
                + (f", {row['at_least']}+ counts" if row["at_least"] is not None else ""))
