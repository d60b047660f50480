"""`pokerdb query`: one read-only SQL statement, whatever the user writes.

The statement can change nothing, reach no other session, and stops when asked: on Ctrl-C,
after --timeout, and (PostgreSQL) when the client dies. Its rows stream: they are read as
they are printed, so memory does not grow with their number.

SQLite (sqlite_query): an authorizer admits reads, the functions on an allow-list and schema
pragmas, and nothing else; a progress handler stops the statement on Ctrl-C or at the deadline.

PostgreSQL (server_query): the statement runs as the role pokerdb_reader, which holds nothing
but SELECT on pokerdb's tables and views (storage.reader_role), in a READ ONLY transaction
with a statement_timeout, on a server that checks that the client is still there.

Either way the connection is closed afterwards.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from itertools import chain, islice

from sqlalchemy import Engine

from pokerdb.answers.query_errors import refuse_nothing
from pokerdb.answers.rendering import Table
from pokerdb.answers.server_query import run_server
from pokerdb.answers.sqlite_query import run_sqlite


@contextmanager
def run_query(engine: Engine, sql: str, timeout: float | None = None) -> Iterator[Table]:
    """The columns and rows of one read-only statement. The rows stream: read them inside
    the `with` block. A write raises ReadOnlyError; a statement that runs past `timeout`
    seconds (None: no limit) raises PokerdbError; Ctrl-C raises KeyboardInterrupt."""
    refuse_nothing(sql)
    run = run_sqlite if engine.dialect.name == "sqlite" else run_server
    with run(engine, sql, timeout) as table:
        # The first row is read before any is printed: a statement that fails at once
        # prints nothing but its error.
        rows = iter(table.rows)
        first = list(islice(rows, 1))
        yield Table(table.columns, chain(first, rows), backend_numbers=True)

