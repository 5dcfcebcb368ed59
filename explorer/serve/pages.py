"""The public server's HTTP handlers: a page for one viewer (with its script and the caps),
a template's static files, a kernel's info."""

from __future__ import annotations

import json
import os
import re
import secrets
from typing import Any

from explorer.serve.channels import MAX_CLIENT_MESSAGE
from explorer.serve.kernels import VIEWER_COOKIE, PageBeingDrawn, _Recorder

BROWSER_TOKEN = re.compile(r"[0-9a-f]{32}")
"""The form of a :data:`VIEWER_COOKIE` token."""

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
            return _Recorder(self.settings["kernel_manager"], self._client(), self._page,
                             self._browser())

        def _browser(self) -> str:
            """This browser's :data:`VIEWER_COOKIE` token (a new one is set if it has none,
            or one of another form)."""
            token = self.get_cookie(VIEWER_COOKIE, "")
            if not BROWSER_TOKEN.fullmatch(token):
                token = secrets.token_hex(16)
                self.set_cookie(VIEWER_COOKIE, token, httponly=True, samesite="Lax",
                                path="/")
                self.request.cookies[VIEWER_COOKIE] = token  # read again while drawing
            return token

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
            self._browser()  # sets the viewer cookie before the page's head is sent
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
