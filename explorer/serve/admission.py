"""Who may have a page of the public server, and when: a browser known by a cookie of the
server's own making, a class behind one address each with a page of their own, and a line to
wait in, with its place and expected wait, when every place is taken.

A browser is told apart from a plain request by the viewer cookie: the server signs each token
it hands out (:class:`ViewerTokens`), and a page (a kernel) is only drawn for a request that
sends one back. A browser's first request gets the cookie and a redirect; a script that keeps
no cookies gets nothing else, however often it asks. The caps then count pages per browser (a
pupil's tabs) and, more loosely, per client address (a school's network), and past the server's
own capacity (its kernels, its free memory) a browser waits its turn in :class:`WaitingLine`.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

TOKEN = re.compile(r"[0-9a-f]{32}")
"""The form of a viewer token: 16 random hex digits and 16 of their signature."""


class ViewerTokens:
    """Viewer tokens signed with a key (HMAC-SHA256): :meth:`new` makes one, :meth:`valid`
    tells one of the server's own from any other string. Nothing is stored per token, so a
    flood of first requests costs no memory; servers sharing the key (several processes
    behind one proxy) accept each other's tokens."""

    def __init__(self, key: str = "") -> None:
        self._key = key.encode() if key else secrets.token_bytes(32)

    def _sign(self, nonce: str) -> str:
        return hmac.new(self._key, nonce.encode(), hashlib.sha256).hexdigest()[:16]

    def new(self) -> str:
        """A fresh token."""
        nonce = secrets.token_hex(8)
        return nonce + self._sign(nonce)

    def valid(self, token: str | None) -> bool:
        """Whether ``token`` is one this server (or one sharing its key) made."""
        if not token or not TOKEN.fullmatch(token):
            return False
        return hmac.compare_digest(token[16:], self._sign(token[:16]))


@dataclass
class Waiting:
    """A browser in the line: its address, when it joined and when it last asked."""

    client: str
    joined: float
    seen: float


class WaitingLine:
    """Browsers waiting for a place, first come first served (or first among the addresses
    below their share: :meth:`ahead`). A browser keeps its place by
    asking again within ``patience`` seconds (its waiting page reloads itself every few
    seconds); one that stops asking (a closed tab) leaves the line. At most ``longest``
    browsers wait, and at most ``per_client`` from one address."""

    def __init__(self, patience: float = 20, longest: int = 200, per_client: int = 60,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.patience = patience
        self.longest = longest
        self.per_client = per_client
        self._clock = clock
        self._line: OrderedDict[str, Waiting] = OrderedDict()

    def __len__(self) -> int:
        self._forget()
        return len(self._line)

    def __contains__(self, viewer: object) -> bool:
        self._forget()
        return viewer in self._line

    def _forget(self) -> None:
        """Drop the browsers that stopped asking."""
        now = self._clock()
        for viewer in [v for v, w in self._line.items() if now - w.seen > self.patience]:
            del self._line[viewer]

    def place(self, viewer: str, client: str,
              later: Callable[[str], bool] | None = None) -> int | None:
        """``viewer``'s place in the line (0: first; :meth:`ahead`), joining it at the end if
        it is not in it yet; None: the line (or this address's share of it) is full."""
        self._forget()
        now = self._clock()
        if viewer in self._line:
            self._line[viewer].seen = now
        else:
            mine = sum(1 for w in self._line.values() if w.client == client)
            if len(self._line) >= self.longest or mine >= self.per_client:
                return None
            self._line[viewer] = Waiting(client, now, now)
        return self.ahead(viewer, later)

    def ahead(self, viewer: str, later: Callable[[str], bool] | None = None,
              client: str | None = None) -> int:
        """How many browsers wait before ``viewer`` (one not in the line, of the address
        ``client``, comes after those in it). ``later(address)``: whether that address's
        browsers wait behind those of every address for which it is False (one that has its
        share of the places already); without it, first come, first served."""
        self._forget()
        line = list(self._line)
        mine = line.index(viewer) if viewer in self._line else len(line)
        me = self._line[viewer].client if viewer in self._line else client
        if later is None or me is None:
            return mine
        flags = {address: later(address) for address in {w.client for w in
                                                          self._line.values()} | {me}}
        last = flags[me]
        return sum(1 for n, other in enumerate(line) if n != mine and (
            (n < mine and flags[self._line[other].client] <= last) or
            (n > mine and last and not flags[self._line[other].client])))

    def clients(self) -> set[str]:
        """The addresses of the browsers waiting."""
        self._forget()
        return {w.client for w in self._line.values()}

    def leave(self, viewer: str) -> None:
        """``viewer`` got its page (or gave up): out of the line."""
        self._line.pop(viewer, None)


class Departures:
    """When places were freed lately (a viewer's kernel shut down), for the expected wait."""

    def __init__(self, window: float = 600, clock: Callable[[], float] = time.monotonic) -> None:
        self.window = window
        self._clock = clock
        self._times: deque[float] = deque()
        self._since = clock()

    def freed(self) -> None:
        """A place was freed now."""
        self._times.append(self._clock())

    def wait(self, place: int) -> float | None:
        """Seconds the browser at ``place`` (0: first) may expect to wait, from how often
        places were freed in the last ``window`` seconds; None: too few were to tell."""
        now = self._clock()
        while self._times and self._times[0] < now - self.window:
            self._times.popleft()
        if len(self._times) < 2:
            return None
        span = min(self.window, now - self._since)
        return (place + 1) * span / len(self._times)


def available_memory(meminfo: Path = Path("/proc/meminfo")) -> int | None:
    """The machine's memory available to new processes, in MiB (None: not known here)."""
    try:
        for line in meminfo.read_text(encoding="ascii").splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def say_wait(seconds: float | None) -> str:
    """An expected wait in a player's words."""
    if seconds is None:
        return "not known yet (no place has been freed lately)"
    if seconds < 60:
        return "under a minute"
    minutes = round(seconds / 60)
    return "about a minute" if minutes <= 1 else f"about {minutes} minutes"
