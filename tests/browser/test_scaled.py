"""Scale-out behind a real reverse proxy (issue 29 item 5): two public Voila processes behind
Debian's nginx as ``make serve-scaled PROCESSES=2`` runs them; the load test and the class test
through it with no error, both processes serving pages, and the viewer's own address reaching
the processes."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from explorer.serve import ROOT
from explorer.serve.scaled import nginx_config, running_scaled

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PAGE = "rifts_play.ipynb"
POOLS = json.dumps({"default": {"pool_size": 0}, PAGE: {"pool_size": 1}})
"""Preheat the one page the tests open, not all of them (a quicker start)."""


@pytest.fixture(scope="module")
def scaled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[Path]]]:
    folder = tmp_path_factory.mktemp("scaled")
    with running_scaled(2, folder=folder, timeout=180, extra=(
            f"--VoilaKernelManager.kernel_pools_config={POOLS}",)) as served:
        yield served


def _script(name: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / name), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def test_the_configuration_names_every_process_and_keeps_a_browser_on_one() -> None:
    text = nginx_config("127.0.0.1:8866", [9001, 9002, 9003], Path("/srv/x"))
    assert "{{" not in text
    assert [line.strip() for line in text.splitlines() if line.strip().startswith("server 1")] \
        == [f"server 127.0.0.1:{p} max_fails=0;" for p in (9001, 9002, 9003)]
    assert "hash $cookie_explorer_viewer consistent;" in text
    assert "proxy_set_header Upgrade $http_upgrade;" in text and "listen 127.0.0.1:8866;" in text


def test_the_load_test_and_a_class_through_nginx_have_no_error(scaled, tmp_path) -> None:
    url, logs = scaled
    figures = tmp_path / "load.json"
    load = _script("load.py", "--url", url, "--viewers", "4", "--browsers", "1",
                   "--duration", "25", "--think", "1", "--visit", "10", "--ramp", "2",
                   "--leave", "shutdown", "--pages", PAGE, "--json", str(figures))
    assert load.returncode == 0, load.stdout[-3000:] + load.stderr[-3000:]
    [run] = json.loads(figures.read_text(encoding="utf-8"))
    assert run["errors"] == 0 and run["pages_served"] >= 5 and run["clicks"] >= 10
    assert run["browser_clicks"] >= 1
    figures = tmp_path / "class.json"
    lesson = _script("class.py", "--url", url, "--pupils", "6", "--browsers", "1",
                     "--arrive", "3", "--play", "10", "--think", "1", "--page", PAGE,
                     "--json", str(figures))
    assert lesson.returncode == 0, lesson.stdout[-3000:] + lesson.stderr[-3000:]
    found = json.loads(figures.read_text(encoding="utf-8"))
    assert found["errors"] == 0 and found["working_pages"] == 6 and found["clicks"] >= 6
    # a page and its socket reached the same process (else "no kernel" or a 404), and the
    # pages were spread over both (twenty-odd browsers' cookies hashed to one: about 1 in 10^6)
    for log in logs:
        text = log.read_text(encoding="utf-8")
        assert "Using pre-heated kernel" in text or "Kernel started" in text, log
        assert "Traceback" not in text


def test_the_processes_see_the_viewers_own_address(scaled) -> None:
    url, logs = scaled
    host, port = url.split("//", 1)[1].rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=60,
                                            source_address=("127.0.0.23", 0))
    try:
        connection.request("GET", f"/voila/render/{PAGE}?cookie-check")
        answer = connection.getresponse()
        assert answer.status == 403 and b"This site needs cookies" in answer.read()
    finally:
        connection.close()
    deadline = time.monotonic() + 10
    said = "Refused a page to 127.0.0.23: it keeps no cookie"
    while not any(said in log.read_text(encoding="utf-8") for log in logs):
        assert time.monotonic() < deadline, "no process logged the viewer's own address"
        time.sleep(0.3)
