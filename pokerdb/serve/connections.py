"""A datasette plugin bounding what one query of `pokerdb serve` may do, whoever wrote it (the
page's own queries, the canned ones, a `?sql=` of the user's):

- each connection to the served database is guarded as `pokerdb query`'s is
  (storage.sqlite_guard: reads, allow-listed functions, no value over 64 MiB);
- the rows of one statement hold at most PAGE_BYTES of strings and blobs: the rows of a page
  are read into memory and written out several times over (JSON escapes a byte in up to six);
- SQLite's heap in the whole process is bounded (`limit_sqlite_heap`, set by `serve`), so that
  no statement builds many values of the largest length at once; a statement that would is
  answered with a line saying so, not by the kernel ending the server.
"""

import sqlite3
import weakref
from typing import Any, Final

from datasette import Response, hookimpl

from pokerdb.storage.sqlite_guard import SQLITE_MAX_LENGTH, guard

# The strings and blobs one statement may return, in bytes: thousands of times a page of
# pokerdb's rows, and a page far from the machine's memory once written out as JSON.
PAGE_BYTES: Final = 8 << 20
# The most memory SQLite may hold in the serving process, all connections together: room for
# several values of the longest length, and page caches (2 MB per connection) besides.
HEAP_BYTES: Final = 8 * SQLITE_MAX_LENGTH
TOO_LONG: Final = (f"the rows hold more than {PAGE_BYTES >> 20} MiB of text and blobs: select "
                   f"fewer rows or shorter values")
TOO_BIG: Final = (f"the query needs more than the {HEAP_BYTES >> 20} MiB pokerdb serve gives "
                  f"SQLite: select fewer or shorter values")
_INTERNAL: Final = "_internal"  # datasette's own catalogue, which it writes


def limit_sqlite_heap(limit: int = HEAP_BYTES) -> None:
    """Bound SQLite's memory in this process (every connection, from now on) to `limit` bytes
    (0: unbounded): an allocation past it fails, and the statement with it (MemoryError)."""
    connection = sqlite3.connect(":memory:")
    try:
        connection.execute(f"PRAGMA hard_heap_limit = {int(limit)}")
    finally:
        connection.close()


class _PageRows:
    """A row factory (datasette's sqlite3.Row) that stops a statement whose rows' strings and
    blobs pass PAGE_BYTES, counted per cursor (datasette takes one per statement)."""

    def __init__(self) -> None:
        self.spent: weakref.WeakKeyDictionary[sqlite3.Cursor, int] = \
            weakref.WeakKeyDictionary()

    def __call__(self, cursor: sqlite3.Cursor, values: tuple[Any, ...]) -> sqlite3.Row:
        spent = self.spent.get(cursor, 0) + sum(
            len(value) for value in values if isinstance(value, str | bytes))
        if spent > PAGE_BYTES:
            raise sqlite3.OperationalError(TOO_LONG)
        self.spent[cursor] = spent
        return sqlite3.Row(cursor, values)


@hookimpl  # type: ignore[untyped-decorator]
def prepare_connection(conn: sqlite3.Connection, database: str, datasette: Any) -> None:
    """Guard every connection to a served database (not datasette's catalogue, nor the
    connection it opens to read SQLite's compile options)."""
    if database == _INTERNAL or database not in datasette.databases:
        return
    guard(conn)
    conn.row_factory = _PageRows()


@hookimpl(tryfirst=True)  # type: ignore[untyped-decorator]
def handle_exception(exception: BaseException) -> Response | None:
    """SQLite out of its bounded heap: the statement is refused in a line."""
    if isinstance(exception, MemoryError):
        return Response.text(TOO_BIG + "\n", status=400)
    return None
