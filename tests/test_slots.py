"""The line of long work across kernels (issue 46 item 5): first come, first served, a
re-click goes to the back, and a killed kernel's ticket does not hold anyone up."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from explorer.errors import ExplorerError
from explorer.slots import NoTurn, turn

_WORK = """
import sys, time
from pathlib import Path
from explorer.slots import turn
folder, name, seconds, times = Path(sys.argv[1]), sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
for _ in range(times):  # a page clicking again as soon as its work is done
    with turn(folder, 1, wait=60, poll=0.02):
        print(name, "started", time.monotonic(), flush=True)
        time.sleep(seconds)
"""


def _work(folder: Path, name: str, seconds: float, times: int = 1) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", _WORK, str(folder), name, str(seconds),
                             str(times)], stdout=subprocess.PIPE, text=True)


def test_work_takes_turns_in_the_order_it_asked_and_a_re_click_goes_to_the_back(
        tmp_path: Path) -> None:
    """A page re-clicking three times as soon as its work ends (with one slot it held the
    machine for minutes) takes turns with two others that asked while it worked: A, B, C,
    A, A (once B and C are done, A has it alone)."""
    a = _work(tmp_path, "A", 4.0, times=3)  # long enough for B and C to start and ask
    assert a.stdout.readline().startswith("A started")
    b = _work(tmp_path, "B", 0.3)
    _wait_for_tickets(tmp_path, 2)  # B has asked (a sleep was too short on a busy machine)
    c = _work(tmp_path, "C", 0.3)
    order = ["A"]
    for process in (a, b, c):
        out, _ = process.communicate(timeout=60)
        assert process.returncode == 0
        order += [(line.split()[0], float(line.split()[2])) for line in out.splitlines()]
    started = ["A"] + [name for name, _ in sorted(order[1:], key=lambda item: item[1])]
    assert started == ["A", "B", "C", "A", "A"]


def _tickets(folder: Path) -> list[Path]:
    return [path for path in folder.iterdir() if path.suffix == ".ticket"]


def _wait_for_tickets(folder: Path, count: int, seconds: float = 60) -> None:
    """Until ``count`` tickets are in the line: the processes started have asked (a process
    importing the package can take seconds to get there on a loaded machine)."""
    end = time.monotonic() + seconds
    while len(_tickets(folder)) < count:
        assert time.monotonic() < end, f"{len(_tickets(folder))} tickets, not {count}"
        time.sleep(0.01)


def test_a_killed_kernels_ticket_holds_no_one_up(tmp_path: Path) -> None:
    holder = _work(tmp_path, "A", 60)
    assert holder.stdout.readline().startswith("A started")
    assert len(_tickets(tmp_path)) == 1
    with pytest.raises(NoTurn, match="1 before it"):
        with turn(tmp_path, 1, wait=0.3, poll=0.05):
            pass
    holder.kill()
    holder.wait()
    said: list[int] = []
    with turn(tmp_path, 1, said.append, wait=5, poll=0.05):
        assert len(_tickets(tmp_path)) == 1  # its own; the killed one's was removed
    assert said == [] and list(tmp_path.iterdir()) == []


def test_waiting_is_told_how_many_come_first(tmp_path: Path) -> None:
    first = _work(tmp_path, "A", 3.0)  # long enough for B to start and ask
    assert first.stdout.readline().startswith("A started")
    second = _work(tmp_path, "B", 0.5)
    _wait_for_tickets(tmp_path, 2)  # B has asked
    said: list[int] = []
    with turn(tmp_path, 1, said.append, wait=30, poll=0.02):
        pass
    assert said[0] == 2 and said[-1] == 1 and said == sorted(said, reverse=True)
    for process in (first, second):
        process.communicate(timeout=30)
    with pytest.raises(ExplorerError, match="slots must be 1 or more"):
        with turn(tmp_path, 0):
            pass
