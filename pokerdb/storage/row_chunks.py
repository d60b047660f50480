"""Rows bound to SQLite many at a time: an INSERT of several rows' VALUES per statement, their
values in one flat list (`chunks`), for storage.row_writes.execute_rows; and the columns that
need no binding, NULL in every row (`null_columns`).

What the sqlite3 module pays per row (stepping the statement, releasing and taking the GIL,
resetting it) is then paid once per chunk; and a value that it would look an adapter up for
(None, a bool: a failed attribute lookup each) goes as one it binds directly and SQLite
stores the same: None as a NaN, which SQLite stores as NULL, a bool as its integer. Compiled
with mypyc in the wheel (hatch_build.py): it looks at every value of the rows, each row as a
tuple (whose values the compiled code reads without a Python call).
"""

from collections.abc import Sequence
from typing import Any, Final

# Bound values per statement: SQLite's limit before 3.32 (SQLITE_MAX_VARIABLE_NUMBER).
MAX_VALUES: Final = 999
NULL: Final = float("nan")  # SQLite stores a NaN bound as NULL


def rows_per_chunk(width: int) -> int:
    """The rows of `width` values each that one statement binds."""
    return max(1, MAX_VALUES // width)


def chunks(rows: Sequence[Sequence[Any]], at: tuple[int, ...], per: int) -> list[list[object]]:
    """The rows' values at the indices `at` (in that order), `per` rows to a list (the last
    list has the rest), each None as NULL and each bool as its integer."""
    flat: list[list[object]] = []
    values: list[object] = []
    full = per * len(at)
    for given in rows:
        row = given if isinstance(given, tuple) else tuple(given)
        for index in at:
            value = row[index]
            if value is None:
                value = NULL
            elif value is True:
                value = 1
            elif value is False:
                value = 0
            values.append(value)
        if len(values) == full:
            flat.append(values)
            values = []
    if values:
        flat.append(values)
    return flat


def null_columns(rows: Sequence[Sequence[Any]], candidates: Sequence[int]) -> list[int]:
    """Those of the column indices `candidates` whose value is None in every row."""
    left = list(candidates)
    for given in rows:
        row = given if isinstance(given, tuple) else tuple(given)
        for index in left:
            if row[index] is not None:  # one not NULL: those left looked at in this row
                left = [column for column in left if row[column] is None]
                break
        if not left:
            break
    return left
