"""The balance report page: what the shipped (or a fresh) simulation table says about a game.

>>> from explorer.ui.balance import BalanceReport
>>> BalanceReport()          # the last line of a notebook cell displays it

Pick a game and a table (a shipped batch, or a fresh batch run here with its progress), then
read: the win rate by seat with the first-seat advantage, by starting Character, profession,
guild, ME card or recruited mutation, the game-length distribution, bot against bot, a house
rule on against off, and for the three dice games the exact odds of every kind of roll beside
the frequencies the engine rolled. Every figure comes from :mod:`explorer.balance`; this module
draws the charts and tables and wires the widgets. Every widget value is checked in the kernel
(a client can set any trait): a refused value shows a message and changes nothing.
"""

from __future__ import annotations

import dataclasses
import html
import re
import time
from collections.abc import Callable, Sequence
from typing import Any

import altair as alt
import ipywidgets as widgets
import polars as pl

from explorer import balance
from explorer.catalog import GAMES
from explorer.simulation import BOTS
from explorer.ui import MessageArea, enable_offline_charts
from explorer.ui.guard import held

EMBED = {"renderer": "svg", "actions": False}
"""How the balance page's charts are embedded: SVG, without Vega's action menu."""
START_LABELS = {"rifts": "starting Character", "adventurers": "profession",
                "gamma_world": "recruited mutation (held at the end)", "riftforce": "guild",
                "rat_king": "ME card"}
"""What each game's start column is called on the page."""
TOP_KINDS = "__top__"
"""The roll-kind filter's value for "the most rolled kinds"."""
ALL_KINDS = "__all__"
"""The roll-kind filter's value for "every kind"."""
TOP = 12
"""Kinds of roll shown by default: the most rolled ones."""
NO_VARIANT = ""
"""The variant filter's value for "no house rule"."""
KEEP_FRESH = 5
"""A page keeps this many fresh batches of a game (the oldest give way)."""
START_ROWS = 60
"""The most start values a chart shows (those over most games); the table shows them all."""

_STYLE = """
<style>
.balance-report { font-family: sans-serif; }
.balance-report h3 { margin: 14px 0 4px 0; font-size: 16px; }
.balance-table { border-collapse: collapse; font-size: 12.5px; }
.balance-table th { background: #e2e8f0; text-align: left; padding: 3px 8px;
  position: sticky; top: 0; }
.balance-table td { padding: 2px 8px; border-bottom: 1px solid #e5e7eb; white-space: nowrap; }
.balance-table td.num { text-align: right; font-variant-numeric: tabular-nums; }
.balance-table tr.balance-few td { color: #94a3b8; }
.balance-table tr.balance-miss td { background: #fee2e2; }
.balance-scroll { max-height: 340px; overflow: auto; border: 1px solid #e2e8f0;
  border-radius: 6px; }
.balance-note { color: #475569; font-size: 12.5px; margin: 2px 0 6px 0; max-width: 900px; }
.balance-summary { font-size: 14px; }
.balance-fresh { border: 1px solid #cbd5e1; border-radius: 8px; padding: 4px 10px;
  background: #f8fafc; }
</style>
"""


# ---- formatting and tables -------------------------------------------------------------

HOUSE_RULES = {  # each rule's constant, data/<game>/constants.toml, by the rule it changes
    "victory_adventure_tokens": "Adventure Tokens to win",
    "party_base_force_limit": "party Base Force limit",
    "locations_to_win": "locations to visit to win",
    "base_ap": "Action Points each turn",
    "victory_ap": "ADVENTURE POINTS to win",
    "hand_size": "hand size",
    "victory_riftforce": "Riftforce to win",
}
"""The house rules a batch may change, by their names for players."""

_RULE = re.compile(r"\b([a-z][a-z_]*)\s*=\s*(-?\d+)")


def house_rule_words(text: str) -> str:
    """``text`` with every house rule written as players name it: "victory_adventure_tokens=5"
    reads "Adventure Tokens to win: 5" (a name not listed is spelled with spaces)."""
    def named(found: re.Match[str]) -> str:
        name = HOUSE_RULES.get(found[1], found[1].replace("_", " "))
        return f"{name[:1].upper()}{name[1:]}: {found[2]}"
    return _RULE.sub(named, text).replace("variant ", "house rule ")


def percent(x: float | None, digits: int = 1) -> str:
    """``0.1234`` -> ``"12.3%"``; "-" for no value."""
    return "-" if x is None else f"{x:.{digits}%}"


def signed_percent(x: float | None) -> str:
    """A difference of rates in percentage points: ``+3.1 pt``."""
    return "-" if x is None else f"{x * 100:+.1f} pt"


def interval(low: float | None, high: float | None, fmt: Callable[[Any], str] = percent) -> str:
    return "-" if low is None or high is None else f"{fmt(low)} to {fmt(high)}"


Column = tuple[str, str, Callable[[dict[str, Any]], str], bool]
"""A table column: css/data name, heading, the cell's text from a row, right-aligned."""


def table_html(frame: pl.DataFrame, columns: Sequence[Column], css: str,
               row_class: Callable[[dict[str, Any]], str] | None = None,
               key: Callable[[dict[str, Any]], str] | None = None) -> str:
    """An HTML table of ``frame``'s rows (every text escaped); rows carry ``data-key`` when
    ``key`` is given, cells the class of their column."""
    head = "".join(f"<th>{html.escape(title)}</th>" for _, title, _, _ in columns)
    rows = []
    for row in frame.iter_rows(named=True):
        cls = row_class(row) if row_class is not None else ""
        data = f' data-key="{html.escape(key(row))}"' if key is not None else ""
        cells = "".join(
            f'<td class="{name}{" num" if right else ""}">{html.escape(text(row))}</td>'
            for name, _, text, right in columns)
        rows.append(f'<tr class="{cls}"{data}>{cells}</tr>')
    return (f'<table class="balance-table {css}"><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>")


def _few(row: dict[str, Any]) -> str:
    return "balance-few" if row.get("few") else ""


def _n_text(row: dict[str, Any]) -> str:
    return f"{row['n']:,}" + (f" ({balance.FEW})" if row.get("few") else "")


RATE_COLUMNS: tuple[Column, ...] = (
    ("n", "games", _n_text, True),
    ("wins", "wins", lambda r: f"{r['wins']:,}", True),
    ("rate", "win rate", lambda r: percent(r["rate"]), True),
    ("interval", "95% interval", lambda r: interval(r["low"], r["high"]), True),
)
"""The columns of a win-rate table on the page: key, heading, how a value reads, right-aligned."""


def seat_label(row: dict[str, Any], many: bool) -> str:
    """"Seat 1", or "3 players, seat 1" when the table mixes player counts."""
    label = f"Seat {row['seat'] + 1}"
    return f"{row['players']} players, {label.lower()}" if many else label


# ---- charts ----------------------------------------------------------------------------

def _rate_axis(title: str = "win rate") -> alt.Y:
    return alt.Y("rate:Q", title=title, axis=alt.Axis(format="%"),
                 scale=alt.Scale(domain=[0, 1]))


def seat_chart(rates: pl.DataFrame) -> alt.LayerChart:
    """Bars of each seat's win rate with its 95% interval, and the fair rate as a dashed
    line."""
    many = rates["players"].n_unique() > 1
    data = rates.with_columns(label=pl.Series([seat_label(r, many)
                                               for r in rates.iter_rows(named=True)]))
    base = alt.Chart(data).encode(x=alt.X("label:N", title=None, sort=None,
                                          axis=alt.Axis(labelAngle=0)))
    tips = [alt.Tooltip("label:N", title="seat"), alt.Tooltip("rate:Q", format=".1%"),
            alt.Tooltip("low:Q", format=".1%", title="95% low"),
            alt.Tooltip("high:Q", format=".1%", title="95% high"),
            alt.Tooltip("n:Q", title="games"), alt.Tooltip("fair:Q", format=".1%")]
    bars = base.mark_bar(color="#60a5fa", size=36).encode(y=_rate_axis(), tooltip=tips)
    bars_error = base.mark_errorbar(ticks=True, color="#1e293b").encode(
        y=alt.Y("low:Q", title="win rate"), y2="high:Q")
    fair = alt.Chart(data).mark_rule(color="#b91c1c", strokeDash=[5, 4]).encode(
        y="mean(fair):Q")
    return (bars + bars_error + fair).properties(
        width=max(160, 70 * data.height), height=220,
        title=alt.TitleParams("Win rate by seat, 95% Wilson intervals",
                              subtitle="dashed: the fair rate (the mean seat's)"))


def start_chart(rates: pl.DataFrame, label: str) -> alt.LayerChart:
    """Each start value's win rate (a point) and 95% interval (a line), highest rate on top;
    values over fewer than 30 games grey. At most :data:`START_ROWS` values: those over most
    games."""
    shown = rates.sort("n", descending=True).head(START_ROWS).sort(
        ["rate", "n"], descending=[True, True])
    data = shown.with_columns(sample=pl.when(pl.col("few")).then(pl.lit(balance.FEW))
                              .otherwise(pl.lit("30 games or more")))
    order = data["value"].to_list()
    colour = alt.Color("sample:N", title=None, scale=alt.Scale(
        domain=["30 games or more", balance.FEW], range=["#2563eb", "#94a3b8"]))
    base = alt.Chart(data).encode(y=alt.Y("value:N", sort=order, title=None))
    tips = [alt.Tooltip("value:N", title=label), alt.Tooltip("rate:Q", format=".1%"),
            alt.Tooltip("low:Q", format=".1%", title="95% low"),
            alt.Tooltip("high:Q", format=".1%", title="95% high"),
            alt.Tooltip("n:Q", title="games")]
    line = base.mark_rule().encode(x=alt.X("low:Q", title="win rate", axis=alt.Axis(
        format="%"), scale=alt.Scale(domain=[0, 1])), x2="high:Q", color=colour)
    point = base.mark_point(filled=True, size=50).encode(x="rate:Q", color=colour,
                                                          tooltip=tips)
    subtitle = "sorted by win rate; grey: fewer than 30 games"
    if rates.height > shown.height:
        subtitle += f"; the {shown.height} of {rates.height} seen in most games"
    return (line + point).properties(
        width=420, height=max(60, 16 * data.height),
        title=alt.TitleParams(f"Win rate by {label}, 95% Wilson intervals",
                              subtitle=subtitle))


def length_chart(distribution: pl.DataFrame, measure: str) -> alt.Chart:
    """A histogram of the games' lengths in ``measure`` (turns or steps)."""
    return alt.Chart(distribution).mark_bar(color="#0d9488").encode(
        x=alt.X("length:Q", bin=alt.Bin(maxbins=40), title=f"{measure} a game"),
        y=alt.Y("sum(games):Q", title="games"),
        tooltip=[alt.Tooltip("length:Q", bin=alt.Bin(maxbins=40), title=measure),
                 alt.Tooltip("sum(games):Q", title="games")],
    ).properties(width=480, height=200, title=f"Game length in {measure}")


def bots_chart(table: pl.DataFrame) -> alt.LayerChart:
    """Each bot's win rate by seat in the mixed games, with 95% intervals."""
    data = table.filter(pl.col("seat").is_not_null()).with_columns(
        label=pl.format("Seat {}", pl.col("seat").cast(pl.Int32) + 1))
    base = alt.Chart(data).encode(x=alt.X("label:N", title=None, axis=alt.Axis(labelAngle=0)),
                                  xOffset="bot:N")
    tips = [alt.Tooltip("bot:N"), alt.Tooltip("label:N", title="seat"),
            alt.Tooltip("rate:Q", format=".1%"), alt.Tooltip("n:Q", title="games"),
            alt.Tooltip("lineup:N")]
    bars = base.mark_bar().encode(y=_rate_axis(), color=alt.Color("bot:N", title="bot"),
                                  tooltip=tips)
    bars_error = base.mark_errorbar(ticks=True, color="#1e293b").encode(
        y=alt.Y("low:Q", title="win rate"), y2="high:Q")
    return (bars + bars_error).properties(width=260, height=200,
                                          title="Each bot's win rate by seat")


def variant_chart(effect: pl.DataFrame) -> alt.HConcatChart:
    """What the house rule changes, on - off, each with its 95% interval: each seat's win rate
    (Newcombe) and the mean turns a game (normal approximation); zero as a dashed line."""

    def panel(rows: pl.DataFrame, title: str, fmt: str) -> alt.LayerChart:
        base = alt.Chart(rows).encode(y=alt.Y("measure:N", title=None))
        tips = [alt.Tooltip("measure:N"), alt.Tooltip("difference:Q", format=fmt),
                alt.Tooltip("low:Q", format=fmt, title="95% low"),
                alt.Tooltip("high:Q", format=fmt, title="95% high")]
        line = base.mark_rule(color="#7c3aed", strokeWidth=2).encode(
            x=alt.X("low:Q", title=title, axis=alt.Axis(format=fmt)), x2="high:Q")
        point = base.mark_point(filled=True, size=60, color="#7c3aed").encode(
            x="difference:Q", tooltip=tips)
        zero = alt.Chart(pl.DataFrame({"x": [0.0]})).mark_rule(
            color="#64748b", strokeDash=[4, 4]).encode(x="x:Q")
        return (zero + line + point).properties(width=260, height=max(40, 30 * rows.height))

    rates = effect.filter(pl.col("measure").str.ends_with("win rate"))
    turns = effect.filter(pl.col("measure") == "mean turns")
    return alt.hconcat(panel(rates, "win rate, on - off", "+.0%"),
                       panel(turns, "turns a game, on - off", "+,.0f")).properties(
        title="What the house rule changes (95% intervals)")


def rolls_chart(check: pl.DataFrame) -> alt.LayerChart:
    """Observed frequency against exact probability, one point per kind of roll and outcome
    with its 95% Wilson interval; on the diagonal they agree (square-root axes, so the rare
    outcomes are not crowded at 0)."""
    data = check.with_columns(verdict=pl.when(~pl.col("agrees")).then(pl.lit("disagrees"))
                              .when(pl.col("inside")).then(pl.lit("inside its 95% interval"))
                              .otherwise(pl.lit("outside 95%, within chance")))
    top = max(float(data["high"].max() or 0), float(data["p"].max() or 0), 0.01)
    scale = alt.Scale(type="sqrt", domain=[0, top], nice=False)
    colour = alt.Color("verdict:N", title=None, scale=alt.Scale(
        domain=["inside its 95% interval", "outside 95%, within chance", "disagrees"],
        range=["#2563eb", "#f59e0b", "#dc2626"]))
    axis = alt.Axis(format="%", values=[v for v in (0, .01, .05, .1, .2, .4, .6, .8, 1)
                                        if v <= top])
    base = alt.Chart(data).encode(x=alt.X("p:Q", title="exact probability", scale=scale,
                                          axis=axis))
    tips = [alt.Tooltip("kind:N"), alt.Tooltip("outcome:N"), alt.Tooltip("exact:N"),
            alt.Tooltip("observed:Q", format=".2%"), alt.Tooltip("count:Q"),
            alt.Tooltip("n:Q", title="rolls"), alt.Tooltip("p_value:Q", format=".3g")]
    bars = base.mark_rule(opacity=0.5).encode(
        y=alt.Y("low:Q", title="observed frequency", scale=scale, axis=axis),
        y2="high:Q", color=colour)
    points = base.mark_point(filled=True, size=28).encode(y="observed:Q", color=colour,
                                                          tooltip=tips)
    diagonal = alt.Chart(pl.DataFrame({"p": [0.0, top], "observed": [0.0, top]})).mark_line(
        color="#64748b", strokeDash=[4, 4]).encode(x=alt.X("p:Q", scale=scale),
                                                   y=alt.Y("observed:Q", scale=scale))
    return (diagonal + bars + points).properties(
        width=380, height=300, title=alt.TitleParams(
            "Rolled against exact", subtitle="each point a roll's outcome; dashed: agreement"))


def _chart(css: str) -> alt.JupyterChart:
    widget = alt.JupyterChart(alt.Chart(pl.DataFrame({"x": [0]})).mark_point(),
                              embed_options=EMBED)
    widget.add_class(css)
    return widget


def _html(css: str) -> widgets.HTML:
    widget = widgets.HTML()
    widget.add_class(css)
    return widget


# ---- the page ----------------------------------------------------------------------------

class BalanceReport(widgets.VBox):
    """Balance reports over the shipped simulation tables, or over a fresh batch run here."""

    def __init__(self, game: str = "rifts", where: str | None = None, **kwargs: Any) -> None:
        enable_offline_charts()
        self.where = where
        self.tables: dict[str, dict[str, tuple[str, pl.DataFrame]]] = {}
        """game -> key -> (label, table): the shipped batches and this page's fresh runs."""
        self.fresh_count = 0
        self._roll_counts: pl.DataFrame | None = None
        self._roll_checks: dict[str, pl.DataFrame] = {}
        self._quiet = False
        self.message = MessageArea()
        self.game = widgets.Dropdown(description="Game", options=[(t, g) for g, t in
                                                                   GAMES.items()],
                                     layout=widgets.Layout(width="360px"))
        self.game.add_class("balance-game")
        self.source = widgets.Dropdown(description="Table", options=[],
                                       layout=widgets.Layout(width="520px"))
        self.source.add_class("balance-source")
        self._build_fresh_controls()
        self.summary = _html("balance-summary")
        self.seat_chart, self.start_chart = _chart("balance-seat-chart"), _chart(
            "balance-start-chart")
        self.length_chart, self.bots_chart = _chart("balance-length-chart"), _chart(
            "balance-bots-chart")
        self.variant_chart, self.rolls_chart = _chart("balance-variant-chart"), _chart(
            "balance-rolls-chart")
        self.seat_table, self.first_seat = _html("balance-seat-table"), _html(
            "balance-first-seat")
        self.start_heading, self.start_table = _html("balance-start-heading"), _html(
            "balance-start-table")
        self.measure = widgets.ToggleButtons(options=list(balance.MEASURES), value="turns",
                                             description="Length in")
        self.measure.add_class("balance-length-measure")
        self.length_table = _html("balance-length-table")
        self.bots_table, self.variant_table = _html("balance-bots-table"), _html(
            "balance-variant-table")
        self.rolls_summary, self.rolls_table = _html("balance-rolls-summary"), _html(
            "balance-rolls-table")
        self.kind = widgets.Dropdown(description="Rolls", options=[],
                                     layout=widgets.Layout(width="520px"))
        self.kind.add_class("balance-rolls-kind")
        self.bots_box = widgets.VBox([self.bots_table, self.bots_chart])
        self.variant_box = widgets.VBox([self.variant_table, self.variant_chart])
        self.rolls_box = widgets.VBox([
            widgets.HTML("<h3>Exact odds against the dice</h3>"), self.rolls_summary,
            self.kind, widgets.HBox([self.rolls_chart]), self._scroll(self.rolls_table)])
        self.rolls_box.add_class("balance-rolls")
        self._wire()
        note = (f'<div class="balance-note">Win rates carry 95% Wilson intervals; a rate over '
                f"fewer than {balance.MIN_GAMES} games is marked “{balance.FEW}” (grey): its "
                "interval is wide and its order means little. A shared win counts for every "
                "winner.</div>")
        super().__init__(children=[
            widgets.HTML(_STYLE),
            widgets.HBox([self.game, self.source], layout=widgets.Layout(
                flex_flow="row wrap")),
            self.fresh, self.message, self.summary, widgets.HTML(note),
            widgets.HTML("<h3>Win rate by seat</h3>"), self.first_seat,
            widgets.HBox([self.seat_chart]), self.seat_table,
            self.start_heading, widgets.HBox([self.start_chart]),
            self._scroll(self.start_table),
            widgets.HTML("<h3>Game length</h3>"), self.measure, widgets.HBox([
                self.length_chart]), self.length_table,
            widgets.HTML("<h3>Bot against bot</h3>"), self.bots_box,
            widgets.HTML("<h3>House rule on against off</h3>"), self.variant_box,
            self.rolls_box,
        ], **kwargs)
        self.add_class("balance-report")
        if game not in GAMES:
            raise balance.BalanceError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
        self._quiet = True
        self.game.value = game
        self._quiet = False
        self._on_game()

    @staticmethod
    def _scroll(child: widgets.Widget) -> widgets.Box:
        box = widgets.Box([child])
        box.add_class("balance-scroll")
        return box

    def _build_fresh_controls(self) -> None:
        short = {"description_width": "initial"}
        self.run_games = widgets.IntText(value=100, description="Games", style=short,
                                         layout=widgets.Layout(width="150px"))
        self.run_games.add_class("balance-run-games")
        self.run_players = widgets.Dropdown(description="Players", options=[2], style=short,
                                            layout=widgets.Layout(width="130px"))
        self.run_players.add_class("balance-run-players")
        self.run_bots = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.run_bots.add_class("balance-run-bots")
        self.run_seed = widgets.IntText(value=1, description="Seed", style=short,
                                        layout=widgets.Layout(width="190px"))
        self.run_seed.add_class("balance-run-seed")
        self.run_variant = widgets.Dropdown(description="House rule", options=[], style=short,
                                            layout=widgets.Layout(width="360px"))
        self.run_variant.add_class("balance-run-variant")
        self.run_button = widgets.Button(description="Run", icon="play",
                                         button_style="primary")
        self.run_button.add_class("balance-run")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Progress")
        self.progress.add_class("balance-progress")
        self.run_status = _html("balance-run-status")
        limits = (f'<div class="balance-note">A fresh batch: at most '
                  f"{balance.MAX_RUN_GAMES:,} games, and it stops after "
                  f"{balance.MAX_RUN_SECONDS:.0f} s of play keeping the games played (a Rifts "
                  "game takes about 0.15 s, a Riftforce game with a heuristic bot about a "
                  f"second). The server plays {balance.RUN_SLOTS} "
                  f"{'run' if balance.RUN_SLOTS == 1 else 'runs'} at a time for everyone; "
                  "yours waits its turn.</div>")
        self.fresh = widgets.VBox([
            widgets.HTML("<b>Run a fresh batch</b>"),
            widgets.HBox([self.run_games, self.run_players, self.run_seed, self.run_variant],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.run_bots,
            widgets.HBox([self.run_button, self.progress, self.run_status],
                         layout=widgets.Layout(align_items="center")),
            widgets.HTML(limits)])
        self.fresh.add_class("balance-fresh")

    def _wire(self) -> None:
        guard = self.message.guard

        def when(callback: Callable[[], None]) -> Callable[[Any], None]:
            guarded = guard(callback)

            def changed(_: Any) -> None:
                if not self._quiet:
                    guarded()
            return changed

        self.game.observe(when(self._on_game), names="value")
        self.source.observe(when(self.refresh), names="value")
        self.measure.observe(when(self._draw_length), names="value")
        self.kind.observe(when(self._draw_rolls), names="value")
        self.run_players.observe(when(self._seat_bots), names="value")
        self.run_button.on_click(guard(lambda _: self.run()))

    # ---- the model ---------------------------------------------------------------------

    def _game(self) -> str:
        game = self.game.value
        if not isinstance(game, str) or game not in GAMES:
            raise balance.BalanceError(f"unknown game {game!r}")
        return game

    def tables_of(self, game: str) -> dict[str, tuple[str, pl.DataFrame]]:
        """The game's tables (shipped batches first, then this page's fresh runs)."""
        if game not in self.tables:
            table = balance.load(game, self.where)
            found = {}
            for name in table["batch"].unique(maintain_order=True).to_list():
                rows = balance.batch(table, name).drop("batch")
                count = balance.games(rows).height
                title = balance.BATCH_TITLES.get(name, name)
                rule = [v for v in rows["variant"].unique().to_list() if v]
                if rule:
                    title = f"house rule {house_rule_words(rule[0])}, random bots"
                found[f"shipped:{name}"] = (f"Shipped: {title} ({count:,} games)", rows)
            self.tables[game] = found
        return self.tables[game]

    @property
    def table(self) -> pl.DataFrame:
        """The table on show."""
        tables = self.tables_of(self._game())
        key = self.source.value
        if key not in tables:
            raise balance.BalanceError("that table is not one of this game's")
        return tables[key][1]

    def roll_check(self, game: str) -> pl.DataFrame | None:
        """The shipped roll check of a dice game (None for the others), computed once."""
        if game not in balance.DICE_GAMES:
            return None
        if game not in self._roll_checks:
            if self._roll_counts is None:
                self._roll_counts = balance.load_rolls(self.where)
            counts = self._roll_counts.filter(pl.col("game") == game)
            if counts.height == 0:
                raise balance.BalanceError(f"the shipped roll counts have no {GAMES[game]}")
            self._roll_checks[game] = balance.roll_check(counts)
        return self._roll_checks[game]

    # ---- callbacks ------------------------------------------------------------------------

    def _set(self, control: widgets.Widget, **traits: Any) -> None:
        quiet, self._quiet = self._quiet, True
        try:  # in the order given: options before the value they must hold
            for name, value in traits.items():
                setattr(control, name, value)
        finally:
            self._quiet = quiet

    def _on_game(self) -> None:
        game = self._game()
        tables = self.tables_of(game)
        self._set(self.source, options=[(label, key) for key, (label, _) in tables.items()],
                  value=next(iter(tables)))
        low, high = balance.PLAYERS[game]
        self._set(self.run_players, options=list(range(low, high + 1)), value=low)
        from explorer.engine.variants import allowed

        own = dict(_constants(game))
        rules = [("(the rules as printed)", NO_VARIANT)] + [
            (house_rule_words(f"{name}={value}")
             + (" (the rules' own)" if own.get(name) == value else ""),
             f"{name}={value}") for name, values in allowed(game).items() for value in values]
        self._set(self.run_variant, options=rules, value=NO_VARIANT)
        self._clear_progress()
        self._seat_bots()
        self.rolls_box.layout.display = None if game in balance.DICE_GAMES else "none"
        if game in balance.DICE_GAMES:
            check = self.roll_check(game)
            kinds = (check.group_by("kind", "distribution", maintain_order=True)
                     .agg(pl.col("n").first()).sort(["n", "kind"], descending=[True, False]))
            options = [(f"the {TOP} most rolled kinds", TOP_KINDS),
                       (f"every kind ({kinds.height})", ALL_KINDS)] + [
                (f"{k} ({n:,} rolls)", f"{k}\t{d}") for k, d, n in kinds.iter_rows()]
            self._set(self.kind, options=options, value=TOP_KINDS)
            self._draw_rolls()
        self.refresh()

    def _seat_bots(self) -> None:
        players = self.run_players.value
        low, high = balance.PLAYERS[self._game()]
        if isinstance(players, bool) or not isinstance(players, int) or not \
                low <= players <= high:
            raise balance.BalanceError(f"players must be from {low} to {high}")
        old = [b.value for b in self.run_bots.children]
        boxes = []
        for seat in range(players):
            box = widgets.Dropdown(description=f"Seat {seat + 1}", options=list(BOTS),
                                   value=old[seat] if seat < len(old) else "random",
                                   style={"description_width": "initial"},
                                   layout=widgets.Layout(width="170px"))
            box.add_class(f"balance-run-bot-{seat}")
            boxes.append(box)
        self.run_bots.children = boxes

    def refresh(self) -> None:
        """Redraw every section from the table on show."""
        game, table = self._game(), self.table
        described = house_rule_words(balance.describe(table))
        self.summary.value = (f"<b>{html.escape(GAMES[game])}</b>: "
                              f'<span class="balance-count">{html.escape(described)}</span>')
        self._draw_seats(table)
        self._draw_start(game, table)
        self._draw_length()
        self._draw_bots(table)
        self._draw_variant(game)

    def _draw_seats(self, table: pl.DataFrame) -> None:
        rates = balance.win_rate_by_seat(table)
        many = rates["players"].n_unique() > 1
        self.seat_chart.chart = seat_chart(rates)
        self.seat_table.value = table_html(
            rates, (("seat", "seat", lambda r: seat_label(r, many), False), *RATE_COLUMNS,
                    ("fair", "fair rate", lambda r: percent(r["fair"]), True)),
            "balance-seats", _few, key=lambda r: f"{r['players']}-{r['seat']}")
        lines = []
        for row in balance.first_seat_advantage(table).iter_rows(named=True):
            verdict = ("no advantage shown: the interval holds 0" if
                       row["advantage_low"] <= 0 <= row["advantage_high"] else
                       "an advantage" if row["advantage_low"] > 0 else "a disadvantage")
            shared = (f"; {percent(row['shared'])} of the games were shared wins, so the fair "
                      f"rate is above 1/{row['players']}" if row["shared"] else "")
            lines.append(
                f"<div>{row['players']} players: seat 1 wins {percent(row['rate'])} of "
                f"{row['n']:,} games against a fair {percent(row['fair'])}: "
                f"<b>{signed_percent(row['advantage'])}</b> (95% "
                f"{interval(row['advantage_low'], row['advantage_high'], signed_percent)}), "
                f"{verdict}{html.escape(shared)}"
                f"{' (' + balance.FEW + ')' if row['few'] else ''}.</div>")
        self.first_seat.value = f'<div class="balance-note">{"".join(lines)}</div>'

    def _draw_start(self, game: str, table: pl.DataFrame) -> None:
        label = START_LABELS.get(game, "start")
        self.start_heading.value = f"<h3>Win rate by {html.escape(label)}</h3>"
        column = balance.start_column(table)
        if column is None:
            self.start_table.value = ('<div class="balance-note">This table has no start '
                                      "column.</div>")
            self.start_chart.layout.display = "none"
            return
        rates = balance.win_rate_by_start(table, column)
        self.start_chart.layout.display = None
        self.start_chart.chart = start_chart(rates, label)
        self.start_table.value = table_html(
            rates, (("value", label, lambda r: str(r["value"]), False), *RATE_COLUMNS),
            "balance-starts", _few, key=lambda r: str(r["value"]))

    def _draw_length(self) -> None:
        measure = self.measure.value
        if measure not in balance.MEASURES:
            self._set(self.measure, value="turns")
            raise balance.BalanceError("a game's length is in turns or steps")
        table = self.table
        self.length_chart.chart = length_chart(balance.length_distribution(table, measure),
                                               measure)

        def number(name: str) -> Callable[[dict[str, Any]], str]:
            return lambda r: "-" if r[name] is None else f"{r[name]:,.1f}"

        self.length_table.value = table_html(balance.length_summary(table), (
            ("measure", "a game's", lambda r: str(r["measure"]), False),
            ("games", "games", lambda r: f"{r['games']:,}", True),
            *((n, n, number(n), True) for n in ("mean", "sd", "min", "p10", "median", "p90",
                                                 "max"))), "balance-lengths")

    def _draw_bots(self, table: pl.DataFrame) -> None:
        if not balance.mixed(table):
            self.bots_table.value = ('<div class="balance-note">Every seat of this table has '
                                     "the same bot: pick the shipped “heuristic against "
                                     "random” table, or run a fresh batch with different bots "
                                     "in the seats.</div>")
            self.bots_chart.layout.display = "none"
            return
        rates = balance.bot_vs_bot(table)
        self.bots_chart.layout.display = None
        self.bots_chart.chart = bots_chart(rates)
        self.bots_table.value = table_html(rates, (
            ("lineup", "lineup", lambda r: str(r["lineup"]), False),
            ("seat", "seat", lambda r: "every seat" if r["seat"] is None else
             f"Seat {r['seat'] + 1}", False),
            ("bot", "bot", lambda r: str(r["bot"]), False), *RATE_COLUMNS), "balance-bots", _few)

    def _pair(self, game: str) -> tuple[str, pl.DataFrame, str, pl.DataFrame] | None:
        """The table on show and one to compare it with: (off label, off, on label, on)."""
        tables = self.tables_of(game)
        key = self.source.value
        label, table = tables[key]
        rule = [v for v in table["variant"].unique().to_list() if v]
        players = set(table["players"].unique().to_list())
        ups = sorted(balance.lineups(table))

        def fits(other: pl.DataFrame, on: bool) -> bool:
            rules = [v for v in other["variant"].unique().to_list() if v]
            return (bool(rules) == on and set(other["players"].unique().to_list()) == players
                    and len(players) == 1 and sorted(balance.lineups(other)) == ups)

        others = [(k, v) for k, v in tables.items() if k != key]
        if rule:
            match = next(((lab, t) for _, (lab, t) in others if fits(t, on=False)), None)
            return None if match is None else (match[0], match[1], label, table)
        match = next(((lab, t) for _, (lab, t) in others if fits(t, on=True)), None)
        return None if match is None else (label, table, match[0], match[1])

    def _draw_variant(self, game: str) -> None:
        pair = self._pair(game)
        if pair is None:
            self.variant_table.value = (
                '<div class="balance-note">No table to compare this one with: a house rule '
                "is compared with a table of the same players and bots without it (the "
                "shipped “random bots” and “house rule” tables pair up; a fresh batch pairs "
                "with a table of the same players and bots).</div>")
            self.variant_chart.layout.display = "none"
            return
        off_label, off, on_label, on = pair
        effect = balance.variant_effect(off, on)
        rule = next(v for v in on["variant"].unique().to_list() if v)

        def value(name: str) -> Callable[[dict[str, Any]], str]:
            def text(r: dict[str, Any]) -> str:
                if r["measure"].endswith("win rate"):
                    return (signed_percent(r[name]) if name in ("difference", "low", "high")
                            else percent(r[name]))
                return f"{r[name]:+,.1f}" if name in ("difference", "low", "high") else \
                    f"{r[name]:,.1f}"
            return text

        self.variant_chart.layout.display = None
        self.variant_chart.chart = variant_chart(effect)
        self.variant_table.value = (
            f'<div class="balance-note">{html.escape(house_rule_words(rule))} (on: '
            f"{html.escape(on_label)}) "
            f"against the rules as printed (off: {html.escape(off_label)}). Rates: Newcombe's "
            "hybrid score interval of a difference; means: a normal approximation "
            "(Welch).</div>" + table_html(effect, (
                ("measure", "measure", lambda r: str(r["measure"]), False),
                ("off", "off", value("off"), True), ("on", "on", value("on"), True),
                ("difference", "on - off", value("difference"), True),
                ("interval", "95% interval", lambda r: f"{value('low')(r)} to "
                 f"{value('high')(r)}", True),
                ("method", "method", lambda r: str(r["method"]), False)), "balance-variant"))

    def _draw_rolls(self) -> None:
        game = self._game()
        check = self.roll_check(game)
        if check is None:
            return
        choice = self.kind.value
        kinds = (check.group_by("kind", "distribution", maintain_order=True)
                 .agg(pl.col("n").first()).sort(["n", "kind"], descending=[True, False]))
        if choice == TOP_KINDS:
            chosen = kinds.head(TOP)
        elif choice == ALL_KINDS:
            chosen = kinds
        elif isinstance(choice, str) and "\t" in choice:
            kind, distribution = choice.split("\t", 1)
            chosen = kinds.filter((pl.col("kind") == kind)
                                  & (pl.col("distribution") == distribution))
        else:
            chosen = kinds.head(0)
        if chosen.height == 0:
            self._set(self.kind, value=TOP_KINDS)
            raise balance.BalanceError("that kind of roll is not in the roll check")
        shown = chosen.select("kind", "distribution").join(check, on=["kind", "distribution"])
        shown = shown.join(chosen.select("kind", "distribution").with_row_index("rank"),
                           on=["kind", "distribution"]).sort("rank", "order")
        summary = balance.roll_summary(check)
        verdict = ("every outcome agrees with its exact probability" if summary["agrees"] else
                   f"{summary['disagree']} outcome(s) disagree with the exact odds")
        self.rolls_summary.value = (
            f'<div class="balance-note balance-rolls-verdict" data-agrees='
            f'"{str(summary["agrees"]).lower()}">The shipped roll counts of '
            f"{html.escape(GAMES[game])}: {summary['rolls']:,} dice rolls of random-bot games, "
            f"{summary['kinds']} kinds of roll (rolls with the same readable name and the same "
            f"exact odds pooled), {summary['cells']:,} outcomes. "
            f"{summary['inside']:,} of the {summary['cells']:,} exact values lie inside the "
            f"observed frequency's 95% Wilson interval (about 95% are expected to by chance). "
            f"The verdict is an exact binomial test per outcome with a Bonferroni correction "
            f"(family level {balance.FAMILY_ALPHA}, so {summary['level']:.2g} per outcome): "
            f"<b>{verdict}</b>.</div>")
        self.rolls_chart.chart = rolls_chart(shown)
        self.rolls_table.value = table_html(shown, (
            ("kind", "kind of roll", lambda r: str(r["kind"]), False),
            ("outcome", "outcome", lambda r: str(r["outcome"]), False),
            ("exact", "exact", lambda r: f"{r['exact']} ({percent(r['p'], 2)})", True),
            ("observed", "rolled", lambda r: percent(r["observed"], 2), True),
            ("count", "count", lambda r: f"{r['count']:,} of {r['n']:,}", True),
            ("interval", "95% interval", lambda r: interval(r["low"], r["high"],
                                                            lambda x: percent(x, 2)), True),
            ("inside", "exact inside", lambda r: "yes" if r["inside"] else "no", False),
            ("agrees", "verdict", lambda r: "agrees" if r["agrees"] else "disagrees", False),
        ), "balance-rolls-cells", lambda r: ("balance-miss" if not r["agrees"] else
                                             "balance-few" if r["few"] else ""))

    # ---- a fresh batch -------------------------------------------------------------------

    def run_settings(self) -> balance.Run:
        """The fresh batch the controls ask for, checked (a refusal says why)."""
        game = self._game()
        variant: dict[str, int] = {}
        rule = self.run_variant.value
        if rule not in {v for _, v in self.run_variant.options}:
            raise balance.BalanceError("that house rule is not one of the choices")
        if rule:
            name, _, value = rule.partition("=")
            variant[name] = int(value)
        bots = [b.value for b in self.run_bots.children]
        return balance.check_run(game, self.run_games.value, self.run_players.value, bots,
                                 self.run_seed.value, variant)

    def run(self) -> None:
        """Play the fresh batch the controls ask for, a few games at a time with the progress
        bar, add it to the game's tables and show it."""
        settings = self.run_settings()
        with held(self.run_button):  # the clicks queued up behind this one are refused
            self._run(settings)

    def _clear_progress(self) -> None:
        """No progress or status of an earlier run (another game's, or the last one's)."""
        self.progress.value, self.progress.bar_style = 0, ""
        self.run_status.value = ""

    def _run(self, settings: balance.Run) -> None:
        self._clear_progress()
        self.progress.max = settings.games

        def waiting() -> None:
            self.run_status.value = (f'<span class="balance-waiting">'
                                     f"{html.escape(balance.WAITING)}</span>")

        try:
            with balance.run_slot(waiting):  # a few runs at once on the whole server
                self._play(settings)
        except balance.BalanceError:
            self.run_status.value = ""
            raise

    def _play(self, settings: balance.Run) -> None:
        self.run_status.value = '<span class="balance-running">playing...</span>'
        start = time.monotonic()

        def tick(done: int, total: int) -> None:
            self.progress.value = done

        table, complete = balance.run_steps(settings, tick)
        seconds = time.monotonic() - start
        played = balance.games(table).height
        self.fresh_count += 1
        key = f"fresh:{self.fresh_count}"
        short = dataclasses.replace(settings, games=played)
        tables = self.tables_of(settings.game)
        fresh = [k for k in tables if k.startswith("fresh:")]
        for old in fresh[:max(0, len(fresh) - KEEP_FRESH + 1)]:  # a page keeps the last few
            del tables[old]
        tables[key] = (f"Fresh {self.fresh_count}: {house_rule_words(short.text())}", table)
        self.progress.bar_style = "success" if complete else "warning"
        done_text = (f"Played {played:,} of {settings.games:,} games in {seconds:.1f} s."
                     if complete else
                     f"Stopped after {balance.MAX_RUN_SECONDS:.0f} s: played {played:,} of "
                     f"{settings.games:,} games (the first {played:,} of the seeded run).")
        self.run_status.value = f'<span class="balance-done">{html.escape(done_text)}</span>'
        self._set(self.source, options=[(label, k) for k, (label, _) in tables.items()],
                  value=key)
        self.refresh()


def _constants(game: str) -> list[tuple[str, int]]:
    from explorer import cards

    return list(cards.load(game, "constants").select("name", "value").iter_rows())
