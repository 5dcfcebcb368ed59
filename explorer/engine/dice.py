"""Dice as chance nodes: exact distributions from icepool, computed once and cached.

A roll the rules make is a :class:`~explorer.engine.core.Chance` whose outcomes are the
possible totals of the dice (before modifiers) with integer weights, so odds stay exact and
sampling stays fast. :class:`Roll` describes the roll for people and for the odds views: the
dice, every modifier with its reason, and the target or table it is read against.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import icepool

from explorer.engine.core import Chance, Outcome


@cache
def dice_weights(count: int, sides: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The totals of ``count`` dice of ``sides`` sides and how many ways make each."""
    if count < 1 or sides < 1:
        raise ValueError(f"cannot roll {count}D{sides}")
    die = count @ icepool.d(sides)
    totals, weights = zip(*die.items(), strict=True)
    return tuple(int(t) for t in totals), tuple(int(w) for w in weights)


@cache
def _outcomes(count: int, sides: int) -> tuple[Outcome, ...]:
    totals, _ = dice_weights(count, sides)
    return tuple(Outcome("roll", (t,), str(t)) for t in totals)


@dataclass(frozen=True, slots=True)
class Roll:
    """What a roll is for: its dice, its modifiers (each with its reason) and its target.

    ``target`` is the total needed to succeed ("16+"); None for a roll read on a table or for
    an amount. ``table`` names the roll table it is read on, if any.
    """

    name: str
    count: int
    sides: int
    modifiers: tuple[tuple[int, str], ...] = ()
    target: int | None = None
    table: str | None = None

    @property
    def modifier(self) -> int:
        """The total of the modifiers."""
        return sum(m for m, _ in self.modifiers)

    @property
    def dice(self) -> str:
        return f"{self.count}D{self.sides}"

    def label(self) -> str:
        """E.g. ``"Survival roll: 1D20 +3, 16+ passes"``."""
        text = f"{self.name}: {self.dice}"
        if self.modifier:
            text += f" {self.modifier:+d}"
        if self.target is not None:
            text += f", {self.target}+ succeeds"
        elif self.table:
            text += f", read on the {self.table.replace('_', ' ').title()} Table"
        return text

    def chance(self) -> Chance:
        """The roll as a chance node over the dice totals (modifiers are added after)."""
        _, weights = dice_weights(self.count, self.sides)
        return Chance(_outcomes(self.count, self.sides), weights, self.label(), self)

    def success_probability(self) -> Fraction | None:
        """Exact chance that total + modifier reaches the target (None without a target)."""
        if self.target is None:
            return None
        totals, weights = dice_weights(self.count, self.sides)
        hits = sum(w for t, w in zip(totals, weights, strict=True)
                   if t + self.modifier >= self.target)
        return Fraction(hits, sum(weights))


def pick(label: str, items: list[tuple[str, object]]) -> Chance:
    """A uniform random pick among ``items`` (text, value): "one random Vehicle is damaged"."""
    outcomes = tuple([Outcome("pick", (i, value), text)
                      for i, (text, value) in enumerate(items)])
    return Chance(outcomes, (1,) * len(outcomes), label)
