"""Who gets a page of the public server (issue 29 item 1): browsers known by a cookie the
server signs, caps per browser and per address, and a first-come-first-served line past the
server's room, with its place and expected wait."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

import pytest

from explorer.serve.admission import (
    Departures,
    ViewerTokens,
    WaitingLine,
    available_memory,
    say_wait,
)
from explorer.serve.kernels import Admission, PoolAwareKernelManager
from tests.loops import in_a_loop_of_its_own


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_viewer_token_is_valid_only_if_the_server_signed_it() -> None:
    tokens = ViewerTokens("a key")
    token = tokens.new()
    assert len(token) == 32 and tokens.valid(token)
    assert tokens.new() != token  # a fresh nonce each time
    forged = token[:16] + ("0" if token[16] != "0" else "1") + token[17:]
    for bad in (forged, "0123456789abcdef" * 2, "", None, token.upper(), token + "0",
                "../" + token[3:]):
        assert not tokens.valid(bad), bad
    assert ViewerTokens("a key").valid(token)  # another process sharing the key
    assert not ViewerTokens("another key").valid(token)
    assert not ViewerTokens().valid(token)  # a random key of its own


def test_the_line_is_first_come_first_served_and_forgets_who_stops_asking() -> None:
    clock = Clock()
    line = WaitingLine(patience=20, longest=3, per_client=2, clock=clock)
    assert line.place("a", "10.0.0.1") == 0
    assert line.place("b", "10.0.0.1") == 1
    assert line.place("c", "10.0.0.1") is None  # this address's share is full
    assert line.place("c", "10.0.0.2") == 2
    assert line.place("d", "10.0.0.3") is None  # the line is full
    assert line.place("b", "10.0.0.1") == 1  # asking again keeps the place
    assert line.ahead("c") == 2 and line.ahead("nobody") == 3
    clock.now += 15
    line.place("b", "10.0.0.1")
    line.place("c", "10.0.0.2")
    clock.now += 10  # "a" stopped asking 25 s ago: out of the line
    assert "a" not in line and line.ahead("b") == 0 and line.ahead("c") == 1
    line.leave("b")
    assert line.ahead("c") == 0 and len(line) == 1


def test_the_expected_wait_follows_how_often_places_were_freed() -> None:
    clock = Clock()
    departures = Departures(window=600, clock=clock)
    assert departures.wait(0) is None  # nothing freed yet: not known
    for _ in range(4):
        clock.now += 30
        departures.freed()
    # 4 places freed in 120 s: one every 30 s; the third in line waits about 90 s
    assert departures.wait(2) == pytest.approx(90)
    clock.now += 700  # all of them longer ago than the window
    assert departures.wait(0) is None
    assert say_wait(None).startswith("not known yet")
    assert (say_wait(45), say_wait(70), say_wait(300)) == (
        "under a minute", "about a minute", "about 5 minutes")


def test_available_memory_is_read_from_meminfo(tmp_path: Path) -> None:
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:       24000000 kB\nMemAvailable:    2097152 kB\n")
    assert available_memory(meminfo) == 2048
    meminfo.write_text("MemTotal: 1 kB\n")
    assert available_memory(meminfo) is None
    assert available_memory(tmp_path / "missing") is None


def _manager(**caps: int) -> PoolAwareKernelManager:
    return PoolAwareKernelManager(min_free_memory=0, **caps)


def _hold(manager: PoolAwareKernelManager, kernel_id: str, client: str, viewer: str) -> None:
    """A kernel handed to ``viewer`` at ``client``."""
    manager._kernels[kernel_id] = SimpleNamespace()
    manager.owners[kernel_id] = client
    manager.browsers[kernel_id] = viewer


def test_a_class_behind_one_address_each_get_a_page_and_one_browser_is_capped() -> None:
    manager = _manager(max_kernels=40, max_kernels_per_viewer=2, max_kernels_per_client=40,
                       max_starts_per_viewer=10, max_starts_per_client=60)
    school = "10.0.0.1"
    for pupil in range(30):  # thirty browsers, one address
        viewer = manager.tokens.new()
        assert manager.admit(school, viewer, now=0.0).kind == "page", pupil
        manager.count_start(school, 0.0, viewer)
        _hold(manager, f"k{pupil}", school, viewer)
    greedy = manager.tokens.new()
    for n in range(2):
        assert manager.admit(school, greedy, now=1.0).kind == "page"
        manager.count_start(school, 1.0, greedy)
        _hold(manager, f"g{n}", school, greedy)
    third = manager.admit(school, greedy, now=1.0)
    assert (third.kind, third.why) == ("full", "this browser holds 2 pages already")


def test_pages_opened_too_fast_are_told_to_wait_per_browser_and_per_address() -> None:
    manager = _manager(max_starts_per_viewer=2, max_starts_per_client=3)
    one, two = manager.tokens.new(), manager.tokens.new()
    for now in (0.0, 1.0):
        assert manager.admit("10.0.0.1", one, now).kind == "page"
        manager.count_start("10.0.0.1", now, one)
    refused = manager.admit("10.0.0.1", one, 2.0)
    assert (refused.kind, refused.wait) == ("too fast", 58.0)
    assert refused.why == "2 pages in a minute from this browser"
    assert manager.admit("10.0.0.1", two, 2.0).kind == "page"
    manager.count_start("10.0.0.1", 2.0, two)
    refused = manager.admit("10.0.0.1", two, 3.0)
    assert refused.why == "3 pages in a minute from your address"


def test_past_the_servers_room_browsers_wait_in_line_in_turn() -> None:
    manager = _manager(max_kernels=2, max_kernels_per_client=10)
    first, second, third = (manager.tokens.new() for _ in range(3))
    _hold(manager, "k1", "10.0.0.1", manager.tokens.new())
    _hold(manager, "k2", "10.0.0.2", manager.tokens.new())
    waiting = [manager.admit("10.0.0.3", viewer) for viewer in (first, second, third)]
    assert [(w.kind, w.place) for w in waiting] == [("wait", 0), ("wait", 1), ("wait", 2)]
    assert waiting[0].why == "all 2 places are taken"
    assert waiting[0].wait is None  # no place freed yet: the wait is not known
    del manager._kernels["k1"]  # a viewer left: one place free
    manager.departures.freed()
    assert manager.admit("10.0.0.3", second).kind == "wait"  # the first in line goes first
    assert manager.admit("10.0.0.3", first).kind == "page"
    _hold(manager, "k3", "10.0.0.3", first)  # its page drawn: the place is taken again
    assert manager.admit("10.0.0.3", second).place == 0
    newcomer = manager.tokens.new()
    del manager._kernels["k2"]
    # one place free, two of its address waiting before the newcomer: it does not jump the line
    assert manager.admit("10.0.0.3", newcomer).place == 2
    assert manager.admit("10.0.0.3", second).kind == "page"
    _hold(manager, "k4", "10.0.0.3", second)
    del manager._kernels["k3"]
    # one place free again; a browser of an address holding none goes before the browsers of
    # one that holds its share already (two addresses: one place each), who came first
    elsewhere = manager.tokens.new()
    assert manager.admit("10.0.0.4", elsewhere).kind == "page"
    _hold(manager, "k5", "10.0.0.4", elsewhere)
    assert manager.admit("10.0.0.3", third).place == 0


def test_low_memory_makes_browsers_wait(monkeypatch) -> None:
    import explorer.serve.kernels as kernels

    manager = _manager(max_kernels=40)
    manager.min_free_memory = 512
    monkeypatch.setattr(kernels, "available_memory", lambda: 300)
    waiting = manager.admit("10.0.0.1", manager.tokens.new())
    assert (waiting.kind, waiting.why) == ("wait", "the server's memory is nearly all in use")
    monkeypatch.setattr(kernels, "available_memory", lambda: 4096)
    # memory again: places for the one waiting and for a newcomer
    assert manager.admit("10.0.0.1", manager.tokens.new()).kind == "page"


def test_pool_refills_wait_for_a_quiet_moment_and_go_one_at_a_time() -> None:
    """A class taking a pool's kernels does not make Voila start as many again beside their
    pages: a refill waits until no page was handed out for ``refill_quiet`` seconds, and
    preheats one kernel at a time; a page that takes a refill still waiting starts it at
    once."""

    async def run() -> None:
        manager = _manager(refill_quiet=0.3, max_preheating=1)
        loop = asyncio.get_running_loop()
        started: list[str] = []
        drawn = {name: loop.create_future() for name in ("a", "b", "c")}

        async def preheat(name: str) -> dict:  # Voila's pool item: start, then draw a page
            await manager._pace_preheat(poll=0.01)
            started.append(name)
            return {"kernel_id": name, "task": drawn[name]}

        manager.count_start("10.0.0.1")  # a page was just handed out
        manager._pools = {"one.ipynb": []}
        items = {}
        for name in ("a", "b"):
            items[name] = loop.create_task(preheat(name))
            manager._pools["one.ipynb"].append(items[name])
        await asyncio.sleep(0.15)
        assert started == []  # the class is still arriving
        await asyncio.sleep(0.3)
        assert len(started) == 1  # quiet: one preheats, the other waits for it
        first = started[0]  # (either: on a loaded machine the two pollers race)
        second = "b" if first == "a" else "a"
        await asyncio.sleep(0.1)
        assert started == [first]
        items["c"] = loop.create_task(preheat("c"))
        manager._pools["one.ipynb"].append(items["c"])
        manager._pools["one.ipynb"].remove(items["c"])  # a page takes it, as Voila pops one
        await asyncio.sleep(0.05)
        assert started == [first, "c"]  # a page's kernel never waits for the pool's turn
        drawn[first].set_result(None)  # its page is drawn: the next may preheat
        await asyncio.sleep(0.05)
        assert started == [first, "c", second]
        for name in ("a", "b", "c"):
            await items[name]

    in_a_loop_of_its_own(run())


def test_a_refill_still_waiting_when_the_server_stops_starts_no_kernel() -> None:
    async def run() -> None:
        manager = _manager(refill_quiet=60)
        manager.count_start("10.0.0.1")

        async def preheat() -> str:
            await manager._pace_preheat(poll=0.01)
            return "started"

        item = asyncio.get_running_loop().create_task(preheat())
        manager._pools = {"one.ipynb": [item]}
        await asyncio.sleep(0.05)
        manager._stopping = True  # as shutdown_all sets it before Voila empties the pools
        manager._pools = {}
        with pytest.raises(RuntimeError, match="the server is stopping"):
            await item

    in_a_loop_of_its_own(run())


def test_preheating_has_no_limit_when_told_so_and_a_stuck_one_holds_back_for_a_while() -> None:
    manager = _manager(refill_quiet=0, max_preheating=0)
    assert manager.may_preheat()

    async def run() -> None:
        stuck = _manager(refill_quiet=0, max_preheating=1, preheat_timeout=60)
        item = asyncio.get_running_loop().create_future()  # never drawn
        stuck._pools = {"one.ipynb": [item]}
        stuck._preheating[item] = 100.0
        assert not stuck.may_preheat(now=150.0)
        assert stuck.may_preheat(now=161.0)  # past preheat_timeout it holds back no more
        assert item not in stuck._preheating

    in_a_loop_of_its_own(run())


def test_a_new_address_gets_the_idlest_place_of_the_address_holding_the_most() -> None:
    """Issue 46 item 1: one address holds every place; a browser of another address is told a
    place is being freed for it, the first address's page idle longest is closed (once,
    however often the browser asks meanwhile), and the browser gets the place; the first
    address's browsers then wait behind it."""
    from datetime import UTC, datetime, timedelta

    async def run() -> tuple[list[str], list[Admission]]:
        manager = _manager(max_kernels=4, max_kernels_per_client=4)
        now = datetime.now(UTC)
        for n in range(4):
            _hold(manager, f"a{n}", "10.0.0.1", manager.tokens.new())
            manager._kernels[f"a{n}"].last_activity = now - timedelta(seconds=[30, 5, 600, 60][n])
        shut: list[str] = []

        async def shutdown_kernel(kernel_id: str) -> None:
            await asyncio.sleep(0.05)
            manager.owners.pop(kernel_id)
            del manager._kernels[kernel_id]
            shut.append(kernel_id)

        manager.shutdown_kernel = shutdown_kernel
        newcomer, later = manager.tokens.new(), manager.tokens.new()
        answers = [manager.admit("10.0.0.2", newcomer), manager.admit("10.0.0.2", newcomer)]
        await asyncio.sleep(0.2)
        answers.append(manager.admit("10.0.0.2", newcomer))
        _hold(manager, "b0", "10.0.0.2", newcomer)
        answers.append(manager.admit("10.0.0.1", later))
        return shut, answers

    shut, answers = in_a_loop_of_its_own(run())
    assert shut == ["a2"]  # idle 600 s: the idlest
    assert [(a.kind, a.why) for a in answers[:2]] == [
        ("wait", "a place is being freed for you")] * 2
    assert answers[2].kind == "page"
    assert (answers[3].kind, answers[3].why) == ("wait", "all 4 places are taken")


def test_a_class_alone_keeps_every_place_and_gives_up_only_what_it_holds_above_its_share() -> None:
    manager = _manager(max_kernels=4, max_kernels_per_client=8)
    for n in range(4):
        _hold(manager, f"a{n}", "10.0.0.1", manager.tokens.new())
    # nobody else wants a place: another browser of the class waits, and no page is closed
    assert manager.admit("10.0.0.1", manager.tokens.new()).kind == "wait"
    assert manager._freeing == {}
    # two addresses: two places each; the class holding 2 gives up none
    for n in range(2):
        del manager._kernels[f"a{n}"]
    _hold(manager, "b0", "10.0.0.2", manager.tokens.new())
    _hold(manager, "b1", "10.0.0.2", manager.tokens.new())
    assert manager.share("10.0.0.3") == 1  # a third address asking: one place each
    assert manager.share("10.0.0.2") == 2


def test_short_of_descriptors_a_page_waits_and_no_kernel_is_preheated(monkeypatch) -> None:
    """Issue 46 item 2: with too few descriptors free for a kernel and its channels, a new
    page waits in line saying why and the pools preheat nothing (a refill short of them made
    libzmq abort the whole process); with enough free again, the page is drawn."""
    import explorer.serve.kernels as kernels

    manager = _manager(max_kernels=40)
    manager.last_page = -1e9  # (long quiet: a refill would be due)
    short = [True]
    monkeypatch.setattr(kernels.DESCRIPTORS, "short_for_page", lambda: short[0])
    viewer = manager.tokens.new()
    waiting = manager.admit("10.0.0.1", viewer)
    assert (waiting.kind, waiting.why) == ("wait", "the server has too many connections open")
    assert not manager.may_preheat()
    short[0] = False
    assert manager.admit("10.0.0.1", viewer).kind == "page" and manager.may_preheat()
