"""The websocket between a viewer's page and its kernel, filtered both ways and bounded: only
the browser the kernel was handed to may open it, a few at a time; each message is checked
(:mod:`explorer.serve.frames`) within a budget of messages and bytes a second
(:mod:`explorer.serve.limits`)."""

from __future__ import annotations

import hmac
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
from tornado.ioloop import IOLoop
from tornado.websocket import WebSocketClosedError
from traitlets import Float, Instance, Integer

from explorer.serve.descriptors import DESCRIPTORS
from explorer.serve.frames import (
    CLIENT_COMMS,
    CLIENT_MESSAGES,
    MAX_CLIENT_MESSAGE,
    MAX_PARTS,
    V1,
    Refusal,
    refusal,
)
from explorer.serve.kernels import VIEWER_COOKIE
from explorer.serve.limits import Budget, Once, RefusalLog, SocketCounts

__all__ = ["CLIENT_COMMS", "CLIENT_MESSAGES", "MAX_CLIENT_MESSAGE", "SOCKETS", "ViewerChannels",
           "channels_handler"]

BAD_FRAME = 1008
"""The websocket close code of a socket closed for what it sent (RFC 6455: policy
violation)."""
KERNEL_GONE = 1011
"""The close code of a socket whose kernel could not be reached (RFC 6455: server error)."""
HANG_UP_AFTER = 0.2
"""Seconds a socket closed for what it sent has to take its close frame before the connection
is dropped."""
SUMMARY_EVERY = 60
"""Seconds between the summary lines of one socket's refusals (and one when it closes)."""
FLOOD_WINDOW = 10
"""Seconds over which :attr:`ViewerChannels.flood_drops` dropped messages close a socket."""
SOCKETS = SocketCounts()
"""The kernel websockets open or being opened in this server, per kernel and address."""
REFUSED = Once(SUMMARY_EVERY)
"""The log of sockets refused before their upgrade: one line per kernel, address and reason
a minute."""
BUDGETS: dict[str, Budget] = {}
"""Each kernel's :class:`Budget` (kept while the kernel lives: a socket reopened after being
closed for flooding does not start afresh)."""


def budget_of(manager: Any, kernel_id: str, limits: ViewerChannels) -> Budget:
    """The budget of ``kernel_id``'s sockets (made on first use with ``limits``); the budgets
    of kernels ``manager`` no longer has are forgotten."""
    for gone in [k for k in BUDGETS if k not in manager]:
        del BUDGETS[gone]
    if kernel_id not in BUDGETS:
        BUDGETS[kernel_id] = Budget(limits.messages_per_second, limits.message_burst,
                                    limits.bytes_per_second, limits.byte_burst,
                                    limits.flood_drops, FLOOD_WINDOW)
    return BUDGETS[kernel_id]


class ViewerChannels(ZMQChannelsWebsocketConnection):
    """The websocket between a viewer's page and its kernel, filtered both ways on top of
    Voila's own list (``voila.json`` names this class, and sets its limits).

    Opened only by the browser the kernel was handed to, a few at a time
    (:func:`socket_refusal`, in :func:`channels_handler`). From the page, each message (and
    each frame that brings no message of its own: a ping, a pong, a piece of a message sent in
    several frames, :meth:`frame_received`) is first held to its kernel's budget
    (:attr:`messages_per_second`, :attr:`bytes_per_second` and their bursts, shared by the
    kernel's sockets: :class:`Budget`); past it the message is
    dropped, and a socket that keeps flooding is closed (1008 "too many messages"; its kernel
    takes no new socket for half of :data:`FLOOD_WINDOW`). Then it is checked by
    :func:`explorer.serve.frames.refusal`: a binary frame's layout before anything decodes it,
    each field's type, the message types and comms a page may send. A frame that is no kernel
    message closes its socket (1008 "not a kernel message", one log line); other refusals are
    dropped, logged once per kind and socket, then counted (:class:`RefusalLog`). To the page,
    no traceback ever goes: ``error`` messages, the ``stderr`` stream and replies with an
    error status are dropped (and logged on the server). A failed opening is undone, Jupyter's
    count of the kernel's connections with it, so the kernel is culled like any idle one.
    """

    max_sockets_per_kernel = Integer(3, config=True, help="The most websockets open at once "
                                     "to one kernel (its page needs one; the others are for "
                                     "reconnecting): one more is refused with status 429")
    max_sockets_per_client = Integer(0, config=True, help="The most kernel websockets one "
                                     "client address may have open at once (0: "
                                     "max_sockets_per_kernel times "
                                     "PoolAwareKernelManager.max_kernels_per_client); one more "
                                     "is refused with status 429")
    messages_per_second = Float(50, config=True, help="Messages a second a page may send its "
                                "kernel over time (a slider dragged sends a few dozen; past "
                                "the burst, the others are dropped)")
    message_burst = Integer(1000, config=True, help="Messages a page may send at once (a "
                            "quick burst of clicks; a page's first requests: when the kernel "
                            "is slow to answer the widgets' control comm, the page asks for "
                            "each widget's state in a message of its own, 200-300 of them)")
    bytes_per_second = Float(2**20, config=True, help="Bytes a second a page may send its "
                             "kernel over time (past its burst, messages are dropped)")
    byte_burst = Integer(12 * 2**20, config=True, help="Bytes a page may send at once (two "
                         "card set uploads of 5 MB)")
    flood_drops = Integer(50, config=True, help="A socket whose messages dropped for their "
                          f"rate come to this many within {FLOOD_WINDOW} seconds (each MiB "
                          "counting as one more message) is closed")
    max_message_parts = Integer(MAX_PARTS, config=True, help="The most parts (channel, "
                                "header, parent header, metadata, content, buffers) a binary "
                                "frame may declare: one declaring more is refused, and its "
                                "socket closed, before anything decodes it")

    websocket_handler = Instance(KernelWebsocketHandler, allow_none=True)
    _budget: Budget | None = None
    _log_of_refusals: RefusalLog | None = None
    _counted = False
    _disconnected = False
    _closing = False
    _messages = 0
    _messages_framed = 0

    @property
    def client(self) -> str:
        """The client address of the socket."""
        try:
            return self.websocket_handler.request.remote_ip or "unknown"
        except Exception:  # a connection without a handler (unit tests)
            return "unknown"

    def _who(self) -> str:
        try:
            return f"a viewer of kernel {self.kernel_id} ({self.client})"
        except Exception:  # a connection without a kernel (unit tests)
            return f"a viewer ({self.client})"

    @property
    def refusals(self) -> RefusalLog:
        """What this socket logs of the messages it drops."""
        if self._log_of_refusals is None:
            self._log_of_refusals = RefusalLog(self.log, self._who(), SUMMARY_EVERY)
        return self._log_of_refusals

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        self._messages += 1
        if self._closing:
            return
        size = len(incoming_msg) if isinstance(incoming_msg, str | bytes) else 0
        if not self._admit(size):
            return
        why = self._refusal(incoming_msg)
        if why is not None:
            if why.kind == "not a kernel message":
                self._close(why.text, "not a kernel message")  # its one line in the log
            else:
                self.refusals.refused(why.kind, why.text)
            return
        try:
            super().handle_incoming_message(incoming_msg)
        except Exception as error:  # a message Jupyter could not pass on
            self.refusals.refused("not passed on", f"a message the kernel could not be sent "
                                  f"({type(error).__name__})")

    def _refusal(self, incoming_msg: Any) -> Refusal | None:
        """Why an incoming message is dropped (None: it passes); never raises."""
        return refusal(incoming_msg, self.subprotocol == V1, self.max_message_parts)

    def frame_received(self) -> None:
        """Count a websocket frame that brought no message of its own (a ping, a pong, a
        piece of a message sent in several frames) toward the budget like a message: the
        server reads, unmasks and answers each one, so a socket sending them past its rate is
        closed as a flood of messages would be (a frame that ended a message was counted with
        it)."""
        if self._messages > self._messages_framed:
            self._messages_framed = self._messages  # this frame ended a message: counted
            return
        if not self._closing:
            self._admit(0)

    def _admit(self, size: int) -> bool:
        """Whether a message (or a frame) of ``size`` bytes is within its kernel's budget
        (else it is dropped, and a socket that keeps flooding is closed)."""
        if self._budget is None:
            self._budget = budget_of(self.multi_kernel_manager, self.kernel_id, self)
        if self._budget.admit(size):
            return True
        self.refusals.refused("over the rate", f"over {self.messages_per_second:g} messages "
                              f"or {self.bytes_per_second:,.0f} bytes a second")
        if self._budget.flooded(size):
            self._close(f"messages over its rate came to {self.flood_drops} within "
                        f"{FLOOD_WINDOW} s", "too many messages")
        return False

    def _close(self, why: str, reason: str) -> None:
        """Close this socket for what it sent, with :data:`BAD_FRAME` and ``reason`` for the
        client and ``why`` in one log line (the other sockets stay open)."""
        self._closing = True
        self.log.warning("Closed the socket of %s: %s", self._who(), why)
        self.refusals.flush()
        handler = getattr(self, "websocket_handler", None)
        if handler is not None:
            protocol = handler.ws_connection  # the handler forgets it on close
            handler.close(BAD_FRAME, reason)
            if protocol is not None:
                IOLoop.current().call_later(HANG_UP_AFTER, _hang_up, protocol)
        self.disconnect()  # from the kernel at once: nothing more goes either way

    def connect(self) -> Any:
        """Connect to the kernel as Jupyter does (which counts the connection first); if that
        fails, the connection is undone (and uncounted) before the error goes on."""
        self._counted = True
        try:
            return super().connect()
        except Exception as error:
            self.log.warning("Could not connect %s: %s: %s", self._who(),
                             type(error).__name__, str(error)[:200])
            self.disconnect()
            raise

    def disconnect(self) -> None:
        """Disconnect as Jupyter does, once: Jupyter calls this again when the socket closes
        after a failed connection, and each call took one more off the kernel's count of
        connections (below zero, the kernel was never culled)."""
        if self._disconnected:
            return
        self._disconnected = True
        if self._log_of_refusals is not None:
            self._log_of_refusals.flush()
        if self._counted:
            super().disconnect()

    @property
    def counted(self) -> bool:
        """Whether Jupyter counts this connection and it has not been undone yet."""
        return self._counted and not self._disconnected

    def handle_outgoing_message(self, stream: str, outgoing_msg: list[Any]) -> None:
        if self._closing:  # (Jupyter logged an empty warning for each message)
            return
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
        try:
            super().handle_outgoing_message(stream, outgoing_msg)
        except WebSocketClosedError:
            # the viewer's close frame came and Tornado has not closed the connection yet
            # (Jupyter hears of it then): a message for it meanwhile has nowhere to go. In the
            # v1 protocol Jupyter let the error out, and its stream logged a traceback.
            self.log.debug("A message for the closing socket of %s was dropped", self._who())


def _hang_up(protocol: Any) -> None:
    """Drop the connection of a socket closed for what it sent, if its client has not closed
    it yet: Tornado would wait 5 s for the client's close, reading (and unmasking) every frame
    it keeps sending meanwhile."""
    if protocol.stream is not None and not protocol.stream.closed():
        protocol._abort()  # what Tornado does itself when the 5 s are over


def socket_refusal(manager: Any, kernel_id: str, client: str, cookie: str | None,
                   limits: ViewerChannels) -> tuple[int, str] | None:
    """Why a websocket to ``kernel_id`` from ``client`` (holding the viewer cookie
    ``cookie``) is refused before its upgrade, as (HTTP status, reason); None: it may open.
    Only the browser the kernel was handed to (:data:`VIEWER_COOKIE`), a few at a time."""
    browsers = getattr(manager, "browsers", None)
    if browsers is not None:
        browser = browsers.get(kernel_id)
        if browser is None:
            return 403, "the kernel was handed to no browser"
        if not cookie or not hmac.compare_digest(cookie.encode(), browser.encode()):
            return 403, "not the browser the kernel was handed to"
    per_client = limits.max_sockets_per_client or \
        limits.max_sockets_per_kernel * getattr(manager, "max_kernels_per_client", 6)
    why = SOCKETS.too_many(kernel_id, client, limits.max_sockets_per_kernel, per_client)
    if why is not None:
        return 429, why
    budget = BUDGETS.get(kernel_id)
    if budget is not None and budget.resting():
        return 429, f"its sockets flooded it: no new one for {FLOOD_WINDOW // 2} s"
    return None


def channels_handler() -> type:
    """Voila's handler of a kernel's websocket, opened only by the browser the kernel was
    handed to and only a few at a time (:func:`socket_refusal`: refused with a status before
    the upgrade, logged), its connection undone whatever way it ends. Its error page (a 404 for
    a kernel culled while its page kept trying to reconnect) is Tornado's plain one: Jupyter's
    template needs a setting Voila lacks, and failed with a traceback on every attempt."""
    import tornado.web
    from jupyter_server.auth.decorator import ws_authenticated
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    class ChannelsHandler(VoilaKernelWebsocketHandler):
        """A kernel's channels, for its own browser, with plain error pages."""

        def write_error(self, status_code: int, **kwargs: Any) -> None:
            tornado.web.RequestHandler.write_error(self, status_code, **kwargs)

        def get_websocket_protocol(self) -> Any:
            """Tornado's protocol, telling the connection of each frame it reads
            (:meth:`ViewerChannels.frame_received`): control frames and the pieces of a
            message never reach ``on_message``, and went uncounted."""
            protocol = super().get_websocket_protocol()
            if protocol is not None:
                receive = protocol._receive_frame  # one frame each call (Tornado 6)

                async def receive_counted() -> None:
                    await receive()
                    connection = getattr(self, "connection", None)
                    if isinstance(connection, ViewerChannels):
                        connection.frame_received()

                protocol._receive_frame = receive_counted
            return protocol

        @ws_authenticated
        async def get(self, kernel_id: str) -> None:
            client = self.request.remote_ip or "unknown"
            if kernel_id not in self.kernel_manager:
                raise tornado.web.HTTPError(404)
            limits = ViewerChannels(config=self.kernel_manager.config)  # (no self.config)
            why = socket_refusal(self.kernel_manager, kernel_id, client,
                                 self.get_cookie(VIEWER_COOKIE), limits)
            if why is None and DESCRIPTORS.short_for_socket():  # (its ZMQ sockets' share)
                why = 503, "the server is short of descriptors"
            if why is not None:
                more = REFUSED.say((kernel_id, client, why[1]))
                if more is not None:
                    self.log.warning("Refused a socket to kernel %s from %s: %s%s", kernel_id,
                                     client, why[1], more)
                raise tornado.web.HTTPError(why[0], reason="Refused")
            SOCKETS.opened(kernel_id, client)
            try:
                await super().get(kernel_id)
            finally:
                SOCKETS.closed(kernel_id, client)
                self._undo()

        async def open(self, kernel_id: str) -> None:  # type: ignore[override]
            """Connect the socket to its kernel; if that fails, the socket is closed (with a
            close code and reason) and its connection undone, not left open to nothing."""
            try:
                await super().open(kernel_id)
            except Exception as error:  # ZMQ sockets, a kernel that hangs
                self.log.warning("Closed the socket of kernel %s: it could not connect (%s)",
                                 kernel_id, type(error).__name__)
                self._undo()
                self.close(KERNEL_GONE, "the kernel could not be reached")

        def _undo(self) -> None:
            """Undo the connection if Jupyter still counts it (idempotent)."""
            connection = getattr(self, "connection", None)
            if isinstance(connection, ViewerChannels) and connection.counted:
                connection.disconnect()

    return ChannelsHandler
