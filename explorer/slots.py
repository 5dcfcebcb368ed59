"""Turns at the machine for long work (a fresh balance run, a game's review), across every
page's kernel, each a process of its own: first come, first served.

The line is a folder of tickets. Each piece of work writes a ticket named by when it asked,
holds it locked while it waits and works, and removes it when done; it works once fewer than
``slots`` live tickets are older than its own. The system frees a lock when its process ends,
however it ends, so a ticket left by a kernel that was killed is found unlocked and removed.
Asking again after a piece of work means a new ticket at the back of the line: a page that
clicks again and again cannot keep the machine from the others (with one slot held by
whoever got a lock first, one browser re-clicking held it for minutes).
"""

from __future__ import annotations

import fcntl
import os
import secrets
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from explorer.errors import ExplorerError


def _env_number(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


SLOTS = int(_env_number("EXPLORER_RUN_SLOTS", 0)) or max(1, (os.cpu_count() or 1) // 2)
"""How many pieces of long work the machine does at once, across every page's kernel (each a
process of its own): one for each two cores, at least one (``EXPLORER_RUN_SLOTS``)."""
WAIT_SECONDS = _env_number("EXPLORER_RUN_WAIT_SECONDS", 300.0)
"""The longest a piece of work waits for its turn before it is given up
(``EXPLORER_RUN_WAIT_SECONDS``)."""
FOLDER = Path(os.environ.get("EXPLORER_RUN_LOCKS")
              or Path(tempfile.gettempdir()) / f"explorer-runs-{os.getuid()}")
"""The folder of the machine's line of tickets (``EXPLORER_RUN_LOCKS``)."""


class NoTurn(ExplorerError):
    """The work waited its longest for a turn and was given up."""


@contextmanager
def turn(folder: Path, slots: int, waiting: Callable[[int], None] | None = None, *,
         wait: float = 300.0, poll: float = 0.2) -> Iterator[None]:
    """Hold a turn (the block) among the work of every process sharing ``folder``: at most
    ``slots`` at once, in the order they asked. While others come first, ``waiting(ahead)``
    is called whenever the number of pieces of work before this one changes; after
    ``wait`` seconds without a turn, :class:`NoTurn`."""
    if slots < 1:
        raise ExplorerError(f"slots must be 1 or more; found {slots}")
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    name = f"{time.time_ns():020d}-{os.getpid()}-{secrets.token_hex(4)}.ticket"
    draft = folder / (name + ".new")
    fd = os.open(draft, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.rename(draft, folder / name)  # seen by the others only once it is locked
        deadline = time.monotonic() + wait
        told: int | None = None
        while (ahead := _ahead(folder, name) - slots + 1) > 0:
            if time.monotonic() >= deadline:
                raise NoTurn(f"no turn within {wait:g} s: {ahead} before it")
            if waiting is not None and ahead != told:
                waiting(ahead)
                told = ahead
            time.sleep(poll)
        yield
    finally:
        for path in (folder / name, draft):
            try:
                path.unlink()
            except FileNotFoundError:
                pass
        os.close(fd)  # (the lock goes with it)


def _ahead(folder: Path, mine: str) -> int:
    """How many live tickets in ``folder`` are older than ``mine`` (stale ones removed)."""
    return sum(1 for entry in sorted(os.listdir(folder))
               if entry.endswith(".ticket") and entry < mine and _live(folder / entry))


def _live(path: Path) -> bool:
    """Whether the ticket at ``path`` is held by a process still running (else it is removed:
    its process ended without removing it)."""
    try:
        fd = os.open(path, os.O_RDWR)
    except FileNotFoundError:
        return False
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        return False
    finally:
        os.close(fd)

