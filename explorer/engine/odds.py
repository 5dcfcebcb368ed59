"""The odds type every layer shares: :class:`Odds` (one roll, draw, battle or choice, its
outcomes exact Fractions), the odds of a :class:`~explorer.engine.dice.Roll`, and the Wilson
interval of an estimate. Each game's odds (``explorer.games.<game>.odds``) and the shared
queries of :mod:`explorer.odds` build on it."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import polars as pl

from explorer.engine.dice import Roll, dice_weights

__all__ = ["Odds", "check_odds", "from_roll", "success_table", "titled", "wilson"]


@dataclass(frozen=True)
class Odds:
    """The odds of one roll, draw or battle.

    ``p``: probability of success (None for a pure table roll or a draw); ``modifier``: the
    total roll modifier; ``breakdown``: each modifier with its reason ("+4 Wilderness Scout:
    Wilderness +2 at a Wilderness location"); ``outcomes``: each outcome with its exact
    probability, in the seed's order; ``table``: the same as a polars DataFrame (``outcome``,
    ``probability`` as a float for display, ``exact`` as text such as "3/20"); ``note``: how it
    was computed when that matters (a Monte Carlo estimate says so, with its interval).
    """

    p: Fraction | None
    modifier: int = 0
    breakdown: tuple[str, ...] = ()
    outcomes: tuple[tuple[str, Fraction], ...] = ()
    title: str = ""
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def table(self) -> pl.DataFrame:
        """One row per outcome: ``outcome``, ``probability`` (float), ``exact`` (text)."""
        return pl.DataFrame(
            {"outcome": [o for o, _ in self.outcomes],
             "probability": [float(p) for _, p in self.outcomes],
             "exact": [str(p) for _, p in self.outcomes]},
            schema={"outcome": pl.String, "probability": pl.Float64, "exact": pl.String})

    def __str__(self) -> str:
        head = self.title or "odds"
        if self.p is not None:
            head += f": {float(self.p):.1%} ({self.p})"
        return head


def check_odds(outcomes: Sequence[tuple[str, Fraction]]) -> None:
    """Probabilities are exact and sum to 1 (a bug guard for every odds function)."""
    total = sum(p for _, p in outcomes)
    if total != 1:
        raise AssertionError(f"odds sum to {total}, not 1")


def success_table(p: Fraction) -> tuple[tuple[str, Fraction], ...]:
    return (("success", p), ("failure", 1 - p))


def from_roll(roll: Roll, rows: Sequence[dict[str, Any]] | None = None) -> Odds:
    """The odds of a :class:`~explorer.engine.dice.Roll`: against its target, read on a
    roll table (``rows`` with ``low``/``high``/``result``), or as the distribution of totals."""
    breakdown = tuple(f"{m:+d} {reason}" for m, reason in roll.modifiers)
    totals, weights = dice_weights(roll.count, roll.sides)
    whole = sum(weights)
    if roll.target is not None:
        p = roll.success_probability()
        return Odds(p, roll.modifier, breakdown, success_table(p), roll.label())
    if rows is not None:
        outcomes = []
        for row in rows:
            low, high = row["low"], row["high"]
            ways = sum(w for t, w in zip(totals, weights, strict=True)
                       if (low is None or t + roll.modifier >= low)
                       and (high is None or t + roll.modifier <= high))
            outcomes.append((str(row["result"]), Fraction(ways, whole)))
        _clamp(outcomes, rows, totals, weights, roll.modifier, whole)
        check_odds(outcomes)
        return Odds(None, roll.modifier, breakdown, tuple(outcomes), roll.label())
    outcomes = tuple((str(t + roll.modifier), Fraction(w, whole))
                     for t, w in zip(totals, weights, strict=True))
    return Odds(None, roll.modifier, breakdown, outcomes, roll.label())


def _clamp(outcomes: list[tuple[str, Fraction]], rows: Sequence[dict[str, Any]],
           totals: Sequence[int], weights: Sequence[int], modifier: int, whole: int) -> None:
    """Totals past a closed end of a table read the end row (ruling rifts-36)."""
    first, last = rows[0], rows[-1]
    below = sum(w for t, w in zip(totals, weights, strict=True)
                if first["low"] is not None and t + modifier < first["low"])
    above = sum(w for t, w in zip(totals, weights, strict=True)
                if last["high"] is not None and t + modifier > last["high"])
    if below:
        outcomes[0] = (outcomes[0][0], outcomes[0][1] + Fraction(below, whole))
    if above:
        outcomes[-1] = (outcomes[-1][0], outcomes[-1][1] + Fraction(above, whole))


def titled(odds: Odds, title: str) -> Odds:
    """``odds`` under another title (what its success means)."""
    return Odds(odds.p, odds.modifier, odds.breakdown, odds.outcomes, title, odds.note,
                odds.extra)


def wilson(successes: int, runs: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96)."""
    if runs == 0:
        return 0.0, 1.0
    p = successes / runs
    centre = (p + z * z / (2 * runs)) / (1 + z * z / runs)
    half = z * math.sqrt(p * (1 - p) / runs + z * z / (4 * runs * runs)) / (1 + z * z / runs)
    return max(0.0, centre - half), min(1.0, centre + half)
