"""The public server's file descriptors as a budget.

Every connection, every kernel's channels and every unfinished request holds descriptors, and
a process has a fixed number (often 1,024). Run out, and a new connection cannot be accepted
(Tornado's accept loop then spun, logging an error each turn), a kernel cannot be started, and
libzmq, failing to make a socket's mailbox, aborts the whole process: every viewer's page lost.
So the server raises its limit as far as it may (:func:`raise_limit`), counts what it holds
(:class:`Descriptors`), and stops taking on more well before the end: new pages first
(:data:`PAGE_SHARE`), then new websockets (:data:`SOCKET_SHARE`), then new connections
(:data:`CONNECTION_SHARE`), so that what is open keeps working.
"""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Callable

PAGE_SHARE = 5
"""New pages (a kernel and its channels) stop when fewer than 1/5 of the descriptors are free
(:data:`PAGE_LEAST` at the least)."""
PAGE_LEAST = 160
"""The fewest free descriptors below which new pages stop, however small the limit."""
SOCKET_SHARE = 24
"""New kernel websockets (each a few ZMQ sockets) stop when fewer than 1/24 are free
(:data:`SOCKET_LEAST` at the least)."""
SOCKET_LEAST = 40
"""The fewest free descriptors below which new kernel websockets stop."""
CONNECTION_SHARE = 32
"""New connections are answered with a refusal and closed when fewer than 1/32 are free
(:data:`CONNECTION_LEAST` at the least)."""
CONNECTION_LEAST = 24
"""The fewest free descriptors below which new connections are refused."""
FRESH_FOR = 0.05
"""Seconds a count of the open descriptors is used before it is counted again."""


def raise_limit() -> tuple[int, int]:
    """Raise this process's soft limit on descriptors to its hard limit; the limits after
    (soft, hard). A limit that cannot be raised is left as it was."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):
            return soft, hard
    return resource.getrlimit(resource.RLIMIT_NOFILE)


def open_descriptors() -> int | None:
    """How many descriptors this process holds now (None: the system does not say)."""
    try:
        with os.scandir("/proc/self/fd") as entries:
            return sum(1 for _ in entries) - 1  # (the listing's own)
    except OSError:
        return None


class Descriptors:
    """This process's descriptors: how many it may hold (its soft limit, read when asked) and
    how many are free now (counted at most every :data:`FRESH_FOR` seconds)."""

    def __init__(self, count: Callable[[], int | None] = open_descriptors,
                 limit: Callable[[], int] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._count = count
        self._limit = limit or (lambda: resource.getrlimit(resource.RLIMIT_NOFILE)[0])
        self._clock = clock
        self._counted: tuple[float, int | None] | None = None

    @property
    def limit(self) -> int:
        """The most descriptors this process may hold."""
        limit = self._limit()
        return 1 << 20 if limit == resource.RLIM_INFINITY else limit

    def free(self) -> int | None:
        """Descriptors free now (None: unknown)."""
        now = self._clock()
        if self._counted is None or now - self._counted[0] >= FRESH_FOR:
            self._counted = (now, self._count())
        used = self._counted[1]
        return None if used is None else self.limit - used

    def spent(self, amount: int = 1) -> None:
        """Count ``amount`` more descriptors as held until the next count (a connection just
        accepted)."""
        if self._counted is not None and self._counted[1] is not None:
            self._counted = (self._counted[0], self._counted[1] + amount)

    def _short(self, share: int, least: int) -> bool:
        free = self.free()
        return free is not None and free < max(least, self.limit // share)

    def short_for_page(self) -> bool:
        """Whether too few are free for a new page (its kernel and channels)."""
        return self._short(PAGE_SHARE, PAGE_LEAST)

    def short_for_socket(self) -> bool:
        """Whether too few are free for a new kernel websocket."""
        return self._short(SOCKET_SHARE, SOCKET_LEAST)

    def short_for_connection(self) -> bool:
        """Whether too few are free to take a new connection."""
        return self._short(CONNECTION_SHARE, CONNECTION_LEAST)


DESCRIPTORS = Descriptors()
"""This process's descriptors (the server's, kernels and sockets alike)."""
