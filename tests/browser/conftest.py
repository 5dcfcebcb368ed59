"""A real Voila server and Debian's Chromium, driven by Playwright.

The server is started from the repository root as ``make serve`` starts it (so the repository's
``voila.json`` applies), on a free port, and stopped after the session.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from explorer.errors import ExplorerError
from explorer.serve import CHROMIUM_ARGS, chromium, running_voila

# A page's update waits on a kernel that shares 2 cores with preheating kernels and the other
# test worker: give each expectation 30 s instead of Playwright's 5 s (a real failure still
# fails, only later).
expect.set_options(timeout=30_000)


@pytest.fixture(scope="session")
def voila_url() -> Iterator[str]:
    """The base URL of a running ``voila notebooks/``."""
    try:
        with running_voila() as url:
            yield url
    except ExplorerError as error:
        pytest.fail(str(error))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Launch Debian's Chromium (Playwright's own browser download does not work here)."""
    try:
        path = chromium()
    except ExplorerError as error:
        pytest.fail(str(error))
    return {**browser_type_launch_args, "executable_path": path, "args": list(CHROMIUM_ARGS)}


@pytest.fixture(scope="session")
def base_url(voila_url: str) -> str:
    return voila_url


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Open every linked page last: it uses up each page's preheated kernel, and the pools
    refilling all at once would slow the pages the other browser tests open."""
    items.sort(key=lambda item: "test_landing.py" in item.nodeid)
