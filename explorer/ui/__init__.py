"""ipywidgets views over the package's models; notebooks display them in a cell or two.

Views are composed ``widgets.VBox`` subclasses, returned (not displayed). Every callback runs
through :class:`MessageArea.guard`, so an error reaches the viewer as a plain message and never
as a traceback (a hosted Voila page is public).
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import html
import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import ipywidgets as widgets
from ipywidgets.widgets import widget as widget_module

from explorer.errors import ExplorerError, StaleControl
from explorer.ui import guard, lean

guard.install()  # every widget of this kernel checks what a client writes (explorer.ui.guard)
lean.install()  # a kernel's first chart without jsonschema's unused IRI grammar (explorer.ui.lean)
log = logging.getLogger("explorer.ui")
F = TypeVar("F", bound=Callable[..., Any])


class MessageArea(widgets.HTML):
    """A line of text for errors and notices, shown to the viewer in place of tracebacks."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("explorer-message")

    def show(self, text: str, kind: str = "info") -> None:
        """Show ``text`` (escaped) as ``info``, ``warning`` or ``error``."""
        colours = {"info": "#1d4ed8", "warning": "#b45309", "error": "#b91c1c"}
        self.value = (f'<div class="explorer-message-{kind}" style="color:{colours[kind]}">'
                      f"{html.escape(text)}</div>")

    def clear(self) -> None:
        """Remove any message."""
        self.value = ""

    def guard(self, callback: F) -> F:
        """Wrap a widget callback: clear the message, run, and show any error as text.

        Errors of the package (bad data, refused input) show their own message; anything else
        is logged for the operator and shown as a short apology.
        """
        return guarded(callback, clear=self.clear, say=self.show,
                       apology="Something went wrong here; the page is unchanged. "
                               "Please reload the page if it persists.")


def guarded(callback: F, *, clear: Callable[[], None], say: Callable[[str, str], None],
            apology: str, refuse: Callable[[str], None] | None = None) -> F:
    """Wrap a widget callback so that no error escapes it (the one guard of every view).

    ``clear()`` runs first; an error of the package (bad data, refused input) or a
    ``ValueError`` is said in its own words with ``say(text, "error")``, and anything else
    is logged for the operator and said as ``apology``. With ``refuse``, a control of an
    earlier step (:class:`~explorer.errors.StaleControl`) is passed its message instead.
    """

    @functools.wraps(callback)
    def run(*args: Any, **kwargs: Any) -> Any:
        clear()
        try:
            return callback(*args, **kwargs)
        except StaleControl as error:
            (refuse or (lambda text: say(text, "error")))(str(error))
        except (ExplorerError, ValueError) as error:
            say(str(error), "error")
        except Exception:
            log.exception("unexpected error in %s", callback.__qualname__)
            say(apology, "error")
        return None

    return run  # type: ignore[return-value]


def _subtree_size(root: widgets.Widget, target: widgets.Widget) -> int | None:
    """How many widgets lie under ``root`` if ``target`` is one of them (or is ``root``),
    else None."""
    seen, stack, found = 0, [root], False
    while stack:
        widget = stack.pop()
        seen += 1
        found = found or widget is target
        stack.extend(c for c in getattr(widget, "children", ()) if isinstance(c, widgets.Widget))
    return seen if found else None


def message_area_of(widget: widgets.Widget) -> MessageArea | None:
    """The message line of the innermost view (a box with a ``message`` :class:`MessageArea`)
    that holds ``widget``; else the kernel's only message line, if it has just one."""
    best: tuple[int, MessageArea] | None = None
    areas = []
    for view in list(widget_module._instances.values()):  # every live widget of the kernel
        area = getattr(view, "message", None)
        if not isinstance(area, MessageArea) or not isinstance(view, widgets.Box):
            continue
        areas.append(area)
        size = _subtree_size(view, widget)
        if size is not None and (best is None or size < best[0]):
            best = (size, area)
    if best is not None:
        return best[1]
    return areas[0] if len(areas) == 1 else None


def _tell_viewer(widget: widgets.Widget, why: str) -> None:
    """A client's update was refused (:mod:`explorer.ui.guard`): say so in its view."""
    area = message_area_of(widget)
    if area is not None:
        area.show(f"Your last change was not taken ({why}); the page is unchanged.",
                  "warning")


guard.listeners.append(_tell_viewer)


_BUNDLE_SCRIPT = """
import sys, altair as alt
alt.JupyterChart.enable_offline()
open(sys.argv[1], "w", encoding="utf-8").write(alt.JupyterChart._esm)
"""


def _bundle_path() -> Path:
    """Where the Vega bundle of this Altair and Python is built (and the public server
    serves it from: :mod:`explorer.serve.assets`)."""
    import altair as alt

    from explorer.cache import cache_folder

    key = hashlib.sha256(f"{alt.__version__} {sys.version}".encode()).hexdigest()[:12]
    return cache_folder() / f"jupyterchart-offline-{key}.js"


def enable_offline_charts() -> None:
    """Draw Altair's JupyterCharts from a local Vega bundle: no CDN, so charts work offline.

    The bundle is what ``alt.JupyterChart.enable_offline()`` builds with vl-convert, made once
    in a separate process and cached on disk, so a viewer's kernel never loads vl-convert's
    JavaScript runtime (about 100 MB of memory per kernel).

    The bundle (about 900 KB) is served as one static file from the pages' folder
    (``notebooks/static/``, see :func:`served_bundle`), and each chart's module is a few lines
    that import it by URL: the browser fetches and runs it once for every chart of the page,
    from its cache on later visits. Shipped inline in every chart instead, each chart sent the
    900 KB through the kernel's socket and ran it anew, and on a busy machine a chart could take
    longer than the 2 seconds anywidget gives a widget to start ("[anywidget] Failed to
    initialize model", then "model not found" on the page).
    """
    import altair as alt

    if getattr(alt.JupyterChart, "_is_offline", False):
        return
    path = _bundle_path()
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        with (path.parent / "build.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # kernels starting together build it once
            if not path.exists():
                partial = path.with_suffix(f".{os.getpid()}.tmp")
                subprocess.run([sys.executable, "-c", _BUNDLE_SCRIPT, str(partial)],
                               check=True, timeout=300)
                partial.replace(path)
    served = served_bundle(path)
    alt.JupyterChart._esm = loader(served.name) if served is not None else \
        path.read_text(encoding="utf-8")
    alt.JupyterChart._is_offline = True


STATIC = Path(__file__).resolve().parents[2] / "notebooks" / "static"
"""Where the pages' static files live: Voila serves them at ``/voila/files/static/`` (the
pattern in voila.json's ``file_allowlist``), JupyterLab at ``/files/static/``."""


def served_bundle(path: Path) -> Path | None:
    """The Vega bundle copied into :data:`STATIC` under its own name (content-keyed, so a
    browser's cached copy is never stale); None when the pages' folder is not there (an
    installed package) or cannot be written."""
    if not STATIC.parent.is_dir():
        return None
    target = STATIC / path.name
    try:
        if not target.exists() or target.stat().st_size != path.stat().st_size:
            STATIC.mkdir(exist_ok=True)
            partial = target.with_suffix(f".{os.getpid()}.tmp")
            shutil.copyfile(path, partial)
            partial.replace(target)
    except OSError:
        log.warning("cannot write %s: charts carry the Vega bundle inline", target)
        return None
    return target


def loader(name: str) -> str:
    """A chart module that imports the Vega bundle ``<name>`` by URL: under Voila from the
    public server's own route (``<base>explorer/static/``, :mod:`explorer.serve.assets`, which
    serves it wherever the package is installed), else from the pages' folder
    (``<base>voila/files/static/``, a plain Voila; ``<base>files/static/`` under JupyterLab; the
    base URL from the page's Jupyter configuration)."""
    return f"""
const node = document.getElementById("jupyter-config-data");
const config = node ? JSON.parse(node.textContent || "{{}}") : {{}};
const base = new URL(config.baseUrl || "/", window.location.origin);
const places = window.location.pathname.includes("/voila/") ?
  ["explorer/static/", "voila/files/static/"] : ["files/static/"];
let bundle = null, failure = null;
for (const place of places) {{
  try {{ bundle = await import(new URL(place + "{name}", base).href); break; }}
  catch (error) {{ failure = error; }}
}}
if (bundle === null) throw failure;
export default bundle.default;
"""
