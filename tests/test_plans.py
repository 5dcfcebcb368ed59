"""Plans: several of a person's decisions in one click, asked for by the person (issue 27,
item 1): Gamma World's plans and its hand-limit discard as one pick, through the session and
the page's controls in-process."""

from __future__ import annotations

import pytest

from explorer.errors import IllegalAction, StaleControl
from explorer.ui.controls import NOT_OFFERED, key_of
from explorer.ui.session import STALE, PlaySession
from explorer.ui.stepper import Stepper


def _plan(session: PlaySession, key: str):
    return next((p for p in session.plans() if p.key == key), None)


def _stepper_at(wanted, seeds: range = range(1, 9)) -> Stepper:
    """A page at the first position ``wanted`` of the first game (by seed) that has one."""
    for seed in seeds:
        stepper = Stepper("gamma_world", players=2, seed=seed)
        session = stepper.session
        session.play(lambda s: s.waiting_for_person() and wanted(s), use_bots_for_all=True)
        if session.waiting_for_person() and wanted(session):
            stepper.refresh(advance=False)
            return stepper
    raise AssertionError("no such position in these games")


def _free_ap(session: PlaySession) -> bool:
    """Every AP left is a base AP, each paying for one draw ("An AP can be used to ... Draw
    one card from the deck", seed 004, lines 20 and 22)."""
    return all(token.action is None for token in session.game.state.ap)


def _drawn(session: PlaySession, seat: int = 0) -> int:
    return sum(1 for e in session.game.log if e.player == seat and "Draws" in str(e))


def test_a_draw_plan_draws_with_each_ap_its_label_names() -> None:
    stepper = _stepper_at(lambda s: _plan(s, "repeat-draw") is not None and _free_ap(s) and len(
        s.game.state.enclaves[0].hand) + len(s.game.state.ap) <= 5)  # no discard on the way
    session = stepper.session
    plan = _plan(session, "repeat-draw")
    times = len(session.game.state.ap)  # every AP of the turn pays for a draw here
    assert plan.label == f"Draw a card with each of my {times} AP left (stops at any other " \
        "choice)"
    drawn, turn = _drawn(session), session.game.state.turn
    button = next(b for b in stepper.cell(stepper.view.cell)._plan_buttons
                  if b.description == plan.label)
    assert "step-plan" in button._dom_classes
    button.click()
    assert _drawn(session) - drawn == times
    assert session.game.state.turn != turn or not session.game.state.ap
    assert "Draws" in stepper.result.value  # every step in "What happened"


def test_a_plan_stops_at_a_decision_not_its_own_and_undo_goes_back_before_it() -> None:
    stepper = _stepper_at(lambda s: _plan(s, "repeat-draw") is not None and len(
        s.game.state.enclaves[0].hand) >= 5)  # the first draw goes over the hand limit
    session = stepper.session
    before = session.game.snapshot()
    session.follow_plan("repeat-draw", session.stamp)
    assert session.game.pending.prompt.startswith("Hand limit")  # the person discards
    assert session.waiting_for_person()
    stepper.undo()
    assert session.game.snapshot() == before


def test_fight_to_the_end_fights_every_round_and_stops_when_the_battle_is_over() -> None:
    stepper = _stepper_at(lambda s: _plan(s, "fight-on") is not None)
    session = stepper.session
    plan = _plan(session, "fight-on")
    assert plan.label == "Fight every round to the end of this battle (never retreat)"
    location = session.game.state.battle.location
    session.follow_plan("fight-on", session.stamp)
    battle = session.game.state.battle
    assert battle is None or battle.location != location or session.game.is_over or \
        all(a.name != "fight" for a in session.game.pending.actions)
    assert not any("Retreats" in str(e) for e in session.recent())  # never retreats


def test_a_plan_on_a_stale_stamp_or_not_offered_is_refused_and_changes_nothing() -> None:
    stepper = _stepper_at(lambda s: _plan(s, "repeat-draw") is not None)
    session = stepper.session
    before = session.game.snapshot()
    with pytest.raises(StaleControl):
        session.follow_plan("repeat-draw", session.stamp - 1)
    with pytest.raises(IllegalAction, match="not offered"):
        session.follow_plan("fight-on", session.stamp)
    assert session.game.snapshot() == before
    button = stepper.cell(stepper.view.cell)._plan_buttons[0]
    button.press(button.stamp - 1)  # a click on the drawing of an earlier step
    assert session.game.snapshot() == before
    assert STALE in stepper.cell(stepper.view.cell).message.value


def test_no_plan_is_offered_at_a_bots_decision() -> None:
    session = PlaySession.start("gamma_world", players=2, seed=1)
    session.play(lambda s: not s.game.is_chance and s.game.current_player == 1,
                 use_bots_for_all=True)
    assert not session.waiting_for_person() and session.plans() == []
    assert session.pick() is None
    with pytest.raises(IllegalAction, match="not offered"):
        session.follow_plan("repeat-draw")


def test_a_game_without_the_hook_has_no_plans() -> None:
    session = PlaySession.start("rifts", players=2, seed=7)
    session.advance(roll_for_person=True)
    assert session.waiting_for_person()
    assert session.plans() == [] and session.pick() is None


def test_discard_then_draw_on_discards_and_draws_with_the_ap_left() -> None:
    stepper = _stepper_at(lambda s: (p := s.pick()) is not None and bool(p.plans)
                          and _free_ap(s))
    session = stepper.session
    pick = session.pick()
    times = len(session.game.state.ap)
    assert pick.plans[0].label == f"Discard these, then draw a card with each of my {times} " \
        "AP left (stops at any other choice)"
    drawn = _drawn(session)
    stepper.cell(stepper.view.cell).picks.click([key_of(a) for a in pick.options[:pick.count]],
                                                 pick.plans[0].key)
    assert _drawn(session) > drawn  # drew on, and stopped at the next discard or the AP's end
    assert session.pick() is not None or not session.game.state.ap or \
        session.game.state.active != 0


def _discarding(session: PlaySession) -> bool:
    return session.pick() is not None


def test_a_pick_discards_exactly_the_cards_picked() -> None:
    stepper = _stepper_at(_discarding)
    session = stepper.session
    pick = session.pick()
    hand = list(session.game.state.enclaves[0].hand)
    chosen = list(pick.options[-pick.count:])
    picks = stepper.cell(stepper.view.cell).picks
    assert "step-pick" in picks._dom_classes and picks.buttons[0] == ["", "Discard these"]
    picks.click([key_of(a) for a in chosen])
    discarded = [a.args[0] for a in chosen]
    after = list(session.game.state.enclaves[0].hand)
    for name in discarded:
        hand.remove(name)
    assert sorted(after) == sorted(hand)
    assert session.game.state.discard[-len(discarded):] == discarded


def test_a_wrong_pick_is_refused_and_changes_nothing() -> None:
    stepper = _stepper_at(_discarding)
    session = stepper.session
    pick = session.pick()
    before = session.game.snapshot()
    with pytest.raises(IllegalAction, match=f"choose exactly {pick.count}"):
        session.take_picks(list(pick.options[:pick.count + 1]), session.stamp)
    with pytest.raises(IllegalAction, match="not one of the choices"):
        session.take_picks([type(pick.options[0])("discard", ("Nothing",), "Discard "
                                                  "Nothing")] * pick.count, session.stamp)
    with pytest.raises(StaleControl):
        session.take_picks(list(pick.options[:pick.count]), session.stamp - 1)
    assert session.game.snapshot() == before
    picks = stepper.cell(stepper.view.cell).picks
    picks.click(["not a key"])  # a browser message naming no card offered
    assert NOT_OFFERED in stepper.cell(stepper.view.cell).message.value
    cell = stepper.cell(stepper.view.cell)
    for bad in ({"event": "click", "keys": "all", "plan": "", "stamp": picks.stamp},
                {"event": "click", "keys": [key_of(pick.options[0])], "plan": "go on",
                 "stamp": picks.stamp},
                {"event": "click", "keys": [key_of(pick.options[0])], "plan": 3,
                 "stamp": picks.stamp}):
        cell.message.clear()
        picks._message(picks, bad, [])  # untrusted browser messages
        assert NOT_OFFERED in cell.message.value
    picks.press([key_of(pick.options[0])], "", picks.stamp - 1)
    assert STALE in stepper.cell(stepper.view.cell).message.value
    assert session.game.snapshot() == before


def test_a_plan_acts_only_at_its_own_seats_decisions() -> None:
    """A rule that would take any first choice still stops at another person's decision."""
    session = PlaySession.start("gamma_world", players=2, seed=1, seats=["human", "human"])
    session.advance(roll_for_person=True)
    assert session.waiting_for_person() and session.game.current_player == 0
    first = session.game.pending.actions[0]
    session._run((first,), lambda game, seat, done: game.pending.actions[0])
    assert not session.game.is_over  # (the rule would play on to the end, both seats)
    assert session.waiting_for_person() and session.game.current_player == 1
