"""The public server against a crafted client (issue #15): a real Voila started as
``make serve`` starts it (the project's ``voila.json`` and :func:`explorer.serve.voila_main`)
on one small notebook, and a websocket client of our own that talks to a viewer's kernel the
way a curious visitor could, not through the page."""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.sync_api import expect

from explorer.serve import FULL_PAGE, running_voila
from explorer.viewer_client import Reply, Viewer

from .small_site import BUTTON, small_site

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """(base URL, log) of the public Voila on one notebook, each client allowed 2 pages."""
    folder = tmp_path_factory.mktemp("public")
    pages = small_site(folder)
    log = folder / "voila.log"
    with running_voila(pages, log_path=log, cwd=folder,
                       extra=("--PoolAwareKernelManager.max_kernels_per_client=2",)) as url:
        yield url, log


BROWSER = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
"""A browser of this module's own: it keeps the server's cookies."""


def _page(url: str) -> str:
    with BROWSER.open(f"{url}/voila/render/one.ipynb", timeout=120) as reply:
        return reply.read().decode()


def test_a_crafted_client_cannot_run_code_stop_the_kernel_or_see_a_traceback(server) -> None:
    url, log = server
    comm = uuid.uuid4().hex
    sent = [
        ("execute_request", {"code": "open('/tmp/probed', 'w').write('x')", "silent": False,
                             "store_history": False, "user_expressions": {},
                             "allow_stdin": False}, "shell"),
        ("shutdown_request", {"restart": False}, "control"),
        ("comm_open", {"comm_id": comm, "target_name": "jupyter.widget",
                       "data": {"state": {"_model_name": "ButtonModel",
                                          "description": "x" * 1000}}}, "shell"),
        ("comm_info_request", {"target_name": 5}, "shell"),  # malformed: a traceback
        ("comm_msg", {"comm_id": "no-such-comm", "data": {"method": "update"}}, "shell"),
        ("inspect_request", {"code": "open", "cursor_pos": 4, "detail_level": 1}, "shell"),
    ]

    async def probe() -> tuple[Reply, list[dict]]:
        """Send ``sent``, then a plain ``comm_info_request`` and wait for its reply (the
        kernel answered: it still lives); that reply and every message received."""
        viewer = Viewer(url, timeout=60)
        await viewer.open("one.ipynb")
        try:
            for kind, content, channel in sent:
                await viewer.post(kind, content, channel)
            reply = await viewer.request("comm_info_request",
                                         {"target_name": "jupyter.widget"})
            return reply, list(viewer.received)
        finally:
            await viewer.close(shutdown=False)

    # in a thread of its own: Playwright's sync API may hold this thread's event loop
    with ThreadPoolExecutor(1) as pool:
        reply, received = pool.submit(asyncio.run, probe()).result()
    kinds = [m["msg_type"] for m in received]
    assert not {"execute_reply", "execute_result", "inspect_reply", "error",
                "shutdown_reply"} & set(kinds), kinds
    text = json.dumps(received, default=str)
    assert "Traceback" not in text and 'File "' not in text
    assert not Path("/tmp/probed").exists()
    answer = next(m for m in reply.messages if m["msg_type"] == "comm_info_reply")
    assert comm not in answer["content"]["comms"]  # the client's widget was never made
    logged = log.read_text(encoding="utf-8")
    for why in ("'execute_request' message is not allowed",
                "'shutdown_request' message is not allowed",
                "may not open a 'jupyter.widget' comm",
                "a comm_info_request of another form"):
        assert why in logged


def test_leaving_a_page_shuts_its_kernel_down_at_once(server, page) -> None:
    """Voila's page sends a shutdown call with the ``_xsrf`` cookie when it is left; the stock
    page handler set no such cookie, the call got 403 and the kernel lived 5-6 minutes."""
    url, log = server
    page.goto(f"{url}/voila/render/one.ipynb")
    expect(page.get_by_role("button", name=BUTTON)).to_be_visible(timeout=90_000)
    kernel_id = page.evaluate("document.body.dataset.kernelId") or re.search(
        r'"kernelId": "([0-9a-f-]{36})"', page.content()).group(1)
    assert any(c["name"] == "_xsrf" for c in page.context.cookies())
    page.goto("about:blank")  # the page's beforeunload sends the shutdown call
    deadline = time.monotonic() + 30
    while f"Kernel shutdown: {kernel_id}" not in log.read_text(encoding="utf-8"):
        assert time.monotonic() < deadline, "the left page's kernel is still running"
        time.sleep(0.3)
    assert f"403 POST /voila/api/shutdown/{kernel_id}" not in log.read_text(encoding="utf-8")


def test_a_query_string_is_dropped_and_a_client_past_its_cap_is_told_the_server_is_full(
        server) -> None:
    """(Last in this file: it leaves this client at its cap.)"""
    url, _ = server
    with BROWSER.open(f"{url}/voila/render/one.ipynb?theme=dark", timeout=120) as r:
        assert r.geturl() == f"{url}/voila/render/one.ipynb"  # redirected to the bare page
    served = 1
    for _ in range(2):  # this client may hold 2 kernels (the other test may hold one)
        try:
            _page(url)
        except urllib.error.HTTPError as error:
            refused = error
            break
        served += 1
    else:
        raise AssertionError("a fourth page was served to a client allowed 2")
    assert served <= 2
    assert refused.code == 503 and refused.headers["Retry-After"] == "60"
    body = refused.read().decode()
    assert "The server is full" in body and "your address holds 2 pages already" in body
    assert FULL_PAGE.split("{why}")[0] in body
