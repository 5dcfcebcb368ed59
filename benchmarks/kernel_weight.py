"""How heavy a play or teaching page's kernel is, before and after a change, in one run.

    .venv/bin/python benchmarks/kernel_weight.py [--before REF] [--repeat N] [--pages NAME ...]

For every play page (``notebooks/*_play.ipynb``) and teaching page (``notebooks/teach_*.ipynb``)
of two trees, this one and ``--before`` (a git ref, checked out for the run in a temporary
``git worktree``; default: the merge base of HEAD with ``main``), the page is executed as Voila
executes it: a fresh ipykernel (nbclient), started in the tree's ``notebooks/`` folder with the
tree first on ``PYTHONPATH``, runs the notebook's cells in order. A last cell then reads, in the
kernel:

- its resident memory (``VmRSS`` of ``/proc/self/status``, MiB) with the page drawn, and the
  part of it that is the kernel's own (``RssAnon``: the rest is mapped files, the libraries'
  code, which the kernels of one machine share);
- its CPU seconds (user + system, ``resource.getrusage``) from the start of the process to the
  page built: the kernel's own start-up (about 0.3 s) included, as a cold kernel costs a viewer;
- which heavy libraries it has imported (``sys.modules``).

Both trees are compiled to bytecode first (a fresh worktree would otherwise pay for it), and
the two trees' runs of a page alternate. Figures are medians of ``--repeat`` runs. A bare kernel
that only imports ipywidgets is measured too, as the floor. Issue #29's target: at most 120 MiB
and 1.5 s of CPU. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
TARGET_MIB = 120
TARGET_CPU = 1.5
HEAVY = ("altair", "vl_convert", "jsonschema", "polars", "pyarrow", "icepool", "numpy", "scipy",
         "sklearn", "joblib", "pandas", "matplotlib", "dask", "distributed")
"""The libraries worth naming when a page's kernel has imported them."""
PROBE = f"""
import json as _json, resource as _resource, sys as _sys
_usage = _resource.getrusage(_resource.RUSAGE_SELF)
with open("/proc/self/status", encoding="ascii") as _status:
    _sizes = {{line.split(":")[0]: int(line.split()[1]) for line in _status
              if line.startswith(("VmRSS:", "RssAnon:"))}}
print(_json.dumps({{"rss_mib": _sizes["VmRSS"] / 1024, "anon_mib": _sizes["RssAnon"] / 1024,
                   "cpu_s": _usage.ru_utime + _usage.ru_stime,
                   "heavy": [m for m in {HEAVY!r} if m in _sys.modules]}}))
"""
BARE = "bare kernel (ipywidgets)"


def pages(tree: Path) -> list[str]:
    """The play and teaching pages of ``tree``, by name."""
    folder = tree / "notebooks"
    names = [p.stem for p in folder.glob("*_play.ipynb")] + \
        [p.stem for p in folder.glob("teach_*.ipynb")]
    return sorted(names)


def measure(tree: Path, page: str) -> dict:
    """Run ``page`` (or the bare kernel) of ``tree`` in a fresh kernel; what the probe read."""
    if page == BARE:
        notebook = nbformat.v4.new_notebook()
        notebook.cells = [nbformat.v4.new_code_cell(
            'import ipywidgets\nipywidgets.Button(description="Ready")')]
    else:
        notebook = nbformat.read(tree / "notebooks" / f"{page}.ipynb", as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell(PROBE))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(tree), *filter(None, [os.environ.get("PYTHONPATH")])]))
    client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(tree / "notebooks")}})
    client.execute(env=env, cwd=str(tree / "notebooks"), stderr=subprocess.DEVNULL)
    outputs = notebook.cells[-1].outputs
    text = "".join(o.get("text", "") for o in outputs if o.get("output_type") == "stream")
    return json.loads(text.strip().splitlines()[-1])


@contextmanager
def worktree(ref: str):
    """A temporary detached worktree of ``ref``, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="kernel-weight-") as folder:
        path = Path(folder) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                        str(path), ref], check=True)
        try:
            yield path
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)],
                           check=False)


def merge_base() -> str:
    """The merge base of HEAD with ``main`` (HEAD itself when there is no ``main``)."""
    found = subprocess.run(["git", "-C", str(ROOT), "merge-base", "HEAD", "main"],
                           capture_output=True, text=True, check=False)
    return found.stdout.strip() if found.returncode == 0 else "HEAD"


def _median(runs: list[dict]) -> dict:
    return {"rss_mib": statistics.median(r["rss_mib"] for r in runs),
            "anon_mib": statistics.median(r["anon_mib"] for r in runs),
            "cpu_s": statistics.median(r["cpu_s"] for r in runs),
            "heavy": runs[-1]["heavy"]}


def _short(names: list[str]) -> str:
    return ", ".join(n.replace("_", "-") for n in names) or "none"


def _mark(figure: float, target: float) -> str:
    return "" if figure <= target else " ✗"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=None,
                        help="git ref to compare with (default: the merge base with main)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per figure (default 1)")
    parser.add_argument("--pages", nargs="*", default=None,
                        help="page names (e.g. rifts_play); default: every play and teaching page")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    ref = args.before or merge_base()
    label = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", ref],
                           capture_output=True, text=True, check=True).stdout.strip()
    names = [BARE, *(args.pages or pages(ROOT))]
    with worktree(ref) as before:
        for tree in (before, ROOT):
            compileall.compile_dir(tree / "explorer", quiet=1)
        results: dict[str, dict[str, list[dict]]] = {}
        for name in names:
            runs: dict[str, list[dict]] = {"before": [], "after": []}
            for _ in range(args.repeat):
                for side, tree in (("before", before), ("after", ROOT)):
                    if name == BARE or (tree / "notebooks" / f"{name}.ipynb").exists():
                        runs[side].append(measure(tree, name))
            results[name] = runs
            print(f"measured {name}", file=sys.stderr, flush=True)
    print(f"before: {ref} ({label}); after: this tree; medians of {args.repeat}; "
          f"target {TARGET_MIB} MiB and {TARGET_CPU} s (✗: over it)")
    print()
    print("| page | RSS before (MiB) | RSS after (MiB) | own after (MiB) | CPU before (s) "
          "| CPU after (s) | heavy modules before | heavy modules after |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |")
    for name, runs in results.items():
        if not runs["before"] or not runs["after"]:
            continue
        old, new = _median(runs["before"]), _median(runs["after"])
        print(f"| {name} | {old['rss_mib']:.0f} | {new['rss_mib']:.0f}"
              f"{_mark(new['rss_mib'], TARGET_MIB)} | {new['anon_mib']:.0f} "
              f"| {old['cpu_s']:.2f} | {new['cpu_s']:.2f}"
              f"{_mark(new['cpu_s'], TARGET_CPU)} | {_short(old['heavy'])} "
              f"| {_short(new['heavy'])} |")


if __name__ == "__main__":
    main()
