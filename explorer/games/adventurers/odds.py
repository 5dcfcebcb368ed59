"""Adventurers odds: does the Escape roll beat the Encounter roll?

>>> from explorer.odds import adventurers
>>> adventurers.escape("Tiger", profession="Trapper", weapon=True).p

Escape: 3D6, +1D6 per Force point of a played weapon card (never against a trap), +1D6 for the
profession's advantage when it applies. Encounter: 1D6 per Force point of the card, +1D6 when
the opponent attaches a weapon to a Person encounter. The escape needs a strictly higher total
(seed 001, lines 64-72; rulings adv-3, adv-15, adv-19, adv-20, adv-24).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

import icepool

from explorer import cards
from explorer.engine.odds import Odds, check_odds
from explorer.errors import UnknownNameError


@cache
def _tables() -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]], dict[str, Any]]:
    deck = {r["name"]: r for r in cards.load("adventurers", "cards").to_dicts()}
    professions = {r["name"]: r for r in cards.load("adventurers", "professions").to_dicts()}
    rolls = {r["name"]: r for r in cards.load("adventurers", "rolls").to_dicts()}
    return deck, professions, rolls


def encounters() -> list[str]:
    """The Encounter cards of the common deck, in the seed's order."""
    deck, _, _ = _tables()
    return [name for name, row in deck.items() if row["type"] == "Encounter"]


def advantage_applies(profession: dict[str, Any], encounter: dict[str, Any],
                      weapon: bool) -> bool:
    """Whether a profession's "+1D6 vs ..." counts against this encounter (issue #5's
    rulings): Actor vs Person with no weapon played, Archaeologist vs traps, Trapper vs
    Animal, Soldier of Fortune vs Enemy, Sea Captain vs encounters of Water."""
    if profession["kind"] != "escape_dice":
        return False
    if profession["without_weapon"] and weapon:
        return False
    if profession["versus_kind"] is not None:
        return encounter["kind"] == profession["versus_kind"]
    return bool(set(profession["versus_place"] or ()) & set(encounter["matches"] or ()))


def escape(encounter: str, profession: str | None = None, weapon: bool | str = False,
           foe_weapon: bool | str = False) -> Odds:
    """Exact probability that the Escape roll beats the Encounter roll of ``encounter``.

    ``weapon`` / ``foe_weapon``: True for a weapon card of Force +1, or a weapon card's name.
    """
    deck, professions, rolls = _tables()
    card = deck.get(encounter)
    if card is None or card["type"] != "Encounter":
        raise UnknownNameError("Adventurers encounter", encounter, encounters())
    if profession is not None and profession not in professions:
        raise UnknownNameError("Adventurers profession", profession, list(professions))
    trap = card["kind"] == "Trap"
    breakdown = []
    escape_dice = rolls["escape"]["dice_count"]
    sides = rolls["escape"]["dice_sides"]
    played = _weapon_points(deck, weapon, "weapon")
    if played and trap:
        breakdown.append("no weapon against a trap (line 70)")
        played = 0
    if played:
        escape_dice += played * rolls["escape_weapon"]["dice_count"]
        breakdown.append(f"+{played}D6 weapon card")
    if profession is not None and advantage_applies(professions[profession], card, bool(played)):
        extra = professions[profession]["dice_count"]
        escape_dice += extra
        breakdown.append(f"+{extra}D6 {profession}: {professions[profession]['advantage']}")
    encounter_dice = card["force"] * rolls["encounter"]["dice_count"]
    foe = _weapon_points(deck, foe_weapon, "foe_weapon")
    if foe and card["kind"] == "Person":
        encounter_dice += foe * rolls["encounter_weapon"]["dice_count"]
        breakdown.append(f"encounter +{foe}D6: a weapon attached to a Person encounter")
    elif foe:
        breakdown.append("the opponent's weapon counts only on a Person encounter (line 67)")
    p = _beats(escape_dice, encounter_dice, sides)
    outcomes = (("escape", p), ("the encounter stays", 1 - p))
    check_odds(outcomes)
    return Odds(p, 0, tuple(breakdown), outcomes,
                f"Escape {escape_dice}D6 vs {encounter} {encounter_dice}D6",
                extra={"escape_dice": escape_dice, "encounter_dice": encounter_dice})


def _weapon_points(deck: dict[str, dict[str, Any]], weapon: bool | str, what: str) -> int:
    if isinstance(weapon, bool):
        return int(weapon)
    row = deck.get(weapon)
    if row is None or row["type"] != "Weapon":
        raise UnknownNameError(f"weapon card ({what})", weapon,
                               [n for n, r in deck.items() if r["type"] == "Weapon"])
    return row["force_bonus"]


@cache
def _beats(escape_dice: int, encounter_dice: int, sides: int) -> Fraction:
    """P(escape total > encounter total), from icepool's exact dice algebra."""
    die = icepool.d(sides)
    result = (escape_dice @ die) - (encounter_dice @ die)
    return Fraction((result > 0).probability(True))
