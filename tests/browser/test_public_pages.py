"""What the public server adds to its pages and what it answers to stray URLs (issue #15), in
a real Voila and Debian's Chromium: the "gone to sleep" notice once a page's kernel is culled,
the size check of an upload before it is sent, 404s without tracebacks, and a kernel's REST
answer cut to what the page needs."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from explorer.serve import MAX_CLIENT_MESSAGE, running_voila

from .small_site import BUTTON, small_site

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

CULL_AFTER = 12
"""Seconds of silence after which the sleepy server culls a connected kernel."""


@pytest.fixture(scope="module")
def sleepy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """(base URL, log) of the public Voila on one notebook, culling connected kernels after
    :data:`CULL_AFTER` seconds without traffic, checked every second."""
    folder = tmp_path_factory.mktemp("sleepy")
    pages = small_site(folder)
    log = folder / "voila.log"
    with running_voila(pages, log_path=log, cwd=folder, extra=(
            "--MappingKernelManager.cull_interval=1",
            f"--PoolAwareKernelManager.cull_connected_timeout={CULL_AFTER}")) as url:
        yield url, log


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=60) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_a_culled_page_says_it_has_gone_to_sleep_and_a_reload_brings_it_back(
        sleepy, page: Page) -> None:
    """Without the page script the culled page keeps its dead button and says nothing (the
    notice never appears); without the culling of connected kernels it is never culled."""
    url, log = sleepy
    page.goto(f"{url}/voila/render/one.ipynb", wait_until="commit")
    expect(page.get_by_role("button", name=BUTTON)).to_be_visible(timeout=90_000)
    notice = page.get_by_role("alert").filter(has_text="This page has gone to sleep")
    expect(notice).to_be_visible(timeout=60_000)
    assert "Culling kernel" in log.read_text(encoding="utf-8")
    notice.get_by_role("button", name="Reload").click()
    expect(page.get_by_role("button", name=BUTTON)).to_be_visible(timeout=90_000)
    expect(notice).to_have_count(0)


def test_stray_urls_get_a_404_and_the_log_no_traceback(sleepy) -> None:
    """Voila's own handlers answered /voila/templates/x and /logout with a 500 and a 40-line
    traceback each in the log."""
    url, log = sleepy
    for path in ("/voila/templates/x", "/voila/templates/x/static/", "/logout", "/login",
                 "/voila/templates/nosuch/static/a.js", "/voila/templates/../x/static/a",
                 "/api/kernels", "/api/sessions", "/api/contents", "/tree", "/lab",
                 "/", "/voila/tree"):  # no index.ipynb on this site: no landing page
        status, _ = _get(url + path)
        assert status == 404, (path, status)
    assert _get(f"{url}/voila/templates/lab/static/voila.js")[0] == 200  # real files still
    text = log.read_text(encoding="utf-8")  # the culled page's reconnections included
    assert "Traceback" not in text and "Uncaught exception" not in text


def test_a_kernel_answers_its_page_with_its_id_and_name_only(sleepy) -> None:
    """(To the browser its page was handed to: the page's cookies sent back, as a browser
    does; without them, 404: tests/browser/test_public_http.py.)"""
    url, _ = sleepy
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    with browser.open(f"{url}/voila/render/one.ipynb", timeout=60) as reply:
        body = reply.read()
    kernel_id = re.search(rb'"kernelId": "([0-9a-f-]{36})"', body).group(1).decode()
    with browser.open(f"{url}/api/kernels/{kernel_id}", timeout=60) as reply:
        assert reply.status == 200
        assert json.loads(reply.read()) == {"id": kernel_id, "name": "python3"}
    assert _get(f"{url}/api/kernels/00000000-0000-4000-8000-000000000000")[0] == 404


def test_an_upload_over_the_servers_limit_is_refused_in_the_page_with_a_message(
        page: Page, base_url: str) -> None:
    """The card page's stock FileUpload has no size check in the browser: without the page
    script a file over the server's message limit went out and was dropped without a word."""
    page.goto(f"{base_url}/voila/render/cards.ipynb", wait_until="commit")
    button = page.locator(".cards-upload")
    expect(button).to_be_visible(timeout=90_000)

    def choose(name: str, content: bytes) -> None:
        with page.expect_file_chooser() as chooser:
            button.click()
        chooser.value.set_files([{"name": name, "mimeType": "application/octet-stream",
                                  "buffer": content}])

    choose("characters.parquet", b"\0" * (MAX_CLIENT_MESSAGE + 1))
    notice = page.get_by_role("alert").filter(has_text="That is too much to upload")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(f"at most {MAX_CLIENT_MESSAGE / 2**20:.1f} MB")
    notice.get_by_role("button", name="OK").click()
    expect(notice).to_have_count(0)
    choose("characters.parquet", b"not parquet")  # small: the kernel says what is wrong
    expect(page.locator(".explorer-message")).to_contain_text("characters.parquet")
