"""The websocket between a viewer's page and its kernel, filtered both ways."""

from __future__ import annotations

import json
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

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
