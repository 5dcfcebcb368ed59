"""The card browser view: pick a game and a deck, filter, sort, see a card face and charts.

>>> from explorer.ui.cards import CardBrowser
>>> CardBrowser()          # the last line of a notebook cell displays it

All logic lives in :mod:`explorer.cards.browse` and :mod:`explorer.cards.charts`; this module
only composes widgets and wires them. Widget values are treated as untrusted input.
"""

from __future__ import annotations

import html
import re
import tempfile
from pathlib import Path
from typing import Any

import altair as alt
import ipywidgets as widgets
import polars as pl

from explorer import cards
from explorer.cards import browse, charts
from explorer.cards.browse import Query
from explorer.errors import CardDataError
from explorer.games import GAMES
from explorer.schema import Table
from explorer.ui import MessageArea, enable_offline_charts

ALL = "(all)"
MAX_UPLOAD_BYTES = 20 * 2**20

_STYLE = """
<style>
.card-face-box { border: 2px solid #334155; border-radius: 14px; padding: 12px 14px;
  width: 280px; background: linear-gradient(#f8fafc, #e2e8f0); font-family: sans-serif;
  box-shadow: 2px 3px 8px rgba(0,0,0,.25); }
.card-face-box h3 { margin: 0 0 4px 0; font-size: 17px; }
.card-face-box .card-kind { font-size: 11px; text-transform: uppercase; color: #475569; }
.card-face-box .card-stats { display: flex; gap: 8px; flex-wrap: wrap; margin: 8px 0; }
.card-face-box .card-stat { background: #1e293b; color: white; border-radius: 999px;
  padding: 4px 10px; font-size: 13px; }
.card-face-box dl { margin: 0; font-size: 12px; }
.card-face-box dt { font-weight: bold; color: #334155; margin-top: 4px; }
.card-face-box dd { margin: 0 0 0 8px; }
.cards-table-box { max-height: 420px; overflow: auto; }
.cards-table-box table { border-collapse: collapse; font-size: 12px; font-family: sans-serif; }
.cards-table-box th { position: sticky; top: 0; background: #e2e8f0; text-align: left; }
.cards-table-box td, .cards-table-box th { padding: 2px 6px; border-bottom: 1px solid #e5e7eb;
  vertical-align: top; }
.cards-table-box tr.selected td { background: #fef3c7; }
</style>
"""


def table_html(frame: pl.DataFrame, table: Table, selected: str | None = None) -> str:
    """An HTML table of ``frame`` with readable cells; the ``selected`` card is highlighted."""
    text = browse.readable(frame, table)
    head = "".join(f"<th>{html.escape(c)}</th>" for c in text.columns)
    names = frame["name"].to_list() if "name" in frame.columns else [None] * frame.height
    body = []
    for name, row in zip(names, text.iter_rows(), strict=True):
        mark = ' class="selected"' if selected is not None and name == selected else ""
        cells = "".join(f"<td>{html.escape(v or '')}</td>" for v in row)
        body.append(f"<tr{mark}>{cells}</tr>")
    return (f'<div class="cards-table-box"><table><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table></div>")


def card_face_html(frame: pl.DataFrame, table: Table, name: str, game: str) -> str:
    """A card drawn as a card face: its name, kind, stats as chips, then every other field."""
    fields = dict(browse.card_fields(frame, table, name))
    stats = "".join(
        f'<span class="card-stat">{html.escape(s.replace("_", " "))} '
        f"<b>{html.escape(fields.pop(s))}</b></span>"
        for s in table.stats if s in fields)
    kind = fields.pop(table.type_column, "") if table.type_column else ""
    rest = "".join(f"<dt>{html.escape(k.replace('_', ' '))}</dt><dd>{html.escape(v)}</dd>"
                   for k, v in fields.items())
    return (f'<div class="card-face-box"><div class="card-kind">{html.escape(GAMES[game])} · '
            f"{html.escape(table.name.replace('_', ' '))}"
            f"{' · ' + html.escape(kind) if kind else ''}</div>"
            f"<h3>{html.escape(name)}</h3><div class=\"card-stats\">{stats}</div>"
            f"<dl>{rest}</dl></div>")


class CardBrowser(widgets.VBox):
    """Browse the cards and tables of the five games (or of an uploaded card set)."""

    def __init__(self, game: str = "rifts", table: str | None = None, **kwargs: Any) -> None:
        enable_offline_charts()
        self.card_sets: dict[str, cards.CardSet] = {}
        self.message = MessageArea()
        self.game = self._dropdown("Game", [(title, gid) for gid, title in GAMES.items()],
                                   "cards-game")
        self.deck = self._dropdown("Deck", [], "cards-deck")
        self.type = self._dropdown("Type", [ALL], "cards-type")
        self.ability = self._dropdown("Ability", [ALL], "cards-ability")
        self.search = widgets.Text(description="Search", placeholder="any text on the card",
                                   continuous_update=True)
        self.search.add_class("cards-search")
        self.sort = self._dropdown("Sort by", [], "cards-sort")
        self.descending = widgets.Checkbox(description="descending", indent=False,
                                           layout=widgets.Layout(width="110px"))
        self.descending.add_class("cards-descending")
        self.count = widgets.HTML()
        self.count.add_class("cards-count")
        self.table = widgets.HTML()
        self.table.add_class("cards-table")
        self.picker = widgets.Select(description="Card", rows=8,
                                     layout=widgets.Layout(width="300px"))
        self.picker.add_class("cards-picker")
        self.face = widgets.HTML()
        self.face.add_class("cards-face")
        self.chart = alt.JupyterChart(alt.Chart(pl.DataFrame({"x": [0]})).mark_point(),
                                      embed_options={"renderer": "svg", "actions": False})
        self.chart.add_class("cards-chart")
        self.upload = widgets.FileUpload(accept=".parquet", multiple=True,
                                         description="Your card set")
        self.upload.add_class("cards-upload")
        self.reset = widgets.Button(description="Shipped cards", icon="undo")
        self.reset.add_class("cards-reset")
        self._frame = pl.DataFrame()
        self._wire()
        super().__init__(children=[
            widgets.HTML(_STYLE),
            widgets.HBox([self.game, self.deck, self.count]),
            widgets.HBox([self.type, self.ability, self.search]),
            widgets.HBox([self.sort, self.descending]),
            widgets.HBox([widgets.VBox([self.table], layout=widgets.Layout(flex="1 1 60%")),
                          widgets.VBox([self.picker, self.face])]),
            self.chart,
            widgets.HBox([self.upload, self.reset]),
            self.message,
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
        self.picker.observe(guard(lambda _: self._on_pick()), names="value")
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

    # ---- callbacks ---------------------------------------------------------------------------

    def _on_game(self) -> None:
        game = self.game.value
        card_set = self.card_set(game)
        options = []
        for name in cards.tables(game):
            table = cards.declaration(game, name)
            suffix = "" if table.kind == "cards" else f", {table.kind} table"
            options.append((f"{name.replace('_', ' ')} ({card_set[name].height}{suffix})", name))
        with self.hold_trait_notifications():
            self.deck.options = options
            self.deck.value = options[0][1]
        self._on_deck()

    def _on_deck(self) -> None:
        table = self.declared
        full = self.card_set(self.game.value)[table.name]
        self._frame = full
        with self.hold_trait_notifications():
            self.type.options = [ALL, *browse.type_values(full, table)]
            self.type.value = ALL
            self.type.disabled = table.type_column is None
            self.ability.options = [ALL, *browse.ability_values(full, table)]
            self.ability.value = ALL
            self.ability.disabled = table.ability_column is None
            self.sort.options = [("(seed order)", "")] + [
                (c.replace("_", " "), c) for c in browse.sortable_columns(table)]
            self.sort.value = ""
            self.search.value = ""
            self.descending.value = False
        self.refresh()

    def refresh(self) -> None:
        """Apply the current query: table, count, card list, card face and chart."""
        table = self.declared
        full = self.card_set(self.game.value)[table.name]
        shown = browse.select(full, table, self.query())
        self._frame = shown
        noun = "cards" if table.kind == "cards" else "rows"
        self.count.value = (f'<span class="cards-count-text"><b>{shown.height}</b> of '
                            f"{full.height} {noun}</span>")
        has_names = "name" in shown.columns
        names = shown["name"].to_list() if has_names else []
        keep = self.picker.value if self.picker.value in names else (names[0] if names else None)
        with self.hold_trait_notifications():
            self.picker.options = names
            self.picker.value = keep
        self.picker.layout.display = None if has_names else "none"
        self._draw_face(keep)
        self.chart.chart = charts.deck_chart(self.game.value, table.name, shown)

    def _on_pick(self) -> None:
        self._draw_face(self.picker.value)

    def _draw_face(self, name: str | None) -> None:
        table = self.declared
        self.table.value = table_html(self._frame, table, name)
        if name is None:
            self.face.value = ""
        else:
            self.face.value = card_face_html(self._frame, table, name, self.game.value)

    def _on_upload(self) -> None:
        files = list(self.upload.value)
        if not files:
            return
        game = self.game.value
        if sum(len(f["content"]) for f in files) > MAX_UPLOAD_BYTES:
            raise CardDataError(f"an uploaded card set must be under {MAX_UPLOAD_BYTES} bytes")
        self.upload.value = ()  # the next upload starts afresh, whatever happens to this one
        with tempfile.TemporaryDirectory(prefix="cardset-") as folder:
            for item in files:
                name = str(item["name"])
                if not re.fullmatch(r"[a-z_]{1,40}\.parquet", name):
                    raise CardDataError("an uploaded file must be named <table>.parquet",
                                        file=name)
                Path(folder, name).write_bytes(bytes(item["content"]))
            loaded = cards.load_set(game, folder)
        self.card_sets[game] = loaded
        self._on_game()
        self.message.show(f"Loaded your {GAMES[game]} card set ({len(files)} tables).")

    def _use_shipped(self) -> None:
        self.card_sets.pop(self.game.value, None)
        self._on_game()
        self.message.show(f"Showing the shipped {GAMES[self.game.value]} cards.")
