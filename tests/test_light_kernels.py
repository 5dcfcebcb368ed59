"""A page's kernel imports what the page needs when it needs it (issue 29, item 2).

Each page is built in a fresh Python, as its kernel builds it, and ``sys.modules`` is read
afterwards: no chart library before a chart, no Arrow, no scikit-learn, no Dask. The footer
reader that replaced pyarrow's is checked against pyarrow on every shipped table, the crafted
files of :mod:`tests.parquet_bombs`, and damaged footers.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from explorer import cards
from explorer.errors import CardDataError
from explorer.parquet_meta import MAX_ELEMENTS, FooterError, parse, read_footer
from tests import parquet_bombs

ROOT = Path(__file__).resolve().parents[1]
NEVER = ("altair", "vl_convert", "jsonschema", "pyarrow", "sklearn", "joblib", "dask",
         "distributed", "pandas", "scipy")
"""What no play or teaching page's kernel imports to draw the page."""
MAX_RESIDENT_MIB = 120
"""Issue 29's bound for a page's kernel; a bare Python with the page built is well under it
(about 90 MiB; 185 MiB before, with Altair and Arrow imported)."""

_REPORT = f"""
import json, sys
with open("/proc/self/status", encoding="ascii") as status:
    rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024
print("REPORT " + json.dumps({{"loaded": sorted(m for m in {NEVER!r} if m in sys.modules),
                              "rss_mib": rss}}))
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
    assert drawn["rss_mib"] <= MAX_RESIDENT_MIB, f"{drawn['rss_mib']:.0f} MiB resident"
    assert "altair" in charted["loaded"]  # the chart did import it: the check above can fail
    assert "vl_convert" not in charted["loaded"]  # the Vega bundle is built in its own process


def test_a_teaching_page_imports_no_chart_library() -> None:
    source = (ROOT / "notebooks" / "teach_rifts.py").read_text(encoding="utf-8")
    drawn, = _run(f"exec(compile({source!r}, 'teach_rifts.py', 'exec'))\n{_REPORT}",
                  cwd=ROOT / "notebooks")
    assert drawn["loaded"] == [], f"the page drawn has imported {drawn['loaded']}"
    assert drawn["rss_mib"] <= MAX_RESIDENT_MIB, f"{drawn['rss_mib']:.0f} MiB resident"


def _pyarrow(data: bytes) -> tuple[int, tuple[int, ...]]:
    meta = pq.read_metadata(io.BytesIO(data))
    return meta.num_rows, tuple(meta.row_group(i).total_byte_size
                                for i in range(meta.num_row_groups))


def _shipped() -> list[Path]:
    return sorted(cards.data_root().rglob("*.parquet"))


def test_the_footer_reader_reads_what_pyarrow_reads() -> None:
    files = [path.read_bytes() for path in _shipped()]
    files += [parquet_bombs.dictionary_bomb(), parquet_bombs.footer_lie()]
    assert len(files) > 50
    for data in files:
        footer = parse(data)
        assert (footer.num_rows, footer.row_group_bytes) == _pyarrow(data)
    assert read_footer(_shipped()[0]) == parse(files[0])


def test_a_damaged_footer_raises_only_its_own_error() -> None:
    rng = random.Random(29)
    files = [path.read_bytes() for path in _shipped()]
    refused = 0
    for _ in range(3000):
        data = bytearray(rng.choice(files))
        length = int.from_bytes(data[-8:-4], "little")
        for _ in range(rng.randint(1, 6)):
            data[rng.randrange(len(data) - 8 - length, len(data) - 8)] = rng.randrange(256)
        try:
            parse(bytes(data))
        except FooterError:
            refused += 1
    assert refused > 500  # the damage was seen, and nothing else was raised
    for data in (b"", b"PAR1", b"not parquet at all", b"PAR1\xff\xff\xff\xffPAR1",
                 b"PAR1" + b"\x19\xfc\xff\xff\xff\x0f" + b"\x06\x00\x00\x00PAR1"):
        with pytest.raises(FooterError):
            parse(data)


def test_a_footer_with_a_huge_list_is_refused_at_once() -> None:
    count = MAX_ELEMENTS + 1  # field 2 (the schema): a list of that many empty structs
    body = bytes([0x29, 0xFC]) + parquet_bombs._varint(count) + b"\0" * count + b"\0"
    with pytest.raises(FooterError, match="over 1,000,000 elements"):
        parse(b"PAR1" + body + len(body).to_bytes(4, "little") + b"PAR1")


def test_a_file_that_is_not_parquet_is_refused_as_before(tmp_path: Path) -> None:
    (tmp_path / "characters.parquet").write_bytes(b"this is not a parquet file")
    with pytest.raises(CardDataError, match="cannot be read as Parquet"):
        cards.load("rifts", "characters", tmp_path)
