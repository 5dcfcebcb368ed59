"""The public server's HTTP handlers: a page for one viewer (with its script and the caps),
a template's static files, a kernel's info, shutdown and query socket (for its own browser
only), no folder listings, and the rules every handler keeps (:class:`PublicRules`)."""

from __future__ import annotations

import hmac
import html
import json
import math
import os
from typing import Any
from urllib.parse import unquote

from explorer.serve.admission import ViewerTokens, say_wait
from explorer.serve.assets import without_font_awesome_cdn
from explorer.serve.channels import MAX_CLIENT_MESSAGE
from explorer.serve.kernels import GIVEN_AWAY, VIEWER_COOKIE, PageBeingDrawn, _Recorder
from explorer.serve.limits import Once

FULL_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="60">
<title>The server is full</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 4em auto">
<h1>The server is full</h1>
<p>Every place for a page is taken right now ({why}). Please try again in a minute: this
page reloads by itself.</p></body></html>
"""
"""The page a viewer past a cap of its own or its address's gets (status 503, Retry-After
60)."""

WAITING_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="{every}">
<title>Waiting for a place ({place})</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 4em auto">
<h1>Waiting for a place</h1>
<p class="explorer-place">You are number {place} in line.</p>
<p class="explorer-wait">Expected wait: {wait}.</p>
<p>Every place on this server is taken right now ({why}). Leave this page open: it keeps your
place, checks every {every} seconds and opens the page by itself when your turn comes.</p>
</body></html>
"""
"""The page a viewer waiting in line for a place gets (status 503, Retry-After
:data:`WAITING_EVERY`)."""
WAITING_EVERY = 5
"""Seconds between a waiting page's checks of its place."""

BUSY_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="{every}">
<title>The server is busy</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 4em auto">
<h1>The server is busy</h1>
<p>Your page could not be started just now: the server is very busy. This page tries again
by itself in {every} seconds.</p></body></html>
"""
"""The page a viewer gets when its page's kernel failed to start before anything of the page
was sent (a machine overloaded by a class arriving: Jupyter gives a kernel 60 s), status
503, Retry-After :data:`BUSY_EVERY`, rather than Voila's bare error 500."""
BUSY_EVERY = 10
"""Seconds before a busy page tries again."""

COOKIES_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>This site needs cookies</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 4em auto">
<h1>This site needs cookies</h1>
<p>Each browser gets its page by a cookie of its own (it holds a random number and nothing
else). Please allow cookies for this site, then <a href="{page}">open the page again</a>.</p>
</body></html>
"""
"""The page a request gets that came back from the cookie check without the cookie (status
403): a browser refusing cookies, or a script. No kernel is started for it."""
CHECK = "cookie-check"
"""The query string of the redirect that checks a new browser keeps the viewer cookie."""

TOO_FAST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="{wait}">
<title>Too many pages at once</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 4em auto">
<h1>Too many pages at once</h1>
<p>Pages were opened from your address faster than this server allows ({why}). Please wait
a moment: this page reloads by itself in {wait} seconds.</p></body></html>
"""
"""The page a viewer past :attr:`PoolAwareKernelManager.max_starts_per_client` gets (status
429, Retry-After the seconds until it may open one again)."""

NOT_A_PAGE = "This page cannot be shown inside another one: open it in a tab of its own.\n"
"""The plain answer to a page requested as something other than a page (an image, a script,
a frame: ``Sec-Fetch-Dest`` other than ``document``), status 403: no kernel is started for it."""

REFERRER_POLICY = "same-origin"
"""The ``Referrer-Policy`` of every answer: other sites are not told which page a viewer
came from."""
REFUSED_PAGES = Once(60)
"""The log of refused pages: one line per address and reason a minute."""
SAME_SITE = "Lax"
"""The ``SameSite`` of every cookie the server sets (when the call sets none)."""


ASLEEP_AFTER = 4000
"""Milliseconds a page waits, once its kernel's socket closes, for it to come back before it
says the page has gone to sleep."""
PAGE_SCRIPT = """<script>
/* explorer.serve: put into every page of the public server, before Voila's own scripts. */
(() => {
  const MAX_MESSAGE = %(max_message)d, ASLEEP_AFTER = %(asleep_after)d,
    GIVEN_AWAY = %(given_away)d;
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
  function givenAway() {
    asleep = true;
    notice("explorer-given-away", "This page's place went to another visitor",
      "The server is full, and your network holds more than its share of the places, so " +
      "the page left idle the longest made room for a visitor from elsewhere. Reload it " +
      "to wait for a place again.",
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
      this.addEventListener("close", (event) => {
        if (opened) open -= 1;
        if (event.code === GIVEN_AWAY) givenAway();
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
""" % {"max_message": MAX_CLIENT_MESSAGE, "asleep_after": ASLEEP_AFTER,  # noqa: UP031
       "given_away": GIVEN_AWAY[0]}
"""What the public server adds to each page's head: a notice when the page's kernel is gone
for good (culled after :attr:`PoolAwareKernelManager.cull_connected_timeout`, or the server
stopped) offering a reload, another when its place went to a visitor of another address
(its sockets closed with :data:`~explorer.serve.kernels.GIVEN_AWAY`), and a check of each
message to the kernel before it is sent: one over :data:`MAX_CLIENT_MESSAGE` (an upload too
big) would be dropped by the server without a word, so the page keeps it and tells the
viewer."""


WITHOUT_KERNEL = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" type="text/css" href="{base}voila/templates/lab/static/index.css">
<link rel="stylesheet" type="text/css" href="{base}voila/templates/lab/static/theme-light.css">
<link rel="icon" href="data:;base64,=">
<style>.jp-mod-noOutputs.jp-mod-noInput {{ display: none; }}
#rendered_cells {{ max-width: 1200px; margin: 0 auto; padding: 1em; }}
.anchor-link {{ visibility: hidden; text-decoration: none; margin-left: .3em; }}
:is(h1, h2, h3, h4, h5, h6):hover > .anchor-link {{ visibility: visible; }}</style>
</head>
<body class="jp-Notebook theme-light" data-jp-theme-light="true"
 data-jp-theme-name="JupyterLab Light">
<main id="rendered_cells">
{cells}
</main></body></html>
"""
"""A page of markdown cells only (the landing page), as Voila's lab template shows it but
drawn without a kernel: its cells, Voila's own style sheets, no script."""


class KernelFreePages:
    """The pages of notebooks with no code cell (the landing page), drawn once with nbconvert
    in Voila's look (:data:`WITHOUT_KERNEL`; pictures inlined as Voila inlines them) and kept
    until their file changes: such a page needs no kernel, no place and no cookie."""

    def __init__(self) -> None:
        self._drawn: dict[str, tuple[float, str | None]] = {}

    def page(self, root: str, path: str, base_url: str) -> str | None:
        """The page of the notebook ``path`` under ``root`` (None: it has code, or is no
        notebook this can read)."""
        import nbformat

        file = os.path.join(root, path)
        try:
            changed = os.path.getmtime(file)
        except OSError:
            return None
        key = f"{file}\0{base_url}"
        known = self._drawn.get(key)
        if known is not None and known[0] == changed:
            return known[1]
        try:
            notebook = nbformat.read(file, as_version=4)
        except Exception:  # not a notebook nbformat reads: Voila's own handler answers
            return None
        drawn = None
        if notebook.cells and all(c.cell_type in ("markdown", "raw") for c in notebook.cells):
            drawn = self._draw(notebook, os.path.dirname(file), path, base_url)
        if len(self._drawn) > 100:
            self._drawn.clear()
        self._drawn[key] = (changed, drawn)
        return drawn

    @staticmethod
    def _draw(notebook: Any, folder: str, path: str, base_url: str) -> str:
        from nbconvert import HTMLExporter

        exporter = HTMLExporter(template_name="lab", template_file="base.html.j2",
                                exclude_input=True, embed_images=True)
        cells, _ = exporter.from_notebook_node(notebook, resources={"metadata": {
            "path": folder}})
        title = os.path.splitext(os.path.basename(path))[0]
        return WITHOUT_KERNEL.format(title=html.escape(title), base=html.escape(base_url),
                                     cells=cells)


KERNEL_FREE = KernelFreePages()
"""The server's pages drawn without a kernel."""


def page_handler() -> type:
    """Voila's page handler with the public server's limits (a class made on first use, so
    importing this module does not import Voila)."""
    import tornado.web
    from voila.tornado.handler import TornadoVoilaHandler

    class PublicPageHandler(TornadoVoilaHandler):
        """A notebook page for one viewer. A request for the page as something else than a
        page (``Sec-Fetch-Dest`` present and not ``document``: an image, a script, a frame) gets
        :data:`NOT_A_PAGE` and no kernel. A request without the server's viewer cookie gets
        one and a redirect to the page with the query :data:`CHECK`; coming back without it
        (cookies refused, or a script), :data:`COOKIES_PAGE`: no kernel is ever started for a
        request that keeps no cookie. Otherwise a query string or a trailing slash is dropped
        (a redirect to the bare page, so every page comes out of the preheated pool), and the
        page is drawn if :meth:`PoolAwareKernelManager.admit` lets it: past the browser's or
        its address's caps the viewer gets :data:`FULL_PAGE`, past the pages either may open
        in a minute :data:`TOO_FAST_PAGE`, past the server's room :data:`WAITING_PAGE` (a
        place in line). Once the page is sent, its kernel must be connected to within
        :attr:`PoolAwareKernelManager.cull_unconnected_timeout`. The page
        carries :data:`PAGE_SCRIPT` (the "gone to sleep" notice, the upload check). The page
        gets the ``_xsrf`` cookie, which Voila's own page sends when it is closed to shut its
        kernel down (without it the call was refused and the kernel lived on until culled).
        A page whose kernel failed to start before anything of it was sent gets
        :data:`BUSY_PAGE`."""

        _scripted = False
        _page: PageBeingDrawn | None = None

        @property
        def kernel_manager(self) -> Any:
            return _Recorder(self.settings["kernel_manager"], self._client(), self._page,
                             self._viewer())

        def _viewer(self) -> str | None:
            """This browser's :data:`VIEWER_COOKIE` token, if it sent one the server signed
            (None: it sent none, or another)."""
            token = self.get_cookie(VIEWER_COOKIE, "")
            return token if _tokens(self).valid(token) else None

        def _welcome(self, bare: str) -> None:
            """A new browser: its viewer cookie, and back to the page to see it kept."""
            token = _tokens(self).new()
            self.set_cookie(VIEWER_COOKIE, token, httponly=True, samesite="Lax", path="/")
            self.redirect(f"{bare or self.request.path}?{CHECK}")

        def write(self, chunk: Any) -> None:
            """Voila's page as it is written, with :data:`PAGE_SCRIPT` at the top of its
            head and no link to Font Awesome on a CDN (the page has it from Voila's own
            scripts: :func:`~explorer.serve.assets.without_font_awesome_cdn`)."""
            if not self._scripted and isinstance(chunk, str) and "<head>" in chunk:
                self._scripted = True
                chunk = chunk.replace("<head>", "<head>" + PAGE_SCRIPT, 1)
            if isinstance(chunk, str) and "awesome" in chunk:
                chunk = without_font_awesome_cdn(chunk)
            super().write(chunk)

        def _client(self) -> str:
            return self.request.remote_ip or "unknown"

        def _refuse(self, status: int, why: str, content_type: str, body: str,
                    retry_after: int | None = None, quiet: bool = False) -> None:
            """Answer with a plain page (no kernel, no script), logged in one line once a
            minute per address and reason, with how many were not since (at debug level when
            ``quiet``)."""
            if quiet:
                self.log.debug("Refused a page to %s: %s", self._client(), why)
            elif (more := REFUSED_PAGES.say((self._client(), why))) is not None:
                self.log.warning("Refused a page to %s: %s%s", self._client(), why, more)
            self._scripted = True
            self.set_status(status)
            if retry_after is not None:
                self.set_header("Retry-After", str(retry_after))
            self.set_header("Content-Type", content_type)
            self.finish(body)

        def _refusal(self, viewer: str) -> bool:
            """Refuse the page if it must be (True: refused)."""
            manager = self.settings["kernel_manager"]
            if not hasattr(manager, "admit"):  # the stock manager: no caps
                return False
            client = self._client()
            admission = manager.admit(client, viewer)
            if admission.kind == "full":
                why = admission.why
                self._refuse(503, why, "text/html", FULL_PAGE.format(why=html.escape(why)),
                             60)
            elif admission.kind == "too fast":
                seconds = max(1, math.ceil(admission.wait or 1))
                why = admission.why
                self._refuse(429, f"{why} already", "text/html",
                             TOO_FAST_PAGE.format(why=html.escape(why), wait=seconds), seconds)
            elif admission.kind == "wait":
                place = admission.place + 1
                self._refuse(503, f"waiting in line, number {place} ({admission.why})",
                             "text/html", WAITING_PAGE.format(
                                 place=place, wait=say_wait(admission.wait),
                                 why=html.escape(admission.why), every=WAITING_EVERY),
                             WAITING_EVERY, quiet=True)
            return admission.kind != "page"

        async def get(self, path: str | None = None) -> None:
            dest = self.request.headers.get("Sec-Fetch-Dest")
            if dest is not None and dest != "document":
                self._refuse(403, f"requested as {dest[:40]!r}, not as a page",
                             "text/plain; charset=utf-8", NOT_A_PAGE)
                return
            bare = self.request.path.rstrip("/")
            if path and not self.request.query and bare == self.request.path:
                root = getattr(self.settings.get("contents_manager"), "root_dir", "")
                static = KERNEL_FREE.page(root, path, self.base_url) if root else None
                if static is not None:
                    self._scripted = True  # no kernel: no page script either
                    self.set_header("Content-Type", "text/html; charset=utf-8")
                    self.set_header("Cache-Control", "no-cache")
                    self.finish(static)
                    return
            viewer = self._viewer()
            if viewer is None:
                if self.request.query == CHECK:
                    self._refuse(403, "it keeps no cookie", "text/html",
                                 COOKIES_PAGE.format(page=html.escape(bare or "/")))
                else:
                    self._welcome(bare)
                return
            if self.request.query or (bare != self.request.path and bare):
                self.redirect(bare)
                return
            if self._refusal(viewer):
                return
            manager = self.settings["kernel_manager"]
            client = self._client()
            if hasattr(manager, "count_start"):
                manager.count_start(client, viewer=viewer)
            self.xsrf_token  # noqa: B018 - sets the _xsrf cookie the page's shutdown call sends
            self._page = PageBeingDrawn(getattr(manager, "drawing", {}), client,
                                        getattr(manager, "viewers_drawing", None), viewer)
            try:
                await super().get(path)
            except tornado.web.HTTPError:
                raise  # Voila's own answer (a missing notebook's 404)
            except Exception as error:
                if self._headers_written:  # part of the page is sent: Voila's own error
                    raise
                self._refuse(503, f"its page's kernel failed to start: {error}"[:300],
                             "text/html", BUSY_PAGE.format(every=BUSY_EVERY),
                             retry_after=BUSY_EVERY)
            finally:
                self._page.settle()
                if self._page.kernel_id is not None and hasattr(manager, "page_sent"):
                    manager.page_sent(self._page.kernel_id)

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


_OWN_TOKENS = ViewerTokens()
"""The signer of viewer cookies under a kernel manager without one (the stock manager)."""


def _tokens(handler: Any) -> ViewerTokens:
    """The signer of the viewer cookies of ``handler``'s server."""
    return getattr(handler.settings["kernel_manager"], "tokens", _OWN_TOKENS)


def handed_to(handler: Any, kernel_id: str) -> bool:
    """Whether the request ``handler`` answers comes from the browser ``kernel_id`` was handed
    to (its :data:`VIEWER_COOKIE` is the one recorded for the kernel)."""
    browsers = getattr(handler.settings["kernel_manager"], "browsers", None)
    expected = browsers.get(kernel_id) if browsers is not None else None
    token = handler.get_cookie(VIEWER_COOKIE, "")
    return bool(expected) and bool(token) and \
        hmac.compare_digest(token.encode("utf-8", "replace"), expected.encode())


def kernel_handler() -> type:
    """Jupyter's ``/api/kernels/<id>`` handler answering a GET, from the browser the kernel was
    handed to only (:func:`handed_to`; others get 404), with the kernel's id and name only
    (what a page's kernel connection checks when it reconnects), not its activity, state and
    connections; a DELETE is refused (403: a closed page shuts its kernel down through
    Voila's own ``/voila/api/shutdown/<id>``, :func:`shutdown_handler`)."""
    from jupyter_server.services.kernels.handlers import KernelHandler
    from tornado import web

    class ViewerKernelHandler(KernelHandler):
        """A viewer's own kernel, by its id."""

        async def get(self, kernel_id: str) -> None:
            if not self.current_user:
                raise web.HTTPError(403)
            if kernel_id not in self.kernel_manager or not handed_to(self, kernel_id):
                raise web.HTTPError(404)
            name = getattr(self.kernel_manager.get_kernel(kernel_id), "kernel_name", "python3")
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps({"id": kernel_id, "name": name}))

        async def delete(self, kernel_id: str) -> None:
            self.log.warning("Refused to delete kernel %s for %s: a page shuts its kernel "
                             "down through /voila/api/shutdown", kernel_id,
                             self.request.remote_ip)
            raise web.HTTPError(403)

    return ViewerKernelHandler


def shutdown_handler() -> type:
    """Voila's ``/voila/api/shutdown/<id>`` (what a page sends when it is left) shutting the
    kernel down for the browser it was handed to only (:func:`handed_to`); any other request
    gets 404 and the kernel runs on."""
    from tornado import web
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    class ViewerShutdownHandler(VoilaShutdownKernelHandler):
        """A page's call to shut its own kernel down."""

        async def post(self, kernel_id: str) -> None:
            if not handed_to(self, kernel_id):
                self.log.warning("Refused to shut down kernel %s for %s: not the browser it "
                                 "was handed to", kernel_id, self.request.remote_ip)
                raise web.HTTPError(404)
            await super().post(kernel_id)

    return ViewerShutdownHandler


def query_handler() -> type:
    """Voila's ``/voila/query/<id>`` socket, for the browser the kernel was handed to only
    (:func:`handed_to`; any other request gets 404 before the socket opens).

    Voila sends a page's request (its path, query string, host and port) to the preheated
    kernel the page is drawn with on this socket, for a notebook that calls
    ``voila.utils.get_query_string()`` or ``wait_for_request()``: the kernel connects itself,
    without the viewer's cookie. No notebook of the site calls them and Voila's page never
    opens the socket, so the kernel gets nothing there either; a stranger holding a kernel's id
    read the request of the page it was drawn for."""
    from tornado import web
    from voila.request_info_handler import RequestInfoSocketHandler

    class ViewerQueryHandler(RequestInfoSocketHandler):
        """The request info of a page's own kernel."""

        async def get(self, *args: Any, **kwargs: Any) -> None:
            kernel_id = kwargs.get("kernel_id") or (args[0] if args else "")
            if not handed_to(self, kernel_id):
                raise web.HTTPError(404)
            await super().get(*args, **kwargs)

    return ViewerQueryHandler


LANDING = "index.ipynb"
"""The notebook ``/`` sends a visitor to (when the notebooks' folder has it)."""


def landing_handler() -> type:
    """In place of Voila's folder listings (``/``, ``/voila/tree``, ``/voila/tree/<dir>``):
    ``/`` redirects to the landing page (:data:`LANDING`) if the folder has one, and every
    other listing is 404."""
    from tornado import web
    from voila.tornado.treehandler import TornadoVoilaTreeHandler

    class LandingHandler(TornadoVoilaTreeHandler):
        """The landing page's address, or 404."""

        async def get(self, path: str = "") -> None:
            root = getattr(self.contents_manager, "root_dir", "")
            if self.request.path == self.base_url and \
                    os.path.isfile(os.path.join(root, LANDING)):
                self.redirect(f"{self.base_url}voila/render/{LANDING}")
                return
            raise web.HTTPError(404)

    return LandingHandler


def no_contents_handler() -> type:
    """In place of Voila's contents API (``/voila/api/contents*``, the notebooks' folder as
    JSON with times): 404."""
    from tornado import web
    from voila.tornado.contentshandler import VoilaContentsHandler

    class NoContentsHandler(VoilaContentsHandler):
        """No contents API."""

        async def get(self, path: str = "") -> None:
            raise web.HTTPError(404)

    return NoContentsHandler


def stray(path: str, parts: list[str]) -> str | None:
    """Why a request's ``path`` (as sent) or one of its decoded path ``parts`` is no path this
    server answers (None: it may be): a NUL, or a part starting with a dot (a hidden file,
    ``..``)."""
    for text in (unquote(path), *parts):
        if "\x00" in text:
            return "a NUL in the path"
        if any(part.startswith(".") for part in text.split("/")):
            return "a hidden or relative path"
    return None


class PublicRules:
    """What every handler of the public server keeps (put in front of each one's class by
    :func:`explorer.serve.app.public_voila`): a stray path (:func:`stray`) answers 404 before
    the handler looks at it (it answered 500 when a file name held a NUL, and served hidden
    files the allowlist matched), and every cookie is set with ``SameSite``
    (:data:`SAME_SITE`) unless the call names one."""

    def prepare(self) -> Any:
        parts = [p for p in (*self.path_args, *self.path_kwargs.values()) if isinstance(p, str)]
        if stray(self.request.path, parts) is not None:
            # answered here: a Jupyter handler's error page needs what its prepare sets up
            self.set_status(404)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish("Not found\n")
            return None
        return super().prepare()

    def set_cookie(self, name: str, value: Any, *args: Any, **kwargs: Any) -> None:
        if not kwargs.get("samesite"):
            kwargs["samesite"] = SAME_SITE
        super().set_cookie(name, value, *args, **kwargs)


def public_headers() -> type:
    """A tornado output transform giving every answer (pages, files, errors, websocket
    upgrades) a ``Referrer-Policy`` (:data:`REFERRER_POLICY`) and no ``Server`` header (it
    named Tornado and its version)."""
    import tornado.web

    class PublicHeaders(tornado.web.OutputTransform):
        """Every answer's headers, as the public server sends them."""

        def transform_first_chunk(self, status_code: int, headers: Any, chunk: bytes,
                                  finishing: bool) -> tuple[int, Any, bytes]:
            if "Server" in headers:
                del headers["Server"]
            headers["Referrer-Policy"] = REFERRER_POLICY
            return status_code, headers, chunk

    return PublicHeaders
