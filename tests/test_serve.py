"""The server's kernel manager: a kernel handed out of Voila's pool is not culled at once."""

from __future__ import annotations

import asyncio
import importlib
import json
from datetime import UTC, datetime, timedelta
from http.cookies import SimpleCookie
from pathlib import Path
from types import SimpleNamespace

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.httputil import HTTPHeaders

from explorer.serve import MAX_CLIENT_MESSAGE, PoolAwareKernelManager, ViewerChannels
from explorer.serve.kernels import VIEWER_COOKIE
from tests.loops import in_a_loop_of_its_own

ROOT = Path(__file__).resolve().parents[1]


def _kernel(idle_for: float) -> SimpleNamespace:
    return SimpleNamespace(execution_state="idle", kernel_name="python3",
                           kernel_spec=SimpleNamespace(metadata={}),
                           last_activity=datetime.now(UTC) - timedelta(seconds=idle_for))


def _cull(manager_class: type) -> tuple[list[str], SimpleNamespace]:
    """One culling round over a pooled kernel idle for 10 minutes and a kernel a viewer left
    10 minutes ago; returns the kernels shut down and the pooled one."""
    async def run() -> tuple[list[str], SimpleNamespace]:
        manager = manager_class(cull_idle_timeout=300, cull_interval=60)
        pooled, left = _kernel(600), _kernel(600)
        manager._kernels = {"pooled": pooled, "left": left}
        done = asyncio.get_running_loop().create_future()
        done.set_result({"kernel_id": "pooled"})
        manager._pools = {"rifts_odds.ipynb": [done]}
        shut: list[str] = []

        async def shutdown_kernel(kernel_id: str, *args: object, **kwargs: object) -> None:
            shut.append(kernel_id)

        manager.shutdown_kernel = shutdown_kernel
        await manager.cull_kernels()
        return shut, pooled
    return in_a_loop_of_its_own(run())


def test_a_pooled_kernel_is_kept_active_and_a_left_kernel_is_culled() -> None:
    shut, pooled = _cull(PoolAwareKernelManager)
    assert shut == ["left"]
    # handed out now, it has the whole idle timeout before the culler may take it
    assert datetime.now(UTC) - pooled.last_activity < timedelta(seconds=5)


def test_jupyters_own_manager_would_cull_the_pooled_kernel() -> None:
    """The case the class exists for: without it (and without Voila's check, which only
    holds while the kernel is still in the pool) the pooled kernel is idle enough to cull."""
    shut, _ = _cull(AsyncMappingKernelManager)
    assert sorted(shut) == ["left", "pooled"]


def test_voila_json_names_the_manager() -> None:
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    name = config["VoilaConfiguration"]["multi_kernel_manager_class"]
    module, _, attribute = name.rpartition(".")
    assert getattr(importlib.import_module(module), attribute) is PoolAwareKernelManager


def test_voila_json_names_the_message_filter_and_the_caps() -> None:
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    name = config["Voila"]["kernel_websocket_connection_class"]
    module, _, attribute = name.rpartition(".")
    assert getattr(importlib.import_module(module), attribute) is ViewerChannels
    assert config["Voila"]["tornado_settings"]["websocket_max_message_size"] > \
        MAX_CLIENT_MESSAGE  # a message over the filter's limit is dropped, not the socket
    assert set(config["PoolAwareKernelManager"]) == {
        "max_kernels", "max_kernels_per_viewer", "max_kernels_per_client",
        "max_starts_per_viewer", "max_starts_per_client", "min_free_memory", "queue_patience",
        "max_waiting", "cull_connected_timeout", "cull_gone_timeout",
        "cull_unconnected_timeout"}
    caps = config["PoolAwareKernelManager"]
    # a class behind one address fits: 30 pupils' pages, each browser its own few
    assert caps["max_kernels_per_client"] >= 30 and caps["max_starts_per_client"] >= 30
    assert caps["max_kernels_per_viewer"] < caps["max_kernels_per_client"]


def test_the_caps_count_kernels_handed_out_and_pages_being_drawn() -> None:
    """Pooled kernels are the server's own; a kernel handed to a viewer counts for its client
    address, and so does a page still being drawn (many GETs at once pass no cap)."""
    async def run() -> list[str | None]:
        manager = PoolAwareKernelManager(max_kernels=4, max_kernels_per_client=2)
        manager._kernels = {k: _kernel(0) for k in ("pooled", "a1", "b1")}
        done = asyncio.get_running_loop().create_future()
        done.set_result({"kernel_id": "pooled"})
        manager._pools = {"one.ipynb": [done]}
        manager.owners = {"a1": "10.0.0.1", "b1": "10.0.0.2", "gone": "10.0.0.1"}
        manager.min_free_memory = 0
        found = [manager.full_for("10.0.0.1")]  # 2 held, 1 of them a1: room
        manager.drawing["10.0.0.1"] = 1  # a1 and a page being drawn: the client's cap
        found.append(manager.full_for("10.0.0.1"))
        found.append(manager.room())  # 3 of the 4 places held: room for one
        manager.drawing["10.0.0.2"] = 1
        found.append(manager.room())  # a1, b1 and two pages: all 4 places
        return found

    found = in_a_loop_of_its_own(run())
    assert found == [None, "your address holds 2 pages already", (1, ""),
                     (0, "all 4 places are taken")]


def _connected_cull(kernels: dict[str, float], connections: dict[str, int],
                    timeout: int, prepare: object = None) -> list[str]:
    """One culling round of a PoolAwareKernelManager (``cull_connected_timeout`` ``timeout``)
    over kernels idle for the given seconds with the given sockets open, after ``prepare(manager)``
    if given; the kernels shut down."""
    async def run() -> list[str]:
        manager = PoolAwareKernelManager(cull_idle_timeout=300, cull_interval=60,
                                         cull_connected_timeout=timeout)
        manager._kernels = {k: _kernel(idle) for k, idle in kernels.items()}
        manager._kernel_connections = dict(connections)
        if prepare is not None:
            prepare(manager)
        shut: list[str] = []

        async def shutdown_kernel(kernel_id: str, *args: object, **kwargs: object) -> None:
            shut.append(kernel_id)
            manager._kernels.pop(kernel_id)

        manager.shutdown_kernel = shutdown_kernel
        await manager.cull_kernels()
        return shut

    return in_a_loop_of_its_own(run())


def test_a_kernel_with_a_socket_open_but_idle_for_long_is_culled() -> None:
    """Jupyter never culls a connected kernel (cull_connected is off, so that a viewer reading
    a page keeps it); after cull_connected_timeout of no traffic at all it goes."""
    assert _connected_cull({"reading": 600, "asleep": 2000}, {"reading": 1, "asleep": 1},
                           1800) == ["asleep"]


def test_a_busy_kernel_whose_page_is_gone_is_culled() -> None:
    """Issue 46 item 5: a kernel busy with long work (its progress keeps it active) whose
    page's last socket closed over cull_gone_timeout ago is shut down; one whose page closed
    lately, one still connected and one never connected (the other timer's) are not."""
    import time

    def prepare(manager: PoolAwareKernelManager) -> None:
        for kernel_id in ("gone", "lately", "open"):
            manager._kernel_connections[kernel_id] = 1
            manager.notify_connect(kernel_id)
            manager._kernels[kernel_id].execution_state = "busy"
        for kernel_id in ("gone", "lately"):
            manager.notify_disconnect(kernel_id)
            manager.notify_disconnect(kernel_id)
        manager.gone_since["gone"] = time.monotonic() - 200

    assert _connected_cull({"gone": 1, "lately": 1, "open": 1, "never": 1},
                           {"gone": 0, "lately": 0, "open": 0, "never": 0}, 1800,
                           prepare) == ["gone"]


def test_the_pages_upload_limits_fit_under_the_servers_message_limit() -> None:
    """An upload the page accepts must reach the kernel: each page's limit is below the
    largest message the server passes (over it the message is dropped without a word)."""
    from explorer.ui import cards, page

    assert cards.MAX_UPLOAD_BYTES < MAX_CLIENT_MESSAGE
    assert page.MAX_UPLOAD_BYTES < MAX_CLIENT_MESSAGE


def test_a_kernel_connected_to_or_handed_out_counts_its_idle_time_from_then() -> None:
    """A kernel last busy long ago (drawn in a pool) is not culled in the second its viewer
    connects: a mutant without the reset culls "late" at once."""
    def prepare(manager: PoolAwareKernelManager) -> None:
        manager.notify_connect("late")
        manager.hand_out("handed")

    assert _connected_cull({"late": 600, "handed": 600, "old": 600},
                           {"late": 0, "handed": 1, "old": 1}, 60, prepare) == ["old"]


def test_a_shut_down_kernels_open_sockets_are_closed() -> None:
    """Jupyter leaves a culled kernel's sockets open to nothing; the page would wait for ever
    instead of saying it has gone to sleep."""
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )

    closed: list[tuple[str, int]] = []

    class Connection:  # the open-socket set holds its members weakly
        def __init__(self, kernel_id: str) -> None:
            self.kernel_id = kernel_id
            self.websocket_handler = SimpleNamespace(
                close=lambda code, reason: closed.append((kernel_id, code)))

    connection = Connection

    async def run() -> None:
        manager = PoolAwareKernelManager()

        async def jupyters_shutdown(self: object, kernel_id: str, *args: object,
                                    **kwargs: object) -> None:
            return None

        original = AsyncMappingKernelManager.shutdown_kernel
        AsyncMappingKernelManager.shutdown_kernel = jupyters_shutdown
        try:
            await manager.shutdown_kernel("gone")
        finally:
            AsyncMappingKernelManager.shutdown_kernel = original

    sockets = [connection("gone"), connection("gone"), connection("kept")]
    ZMQChannelsWebsocketConnection._open_sockets.update(sockets)
    try:
        in_a_loop_of_its_own(run())
    finally:
        ZMQChannelsWebsocketConnection._open_sockets.difference_update(sockets)
    assert closed == [("gone", 1001), ("gone", 1001)]


def test_a_server_error_is_logged_in_one_line() -> None:
    """A traceback per stray request would let a visitor flood the log."""
    import logging
    import sys

    from explorer.serve import OneLineErrors

    try:
        raise ValueError("not enough values to unpack")
    except ValueError:
        record = logging.LogRecord("tornado.application", logging.ERROR, __file__, 1,
                                   "Uncaught exception GET %s", ("/voila/templates/x",),
                                   sys.exc_info())
    assert OneLineErrors().filter(record)
    text = logging.Formatter().format(record)
    assert "\n" not in text and "Traceback" not in text
    assert text.startswith("Uncaught exception GET /voila/templates/x: ValueError: not enough")
    assert "test_serve.py:" in text  # where it failed


def test_every_page_gets_the_page_script_once() -> None:
    from explorer.serve import PAGE_SCRIPT, page_handler

    handler = page_handler().__new__(page_handler())
    written: list[str] = []
    handler._write_buffer = []
    handler._scripted = False
    import tornado.web

    original = tornado.web.RequestHandler.write
    tornado.web.RequestHandler.write = lambda self, chunk: written.append(chunk)
    try:
        handler.write("<!DOCTYPE html>\n<html><head><title>x</title>")
        handler.write("<body><div>no head here: <head></div>")
    finally:
        tornado.web.RequestHandler.write = original
    assert written[0].startswith("<!DOCTYPE html>\n<html><head>" + PAGE_SCRIPT)
    assert written[1] == "<body><div>no head here: <head></div>"
    assert "%" not in PAGE_SCRIPT.replace("%;", "").replace("50%", "")  # all filled in


BROWSER = "0123456789abcdef" * 2
"""A viewer cookie's token of the right form."""


def test_a_page_being_drawn_counts_once_against_the_caps(monkeypatch) -> None:
    """A page counts from its request until its kernel is known, then its kernel counts: not
    both (one page took two of a client's places), and a pool's kernel being preheated to
    replace the one handed out counts for nobody (it filled the places of viewers)."""
    from voila.tornado.handler import TornadoVoilaHandler

    from explorer.serve import page_handler

    client = "10.0.0.1"
    held: list[tuple[int, int]] = []

    async def voilas_get(self: object, path: str | None = None) -> None:
        manager = self.settings["kernel_manager"]
        held.append((manager.held(client), manager.held()))  # waiting for its kernel
        await self.kernel_manager.get_rendered_notebook(path)
        held.append((manager.held(client), manager.held()))  # its kernel handed out

    monkeypatch.setattr(TornadoVoilaHandler, "get", voilas_get)

    async def run() -> None:
        manager = PoolAwareKernelManager(max_kernels=4, max_kernels_per_client=2,
                                         min_free_memory=0)
        browser = manager.tokens.new()  # a browser seen before: a token the server signed
        manager._kernels = {"k1": _kernel(0), "refill": _kernel(0)}
        ready = asyncio.get_running_loop().create_future()
        ready.set_result({"kernel_id": "k1"})
        preheating = asyncio.get_running_loop().create_future()  # the pool's next kernel
        manager._pools = {"one.ipynb": [ready, preheating]}

        async def get_rendered_notebook(name: str, **kwargs: object) -> tuple:
            item = manager._pools[name].pop(0)  # as Voila hands a pooled kernel out
            return None, [], (await item)["kernel_id"]

        manager.get_rendered_notebook = get_rendered_notebook
        handler_class = page_handler()
        handler = handler_class.__new__(handler_class)
        handler.application = SimpleNamespace(settings={"kernel_manager": manager})
        handler.request = SimpleNamespace(
            query="", remote_ip=client, path="/voila/render/one.ipynb", headers=HTTPHeaders(),
            cookies=SimpleCookie({VIEWER_COOKIE: browser}))
        handler._xsrf_token = b"token"  # tornado's cached token: no cookie to set here
        await handler.get("one.ipynb")
        held.append((manager.held(client), manager.held()))  # drawn: the viewer holds k1
        assert manager.browsers == {"k1": browser}  # the kernel is this browser's
        assert manager.held_by(browser) == 1
        assert manager.full_for(client) is None  # one page of two

    in_a_loop_of_its_own(run())
    assert held == [(1, 1), (1, 1), (1, 1)]


def test_a_page_whose_kernel_fails_to_start_says_the_server_is_busy(monkeypatch) -> None:
    """A kernel that fails to start (Jupyter's 60 s, a class arriving on an overloaded
    machine) before anything of the page is sent: the viewer gets a page that says so and
    tries again, status 503, not Voila's bare error 500; a missing notebook keeps its 404."""
    import tornado.web
    from voila.tornado.handler import TornadoVoilaHandler

    from explorer.serve import page_handler
    from explorer.serve.pages import BUSY_EVERY, BUSY_PAGE

    failure: list[Exception] = []

    async def voilas_get(self: object, path: str | None = None) -> None:
        raise failure[0]

    monkeypatch.setattr(TornadoVoilaHandler, "get", voilas_get)

    async def run(error: Exception) -> dict:
        failure[:] = [error]
        manager = PoolAwareKernelManager(min_free_memory=0)
        answer: dict = {"headers": {}}
        handler_class = page_handler()
        handler = handler_class.__new__(handler_class)
        handler.application = SimpleNamespace(settings={"kernel_manager": manager})
        handler.request = SimpleNamespace(
            query="", remote_ip="10.0.0.1", path="/voila/render/one.ipynb",
            headers=HTTPHeaders(), cookies=SimpleCookie({VIEWER_COOKIE: manager.tokens.new()}))
        handler._xsrf_token = b"token"
        handler._headers_written = False
        handler.set_status = lambda status: answer.update(status=status)
        handler.set_header = lambda name, value: answer["headers"].update({name: value})
        handler.finish = lambda body: answer.update(body=body)
        await handler.get("one.ipynb")
        assert manager.held() == 0  # the failed page holds no place
        return answer

    def served(error: Exception) -> dict:
        return in_a_loop_of_its_own(run(error))

    answer = served(TimeoutError("Kernel didn't respond in 60 seconds"))
    assert answer["status"] == 503
    assert answer["headers"]["Retry-After"] == str(BUSY_EVERY)
    assert answer["body"] == BUSY_PAGE.format(every=BUSY_EVERY)
    assert "Kernel" not in answer["body"]  # the viewer reads plain words, not the error
    with pytest.raises(tornado.web.HTTPError):
        served(tornado.web.HTTPError(404))


def test_an_asyncio_traceback_is_logged_in_one_line() -> None:
    """asyncio reports a failed task or callback itself, in several lines with a traceback
    ("Task exception was never retrieved", "Exception in callback ..."): one line too."""
    import io
    import logging

    from explorer.serve import one_line_errors

    out = io.StringIO()
    handler = logging.StreamHandler(out)
    logger = logging.getLogger("asyncio")
    logger.addHandler(handler)
    installed = one_line_errors()
    try:
        loop = asyncio.new_event_loop()
        try:
            for context in ({"message": "Task exception was never retrieved",
                             "future": "<Task finished name='Task-7'>"},
                            {"message": "Exception in callback Kernel.dispatch()",
                             "handle": "<Handle Kernel.dispatch()>"}):
                try:
                    raise KeyError("no such kernel\nsecond line")
                except KeyError as error:
                    loop.call_exception_handler({**context, "exception": error})
        finally:
            loop.close()
    finally:
        logger.removeHandler(handler)
        installed()
    lines = out.getvalue().splitlines()
    assert len(lines) == 2, lines
    assert lines[0].startswith("Task exception was never retrieved")
    assert lines[1].startswith("Exception in callback Kernel.dispatch()")
    assert all("KeyError" in line and "test_serve.py:" in line for line in lines)
    assert "Traceback" not in out.getvalue()


def _culling_round(kernels: dict[str, object], also_gone: tuple[str, ...] = ()
                   ) -> tuple[list[str], list[str]]:
    """One culling round of a manager holding ``kernels``: the kernels it shut down and the
    errors it logged (a shutdown also takes ``also_gone`` away: viewers leaving meanwhile)."""
    import logging

    errors: list[str] = []

    class Errors(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.ERROR:
                errors.append(record.getMessage())

    async def run() -> list[str]:
        manager = PoolAwareKernelManager(cull_idle_timeout=300, cull_interval=60)
        manager.log = logging.getLogger("test_serve.culling")
        manager.log.addHandler(Errors())
        manager._kernels = dict(kernels)
        shut: list[str] = []

        async def shutdown_kernel(kernel_id: str, *args: object, **kwargs: object) -> None:
            shut.append(kernel_id)
            manager._kernels.pop(kernel_id)
            for gone in also_gone:
                manager._kernels.pop(gone, None)

        manager.shutdown_kernel = shutdown_kernel
        await manager.cull_kernels()
        return shut

    return in_a_loop_of_its_own(run()), errors


def test_a_kernel_shut_down_during_a_culling_round_is_passed_over() -> None:
    """A viewer's page shut its kernel down while a culling round was busy with another kernel:
    Jupyter's round looked the gone kernel up all the same and logged a KeyError as a server
    error (seen under load: benchmarks/load.py)."""
    shut, errors = _culling_round({"left": _kernel(600), "viewer": _kernel(0)},
                                  also_gone=("viewer",))  # its viewer closed the page meanwhile
    assert shut == ["left"] and errors == []


def test_a_kernel_still_starting_is_passed_over_by_the_culling() -> None:
    """A culling round met a kernel registered but not started yet (no ``last_activity``):
    Jupyter read it and logged a TraitError as a server error (seen when a class's kernels
    start at once: benchmarks/class.py, benchmarks/load.py --sweep)."""
    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

    starting = ServerKernelManager()
    assert not starting.trait_has_value("last_activity")
    shut, errors = _culling_round({"starting": starting, "left": _kernel(600)})
    assert shut == ["left"] and errors == []


def test_item3_an_address_may_open_so_many_pages_a_minute() -> None:
    manager = PoolAwareKernelManager(max_starts_per_client=3)
    for now in (0.0, 10.0, 20.0):
        assert manager.start_wait("10.0.0.1", now) == 0
        manager.count_start("10.0.0.1", now)
    assert manager.start_wait("10.0.0.1", 20.0) == 40  # until the first is a minute old
    assert manager.start_wait("10.0.0.2", 20.0) == 0  # another address is not held up
    assert manager.start_wait("10.0.0.1", 60.5) == 0  # the first is forgotten
    manager.count_start("10.0.0.1", 60.5)
    assert manager.start_wait("10.0.0.1", 61.0) == 9  # until the second is
    assert manager.start_wait("10.0.0.1", 200.0) == 0
    assert manager.starts == {}  # addresses with no page in the last minute are forgotten
    unlimited = PoolAwareKernelManager(max_starts_per_client=0)
    for now in range(100):
        unlimited.count_start("10.0.0.1", float(now))
    assert unlimited.start_wait("10.0.0.1", 100.0) == 0


def test_item6_a_kernel_whose_page_never_connected_is_shut_down() -> None:
    """Of two kernels handed out with their pages sent, the one whose page opened its socket
    is kept, the other is shut down once ``cull_unconnected_timeout`` has passed."""
    async def run() -> tuple[list[str], list[str]]:
        manager = PoolAwareKernelManager(cull_unconnected_timeout=1)
        manager._kernels = {"left": _kernel(0), "seen": _kernel(0)}
        manager._kernel_connections = {"left": 0, "seen": 0}
        shut: list[str] = []

        async def shutdown_kernel(kernel_id: str, *args: object, **kwargs: object) -> None:
            shut.append(kernel_id)

        manager.shutdown_kernel = shutdown_kernel
        for kernel_id in manager._kernels:
            manager.page_sent(kernel_id)
        manager.notify_connect("seen")
        await asyncio.sleep(0.5)
        early = list(shut)
        await asyncio.sleep(1.5)
        return early, shut

    early, shut = in_a_loop_of_its_own(run())
    assert early == [] and shut == ["left"]


def test_item8_stray_paths_are_told_apart_from_the_servers_own() -> None:
    from explorer.serve.pages import stray

    for path in ("/voila/render/one.ipynb", "/voila/files/img/card.png",
                 "/voila/static/voila.js", "/voila/templates/lab/static/index.css",
                 "/api/kernels/3e790cb5-88d1-4cbe-8e7c-efb4e16c58d3/channels"):
        assert stray(path, [path.rsplit("/", 1)[-1]]) is None, path
    for path, parts in (("/voila/files/.secret.png", [".secret.png"]),
                        ("/voila/files/%2Esecret.png", [".secret.png"]),
                        ("/voila/templates/lab/static/../index.html.j2",
                         ["lab/static/../index.html.j2"]),
                        ("/voila/files/%00.png", ["\x00.png"]),
                        ("/voila/files/a%2F..%2Fb.png", ["a/../b.png"])):
        assert stray(path, parts) is not None, path
        assert stray("/voila/files/x", parts) is not None, parts  # decoded parts alone


def test_item7_a_kernel_answers_only_the_browser_it_was_handed_to() -> None:
    from explorer.serve.pages import handed_to

    manager = SimpleNamespace(browsers={"k1": BROWSER})

    def request(cookie: str | None) -> SimpleNamespace:
        return SimpleNamespace(settings={"kernel_manager": manager},
                               get_cookie=lambda name, default=None: cookie
                               if name == VIEWER_COOKIE and cookie is not None else default)

    assert handed_to(request(BROWSER), "k1")
    assert not handed_to(request("f" * 32), "k1")  # another browser's token
    assert not handed_to(request(None), "k1")  # no cookie
    assert not handed_to(request(""), "k2")  # a kernel handed to nobody: no empty match
    assert not handed_to(request(BROWSER), "k2")
    assert not handed_to(request("\u00e9" * 32), "k1")  # not ASCII: no error either


def test_refused_requests_are_logged_once_a_minute_per_address_and_status(caplog) -> None:
    """Issue 46 item 5: a flood of 404s (and 403s) from one address writes a line per status
    a minute, the next one saying how many were not written; another address has its own."""
    import logging

    from explorer.serve.limits import Once
    from explorer.serve.logs import log_request

    now = [0.0]
    once = Once(60, clock=lambda: now[0])

    def handler(status: int, ip: str) -> SimpleNamespace:
        request = SimpleNamespace(remote_ip=ip, request_time=lambda: 0.001)
        return SimpleNamespace(get_status=lambda: status, request=request,
                               _request_summary=lambda: f"GET /x ({ip})")

    caplog.set_level(logging.INFO, logger="tornado.access")
    for _ in range(500):
        log_request(handler(404, "10.0.0.1"), once)
        log_request(handler(403, "10.0.0.1"), once)
    log_request(handler(404, "10.0.0.2"), once)
    log_request(handler(200, "10.0.0.1"), once)
    now[0] = 61
    log_request(handler(404, "10.0.0.1"), once)
    lines = [r.getMessage() for r in caplog.records if r.name == "tornado.access"]
    assert [line.split(" (")[0] for line in lines] == [
        "404 GET /x", "403 GET /x", "404 GET /x", "200 GET /x", "404 GET /x"]
    assert lines[-1].endswith("(499 more like it not logged since)")
    assert [r.levelname for r in caplog.records if r.name == "tornado.access"] == [
        "WARNING", "WARNING", "WARNING", "INFO", "WARNING"]
