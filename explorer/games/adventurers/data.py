"""Adventurers' cards and tables as plain Python objects for the rules.

Everything here is read from ``data/adventurers/`` (or a user's card set): the rules never
restate a number the data holds. :func:`adventurers_data` builds the objects once per card set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from explorer import cards


@dataclass(frozen=True, slots=True)
class Card:
    """A card of the common deck (COMMON DECK CARD LIST, seed lines 85-200).

    Encounter cards have ``force``, ``kind`` (None: no kind, ruling adv-5), ``matches`` and
    ``rule``; Travel cards ``travel_mode``; Location cards ``setting`` and ``tags``; every
    other card its ``effect`` with the amounts and filters of the ``cards`` table.
    """

    name: str
    type: str
    note: str
    copies: int = 1
    force: int | None = None
    kind: str | None = None
    matches: tuple[str, ...] = ()
    rule: str | None = None
    travel_mode: str | None = None
    setting: str | None = None
    tags: tuple[str, ...] = ()
    effect: str | None = None
    force_bonus: int | None = None
    amount: int | None = None
    keep: int | None = None
    discard_cost: int | None = None
    only_kind: str | None = None
    except_kind: str | None = None
    faced_at: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.name

    @property
    def ancient(self) -> bool:
        """A Location tagged Ancient (the last location must be one, line 13)."""
        return "Ancient" in self.tags

    def describe(self) -> str:
        """The card with its type and the seed's notes: "Tiger (Encounter: Animal Force = 3:
        Location Outdoor)"."""
        return f"{self.name} ({self.type}: {self.note})"


@dataclass(frozen=True, slots=True)
class Profession:
    """An adventurer type and its advantage (ADVENTURER list, seed lines 21-35)."""

    name: str
    advantage: str
    kind: str
    dice_count: int
    dice_sides: int | None
    versus_kind: str | None
    versus_place: tuple[str, ...]
    without_weapon: bool
    card_kind: str | None
    trigger_type: str | None
    trigger_tag: str | None
    amount: int | None
    discard: int | None

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Place:
    """What a place word of the cards matches (the ``places`` table; seed line 63)."""

    name: str
    travel_modes: frozenset[str]
    location: bool
    setting: str | None
    tag: str | None
    no_card: bool

    def matches(self, top: Card | None) -> bool:
        """Whether a player whose top Travel or Location card is ``top`` (None: no card face
        up) is at this place."""
        if top is None:
            return self.no_card
        if top.type == "Travel":
            return top.travel_mode in self.travel_modes
        return (self.location and self.setting in (None, top.setting)
                and (self.tag is None or self.tag in top.tags))


@dataclass(frozen=True)
class AdventurersData:
    """All of Adventurers' cards and tables, indexed for the rules."""

    cards: Mapping[str, Card]
    professions: Mapping[str, Profession]
    places: Mapping[str, Place]
    phases: tuple[str, ...]  # the turn sequence, in order (seed lines 39-44)
    rolls: Mapping[str, dict[str, Any]]
    constants: Mapping[str, int]

    @cached_property
    def chain_cards(self) -> dict[str, int]:
        """How many Location, Ancient Location and Travel cards the deck holds."""
        totals = {"Location": 0, "Ancient": 0, "Travel": 0}
        for card in self.cards.values():
            if card.type in totals:
                totals[card.type] += card.copies
                if card.ancient:
                    totals["Ancient"] += card.copies
        return totals

    @cached_property
    def phase_names(self) -> tuple[str, ...]:
        """The turn's phases as ``state.phase`` names, in the seed's order (lines 39-44): the
        first Research Phase is "research.before", the second "research.after"."""
        names: list[str] = []
        for phase in self.phases:
            name = phase.lower()
            if phase == "Research":
                name += ".after" if "research.before" in names else ".before"
            names.append(name)
        return tuple(names)

    def deck_contents(self) -> dict[str, int]:
        """Each card of the common deck and its number of copies, in seed order."""
        return {name: card.copies for name, card in self.cards.items()}

    def at(self, places: tuple[str, ...], top: Card | None) -> bool:
        """Whether ``top`` is at one of ``places`` (an Encounter's matches, a card's
        faced_at); an empty tuple sets no condition."""
        return not places or any(self.places[p].matches(top) for p in places)

    def dice(self, roll: str, points: int = 1) -> tuple[int, int]:
        """``(count, sides)`` of a named roll, for ``points`` Force points when its dice are
        rolled per Force point (ruling adv-15)."""
        row = self.rolls[roll]
        count = row["dice_count"] * (points if row["per"] == "Force point" else 1)
        return count, row["dice_sides"]


def _card(row: dict[str, Any]) -> Card:
    return Card(
        name=row["name"], type=row["type"], note=row["note"], copies=row["copies"],
        force=row["force"], kind=row["kind"], matches=tuple(row["matches"] or ()),
        rule=row["rule"], travel_mode=row["travel_mode"], setting=row["setting"],
        tags=tuple(row["location_tags"] or ()), effect=row["effect"],
        force_bonus=row["force_bonus"], amount=row["amount"], keep=row["keep"],
        discard_cost=row["discard_cost"], only_kind=row["only_kind"],
        except_kind=row["except_kind"], faced_at=tuple(row["faced_at"] or ()))


def _profession(row: dict[str, Any]) -> Profession:
    return Profession(
        name=row["name"], advantage=row["advantage"], kind=row["kind"],
        dice_count=row["dice_count"], dice_sides=row["dice_sides"],
        versus_kind=row["versus_kind"], versus_place=tuple(row["versus_place"] or ()),
        without_weapon=row["without_weapon"], card_kind=row["card_kind"],
        trigger_type=row["trigger_type"], trigger_tag=row["trigger_tag"],
        amount=row["amount"], discard=row["discard"])


def _place(row: dict[str, Any]) -> Place:
    return Place(row["place"], frozenset(row["travel_modes"]), row["location"],
                 row["setting"], row["location_tag"], row["no_card"])


def _load(card_set: cards.CardSet) -> AdventurersData:
    def rows(table: str) -> list[dict[str, Any]]:
        return card_set[table].to_dicts()

    return AdventurersData(
        cards={r["name"]: _card(r) for r in rows("cards")},
        professions={r["name"]: _profession(r) for r in rows("professions")},
        places={r["place"]: _place(r) for r in rows("places")},
        phases=tuple(r["phase"] for r in sorted(rows("phases"), key=lambda r: r["step"])),
        rolls={r["name"]: r for r in rows("rolls")},
        constants={r["name"]: r["value"] for r in rows("constants")},
    )


@cache
def adventurers_data(folder: str | None = None) -> AdventurersData:
    """The Adventurers data of the shipped card set, or of a user's card set folder."""
    return _load(cards.load_set("adventurers", None if folder is None else Path(folder)))
