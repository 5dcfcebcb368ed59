"""Small browser-side helpers the step-through pages need and ipywidgets lacks, as anywidgets:
bring the live step into view, save a game with one click, load one without a file count.

Every message from the browser is untrusted: it is checked (kind, size) before it is used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from explorer.ui import log

MAX_UPLOAD_BYTES = 5 * 2**20
"""The largest file an :class:`UploadButton` takes (a saved game is far smaller)."""


class Scroller(anywidget.AnyWidget):
    """Invisible: when the page is drawn and each time :meth:`bring_into_view` is called, the
    browser brings the element matching ``target`` (a CSS selector, the live cell) into view
    so that its action bar is in the window, if it is not there already."""

    _esm = """
    function render({ model, el }) {
      el.style.display = "none";
      // the live step's action bar in view: nothing moves when it is; else the live cell
      // comes into view whole if it fits the window, else from its top (the bar sticks to
      // the window's bottom)
      const show = () => {
        const live = document.querySelector(model.get("target"));
        if (!live) return false;
        const bar = live.querySelector(".step-action-bar") || live;
        const height = window.innerHeight || document.documentElement.clientHeight;
        const seen = bar.getBoundingClientRect();
        if (seen.height === 0) return false;
        if (seen.top >= 0 && seen.bottom <= height) return true;
        const fits = live.getBoundingClientRect().height <= height;
        live.scrollIntoView({ block: fits ? "nearest" : "start", behavior: "instant" });
        return true;
      };
      model.on("change:ticks", () => {
        requestAnimationFrame(() => requestAnimationFrame(show));
        // again once the step's parts are drawn (they arrive after this message)
        for (const wait of [400, 1200]) setTimeout(show, wait);
      });
      // once when the page is drawn (a play page): its cells come after this one
      if (!model.get("at_start")) return;
      let tries = 0;
      const first = setInterval(() => {
        tries += 1;
        if (show() || tries > 60) clearInterval(first);
      }, 500);
    }
    export default { render };
    """
    target = traitlets.Unicode("").tag(sync=True)
    at_start = traitlets.Bool(False).tag(sync=True)
    """Also when the page is drawn (a play page; not a live example in a lesson)."""
    ticks = traitlets.Int(0).tag(sync=True)

    def bring_into_view(self) -> None:
        self.ticks += 1


class DownloadButton(anywidget.AnyWidget):
    """A button that downloads a file made when it is clicked: ``make()`` returns
    (file name, text). One click, no link to follow."""

    _esm = """
    function render({ model, el }) {
      const button = document.createElement("button");
      button.className = "jupyter-button widget-button explorer-download";
      const label = () => { button.textContent = model.get("description"); };
      label();
      model.on("change:description", label);
      button.addEventListener("click", () => model.send({ event: "click" }));
      model.on("msg:custom", (msg) => {
        if (!msg || msg.event !== "file") return;
        const blob = new Blob([msg.content], { type: msg.mime || "application/json" });
        const url = URL.createObjectURL(blob);
        const a = document.createElement("a");
        a.href = url;
        a.download = msg.filename;
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10000);
      });
      el.appendChild(button);
    }
    export default { render };
    """
    description = traitlets.Unicode("Save").tag(sync=True)

    def __init__(self, make: Callable[[], tuple[str, str]],
                 on_error: Callable[[Exception], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._make = make
        self._on_error = on_error
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") != "click":
            return
        self.click()

    def click(self) -> None:
        """What a click in the browser does: make the file and send it to be saved."""
        try:
            filename, text = self._make()
        except Exception as error:  # shown by the page, never as a traceback
            if self._on_error is None:
                log.exception("a download failed")
            else:
                self._on_error(error)
            return
        self.last = (filename, text)
        self.send({"event": "file", "filename": filename, "content": text})


class UploadButton(anywidget.AnyWidget):
    """A button that reads one text file the viewer picks and hands it to ``take(name,
    text)``; files over :data:`MAX_UPLOAD_BYTES` are refused in the browser and again here."""

    _esm = """
    function render({ model, el }) {
      const input = document.createElement("input");
      input.type = "file";
      input.accept = model.get("accept");
      input.style.display = "none";
      const button = document.createElement("button");
      button.className = "jupyter-button widget-button explorer-upload";
      button.textContent = model.get("description");
      button.addEventListener("click", () => input.click());
      input.addEventListener("change", () => {
        const file = input.files && input.files[0];
        input.value = "";
        if (!file) return;
        if (file.size > model.get("max_bytes")) {
          model.send({ event: "too big", name: file.name, size: file.size });
          return;
        }
        file.text().then((text) => model.send({ event: "file", name: file.name, text }));
      });
      el.appendChild(button);
      el.appendChild(input);
    }
    export default { render };
    """
    description = traitlets.Unicode("Load a saved game").tag(sync=True)
    accept = traitlets.Unicode(".json").tag(sync=True)
    max_bytes = traitlets.Int(MAX_UPLOAD_BYTES).tag(sync=True)

    def __init__(self, take: Callable[[str, str], None],
                 refuse: Callable[[str], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._take = take
        self._refuse = refuse
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        name = content.get("name")
        name = name if isinstance(name, str) else "the file"
        if content.get("event") == "too big":
            self._refuse(f"{name} is too large for a saved game (the limit is "
                         f"{MAX_UPLOAD_BYTES // 2**20} MB)")
            return
        text = content.get("text")
        if content.get("event") != "file" or not isinstance(text, str):
            return
        if len(text.encode("utf-8", "surrogatepass")) > MAX_UPLOAD_BYTES:
            self._refuse(f"{name} is too large for a saved game (the limit is "
                         f"{MAX_UPLOAD_BYTES // 2**20} MB)")
            return
        self.upload(name, text)

    def upload(self, name: str, text: str) -> None:
        """What a file picked in the browser does (tests call it directly)."""
        self._take(name, text)
