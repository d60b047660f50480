"""PostgreSQL's COPY: its text format, blocks of it laid out by numpy, and COPY itself.

A block of COPY text is built for every row at once (copy_block over int_field and text_field
columns), where psycopg's write_row formats row by row in Python (1 us a row). Everything runs
inside the caller's transaction.
"""

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection

IntColumn = npt.NDArray[np.integer[Any]]
IntArray = npt.NDArray[np.int64]


def copy_text(value: Any) -> str:
    """A value in COPY's text format."""
    if value is None:
        return "\\N"
    if value is True or value is False:
        return "t" if value else "f"
    text = str(value)
    if "\\" in text or "\t" in text or "\n" in text or "\r" in text:
        return (text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
                .replace("\r", "\\r"))
    return text


def copy_rows(connection: Connection, table: str, columns: Sequence[str],
              rows: Iterable[Sequence[Any]] | bytes) -> None:
    """COPY rows into a table: a block of COPY text (copy_block) in one write, or row tuples
    that psycopg formats one by one (for the small writes)."""
    driver = connection.connection.driver_connection
    statement = f"COPY {table} ({', '.join(columns)}) FROM STDIN"
    with driver.cursor() as cursor, cursor.copy(statement) as copy:  # type: ignore[union-attr]
        if isinstance(rows, bytes):
            copy.write(rows)
            return
        for row in rows:
            copy.write_row(row)


# A column of a block of COPY text: each row's field as bytes, left-aligned in the rows of a
# matrix, and how many of them each row uses (None: all, every field as wide as the matrix).
Field = tuple[npt.NDArray[np.uint8], IntArray | None]
_NULL = np.frombuffer(b"\\N", dtype=np.uint8)  # NULL in COPY's text format
_POWERS_OF_TEN = 10 ** np.arange(18, -1, -1, dtype=np.int64)


def int_field(values: IntColumn, null: npt.NDArray[np.bool_] | None = None) -> Field:
    """Non-negative integers as decimal digits, zero-padded to one width (COPY reads "007" as
    7, so the rows stay of one width); NULL where `null` is true (at least two digits wide,
    the width of NULL's two characters)."""
    values = np.asarray(values, dtype=np.int64)
    if values.min(initial=0) < 0:
        raise ValueError("a COPY integer field takes non-negative integers")
    width = max(len(str(int(values.max(initial=0)))), 1 if null is None else 2)
    digits = (values[:, None] // _POWERS_OF_TEN[-width:] % 10 + ord("0")).astype(np.uint8)
    if null is None or not null.any():
        return digits, None
    digits[null, :2] = _NULL
    return digits, np.where(null, 2, width)


def text_field(texts: Sequence[str | None]) -> Field:
    """Texts of card characters (nothing that COPY must escape), NULL for None."""
    spelled = [b"\\N" if value is None else value.encode("ascii") for value in texts]
    lengths = np.fromiter(map(len, spelled), dtype=np.int64, count=len(spelled))
    width = int(lengths.max(initial=0))
    matrix = (np.array(spelled, dtype=f"S{max(width, 1)}").view(np.uint8)
              .reshape(len(spelled), -1)[:, :width])
    return matrix, None if (lengths == width).all() else lengths


def copy_block(*fields: Field) -> bytes:
    """Rows of COPY's text format, each of one value of every field: numpy lays out every row
    at once, where psycopg's write_row formats row by row in Python (1 us a row)."""
    rows = len(fields[0][0])
    tab, newline = (np.full((rows, 1), ord(byte), dtype=np.uint8) for byte in "\t\n")
    ends = [tab] * (len(fields) - 1) + [newline]
    block = np.concatenate([part for (matrix, _), end in zip(fields, ends, strict=True)
                            for part in (matrix, end)], axis=1)
    if all(lengths is None for _, lengths in fields):
        return block.tobytes()
    keep = np.concatenate([
        part for (matrix, lengths), end in zip(fields, ends, strict=True)
        for part in (np.broadcast_to(np.arange(matrix.shape[1]) < (
            matrix.shape[1] if lengths is None else lengths[:, None]), matrix.shape),
                     np.ones_like(end, dtype=bool))], axis=1)
    return bytes(block[keep])

