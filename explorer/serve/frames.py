"""What a viewer's page may send its kernel, read from the websocket's frames without trusting
them: the layout of a binary frame checked from its first bytes before anything decodes it,
then each field of the message checked for its type before any rule reads it.

Pure functions (no server needed): :class:`~explorer.serve.channels.ViewerChannels` calls
:func:`refusal` on every message from a page.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, NamedTuple

V1 = "v1.kernel.websocket.jupyter.org"
"""Jupyter's binary websocket protocol: 8-byte little-endian count of offsets, the offsets
(channel, header, parent header, metadata, content, buffers, end), then the parts."""
CLIENT_MESSAGES = frozenset({"comm_open", "comm_msg", "comm_close", "comm_info_request",
                             "kernel_info_request"})
"""What a viewer's page may send its kernel (Voila allows ``shutdown_request`` too: dropped)."""
CLIENT_COMMS = frozenset({"jupyter.widget.control"})
"""The comms a page may open itself (ipywidgets asks the kernel for its widgets' states on
one); every widget is the kernel's own: a client opening a ``jupyter.widget`` is refused."""
CLIENT_CHANNELS = frozenset({"shell", "control"})
"""The kernel channels a page may send on (a message naming none goes on ``shell``)."""
MAX_CLIENT_MESSAGE = 6 * 2**20
"""The largest message a page may send (a card set upload is at most 5 MB)."""
MAX_PARTS = 64
"""The most parts a binary frame may declare by default: a kernel message has a channel, a
header, a parent header, metadata and content, and a page's few buffers (an upload's files)."""
MAX_HEAD_PART = 64 * 2**10
"""The largest header, parent header or metadata part of a binary frame (a page's are a few
hundred bytes; the content and buffers carry what is big)."""
MAX_CHANNEL = 16
"""The longest channel name in a binary frame ("control" is 7 bytes)."""
KNOWN_TYPES = frozenset({
    "execute_request", "inspect_request", "complete_request", "history_request",
    "is_complete_request", "connect_request", "comm_info_request", "kernel_info_request",
    "shutdown_request", "interrupt_request", "debug_request", "input_reply", "input_request",
    "execute_reply", "inspect_reply", "complete_reply", "history_reply", "is_complete_reply",
    "connect_reply", "comm_info_reply", "kernel_info_reply", "shutdown_reply",
    "interrupt_reply", "debug_reply", "comm_open", "comm_msg", "comm_close", "usage_request",
    "create_subshell_request", "delete_subshell_request", "list_subshell_request",
})
"""Jupyter's message types: a refused one is logged by name; any other string by kind only
(so made-up names cannot make each refusal a line of its own in the log)."""


class Refusal(NamedTuple):
    """Why a message from a page is dropped: ``kind`` is what the log counts refusals by
    (one of a small fixed set), ``text`` the one line said of the first of its kind."""

    kind: str
    text: str


@dataclass
class Message:
    """A message from a page, its fields as the frame had them (any JSON: not checked yet)."""

    channel: Any
    header: Any
    parent_header: Any
    metadata: Any
    content: Any
    buffers: Any


class BadFrame(ValueError):
    """A frame that is not a kernel message (its layout, its encoding or its JSON)."""


def shown(value: Any, width: int = 40) -> str:
    """A short, safe rendering of an untrusted value for a log line: a string's start as a
    literal, anything else by its type (never the repr of a huge or deep structure)."""
    if isinstance(value, str):
        return repr(value[:width])
    return f"a {type(value).__name__}"


def frame_problem(frame: bytes, v1: bool, max_parts: int = MAX_PARTS) -> str | None:
    """Why a binary frame's layout is not a kernel message's (None: it is), read from its
    count and offsets only: the count bounded first, then each offset within the frame and
    after the one before it, the channel and head parts bounded."""
    try:
        _offsets(frame, v1, max_parts)
    except BadFrame as error:
        return str(error)
    return None


def _offsets(frame: bytes, v1: bool, max_parts: int) -> list[int]:
    """The offsets of a binary frame's parts (the last one its end), checked; a
    :class:`BadFrame` saying what is wrong."""
    width = 8 if v1 else 4
    if len(frame) < width:
        raise BadFrame(f"a binary frame of {len(frame)} bytes")
    count = int.from_bytes(frame[:width], "little" if v1 else "big", signed=not v1)
    least = 6 if v1 else 1  # v1: channel, 4 parts, end; legacy: the JSON part
    if not least <= count <= max_parts:
        raise BadFrame(f"a binary frame declaring {count:,} parts (at most {max_parts})")
    start = width * (count + 1)
    if len(frame) < start:
        raise BadFrame(f"a binary frame of {len(frame)} bytes declaring {count} parts")
    order = "little" if v1 else "big"
    offsets = [int.from_bytes(frame[width * (i + 1):width * (i + 2)], order)
               for i in range(count)]
    if offsets[0] != start:
        raise BadFrame("a binary frame whose first part is not where its offsets end")
    for before, after in pairwise(offsets):
        if after < before:
            raise BadFrame("a binary frame whose offsets go backwards")
    if offsets[-1] > len(frame):
        raise BadFrame("a binary frame whose offsets go past its end")
    if v1:
        if offsets[1] - offsets[0] > MAX_CHANNEL:
            raise BadFrame("a binary frame with a channel name too long")
        if any(offsets[i + 1] - offsets[i] > MAX_HEAD_PART for i in (1, 2, 3)):
            raise BadFrame(f"a binary frame with a header part over {MAX_HEAD_PART:,} bytes")
    return offsets


def parse(frame: str | bytes, v1: bool, max_parts: int = MAX_PARTS) -> Message:
    """The fields of a message from a page; a :class:`BadFrame` when the frame is not a
    message (bad layout, bad UTF-8, bad JSON). A binary frame's layout is checked before
    anything of it is decoded."""
    if v1:
        if not isinstance(frame, bytes):
            raise BadFrame("a text frame on the binary protocol")
        offsets = _offsets(frame, True, max_parts)
        parts = [frame[a:b] for a, b in pairwise(offsets)]
        try:
            channel = parts[0].decode("utf-8")
            head = [json.loads(part) for part in parts[1:5]]
        except (ValueError, RecursionError) as error:
            raise BadFrame(f"a frame that is not JSON ({type(error).__name__})") from None
        return Message(channel, *head, parts[5:])
    if isinstance(frame, bytes):
        offsets = _offsets(frame, False, max_parts)
        text: str | bytes = frame[offsets[0]:offsets[1]] if len(offsets) > 1 else \
            frame[offsets[0]:]
        buffers: Any = [frame[a:b] for a, b in zip(offsets[1:], [*offsets[2:], len(frame)],
                                                    strict=False)]
    else:
        text, buffers = frame, None
    try:
        whole = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise BadFrame(f"a frame that is not JSON ({type(error).__name__})") from None
    if not isinstance(whole, dict):
        raise BadFrame(f"a frame whose JSON is {shown(whole)}, not an object")
    if buffers is None:
        buffers = whole.get("buffers", [])
    return Message(whole.get("channel"), whole.get("header"), whole.get("parent_header"),
                   whole.get("metadata"), whole.get("content"), buffers)


def refusal(frame: Any, v1: bool, max_parts: int = MAX_PARTS) -> Refusal | None:
    """Why a message from a page is dropped (None: it passes): only :data:`CLIENT_MESSAGES`
    on :data:`CLIENT_CHANNELS`, each field of the type Jupyter needs, a ``comm_open`` only
    for :data:`CLIENT_COMMS`, a ``comm_info_request`` only in its plain form, nothing over
    :data:`MAX_CLIENT_MESSAGE`. Never raises, whatever the frame holds."""
    try:
        size = len(frame)
    except TypeError:
        return Refusal("not a kernel message", "not a kernel message")
    if size > MAX_CLIENT_MESSAGE:
        return Refusal("too big", f"{size:,} bytes, over {MAX_CLIENT_MESSAGE:,}")
    try:
        message = parse(frame, v1, max_parts)
    except BadFrame as error:
        return Refusal("not a kernel message", f"not a kernel message: {error}")
    except Exception as error:  # whatever the bytes are, not a message
        return Refusal("not a kernel message",
                       f"not a kernel message ({type(error).__name__})")
    try:
        return message_refusal(message)
    except Exception as error:  # a gap in the rules: the message is dropped, not passed on
        return Refusal("unreadable", f"a message the filter could not read "
                       f"({type(error).__name__})")


def message_refusal(message: Message) -> Refusal | None:
    """Why a parsed message is dropped (None: it passes); see :func:`refusal`."""
    why = _shape_refusal(message)
    if why is not None:
        return why
    kind = message.header["msg_type"]
    content = message.content
    target = content.get("target_name")
    if kind == "comm_open" and not (isinstance(target, str) and target in CLIENT_COMMS):
        return Refusal("a comm a page may not open",
                       f"a page may not open a {shown(target)} comm")
    if kind in {"comm_open", "comm_msg", "comm_close"} and \
            not isinstance(content.get("comm_id"), str):
        return Refusal("a comm message without a comm id", f"a {kind} without a comm id")
    if kind == "comm_info_request" and not (
            set(content) <= {"target_name"}
            and isinstance(content.get("target_name", ""), str)):
        return Refusal("a comm_info_request of another form",
                       "a comm_info_request of another form")
    return None


def _shape_refusal(message: Message) -> Refusal | None:
    """Why a message's fields are not of the types Jupyter sends on (None: they are)."""
    channel = message.channel
    if channel is not None and not (isinstance(channel, str) and channel in CLIENT_CHANNELS):
        return Refusal("a channel a page may not use",
                       f"a message on the channel {shown(channel)}")
    header = message.header
    if not isinstance(header, dict):
        return Refusal("a message without a header", "a message without a header")
    kind = header.get("msg_type")
    if not isinstance(kind, str) or kind not in CLIENT_MESSAGES:
        text = f"a {shown(kind)} message is not allowed" if isinstance(kind, str) else \
            f"a message whose type is {shown(kind)} is not allowed"
        known = isinstance(kind, str) and kind in KNOWN_TYPES
        return Refusal(text if known else "a message of another type", text)
    version = header.get("version", "5.0")
    if not (isinstance(version, str) and re.fullmatch(r"5\.\d{1,3}", version)):
        return Refusal("a message of another protocol version",
                       f"a {kind} of protocol version {shown(version)}")
    for name in ("parent_header", "metadata", "content"):
        if not isinstance(getattr(message, name), dict):
            return Refusal(f"a message without {name}", f"a {kind} without {name} "
                           f"(it has {shown(getattr(message, name))})")
    buffers = message.buffers
    if not isinstance(buffers, list) or not all(isinstance(b, bytes) for b in buffers):
        return Refusal("buffers that are not binary", f"a {kind} whose buffers are not "
                       "binary parts of its frame")
    return None
