"""Charts offline: the Vega bundle is one static file the pages serve, and every chart's module
only imports it (issue #11: a 900 KB module sent and run once per chart could outlast
anywidget's 2 seconds for a widget to start on a busy machine)."""

from __future__ import annotations

import json
from pathlib import Path

import altair as alt

from explorer import ui

ROOT = Path(__file__).resolve().parents[1]


def test_every_chart_imports_the_one_served_bundle() -> None:
    ui.enable_offline_charts()
    bundle = ui._bundle_path()
    served = ui.STATIC / bundle.name
    assert served.read_bytes() == bundle.read_bytes() and len(bundle.read_bytes()) > 100_000
    esm = alt.JupyterChart(alt.Chart().mark_point())._esm
    assert len(esm) < 1000 and f'+ "{bundle.name}"' in esm
    # the public server's route first, then a plain Voila's files, and JupyterLab's
    assert '["explorer/static/", "voila/files/static/"]' in esm and '["files/static/"]' in esm


def test_the_public_server_serves_the_bundle_and_font_awesome_files_only() -> None:
    import re

    from explorer.serve.assets import BUNDLE_FILE, FONT_AWESOME_FILE, local_font_awesome

    assert BUNDLE_FILE.fullmatch(ui._bundle_path().name)
    for name in ("css/all.min.css", "css/v4-shims.min.css", "webfonts/fa-solid-900.woff2"):
        assert re.fullmatch(FONT_AWESOME_FILE, name), name
    for name in ("css/../../../../etc/passwd", "LICENSE.txt", "js/all.js", "webfonts/.x.ttf",
                 "css/all.css", "svgs/solid/play.svg"):
        assert not re.fullmatch(FONT_AWESOME_FILE, name), name
    page = ('<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/'
            'fontawesome-free@^5/css/all.min.css" type="text/css" />')
    assert local_font_awesome(page, "/") == \
        '<link rel="stylesheet" href="/explorer/fontawesome/css/all.min.css" type="text/css" />'


def test_voila_serves_the_bundle_and_nothing_else_new() -> None:
    import re

    allow = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]["file_allowlist"]
    name = ui._bundle_path().name
    assert any(re.fullmatch(p, f"static/{name}") for p in allow)
    for other in ("static/other.js", "cards.ipynb", "../explorer/serve.py", "static/x.py"):
        assert not any(re.fullmatch(p, other) for p in allow), other
