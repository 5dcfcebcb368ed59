"""Scale-out behind a real reverse proxy (issue 29 item 5): two public Voila processes behind
Debian's nginx as ``make serve-scaled PROCESSES=2 HOST=127.0.0.5`` runs them; the load test and
the class test through it with no error, both processes serving pages, and the viewer's own
address reaching the processes. Issue 46 item 3: the processes listen on 127.0.0.1 alone
whatever HOST nginx serves on, believe address headers from nginx's address alone, and 9,000
slow requests through nginx leave another client answered."""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import resource
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from explorer.serve import ROOT
from explorer.serve.scaled import BURST, PER_ADDRESS, RATE, nginx_config, running_scaled
from tests.loops import in_a_loop_of_its_own

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PAGE = "rifts_play.ipynb"
POOLS = json.dumps({"default": {"pool_size": 0}, PAGE: {"pool_size": 1}})
"""Preheat the one page the tests open, not all of them (a quicker start)."""
HOST = "127.0.0.5"
"""nginx serves here, as ``make serve-scaled HOST=127.0.0.5`` (the processes on 127.0.0.1)."""


@pytest.fixture(scope="module")
def scaled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[Path]]]:
    folder = tmp_path_factory.mktemp("scaled")
    with running_scaled(2, folder=folder, host=HOST, timeout=180, extra=(
            f"--VoilaKernelManager.kernel_pools_config={POOLS}",)) as served:
        yield served


def _script(name: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / name), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def test_the_configuration_names_every_process_and_keeps_a_browser_on_one() -> None:
    text = nginx_config("127.0.0.1:8866", [9001, 9002, 9003], Path("/srv/x"), limit=20000)
    assert "{{" not in text
    assert [line.strip() for line in text.splitlines() if line.strip().startswith("server 1")] \
        == [f"server 127.0.0.1:{p} max_fails=0;" for p in (9001, 9002, 9003)]
    assert "hash $cookie_explorer_viewer consistent;" in text
    assert "proxy_set_header Upgrade $http_upgrade;" in text and "listen 127.0.0.1:8866;" in text


def test_the_load_test_and_a_class_through_nginx_have_no_error(scaled, tmp_path) -> None:
    url, logs = scaled
    figures = tmp_path / "load.json"
    load = _script("load.py", "--url", url, "--viewers", "4", "--browsers", "1",
                   "--duration", "18", "--think", "1", "--visit", "8", "--ramp", "2",
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


def test_the_configuration_holds_slow_and_greedy_clients_in_check() -> None:
    lines = {line.strip() for line in nginx_config(
        "0.0.0.0:80", [9001], Path("/srv/x"), limit=20000).splitlines()}
    assert {"worker_rlimit_nofile 20000;", "worker_connections 19936;",
            "client_header_timeout 10s;", "client_body_timeout 10s;", "keepalive_timeout 30s;",
            f"limit_conn connections_per_address {PER_ADDRESS};",
            f"limit_req zone=requests_per_address burst={BURST} nodelay;",
            "limit_req_zone $binary_remote_addr zone=requests_per_address:10m "
            f"rate={RATE}r/s;"} <= lines
    with pytest.raises(Exception, match="nginx needs more than 128 descriptors"):
        nginx_config("0.0.0.0:80", [9001], Path("/srv/x"), limit=100)


def _backend_ports(logs: list[Path]) -> list[int]:
    """Each process's port, from the address Voila says it is running at."""
    ports = []
    for log in logs:
        found = re.search(r"running at:[\s|]*http://127\.0\.0\.1:(\d+)/", log.read_text("utf-8"))
        assert found, f"{log} names no address"
        ports.append(int(found.group(1)))
    return ports


def _cookie_check(host: str, port: int, source: str, real_ip: str) -> int:
    connection = http.client.HTTPConnection(host, port, timeout=60, source_address=(source, 0))
    try:
        connection.request("GET", f"/voila/render/{PAGE}?cookie-check",
                           headers={"X-Real-IP": real_ip, "X-Forwarded-For": real_ip})
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        connection.close()


def _logged(logs: list[Path], said: str, seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while not any(said in log.read_text(encoding="utf-8") for log in logs):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.3)
    return True


def test_the_processes_listen_on_127_0_0_1_whatever_nginx_serves_on(scaled) -> None:
    url, logs = scaled
    assert url.startswith(f"http://{HOST}:")
    for port in _backend_ports(logs):
        with pytest.raises(ConnectionRefusedError):
            http.client.HTTPConnection(HOST, port, timeout=10).connect()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", "/voila/static/voila.js")
        assert connection.getresponse().status == 200
        connection.close()


def test_a_process_believes_address_headers_from_the_proxys_address_alone(scaled) -> None:
    """A program reaching a process's port from another address names no address by the
    headers; from nginx's own address (127.0.0.1) the header is believed."""
    _, logs = scaled
    port = _backend_ports(logs)[0]
    assert _cookie_check("127.0.0.1", port, "127.0.0.31", "10.7.7.7") == 403
    assert _logged(logs, "Refused a page to 127.0.0.31: it keeps no cookie")
    assert not _logged(logs, "Refused a page to 10.7.7.7", seconds=1)
    assert _cookie_check("127.0.0.1", port, "127.0.0.1", "10.8.8.8") == 403
    assert _logged(logs, "Refused a page to 10.8.8.8: it keeps no cookie")


SLOW_REQUESTS = 9000
"""Unfinished requests one address sends through nginx (the probe of issue 46)."""
SLOW_HOLD = 30.0
"""Seconds the slow client tries to hold them, sending a header line every 20 s."""


async def _slow_requests(host: str, port: int, source: str) -> list[float | None]:
    """:data:`SLOW_REQUESTS` connections from ``source``, each sending a request line and then
    a header line every 20 s for :data:`SLOW_HOLD` s; each one's seconds until nginx closed it
    (None: still open at the end, or never opened)."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    gate = asyncio.Semaphore(300)  # connections being opened at once

    async def one() -> float | None:
        async with gate:
            try:
                reader, writer = await asyncio.open_connection(host, port,
                                                               local_addr=(source, 0))
            except OSError:
                return None
        writer.write(b"GET /voila/static/voila.js HTTP/1.1\r\nHost: x\r\n")
        try:
            while loop.time() - start < SLOW_HOLD:
                try:
                    await asyncio.wait_for(reader.read(4096), timeout=min(
                        20.0, max(0.1, SLOW_HOLD - (loop.time() - start))))
                except TimeoutError:
                    writer.write(b"X-Slow: 1\r\n")
                    continue
                return loop.time() - start  # an answer (408) or the connection closed
            return None
        except OSError:
            return loop.time() - start
        finally:
            writer.close()

    return await asyncio.gather(*(one() for _ in range(SLOW_REQUESTS)))


def test_slow_requests_through_nginx_leave_another_client_answered(scaled) -> None:
    """9,000 unfinished requests from one address (it had taken every connection of nginx
    for 30 s): another address's requests are answered all the while, and nginx drops the
    slow ones once their headers are 10 s late."""
    url, _ = scaled
    host, port = url.split("//", 1)[1].rsplit(":", 1)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = SLOW_REQUESTS + 1000
    assert hard >= wanted, f"the test needs {wanted} descriptors; the hard limit is {hard}"
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))
    answers: list[tuple[int | str, float]] = []
    done = threading.Event()

    def another_client() -> None:
        time.sleep(3)  # while the slow requests are opened and held
        while not done.is_set():
            began = time.monotonic()
            connection = http.client.HTTPConnection(host, int(port), timeout=10,
                                                    source_address=("127.0.0.77", 0))
            try:
                connection.request("GET", "/voila/static/voila.js")
                answer = connection.getresponse()
                answer.read()
                answers.append((answer.status, time.monotonic() - began))
            except OSError as error:
                answers.append((type(error).__name__, time.monotonic() - began))
            finally:
                connection.close()
            time.sleep(0.5)

    other = threading.Thread(target=another_client)
    other.start()
    try:
        closed = in_a_loop_of_its_own(_slow_requests(host, int(port), "127.0.0.66"))
    finally:
        done.set()
        other.join()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    cut = sorted(c for c in closed if c is not None)
    assert len(cut) >= SLOW_REQUESTS * 0.9, f"nginx cut only {len(cut)} slow requests"
    assert cut[len(cut) // 2] > 8, f"half the slow requests were cut by {cut[len(cut) // 2]} s"
    assert cut[-1] < 20, f"nginx held a slow request {cut[-1]:.1f} s"
    assert len(answers) >= 10 and all(status == 200 for status, _ in answers), answers
    assert max(seconds for _, seconds in answers) < 5, answers
