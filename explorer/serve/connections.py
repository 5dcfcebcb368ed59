"""The public Voila's HTTP server: Tornado's, with the client's address taken from a proxy's
headers only where the connection comes from the proxy itself.

Tornado's ``xheaders`` believes ``X-Real-IP`` and ``X-Forwarded-For`` from whoever sends them:
a process behind nginx that some other program could reach would let that program name any
address for every cap and rate kept per address. :func:`public_http_server` reads them only on
connections whose peer is one of the trusted proxies' addresses (nginx's, 127.0.0.1 when it
runs on the same machine), and leaves every other connection its own peer's address.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def public_http_server() -> type:
    """The HTTP server class (a subclass of Tornado's ``HTTPServer``): its ``trusted_proxies``
    (addresses) are the only peers whose address headers name the client."""
    from tornado.httpserver import HTTPServer, _ProxyAdapter

    class PublicHTTPServer(HTTPServer):
        """Tornado's HTTP server believing a proxy's address headers from its
        ``trusted_proxies`` alone (none: no one's)."""

        def initialize(self, *args: Any, trusted_proxies: Iterable[str] = (),
                       **kwargs: Any) -> None:
            if kwargs.get("xheaders"):
                raise ValueError("PublicHTTPServer decides whose address headers it believes "
                                 "by trusted_proxies, not xheaders")
            super().initialize(*args, **kwargs)
            self.trusted_proxies = frozenset(trusted_proxies)

        def start_request(self, server_conn: object, request_conn: Any) -> Any:
            delegate = super().start_request(server_conn, request_conn)
            if peer_of(request_conn) in self.trusted_proxies:
                delegate = _ProxyAdapter(delegate, request_conn)
            return delegate

    return PublicHTTPServer


def peer_of(request_conn: Any) -> str | None:
    """The address of the peer at the other end of a request's connection (None: not an IP
    connection), whatever its headers say."""
    context = getattr(request_conn, "context", None)
    address = getattr(context, "address", None)
    if isinstance(address, tuple) and address and isinstance(address[0], str):
        return address[0]
    return None
