"""Parquet files small on disk that decode to far more than their footer says (issue 26
item 4), built with pyarrow as a crafted client would build them, from a shipped table's
first row repeated."""

from __future__ import annotations

import io

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from explorer import cards


def _rows(game: str, table: str, rows: int, column: str) -> pa.Table:
    """The shipped table's first row ``rows`` times (names made unique), without ``column``."""
    frame = pl.read_parquet(cards.data_root() / game / f"{table}.parquet")
    frame = pl.concat([frame.head(1)] * rows).with_columns(
        (pl.col("name") + pl.int_range(rows).cast(pl.String)).alias("name"))
    return frame.drop(column).to_arrow()


def _with(base: pa.Table, column: str, values: pa.Array, position: int) -> pa.Table:
    return base.add_column(position, pa.field(column, values.type), values)


def dictionary_bomb(string_bytes: int = 2**20, rows: int = 2000, game: str = "rifts",
                    table: str = "characters", column: str = "note") -> bytes:
    """``column`` holds one string of ``string_bytes`` in every row, dictionary-encoded: the
    file is a few KB, its footer declares about one copy of the string (under the footer
    check's cap), decoding makes ``rows`` copies (2 GB by default)."""
    position = pl.read_parquet_schema(cards.data_root() / game / f"{table}.parquet")
    index = list(position).index(column)
    values = pa.DictionaryArray.from_arrays(pa.array([0] * rows, pa.int32()),
                                            pa.array(["x" * string_bytes], pa.string()))
    sink = io.BytesIO()
    pq.write_table(_with(_rows(game, table, rows, column), column, values, index), sink,
                   compression="zstd", use_dictionary=[column], row_group_size=rows,
                   dictionary_pagesize_limit=64 * 2**20)
    return sink.getvalue()


def _varint(number: int) -> bytes:
    out = bytearray()
    while True:
        low, number = number & 0x7F, number >> 7
        out.append(low | (0x80 if number else 0))
        if not number:
            return bytes(out)


def footer_lie(string_bytes: int = 100_000, rows: int = 2000, game: str = "rifts",
               table: str = "characters", column: str = "note") -> bytes:
    """``column`` holds a string of ``string_bytes`` in every row, stored plain (the pages
    hold every copy: 200 MB by default, in about 24 KB), and the footer's uncompressed sizes
    (the row group's and the column chunk's) are rewritten to say 0 bytes, each as a varint
    of the same length (thrift's compact protocol reads a padded varint)."""
    position = pl.read_parquet_schema(cards.data_root() / game / f"{table}.parquet")
    index = list(position).index(column)
    values = pa.array(["y" * string_bytes] * rows, pa.string())
    sink = io.BytesIO()
    pq.write_table(_with(_rows(game, table, rows, column), column, values, index), sink,
                   compression="zstd", use_dictionary=False, row_group_size=rows)
    data = bytearray(sink.getvalue())
    group = pq.read_metadata(io.BytesIO(bytes(data))).row_group(0)
    sizes = {group.total_byte_size} | {
        group.column(i).total_uncompressed_size for i in range(group.num_columns)
        if group.column(i).path_in_schema == column}
    footer = len(data) - 8 - int.from_bytes(data[-8:-4], "little")
    for size in sizes:
        real = _varint(size * 2)  # a thrift compact i64: zigzag, then varint
        found = data.find(real, footer)
        assert found > 0, size
        data[found:found + len(real)] = bytes([0x80] * (len(real) - 1) + [0])
    return bytes(data)


def declared_bytes(content: bytes) -> int:
    """The uncompressed bytes the file's footer declares."""
    meta = pq.read_metadata(io.BytesIO(content))
    return sum(meta.row_group(i).total_byte_size for i in range(meta.num_row_groups))
