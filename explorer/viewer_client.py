"""One viewer of the public Voila, without a browser: the page's HTTP request and its kernel's
websocket, speaking the widget protocol as a browser's widget manager does (the way
JupyterHub's hubtraf simulates users).

>>> viewer = Viewer("http://127.0.0.1:8866")
>>> await viewer.open("rifts_play.ipynb")           # GET the page, connect, get every widget
>>> roll = viewer.control(model="ButtonModel", css="step-roll")
>>> reply = await viewer.click(roll)                # as a browser's click: waits for the kernel
>>> reply.seconds, reply.problems                   # click-to-reply time; errors that came back
>>> await viewer.close(shutdown=True)               # leave as the browser does (or not)

The page's HTML names its kernel; the client opens ``/api/kernels/<id>/channels``, asks the
kernel for every widget's state (``comm_open`` on ``jupyter.widget.control``, then
``request_states``), and keeps those states current from every ``comm_msg`` update,
``comm_open`` and ``comm_close`` the kernel sends. A request waits for the kernel's ``status:
idle`` for it (and its ``*_reply`` when it has one). Every wait has a time-out; every failure is
a :class:`ViewerError` that says what and where. Used by ``benchmarks/load.py`` and by the tests
that send crafted messages to a viewer's kernel.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import quote, urljoin

from explorer.errors import ExplorerError

CLICK = {"event": "click"}
"""The content of a button's click, as the browser's ``ButtonView`` sends it."""
CONTROL_PROTOCOL = "1.0.0"
"""The version of ipywidgets' control comm (``jupyter.widget.control``) the client speaks."""
TRACEBACK = "Traceback (most recent call last)"
"""The words a traceback starts with: a page that shows them has failed."""
MAX_FRAME = 256 * 2**20
"""The largest websocket frame the client reads (a page's widget states can be megabytes)."""
_REFERENCE = "IPY_MODEL_"
_WIDGET_VIEW = re.compile(r'"model_id":\s*"([0-9a-f]{32})"')
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
_WAITING = re.compile(r'class="explorer-place">You are number (\d+) in line')


class ViewerError(ExplorerError):
    """A viewer's page, socket or kernel did not do what a browser would get: a refused page,
    a closed socket, no reply in time, or no such control."""


@dataclass
class Widget:
    """One widget model of the kernel, as the viewer last heard of it."""

    model_id: str
    model: str
    """The model's name: ``"ButtonModel"``, ``"DropdownModel"``, ``"AnyModel"``, ..."""
    state: dict[str, Any] = field(default_factory=dict)

    @property
    def description(self) -> str:
        """The control's label (``""`` when it has none)."""
        text = self.state.get("description")
        return text if isinstance(text, str) else ""

    @property
    def classes(self) -> tuple[str, ...]:
        """Its CSS classes (what ``add_class`` gave it)."""
        return tuple(self.state.get("_dom_classes") or ())

    @property
    def disabled(self) -> bool:
        """Whether the control is disabled (a browser would not send its clicks)."""
        return bool(self.state.get("disabled"))


@dataclass
class Reply:
    """What came back for one request: every message whose parent it is, and the seconds from
    sending it to the kernel's idle status for it."""

    messages: list[dict[str, Any]]
    seconds: float

    @property
    def problems(self) -> list[str]:
        """Errors, ``stderr`` text and tracebacks among the messages (a viewer must see none)."""
        return [p for p in map(problem, self.messages) if p is not None]

    def updates(self, widget: Widget) -> list[dict[str, Any]]:
        """The state updates of ``widget`` the kernel sent back."""
        return [m["content"]["data"].get("state", {}) for m in self.messages
                if m.get("msg_type") == "comm_msg"
                and m["content"].get("comm_id") == widget.model_id
                and m["content"].get("data", {}).get("method") == "update"]


def problem(message: dict[str, Any]) -> str | None:
    """What is wrong with a message from the kernel, in a line: an ``error``, ``stderr`` text,
    a reply with an error status, or a traceback anywhere in it (None: nothing)."""
    kind = message.get("msg_type", "")
    content = message.get("content") or {}
    if kind == "error":
        return f"error: {content.get('ename')}: {str(content.get('evalue'))[:200]}"
    if kind == "stream" and content.get("name") == "stderr":
        return f"stderr: {str(content.get('text'))[:200]}"
    if kind.endswith("_reply") and content.get("status") == "error":
        return f"{kind} with status error: {str(content.get('evalue'))[:200]}"
    if TRACEBACK in json.dumps(content, default=lambda _: None):
        return f"a traceback in a {kind}"
    return None


def message(kind: str, content: dict[str, Any], channel: str = "shell",
            metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    """A kernel message as a page sends it on its websocket (Jupyter's JSON form)."""
    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": kind, "username": "viewer",
                       "session": "viewer", "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": metadata or {}, "content": content,
            "channel": channel, "buffers": []}


def split_buffers(state: Any, path: tuple[Any, ...] = ()) -> tuple[Any, list[list[Any]],
                                                                     list[bytes]]:
    """``state`` with its binary values taken out (as ipywidgets sends them, each left as
    None until the kernel puts it back): the state, the path of each buffer, the buffers."""
    if isinstance(state, bytes | bytearray | memoryview):
        return None, [list(path)], [bytes(state)]
    paths: list[list[Any]] = []
    buffers: list[bytes] = []
    if isinstance(state, dict):
        items: Iterator[tuple[Any, Any]] = iter(state.items())
        out: Any = {}
    elif isinstance(state, list | tuple):
        items = enumerate(state)
        out = [None] * len(state)
    else:
        return state, paths, buffers
    for key, value in items:
        out[key], more_paths, more_buffers = split_buffers(value, (*path, key))
        paths += more_paths
        buffers += more_buffers
    return out, paths, buffers


def put_buffers(state: Any, paths: list[list[Any]], buffers: list[bytes]) -> None:
    """Put each buffer back into ``state`` at its path (the kernel's ``buffer_paths``)."""
    for path, buffer in zip(paths, buffers, strict=False):
        target = state
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = buffer


def encode(sent: dict[str, Any]) -> str | bytes:
    """A message for the websocket: JSON text, or Jupyter's binary form when it has
    buffers."""
    if not sent.get("buffers"):
        return json.dumps(sent)
    from jupyter_server.services.kernels.connection.base import serialize_binary_message

    return serialize_binary_message(sent)


def decode(frame: str | bytes) -> dict[str, Any]:
    """A message from the websocket, in either form (binary when it carries buffers)."""
    if isinstance(frame, bytes):
        from jupyter_server.services.kernels.connection.base import deserialize_binary_message

        return deserialize_binary_message(frame)
    return json.loads(frame)


V1 = "v1.kernel.websocket.jupyter.org"
"""The websocket subprotocol of Jupyter's kernel messages that Voila's page (JupyterLab's
kernel connection) asks for: each message binary, its parts side by side, so the server
passes them on without reading them."""


def encode_v1(sent: dict[str, Any]) -> bytes:
    """A message for the websocket in the :data:`V1` form."""
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    parts = [json.dumps(sent[key]).encode() for key in
             ("header", "parent_header", "metadata", "content")]
    return serialize_msg_to_ws_v1([*parts, *map(bytes, sent.get("buffers") or [])],
                                  sent.get("channel", "shell"))


def decode_v1(frame: bytes) -> dict[str, Any]:
    """A message from the websocket in the :data:`V1` form."""
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    channel, parts = deserialize_msg_from_ws_v1(frame)
    keys = ("header", "parent_header", "metadata", "content")
    found: dict[str, Any] = {key: json.loads(part) for key, part in
                             zip(keys, parts[:4], strict=False)}
    found.update(channel=channel, buffers=parts[4:],
                 msg_type=found.get("header", {}).get("msg_type", ""))
    return found


def references(value: Any) -> Iterator[str]:
    """The model ids a state value refers to (``"IPY_MODEL_<id>"``, alone or in a list)."""
    if isinstance(value, str) and value.startswith(_REFERENCE):
        yield value[len(_REFERENCE):]
    elif isinstance(value, list | tuple):
        for item in value:
            yield from references(item)


@dataclass
class _Waiting:
    """A request waiting for the kernel: its messages, and whether its idle status (and its
    reply, if it has one) came."""

    reply_needed: bool
    messages: list[dict[str, Any]] = field(default_factory=list)
    idle: bool = False
    replied: bool = False

    @property
    def done(self) -> bool:
        return self.idle and (self.replied or not self.reply_needed)


class Viewer:
    """One viewer of one page: its HTTP requests, its kernel's websocket and the widget states
    its page would hold. Use :meth:`open` first; every wait ends after ``timeout`` seconds with
    a :class:`ViewerError`."""

    def __init__(self, base_url: str, timeout: float = 60, keep: int = 5000,
                 protocol: str = "json", source: str | None = None) -> None:
        if protocol not in ("json", "v1"):
            raise ViewerError(f"protocol must be 'json' or 'v1'; found {protocol!r}")
        self.protocol = protocol
        self.source = source
        """The address this viewer's connections come from (None: the system's choice;
        another loopback address makes a viewer of another address on one machine)."""
        """How messages go on the kernel's socket: "json" (Jupyter's JSON text form) or
        "v1" (:data:`V1`, as Voila's page in a browser sends them)."""
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.page = ""
        self.kernel_id = ""
        self.widgets: dict[str, Widget] = {}
        """model id -> widget, kept current from what the kernel sends."""
        self.roots: list[str] = []
        """The model ids the page's HTML displays (its cells' outputs)."""
        self.received: deque[dict[str, Any]] = deque(maxlen=keep)
        """The last ``keep`` messages from the kernel, whatever they answer."""
        self.problems: list[str] = []
        """Every problem (see :func:`problem`) in anything the kernel sent this viewer."""
        self.page_seconds = 0.0
        self.waited = 0.0
        """Seconds the page's request waited in the server's line for a place."""
        self.places: list[int] = []
        """The places in line the server gave while the page waited (empty: none)."""
        self._xsrf = ""
        self.cookies: dict[str, str] = {}
        """The cookies the page set (its ``_xsrf`` and viewer cookie), sent back as a browser
        would with the kernel's socket and the shutdown call."""
        self._socket: Any = None
        self._http: Any = None
        self._control = ""
        self._waiting: dict[str, _Waiting] = {}

    # ---- opening and leaving ------------------------------------------------------------

    async def open(self, page: str) -> None:
        """Do what a browser does for ``page`` (``"rifts_play.ipynb"``): GET it, connect to
        its kernel and get every widget's state."""
        from tornado.httpclient import AsyncHTTPClient

        self.page = page
        self._http = AsyncHTTPClient(force_instance=True)
        started = time.monotonic()
        text = await self.get_page(page)
        self.page_seconds = time.monotonic() - started
        found = _KERNEL_ID.search(text)
        if found is None:
            raise ViewerError(f"{page}: the page names no kernel (is it a notebook page?)")
        self.kernel_id = found.group(1)
        self.roots = list(dict.fromkeys(_WIDGET_VIEW.findall(text)))
        await self._connect()
        await self.request("kernel_info_request", {})
        await self._request_states()

    async def get_page(self, page: str) -> str:
        """The page's HTML (and nothing more: :meth:`open` then connects), as a browser gets
        it: the viewer cookie kept from the server's first answer and its redirects
        followed, and a place in line waited out (its waiting page asked again as often as
        it says) until :attr:`timeout`. Its cookies are kept for the socket and the shutdown
        call; :attr:`waited` is the time spent in line."""
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError

        if self._http is None:
            self._http = AsyncHTTPClient(force_instance=True)
        url = f"{self.base_url}/voila/render/{quote(page)}"
        deadline = time.monotonic() + self.timeout
        hops = 0
        while True:
            left = max(1.0, deadline - time.monotonic())
            try:
                response = await self._http.fetch(url, request_timeout=left,
                                                  connect_timeout=left, follow_redirects=False,
                                                  headers=self._cookie_header(),
                                                  network_interface=self.source)
            except HTTPClientError as error:
                response = error.response
                body = response.body.decode(errors="replace") if response else ""
                if response is not None:
                    self._keep_cookies(response)
                if response is not None and response.code in (301, 302, 303, 307) and \
                        hops < 5:
                    hops += 1
                    url = urljoin(url, response.headers["Location"])
                    continue
                waiting = _WAITING.search(body) if response is not None and \
                    response.code == 503 else None
                if waiting is not None and time.monotonic() < deadline:
                    self.places.append(int(waiting.group(1)))
                    pause = float(response.headers.get("Retry-After", "5"))
                    started = time.monotonic()
                    await asyncio.sleep(min(pause, max(0.0, deadline - started)))
                    self.waited += time.monotonic() - started
                    continue
                why = "the server is full" if error.code == 503 else f"status {error.code}"
                raise ViewerError(f"{page}: {why} ({_text_of(body)[:200]})") from None
            except (OSError, TimeoutError) as error:
                raise ViewerError(f"{page}: no page from {self.base_url}: {error}") from None
            self._keep_cookies(response)
            self._xsrf = self.cookies.get("_xsrf", "")
            return response.body.decode("utf-8", errors="replace")

    def _keep_cookies(self, response: Any) -> None:
        """Keep the cookies ``response`` sets, as a browser does."""
        for header in response.headers.get_list("Set-Cookie"):
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value

    def _cookie_header(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} \
            if self.cookies else {}

    async def _connect(self) -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        url = (self.base_url.replace("http", "ws", 1) +
               f"/api/kernels/{self.kernel_id}/channels?session_id={uuid.uuid4().hex}")
        request = HTTPRequest(url, headers=self._cookie_header(),
                              network_interface=self.source)
        try:
            self._socket = await asyncio.wait_for(websocket_connect(
                request, max_message_size=MAX_FRAME,
                subprotocols=[V1] if self.protocol == "v1" else None), self.timeout)
        except (OSError, TimeoutError) as error:
            raise ViewerError(f"{self.page}: cannot connect to kernel {self.kernel_id}: "
                              f"{error or 'timed out'}") from None
        except Exception as error:  # tornado's HTTP errors of the upgrade (a 404: no kernel)
            raise ViewerError(f"{self.page}: kernel {self.kernel_id} refused the socket: "
                              f"{error}") from None
        if self.protocol == "v1" and self._socket.selected_subprotocol != V1:
            self._socket.close()
            self._socket = None
            raise ViewerError(f"{self.page}: the server did not take the {V1} subprotocol")

    async def _request_states(self) -> None:
        """Ask for every widget's state, as the browser's widget manager does on load."""
        self._control = uuid.uuid4().hex
        await self.request("comm_open", {"comm_id": self._control, "data": {},
                                         "target_name": "jupyter.widget.control"},
                           metadata={"version": CONTROL_PROTOCOL})
        reply = await self.comm_msg(self._control, {"method": "request_states"})
        if not any(m.get("msg_type") == "comm_msg" and m["content"].get("comm_id") ==
                   self._control for m in reply.messages):
            raise ViewerError(f"{self.page}: kernel {self.kernel_id} sent no widget states")

    async def close(self, shutdown: bool = True) -> None:
        """Leave the page: with ``shutdown``, send the page's own shutdown call (what the
        browser sends when a page is closed), then close the socket. Never raises: a viewer
        that leaves a dead server has left."""
        if shutdown and self.kernel_id and self._http is not None:
            await self.shutdown()
        if self._socket is not None:
            self._socket.close()
            self._socket = None
        if self._http is not None:
            self._http.close()
            self._http = None

    def disconnect(self) -> None:
        """Close the page's socket alone, as a page that lost its connection: its kernel
        stays (:meth:`close` shuts it down later)."""
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    async def reconnect(self) -> None:
        """Close the page's socket and open another to the same kernel, as a page does
        when its connection drops (:class:`ViewerError` if the server refuses it)."""
        self.disconnect()
        await self._connect()

    async def shutdown(self) -> int:
        """The page's shutdown call (``POST /voila/api/shutdown/<kernel>`` with its ``_xsrf``
        cookie, as the browser's beacon sends it); the answer's status (0: no answer)."""
        from tornado.httpclient import HTTPClientError, HTTPRequest

        request = HTTPRequest(
            f"{self.base_url}/voila/api/shutdown/{self.kernel_id}", method="POST",
            body=f"_xsrf={self._xsrf}", request_timeout=self.timeout,
            network_interface=self.source,
            headers={**self._cookie_header(), "X-XSRFToken": self._xsrf,
                     "Content-Type": "application/x-www-form-urlencoded"})
        try:
            response = await self._http.fetch(request)
        except HTTPClientError as error:
            return error.code
        except (OSError, TimeoutError):
            return 0
        return response.code

    async def __aenter__(self) -> Viewer:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    # ---- the widgets ----------------------------------------------------------------------

    def shown(self) -> list[str]:
        """The model ids a browser would show, in page order: the page's displayed widgets and
        their children, except those laid out with ``display: none``."""
        order: list[str] = []
        seen: set[str] = set()
        stack = list(reversed(self.roots))
        while stack:
            model_id = stack.pop()
            widget = self.widgets.get(model_id)
            if widget is None or model_id in seen or self._hidden(widget):
                continue
            seen.add(model_id)
            order.append(model_id)
            stack.extend(reversed(list(references(widget.state.get("children", ())))))
        return order

    def _hidden(self, widget: Widget) -> bool:
        layout = next(references(widget.state.get("layout")), None)
        style = self.widgets[layout].state if layout in self.widgets else {}
        return style.get("display") == "none" or style.get("visibility") == "hidden"

    def find(self, model: str | None = None, description: str | None = None,
             css: str | None = None, shown: bool = True) -> list[Widget]:
        """The widgets with this model name, description and CSS class (each None: any), in
        page order; with ``shown``, only those a browser would show."""
        ids = self.shown() if shown else list(self.widgets)
        return [w for w in (self.widgets[i] for i in ids)
                if (model is None or w.model == model)
                and (description is None or w.description == description)
                and (css is None or css in w.classes)]

    def control(self, model: str | None = None, description: str | None = None,
                css: str | None = None, shown: bool = True) -> Widget:
        """The one widget :meth:`find` finds; a :class:`ViewerError` naming what was looked
        for when there is none or more than one."""
        found = self.find(model, description, css, shown)
        if len(found) != 1:
            wanted = ", ".join(f"{k}={v!r}" for k, v in (("model", model), (
                "description", description), ("css", css)) if v is not None)
            raise ViewerError(f"{self.page}: {len(found)} {'shown ' if shown else ''}widgets "
                              f"with {wanted or 'anything'} (wanted one)")
        return found[0]

    def text(self, css: str) -> str:
        """The text of the shown widgets of CSS class ``css`` (an HTML widget's markup
        stripped of its tags), joined by newlines."""
        return "\n".join(_text_of(str(w.state.get("value", ""))) for w in self.find(css=css))

    # ---- what a browser sends ------------------------------------------------------------

    async def update(self, widget: Widget | str, state: dict[str, Any]) -> Reply:
        """Change a widget's state as the browser does when a control changes: at once in the
        page's own copy, then sent (binary values as buffers, as an upload's content goes);
        wait for the kernel, whose corrections come back as updates."""
        known = self.widgets.get(_id(widget))
        if known is not None:
            known.state.update(state)
        sent, paths, buffers = split_buffers(state)
        return await self.comm_msg(_id(widget), {"method": "update", "state": sent,
                                                 "buffer_paths": paths}, buffers)

    async def click(self, widget: Widget | str) -> Reply:
        """Click a button as the browser does; wait for the kernel. A control drawn for one
        step of a game (:mod:`explorer.ui.controls`) sends the stamp it shows, and a list's
        button the entry chosen in it, as the page does."""
        known = self.widgets.get(_id(widget))
        content = dict(CLICK)
        if known is not None and "stamp" in known.state:
            content["stamp"] = known.state["stamp"]
            if "options" in known.state:
                content["key"] = known.state.get("selected", "")
        return await self.custom(widget, content)

    async def custom(self, widget: Widget | str, content: Any) -> Reply:
        """Send a widget a custom message (a click, an anywidget's event); wait."""
        return await self.comm_msg(_id(widget), {"method": "custom", "content": content})

    async def burst(self, widget: Widget | str, count: int,
                    content: Any = CLICK) -> list[Reply]:
        """Send ``count`` custom messages (clicks) at once, then wait for every one."""
        sent = [self.post("comm_msg", {"comm_id": _id(widget), "data": {
            "method": "custom", "content": content}}) for _ in range(count)]
        started = time.monotonic()
        return [await self.wait(msg_id, started) for msg_id in await asyncio.gather(*sent)]

    async def comm_msg(self, comm_id: str, data: dict[str, Any],
                       buffers: list[bytes] | tuple[()] = ()) -> Reply:
        """Send a ``comm_msg`` on a comm (a widget's model id) and wait for the kernel."""
        return await self.request("comm_msg", {"comm_id": comm_id, "data": data},
                                  buffers=list(buffers))

    async def request(self, kind: str, content: dict[str, Any], channel: str = "shell",
                      metadata: dict[str, Any] | None = None,
                      buffers: list[bytes] | None = None) -> Reply:
        """Send a message and wait for the kernel's idle status for it (and its reply, for a
        ``*_request``)."""
        started = time.monotonic()
        msg_id = await self.post(kind, content, channel, metadata, buffers)
        return await self.wait(msg_id, started)

    async def post(self, kind: str, content: dict[str, Any], channel: str = "shell",
                   metadata: dict[str, Any] | None = None,
                   buffers: list[bytes] | None = None) -> str:
        """Send a message without waiting (a message the server drops gets no answer); its
        id, for :meth:`wait`."""
        if self._socket is None:
            raise ViewerError(f"{self.page or 'a viewer'}: not connected (open a page first)")
        sent = message(kind, content, channel, metadata)
        sent["buffers"] = buffers or []
        msg_id = sent["header"]["msg_id"]
        self._waiting[msg_id] = _Waiting(reply_needed=kind.endswith("_request"))
        try:
            if self.protocol == "v1":
                await self._socket.write_message(encode_v1(sent), binary=True)
            else:
                await self._socket.write_message(encode(sent), binary=bool(buffers))
        except Exception as error:  # tornado's closed-socket error
            raise ViewerError(f"{self.page}: kernel {self.kernel_id}'s socket is closed "
                              f"({type(error).__name__})") from None
        return msg_id

    async def wait(self, msg_id: str, started: float | None = None) -> Reply:
        """Read from the kernel until the request ``msg_id`` is answered; its :class:`Reply`
        (its time counted from ``started``, else from now)."""
        started = time.monotonic() if started is None else started
        waiting = self._waiting.get(msg_id)
        if waiting is None:
            raise ViewerError(f"{self.page}: no request {msg_id} was sent")
        deadline = started + self.timeout
        while not waiting.done:
            self._take(await self._read(deadline, msg_id))
        del self._waiting[msg_id]
        return Reply(waiting.messages, time.monotonic() - started)

    async def drain(self, seconds: float) -> list[dict[str, Any]]:
        """Read whatever the kernel sends for ``seconds`` (what it sends later by itself, a
        control enabled again); the messages."""
        deadline = time.monotonic() + seconds
        taken: list[dict[str, Any]] = []
        while time.monotonic() < deadline:
            try:
                async with asyncio.timeout(max(0.0, deadline - time.monotonic())):
                    frame = await self._socket.read_message()
            except TimeoutError:
                break
            if frame is None:
                raise ViewerError(f"{self.page}: kernel {self.kernel_id} closed the socket")
            taken.append(self._take(self._decode(frame)))
        return taken

    async def _read(self, deadline: float, msg_id: str) -> dict[str, Any]:
        try:
            async with asyncio.timeout(max(0.0, deadline - time.monotonic())):
                frame = await self._socket.read_message()
        except TimeoutError:
            raise ViewerError(f"{self.page}: kernel {self.kernel_id} did not answer {msg_id} "
                              f"within {self.timeout:g} s") from None
        if frame is None:
            raise ViewerError(f"{self.page}: kernel {self.kernel_id} closed the socket")
        return self._decode(frame)

    def _decode(self, frame: str | bytes) -> dict[str, Any]:
        if self.protocol == "v1" and isinstance(frame, bytes):
            return decode_v1(frame)
        return decode(frame)

    # ---- what the kernel sends ----------------------------------------------------------

    def _take(self, received: dict[str, Any]) -> dict[str, Any]:
        """Keep a message from the kernel: its widget news applied, given to the request it
        answers, any problem noted."""
        self.received.append(received)
        kind = received.get("msg_type") or received.get("header", {}).get("msg_type", "")
        received["msg_type"] = kind
        found = problem(received)
        if found is not None:
            self.problems.append(found)
        content = received.get("content") or {}
        if kind == "comm_msg":
            self._comm_msg(content, received.get("buffers") or [])
        elif kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self._comm_open(content, received.get("buffers") or [])
        elif kind == "comm_close":
            self.widgets.pop(content.get("comm_id"), None)
        waiting = self._waiting.get((received.get("parent_header") or {}).get("msg_id"))
        if waiting is not None:
            waiting.messages.append(received)
            if kind == "status" and content.get("execution_state") == "idle":
                waiting.idle = True
            waiting.replied = waiting.replied or kind.endswith("_reply")
        return received

    def _comm_msg(self, content: dict[str, Any], buffers: list[bytes]) -> None:
        data = content.get("data") or {}
        method = data.get("method")
        if method == "update_states":
            states = data.get("states") or {}
            put_buffers(states, data.get("buffer_paths") or [], buffers)
            for model_id, entry in states.items():
                self.widgets[model_id] = Widget(model_id, entry.get("model_name", ""),
                                                dict(entry.get("state") or {}))
        elif method in ("update", "echo_update"):
            state = dict(data.get("state") or {})
            put_buffers(state, data.get("buffer_paths") or [], buffers)
            widget = self.widgets.get(content.get("comm_id"))
            if widget is not None:
                widget.state.update(state)

    def _comm_open(self, content: dict[str, Any], buffers: list[bytes]) -> None:
        data = content.get("data") or {}
        state = dict(data.get("state") or {})
        put_buffers(state, data.get("buffer_paths") or [], buffers)
        model_id = content.get("comm_id", "")
        self.widgets[model_id] = Widget(model_id, str(state.get("_model_name", "")), state)


def _id(widget: Widget | str) -> str:
    return widget.model_id if isinstance(widget, Widget) else widget


def _text_of(markup: str) -> str:
    """Markup without its tags and with its white space collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", markup).split())
