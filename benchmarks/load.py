"""Many viewers at once against the public Voila: pages served, errors, click-to-reply latency,
kernel memory, and the kernels left after the viewers leave and after culling (issue #15).

    .venv/bin/python benchmarks/load.py [--viewers 20] [--browsers 2] [--duration 120]
        [--think 3] [--visit 60] [--ramp 10] [--leave mixed] [--cull 30] [--json FILE]
        [--sweep 10,20,30] [--pages NAME ...] [--voila-arg ARG ...] [--url URL]

Starts the public Voila as ``make serve`` starts it (``python -m explorer.serve voila
notebooks/`` with the project's ``voila.json``) on a free port, with the kernel caps raised so
that every viewer gets in from 127.0.0.1 and with culling after ``--cull`` seconds, and waits
for the pages' preheated kernels. Then, for ``--duration`` seconds:

- ``--viewers`` simulated viewers (:class:`explorer.viewer_client.Viewer`, one websocket per
  page as JupyterHub's hubtraf does), arriving over ``--ramp`` seconds, each opening a page
  (mostly the step-through pages), clicking as a person would (the pending step's Roll, Draw or
  one of its choices; on the other pages a menu's choice), ``--think`` seconds apart on average,
  and after about ``--visit`` seconds leaving for another page;
- ``--browsers`` Debian Chromium pages (Playwright) doing the same on the step-through pages.

Then every viewer leaves: with the page's own shutdown call, as a browser does
(``--leave shutdown``), by closing its socket only (``close``: culling must take the kernel),
or half and half (``mixed``). The same applies to every page a viewer leaves during the run.

Reported: pages served, clicks, errors (a page refused, a time-out, a closed socket, an error,
``stderr`` text or a traceback reaching a viewer, a browser's page error, a traceback or error in
the server's log: must be zero), the click-to-reply latency (a simulated click: from sending it
to the kernel's idle status for it; a browser's click: to the new status line seen), median and
95th percentile, how long a page took to be served (and drawn, in Chromium), the resident
memory of the kernels (per kernel and in all, with the server's, at the peak), and how many
viewers' kernels are left a few seconds after they leave and after culling.
``--sweep 10,20,30`` runs the load at each count of viewers on one server and reports the 95th
percentile at each, and the largest count within 500 ms. ``--url`` loads a server already
running (``make serve-scaled``'s nginx, say) instead of starting one; the kernels' memory and
what is left of them after are then not read. Exit status 0; 1 if there were
errors; 2 on a bad argument.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import re
import statistics
import tempfile
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
from tqdm import tqdm

from explorer.serve import CHROMIUM_ARGS, chromium, running_voila
from explorer.viewer_client import Viewer, ViewerError, Widget

PLAY_PAGES = ("rifts_play.ipynb", "riftforce_play.ipynb", "adventurers_play.ipynb",
              "gamma_world_play.ipynb", "rat_king_play.ipynb")
"""The step-through pages: viewers step through a game on them."""
OTHER_PAGES = ("cards.ipynb", "balance.ipynb", "rifts_odds.ipynb")
"""Pages where a viewer picks from the menus."""
PLAY_WEIGHT = 3
"""How much likelier a step-through page is than another page (the class plays)."""
BROWSER_PAGES = ("rifts_play.ipynb", "riftforce_play.ipynb")
STEP_CLASSES = ("step-roll", "step-choice", "step-choices", "stepper-rematch")
"""A step-through page's controls that move the game on (the pending roll or draw, a choice, a
long list of choices and its Take, a rematch once the game is over)."""
BROWSER_STEPS = (".step-live .step-roll button, .step-live .step-choice button, "
                 ".step-live .step-take, .stepper-rematch")
"""The same controls' buttons in a browser's page."""
TARGET_P95 = 0.5
"""Seconds: the 95th percentile a count of viewers must stay within (``--sweep``)."""
NOISE = ("Unsatisfied version", "Failed to load resource", "font-awesome", "fontawesome")
"""A browser console's harmless errors (Voila's bundled JupyterLab, a CDN font)."""
LOG_PROBLEM = re.compile(r"Traceback|\bERROR\b|Uncaught exception")
"""A line of the server's log that tells of an error."""


@dataclass
class Settings:
    """One load run's settings (from the command line)."""

    viewers: int
    browsers: int
    duration: float
    think: float
    visit: float
    ramp: float
    leave: str
    cull: int
    timeout: float
    pages: tuple[str, ...]


@dataclass
class Result:
    """What one load run measured (see the module docstring)."""

    viewers: int
    browsers: int
    duration: float
    pages_served: int = 0
    clicks: int = 0
    browser_clicks: int = 0
    errors: list[str] = field(default_factory=list)
    click_seconds: list[float] = field(default_factory=list)
    browser_click_seconds: list[float] = field(default_factory=list)
    page_seconds: list[float] = field(default_factory=list)
    browser_page_seconds: list[float] = field(default_factory=list)
    kernels: list[str] = field(default_factory=list)
    closed: list[str] = field(default_factory=list)
    """The kernels of pages left without their shutdown call (culling's to take)."""
    peak_kernels: int = 0
    peak_kernel_rss: list[int] = field(default_factory=list)
    peak_total_rss: int = 0
    left_after_shutdown: int = -1
    left_after_closing: int = -1
    left_after_culling: int = -1
    culled_within: float | None = None

    def error(self, text: str) -> None:
        self.errors.append(text[:300])

    def held(self, kernel_id: str, shutdown: bool) -> None:
        """A viewer holds ``kernel_id``, to leave it with the page's shutdown call or not."""
        self.kernels.append(kernel_id)
        if not shutdown:
            self.closed.append(kernel_id)

    def summary(self) -> dict[str, Any]:
        """The figures, without the raw samples."""
        return {
            "viewers": self.viewers, "browsers": self.browsers, "duration_s": self.duration,
            "pages_served": self.pages_served, "clicks": self.clicks,
            "browser_clicks": self.browser_clicks, "errors": len(self.errors),
            "first_errors": self.errors[:10],
            "click_ms_median": _ms(_median(self.click_seconds)),
            "click_ms_p95": _ms(percentile(self.click_seconds, 0.95)),
            "browser_click_ms_median": _ms(_median(self.browser_click_seconds)),
            "browser_click_ms_p95": _ms(percentile(self.browser_click_seconds, 0.95)),
            "page_s_median": _round(_median(self.page_seconds)),
            "page_s_p95": _round(percentile(self.page_seconds, 0.95)),
            "browser_page_s_median": _round(_median(self.browser_page_seconds)),
            "kernels_handed_out": len(self.kernels),
            "peak_kernels": self.peak_kernels,
            "kernel_rss_mib_median": _mib(_median(self.peak_kernel_rss)),
            "kernel_rss_mib_max": _mib(max(self.peak_kernel_rss, default=None)),
            "total_rss_mib_peak": _mib(self.peak_total_rss),
            "kernels_left_after_shutdown_call": self.left_after_shutdown,
            "kernels_left_after_closing": self.left_after_closing,
            "kernels_left_after_culling": self.left_after_culling,
            "culled_within_s": _round(self.culled_within),
        }


def percentile(values: list[float], q: float) -> float | None:
    """The ``q`` quantile of ``values`` (nearest rank); None when there are none."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def _median(values: list[float] | list[int]) -> float | None:
    return statistics.median(values) if values else None


def _ms(seconds: float | None) -> int | None:
    return None if seconds is None else round(seconds * 1000)


def _round(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds, 2)


def _mib(size: float | None) -> int | None:
    return None if size is None else round(size / 2**20)


# ---- the server and its kernels ---------------------------------------------------------------

def server_args(settings: Settings, viewers: int) -> tuple[str, ...]:
    """The public server's options for a run: caps that let ``viewers`` (and the pages they
    leave for culling) in from one address (every viewer here is 127.0.0.1: the pages per
    address per minute are not limited either), culling after ``--cull`` seconds."""
    room = 8 * (viewers + settings.browsers) + 20
    interval = max(1, min(10, settings.cull // 5))
    return (f"--PoolAwareKernelManager.max_kernels={room}",
            f"--PoolAwareKernelManager.max_kernels_per_client={room}",
            f"--PoolAwareKernelManager.max_kernels_per_viewer={room}",
            "--PoolAwareKernelManager.max_starts_per_client=0",
            "--PoolAwareKernelManager.max_starts_per_viewer=0",
            f"--MappingKernelManager.cull_idle_timeout={settings.cull}",
            f"--MappingKernelManager.cull_interval={interval}")


def server_process(base: str) -> psutil.Process:
    """The Voila process serving ``base`` (found by its port)."""
    port = f"--port={base.rsplit(':', 1)[1]}"
    for process in psutil.process_iter(["cmdline"]):
        command = process.info["cmdline"] or []
        if "explorer.serve" in command and port in command:
            return process
    raise SystemExit(f"load.py: error: no Voila process with {port} found")


def kernel_processes(server: psutil.Process) -> dict[str, psutil.Process]:
    """The server's kernels by kernel id (the name of each one's connection file)."""
    found = {}
    for child in server.children(recursive=True):
        try:
            command = " ".join(child.cmdline())
        except psutil.Error:
            continue
        match = re.search(r"kernel-([0-9a-f-]{36})\.json", command)
        if match:
            found[match.group(1)] = child
    return found


def _rss(process: psutil.Process) -> int:
    try:
        return process.memory_info().rss
    except psutil.Error:
        return 0


async def sample_memory(server: psutil.Process, result: Result, stop: asyncio.Event) -> None:
    """Every two seconds, the resident memory of the server and its kernels; the peak (in
    all) is kept in ``result``."""
    while not stop.is_set():
        kernels = kernel_processes(server)
        sizes = {k: _rss(p) for k, p in kernels.items()}
        total = sum(sizes.values()) + _rss(server)
        if total > result.peak_total_rss:
            result.peak_total_rss, result.peak_kernels = total, len(sizes)
            result.peak_kernel_rss = [s for k, s in sizes.items() if k in result.kernels and s]
        try:
            await asyncio.wait_for(stop.wait(), 2)
        except TimeoutError:
            pass


def wait_for_pools(log: Path, pages: tuple[str, ...], timeout: float) -> None:
    """Wait until Voila says the pool of each of ``pages`` is filled (its preheated kernel has
    drawn the page), or ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    waiting = set(pages)
    while waiting and time.monotonic() < deadline:
        text = log.read_text(encoding="utf-8", errors="replace")
        waiting = {p for p in waiting if f"Kernel pool of {p} is filled" not in text}
        time.sleep(1)
    if waiting:
        print(f"load.py: warning: no preheated kernel yet for {', '.join(sorted(waiting))}")


def wait_until_quiet(server: psutil.Process, timeout: float, busy: float = 25) -> None:
    """Wait until the server and its kernels use less than ``busy`` percent of a core (every
    pool preheated, not only the pages' own), or ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        processes = [server, *server.children(recursive=True)]
        for process in processes:
            _cpu(process)  # starts each one's count
        time.sleep(2)
        if sum(_cpu(p) for p in processes) < busy:
            return
    print("load.py: warning: the server was still busy preheating when the load started")


def _cpu(process: psutil.Process) -> float:
    try:
        return process.cpu_percent(None)
    except psutil.Error:
        return 0.0


def log_problems(log: Path, start: int) -> list[str]:
    """The lines of the server's log after byte ``start`` that tell of an error or carry a
    traceback."""
    with log.open("rb") as text:
        text.seek(start)
        lines = text.read().decode("utf-8", errors="replace").splitlines()
    problems = []
    for at, line in enumerate(lines):
        if not LOG_PROBLEM.search(line):
            continue
        said = line.strip()
        if "Traceback" in line:  # the frames and the error after it, to its first unindented
            tail = list(itertools.takewhile(lambda row: row.startswith((" ", "\t")) or not row,
                                            lines[at + 1:at + 60]))
            error = lines[at + 1 + len(tail)] if at + 1 + len(tail) < len(lines) else ""
            said += " | " + " | ".join(row.strip() for row in [*tail[-4:], error] if row.strip())
        problems.append(f"server log: {said}")
    return problems


# ---- a simulated viewer -----------------------------------------------------------------------

def pick_page(rng: random.Random, pages: tuple[str, ...]) -> str:
    """A page to open: the step-through pages :data:`PLAY_WEIGHT` times likelier."""
    weights = [PLAY_WEIGHT if p in PLAY_PAGES else 1 for p in pages]
    return rng.choices(pages, weights)[0]


def next_step(viewer: Viewer, rng: random.Random) -> Widget | None:
    """What a person clicks next on a step-through page: the pending roll or draw, else one of
    the choices at random, else the Take of a long list, else a rematch."""
    for css in STEP_CLASSES:
        found = [w for w in viewer.find(css=css) if not w.disabled]
        if found:
            return rng.choice(found)
    return None


async def act(viewer: Viewer, rng: random.Random) -> list[float]:
    """One thing a person does on the page (a click, or a menu's choice); its reply times."""
    button = next_step(viewer, rng)
    if button is not None:
        return [(await viewer.click(button)).seconds]
    menus = [w for w in viewer.find(model="DropdownModel")
             if len(w.state.get("_options_labels") or ()) > 1 and not w.disabled]
    if not menus:
        return []
    menu = rng.choice(menus)
    choice = rng.randrange(len(menu.state["_options_labels"]))
    return [(await viewer.update(menu, {"index": choice})).seconds]


def leaves_with_shutdown(number: int, leave: str) -> bool:
    """Whether viewer ``number`` leaves a page with its shutdown call (``--leave``)."""
    return leave == "shutdown" or (leave == "mixed" and number % 2 == 0)


async def simulated_viewer(number: int, base: str, settings: Settings, deadline: float,
                           result: Result) -> None:
    """One simulated viewer: page after page until ``deadline``, clicking with think time."""
    rng = random.Random(number)
    await asyncio.sleep(settings.ramp * number / max(1, settings.viewers))
    while time.monotonic() < deadline:
        page = pick_page(rng, settings.pages)
        viewer = Viewer(base, timeout=settings.timeout)
        shutdown = leaves_with_shutdown(number, settings.leave)
        try:
            await visit(viewer, page, rng, settings, deadline, result, shutdown)
        except ViewerError as error:
            result.error(f"viewer {number}: {error}")
        finally:
            result.errors += [f"viewer {number} on {page}: {p}" for p in viewer.problems]
            await viewer.close(shutdown=shutdown)


async def visit(viewer: Viewer, page: str, rng: random.Random, settings: Settings,
                deadline: float, result: Result, shutdown: bool) -> None:
    """Open ``page``, then act on it with think time for about ``--visit`` seconds (to be
    left with its shutdown call or not)."""
    await viewer.open(page)
    result.pages_served += 1
    result.page_seconds.append(viewer.page_seconds)
    result.held(viewer.kernel_id, shutdown)
    leave_at = min(deadline, time.monotonic() + rng.uniform(0.5, 1.5) * settings.visit)
    while True:
        await asyncio.sleep(rng.uniform(0.5, 1.5) * settings.think)
        if time.monotonic() >= leave_at:
            return
        seconds = await act(viewer, rng)
        result.clicks += len(seconds)
        result.click_seconds += seconds


# ---- a real browser ---------------------------------------------------------------------------

async def browser_viewer(number: int, browser: Any, base: str, settings: Settings,
                         deadline: float, result: Result) -> None:
    """One Chromium tab: step-through pages one after another until ``deadline``, clicking
    the pending step with think time; page errors and console errors count as errors."""
    from playwright.async_api import Error as PlaywrightError

    rng = random.Random(1000 + number)
    context = await browser.new_context()
    try:
        while time.monotonic() < deadline:
            name = rng.choice([p for p in BROWSER_PAGES if p in settings.pages] or
                              list(BROWSER_PAGES))
            page = await context.new_page()
            page.on("pageerror", lambda e: result.error(f"browser {number}: page error: {e}"))
            page.on("console", lambda m: m.type == "error" and not any(
                n in m.text for n in NOISE) and result.error(f"browser {number}: console: "
                                                             f"{m.text}"))
            shutdown = leaves_with_shutdown(number, settings.leave)
            try:
                await browser_visit(page, base, name, rng, settings, deadline, result,
                                    shutdown)
            except (PlaywrightError, TimeoutError) as error:
                result.error(f"browser {number} on {name}: {str(error).splitlines()[0]}")
            await leave_browser_page(page, shutdown)
    finally:
        await context.close()


async def browser_visit(page: Any, base: str, name: str, rng: random.Random,
                        settings: Settings, deadline: float, result: Result,
                        shutdown: bool) -> None:
    """Open ``name`` in the browser and click the pending step until the visit is over (to be
    left with its shutdown call or not)."""
    from playwright.async_api import expect

    timeout = settings.timeout * 1000
    started = time.monotonic()
    await page.goto(f"{base}/voila/render/{name}", wait_until="commit", timeout=timeout)
    status = page.locator(".stepper-status")
    await status.wait_for(timeout=timeout)
    result.pages_served += 1
    result.browser_page_seconds.append(time.monotonic() - started)
    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', await page.content())
    if found:
        result.held(found.group(1), shutdown)
    leave_at = min(deadline, time.monotonic() + rng.uniform(0.5, 1.5) * settings.visit)
    while True:
        await asyncio.sleep(rng.uniform(0.5, 1.5) * settings.think)
        if time.monotonic() >= leave_at:
            return
        before = await status.inner_text()
        clicked = time.monotonic()
        await page.locator(BROWSER_STEPS).first.click(timeout=timeout)
        await expect(status).not_to_have_text(before, timeout=timeout)
        result.browser_clicks += 1
        result.browser_click_seconds.append(time.monotonic() - clicked)


async def leave_browser_page(page: Any, shutdown: bool) -> None:
    """Leave the page: with its shutdown call (navigating away runs the page's
    ``beforeunload``, which sends it), or closing the tab without running it (the socket
    closes; culling must take the kernel)."""
    from playwright.async_api import Error as PlaywrightError

    try:
        if shutdown:
            await page.goto("about:blank")
        await page.close(run_before_unload=False)
    except PlaywrightError:
        pass


# ---- one run ----------------------------------------------------------------------------------

async def run_load(base: str, server: psutil.Process | None, log: Path | None,
                   settings: Settings, viewers: int) -> Result:
    """``viewers`` simulated viewers and ``--browsers`` Chromium pages for ``--duration``
    seconds; then they leave and the kernels they held are counted until culled (with the
    ``server``'s process and ``log`` known: a server of this script's own)."""
    result = Result(viewers, settings.browsers, settings.duration)
    start_of_log = log.stat().st_size if log is not None else 0
    deadline = time.monotonic() + settings.duration
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample_memory(server, result, stop)) \
        if server is not None else None
    work = [simulated_viewer(i, base, settings, deadline, result) for i in range(viewers)]
    async with _browsers(settings.browsers) as browser:
        work += [browser_viewer(i, browser, base, settings, deadline, result)
                 for i in range(settings.browsers)]
        await _with_progress(asyncio.gather(*work, return_exceptions=True), settings, viewers,
                             result)
    stop.set()
    if server is not None and sampler is not None and log is not None:
        await sampler
        await count_kernels_left(server, result, settings)
        result.errors += log_problems(log, start_of_log)
    return result


async def _with_progress(work: Awaitable[list[Any]], settings: Settings, viewers: int,
                         result: Result) -> None:
    """Await ``work`` with a progress bar over the run's seconds; an exception a viewer
    raised counts as an error."""
    task = asyncio.ensure_future(work)
    with tqdm(total=round(settings.duration), desc=f"{viewers} viewers", unit="s") as bar:
        started = time.monotonic()
        while not task.done():
            await asyncio.wait([task], timeout=1)
            bar.n = min(bar.total, round(time.monotonic() - started))
            bar.set_postfix(pages=result.pages_served, clicks=result.clicks +
                            result.browser_clicks, errors=len(result.errors))
    for outcome in task.result():
        if isinstance(outcome, BaseException):
            result.error(f"a viewer failed: {type(outcome).__name__}: {outcome}")


class _browsers:
    """Chromium through Playwright when ``count`` > 0 (else nothing), closed after."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._playwright: Any = None
        self._browser: Any = None

    async def __aenter__(self) -> Any:
        if not self.count:
            return None
        from playwright.async_api import async_playwright

        self._playwright = await async_playwright().start()
        self._browser = await self._playwright.chromium.launch(
            executable_path=chromium(), args=list(CHROMIUM_ARGS))
        return self._browser

    async def __aexit__(self, *_: object) -> None:
        if self._browser is not None:
            await self._browser.close()
        if self._playwright is not None:
            await self._playwright.stop()


async def count_kernels_left(server: psutil.Process, result: Result,
                             settings: Settings) -> None:
    """The viewers' kernels still running 3 s after they left, and once culling has had its
    time (``--cull`` and two culling rounds, and a margin); how long until none was left."""
    left_at = time.monotonic()
    await asyncio.sleep(3)
    mine, closed = set(result.kernels), set(result.closed)
    running = set(kernel_processes(server))
    result.left_after_shutdown = len((mine - closed) & running)
    result.left_after_closing = len(closed & running)
    if result.left_after_shutdown:
        result.error(f"{result.left_after_shutdown} kernels of pages left with their shutdown "
                     "call still ran 3 s later")
    give_up = left_at + settings.cull + 2 * max(1, min(10, settings.cull // 5)) + 15
    while time.monotonic() < give_up:
        alive = mine & set(kernel_processes(server))
        if not alive:
            result.culled_within = time.monotonic() - left_at
            break
        await asyncio.sleep(1)
    result.left_after_culling = len(mine & set(kernel_processes(server)))
    if result.left_after_culling:
        result.error(f"{result.left_after_culling} kernels of viewers who left were not culled")


# ---- the command line -------------------------------------------------------------------------

def parse(argv: list[str] | None = None) -> tuple[argparse.Namespace, Settings]:
    """The command line, checked (``parser.error``: exit status 2 and what is wrong)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=20, help="simulated viewers")
    parser.add_argument("--browsers", type=int, default=2, help="real Chromium pages")
    parser.add_argument("--duration", type=float, default=120, help="seconds of load")
    parser.add_argument("--think", type=float, default=3, help="mean seconds between clicks")
    parser.add_argument("--visit", type=float, default=60, help="mean seconds on one page")
    parser.add_argument("--ramp", type=float, default=10,
                        help="seconds over which the viewers arrive")
    parser.add_argument("--leave", choices=("shutdown", "close", "mixed"), default="mixed",
                        help="leave a page with its shutdown call, by closing its socket "
                             "only (culling takes the kernel), or half and half")
    parser.add_argument("--cull", type=int, default=30,
                        help="seconds after which a kernel with no socket is culled")
    parser.add_argument("--timeout", type=float, default=60,
                        help="seconds a page or a click may take before it is an error")
    parser.add_argument("--sweep", type=_counts, metavar="N,N,...",
                        help="run at each of these counts of viewers; report each p95")
    parser.add_argument("--pages", nargs="+", metavar="NAME",
                        default=list(PLAY_PAGES + OTHER_PAGES),
                        help="the pages viewers open (default: the step-through pages, "
                             "the card browser, the balance reports and the Rifts odds)")
    parser.add_argument("--voila-arg", action="append", default=[], metavar="ARG",
                        help="one more option for the server (repeat for more)")
    parser.add_argument("--url", help="load a server already running there (through a "
                        "reverse proxy, say): no server is started, and the kernels' memory "
                        "and what is left of them are not read")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the figures here")
    args = parser.parse_args(argv)
    problems = _problems(args)
    if problems:
        parser.error("; ".join(problems))
    settings = Settings(args.viewers, args.browsers, args.duration, args.think, args.visit,
                        args.ramp, args.leave, args.cull, args.timeout, tuple(args.pages))
    return args, settings


def _counts(text: str) -> list[int]:
    """``--sweep``'s counts: positive whole numbers separated by commas."""
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a list of whole numbers like 10,20,30") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: every count must be at least 1")
    return counts


def _problems(args: argparse.Namespace) -> list[str]:
    """What is wrong with the arguments, each in words."""
    problems = []
    if args.viewers < 0 or args.browsers < 0 or args.viewers + args.browsers < 1:
        problems.append("--viewers and --browsers must not be negative, and at least one "
                        "viewer is needed")
    for name in ("duration", "visit", "timeout"):
        if getattr(args, name) <= 0:
            problems.append(f"--{name} must be more than 0 (got {getattr(args, name)})")
    for name in ("think", "ramp"):
        if getattr(args, name) < 0:
            problems.append(f"--{name} must not be negative (got {getattr(args, name)})")
    if args.cull < 2:
        problems.append(f"--cull must be at least 2 seconds (got {args.cull})")
    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    unknown = [p for p in args.pages if not (notebooks / p).is_file()]
    if unknown:
        problems.append(f"--pages: no such page {', '.join(unknown)} in notebooks/")
    return problems


def report(results: list[Result]) -> None:
    """Print each run's figures as a Markdown table, and a sweep's verdict."""
    rows = [r.summary() for r in results]
    labels = [("simulated viewers", "viewers"), ("Chromium pages", "browsers"),
              ("seconds of load", "duration_s"), ("pages served", "pages_served"),
              ("clicks (simulated)", "clicks"), ("clicks (Chromium)", "browser_clicks"),
              ("errors", "errors"), ("click to reply, median (ms)", "click_ms_median"),
              ("click to reply, 95th percentile (ms)", "click_ms_p95"),
              ("Chromium click to new status, median (ms)", "browser_click_ms_median"),
              ("Chromium click to new status, 95th percentile (ms)", "browser_click_ms_p95"),
              ("page served, median (s)", "page_s_median"),
              ("page served, 95th percentile (s)", "page_s_p95"),
              ("Chromium page drawn, median (s)", "browser_page_s_median"),
              ("kernels handed to viewers", "kernels_handed_out"),
              ("kernels running at the peak (pools included)", "peak_kernels"),
              ("resident memory per viewer's kernel, median (MiB)", "kernel_rss_mib_median"),
              ("resident memory per viewer's kernel, largest (MiB)", "kernel_rss_mib_max"),
              ("resident memory in all at the peak, server included (MiB)",
               "total_rss_mib_peak"),
              ("kernels of pages left with their shutdown call, running 3 s after",
               "kernels_left_after_shutdown_call"),
              ("kernels of pages left by closing the socket, running 3 s after",
               "kernels_left_after_closing"),
              ("viewers' kernels left after culling", "kernels_left_after_culling"),
              ("seconds until none was left", "culled_within_s")]
    print("| figure | " + " | ".join(f"{r['viewers']} viewers" for r in rows) + " |")
    print("| --- |" + " ---: |" * len(rows))
    for label, key in labels:
        print(f"| {label} | " + " | ".join(_cell(r[key]) for r in rows) + " |")
    for row in rows:
        for error in row["first_errors"]:
            print(f"error ({row['viewers']} viewers): {error}")
    if len(rows) > 1:
        fits = [r["viewers"] for r in rows if r["errors"] == 0 and r["click_ms_p95"] is not None
                and r["click_ms_p95"] <= TARGET_P95 * 1000]
        print(f"largest count within {TARGET_P95 * 1000:.0f} ms p95 and no errors: "
              f"{max(fits) if fits else 'none of those run'}")


def _cell(value: Any) -> str:
    return "" if value is None else f"{value:,}" if isinstance(value, int) else str(value)


def main(argv: list[str] | None = None) -> int:
    args, settings = parse(argv)
    counts = args.sweep or [settings.viewers]
    results: list[Result] = []
    if args.url:
        for count in counts:
            results.append(asyncio.run(run_load(args.url.rstrip("/"), None, None, settings,
                                                count)))
    else:
        results = serve_and_load(args, settings, counts)
    report(results)
    if args.json is not None:
        args.json.write_text(json.dumps([{**r.summary(), "samples": {
            "click_seconds": r.click_seconds, "browser_click_seconds": r.browser_click_seconds,
            "page_seconds": r.page_seconds, "browser_page_seconds": r.browser_page_seconds}}
            for r in results], indent=2), encoding="utf-8")
    return 1 if any(r.errors for r in results) else 0


def serve_and_load(args: argparse.Namespace, settings: Settings,
                   counts: list[int]) -> list[Result]:
    """Start the server, wait until it is preheated and quiet, and load it at each count."""
    results: list[Result] = []
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "voila.log"
        extra = (*server_args(settings, max(counts)), *args.voila_arg)
        with running_voila(log_path=log, extra=extra, timeout=180) as base:
            started = time.monotonic()
            server = server_process(base)
            wait_for_pools(log, settings.pages, timeout=300)
            wait_until_quiet(server, timeout=300)
            print(f"load.py: the server at {base} is ready (preheated and quiet after "
                  f"{time.monotonic() - started:.0f} s); the load starts", flush=True)
            for count in counts:
                results.append(asyncio.run(run_load(base, server, log, settings, count)))
    return results


if __name__ == "__main__":
    raise SystemExit(main())
