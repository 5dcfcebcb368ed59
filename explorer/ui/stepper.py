"""Step through a game in a notebook: one cell per phase of a turn, driven by widgets.

>>> from explorer.ui.stepper import Stepper
>>> play = Stepper("rifts", players=2, seed=7)   # first cell: the toolbar, status and log
>>> play.cell("decision")                         # one cell per phase of the turn

The cell of the phase the game is in is live: its legal actions as buttons (or a list, when
there are many), and before every roll or draw its exact odds as a chart with the modifiers'
breakdown, a Roll button and a "what if" choice of outcome. The other cells show what happened
there last. The model is :class:`explorer.ui.session.PlaySession`; this module only draws it.
"""

from __future__ import annotations

import base64
import html
from functools import cache, cached_property
from typing import Any

import altair as alt
import ipywidgets as widgets
import polars as pl

from explorer import cards
from explorer.errors import IllegalAction
from explorer.odds import Odds
from explorer.schema import Table
from explorer.ui import MessageArea, enable_offline_charts
from explorer.ui.cards import _STYLE, card_face_html
from explorer.ui.session import CELL_TITLES, CELLS, SEAT_KINDS, PlaySession

FOLLOW = "follow"
"""The name of a cell that shows whatever step is pending, whatever the phase."""
BUTTONS_UP_TO = 8
CHART_OUTCOMES_UP_TO = 60

_STEP_STYLE = """
<style>
.step-cell { border-left: 4px solid #cbd5e1; padding: 4px 10px; margin: 4px 0; }
.step-cell.step-live { border-left-color: #f59e0b; background: #fffbeb; }
.step-cell h4 { margin: 2px 0 6px 0; font-family: sans-serif; }
.step-history { font-size: 12px; color: #334155; font-family: sans-serif; }
.step-odds { font-family: sans-serif; font-size: 13px; }
.stepper-log-box { max-height: 260px; overflow: auto; font-size: 12px; font-family: monospace; }
.stepper-status-line { font-family: sans-serif; }
</style>
"""


def outcome_chart(odds: Odds) -> alt.Chart:
    """The exact distribution of a roll or draw, one bar per outcome (a pure function)."""
    data = odds.table.with_row_index("order")
    return alt.Chart(data, title=odds.title, width=440).mark_bar().encode(
        x=alt.X("probability:Q", title="probability", axis=alt.Axis(format="%")),
        y=alt.Y("outcome:N", sort=alt.EncodingSortField("order"), title=None),
        tooltip=["outcome", "exact", alt.Tooltip("probability:Q", format=".2%")],
    )


def fraction_text(p: Any) -> str:
    """A probability for people: the fraction when it is short, else about so much."""
    text = str(p)
    return text if len(text) <= 15 else f"about {float(p):.6f}"


def odds_html(odds: Odds) -> str:
    """The odds in words: the chance the roll succeeds (as a percent, and exactly when it is
    exact) and each modifier."""
    lines = []
    if odds.p is not None:
        estimated = bool(odds.note) and odds.note != "exact"
        how = html.escape(odds.note) if estimated else f"exactly {fraction_text(odds.p)}"
        lines.append(f'<b class="step-p" data-exact="{odds.p}">{float(odds.p):.1%}</b> '
                     f"chance the roll succeeds ({how})")
    if odds.breakdown:
        lines.append("Modifiers: " + "; ".join(html.escape(b) for b in odds.breakdown))
    elif odds.p is not None:
        lines.append("No modifiers.")
    return f'<div class="step-odds">{"<br>".join(lines)}</div>'


@cache
def card_index(game_id: str) -> _CardIndex:
    """The card index of a game, built once per kernel."""
    return _CardIndex(game_id)


class _CardIndex:
    """Card names of a game mapped to their table, for drawing card faces in choices."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.cards: dict[str, tuple[Table, pl.DataFrame]] = {}
        for name in cards.tables(game_id):
            table = cards.declaration(game_id, name)
            if table.kind != "cards":
                continue
            frame = cards.load(game_id, name)
            for card in frame["name"].to_list():
                self.cards.setdefault(card, (table, frame))
        self.by_length = sorted(self.cards, key=len, reverse=True)

    def mentioned(self, texts: list[str], limit: int = 3) -> list[str]:
        found: list[str] = []
        for text in texts:
            for name in self.by_length:
                if name in text and name not in found and not any(name in f for f in found):
                    found.append(name)
                    break
            if len(found) >= limit:
                break
        return found

    def face(self, name: str) -> str:
        table, frame = self.cards[name]
        return card_face_html(frame, table, name, self.game_id)


class PhaseCell(widgets.VBox):
    """One phase's cell: live controls when the game is there, else what happened there.

    Its widgets are made once and reused from step to step (only changed values go to the
    browser), so a click costs a few small messages rather than a new set of widgets.
    """

    def __init__(self, stepper: Stepper, name: str) -> None:
        self.stepper = stepper
        self.cell_name = name
        title = "What happens next" if name == FOLLOW else CELL_TITLES.get(name, name)
        self.heading = widgets.HTML(f"<h4>{html.escape(title)}</h4>")
        self.body = widgets.VBox()
        super().__init__(children=[self.heading, self.body])
        self.add_class("step-cell")
        self.add_class(f"step-cell-{name}")
        self._chart: alt.JupyterChart | None = None
        self._buttons: list[widgets.Button] = []
        self._faces: list[widgets.HTML] = []

    def refresh(self) -> None:
        session = self.stepper.session
        view = session.view()
        live = (self.cell_name in (view.cell, FOLLOW)) and view.kind != "over"
        if live:
            self.add_class("step-live")
        else:
            self.remove_class("step-live")
        if view.kind == "over" and self.cell_name == FOLLOW:
            self.note.value = f"<b>Game over</b>: scores {', '.join(map(str, view.scores))}"
            self._show([self.note])
            return
        if not live:
            entries = session.log_of(self.cell_name)
            items = "".join(f"<li>{html.escape(str(e))}</li>" for e in entries) or \
                "<li>Nothing has happened here yet.</li>"
            self.note.value = f'<ul class="step-history">{items}</ul>'
            self._show([self.note])
            return
        recent: list[widgets.Widget] = []
        if self.cell_name == FOLLOW and session.game.log:  # what just happened, in brief
            lines = "".join(f"<li>{html.escape(e.text)}</li>" for e in session.game.log[-6:])
            self.note.value = f'<ul class="step-history">{lines}</ul>'
            recent = [self.note]
        if view.kind == "decision":
            self._show(recent + self._decision(view))
        else:
            self._show(recent + self._chance(view))

    def _show(self, parts: list[widgets.Widget]) -> None:
        if tuple(parts) != self.body.children:  # identity: the same widgets stay put
            self.body.children = parts

    # ---- the widgets, each made on first use and then reused -------------------------------

    @cached_property
    def note(self) -> widgets.HTML:
        """What happened here, or in brief just before (the follow cell), or the game's end."""
        return widgets.HTML()

    @cached_property
    def prompt(self) -> widgets.HTML:
        return widgets.HTML()

    @cached_property
    def choice_row(self) -> widgets.HBox:
        return widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))

    def _choice_buttons(self, count: int) -> list[widgets.Button]:
        guard = self.stepper.message.guard
        while len(self._buttons) < count:
            slot = len(self._buttons)  # the button in this slot takes the choice of that index
            button = widgets.Button(layout=widgets.Layout(width="auto"))
            button.add_class("step-choice")
            button.on_click(guard(lambda _, i=slot: self.stepper.act(i)))
            self._buttons.append(button)
        return self._buttons[:count]

    @cached_property
    def choice_list(self) -> widgets.Dropdown:
        choices = widgets.Dropdown(layout=widgets.Layout(width="520px"))
        choices.add_class("step-choices")
        return choices

    @cached_property
    def take_row(self) -> widgets.HBox:
        take = widgets.Button(description="Take", button_style="primary")
        take.add_class("step-take")
        take.on_click(self.stepper.message.guard(
            lambda _: self.stepper.act(self.choice_list.value)))
        return widgets.HBox([self.choice_list, take])

    @cached_property
    def face_row(self) -> widgets.HBox:
        return widgets.HBox()

    @cached_property
    def odds_view(self) -> widgets.HTML:
        return widgets.HTML()

    @cached_property
    def roll_button(self) -> widgets.Button:
        roll = widgets.Button(button_style="primary", icon="dice")
        roll.add_class("step-roll")
        roll.on_click(self.stepper.message.guard(lambda _: self.stepper.roll()))
        return roll

    @cached_property
    def what_if(self) -> widgets.Dropdown:
        what_if = widgets.Dropdown(description="What if:", layout=widgets.Layout(width="360px"))
        what_if.add_class("step-whatif")
        return what_if

    @cached_property
    def roll_row(self) -> widgets.HBox:
        force = widgets.Button(description="Make it so")
        force.add_class("step-force")
        force.on_click(self.stepper.message.guard(
            lambda _: self.stepper.force(self.what_if.value)))
        return widgets.HBox([self.roll_button, self.what_if, force])

    # ---- the live cell -------------------------------------------------------------------

    def _decision(self, view: Any) -> list[widgets.Widget]:
        who = f"Player {view.player + 1}"
        self.prompt.value = (f'<div class="step-prompt"><b>{html.escape(who)}</b>: '
                             f"{html.escape(view.prompt)}</div>")
        controls: list[widgets.Widget] = [self.prompt]
        if len(view.choices) <= BUTTONS_UP_TO:
            buttons = self._choice_buttons(len(view.choices))
            for button, text in zip(buttons, view.choices, strict=True):
                button.description = button.tooltip = text
            if tuple(buttons) != self.choice_row.children:
                self.choice_row.children = buttons
            controls.append(self.choice_row)
        else:
            self.choice_list.options = [(t, i) for i, t in enumerate(view.choices)]
            self.choice_list.index = 0  # a new step starts on its first choice
            controls.append(self.take_row)
        names = self.stepper.card_index.mentioned([view.prompt, *view.choices])
        if names:
            while len(self._faces) < len(names):
                self._faces.append(widgets.HTML())
            faces = self._faces[:len(names)]
            for face, name in zip(faces, names, strict=True):
                face.value = self.stepper.card_index.face(name)
            if tuple(faces) != self.face_row.children:
                self.face_row.children = faces
            controls.append(self.face_row)
        return controls

    def _chance(self, view: Any) -> list[widgets.Widget]:
        odds = view.odds
        self.prompt.value = f'<div class="step-prompt"><b>{html.escape(view.prompt)}</b></div>'
        parts: list[widgets.Widget] = [self.prompt]
        if odds is not None:
            self.odds_view.value = odds_html(odds)
            parts.append(self.odds_view)
            if len(odds.outcomes) <= CHART_OUTCOMES_UP_TO:
                chart = outcome_chart(odds)
                enable_offline_charts()  # the first chart of the kernel sets up Vega offline
                if self._chart is None:
                    self._chart = alt.JupyterChart(chart, embed_options={
                        "renderer": "svg", "actions": False})
                    self._chart.add_class("step-chart")
                else:
                    self._chart.chart = chart
                parts.append(self._chart)
        self.roll_button.description = "Roll" if "roll" in view.prompt.lower() else "Draw"
        self.what_if.options = [(t, i) for i, t in enumerate(view.choices)]
        self.what_if.index = 0
        parts.append(self.roll_row)
        return parts


class Stepper(widgets.VBox):
    """The step-through toolbar, status and log; :meth:`cell` gives each phase's cell."""

    def __init__(self, game_id: str = "rifts", players: int = 2, seed: int = 7,
                 seats: list[str] | None = None, scenario: dict[str, Any] | None = None,
                 compact: bool = False, **options: Any) -> None:
        self.session = PlaySession.start(game_id, players, seed, seats, scenario, **options)
        self.start = (game_id, players, seed, seats, scenario, options)
        self.card_index = card_index(game_id)
        self.message = MessageArea()
        self._cells: dict[str, PhaseCell] = {}
        guard = self.message.guard
        self.status = widgets.HTML()
        self.status.add_class("stepper-status")
        self.seat_boxes = [widgets.Dropdown(options=list(SEAT_KINDS), value=kind,
                                            description=f"Player {s + 1}",
                                            layout=widgets.Layout(width="210px"))
                           for s, kind in enumerate(self.session.seats)]
        for box in self.seat_boxes:
            box.add_class("stepper-seat")
            box.observe(guard(lambda _: self._seats_changed()), names="value")
        self.auto_roll = widgets.Checkbox(value=True, description="Roll for bots",
                                          indent=False, layout=widgets.Layout(width="130px"))
        buttons = {}
        for key, label, icon, action in (
                ("undo", "Undo", "undo", self.undo), ("redo", "Redo", "repeat", self.redo),
                ("turn", "Play to end of turn", "forward", self.play_turn),
                ("game", "Play to end of game", "fast-forward", self.play_game),
                ("save", "Save", "download", self.save)):
            button = widgets.Button(description=label, icon=icon,
                                    layout=widgets.Layout(width="auto"))
            button.add_class(f"stepper-{key}")
            button.on_click(guard(lambda _, run=action: run()))
            buttons[key] = button
        self.buttons = buttons
        self.progress = widgets.IntProgress(min=0, max=1, layout=widgets.Layout(
            width="300px", visibility="hidden"))
        self.progress.add_class("stepper-progress")
        self.download = widgets.HTML()
        self.download.add_class("stepper-save")
        self.upload = widgets.FileUpload(accept=".json", multiple=False,
                                         description="Load a game")
        self.upload.add_class("stepper-load")
        self.upload.observe(guard(lambda _: self._load()), names="value")
        self.log_view = widgets.HTML()
        self.log_view.add_class("stepper-log")
        if compact:  # a live example: the position, Undo, Restart and the pending step
            restart = widgets.Button(description="Start again", icon="refresh")
            restart.add_class("stepper-restart")
            restart.on_click(guard(lambda _: self.restart()))
            children = [widgets.HTML(_STYLE + _STEP_STYLE), self.status,
                        widgets.HBox([buttons["undo"], restart]), self.message,
                        self.cell(FOLLOW)]
        else:
            children = [
                widgets.HTML(_STYLE + _STEP_STYLE),
                self.status,
                widgets.HBox([*self.seat_boxes, self.auto_roll]),
                widgets.HBox([*list(buttons.values()), self.progress]),
                widgets.HBox([self.download, self.upload]),
                self.message,
                widgets.Accordion(children=[self.log_view], titles=("Game log",)),
            ]
        super().__init__(children=children)
        self.add_class("stepper")
        self.refresh()

    # ---- cells ---------------------------------------------------------------------------

    def cell(self, name: str) -> PhaseCell:
        """The cell of one phase ("decision", "travel", "combat", ...)."""
        cells = CELLS.get(self.session.game.game_id, ())
        if name not in cells and name != FOLLOW:
            raise IllegalAction(f"{self.session.game.game_id} has no phase cell {name!r}; "
                                f"cells: {', '.join(cells)}")
        if name not in self._cells:
            self._cells[name] = PhaseCell(self, name)
            self._cells[name].refresh()
        return self._cells[name]

    # ---- moves ---------------------------------------------------------------------------

    def act(self, index: int) -> None:
        self.session.act(index)
        self.refresh()

    def roll(self) -> None:
        self.session.roll()
        self.refresh()

    def force(self, index: int) -> None:
        self.session.force(index)
        self.refresh()

    def undo(self) -> None:
        """Undo to the previous step a person took (bot steps and rolls go back too)."""
        session = self.session
        session.undo()
        while session.game.can_undo and not session.waiting_for_person() and not (
                session.game.is_chance and session.persons_turn()):
            session.undo()
        self.refresh(advance=False)

    def redo(self) -> None:
        self.session.redo()
        self.refresh()

    def play_turn(self) -> None:
        self._with_progress(self.session.play_to_end_of_turn)

    def play_game(self) -> None:
        self._with_progress(self.session.play_to_end_of_game)

    def _with_progress(self, run: Any) -> None:
        self.progress.layout.visibility = "visible"
        self.progress.max = 1000
        self.progress.value = 0

        def tick(taken: int) -> None:
            if taken % 25 == 0:
                self.progress.value = taken % 1000

        try:
            run(tick)
        finally:
            self.progress.layout.visibility = "hidden"
        self.refresh()

    def save(self) -> None:
        """Offer the game as a JSON file to download (made on demand: it can be large)."""
        game = self.session.game
        payload = base64.b64encode(self.session.save().encode()).decode()
        self.download.value = (f'<a class="stepper-download" download="{game.game_id}-game.json"'
                               f' href="data:application/json;base64,{payload}">'
                               f"Download the game (step {game.steps})</a>")

    def restart(self) -> None:
        """Back to the start (the scenario's position, or a new game with the same seed)."""
        game_id, players, seed, _seats, scenario, options = self.start
        self.session = PlaySession.start(game_id, players, seed,
                                         [b.value for b in self.seat_boxes], scenario, **options)
        self.refresh()

    def _seats_changed(self) -> None:
        self.session.set_seats([box.value for box in self.seat_boxes])
        self.refresh()

    def _load(self) -> None:
        files = list(self.upload.value)
        if not files:
            return
        self.upload.value = ()
        self.session.load(bytes(files[0]["content"]))
        for box, kind in zip(self.seat_boxes, self.session.seats, strict=False):
            box.value = kind
        self.refresh(advance=False)
        self.message.show("Game loaded.")

    # ---- drawing -------------------------------------------------------------------------

    def refresh(self, advance: bool = True) -> None:
        """Let the bots move, then redraw the status, the log and every cell."""
        if advance:
            self.session.advance(roll_for_bots=self.auto_roll.value)
        game = self.session.game
        view = self.session.view()
        seats = ", ".join(f"Player {s + 1} ({kind}): {score}"
                          for s, (kind, score) in enumerate(zip(self.session.seats,
                                                                view.scores, strict=True)))
        if view.kind == "over":
            names = [f"Player {w + 1}" for w in view.winners]
            state = "Game over: " + (f"{names[0]} wins" if len(names) == 1 else
                                     " and ".join(names) + " share the win")
        else:
            who = "a roll or draw" if view.kind == "chance" else f"Player {view.player + 1}"
            state = f"{html.escape(CELL_TITLES.get(view.cell, view.cell))} ({view.phase}): " \
                    f"{who} to play"
        self.status.value = (f'<div class="stepper-status-line"><b>{state}</b><br>'
                             f"Step {game.steps} · {html.escape(seats)}</div>")
        self.buttons["undo"].disabled = not game.can_undo
        self.buttons["redo"].disabled = not game.can_redo
        self.buttons["turn"].disabled = self.buttons["game"].disabled = game.is_over
        lines = "".join(f"<div>{html.escape(str(e))}</div>" for e in game.log[-60:])
        self.log_view.value = f'<div class="stepper-log-box">{lines}</div>'
        self.download.value = ""  # a new position: the last save link is stale
        for cell in self._cells.values():
            cell.refresh()
