"""A preheated kernel that dies is never handed to a viewer.

Jupyter restarts a dead kernel under the same id, empty. Voila's pool does not notice and would
serve the page the dead kernel rendered: every widget then says "Error displaying widget: model
not found" (seen once in CI on a teaching page). Here a real Voila, with the project's
``voila.json``, serves one small notebook; its preheated kernel is killed; the page must show
its widget all the same.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import Page, expect

from explorer.serve import running_voila

from .small_site import BUTTON, small_site

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

def _wait_for(log: Path, text: str, times: int = 1, timeout: float = 120) -> None:
    """Wait until Voila's log holds ``text`` ``times`` times."""
    deadline = time.monotonic() + timeout
    while log.read_text(encoding="utf-8", errors="replace").count(text) < times:
        if time.monotonic() > deadline:
            raise AssertionError(f"{text!r} not in Voila's log after {timeout} s:\n"
                                 + log.read_text(encoding="utf-8", errors="replace")[-3000:])
        time.sleep(0.5)


def _kernels(server_port: int) -> list[psutil.Process]:
    """The kernel processes of the Voila listening on ``server_port``."""
    for proc in psutil.process_iter(["cmdline"]):
        if any(f"--port={server_port}" == arg for arg in proc.info["cmdline"] or []):
            return [child for child in proc.children(recursive=True)
                    if "ipykernel_launcher" in " ".join(child.cmdline())]
    raise AssertionError(f"no Voila on port {server_port}")


def test_a_restarted_preheated_kernel_is_replaced_before_a_viewer_gets_it(
        page: Page, tmp_path: Path) -> None:
    pages = small_site(tmp_path)
    log = tmp_path / "voila.log"
    with running_voila(pages, log_path=log, cwd=tmp_path) as url:
        _wait_for(log, "Kernel pool of one.ipynb is filled")
        port = int(url.rsplit(":", 1)[1])
        (kernel,) = _kernels(port)
        kernel.send_signal(signal.SIGKILL)
        _wait_for(log, "died and was restarted empty")
        _wait_for(log, "Kernel pool of one.ipynb is filled", times=2)  # preheated again
        page.goto(f"{url}/voila/render/one.ipynb")
        expect(page.get_by_role("button", name=BUTTON)).to_be_visible(timeout=90_000)
        assert "model not found" not in page.locator("body").inner_text()
