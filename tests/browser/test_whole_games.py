"""Whole games played by clicks on each of the five play pages, in Chromium against a real
Voila (issue 27, "What it must show"): seat 1 a person, the other seats the heuristic bot, the
pace "to my next choice"; after every click the page shows the step an in-process mirror of the
page (a Stepper with the same game, seed and seats, clicked the same way) is at, and the action
bar's controls are inside the 1280x800 window; at the end the final table and the game-over
summary are on screen; every decision of the person's seat was taken by one of the person's
clicks (never while rolling, never by a bot); and the clicks are counted.

The person's click model is tests/test_pace.py's: at each decision, the control of the action
a heuristic bot would choose for the seat (a button, an entry of a long list), a plan whose
first action it is ("Draw a card with each of my 3 AP left", "Fight every round to the end"),
or one pick of the cards it would discard.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect

from explorer.engine import Decision
from explorer.engine.bots import make_bot
from explorer.ui.controls import key_of
from explorer.ui.stepper import BUTTONS_UP_TO, Stepper
from tests.browser.test_play_layout import BAR, bar_in_view
from tests.browser.test_step_through import LIVE
from tests.test_pace import _bots_picks, _controls

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

TODAY = {"rifts": 454, "gamma_world": 456}
"""Today's clicks for the same whole games, measured in-process with tests/test_pace.py's
click model, the pace "every roll" and no plans: Rifts seed 7, 2 players, on b6d6183 (before
the action bar and the plans); Gamma World seed 1, 2 players, on cdc5217 (TODAY_CLICKS
there). Gamma World's page game (seed 7) is longer in choices: 471 clicks today and 154 now,
a third; its New game with seed 1 is played here (456 today, 86 in-process now)."""
GAMES = (  # (page, players, seed: the page's own game unless a New game is started)
    ("rifts", 2, 7), ("gamma_world", 2, 1), ("adventurers", 2, 7), ("rat_king", 3, 7),
    ("riftforce", 2, 7))
PAGE_SEED = 7
"""The seed every play page starts with (notebooks/*_play.py)."""


@dataclass(frozen=True)
class Click:
    """One click of the person: ``kind`` roll, choice, menu, plan or pick; ``label`` the
    control's text; ``keys`` the entries a list or a pick names; ``plan`` a pick's plan."""

    kind: str
    label: str = ""
    keys: tuple[str, ...] = ()
    plan: str = ""


def next_click(stepper: Stepper, chooser) -> Click:
    """The person's next click on the mirror's page (nothing clicked yet)."""
    session = stepper.session
    pending = session.game.pending
    if not isinstance(pending, Decision):
        return Click("roll")
    action = chooser.choose(session.game)
    action = pending.actions[pending.actions.index(action)]  # as the page lists it
    pick = session.pick()
    if pick is not None and _controls(stepper, "step-pick") and action in pick.options:
        chosen, after = _bots_picks(session.game, pick.count)
        plan = pick.plans[0] if pick.plans and after is not None and \
            after.name == "draw" else None
        return Click("pick", plan.label if plan else pick.verb,
                     tuple(key_of(a) for a in chosen), plan.key if plan else "")
    for plan in session.plans():
        if plan.first[0] == action:
            return Click("plan", plan.label, (plan.key,))
    if len(pending.actions) <= BUTTONS_UP_TO:
        return Click("choice", str(action))
    return Click("menu", str(action), (key_of(action),))


def click_mirror(stepper: Stepper, click: Click) -> None:
    """The same click on the mirror's widgets."""
    if click.kind == "roll":
        _controls(stepper, "step-roll")[0].click()
    elif click.kind == "choice":
        next(b for b in _controls(stepper, "step-choice") if b.description == click.label
             ).click()
    elif click.kind == "plan":
        next(b for b in _controls(stepper, "step-plan") if b.description == click.label
             ).click()
    elif click.kind == "pick":
        _controls(stepper, "step-pick")[0].click(list(click.keys), click.plan)
    else:
        _controls(stepper, "step-choices")[0].click(click.keys[0])


def click_page(page: Page, click: Click) -> None:
    """The same click in the browser, on the action bar's control."""
    if click.kind == "roll":
        page.locator(f"{BAR} .step-roll button").click()
    elif click.kind in ("choice", "plan"):
        page.locator(f"{BAR} .step-{click.kind} button").filter(
            has_text=re.compile(f"^\\s*{re.escape(click.label)}\\s*$")).first.click()
    elif click.kind == "pick":
        boxes = page.locator(f"{BAR} .step-pick input[type=checkbox]")
        for number in range(boxes.count()):
            if boxes.nth(number).get_attribute("value") in click.keys:
                boxes.nth(number).check()
        page.locator(f"{BAR} .step-pick button", has_text=click.label).first.click()
    else:
        page.locator(f"{BAR} .step-choices select").select_option(value=click.keys[0])
        page.locator(f"{BAR} .step-take").click()


def person_decisions_by_click(stepper: Stepper, spans: list[tuple[int, int, Click]]
                              ) -> list[tuple[Click, int]]:
    """Each click with the decisions of seat 1 taken while it was worked out, from the game's
    record walked again with forced steps (the engine's own record, not the page's); a
    decision with one legal action is no choice (the pace "to my next choice" takes it)."""
    game = stepper.session.game
    walk = game.at(0)
    counts = [0] * len(spans)
    span = 0
    for step in range(game.steps):
        while span < len(spans) and step >= spans[span][1]:
            span += 1
        chance, index, _, _ = game._inputs[step]
        pending = walk.pending
        if chance:
            walk.step(pending.outcomes[index])
            continue
        if pending.player == 0 and len(pending.actions) > 1:  # (one choice: no decision)
            assert span < len(spans) and spans[span][0] <= step, \
                f"step {step}: a decision of the person's seat taken before any click"
            counts[span] += 1
        walk.step(pending.actions[index])
    return [(click, count) for (_, _, click), count in zip(spans, counts, strict=True)]


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_a_whole_game_by_clicks(page: Page, base_url: str, game: str, players: int,
                                seed: int) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{base_url}/voila/render/{game}_play.ipynb", wait_until="commit")
    expect(page.locator(BAR).first).to_be_visible(timeout=120_000)
    clicks = 0
    if seed != PAGE_SEED:  # a New game with the seed (its clicks count)
        page.locator(".stepper-new").click()
        page.locator(".stepper-new-seed input").fill(str(seed))
        page.locator(".stepper-new-seed input").press("Enter")
        page.locator(".stepper-new-start").click()
        clicks += 3
        expect(page.locator(".stepper-message")).to_contain_text(f"seed {seed}")
    mirror = Stepper(game, players=players, seed=seed)
    assert mirror.session.seats == ["human"] + ["heuristic"] * (players - 1)
    page.locator(".stepper-pace button", has_text="to my next choice").click()
    mirror.pace.value = "choice"
    clicks += 1
    chooser = make_bot(mirror.session.game, "heuristic", 99)
    spans: list[tuple[int, int, Click]] = []
    status = page.locator(".stepper-status")
    expect(status).to_contain_text(f"Step {mirror.session.game.steps} ", timeout=60_000)
    while not mirror.session.game.is_over:
        assert clicks < 400, "the game did not end"
        click = next_click(mirror, chooser)
        before = mirror.session.game.steps
        click_mirror(mirror, click)
        assert "error" not in mirror.message.value, mirror.message.value
        spans.append((before, mirror.session.game.steps, click))
        click_page(page, click)
        clicks += 1
        expect(status).to_contain_text(f"Step {mirror.session.game.steps} ", timeout=60_000)
        # the mirror, like the page, stops at the person's next decision or the end
        assert mirror.session.game.is_over or mirror.session.waiting_for_person()
        bar_in_view(page, f"{game}, after click {clicks} ({click.kind} {click.label})")
    expect(status).to_contain_text("Game over")
    over = page.locator(f"{BAR} .stepper-over-cell")
    expect(over).to_contain_text("Rematch")
    table = page.locator(f"{LIVE} .table-view, {LIVE} .board-view").first
    table.scroll_into_view_if_needed()
    expect(table).to_be_in_viewport()
    if game != "riftforce":  # the table at the final step
        expect(page.locator(f"{LIVE} .table-view").first).to_have_attribute(
            "data-step", str(mirror.session.game.steps))
    for click, decided in person_decisions_by_click(mirror, spans):
        if click.kind in ("roll",):
            assert decided == 0, "a roll decided for the person"
        elif click.kind in ("choice", "menu"):
            assert decided == 1, (click, decided)
        elif click.kind == "pick" and not click.plan:
            assert decided == len(click.keys), (click, decided)
        else:  # a plan asked for: its first decision at least
            assert decided >= 1, (click, decided)
    assert not errors, errors
    print(f"{game}: {clicks} clicks")
    if game in TODAY:
        assert clicks * 4 <= TODAY[game], f"{clicks} clicks, today {TODAY[game]}"
