"""A Rifts turn stepped through by clicking in the real page, mirrored on the engine.

The page is notebooks/rifts_play.ipynb served by Voila. Every click is repeated on a
PlaySession in this test process (same game, seed and seats), so after each click the page
must show exactly the engine's state: the same step number, the same last log line, and before
each roll the same exact odds as explorer.odds for that state.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from explorer import odds
from explorer.ui.session import PlaySession

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

LIVE = ".step-live"


def expect_step(page: Page, session: PlaySession) -> None:
    """The page shows the session's step number and its last log line."""
    expect(page.locator(".stepper-status")).to_contain_text(f"Step {session.game.steps} ",
                                                            timeout=120_000)
    if session.game.log:
        expect(page.locator(".stepper-log")).to_contain_text(str(session.game.log[-1]))


def odds_match(page: Page, session: PlaySession) -> None:
    """Before a roll the page shows explorer.odds' exact figures for the session's state."""
    expected = odds.at(session.game)
    assert expected is not None
    shown = page.locator(f"{LIVE} .step-odds")
    if expected.p is not None:
        expect(page.locator(f"{LIVE} .step-p")).to_have_attribute("data-exact", str(expected.p))
    for line in expected.breakdown:
        expect(shown).to_contain_text(line)
    if len(expected.outcomes) <= 60:
        expect(page.locator(f"{LIVE} .step-chart svg .mark-rect path")).to_have_count(
            len(expected.outcomes))


def click_choice(page: Page, session: PlaySession, text: str) -> None:
    view = session.view()
    index = next(i for i, c in enumerate(view.choices) if text in c)
    page.locator(f"{LIVE} .step-choice", has_text=text).first.click()
    session.act(index)
    session.advance()
    expect_step(page, session)


def roll(page: Page, session: PlaySession) -> None:
    odds_match(page, session)
    page.locator(f"{LIVE} .step-roll").click()
    session.roll()
    session.advance()
    expect_step(page, session)


def test_a_whole_rifts_turn_by_clicking(page: Page, base_url: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base_url}/voila/render/rifts_play.ipynb", wait_until="commit")
    session = PlaySession.start("rifts", players=2, seed=7)
    session.advance()
    expect_step(page, session)

    # Setup and the other player's first turn, played out by the bots.
    page.locator(".stepper-turn").click()
    session.play_to_end_of_turn()
    session.advance()
    expect_step(page, session)
    assert session.view().cell == "decision" and session.view().player == 0

    # The Decision Act: look for an adventure.
    click_choice(page, session, "Look for nearby Adventure")
    assert session.view().prompt.startswith("Mission")

    # What if the Mission roll shows 5 (Meet Foes, seed 000 line 420)? Force it, then undo.
    odds_match(page, session)
    before = session.game.steps
    page.locator(f"{LIVE} .step-whatif select").select_option(label="5")
    page.locator(f"{LIVE} .step-force").click()
    session.force(session.view().choices.index("5"))
    session.advance()
    expect_step(page, session)
    page.locator(".stepper-undo").click()
    session.undo()
    expect_step(page, session)
    assert session.game.steps == before
    page.locator(f"{LIVE} .step-whatif select").select_option(label="5")
    page.locator(f"{LIVE} .step-force").click()
    session.force(session.view().choices.index("5"))
    session.advance()
    expect_step(page, session)

    # The Foe is drawn, then a whole combat round: Escape, attacks, actions, Morale.
    rounds_seen = 0
    for _ in range(200):
        view = session.view()
        if view.kind == "over" or (session.game.state.combat is None and rounds_seen):
            break
        if view.kind == "chance":
            roll(page, session)
        elif view.choices[0] == "Fight this round":
            if rounds_seen == 1:
                break  # a second round begins: one whole round is done
            rounds_seen += 1
            click_choice(page, session, "Fight this round")
        else:
            click_choice(page, session, view.choices[0])
    assert rounds_seen == 1
    assert re.search(r"Morale roll|run away|destroyed", " ".join(
        str(e) for e in session.game.log[-40:]))
    assert not errors, errors
    assert not page.locator(".explorer-message-error").count()
