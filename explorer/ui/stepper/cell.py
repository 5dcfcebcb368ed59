"""One phase's cell of the step-through page: the table's part of the phase, the step to take
and its odds (:class:`PhaseCell`)."""

from __future__ import annotations

import html
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from explorer.engine import Action, Chance, Decision
from explorer.odds import Odds
from explorer.ui import MessageArea, enable_offline_charts, log
from explorer.ui.advice import DIE_FACE_ROW, adventure_html
from explorer.ui.coaching import badge_html, badge_text, hint_line
from explorer.ui.controls import StepButton, StepMenu, key_of
from explorer.ui.session import CELL_TITLES, View
from explorer.ui.stepper.texts import (
    BUTTONS_UP_TO,
    CHART_OUTCOMES_UP_TO,
    FOLLOW,
    choice_odds_html,
    consequence_html,
    draw_html,
    odds_html,
    outcome_chart,
)

if TYPE_CHECKING:
    import altair as alt
from explorer.ui.stepper.decisions import DecisionControls


class PhaseCell(DecisionControls, widgets.VBox):
    """One phase's cell: live controls when the game is there, else what happened there.

    Its widgets are made once and reused from step to step (only changed values go to the
    browser), so a click costs a few small messages rather than a new set of widgets. Every
    control that moves the game is drawn with the step's stamp and bound to the Action or
    Outcome it names (:mod:`explorer.ui.controls`): a click on one drawn for an earlier step is
    refused. The step's controls are drawn first (:meth:`refresh`), its odds after them
    (:meth:`draw_odds`): odds that fail leave the controls in place and say so beside them.
    ``stepper``: the page it is a cell of (:class:`explorer.ui.stepper.page.Stepper`).
    """

    def __init__(self, stepper: Any, name: str) -> None:
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
