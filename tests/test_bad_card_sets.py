"""Bad card sets, fuzzed (issue #15): hypothesis corrupts one table of a game's shipped set
(a column dropped, added or replaced by values of another type, a value emptied or made
unknown, a row repeated, no rows, an empty file, bytes that are not Parquet, a truncated
file), and ``load_set`` either loads a valid set or raises :class:`CardDataError` naming the
file; never another exception. An oversized file is refused from its Parquet footer before a
single row becomes a Python object."""

from __future__ import annotations

import shutil
import tempfile
import tracemalloc
from pathlib import Path

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer import cards
from explorer.errors import CardDataError
from explorer.schema import MAX_FILE_BYTES, MAX_TABLE_BYTES, TableTooBig
from explorer.ui.cards import load_upload
from tests.parquet_bombs import declared_bytes, dictionary_bomb, footer_lie

JUNK = [None, -1, 10**12, "???", True, 1.5]
"""Values of other types (and out of range) to put in a column."""
KINDS = ["drop column", "extra column", "junk column", "empty value", "unknown value",
         "repeat row", "no rows", "empty file", "not parquet", "truncated"]


def _corrupt(frame: pl.DataFrame, path: Path, draw: st.DrawFn) -> None:
    """Write ``frame`` to ``path`` with one corruption drawn."""
    kind = draw(st.sampled_from(KINDS), label="kind")
    column = draw(st.sampled_from(frame.columns), label="column")
    row = draw(st.integers(0, max(frame.height - 1, 0)), label="row")
    at_row = pl.int_range(pl.len()) == row
    if kind == "drop column":
        frame = frame.drop(column)
    elif kind == "extra column":
        frame = frame.with_columns(pl.lit(1).alias("extra_" + column))
    elif kind == "junk column":
        frame = frame.with_columns(pl.lit(draw(st.sampled_from(JUNK))).alias(column))
    elif kind == "empty value":
        frame = frame.with_columns(pl.when(at_row).then(None).otherwise(pl.col(column))
                                   .alias(column))
    elif kind == "unknown value" and not frame[column].dtype.is_nested():
        frame = frame.with_columns(pl.when(at_row).then(pl.lit("No Such Thing"))
                                   .otherwise(pl.col(column).cast(pl.String, strict=False))
                                   .alias(column))
    elif kind == "unknown value":  # a list or a table of fields: one item unknown
        frame = frame.with_columns(pl.when(at_row).then(pl.lit(["No Such Thing"]))
                                   .otherwise(None).alias(column))
    elif kind == "repeat row":
        frame = pl.concat([frame, frame.slice(row, 1)])
    elif kind == "no rows":
        frame = frame.head(0)
    if kind == "empty file":
        path.write_bytes(b"")
    elif kind == "not parquet":
        path.write_bytes(draw(st.binary(min_size=1, max_size=200), label="bytes"))
    else:
        frame.write_parquet(path)
        if kind == "truncated":
            data = path.read_bytes()
            path.write_bytes(data[:draw(st.integers(0, len(data) - 1), label="cut")])


@pytest.mark.parametrize("game", cards.games())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_corrupted_table_is_refused_by_name_or_loads_a_valid_set(game: str,
                                                                  data: st.DataObject) -> None:
    table = data.draw(st.sampled_from(cards.tables(game)), label="table")
    with tempfile.TemporaryDirectory() as folder:
        for name in cards.tables(game):
            shutil.copyfile(cards.data_root() / game / f"{name}.parquet",
                            Path(folder, f"{name}.parquet"))
        path = Path(folder, f"{table}.parquet")
        _corrupt(cards.load(game, table), path, data.draw)
        try:
            loaded = cards.load_set(game, folder)
        except CardDataError as error:
            assert error.file is not None and Path(error.file).parent == Path(folder), \
                f"the error names no file of the set: {error}"
            return
        assert set(loaded) == set(cards.tables(game))  # a valid set, whole


def _many_rows(rows: int) -> bytes:
    """A Parquet file of ``rows`` identical Rifts Characters (a few KB, compressed)."""
    row = cards.load("rifts", "characters").head(1)
    frame = pl.DataFrame({"i": pl.zeros(rows, eager=True)}).join(row, how="cross").drop("i")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "characters.parquet")
        frame.write_parquet(path)
        return path.read_bytes()


def test_an_upload_of_200000_rows_is_refused_before_any_row_is_read() -> None:
    """The probe's file of issue #15 (200,000 identical rows: 277 MiB and 7 s before the fix,
    every row a Python dict first): refused from the Parquet footer, naming the rows. Python
    allocates almost nothing for it (tracemalloc's peak; the fix's time is in the README)."""
    content = _many_rows(200_000)
    assert len(content) < MAX_FILE_BYTES  # small on disk: only the footer tells
    tracemalloc.start()
    try:
        with pytest.raises(CardDataError, match="200,000 rows, over the 2,000"):
            load_upload("rifts", [{"name": "characters.parquet", "content": content}])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * 2**20, f"{peak / 2**20:.0f} MiB of Python objects for a refused file"


def test_a_file_too_big_or_too_big_unpacked_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "characters.parquet"
    big.write_bytes(b"PAR1" + b"\0" * (MAX_FILE_BYTES + 1))
    with pytest.raises(CardDataError, match="bytes, over the"):
        cards.load("rifts", "characters", tmp_path)
    frame = cards.load("rifts", "characters").head(1).with_columns(
        pl.lit("x" * (17 * 2**20)).alias("name"))  # one name of 17 MiB: compresses to little
    frame.write_parquet(big, compression="zstd")
    assert big.stat().st_size < MAX_FILE_BYTES
    with pytest.raises(CardDataError, match="uncompressed, over the"):
        cards.load("rifts", "characters", tmp_path)


def _resident() -> tuple[int, int]:
    """This process's resident memory now and at its peak since :func:`_reset_peak`, bytes."""
    fields = dict(line.split(":", 1) for line in
                  Path("/proc/self/status").read_text().splitlines() if ":" in line)
    return tuple(int(fields[k].split()[0]) * 1024 for k in ("VmRSS", "VmHWM"))  # type: ignore


def _reset_peak() -> None:
    Path("/proc/self/clear_refs").write_text("5")  # the kernel's peak RSS starts again


def test_item4_uploads_that_decode_to_far_more_than_their_footer_says_are_refused() -> None:
    """Issue 26 item 4: a 5 KB file whose footer declares 1 MB (one 1 MiB string, dictionary-
    encoded, in 2,000 rows: 2 GB decoded), a 6 KB file declaring 15.9 MB (just under the
    footer check's cap; 30 GB decoded) and a 24 KB file whose footer says 0 bytes for 200 MB
    of plain strings: each passes the footer check, each is refused by name with a message
    in words (the 15 MiB string's 2,000 rows may stop the child on CPU time before memory),
    and this process's peak memory barely moves (they are decoded only in a child with a
    memory cap). A real table still loads."""
    bombs = {"1 MiB dictionary": dictionary_bomb(), "15 MiB dictionary":
             dictionary_bomb(15 * 2**20), "a lying footer": footer_lie()}
    for content in bombs.values():
        assert len(content) < 32_000 and declared_bytes(content) < MAX_TABLE_BYTES
    for what, content in bombs.items():
        _reset_peak()
        before, _ = _resident()
        with pytest.raises(CardDataError) as refused:
            load_upload("rifts", [{"name": "characters.parquet", "content": content}])
        _, peak = _resident()
        assert str(refused.value).startswith("characters.parquet "), what
        said = str(refused.value)  # in memory, or the time it takes (a CPU bound, too)
        assert ("unpacks to far more than a card table may hold" in said
                or "takes too long to read" in said), what
        assert "/" not in str(refused.value)
        assert peak - before < 64 * 2**20, f"{what}: {(peak - before) / 2**20:.0f} MiB"
    shipped = (cards.data_root() / "rifts" / "characters.parquet").read_bytes()
    loaded, names = load_upload("rifts", [{"name": "characters.parquet", "content": shipped}])
    assert names == ["characters.parquet"]
    assert loaded["characters"].equals(cards.load("rifts", "characters"))


def test_item4_a_table_that_decodes_past_the_cap_is_refused_when_read_directly(
        tmp_path: Path) -> None:
    """Read in this process (the command line's way: a person's own folder), the file whose
    footer lies is refused once decoded, saying how big it is."""
    (tmp_path / "characters.parquet").write_bytes(footer_lie())
    with pytest.raises(TableTooBig, match=r"unpacks to 2\d\d,\d{3},\d{3} bytes, over the"):
        cards.load("rifts", "characters", tmp_path)
