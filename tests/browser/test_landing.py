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


def test_the_landing_page_shows_a_picture_and_a_line_of_each_game(page: Page,
                                                                   base_url: str) -> None:
    from explorer.games import GAMES

    links(page, base_url)
    markdown = page.locator(".jp-RenderedMarkdown")
    assert "Start here" in markdown.first.inner_text()
    for title in GAMES.values():
        assert markdown.locator("h2", has_text=title).count() == 1, title
    pictures = page.eval_on_selector_all(
        ".jp-RenderedMarkdown img", "els => els.map(e => [e.alt, e.complete, e.naturalWidth])")
    assert len(pictures) == len(GAMES), pictures
    for alt, complete, width in pictures:
        assert complete and width > 200, f"the picture {alt!r} did not load"


def test_a_page_loads_only_the_widget_extensions(page: Page, base_url: str) -> None:
    """Issue #11 item 13: the pages fetch the frontend extensions they use (ipywidgets',
    anywidget's and Voila's own widget manager) and no others
    (voila.json's extension_denylist keeps out the JupyterLab ones: jupytext, Voila's preview
    button, code highlighting)."""
    fetched: set[str] = set()

    def seen(request) -> None:
        if "/labextensions/" in request.url:
            path = request.url.split("/labextensions/", 1)[1].split("/")
            fetched.add("/".join(path[:2]) if path[0].startswith("@") else path[0])

    page.on("request", seen)
    page.goto(f"{base_url}/voila/render/rifts_play.ipynb", wait_until="commit")
    page.locator(".stepper .stepper-status-line").wait_for(timeout=90_000)
    assert fetched == {"@jupyter-widgets/jupyterlab-manager", "anywidget",
                       "@voila-dashboards/widgets-manager8"}, sorted(fetched)
