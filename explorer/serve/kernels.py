"""The public server's kernel manager: Voila's pool made safe, the caps on kernels per server
and per client address, and the culling of idle kernels."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import partial
from typing import Any, ClassVar

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer

VIEWER_COOKIE = "explorer_viewer"
"""The cookie naming the browser a page was handed to (a random token, HttpOnly,
``SameSite=Lax``): a kernel's socket, shutdown and query answer only the browser that holds its
token (:attr:`PoolAwareKernelManager.browsers`), not whoever knows the kernel's id."""


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
                          "(past it a new viewer is told the server is full)")
    max_kernels_per_client = Integer(6, config=True, help="The most kernels one client "
                                     "address may hold at once, pages being drawn included")
    cull_connected_timeout = Integer(1800, config=True, help="Seconds of inactivity after "
                                     "which a kernel is culled even with a socket open to it "
                                     "(0: never)")
    max_starts_per_client = Integer(10, config=True, help="The most pages (each a kernel "
                                    "handed out or started) one client address may open in "
                                    "a minute; past it a page is refused (429) until the "
                                    "oldest of them is a minute old (0: no limit). The "
                                    "preheated pool's refills are the server's own")
    cull_unconnected_timeout = Integer(30, config=True, help="Seconds after its page was sent "
                                       "within which a viewer's kernel must have its socket "
                                       "opened; a kernel whose page never connected (an "
                                       "abandoned or scripted request) is shut down then (0: "
                                       "left to the idle cull)")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.owners: dict[str, str] = {}  # kernel id -> the client address it was drawn for
        self.browsers: dict[str, str] = {}  # kernel id -> the VIEWER_COOKIE of its browser
        self.drawing: dict[str, int] = {}  # client address -> pages being drawn for it now
        self.starts: dict[str, deque[float]] = {}  # client address -> its pages' times
        self.connected: set[str] = set()  # kernels a socket was ever opened to
        self._waiting: set[asyncio.TimerHandle] = set()  # cull_unconnected_timeout timers

    def held(self, client: str | None = None) -> int:
        """Kernels handed to viewers, with the pages being drawn whose kernel is not known yet
        (:class:`PageBeingDrawn`): in all, or for one ``client`` address. Kernels in a pool,
        or being preheated for one, are the server's own."""
        owned = [c for k, c in self.owners.items() if k in self._kernels]
        if client is not None:
            return owned.count(client) + self.drawing.get(client, 0)
        return len(owned) + sum(self.drawing.values())

    def full_for(self, client: str) -> str | None:
        """Why a new page for ``client`` would be one too many (None: it may have one)."""
        if self.held() >= self.max_kernels:
            return f"all {self.max_kernels} places are taken"
        if self.held(client) >= self.max_kernels_per_client:
            return f"your address holds {self.max_kernels_per_client} pages already"
        return None

    def start_wait(self, client: str, now: float | None = None) -> float:
        """Seconds before ``client`` may open another page under
        :attr:`max_starts_per_client` (0: now)."""
        now = time.monotonic() if now is None else now
        self._forget_starts(now)
        times = self.starts.get(client, ())
        if not self.max_starts_per_client or len(times) < self.max_starts_per_client:
            return 0.0
        return max(0.0, times[-self.max_starts_per_client] + 60 - now)

    def count_start(self, client: str, now: float | None = None) -> None:
        """A page (a kernel) is being drawn for ``client``: count it for a minute."""
        now = time.monotonic() if now is None else now
        self.starts.setdefault(client, deque()).append(now)

    def _forget_starts(self, now: float) -> None:
        """Forget the pages opened more than a minute ago (and the addresses left with
        none)."""
        for client, times in list(self.starts.items()):
            while times and times[0] <= now - 60:
                times.popleft()
            if not times:
                del self.starts[client]

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
        self.owners.pop(kernel_id, None)
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
        self.hand_out(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Jupyter's culling (kernels with no socket open, after ``cull_idle_timeout``), and
        kernels with a socket open but no traffic after ``cull_connected_timeout``. A kernel
        shut down since the culling round began (its viewer left while the round awaited
        another kernel) is passed over: Jupyter looked it up and logged a KeyError."""
        if kernel_id not in self._kernels:
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
        now = datetime.now(UTC)
        for _, _, kernel_id in self._pooled():
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = now
        await super().cull_kernels()

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """Start a kernel as Jupyter does, watching for its restarts."""
        kernel_id = await super().start_kernel(*args, **kwargs)
        self.add_restart_callback(kernel_id, partial(self._restarted, kernel_id), "restart")
        return kernel_id

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



def _forget_request_info(kernel_id: str) -> None:
    """Drop what Voila keeps for ``/voila/query/<kernel_id>`` (the request of the page the
    kernel was handed out for: Voila kept one for every page served, for ever)."""
    try:
        from voila.request_info_handler import RequestInfoSocketHandler
    except ImportError:  # pragma: no cover - Voila is what runs this manager
        return
    RequestInfoSocketHandler._cache.pop(kernel_id, None)


class PageBeingDrawn:
    """A page being drawn for a client address, counted against the kernel caps
    (:attr:`PoolAwareKernelManager.drawing`) from its request until its kernel is known (from
    then on the kernel counts, :attr:`PoolAwareKernelManager.owners`) or the page is done,
    whichever comes first: a page is never counted twice."""

    def __init__(self, drawing: dict[str, int], client: str) -> None:
        self._drawing = drawing
        self._client = client
        self.counted = True
        self.kernel_id: str | None = None  # the kernel handed out for it, once known
        drawing[client] = drawing.get(client, 0) + 1

    def settle(self) -> None:
        """Stop counting the page (idempotent)."""
        if not self.counted:
            return
        self.counted = False
        self._drawing[self._client] -= 1
        if not self._drawing[self._client]:
            del self._drawing[self._client]


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
