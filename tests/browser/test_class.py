"""A class at once (issue 29 item 1), against a real Voila started as ``make serve`` starts
it (the project's ``voila.json``) on a small site: pupils behind one address, each in a
browser of their own, all get their page; past the server's room a pupil waits in line, is
told the place, and gets the page by itself when a place frees."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from explorer.serve import running_voila
from explorer.viewer_client import Viewer

from .loop_thread import LoopThread
from .small_site import BUTTON, small_site

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PAGE = "one.ipynb"


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """(base URL, log) of the public Voila with ``voila.json``'s own caps."""
    folder = tmp_path_factory.mktemp("school")
    pages = small_site(folder)
    log = folder / "voila.log"
    with running_voila(pages, log_path=log, cwd=folder) as url:
        yield url, log


@pytest.fixture(scope="module")
def loop() -> Iterator[LoopThread]:
    running = LoopThread()
    yield running
    running.close()


@pytest.fixture()
def full(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """(base URL, log) of the public Voila with room for two pages only."""
    folder = tmp_path_factory.mktemp("full")
    pages = small_site(folder)
    log = folder / "voila.log"
    with running_voila(pages, log_path=log, cwd=folder,
                       extra=("--PoolAwareKernelManager.max_kernels=2",)) as url:
        yield url, log


async def _open(url: str, count: int) -> list[Viewer]:
    """``count`` pupils' pages opened at once, each viewer a browser of its own (its own
    cookies), every one from 127.0.0.1, half of them speaking the browser's binary protocol;
    each page's kernel answered a request."""
    viewers = [Viewer(url, timeout=240, protocol="v1" if n % 2 else "json")  # both forms
               for n in range(count)]
    await asyncio.gather(*(v.open(PAGE) for v in viewers))
    for viewer in viewers:
        await viewer.request("comm_info_request", {"target_name": "jupyter.widget"})
    return viewers


async def _close(viewers: list[Viewer]) -> None:
    await asyncio.gather(*(v.close() for v in viewers))


def test_twelve_pupils_behind_one_address_each_get_their_page(school, loop,
                                                             browser: Browser) -> None:
    """Four pupils in Chromium, eight more as websocket viewers, all at once from one address
    (the old cap of 6 pages per address turned six of them away)."""
    url, log = school
    others = asyncio.run_coroutine_threadsafe(_open(url, 8), loop.loop)
    contexts = [browser.new_context() for _ in range(4)]  # each its own cookies
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.goto(f"{url}/voila/render/{PAGE}", wait_until="commit", timeout=120_000)
    for page in pages:
        expect(page.get_by_role("button", name=BUTTON)).to_be_visible(timeout=240_000)
    viewers = others.result(timeout=300)
    assert len({v.kernel_id for v in viewers}) == 8 and all(v.roots for v in viewers)
    loop.run(_close(viewers))
    for context in contexts:
        context.close()
    logged = log.read_text(encoding="utf-8")
    assert "Refused a page" not in logged and "waits in line" not in logged


def test_past_the_servers_room_a_pupil_waits_in_line_then_gets_the_page(
        full, loop, browser: Browser) -> None:
    url, log = full
    holding = loop.run(_open(url, 2))
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{url}/voila/render/{PAGE}", wait_until="commit", timeout=120_000)
    expect(page.get_by_role("heading", name="Waiting for a place")).to_be_visible(
        timeout=60_000)
    expect(page.locator(".explorer-place")).to_have_text("You are number 1 in line.")
    assert "A browser of 127.0.0.1 waits in line for a place, number 1: all 2 places are " \
           "taken" in log.read_text(encoding="utf-8")
    # a pupil leaves: the waiting page opens the page by itself, within a few checks
    loop.run(_close(holding[:1]))
    expect(page.get_by_role("button", name=BUTTON)).to_be_visible(timeout=120_000)
    loop.run(_close(holding[1:]))
    context.close()
