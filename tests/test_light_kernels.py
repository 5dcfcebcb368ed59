"""A page's kernel imports what the page needs when it needs it (issue 29, item 2).

Each page is built in a fresh Python, as its kernel builds it, and ``sys.modules`` is read
afterwards: no chart library before a chart, no Arrow, no scikit-learn, no Dask (the memory
that saves is measured by ``benchmarks/kernel_weight.py``). The shipped
card tables are read without their Parquet footer being checked (pyarrow reads it, for an
uploaded table only).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from explorer import cards
from explorer.errors import CardDataError

ROOT = Path(__file__).resolve().parents[1]
NEVER = ("altair", "vl_convert", "jsonschema", "pyarrow", "sklearn", "joblib", "dask",
         "distributed", "pandas", "scipy")
"""What no play or teaching page's kernel imports to draw the page."""
# (the kernels' memory, issue 29's 120 MiB, is measured by benchmarks/kernel_weight.py, not
# bounded here: a process's resident size varies by several MiB from one run to the next)
_REPORT = f"""
import json, sys
print("REPORT " + json.dumps({{"loaded": sorted(m for m in {NEVER!r} if m in sys.modules)}}))
"""


def _run(code: str, cwd: Path = ROOT) -> list[dict]:
    """Run ``code`` in a fresh Python; every report it printed (:data:`_REPORT`)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line[len("REPORT "):]) for line in done.stdout.splitlines()
            if line.startswith("REPORT ")]


def test_a_play_page_imports_altair_only_at_its_first_chart() -> None:
    drawn, charted = _run(f"""
import sys
from explorer.ui.stepper import Stepper
from explorer.ui.session import CELLS

play = Stepper("rifts", players=2, seed=7)  # notebooks/rifts_play.py, every cell drawn
cells = [play.cell(name) for name in CELLS["rifts"]]
{_REPORT}
for _ in range(200):  # on to the first roll the page charts (the first player's 1D20)
    if play.session.view().kind == "chance":
        play.roll()
    else:
        play.session.act(0)
        play.refresh()
    if any(cell._chart is not None for cell in cells):
        break
else:
    raise AssertionError("no chart drawn in 200 steps")
{_REPORT}
""")
    assert drawn["loaded"] == [], f"the page drawn has imported {drawn['loaded']}"
    assert "altair" in charted["loaded"]  # the chart did import it: the check above can fail
    assert "vl_convert" not in charted["loaded"]  # the Vega bundle is built in its own process


def test_a_teaching_page_imports_no_chart_library() -> None:
    source = (ROOT / "notebooks" / "teach_rifts.py").read_text(encoding="utf-8")
    drawn, = _run(f"exec(compile({source!r}, 'teach_rifts.py', 'exec'))\n{_REPORT}",
                  cwd=ROOT / "notebooks")
    assert drawn["loaded"] == [], f"the page drawn has imported {drawn['loaded']}"


def test_an_uploaded_table_still_has_its_footer_read_first(tmp_path: Path) -> None:
    """The shipped tables skip the footer check (no Arrow in a page's kernel); a table from
    any other folder (an upload) is still refused by its footer before a row is read."""
    (tmp_path / "characters.parquet").write_bytes(b"this is not a parquet file")
    with pytest.raises(CardDataError, match="cannot be read as Parquet"):
        cards.load("rifts", "characters", tmp_path)
    checked = _run(f"""
import sys
from explorer import cards
cards.load("rifts", "characters")
shipped = "pyarrow" in sys.modules
try:
    cards.load("rifts", "characters", {str(tmp_path)!r})
except Exception:
    pass
print("REPORT " + __import__("json").dumps({{"loaded": [shipped, "pyarrow" in sys.modules]}}))
""")
    assert checked[0]["loaded"] == [False, True]  # Arrow only for the upload's footer


def test_a_first_chart_skips_jsonschemas_iri_grammar_and_nothing_else() -> None:
    """jsonschema (under altair) would import rfc3987_syntax, compiling 39 grammars (1.2 s of
    CPU in each kernel's first chart) for an "iri" format check nothing here makes: with the
    package's views loaded it goes without; anyone else still gets the package."""
    report, = _run("""
import json, sys
import explorer.ui
import altair as alt
import jsonschema
chart = alt.Chart(alt.Data(values=[{"a": 1}])).mark_bar().encode(x="a:Q")
chart.to_dict()  # validated against Vega-Lite's schema, as every chart is
skipped = "rfc3987_syntax" not in sys.modules and "iri" not in jsonschema.FormatChecker.checkers
import rfc3987_syntax
print("REPORT " + json.dumps({"skipped": skipped, "others": rfc3987_syntax.__name__}))
""")
    assert report == {"skipped": True, "others": "rfc3987_syntax"}
    plain, = _run("""
import json, sys
import jsonschema
print("REPORT " + json.dumps({"loaded": "rfc3987_syntax" in sys.modules}))
""")
    assert plain == {"loaded": True}  # without the package's views, jsonschema loads it
    # (Jupyter's event schemas install the package: if it ever goes, explorer.ui.lean can go)
