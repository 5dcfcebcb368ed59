"""Issue 25 item 2: a page's controls always belong to the step on screen.

A click on a control drawn for an earlier step (a button, a card on the table, a "what if"
choice, a best action's Take) is refused with a message beside the controls and changes
nothing, whatever failed or is still computing; no control is mapped to an action by its place
in a list; odds that fail leave the step's controls drawn, the odds line saying they are not
available. The issue's case: on the Rat-King page the odds failed, the page kept the buttons of
the step before, and one labelled "Play Slippery Slime" flipped a Chainmail Shirt.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

import explorer.odds
from explorer.engine import Decision, load_game
from explorer.engine.bots import make_bot
from explorer.errors import IllegalAction, StaleControl
from explorer.ui.controls import StepButton, StepMenu, key_of
from explorer.ui.session import CELLS, STALE, PlaySession
from explorer.ui.stepper import Stepper
from tests.test_board import _turn
from tests.test_stepper import _past_setup

SLIME = "Play Slippery Slime"
EARLIER = "earlier step"
"""What the refusal of a control of an earlier step says (explorer.ui.session.STALE)."""


@cache
def slime_position() -> tuple[str, int]:
    """A 3-player Rat-King game (saved) at Player 1's choice among at most 8 cards that
    include Slippery Slime ("flip one STUFF card on a participating CHARACTER"), where playing
    it leads to Player 1's choice of the STUFF to flip, and the button in Slippery Slime's
    place would then flip a STUFF: a Chainmail Shirt when such a game is found in the first
    seeds, as in the issue. Returns the saved game and Slippery Slime's place."""
    fallback: tuple[str, int] | None = None
    for seed in range(400):
        game = PlaySession.start("rat_king", players=3, seed=seed).game
        bots = [make_bot(game, "heuristic", seed * 10 + seat) for seat in range(3)]
        while not game.is_over and game.steps < 2000:
            pending = game.pending
            if isinstance(pending, Decision) and pending.player == 0:
                texts = [str(a) for a in pending.actions]
                if SLIME in texts and len(texts) <= 8:
                    place = texts.index(SLIME)
                    after = load_game(game.to_json())
                    after.step(pending.actions[place])
                    then = after.pending
                    if isinstance(then, Decision) and then.player == 0 and \
                            len(then.actions) > place and \
                            str(then.actions[place]).startswith("Flip "):
                        if "Chainmail Shirt" in str(then.actions[place]):
                            return game.to_json(), place
                        fallback = fallback or (game.to_json(), place)
            if game.is_chance:
                game.step()
            else:
                game.step(bots[game.current_player].choose(game))
        if fallback is not None and seed >= 60:
            return fallback
    assert fallback is not None, "no game of the first 400 seeds plays Slippery Slime"
    return fallback


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _stepper_at_slime() -> tuple[Stepper, object]:
    saved, _ = slime_position()
    stepper = Stepper("rat_king", players=3, seed=1)
    stepper.upload.upload("slime.json", saved)  # as a person loads a saved game
    cell = stepper.cell(stepper.view.cell)
    return stepper, cell


def _buttons(cell) -> list[StepButton]:
    return [w for w in _walk(cell) if isinstance(w, StepButton) and "step-choice" in
            w._dom_classes]


def test_item2_a_stale_button_is_refused_and_changes_nothing() -> None:
    """The Slippery Slime case: a click sent from the drawing of the step before (the second
    click of a double click, arriving after the kernel drew the next step) is refused; so is a
    click on buttons left from the step before (the page could not draw the next step)."""
    stepper, cell = _stepper_at_slime()
    session = stepper.session
    slime = next(b for b in _buttons(cell) if b.description == SLIME)
    drawn = slime.stamp
    assert drawn == session.stamp
    slime.press(drawn)  # the first click plays Slippery Slime
    assert any("Slippery Slime" in e.line(None) for e in session.game.log[-3:])
    flip = session.game.pending
    assert isinstance(flip, Decision) and str(flip.actions[0]).startswith("Flip ")
    assert slime.description != SLIME  # the kernel drew the next step in its place
    before = session.game.to_json()
    slime.press(drawn)  # the second click, made on "Play Slippery Slime"
    assert session.game.to_json() == before  # nothing flipped
    # the second click of a double click is one click: refused without a word
    assert cell.message.value == "" and stepper.message.value == ""
    slime.press(drawn - 1)  # a click from a drawing of another earlier step: said so
    assert session.game.to_json() == before
    assert EARLIER in cell.message.value and stepper.message.value == ""

    # The page's drawing failed after a move: its buttons are still those of the step before.
    stepper.session.undo()
    stepper.refresh(advance=False)
    slime = next(b for b in _buttons(cell) if b.description == SLIME)
    action = next(a for a in session.game.pending.actions if str(a) == SLIME)
    session.take(action)  # the game moves on; the page is not redrawn
    before = session.game.to_json()
    assert slime.description == SLIME
    slime.click()  # clicked as it is on screen
    assert session.game.to_json() == before
    assert EARLIER in cell.message.value


def test_item2_a_move_with_an_earlier_stamp_is_refused_by_the_session() -> None:
    session = PlaySession.start("rifts", players=2, seed=7)
    stamp = session.stamp
    outcome = session.game.pending.outcomes[0]
    session.roll(stamp)
    assert session.stamp != stamp
    before = session.game.to_json()
    for move in (lambda: session.roll(stamp), lambda: session.force(outcome, stamp),
                 lambda: session.force(0, stamp), lambda: session.follow((), stamp),
                 lambda: session.roll("1"), lambda: session.roll(True)):  # type: ignore
        with pytest.raises(StaleControl, match="earlier step"):
            move()
    assert session.game.to_json() == before
    assert STALE.startswith("That choice was for an earlier step")
    # an undo, a load, a new game: each is a step of its own
    now = session.stamp
    session.undo()
    assert session.stamp not in (now, stamp)
    again = PlaySession.start("rifts", players=2, seed=7)
    assert again.stamp != session.stamp  # a new game never repeats a stamp
    session.play_to_end_of_turn()
    session.advance()
    before = session.game.to_json()
    with pytest.raises(IllegalAction, match="not a legal choice"):
        session.take(outcome, session.stamp)  # type: ignore[arg-type]
    assert session.game.to_json() == before


def test_item2_odds_that_fail_leave_the_steps_controls_and_say_so_beside_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def fails(*_args: object, **_kwargs: object) -> None:
        raise KeyError("group")

    monkeypatch.setattr(explorer.odds, "choices", fails)
    stepper, cell = _stepper_at_slime()
    session = stepper.session
    pending = session.game.pending
    buttons = _buttons(cell)
    assert [b.description for b in buttons] == [str(a) for a in pending.actions]
    assert {b.stamp for b in buttons} == {session.stamp}
    assert cell.odds_missing in cell.odds_box.children
    assert "not available for this step" in cell.odds_missing.value
    assert "could not be worked out" in cell.message.value
    assert cell.message in cell.bar.children and cell.bar in cell.body.children  # in the bar
    assert "odds" not in stepper.message.value  # not at the top of the page
    assert "Traceback" not in cell.message.value and "KeyError" not in cell.message.value
    next(b for b in buttons if b.description == SLIME).click()
    flip = session.game.pending  # the step after: drawn too, its buttons its own
    assert [b.description for b in _buttons(cell)] == [str(a) for a in flip.actions]
    assert {b.stamp for b in _buttons(cell)} == {session.stamp}
    assert "not available" in cell.odds_missing.value and cell.odds_missing in \
        cell.odds_box.children


def test_item2_odds_of_a_roll_that_fail_leave_its_roll_and_what_if(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def fails(*_args: object, **_kwargs: object) -> None:
        raise ValueError("no odds")

    monkeypatch.setattr(explorer.odds, "at", fails)
    stepper = Stepper("rifts", players=2, seed=7)
    cell = stepper.cell(stepper.view.cell)
    session = stepper.session
    assert cell.roll_button.stamp == cell.what_if.stamp == session.stamp
    assert cell.roll_button.description == "Draw"
    assert cell.odds_missing in cell.odds_box.children
    assert "could not be worked out" in cell.message.value and stepper.message.value == ""
    key = cell.what_if.key_of("Mind Melter")
    cell.what_if.click(key)
    assert session.game.state.parties[0].members[0].name == "Mind Melter"


def test_item2_a_stale_what_if_or_roll_is_refused() -> None:
    stepper = Stepper("rifts", players=2, seed=7)
    cell = stepper.cell(stepper.view.cell)
    session = stepper.session
    drawn = cell.what_if.stamp
    key = cell.what_if.key_of("Mind Melter")
    cell.roll_button.press(drawn)  # Draw: the game moves on
    before = session.game.to_json()
    cell.what_if.press(key, drawn)  # "Make it so" with Mind Melter, from the drawing before
    assert session.game.to_json() == before
    assert EARLIER in cell.message.value
    cell.roll_button.press(drawn)  # a second Draw from the drawing before
    assert session.game.to_json() == before
    chosen = cell.what_if.selected
    cell.what_if.choose(key, drawn)  # a choice in the list of the drawing before: set back
    assert cell.what_if.selected == chosen
    cell.what_if.press("('card', ('Nobody',))", cell.what_if.stamp)  # not in the list
    assert session.game.to_json() == before
    assert "not one of the choices" in cell.message.value


def test_item2_a_stale_click_on_a_card_of_the_table_is_refused() -> None:
    stepper = Stepper("riftforce", seats=["human", "human"], seed=4)
    session = stepper.session
    while session.game.phase != "selection.picks" or session.game.is_chance:
        stepper.roll()
    cell = stepper.cell(stepper.view.cell)
    board = stepper.table
    drawn = board.step
    assert drawn == session.stamp
    first, second = [k for k in board.clickable if k.startswith("guild:")][:2]
    picker = session.game.current_player
    board._message(board, {"event": "click", "key": first, "step": drawn}, [])
    assert session.game.state.sides[picker].guilds[-1] == first.split(":", 1)[1]
    before = session.game.to_json()
    board._message(board, {"event": "click", "key": second, "step": drawn}, [])
    assert session.game.to_json() == before
    assert "earlier" in cell.message.value
    # the board's own callback, reached with a drawing of an earlier step: refused too
    action = next(t.action for t in board.targets.values() if t.action is not None)
    board._on_choice(action, drawn)
    assert session.game.to_json() == before and EARLIER in cell.message.value


def test_item2_a_stale_best_action_is_refused() -> None:
    stepper = _turn()
    for name in CELLS["riftforce"]:
        stepper.cell(name)
    cell = stepper.cell(stepper.view.cell)
    panel = stepper.advice
    assert panel is not None and panel.applies(stepper.session)
    take = next(w for w in _walk(panel) if isinstance(w, StepButton))
    drawn = take.stamp
    assert drawn == stepper.session.stamp
    next(b for b in _buttons(cell) if b.description.startswith("Play")).click()
    before = stepper.session.game.to_json()
    take.press(drawn)
    assert stepper.session.game.to_json() == before
    assert EARLIER in stepper.cell(stepper.view.cell).message.value  # beside the controls


@pytest.mark.parametrize("game", ["rifts", "adventurers", "gamma_world", "riftforce",
                                  "rat_king"])
def test_item2_no_control_takes_an_action_by_its_place_in_a_list(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every click of a choice (a random one of the buttons, or of a long list) takes the
    Action it shows, and no control goes through the place of a choice in a list."""
    def by_place(*_args: object) -> None:
        raise AssertionError("a control took a choice by its place in a list")

    taken: list[str] = []
    take = PlaySession.take

    def spy(self: PlaySession, action: object, stamp: int | None = None) -> None:
        taken.append(str(action))
        take(self, action, stamp)  # type: ignore[arg-type]

    monkeypatch.setattr(PlaySession, "act", by_place)
    monkeypatch.setattr(PlaySession, "take", spy)
    stepper = Stepper(game, players=2, seed=5, seats=["human", "human"])
    rng = random.Random(game)
    clicked = 0
    for _ in range(120):
        view = stepper.view
        if view.kind == "over" or clicked >= 12:
            break
        cell = stepper.cell(view.cell)
        if view.kind == "chance":
            cell.roll_button.click()
            continue
        buttons = [b for b in _buttons(cell) if b in _visible(cell)]
        if buttons:
            button = rng.choice(buttons)
            shown = button.description
            button.click()
        else:
            menu = next(w for w in _walk(cell) if isinstance(w, StepMenu) and
                        "step-choices" in w._dom_classes)
            key, shown = rng.choice(menu.options)
            menu.click(key)
            shown = shown.rsplit(" (", 1)[0] if shown.endswith("%)") else shown
        assert taken[-1] == shown, (taken[-1], shown)
        assert stepper.message.value == "" and "error" not in cell.message.value
        clicked += 1
    assert clicked >= 5


def _visible(cell) -> list:
    return list(_walk(cell.body))


def test_item2_a_list_key_names_the_action_not_its_place() -> None:
    stepper, _ = _stepper_at_slime()
    pending = stepper.session.game.pending
    menu = StepMenu()
    seen: list[object] = []
    entries = [(key_of(a), str(a), a) for a in pending.actions]
    menu.bind(7, list(reversed(entries)), seen.append)  # another order: the same keys
    menu.press(key_of(pending.actions[0]), 7)
    assert seen == [pending.actions[0]]
    menu.press(key_of(pending.actions[0]), 6)  # a drawing before
    assert seen == [pending.actions[0]]


def test_item2_a_step_redrawn_keeps_its_odds_beside_its_controls() -> None:
    """Redrawn without a move (a seat changed, Show every hand ticked), the step's odds come
    back beside its buttons; nothing is left marked as the odds of another step."""
    stepper = Stepper("rifts", players=2, seed=7)
    _past_setup(stepper.session)
    stepper.refresh()
    cell = stepper.cell(stepper.view.cell)
    shown = [odds.value for _, odds, _ in cell._rows[:len(_buttons(cell))]]
    assert any('class="step-choice-p"' in value for value in shown)
    stepper.refresh(advance=False)
    assert [odds.value for _, odds, _ in cell._rows[:len(shown)]] == shown
    assert "step-odds-stale" not in cell.odds_box._dom_classes


def test_item2_whatever_fails_to_draw_the_steps_controls_are_drawn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The table of the next step cannot be drawn: the step's buttons are still drawn for it
    (stamp and labels), and the page says so beside them."""
    stepper = Stepper("rifts", players=2, seed=7)
    for name in CELLS["rifts"]:  # the page's cells
        stepper.cell(name)
    _past_setup(stepper.session)
    stepper.refresh()
    cell = stepper.cell(stepper.view.cell)
    before = [b.description for b in _buttons(cell)]

    def fails(*_args: object) -> None:
        raise RuntimeError("the table")

    monkeypatch.setattr(PlaySession, "position", fails)
    next(b for b in _buttons(cell) if "Look for nearby Adventure" in b.description).click()
    session = stepper.session
    cell = stepper.cell(stepper.view.cell)
    pending = session.game.pending
    if isinstance(pending, Decision):
        assert [b.description for b in _buttons(cell)] == [str(a) for a in pending.actions]
        assert {b.stamp for b in _buttons(cell)} == {session.stamp}
    else:
        assert cell.roll_button.stamp == session.stamp
        assert [b.description for b in _buttons(cell)] != before or not before
    assert "could not be drawn" in cell.message.value
    assert "RuntimeError" not in cell.message.value
