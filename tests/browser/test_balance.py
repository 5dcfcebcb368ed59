"""The balance report page, served by a real Voila and used in Debian's Chromium: a chart is
drawn, another game is picked, and a small fresh batch runs with its progress (issue #14
item 6)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

NOISE = ("Unsatisfied version", "Failed to load resource", "font-awesome", "fontawesome")


def test_balance_page_draws_switches_game_and_runs_a_fresh_batch(page: Page,
                                                                 base_url: str) -> None:
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and not any(n in m.text for n in NOISE)
            and errors.append(m.text))
    start = time.monotonic()
    page.goto(f"{base_url}/voila/render/balance.ipynb", wait_until="commit")
    summary = page.locator(".balance-summary")
    expect(summary).to_contain_text("Rifts Adventures", timeout=120_000)
    expect(summary).to_contain_text("1,000 games")
    # the seat chart, drawn as SVG: two bars and the two ticks of each bar's interval
    chart = page.locator(".balance-seat-chart svg")
    expect(chart.locator(".mark-rect path")).to_have_count(6)
    expect(chart).to_contain_text("Seat 2")
    print(f"\nBalance page: seat chart drawn {time.monotonic() - start:.1f} s after opening")
    expect(page.locator(".balance-start-chart svg").first).to_be_visible()
    expect(page.locator(".balance-rolls-verdict")).to_have_attribute("data-agrees", "true")
    expect(page.locator(".balance-rolls-cells tbody tr").first).to_be_visible()

    # another game: Riftforce has no dice, so no roll check; its starts are guilds
    page.locator(".balance-game select").select_option(label="Riftforce")
    expect(summary).to_contain_text("Riftforce")
    expect(summary).to_contain_text("2,000 games")
    expect(page.locator(".balance-start-heading")).to_contain_text("guild")
    expect(page.locator(".balance-rolls")).to_be_hidden()
    expect(chart.locator(".mark-rect path")).to_have_count(6)

    # too many games are refused with a message, nothing run
    games = page.locator(".balance-run-games input")
    games.fill("5000")
    games.press("Enter")
    page.locator(".balance-run").click()
    expect(page.locator(".explorer-message-error")).to_contain_text("at most 2,000 games")

    # a small fresh batch: the progress bar fills, the tables follow the new table
    games.fill("12")
    games.press("Enter")
    page.locator(".balance-run").click()
    expect(page.locator(".balance-run-status")).to_contain_text("Played 12 of 12 games",
                                                               timeout=120_000)
    expect(page.locator(".balance-progress .progress-bar")).to_have_attribute(
        "style", re.compile(r"width: 100%"))
    expect(summary).to_contain_text("12 games, 2 players")
    expect(page.locator('.balance-seats tr[data-key="2-0"] td.n')).to_have_text(
        re.compile(r"^12 \(too few games\)$"))
    expect(page.locator(".balance-source select option:checked")).to_contain_text("Fresh 1")
    assert not page.locator(".explorer-message-error").count()
    assert not errors, errors
