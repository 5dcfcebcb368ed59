"""Gamma World's cards and tables as plain Python objects for the rules.

Everything here is read from ``data/gamma_world/`` (or a user's card set): the rules never
restate a number the data holds. :func:`gamma_data` builds the objects once per card set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from explorer import cards
from explorer.games.gamma_world.tables import CARD_TABLES, ITEM_TYPES

EVENT = "Event"
"""Playing an event, priced in ``ap_costs`` like the four AP actions (ruling gw-21)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the shared deck, whatever its type; fields a type lacks are 0 or None.

    ``force_vs_robots`` is the Force it adds against a robot Foe when that differs from
    ``force`` (a weapon with "No effect on Robots/Androids" has 0, ruling gw-8). ``effect`` is
    the equipment's, mutation's or event's effect, or the location's power.
    """

    name: str
    type: str
    copies: int = 1
    force: int = 0
    hits: int = 0
    ap: int = 0
    force_vs_robots: int | None = None
    uses: int | None = None
    grenade: bool = False
    effect: str | None = None
    discard_to_use: bool = False
    attach_to: str = "Own"
    target: str | None = None
    target_owner: str | None = None
    card_types: tuple[str, ...] = ()
    dice: tuple[int, int] | None = None  # (count, sides): event dice, a Foe's threat dice
    keep_items: bool = False
    robot: bool = False
    amount: int = 0
    action: str | None = None
    card_type: str | None = None
    one_time: bool = False
    note: str = ""

    @property
    def is_item(self) -> bool:
        """Weapon, armor, vehicle, steed or equipment (ruling gw-9)."""
        return self.type in ITEM_TYPES

    def force_against(self, robot: bool) -> int:
        """The Force it adds against a Foe that is (or is not) a robot (ruling gw-8)."""
        if robot and self.force_vs_robots is not None:
            return self.force_vs_robots
        return self.force

    def __str__(self) -> str:
        return self.name


def _card(row: dict[str, Any]) -> Card:
    kind = row["type"]
    common: dict[str, Any] = {"name": row["name"], "type": kind, "copies": row["copies"],
                              "note": row.get("note") or row.get("description") or ""}
    if kind == "Weapon":
        return Card(**common, force=row["force"], uses=row["uses"], grenade=row["grenade"],
                    force_vs_robots=0 if row["no_effect_vs_robots"] else None)
    if kind in ("Armor", "Steed", "Vehicle"):
        return Card(**common, force=row.get("force", 0), hits=row.get("hits", 0),
                    ap=row.get("ap", 0))
    if kind == "Equipment":
        return Card(**common, effect=row["effect"], ap=row["ap"], force=row["force"],
                    hits=row["hits"], discard_to_use=row["discard_to_use"])
    if kind == "Mutation":
        return Card(**common, force=row["force"], hits=row["hits"], effect=row["effect"],
                    force_vs_robots=row["force_vs_robots"], ap=row["ap"],
                    attach_to=row["attach_to"])
    if kind == "Event":
        dice = (row["dice_count"], row["dice_sides"]) if row["dice_count"] else None
        return Card(**common, effect=row["effect"], target=row["target"],
                    target_owner=row["target_owner"], card_types=tuple(row["card_types"] or ()),
                    dice=dice, keep_items=row["keep_items"])
    if kind == "Foe":
        return Card(**common, dice=(row["threat_dice_count"], row["threat_dice_sides"]),
                    robot=row["robot"])
    if kind == "Location":
        return Card(**common, effect=row["power"], amount=row["amount"] or 0,
                    action=row["action"], card_type=row["card_type"], one_time=row["one_time"])
    raise ValueError(f"gamma_world: unknown card type {kind!r}")


@dataclass(frozen=True)
class GammaData:
    """All of Gamma World's cards and tables, indexed for the rules."""

    cards: Mapping[str, Card]  # every card of the shared deck, in seed order
    constants: Mapping[str, int]
    rolls: Mapping[str, dict[str, Any]]
    ap_costs: Mapping[str, int]  # action (and EVENT, playing an event) -> AP it costs
    tables: Mapping[str, tuple[Card, ...]]  # card table -> its cards, for the registry tests

    def card(self, name: str) -> Card:
        return self.cards[name]

    def deck_contents(self) -> dict[str, int]:
        """Each card of the shared deck and its number of copies, in seed order."""
        return {n: c.copies for n, c in self.cards.items()}

    def of_type(self, *types: str) -> list[Card]:
        return [c for c in self.cards.values() if c.type in types]


def _load(card_set: cards.CardSet) -> GammaData:
    table_cards = {t.name: tuple(_card(r) for r in card_set[t.name].to_dicts())
                   for t in CARD_TABLES}
    every = {c.name: c for group in table_cards.values() for c in group}
    constants = {r["name"]: r["value"] for r in card_set["constants"].to_dicts()}
    ap_costs = {r["action"]: r["ap_cost"] for r in card_set["actions"].to_dicts()}
    ap_costs[EVENT] = constants["event_ap_cost"]  # ruling gw-21
    return GammaData(
        cards=every,
        constants=constants,
        rolls={r["name"]: r for r in card_set["rolls"].to_dicts()},
        ap_costs=ap_costs,
        tables=table_cards,
    )


@cache
def gamma_data(folder: str | None = None) -> GammaData:
    """The Gamma World data of the shipped card set, or of a user's card set folder."""
    return _load(cards.load_set("gamma_world", None if folder is None else Path(folder)))
