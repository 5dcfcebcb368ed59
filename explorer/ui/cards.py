"""The card browser view: pick a game and a deck, filter, sort, click a card, see its face.

>>> from explorer.ui.cards import CardBrowser
>>> CardBrowser()          # the last line of a notebook cell displays it

All logic lives in :mod:`explorer.cards.browse`, :mod:`explorer.cards.charts` and
:mod:`explorer.ui.faces`; this module only composes widgets and wires them. Widget values are
treated as untrusted input (a hosted page's client can set any trait to anything).

The table is a small anywidget (:class:`CardTable`): an HTML table has no click events in
ipywidgets, so its rows are drawn in the browser with ``textContent`` (never as HTML) and a
click or Enter sets its ``selected`` trait, which the kernel accepts only if it is one of the
keys it sent. From 768 px wide up the table scrolls inside its own box beside the card face,
or above it when the page is narrower than both.
"""

from __future__ import annotations

import dataclasses
import html
import re
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import altair as alt
import anywidget
import ipywidgets as widgets
import polars as pl
import traitlets

from explorer import cards
from explorer.cards import browse, charts, trial
from explorer.cards.browse import Query
from explorer.catalog import GAMES
from explorer.errors import CardDataError
from explorer.schema import Table
from explorer.ui import MessageArea, enable_offline_charts, faces

ALL = "(all)"
"""The filters' value for "no filter"."""
MAX_UPLOAD_BYTES = 5 * 2**20
"""The most a card set upload may be (its tables are a few KB each; the server drops a page's
message over 6 MiB, :data:`explorer.serve.MAX_CLIENT_MESSAGE`, before the kernel sees it)."""

_BROWSER_STYLE = """
<style>
.card-browser .cards-controls { gap: 4px 14px; }
.card-browser .cards-main { gap: 14px; align-items: flex-start; overflow: visible; }
.card-browser .cards-chart-box { max-width: 100%; overflow-x: auto; }
.cards-empty { font-family: sans-serif; font-size: 14px; background: #fffbeb;
  border: 1px solid #f59e0b; color: #78350f; border-radius: 8px; padding: 8px 12px;
  margin: 4px 0; }
.cards-empty b { color: #92400e; }
.cards-elsewhere-box { font-family: sans-serif; font-size: 14px; background: #eff6ff;
  border: 1px solid #93c5fd; color: #1e3a8a; border-radius: 8px; padding: 6px 12px;
  margin: 4px 0; }
.cards-elsewhere-box ul { margin: 4px 0 0 0; padding-left: 20px; }
.cards-row-panel { width: 300px; font-family: sans-serif; font-size: 12.5px;
  border: 1px solid #cbd5e1; border-radius: 10px; background: #f8fafc; padding: 8px 12px; }
.cards-row-panel h4 { margin: 0 0 6px 0; font-size: 15px; }
.cards-row-panel table { border-collapse: collapse; width: 100%; }
.cards-row-panel th { text-align: left; font-weight: 600; color: #334155; padding: 2px 8px 2px 0;
  vertical-align: top; white-space: nowrap; }
.cards-row-panel td { padding: 2px 0; vertical-align: top; }
</style>
"""

_STYLE = faces.FACE_STYLE + _BROWSER_STYLE
"""Every style a page with card faces needs (the faces' own and the browser's)."""


_TABLE_ESM = """
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "cards-table-box";
  el.appendChild(box);
  const pick = (key) => { model.set("selected", key); model.save_changes(); };
  const mark = () => {
    const selected = model.get("selected");
    for (const tr of box.querySelectorAll("tbody tr")) {
      const on = tr.dataset.key === selected;
      tr.classList.toggle("selected", on);
      tr.setAttribute("aria-selected", on ? "true" : "false");
      if (on && (tr.offsetTop < box.scrollTop ||
                 tr.offsetTop + tr.offsetHeight > box.scrollTop + box.clientHeight)) {
        box.scrollTop = Math.max(0, tr.offsetTop - box.clientHeight / 3);
      }
    }
  };
  const draw = () => {
    const columns = model.get("columns") || [];
    const docs = model.get("docs") || [];
    const rows = model.get("rows") || [];
    const keys = model.get("row_keys") || [];
    const table = document.createElement("table");
    table.setAttribute("role", "listbox");
    const head = table.createTHead().insertRow();
    columns.forEach((label, i) => {
      const th = document.createElement("th");
      th.textContent = String(label);
      th.title = String(docs[i] || "");
      head.appendChild(th);
    });
    const body = table.createTBody();
    rows.forEach((cells, r) => {
      const tr = body.insertRow();
      const key = String(keys[r]);
      tr.dataset.key = key;
      tr.tabIndex = 0;
      tr.setAttribute("role", "option");
      (cells || []).forEach((value) => {
        // a div, not the cell, bounds the width: a table cell ignores max-width
        const text = document.createElement("div");
        text.className = "cards-cell";
        text.textContent = String(value);
        tr.insertCell().appendChild(text);
      });
      tr.addEventListener("click", () => pick(key));
      tr.addEventListener("keydown", (event) => {
        const next = event.key === "ArrowDown" ? tr.nextElementSibling
          : event.key === "ArrowUp" ? tr.previousElementSibling : null;
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          pick(key);
        } else if (next) {
          event.preventDefault();
          next.focus();
          pick(next.dataset.key);
        }
      });
    });
    box.replaceChildren(table);
    mark();
  };
  model.on("change:rows", draw);
  model.on("change:columns", draw);
  model.on("change:selected", mark);
  draw();
}
export default { render };
"""

_TABLE_CSS = """
.cards-table-box { max-height: 440px; overflow: auto; border: 1px solid #e2e8f0;
  border-radius: 6px; }
.cards-table-box table { border-collapse: collapse; font-size: 12px; font-family: sans-serif;
  width: max-content; min-width: 100%; }
.cards-table-box th { position: sticky; top: 0; z-index: 1; background: #e2e8f0;
  text-align: left; cursor: help; }
.cards-table-box td, .cards-table-box th { padding: 3px 7px; border-bottom: 1px solid #e5e7eb;
  vertical-align: top; }
.cards-table-box { max-width: 100%; box-sizing: border-box; }
.cards-table-box .cards-cell { max-width: 260px; white-space: normal; overflow-wrap: anywhere; }
.cards-table-box tbody tr { cursor: pointer; }
.cards-table-box tbody tr:hover td { background: #f1f5f9; }
.cards-table-box tbody tr:focus { outline: 2px solid #3b82f6; outline-offset: -2px; }
.cards-table-box tbody tr.selected td { background: #fde68a; }
"""


class CardTable(anywidget.AnyWidget):
    """A table whose rows are clicked to select one (the ``selected`` trait is a row's key).

    The rows are sent as text (``row_keys[i]`` names row i) and drawn with ``textContent``, so
    no value is ever read as HTML. Only the kernel's own copy of the keys counts: a
    ``selected`` value the client sets that is not one of them is refused by :meth:`accepts`.
    """

    _esm = traitlets.Unicode(_TABLE_ESM).tag(sync=True)
    _css = traitlets.Unicode(_TABLE_CSS).tag(sync=True)
    columns = traitlets.List(traitlets.Unicode()).tag(sync=True)
    docs = traitlets.List(traitlets.Unicode()).tag(sync=True)
    rows = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)
    row_keys = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._accepted: tuple[str, ...] = ()

    def show(self, columns: Sequence[str], docs: Sequence[str], rows: Sequence[Sequence[str]],
             keys: Sequence[str], selected: str | None) -> None:
        """Show these rows (``keys[i]`` names row i) with ``selected`` highlighted."""
        self._accepted = tuple(keys)
        with self.hold_sync():
            self.columns, self.docs = list(columns), list(docs)
            self.rows = [list(r) for r in rows]
            self.row_keys = list(keys)
            self.selected = selected or ""

    def accepts(self, key: object) -> bool:
        """Whether ``key`` is a row the kernel sent (or "", no selection)."""
        return key == "" or (isinstance(key, str) and key in self._accepted)


class CardBrowser(widgets.VBox):
    """Browse the cards and tables of the five games (or of an uploaded card set)."""

    def __init__(self, game: str = "rifts", table: str | None = None, **kwargs: Any) -> None:
        enable_offline_charts()
        self.card_sets: dict[str, cards.CardSet] = {}
        self.uploaded: dict[str, list[str]] = {}
        self._face_texts: dict[tuple[int, str], dict[str, str]] = {}
        self._columns: list[str] = []
        self._frame = pl.DataFrame()
        self._selected: str | None = None
        self.message = MessageArea()
        self.game = self._dropdown("Game", [(title, gid) for gid, title in GAMES.items()],
                                   "cards-game")
        self.deck = self._dropdown("Deck", [], "cards-deck")
        self.type = self._dropdown("Type", [ALL], "cards-type")
        self.ability = self._dropdown("Ability", [ALL], "cards-ability")
        self.search = widgets.Text(description="Search", placeholder="any text on the card",
                                   continuous_update=True, layout=widgets.Layout(width="260px"))
        self.search.add_class("cards-search")
        self.sort = self._dropdown("Sort by", [], "cards-sort")
        self.descending = widgets.Checkbox(description="descending", indent=False,
                                           layout=widgets.Layout(width="110px"))
        self.descending.add_class("cards-descending")
        self.count = widgets.HTML()
        self.count.add_class("cards-count")
        self.empty = widgets.HTML()
        self.empty.add_class("cards-empty-box")
        self.elsewhere = widgets.HTML()
        self.elsewhere.add_class("cards-elsewhere")
        self.goto = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.goto.add_class("cards-goto")
        self._keep_search = False
        self.table = CardTable(layout=widgets.Layout(flex="1 1 380px", min_width="0",
                                                     max_width="100%"))
        self.table.add_class("cards-table")
        self.face = widgets.HTML(layout=widgets.Layout(flex="0 0 auto"))
        self.face.add_class("cards-face")
        self.chart = alt.JupyterChart(alt.Chart(pl.DataFrame({"x": [0]})).mark_point(),
                                      embed_options={"renderer": "svg", "actions": False})
        self.chart.add_class("cards-chart")
        self.upload = widgets.FileUpload(accept=".parquet", multiple=True,
                                         description="Your card set")
        self.upload.add_class("cards-upload")
        self.reset = widgets.Button(description="Shipped cards", icon="undo")
        self.reset.add_class("cards-reset")
        self._wire()
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        rows = [widgets.HBox(r, layout=wrap) for r in (
            [self.game, self.deck, self.count], [self.type, self.ability, self.search],
            [self.sort, self.descending])]
        for row in rows:
            row.add_class("cards-controls")
        main = widgets.HBox([self.table, self.face], layout=widgets.Layout(flex_flow="row wrap"))
        main.add_class("cards-main")
        chart_box = widgets.Box([self.chart])
        chart_box.add_class("cards-chart-box")
        super().__init__(children=[
            widgets.HTML(_STYLE), *rows, self.message, self.empty, self.elsewhere, self.goto,
            main, chart_box,
            widgets.HBox([self.upload, self.reset], layout=wrap),
        ], **kwargs)
        self.add_class("card-browser")
        self.game.value = game
        self._on_game()
        if table is not None:
            self.deck.value = table

    @staticmethod
    def _dropdown(label: str, options: list[Any], css: str) -> widgets.Dropdown:
        box = widgets.Dropdown(description=label, options=options,
                               layout=widgets.Layout(width="260px"))
        box.add_class(css)
        return box

    def _wire(self) -> None:
        guard = self.message.guard
        self.game.observe(guard(lambda _: self._on_game()), names="value")
        self.deck.observe(guard(lambda _: self._on_deck()), names="value")
        for control in (self.type, self.ability, self.search, self.sort, self.descending):
            control.observe(guard(lambda _: self.refresh()), names="value")
        self.table.observe(guard(self._on_pick), names="selected")
        self.upload.observe(guard(lambda _: self._on_upload()), names="value")
        self.reset.on_click(guard(lambda _: self._use_shipped()))

    # ---- model access ----------------------------------------------------------------------

    def card_set(self, game: str) -> cards.CardSet:
        """The card set shown for ``game``: an uploaded one, else the shipped one."""
        if game not in self.card_sets:
            self.card_sets[game] = cards.load_set(game)
        return self.card_sets[game]

    @property
    def declared(self) -> Table:
        return cards.declaration(self.game.value, self.deck.value)

    def query(self) -> Query:
        """The browser's current query, from its controls."""
        return Query(
            type=None if self.type.value in (None, ALL) else self.type.value,
            ability=None if self.ability.value in (None, ALL) else self.ability.value,
            text=self.search.value, sort=self.sort.value or None,
            descending=bool(self.descending.value))

    @property
    def selected(self) -> str | None:
        """The key of the selected row (a card's name), or None."""
        return self._selected

    def select(self, key: str) -> None:
        """Select a row by its key, as a click on it does."""
        self.table.selected = key

    def _uploaded_set(self, game: str) -> cards.CardSet | None:
        return self.card_sets.get(game) if game in self.uploaded else None

    def _keys(self, frame: pl.DataFrame, table: Table) -> list[str]:
        key = "name" if "name" in frame.columns else table.key
        if key is not None and key in frame.columns:
            return [browse.format_value(v) for v in frame[key].to_list()]
        return [str(i) for i in range(frame.height)]

    def _printed(self, table: Table) -> dict[str, str] | None:
        """Card name -> the words on its face, for the free-text search (made once a deck)."""
        if table.kind != "cards":
            return None
        game = self.game.value
        card_set = self.card_set(game)
        key = (id(card_set), table.name)
        if key not in self._face_texts:
            uploaded = self._uploaded_set(game)
            self._face_texts[key] = {
                name: faces.face_text(game, name, table.name, card_set=uploaded)
                for name in card_set[table.name]["name"].to_list()}
        return self._face_texts[key]

    # ---- callbacks ---------------------------------------------------------------------------

    def _on_game(self) -> None:
        game = self.game.value
        card_set = self.card_set(game)
        options = []
        for name in cards.tables(game):
            table = cards.declaration(game, name)
            suffix = "" if table.kind == "cards" else f", {table.kind} table"
            options.append((f"{browse.column_label(name)} ({card_set[name].height}{suffix})",
                            name))
        with self.hold_trait_notifications():
            self.deck.options = options
            self.deck.value = options[0][1]
        self._on_deck()

    def _on_deck(self) -> None:
        table = self.declared
        full = self.card_set(self.game.value)[table.name]
        key = "name" if "name" in full.columns else table.key
        # columns with one value on every row (a deck's `deck`, a list's `type`) say nothing
        self._columns = [c for c in full.columns if c not in HIDDEN_COLUMNS and (
            c == key or full.height < 2 or full[c].n_unique() > 1)]
        with self.hold_trait_notifications():
            self.type.options = [(ALL, ALL), *((plain_words(v), v)
                                               for v in browse.type_values(full, table))]
            self.type.value = ALL
            self.type.disabled = table.type_column is None
            self.ability.options = [(ALL, ALL), *((plain_words(v), v)
                                                  for v in browse.ability_values(full, table))]
            self.ability.value = ALL
            self.ability.disabled = table.ability_column is None
            self.sort.options = [("(seed order)", "")] + [
                (browse.column_label(c), c) for c in browse.sortable_columns(table)]
            self.sort.value = ""
            if not self._keep_search:
                self.search.value = ""
            self.descending.value = False
        self._selected = None
        self.refresh()

    def refresh(self) -> None:
        """Apply the current query: table, count, selection, card face, chart and message."""
        game, table = self.game.value, self.declared
        full = self.card_set(game)[table.name]
        query = self.query()
        browse.check_query(query, table)
        printed = self._printed(table) if query.text.strip() else None
        shown = browse.select(full, table, query, printed)
        self._frame = shown
        noun = "cards" if table.kind == "cards" else "rows"
        self.count.value = (f'<span class="cards-count-text"><b>{shown.height}</b> of '
                            f"{full.height} {noun}</span>")
        keys = self._keys(shown, table)
        keep = self._selected if self._selected in keys else (keys[0] if keys else None)
        text = table_text(game, table, shown.select(self._columns))
        # a column no shown row fills (an Encounter's travel mode) is left out
        columns = [c for i, c in enumerate(self._columns)
                   if i == 0 or not shown.height or any(text[c].fill_null("").to_list())]
        self.table.show([browse.column_label(c) for c in columns],
                        [table.by_name[c].doc for c in columns],
                        [[v or "" for v in row] for row in text.select(columns).iter_rows()],
                        keys, keep)
        self._selected = keep
        self.empty.value = "" if shown.height else self._empty_html(query, table, full)
        self._show_elsewhere(query.text, table)
        self.chart.layout.display = self.table.layout.display = None if shown.height else "none"
        if shown.height:
            subtitle = browse.describe_query(_in_words(query), shown.height, full.height, noun)
            self.chart.chart = charts.deck_chart(game, table.name, shown, subtitle)
        self._draw_face()

    def _empty_html(self, query: Query, table: Table, full: pl.DataFrame) -> str:
        """The "no card matches" message, with the names the search may have meant."""
        noun = "card" if table.kind == "cards" else "row"
        if full.height == 0:
            return f'<div class="cards-empty">This table has no {noun}s.</div>'
        asked = [plain_words(v) for v in (query.type, query.ability) if v]
        if query.text.strip():
            asked.append(f"“{query.text.strip()}”")
        lines = [f"No {noun} matches {html.escape(' and '.join(asked) or 'the filter')}."]
        text = query.text.strip()
        if text and "name" in full.columns:
            lines.append(html.escape(self._elsewhere(text, table)))
        lines.append("Clear the search or choose another type or ability.")
        return '<div class="cards-empty">' + " ".join(x for x in lines if x) + "</div>"

    def _elsewhere(self, text: str, table: Table) -> str:
        """Where a typed card name is, if not in this deck: another deck, or a close name."""
        game = self.game.value
        card_set = self.card_set(game)
        for other in cards.tables(game):
            frame = card_set[other]
            if other != table.name and "name" in frame.columns and text.lower() in {
                    str(n).lower() for n in frame["name"].to_list()}:
                return f"“{text}” is in the {browse.column_label(other).lower()} deck."
        return browse.did_you_mean(
            browse.close_names(text, [str(n) for n in card_set[table.name]["name"].to_list()]))

    def matches_in_every_deck(self, text: str) -> dict[str, list[str]]:
        """Card deck -> the names of its cards whose face or fields contain ``text``.

        Every card deck of the game is searched (not only the one selected), in the deck
        selector's order; decks with no match are left out, and so is an empty search.
        """
        if not isinstance(text, str):
            raise ValueError(f"the search must be text; found {text!r}")
        if not text.strip():
            return {}
        game = self.game.value
        found: dict[str, list[str]] = {}
        for name in cards.tables(game):
            table = cards.declaration(game, name)
            frame = self.card_set(game)[name]
            if table.kind != "cards" or "name" not in frame.columns:
                continue
            shown = browse.select(frame, table, Query(text=text), self._printed(table))
            if shown.height:
                found[name] = [str(n) for n in shown["name"].to_list()]
        return found

    def _show_elsewhere(self, text: str, table: Table) -> None:
        """Say which other decks the search finds cards in, with a button to go to each."""
        others = {deck: names for deck, names in self.matches_in_every_deck(text).items()
                  if deck != table.name}
        buttons = []
        for deck in others:
            label = browse.column_label(deck)
            button = widgets.Button(description=f"Go to the {label} deck",
                                    layout=widgets.Layout(width="auto"))
            button.add_class("cards-goto-deck")
            button.on_click(self.message.guard(lambda _, d=deck: self.go_to_deck(d)))
            buttons.append(button)
        self.goto.children = buttons
        self.elsewhere.value = deck_matches_html(text, others, here=bool(
            self._frame.height), deck=browse.column_label(table.name)) if others else ""

    def go_to_deck(self, deck: str) -> None:
        """Show ``deck`` of the current game, keeping the search typed (as its button does)."""
        if deck not in [value for _, value in self.deck.options]:
            raise ValueError(f"{deck!r} is not a deck of {GAMES[self.game.value]}")
        self._keep_search = True
        try:
            self.deck.value = deck
        finally:
            self._keep_search = False

    def _on_pick(self, change: dict[str, Any]) -> None:
        key = change["new"]
        if not self.table.accepts(key):
            self.table.selected = change["old"] if self.table.accepts(change["old"]) else ""
            raise ValueError("that row is not in the table")
        self._selected = key or None
        self._draw_face()

    def _draw_face(self) -> None:
        key, table, game = self._selected, self.declared, self.game.value
        if key is None:
            self.face.value = ""
        elif table.kind == "cards":
            self.face.value = faces.face(game, key, table.name,
                                         card_set=self._uploaded_set(game))
        else:
            self.face.value = self._row_html(key, table)

    def _row_html(self, key: str, table: Table) -> str:
        """A row of a roll or reference table, field by field (these are not cards)."""
        keys = self._keys(self._frame, table)
        if key not in keys:
            return ""
        row = self._frame.row(keys.index(key), named=True)
        fields = "".join(
            f"<tr><th>{html.escape(browse.column_label(c))}</th>"
            f"<td>{html.escape(plain_words(browse.format_value(row[c])))}</td></tr>"
            for c in self._frame.columns
            # the heading names the row: a field that only repeats it is left out
            if c not in HIDDEN_COLUMNS and browse.format_value(row[c])
            and browse.format_value(row[c]) != key)
        return (f'<div class="cards-row-panel"><h4>{html.escape(plain_words(key))}</h4>'
                f"<table>{fields}</table></div>")

    def _on_upload(self) -> None:
        files = list(self.upload.value)
        if not files:
            return
        self.upload.value = ()  # the next upload starts afresh, whatever happens to this one
        game = self.game.value
        loaded, names = load_upload(game, files)
        self.card_sets[game] = loaded
        self.uploaded[game] = names
        self._on_game()
        self.message.show(upload_notice(game, names))

    def _use_shipped(self) -> None:
        self.card_sets.pop(self.game.value, None)
        self.uploaded.pop(self.game.value, None)
        self._on_game()
        self.message.show(f"Showing the shipped {GAMES[self.game.value]} cards.")


HIDDEN_COLUMNS = frozenset({"seed_line"})
"""Columns the browser does not show: where a row was found in the seed is for developers."""

_IDENTIFIER = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")


def plain_words(text: str) -> str:
    """A cell that is a data name read as words ("force_per_attack_roll" is "Force per attack
    roll"); any other text as it is."""
    if not _IDENTIFIER.fullmatch(text):
        return text
    words = text.replace("_", " ")
    return words[:1].upper() + words[1:]


def _in_words(query: Query) -> Query:
    """The query with its type and ability as the filter's choices read them."""
    return dataclasses.replace(
        query, type=plain_words(query.type) if query.type else query.type,
        ability=plain_words(query.ability) if query.ability else query.ability)


def table_text(game: str, table: Table, frame: pl.DataFrame) -> pl.DataFrame:
    """``frame`` as the browser's table shows it: every cell as text in players' words.

    Encoded rules read as the card does (:func:`explorer.ui.faces.column_words`), True reads
    "yes" and False is left blank, and a listed value such as ``discard_and_wound`` reads
    "discard and wound"; everything else is :func:`explorer.cards.browse.readable`.
    """
    text = browse.readable(frame, table)
    columns = []
    for name, dtype in frame.schema.items():
        values = frame[name].to_list()
        words = [faces.column_words(game, table.name, name, v) for v in values]
        if isinstance(dtype, pl.Boolean) or any(w is not None for w in words):
            cells = [w if w is not None else shown for w, shown in
                     zip(words, text[name].to_list(), strict=True)]
            columns.append(pl.Series(name, cells, dtype=pl.String))
        elif isinstance(dtype, pl.Enum | pl.Categorical):
            columns.append(text[name].str.replace_all("_", " "))
        elif dtype == pl.String:
            columns.append(text[name].map_elements(plain_words, return_dtype=pl.String))
    return text.with_columns(columns) if columns else text


def deck_matches_html(text: str, others: dict[str, list[str]], *, here: bool,
                      deck: str) -> str:
    """The "also in other decks" note: each deck by name with the cards found in it."""
    shown = 4
    items = []
    for name, found in others.items():
        names = ", ".join(html.escape(n) for n in found[:shown])
        more = f" and {len(found) - shown} more" if len(found) > shown else ""
        count = "1 card" if len(found) == 1 else f"{len(found)} cards"
        items.append(f"<li><b>{html.escape(browse.column_label(name))} deck</b> ({count}): "
                     f"{names}{more}</li>")
    lead = (f"“{html.escape(text.strip())}” is also found in other decks"
            if here else f"“{html.escape(text.strip())}” is not in the "
            f"{html.escape(deck.lower())} deck, but is in")
    return f'<div class="cards-elsewhere-box">{lead}:<ul>{"".join(items)}</ul></div>'


# ---- uploading a card set -------------------------------------------------------------------

def _megabytes(size: int) -> str:
    return f"{size / 2**20:.1f} MB"


def load_upload(game: str, files: Sequence[dict[str, Any]]) -> tuple[cards.CardSet, list[str]]:
    """Load uploaded ``<table>.parquet`` files as a card set of ``game``.

    The uploaded tables override the shipped ones of the same name; the game's other tables
    stay the shipped ones (docs/card-data.md), and the whole set is checked as one. Every
    refusal is a :class:`CardDataError` in people's words: file names only, never a server
    path or a library's exception.
    """
    title = GAMES[game]
    known = cards.tables(game)
    size = sum(len(f["content"]) for f in files)
    if size > MAX_UPLOAD_BYTES:
        raise CardDataError(f"Your card set is {_megabytes(size)}; at most "
                            f"{_megabytes(MAX_UPLOAD_BYTES)} can be uploaded at once.")
    names = [str(f["name"]) for f in files]
    for name in names:
        if not re.fullmatch(r"[a-z_]{1,40}\.parquet", name) or name[:-8] not in known:
            raise CardDataError(f"“{name[:60]}” is not a table of {title}: name each file "
                                f"after its table, as <table>.parquet ({', '.join(known)}).")
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise CardDataError(f"{twice} was uploaded twice: upload each table once.")
    kept = tempfile.TemporaryDirectory(prefix="cardset-")
    folder = kept.name
    try:
        for item in files:
            Path(folder, str(item["name"])).write_bytes(bytes(item["content"]))
        for table in known:
            if f"{table}.parquet" not in names:
                shutil.copyfile(cards.data_root() / game / f"{table}.parquet",
                                Path(folder, f"{table}.parquet"))
        try:
            trial.check_decoding(game, folder, names)  # before the kernel reads any of them
            loaded = cards.load_set(game, folder)
        except CardDataError as error:
            raise CardDataError(browse.people_message(error, names)) from None
    except BaseException:
        kept.cleanup()
        raise
    cards.keep_upload(game, kept)  # the one set a save of this page may name
    return loaded, [f"{t}.parquet" for t in known if f"{t}.parquet" in names]


def upload_notice(game: str, names: Sequence[str]) -> str:
    """What was loaded, in words: the uploaded tables and how many stay shipped."""
    tables = [n.removesuffix(".parquet") for n in names]
    rest = len(cards.tables(game)) - len(tables)
    if not rest:
        return f"Loaded your {GAMES[game]} card set: all {len(tables)} tables."
    shown = ", ".join(browse.column_label(t).lower() for t in tables)
    others = "table is" if rest == 1 else f"{rest} tables are"
    return f"Loaded your {GAMES[game]} cards: {shown}; the other {others} the shipped ones."
