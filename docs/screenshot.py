"""Rebuild the README's pictures and the landing page's: the pages served by Voila, in Debian's
Chromium.

    .venv/bin/python docs/screenshot.py        # docs/img/*.png and notebooks/img/*.jpg

The README shows the card browser, a step-through page at 1280x800 (the table and the action
bar), a teaching page's live
example and the Gamma World odds; the landing page shows a small picture of each game.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from explorer.serve import CHROMIUM_ARGS, chromium, running_voila

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "img"
THUMBS = ROOT / "notebooks" / "img"
WAIT = 120_000
PLAYS = (("rifts", 14), ("adventurers", 6), ("gamma_world", 6), ("riftforce", 12),
         ("rat_king", 12))
"""Each step-through page's pictures: the page after these clicks of the person's."""


def card_browser(page: Page, url: str) -> None:
    page.goto(f"{url}/voila/render/cards.ipynb", wait_until="commit")
    page.locator(".cards-chart svg .mark-rect path").first.wait_for(timeout=WAIT)
    page.locator(".cards-sort select").select_option(label="Base Force")
    page.locator(".cards-descending input").check()
    page.locator(".cards-table tbody tr", has_text="Techno Wizard").click()
    page.wait_for_timeout(1500)
    page.screenshot(path=str(DOCS / "card-browser.png"), full_page=True)


def play(page: Page, url: str, game: str, clicks: int, pace: bool = False) -> None:
    """A step-through page after a few clicks of the person's (the bots' turns play
    without clicks); ``pace``: with the pace "to my next choice", the rolls up to each of the
    person's choices made at once."""
    page.goto(f"{url}/voila/render/{game}_play.ipynb", wait_until="commit")
    page.locator(".stepper-status").wait_for(timeout=WAIT)
    page.wait_for_timeout(3000)
    if pace:
        page.locator(".stepper-pace button", has_text="to my next choice").click()
    for _ in range(clicks):
        live = page.locator(".step-live").first
        roll = live.locator(".step-roll-on" if pace else ".step-roll")
        if roll.count() and roll.first.is_visible():
            roll.first.click()
        elif live.locator(".step-choice").count():
            live.locator(".step-choice").first.click()
        else:
            live.locator(".step-take").first.click()
        page.wait_for_timeout(600)
    page.wait_for_timeout(1500)


def thumbnail(page: Page, game: str) -> None:
    """The live cell's table view of a step-through page, at most 640 CSS pixels tall."""
    table = page.locator(".step-live .table-view").first
    table.scroll_into_view_if_needed()
    box = table.bounding_box()
    clip = {"x": box["x"], "y": box["y"], "width": box["width"],
            "height": min(box["height"], 640)}
    page.screenshot(path=str(THUMBS / f"{game}.jpg"), type="jpeg", quality=75, clip=clip,
                    full_page=True)


def main() -> None:
    DOCS.mkdir(exist_ok=True)
    THUMBS.mkdir(exist_ok=True)
    with running_voila() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=list(CHROMIUM_ARGS))
        # The landing page's pictures: half the pixels of the page (they are shown small).
        small = browser.new_page(viewport={"width": 1280, "height": 2600},
                                 device_scale_factor=0.5)
        for game, clicks in PLAYS:
            play(small, url, game, clicks)
            thumbnail(small, game)
        small.close()
        page = browser.new_page(viewport={"width": 1280, "height": 1500})
        card_browser(page, url)
        # a play page as a person sees it at 1280x800: the table, and the action bar at the
        # window's bottom
        page.set_viewport_size({"width": 1280, "height": 800})
        play(page, url, "rifts", 24, pace=True)
        page.screenshot(path=str(DOCS / "rifts-play.png"))
        page.goto(f"{url}/voila/render/teach_rifts.ipynb", wait_until="commit")
        page.locator(".teach-example-start").first.wait_for(timeout=WAIT)
        example = page.locator(".teach-example").nth(3)
        example.locator(".teach-example-start").click()
        example.locator(".stepper-status").wait_for(timeout=WAIT)
        page.wait_for_timeout(2000)
        example.screenshot(path=str(DOCS / "teach-rifts.png"))
        page.goto(f"{url}/voila/render/gamma_world_odds.ipynb", wait_until="commit")
        page.locator(".gamma-world-odds svg .mark-rect path").first.wait_for(timeout=WAIT)
        page.wait_for_timeout(1500)
        page.locator(".gamma-world-odds").screenshot(path=str(DOCS / "gamma-world-odds.png"))
        browser.close()
    for path in sorted([*DOCS.glob("*.png"), *THUMBS.glob("*.jpg")]):
        print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
