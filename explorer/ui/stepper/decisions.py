"""A phase cell's controls for a person's decision: the choices as buttons or a list, the
plans that take several decisions in one click, and the picks of a card at a time
(:class:`explorer.ui.stepper.cell.PhaseCell` draws them)."""

from __future__ import annotations

import html
from functools import cached_property
from typing import TYPE_CHECKING

import ipywidgets as widgets

from explorer.engine import Action, Decision
from explorer.ui.board import ClickBoard
from explorer.ui.controls import StepButton, StepPicks, key_of
from explorer.ui.session import View
from explorer.ui.stepper.texts import (
    BUTTONS_UP_TO,
    prompt_of,
)

if TYPE_CHECKING:
    pass


class DecisionControls:
    """The decision controls of a :class:`~explorer.ui.stepper.cell.PhaseCell`."""

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
