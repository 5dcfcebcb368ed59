"""The landing page links every dashboard and page, and every one of them opens cleanly."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
NOISE = ("Unsatisfied version", "Failed to load resource", "font-awesome", "fontawesome")


def links(page: Page, base_url: str) -> list[str]:
    page.goto(f"{base_url}/voila/render/index.ipynb", wait_until="load", timeout=90_000)
    return page.eval_on_selector_all("a[href$='.ipynb']", "els => els.map(e => e.href)")


def test_the_landing_page_links_every_notebook(page: Page, base_url: str) -> None:
    linked = {href.rsplit("/", 1)[-1] for href in links(page, base_url)}
    pages = {p.name for p in NOTEBOOKS.glob("*.ipynb")} - {"index.ipynb"}
    assert linked == pages


def test_every_linked_page_opens_without_an_error(page: Page, base_url: str) -> None:
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("console", lambda m: m.type == "error" and not any(n in m.text for n in NOISE)
            and problems.append(f"console: {m.text}"))
    for href in links(page, base_url):
        response = page.goto(href, wait_until="load", timeout=120_000)
        assert response is not None and response.ok, f"{href}: HTTP {response and response.status}"
        text = page.locator("body").inner_text()
        assert "There was an error when executing cell" not in text, href
        assert not page.locator(".explorer-message-error").count(), href
        assert page.locator(".jupyter-widgets, .jp-RenderedMarkdown").count(), href
    assert not problems, problems
