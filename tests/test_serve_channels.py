"""The kernel websocket's guards without a server (issue 26): the binary frame checks, the
message filter against any JSON in any field (hypothesis), the budgets and the log of
refusals, and Jupyter's count of a kernel's connections after a failed opening. The same
guards against a real Voila: tests/browser/test_public_sockets.py."""

from __future__ import annotations

import errno
import json
import logging
import struct
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
import zmq
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jupyter_client.session import Session
from jupyter_server.services.kernels.connection.base import (
    serialize_binary_message,
    serialize_msg_to_ws_v1,
)
from tornado import web
from tornado.websocket import WebSocketClosedError
from traitlets.config import LoggingConfigurable

from explorer.serve import PoolAwareKernelManager, ViewerChannels
from explorer.serve.channels import SOCKETS, socket_refusal
from explorer.serve.frames import Message, frame_problem, message_refusal, refusal
from explorer.serve.limits import Budget, Once, RefusalLog, SocketCounts, TokenBucket
from tests.loops import in_a_loop_of_its_own

ROOT = Path(__file__).resolve().parents[1]


def _message(kind: str = "comm_msg", content: Any = None, buffers: list[bytes] | None = None,
             **fields: Any) -> dict[str, Any]:
    """A message as a page sends it (Jupyter's fields), with ``fields`` replaced."""
    sent = {"header": {"msg_id": "1", "msg_type": kind, "session": "s", "username": "u",
                       "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell",
            "content": {"comm_id": "c", "data": {"method": "custom"}} if content is None
            else content, "buffers": buffers or []}
    sent.update(fields)
    return sent


def _v1(sent: dict[str, Any]) -> bytes:
    """``sent`` in the v1 binary protocol, as Jupyter's own serializer writes it."""
    pack = Session().pack
    parts = [pack(sent["header"]), pack(sent["parent_header"]), pack(sent["metadata"]),
             pack(sent["content"]), *sent["buffers"]]
    return serialize_msg_to_ws_v1(parts, sent["channel"])


# ---- item 1: binary frames checked before any deserializer --------------------------------

def test_item1_jupyters_own_frames_pass_in_both_protocols() -> None:
    sent = _message(buffers=[b"\x00\xff" * 10, b""])
    assert refusal(_v1(sent), v1=True) is None
    assert refusal(serialize_binary_message(sent), v1=False) is None
    assert refusal(json.dumps(_message()), v1=False) is None


def test_item1_the_frames_that_stalled_the_server_are_refused_by_their_count() -> None:
    """The 24-byte v1 frame declaring 30,000,000 offsets (and 2**40), and the 16-byte legacy
    frame declaring ten million buffers, refused from their first bytes, allocating next to
    nothing (the legacy one cost ~325 MB in Jupyter's deserializer)."""
    frames = [((30_000_000).to_bytes(8, "little") + bytes(16), True),
              ((2**40).to_bytes(8, "little") + bytes(16), True),
              (struct.pack("!i", 10_000_000) + bytes(12), False)]
    tracemalloc.start()
    try:
        whys = [refusal(frame, v1) for frame, v1 in frames]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 100_000
    assert [w.text for w in whys] == [
        "not a kernel message: a binary frame declaring 30,000,000 parts (at most 64)",
        "not a kernel message: a binary frame declaring 1,099,511,627,776 parts (at most 64)",
        "not a kernel message: a binary frame declaring 10,000,000 parts (at most 64)"]


def _legacy(count: int, offsets: list[int], tail: bytes) -> bytes:
    return struct.pack(f"!i{len(offsets)}I", count, *offsets) + tail


def _v1_raw(offsets: list[int], tail: bytes) -> bytes:
    return b"".join(n.to_bytes(8, "little") for n in [len(offsets), *offsets]) + tail


@pytest.mark.parametrize(("frame", "v1", "why"), [
    (_legacy(0, [], b"{}"), False, "declaring 0 parts"),
    (_legacy(-1, [], b"{}"), False, "declaring -1 parts"),
    (_legacy(3, [16, 18], b""), False, "of 12 bytes declaring 3 parts"),
    (_legacy(2, [13, 14], b"{}{}{}"), False, "first part is not where its offsets end"),
    (_legacy(3, [16, 20, 18], b"{}{}{}{}"), False, "offsets go backwards"),
    (_legacy(2, [12, 99], b"{}{}"), False, "offsets go past its end"),
    (_v1_raw([60, 61, 63, 65, 67, 69], b"shell{}{}{}{}"), True, "first part is not where"),
    (_v1_raw([56, 56 + 17, 75, 77, 79, 81], b"x" * 17 + b"{}{}{}{}"), True,
     "channel name too long"),
    (_v1_raw([56, 61, 61 + 70_000, 70_063, 70_065, 70_067],
             b"shell" + b" " * 70_000 + b"{}{}{}{}"), True, "header part over 65,536"),
    (b"\x01\x00", True, "a binary frame of 2 bytes"),
    (_v1_raw([64, 69, 71, 73, 75, 77, 99], b"shell{}{}{}{}x"), True, "offsets go past"),
])
def test_item1_a_frame_whose_layout_is_wrong_is_refused_saying_why(
        frame: bytes, v1: bool, why: str) -> None:
    found = frame_problem(frame, v1)
    assert found is not None and why in found, found
    assert refusal(frame, v1).kind == "not a kernel message"


def test_item1_parts_past_the_count_a_server_allows_are_refused() -> None:
    sent = _message(buffers=[b"x"] * 10)
    assert refusal(_v1(sent), v1=True, max_parts=64) is None
    assert "declaring 16 parts (at most 15)" in refusal(_v1(sent), v1=True, max_parts=15).text


def test_item1_a_v1_text_frame_and_bad_utf8_are_refused() -> None:
    assert refusal(json.dumps(_message()), v1=True).kind == "not a kernel message"
    frame = _v1(_message())
    bad = frame.replace(b'"comm_msg"', b'"comm\xff\xfesg"')
    assert refusal(bad, v1=True).kind == "not a kernel message"
    legacy = serialize_binary_message(_message()).replace(b'"comm_msg"', b'"comm\xff\xfesg"')
    assert refusal(legacy, v1=False).kind == "not a kernel message"


# ---- item 8: the filter robust to any JSON in any field ----------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                 max_size=4),
    max_leaves=12)
KINDS = st.sampled_from(["comm_open", "comm_msg", "comm_close", "comm_info_request",
                         "kernel_info_request", "execute_request"]) | JSON


def _field_values() -> st.SearchStrategy[dict[str, Any]]:
    """A message whose header, content, metadata, parent header, channel and buffers are
    each either a page's own or any JSON, with any JSON in the fields the filter reads."""
    header = st.fixed_dictionaries({"msg_type": KINDS, "msg_id": JSON}, optional={
        "version": st.sampled_from(["5.3", "4.1"]) | JSON}) | JSON
    content = st.fixed_dictionaries({"comm_id": JSON, "target_name": st.sampled_from(
        ["jupyter.widget.control", "jupyter.widget"]) | JSON, "data": JSON}) | \
        st.dictionaries(st.sampled_from(["comm_id", "target_name", "data"]), JSON) | JSON
    return st.fixed_dictionaries({
        "header": header, "content": content, "metadata": st.just({}) | JSON,
        "parent_header": st.just({}) | JSON,
        "channel": st.sampled_from(["shell", "control", "iopub"]) | JSON,
        "buffers": st.just([]) | JSON})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_field_values())
def test_item8_the_filter_never_raises_on_any_json_in_any_field(sent: dict[str, Any]) -> None:
    """message_refusal itself (no safety net), and the frames in all three forms; what
    passes is a message Jupyter's session can serialize for the kernel."""
    message = Message(sent["channel"], sent["header"], sent["parent_header"],
                      sent["metadata"], sent["content"], sent["buffers"])
    why = message_refusal(message)
    text = json.dumps(sent)
    assert (refusal(text, v1=False) is None) == (why is None)
    if why is None:
        Session().serialize({k: sent[k] for k in ("header", "parent_header", "metadata",
                                                  "content")})
        assert sent["header"]["msg_type"] in {"comm_open", "comm_msg", "comm_close",
                                              "comm_info_request", "kernel_info_request"}
    if isinstance(sent["channel"], str):
        refusal(_v1({**sent, "buffers": []}), v1=True)
    if isinstance(sent["buffers"], list):
        refusal(serialize_binary_message({**sent, "buffers": [b"x"]}), v1=False)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200), st.booleans())
def test_item8_any_bytes_are_refused_or_passed_never_raised(frame: bytes, v1: bool) -> None:
    refusal(frame, v1)
    refusal(frame.decode("latin-1"), v1)


@pytest.mark.parametrize(("sent", "why"), [
    (_message(kind=["comm_msg"]), "a message whose type is a list is not allowed"),
    (_message(kind={"a": 1}), "a message whose type is a dict is not allowed"),
    (_message(kind="x" * 1_000_000), "a 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' message"),
    (_message(content=[1, 2]), "a comm_msg without content (it has a list)"),
    ({**_message(), "content": None}, "a comm_msg without content (it has a NoneType)"),
    (_message(content=7), "a comm_msg without content (it has a int)"),
    (_message(header=[1]), "a message without a header"),
    (_message(parent_header="p"), "a comm_msg without parent_header (it has 'p')"),
    (_message(channel=["shell"]), "a message on the channel a list"),
    (_message(channel="iopub"), "a message on the channel 'iopub'"),
    (_message(buffers=[1, 2]), "whose buffers are not binary parts"),
    (_message("comm_open", {"comm_id": "c", "target_name": ["jupyter.widget.control"]}),
     "a page may not open a a list comm"),
    (_message(content={"comm_id": {"x": 1}}), "a comm_msg without a comm id"),
    (_message(header={**_message()["header"], "version": ["5.3"]}),
     "a comm_msg of protocol version a list"),
    (_message(header={**_message()["header"], "version": "4.1"}),
     "a comm_msg of protocol version '4.1'"),
])
def test_item8_each_field_of_a_wrong_type_is_refused_saying_which(sent: dict, why: str) -> None:
    found = refusal(json.dumps(sent), v1=False)
    assert found is not None and why in found.text, found


def test_item8_made_up_message_types_are_one_kind_of_refusal_in_the_log() -> None:
    """The log counts refusals by kind: Jupyter's own types by name, any other as one kind
    (so a flood of made-up names is not a line each)."""
    kinds = {refusal(json.dumps(_message(kind=f"made-up-{i}")), False).kind for i in range(50)}
    assert kinds == {"a message of another type"}
    assert refusal(json.dumps(_message(kind="execute_request")), False).kind == \
        "a 'execute_request' message is not allowed"


# ---- item 3: budgets and the log ----------------------------------------------------------

class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_item3_a_burst_passes_and_a_sustained_flood_does_not() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=20, burst=100, clock=clock)
    assert sum(bucket.take() for _ in range(150)) == 100  # the burst at once
    clock.now += 1
    assert sum(bucket.take() for _ in range(150)) == 20  # then 20 a second
    clock.now += 60
    assert sum(bucket.take() for _ in range(150)) == 100  # never more than the burst


def test_item3_one_upload_passes_and_a_flood_of_big_messages_is_a_flood() -> None:
    clock = Clock()
    budget = Budget(20, 100, 2**20, 12 * 2**20, 50, 10, clock)
    upload = 5 * 2**20 + 3000
    assert budget.admit(upload) and budget.admit(upload)  # two 5 MB uploads at once
    assert not budget.admit(upload)  # a third: past the byte burst
    assert budget.admit(200)  # a click still goes
    big = int(5.75 * 2**20)
    floods = [budget.flooded(big) for _ in range(10)]
    assert floods.index(True) == 7  # 6.75 a message: the eighth makes 54 of 50
    clock.now += 5.5
    assert budget.admit(big)  # the budget refilled


def test_item3_a_kernel_whose_sockets_flooded_it_rests_before_taking_another() -> None:
    clock = Clock()
    budget = Budget(20, 100, 2**20, 12 * 2**20, 50, 10, clock)
    assert not budget.resting()
    while not budget.flooded(200):
        pass
    assert budget.resting()
    clock.now += 4.5
    assert budget.resting()
    clock.now += 1  # past half the window: half the flood budget back
    assert not budget.resting()


def test_item3_refusals_before_the_upgrade_are_logged_once_a_minute_then_counted() -> None:
    clock = Clock()
    once = Once(60, clock)
    said = [once.say(("k1", "1.2.3.4", "why")) for _ in range(300)]
    assert said[0] == "" and said[1:] == [None] * 299
    assert once.say(("k2", "1.2.3.4", "why")) == ""  # another kernel: its own line
    clock.now += 60
    assert once.say(("k1", "1.2.3.4", "why")) == " (299 more like it not logged since)"


def test_item3_the_log_says_each_kind_once_then_counts(caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    log = logging.getLogger("test-refusals")
    refusals = RefusalLog(log, "a viewer of kernel K (1.2.3.4)", every=60, clock=clock)
    with caplog.at_level(logging.WARNING, logger="test-refusals"):
        for i in range(5000):
            refusals.refused("over the rate", "over 20 messages a second")
            refusals.refused("a message of another type", f"a 'x{i}' message is not allowed")
            clock.now += 0.01  # 50 s in all
        refusals.flush()
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [
        "Dropped a message from a viewer of kernel K (1.2.3.4): over 20 messages a second",
        "Dropped a message from a viewer of kernel K (1.2.3.4): a 'x0' message is not allowed",
        "Dropped 9,998 more messages from a viewer of kernel K (1.2.3.4) in 50 s: 4,999 "
        "'over the rate', 4,999 'a message of another type'"]


def test_item3_a_summary_line_every_interval_while_a_flood_goes_on(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    refusals = RefusalLog(logging.getLogger("test-refusals"), "K", every=60, clock=clock)
    with caplog.at_level(logging.WARNING, logger="test-refusals"):
        for _ in range(30_100):  # 301 s of 100 a second
            refusals.refused("over the rate", "over")
            clock.now += 0.01
    assert len(caplog.records) == 1 + 5


# ---- items 2 and 7: who may open a socket, and how many ----------------------------------

def _manager(**caps: int) -> PoolAwareKernelManager:
    manager = PoolAwareKernelManager(**caps)
    manager.browsers = {"k1": "a" * 32, "k2": "b" * 32}
    return manager


@pytest.mark.parametrize(("kernel", "cookie", "why"), [
    ("k1", None, "not the browser the kernel was handed to"),
    ("k1", "", "not the browser the kernel was handed to"),
    ("k1", "b" * 32, "not the browser the kernel was handed to"),
    ("k1", "a" * 31, "not the browser the kernel was handed to"),
    ("pooled", "a" * 32, "the kernel was handed to no browser"),
])
def test_item7_only_the_browser_a_kernel_was_handed_to_may_open_its_socket(
        kernel: str, cookie: str | None, why: str) -> None:
    assert socket_refusal(_manager(), kernel, "1.2.3.4", cookie, ViewerChannels()) == \
        (403, why)
    assert socket_refusal(_manager(), "k1", "1.2.3.4", "a" * 32, ViewerChannels()) is None


def test_item2_sockets_per_kernel_and_per_address_are_counted_while_open() -> None:
    counts = SocketCounts()
    for _ in range(3):
        counts.opened("k1", "A")
    assert counts.too_many("k1", "A", 3, 18) == "kernel k1 has 3 sockets open already"
    assert counts.too_many("k2", "A", 3, 3) == "the address holds 3 sockets open already"
    assert counts.too_many("k2", "B", 3, 3) is None
    for _ in range(3):
        counts.closed("k1", "A")
    assert not counts.kernels and not counts.clients  # nothing left behind


def test_item2_the_address_cap_follows_the_kernels_an_address_may_hold() -> None:
    limits = ViewerChannels()
    assert (limits.max_sockets_per_kernel, limits.max_sockets_per_client) == (3, 0)
    manager = _manager(max_kernels_per_client=2)
    try:
        for kernel in ("k1", "k1", "k1", "k2", "k2", "k2"):
            SOCKETS.opened(kernel, "9.9.9.9")
        manager.browsers["k3"] = "c" * 32
        assert socket_refusal(manager, "k3", "9.9.9.9", "c" * 32, limits) == \
            (429, "the address holds 6 sockets open already")
    finally:
        for kernel in ("k1", "k1", "k1", "k2", "k2", "k2"):
            SOCKETS.closed(kernel, "9.9.9.9")


# ---- item 2: a failed opening leaves the kernel's count of connections as it was ---------

class _Stream:
    """A ZMQ stream that only knows whether it was closed."""

    def __init__(self) -> None:
        self.shut = False

    def closed(self) -> bool:
        return self.shut

    def close(self) -> None:
        self.shut = True

    def on_recv(self, callback: Any) -> None:
        pass


class _Kernel(LoggingConfigurable):
    """A kernel whose ZMQ sockets fail from the ``fail_at``-th on (as when the server has
    used up its 1,023), or whose channel connection fails as Jupyter's HTTPError."""

    kernel_id = "k1"
    fail_at = 2
    error: Exception = zmq.ZMQError(errno.EMFILE)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.streams: list[_Stream] = []

    def _connect(self, identity: Any = None) -> _Stream:
        if len(self.streams) >= self.fail_at:
            raise self.error
        self.streams.append(_Stream())
        return self.streams[-1]

    connect_iopub = connect_shell = connect_control = connect_stdin = _connect


@pytest.mark.parametrize("error", [zmq.ZMQError(errno.EMFILE), web.HTTPError(500)])
def test_item2_a_socket_whose_zmq_connection_fails_is_uncounted_and_its_streams_closed(
        error: Exception) -> None:
    async def run() -> tuple[int, list[bool]]:
        manager = PoolAwareKernelManager()
        manager._kernel_connections = {"k1": 0}
        kernel = _Kernel(parent=manager)
        kernel.error = error
        connection = ViewerChannels(parent=kernel)
        connection.session_key = "k1:test"  # as Jupyter registers a socket's session
        ViewerChannels._open_sessions[connection.session_key] = connection.websocket_handler
        try:
            connection.connect()
        except (zmq.ZMQError, web.HTTPError):  # the error goes on to the handler
            pass
        connection.disconnect()  # the socket closes after (Jupyter calls it again)
        connection.disconnect()
        return manager._kernel_connections["k1"], [s.closed() for s in kernel.streams]

    connections, closed = in_a_loop_of_its_own(run())
    assert connections == 0  # so the idle cull sees no socket open and takes the kernel
    assert closed == [True, True]


def test_a_message_for_a_socket_closing_goes_nowhere_without_an_error() -> None:
    """Between a viewer's close frame and Tornado closing its connection (up to 5 s, or until
    the client closes it), Jupyter sent the kernel's next messages on: in the v1 protocol its
    write raised WebSocketClosedError up to the ZMQ stream, which logged a traceback (CI: the
    load script's viewer who leaves by closing its socket, on a busy machine)."""
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
    from tornado.websocket import WebSocketProtocol13, _WebSocketParams

    from explorer.serve.frames import V1

    class _Channel(_Stream):
        channel = "iopub"

    async def run() -> None:  # in a loop, as the server's
        handler = KernelWebsocketHandler.__new__(KernelWebsocketHandler)  # as an upgrade made
        protocol = WebSocketProtocol13(handler, False, _WebSocketParams())
        protocol.selected_subprotocol = V1
        protocol.stream = _Stream()  # the connection still open,
        protocol.client_terminated = True  # its client's close frame received
        handler.ws_connection = protocol
        connection = ViewerChannels(parent=_Kernel(parent=PoolAwareKernelManager()))
        connection.websocket_handler = handler
        connection.channels = {"iopub": _Channel()}
        assert connection.subprotocol == V1
        session = connection.session
        sent = session.serialize(session.msg("status", {"execution_state": "idle"}))
        with pytest.raises(WebSocketClosedError):  # what Jupyter's own connection lets out
            super(ViewerChannels, connection).handle_outgoing_message("iopub", sent)
        connection.handle_outgoing_message("iopub", sent)  # ours: nothing raised

    in_a_loop_of_its_own(run())


def test_a_pages_first_requests_for_every_widget_are_within_the_burst() -> None:
    """A page whose kernel is slow to answer the widgets' control comm (a class arriving) asks
    for each widget's state in a message of its own, all at once: 269 for the Rifts play page.
    With a burst of 200 the rest were dropped, the socket closed as a flood and the page never
    worked (benchmarks/class.py, 2 pupils of 30 in Chromium)."""
    from ipywidgets.widgets import widget as widget_module

    from explorer.ui.session import CELLS
    from explorer.ui.stepper import Stepper

    before = len(widget_module._instances)
    play = Stepper("rifts", players=2, seed=7)
    cells = [play.cell(name) for name in CELLS["rifts"]]
    widgets = len(widget_module._instances) - before
    assert cells and widgets > 200
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))["ViewerChannels"]
    budget = Budget(config["messages_per_second"], config["message_burst"],
                    config["bytes_per_second"], config["byte_burst"], config["flood_drops"],
                    10, clock=lambda: 0.0)
    # the page's requests, twice over (the page reconnects once), each about 300 bytes
    assert all(budget.admit(300) for _ in range(2 * widgets))
