"""Step through a game in a notebook: one cell per phase of a turn, driven by widgets.

>>> from explorer.ui.stepper import Stepper
>>> play = Stepper("rifts", players=2, seed=7)   # first cell: the toolbar, status and log
>>> play.cell("decision")                         # one cell per phase of the turn

The cell of the phase the game is in is live: the table as it stands (every seat's cards,
the Foe or the battle), what the last step did, and the step to take: a decision's legal
actions as buttons (or a list, when there are many) with the odds of what each leads to, or a
roll or draw with its exact odds, a Roll (or Draw) button and a "what if" choice of outcome.
After each click the live cell is brought into view. The other cells show what happened there
last. The model is :class:`explorer.ui.session.PlaySession`; this module, with the cells and
the page's parts beside it, only draws it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cached_property
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from explorer.catalog import GAMES
from explorer.engine import Action, Outcome
from explorer.errors import IllegalAction
from explorer.ui import MessageArea, guarded
from explorer.ui.advice import BestActions
from explorer.ui.board import CLICKABLE, ClickBoard
from explorer.ui.coaching import ReviewPanel
from explorer.ui.faces import FACE_STYLE
from explorer.ui.page import DownloadButton, Scroller, UploadButton
from explorer.ui.session import CELLS, PlaySession, View
from explorer.ui.stepper.texts import (
    FOLLOW,
    PACES,
    PLAY_ON,
    PLAY_ON_TURN,
    STEP_STYLE,
    WATCH,
    F,
    card_index,
)
from explorer.ui.table import TABLE_STYLE, TableView

if TYPE_CHECKING:
    pass
from explorer.ui.stepper.cell import PhaseCell
from explorer.ui.stepper.drawing import PageDrawing
from explorer.ui.stepper.seats import SeatControls


class _PageMessage(MessageArea):
    """The page's message line; clearing it (every callback of the page starts so) clears the
    lines beside the step's controls too."""

    def __init__(self, also: Callable[[], None]) -> None:
        super().__init__()
        self._also = also

    def clear(self) -> None:
        super().clear()
        self._also()


class Stepper(PageDrawing, SeatControls, widgets.VBox):
    """The step-through toolbar, status and log; :meth:`cell` gives each phase's cell."""

    def __init__(self, game_id: str = "rifts", players: int = 2, seed: int = 7,
                 seats: list[str] | None = None, scenario: dict[str, Any] | None = None,
                 compact: bool = False, **options: Any) -> None:
        self.session = PlaySession.start(game_id, players, seed, seats, scenario, **options)
        self.start = (game_id, players, seed, seats, scenario, options)
        self.compact = compact
        self.view: View = self.session.view(odds=False)
        self.card_index = card_index(game_id)
        self.message = _PageMessage(self._clear_step_messages)
        self.message.add_class("stepper-message")  # the page's line; each cell has its own
        self.live_class = f"step-live-{secrets.token_hex(4)}"
        self.scroller = Scroller(target=f".{self.live_class}", at_start=not compact)
        self._cells: dict[str, PhaseCell] = {}
        guard = self.message.guard
        self.status = widgets.HTML()
        self.status.add_class("stepper-status")
        self.table: TableView | ClickBoard = (
            ClickBoard(game_id, on_choice=self.step_guard(self.take), on_refused=self.refuse)
            if game_id in CLICKABLE else TableView(game_id))
        self.advice = BestActions(self.step_guard(self.take_plan), guard,
                                  on_refused=self.refuse) if game_id == "riftforce" else None
        self.result = widgets.HTML()
        self.result.add_class("step-result-box")
        self.over = widgets.VBox()
        self.over.add_class("stepper-over-box")
        self.over_text = widgets.HTML()
        self.over_buttons = widgets.HBox()
        self.over_in_cell = widgets.VBox()  # the summary and Rematch above the final table
        self.over_in_cell.add_class("stepper-over-cell")
        self.every_hand = widgets.Checkbox(value=False, description="Show every hand",
                                           indent=False, layout=widgets.Layout(width="150px"))
        self.every_hand.add_class("stepper-every-hand")
        self.every_hand.observe(guard(lambda _: self._every_hand()), names="value")
        self.seat_row = widgets.HBox()
        self.seat_boxes: list[widgets.Dropdown] = []
        self._seat_dropdowns(self.session.seats)
        self.step_bots = widgets.Checkbox(value=False, description="Step through bots' turns",
                                          indent=False, layout=widgets.Layout(width="190px"))
        self.step_bots.add_class("stepper-step-bots")
        self.pace = widgets.ToggleButtons(options=PACES, value="roll", description="Pace:",
                                          tooltips=["Roll each roll and draw each card yourself",
                                                    "After each of your choices, every roll "
                                                    "and draw up to your next choice is made "
                                                    "at once and summed up"],
                                          style={"button_width": "auto"})
        self.pace.add_class("stepper-pace")
        self.pace.observe(guard(lambda _: self._pace_changed()), names="value")
        self.confirm_text = widgets.HTML()
        go = widgets.Button(description="Go ahead", button_style="warning",
                            layout=widgets.Layout(width="auto"))
        go.add_class("stepper-confirm-go")
        go.on_click(guard(lambda _: self.confirm_seats()))
        cancel = widgets.Button(description="Cancel", layout=widgets.Layout(width="auto"))
        cancel.add_class("stepper-confirm-cancel")
        cancel.on_click(guard(lambda _: self.cancel_seats()))
        self.confirm_row = widgets.HBox([self.confirm_text, go, cancel],
                                        layout=widgets.Layout(display="none"))
        self.confirm_row.add_class("stepper-confirm")
        self._seats_asked: list[str] | None = None
        self._setting_back = False
        buttons = {}
        for key, label, icon, action in (
                ("undo", "Undo", "undo", self.undo), ("redo", "Redo", "repeat", self.redo),
                ("turn", PLAY_ON_TURN, "forward", self.play_turn),
                ("game", PLAY_ON, "fast-forward", self.play_game),
                ("new", "New game", "plus", self.toggle_new_game)):
            button = widgets.Button(description=label, icon=icon,
                                    layout=widgets.Layout(width="auto"))
            button.add_class(f"stepper-{key}")
            if key != "new":  # a move of the game: off while a click is worked out
                button.add_class("stepper-move")  # what it says goes to the action bar
            button.on_click((guard if key == "new" else self.step_guard)(
                lambda _, run=action: run()))
            buttons[key] = button
        self.buttons = buttons
        self.save_button = DownloadButton(self._save_file, on_error=self._error,
                                          description="Save")
        self.save_button.add_class("stepper-save")
        self.upload = UploadButton(guard(self._load), self._refused)
        self.upload.add_class("stepper-load")
        self.progress = widgets.IntProgress(min=0, max=1, layout=widgets.Layout(
            width="300px", visibility="hidden"))
        self.progress.add_class("stepper-progress")
        self.log_view = widgets.HTML()
        self.log_view.add_class("stepper-log")
        self.log_all = widgets.ToggleButton(value=False, description="Show the whole game",
                                            icon="list", layout=widgets.Layout(width="auto"))
        self.log_all.add_class("stepper-log-all")
        self.log_all.observe(guard(lambda _: self._draw_log()), names="value")
        self.log_box = widgets.Accordion(children=[widgets.VBox([self.log_all, self.log_view])],
                                         titles=("Game log, oldest first",))
        self.new_game_form = self._new_game_form()
        style = widgets.HTML(_STYLE_ALL)
        if compact:  # a live example: the table, Undo, Start again and the pending step
            restart = widgets.Button(description="Start again", icon="refresh")
            restart.add_class("stepper-restart")
            restart.on_click(guard(lambda _: self.restart()))
            children = [style, self.status,
                        widgets.HBox([buttons["undo"], restart, self.every_hand]),
                        self.message, self.cell(FOLLOW), self.scroller]
        else:
            children = [
                style, self.status,
                widgets.HBox([self.seat_row, self.step_bots, self.every_hand]),
                self.confirm_row, self.pace,
                widgets.HBox([buttons["undo"], buttons["redo"], buttons["turn"],
                              buttons["game"], self.progress]),
                widgets.HBox([self.save_button, self.upload, buttons["new"]]),
                self.new_game_form, self.message, self.over,
                self.log_box,
                self.scroller,
            ]
        super().__init__(children=children)
        self.add_class("stepper")
        self.refresh()

    # ---- cells ---------------------------------------------------------------------------

    def cell(self, name: str) -> PhaseCell:
        """The cell of one phase ("decision", "travel", "combat", ...)."""
        cells = CELLS.get(self.session.game.game_id, ())
        if name not in cells and name != FOLLOW:
            raise IllegalAction(f"{GAMES[self.session.game.game_id]} has no phase cell "
                                f"{name!r}; cells: {', '.join(cells)}")
        if name not in self._cells:
            cell = self._cells[name] = PhaseCell(self, name)
            cell.refresh()
            cell.draw_odds()
        return self._cells[name]

    # ---- moves ---------------------------------------------------------------------------

    def act(self, index: int) -> None:
        """Take the legal action at ``index`` (scripts and tests; the page's controls name
        the action itself: :meth:`take`)."""
        self.session.act(index)
        self.refresh(scroll=True)

    def take(self, action: Action, stamp: int | None = None) -> None:
        """Take ``action``, chosen with a control drawn at ``stamp`` (refused, changing
        nothing, if that was an earlier step)."""
        with self.working():
            self.session.take(action, stamp)
            self.refresh(scroll=True)

    def take_plan(self, choices: tuple[Action, ...], stamp: int | None = None) -> None:
        """Take a whole complete action the best-action panel lists."""
        if not choices:
            raise IllegalAction("that action is no longer on the list")
        with self.working():
            self.session.follow(choices, stamp)
            self.refresh(scroll=True)

    def roll(self, stamp: int | None = None) -> None:
        """Roll (or draw) the pending step, with the Roll button drawn at ``stamp``."""
        with self.working():
            self.session.roll(stamp)
            self.refresh(scroll=True)

    def roll_on(self, stamp: int | None = None) -> None:
        """Roll every roll and draw every draw (and let the bots move) up to the person's
        next decision or the game's end, with the button drawn at ``stamp``; what was rolled
        and drawn is summed up in "What happened"."""
        with self.working():
            self.session.check_stamp(stamp)
            if not self.session.game.is_chance:
                raise IllegalAction("no roll or draw is pending")
            self._with_progress(self.session.resolve_to_choice)

    def roll_on_label(self, verb: str) -> str:
        """The label of the button beside Roll: what it does for the step on screen."""
        if "human" not in self.session.seats:
            return WATCH
        return f"{verb} on to my next choice" if verb in ("Roll", "Draw") else PLAY_ON

    def force(self, outcome: Outcome | int, stamp: int | None = None) -> None:
        """Make the pending roll or draw come out as ``outcome`` ("what if")."""
        with self.working():
            self.session.force(outcome, stamp)
            self.refresh(scroll=True)

    @contextmanager
    def working(self) -> Iterator[None]:
        """While a click is worked out, every step control is off and marked so (a second
        click is not taken); drawing the next step turns them on again, and so does an error
        that leaves the step where it was."""
        cells = self.live_cells()
        for cell in cells:
            cell.working(True)
        self.add_class("stepper-working")  # the toolbar's moves too
        try:
            yield
        finally:
            for cell in cells:
                cell.working(False)
            self.remove_class("stepper-working")

    # ---- messages beside the step's controls ----------------------------------------------

    def live_cells(self) -> list[PhaseCell]:
        """The cells drawn with the step's controls."""
        return [cell for cell in self._cells.values() if cell.live]

    def tell(self, text: str, kind: str = "info") -> None:
        """A message beside the step's controls, brought into the window (in the page's
        message line when no cell of this page shows them)."""
        cells = self.live_cells()
        for cell in cells:
            cell.tell(text, kind)
        if cells:
            self.scroller.bring_into_view()  # the bar with the message, in the window
        else:
            self.message.show(text, kind)

    def refuse(self, why: str) -> None:
        """A click refused (a control of an earlier step, a part of the table that is not a
        choice): said beside the controls; nothing changed."""
        self.tell(why, "warning")

    def _clear_step_messages(self) -> None:
        for cell in getattr(self, "_cells", {}).values():
            cell.message.clear()

    def step_guard(self, callback: F) -> F:
        """Wrap the callback of a step's control: clear the messages, run, and say any error
        in words beside the controls (a control of an earlier step is refused so)."""
        return guarded(callback, clear=self.message.clear,  # and the lines beside the controls
                       say=self.tell, refuse=self.refuse,
                       apology="Something went wrong here. Only the choices shown now can be "
                               "taken; please reload the page if it persists.")

    def hint(self, cell: PhaseCell, stamp: int | None = None) -> None:
        """The coach's hint for the person's decision on screen (``stamp``: the Hint drawn
        for that step; refused, changing nothing, if it was an earlier one), shown in the
        action bar: every choice ranked by the seat's chance of winning, from what the seat
        sees. It never decides anything."""
        from explorer.coach import advise

        session = self.session
        session.check_stamp(stamp)
        game = session.game
        seat = game.current_player
        if seat is None or session.seats[seat] != "human":
            self.tell("A hint is for a person's own decision.")
            return
        with self.working():
            advice = advise(game, seat)  # the same view, the same answer
        cell.show_hint(advice)
        cell._hint_stamp = session.stamp
        cell._bind_hint(session.stamp, False)
        self.scroller.bring_into_view()  # the bar, taller by the hint, in the window

    @cached_property
    def review_panel(self) -> ReviewPanel:
        """The review of the person's game, under the final table once asked for."""
        return ReviewPanel()

    def show_review(self) -> None:
        """Review the finished game for the person's seat (Review at game over)."""
        session = self.session
        if not session.game.is_over or "human" not in session.seats:
            self.tell("The review is of a finished game a person played.")
            return
        seat = session.seats.index("human")
        self.review_panel.run(session.game, seat)

    def undo(self, stamp: int | None = None) -> None:
        """Undo to the previous step a person took (bot steps and rolls go back too); with
        ``stamp``, the Undo drawn for that step (refused, changing nothing, if it was an
        earlier one)."""
        session = self.session
        session.check_stamp(stamp)
        session.undo()
        every_roll = self.pace.value == "roll"
        while session.game.can_undo and not session.waiting_for_person() and not (
                every_roll and session.game.is_chance and session.persons_turn()):
            session.undo()
        self.refresh(advance=False, scroll=True)

    def redo(self) -> None:
        self.session.redo()
        self.refresh(scroll=True)

    def play_turn(self) -> None:
        """Play on to the next turn, stopping at the person's next decision (with bots in
        every seat: the bots play a turn)."""
        if self._your_choice():
            return
        with self.working():
            self._with_progress(self.session.play_to_end_of_turn)

    def play_game(self) -> None:
        """Play on to the person's next decision (with bots in every seat: to the end)."""
        if self._your_choice():
            return
        with self.working():
            self._with_progress(self.session.resolve_to_choice)

    def _your_choice(self) -> bool:
        """A person's decision is pending: playing on would decide it, so nothing is played
        and the page says so beside the choices."""
        session = self.session
        if session.waiting_for_person() and not session.forced():
            self.tell(f"{self.seat_name(session.game.current_player)} chooses now: take one of "
                      "the choices below; playing on never chooses for you.")
            return True
        return False

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
        self.refresh(scroll=True)



_STYLE_ALL = FACE_STYLE + TABLE_STYLE + STEP_STYLE
