"""Gamma World odds: the chance that followers capture a location, from the exact Markov chain.

>>> from explorer.odds import gamma_world
>>> gamma_world.attack([(1, 2), (3, 4)], "3D6").p          # exact Fraction
>>> gamma_world.attack([{"mutations": ["Wings"], "armor": "Sheath Armor"}], 4)

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
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

import gmpy2
import icepool

from explorer import cards
from explorer.errors import ExplorerError, UnknownNameError
from explorer.odds import Odds, check_odds

ONE_IN = 6  # "Every roll of 1" on 1D6 (line 47, 49)
NEGLIGIBLE = 1e-15
"""States reached with less probability are dropped in the float chain; the sum dropped is
reported (``extra["error_bound"]``) and stays far below 1e-9."""


HIT_ORDER = (("steeds", "steed"), ("armor", "armor"))
"""The cards that take a follower's hits before him, in order: "The Steed of a Follower takes
damage first." (line 50), then "Armor always loses hits before followers." (line 58; ruling
gw-33)."""


class BattleInputError(ExplorerError, ValueError):
    """Followers or a Threat that the battle odds cannot take; says what is wrong."""


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


class _Chain:
    """The Markov chain of one battle, in exact Fractions or floats."""

    def __init__(self, followers: Sequence[Follower], exact: bool) -> None:
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
            for index, (kind, damage) in enumerate(state):
                rest = list(state[:index] + state[index + 1:])
                if damage + 1 < self.kinds[kind].hits:
                    rest.append((kind, damage + 1))
                after = tuple(sorted(rest))
                for final, p in self.hits(after, count - 1).items():
                    result[final] = result.get(final, 0) + share * p
        self.alloc[key] = result
        return result

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
                cut_all(threat, state, force, weight, False)
                continue
            rolled, remaining = self.measure(state)
            cut = self._capped(self.binomial(rolled), threat)
            wound = self._capped(self.binomial(threat), remaining)
            scale = weight / (1 - cut[0] * wound[0])
            for j, pj in enumerate(wound):
                if not pj:
                    continue
                if j == 0:  # no hit: only a cut of 1 or more moves on
                    cut_all(threat, state, rolled, scale * pj, True)
                    continue
                for after, pa in self.hits(state, j).items():
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
           threat: int | str, exact: bool | None = None, robots: bool = False) -> Odds:
    """Odds that ``followers`` capture a location against ``threat`` (an int or dice such as
    "3D6"), fighting to the end; ``.outcomes`` gives how many followers are lost."""
    if not followers:
        raise BattleInputError("an attack needs at least one follower")
    if len(followers) > _constants()["max_followers"] + 6:
        raise BattleInputError(f"too many followers: {len(followers)}")
    built = [f if isinstance(f, Follower) else follower(f, robots) for f in followers]
    exact = len(built) <= 3 if exact is None else exact
    chain = _Chain(built, exact)
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
    outcomes = [(f"captured, {k} follower{'s' if k != 1 else ''} lost", totals[k])
                for k in range(n)]
    outcomes.append(("not captured: the followers are wiped out", totals[n]))
    p = sum(q for _, q in outcomes[:-1])
    if exact:
        check_odds(outcomes)
    return Odds(p if exact else Fraction(p).limit_denominator(10**12),
                0, (), tuple((o, q if exact else Fraction(q).limit_denominator(10**12))
                             for o, q in outcomes),
                f"{n} follower(s) vs Threat {threat}",
                note="exact" if exact else "Markov chain in floating point (not sampled)",
                extra={"float": float(p), "exact": exact, "error_bound": dropped})


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
