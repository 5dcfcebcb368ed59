"""Start the project's Voila server (or JupyterLab) and find Debian's Chromium: shared by tests
and scripts.

``make serve`` runs Voila directly; the browser tests, the benchmarks and the README's
screenshot start the same server (same ``voila.json``, from the repository root) with
:func:`running_voila` on a free port. ``make lab`` runs JupyterLab on notebooks/; the JupyterLab
browser test starts the same with :func:`running_lab`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer

from explorer.errors import ExplorerError

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)


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

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.owners: dict[str, str] = {}  # kernel id -> the client address it was drawn for
        self.drawing: dict[str, int] = {}  # client address -> pages being drawn for it now

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

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        """Shut a kernel down as Jupyter does, then close the sockets still open to it (Jupyter
        leaves them open to nothing, and the page would wait for ever; closed, it says it has
        gone to sleep: :data:`PAGE_SCRIPT`)."""
        self.owners.pop(kernel_id, None)
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


CLIENT_MESSAGES = frozenset({"comm_open", "comm_msg", "comm_close", "comm_info_request",
                             "kernel_info_request"})
"""What a viewer's page may send its kernel (Voila allows ``shutdown_request`` too: dropped)."""
CLIENT_COMMS = frozenset({"jupyter.widget.control"})
"""The comms a page may open itself (ipywidgets asks the kernel for its widgets' states on
one); every widget is the kernel's own: a client opening a ``jupyter.widget`` is refused."""
MAX_CLIENT_MESSAGE = 6 * 2**20
"""The largest message a page may send (a card set upload is at most 5 MB)."""


class ViewerChannels(ZMQChannelsWebsocketConnection):
    """The websocket between a viewer's page and its kernel, filtered both ways on top of
    Voila's own list (``voila.json`` names this class).

    From the page, only :data:`CLIENT_MESSAGES` pass, a ``comm_open`` only for
    :data:`CLIENT_COMMS`, a ``comm_info_request`` only in its plain form, and nothing over
    :data:`MAX_CLIENT_MESSAGE`. To the page, no traceback ever goes: ``error`` messages, the
    ``stderr`` stream and replies with an error status are dropped (and logged on the server).
    """

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        why = self._refusal(incoming_msg)
        if why is not None:
            self.log.warning("Dropped a message from a viewer of kernel %s: %s",
                             self.kernel_id, why)
            return
        super().handle_incoming_message(incoming_msg)

    def _refusal(self, incoming_msg: Any) -> str | None:
        """Why an incoming message is dropped (None: it passes)."""
        if len(incoming_msg) > MAX_CLIENT_MESSAGE:
            return f"{len(incoming_msg):,} bytes, over {MAX_CLIENT_MESSAGE:,}"
        try:
            header, content = self._header_and_content(incoming_msg)
        except Exception:  # whatever the bytes are, they are not a message
            return "not a kernel message"
        kind = header.get("msg_type") if isinstance(header, dict) else None
        if kind not in CLIENT_MESSAGES:
            return f"a {str(kind)[:40]!r} message is not allowed"
        if kind in {"comm_open", "comm_msg", "comm_close", "comm_info_request"} and \
                not isinstance(content, dict):
            return f"a {kind} without content"
        if kind == "comm_open" and content.get("target_name") not in CLIENT_COMMS:
            return f"a page may not open a {str(content.get('target_name'))[:40]!r} comm"
        if kind in {"comm_open", "comm_msg", "comm_close"} and \
                not isinstance(content.get("comm_id"), str):
            return f"a {kind} without a comm id"
        if kind == "comm_info_request" and not (
                set(content) <= {"target_name"}
                and isinstance(content.get("target_name", ""), str)):
            return "a comm_info_request of another form"
        return None

    def _header_and_content(self, incoming_msg: Any) -> tuple[Any, Any]:
        """The header and content of a message from the page, in either protocol."""
        if self.subprotocol == "v1.kernel.websocket.jupyter.org":
            from jupyter_server.services.kernels.connection.base import (
                deserialize_msg_from_ws_v1,
            )

            _, parts = deserialize_msg_from_ws_v1(incoming_msg)
            return self.session.unpack(parts[0]), self.session.unpack(parts[3])
        if isinstance(incoming_msg, bytes):
            from jupyter_server.services.kernels.connection.base import (
                deserialize_binary_message,
            )

            msg = deserialize_binary_message(incoming_msg)
        else:
            msg = json.loads(incoming_msg)
        return msg.get("header"), msg.get("content")

    def handle_outgoing_message(self, stream: str, outgoing_msg: list[Any]) -> None:
        try:
            _, parts = self.session.feed_identities(outgoing_msg)
            header = self.session.unpack(parts[1])
            kind = header.get("msg_type", "")
            if kind == "error" or kind == "stream" or kind.endswith("_reply"):
                content = self.session.unpack(parts[4])
                if kind == "error" or (kind == "stream" and content.get("name") == "stderr") \
                        or (kind.endswith("_reply") and content.get("status") == "error"):
                    self.log.warning("Kept from a viewer of kernel %s: %s %s", self.kernel_id,
                                     kind, str(content)[:2000])
                    return
        except Exception:  # a message this check cannot read goes as Jupyter sends it
            pass
        super().handle_outgoing_message(stream, outgoing_msg)


FULL_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="60">
<title>The server is full</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 4em auto">
<h1>The server is full</h1>
<p>Every place for a page is taken right now ({why}). Please try again in a minute: this
page reloads by itself.</p></body></html>
"""
"""The page a viewer past the kernel caps gets (status 503, Retry-After 60)."""


ASLEEP_AFTER = 4000
"""Milliseconds a page waits, once its kernel's socket closes, for it to come back before it
says the page has gone to sleep."""
PAGE_SCRIPT = """<script>
/* explorer.serve: put into every page of the public server, before Voila's own scripts. */
(() => {
  const MAX_MESSAGE = %(max_message)d, ASLEEP_AFTER = %(asleep_after)d;
  const mb = (n) => (n / 1048576).toFixed(1) + " MB";
  const size = (data) => typeof data === "string" ? new Blob([data]).size :
    data instanceof Blob ? data.size : (data && data.byteLength) || 0;
  let open = 0, leaving = false, asleep = false, timer = null;
  addEventListener("pagehide", () => { leaving = true; });
  addEventListener("beforeunload", () => { leaving = true; });
  function notice(id, title, text, action) {
    if (document.getElementById(id)) return;
    const box = document.createElement("div");
    box.id = id;
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;top:1em;left:50%%;transform:translateX(-50%%);" +
      "z-index:10000;max-width:32em;padding:1em 1.5em;border-radius:8px;" +
      "font:15px system-ui,sans-serif;background:#fff7ed;color:#7c2d12;" +
      "border:1px solid #fdba74;box-shadow:0 4px 16px rgba(0,0,0,.2)";
    const head = document.createElement("strong");
    head.textContent = title;
    const body = document.createElement("p");
    body.textContent = text;
    body.style.margin = ".5em 0";
    const button = document.createElement("button");
    button.textContent = action[0];
    button.addEventListener("click", action[1]);
    box.append(head, body, button);
    document.body.appendChild(box);
  }
  function check() {
    timer = null;
    if (open > 0 || leaving || asleep) return;
    asleep = true;
    notice("explorer-asleep", "This page has gone to sleep",
      "It was left without use for a while (or the server restarted), so its place on " +
      "the server was freed. Reload it to start again.",
      ["Reload", () => location.reload()]);
  }
  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (!String(url).includes("/channels")) return;
      this.channels = true;
      let opened = false;
      this.addEventListener("open", () => { opened = true; open += 1; });
      this.addEventListener("close", () => {
        if (opened) open -= 1;
        if (!timer) timer = setTimeout(check, ASLEEP_AFTER);
      });
    }
  }
  function tooBig(bytes, after) {
    const old = document.getElementById("explorer-too-big");
    if (old) old.remove();
    notice("explorer-too-big", "That is too much to upload",
      "It comes to " + mb(bytes) + "; this server takes at most " + mb(MAX_MESSAGE) +
      " at once. Nothing was sent: " + after,
      ["OK", () => document.getElementById("explorer-too-big").remove()]);
  }
  /* A file too big is not even read: the upload control sees a failed read (and says so to
     the kernel in a small message, so the page's widgets go on as before). */
  const read = FileReader.prototype.readAsArrayBuffer;
  FileReader.prototype.readAsArrayBuffer = function (blob) {
    if (!blob || blob.size <= MAX_MESSAGE) return read.call(this, blob);
    tooBig(blob.size, "choose a smaller file.");
    setTimeout(() => { if (this.onerror) this.onerror(new ProgressEvent("error")); });
  };
  /* Several files, each small enough, may still make one message too big. */
  Watched.prototype.send = function (data) {
    const bytes = this.channels ? size(data) : 0;
    if (bytes <= MAX_MESSAGE) return Native.prototype.send.call(this, data);
    tooBig(bytes, "choose fewer or smaller files, after reloading the page.");
  };
  window.WebSocket = Watched;
})();
</script>
""" % {"max_message": MAX_CLIENT_MESSAGE, "asleep_after": ASLEEP_AFTER}  # noqa: UP031
"""What the public server adds to each page's head: a notice when the page's kernel is gone
for good (culled after :attr:`PoolAwareKernelManager.cull_connected_timeout`, or the server
stopped) offering a reload, and a check of each message to the kernel before it is sent: one
over :data:`MAX_CLIENT_MESSAGE` (an upload too big) would be dropped by the server without a
word, so the page keeps it and tells the viewer."""


class PageBeingDrawn:
    """A page being drawn for a client address, counted against the kernel caps
    (:attr:`PoolAwareKernelManager.drawing`) from its request until its kernel is known (from
    then on the kernel counts, :attr:`PoolAwareKernelManager.owners`) or the page is done,
    whichever comes first: a page is never counted twice."""

    def __init__(self, drawing: dict[str, int], client: str) -> None:
        self._drawing = drawing
        self._client = client
        self.counted = True
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
    """A page handler's view of the kernel manager: records which client each kernel it hands
    out is for (:attr:`PoolAwareKernelManager.owners`), which settles the page being drawn
    for it."""

    def __init__(self, manager: Any, client: str, page: PageBeingDrawn | None = None) -> None:
        self._manager = manager
        self._client = client
        self._page = page

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
        if self._page is not None:
            self._page.settle()
        if hasattr(self._manager, "hand_out"):
            self._manager.hand_out(kernel_id)


def page_handler() -> type:
    """Voila's page handler with the public server's limits (a class made on first use, so
    importing this module does not import Voila)."""
    from voila.tornado.handler import TornadoVoilaHandler

    class PublicPageHandler(TornadoVoilaHandler):
        """A notebook page for one viewer: a query string is dropped (a redirect to the bare
        page, so every page comes out of the preheated pool), and past the kernel caps
        (:meth:`PoolAwareKernelManager.full_for`) the viewer gets :data:`FULL_PAGE`. The page
        carries :data:`PAGE_SCRIPT` (the "gone to sleep" notice, the upload check). The page
        gets the ``_xsrf`` cookie, which Voila's own page sends when it is closed to shut its
        kernel down (without it the call was refused and the kernel lived on until culled)."""

        _scripted = False
        _page: PageBeingDrawn | None = None

        @property
        def kernel_manager(self) -> Any:
            return _Recorder(self.settings["kernel_manager"], self._client(), self._page)

        def write(self, chunk: Any) -> None:
            """Voila's page as it is written, with :data:`PAGE_SCRIPT` at the top of its
            head."""
            if not self._scripted and isinstance(chunk, str) and "<head>" in chunk:
                self._scripted = True
                chunk = chunk.replace("<head>", "<head>" + PAGE_SCRIPT, 1)
            super().write(chunk)

        def _client(self) -> str:
            return self.request.remote_ip or "unknown"

        async def get(self, path: str | None = None) -> None:
            if self.request.query:
                self.redirect(self.request.path)
                return
            manager = self.settings["kernel_manager"]
            client = self._client()
            why = manager.full_for(client) if hasattr(manager, "full_for") else None
            if why is not None:
                self.log.warning("Refused a page to %s: %s", client, why)
                self._scripted = True  # a plain page: no kernel, no script
                self.set_status(503)
                self.set_header("Retry-After", "60")
                self.set_header("Content-Type", "text/html")
                self.finish(FULL_PAGE.format(why=why))
                return
            self.xsrf_token  # noqa: B018 - sets the _xsrf cookie the page's shutdown call sends
            self._page = PageBeingDrawn(getattr(manager, "drawing", {}), client)
            try:
                await super().get(path)
            finally:
                self._page.settle()

    return PublicPageHandler


def template_file_handler() -> type:
    """Voila's handler of its templates' static files, answering 404 to a path of another
    form than ``<template>/static/<file>`` (Voila's own fails on it with a 500 and a
    traceback in the log)."""
    import tornado.web
    from voila.static_file_handler import TemplateStaticFileHandler

    class TemplateFileHandler(TemplateStaticFileHandler):
        """A template's static file, or 404."""

        def parse_url_path(self, path: str) -> str:
            parts = path.split("/", 2)
            if len(parts) != 3 or parts[1] != "static" or not parts[0] or not parts[2] or \
                    parts[0] in {".", ".."} or os.path.basename(parts[0]) != parts[0]:
                raise tornado.web.HTTPError(404)
            try:
                return super().parse_url_path(path)
            except (ValueError, AssertionError, OSError) as error:  # no such template
                raise tornado.web.HTTPError(404) from error

    return TemplateFileHandler


def kernel_handler() -> type:
    """Jupyter's ``/api/kernels/<id>`` handler answering a GET with the kernel's id and name
    only (what a page's kernel connection checks when it reconnects), not its activity, state
    and connections; DELETE as Jupyter does (a closed page shuts its kernel down through
    Voila's own ``/voila/api/shutdown/<id>``, not here)."""
    from jupyter_server.services.kernels.handlers import KernelHandler
    from tornado import web

    class ViewerKernelHandler(KernelHandler):
        """A viewer's own kernel, by its id."""

        async def get(self, kernel_id: str) -> None:
            if not self.current_user:
                raise web.HTTPError(403)
            if kernel_id not in self.kernel_manager:
                raise web.HTTPError(404)
            name = getattr(self.kernel_manager.get_kernel(kernel_id), "kernel_name", "python3")
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps({"id": kernel_id, "name": name}))

    return ViewerKernelHandler


def channels_handler() -> type:
    """Voila's handler of a kernel's websocket, whose error page (a 404 for a kernel culled
    while its page kept trying to reconnect) is Tornado's plain one: Jupyter's template needs
    a setting Voila lacks, and failed with a traceback on every attempt."""
    import tornado.web
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    class ChannelsHandler(VoilaKernelWebsocketHandler):
        """A kernel's channels, with plain error pages."""

        def write_error(self, status_code: int, **kwargs: Any) -> None:
            tornado.web.RequestHandler.write_error(self, status_code, **kwargs)

    return ChannelsHandler


class OneLineErrors(logging.Filter):
    """Log an unexpected server error in one line (what failed, where) instead of a
    traceback of dozens, so a visitor requesting broken URLs cannot flood the log. A message
    of several lines (asyncio's "Task exception was never retrieved" and the task it names)
    becomes one line too, its lines joined by " | "."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            frames = traceback.extract_tb(error.__traceback__)
            where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames \
                else ""
            text = f"{text}: {type(error).__name__}: {str(error)[:200]}{where}"
        elif "\n" not in text:
            return True
        record.msg = " | ".join(line.strip() for line in text.splitlines() if line.strip())
        record.args = ()
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        return True


ERROR_LOGGERS = ("tornado.application", "tornado.general", "asyncio", "PublicVoila")
"""The loggers the public server writes unexpected errors to (:class:`OneLineErrors`);
``asyncio`` reports a failed task or callback of the server's event loop itself."""


def one_line_errors(names: tuple[str, ...] = ERROR_LOGGERS) -> Callable[[], None]:
    """Put :class:`OneLineErrors` on the loggers ``names``; returns what takes it off
    again."""
    one_line = OneLineErrors()
    for name in names:
        logging.getLogger(name).addFilter(one_line)

    def remove() -> None:
        for name in names:
            logging.getLogger(name).removeFilter(one_line)

    return remove


def public_voila() -> type:
    """Voila with :func:`page_handler` in place of its own page handler,
    :func:`kernel_handler` of its kernels', :func:`channels_handler` of their websockets',
    :func:`template_file_handler` of its template files', no login or
    logout pages (Voila has no users; its /logout answered with a 500), and server errors
    logged in one line (:class:`OneLineErrors`)."""
    from jupyter_server.services.kernels.handlers import KernelHandler
    from voila.app import Voila
    from voila.static_file_handler import TemplateStaticFileHandler
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    replaced = {TornadoVoilaHandler: page_handler(), KernelHandler: kernel_handler(),
                VoilaKernelWebsocketHandler: channels_handler(),
                TemplateStaticFileHandler: template_file_handler()}

    class PublicVoila(Voila):
        """``voila`` for a public server (``make serve``; see docs/hosting.md)."""

        def init_handlers(self) -> list:
            accounts = {entry[1] for entry in self.identity_provider.get_handlers()}
            return [(entry[0], replaced.get(entry[1], entry[1]), *entry[2:])
                    for entry in super().init_handlers() if entry[1] not in accounts]

        def start(self) -> None:
            one_line_errors()
            self.log.addFilter(OneLineErrors())
            super().start()

    return PublicVoila


def voila_main(argv: list[str]) -> None:
    """``python -m explorer.serve voila ARGS``: Voila with the public server's limits."""
    public_voila().launch_instance(argv)


def chromium() -> str:
    """The path of Debian's Chromium, or an error saying how to install it."""
    path = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        raise ExplorerError("Debian's chromium is not installed: run `make test` as root, "
                            "or `sudo apt-get install chromium`")
    return path


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running_voila(notebooks: str = "notebooks/", port: int | None = None,
                  extra: tuple[str, ...] = (), timeout: float = 60,
                  log_path: Path | None = None, cwd: Path = ROOT) -> Iterator[str]:
    """Run ``voila notebooks/`` from the repository root (the public server's Voila:
    :func:`voila_main`); yield its base URL; stop it after.

    Voila's output goes to ``log_path`` when given (kept after), else to a temporary file.
    ``cwd`` another folder: Voila run from there; the public server's Voila if that folder
    holds a ``voila.json``, else the stock ``voila`` (the benchmarks' bare Voila).
    """
    port = free_port() if port is None else port
    public = (cwd / "voila.json").exists()  # the project's configuration: its server
    voila = [sys.executable, "-m", "explorer.serve", "voila"] if public else \
        [str(Path(sys.executable).with_name("voila"))]
    opened = open(log_path, "w+", encoding="utf-8") if log_path else tempfile.TemporaryFile("w+")
    with opened as log:
        server = subprocess.Popen(
            [*voila, notebooks, f"--port={port}", "--no-browser", *extra],
            cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/voila/static/voila.js", timeout=2):
                        break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        log.seek(0)
                        raise ExplorerError(
                            f"Voila did not start; its log:\n{log.read()}") from None
                    time.sleep(0.3)
            yield url
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


LAB_ARGS = ("--no-browser", "--ServerApp.ip=127.0.0.1", "--ServerApp.root_dir=notebooks",
            "--LabApp.news_url=", "--LabApp.check_for_updates_class="
            "jupyterlab.NeverCheckForUpdate")
"""How ``make lab`` and the tests start JupyterLab: on loopback, over notebooks/, offline."""


@contextmanager
def running_lab(port: int | None = None, timeout: float = 90,
                log_path: Path | None = None) -> Iterator[tuple[str, str]]:
    """Run ``jupyter lab`` on notebooks/ with a fresh token and the app exposed to the page
    (so a test can run its commands); yield (base URL, token); stop it after."""
    import secrets

    port = free_port() if port is None else port
    token = secrets.token_hex(16)
    jupyter = Path(sys.executable).with_name("jupyter")
    opened = open(log_path, "w+", encoding="utf-8") if log_path else tempfile.TemporaryFile("w+")
    with opened as log:
        server = subprocess.Popen(
            [str(jupyter), "lab", f"--port={port}", f"--IdentityProvider.token={token}",
             "--LabApp.expose_app_in_browser=True", *LAB_ARGS,
             *(["--allow-root"] if os.geteuid() == 0 else [])],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2):
                        break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        log.seek(0)
                        raise ExplorerError(
                            f"JupyterLab did not start; its log:\n{log.read()}") from None
                    time.sleep(0.3)
            yield url, token
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


def lab(port: int = 8888) -> int:
    """``make lab``: JupyterLab on notebooks/ (as :func:`running_lab` starts it, with the
    login token JupyterLab prints); returns its exit status."""
    jupyter = Path(sys.executable).with_name("jupyter")
    root = ["--allow-root"] if os.geteuid() == 0 else []
    print(f"Opening notebooks/ in JupyterLab at http://127.0.0.1:{port}/lab "
          "(use the link with the token printed below)", flush=True)
    return subprocess.call([str(jupyter), "lab", f"--port={port}", *LAB_ARGS, *root],
                           cwd=ROOT)


if __name__ == "__main__":
    if sys.argv[1:2] == ["voila"]:
        voila_main(sys.argv[2:])
        raise SystemExit(0)
    import argparse

    parser = argparse.ArgumentParser(description="Start the project's servers.")
    parser.add_argument("what", choices=["lab"])
    parser.add_argument("--port", type=int, default=8888)
    arguments = parser.parse_args()
    raise SystemExit(lab(arguments.port))
