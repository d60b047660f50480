"""`pokerdb query` on PostgreSQL: one statement run as the role pokerdb_reader (see
storage.reader_role), which can only read pokerdb's tables and views.

The statement runs inside the reader's functions, in a READ ONLY transaction with a
statement_timeout, on a server that checks every second whether the client is still there,
and on a connection closed afterwards (which ends whatever session state, such as an advisory
lock, the statement took). Its rows are fetched as they are printed, within a bound of memory
(server_fetch).
"""

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine

from pokerdb.answers.query_errors import REFUSED, timeout_error
from pokerdb.answers.query_guard import guarded
from pokerdb.answers.rendering import Table
from pokerdb.answers.server_fetch import Fetches
from pokerdb.errors import PokerdbError, ReadOnlyError
from pokerdb.storage.reader_role import OPEN_FUNCTION, ensure_reader

# A write in the read-only transaction, or a try to change or leave it (SET TRANSACTION,
# VACUUM).
_SERVER_REFUSED_SQLSTATES = {"25006", "25001"}
_SERVER_CANCELED = "57014"  # query_canceled: by statement_timeout
_SERVER_NOT_GRANTED = "42501"  # insufficient_privilege: pokerdb_reader only reads our tables
NOT_GRANTED = "pokerdb query only reads pokerdb's tables and views"
_LONGEST_TIMEOUT = 2**31 - 1  # milliseconds: statement_timeout's largest (24.8 days)
# How often the server checks, while the statement runs, that the client is still there.
CLIENT_CHECK_INTERVAL = "1s"


@contextmanager
def run_server(engine: Engine, sql: str, timeout: float | None) -> Iterator[Table]:
    import psycopg  # the postgres extra; SQLite-only installs lack it

    ensure_reader(engine)
    deadline = None if timeout is None else time.monotonic() + timeout
    raw = engine.raw_connection()
    driver: psycopg.Connection[Any] = raw.driver_connection  # type: ignore[assignment]
    try:
        with driver.cursor() as cursor:
            step = _ServerSteps(cursor, timeout, deadline)
            step.run(lambda: _begin_read_only(cursor))
            columns, types = step.run(lambda: _describe(driver, sql))
            if not columns:
                raise ReadOnlyError(REFUSED)  # SET, LOCK, DDL, a write without RETURNING
            fetches = Fetches(columns, types)
            with guarded(driver):
                first = _first_rows(driver, step, sql, types, fetches.sql())
                yield Table(columns, fetches.rows(first, step.fetch))
    finally:
        # Closing rolls back, and drops whatever session state the statement set (settings,
        # advisory locks) instead of handing it to the pool's next user.
        raw.invalidate()


def _first_rows(driver: Any, step: "_ServerSteps", sql: str, types: list[str],
                fetch: str) -> list[tuple[Any, ...]]:
    """Open the statement's cursor and fetch its first rows. The statement travels as a
    parameter, never inside SQL text of ours: nothing in it can end the call, and a second
    statement was refused when it was described. A column of a domain type (information_schema's
    sql_identifier, say) is described as its base type, which the fetch's column list then
    does not match: the statement is opened again, in a new transaction, with each column cast
    to the type described."""
    import psycopg

    try:
        step.run(lambda: step.cursor.execute(f"SELECT {OPEN_FUNCTION}(%s)", [sql]),
                 translated=False)
        return list(step.run(lambda: step.cursor.execute(fetch).fetchall(), translated=False))
    except psycopg.errors.DatatypeMismatch as exc:
        if exc.diag.message_primary != _SHAPE_MISMATCH:
            raise step.translated(exc) from None
    except psycopg.Error as exc:
        raise step.translated(exc) from None
    driver.rollback()
    step.run(lambda: _begin_read_only(step.cursor))
    columns = ", ".join(f"CAST(q.c{i} AS {kind})" for i, kind in enumerate(types))
    names = ", ".join(f"c{i}" for i in range(len(types)))
    # A line break ends a comment the statement may end in; a semicolon cannot end a subquery.
    cast = f"SELECT {columns} FROM (\n{sql.rstrip().rstrip(';')}\n) AS q({names})"
    step.run(lambda: step.cursor.execute(f"SELECT {OPEN_FUNCTION}(%s)", [cast]))
    return list(step.run(lambda: step.cursor.execute(fetch).fetchall()))


_SHAPE_MISMATCH = "structure of query does not match function result type"


def _begin_read_only(cursor: Any) -> None:
    cursor.execute("SET TRANSACTION READ ONLY")
    cursor.execute("SET application_name = 'pokerdb query'")
    cursor.execute("SELECT 1")  # takes the snapshot: no switch to read-write


def _describe(driver: Any, sql: str) -> tuple[list[str], list[str]]:
    """The names and types of the columns `sql` returns, without running it. Parsing refuses
    a second statement."""
    import psycopg
    from psycopg import pq

    pgconn = driver.pgconn
    described = pgconn.prepare(b"", sql.encode())
    if described.status == pq.ExecStatus.COMMAND_OK:
        described = pgconn.describe_prepared(b"")
    if described.status != pq.ExecStatus.COMMAND_OK:
        raise psycopg.errors.error_from_result(described)
    names = [(described.fname(i) or b"?").decode() for i in range(described.nfields)]
    if not names:
        return [], []
    oids = [described.ftype(i) for i in range(described.nfields)]
    modifiers = [described.fmod(i) for i in range(described.nfields)]
    with driver.cursor() as cursor:
        cursor.execute("SELECT format_type(c.oid, c.modifier), t.typtype = 'p' "
                       "FROM unnest(%s::oid[], %s::int[]) WITH ORDINALITY AS c(oid, modifier, n) "
                       "JOIN pg_type t ON t.oid = c.oid ORDER BY c.n", [oids, modifiers])
        types = cursor.fetchall()
    for name, (kind, pseudo) in zip(names, types, strict=True):
        if pseudo:  # void, record, ...: no column can hold one
            raise PokerdbError(f"SQL error: column {name!r} has type {kind}, which a result "
                               f"cannot hold: select something else, such as {name} IS NULL")
    return names, [kind for kind, _ in types]


class _ServerSteps:
    """Statements of the query's transaction, each bounded by what is left of the timeout
    and by the client check, which the user's statement could have changed since; the
    server's errors become pokerdb's."""

    def __init__(self, cursor: Any, timeout: float | None, deadline: float | None) -> None:
        self.cursor = cursor
        self.timeout = timeout
        self.deadline = deadline

    def fetch(self, sql: str) -> list[tuple[Any, ...]]:
        return self.run(lambda: self.cursor.execute(sql).fetchall())  # type: ignore[no-any-return]

    def run(self, step: Callable[[], Any], translated: bool = True) -> Any:
        """`step()`, its server errors as pokerdb's unless not `translated`."""
        import psycopg

        try:
            self._bound()
            return step()
        except psycopg.Error as exc:
            if not translated:
                raise
            raise self.translated(exc) from None

    def translated(self, exc: Any) -> PokerdbError:
        """A server error (a psycopg.Error) as pokerdb's."""
        if exc.sqlstate in _SERVER_REFUSED_SQLSTATES:
            return ReadOnlyError(REFUSED)
        if exc.sqlstate == _SERVER_CANCELED and self.timeout is not None:
            return timeout_error(self.timeout)
        detail = exc.diag.message_primary or str(exc)
        if exc.sqlstate == _SERVER_NOT_GRANTED:
            return PokerdbError(f"{NOT_GRANTED}: {detail}")
        if "multiple commands" in detail:
            detail = "you can only execute one statement at a time"
        return PokerdbError(f"SQL error: {detail}")

    def _bound(self) -> None:
        from psycopg.pq import TransactionStatus

        if self.cursor.connection.info.transaction_status != TransactionStatus.INTRANS:
            return  # before the transaction begins, or after an error
        self.cursor.execute(
            f"SET LOCAL client_connection_check_interval = '{CLIENT_CHECK_INTERVAL}'")
        if self.deadline is None or self.timeout is None:
            return
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise timeout_error(self.timeout)
        milliseconds = min(max(1, round(left * 1000)), _LONGEST_TIMEOUT)
        self.cursor.execute(f"SET LOCAL statement_timeout = {milliseconds}")


