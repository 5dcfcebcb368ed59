"""The viewer client's own parts, without a server (the client against a real Voila:
tests/browser/test_hostile_widgets.py, test_public_server.py, test_load_script.py)."""

from __future__ import annotations

import pytest

from explorer.viewer_client import (
    Viewer,
    ViewerError,
    Widget,
    decode,
    decode_v1,
    encode,
    encode_v1,
    message,
    problem,
    put_buffers,
    split_buffers,
)
from tests.loops import in_a_loop_of_its_own


def test_an_uploads_bytes_travel_as_buffers_and_come_back_in_place() -> None:
    state = {"value": [{"name": "a.parquet", "content": b"PAR1", "size": 4},
                       {"name": "b.parquet", "content": memoryview(b"xy"), "size": 2}]}
    sent, paths, buffers = split_buffers(state)
    assert paths == [["value", 0, "content"], ["value", 1, "content"]]
    assert buffers == [b"PAR1", b"xy"]
    assert sent["value"][0] == {"name": "a.parquet", "content": None, "size": 4}
    put_buffers(sent, paths, buffers)
    assert sent["value"][1]["content"] == b"xy" and sent["value"][0]["name"] == "a.parquet"
    framed = message("comm_msg", {"comm_id": "c", "data": {"state": sent}})
    framed["buffers"] = buffers
    back = decode(encode(framed))  # Jupyter's binary frame, both ways
    assert back["buffers"] == buffers and back["content"]["comm_id"] == "c"


def test_the_browsers_binary_protocol_reads_as_the_server_reads_it() -> None:
    """Voila's page in a browser speaks v1.kernel.websocket.jupyter.org; a viewer may too
    (``protocol="v1"``): what it sends, the server's own frame check reads, and what the
    server sends in that form (Jupyter's own serializer), it reads."""
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    from explorer.serve.frames import parse

    sent = message("comm_msg", {"comm_id": "c", "data": {"method": "custom"}})
    sent["buffers"] = [b"PAR1"]
    read = parse(encode_v1(sent), v1=True)
    assert read.channel == "shell" and read.header["msg_type"] == "comm_msg"
    assert read.content == sent["content"] and list(read.buffers) == [b"PAR1"]
    parts = [b'{"msg_type": "status", "msg_id": "m"}', b'{"msg_id": "p"}', b"{}",
             b'{"execution_state": "idle"}', b"xy"]
    back = decode_v1(serialize_msg_to_ws_v1(parts, "iopub"))
    assert back["channel"] == "iopub" and back["msg_type"] == "status"
    assert back["parent_header"] == {"msg_id": "p"} and back["buffers"] == [b"xy"]
    assert back["content"] == {"execution_state": "idle"}
    with pytest.raises(ViewerError, match="protocol must be 'json' or 'v1'"):
        Viewer("http://127.0.0.1:1", protocol="v2")


def test_what_a_viewer_must_never_see_is_named() -> None:
    assert problem({"msg_type": "error", "content": {"ename": "KeyError", "evalue": "x"}})
    assert problem({"msg_type": "stream", "content": {"name": "stderr", "text": "oops"}})
    assert problem({"msg_type": "comm_info_reply", "content": {"status": "error"}})
    assert problem({"msg_type": "comm_msg", "content": {"data": {"state": {
        "value": "Traceback (most recent call last):\n  File ..."}}}})
    assert problem({"msg_type": "stream", "content": {"name": "stdout", "text": "ok"}}) is None
    assert problem({"msg_type": "comm_msg", "content": {"data": {"state": {
        "value": "<b>Step 3</b>"}}}}) is None


def _page() -> Viewer:
    """A viewer holding a page's widget states by hand: a box of a shown button, a hidden
    box with another button, a label."""
    viewer = Viewer("http://127.0.0.1:1")
    viewer.page = "test.ipynb"
    widgets = [
        Widget("root", "VBoxModel", {"children": ["IPY_MODEL_go", "IPY_MODEL_form",
                                                  "IPY_MODEL_text"]}),
        Widget("go", "ButtonModel", {"description": "Go", "_dom_classes": ["step-roll"]}),
        Widget("form", "VBoxModel", {"children": ["IPY_MODEL_hidden"],
                                     "layout": "IPY_MODEL_none"}),
        Widget("none", "LayoutModel", {"display": "none"}),
        Widget("hidden", "ButtonModel", {"description": "Go", "disabled": True}),
        Widget("text", "HTMLModel", {"value": "<div>Step <b>3</b></div>",
                                     "_dom_classes": ["status"]}),
    ]
    viewer.widgets = {w.model_id: w for w in widgets}
    viewer.roots = ["root"]
    return viewer


def test_a_viewer_finds_what_a_browser_would_show() -> None:
    viewer = _page()
    assert viewer.shown() == ["root", "go", "text"]  # page order; the hidden form left out
    assert viewer.control(model="ButtonModel", description="Go").model_id == "go"
    assert [w.model_id for w in viewer.find(description="Go", shown=False)] == ["go", "hidden"]
    assert viewer.text("status") == "Step 3"
    with pytest.raises(ViewerError, match=r"test.ipynb: 2 widgets with description='Go'"):
        viewer.control(description="Go", shown=False)
    with pytest.raises(ViewerError, match=r"0 shown widgets with css='nope'"):
        viewer.control(css="nope")


def test_the_kernels_news_keeps_the_viewers_states_current() -> None:
    viewer = _page()
    viewer._take({"msg_type": "comm_msg", "parent_header": {}, "content": {
        "comm_id": "go", "data": {"method": "update", "state": {"disabled": True},
                                  "buffer_paths": []}}})
    viewer._take({"msg_type": "comm_open", "parent_header": {}, "content": {
        "comm_id": "new", "target_name": "jupyter.widget",
        "data": {"state": {"_model_name": "ButtonModel", "description": "Roll"}}}})
    viewer._take({"msg_type": "comm_close", "parent_header": {}, "content": {
        "comm_id": "text"}})
    viewer._take({"msg_type": "stream", "parent_header": {}, "content": {
        "name": "stderr", "text": "a warning"}})
    assert viewer.widgets["go"].disabled
    assert viewer.widgets["new"].model == "ButtonModel" and "text" not in viewer.widgets
    assert viewer.problems == ["stderr: a warning"]


def test_a_viewer_that_is_not_connected_says_so() -> None:
    with pytest.raises(ViewerError, match="not connected"):
        in_a_loop_of_its_own(_page().click("go"))
