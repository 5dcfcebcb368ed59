"""Decode untrusted Parquet tables first in a process of their own with a memory limit.

A Parquet footer says how big a table is, but decoding may allocate far more than it says: a
5 KB file whose footer declares 1 MB (one long string, dictionary-encoded, in every row)
decodes to 2 GB of strings, and a footer may simply lie. So before a page's kernel reads an
uploaded table, :func:`check_decoding` has a child process (``python -m
explorer.cards.trial``) read each file exactly as the kernel will (the same
:func:`~explorer.schema.frame_from_parquet`: polars' reader, its check of the decoded size,
then the rows validated) while the kernel watches the child's resident memory: past
:data:`DECODE_MEMORY` (or :data:`DECODE_SECONDS` of CPU, or :data:`_WALL_SECONDS`) the child
is ended and the file refused, and the kernel never reads it. A file the child read within
the cap is read by the kernel the same way (the same bytes, the same reader), so it costs the
kernel no more than the cap. (An address-space limit alone is no bound here: polars' thread
pool reserves gigabytes of it once warm, and a failed allocation may hang the reader; it is
only a backstop, :data:`_BACKSTOP`.)

The shipped tables (trusted, read often) are read directly, without a child.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from explorer.errors import CardDataError

DECODE_MEMORY = int(os.environ.get("EXPLORER_DECODE_MEMORY_MB", "384")) * 2**20
"""The most resident memory the child reading an upload's tables may hold, its own included
(about 110 MB once polars is warm; a shipped table adds a few MB, and a decoded table is held
to :data:`explorer.schema.MAX_TABLE_BYTES`). Environment: ``EXPLORER_DECODE_MEMORY_MB``."""
DECODE_SECONDS = int(os.environ.get("EXPLORER_DECODE_SECONDS", "10"))
"""The CPU seconds the child may spend reading an upload's tables (a shipped set takes well
under one). Environment: ``EXPLORER_DECODE_SECONDS``."""
_WALL_SECONDS = 30.0
"""The child's wall-clock time-out (its start included, on a loaded machine)."""
_BACKSTOP = 2**30
"""The child's address space may grow this much past its warm size (``RLIMIT_AS``): a bound
should the kernel's watch of its resident memory (every :data:`_WATCH` s) come late."""
_WATCH = 0.005
_READING = "reading "
"""The child's line naming each file as it starts to read it."""
_FITS = 0
_TOO_BIG = 3
_PAGE = os.sysconf("SC_PAGE_SIZE")


def _status(pid: int | str, field: str) -> int:
    """A size of ``/proc/<pid>/status`` (``VmSize``, ``VmRSS``) in bytes; 0 once gone."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


def _resident(pid: int) -> int:
    """The resident memory of process ``pid`` in bytes (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


def _child(game: str, memory: int, paths: Sequence[str]) -> int:
    """Read each of ``paths`` (``<table>.parquet`` of ``game``) as the kernel would, once the
    address space is capped at ``memory`` above its warm size; exit status :data:`_FITS`, or
    :data:`_TOO_BIG` when a table decodes past its cap or an allocation failed (a failure in
    polars' allocator may end the child with a signal, or hang it: the kernel watches its
    resident memory and time)."""
    resource.setrlimit(resource.RLIMIT_CPU, (DECODE_SECONDS, DECODE_SECONDS + 1))
    os.nice(5)  # behind the pages' kernels
    from explorer import cards
    from explorer.schema import TableTooBig, frame_from_parquet

    # warm up first: polars' thread pool and allocator reserve their address space on the
    # first read, which the cap must not count
    cards.load(game, cards.tables(game)[0])
    limit = _status("self", "VmSize") + memory
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    for path in paths:
        print(_READING + Path(path).name, flush=True)
        try:
            frame_from_parquet(cards.declaration(game, Path(path).stem), Path(path))
        except (TableTooBig, MemoryError):
            return _TOO_BIG
        except CardDataError:
            continue  # said by the kernel, which reads it the same way (cheaply)
    return _FITS


def check_decoding(game: str, folder: str | Path, names: Sequence[str]) -> None:
    """Refuse, with a :class:`CardDataError` naming the file, any of ``names`` (uploaded
    ``<table>.parquet`` files in ``folder``) whose reading takes more than
    :data:`DECODE_MEMORY` or :data:`DECODE_SECONDS` in a child process; return when every
    file was read within them (the kernel may then read them itself)."""
    if not names:
        return
    paths = [str(Path(folder, name)) for name in names]
    env = {**os.environ, "POLARS_MAX_THREADS": "1", "MALLOC_ARENA_MAX": "2",
           "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    child = subprocess.Popen(
        [sys.executable, "-m", "explorer.cards.trial", game, str(_BACKSTOP), *paths],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
        text=True, env=env)
    why = _watch(child)
    stdout = child.stdout.read() if child.stdout is not None else ""
    if why is None and child.returncode != _FITS:
        why = "unpacks to far more than a card table may hold"
    if why is not None:
        _refuse(_last_read(stdout, names), why)


def _watch(child: subprocess.Popen[str]) -> str | None:
    """Wait for ``child``, ending it once its resident memory passes :data:`DECODE_MEMORY`
    or it has run :data:`_WALL_SECONDS`; why it was ended, in words (None: it ended itself)."""
    deadline = time.monotonic() + _WALL_SECONDS
    why = None
    while child.poll() is None:
        if _resident(child.pid) > DECODE_MEMORY:
            why = "unpacks to far more than a card table may hold"
        elif time.monotonic() > deadline:
            why = "takes too long to read"
        else:
            time.sleep(_WATCH)
            continue
        child.kill()
        child.wait()
    return why


def _last_read(stdout: str | bytes | None, names: Sequence[str]) -> str:
    """The file the child was reading when it stopped (its last "reading" line)."""
    if isinstance(stdout, bytes):
        stdout = stdout.decode("utf-8", "replace")
    read = [line.removeprefix(_READING) for line in (stdout or "").splitlines()
            if line.startswith(_READING)]
    return read[-1] if read and read[-1] in names else names[0]


def _refuse(name: str, why: str) -> None:
    raise CardDataError(f"{why}: it was not loaded", file=name)


if __name__ == "__main__":
    sys.exit(_child(sys.argv[1], int(sys.argv[2]), sys.argv[3:]))
