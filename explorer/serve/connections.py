"""The public Voila's HTTP server: Tornado's, holding its connections to a budget.

- **Whose address.** Tornado's ``xheaders`` believes ``X-Real-IP`` and ``X-Forwarded-For``
  from whoever sends them: a process behind nginx that some other program could reach would
  let that program name any address for every cap and rate kept per address. Here they are
  read only on connections whose peer is one of the trusted proxies (nginx's address,
  127.0.0.1 when it runs on the same machine).
- **Slow requests.** A request's headers must all arrive within ``header_timeout`` seconds
  (Tornado's default: an hour) and its body within ``body_timeout``; an address may have
  ``max_unfinished`` connections whose first request has not arrived yet (a slow client
  sending a header line now and then held 1,100 of them, every descriptor of the process).
- **Descriptors.** A new connection is answered 503 and closed when the process is short of
  descriptors (:mod:`explorer.serve.descriptors`), and one that an address holds too many of,
  429; each refusal is logged once a minute per address and reason. An accept that fails for
  want of descriptors pauses accepting for :data:`ACCEPT_PAUSE` seconds instead of spinning
  (Tornado's loop retried at once, about 384,000 error lines in a run, until the process died).
"""

from __future__ import annotations

import errno
import logging
import socket
from collections.abc import Callable, Iterable
from typing import Any

from explorer.serve.descriptors import DESCRIPTORS, Descriptors
from explorer.serve.limits import Once

ACCEPT_PAUSE = 0.5
"""Seconds a listening socket is not read after an accept failed for want of descriptors."""
OUT_OF_DESCRIPTORS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
"""The accept errors that mean the process or the machine has no descriptor (or memory) for
another connection."""
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        b"Retry-After: 30\r\nConnection: close\r\nContent-Length: 58\r\n\r\n"
        b"The server is busy right now. Please try again in a minute\n")
"""The answer to a connection the process has no room for."""
TOO_MANY = (b"HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain; charset=utf-8\r\n"
            b"Retry-After: 10\r\nConnection: close\r\nContent-Length: 53\r\n\r\n"
            b"Too many unfinished requests from your address for now\n")
"""The answer to a connection from an address with too many unfinished requests."""
REFUSALS = Once(60)
"""The log of refused connections: one line per address and reason a minute."""

log = logging.getLogger("explorer.serve")


class Unfinished:
    """The connections of each address whose first request has not arrived yet."""

    def __init__(self) -> None:
        self._waiting: dict[str, set[Any]] = {}

    def count(self, address: str) -> int:
        """How many ``address`` has now (connections closed meanwhile are forgotten)."""
        streams = self._waiting.get(address)
        if not streams:
            return 0
        streams -= {s for s in streams if s.closed()}
        if not streams:
            del self._waiting[address]
        return len(streams)

    def add(self, address: str, stream: Any) -> None:
        """A connection from ``address`` is waiting for its first request."""
        self._waiting.setdefault(address, set()).add(stream)

    def arrived(self, address: str, stream: Any) -> None:
        """The connection's first request has arrived (or it closed)."""
        streams = self._waiting.get(address)
        if streams is not None:
            streams.discard(stream)
            if not streams:
                del self._waiting[address]


def public_http_server() -> type:
    """The HTTP server class (a subclass of Tornado's ``HTTPServer``; module docstring)."""
    from tornado.httpserver import HTTPServer, _ProxyAdapter
    from tornado.httputil import HTTPMessageDelegate

    class FirstRequest(HTTPMessageDelegate):
        """A connection's request, telling its server when the headers have arrived."""

        def __init__(self, delegate: Any, arrived: Callable[[], None]) -> None:
            self.delegate = delegate
            self._arrived = arrived

        def headers_received(self, start_line: Any, headers: Any) -> Any:
            self._arrived()
            return self.delegate.headers_received(start_line, headers)

        def data_received(self, chunk: bytes) -> Any:
            return self.delegate.data_received(chunk)

        def finish(self) -> None:
            self.delegate.finish()

        def on_connection_close(self) -> None:
            self._arrived()
            self.delegate.on_connection_close()

    class PublicHTTPServer(HTTPServer):
        """Tornado's HTTP server believing a proxy's address headers from its
        ``trusted_proxies`` alone, with time-outs for slow requests, a cap on each address's
        unfinished ones (``max_unfinished``, not for the proxies) and the process's
        descriptors as a budget (module docstring)."""

        def initialize(self, *args: Any, trusted_proxies: Iterable[str] = (),
                       header_timeout: float = 10.0, body_timeout: float = 60.0,
                       max_unfinished: int = 128, descriptors: Descriptors = DESCRIPTORS,
                       **kwargs: Any) -> None:
            if kwargs.get("xheaders"):
                raise ValueError("PublicHTTPServer decides whose address headers it believes "
                                 "by trusted_proxies, not xheaders")
            super().initialize(*args, idle_connection_timeout=header_timeout,
                               body_timeout=body_timeout, **kwargs)
            self.trusted_proxies = frozenset(trusted_proxies)
            self.max_unfinished = max_unfinished
            self.descriptors = descriptors
            self.unfinished = Unfinished()

        def add_sockets(self, sockets: Iterable[socket.socket]) -> None:
            for sock in sockets:
                self._sockets[sock.fileno()] = sock
                self._handlers[sock.fileno()] = accept_connections(
                    sock, self._handle_connection)

        def handle_stream(self, stream: Any, address: Any) -> None:
            peer = address[0] if isinstance(address, tuple) and address else "unknown"
            self.descriptors.spent()
            why = self._refusal(peer)
            if why is not None:
                answer, reason = why
                more = REFUSALS.say((peer, reason))
                if more is not None:
                    log.warning("Refused a connection from %s: %s%s", peer, reason, more)
                _answer_and_close(stream, answer)
                return
            if peer not in self.trusted_proxies:
                self.unfinished.add(peer, stream)
            super().handle_stream(stream, address)

        def _refusal(self, peer: str) -> tuple[bytes, str] | None:
            if self.descriptors.short_for_connection():
                return BUSY, "the server is short of descriptors"
            if peer not in self.trusted_proxies and self.max_unfinished and \
                    self.unfinished.count(peer) >= self.max_unfinished:
                return TOO_MANY, f"{self.max_unfinished} unfinished requests from it already"
            return None

        def start_request(self, server_conn: object, request_conn: Any) -> Any:
            delegate = super().start_request(server_conn, request_conn)
            peer = peer_of(request_conn)
            if peer in self.trusted_proxies:
                delegate = _ProxyAdapter(delegate, request_conn)
            stream = getattr(request_conn, "stream", None)
            if peer is not None and stream is not None:
                delegate = FirstRequest(delegate, lambda: self.unfinished.arrived(peer, stream))
            return delegate

    return PublicHTTPServer


def _answer_and_close(stream: Any, answer: bytes) -> None:
    """Write ``answer`` to a refused connection and close it (at once if it cannot take it)."""
    try:
        stream.write(answer).add_done_callback(lambda _: stream.close())
    except Exception:  # closed already
        stream.close()


def accept_connections(sock: socket.socket,
                       callback: Callable[[socket.socket, Any], None]) -> Callable[[], None]:
    """Accept connections on the listening ``sock`` as Tornado does (up to a backlog's worth
    each time it is readable, each passed to ``callback``), but where an accept fails for want
    of descriptors, stop reading ``sock`` for :data:`ACCEPT_PAUSE` seconds (logged once a
    minute) rather than retrying at once; any other failed accept is logged and passed over.
    Returns the function that stops accepting."""
    from tornado.ioloop import IOLoop

    loop = IOLoop.current()
    stopped = False
    paused = False

    def resume() -> None:
        nonlocal paused
        if paused and not stopped:
            paused = False
            loop.add_handler(sock, accept, IOLoop.READ)

    def accept(fd: Any, events: int) -> None:
        nonlocal paused
        for _ in range(128):
            if stopped or paused:
                return
            try:
                connection, address = sock.accept()
            except BlockingIOError:
                return
            except ConnectionAbortedError:
                continue
            except OSError as error:
                if error.errno in OUT_OF_DESCRIPTORS:
                    paused = True
                    loop.remove_handler(sock)
                    loop.call_later(ACCEPT_PAUSE, resume)
                    more = REFUSALS.say(("accept", str(error.errno)))
                    if more is not None:
                        log.warning("Could not accept a connection (%s): not accepting for "
                                    "%g s%s", error.strerror, ACCEPT_PAUSE, more)
                    return
                log.warning("Could not accept a connection: %s", error)
                continue
            callback(connection, address)

    def stop() -> None:
        nonlocal stopped
        if not paused:
            loop.remove_handler(sock)
        stopped = True

    loop.add_handler(sock, accept, IOLoop.READ)
    return stop


def peer_of(request_conn: Any) -> str | None:
    """The address of the peer at the other end of a request's connection (None: not an IP
    connection), whatever its headers say."""
    context = getattr(request_conn, "context", None)
    address = getattr(context, "address", None)
    if isinstance(address, tuple) and address and isinstance(address[0], str):
        return address[0]
    return None
