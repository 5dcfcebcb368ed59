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


def test_a_row_click_selects_the_card_and_no_match_is_said(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/voila/render/cards.ipynb", wait_until="commit")
    face = page.locator(".cards-face .card-face")
    expect(face).to_have_attribute("data-card", "Borg Mercenary", timeout=120_000)

    # A click on a row selects that card: its row is marked and its face drawn (seed 000
    # line 58: "Mystic MG 2 Scrying & Minor Psychic").
    row = page.locator(".cards-table tbody tr", has_text="Mystic")
    row.click()
    expect(face).to_have_attribute("data-card", "Mystic")
    expect(row).to_have_class(re.compile(r"\bselected\b"))
    expect(page.locator(".cards-face .card-face-type")).to_have_text("Character · Mage")
    expect(page.locator(".cards-face .card-face-corner")).to_contain_text("2")
    expect(page.locator(".cards-table tbody tr.selected")).to_have_count(1)

    # The keyboard moves the selection too: the next row is Dragon Hatchling (line 59).
    row.press("ArrowDown")
    expect(face).to_have_attribute("data-card", "Dragon Hatchling")

    # A search that matches nothing says so, and the table and chart make way for it.
    page.locator(".cards-search input").fill("zzzz")
    empty = page.locator(".cards-empty")
    expect(empty).to_contain_text("No card matches “zzzz”.")
    expect(page.locator(".cards-chart")).to_be_hidden()
    expect(page.locator(".cards-count")).to_have_text(re.compile(r"^\s*0 of 29 cards\s*$"))

    # A mistyped name is flagged where it was typed, with the name it is close to.
    page.locator(".cards-search input").fill("Techno Wizzard")
    expect(empty).to_contain_text("Did you mean “Techno Wizard”?")
    page.locator(".cards-search input").fill("")
    expect(empty).to_have_count(0)
    expect(page.locator(".cards-table tbody tr")).to_have_count(29)
    assert not page.locator(".explorer-message-error").count()


@pytest.mark.parametrize("width", [768, 1280])
def test_the_table_and_the_face_fit_side_by_side_or_stacked(page: Page, base_url: str,
                                                           width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{base_url}/voila/render/cards.ipynb", wait_until="commit")
    face = page.locator(".cards-face .card-face")
    expect(face).to_be_visible(timeout=120_000)
    table = page.locator(".cards-table .cards-table-box").bounding_box()
    card = face.bounding_box()
    assert table and card
    overlap = not (table["x"] + table["width"] <= card["x"] or card["x"] + card["width"]
                   <= table["x"] or table["y"] + table["height"] <= card["y"]
                   or card["y"] + card["height"] <= table["y"])
    assert not overlap, (table, card)              # the table never runs under the face
    assert card["x"] >= 0 and card["x"] + card["width"] <= width  # nor is the face cut off
