"""In a real browser: how fast each page is ready, how fast a click updates, how big a kernel is.

    .venv/bin/python benchmarks/browser_pages.py [--repeat 3] [--warmup 40] [--clicks 20]
        [--pages NAME ...]

Starts the project's Voila (voila.json: preheated kernels) on a free port, waits ``--warmup``
seconds for the kernel pools to fill, then in Debian's Chromium:

- for every page linked from the landing page, the time from navigation to its widgets being
  drawn (median of ``--repeat`` visits; a first visit in a fresh browser context, and a return
  visit with the browser's cache from the first), side by side with a bare notebook holding one
  button served by a stock Voila (no ``voila.json``: no preheated kernels), visited just before
  each of the page's visits; issue #11's target: every page at or below 1.0 times the bare page;
- on the Rifts step-through page, the time from a click on a step's button to the page showing
  the new step, measured in the page (the click's dispatch to the frame after the change) and
  from Playwright (median of ``--clicks``; target <= 100 ms);
- the resident memory of the kernels the project's Voila runs, read from /proc (target <= 200 MB
  per viewer).

Prints Markdown tables.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import nbformat
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from explorer.serve import CHROMIUM_ARGS, chromium, running_voila

READY = {
    "index.ipynb": ".jp-RenderedMarkdown a[href$='.ipynb']",
    "cards.ipynb": ".card-browser .cards-table tbody tr",
}
"""The element that means a page is ready; every other page: its first widget."""


BARE = "bare.ipynb"
"""The stock page: one code cell showing one button."""


def write_bare_notebook(folder: Path) -> None:
    """A bare notebook holding one button, in ``folder``."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(
        'import ipywidgets\nipywidgets.Button(description="Ready")')]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, folder / BARE)


def _ready_selector(name: str) -> str:
    if name == BARE:
        return "button.jupyter-button"
    if name in READY:
        return READY[name]
    if name.endswith("_play.ipynb"):
        return ".stepper .stepper-status-line"
    return ".jupyter-widgets.widget-box, .jupyter-widgets.widget-vbox"


def _visit(page: Page, base: str, name: str) -> float | None:
    """Seconds from navigation to the page's ready element (None: it never got ready)."""
    start = time.perf_counter()
    try:
        page.goto(f"{base}/voila/render/{name}", wait_until="commit")
        page.locator(_ready_selector(name)).first.wait_for(timeout=60_000)
    except PlaywrightError:
        return None
    return time.perf_counter() - start


def page_times(browser: Browser, base: str, bare: str, names: list[str], repeat: int,
               settle: float) -> list[tuple[str, list[float | None]]]:
    """For each page, the median seconds from navigation to ready, each beside the bare page's
    visited just before it: a first visit (a fresh browser profile, nothing cached) and a
    return visit (Voila's JavaScript in the browser's cache from an earlier visit to the page).
    Returns (page, [first, bare first, again, bare again]); None: it never got ready."""
    results = []
    for name in names:
        times: list[list[float | None]] = [[], [], [], []]
        for _ in range(repeat):
            ours, stock = browser.new_context(), browser.new_context()
            times[1].append(_visit(stock.new_page(), bare, BARE))
            times[0].append(_visit(ours.new_page(), base, name))
            time.sleep(settle)  # the pool preheats a kernel for the page again
            times[3].append(_visit(stock.new_page(), bare, BARE))
            times[2].append(_visit(ours.new_page(), base, name))
            ours.close()
            stock.close()
            time.sleep(settle)
        results.append((name, [statistics.median(t) if None not in t else None
                               for t in times]))
    return results


def _ratio(page: float | None, bare: float | None) -> str:
    return "" if page is None or not bare else f"{page / bare:.2f}"


_CLICK_PROBE = """status => {
    window.__clicked = window.__painted = window.__settled = 0;
    document.addEventListener("click", () => { window.__clicked = performance.now(); }, true);
    const watch = {subtree: true, childList: true, characterData: true, attributes: true};
    new MutationObserver(() => {
        requestAnimationFrame(() => { window.__painted = performance.now(); });
    }).observe(status, watch);
    new MutationObserver(() => {
        requestAnimationFrame(() => { window.__settled = performance.now(); });
    }).observe(document.body, watch);
}"""
"""In the page: when a click is dispatched, the next frame after the step's status text
changes, and the frame after the page's last change (anywhere: cells, chart, log)."""


def click_times(page: Page, base: str,
                clicks: int = 20) -> list[tuple[float, float, float]]:
    """For each click on the pending step's first button, seconds: in the page, from the
    click's dispatch to the status's change being painted, and to the whole page's last change
    being painted (the page then quiet for half a second); and from Playwright's click call to
    its seeing the new status."""
    page.goto(f"{base}/voila/render/rifts_play.ipynb", wait_until="commit")
    status = page.locator(".stepper-status")
    status.wait_for(timeout=120_000)
    status.evaluate(_CLICK_PROBE)
    times = []
    for _ in range(clicks):
        before = status.inner_text()
        live = page.locator(".step-live")
        button = live.locator(".step-roll button, .step-choice button").first
        start = time.perf_counter()
        button.click()
        page.wait_for_function(
            "([el, text]) => el.innerText !== text && window.__painted > window.__clicked",
            arg=[status.element_handle(), before], timeout=30_000)
        seen = time.perf_counter() - start
        page.wait_for_function("() => performance.now() - window.__settled > 500",
                               timeout=30_000)
        status_ms, settled_ms = page.evaluate(
            "() => [window.__painted - window.__clicked, window.__settled - window.__clicked]")
        times.append((status_ms / 1000, settled_ms / 1000, seen))
    return times


def _processes() -> Iterator[tuple[int, int, bytes, str]]:
    """Every process: (pid, parent pid, command line, /proc status text)."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            status = (proc / "status").read_text()
            command = (proc / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        parent = next((int(line.split()[1]) for line in status.splitlines()
                       if line.startswith("PPid:")), 0)
        yield int(proc.name), parent, command, status


def kernel_memory(base: str) -> list[int]:
    """Resident memory (bytes) of every kernel the Voila at ``base`` runs (its child
    ipykernel processes; not the stock Voila's)."""
    port = base.rsplit(":", 1)[1].encode()
    processes = list(_processes())
    voila = {pid for pid, _, command, _ in processes
             if b"voila" in command and b"--port=" + port in command}
    sizes = []
    for _, parent, command, status in processes:
        if parent in voila and b"ipykernel" in command:
            sizes += [int(line.split()[1]) * 1024 for line in status.splitlines()
                      if line.startswith("VmRSS:")]
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--warmup", type=float, default=40.0)
    parser.add_argument("--pages", nargs="*", metavar="NAME",
                        help="only these pages (e.g. rifts_play.ipynb); none: skip page times")
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--settle", type=float, default=8.0,
                        help="seconds after each visit for the page's kernel pool to refill")
    args = parser.parse_args()
    if args.repeat < 1 or args.warmup < 0 or args.clicks < 1 or args.settle < 0:
        parser.error("--repeat and --clicks must be at least 1, --warmup and --settle not "
                     "negative")
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        write_bare_notebook(folder)
        base = stack.enter_context(running_voila())
        bare = stack.enter_context(running_voila(".", cwd=folder))
        p = stack.enter_context(sync_playwright())
        time.sleep(args.warmup)
        browser = p.chromium.launch(executable_path=chromium(), args=list(CHROMIUM_ARGS))
        landing = browser.new_page()
        landing.goto(f"{base}/voila/render/index.ipynb", wait_until="load", timeout=120_000)
        names = ["index.ipynb"] + [h.rsplit("/", 1)[-1] for h in landing.eval_on_selector_all(
            "a[href$='.ipynb']", "els => els.map(e => e.href)")]
        names = list(dict.fromkeys(names))
        landing.context.close()
        if args.pages is not None:
            unknown = sorted(set(args.pages) - set(names))
            if unknown:
                parser.error(f"--pages: no such page {', '.join(unknown)}; "
                             f"the pages are {', '.join(names)}")
            names = [n for n in names if n in args.pages]
        time.sleep(5)
        print("| page | first visit | bare page | ratio | return visit | bare page | ratio |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for name, seconds in page_times(browser, base, bare, names, args.repeat, args.settle):
            shown = ["did not load" if s is None else f"{s:.2f} s" for s in seconds]
            print(f"| {name} | {shown[0]} | {shown[1]} | {_ratio(seconds[0], seconds[1])} | "
                  f"{shown[2]} | {shown[3]} | {_ratio(seconds[2], seconds[3])} |")
        page = browser.new_context().new_page()
        clicks = click_times(page, base, args.clicks)
        print()
        print(f"| rifts_play.ipynb, {len(clicks)} clicks | median | 90th percentile |")
        print("| --- | ---: | ---: |")
        for label, column in (("click to the new status painted, in the page", 0),
                              ("click to the whole page updated and painted, in the page", 1),
                              ("Playwright's click call to its seeing the new status", 2)):
            ordered = sorted(c[column] for c in clicks)
            print(f"| {label} | {statistics.median(ordered) * 1000:.0f} ms | "
                  f"{ordered[int(0.9 * (len(ordered) - 1))] * 1000:.0f} ms |")
        sizes = kernel_memory(base)
        print()
        print("| kernels running | median resident memory | largest |")
        print("| ---: | ---: | ---: |")
        if sizes:
            print(f"| {len(sizes)} | {statistics.median(sizes) / 2**20:.0f} MB | "
                  f"{max(sizes) / 2**20:.0f} MB |")
        browser.close()


if __name__ == "__main__":
    main()
