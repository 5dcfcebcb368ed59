"""Gamma World's card faces, one builder per card table, registered with
:func:`~explorer.ui.faces.base.face_of`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer.ui.faces.base import (
    Context,
    Face,
    Stat,
    dice_text,
    face_of,
    joined,
    signed,
)


def _gw_breakdown(row: Mapping[str, Any], ctx: Context, face: Face) -> None:
    rolls = ctx.lookup("rolls", "name")
    roll = rolls.get("breakdown", {})
    at_least = roll.get("at_least") or 6
    text = (f"Roll 1D6 each time it is used: on {at_least}+ it is discarded (used up, broken, "
            "out of power or ammo).")
    if row.get("grenade"):
        bonus = rolls.get("breakdown_grenade", {}).get("modifier") or 1
        text += f" A grenade: {signed(bonus)} to this roll."
    face.rule("Breakdown", text)


def _gw_item(face: Face, limit: str = "") -> None:
    face.rule("Item", f"Attach it to one of your followers{f' ({limit})' if limit else ''}; it "
              "costs 1 AP to play.")


@face_of("gamma_world", "weapons")
def _gw_weapon(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = "Item · Weapon"
    face.corner = Stat("Force", signed(row["force"]))
    _gw_item(face)
    if row.get("no_effect_vs_robots"):
        face.rule("No effect on Robots/Androids", "It adds no Force against a robot Foe.")
    if row.get("uses") == 1:
        face.rule("One use only", "It is discarded after one use.")
    _gw_breakdown(row, ctx, face)
    face.stats.append(Stat("Force", signed(row["force"])))


@face_of("gamma_world", "armor")
def _gw_armor(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = "Item · Armor"
    face.corner = Stat("Hits", str(row["hits"]))
    _gw_item(face, "one armor each")
    face.rule("Armor", f"It takes hits before its follower; at 0 of its {row['hits']} Hits it "
              "is destroyed. It is not healed.")
    face.stats += [Stat("Hits", str(row["hits"])), Stat("Force", signed(row["force"]))]


@face_of("gamma_world", "vehicles")
def _gw_vehicle(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = "Item · Vehicle"
    face.corner = Stat("AP", signed(row["ap"]))
    _gw_item(face, "one vehicle or steed each")
    face.rule("", f"{signed(row['ap'])} Action Point every turn.")
    _gw_breakdown(row, ctx, face)
    face.stats.append(Stat("AP", signed(row["ap"])))


@face_of("gamma_world", "steeds")
def _gw_steed(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = "Item · Steed"
    face.corner = Stat("Hits", str(row["hits"]))
    _gw_item(face, "one vehicle or steed each")
    face.rule("Steed", f"It takes damage before its follower and is killed at 0 of its "
              f"{row['hits']} Hits. {signed(row['ap'])} Action Point every turn.")
    face.stats += [Stat("Hits", str(row["hits"])), Stat("Force", signed(row["force"])),
                   Stat("AP", signed(row["ap"]))]


def _gw_heal() -> str:
    return "In each Healing Phase remove an extra 1D6 damage counters."


@face_of("gamma_world", "equipment")
def _gw_equipment(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = "Item · Equipment"
    _gw_item(face)
    effect = row["effect"]
    if effect == "heal":
        face.rule("Heal", _gw_heal())
    elif effect == "extra_ap":
        face.corner = Stat("AP", signed(row["ap"]))
        face.rule("", f"{signed(row['ap'])} Action Point once per turn.")
    elif effect == "stat_bonus":
        face.rule("", f"Its follower gets Force {signed(row['force'])} and Hits "
                  f"{signed(row['hits'])}.")
        face.stats += [Stat("Force", signed(row["force"])), Stat("Hits", signed(row["hits"]))]
    elif effect == "negate_breakdown":
        face.rule("", "Discard it to negate a Breakdown result.")
    _gw_breakdown(row, ctx, face)


_GW_OWNERS = {"Own": "one of your", "Opponent": "an opponent's", "Any": "any player's"}


def _gw_kinds(row: Mapping[str, Any]) -> str:
    kinds = [str(t) for t in row.get("card_types") or []]
    if set(kinds) == {"Weapon", "Armor", "Vehicle", "Steed", "Equipment"}:
        return "an Item"  # ruling gw-9: an item card is one of the five item types
    return joined(kinds, "or") or "a"


@face_of("gamma_world", "events")
def _gw_event(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = "Event" + (" · Cryptic Alliance" if row.get("cryptic_alliance") else "")
    effect = row["effect"]
    dice = dice_text(row.get("dice_count"), row.get("dice_sides"))
    owner = _GW_OWNERS.get(str(row.get("target_owner")), "a")
    texts = {
        "heal": f"Remove an extra 1D6 damage counters from {owner} followers.",
        "retrieve": f"Put {_gw_kinds(row)} card from the discard pile into your hand.",
        "destroy": f"Destroy a target {_gw_kinds(row).removeprefix('an ')} card in play.",
        "discard_follower": "Discard a target follower; its controller may keep its items "
                            "(back to his hand).",
        "look_next": f"Look at the next {dice} cards of the deck.",
        "look_hand": "Look at an opponent's hand.",
        "attach_mutation": "Attach a Mutation card from your hand to one of your followers.",
        "attack_location": "Attack a location an opponent controls; he may defend with his "
                           "followers.",
        "opponent_discards": f"An opponent must discard {dice} cards.",
    }
    face.rule("", texts.get(str(effect), ""))
    face.rule("Event", "Used once, then discarded.")
    if dice:
        face.corner = Stat("Cards", dice)


@face_of("gamma_world", "mutations")
def _gw_mutation(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = "Mutation"
    face.corner = Stat("Force", signed(row["force"]))
    if row.get("attach_to") == "Opponent":
        face.rule("Defect", "Attach it to an opponent's follower when he recruits it.")
    else:
        face.rule("Mutation", "Attach it to a follower when you recruit it (a Mutant Human or "
                  "Animal).")
    if row.get("force_vs_robots") is not None:
        face.rule("Against Robots & Androids", f"Force {signed(row['force_vs_robots'])} "
                  "instead.")
    if row.get("effect") == "heal":
        face.rule("Heal", _gw_heal())
    elif row.get("effect") == "extra_ap":
        face.rule("", f"{signed(row['ap'])} AP once per turn.")
    face.stats += [Stat("Force", signed(row["force"])), Stat("Hits", signed(row["hits"]))]


@face_of("gamma_world", "foes")
def _gw_foe(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = "Foe" + (" · Cryptic Alliance" if row.get("cryptic_alliance") else "")
    threat = dice_text(row["threat_dice_count"], row["threat_dice_sides"])
    face.corner = Stat("Threat", threat)
    face.rule("Threat", f"Played by an opponent when you attack a location: roll {threat} for "
              "its Starting Threat. Each of its Threat points rolls 1D6 against you; every 1 "
              "costs one of your followers 1 Hit.")
    if row.get("robot"):
        face.rule("Robot", "Weapons with no effect on Robots/Androids add nothing against it.")
    face.flavor = str(row.get("description") or "")


_GW_ACTIONS = {"Draw": "to draw cards", "Recruit": "to recruit followers",
               "Attack": "to attack locations", "Play Item": "to play Item cards"}


@face_of("gamma_world", "locations")
def _gw_location(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = "Location"
    power, amount = row["power"], row.get("amount")
    if power == "extra_ap":
        use = _GW_ACTIONS.get(str(row.get("action")), "")
        if row.get("card_type"):
            use = f"to play {row['card_type']} cards"
        text = f"AP {signed(amount or 1)} every turn, {use} only."
        face.corner = Stat("AP", signed(amount or 1))
    elif power == "hand_size":
        text = f"Hand size {signed(amount or 1)}."
    elif power == "follower_limit":
        text = f"Maximum number of Followers {signed(amount or 1)}."
    elif power == "search_deck":
        text = (f"Once, when you capture it: search the deck for {amount} {row['card_type']} "
                "cards and put them in your hand.")
    elif power == "heal":
        text = _gw_heal()
    elif power == "neutron_missile":
        text = "Once: launch the Neutron Missile and destroy a target location."
    else:
        text = ""
    face.rule("", text)
    face.rule("Capture", "Play it to attack it with all your followers; beat its Threat and it "
              "is yours. The player with the most locations at the end wins.")
