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
small function in its own module (``explorer.ui.faces.<game>``), registered for its table.

Stable CSS classes: ``card-face``, ``card-face-<game>``, ``card-face-<table>``,
``card-face-small``, ``card-face-title``, ``card-face-type``, ``card-face-stats``,
``card-face-text``, ``card-face-badge``. Everything shown is HTML-escaped.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import polars as pl

from explorer import cards
from explorer.cards import CardSet, browse
from explorer.catalog import GAMES, check_game
from explorer.errors import ExplorerError, UnknownNameError
from explorer.ui.faces import adventurers, gamma_world, rat_king, riftforce, rifts
from explorer.ui.faces.base import BUILDERS, Context, Face, Stat

__all__ = ["FACE_STYLE", "Face", "Stat", "adventurers", "card_face", "column_words", "face",
           "face_text", "gamma_world", "rat_king", "riftforce", "rifts"]

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
    builder = BUILDERS.get((game, table))
    if builder is not None:
        builder(row, Context(game, table, frames), face)
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
        return ", ".join(rifts.ability_name(a) for a in value or [])
    if game == "rat_king" and column in ("effects", "stuff_die"):
        face = Face(title="", type_line="", colour="")
        if column == "effects":
            rat_king.effects_text(value or [], _HOLDERS.get(table, "that CHARACTER"), face)
        else:
            rat_king.stuff_die({"stuff_die": value}, face)
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
