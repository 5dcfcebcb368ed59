"""Checks shared by every game's scenario builder: a scenario is untrusted JSON, so each value
is checked where it is read and refused with a :class:`~explorer.errors.ScenarioError` that
names where it is (``scenario.parties[0].members[1]``) and what was wrong."""

from __future__ import annotations

from typing import Any

from explorer.errors import ScenarioError


def check_keys(value: Any, allowed: set[str], where: str) -> dict[str, Any]:
    """``value`` as an object with no key outside ``allowed``."""
    if not isinstance(value, dict):
        raise ScenarioError(f"{where} must be an object; found {value!r}")
    extra = sorted(set(value) - allowed)
    if extra:
        raise ScenarioError(
            f"{where}: unknown key {extra[0]!r} (keys: {', '.join(sorted(allowed))})")
    return value


def integer(value: Any, where: str, low: int, high: int) -> int:
    """``value`` as an integer from ``low`` to ``high`` (a bool is not one)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScenarioError(f"{where} must be an integer from {low} to {high}; found {value!r}")
    return value


def listed(value: Any, where: str) -> list[Any]:
    """``value`` as a list."""
    if not isinstance(value, list):
        raise ScenarioError(f"{where} must be a list; found {value!r}")
    return value


def take_card(pile: dict[str, int], name: Any, where: str, deck: str = "the deck") -> str:
    """Take one copy of ``name`` out of ``pile`` (card name -> copies left): a scenario uses
    each card of a deck at most as often as the deck holds it."""
    if not isinstance(name, str) or pile.get(name, 0) < 1:
        raise ScenarioError(f"{where}: {name!r} is not a card left in {deck} "
                            "(unknown, or already used in this scenario)")
    pile[name] -= 1
    if not pile[name]:
        del pile[name]
    return name
