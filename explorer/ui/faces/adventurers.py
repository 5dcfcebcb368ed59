"""Adventurers's card faces, one builder per card table, registered with
:func:`~explorer.ui.faces.base.face_of`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from explorer.ui.faces.base import (
    Context,
    Face,
    Stat,
    a_or_an,
    dice_text,
    face_of,
    joined,
    n_cards,
    number,
    sentence,
    signed,
)


def _places(ctx: Context) -> dict[str, dict[str, Any]]:
    return ctx.lookup("places", "place")


def _adv_playable_at(places: Mapping[str, dict[str, Any]], *, mode: str | None = None,
                     setting: str | None = None, tags: Iterable[str] = ()) -> list[str]:
    """The places an Encounter may name to be played on this top Travel or Location card."""
    tags = set(tags)
    found = []
    for name, place in places.items():
        if mode is not None and mode in (place.get("travel_modes") or []):
            found.append(name)
        elif mode is None and place.get("location") and (
                place.get("setting") in (None, setting)) and (
                place.get("location_tag") in (None, *tags)):
            found.append(name)
    return found


def _adv_filters(row: Mapping[str, Any]) -> str:
    """"a Person Encounter", "any Encounter but a Trap", "... faced at an Indoor Location"."""
    if row.get("only_kind"):
        what = f"{a_or_an(str(row['only_kind']))} Encounter"
    elif row.get("except_kind"):
        what = f"any Encounter but {a_or_an(str(row['except_kind']))}"
    else:
        what = "an Encounter"
    faced = [str(p) for p in row.get("faced_at") or []]
    if faced:
        what += f" faced on {joined(faced, 'or')}"
    return what


_ADV_EFFECTS: Mapping[str, Callable[[Mapping[str, Any]], str]] = {
    "force_bonus": lambda r: (f"+{r['force_bonus']}D6 to your Escape roll"
                              + (f" against {_adv_filters(r)}" if r.get("faced_at") else "")),
    "evade": lambda r: (f"Evade {_adv_filters(r)}: it is discarded as if you had escaped, "
                        "without a roll"),
    "negate_weapon": lambda r: ("Discard the Weapon card an opponent attached to the "
                                "Encounter you face: its 1D6 is not rolled"),
    "look_hand": lambda r: "Look at an opponent's hand",
    "look_next": lambda r: (f"Look at the next {r['amount']} cards of the deck; they stay in "
                            "order"),
    "look_keep": lambda r: (f"Look at the top {r['amount']} cards of the deck and keep "
                            f"{number(r['keep'])}; the rest go back in order"),
    "discard_hand_draw": lambda r: f"Discard your hand and draw {n_cards(r['amount'])}",
    "opponent_discards": lambda r: f"An opponent must discard {n_cards(r['amount'])}",
}


@face_of("adventurers", "cards")
def _adventurers_card(row: dict[str, Any], ctx: Context, face: Face) -> None:
    kind = str(row["type"])
    face.type_line = kind + (f" · {row['kind']}" if kind == "Encounter" and row.get("kind")
                             else "")
    if kind == "Encounter":
        _adventurers_encounter(row, ctx, face)
    elif kind == "Travel":
        mode = str(row["travel_mode"])
        face.type_line += f" · {mode}"
        face.rule("Travel", f"By {mode.lower()}. Play it face up on your pile in your Travel "
                  "Phase (not while an Encounter faces you); a Location card may follow it.")
        playable = _adv_playable_at(_places(ctx), mode=mode)
        if playable:
            face.rule("Encounters", f"While it is on top, opponents may play Encounters marked "
                      f"{joined(playable, 'or')} on you.")
    elif kind == "Location":
        tags = [str(t) for t in row.get("location_tags") or []]
        face.type_line += f" · {row['setting']} · {' & '.join(tags)}"
        face.rule("Location", "Play it on your Travel card in your Travel Phase. Visit 5 "
                  "locations to win; the last must be Ancient.")
        if "Ancient" in tags:
            face.rule("Ancient", "It may be your fifth, winning location.")
        playable = _adv_playable_at(_places(ctx), setting=row.get("setting"), tags=tags)
        if playable:
            face.rule("Encounters", f"While it is on top, opponents may play Encounters marked "
                      f"{joined(playable, 'or')} on you.")
    else:
        effect = _ADV_EFFECTS.get(str(row.get("effect")))
        if effect is not None:
            face.rule("", sentence(effect(row)))
        if row.get("discard_cost"):
            face.rule("Price", f"Also discard {n_cards(row['discard_cost'])} from your hand; "
                      "without them you cannot play it.")
        if kind == "Weapon":
            face.rule("Weapon", "Play it on your Escape roll (one per roll), or attach it to a "
                      "Person Encounter you play. Never against a Trap.")
        if kind == "Research":
            face.rule("Research", "Play it in a Research Phase.")
        if row.get("force_bonus"):
            face.corner = Stat("Force", signed(row["force_bonus"]))


def _adventurers_encounter(row: dict[str, Any], ctx: Context, face: Face) -> None:
    force = row["force"]
    face.corner = Stat("Force", str(force))
    where = [str(p) for p in row.get("matches") or []]
    face.rule("Played on", f"an opponent whose top Travel or Location card matches "
              f"{joined(where, 'or')}." if where != ["Anywhere"] else "any opponent, anywhere.")
    face.rule("Encounter roll", f"{force}D6. The player escapes with a higher 3D6 Escape roll "
              "(a Weapon card adds 1D6); otherwise it stays in play.")
    if row.get("kind") == "Person":
        face.rule("Person", "Whoever plays it may attach a Weapon card for +1D6.")
    if row.get("kind") == "Trap":
        face.rule("Trap", "No Weapon card may be used against it.")
    if row.get("rule") == "fisticuffs":
        face.rule("Fisticuffs", "Will not use guns: no Weapon card may be added to its roll.")


@face_of("adventurers", "professions")
def _adventurers_profession(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = "Profession · Adventurer"
    kind = str(row["kind"])
    dice = dice_text(row.get("dice_count"), row.get("dice_sides"))
    amount = row.get("amount")
    if kind == "escape_dice":
        face.corner = Stat("Escape", f"+{dice}")
        against = (f"{row['versus_kind']} Encounters" if row.get("versus_kind") else
                   f"Encounters of {joined([str(p) for p in row.get('versus_place') or []], 'or')}")
        text = f"+{dice} to your Escape roll against {against}"
        if row.get("without_weapon"):
            text += ", if you play no Weapon card on that roll"
    elif kind == "enemy_as_weapon":
        face.corner = Stat("Weapon", f"+{dice}")
        text = (f"You may play {row['card_kind']} Encounter cards from your hand as Weapon "
                f"cards: +{dice} each")
    elif kind == "extra_draw_on_play":
        card = f"{a_or_an(str(row['trigger_type']))} card"
        if row.get("trigger_tag"):
            card += f" tagged {row['trigger_tag']}"
        text = f"Draw {n_cards(amount or 1, 'extra card')} when you play {card}"
    elif kind == "look_next":
        text = (f"Discard {n_cards(row.get('discard') or 1)} to look at the next {amount} cards "
                "of the deck")
    elif kind == "draw_and_discard":
        text = (f"In your Draw Phase draw {n_cards(amount or 1, 'extra card')}, then discard "
                f"{number(row.get('discard') or 1)}")
    elif kind == "hand_size":
        face.corner = Stat("Hand", signed(amount or 0))
        text = f"Your hand size is {signed(amount or 0)}"
    else:
        text = str(row.get("advantage") or "")
    face.rule("Advantage", sentence(text))
    if row.get("advantage"):
        face.flavor = f"“{row['advantage']}”"
