"""The Rat-King step-through page: an ADVENTURE ROUND played by clicking in Chromium against a
real Voila, every click mirrored on a PlaySession in this process (same seed and seats). Before
the round's actions and before the dice, the page shows explorer.odds.rat_king's exact
chances; after the dice, the table shows the ADVENTURE's result."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from explorer.games.rat_king import position
from explorer.odds import rat_king as rk_odds
from explorer.ui.session import PlaySession
from tests.browser.test_step_through import LIVE, click_choice, expect_step, roll

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SEED = 0
"""A 3-player game whose first player holds an ADVENTURE on his first turn."""
GENDERS = ("F", "M", "F")


def test_an_adventure_round_by_clicking(page: Page, base_url: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base_url}/voila/render/rat_king_play.ipynb", wait_until="commit")
    expect(page.locator(".stepper-status")).to_contain_text("Step", timeout=120_000)
    page.locator(".stepper-new").click()
    page.locator(".stepper-new-players select").select_option("3")
    page.locator(".stepper-new-seed input").fill(str(SEED))
    page.locator(".stepper-new-seed input").press("Enter")
    # each player's gender, what his ME card's "*" stands for (issue 25, item 6; line 85)
    genders = page.locator(".stepper-new-gender select")
    expect(genders).to_have_count(3)
    for index, gender in enumerate(GENDERS):
        genders.nth(index).select_option("female" if gender == "F" else "male")
    page.locator(".stepper-new-start").click()
    session = PlaySession.start("rat_king", players=3, seed=SEED, genders=list(GENDERS))
    session.advance()
    expect_step(page, session)

    # The setup: the ME cards, the dealer and the deal, then Player 1's draw to five.
    while session.game.is_chance:
        roll(page, session)
    assert session.waiting_for_person()
    for seat, gender in enumerate(GENDERS):  # each ME card shows its player's gender
        me = position(session.game)["groups"][seat][0]["name"]
        card = page.locator(f'{LIVE} .table-rk-character[data-seat="{seat}"]'
                            f'[data-name="{me}"] .card-face-badge').first
        expect(card).to_have_text("* female" if gender == "F" else "* male")

    click_choice(page, session, "Play an ADVENTURE")
    adventure = session.game.pending.actions[0].args[0]
    click_choice(page, session, f"Play {adventure}")
    while session.game.is_chance:  # its player draws a card first (seed 002, line 54)
        roll(page, session)
    expect(page.locator(f'{LIVE} .table-rk-adventure[data-name="{adventure}"]')).to_be_visible()

    # The round: at each of Player 1's actions, the chance of winning beside Pass is exact.
    for _ in range(40):
        if session.game.is_chance:
            break
        found = dict(session.choices())
        passing = next(o for a, o in found.items() if a.name == "pass")
        row = page.locator(f"{LIVE} .step-choice", has_text="Pass").locator("xpath=..")
        expect(row).to_contain_text(f"Player 1 wins {float(passing.extra['win'][0]):.0%}")
        click_choice(page, session, "Pass")
    assert session.game.is_chance and "ADVENTURE DIE" in session.game.pending.label

    # Before the dice: who wins, exactly; then every die rolled by clicking.
    chances = rk_odds.adventure_odds(session.game).extra["win"]
    for seat, p in enumerate(chances):
        expect(page.locator(f'{LIVE} .advice-win[data-seat="{seat}"]')).to_have_attribute(
            "data-exact", str(p))
    while session.game.is_chance and "ADVENTURE DIE" in session.game.pending.label:
        roll(page, session)
    last = position(session.game)["last_adventure"]
    assert last is not None and last["name"] == adventure
    outcome = ("discarded" if last["winner"] is None
               else f"Player {last['winner'] + 1} wins {adventure}")
    expect(page.locator(".stepper-log")).to_contain_text(outcome)
    assert not errors, errors
    assert not page.locator(".explorer-message-error").count()
