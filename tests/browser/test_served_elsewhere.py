"""Served from anywhere (issue 29 item 4): a copy of a page served from another folder than the
package's ``notebooks/`` draws its charts and its buttons' icons, and the browser asks nothing
of any other machine (the Vega bundle comes from the server itself, Font Awesome from Voila's
own scripts, the page's links to a CDN left out)."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from explorer.serve import ROOT, running_voila

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

NO_POOLS = json.dumps({"default": {"pool_size": 0}})


@pytest.fixture(scope="module")
def elsewhere(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The public Voila serving a copy of the cards page from a folder of its own (no
    ``static/`` there: the bundle is not beside the pages)."""
    folder = tmp_path_factory.mktemp("elsewhere")
    pages = folder / "lesson"
    pages.mkdir()
    shutil.copy(ROOT / "notebooks" / "cards.ipynb", pages)
    shutil.copy(ROOT / "voila.json", folder)
    with running_voila("lesson", cwd=folder, log_path=folder / "voila.log", timeout=120,
                       extra=(f"--VoilaKernelManager.kernel_pools_config={NO_POOLS}",)) as url:
        yield url


def test_a_copy_served_from_another_folder_draws_its_chart_and_icons_offline(
        elsewhere, page: Page) -> None:
    requested: list[str] = []
    answers: dict[str, int] = {}
    page.on("request", lambda request: requested.append(request.url))
    page.on("response", lambda response: answers.__setitem__(response.url, response.status))
    page.goto(f"{elsewhere}/voila/render/cards.ipynb", wait_until="commit")
    expect(page.locator(".cards-count")).to_have_text(re.compile(r"29 of 29 cards"),
                                                      timeout=120_000)
    expect(page.locator(".cards-chart svg .mark-rect path").first).to_be_visible(
        timeout=60_000)
    assert not page.locator(".jp-RenderedText").filter(has_text="Error").count()
    icon = page.locator(".fa").first  # a button's icon (the cards page's "Shipped cards")
    expect(icon).to_be_attached()
    page.wait_for_function("document.fonts.status === 'loaded'", timeout=30_000)
    font = icon.evaluate("e => getComputedStyle(e, '::before').fontFamily")
    assert "Font Awesome" in font, font  # from Voila's own scripts, not a CDN
    assert page.evaluate("document.fonts.check('900 16px \"Font Awesome 5 Free\"')")
    bundles = [url for url in answers if "/explorer/static/jupyterchart-offline-" in url]
    assert bundles and all(answers[url] == 200 for url in bundles), bundles
    elsewhere_hosts = {url for url in requested
                       if not url.startswith(("http://127.0.0.1", "data:", "blob:"))}
    assert not elsewhere_hosts, sorted(elsewhere_hosts)[:5]


def test_the_bundle_route_serves_nothing_else(elsewhere) -> None:
    import urllib.error
    import urllib.request

    for path in ("explorer/static/other.js", "explorer/static/../voila.json",
                 "explorer/static/", "explorer/static/sub/jupyterchart-offline-0.js",
                 "explorer/static/jupyterchart-offline-000000000000.js"):
        try:
            with urllib.request.urlopen(f"{elsewhere}/{path}", timeout=30) as answer:
                status = answer.status
        except urllib.error.HTTPError as error:
            status = error.code
        assert status in (403, 404), (path, status)
