"""The play pages' layout in Chromium against a real Voila (issue 27, items 3 and 9): the live
step's action bar (prompt, choices, Roll, what if, Undo, messages) stays inside the window at
1280x800 and 1920x1080 when the page is drawn and after every click, a message from the
toolbar appears in the bar, and no control or card text is cut off.

Each page is loaded once at 1280x800, played a few clicks, then the same page is resized to
1920x1080 and played a few clicks more.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_step_through import LIVE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SIZES = ({"width": 1280, "height": 800}, {"width": 1920, "height": 1080})
PAGES = ("rifts", "gamma_world", "adventurers", "rat_king", "riftforce")
CLICKS = 5
"""Clicks at each size: each the first of the bar's play controls."""
BAR = f"{LIVE} .step-action-bar"
PLAY = (f"{BAR} .step-roll-on button, {BAR} .step-roll button, {BAR} .step-choice button, "
        f"{BAR} .step-take")

CUT = """() => {
  // every control, label and text box that clips what it holds: a label ending in "...", a
  // text cut at its box. A small card face cuts its rules text on purpose when it has a
  // "Full text" opener (a click or a tap shows all of it).
  const cut = [];
  const seen = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  for (const e of document.querySelectorAll(
      "button, label, .widget-label, .step-prompt, .step-odds, .step-result, .card-face, "
      + ".card-face *, .table-view, .table-view *, .board-view *, .widget-html-content, "
      + "td, th")) {
    if (!seen(e)) continue;
    const s = getComputedStyle(e);
    const clips = s.overflowX !== "visible" || s.overflowY !== "visible"
      || s.textOverflow === "ellipsis" || e.tagName === "BUTTON";  // a label spills out too
    if (!clips) continue;
    const wide = e.scrollWidth > e.clientWidth + 1, tall = e.scrollHeight > e.clientHeight + 2;
    if (!wide && !tall) continue;
    if (s.overflowY === "auto" && !wide) continue;  // a box that scrolls: nothing is lost
    if (e.classList.contains("card-face-text")
        && e.closest(".card-face").querySelector("details.card-face-more")) continue;
    cut.push(`${e.tagName}.${String(e.className).slice(0, 40)} "${
      (e.innerText || "").slice(0, 50)}" ${e.scrollWidth}x${e.scrollHeight} in `
      + `${e.clientWidth}x${e.clientHeight}`);
  }
  return cut;
}"""

IN_VIEW = """(selector) => {
  const height = window.innerHeight;
  const boxes = [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  return boxes.length > 0 && boxes.every((r) => r.top >= 0 && r.bottom <= height + 0.5);
}"""


def bar_in_view(page: Page, what: str) -> None:
    """The bar's play controls (or, at game over, its summary) are all inside the window
    (polled: the page scrolls smoothly)."""
    controls = f"{PLAY}, {BAR} .stepper-over-cell"
    try:
        page.wait_for_function(f"(s) => ({IN_VIEW})(s)", arg=controls, timeout=15_000)
    except Exception:
        box = page.locator(BAR).first.bounding_box()
        pytest.fail(f"{what}: the action bar's controls are not all in the window "
                    f"(bar at {box})")


def nothing_cut(page: Page, what: str) -> None:
    cut = page.evaluate(CUT)
    assert not cut, f"{what}: cut off: {cut}"


def stamp(page: Page) -> str:
    return page.locator(f"{BAR} [data-stamp]").first.get_attribute("data-stamp") or ""


@pytest.mark.parametrize("game", PAGES)
def test_the_action_bar_stays_in_view_and_nothing_is_cut_off(page: Page, base_url: str,
                                                             game: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_viewport_size(SIZES[0])
    page.goto(f"{base_url}/voila/render/{game}_play.ipynb", wait_until="commit")
    expect(page.locator(BAR).first).to_be_visible(timeout=120_000)
    for size in SIZES:
        page.set_viewport_size(size)
        where = f"{game} at {size['width']}x{size['height']}"
        bar_in_view(page, f"{where}, drawn")
        nothing_cut(page, f"{where}, drawn")
        for click in range(CLICKS):
            before = stamp(page)
            control = page.locator(PLAY).first
            label = control.inner_text()
            control.click()
            expect(page.locator(f"{BAR} [data-stamp]").first).not_to_have_attribute(
                "data-stamp", before)
            bar_in_view(page, f"{where}, after click {click + 1} ({label})")
        nothing_cut(page, f"{where}, after {CLICKS} clicks")
    assert not errors, errors


def test_a_message_from_the_toolbar_appears_in_the_bar(page: Page, base_url: str) -> None:
    """"Play on" at the person's own decision plays nothing and says so: in the action bar,
    in the window, not at the top of the page."""
    page.set_viewport_size(SIZES[0])
    page.goto(f"{base_url}/voila/render/riftforce_play.ipynb", wait_until="commit")
    expect(page.locator(BAR).first).to_be_visible(timeout=120_000)
    page.locator(f"{BAR} .step-roll-on button").click()  # to the person's guild pick
    expect(page.locator(f"{BAR} .step-choice button, {BAR} .step-take").first).to_be_visible()
    expect(page.locator(".stepper-working")).to_have_count(0, timeout=120_000)  # takes clicks
    page.locator(".stepper-game").click()
    message = page.locator(f"{BAR} .step-message")
    expect(message).to_contain_text("playing on never chooses for you")
    expect(page.locator(".stepper-message")).not_to_contain_text("chooses now")
    bar_in_view(page, "riftforce, the message")
    assert page.evaluate(f"(s) => ({IN_VIEW})(s)", f"{BAR} .step-message")
