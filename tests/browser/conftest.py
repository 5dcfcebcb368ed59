"""A real Voila server and Debian's Chromium, driven by Playwright.

The server is started from the repository root exactly as ``make serve`` starts it (so the
repository's ``voila.json`` applies), on a free port, and stopped after the session.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Start ``voila notebooks/`` on a free port; yield its base URL."""
    port = _free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    voila = Path(sys.executable).with_name("voila")
    with log.open("w") as out:
        server = subprocess.Popen(
            [str(voila), "notebooks/", f"--port={port}", "--no-browser"],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/voila/static/voila.js", timeout=2):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"Voila did not start; its log:\n{log.read_text()}")
                time.sleep(0.3)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Launch Debian's Chromium (Playwright's own browser download does not work here)."""
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is not installed: run `make test` as root, or "
                    "`sudo apt-get install chromium`")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def base_url(voila_url: str) -> str:
    return voila_url
