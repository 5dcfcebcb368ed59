"""Rebuild the README's picture: the card browser served by Voila, in Debian's Chromium.

    .venv/bin/python docs/screenshot.py        # writes docs/img/card-browser.png
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

from explorer.serve import CHROMIUM_ARGS, chromium, running_voila

OUT = Path(__file__).resolve().parent / "img" / "card-browser.png"


def main() -> None:
    with running_voila() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=list(CHROMIUM_ARGS))
        page = browser.new_page(viewport={"width": 1280, "height": 1500})
        page.goto(f"{url}/voila/render/cards.ipynb", wait_until="commit")
        page.locator(".cards-chart svg .mark-rect path").first.wait_for(timeout=60_000)
        page.locator(".cards-sort select").select_option(label="Base Force")
        page.locator(".cards-descending input").check()
        page.locator(".cards-table tbody tr", has_text="Techno Wizard").click()
        page.wait_for_timeout(1500)
        page.screenshot(path=str(OUT), full_page=True)
        browser.close()
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
