"""The public server's descriptors as a budget (issue 46 item 2): the thresholds, the limit
raised at start, and an accept short of descriptors that pauses instead of spinning."""

from __future__ import annotations

import socket
import subprocess
import sys
import textwrap

from explorer.serve.connections import Unfinished
from explorer.serve.descriptors import Descriptors


def _budget(used: int | None, limit: int = 1024) -> Descriptors:
    return Descriptors(count=lambda: used, limit=lambda: limit, clock=lambda: 0.0)


def test_pages_stop_first_then_sockets_then_connections() -> None:
    # at 1,024: a fifth (204) for pages, a 24th (42) for sockets, a 32nd (32) for connections
    assert not _budget(1024 - 205).short_for_page()
    assert _budget(1024 - 203).short_for_page()
    assert not _budget(1024 - 43).short_for_socket() and _budget(1024 - 41).short_for_socket()
    assert not _budget(1024 - 33).short_for_connection()
    assert _budget(1024 - 31).short_for_connection()
    # a small limit keeps the least of each: 160, 40 and 24 free
    assert _budget(256 - 159, 256).short_for_page() and not _budget(256 - 161, 256).short_for_page()
    assert _budget(256 - 23, 256).short_for_connection()
    # where the system does not say, nothing is refused
    unknown = _budget(None)
    assert unknown.free() is None and not unknown.short_for_page()
    assert not unknown.short_for_connection()


def test_a_count_is_used_for_a_while_and_an_accepted_connection_counts_at_once() -> None:
    counted = []
    now = [0.0]

    def count() -> int:
        counted.append(now[0])
        return 900

    budget = Descriptors(count=count, limit=lambda: 1024, clock=lambda: now[0])
    assert budget.free() == 124
    budget.spent(3)
    assert budget.free() == 121 and counted == [0.0]
    now[0] = 0.06
    assert budget.free() == 124 and counted == [0.0, 0.06]


def test_the_real_count_sees_a_descriptor_opened() -> None:
    budget = Descriptors(clock=lambda: 0.0)
    before = Descriptors().free()
    with open(__file__, "rb"):
        assert Descriptors().free() == before - 1
    assert budget.limit > 0


class _Stream:
    def __init__(self) -> None:
        self.shut = False

    def closed(self) -> bool:
        return self.shut


def test_unfinished_connections_are_counted_per_address_and_forgotten_when_closed() -> None:
    waiting = Unfinished()
    streams = [_Stream() for _ in range(3)]
    for stream in streams:
        waiting.add("10.0.0.1", stream)
    waiting.add("10.0.0.2", _Stream())
    assert waiting.count("10.0.0.1") == 3 and waiting.count("10.0.0.2") == 1
    waiting.arrived("10.0.0.1", streams[0])
    streams[1].shut = True
    assert waiting.count("10.0.0.1") == 1 and waiting.count("10.0.0.9") == 0


def _run(script: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_the_server_raises_its_soft_limit_to_the_hard_one() -> None:
    out = _run("""
        import resource
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 2048))
        from explorer.serve.descriptors import raise_limit
        print(raise_limit(), resource.getrlimit(resource.RLIMIT_NOFILE))
    """)
    assert out.split() == ["(2048,", "2048)", "(2048,", "2048)"]


def test_an_accept_short_of_descriptors_pauses_instead_of_spinning() -> None:
    """A process with 64 descriptors accepting connections it keeps, 80 connecting: once its
    descriptors run out, the accept fails (EMFILE); Tornado's own loop retried at once, tens
    of thousands of times a second. Here the listening socket rests half a second each time:
    a few failed accepts in 2.5 s, one log line, and the loop goes on."""
    script = textwrap.dedent("""
        import asyncio, logging, resource, socket, sys, time
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
        from explorer.serve.connections import accept_connections

        lines = []
        logging.getLogger("explorer.serve").addHandler(type("H", (logging.Handler,), {
            "emit": lambda self, record: lines.append(record.getMessage())})())
        attempts = {"failed": 0}

        class Counted(socket.socket):
            def accept(self):
                try:
                    return super().accept()
                except OSError as error:
                    attempts["failed"] += error.errno == 24
                    raise

        listener = Counted(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("127.0.0.1", 0))
        listener.listen(128)
        listener.setblocking(False)
        kept = []

        async def main():
            stop = accept_connections(listener, lambda conn, addr: kept.append(conn))
            print(listener.getsockname()[1], flush=True)
            sys.stdin.readline()  # the connections are made
            ticks, started = 0, time.monotonic()
            while time.monotonic() - started < 2.5:
                await asyncio.sleep(0.01)
                ticks += 1
            stop()
            return ticks

        ticks = asyncio.run(main())
        print(len(kept), attempts["failed"], len(lines), ticks, flush=True)
    """)
    server = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline())
        clients = [socket.create_connection(("127.0.0.1", port), timeout=10)
                   for _ in range(80)]  # (the backlog holds those not accepted)
        server.stdin.write("go\n")
        server.stdin.flush()
        out, err = server.communicate(timeout=60)
        for client in clients:
            client.close()
    finally:
        server.kill()
    assert server.returncode == 0, err[-3000:]
    kept, failed, lines, ticks = map(int, out.split())
    assert kept > 40  # accepted until the descriptors ran out
    assert 1 <= failed <= 10, f"{failed} failed accepts in 2.5 s"
    assert lines == 1
    assert ticks > 100  # the loop kept turning
