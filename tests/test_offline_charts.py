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


def test_a_page_is_sent_without_the_cdns_font_awesome() -> None:
    from explorer.serve.assets import BUNDLE_FILE, without_font_awesome_cdn

    assert BUNDLE_FILE.fullmatch(ui._bundle_path().name)
    head = ('<head>\n  <link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/'
            'fontawesome-free@^5/css/all.min.css" type="text/css" />\n  <link rel="stylesheet" '
            'href="https://cdn.jsdelivr.net/npm/font-awesome@4.5.0/css/font-awesome.min.css" '
            'type="text/css" />\n  <link rel="stylesheet" href="/voila/static/x.css">\n</head>')
    assert without_font_awesome_cdn(head) == \
        '<head>\n  <link rel="stylesheet" href="/voila/static/x.css">\n</head>'


def test_voila_serves_the_bundle_and_nothing_else_new() -> None:
    import re

    allow = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]["file_allowlist"]
    name = ui._bundle_path().name
    assert any(re.fullmatch(p, f"static/{name}") for p in allow)
    for other in ("static/other.js", "cards.ipynb", "../explorer/serve.py", "static/x.py"):
        assert not any(re.fullmatch(p, other) for p in allow), other
