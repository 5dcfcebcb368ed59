"""The coach on a play page in Chromium against a real Voila (issue 28, "What it must show"):
a Hint asked for at the person's decision shows each choice's chance of winning as a bar beside
it with its label, the action bar still in the window, and at
game over the Review draws the chart of the person's chance through the game and opens the
table at a costly decision, the game itself unchanged."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from explorer.engine.bots import make_bot
from explorer.ui.stepper import BUTTONS_UP_TO, Stepper
from tests.browser.test_play_layout import BAR, bar_in_view
from tests.browser.test_whole_games import click_mirror, click_page, next_click

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_hint_and_review_on_the_adventurers_page(page: Page, base_url: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{base_url}/voila/render/adventurers_play.ipynb", wait_until="commit")
    expect(page.locator(BAR).first).to_be_visible(timeout=120_000)
    mirror = Stepper("adventurers", players=2, seed=7)
    page.locator(".stepper-pace button", has_text="to my next choice").click()
    mirror.pace.value = "choice"
    status = page.locator(".stepper-status")
    expect(status).to_contain_text(f"Step {mirror.session.game.steps} ", timeout=60_000)
    chooser = make_bot(mirror.session.game, "heuristic", 99)
    hinted = False
    clicks = 0
    while not mirror.session.game.is_over:
        assert clicks < 200, "the game did not end"
        game = mirror.session.game
        if not hinted and len(game.legal_actions()) > 1:
            steps = game.steps
            hint = page.locator(f"{BAR} .step-hint button")
            expect(hint).to_be_enabled()
            hint.click()
            shown = page.locator(f"{BAR} .step-hint-view")
            expect(shown).to_contain_text("your chance of winning", timeout=60_000)
            # the best named, or, where the coach cannot tell the choices apart, that said
            expect(shown).to_contain_text(re.compile("Best: |cannot tell these choices apart"))
            together = "cannot tell these choices apart" in shown.inner_text()
            if len(game.legal_actions()) <= BUTTONS_UP_TO:  # a badge beside each choice
                badges = page.locator(f"{BAR} .step-choice-odds-box .coach-badge")
                expect(badges).to_have_count(len(game.legal_actions()))
                expect(badges.filter(has_text="too close to call" if together else "best")
                       .first).to_be_visible()
            else:  # each entry of the list says its chance, or that it cannot be told
                entries = page.locator(f"{BAR} .step-choices option")
                expect(entries.first).to_contain_text(
                    "too close to call" if together else "to win")
            expect(hint).to_be_disabled()  # one hint a step
            expect(status).to_contain_text(f"Step {steps} ")  # the hint decided nothing
            bar_in_view(page, "after the hint")
            hinted = True
        click = next_click(mirror, chooser)
        click_mirror(mirror, click)
        click_page(page, click)
        clicks += 1
        expect(status).to_contain_text(f"Step {mirror.session.game.steps} ", timeout=60_000)
    assert hinted
    final = mirror.session.game.steps
    review = page.locator(f"{BAR} .stepper-review").first
    review.click()
    panel = page.locator(".coach-review-panel").first
    expect(panel).to_contain_text("Review of Player 1", timeout=120_000)
    expect(panel.locator(".coach-review-chart svg").first).to_be_visible(timeout=60_000)
    opens = panel.locator(".coach-open-step")
    if opens.count():
        opens.first.click()
        expect(panel.locator(".coach-then-view")).to_contain_text("as Player 1 saw it")
        expect(panel.locator(".coach-then-view .table-view")).to_have_count(1)
    else:
        expect(panel).to_contain_text("No costly decision")
    expect(status).to_contain_text(f"Step {final} ")  # the game is unchanged
    assert not errors, errors
