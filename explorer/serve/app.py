"""The public Voila: Voila with the public server's handlers and one-line errors."""

from __future__ import annotations

from typing import Any

from explorer.serve.channels import channels_handler
from explorer.serve.logs import OneLineErrors, log_request, one_line_errors
from explorer.serve.pages import (
    PublicRules,
    kernel_handler,
    landing_handler,
    no_contents_handler,
    page_handler,
    public_headers,
    query_handler,
    shutdown_handler,
    template_file_handler,
)


def public_voila() -> type:
    """Voila with :func:`page_handler` in place of its own page handler,
    :func:`kernel_handler` of its kernels', :func:`shutdown_handler` and :func:`query_handler`
    of its kernel shutdown and query socket, :func:`channels_handler` of their websockets',
    :func:`template_file_handler` of its template files', :func:`landing_handler` of its folder
    listings and :func:`no_contents_handler` of its contents API; no login or logout pages
    (Voila has no users; its /logout answered with a 500); every handler keeping
    :class:`PublicRules` and every answer's headers :func:`public_headers`; and server errors
    logged in one line (:class:`OneLineErrors`)."""
    from jupyter_server.services.kernels.handlers import KernelHandler
    from voila.app import Voila
    from voila.request_info_handler import RequestInfoSocketHandler
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    from voila.static_file_handler import TemplateStaticFileHandler
    from voila.tornado.contentshandler import VoilaContentsHandler
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
    from voila.tornado.treehandler import TornadoVoilaTreeHandler

    replaced = {TornadoVoilaHandler: page_handler(), KernelHandler: kernel_handler(),
                VoilaKernelWebsocketHandler: channels_handler(),
                TemplateStaticFileHandler: template_file_handler(),
                VoilaShutdownKernelHandler: shutdown_handler(),
                RequestInfoSocketHandler: query_handler(),
                TornadoVoilaTreeHandler: landing_handler(),
                VoilaContentsHandler: no_contents_handler()}
    ruled: dict[type, type] = {}

    def public(handler: type) -> type:
        """The public server's handler in place of ``handler``, keeping :class:`PublicRules`
        (one class for each)."""
        if handler not in ruled:
            chosen = replaced.get(handler, handler)
            ruled[handler] = type(chosen.__name__, (PublicRules, chosen),
                                  {"__doc__": chosen.__doc__})
        return ruled[handler]

    from traitlets import Bool, Float, Integer, List, Unicode

    from explorer.serve.connections import public_http_server

    class PublicVoila(Voila):
        """``voila`` for a public server (``make serve``; see docs/hosting.md)."""

        trust_xheaders = Bool(False, config=True, help="Take a request's client address from "
                              "the X-Real-IP or X-Forwarded-For header a reverse proxy sets, "
                              "on connections from trusted_proxies alone (only behind one: a "
                              "viewer could set them too)")
        trusted_proxies = List(Unicode(), ["127.0.0.1", "::1"], config=True,
                               help="The addresses of the reverse proxies whose address "
                                    "headers are believed when trust_xheaders is set")
        header_timeout = Float(10.0, config=True, help="Seconds a request's headers may take "
                               "to arrive (and a kept-alive connection may idle)")
        body_timeout = Float(60.0, config=True, help="Seconds a request's body may take to "
                             "arrive")
        max_unfinished = Integer(128, config=True, help="Connections one address may have "
                                 "open whose first request has not arrived yet (not the "
                                 "trusted proxies'; 0: no cap); one more is answered 429")

        def listen(self) -> None:
            """Voila's listening, on :func:`~explorer.serve.connections.public_http_server`
            (the proxies' address headers believed if :attr:`trust_xheaders`)."""
            server_class = public_http_server()
            trusted = tuple(self.trusted_proxies) if self.trust_xheaders else ()
            app = self.app

            def listen(port: int, address: str | None = None, **kwargs: Any) -> Any:
                server = server_class(app, trusted_proxies=trusted,
                                      header_timeout=self.header_timeout,
                                      body_timeout=self.body_timeout,
                                      max_unfinished=self.max_unfinished)
                server.listen(port, address, **kwargs)
                return server

            app.listen = listen
            super().listen()

        def init_settings(self) -> dict[str, Any]:
            """Voila's settings, with :func:`public_headers` after tornado's own transforms (as
            tornado makes them: gzip if asked) and refused requests logged once a minute per
            address and status (:func:`~explorer.serve.logs.log_request`)."""
            import tornado.web

            settings = super().init_settings()
            settings["log_function"] = log_request
            gzip = settings.get("compress_response") or settings.get("gzip")
            settings["transforms"] = [*([tornado.web.GZipContentEncoding] if gzip else []),
                                      public_headers()]
            return settings

        def init_handlers(self) -> list:
            """Voila's handlers (no log-in ones), and the page assets' own
            (:func:`~explorer.serve.assets.asset_handlers`), each keeping the public rules."""
            from explorer.serve.assets import asset_handlers

            accounts = {entry[1] for entry in self.identity_provider.get_handlers()}
            base = self.base_url if self.base_url.endswith("/") else self.base_url + "/"
            return [(entry[0], public(entry[1]), *entry[2:])
                    for entry in [*asset_handlers(base), *super().init_handlers()]
                    if entry[1] not in accounts]

        def start(self) -> None:
            one_line_errors()
            self.log.addFilter(OneLineErrors())
            super().start()

    return PublicVoila


def voila_main(argv: list[str]) -> None:
    """``python -m explorer.serve voila ARGS``: Voila with the public server's limits, its
    descriptors raised to their hard limit first
    (:func:`~explorer.serve.descriptors.raise_limit`)."""
    from explorer.serve.descriptors import raise_limit

    raise_limit()
    public_voila().launch_instance(argv)
