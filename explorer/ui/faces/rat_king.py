"""Lair of the Rat-King's card faces, one builder per card table, registered with
:func:`~explorer.ui.faces.base.face_of`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from explorer.ui.faces.base import (
    Context,
    Face,
    Stat,
    face_of,
    joined,
    n_cards,
    number,
    sentence,
    signed,
)

_RK_WHEN = {"turn_option": "Turn option", "in_play": "While in play", "on_play": "When played",
            "adventure": "This ADVENTURE", "win": "When won"}
# target -> (one, several with {n}, or a fixed phrase); "{holder}" is the card's own CHARACTER
_RK_TARGETS: Mapping[str, tuple[str, str]] = {
    "this_character": ("{holder}", "{holder}"),
    "own_character": ("one of your CHARACTERS", "{n} of your CHARACTERS"),
    "opponent_character": ("one opponent's CHARACTER", "{n} opponents' CHARACTERS"),
    "any_character": ("one CHARACTER in any group", "{n} CHARACTERS in any groups"),
    "every_character": ("every CHARACTER", "every CHARACTER"),
    "own_card": ("one of your CHARACTER or STUFF cards", "{n} of your CHARACTER or STUFF cards"),
    "any_stuff": ("one STUFF card on a participating CHARACTER",
                  "{n} STUFF cards on participating CHARACTERS"),
    "opponent_stuff": ("one STUFF card on an opponent's CHARACTER",
                       "{n} STUFF cards on opponents' CHARACTERS"),
    "own_group": ("your group", "your group"),
    "any_group": ("one group", "{n} groups"),
    "every_group": ("every group", "every group"),
    "player": ("you", "you"),
    "winner": ("the winner", "the winner"),
    "discard_pile": ("the discard pile", "the discard pile"),
}
_RK_GENDER = {"M": "male", "F": "female"}


def _rk_target(effect: Mapping[str, Any], holder: str) -> tuple[str, bool]:
    """The effect's targets in words, and whether they read as plural."""
    count = effect.get("count") or 1
    one, several = _RK_TARGETS.get(str(effect.get("target")), ("a card", "{n} cards"))
    text = (one if count == 1 else several).format(n=number(count), holder=holder)
    if effect.get("gender") in _RK_GENDER:
        text = text.replace("CHARACTER", f"{_RK_GENDER[effect['gender']]} CHARACTER", 1)
    return text, count > 1


def _rk_effect(effect: Mapping[str, Any], holder: str) -> str:
    """One effect in rules English: "unflip one of your CHARACTERS"."""
    name = str(effect.get("name"))
    who, plural = _rk_target(effect, holder)
    amount = effect.get("amount") or 0
    get = "get" if plural or who == "you" else "gets"
    if name == "cp":
        return f"{who} {get} {signed(amount)} CP"
    if name == "negate_cp":
        return (f"the CP total of {who} counts as negative (and stays negative if it already "
                "is)")
    if name == "flip":
        return f"flip {who}"
    if name == "unflip":
        return f"unflip {'up to ' if plural else ''}{who}"
    if name == "discard":
        return f"discard {who}" + (" (a ME card is flipped instead)"
                                   if "CHARACTER" in who and "STUFF" not in who else "")
    if name == "not_participating":
        return f"{who} {'are' if plural else 'is'} not participating"
    if name == "no_stuff":
        return f"no {effect.get('stuff_range') or ''} STUFF may be used".replace("  ", " ")
    if name == "no_reinforcements":
        return "no REINFORCEMENTS may be played"
    if name == "draw":
        verb = "draw" if who == "you" else f"{who} draws"
        return f"{verb} {n_cards(amount)}"
    if name == "discard_from_hand":
        return f"discard {n_cards(amount)} from your hand"
    if name == "steal_stuff":
        count = effect.get("count") or 1
        return (f"move {n_cards(count, 'STUFF card')} from an opponent's CHARACTER onto one of "
                "your CHARACTERS that can use it")
    if name == "salvage_stuff":
        return (f"take {n_cards(effect.get('count') or 1, 'STUFF card')} from the discard pile "
                "into your hand")
    if name == "immune":
        return f"{effect.get('classification')} ENCOUNTER cards do not affect {who}"
    if name == "reshuffle_discard":
        return "shuffle the discard pile into the draw pile"
    if name == "nothing":
        return "nothing happens"
    return name.replace("_", " ")


def effects_text(effects: Sequence[Mapping[str, Any]], holder: str, face: Face) -> None:
    """Effects with the same timing make one sentence: "Turn option: draw two cards, then …"."""
    groups: list[tuple[str, list[str]]] = []
    for effect in effects:
        when = _RK_WHEN.get(str(effect.get("when")), "")
        text = _rk_effect(effect, holder)
        if groups and groups[-1][0] == when:
            groups[-1][1].append(text)
        else:
            groups.append((when, [text]))
    for when, texts in groups:
        face.rule(when, sentence(", then ".join(texts)))


def _rk_flipped(row: Mapping[str, Any], face: Face, *, me: bool = False) -> None:
    if row.get("cp_flipped") is None:
        face.rule("No flipped value", "It is discarded when it is flipped.")
    elif me:
        face.rule("ME", "A ME card is never discarded: when a card would discard it, it is "
                  "flipped instead.")


def _rk_common(row: Mapping[str, Any], face: Face) -> None:
    if row.get("extra_stuff"):
        n = row["extra_stuff"]
        face.rule("Extra STUFF", f"Its CHARACTER may hold {n_cards(n, 'more STUFF card')}.")
    if row.get("trigger"):
        face.rule("TRIGGER card (*)", "When it is played, players may bring in another set "
                  "of cards, as agreed before the game.")
    face.flavor = str(row.get("text") or "")
    face.footer = ("From the rulebook" if row.get("source") == "rulebook"
                   else "Reconstructed card")


def _rk_cp(value: int | None) -> str:
    return "–" if value is None else str(value)


_RK_COLOURS = {"Red": "#dc2626", "Green": "#16a34a", "Tan": "#d2b48c", "Blue": "#2563eb",
               "White": "#ffffff", "Gray": "#9ca3af"}


@face_of("rat_king", "characters")
def _rk_character(row: dict[str, Any], ctx: Context, face: Face) -> None:
    me = row["kind"] == "ME"
    classes = " ".join(str(c) for c in row.get("classifications") or [])
    gender = ("* the player's gender" if row["gender"] == "*"  # seed 002, line 85
              else _RK_GENDER.get(str(row["gender"])))
    face.type_line = " · ".join(p for p in (f"{'ME ' if me else ''}Character", classes, gender)
                                if p)
    face.swatches = [(str(row["color"]), _RK_COLOURS.get(str(row["color"]), "#fff"))]
    face.corner = Stat("CP", str(row["cp"]))
    effects_text(row.get("effects") or [], "this CHARACTER", face)
    die = row["character_die"]  # rulebook line 58
    face.rule(f"Character die {die}", f"An opponent's ADVENTURE DIE roll of {die} flips it.")
    excluded = [str(c) for c in row.get("excludes") or []]
    if excluded:
        face.rule("Exclusion", f"Never in a group with {joined(excluded, 'or')} CHARACTERS: if "
                  "it ever is, both are discarded.")
    _rk_flipped(row, face, me=me)
    _rk_common(row, face)
    face.stats += [Stat("Flipped CP", _rk_cp(row.get("cp_flipped"))),
                   Stat("Character die", str(row["character_die"]))]
    if row.get("ap"):
        face.stats.append(Stat("AP", str(row["ap"])))


def stuff_die(row: Mapping[str, Any], face: Face) -> None:
    die = row.get("stuff_die") or []
    if not die:
        return
    faces = []
    for side in die:
        roll = str(side["low"]) if side["low"] == side["high"] else f"{side['low']}-{side['high']}"
        faces.append(f"{roll}: {_rk_effect(side, 'its CHARACTER')}")
    face.rule("STUFF DIE", sentence("; ".join(faces) + " this ADVENTURE"))
    if row.get("on_use") == "flip":
        face.rule("", "Using it flips this card.")
    elif row.get("on_use") == "discard":
        face.rule("", "Discard it after use.")


@face_of("rat_king", "stuffs")
def _rk_stuff(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = f"Stuff · {row['stuff_type']} · {row['stuff_range']}"
    colours = [str(c) for c in row.get("colors") or []]
    face.swatches = [(c, _RK_COLOURS.get(c, "#fff")) for c in colours]
    face.corner = Stat("CP", signed(row["cp"]))
    face.rule("Used by", f"{joined(colours, 'or')} CHARACTERS.")
    stuff_die(row, face)
    effects_text(row.get("effects") or [], "its CHARACTER", face)
    _rk_flipped(row, face)
    _rk_common(row, face)
    face.stats.append(Stat("Flipped CP", "–" if row.get("cp_flipped") is None
                           else signed(row["cp_flipped"])))
    if row.get("ap"):
        face.stats.append(Stat("AP", str(row["ap"])))


@face_of("rat_king", "encounters")
def _rk_encounter(row: dict[str, Any], ctx: Context, face: Face) -> None:
    classes = [str(c) for c in row.get("classifications") or []]
    face.type_line = " · ".join(["Encounter", str(row["encounter_kind"]), *classes])
    effects_text(row.get("effects") or [], "that CHARACTER", face)
    if row["encounter_kind"] == "Instant":
        face.rule("Instant", "Played straight to the discard pile: it takes effect at once.")
    else:
        face.rule("Effect", "It stays on the table until the end of the ADVENTURE.")
    face.rule("", "Played only during an ADVENTURE.")
    if "Ratling" in classes:
        face.rule("Ratling", "An ADVENTURE may double or triple every number on it.")
    _rk_common(row, face)


@face_of("rat_king", "adventures")
def _rk_adventure(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = "Adventure"
    face.corner = Stat("AP", str(row["ap"]))
    face.rule("Adventure", f"Play it to start an ADVENTURE ROUND. The group with the highest "
              f"CP plus ADVENTURE DIE wins it: {number(row['ap'])} ADVENTURE POINT"
              f"{'' if row['ap'] == 1 else 'S'}.")
    effects_text(row.get("effects") or [], "that CHARACTER", face)
    multiplier = row.get("ratling_multiplier") or 1
    if multiplier > 1:
        times = {2: "doubled", 3: "tripled"}.get(multiplier, f"multiplied by {multiplier}")
        face.rule("Ratlings", f"All numbers on Ratling cards are {times} this ADVENTURE.")
    if row.get("sunburst"):
        face.rule("Sunburst (S)", "The winner takes a STUFF card from the discard pile and "
                  "plays it before the next player's turn.")
    _rk_common(row, face)


@face_of("rat_king", "events")
def _rk_event(row: dict[str, Any], ctx: Context, face: Face) -> None:
    classes = [str(c) for c in row.get("classifications") or []]
    on = "a CHARACTER" if row["played_on"] == "character" else "a group"
    face.type_line = " · ".join(["Event", *classes, f"played on {on}"])
    if row.get("cp"):
        face.corner = Stat("CP", signed(row["cp"]))
    holder = "the CHARACTER it is played on"
    effects_text(row.get("effects") or [], holder, face)
    if row.get("cp"):
        face.rule("", f"{signed(row['cp'])} CP to the CHARACTER it is on."
                  if row["played_on"] == "character" else f"{signed(row['cp'])} CP.")
    if row.get("cp_flipped") is not None and row.get("cp_flipped") != row.get("cp"):
        face.rule("Flipped", f"{signed(row['cp_flipped'])} CP instead.")
    if row.get("ap"):
        face.rule("", f"Worth {number(row['ap'])} AP while it stays.")
    face.rule("", "It stays in play." if row.get("stays") else
              "It is discarded once it takes place.")
    _rk_common(row, face)
    if row.get("cp") or row.get("cp_flipped"):
        face.stats.append(Stat("Flipped CP", "–" if row.get("cp_flipped") is None
                               else signed(row["cp_flipped"])))
    if row.get("ap"):
        face.stats.append(Stat("AP", str(row["ap"])))
