"""Riftforce's cards and tables as plain Python objects for the rules.

Everything here is read from ``data/riftforce/`` (or a user's card set): the rules never restate
a number the data holds. :func:`riftforce_data` builds the objects once per card set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from explorer import cards


@dataclass(frozen=True, slots=True)
class AbilityStep:
    """One step of a guild's ability (the ``guilds.ability`` column; ruling rf-8)."""

    name: str
    trigger: str
    amount: int | None
    target: str | None
    place: str | None
    condition: str | None


@dataclass(frozen=True, slots=True)
class Guild:
    """A summoner card: the guild's name, its ability in words and as ordered steps."""

    name: str
    text: str
    steps: tuple[AbilityStep, ...]
    move: str

    def __str__(self) -> str:
        return self.name

    def on(self, trigger: str) -> tuple[AbilityStep, ...]:
        """The steps run on ``trigger`` ("activate", "play" or "destroyed")."""
        return tuple(step for step in self.steps if step.trigger == trigger)

    @property
    def destroyed_bonus(self) -> int:
        """Extra Riftforce its destroyer's side scores (Crystal; ruling rf-10)."""
        return sum(s.amount or 0 for s in self.on("destroyed") if s.name == "extra_riftforce")


@dataclass(frozen=True, slots=True)
class Kind:
    """One row of the elementals table: a guild and value, and how many such cards a guild
    has (ruling rf-4). Cards are named by it: "Fire 5"."""

    name: str
    guild: str
    value: int
    copies: int


@dataclass(frozen=True)
class RiftforceData:
    """All of Riftforce's tables, indexed for the rules."""

    guilds: Mapping[str, Guild]
    kinds: Mapping[str, Kind]
    locations: tuple[str, ...]  # names, in the row's order (position 1 first)
    adjacent: tuple[tuple[int, ...], ...]  # 0-based neighbours of each location
    middle: int  # 0-based index of the start card's location (ruling rf-2)
    constants: Mapping[str, int]

    def deck(self, guilds: list[str]) -> dict[str, int]:
        """A player's draw pile of these guilds: card name -> copies (36 for 4 guilds)."""
        return {k.name: k.copies for k in self.kinds.values() if k.guild in guilds}

    def guild_cards(self, guild: str) -> list[str]:
        """The card names of a guild, lowest value first."""
        return [k.name for k in self.kinds.values() if k.guild == guild]


def _step(row: dict[str, Any]) -> AbilityStep:
    return AbilityStep(row["name"], row["trigger"], row["amount"], row["target"], row["place"],
                       row["condition"])


def _load(card_set: cards.CardSet) -> RiftforceData:
    def rows(table: str) -> list[dict[str, Any]]:
        return card_set[table].to_dicts()

    locations = sorted(rows("locations"), key=lambda r: r["position"])
    middle = next(i for i, r in enumerate(locations) if r["placement"] == "middle")
    return RiftforceData(
        guilds={r["name"]: Guild(r["name"], r["text"], tuple(map(_step, r["ability"])),
                                 r["move"]) for r in rows("guilds")},
        kinds={r["name"]: Kind(r["name"], r["guild"], r["value"], r["copies"])
               for r in rows("elementals")},
        locations=tuple(r["name"] for r in locations),
        adjacent=tuple(tuple(p - 1 for p in r["adjacent"]) for r in locations),
        middle=middle,
        constants={r["name"]: r["value"] for r in rows("constants")},
    )


@cache
def riftforce_data(folder: str | None = None) -> RiftforceData:
    """The Riftforce data of the shipped card set, or of a user's card set folder."""
    return _load(cards.load_set("riftforce", None if folder is None else Path(folder)))
