"""Rows bound to SQLite many at a time: an INSERT of several rows' VALUES per statement, their
values in one flat list (`chunks`), for storage.row_writes.execute_rows.

What the sqlite3 module pays per row (stepping the statement, releasing and taking the GIL,
resetting it) is then paid once per chunk; and a value that it would look an adapter up for
(None, a bool: a failed attribute lookup each) goes as one it binds directly and SQLite
stores the same: None as a NaN, which SQLite stores as NULL, a bool as its integer. Compiled
with mypyc in the wheel (hatch_build.py): it looks at every value of the rows.
"""

from collections.abc import Sequence
from typing import Any, Final

# Bound values per statement: SQLite's limit before 3.32 (SQLITE_MAX_VARIABLE_NUMBER).
MAX_VALUES: Final = 999
NULL: Final = float("nan")  # SQLite stores a NaN bound as NULL


def rows_per_chunk(width: int) -> int:
    """The rows of `width` values each that one statement binds."""
    return max(1, MAX_VALUES // width)


def chunks(rows: Sequence[Sequence[Any]], per: int) -> list[list[object]]:
    """The rows' values, `per` rows to a list (the last list has the rest), each None as NULL
    and each bool as its integer."""
    flat: list[list[object]] = []
    for start in range(0, len(rows), per):
        values: list[object] = []
        for row in rows[start:start + per]:
            values.extend(row)  # a tuple's values at once (chain.from_iterable steps each)
        for index in range(len(values)):
            value = values[index]
            if value is None:
                values[index] = NULL
            elif value is True:
                values[index] = 1
            elif value is False:
                values[index] = 0
        flat.append(values)
    return flat
