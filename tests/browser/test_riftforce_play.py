"""The Riftforce step-through page played by clicking the table in Chromium, against a real
Voila, every click mirrored on a PlaySession in this process (same seed and seats).

A guild is taken by clicking its summoner; a Play is a click on a card in hand and then on a
location, and the board must then show the card there (its face, in the person's column).
Before a Check & Draw and at each card drawn, the page shows explorer.odds' exact figures.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from explorer.games.riftforce import position
from explorer.odds.riftforce import best_actions
from explorer.ui.board import click_targets, hand_key, location_key
from explorer.ui.session import PlaySession
from tests.browser.test_step_through import LIVE, expect_step, roll

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def click_key(page: Page, session: PlaySession, key: str) -> None:
    """Click the part of the table ``key`` names and make the same choice on the session."""
    page.locator(f'{LIVE} [data-click="{key}"].board-clickable').first.click()
    pending = session.game.pending
    target = click_targets(pending.actions, pending.player)[key]
    assert target.index is not None
    session.act(target.index)
    session.advance()
    expect_step(page, session)


def column(page: Page, location: int, seat: int):
    return page.locator(f'{LIVE} .table-location[data-location="{location + 1}"] '
                        f'.table-elemental[data-seat="{seat}"]')


def test_a_riftforce_turn_by_clicking_the_table(page: Page, base_url: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base_url}/voila/render/riftforce_play.ipynb", wait_until="commit")
    session = PlaySession.start("riftforce", players=2, seed=7)
    session.advance()
    expect_step(page, session)

    # The guild selection: roll the random draws, pick each guild on its summoner.
    for _ in range(60):
        view = session.view()
        if view.kind == "chance":
            roll(page, session)
            continue
        if view.phase != "selection.picks":
            break
        name = session.game.pending.actions[0].args[0]
        expect(page.locator(f'{LIVE} .table-summoner[data-name="{name}"]')).to_be_visible()
        click_key(page, session, f"guild:{name}")
    assert session.game.state.draft.done
    assert len(session.game.state.sides[0].guilds) == 4

    # The setup's draws and, if the bot moves first, its turn: until Player 1 chooses.
    for _ in range(60):
        if session.waiting_for_person() and session.view().phase == "turn":
            break
        roll(page, session)
    assert session.view().phase == "turn" and session.view().player == 0

    # Play: click a card in hand, then a location it may go to; the board shows it there.
    page.locator(f"{LIVE} .step-choice", has_text="Play up to 3 cards").click()
    session.act(next(i for i, c in enumerate(session.view().choices)
                     if c == "Play up to 3 cards"))
    session.advance()
    expect_step(page, session)
    card = session.game.pending.actions[0].args[0]
    page.locator(f'{LIVE} [data-click="{hand_key(0, card)}"]').first.click()
    expect(page.locator(f'{LIVE} .board-selected[data-click="{hand_key(0, card)}"]')
           ).to_have_count(1)
    target = click_targets(session.game.pending.actions, 0, selected=card)
    places = [key for key in target if key.startswith("location:")]
    assert places, target
    location = int(places[-1].split(":")[1])
    before = column(page, location, 0).count()
    page.locator(f'{LIVE} [data-click="{location_key(location)}"].board-clickable').click()
    session.act(target[location_key(location)].index)
    session.advance()
    expect_step(page, session)
    expect(column(page, location, 0)).to_have_count(before + 1)
    expect(column(page, location, 0).last).to_have_attribute("data-name", card)
    assert card in position(session.game)["board"][location][0]

    # Stop the Play; the bot answers; the page is at Player 1's next action.
    for _ in range(200):
        view = session.view()
        if view.kind == "chance":
            roll(page, session)
            continue
        if view.phase == "turn" and session.waiting_for_person():
            break
        stop = next(i for i, a in enumerate(session.game.pending.actions) if a.name == "done")
        if len(view.choices) <= 8:  # buttons, else a list and Take
            page.locator(f"{LIVE} .step-choice").nth(stop).click()
        else:
            page.locator(f"{LIVE} .step-choices select").select_option(index=stop)
            page.locator(f"{LIVE} .step-take").click()
        session.act(stop)
        session.advance()
        expect_step(page, session)
    assert session.view().phase == "turn"

    # Beside Check & Draw: the exact chance of at least one card of each guild.
    check = dict(session.choices())
    odds = next(o for a, o in check.items() if a.name == "check")
    row = page.locator(f"{LIVE} .step-choice", has_text="Check & Draw").locator("xpath=..")
    for name, p in odds.outcomes:
        expect(row).to_contain_text(f"{name} {float(p):.0%}")

    # The best-action panel lists the finder's complete actions for this position.
    best = best_actions(session.game)[0]
    expect(page.locator(f"{LIVE} .advice-box .advice-text").nth(1)).to_contain_text(best.text)
    assert not errors, errors
    assert not page.locator(".explorer-message-error").count()
