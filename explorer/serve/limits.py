"""What one websocket may cost the server: token buckets for its messages and bytes, a log
that says each kind of refusal once and then counts, and the count of sockets open per kernel
and per client address."""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable


class TokenBucket:
    """A budget that refills at ``rate`` per second up to ``burst``: :meth:`take` spends from
    it when there is enough (a burst passes at once, a sustained flood only at ``rate``)."""

    def __init__(self, rate: float, burst: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self._clock = clock
        self._last = clock()

    def take(self, amount: float = 1) -> bool:
        """Spend ``amount`` if the budget holds it (True), else spend nothing (False)."""
        now = self._clock()
        self.tokens = min(self.burst, self.tokens + (now - self._last) * self.rate)
        self._last = now
        if amount > self.tokens:
            return False
        self.tokens -= amount
        return True


class RefusalLog:
    """What one socket writes to the log about the messages it drops: the first refusal of
    each kind in a line of its own, the later ones counted and said in one summary line every
    ``every`` seconds and when the socket closes (:meth:`flush`)."""

    def __init__(self, log: logging.Logger | logging.LoggerAdapter, who: str,
                 every: float = 60, clock: Callable[[], float] = time.monotonic) -> None:
        self._log = log
        self._who = who
        self._every = every
        self._clock = clock
        self._seen: set[str] = set()
        self._counted: Counter[str] = Counter()
        self._since = clock()

    def refused(self, kind: str, text: str) -> None:
        """A message was dropped for ``text`` (of the refusal kind ``kind``)."""
        if kind not in self._seen:
            self._seen.add(kind)
            self._log.warning("Dropped a message from %s: %s", self._who, text)
        else:
            self._counted[kind] += 1
        if self._counted and self._clock() - self._since >= self._every:
            self.flush()

    def flush(self) -> None:
        """Say the refusals counted since the last summary, in one line (none: nothing)."""
        if self._counted:
            kinds = ", ".join(f"{n:,} {kind!r}" for kind, n in self._counted.most_common(5))
            more = len(self._counted) - 5
            self._log.warning("Dropped %s more messages from %s in %.0f s: %s%s",
                              f"{sum(self._counted.values()):,}", self._who,
                              self._clock() - self._since, kinds,
                              f" and {more} other kinds" if more > 0 else "")
        self._counted.clear()
        self._since = self._clock()


class SocketCounts:
    """The kernel websockets open (or being opened) now, per kernel and per client address."""

    def __init__(self) -> None:
        self.kernels: Counter[str] = Counter()
        self.clients: Counter[str] = Counter()

    def too_many(self, kernel_id: str, client: str, per_kernel: int,
                 per_client: int) -> str | None:
        """Why one more socket to ``kernel_id`` from ``client`` is one too many (None: it
        may open)."""
        if self.kernels[kernel_id] >= per_kernel:
            return f"kernel {kernel_id} has {per_kernel} sockets open already"
        if self.clients[client] >= per_client:
            return f"the address holds {per_client} sockets open already"
        return None

    def opened(self, kernel_id: str, client: str) -> None:
        """Count a socket."""
        self.kernels[kernel_id] += 1
        self.clients[client] += 1

    def closed(self, kernel_id: str, client: str) -> None:
        """Stop counting a socket (each :meth:`opened` has exactly one of these)."""
        for counts, key in ((self.kernels, kernel_id), (self.clients, client)):
            counts[key] -= 1
            if counts[key] <= 0:
                del counts[key]


class Budget:
    """What a kernel's sockets may send it: messages and bytes a second, each with a burst
    (:class:`TokenBucket`), and how many dropped messages (each MiB counting as one more)
    within ``window`` seconds make a flood whose socket is closed. One per kernel, so a
    socket reopened after being closed starts with what the last one left."""

    def __init__(self, messages_per_second: float, message_burst: float,
                 bytes_per_second: float, byte_burst: float, flood_drops: float,
                 window: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.messages = TokenBucket(messages_per_second, message_burst, clock)
        self.bytes = TokenBucket(bytes_per_second, byte_burst, clock)
        self.drops = TokenBucket(flood_drops / window, flood_drops, clock)

    def admit(self, size: int) -> bool:
        """Whether a message of ``size`` bytes is within the budget (and spend it)."""
        if self.messages.take():
            if self.bytes.take(size):
                return True
            self.messages.tokens += 1  # not sent: the message is not counted
        return False

    def flooded(self, size: int) -> bool:
        """Count a dropped message of ``size`` bytes; whether its socket floods."""
        return not self.drops.take(min(self.drops.burst, 1 + size / 2**20))

    def resting(self) -> bool:
        """Whether the kernel's sockets flooded it lately (its flood budget is not half
        refilled yet: half the window after a socket was closed for flooding)."""
        self.drops.take(0)  # refilled to now
        return self.drops.tokens < self.drops.burst / 2


class Once:
    """One log line per key (a kernel and a reason) every ``every`` seconds; the repeats in
    between are counted and said with the next line."""

    def __init__(self, every: float = 60, clock: Callable[[], float] = time.monotonic) -> None:
        self._every = every
        self._clock = clock
        self._last: dict[tuple[str, ...], float] = {}
        self._repeats: Counter[tuple[str, ...]] = Counter()

    def say(self, key: tuple[str, ...]) -> str | None:
        """What to add to the line for ``key`` if it is to be logged now (``""``, or how many
        were not logged since); None: not now (counted)."""
        now = self._clock()
        if now - self._last.get(key, -self._every) < self._every:
            self._repeats[key] += 1
            return None
        if len(self._last) > 10_000:  # old keys (kernels long gone) forgotten
            self._last = {k: t for k, t in self._last.items() if now - t < self._every}
        self._last[key] = now
        repeats = self._repeats.pop(key, 0)
        return f" ({repeats:,} more like it not logged since)" if repeats else ""
