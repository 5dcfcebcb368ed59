"""The teaching pages under load: every live example drawn at once, in the suite (the other
test worker busy) and, under ``make stress``, with both cores spun by other processes; never
"model not found".

The cause of the intermittent "Error displaying widget: model not found" (issue #11) was the
charts: each carried the 900 KB Vega bundle inline, so each sent it through the kernel's socket
and ran it anew, and anywidget gives a widget 2 seconds to start ("[anywidget] Failed to
initialize model"). The bundle is now one static file every chart imports by URL.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


@pytest.fixture
def busy_machine() -> Iterator[None]:
    """Two processes spinning, one per core, while the test runs."""
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


PAGES = ["teach_rifts", "teach_gamma_world", "teach_riftforce", "teach_rat_king"]


def _not_drawn(page: Page) -> list[str]:
    """The text of each example without its step-through (its caption, any message)."""
    return page.evaluate("""() => [...document.querySelectorAll('.teach-example')]
        .filter(example => !example.querySelector('.stepper-status'))
        .map(example => example.innerText.slice(0, 300))""")


def _every_example_draws(page: Page, base_url: str, name: str) -> None:
    """Open the page, start every live example at once, and see each drawn, the lesson's
    first step shown and no "model not found" anywhere."""
    problems: list[str] = []
    page.on("console", lambda m: m.type == "error" and "anywidget" in m.text
            and problems.append(m.text))
    page.goto(f"{base_url}/voila/render/{name}.ipynb", wait_until="commit")
    starts = page.locator(".teach-example-start")
    expect(starts.first).to_be_visible(timeout=180_000)
    count = starts.count()
    assert count >= 5
    # every example at once: each button clicked where it is in the page, not where the
    # mouse finds it (the examples started first grow as the clicks go on and push the rest
    # down; a mouse click could land on an example already drawn)
    clicked = page.evaluate("""() => {
        const buttons = [...document.querySelectorAll('.teach-example-start')];
        buttons.forEach(button => button.click());
        return buttons.length;
    }""")
    assert clicked == count
    drawn = page.locator(".teach-example .stepper-status")
    try:
        expect(drawn).to_have_count(count, timeout=120_000)
    except AssertionError:
        # Once in CI (2026-12-06) 15 of 16 Riftforce examples drew and the sixteenth never
        # did, with nothing in the server's log but a "No such comm" (for a comm the page
        # opened itself, by the form of its id): the cause is not known. A reader clicks
        # again; so does the test, once, on the examples still waiting (a drawn one has no
        # button left), and a failure says what each one not drawn shows.
        page.evaluate("() => document.querySelectorAll('.teach-example-start')"
                      ".forEach(button => button.click())")
        try:
            expect(drawn).to_have_count(count, timeout=120_000)
        except AssertionError as still:
            raise AssertionError(f"not drawn after a second click: {_not_drawn(page)}") from still
    assert not page.locator(".teach-example .explorer-message-error").count(), _not_drawn(page)
    if page.locator(".teach-example .step-chart").count():
        expect(page.locator(".teach-example .step-chart svg").first).to_be_visible(
            timeout=60_000)
    expect(page.locator(".lesson-step").first).to_be_visible()
    assert "model not found" not in page.locator("body").inner_text()
    assert not problems, problems


@pytest.mark.parametrize("name", PAGES)
def test_every_example_of_a_teaching_page_draws(page: Page, base_url: str, name: str) -> None:
    """In the suite, the other test worker keeps a core busy while this runs."""
    _every_example_draws(page, base_url, name)


@pytest.mark.stress
@pytest.mark.parametrize("name", PAGES)
def test_every_example_of_a_teaching_page_draws_on_a_busy_machine(
        page: Page, base_url: str, busy_machine: None, name: str) -> None:
    """The same with both cores spun by other processes (``make stress``)."""
    _every_example_draws(page, base_url, name)
