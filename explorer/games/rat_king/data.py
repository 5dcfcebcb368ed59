"""Lair of the Rat-King's cards and tables as plain Python objects for the rules.

Everything here is read from ``data/rat_king/`` (or a user's card set): the rules never restate
a number the data holds (hand size, deal, limits, victory AP, dice, every card value).
:func:`rat_king_data` builds the objects once per card set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from explorer import cards


@dataclass(frozen=True, slots=True)
class Effect:
    """One typed effect of a card (the ``effects`` column, or a STUFF DIE face): ``name`` is
    the rules function that runs it (``effects.toml``)."""

    name: str
    amount: int | None = None
    count: int | None = None
    target: str | None = None
    when: str | None = None
    gender: str | None = None
    classification: str | None = None
    stuff_range: str | None = None

    def times(self, multiplier: int) -> Effect:
        """This effect with its amount and count multiplied (a Ratling card during an
        Adventure with a ``ratling_multiplier``; ruling rk-18)."""
        if multiplier == 1:
            return self
        return Effect(self.name, None if self.amount is None else self.amount * multiplier,
                      None if self.count is None else self.count * multiplier, self.target,
                      self.when, self.gender, self.classification, self.stuff_range)


@dataclass(frozen=True, slots=True)
class DieFace:
    """A face range of a STUFF DIE table, ``low`` to ``high``, and the effect it gives."""

    low: int
    high: int
    effect: Effect


@dataclass(frozen=True, slots=True)
class CharacterCard:
    """A CHARACTER or ME card."""

    name: str
    copies: int
    kind: str
    cp: int
    cp_flipped: int | None
    character_die: int
    color: str
    gender: str
    classifications: tuple[str, ...]
    excludes: tuple[str, ...]
    extra_stuff: int
    ap: int
    effects: tuple[Effect, ...]
    trigger: bool
    text: str

    @property
    def is_me(self) -> bool:
        """A ME card: one per player, never discarded."""
        return self.kind == "ME"

    def on(self, when: str) -> tuple[Effect, ...]:
        """The effects of ``when`` ("turn_option", "in_play")."""
        return tuple(e for e in self.effects if e.when == when)


@dataclass(frozen=True, slots=True)
class StuffCard:
    """A STUFF card: its colours and range, CP either side, extra STUFF it allows, AP, and its
    STUFF DIE table (empty: none) with what using it does to the card."""

    name: str
    copies: int
    stuff_type: str
    colors: tuple[str, ...]
    stuff_range: str
    cp: int
    cp_flipped: int | None
    extra_stuff: int
    ap: int
    stuff_die: tuple[DieFace, ...]
    on_use: str
    effects: tuple[Effect, ...]
    trigger: bool
    text: str

    def face(self, roll: int) -> Effect:
        """The effect of the STUFF DIE face ``roll``."""
        return next(f.effect for f in self.stuff_die if f.low <= roll <= f.high)


@dataclass(frozen=True, slots=True)
class EncounterCard:
    """An ENCOUNTER card: Instant (to the discard pile) or Effect (lasts the Adventure)."""

    name: str
    copies: int
    encounter_kind: str
    classifications: tuple[str, ...]
    effects: tuple[Effect, ...]
    trigger: bool
    text: str


@dataclass(frozen=True, slots=True)
class AdventureCard:
    """An ADVENTURE card: its AP, sunburst, Ratling multiplier and rules."""

    name: str
    copies: int
    ap: int
    sunburst: bool
    ratling_multiplier: int
    effects: tuple[Effect, ...]
    trigger: bool
    text: str

    def on(self, when: str) -> tuple[Effect, ...]:
        """The effects of ``when`` ("adventure": its rules, "win": its reward)."""
        return tuple(e for e in self.effects if e.when == when)


@dataclass(frozen=True, slots=True)
class EventCard:
    """An EVENT card: played on a character or a group; stays or is discarded."""

    name: str
    copies: int
    played_on: str
    stays: bool
    classifications: tuple[str, ...]
    cp: int
    cp_flipped: int | None
    ap: int
    effects: tuple[Effect, ...]
    trigger: bool
    text: str

    @property
    def reputation(self) -> bool:
        """A REPUTATION: it flips with its CHARACTER (ruling rk-25)."""
        return "Reputation" in self.classifications


@dataclass(frozen=True, slots=True)
class Die:
    """A roll of the ``rolls`` table: ``count`` dice of ``sides`` sides."""

    name: str
    count: int
    sides: int


@dataclass(frozen=True)
class RatKingData:
    """All of Lair of the Rat-King's tables, indexed for the rules."""

    characters: Mapping[str, CharacterCard]
    stuffs: Mapping[str, StuffCard]
    encounters: Mapping[str, EncounterCard]
    adventures: Mapping[str, AdventureCard]
    events: Mapping[str, EventCard]
    effects: tuple[str, ...]  # every effect name (effects.toml)
    dice: Mapping[str, Die]
    constants: Mapping[str, int]
    table: Mapping[str, str]  # card name -> its card table
    plan: Any = None  # a deck-combining mode's Plan (explorer.games.rat_king.modes); None: none

    def home(self, name: str) -> int:
        """The draw and discard pile a card belongs to: 0, or On the Borderlands its owner's
        (ruling rk-47)."""
        return 0 if self.plan is None else self.plan.home(name)

    @cached_property
    def me_cards(self) -> tuple[str, ...]:
        """The ME cards, in the table's order."""
        return tuple(c.name for c in self.characters.values() if c.is_me)

    @cached_property
    def _deck(self) -> Mapping[str, int]:
        found: dict[str, int] = {}
        for group in (self.characters, self.stuffs, self.encounters, self.adventures,
                      self.events):
            for card in group.values():
                if not getattr(card, "is_me", False):
                    found[card.name] = card.copies
        return found

    def deck(self) -> dict[str, int]:
        """The cards shuffled into the draw pile at setup: every card but the ME cards, with
        its copies."""
        return dict(self._deck)

    @cached_property
    def _whole_set(self) -> Mapping[str, int]:
        found = dict(self._deck)
        for name in self.me_cards:
            found[name] = self.characters[name].copies
        return found

    def whole_set(self) -> dict[str, int]:
        """Every card of the set, ME cards included: name -> copies."""
        return dict(self._whole_set)

    def trigger(self, name: str) -> bool:
        """Whether ``name`` is a TRIGGER card (asterisk *)."""
        table = self.table[name]
        return getattr(self, table)[name].trigger


def _effect(row: dict[str, Any]) -> Effect:
    return Effect(row["name"], row.get("amount"), row.get("count"), row.get("target"),
                  row.get("when"), row.get("gender"), row.get("classification"),
                  row.get("stuff_range"))


def _effects(rows: list[dict[str, Any]]) -> tuple[Effect, ...]:
    return tuple(_effect(r) for r in rows or [])


def _load(card_set: cards.CardSet) -> RatKingData:
    def rows(table: str) -> list[dict[str, Any]]:
        return card_set[table].to_dicts()

    characters = {r["name"]: CharacterCard(
        r["name"], r["copies"], r["kind"], r["cp"], r["cp_flipped"], r["character_die"],
        r["color"], r["gender"], tuple(r["classifications"]), tuple(r["excludes"]),
        r["extra_stuff"], r["ap"], _effects(r["effects"]), r["trigger"], r["text"])
        for r in rows("characters")}
    stuffs = {r["name"]: StuffCard(
        r["name"], r["copies"], r["stuff_type"], tuple(r["colors"]), r["stuff_range"], r["cp"],
        r["cp_flipped"], r["extra_stuff"], r["ap"],
        tuple(DieFace(f["low"], f["high"], _effect(f)) for f in r["stuff_die"] or []),
        r["on_use"], _effects(r["effects"]), r["trigger"], r["text"]) for r in rows("stuffs")}
    encounters = {r["name"]: EncounterCard(
        r["name"], r["copies"], r["encounter_kind"], tuple(r["classifications"]),
        _effects(r["effects"]), r["trigger"], r["text"]) for r in rows("encounters")}
    adventures = {r["name"]: AdventureCard(
        r["name"], r["copies"], r["ap"], r["sunburst"], r["ratling_multiplier"],
        _effects(r["effects"]), r["trigger"], r["text"]) for r in rows("adventures")}
    events = {r["name"]: EventCard(
        r["name"], r["copies"], r["played_on"], r["stays"], tuple(r["classifications"]),
        r["cp"], r["cp_flipped"], r["ap"], _effects(r["effects"]), r["trigger"], r["text"])
        for r in rows("events")}
    table = {name: kind for kind, group in (
        ("characters", characters), ("stuffs", stuffs), ("encounters", encounters),
        ("adventures", adventures), ("events", events)) for name in group}
    return RatKingData(
        characters=characters, stuffs=stuffs, encounters=encounters, adventures=adventures,
        events=events, effects=tuple(r["name"] for r in rows("effects")),
        dice={r["name"]: Die(r["name"], r["dice_count"], r["dice_sides"])
              for r in rows("rolls")},
        constants={r["name"]: r["value"] for r in rows("constants")},
        table=table,
    )


@cache
def rat_king_data(folder: str | None = None) -> RatKingData:
    """The Rat-King data of the shipped card set, or of a user's card set folder."""
    return _load(cards.load_set("rat_king", None if folder is None else Path(folder)))
