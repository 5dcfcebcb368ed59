"""Step through a game in a notebook: one cell per phase of a turn, driven by widgets.

>>> from explorer.ui.stepper import Stepper
>>> play = Stepper("rifts", players=2, seed=7)   # first cell: the toolbar, status and log
>>> play.cell("decision")                         # one cell per phase of the turn

The cell of the phase the game is in is live: the table as it stands (every seat's cards,
the Foe or the battle), what the last step did, and the step to take: a decision's legal
actions as buttons (or a list, when there are many) with the odds of what each leads to, or a
roll or draw with its exact odds, a Roll (or Draw) button and a "what if" choice of outcome.
After each click the live cell is brought into view. The other cells show what happened there
last. The model is :class:`explorer.ui.session.PlaySession`; this module only draws it.
"""

from __future__ import annotations

import html
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, TypeVar

import ipywidgets as widgets
import polars as pl

from explorer import cards
from explorer.catalog import GAMES
from explorer.engine import Action, Chance, Decision, Outcome
from explorer.errors import IllegalAction
from explorer.odds import Odds
from explorer.schema import Table
from explorer.ui import MessageArea, enable_offline_charts, guarded, log
from explorer.ui.advice import DIE_FACE_ROW, BestActions, adventure_html
from explorer.ui.board import CLICKABLE, ClickBoard
from explorer.ui.coaching import ReviewPanel, badge_html, badge_text, hint_line
from explorer.ui.controls import StepButton, StepMenu, StepPicks, key_of
from explorer.ui.faces import FACE_STYLE, face
from explorer.ui.page import DownloadButton, Scroller, UploadButton
from explorer.ui.session import CELL_TITLES, CELLS, SEAT_KINDS, PlaySession, View
from explorer.ui.table import TABLE_STYLE, TableView
from explorer.ui.words import plain

if TYPE_CHECKING:
    import altair as alt

F = TypeVar("F", bound=Callable[..., Any])
FOLLOW = "follow"
"""The name of a cell that shows whatever step is pending, whatever the phase."""
BUTTONS_UP_TO = 8
"""Choices up to this many are buttons; more are a list to pick from."""
CHART_OUTCOMES_UP_TO = 24
"""Outcomes up to this many are charted; more are a table."""
RESULT_LINES = 12
"""What happened since the person's last move: the latest this many lines are shown, the
earlier ones behind an opener."""
LOG_LINES = 80
"""The game log shows its latest this many lines (oldest first) until the whole log is asked
for."""
PACES = (("every roll", "roll"), ("to my next choice", "choice"))
"""The page's pace: a person rolls each roll and draws each draw (one click each), or every
roll and draw up to the person's next decision is made at once after each decision."""
PLAY_ON = "Play on to my next choice"
"""The label of the button that plays the bots' steps up to the person's next decision."""
PLAY_ON_TURN = "Play on to the next turn (stops at my choice)"
"""The label of the button that plays on to the next turn, stopping at the person's decision."""
WATCH = "Watch the bots play to the end"
"""The label of the button that lets the bots play to the end (every seat a bot)."""
WATCH_TURN = "Watch the bots play a turn"
"""The play-on buttons' labels: with a person at the table they stop at the person's next
decision (nothing decides for a person); with bots in every seat they watch the bots play."""
SEAT_LABELS = {"human": "a person", "heuristic": "the heuristic bot", "random": "a random bot",
               "coach": "the coach"}
"""Each seat kind in the page's words."""
GENDER_CHOICES = [("not given", ""), ("female", "F"), ("male", "M")]
"""Lair of the Rat-King's New game form: each player's gender, what his ME card's "*" stands
for (seed 002, line 85); "not given" for every player starts the game without it."""
SCORE_WORDS = {"rifts": "AT", "adventurers": "locations visited",
               "gamma_world": "locations held", "riftforce": "Riftforce",
               "rat_king": "AP"}
"""What each game's score counts, in the page's words."""

_STEP_STYLE = """
<style>
.step-cell { border-left: 4px solid #cbd5e1; padding: 4px 10px; margin: 4px 0; }
.step-cell.step-live { border-left-color: #f59e0b; background: #fffbeb; }
.step-cell h4 { margin: 2px 0 6px 0; font-family: sans-serif; }
.step-history { font-size: 12px; color: #334155; font-family: sans-serif; margin: 2px 0; }
.step-odds, .step-result, .step-prompt, .step-draw { font-family: sans-serif; font-size: 13px; }
.step-result { background: #f1f5f9; border-radius: 6px; padding: 4px 8px; margin: 4px 0; }
.step-result ul { margin: 2px 0 2px 18px; padding: 0; }
.step-event { background: #dcfce7; border: 1px solid #16a34a; border-radius: 6px;
  padding: 4px 8px; margin: 4px 0; font-weight: bold; font-family: sans-serif; }
.step-choice-odds { font-family: sans-serif; font-size: 12px; color: #334155;
  align-self: center; margin-left: 6px; }
.step-choice-consequence { font-family: sans-serif; font-size: 12px; color: #1e3a8a;
  align-self: center; margin-left: 6px; }
.stepper-log-box { max-height: 260px; overflow: auto; font-size: 12px; font-family: sans-serif; }
.stepper-status-line { font-family: sans-serif; }
.step-odds-stale { opacity: 0.35; }
.step-working, .stepper-working { cursor: progress; }
.step-working .widget-button, .step-working select, .step-working .board-clickable,
.stepper-working .stepper-move {
  pointer-events: none; opacity: 0.5; }
.step-result h5 { margin: 4px 0 0 0; font-size: 12px; }
.step-result details summary { cursor: pointer; color: #1d4ed8; }
.stepper-confirm { background: #fef3c7; border: 1px solid #d97706; border-radius: 6px;
  padding: 4px 8px; font-family: sans-serif; align-items: center; gap: 6px; }
.step-action-bar { border-top: 2px solid #f59e0b; padding: 6px 0 4px 0; }
.step-bar-head { align-items: flex-start; }
/* labels wrap rather than end in "..." */
.step-button, .step-menu .widget-button, .stepper .widget-button, .step-cell .widget-button {
  width: auto; max-width: 100%; height: auto; min-height: 28px; white-space: normal;
  overflow: visible; text-overflow: clip; line-height: 1.3; padding-top: 3px;
  padding-bottom: 3px; }
/* a bar taller than its room scrolls: its rows keep their height rather than shrink */
.step-action-bar > * { flex-shrink: 0; }
.step-live .step-action-bar { position: sticky; bottom: 0; z-index: 20; background: #fffbeb;
  box-shadow: 0 -6px 8px -6px rgba(15, 23, 42, 0.35); max-height: 60vh; overflow-y: auto; }
/* the bar sticks to the bottom of the page's scrolling area: the boxes around it let it */
.jp-OutputArea:has(.step-action-bar), .jp-OutputArea-child:has(.step-action-bar),
.jp-OutputArea-output:has(.step-action-bar), .widget-box:has(.step-action-bar) {
  overflow: visible; }
/* ... and down to the window's edge (the page's own bottom padding would show the table) */
.lm-BoxPanel-child:has(.step-action-bar) { padding-bottom: 0 !important; }
.stepper-over { background: #eff6ff; border: 1px solid #1d4ed8; border-radius: 8px;
  padding: 6px 10px; font-family: sans-serif; }
</style>
"""


def outcome_chart(odds: Odds) -> alt.Chart:
    """The exact distribution of a roll, one bar per result in the table's order (a pure
    function). Altair is imported here, at a kernel's first chart, not with the page."""
    import altair as alt

    data = odds.table.with_row_index("order")
    return alt.Chart(data, title=odds.title, width=420).mark_bar().encode(
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
        how = html.escape(plain(odds.note)) if estimated else f"exactly {fraction_text(odds.p)}"
        lines.append(f'<b class="step-p" data-exact="{odds.p}">{float(odds.p):.1%}</b> '
                     f"chance the roll succeeds ({how})")
    explain = odds.extra.get("explain")
    if explain:  # what the roll counts ("Each die showing 1 takes a point off the Threat.")
        lines.append(html.escape(plain(explain)))
    if odds.breakdown:
        lines.append("Modifiers: " + "; ".join(html.escape(plain(b)) for b in odds.breakdown))
    elif odds.p is not None:
        lines.append("No modifiers.")
    return f'<div class="step-odds">{"<br>".join(lines)}</div>'


def choice_odds_html(odds: Odds) -> str:
    """The odds beside a decision's button: what the action leads to, in a line."""
    parts = []
    interval = odds.extra.get("interval", {})
    shown = [(name, p) for name, p in odds.outcomes if p] if len(odds.outcomes) > 2 else []
    if odds.p is not None and not shown:
        parts.append(f'<b class="step-choice-p" data-exact="{odds.p}">{float(odds.p):.0%}'
                     f"</b> {html.escape(_first_outcome(odds))}")
    for name, p in shown:
        low, high = interval.get(name, (None, None))
        spread = f" ({low:.0%}-{high:.0%})" if low is not None else ""
        parts.append(f"{html.escape(name)} <b>{float(p):.0%}</b>{spread}")
    estimated = "estimate" in odds.note
    now = odds.extra.get("escape_this_round")
    if now is not None:
        parts.append(f"this round's Escape roll {float(now):.0%}")
    how = "estimated" if estimated else "exact"
    return (f'<span class="step-choice-odds" title="{html.escape(odds.title)}: '
            f'{html.escape(plain(odds.note or how))}">{" · ".join(parts)} <i>({how})</i></span>')


def _groups_html(groups: list[tuple[str, list[str]]]) -> str:
    return "".join(f"<h5>{html.escape(title)}</h5><ul>"
                   + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"
                   for title, lines in groups)


def result_html(groups: list[tuple[str, list[str]]], shown: int = RESULT_LINES) -> str:
    """Lines grouped by phase, oldest first: the latest ``shown`` lines open, the earlier ones
    behind an opener ("Earlier: 14 more lines (show)")."""
    total = sum(len(lines) for _, lines in groups)
    if total <= shown:
        return _groups_html(groups)
    earlier: list[tuple[str, list[str]]] = []
    latest: list[tuple[str, list[str]]] = []
    left = total - shown  # lines that go behind the opener
    for title, lines in groups:
        if left >= len(lines):
            earlier.append((title, lines))
        elif left > 0:
            earlier.append((title, lines[:left]))
            latest.append((title + " (continued)", lines[left:]))
        else:
            latest.append((title, lines))
        left = max(0, left - len(lines))
    return (f'<details class="step-earlier"><summary>Earlier: {total - shown} more lines '
            f"(show)</summary>{_groups_html(earlier)}</details>{_groups_html(latest)}")


def prompt_of(view: View) -> str:
    """A decision's prompt without the player it names first ("Player 1: choose your action"
    reads "choose your action"): the page names the seat before it."""
    prompt = view.prompt
    if view.player is not None:
        lead = f"Player {view.player + 1}: "
        if prompt.startswith(lead):
            rest = prompt[len(lead):]
            return rest[:1].upper() + rest[1:]
    return prompt


def consequence_html(sentence: str | None) -> str:
    """What the rules make of a choice, beside its button ("Nobody is wounded: the
    Recuperate Phase does nothing"); nothing when there is nothing to say."""
    if not sentence:
        return ""
    return f'<span class="step-choice-consequence">{html.escape(sentence)}</span>'


def _first_outcome(odds: Odds) -> str:
    """What the chance beside a choice is the chance of: its first outcome, or for a success
    what succeeding is, from the odds' title ("Travel: the Survival roll (no Hazard on the
    way)" reads "the Survival roll succeeds: no Hazard on the way"), and what failing does
    when the odds say (``extra["if_not"]``: "; else a roll on the Hazard Table")."""
    if odds.outcomes and odds.outcomes[0][0] not in ("success", "failure"):
        return odds.outcomes[0][0]
    what = plain(odds.title).split(": ", 1)[-1] if ": " in odds.title else ""
    if what.endswith(")") and " (" in what:
        roll, why = what[:-1].split(" (", 1)
        what = f"{roll} succeeds: {why}" if roll.endswith(" roll") else f"{roll}: {why}"
    elif what.endswith(" roll"):
        what += " succeeds"
    said = what or "succeeds"
    if_not = odds.extra.get("if_not")
    return f"{said}; else {plain(if_not)}" if if_not else said


def draw_html(view: View) -> str | None:
    """A fair draw or random pick in one line ("each of the 29 cards: 1/29"), the outcomes
    listed below it; None when the outcomes are not equally likely."""
    odds = view.odds
    if odds is None or not odds.outcomes or view.verb == "Roll":
        return None
    groups: dict[Any, list[str]] = {}
    for name, p in odds.outcomes:
        groups.setdefault(p, []).append(name)
    what = "cards" if view.verb == "Draw" else "candidates"
    lines = []
    for p, names in sorted(groups.items(), key=lambda item: -item[0]):
        each = f"each of the {len(names)} {what}" if len(names) > 1 else names[0]
        listed = ", ".join(html.escape(n) for n in names)
        lines.append(f'<div><b>{html.escape(each)}</b>: {p} ({float(p):.1%})'
                     + (f'<details><summary>which</summary>{listed}</details>'
                        if len(names) > 1 else "") + "</div>")
    return f'<div class="step-draw">{"".join(lines)}</div>'


@cache
def card_index(game_id: str) -> _CardIndex:
    """The card index of a game, built once per kernel."""
    return _CardIndex(game_id)


class _CardIndex:
    """Card names of a game mapped to their table, for drawing card faces in choices."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.cards: dict[str, str] = {}
        for name in cards.tables(game_id):
            table: Table = cards.declaration(game_id, name)
            if table.kind != "cards":
                continue
            frame: pl.DataFrame = cards.load(game_id, name)
            for card in frame["name"].to_list():
                self.cards.setdefault(card, name)
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
        return face(self.game_id, name, self.cards[name])


class PhaseCell(widgets.VBox):
    """One phase's cell: live controls when the game is there, else what happened there.

    Its widgets are made once and reused from step to step (only changed values go to the
    browser), so a click costs a few small messages rather than a new set of widgets. Every
    control that moves the game is drawn with the step's stamp and bound to the Action or
    Outcome it names (:mod:`explorer.ui.controls`): a click on one drawn for an earlier step is
    refused. The step's controls are drawn first (:meth:`refresh`), its odds after them
    (:meth:`draw_odds`): odds that fail leave the controls in place and say so beside them.
    """

    def __init__(self, stepper: Stepper, name: str) -> None:
        self.stepper = stepper
        self.cell_name = name
        title = "What happens next" if name == FOLLOW else CELL_TITLES.get(name, name)
        self.heading = widgets.HTML(f"<h4>{html.escape(title)}</h4>")
        self.body = widgets.VBox()
        self.message = MessageArea()
        self.message.add_class("step-message")
        super().__init__(children=[self.heading, self.body])
        self.add_class("step-cell")
        self.add_class(f"step-cell-{name}")
        self._chart: alt.JupyterChart | None = None
        self._rows: list[tuple[StepButton, widgets.HTML, widgets.HBox]] = []
        self._faces: list[widgets.HTML] = []
        self.live = False
        self._drawn: tuple[int, str] | None = None  # the stamp and kind the controls are for
        self._hint_stamp: int | None = None  # the step the hint on screen is for

    def refresh(self) -> None:
        """Draw the cell's controls for the step pending (the odds come after:
        :meth:`draw_odds`)."""
        stepper = self.stepper
        session = stepper.session
        view = stepper.view
        live = self.cell_name in (view.cell, FOLLOW) and view.kind != "over"
        self.live = live
        for css in ("step-live", stepper.live_class):
            if live:
                self.add_class(css)
            else:
                self.remove_class(css)
        self._drawn = None
        self.working(False)
        if view.kind == "over" and self.cell_name in (view.cell, FOLLOW):
            # the final table stays on screen, with what happened last, the summary and Rematch
            # in the action bar
            self.add_class("step-live")
            self.add_class(stepper.live_class)
            if self.above.children != (stepper.review_panel,):
                self.above.children = (stepper.review_panel,)
            self._show([stepper.table, stepper.result, self.above], [stepper.over_in_cell])
            return
        if not live:
            lines = session.lines(session.log_of(self.cell_name))
            items = "".join(f"<li>{html.escape(line)}</li>" for line in lines) or \
                "<li>Nothing has happened here yet.</li>"
            self.note.value = f'<ul class="step-history">{items}</ul>'
            self._show([self.note])
            return
        stamp = session.stamp
        self.odds_box.add_class("step-odds-stale")  # until this step's odds are drawn
        self.figures.add_class("step-odds-stale")
        controls = self._decision(view, stamp) if view.kind == "decision" else \
            self._chance(view, stamp)
        above = [part for part in controls if part in self._above]
        if self.figures not in above:
            above.append(self.figures)
        if tuple(above) != self.above.children:
            self.above.children = above
        bar = [self.bar_head if part is self.prompt else part for part in controls
               if part not in self._above]
        self._bind_bar_head(stamp)
        self._drawn = (stamp, view.kind)
        self._show([stepper.table, stepper.result, self.above], bar)

    def working(self, on: bool = True) -> None:
        """Mark the cell as working while the next step is worked out: its controls take no
        click and look off (one class on the cell, one small message, rather than one per
        control); ``on=False``: back to normal (a cell's controls are drawn so). A click that
        reaches the kernel anyway is refused by its stamp."""
        if on:
            self.add_class("step-working")
        else:
            self.remove_class("step-working")

    def _show(self, parts: list[widgets.Widget], bar: list[widgets.Widget] | None = None) -> None:
        """The cell's parts, and (live) its action bar under them: the step's prompt,
        choices, Roll and Undo, and the messages, kept in view as the table scrolls."""
        if bar is not None:
            if tuple(bar) != self.bar.children:  # identity: the same widgets stay put
                self.bar.children = bar
            parts = [*parts, self.bar]
        if tuple(parts) != self.body.children:
            self.body.children = parts

    @cached_property
    def bar(self) -> widgets.VBox:
        """The live step's action bar (sticky at the bottom of the window while the cell is
        on screen)."""
        bar = widgets.VBox()
        bar.add_class("step-action-bar")
        return bar

    @cached_property
    def above(self) -> widgets.VBox:
        """The parts of the live step above its action bar, in one box: the cell's own list
        of parts stays the same from step to step (a box whose list changes in its middle has
        the browser draw again everything after the change, the action bar too)."""
        return widgets.VBox()

    @property
    def _above(self) -> tuple[widgets.Widget, ...]:
        """The parts of a step drawn above the action bar (they scroll with the table): the
        cards' faces, the best-action panel, the odds' charts."""
        advice = self.stepper.advice
        return (self.face_row, self.figures) + ((advice,) if advice is not None else ())

    def _step_button(self, css: str, **shown: Any) -> StepButton:
        """A control of the step (refused, with the stepper saying why, for an earlier one),
        marked with the class ``css``."""
        button = StepButton(on_refused=self.stepper.refuse, **shown)
        button.add_class(css)
        return button

    @cached_property
    def undo_button(self) -> StepButton:
        """Undo, in the action bar: back to the person's previous decision."""
        return self._step_button("step-undo", icon="undo")

    @cached_property
    def hint_button(self) -> StepButton:
        """Hint, in the action bar: the coach's ranking of the person's choices."""
        return self._step_button("step-hint", icon="lightbulb-o")

    @cached_property
    def hint_view(self) -> widgets.HTML:
        """The coach's hint for the step on screen (empty until asked)."""
        view = widgets.HTML()
        view.add_class("step-hint-view")
        return view

    @cached_property
    def bar_head(self) -> widgets.HBox:
        """The bar's first row: the step's prompt, then Hint and Undo at its end."""
        self.prompt.layout.flex = "1 1 auto"
        head = widgets.HBox([self.prompt, self.hint_button, self.undo_button])
        head.add_class("step-bar-head")
        return head

    def _bind_bar_head(self, stamp: int) -> None:
        """Bind Undo and Hint to the step of ``stamp`` (Hint only at a person's decision of
        two or more choices, once a step; the hint of an earlier step is cleared)."""
        undo = self.stepper.step_guard(self.stepper.undo)
        self.undo_button.bind(stamp, lambda: undo(stamp), description="Undo",
                              tooltip="Back to your previous choice",
                              disabled=not self.stepper.session.game.can_undo)
        view = self.stepper.view
        if self._hint_stamp != stamp:
            self._hint_stamp = None
            self.hint_view.value = ""
        self._bind_hint(stamp, view.kind == "decision" and self._person(view)
                        and len(view.choices) > 1 and self._hint_stamp is None)

    def show_hint(self, advice: list[Any]) -> None:
        """The coach's advice on the step's choices: a bar of the chance of winning and the
        label beside each choice (in a long list, after its text), and one line in the bar
        naming the best."""
        pending = self.stepper.session.game.pending
        assert isinstance(pending, Decision)
        best_of: dict[Action, Any] = {}
        for item in advice:  # best first: a first action's best run
            best_of.setdefault(item.action, item)
        from explorer.coach import undecided

        together = undecided(advice)  # no best to name: each says so, without numbers
        if len(pending.actions) <= BUTTONS_UP_TO:
            for (_, shown, _), action in zip(self._rows, pending.actions, strict=False):
                if action in best_of:
                    shown.value = shown.value + badge_html(best_of[action], together)
        else:
            self.choice_list.relabel([
                text + (badge_text(best_of[action], together) if action in best_of else "")
                for (_, text), action in zip(self.choice_list.options, pending.actions,
                                             strict=True)])
        self.hint_view.value = hint_line(advice)

    def _bind_hint(self, stamp: int, offered: bool) -> None:
        hint = self.stepper.step_guard(self.stepper.hint)
        self.hint_button.bind(stamp, lambda: hint(self, stamp), description="Hint",
                              tooltip="The coach ranks your choices by your chance of winning",
                              disabled=not offered)
        self.hint_button.layout.display = None if offered or self._hint_stamp == stamp \
            else "none"

    def tell(self, text: str, kind: str = "info") -> None:
        """A message beside the step's controls."""
        self.message.show(text, kind)

    # ---- the widgets, each made on first use and then reused -------------------------------

    @cached_property
    def note(self) -> widgets.HTML:
        """What happened here."""
        return widgets.HTML()

    @cached_property
    def board_hint(self) -> widgets.HTML:
        return widgets.HTML()

    @cached_property
    def prompt(self) -> widgets.HTML:
        return widgets.HTML()

    @cached_property
    def choice_box(self) -> widgets.VBox:
        return widgets.VBox()

    @cached_property
    def odds_box(self) -> widgets.VBox:
        """The step's odds, drawn after its controls."""
        box = widgets.VBox()
        box.add_class("step-odds-box")
        return box

    @cached_property
    def figures(self) -> widgets.VBox:
        """The step's odds as a chart or a table of faces, above the action bar (drawn after
        the controls, with :attr:`odds_box`)."""
        box = widgets.VBox()
        box.add_class("step-figures")
        return box

    @cached_property
    def odds_missing(self) -> widgets.HTML:
        return widgets.HTML('<div class="step-odds step-odds-missing">The odds are not '
                            "available for this step.</div>")

    def _choice_rows(self, count: int) -> list[tuple[StepButton, widgets.HTML, widgets.HBox]]:
        while len(self._rows) < count:
            button = self._step_button("step-choice")
            odds = widgets.HTML()
            odds.add_class("step-choice-odds-box")
            self._rows.append((button, odds, widgets.HBox([button, odds])))
        return self._rows[:count]

    @cached_property
    def choice_list(self) -> StepMenu:
        """A long list of choices and its Take button."""
        choices = StepMenu(on_refused=self.stepper.refuse,
                           on_select=self.stepper.step_guard(self._chosen_face),
                           description="Take", button_style="primary",
                           button_class="step-take", width="520px")
        choices.add_class("step-choices")
        return choices

    def _chosen_face(self, action: Any) -> None:
        """The face of the card the choice in the list names (a profession, a card to play),
        and what the rules make of the choice."""
        names = self.stepper.card_index.mentioned([str(action)], limit=1)
        try:
            said = self.stepper.session.consequences().get(action)
        except Exception:  # the face still shows
            log.exception("the consequences of a decision failed")
            said = None
        self.chosen_face.value = consequence_html(said) + (
            self.stepper.card_index.face(names[0]) if names else "")

    @cached_property
    def chosen_face(self) -> widgets.HTML:
        return widgets.HTML()

    @cached_property
    def face_row(self) -> widgets.HBox:
        return widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))

    @cached_property
    def odds_view(self) -> widgets.HTML:
        return widgets.HTML()

    @cached_property
    def roll_button(self) -> StepButton:
        return self._step_button("step-roll", button_style="primary", icon="dice")

    @cached_property
    def roll_on_button(self) -> StepButton:
        """Every roll and draw (and the bots' moves) up to the person's next decision."""
        return self._step_button("step-roll-on", icon="forward")

    @cached_property
    def what_if(self) -> StepMenu:
        """The outcomes of a roll or a draw, and "Make it so"."""
        what_if = StepMenu(on_refused=self.stepper.refuse, label="What if:",
                           description="Make it so", button_class="step-force",
                           width="300px")
        what_if.add_class("step-whatif")
        return what_if

    @cached_property
    def roll_row(self) -> widgets.HBox:
        return widgets.HBox([self.roll_button, self.roll_on_button, self.what_if])

    # ---- the live cell: its controls -------------------------------------------------------

    def _decision(self, view: View, stamp: int) -> list[widgets.Widget]:
        controls = self._decision_controls(view, stamp)
        advice = self.stepper.advice
        if advice is not None and advice.applies(self.stepper.session):
            controls.append(advice)
        controls.append(self.odds_box)
        return controls

    def _decision_controls(self, view: View, stamp: int) -> list[widgets.Widget]:
        stepper = self.stepper
        who = stepper.seat_name(view.player)
        self.prompt.value = (f'<div class="step-prompt"><b>{html.escape(who)}</b>: '
                             f"{html.escape(prompt_of(view))}</div>")
        controls: list[widgets.Widget] = [self.prompt, self.message, self.hint_view]
        board = stepper.table
        if self._person(view) and isinstance(board, ClickBoard) and board.targets:
            self.board_hint.value = (
                '<div class="step-odds board-hint">Click a highlighted card, elemental, '
                "location or summoner on the table above, or use the choices below.</div>")
            controls.append(self.board_hint)
        pending = stepper.session.game.pending
        assert isinstance(pending, Decision)
        actions = pending.actions
        take = stepper.step_guard(stepper.take)
        if len(actions) <= BUTTONS_UP_TO:
            rows = self._choice_rows(len(actions))
            for (button, shown, _), action in zip(rows, actions, strict=True):
                text = str(action)
                button.bind(stamp, lambda action=action: take(action, stamp),
                            description=text, tooltip=text)
                shown.value = ""  # the odds come after the controls
            boxes = [row for _, _, row in rows]
            if tuple(boxes) != self.choice_box.children:
                self.choice_box.children = boxes
            controls.append(self.choice_box)
        else:
            self.choice_list.bind(stamp, [(key_of(a), str(a), a) for a in actions],
                                  lambda action: take(action, stamp))
            self._chosen_face(actions[0])
            controls += [self.choice_list, self.chosen_face]
            return self._with_plans(controls, view, stamp)
        names = [] if isinstance(stepper.table, ClickBoard) else \
            stepper.card_index.mentioned([view.prompt, *view.choices])  # else on the table
        if names:
            while len(self._faces) < len(names):
                self._faces.append(widgets.HTML())
            faces = self._faces[:len(names)]
            for shown, name in zip(faces, names, strict=True):
                shown.value = stepper.card_index.face(name)
            if tuple(faces) != self.face_row.children:
                self.face_row.children = faces
            controls.append(self.face_row)
        return self._with_plans(controls, view, stamp)

    def _with_plans(self, controls: list[widgets.Widget], view: View,
                    stamp: int) -> list[widgets.Widget]:
        """The decision's controls and its plans; when a pick of cards offers every choice
        (each card once), the pick alone: the same choices twice would only confuse."""
        plans = self._plan_controls(view, stamp)
        if self.picks in plans:
            pending = self.stepper.session.game.pending
            pick = self.stepper.session.pick()
            names = [str(a) for a in pending.actions]
            if pick is not None and set(pick.options) == set(pending.actions) and \
                    len(set(names)) == len(names):
                controls = [c for c in controls
                            if c is not self.choice_box and c is not self.choice_list]
        return controls + plans

    # ---- plans: several of the person's decisions in one click ----------------------------

    def _plan_controls(self, view: View, stamp: int) -> list[widgets.Widget]:
        """The pending decision's plans (:meth:`PlaySession.plans`), a button each, and its
        pick of several cards (:meth:`PlaySession.pick`) when it has more than one to pick or
        a plan to follow; each drawn with the step's stamp."""
        session = self.stepper.session
        if not self._person(view):
            return []
        guard = self.stepper.step_guard
        shown: list[widgets.Widget] = []
        plans = session.plans()
        while len(self._plan_buttons) < len(plans):
            button = self._step_button("step-plan", icon="fast-forward")
            self._plan_buttons.append(button)
        follow = guard(self._follow_plan)
        for button, plan in zip(self._plan_buttons, plans, strict=False):
            button.bind(stamp, lambda key=plan.key: follow(key, stamp),
                        description=plan.label, tooltip=plan.label)
            shown.append(button)
        pick = session.pick()
        if pick is not None and (pick.count > 1 or pick.plans):
            take = guard(self._take_picks)
            self.picks.bind(stamp, [(key_of(a), str(a), a) for a in pick.options],
                            [("", pick.verb)] + [(p.key, p.label) for p in pick.plans],
                            lambda picked, plan: take(picked, plan, stamp),
                            label=pick.label)
            shown.append(self.picks)
        return shown

    @cached_property
    def _plan_buttons(self) -> list[StepButton]:
        return []

    @cached_property
    def picks(self) -> StepPicks:
        """Several cards picked at once (a hand-limit discard) and its buttons."""
        picks = StepPicks(on_refused=self.stepper.refuse)
        picks.add_class("step-pick")
        return picks

    def _follow_plan(self, key: str, stamp: int) -> None:
        stepper = self.stepper
        with stepper.working():
            stepper.session.follow_plan(key, stamp)
            stepper.refresh(scroll=True)

    def _take_picks(self, picked: list[Action], plan: str | None, stamp: int) -> None:
        stepper = self.stepper
        with stepper.working():
            stepper.session.take_picks(picked, stamp, plan)
            stepper.refresh(scroll=True)

    def _person(self, view: View) -> bool:
        return view.player is not None and self.stepper.session.seats[view.player] == "human"

    def _chance(self, view: View, stamp: int) -> list[widgets.Widget]:
        stepper = self.stepper
        session = stepper.session
        pending = session.game.pending
        assert isinstance(pending, Chance)
        self.prompt.value = f'<div class="step-prompt"><b>{html.escape(view.prompt)}</b></div>'
        parts: list[widgets.Widget] = [self.figures, self.prompt, self.message, self.odds_box]
        guard = stepper.step_guard
        roll = guard(stepper.roll)
        self.roll_button.bind(stamp, lambda: roll(stamp), description=view.verb)
        roll_on = guard(stepper.roll_on)
        self.roll_on_button.bind(stamp, lambda: roll_on(stamp),
                                 description=stepper.roll_on_label(view.verb))
        try:
            hidden = session.what_if_hidden()
        except Exception:  # unknown: keep the deck's cards hidden
            log.exception("cannot tell whether a draw's cards are secret")
            hidden = True
        if hidden:  # "what if" would show which cards are left in the deck
            self.secret_note.value = (
                '<div class="step-odds">"What if" is off for this draw: its list would show '
                "which cards the deck still holds, and so what the others hold. Tick Show every "
                "hand to use it.</div>")
            return [*parts, self.roll_button, self.roll_on_button, self.secret_note]
        try:
            texts = session.effects()
        except Exception:  # the outcomes by name, then
            log.exception("the effects of a chance step failed")
            texts = ()
        if len(texts) != len(pending.outcomes):
            texts = tuple(str(o) for o in pending.outcomes)
        force = guard(stepper.force)
        self.what_if.bind(stamp, [(key_of(o), text, o) for o, text in
                                  zip(pending.outcomes, texts, strict=True)],
                          lambda outcome: force(outcome, stamp))
        return [*parts, self.roll_row]

    @cached_property
    def adventure_view(self) -> widgets.HTML:
        return widgets.HTML()

    @cached_property
    def secret_note(self) -> widgets.HTML:
        return widgets.HTML()

    # ---- the live cell: its odds, after the controls ----------------------------------------

    def draw_odds(self) -> None:
        """The odds of the step whose controls are drawn: beside each choice, or before the
        roll. If they cannot be worked out, the controls stay, the odds line says the odds are
        not available, and a message beside the controls says why in words."""
        if self._drawn is None:
            return
        _, kind = self._drawn
        try:
            parts = self._decision_odds() if kind == "decision" else self._chance_odds()
        except Exception:
            log.exception("the odds of a step failed")
            parts = [self.odds_missing]
            self.tell("The odds could not be worked out for this step; its choices below are "
                      "still this step's, and you can go on.", "warning")
        figures = [part for part in parts if part is self.adventure_view or part is self._chart]
        words = [part for part in parts if part not in figures]
        for box, shown in ((self.odds_box, words), (self.figures, figures)):
            if tuple(shown) != box.children:
                box.children = shown
            box.remove_class("step-odds-stale")

    def _decision_odds(self) -> list[widgets.Widget]:
        stepper = self.stepper
        view = stepper.view
        if not self._person(view):
            return []
        found = stepper.session.choices()
        said = stepper.session.consequences()
        pending = stepper.session.game.pending
        assert isinstance(pending, Decision)

        def odds_of(action: Action) -> Odds | None:  # by the action, not by its place
            return next((odds for each, odds in found if each == action), None)

        if len(pending.actions) <= BUTTONS_UP_TO:
            for (_, shown, _), action in zip(self._rows, pending.actions, strict=False):
                each = odds_of(action)
                shown.value = (choice_odds_html(each) if each is not None else "") + \
                    consequence_html(said.get(action))
        else:
            self.choice_list.relabel([
                str(a) + (f" ({float(each.p):.0%})" if (each := odds_of(a)) is not None
                          and each.p is not None else "") for a in pending.actions])
        return []

    def _chance_odds(self) -> list[widgets.Widget]:
        stepper = self.stepper
        session = stepper.session
        parts: list[widgets.Widget] = []
        winning = adventure_html(session.game)
        if winning is not None:
            self.adventure_view.value = winning
            parts.append(self.adventure_view)
        view = replace(stepper.view, odds=session.chance_odds())
        odds = view.odds
        drawn = draw_html(view)
        if drawn is not None:
            self.odds_view.value = drawn
            parts.append(self.odds_view)
        elif odds is not None:
            self.odds_view.value = odds_html(odds)
            if odds.p is not None or odds.breakdown or odds.extra.get("explain"):
                # (else the chart or the faces say it)
                parts.append(self.odds_view)
            faces_shown = winning is not None and DIE_FACE_ROW in winning
            if 1 < len(odds.outcomes) <= CHART_OUTCOMES_UP_TO and not faces_shown:
                # (an ADVENTURE DIE's equal faces say nothing: its table says what each does)
                chart = outcome_chart(odds)
                enable_offline_charts()  # the first chart of the kernel sets up Vega offline
                if self._chart is None:
                    import altair as alt

                    self._chart = alt.JupyterChart(chart, embed_options={
                        "renderer": "svg", "actions": False})
                    self._chart.add_class("step-chart")
                else:
                    self._chart.chart = chart
                parts.append(self._chart)
        return parts


class _PageMessage(MessageArea):
    """The page's message line; clearing it (every callback of the page starts so) clears the
    lines beside the step's controls too."""

    def __init__(self, also: Callable[[], None]) -> None:
        super().__init__()
        self._also = also

    def clear(self) -> None:
        super().clear()
        self._also()


class Stepper(widgets.VBox):
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

    def restart(self) -> None:
        """Back to the start (the scenario's position, or a new game with the same seed)."""
        game_id, players, seed, _seats, scenario, options = self.start
        self.session = PlaySession.start(game_id, players, seed, self.session.seats, scenario,
                                         **options)
        self.session.show_every_hand = bool(self.every_hand.value)
        self.refresh()

    # ---- new games, saving and loading ----------------------------------------------------

    def _new_game_form(self) -> widgets.VBox:
        rules = self.session.game.rules
        self.new_players = widgets.Dropdown(
            options=rules.player_counts(self.session.game.options),
            value=self.session.game.players, description="Players",
            layout=widgets.Layout(width="160px"))
        self.new_players.add_class("stepper-new-players")
        self.new_seed = widgets.BoundedIntText(value=self.session.game.seed % 10**9, min=0,
                                               max=10**9, description="Seed",
                                               layout=widgets.Layout(width="200px"))
        self.new_seed.add_class("stepper-new-seed")
        self.new_seats = widgets.HBox()
        self.new_genders = widgets.HBox()  # Lair of the Rat-King only
        guard = self.message.guard
        self.new_players.observe(guard(lambda _: self._new_seat_boxes()), names="value")
        start = widgets.Button(description="Start the new game", button_style="primary",
                               icon="play")
        start.add_class("stepper-new-start")
        start.on_click(guard(lambda _: self.start_new_game()))
        form = widgets.VBox([widgets.HBox([self.new_players, self.new_seed]), self.new_seats,
                             self.new_genders, start], layout=widgets.Layout(display="none"))
        form.add_class("stepper-new-form")
        self._new_seat_boxes()
        return form

    def _new_seat_boxes(self) -> None:
        players = self.new_players.value
        current = [b.value for b in self.new_seats.children]
        kinds = [current[s] if s < len(current) else ("human" if s == 0 else "heuristic")
                 for s in range(players)]
        boxes = []
        for seat, kind in enumerate(kinds):
            box = widgets.Dropdown(options=[(SEAT_LABELS[k], k) for k in SEAT_KINDS],
                                   value=kind, description=f"Player {seat + 1}",
                                   layout=widgets.Layout(width="250px"))
            box.add_class("stepper-new-seat")
            boxes.append(box)
        self.new_seats.children = boxes
        if self.session.game.game_id == "rat_king":
            self._new_gender_boxes(players)

    def _new_gender_boxes(self, players: int) -> None:
        """Each player's gender (Lair of the Rat-King): as chosen so far, else the current
        game's, else not given."""
        current = [b.value for b in self.new_genders.children]
        if not current:
            current = [g or "" for g in self.session.game.options.get("genders") or []]
        boxes = []
        for seat in range(players):
            box = widgets.Dropdown(options=GENDER_CHOICES,
                                   value=current[seat] if seat < len(current) else "",
                                   description=f"Player {seat + 1} is",
                                   layout=widgets.Layout(width="250px"))
            box.add_class("stepper-new-gender")
            boxes.append(box)
        self.new_genders.children = boxes

    def toggle_new_game(self) -> None:
        """Show (or hide) the new game's options."""
        shown = self.new_game_form.layout.display != "none"
        self.new_game_form.layout.display = "none" if shown else "flex"

    def start_new_game(self) -> None:
        """Start the game the form describes (every value checked)."""
        options = None
        if self.session.game.game_id == "rat_king":
            chosen = [b.value for b in self.new_genders.children]
            if all(chosen):
                options = {"genders": chosen}
            elif any(chosen):
                raise IllegalAction("Choose female or male for every player, or leave every "
                                    "player's gender not given")
            else:
                options = {"genders": None}  # a ME card is then neither (ruling rk-53)
        self.session.new_game(self.new_players.value, self.new_seed.value,
                              [b.value for b in self.new_seats.children], options)
        self._seat_dropdowns(self.session.seats)
        self.new_game_form.layout.display = "none"
        self.refresh(scroll=True)
        self.message.show(f"A new game: {self.session.game.players} players, seed "
                          f"{self.session.game.seed}.")

    def rematch(self) -> None:
        """The same game again with the next seed."""
        self.session.rematch()
        self.refresh(scroll=True)
        self.message.show(f"A rematch: seed {self.session.game.seed}.")

    def _save_file(self) -> tuple[str, str]:
        game = self.session.game
        return f"{game.game_id}-seed{game.seed}-step{game.steps}.json", self.session.save()

    def _error(self, error: Exception) -> None:
        self.message.show(f"The game could not be saved: {error}", "error")

    def _load(self, name: str, text: str) -> None:
        self.session.load(text)
        self._seat_dropdowns(self.session.seats)
        self.refresh(advance=False, scroll=True)
        self.message.show(f"Game loaded from {name}: step {self.session.game.steps}.")

    def _refused(self, why: str) -> None:
        self.message.show(why, "error")

    # ---- seats ----------------------------------------------------------------------------

    def _seat_dropdowns(self, seats: list[str]) -> None:
        guard = self.message.guard
        boxes = []
        for seat, kind in enumerate(seats):
            box = widgets.Dropdown(options=[(SEAT_LABELS[k], k) for k in SEAT_KINDS],
                                   value=kind, description=f"Player {seat + 1}",
                                   layout=widgets.Layout(width="250px"))
            box.add_class("stepper-seat")
            box.observe(guard(lambda _: self._seats_changed()), names="value")
            boxes.append(box)
        self.seat_boxes = boxes
        self.seat_row.children = boxes
        if hasattr(self, "confirm_row"):  # a new game or a load: a question left is dropped
            self._seats_asked = None
            self.confirm_row.layout.display = "none"

    def _seats_changed(self) -> None:
        """A seat's dropdown changed: nothing is played yet; the page asks first (Go ahead
        applies it: :meth:`confirm_seats`; Cancel sets the dropdowns back)."""
        if self._setting_back:
            return
        chosen = [box.value for box in self.seat_boxes]
        if chosen == self.session.seats:
            self.confirm_row.layout.display = "none"
            self._seats_asked = None
            return
        self._seats_asked = chosen
        changes = []
        for seat, (was, now) in enumerate(zip(self.session.seats, chosen, strict=True)):
            if was != now:
                who = "you" if now == "human" else SEAT_LABELS[now]
                changes.append(f"Player {seat + 1} becomes {who}")
        plays = "" if "human" in chosen and self._person_decides_with(chosen) else \
            " and the bots will play on now" if "human" in chosen else \
            " and the bots will play on now, to the end of the game"
        self.confirm_text.value = (f"<span>{html.escape('; '.join(changes))}"
                                   f"{plays}.</span>")
        self.confirm_row.layout.display = "flex"

    def _person_decides_with(self, seats: list[str]) -> bool:
        """With ``seats``, a person's decision is what is pending (nothing would be played)."""
        game = self.session.game
        return (not game.is_over and not game.is_chance
                and seats[game.current_player] == "human")

    def confirm_seats(self) -> None:
        """Apply the seats asked for (the bots then play on to a person's decision)."""
        if self._seats_asked is None:
            raise IllegalAction("no change of seats is waiting")
        seats, self._seats_asked = self._seats_asked, None
        self.confirm_row.layout.display = "none"
        self.session.set_seats(seats)
        self._draw_buttons()
        self.refresh(scroll=True)

    def cancel_seats(self) -> None:
        """Set the seat dropdowns back to who plays now; nothing changes."""
        self._seats_asked = None
        self.confirm_row.layout.display = "none"
        self._setting_back = True
        try:
            for box, kind in zip(self.seat_boxes, self.session.seats, strict=True):
                box.value = kind
        finally:
            self._setting_back = False

    def _pace_changed(self) -> None:
        """The pace applies from the person's next step; nothing is played now."""
        if self.pace.value == "choice":
            self.message.show("From your next choice on, every roll and draw up to your "
                              "following choice is made at once and summed up.")
        else:
            self.message.show("You roll each roll and draw each card yourself.")

    def _every_hand(self) -> None:
        self.session.show_every_hand = bool(self.every_hand.value)
        self.refresh(advance=False)

    def seat_name(self, seat: int | None) -> str:
        """"Player 2 (you)", "Player 1 (the heuristic bot)"."""
        if seat is None:
            return "Nobody"
        kind = self.session.seats[seat]
        who = "you" if kind == "human" and self.session.seats.count("human") == 1 else \
            SEAT_LABELS[kind]
        return f"Player {seat + 1} ({who})"

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
                               + _groups_html(session.groups(shown, len(log) - len(shown)))
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
            f"{html.escape(word.capitalize())}: {html.escape(scores)}.</div>")
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


_STYLE_ALL = FACE_STYLE + TABLE_STYLE + _STEP_STYLE
