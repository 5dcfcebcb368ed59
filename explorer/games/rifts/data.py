"""Rifts Adventures' cards and tables as plain Python objects for the rules.

Everything here is read from ``data/rifts/`` (or a user's card set): the rules never restate a
number the data holds. :func:`rifts_data` builds the objects once per card set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from explorer import cards

AID_DECKS = ("Character", "Magic", "Psionic", "Equipment")
DECKS = (*AID_DECKS, "Location", "Foe")


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability a card gives: ``Heal +2`` is ``Ability("Heal", 2)``."""

    name: str
    bonus: int = 0
    where: str | None = None  # works only at a location of this type (ruling rifts-13)
    cards: int | None = None  # Draw / Supply: how many cards (rulings rifts-11, rifts-12)

    def __str__(self) -> str:
        text = self.name + (f" +{self.bonus}" if self.bonus else "")
        if self.cards:
            text += f" {self.cards}"
        return text + (f" (in {self.where} locations)" if self.where else "")


@dataclass(frozen=True, slots=True)
class Card:
    """A card of an Aid deck (Character, Magic, Psionic or Equipment).

    ``kind`` is the Character's class, the Equipment's type, the Psionic card's category or
    ``"Magic"``. ``force`` is None for a rolled Force (``force_dice``, ruling rifts-16).
    ``choice`` is true when the card gives one of its abilities at a time ("or").
    """

    deck: str
    name: str
    kind: str
    force: int | None
    abilities: tuple[Ability, ...]
    choice: bool = False
    force_dice: tuple[int, int] | None = None
    uses: int | None = None
    every_other_round: bool = False
    copies: int = 1
    by_ability: Mapping[str, tuple[Ability, ...]] = field(init=False, repr=False,
                                                          compare=False)
    """The card's abilities by name, made once with the card (the rules ask every step)."""
    ability_names: frozenset[str] = field(init=False, repr=False, compare=False)
    """The names of the card's abilities."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_ability", _index(self.abilities))
        object.__setattr__(self, "ability_names", frozenset(a.name for a in self.abilities))

    def __str__(self) -> str:
        return self.name

    def gives(self, ability: str) -> tuple[Ability, ...]:
        """The card's abilities of that name (usually one or none)."""
        return self.by_ability.get(ability, ())


def _index(abilities: tuple[Ability, ...]) -> dict[str, tuple[Ability, ...]]:
    found: dict[str, tuple[Ability, ...]] = {}
    for a in abilities:
        found[a.name] = (*found.get(a.name, ()), a)
    return found


@dataclass(frozen=True, slots=True)
class Location:
    name: str
    type: str  # Urban or Wilderness
    supply: str
    supply_cards: int
    foe_bonus_groups: tuple[str, ...]
    foe_bonus: int
    copies: int = 1


@dataclass(frozen=True, slots=True)
class Foe:
    name: str
    types: tuple[str, ...]
    tokens: int
    force_per_token: int
    draws: tuple[tuple[str, int], ...]  # (deck, cards) the Foe draws at the start of combat
    abilities: tuple[Ability, ...]
    only: str | None  # Wilderness or Urban only
    groups: tuple[str, ...]
    copies: int = 1


def _abilities(rows: list[dict[str, Any]]) -> tuple[Ability, ...]:
    return tuple(Ability(a["name"], a["bonus"], a["where"], a["cards"]) for a in rows)


@dataclass(frozen=True)
class RiftsData:
    """All of Rifts' cards and tables, indexed for the rules."""

    characters: Mapping[str, Card]
    aid: Mapping[str, Mapping[str, Card]]  # deck -> name -> card, for the four Aid decks
    locations: Mapping[str, Location]
    foes: Mapping[str, Foe]
    tables: Mapping[str, tuple[dict[str, Any], ...]]  # roll tables, rows in seed order
    rolls: Mapping[str, dict[str, Any]]
    modifiers: Mapping[str, tuple[dict[str, Any], ...]]  # roll name -> its modifier rows
    constants: Mapping[str, int]
    equipment_types: Mapping[str, dict[str, Any]]
    supply_types: Mapping[str, dict[str, Any]]

    def card(self, deck: str, name: str) -> Card:
        """An Aid card by deck and name."""
        return self.aid[deck][name]

    def deck_contents(self, deck: str) -> dict[str, int]:
        """Each card of a deck and its number of copies, in seed order."""
        if deck == "Location":
            return {n: c.copies for n, c in self.locations.items()}
        if deck == "Foe":
            return {n: f.copies for n, f in self.foes.items()}
        return {n: c.copies for n, c in self.aid[deck].items()}

    def deck_size(self, deck: str) -> int:
        """How many cards the full deck holds, every copy counted."""
        return self._deck_sizes[deck]

    @cached_property
    def every_card(self) -> dict[tuple[str, str], int]:
        """Each card of every deck, as ``(deck, name)``, and its number of copies."""
        return {(deck, name): copies for deck in DECKS
                for name, copies in self.deck_contents(deck).items()}

    @cached_property
    def _deck_sizes(self) -> dict[str, int]:
        return {deck: sum(self.deck_contents(deck).values()) for deck in DECKS}

    def row(self, table: str, total: int) -> dict[str, Any]:
        """The row of a roll table that ``total`` reads (totals past a closed end read the end
        row, ruling rifts-36)."""
        found = self._rows.get((table, total))
        if found is None:
            found = self._rows[table, total] = self._find_row(table, total)
        return found

    @cached_property
    def _rows(self) -> dict[tuple[str, int], dict[str, Any]]:
        """The rows read so far, by table and total (the tables never change)."""
        return {}

    def _find_row(self, table: str, total: int) -> dict[str, Any]:
        rows = self.tables[table]
        for row in rows:
            low, high = row["low"], row["high"]
            if (low is None or total >= low) and (high is None or total <= high):
                return row
        return rows[0] if total < (rows[0]["low"] or 0) else rows[-1]

    def roll(self, name: str) -> tuple[int, int, int, int | None]:
        """``(dice count, sides, modifier, target)`` of a named roll."""
        return self._roll_rows[name]

    @cached_property
    def _roll_rows(self) -> dict[str, tuple[int, int, int, int | None]]:
        """Every roll's ``(dice count, sides, modifier, target)``, read once from ``rolls``."""
        return {name: (row["dice_count"], row["dice_sides"], row["modifier"], row["target"])
                for name, row in self.rolls.items()}


def _load(card_set: cards.CardSet) -> RiftsData:
    def rows(table: str) -> list[dict[str, Any]]:
        return card_set[table].to_dicts()

    characters = {
        r["name"]: Card("Character", r["name"], r["class"], r["base_force"],
                        _abilities(r["abilities"]), copies=r["copies"])
        for r in rows("characters")}
    equipment = {
        r["name"]: Card("Equipment", r["name"], r["type"], r["force"], _abilities(r["abilities"]),
                        uses=r["uses"], every_other_round=r["every_other_round"],
                        copies=r["copies"])
        for r in rows("equipment")}
    psionic = {
        r["name"]: Card("Psionic", r["name"], r["category"], r["force"],
                        _abilities(r["abilities"]), r["ability_choice"],
                        (r["force_dice_count"], r["force_dice_sides"])
                        if r["force_dice_count"] else None, copies=r["copies"])
        for r in rows("psionic")}
    magic = {
        r["name"]: Card("Magic", r["name"], "Magic", r["force"], _abilities(r["abilities"]),
                        r["ability_choice"], copies=r["copies"])
        for r in rows("magic")}
    locations = {
        r["name"]: Location(r["name"], r["type"], r["supply"], r["supply_cards"],
                            tuple(r["foe_bonus_groups"]), r["foe_bonus"], r["copies"])
        for r in rows("locations")}
    foes = {
        r["name"]: Foe(r["name"], tuple(r["types"]), r["tokens"], r["force_per_token"],
                       tuple((deck, r[column]) for deck, column in (
                           ("Magic", "magic_cards"), ("Psionic", "psionic_cards"),
                           ("Equipment", "tech_cards")) if r[column]),
                       _abilities(r["abilities"]), r["only"], tuple(r["groups"]), r["copies"])
        for r in rows("foes")}
    tables = {name: tuple(rows(name)) for name in (
        "hazard", "escape", "bonus_supply", "mission", "loot", "hit_result", "combat_event",
        "chaos")}
    modifiers: dict[str, list[dict[str, Any]]] = {}
    for r in rows("roll_modifiers"):
        modifiers.setdefault(r["roll"], []).append(r)
    return RiftsData(
        characters=characters,
        aid={"Character": characters, "Magic": magic, "Psionic": psionic,
             "Equipment": equipment},
        locations=locations, foes=foes, tables=tables,
        rolls={r["name"]: r for r in rows("rolls")},
        modifiers={k: tuple(v) for k, v in modifiers.items()},
        constants={r["name"]: r["value"] for r in rows("constants")},
        equipment_types={r["type"]: r for r in rows("equipment_types")},
        supply_types={r["supply"]: r for r in rows("supply_types")},
    )


@cache
def rifts_data(folder: str | None = None) -> RiftsData:
    """The Rifts data of the shipped card set, or of a user's card set folder."""
    return _load(cards.load_set("rifts", None if folder is None else Path(folder)))
