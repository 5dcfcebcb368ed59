"""The public server's kernel manager: Voila's pool made safe, the caps on kernels per server,
per browser and per client address, the line to wait in past them, and the culling of idle
kernels."""

from __future__ import annotations

import asyncio
import math
import time
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property, partial
from typing import Any, ClassVar

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Integer, Unicode

from explorer.serve.admission import (
    Departures,
    ViewerTokens,
    WaitingLine,
    available_memory,
)
from explorer.serve.descriptors import DESCRIPTORS

VIEWER_COOKIE = "explorer_viewer"
"""The cookie naming the browser a page was handed to (a token the server signed,
:class:`~explorer.serve.admission.ViewerTokens`; HttpOnly, ``SameSite=Lax``): a page is drawn
only for a browser that sends one, its caps count per browser, and a kernel's socket, shutdown
and query answer only the browser that holds its token
(:attr:`PoolAwareKernelManager.browsers`), not whoever knows the kernel's id."""

GIVEN_AWAY = (4001, "its place was given to another visitor")
"""The close code and reason of the sockets of a page whose place went to a browser of another
address (:meth:`PoolAwareKernelManager.admit`); the page says so in words."""


@dataclass(frozen=True)
class Admission:
    """What a page request gets (:meth:`PoolAwareKernelManager.admit`): ``kind`` "page" (draw
    it), "full" (a cap: ``why``), "too fast" (``wait`` seconds before another page) or
    "wait" (in the line at ``place``, 0 the first, for about ``wait`` seconds, None: not
    known)."""

    kind: str
    why: str = ""
    place: int = 0
    wait: float | None = None


class PoolAwareKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, with a kernel's idle time counted from when it leaves Voila's
    pool of preheated kernels (``voila.json`` names this class).

    Voila keeps pooled kernels from being culled but not their idle clock: a kernel preheated
    long ago and handed to a viewer could be culled in the second before the viewer's browser
    connects to it, and the page would never show its widgets. Before each culling round, the
    pooled kernels are marked active, so a kernel handed out has the whole idle timeout (less
    one culling interval) for its viewer to connect.

    Nor does Voila notice a pooled kernel that died and was restarted by Jupyter (same kernel
    id, nothing in it): it would hand out the page the dead kernel rendered, and the browser
    would find none of its widgets ("model not found"). A restarted kernel leaves its pool
    and is shut down, and the pool preheats another.
    """

    _shutting: ClassVar[set[asyncio.Future]] = set()

    max_kernels = Integer(40, config=True, help="The most kernels viewers may hold at once "
                          "(past it a new viewer waits in line for a place)")
    max_kernels_per_viewer = Integer(6, config=True, help="The most kernels one browser (its "
                                     "viewer cookie) may hold at once, pages being drawn "
                                     "included")
    max_kernels_per_client = Integer(40, config=True, help="The most kernels one client "
                                     "address may hold at once, pages being drawn included "
                                     "(a class behind a school's one address: each pupil's "
                                     "browser counts against this and its own cap)")
    max_starts_per_viewer = Integer(10, config=True, help="The most pages one browser may "
                                    "open in a minute (0: no limit)")
    min_free_memory = Integer(512, config=True, help="MiB of the machine's memory that must "
                              "stay available for a new page to be drawn (past it a viewer "
                              "waits in line; 0: memory is not checked)")
    viewer_key = Unicode("", config=True, help="The key viewer cookies are signed with: the "
                         "same on every process behind one proxy (empty: a random key, for "
                         "this process alone)")
    queue_patience = Integer(20, config=True, help="Seconds a browser in the line keeps its "
                             "place without asking again (its page asks every few seconds)")
    max_waiting = Integer(200, config=True, help="The most browsers waiting in the line")
    cull_connected_timeout = Integer(1800, config=True, help="Seconds of inactivity after "
                                     "which a kernel is culled even with a socket open to it "
                                     "(0: never)")
    max_starts_per_client = Integer(60, config=True, help="The most pages (each a kernel "
                                    "handed out or started) one client address may open in "
                                    "a minute; past it a page is refused (429) until the "
                                    "oldest of them is a minute old (0: no limit). The "
                                    "preheated pool's refills are the server's own")
    cull_gone_timeout = Integer(120, config=True, help="Seconds after its page's last "
                                "socket closed after which a kernel is shut down, busy or "
                                "not (a page closed without its shutdown call, a browser "
                                "gone: its long work would run on for nobody; 0: never)")
    cull_unconnected_timeout = Integer(30, config=True, help="Seconds after its page was sent "
                                       "within which a viewer's kernel must have its socket "
                                       "opened; a kernel whose page never connected (an "
                                       "abandoned or scripted request) is shut down then (0: "
                                       "left to the idle cull)")

    refill_quiet = Float(5.0, config=True, help="Seconds with no page handed out before a "
                         "pool preheats a kernel to replace one handed out (a class arriving "
                         "gets its pages first, and the refills wait until it is in; 0: at "
                         "once). A page asking for a kernel still waiting to be preheated "
                         "starts it at once")
    max_preheating = Integer(1, config=True, help="The most kernels preheating for the pools "
                             "at once (starting and drawing their page), so refills leave "
                             "the other cores to the viewers' kernels (0: no limit)")
    preheat_timeout = Float(120.0, config=True, help="Seconds after which a kernel still "
                            "preheating no longer holds back the next one")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.last_page = -math.inf  # time.monotonic() when the last page was drawn or handed out
        self._preheating: dict[asyncio.Task, float] = {}  # pool item -> when it began
        self._stopping = False  # shutdown_all was called
        self.owners: dict[str, str] = {}  # kernel id -> the client address it was drawn for
        self.browsers: dict[str, str] = {}  # kernel id -> the VIEWER_COOKIE of its browser
        self.drawing: dict[str, int] = {}  # client address -> pages being drawn for it now
        self.viewers_drawing: dict[str, int] = {}  # viewer token -> pages being drawn for it
        self.starts: dict[str, deque[float]] = {}  # client address -> its pages' times
        self.viewer_starts: dict[str, deque[float]] = {}  # viewer token -> its pages' times
        self.departures = Departures()
        self.connected: set[str] = set()  # kernels a socket was ever opened to
        self._waiting: set[asyncio.TimerHandle] = set()  # cull_unconnected_timeout timers
        self._freeing: dict[str, str] = {}  # viewer token -> kernel closed to give it a place
        self.gone_since: dict[str, float] = {}  # kernel id -> when its last socket closed

    def held(self, client: str | None = None) -> int:
        """Kernels handed to viewers, with the pages being drawn whose kernel is not known yet
        (:class:`PageBeingDrawn`): in all, or for one ``client`` address. Kernels in a pool,
        or being preheated for one, are the server's own."""
        owned = [c for k, c in self.owners.items() if k in self._kernels]
        if client is not None:
            return owned.count(client) + self.drawing.get(client, 0)
        return len(owned) + sum(self.drawing.values())

    def held_by(self, viewer: str) -> int:
        """Kernels handed to the browser ``viewer``, with the pages being drawn for it."""
        owned = sum(1 for k, v in self.browsers.items() if v == viewer and k in self._kernels)
        return owned + self.viewers_drawing.get(viewer, 0)

    @cached_property
    def tokens(self) -> ViewerTokens:
        """The signer of viewer cookies (:attr:`viewer_key`)."""
        return ViewerTokens(self.viewer_key)

    @cached_property
    def line(self) -> WaitingLine:
        """The browsers waiting for a place."""
        return WaitingLine(self.queue_patience, self.max_waiting, self.max_kernels_per_client)

    def full_for(self, client: str, viewer: str | None = None) -> str | None:
        """Why a new page for the browser ``viewer`` at ``client`` would pass its own or its
        address's cap (None: it may have one, if the server has room: :meth:`room`)."""
        if viewer is not None and self.held_by(viewer) >= self.max_kernels_per_viewer:
            return f"this browser holds {self.max_kernels_per_viewer} pages already"
        if self.held(client) >= self.max_kernels_per_client:
            return f"your address holds {self.max_kernels_per_client} pages already"
        return None

    def room(self) -> tuple[int, str]:
        """How many more pages the server can draw now, and why no more (its kernels, the
        machine's memory, :attr:`min_free_memory`, or the process's descriptors:
        :meth:`~explorer.serve.descriptors.Descriptors.short_for_page`)."""
        free = self.max_kernels - self.held()
        if free <= 0:
            return 0, f"all {self.max_kernels} places are taken"
        if self.min_free_memory:
            memory = available_memory()
            if memory is not None and memory < self.min_free_memory:
                return 0, "the server's memory is nearly all in use"
        if DESCRIPTORS.short_for_page():
            return 0, "the server has too many connections open"
        return free, ""

    def admit(self, client: str, viewer: str, now: float | None = None) -> Admission:
        """What a page request of the browser ``viewer`` at ``client`` gets: its caps first,
        then a place. The line is first come, first served among the addresses below their
        share of the places (:meth:`share`), then among the others: a browser is let in while
        fewer wait before it than there are places free. Where every place is taken, the first
        browser of an address below its share gets one freed from the address holding the
        most above its own share (its idlest page: :meth:`_free_a_place`)."""
        why = self.full_for(client, viewer)
        if why is not None:
            return Admission("full", why)
        wait = self.start_wait(client, now, viewer)
        if wait > 0:
            return Admission("too fast", self._too_fast_why(client, viewer, now), wait=wait)
        free, why = self.room()
        share = self.share(client)

        def later(address: str) -> bool:  # it has its share already: it waits behind
            return self.held(address) >= share

        ahead = self.line.ahead(viewer, later, client)
        if ahead < free:
            self.line.leave(viewer)
            self._freeing.pop(viewer, None)
            return Admission("page")
        joined = viewer not in self.line
        place = self.line.place(viewer, client, later)
        if place == 0 and self.held() >= self.max_kernels and not later(client) and \
                self._free_a_place(client, viewer):
            why = "a place is being freed for you"
        if joined and place is not None:
            self.log.warning("A browser of %s waits in line for a place, number %d: %s",
                             client, place + 1, why or "others wait before it")
        if place is None:
            return Admission("full", f"{why or 'every place is taken'}, and the line to wait "
                             "for one is full")
        return Admission("wait", why or "others wait before you", place,
                         self.departures.wait(place))

    def share(self, client: str) -> int:
        """The places each address may hold while others want them, ``client`` asking: the
        server's places shared equally among the addresses that hold pages or wait for one
        (``client`` among them), one at the least. A class behind one address has every place
        nobody else wants, and no more once others come."""
        present = {c for k, c in self.owners.items() if k in self._kernels}
        present |= {c for c, n in self.drawing.items() if n} | self.line.clients() | {client}
        return max(1, self.max_kernels // len(present))

    def _free_a_place(self, client: str, viewer: str) -> bool:
        """Free a place for the browser ``viewer`` at ``client`` (below its share, first in
        line, every place taken): the idlest page of the address holding the most above its
        share is closed, its viewer told why (:data:`GIVEN_AWAY`). Whether a place is being
        freed for it (False: every other address is within its share)."""
        freeing = self._freeing.get(viewer)
        if freeing is not None and freeing in self._kernels:
            return True  # its place is still being freed
        held = Counter(c for k, c in self.owners.items()
                       if k in self._kernels and c != client)
        if not held:
            return False
        holder, count = max(held.items(), key=lambda item: (item[1], item[0]))
        share = self.share(client)
        if count <= share:
            return False
        kernel_id = min((k for k, c in self.owners.items() if c == holder and k in self._kernels),
                        key=self._idle_since)
        self._freeing = {v: k for v, k in self._freeing.items() if k in self._kernels}
        self._freeing[viewer] = kernel_id
        idle = (datetime.now(UTC) - self._idle_since(kernel_id)).total_seconds()
        self.log.warning("Gave a place of %s to a browser of %s: every place is taken and %s "
                         "holds %d, its share %d; its page idle longest (%.0f s, kernel %s) is "
                         "closed", holder, client, holder, count, share, idle,
                         kernel_id)
        task = asyncio.ensure_future(self._give_away(kernel_id))
        self._shutting.add(task)  # kept until done (the loop holds tasks weakly)
        task.add_done_callback(self._shutting.discard)
        return True

    def _idle_since(self, kernel_id: str) -> datetime:
        kernel = self._kernels.get(kernel_id)
        try:
            return kernel.last_activity  # type: ignore[union-attr]
        except Exception:  # a kernel still starting: not idle at all
            return datetime.now(UTC)

    async def _give_away(self, kernel_id: str) -> None:
        """Close a kernel's sockets saying its place was given away (the page says why:
        :data:`~explorer.serve.pages.PAGE_SCRIPT`), then shut it down."""
        for connection in list(ZMQChannelsWebsocketConnection._open_sockets):
            if connection.kernel_id == kernel_id:
                handler = getattr(connection, "websocket_handler", None)
                if handler is not None:
                    handler.close(*GIVEN_AWAY)
        await self._shut_quietly(kernel_id)

    def _too_fast_why(self, client: str, viewer: str, now: float | None) -> str:
        if self.start_wait(client, now) > 0:
            return f"{self.max_starts_per_client} pages in a minute from your address"
        return f"{self.max_starts_per_viewer} pages in a minute from this browser"

    def start_wait(self, client: str, now: float | None = None,
                   viewer: str | None = None) -> float:
        """Seconds before ``client`` (and the browser ``viewer``, when given) may open
        another page under :attr:`max_starts_per_client` (and
        :attr:`max_starts_per_viewer`; 0: now)."""
        now = time.monotonic() if now is None else now
        self._forget_starts(now)
        waits = [_wait(self.starts.get(client, ()), self.max_starts_per_client, now)]
        if viewer is not None:
            waits.append(_wait(self.viewer_starts.get(viewer, ()), self.max_starts_per_viewer,
                               now))
        return max(waits)

    def count_start(self, client: str, now: float | None = None,
                    viewer: str | None = None) -> None:
        """A page (a kernel) is being drawn for ``client`` (and the browser ``viewer``):
        count it for a minute."""
        now = time.monotonic() if now is None else now
        self.last_page = max(self.last_page, now)
        self.starts.setdefault(client, deque()).append(now)
        if viewer is not None:
            self.viewer_starts.setdefault(viewer, deque()).append(now)

    def _forget_starts(self, now: float) -> None:
        """Forget the pages opened more than a minute ago (and the addresses and browsers
        left with none)."""
        for starts in (self.starts, self.viewer_starts):
            for key, times in list(starts.items()):
                while times and times[0] <= now - 60:
                    times.popleft()
                if not times:
                    del starts[key]

    def page_sent(self, kernel_id: str) -> None:
        """The page of a kernel handed to a viewer was sent: shut the kernel down after
        :attr:`cull_unconnected_timeout` seconds if no socket was opened to it by then."""
        if not self.cull_unconnected_timeout or kernel_id in self.connected:
            return
        loop = asyncio.get_running_loop()
        timer = loop.call_later(self.cull_unconnected_timeout,
                                lambda: self._cull_unconnected(kernel_id, timer))
        self._waiting.add(timer)

    def _cull_unconnected(self, kernel_id: str, timer: asyncio.TimerHandle) -> None:
        """The timer of :meth:`page_sent`: shut the kernel down if its page never
        connected."""
        self._waiting.discard(timer)
        if kernel_id in self.connected or kernel_id not in self._kernels or \
                kernel_id in self._pooled_ids():
            return
        self.log.warning("Culling kernel %s of %s: its page never connected within %d s",
                         kernel_id, self.owners.get(kernel_id, "an unknown address"),
                         self.cull_unconnected_timeout)
        task = asyncio.ensure_future(self._shut_quietly(kernel_id))
        self._shutting.add(task)  # kept until done (the loop holds tasks weakly)
        task.add_done_callback(self._shutting.discard)

    async def _shut_quietly(self, kernel_id: str) -> None:
        """Shut a kernel down; a kernel gone meanwhile, or failing to stop, is logged in a
        line (the idle cull takes it later)."""
        try:
            if kernel_id in self._kernels:
                await self.shutdown_kernel(kernel_id)
        except Exception as error:
            self.log.warning("Could not shut down kernel %s: %s", kernel_id, error)

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        """Shut a kernel down as Jupyter does, then close the sockets still open to it (Jupyter
        leaves them open to nothing, and the page would wait for ever; closed, it says it has
        gone to sleep: :data:`PAGE_SCRIPT`)."""
        if self.owners.pop(kernel_id, None) is not None:
            self.departures.freed()  # a viewer's place is free again
        self.browsers.pop(kernel_id, None)
        self.connected.discard(kernel_id)
        _forget_request_info(kernel_id)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)
        for connection in list(ZMQChannelsWebsocketConnection._open_sockets):
            if connection.kernel_id == kernel_id:
                handler = getattr(connection, "websocket_handler", None)
                if handler is not None:
                    handler.close(1001, "the kernel was shut down")

    def hand_out(self, kernel_id: str) -> None:
        """A kernel is handed to a viewer: its idle time counts from now (it was last busy
        when its page was drawn, maybe long ago in a pool)."""
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = datetime.now(UTC)

    def notify_connect(self, kernel_id: str) -> None:
        """A page connects to its kernel: as Jupyter counts it, and its idle time counts from
        now (the page has not had time to say anything yet)."""
        super().notify_connect(kernel_id)
        self.connected.add(kernel_id)
        self.gone_since.pop(kernel_id, None)
        self.hand_out(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        """A page's socket closed: as Jupyter counts it; when it was the last, the kernel's
        page may be gone (:attr:`cull_gone_timeout`)."""
        super().notify_disconnect(kernel_id)
        if not self._kernel_connections.get(kernel_id, 0):
            self.gone_since[kernel_id] = time.monotonic()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Jupyter's culling (kernels with no socket open, after ``cull_idle_timeout``), and
        kernels with a socket open but no traffic after ``cull_connected_timeout``. A kernel
        shut down since the culling round began (its viewer left while the round awaited
        another kernel) is passed over: Jupyter looked it up and logged a KeyError. So is a
        kernel still starting (its ``last_activity`` not set yet: Jupyter read it and logged a
        TraitError, seen with a class's kernels starting at once)."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            return
        if hasattr(kernel, "trait_has_value") and not kernel.trait_has_value("last_activity"):
            return
        if self._page_gone(kernel_id):
            self.log.warning("Culling kernel %s of %s: its page has had no socket open for "
                             "%d s (%s)", kernel_id, self.owners.get(kernel_id, "an unknown "
                             "address"), self.cull_gone_timeout,
                             getattr(kernel, "execution_state", "unknown"))
            await self.shutdown_kernel(kernel_id)
            return
        await super().cull_kernel_if_idle(kernel_id)
        kernel = self._kernels.get(kernel_id)
        if kernel is None or not self.cull_connected_timeout or \
                not self._kernel_connections.get(kernel_id, 0):
            return
        if kernel_id in self._pooled_ids():
            return
        idle = datetime.now(UTC) - kernel.last_activity
        if idle.total_seconds() > self.cull_connected_timeout and \
                getattr(kernel, "execution_state", None) != "busy":
            self.log.warning("Culling kernel %s: a socket is open but nothing happened for "
                             "%d s", kernel_id, idle.total_seconds())
            await self.shutdown_kernel(kernel_id)

    def _page_gone(self, kernel_id: str, now: float | None = None) -> bool:
        """Whether ``kernel_id``'s page connected once and has had no socket open for
        :attr:`cull_gone_timeout` seconds (busy or not)."""
        since = self.gone_since.get(kernel_id)
        if not self.cull_gone_timeout or since is None or \
                self._kernel_connections.get(kernel_id, 0):
            return False
        now = time.monotonic() if now is None else now
        return now - since > self.cull_gone_timeout

    def _pooled(self) -> Iterator[tuple[str, Any, str]]:
        """Each preheated kernel waiting in a pool: (notebook, pool item, kernel id)."""
        for notebook, pool in list(getattr(self, "_pools", {}).items()):
            for item in list(pool):
                if item.done() and not item.cancelled() and item.exception() is None:
                    yield notebook, item, item.result().get("kernel_id")

    def _pooled_ids(self) -> set[str]:
        """The ids of the kernels waiting in a pool."""
        return {kernel_id for _, _, kernel_id in self._pooled()}

    async def cull_kernels(self) -> None:
        """Mark the pooled kernels active, then cull as Jupyter does (and forget the owners of
        kernels gone by other ways than a shutdown, a kernel that died)."""
        self.owners = {k: c for k, c in self.owners.items() if k in self._kernels}
        self.browsers = {k: b for k, b in self.browsers.items() if k in self._kernels}
        self.connected &= set(self._kernels)
        self.gone_since = {k: t for k, t in self.gone_since.items() if k in self._kernels}
        now = datetime.now(UTC)
        for _, _, kernel_id in self._pooled():
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = now
        await super().cull_kernels()

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """Start a kernel as Jupyter does, watching for its restarts; a kernel preheated for
        a pool waits its turn first (:meth:`_pace_preheat`)."""
        await self._pace_preheat()
        kernel_id = await super().start_kernel(*args, **kwargs)
        self.add_restart_callback(kernel_id, partial(self._restarted, kernel_id), "restart")
        return kernel_id

    async def _pace_preheat(self, poll: float = 0.1) -> None:
        """Hold back a kernel about to be preheated for a pool until :meth:`may_preheat`.
        Voila fills a pool from tasks that stay in it, so the task starting the kernel is the
        pool's item while it waits there; once a page takes the item (Voila hands out the
        first, ready or not), it is that page's kernel and starts at once. Without this, a
        class of thirty taking a pool of thirty made Voila start thirty more kernels within
        the second, beside the thirty pages being opened."""
        task = asyncio.current_task()
        if task is None or not self._in_pool(task):
            return
        while self._in_pool(task) and not self.may_preheat() and not self._stopping:
            await asyncio.sleep(poll)
        if self._stopping:  # Voila empties the pools, then awaits each item: start none
            raise RuntimeError("the server is stopping: no kernel is preheated")
        if self._in_pool(task):
            self._preheating[task] = time.monotonic()

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:
        """Shut every kernel down as Voila and Jupyter do; a kernel still waiting for its
        turn to be preheated is not started."""
        self._stopping = True
        await super().shutdown_all(*args, **kwargs)

    def may_preheat(self, now: float | None = None) -> bool:
        """Whether a pool may preheat one more kernel now: no page handed out for
        :attr:`refill_quiet` seconds, and fewer than :attr:`max_preheating` kernels preheating
        (started for a pool, their page not yet drawn, for less than
        :attr:`preheat_timeout`)."""
        now = time.monotonic() if now is None else now
        if now - self.last_page < self.refill_quiet:
            return False
        for task, began in list(self._preheating.items()):
            if now - began >= self.preheat_timeout or not self._in_pool(task) or \
                    _preheated(task):
                del self._preheating[task]
        if DESCRIPTORS.short_for_page():  # (a refill short of them made libzmq abort)
            return False
        return not self.max_preheating or len(self._preheating) < self.max_preheating

    def _in_pool(self, task: asyncio.Future) -> bool:
        """Whether ``task`` is an item of a pool (not handed out)."""
        return any(task in pool for pool in getattr(self, "_pools", {}).values())

    def _restarted(self, kernel_id: str) -> None:
        """A kernel is being restarted: if it waits in a pool, drop it from the pool now,
        preheat another, and shut it down once its restart is over."""
        for notebook, item, pooled in self._pooled():
            if pooled == kernel_id:
                self._pools[notebook].remove(item)
                rendering = item.result().get("task")  # the page the dead kernel was drawing
                if rendering is not None and not rendering.done():
                    rendering.cancel()
                self.log.warning("Preheated kernel %s of %s died and was restarted empty: "
                                 "shutting it down and preheating another", kernel_id, notebook)
                task = asyncio.ensure_future(self._retire(kernel_id))
                self._shutting.add(task)  # kept until done (the loop holds tasks weakly)
                task.add_done_callback(self._shutting.discard)
                self.fill_if_needed(notebook_name=notebook)  # Voila's own refill
                return

    async def _retire(self, kernel_id: str, timeout: float = 120) -> None:
        """Shut a restarted kernel down once Jupyter's restart of it is over (the restart
        callbacks run before the restart; shutting down in the middle of it fails)."""
        deadline = time.monotonic() + timeout
        await asyncio.sleep(0.5)  # the restarter starts the restart after its callbacks
        while kernel_id in self._kernels and time.monotonic() < deadline:
            ready = getattr(self._kernels[kernel_id], "ready", None)
            if ready is None or ready.done():
                break
            await asyncio.sleep(0.5)
        if kernel_id not in self._kernels:
            return
        try:
            await self.shutdown_kernel(kernel_id, now=True)
        except Exception as error:  # a kernel that died again is culled later
            self.log.warning("Could not shut down restarted kernel %s: %s", kernel_id, error)



def _preheated(item: asyncio.Future) -> bool:
    """Whether a pool item is over: its kernel failed to start, or its page is drawn."""
    if not item.done():
        return False
    if item.cancelled() or item.exception() is not None:
        return True
    drawing = item.result().get("task")
    return drawing is None or drawing.done()


def _forget_request_info(kernel_id: str) -> None:
    """Drop what Voila keeps for ``/voila/query/<kernel_id>`` (the request of the page the
    kernel was handed out for: Voila kept one for every page served, for ever)."""
    try:
        from voila.request_info_handler import RequestInfoSocketHandler
    except ImportError:  # pragma: no cover - Voila is what runs this manager
        return
    RequestInfoSocketHandler._cache.pop(kernel_id, None)


def _wait(times: Any, most: int, now: float) -> float:
    """Seconds before one more of ``times`` (the last minute's) is within ``most`` a minute
    (0: now; ``most`` 0: no limit)."""
    if not most or len(times) < most:
        return 0.0
    return max(0.0, times[-most] + 60 - now)


class PageBeingDrawn:
    """A page being drawn for a client address (and a browser), counted against the kernel
    caps (:attr:`PoolAwareKernelManager.drawing`, :attr:`~PoolAwareKernelManager.viewers_drawing`)
    from its request until its kernel is known (from then on the kernel counts,
    :attr:`PoolAwareKernelManager.owners` and :attr:`~PoolAwareKernelManager.browsers`) or the
    page is done, whichever comes first: a page is never counted twice."""

    def __init__(self, drawing: dict[str, int], client: str,
                 viewers: dict[str, int] | None = None, viewer: str | None = None) -> None:
        self._counts = [(drawing, client)]
        if viewers is not None and viewer is not None:
            self._counts.append((viewers, viewer))
        self.counted = True
        self.kernel_id: str | None = None  # the kernel handed out for it, once known
        for counts, key in self._counts:
            counts[key] = counts.get(key, 0) + 1

    def settle(self) -> None:
        """Stop counting the page (idempotent)."""
        if not self.counted:
            return
        self.counted = False
        for counts, key in self._counts:
            counts[key] -= 1
            if not counts[key]:
                del counts[key]


class _Recorder:
    """A page handler's view of the kernel manager: records which client address and which
    browser each kernel it hands out is for (:attr:`PoolAwareKernelManager.owners` and
    :attr:`~PoolAwareKernelManager.browsers`), which settles the page being drawn for it."""

    def __init__(self, manager: Any, client: str, page: PageBeingDrawn | None = None,
                 browser: str | None = None) -> None:
        self._manager = manager
        self._client = client
        self._page = page
        self._browser = browser

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        found = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._own(found[2])
        return found

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        started = self._manager.start_kernel(*args, **kwargs)
        kernel_id = await started if asyncio.iscoroutine(started) else started
        self._own(kernel_id)
        return kernel_id

    def _own(self, kernel_id: str) -> None:
        owners = getattr(self._manager, "owners", None)
        if owners is not None:
            owners[kernel_id] = self._client
        browsers = getattr(self._manager, "browsers", None)
        if browsers is not None and self._browser is not None:
            browsers[kernel_id] = self._browser
        if self._page is not None:
            self._page.kernel_id = kernel_id
            self._page.settle()
        if hasattr(self._manager, "hand_out"):
            self._manager.hand_out(kernel_id)
