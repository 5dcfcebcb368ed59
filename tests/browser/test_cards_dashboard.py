"""The cards dashboard, served by a real Voila and used in Debian's Chromium."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

NOISE = ("Unsatisfied version", "Failed to load resource", "font-awesome", "fontawesome")


def _bars(page: Page) -> int:
    """How many bars the chart draws (its SVG marks)."""
    return page.locator(".cards-chart svg .mark-rect path").count()


def _rows(page: Page) -> int:
    return page.locator(".cards-table tbody tr").count()


def test_filter_a_deck_and_see_table_and_chart_change(page: Page, base_url: str) -> None:
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and not any(n in m.text for n in NOISE)
            and errors.append(m.text))
    page.goto(f"{base_url}/voila/render/cards.ipynb", wait_until="commit")
    count = page.locator(".cards-count")
    # Rifts characters: 29 cards (seed 000, CHARACTER DECK CARD LIST).
    expect(count).to_have_text(re.compile(r"^\s*29 of 29 cards\s*$"), timeout=120_000)
    expect(page.locator(".cards-chart svg .mark-rect path").first).to_be_visible(timeout=30_000)
    assert _rows(page) == 29
    assert _bars(page) == 29

    # Type filter: the five MG characters of seed 000 (Line Walker, Techno Wizard, Shifter,
    # Elemental Warlock, Mystic).
    page.locator(".cards-type select").select_option("Mage")
    expect(count).to_have_text(re.compile(r"^\s*5 of 29 cards\s*$"))
    expect(page.locator(".cards-table tbody tr")).to_have_count(5)
    expect(page.locator(".cards-chart svg .mark-rect path")).to_have_count(5)
    expect(page.locator(".cards-table")).to_contain_text("Techno Wizard")
    expect(page.locator(".cards-table")).not_to_contain_text("Borg Mercenary")

    # Free text narrows further: only the Techno Wizard has Artificer.
    page.locator(".cards-search input").fill("artificer")
    expect(count).to_have_text(re.compile(r"^\s*1 of 29 cards\s*$"))
    expect(page.locator(".cards-face")).to_contain_text("Techno Wizard")
    expect(page.locator(".cards-chart svg .mark-rect path")).to_have_count(1)

    assert not page.locator(".explorer-message-error").count()
    assert not errors, errors
