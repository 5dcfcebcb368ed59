"""How the step-through page draws a step: the bots move, then the status, the buttons, the
log, the table, the odds, what happened and the game's end (:class:`PageDrawing`, a part of
:class:`explorer.ui.stepper.page.Stepper`)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as widgets

from explorer.engine import Decision
from explorer.ui import log
from explorer.ui.board import ClickBoard
from explorer.ui.session import View
from explorer.ui.stepper.texts import (
    LOG_LINES,
    PLAY_ON,
    PLAY_ON_TURN,
    SCORE_WORDS,
    WATCH,
    WATCH_TURN,
    groups_html,
    result_html,
)

if TYPE_CHECKING:
    pass


class PageDrawing:
    """The drawing of a :class:`~explorer.ui.stepper.page.Stepper`."""

    # ---- drawing -------------------------------------------------------------------------

    def refresh(self, advance: bool = True, scroll: bool = False) -> None:
        """Let the bots move, then redraw: first the table and every cell, the step's controls
        each drawn with the step's stamp, then the status line, the log and the odds (a
        failure of the odds leaves the controls in place and is said beside them). The status
        line is drawn after the controls: once the page shows a step's number, its controls
        are that step's."""
        session = self.session
        if advance:
            session.advance(roll_for_bots=not self.step_bots.value,
                            roll_for_person=self.pace.value == "choice")
        self._clear_step_messages()
        self.view = view = session.view(odds=False)
        failed = False
        # the table, the result and each cell's controls, each drawn even if another fails
        for draw in (self._draw_table, self._draw_result, lambda: self._draw_over(view),
                     *(cell.refresh for cell in self._cells.values())):
            try:
                draw()
            except Exception:
                log.exception("a part of the step could not be drawn")
                failed = True
        self._draw_status(view)
        self._draw_log()
        if scroll:
            self.scroller.bring_into_view()
        self._draw_odds()
        if failed:
            self.tell("Part of this step could not be drawn. The choices beside this message "
                      "are this step's; please reload the page if it persists.", "warning")

    def _draw_status(self, view: View) -> None:
        game = self.session.game
        word = SCORE_WORDS.get(game.game_id, "points")
        scores = ", ".join(f"Player {s + 1} {score}" for s, score in enumerate(view.scores))
        if view.kind == "over":
            names = [f"Player {w + 1}" for w in view.winners]
            state = "Game over: " + (f"{names[0]} wins" if len(names) == 1 else
                                     " and ".join(names) + " share the win")
        elif view.kind == "chance":
            state = f"{html.escape(view.title)}: {html.escape(view.verb.lower())} next"
        else:
            state = f"{html.escape(view.title)}: {html.escape(self.seat_name(view.player))} " \
                    f"to play"
        self.status.value = (f'<div class="stepper-status-line"><b>{state}</b><br>'
                             f"Step {game.steps} · {html.escape(word)}: "
                             f"{html.escape(scores)}</div>")
        self.buttons["undo"].disabled = not game.can_undo
        self.buttons["redo"].disabled = not game.can_redo
        self.buttons["turn"].disabled = self.buttons["game"].disabled = game.is_over
        self._draw_buttons()

    def _draw_buttons(self) -> None:
        """The play-on buttons say what they do with the seats as they are."""
        person = "human" in self.session.seats
        self.buttons["turn"].description = PLAY_ON_TURN if person else WATCH_TURN
        self.buttons["game"].description = PLAY_ON if person else WATCH

    def _draw_log(self) -> None:
        """The game log, oldest first, grouped by phase: its latest :data:`LOG_LINES` entries,
        or the whole game when "Show the whole game" is pressed."""
        session = self.session
        log = session.game.log
        whole = self.log_all.value or len(log) <= LOG_LINES
        shown = log if whole else log[-LOG_LINES:]
        note = "" if whole else (f'<div class="stepper-log-earlier">{len(log) - LOG_LINES} '
                                 "earlier entries: press Show the whole game to read them"
                                 "</div>")
        self.log_all.layout.display = "none" if len(log) <= LOG_LINES else ""
        self.log_view.value = ('<div class="stepper-log-box">' + note
                               + groups_html(session.groups(shown, len(log) - len(shown)))
                               + "</div>")

    def _draw_table(self) -> None:
        """The table; on a clickable one, a person's choices are its cards and locations."""
        session = self.session
        position = session.position()
        if isinstance(self.table, ClickBoard):
            pending = session.game.pending
            if isinstance(pending, Decision) and session.waiting_for_person():
                self.table.draw(position, pending.actions, pending.player, session.stamp)
            else:
                self.table.draw(position, stamp=session.stamp)
        else:
            self.table.draw(position)
        if self.advice is not None and self.advice.applies(session):
            self.advice.hold(session)

    def _draw_odds(self) -> None:
        """The odds of the step whose controls are drawn (each cell's, and the best-action
        panel's finder)."""
        for cell in self.live_cells():
            cell.draw_odds()
        session = self.session
        if self.advice is not None and self.advice.applies(session):
            try:
                self.advice.refresh(session)
            except Exception:
                log.exception("the best-action finder failed")
                self.advice.failed(session)
                self.tell("The best actions could not be worked out for this step; play it "
                          "by hand.", "warning")

    def _draw_result(self) -> None:
        """What happened since the person last acted, oldest first, grouped by phase; when
        long, the latest lines shown and the earlier ones behind an opener that says so."""
        session = self.session
        events = session.lines(session.events())
        banner = "".join(f'<div class="step-event">{html.escape(e)}</div>' for e in events)
        groups = session.recent_groups()
        if not groups:
            self.result.value = banner
            return
        title = "What happened since your last move" if "human" in session.seats else \
            "What happened"
        self.result.value = (f'{banner}<div class="step-result"><b>{title}</b>'
                             f"{result_html(groups)}</div>")

    def _draw_over(self, view: View) -> None:
        if view.kind != "over":
            if self.over.children:
                self.over.children = ()
                self.over_in_cell.children = ()
            if self.review_panel.children:
                self.review_panel.clear()
            return
        summary = self.session.summary()
        word = SCORE_WORDS.get(self.session.game.game_id, "points")
        names = [f"Player {w + 1}" for w in summary["winners"]]
        who = names[0] + " wins" if len(names) == 1 else " and ".join(names) + " share the win"
        scores = ", ".join(f"Player {s + 1}: {score}" for s, score in
                           enumerate(summary["scores"]))
        self.over_text.value = (
            f'<div class="stepper-over"><b>Game over: {html.escape(who)}</b> after '
            f"{summary['turns']} turns ({summary['steps']} steps). "
            f"{html.escape(word[:1].upper() + word[1:])}: {html.escape(scores)}.</div>")
        if not self.over_buttons.children:
            guard = self.message.guard
            again = widgets.Button(description="Rematch", icon="repeat",
                                   button_style="primary")
            again.add_class("stepper-rematch")
            again.on_click(guard(lambda _: self.rematch()))
            new = widgets.Button(description="New game", icon="plus")
            new.add_class("stepper-over-new")
            new.on_click(guard(lambda _: self.toggle_new_game()))
            review = widgets.Button(description="Review my game", icon="line-chart",
                                    tooltip="The coach looks at each of your decisions")
            review.add_class("stepper-review")
            review.on_click(guard(lambda _: self.show_review()))
            self.over_buttons.children = (again, new, review)
        self.over_buttons.children[2].layout.display = \
            None if "human" in self.session.seats else "none"
        if not self.over.children:
            self.over.children = (self.over_text, self.over_buttons)
        if not self.over_in_cell.children:
            self.over_in_cell.children = (self.over_text, self.over_buttons)
