"""The kernel websocket of the public server against a crafted client (issue 26, items 1, 2,
3, 7 and 8): a real Voila started as ``make serve`` starts it (the project's ``voila.json``
and :func:`explorer.serve.voila_main`) on one small notebook, and websocket frames written by
the test itself to a viewer's kernel, not through a page.

Each test prints what it measured (another client's answer times side by side, the server's
memory): run with ``-s`` to see them.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import statistics
import struct
import threading
import time
import uuid
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, WebSocketClosedError, websocket_connect

from explorer.serve import running_voila
from explorer.serve.frames import V1
from explorer.serve.kernels import VIEWER_COOKIE
from explorer.viewer_client import Viewer, message
from tests.loops import in_a_loop_of_its_own

from .small_site import BUTTON, clicks, small_site

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PER_CLIENT = 5
"""The test server's cap on sockets per address (voila.json's default would be 3 x 6)."""
WITHIN = 1.0
"""Seconds within which another client must be answered while an attack runs (issue 26)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """(base URL, log) of the public Voila on one notebook, its caps on sockets as in
    ``voila.json`` but :data:`PER_CLIENT` per address (and no bound on the pages an address
    opens a minute: these tests open many from 127.0.0.1, and test_public_http.py tests it)."""
    folder = tmp_path_factory.mktemp("sockets")
    pages = small_site(folder)
    log = folder / "voila.log"
    with running_voila(pages, log_path=log, cwd=folder,
                       extra=("--PoolAwareKernelManager.max_kernels_per_client=10",
                              "--PoolAwareKernelManager.max_starts_per_client=0",
                              f"--ViewerChannels.max_sockets_per_client={PER_CLIENT}")) as url:
        yield url, log


_run = in_a_loop_of_its_own


def _server_pid(url: str) -> int:
    """The process listening on ``url``'s port (the Voila server, not its kernels)."""
    port = int(url.rsplit(":", 1)[1])
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[1].split(":")[1], 16) == port and fields[3] == "0A":  # LISTEN
            inodes.add(f"socket:[{fields[9]}]")
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if any(os.readlink(f"/proc/{pid}/fd/{fd}") in inodes
                   for fd in os.listdir(f"/proc/{pid}/fd")):
                return int(pid)
        except OSError:  # a process gone, or not ours to read
            continue
    raise AssertionError(f"no process listens on port {port}")


def _rss_mb(pid: int) -> float:
    """The resident memory of process ``pid``, in MB (its ``VmRSS``)."""
    found = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    return int(found.group(1)) / 1024


def _log_lines(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8", errors="replace").splitlines()


def _request(url: str, kernel_id: str, cookies: dict[str, str] | None,
             source: str | None = None) -> HTTPRequest:
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())} if cookies else {}
    return HTTPRequest(url.replace("http", "ws", 1) + f"/api/kernels/{kernel_id}/channels"
                       f"?session_id={uuid.uuid4().hex}", headers=headers,
                       network_interface=source)


async def _socket(url: str, kernel_id: str, cookies: dict[str, str] | None,
                  v1: bool = False, source: str | None = None) -> WebSocketClientConnection:
    """A websocket of the test's own to a kernel, with these cookies, in the v1 binary
    protocol or the legacy one, from the address ``source`` (None: 127.0.0.1)."""
    return await asyncio.wait_for(websocket_connect(
        _request(url, kernel_id, cookies, source), subprotocols=[V1] if v1 else None,
        max_message_size=256 * 2**20), 60)


async def _status(url: str, kernel_id: str, cookies: dict[str, str] | None) -> int:
    """The status a websocket upgrade to ``kernel_id`` gets (101: it opened; then closed)."""
    try:
        opened = await _socket(url, kernel_id, cookies)
    except HTTPClientError as error:
        return error.code
    opened.close()
    return 101


async def _closed(socket: WebSocketClientConnection, seconds: float = 30) -> tuple[Any, Any]:
    """Read until the server closes ``socket``; its close code and reason."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        async with asyncio.timeout(deadline - time.monotonic()):
            if await socket.read_message() is None:
                return socket.close_code, socket.close_reason
    raise AssertionError("the server left the socket open")


async def _timed(work: Awaitable[Any]) -> float:
    started = time.monotonic()
    await work
    return time.monotonic() - started


async def _static(http: AsyncHTTPClient, url: str) -> None:
    await http.fetch(f"{url}/voila/static/voila.js", request_timeout=120)


async def _viewers(url: str, count: int) -> list[Viewer]:
    viewers = []
    for _ in range(count):
        viewer = Viewer(url, timeout=120)
        await viewer.open("one.ipynb")
        viewers.append(viewer)
    return viewers


async def _leave(*viewers: Viewer) -> None:
    for viewer in viewers:
        await viewer.close(shutdown=True)


# ---- item 2 (first: it counts every socket this address has open) ------------------------

def test_item2_sockets_per_kernel_and_per_address_are_capped_before_the_upgrade(
        server) -> None:
    """Three sockets to a kernel (its page's and two for reconnecting), then 429 before the
    upgrade: 300 more (the exhaustion took ~245) are all refused, the first still works;
    past the address's cap another kernel's socket is refused too, until one closes."""
    url, log = server

    async def probe() -> dict[str, Any]:
        a, b = await _viewers(url, 2)  # 2 sockets of the address's 5
        extra = [await _socket(url, a.kernel_id, a.cookies) for _ in range(2)]  # 4
        over_kernel = [await _status(url, a.kernel_id, a.cookies) for _ in range(300)]
        first = await a.request("kernel_info_request", {})
        fifth = await _socket(url, b.kernel_id, b.cookies)  # 5 of 5
        over_address = await _status(url, b.kernel_id, b.cookies)
        fifth.close()
        for _ in range(100):  # the server sees the close at once; give it a moment
            await asyncio.sleep(0.1)
            again = await _status(url, b.kernel_id, b.cookies)
            if again == 101:
                break
        for socket in extra:
            socket.close()
        await _leave(a, b)
        return {"kernel": a.kernel_id, "over_kernel": set(over_kernel), "first": first,
                "over_address": over_address, "again": again}

    found = _run(probe())
    assert found["over_kernel"] == {429}
    assert any(m["msg_type"] == "kernel_info_reply" for m in found["first"].messages)
    assert (found["over_address"], found["again"]) == (429, 101)
    logged = "\n".join(_log_lines(log))
    assert f"Refused a socket to kernel {found['kernel']} from 127.0.0.1: kernel " \
        f"{found['kernel']} has 3 sockets open already" in logged
    assert f"the address holds {PER_CLIENT} sockets open already" in logged
    assert "Too many open files" not in logged and "ZMQError" not in logged


# ---- item 1 --------------------------------------------------------------------------------

def test_item1_a_bad_binary_frame_closes_only_its_socket_and_no_one_waits(server) -> None:
    """The 24-byte v1 frame declaring 30,000,000 offsets (it stalled the server 10-30 s) and
    one declaring 2**40 (the server never came back): while each is sent, a static file and
    another viewer's kernel_info_request are answered within a second; the frame's socket is
    closed with a close code and a reason, the page's own socket goes on."""
    url, log = server

    async def probe() -> dict[str, Any]:
        a, b = await _viewers(url, 2)
        http = AsyncHTTPClient(force_instance=True)
        before = [(await _timed(_static(http, url)),
                   await _timed(b.request("kernel_info_request", {}))) for _ in range(5)]
        during, closes, sizes = [], [], []
        for count in (30_000_000, 2**40):
            raw = await _socket(url, a.kernel_id, a.cookies, v1=True)
            assert raw.selected_subprotocol == V1
            frame = count.to_bytes(8, "little") + bytes(16)
            sizes.append(len(frame))
            await raw.write_message(frame, binary=True)
            during.append(await asyncio.gather(
                _timed(_static(http, url)), _timed(b.request("kernel_info_request", {}))))
            closes.append(await _closed(raw))
        after = await a.request("kernel_info_request", {})
        http.close()
        await _leave(a, b)
        return {"kernel": a.kernel_id, "before": before, "during": during,
                "closes": closes, "sizes": sizes, "after": after}

    found = _run(probe())
    before = [max(pair) for pair in found["before"]]
    print(f"\nitem 1: static file / other viewer's kernel_info, seconds: before "
          f"{found['before']}, while a bad frame was sent {found['during']}")
    assert found["sizes"] == [24, 24]
    for static, other in found["during"]:
        assert static < max(WITHIN, 3 * statistics.median(before)), found["during"]
        assert other < max(WITHIN, 3 * statistics.median(before)), found["during"]
    assert found["closes"] == [(1008, "not a kernel message")] * 2
    assert any(m["msg_type"] == "kernel_info_reply" for m in found["after"].messages)
    closed = [line for line in _log_lines(log) if f"Closed the socket of a viewer of kernel "
              f"{found['kernel']}" in line]
    assert len(closed) == 2
    assert "a binary frame declaring 30,000,000 parts (at most 64)" in closed[0]
    assert "a binary frame declaring 1,099,511,627,776 parts" in closed[1]


def test_item1_legacy_frames_declaring_ten_million_buffers_leave_the_memory_as_it_was(
        server) -> None:
    """Eight 16-byte frames without a subprotocol, each declaring ten million buffers (each
    cost ~325 MB, never given back): the server's resident memory stays where it was."""
    url, log = server
    pid = _server_pid(url)

    async def probe() -> dict[str, Any]:
        (a,) = await _viewers(url, 1)
        before = _rss_mb(pid)
        closes = []
        for _ in range(8):
            raw = await _socket(url, a.kernel_id, a.cookies)
            await raw.write_message(struct.pack("!i", 10_000_000) + bytes(12), binary=True)
            closes.append(await _closed(raw))
        after = _rss_mb(pid)
        reply = await a.request("kernel_info_request", {})
        await _leave(a)
        return {"kernel": a.kernel_id, "before": before, "after": after, "closes": closes,
                "reply": reply}

    found = _run(probe())
    print(f"\nitem 1: the server's RSS before {found['before']:.1f} MB, after eight 16-byte "
          f"frames declaring ten million buffers {found['after']:.1f} MB")
    assert found["closes"] == [(1008, "not a kernel message")] * 8
    assert found["after"] - found["before"] < 30  # one such frame cost ~325 MB
    assert any(m["msg_type"] == "kernel_info_reply" for m in found["reply"].messages)
    assert sum("a binary frame declaring 10,000,000 parts" in line
               for line in _log_lines(log)) == 8


# ---- item 3 --------------------------------------------------------------------------------

BIG = int(5.75 * 2**20)
"""The size of the messages that took another viewer's click from 42 ms to 506 ms."""


async def _flood(url: str, viewer: Viewer, seconds: float) -> dict[str, int]:
    """Send 5.75 MiB messages to ``viewer``'s kernel on sockets of the test's own for
    ``seconds``, opening another each time the server closes one (as an attacker would)."""
    big = json.dumps(message("comm_msg", {"comm_id": "x", "data": {
        "method": "custom", "content": {"x": "a" * (BIG - 400)}}}))
    deadline = time.monotonic() + seconds
    sent = sockets = refused = ended = 0
    while time.monotonic() < deadline:
        try:
            raw = await _socket(url, viewer.kernel_id, viewer.cookies)
        except HTTPClientError:
            refused += 1
            await asyncio.sleep(0.2)
            continue
        sockets += 1
        try:
            while time.monotonic() < deadline:
                await raw.write_message(big)
                sent += 1
        except WebSocketClosedError:  # the server closed it (its close frame may be lost:
            ended += 1                  # the connection is dropped with frames unread)
        raw.close()
    return {"sent": sent, "sockets": sockets, "refused": refused, "ended_by_server": ended,
            "size": len(big)}


def test_item3_what_a_real_page_sends_at_once_passes(server) -> None:
    """The bursts a page makes are within the limits: a 5 MB upload in one message (binary,
    as an upload control sends it), then 60 clicks at once; every one answered, none
    dropped."""
    url, log = server

    async def probe() -> dict[str, Any]:
        (a,) = await _viewers(url, 1)
        button = a.control(model="ButtonModel", description=BUTTON)
        upload = await a.comm_msg(button.model_id, {"method": "custom", "content": {
            "event": "upload"}}, [secrets.token_bytes(5 * 10**6)])
        clicks = await a.burst(button, 60)
        await _leave(a)
        return {"kernel": a.kernel_id, "upload": upload, "clicks": clicks}

    found = _run(probe())
    assert found["upload"].problems == []
    assert len(found["clicks"]) == 60 and all(not c.problems for c in found["clicks"])
    assert f"from a viewer of kernel {found['kernel']}" not in log.read_text(encoding="utf-8")


def test_item3_a_flood_of_big_messages_is_dropped_and_closed_and_another_viewer_stays_quick(
        server) -> None:
    """5.75 MiB messages sent as fast as one client can, its socket reopened each time it is
    closed, for 10 s: another viewer's clicks, side by side with the same clicks before."""
    url, log = server

    async def probe() -> dict[str, Any]:
        a, b = await _viewers(url, 2)
        before = await clicks(b, 4)
        flood, during = await asyncio.gather(_flood(url, a, 10), clicks(b, 10))
        reply = await b.request("kernel_info_request", {})
        await _leave(a, b)
        return {"kernel": a.kernel_id, "before": before, "during": during, "flood": flood,
                "reply": reply}

    found = _run(probe())
    flood = found["flood"]
    print(f"\nitem 3: another viewer's click, median {statistics.median(found['before']):.3f}"
          f" s before, {statistics.median(found['during']):.3f} s while one client sent "
          f"{flood['sent']} messages of {flood['size'] / 2**20:.2f} MiB on {flood['sockets']} "
          f"sockets ({flood['ended_by_server']} ended by the server, {flood['refused']} "
          f"refused); max {max(found['during']):.3f} s (issue 26 measured 42 ms and 506 ms)")
    assert flood["ended_by_server"] >= 1 and flood["refused"] >= 1  # closed, then rested
    assert statistics.median(found["during"]) < WITHIN
    assert any(m["msg_type"] == "kernel_info_reply" for m in found["reply"].messages)
    kernel_lines = [line for line in _log_lines(log) if found["kernel"] in line]
    assert any("too many messages" in line or "over its rate" in line for line in kernel_lines)


FLOOD = 20_000
"""Messages of the flood of dropped messages: far more than a socket's burst (1000)."""


def test_item3_a_flood_of_dropped_messages_writes_a_few_log_lines(server) -> None:
    """Twenty thousand messages the filter drops (made-up types, execute_request) as fast as
    one socket sends them: a line for each kind, one when the socket is closed, a count (the
    socket is closed some time after its burst of 1000 is spent and 50 more were dropped)."""
    url, log = server

    async def probe() -> dict[str, Any]:
        (a,) = await _viewers(url, 1)
        lines_before = len(_log_lines(log))
        raw = await _socket(url, a.kernel_id, a.cookies)
        sent = 0
        try:
            for i in range(FLOOD):
                kind = "execute_request" if i % 2 else f"probe-{secrets.token_hex(4)}"
                await raw.write_message(json.dumps(message(kind, {"code": "1"})))
                sent += 1
        except WebSocketClosedError:
            pass
        await asyncio.sleep(1)
        added = _log_lines(log)[lines_before:]
        await _leave(a)
        return {"kernel": a.kernel_id, "sent": sent, "added": added}

    found = _run(probe())
    about = [line for line in found["added"] if found["kernel"] in line
             and ("Dropped" in line or "Closed" in line)]
    print(f"\nitem 3: {found['sent']} messages sent, the log grew by {len(about)} lines "
          f"about what the kernel's socket sent:\n" + "\n".join(about))
    assert found["sent"] < FLOOD  # the server closed the socket (its close frame may be
    # lost: the connection is dropped with the client's frames unread, a reset)
    assert any("Closed the socket" in line and "over its rate" in line for line in about)
    assert len(about) <= 6
    assert any("'execute_request' message is not allowed" in line for line in about)
    assert any(re.search(r"Dropped [\d,]+ more messages from", line) for line in about)
    assert sum("probe-" in line for line in about) <= 1


# ---- issue 46 item 4: frames that carry no message count like messages ------------------

PING_SOCKETS = 18
"""Sockets pinging at once: one browser's 6 pages, 3 sockets each (issue 46's probe)."""
BASELINE_FLOOR = 0.010
"""Seconds below which a click's median before the attack counts as this (the test page's
click takes about 5 ms, where a real page's takes 40; twice 5 ms is within the jitter of a
machine running other tests)."""


async def _pings(url: str, viewers: list[Viewer], seconds: float) -> dict[str, int]:
    """Ping frames as fast as the sockets take them, on 3 sockets to each viewer's kernel
    (from addresses 127.0.0.51 on, 5 to an address: the test server's cap), each socket
    opened again whenever the server closes it, for ``seconds``."""
    from tornado.iostream import StreamClosedError

    counts = {"sent": 0, "sockets": 0, "refused": 0, "ended_by_server": 0}
    deadline = time.monotonic() + seconds

    async def pinger(viewer: Viewer, source: str) -> None:
        while time.monotonic() < deadline:
            try:
                raw = await _socket(url, viewer.kernel_id, viewer.cookies, source=source)
            except HTTPClientError:
                counts["refused"] += 1
                await asyncio.sleep(0.2)
                continue
            counts["sockets"] += 1
            try:
                while time.monotonic() < deadline:
                    raw.ping(b"ping")
                    counts["sent"] += 1
                    if counts["sent"] % 20 == 0:
                        await asyncio.sleep(0)  # the writes go out, the pongs come in
            except (WebSocketClosedError, StreamClosedError):
                counts["ended_by_server"] += 1
            raw.close()

    sources = [f"127.0.0.{51 + n // PER_CLIENT}" for n in range(PING_SOCKETS)]
    await asyncio.gather(*(pinger(viewers[n % len(viewers)], source)
                           for n, source in enumerate(sources)))
    return counts


def test_issue46_item4_pings_on_18_sockets_leave_another_viewers_click_as_quick(
        server) -> None:
    """Ping frames (control frames: no message reaches the budgets) as fast as they go on 18
    sockets to 6 kernels, reopened when closed, for 6 s: another viewer's click median
    within twice its median just before (at least :data:`BASELINE_FLOOR`; issue 46 measured
    42 ms before, 424 ms during);
    the pinging sockets are closed as floods."""
    url, log = server

    async def probe() -> dict[str, Any]:
        pingers = []
        for _ in range(6):  # each page's own socket closed: the address's cap is 5
            (viewer,) = await _viewers(url, 1)
            viewer.disconnect()
            pingers.append(viewer)
        (b,) = await _viewers(url, 1)
        before = await clicks(b, 3)
        attack: dict[str, Any] = {}
        pinging = threading.Thread(target=lambda: attack.update(
            in_a_loop_of_its_own(_pings(url, pingers, 6))))
        pinging.start()
        during = await clicks(b, 6)
        await asyncio.to_thread(pinging.join)
        after = await b.request("kernel_info_request", {})
        await _leave(b, *pingers)
        return {"kernels": [v.kernel_id for v in pingers], "before": before,
                "during": during, "attack": attack, "after": after}

    found = _run(probe())
    attack, before, during = found["attack"], found["before"], found["during"]
    print(f"\nissue 46 item 4: another viewer's click, median {statistics.median(before):.3f}"
          f" s before, {statistics.median(during):.3f} s while {attack['sent']:,} pings went "
          f"on {attack['sockets']} sockets ({attack['ended_by_server']} closed by the server, "
          f"{attack['refused']} refused); max {max(during):.3f} s")
    assert attack["sent"] > 10 * PING_SOCKETS and attack["ended_by_server"] >= PING_SOCKETS
    # twice the median before; a median before of under 10 ms (this small page's click, a
    # fifth of a real page's) counts as 10 ms: a few ms of the other tests' load is not the
    # attack's (without frames counted: 13 ms before, 1,976 ms during)
    assert statistics.median(during) <= 2 * max(BASELINE_FLOOR, statistics.median(before)), (
        before, during)
    assert any(m["msg_type"] == "kernel_info_reply" for m in found["after"].messages)
    closed = [line for line in _log_lines(log) if "Closed the socket of a viewer of kernel"
              in line and any(k in line for k in found["kernels"])]
    assert closed and all("over its rate" in line for line in closed)


def test_issue46_item4_a_message_in_thousands_of_pieces_is_counted_and_closed(
        server) -> None:
    """One text message begun and never finished, sent as 5,000 continuation frames of one
    byte (Tornado gathers them, and no message reached the budget): the socket is closed
    as a flood; the page's own socket goes on."""
    url, log = server

    async def probe() -> dict[str, Any]:
        (a,) = await _viewers(url, 1)
        raw = await _socket(url, a.kernel_id, a.cookies)
        from tornado.iostream import StreamClosedError

        sent, ended = 0, False
        try:
            raw.protocol._write_frame(False, 0x1, b"{")  # a text message's first piece
            for _ in range(5000):
                raw.protocol._write_frame(False, 0x0, b" ")  # a piece, not the last
                sent += 1
                if sent % 100 == 0:
                    await asyncio.sleep(0.01)
        except (WebSocketClosedError, StreamClosedError, AttributeError):
            ended = True  # dropped while pieces were written (AttributeError: no protocol)
        if not ended:  # (a socket left open times out here: the test fails)
            ended = await asyncio.wait_for(raw.read_message(), 30) is None
        after = await a.request("kernel_info_request", {})
        await _leave(a)
        return {"kernel": a.kernel_id, "ended": ended, "after": after}

    found = _run(probe())
    assert found["ended"]
    assert any(m["msg_type"] == "kernel_info_reply" for m in found["after"].messages)
    assert any(f"Closed the socket of a viewer of kernel {found['kernel']}" in line
               and "over its rate" in line for line in _log_lines(log))


# ---- item 8 --------------------------------------------------------------------------------

def test_item8_crafted_fields_of_any_json_are_refused_and_the_socket_goes_on(server) -> None:
    """A message type that is a list or a dict, content that is a list, a number or null, a
    header that is a list, a megabyte of message type, ...: each dropped, no error in the log,
    the page's socket and kernel go on. Frames that are no message at all (not JSON, a JSON
    list, a legacy binary frame of bad UTF-8) each close their own socket."""
    url, log = server

    def sent(**fields: Any) -> str:
        crafted = message("comm_msg", {"comm_id": "x", "data": {}})
        crafted.update(fields)
        return json.dumps(crafted)

    crafted = [
        sent(header={**message("x", {})["header"], "msg_type": ["comm_msg"]}),
        sent(header={**message("x", {})["header"], "msg_type": {"a": [1]}}),
        sent(content=[1, 2]), sent(content=7), sent(content=None), sent(header=[1, 2]),
        sent(header={**message("x", {})["header"], "msg_type": "x" * 2**20}),
        sent(channel=["shell"]), sent(buffers=[1, 2]),
        sent(content={"comm_id": "c", "target_name": ["jupyter.widget.control"]},
             header=message("comm_open", {})["header"]),
    ]
    not_messages = [("not json", False), (json.dumps([1, 2]), False),
                    (struct.pack("!iI", 1, 8) + b'{"\xff\xfe": 1}', True)]
    """Frames that are no kernel message at all: each closes its own socket."""

    async def probe() -> dict[str, Any]:
        (a,) = await _viewers(url, 1)
        lines_before = len(_log_lines(log))
        for frame in crafted:
            await a._socket.write_message(frame)
        reply = await a.request("kernel_info_request", {})
        closes = []
        for frame, binary in not_messages:
            raw = await _socket(url, a.kernel_id, a.cookies)
            await raw.write_message(frame, binary=binary)
            closes.append(await _closed(raw))
        again = await a.request("kernel_info_request", {})
        added = _log_lines(log)[lines_before:]
        await _leave(a)
        return {"reply": reply, "again": again, "closes": closes, "added": added,
                "problems": a.problems}

    found = _run(probe())
    for reply in (found["reply"], found["again"]):
        assert any(m["msg_type"] == "kernel_info_reply" for m in reply.messages)
    assert found["closes"] == [(1008, "not a kernel message")] * 3
    assert found["problems"] == []
    added = "\n".join(found["added"])
    assert "a message whose type is a list is not allowed" in added
    assert "a page may not open a a list comm" in added
    assert "Traceback" not in added and "TypeError" not in added
    assert "x" * 100 not in added  # a megabyte of message type is not written to the log


# ---- item 7 (last: the browser's page holds its socket open) ------------------------------

def test_item7_a_kernels_socket_opens_only_for_the_browser_it_was_handed_to(server) -> None:
    """A crafted client holding another viewer's kernel id: without cookies, with a made-up
    viewer cookie, with its own page's cookies, with the page's ``_xsrf`` alone: 403 before
    the upgrade (it reads nothing). The page's own cookies open it."""
    url, log = server

    async def probe() -> dict[str, Any]:
        a, b = await _viewers(url, 2)
        statuses = {
            "none": await _status(url, a.kernel_id, None),
            "made up": await _status(url, a.kernel_id,
                                     {VIEWER_COOKIE: secrets.token_hex(16)}),
            "another viewer's": await _status(url, a.kernel_id, b.cookies),
            "xsrf alone": await _status(url, a.kernel_id, {"_xsrf": a.cookies["_xsrf"]}),
            "its own": await _status(url, a.kernel_id, a.cookies),
        }
        await _leave(a, b)
        return {"kernel": a.kernel_id, "statuses": statuses}

    found = _run(probe())
    assert found["statuses"] == {"none": 403, "made up": 403, "another viewer's": 403,
                                 "xsrf alone": 403, "its own": 101}
    refused = [line for line in _log_lines(log)
               if f"Refused a socket to kernel {found['kernel']}" in line]
    assert len(refused) == 1  # the same refusal again within a minute is counted, not logged
    assert "not the browser the kernel was handed to" in refused[0]


def test_item7_the_real_page_opens_its_socket_and_plays(server, page) -> None:
    url, log = server
    page.goto(f"{url}/voila/render/one.ipynb", wait_until="commit")
    button = page.get_by_role("button", name=BUTTON)
    expect(button).to_be_visible(timeout=90_000)
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.content()).group(1)
    button.click()
    deadline = time.monotonic() + 30
    while f"Connecting to kernel {kernel_id}" not in log.read_text(encoding="utf-8"):
        assert time.monotonic() < deadline, "the page never connected to its kernel"
        time.sleep(0.3)
    time.sleep(1)
    logged = log.read_text(encoding="utf-8")
    assert f"Refused a socket to kernel {kernel_id}" not in logged
    assert f"Dropped a message from a viewer of kernel {kernel_id}" not in logged
    assert page.locator("#explorer-asleep").count() == 0



# ---- item 2: a kernel whose socket failed to open is culled like any idle kernel -----------

@pytest.fixture
def culling_server(tmp_path: Path) -> tuple[str, Path]:
    """(base URL, log) of a public Voila that gives a kernel 3 s to answer a new socket and
    culls kernels idle for 8 s with no socket open."""
    pages = small_site(tmp_path)
    log = tmp_path / "voila.log"
    with running_voila(pages, log_path=log, cwd=tmp_path,
                       extra=("--MappingKernelManager.kernel_info_timeout=3",
                              "--MappingKernelManager.cull_idle_timeout=8",
                              "--MappingKernelManager.cull_interval=2")) as url:
        yield url, log


def _kernel_pid(kernel_id: str) -> int:
    """The process of the kernel ``kernel_id`` (its command line names its connection
    file)."""
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if f"kernel-{kernel_id}.json".encode() in command:
            return int(pid)
    raise AssertionError(f"no process for kernel {kernel_id}")


def test_item2_a_kernel_whose_socket_failed_to_open_is_culled_like_any_idle_one(
        culling_server) -> None:
    """A page is drawn, then its kernel hangs (stopped) while its socket opens: the opening
    fails (Jupyter counted the connection before it), the socket is closed with a close code,
    and once the kernel runs again and is idle it is culled (the count left at one kept it
    from the idle cull for 30 minutes)."""
    import signal

    url, log = culling_server

    async def probe() -> tuple[str, Any]:
        browser = Viewer(url, timeout=120)  # its HTTP requests only: the page, not its socket
        body = await browser.get_page("one.ipynb")
        kernel_id = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', body).group(1)
        cookies = browser.cookies
        pid = _kernel_pid(kernel_id)
        os.kill(pid, signal.SIGSTOP)
        try:
            raw = await _socket(url, kernel_id, cookies)
            closed = await _closed(raw, 60)
        finally:
            os.kill(pid, signal.SIGCONT)
        return kernel_id, closed

    kernel_id, closed = _run(probe())
    deadline = time.monotonic() + 60
    while f"Culling 'idle' kernel 'python3' ({kernel_id}) with 0 connections" not in \
            log.read_text(encoding="utf-8"):
        assert time.monotonic() < deadline, "the kernel was not culled"
        time.sleep(0.5)
    assert closed == (1011, "the kernel could not be reached")
    assert f"Closed the socket of kernel {kernel_id}: it could not connect" in \
        log.read_text(encoding="utf-8")
