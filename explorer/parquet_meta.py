"""A Parquet file's row count and row groups' sizes, read from its footer in pure Python.

:func:`explorer.schema.check_parquet_size` refuses a table by these figures before any row is
decoded. They were read with pyarrow, whose import alone is about 40 MiB resident (Arrow and
NumPy) in every page's kernel that reads a card table; this reader needs nothing beyond the
standard library. It reads what pyarrow's ``read_metadata`` gives as ``num_rows`` and each
``row_group(i).total_byte_size``: fields 3 and 4 of the footer's ``FileMetaData`` and field 2
of each ``RowGroup`` (Apache Parquet's ``parquet.thrift``), encoded with Thrift's compact
protocol; every other field is skipped by its type.

A footer is untrusted input: every length is checked against the bytes left, nesting is
bounded, and anything malformed raises :class:`FooterError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

MAGIC = b"PAR1"
MAX_DEPTH = 32
"""The deepest nesting of structs, lists and maps a footer may have (Parquet's own is 6)."""
MAX_ELEMENTS = 1_000_000
"""The most elements a list, set or map of a footer may hold (pyarrow's default
``thrift_container_size_limit``)."""

_STOP, _TRUE, _FALSE, _I8, _I16, _I32, _I64, _DOUBLE, _BINARY, _LIST, _SET, _MAP, _STRUCT = \
    range(13)
_UUID = 13
_FIXED = {_TRUE: 0, _FALSE: 0, _I8: 1, _DOUBLE: 8, _UUID: 16}
"""Bytes of a field of a fixed-width type (a boolean field's value is in its type)."""
_IN_LIST = {_TRUE: 1, _FALSE: 1, _I8: 1, _DOUBLE: 8, _UUID: 16}
"""Bytes of a list element of a fixed-width type (a boolean element is one byte)."""
_VARINT = (_I16, _I32, _I64)


class FooterError(ValueError):
    """The file is not Parquet, or its footer is malformed."""


@dataclass(frozen=True)
class Footer:
    """What a Parquet footer declares: the rows, and each row group's uncompressed bytes."""

    num_rows: int
    row_group_bytes: tuple[int, ...]


def _varints(count: int) -> re.Pattern[bytes]:
    return re.compile(rb"(?:[\x80-\xff]{0,9}[\x00-\x7f])" + b"{%d}" % count, re.DOTALL)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise FooterError("the footer ends early")
        value = self.data[self.at]
        self.at += 1
        return value

    def skip(self, count: int) -> None:
        if count < 0 or self.at + count > len(self.data):
            raise FooterError("the footer ends early")
        self.at += count

    def varint(self) -> int:
        value = shift = 0
        for _ in range(10):
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
        raise FooterError("a number of the footer is too long")

    def zigzag(self) -> int:
        value = self.varint()
        return (value >> 1) ^ -(value & 1)

    def size(self, count: int) -> int:
        """A collection's element count, refused when the bytes left cannot hold it."""
        if count > len(self.data) - self.at:
            raise FooterError("a list of the footer is longer than the footer")
        if count > MAX_ELEMENTS:
            raise FooterError(f"a list of the footer holds over {MAX_ELEMENTS:,} elements")
        return count

    def skip_varints(self, count: int) -> None:
        if count:
            found = _varints(count).match(self.data, self.at)
            if found is None:
                raise FooterError("the footer ends early")
            self.at = found.end()

    def fields(self):
        """Each field of a struct as (id, type), up to its stop byte."""
        last = 0
        while True:
            header = self.byte()
            kind = header & 0x0F
            if kind == _STOP:
                if header:
                    raise FooterError("a field of the footer has no type")
                return
            delta = header >> 4
            last = last + delta if delta else self.zigzag()
            yield last, kind

    def integer(self, kind: int) -> int:
        if kind not in _VARINT:
            raise FooterError("a number of the footer has the wrong type")
        return self.zigzag()

    def list_header(self) -> tuple[int, int]:
        header = self.byte()
        count = header >> 4
        if count == 15:
            count = self.varint()
        return self.size(count), header & 0x0F

    def skip_value(self, kind: int, depth: int, *, element: bool = False) -> None:
        if depth > MAX_DEPTH:
            raise FooterError("the footer is nested too deeply")
        if kind in _FIXED:
            self.skip(_IN_LIST[kind] if element else _FIXED[kind])
        elif kind in _VARINT:
            self.varint()
        elif kind == _BINARY:
            self.skip(self.varint())
        elif kind in (_LIST, _SET):
            count, inner = self.list_header()
            self.skip_elements(count, inner, depth + 1)
        elif kind == _MAP:
            count = self.size(self.varint())
            if count:
                types = self.byte()
                for _ in range(count):
                    self.skip_value(types >> 4, depth + 1, element=True)
                    self.skip_value(types & 0x0F, depth + 1, element=True)
        elif kind == _STRUCT:
            for _, inner in self.fields():
                self.skip_value(inner, depth + 1)
        else:
            raise FooterError(f"the footer holds a value of unknown type {kind}")

    def skip_elements(self, count: int, kind: int, depth: int) -> None:
        if kind in _IN_LIST:
            self.skip(count * _IN_LIST[kind])
        elif kind in _VARINT:
            self.skip_varints(count)
        else:
            for _ in range(count):
                self.skip_value(kind, depth, element=True)


def parse(data: bytes) -> Footer:
    """The :class:`Footer` of a whole Parquet file's bytes."""
    if len(data) < 12 or data[-4:] != MAGIC:
        raise FooterError("the file must end with PAR1")
    length = int.from_bytes(data[-8:-4], "little")
    if length > len(data) - 8:
        raise FooterError("the footer is longer than the file")
    reader = _Reader(data[len(data) - 8 - length:-8])
    rows: int | None = None
    groups: list[int] | None = None
    for field, kind in reader.fields():
        if field == 3:
            rows = reader.integer(kind)
        elif field == 4 and kind == _LIST:
            count, inner = reader.list_header()
            if inner != _STRUCT:
                raise FooterError("the row groups of the footer are not structs")
            groups = []
            for _ in range(count):
                size: int | None = None
                for group_field, group_kind in reader.fields():
                    if group_field == 2:
                        size = reader.integer(group_kind)
                    else:
                        reader.skip_value(group_kind, 2)
                if size is None:
                    raise FooterError("a row group of the footer has no size")
                groups.append(size)
        else:
            reader.skip_value(kind, 1)
    if rows is None or groups is None:
        raise FooterError("the footer has no row count or no row groups")
    return Footer(rows, tuple(groups))


def read_footer(path: Path) -> Footer:
    """The :class:`Footer` of the Parquet file at ``path`` (read whole: the caller has capped
    its size)."""
    return parse(Path(path).read_bytes())
