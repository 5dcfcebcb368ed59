"""The public Voila: Voila with the public server's handlers and one-line errors."""

from __future__ import annotations

from explorer.serve.channels import channels_handler
from explorer.serve.logs import OneLineErrors, one_line_errors
from explorer.serve.pages import kernel_handler, page_handler, template_file_handler


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
