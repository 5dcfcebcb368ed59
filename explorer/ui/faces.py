"""Card faces: every card of the five games drawn as a card, in the game's own words.

>>> from explorer.ui.faces import FACE_STYLE, face
>>> html = FACE_STYLE + face("rifts", "Borg Mercenary")          # a page includes the style once
>>> face("rifts", "Impervious", "psionic", small=True, badges=["damaged"])

A face has the same layout in every game: the title band (with the card's main stat in a circle
at its right), the type line, the badges the caller adds ("2 wounds", "Immobilized"), the rules
text in words, the other stats in a bar at the bottom, and a footer. Its colour is the card's
class (Rifts), kind (Adventurers, Gamma World), guild (Riftforce) or type (Lair of the Rat-King);
see :data:`explorer.cards.browse.COLOUR_SCHEMES`. The words come from the typed data (and the
rulings behind it), never from internal field names or codes: each game's cards are read by a
small function below, registered for its table.

Stable CSS classes: ``card-face``, ``card-face-<game>``, ``card-face-<table>``,
``card-face-small``, ``card-face-title``, ``card-face-type``, ``card-face-stats``,
``card-face-text``, ``card-face-badge``. Everything shown is HTML-escaped.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import polars as pl

from explorer import cards
from explorer.cards import CardSet, browse
from explorer.catalog import GAMES, check_game
from explorer.errors import ExplorerError, UnknownNameError

__all__ = ["FACE_STYLE", "Face", "card_face", "column_words", "face", "face_text"]

FACE_STYLE = """
<style>
.card-face { --accent: #475569; box-sizing: border-box; width: 300px; min-height: 390px;
  display: flex; flex-direction: column; border: 3px solid var(--accent); border-radius: 14px;
  background: color-mix(in srgb, var(--accent) 12%, white); color: #0f172a; overflow: hidden;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.3;
  box-shadow: 2px 3px 8px rgba(0, 0, 0, .25); text-align: left; }
.card-face * { box-sizing: border-box; }
.card-face-head { display: flex; align-items: center; gap: 8px; padding: 8px 10px;
  background: var(--accent); color: #fff; min-height: 58px; }
.card-face-title { flex: 1; font-size: 17px; font-weight: 700; overflow-wrap: anywhere; }
.card-face-corner { flex: none; min-width: 48px; height: 48px; padding: 0 5px;
  border-radius: 24px;
  background: #fff; color: var(--accent); border: 2px solid rgba(0, 0, 0, .15);
  display: flex; flex-direction: column; align-items: center; justify-content: center;
  font-weight: 800; font-size: 18px; line-height: 1; }
.card-face-corner small { font-size: 7.5px; font-weight: 700; text-transform: uppercase;
  margin-top: 2px; white-space: nowrap; }
.card-face-type { padding: 4px 10px; font-size: 12px; font-weight: 600; color: #1e293b;
  background: rgba(255, 255, 255, .65); border-bottom: 1px solid rgba(0, 0, 0, .12); }
.card-face-swatch { display: inline-block; width: 10px; height: 10px; border-radius: 50%;
  border: 1px solid rgba(0, 0, 0, .35); margin: 0 2px 0 4px; vertical-align: -1px; }
.card-face-badges { display: flex; flex-wrap: wrap; gap: 4px; padding: 5px 10px 0; }
.card-face-badges:empty { display: none; }
.card-face-badge { background: #fef3c7; color: #92400e; border: 1px solid #f59e0b;
  border-radius: 999px; padding: 1px 8px; font-size: 11px; font-weight: 700; }
.card-face-text { flex: 1; margin: 7px 8px; padding: 8px 10px; background: #fff;
  border: 1px solid rgba(0, 0, 0, .12); border-radius: 8px; font-size: 12.5px; }
.card-face-text p { margin: 0 0 6px 0; }
.card-face-text p:last-child { margin-bottom: 0; }
.card-face-text b { color: var(--accent); }
.card-face-text .card-face-flavor { font-style: italic; color: #475569;
  border-top: 1px dotted #94a3b8; padding-top: 5px; }
.card-face-stats { display: flex; flex-wrap: wrap; gap: 5px; padding: 0 8px 6px; }
.card-face-stats:empty { display: none; }
.card-face-stat { display: flex; flex-direction: column; align-items: center; min-width: 44px;
  background: var(--accent); color: #fff; border-radius: 8px; padding: 2px 7px; }
.card-face-stat b { font-size: 15px; line-height: 1.15; }
.card-face-stat small { font-size: 8.5px; text-transform: uppercase; letter-spacing: .02em; }
.card-face-foot { padding: 0 10px 6px; font-size: 10px; color: #475569; }
.card-face-small { width: 150px; min-height: 0; border-width: 2px; border-radius: 9px;
  box-shadow: 1px 2px 4px rgba(0, 0, 0, .2); }
.card-face-small .card-face-head { min-height: 0; padding: 4px 6px; gap: 4px; }
.card-face-small .card-face-title { font-size: 12px; }
.card-face-small .card-face-corner { min-width: 30px; height: 30px; padding: 0 3px;
  font-size: 12px; }
.card-face-small .card-face-corner small { display: none; }
.card-face-small .card-face-type { font-size: 10px; padding: 2px 6px; }
.card-face-small .card-face-badges { padding: 3px 6px 0; }
.card-face-small .card-face-badge { font-size: 9.5px; padding: 0 5px; }
.card-face-small .card-face-text { margin: 4px; padding: 4px 6px; font-size: 10px;
  display: -webkit-box; -webkit-line-clamp: 5; -webkit-box-orient: vertical; overflow: hidden; }
.card-face-small .card-face-text p { display: inline; margin: 0 4px 0 0; }
.card-face-small .card-face-flavor, .card-face-small .card-face-foot { display: none; }
.card-face-more { margin: -2px 4px 4px; font-size: 10px; }
.card-face-more summary { cursor: pointer; color: var(--accent); font-weight: 700;
  padding: 3px 2px; }
.card-face-full { background: #fff; border: 1px solid rgba(0, 0, 0, .12); border-radius: 6px;
  padding: 4px 6px; font-size: 10.5px; overflow-wrap: anywhere; }
.card-face-full p { margin: 0 0 4px 0; }
.card-face-full b { color: var(--accent); }
.card-face-full .card-face-flavor { font-style: italic; color: #475569;
  border-top: 1px dotted #94a3b8; padding-top: 4px; }
.card-face-small .card-face-full .card-face-flavor { display: block; }
.card-face-small:has(.card-face-more[open]) > .card-face-text { display: none; }
.card-face-small .card-face-stats { padding: 0 4px 4px; gap: 3px; }
.card-face-small .card-face-stat { min-width: 30px; padding: 1px 4px; }
.card-face-small .card-face-stat b { font-size: 11px; }
.card-face-small .card-face-stat small { font-size: 7px; }
</style>
"""
"""The CSS of the card faces."""


# ---- the face of a card, as plain text ------------------------------------------------------

@dataclass(frozen=True)
class Stat:
    """One stat printed on a face: its label and value, as people read them."""

    label: str
    value: str


@dataclass
class Face:
    """What a card face shows, in plain text (the HTML is made, escaped, by :func:`face`)."""

    title: str
    type_line: str
    colour: str
    corner: Stat | None = None
    stats: list[Stat] = field(default_factory=list)
    rules: list[tuple[str, str]] = field(default_factory=list)
    flavor: str = ""
    swatches: list[tuple[str, str]] = field(default_factory=list)
    footer: str = ""

    def rule(self, lead: str, text: str = "") -> None:
        """Add a paragraph of rules text (``lead`` is shown in bold)."""
        if lead or text:
            self.rules.append((lead, text))

    def text(self) -> str:
        """Every word on the face, for search and for tests."""
        parts = [self.title, self.type_line, *(label for label, _ in self.swatches)]
        if self.corner:
            parts += [self.corner.value, self.corner.label]
        parts += [f"{s.label} {s.value}" for s in self.stats]
        parts += [f"{lead} {text}".strip() for lead, text in self.rules]
        parts += [self.flavor, self.footer]
        return "\n".join(p for p in parts if p)


@dataclass(frozen=True)
class _Context:
    """What a face builder may read besides its row: the card set and the game."""

    game: str
    table: str
    card_set: Mapping[str, pl.DataFrame]

    def rows(self, table: str) -> list[dict[str, Any]]:
        return self.card_set[table].to_dicts() if table in self.card_set else []

    def lookup(self, table: str, key: str) -> dict[str, dict[str, Any]]:
        return {str(r[key]): r for r in self.rows(table)}


Builder = Callable[[dict[str, Any], _Context, Face], None]
"""Draws one kind of card face from the card's row."""
_BUILDERS: dict[tuple[str, str], Builder] = {}


def _face_of(game: str, *tables: str) -> Callable[[Builder], Builder]:
    def register(builder: Builder) -> Builder:
        for table in tables:
            _BUILDERS[game, table] = builder
        return builder
    return register


# ---- words ------------------------------------------------------------------------------------

_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _number(n: int) -> str:
    return _NUMBERS.get(n, str(n))


def _cards(n: int, what: str = "card") -> str:
    return f"{_number(n)} {what}" + ("" if n == 1 else "s")


def _join(items: Sequence[str], word: str = "and") -> str:
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def _a(word: str) -> str:
    """"a Trap", "an Ice", "an Action"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _dice(count: int | None, sides: int | None) -> str:
    return f"{count}D{sides}" if count and sides else ""


# ---- Rifts Adventures -------------------------------------------------------------------------

def _rifts_ability(ability: Mapping[str, Any], ctx: _Context) -> tuple[str, str]:
    """"Heal +2", "Stealth (in Urban Locations only)", "Draw 2" and what the ability does."""
    name = str(ability["name"])
    lead = name
    if ability.get("cards"):
        lead += f" {ability['cards']}"
    if ability.get("bonus"):
        lead += f" {_signed(ability['bonus'])}"
    definitions = ctx.lookup("abilities", "name")
    text = str(definitions.get(name, {}).get("definition") or "").strip()
    if ability.get("where"):
        text = f"Only in {ability['where']} Locations. {text}"
    if ability.get("bonus"):
        text += f" This card adds a further {_signed(ability['bonus'])} to the bonus it gives."
    return lead, _sentence(text) if text else ""


def _rifts_ability_name(ability: Mapping[str, Any]) -> str:
    """An ability as a card's list names it: "Heal +2", "Draw 2", "Stealth (in Urban
    Locations)"."""
    name = str(ability["name"])
    if ability.get("cards"):
        name += f" {ability['cards']}"
    if ability.get("bonus"):
        name += f" {_signed(ability['bonus'])}"
    if ability.get("where"):
        name += f" (in {ability['where']} Locations)"
    return name


def _rifts_abilities(row: Mapping[str, Any], ctx: _Context, face: Face) -> None:
    abilities = row.get("abilities") or []
    if row.get("ability_choice") and len(abilities) > 1:
        names = [_rifts_ability(a, ctx)[0] for a in abilities]
        face.rule("", f"Gives one of these each time it is used: {_join(names, 'or')}.")
    for ability in abilities:
        face.rule(*_rifts_ability(ability, ctx))


def _rifts_usage_rule(face: Face) -> None:
    # seed 000, USAGE RULE (lines 385-388)
    face.rule("Use Roll", "Each time its Force or an ability is used, roll 1D6: on 5+ it gives "
              "this last benefit and is discarded.")


@_face_of("rifts", "characters")
def _rifts_character(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = f"Character · {row['class']}"
    face.corner = Stat("Base Force", str(row["base_force"]))
    _rifts_abilities(row, ctx, face)
    if not row.get("abilities"):
        face.rule("", "No abilities: this Character fights with its Force alone.")


@_face_of("rifts", "equipment")
def _rifts_equipment(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    kind = str(row["type"])
    face.type_line = f"Equipment · {kind}"
    face.corner = Stat("Force", str(row["force"]))
    _rifts_abilities(row, ctx, face)
    uses = row.get("uses")
    if uses == 1:
        face.rule("Single use", "It is discarded after one use.")
    elif uses:
        face.rule(f"{uses} uses", f"It is discarded when its {_number(uses)} uses are spent.")
    if row.get("every_other_round"):
        face.rule("Use every other Round", "It works only in every other combat round.")
    limits = ctx.lookup("equipment_types", "type").get(kind)
    if limits:
        group = str(limits["limit_group"])
        most = limits["max_per_character"]
        counted = group if group == kind else f"{group} (it counts as one)"
        face.rule("", f"A Character carries at most {_number(most)} {counted}"
                  f"{'s' if most > 1 and group == kind else ''}.")
        if limits.get("requires_ability"):
            face.rule("", f"Only a Character with {limits['requires_ability']} may use it.")
        face.stats.append(Stat("Max per Character", str(most)))
    if uses:
        face.stats.append(Stat("Uses", str(uses)))


@_face_of("rifts", "psionic")
def _rifts_psionic(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    major = row["category"] == "Major"
    face.type_line = f"Psionic · {row['category']}" + (" Psychic Power" if major else "")
    rolled = _dice(row.get("force_dice_count"), row.get("force_dice_sides"))
    face.corner = Stat("Force", str(row["force"]) if row.get("force") is not None else rolled)
    if row.get("force") is None and rolled:
        face.rule("Force", f"Roll {rolled} each time its Force is used.")
    _rifts_abilities(row, ctx, face)
    if major:
        face.rule("", "A Major Psychic Power card: Minor Psychics may not use it.")
    _rifts_usage_rule(face)


@_face_of("rifts", "magic")
def _rifts_magic(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = "Magic · Spell"
    face.corner = Stat("Force", str(row["force"]))
    _rifts_abilities(row, ctx, face)
    _rifts_usage_rule(face)


@_face_of("rifts", "locations")
def _rifts_location(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    kind = str(row["type"])
    face.type_line = f"Location · {kind}"
    supply = ctx.lookup("supply_types", "supply").get(str(row["supply"]), {})
    decks = [str(d) for d in supply.get("decks") or []]
    count = row["supply_cards"]
    if not decks or not count:
        face.rule("Resupply", "A party cannot resupply here.")
    else:
        text = f"Draw {_cards(count)}, each from the {_join(decks, 'or')} deck"
        text += "" if len(decks) == 1 else "s"
        if supply.get("required_class"):
            text += (f"; a Character card that is not {_a(str(supply['required_class']))} is "
                     f"discarded and redrawn from the {supply['redraw_deck']} deck")
        if supply.get("forbidden_class"):
            text += (f"; {_a(str(supply['forbidden_class']))} drawn is discarded and redrawn "
                     f"from the {supply['redraw_deck']} deck")
        face.rule("Resupply", _sentence(text))
    groups = [str(g) for g in row.get("foe_bonus_groups") or []]
    if groups and row["foe_bonus"]:
        face.rule("Foe bonus", f"Each Token of {_join(groups, 'or')} Foes fought here gets "
                  f"{_signed(row['foe_bonus'])} Force.")
    face.rule(kind, f"Characters with the {kind} ability get +2 Force here and bonuses to "
              "their Track, Travel and Escape rolls.")
    face.stats += [Stat("Supply cards", str(count)), Stat("Foe bonus", _signed(row["foe_bonus"]))]


@_face_of("rifts", "foes")
def _rifts_foe(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    types = [str(t) for t in row.get("types") or []]
    face.type_line = f"Foe · {' / '.join(types)}"
    tokens, force = row["tokens"], row["force_per_token"]
    face.corner = Stat("Tokens", str(tokens))
    for ability in row.get("abilities") or []:
        lead, text = _rifts_ability(ability, ctx)
        face.rule(lead, f"Every Token has it. {text}".strip())
    draws = [(row.get("magic_cards"), "Magic"), (row.get("psionic_cards"), "Psionic"),
             (row.get("tech_cards"), "Equipment")]
    drawn = [_cards(n, f"{deck} card") for n, deck in draws if n]
    if drawn:
        face.rule("Aid cards", f"At the start of combat it draws {_join(drawn)}, each given "
                  "to one Token.")
    if row.get("only"):
        face.rule(f"{row['only']} only", f"Met only in {row['only']} Locations.")
    groups = [str(g) for g in row.get("groups") or []]
    if groups:
        face.rule("Location bonus", f"Counts as {_join(groups, 'and')} for the Foe bonus of a "
                  "Location.")
    for modifier in ctx.rows("roll_modifiers"):
        if modifier["roll"] == "Morale" and modifier.get("foe_type") in types:
            face.rule("Morale", f"{_signed(modifier['modifier'])} to the Morale Check (a "
                      f"{modifier['foe_type']} Foe).")
    face.stats += [Stat("Tokens", str(tokens)), Stat("Force per Token", str(force)),
                   Stat("Total Force", str(tokens * force))]


# ---- Adventurers --------------------------------------------------------------------------------

def _places(ctx: _Context) -> dict[str, dict[str, Any]]:
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
        what = f"{_a(str(row['only_kind']))} Encounter"
    elif row.get("except_kind"):
        what = f"any Encounter but {_a(str(row['except_kind']))}"
    else:
        what = "an Encounter"
    faced = [str(p) for p in row.get("faced_at") or []]
    if faced:
        what += f" faced on {_join(faced, 'or')}"
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
                            f"{_number(r['keep'])}; the rest go back in order"),
    "discard_hand_draw": lambda r: f"Discard your hand and draw {_cards(r['amount'])}",
    "opponent_discards": lambda r: f"An opponent must discard {_cards(r['amount'])}",
}


@_face_of("adventurers", "cards")
def _adventurers_card(row: dict[str, Any], ctx: _Context, face: Face) -> None:
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
                      f"{_join(playable, 'or')} on you.")
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
                      f"{_join(playable, 'or')} on you.")
    else:
        effect = _ADV_EFFECTS.get(str(row.get("effect")))
        if effect is not None:
            face.rule("", _sentence(effect(row)))
        if row.get("discard_cost"):
            face.rule("Price", f"Also discard {_cards(row['discard_cost'])} from your hand; "
                      "without them you cannot play it.")
        if kind == "Weapon":
            face.rule("Weapon", "Play it on your Escape roll (one per roll), or attach it to a "
                      "Person Encounter you play. Never against a Trap.")
        if kind == "Research":
            face.rule("Research", "Play it in a Research Phase.")
        if row.get("force_bonus"):
            face.corner = Stat("Force", _signed(row["force_bonus"]))


def _adventurers_encounter(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    force = row["force"]
    face.corner = Stat("Force", str(force))
    where = [str(p) for p in row.get("matches") or []]
    face.rule("Played on", f"an opponent whose top Travel or Location card matches "
              f"{_join(where, 'or')}." if where != ["Anywhere"] else "any opponent, anywhere.")
    face.rule("Encounter roll", f"{force}D6. The player escapes with a higher 3D6 Escape roll "
              "(a Weapon card adds 1D6); otherwise it stays in play.")
    if row.get("kind") == "Person":
        face.rule("Person", "Whoever plays it may attach a Weapon card for +1D6.")
    if row.get("kind") == "Trap":
        face.rule("Trap", "No Weapon card may be used against it.")
    if row.get("rule") == "fisticuffs":
        face.rule("Fisticuffs", "Will not use guns: no Weapon card may be added to its roll.")


@_face_of("adventurers", "professions")
def _adventurers_profession(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = "Profession · Adventurer"
    kind = str(row["kind"])
    dice = _dice(row.get("dice_count"), row.get("dice_sides"))
    amount = row.get("amount")
    if kind == "escape_dice":
        face.corner = Stat("Escape", f"+{dice}")
        against = (f"{row['versus_kind']} Encounters" if row.get("versus_kind") else
                   f"Encounters of {_join([str(p) for p in row.get('versus_place') or []], 'or')}")
        text = f"+{dice} to your Escape roll against {against}"
        if row.get("without_weapon"):
            text += ", if you play no Weapon card on that roll"
    elif kind == "enemy_as_weapon":
        face.corner = Stat("Weapon", f"+{dice}")
        text = (f"You may play {row['card_kind']} Encounter cards from your hand as Weapon "
                f"cards: +{dice} each")
    elif kind == "extra_draw_on_play":
        card = f"{_a(str(row['trigger_type']))} card"
        if row.get("trigger_tag"):
            card += f" tagged {row['trigger_tag']}"
        text = f"Draw {_cards(amount or 1, 'extra card')} when you play {card}"
    elif kind == "look_next":
        text = (f"Discard {_cards(row.get('discard') or 1)} to look at the next {amount} cards "
                "of the deck")
    elif kind == "draw_and_discard":
        text = (f"In your Draw Phase draw {_cards(amount or 1, 'extra card')}, then discard "
                f"{_number(row.get('discard') or 1)}")
    elif kind == "hand_size":
        face.corner = Stat("Hand", _signed(amount or 0))
        text = f"Your hand size is {_signed(amount or 0)}"
    else:
        text = str(row.get("advantage") or "")
    face.rule("Advantage", _sentence(text))
    if row.get("advantage"):
        face.flavor = f"“{row['advantage']}”"


# ---- Gamma World --------------------------------------------------------------------------------

def _gw_breakdown(row: Mapping[str, Any], ctx: _Context, face: Face) -> None:
    rolls = ctx.lookup("rolls", "name")
    roll = rolls.get("breakdown", {})
    at_least = roll.get("at_least") or 6
    text = (f"Roll 1D6 each time it is used: on {at_least}+ it is discarded (used up, broken, "
            "out of power or ammo).")
    if row.get("grenade"):
        bonus = rolls.get("breakdown_grenade", {}).get("modifier") or 1
        text += f" A grenade: {_signed(bonus)} to this roll."
    face.rule("Breakdown", text)


def _gw_item(face: Face, limit: str = "") -> None:
    face.rule("Item", f"Attach it to one of your followers{f' ({limit})' if limit else ''}; it "
              "costs 1 AP to play.")


@_face_of("gamma_world", "weapons")
def _gw_weapon(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = "Item · Weapon"
    face.corner = Stat("Force", _signed(row["force"]))
    _gw_item(face)
    if row.get("no_effect_vs_robots"):
        face.rule("No effect on Robots/Androids", "It adds no Force against a robot Foe.")
    if row.get("uses") == 1:
        face.rule("One use only", "It is discarded after one use.")
    _gw_breakdown(row, ctx, face)
    face.stats.append(Stat("Force", _signed(row["force"])))


@_face_of("gamma_world", "armor")
def _gw_armor(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = "Item · Armor"
    face.corner = Stat("Hits", str(row["hits"]))
    _gw_item(face, "one armor each")
    face.rule("Armor", f"It takes hits before its follower; at 0 of its {row['hits']} Hits it "
              "is destroyed. It is not healed.")
    face.stats += [Stat("Hits", str(row["hits"])), Stat("Force", _signed(row["force"]))]


@_face_of("gamma_world", "vehicles")
def _gw_vehicle(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = "Item · Vehicle"
    face.corner = Stat("AP", _signed(row["ap"]))
    _gw_item(face, "one vehicle or steed each")
    face.rule("", f"{_signed(row['ap'])} Action Point every turn.")
    _gw_breakdown(row, ctx, face)
    face.stats.append(Stat("AP", _signed(row["ap"])))


@_face_of("gamma_world", "steeds")
def _gw_steed(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = "Item · Steed"
    face.corner = Stat("Hits", str(row["hits"]))
    _gw_item(face, "one vehicle or steed each")
    face.rule("Steed", f"It takes damage before its follower and is killed at 0 of its "
              f"{row['hits']} Hits. {_signed(row['ap'])} Action Point every turn.")
    face.stats += [Stat("Hits", str(row["hits"])), Stat("Force", _signed(row["force"])),
                   Stat("AP", _signed(row["ap"]))]


def _gw_heal() -> str:
    return "In each Healing Phase remove an extra 1D6 damage counters."


@_face_of("gamma_world", "equipment")
def _gw_equipment(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = "Item · Equipment"
    _gw_item(face)
    effect = row["effect"]
    if effect == "heal":
        face.rule("Heal", _gw_heal())
    elif effect == "extra_ap":
        face.corner = Stat("AP", _signed(row["ap"]))
        face.rule("", f"{_signed(row['ap'])} Action Point once per turn.")
    elif effect == "stat_bonus":
        face.rule("", f"Its follower gets Force {_signed(row['force'])} and Hits "
                  f"{_signed(row['hits'])}.")
        face.stats += [Stat("Force", _signed(row["force"])), Stat("Hits", _signed(row["hits"]))]
    elif effect == "negate_breakdown":
        face.rule("", "Discard it to negate a Breakdown result.")
    _gw_breakdown(row, ctx, face)


_GW_OWNERS = {"Own": "one of your", "Opponent": "an opponent's", "Any": "any player's"}


def _gw_kinds(row: Mapping[str, Any]) -> str:
    kinds = [str(t) for t in row.get("card_types") or []]
    if set(kinds) == {"Weapon", "Armor", "Vehicle", "Steed", "Equipment"}:
        return "an Item"  # ruling gw-9: an item card is one of the five item types
    return _join(kinds, "or") or "a"


@_face_of("gamma_world", "events")
def _gw_event(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = "Event" + (" · Cryptic Alliance" if row.get("cryptic_alliance") else "")
    effect = row["effect"]
    dice = _dice(row.get("dice_count"), row.get("dice_sides"))
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


@_face_of("gamma_world", "mutations")
def _gw_mutation(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = "Mutation"
    face.corner = Stat("Force", _signed(row["force"]))
    if row.get("attach_to") == "Opponent":
        face.rule("Defect", "Attach it to an opponent's follower when he recruits it.")
    else:
        face.rule("Mutation", "Attach it to a follower when you recruit it (a Mutant Human or "
                  "Animal).")
    if row.get("force_vs_robots") is not None:
        face.rule("Against Robots & Androids", f"Force {_signed(row['force_vs_robots'])} "
                  "instead.")
    if row.get("effect") == "heal":
        face.rule("Heal", _gw_heal())
    elif row.get("effect") == "extra_ap":
        face.rule("", f"{_signed(row['ap'])} AP once per turn.")
    face.stats += [Stat("Force", _signed(row["force"])), Stat("Hits", _signed(row["hits"]))]


@_face_of("gamma_world", "foes")
def _gw_foe(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = "Foe" + (" · Cryptic Alliance" if row.get("cryptic_alliance") else "")
    threat = _dice(row["threat_dice_count"], row["threat_dice_sides"])
    face.corner = Stat("Threat", threat)
    face.rule("Threat", f"Played by an opponent when you attack a location: roll {threat} for "
              "its Starting Threat. Each of its Threat points rolls 1D6 against you; every 1 "
              "costs one of your followers 1 Hit.")
    if row.get("robot"):
        face.rule("Robot", "Weapons with no effect on Robots/Androids add nothing against it.")
    face.flavor = str(row.get("description") or "")


_GW_ACTIONS = {"Draw": "to draw cards", "Recruit": "to recruit followers",
               "Attack": "to attack locations", "Play Item": "to play Item cards"}


@_face_of("gamma_world", "locations")
def _gw_location(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = "Location"
    power, amount = row["power"], row.get("amount")
    if power == "extra_ap":
        use = _GW_ACTIONS.get(str(row.get("action")), "")
        if row.get("card_type"):
            use = f"to play {row['card_type']} cards"
        text = f"AP {_signed(amount or 1)} every turn, {use} only."
        face.corner = Stat("AP", _signed(amount or 1))
    elif power == "hand_size":
        text = f"Hand size {_signed(amount or 1)}."
    elif power == "follower_limit":
        text = f"Maximum number of Followers {_signed(amount or 1)}."
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


# ---- Lair of the Rat-King -------------------------------------------------------------------

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
    text = (one if count == 1 else several).format(n=_number(count), holder=holder)
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
        return f"{who} {get} {_signed(amount)} CP"
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
        return f"{verb} {_cards(amount)}"
    if name == "discard_from_hand":
        return f"discard {_cards(amount)} from your hand"
    if name == "steal_stuff":
        count = effect.get("count") or 1
        return (f"move {_cards(count, 'STUFF card')} from an opponent's CHARACTER onto one of "
                "your CHARACTERS that can use it")
    if name == "salvage_stuff":
        return (f"take {_cards(effect.get('count') or 1, 'STUFF card')} from the discard pile "
                "into your hand")
    if name == "immune":
        return f"{effect.get('classification')} ENCOUNTER cards do not affect {who}"
    if name == "reshuffle_discard":
        return "shuffle the discard pile into the draw pile"
    if name == "nothing":
        return "nothing happens"
    return name.replace("_", " ")


def _rk_effects(effects: Sequence[Mapping[str, Any]], holder: str, face: Face) -> None:
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
        face.rule(when, _sentence(", then ".join(texts)))


def _rk_flipped(row: Mapping[str, Any], face: Face, *, me: bool = False) -> None:
    if row.get("cp_flipped") is None:
        face.rule("No flipped value", "It is discarded when it is flipped.")
    elif me:
        face.rule("ME", "A ME card is never discarded: when a card would discard it, it is "
                  "flipped instead.")


def _rk_common(row: Mapping[str, Any], face: Face) -> None:
    if row.get("extra_stuff"):
        n = row["extra_stuff"]
        face.rule("Extra STUFF", f"Its CHARACTER may hold {_cards(n, 'more STUFF card')}.")
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


@_face_of("rat_king", "characters")
def _rk_character(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    me = row["kind"] == "ME"
    classes = " ".join(str(c) for c in row.get("classifications") or [])
    gender = ("* the player's gender" if row["gender"] == "*"  # seed 002, line 85
              else _RK_GENDER.get(str(row["gender"])))
    face.type_line = " · ".join(p for p in (f"{'ME ' if me else ''}Character", classes, gender)
                                if p)
    face.swatches = [(str(row["color"]), _RK_COLOURS.get(str(row["color"]), "#fff"))]
    face.corner = Stat("CP", str(row["cp"]))
    _rk_effects(row.get("effects") or [], "this CHARACTER", face)
    die = row["character_die"]  # rulebook line 58
    face.rule(f"Character die {die}", f"An opponent's ADVENTURE DIE roll of {die} flips it.")
    excluded = [str(c) for c in row.get("excludes") or []]
    if excluded:
        face.rule("Exclusion", f"Never in a group with {_join(excluded, 'or')} CHARACTERS: if "
                  "it ever is, both are discarded.")
    _rk_flipped(row, face, me=me)
    _rk_common(row, face)
    face.stats += [Stat("Flipped CP", _rk_cp(row.get("cp_flipped"))),
                   Stat("Character die", str(row["character_die"]))]
    if row.get("ap"):
        face.stats.append(Stat("AP", str(row["ap"])))


def _rk_stuff_die(row: Mapping[str, Any], face: Face) -> None:
    die = row.get("stuff_die") or []
    if not die:
        return
    faces = []
    for side in die:
        roll = str(side["low"]) if side["low"] == side["high"] else f"{side['low']}-{side['high']}"
        faces.append(f"{roll}: {_rk_effect(side, 'its CHARACTER')}")
    face.rule("STUFF DIE", _sentence("; ".join(faces) + " this ADVENTURE"))
    if row.get("on_use") == "flip":
        face.rule("", "Using it flips this card.")
    elif row.get("on_use") == "discard":
        face.rule("", "Discard it after use.")


@_face_of("rat_king", "stuffs")
def _rk_stuff(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = f"Stuff · {row['stuff_type']} · {row['stuff_range']}"
    colours = [str(c) for c in row.get("colors") or []]
    face.swatches = [(c, _RK_COLOURS.get(c, "#fff")) for c in colours]
    face.corner = Stat("CP", _signed(row["cp"]))
    face.rule("Used by", f"{_join(colours, 'or')} CHARACTERS.")
    _rk_stuff_die(row, face)
    _rk_effects(row.get("effects") or [], "its CHARACTER", face)
    _rk_flipped(row, face)
    _rk_common(row, face)
    face.stats.append(Stat("Flipped CP", "–" if row.get("cp_flipped") is None
                           else _signed(row["cp_flipped"])))
    if row.get("ap"):
        face.stats.append(Stat("AP", str(row["ap"])))


@_face_of("rat_king", "encounters")
def _rk_encounter(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    classes = [str(c) for c in row.get("classifications") or []]
    face.type_line = " · ".join(["Encounter", str(row["encounter_kind"]), *classes])
    _rk_effects(row.get("effects") or [], "that CHARACTER", face)
    if row["encounter_kind"] == "Instant":
        face.rule("Instant", "Played straight to the discard pile: it takes effect at once.")
    else:
        face.rule("Effect", "It stays on the table until the end of the ADVENTURE.")
    face.rule("", "Played only during an ADVENTURE.")
    if "Ratling" in classes:
        face.rule("Ratling", "An ADVENTURE may double or triple every number on it.")
    _rk_common(row, face)


@_face_of("rat_king", "adventures")
def _rk_adventure(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = "Adventure"
    face.corner = Stat("AP", str(row["ap"]))
    face.rule("Adventure", f"Play it to start an ADVENTURE ROUND. The group with the highest "
              f"CP plus ADVENTURE DIE wins it: {_number(row['ap'])} ADVENTURE POINT"
              f"{'' if row['ap'] == 1 else 'S'}.")
    _rk_effects(row.get("effects") or [], "that CHARACTER", face)
    multiplier = row.get("ratling_multiplier") or 1
    if multiplier > 1:
        times = {2: "doubled", 3: "tripled"}.get(multiplier, f"multiplied by {multiplier}")
        face.rule("Ratlings", f"All numbers on Ratling cards are {times} this ADVENTURE.")
    if row.get("sunburst"):
        face.rule("Sunburst (S)", "The winner takes a STUFF card from the discard pile and "
                  "plays it before the next player's turn.")
    _rk_common(row, face)


@_face_of("rat_king", "events")
def _rk_event(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    classes = [str(c) for c in row.get("classifications") or []]
    on = "a CHARACTER" if row["played_on"] == "character" else "a group"
    face.type_line = " · ".join(["Event", *classes, f"played on {on}"])
    if row.get("cp"):
        face.corner = Stat("CP", _signed(row["cp"]))
    holder = "the CHARACTER it is played on"
    _rk_effects(row.get("effects") or [], holder, face)
    if row.get("cp"):
        face.rule("", f"{_signed(row['cp'])} CP to the CHARACTER it is on."
                  if row["played_on"] == "character" else f"{_signed(row['cp'])} CP.")
    if row.get("cp_flipped") is not None and row.get("cp_flipped") != row.get("cp"):
        face.rule("Flipped", f"{_signed(row['cp_flipped'])} CP instead.")
    if row.get("ap"):
        face.rule("", f"Worth {_number(row['ap'])} AP while it stays.")
    face.rule("", "It stays in play." if row.get("stays") else
              "It is discarded once it takes place.")
    _rk_common(row, face)
    if row.get("cp") or row.get("cp_flipped"):
        face.stats.append(Stat("Flipped CP", "–" if row.get("cp_flipped") is None
                               else _signed(row["cp_flipped"])))
    if row.get("ap"):
        face.stats.append(Stat("AP", str(row["ap"])))


# ---- Riftforce -------------------------------------------------------------------------------

@_face_of("riftforce", "elementals")
def _riftforce_elemental(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    guild = str(row["guild"])
    face.type_line = f"Elemental · {guild} guild"
    face.corner = Stat("Life", str(row["value"]))
    ability = ctx.lookup("guilds", "name").get(guild, {})
    face.rule(guild, str(ability.get("text") or "").strip())
    face.rule("Life", f"Its number is its life: it is destroyed when it has {row['value']} "
              "damage, and its owner's opponent scores 1 Riftforce.")
    face.rule("Play and activate", f"Play up to 3 cards together that share its guild or its "
              f"number ({guild} or {row['value']}); discard {_a(guild)} card or a "
              f"{row['value']} to activate up to 3 of them.")


@_face_of("riftforce", "guilds")
def _riftforce_guild(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    face.type_line = f"Summoner · {row['name']} guild"
    face.rule("Ability", str(row.get("text") or "").strip())
    face.rule("", f"Every {row['name']} elemental uses it when activated.")
    moves = {"none": "–", "adjacent": "next", "any": "any"}
    face.stats += [Stat("Most damage", str(row["max_damage"])),
                   Stat("Moves to", moves.get(str(row["move"]), "–"))]
    for column, label in (("self_damage", "Self-damage"), ("heal", "Heal"),
                          ("extra_riftforce", "Extra Riftforce"), ("repeats", "Repeats")):
        if row.get(column):
            face.stats.append(Stat(label, str(row[column])))


@_face_of("riftforce", "locations")
def _riftforce_location(row: dict[str, Any], ctx: _Context, face: Face) -> None:
    placement = str(row["placement"])
    face.type_line = f"Location of the Rift · {placement}"
    face.corner = Stat("Place", str(row["position"]))
    neighbours = [f"Location {p}" for p in row.get("adjacent") or []]
    face.rule("Adjacent", f"{_join(neighbours)}." if neighbours else "none.")
    if placement == "end":
        face.rule("End", "The two ends of the Rift are not adjacent to each other.")
    if placement == "middle":
        face.rule("Start", "At setup the player without the start marker places the top card "
                  "of his draw pile here.")
    face.rule("Control", "With at least one of your elementals here and no enemy, Check & "
              "Draw scores you 1 Riftforce for it.")


# ---- drawing ------------------------------------------------------------------------------------

@cache
def _shipped(game: str) -> CardSet:
    return cards.load_set(game)


@cache
def _shipped_index(game: str) -> dict[str, tuple[str, ...]]:
    return _index(_shipped(game), game)


def _card_tables(game: str) -> list[str]:
    return [t for t in cards.tables(game) if cards.declaration(game, t).kind == "cards"]


def _index(card_set: Mapping[str, pl.DataFrame], game: str) -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    for table in _card_tables(game):
        for name in card_set[table]["name"].to_list():
            found.setdefault(name, []).append(table)
    return {name: tuple(tables) for name, tables in found.items()}


def card_face(game: str, name: str, table: str | None = None, *,
              card_set: CardSet | None = None) -> tuple[str, Face]:
    """The table a card comes from and its face as plain text (see :func:`face`)."""
    check_game(game)
    if card_set is not None and card_set.game != game:
        raise ExplorerError(f"that card set is of {GAMES[card_set.game]}, not {GAMES[game]}")
    if not isinstance(name, str):
        raise UnknownNameError(f"card of {GAMES[game]}", name, [])
    frames: Mapping[str, pl.DataFrame] = card_set if card_set is not None else _shipped(game)
    if table is None:
        index = _shipped_index(game) if card_set is None else _index(frames, game)
        tables = index.get(name)
        if not tables:
            close = browse.close_names(name, list(index))
            raise UnknownNameError(f"card of {GAMES[game]}", name, close or ["(no close name)"])
        if len(tables) > 1:
            raise ExplorerError(f"{name!r} is a card of more than one {GAMES[game]} table "
                                f"({', '.join(tables)}): say which")
        table = tables[0]
    elif table not in _card_tables(game):
        raise UnknownNameError(f"card table of {GAMES[game]}", table, _card_tables(game))
    frame = frames[table]
    rows = frame.filter(pl.col("name") == name)
    if rows.height != 1:
        close = browse.close_names(name, frame["name"].to_list())
        raise UnknownNameError(f"card of {GAMES[game]} ({table})", name,
                               close or ["(no close name)"])
    row = rows.row(0, named=True)
    face = Face(title=name, type_line="", colour=browse.card_colour(game, table, row))
    builder = _BUILDERS.get((game, table))
    if builder is not None:
        builder(row, _Context(game, table, frames), face)
    if not face.footer:
        face.footer = GAMES[game]
    else:
        face.footer = f"{GAMES[game]} · {face.footer}"
    return table, face


def face_text(game: str, name: str, table: str | None = None, *,
              card_set: CardSet | None = None) -> str:
    """Every word printed on a card's face, as plain text (for search and tests)."""
    return card_face(game, name, table, card_set=card_set)[1].text()


_HOLDERS = {"characters": "this CHARACTER", "stuffs": "its CHARACTER",
            "encounters": "that CHARACTER", "adventures": "that CHARACTER",
            "events": "the CHARACTER it is played on"}
_SAID_ELSEWHERE = {("riftforce", "guilds", "ability"): "text"}
"""Encoded columns whose rule a column of the same row already says in words."""


def column_words(game: str, table: str, column: str, value: Any) -> str | None:
    """A card cell in rules English where its data encodes a rule, else None.

    Lair of the Rat-King ``effects`` and ``stuff_die`` read as on the card ("Turn option: draw
    two cards."); True/False read "yes" and "" (a "no" says nothing a blank does not); an
    encoded column another column says in words (a Riftforce guild's ``ability``, said by its
    ``text``) is "" so that a table may leave it out. None means the value's own text will do.
    """
    if (game, table, column) in _SAID_ELSEWHERE:
        return ""
    if isinstance(value, bool):
        return "yes" if value else ""
    if game == "rifts" and column == "abilities":
        return ", ".join(_rifts_ability_name(a) for a in value or [])
    if game == "rat_king" and column in ("effects", "stuff_die"):
        face = Face(title="", type_line="", colour="")
        if column == "effects":
            _rk_effects(value or [], _HOLDERS.get(table, "that CHARACTER"), face)
        else:
            _rk_stuff_die({"stuff_die": value}, face)
        return " ".join(f"{lead}: {text}" if lead else text for lead, text in face.rules)
    return None


def _css_class(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in text)


def face(game: str, name: str, table: str | None = None, *, small: bool = False,
         badges: Sequence[str] = (), card_set: CardSet | None = None) -> str:
    """The HTML of one card face (include :data:`FACE_STYLE` once on the page).

    ``table`` is the card table the name comes from (needed where names repeat across tables,
    e.g. Rifts Magic and Psionic both have "Impervious"); when None the card's table is found,
    and an unknown or ambiguous name raises an error naming the card. ``small`` draws a
    compact face (150 px wide) for views with many cards; ``badges`` are short state marks
    ("2 wounds", "Immobilized") shown in a fixed place under the type line. ``card_set`` is an
    uploaded set to read instead of the shipped one.
    """
    table, card = card_face(game, name, table, card_set=card_set)
    esc = html.escape
    classes = ["card-face", f"card-face-{game}", f"card-face-{_css_class(table)}"]
    if small:
        classes.append("card-face-small")
    corner = ""
    if card.corner is not None:
        corner = (f'<div class="card-face-corner" title="{esc(card.corner.label)}">'
                  f"{esc(card.corner.value)}<small>{esc(card.corner.label)}</small></div>")
    swatches = "".join(
        f'<span class="card-face-swatch" style="background:{esc(colour)}"></span>{esc(label)}'
        for label, colour in card.swatches)
    badge_html = "".join(f'<span class="card-face-badge">{esc(str(b))}</span>' for b in badges)
    rules = "".join(
        f"<p>{f'<b>{esc(lead)}</b> ' if lead else ''}{esc(text)}</p>" for lead, text in card.rules)
    if card.flavor:
        rules += f'<p class="card-face-flavor">{esc(card.flavor)}</p>'
    stats = "".join(f'<span class="card-face-stat"><b>{esc(s.value)}</b>'
                    f"<small>{esc(s.label)}</small></span>" for s in card.stats)
    more = ""
    if small and rules:
        # the small face cuts its text at five lines: a click or tap opens the whole of it
        more = (f'<details class="card-face-more"><summary>Full text</summary>'
                f'<div class="card-face-full">{rules}</div></details>')
    tooltip = f' title="{esc(card.text().replace(chr(10), " · "))}"' if small else ""
    return (f'<div class="{" ".join(classes)}" style="--accent:{esc(card.colour)}"'
            f' data-card="{esc(name)}"{tooltip}>'
            f'<div class="card-face-head"><div class="card-face-title">{esc(card.title)}</div>'
            f"{corner}</div>"
            f'<div class="card-face-type">{esc(card.type_line)}{swatches}</div>'
            f'<div class="card-face-badges">{badge_html}</div>'
            f'<div class="card-face-text">{rules}</div>{more}'
            f'<div class="card-face-stats">{stats}</div>'
            f'<div class="card-face-foot">{esc(card.footer)}</div></div>')
