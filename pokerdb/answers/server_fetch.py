"""The rows of a `pokerdb query` statement on PostgreSQL, fetched from its cursor within a
bound of memory, as SQLite's are (storage.sqlite_guard): no value over 64 MiB comes back.

Each fetch is checked on the server before anything is sent: a value over the bound, or a
fetch whose rows add up to more than FETCH_HARD_BYTES, comes back as NULLs and a code saying
so, and the query stops there with one line (the rows before it are printed). How many rows a
fetch asks for follows the size of the rows: one at first, then as many of the last fetch's
largest row as fit in FETCH_BYTES, up to FETCH_ROWS.
"""

from collections.abc import Callable, Iterator
from typing import Any

from pokerdb.errors import PokerdbError
from pokerdb.storage.reader_role import FETCH_FUNCTION
from pokerdb.storage.sqlite_guard import SQLITE_MAX_LENGTH

FETCH_ROWS = 1000
FETCH_BYTES = 64 << 20
FETCH_HARD_BYTES = 4 * FETCH_BYTES
_FETCH_TOO_BIG = -1  # the code of a fetch past FETCH_HARD_BYTES; a column's is its index
VALUE_TOO_BIG = "SQL error: string or blob too big: a value of column {name!r} is over 64 MiB"
FETCH_TOO_BIG = ("SQL error: rows too big: the rows of one fetch came to more than {mib} MiB "
                 "(of values up to 64 MiB): select fewer or smaller values")


class Fetches:
    """The SQL of each fetch from the statement's cursor, and what it brings back checked."""

    def __init__(self, columns: list[str], types: list[str]) -> None:
        self.columns = columns
        self.types = types
        self.count = 1

    def sql(self) -> str:
        """The next fetch: the statement's columns (NULL past a bound), the row's size on the
        server, and the code of the bound it passed (NULL: none)."""
        shape = ", ".join(f"c{i} {kind}" for i, kind in enumerate(self.types))
        sizes = [f"pg_column_size(q.c{i})::bigint" for i in range(len(self.types))]
        size = " + ".join(f"coalesce({one}, 0)" for one in sizes)
        over = " ".join(f"WHEN {one} > {SQLITE_MAX_LENGTH} THEN {i}"
                        for i, one in enumerate(sizes))
        values = ", ".join(f"CASE WHEN r.o IS NULL THEN r.c{i} END"
                           for i in range(len(self.types)))
        return (
            f"SELECT {values}, r.s, r.o FROM (SELECT q.*, b.s, CASE WHEN b.o IS NOT NULL THEN "
            f"b.o WHEN sum(b.s) OVER (ROWS UNBOUNDED PRECEDING) > {FETCH_HARD_BYTES} AND "
            f"row_number() OVER () > 1 THEN {_FETCH_TOO_BIG} END AS o "
            f"FROM {FETCH_FUNCTION}({self.count}) AS q({shape}) "
            f"CROSS JOIN LATERAL (SELECT {size} AS s, CASE {over} END AS o) AS b) AS r")

    def rows(self, first: list[tuple[Any, ...]],
             fetch: Callable[[str], list[tuple[Any, ...]]]) -> Iterator[tuple[Any, ...]]:
        """The rows of the fetch that brought `first`, then of each fetch after it, without
        their size and code; a bound passed ends them with PokerdbError."""
        batch, asked = first, self.count
        while batch:
            for row in batch:
                code = row[-1]
                if code is not None:
                    raise PokerdbError(
                        FETCH_TOO_BIG.format(mib=FETCH_HARD_BYTES >> 20) if code == _FETCH_TOO_BIG
                        else VALUE_TOO_BIG.format(name=self.columns[code]))
                yield row[:-2]
            if len(batch) < asked:
                return  # the cursor is at its end
            largest = max(row[-2] for row in batch)
            self.count = asked = max(1, min(FETCH_ROWS, FETCH_BYTES // max(largest, 1)))
            batch = fetch(self.sql())
