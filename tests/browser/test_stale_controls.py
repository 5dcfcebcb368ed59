"""Issue 25 item 2 in Chromium, against a real Voila: a click on a control drawn for an earlier
step is refused, says so beside the controls, and changes nothing. Issue 27 item 7: a double
click on a step's button or list is one click (the button is off from the first click until
the next step is drawn), said nothing about; a double click on the table is refused as before.

A stale click is made as a person makes one: two clicks in the same instant on a control (a
double click, or a click on a control and one on another), so that the second leaves the page
before the kernel's drawing of the next step reaches it, with the stamp of the step it was
drawn for. Each page is mirrored on a PlaySession in this process (same game, seed and
seats): after the two clicks the page must be exactly one move on, the mirror's.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from explorer.engine import Decision
from explorer.ui.session import PlaySession
from tests.browser.test_step_through import LIVE, expect_step, roll
from tests.test_controls import SLIME, slime_position

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

REFUSED = re.compile(r"That (choice|click) was (for|on) an earlier (step|position)")
"""A button's or a list's refusal (explorer.ui.session.STALE), or the table's."""
PAGES = {"rifts": 2, "adventurers": 2, "gamma_world": 2, "riftforce": 2, "rat_king": 3}
"""Each step-through page's game and its players (notebooks/<game>_play.py, seed 7)."""


def twice(control: Locator) -> None:
    """Two clicks on ``control`` in one instant (the second is made on the same drawing)."""
    control.evaluate("(node) => { node.click(); node.click(); }")


def refused_beside_the_controls(page: Page) -> None:
    """The refusal is said in the live cell's message line, beside the step's controls."""
    expect(page.locator(f"{LIVE} .step-message").first).to_contain_text(REFUSED,
                                                                        timeout=120_000)


def one_click_said_nothing(page: Page) -> None:
    """A double click on a step's button was one click: no refusal beside the controls."""
    expect(page.locator(f"{LIVE} .step-message").first).not_to_contain_text(REFUSED)


def open_page(page: Page, base_url: str, game: str) -> tuple[PlaySession, list[str]]:
    """The game's step-through page, its mirror, and the page's script errors (kept)."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base_url}/voila/render/{game}_play.ipynb", wait_until="commit")
    session = PlaySession.start(game, players=PAGES[game], seed=7)
    session.advance()
    expect_step(page, session)
    return session, errors


def test_item2_the_slippery_slime_case_on_the_rat_king_page(page: Page, base_url: str,
                                                              tmp_path) -> None:
    """The issue's case: a button labelled "Play Slippery Slime", clicked again once the game
    is at the choice of the STUFF to flip, must not flip the STUFF whose button took its
    place (a Chainmail Shirt in the issue)."""
    saved, place = slime_position()
    session, errors = open_page(page, base_url, "rat_king")
    path = tmp_path / "slime.json"
    path.write_text(saved, encoding="utf-8")
    page.locator(".stepper-load input[type=file]").set_input_files(str(path))
    expect(page.locator(".stepper-message")).to_contain_text("Game loaded from")
    session.load(saved)
    expect_step(page, session)
    slime = page.locator(f"{LIVE} .step-choice", has_text=SLIME).locator("button")
    expect(slime).to_have_count(1)

    twice(slime)
    pending = session.game.pending
    assert isinstance(pending, Decision)
    session.take(next(a for a in pending.actions if str(a) == SLIME))
    session.advance()
    flip = session.game.pending
    assert isinstance(flip, Decision) and str(flip.actions[place]).startswith("Flip ")
    # the button in Slippery Slime's place now flips a STUFF: the second click was not taken
    expect_step(page, session)  # one move on: Slippery Slime played, nothing flipped
    one_click_said_nothing(page)
    expect(page.locator(f"{LIVE} .step-choice").nth(place)).to_have_text(
        str(flip.actions[place]))
    assert not errors, errors
    assert not page.locator(".explorer-message-error").count()


@pytest.mark.parametrize("game", sorted(PAGES))
def test_item2_one_stale_click_per_game(page: Page, base_url: str, game: str) -> None:
    """Rifts: "Make it so" of a "what if"; Riftforce: a summoner on the table; the others:
    the pending step's Roll (or Draw), else its first choice (Take, on a long list). Clicked
    twice at once, the game is one move on: the table's second click is refused and said so,
    a button's second click is not taken at all."""
    session, errors = open_page(page, base_url, game)
    if game == "riftforce":  # to the guild selection, a choice made on the table
        for _ in range(60):
            if not session.game.is_chance and session.view().phase == "selection.picks":
                break
            roll(page, session)
        pending = session.game.pending
        assert isinstance(pending, Decision) and session.waiting_for_person()
        action = pending.actions[0]
        twice(page.locator(f'{LIVE} [data-click="guild:{action.args[0]}"].board-clickable'))
        session.take(action)
    elif game == "rifts":  # the first draw of setup, forced by "what if"
        pending = session.game.pending
        outcome = pending.outcomes[1]
        page.locator(f"{LIVE} .step-whatif select").select_option(label=str(outcome))
        twice(page.locator(f"{LIVE} .step-force"))
        session.force(outcome)
    elif session.game.is_chance:
        twice(page.locator(f"{LIVE} .step-roll button"))
        session.roll()
    else:
        pending = session.game.pending  # its first choice: a button, or Take on a list
        twice(page.locator(f"{LIVE} .step-choice button" if len(pending.actions) <= 8
                           else f"{LIVE} .step-take").first)
        session.take(pending.actions[0])
    session.advance()
    if game == "riftforce":  # the table's second click is refused and said so
        refused_beside_the_controls(page)
    expect_step(page, session)
    if game != "riftforce":
        one_click_said_nothing(page)
    assert not errors, errors
    assert not page.locator(".explorer-message-error").count()
