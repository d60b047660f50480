"""`pokerdb query`: one read-only SQL statement, whatever the user writes.

The statement can change nothing, reach no other session, and stops when asked: on Ctrl-C,
after --timeout, and (PostgreSQL) when the client dies. Its rows stream: they are read as
they are printed, so memory does not grow with their number.

SQLite: an authorizer admits reads, the functions on an allow-list and schema pragmas, and
nothing else; `query_only` backs it up. A progress handler stops the statement on Ctrl-C or at
the deadline. The connection is closed afterwards.

PostgreSQL: the statement runs inside `pokerdb_query(text)`, a SECURITY DEFINER function owned
by the role `pokerdb_reader`, which holds nothing but SELECT on pokerdb's tables and views; a
security-definer context forbids switching roles (`set_config('role', ...)`), so the
statement cannot take back the rights of the connecting role. It runs in a READ ONLY
transaction with a statement_timeout, a server that checks every second whether the client is
still there, on a connection closed afterwards (which ends whatever session state, such as an
advisory lock, the statement took). `install_reader` sets the role and the function up; the
migrations call it, and so does `pokerdb query` when they are missing.
"""

import signal
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import chain, islice
from types import FrameType
from typing import Any

from sqlalchemy import Connection, Engine, text

from pokerdb.answers.rendering import Table
from pokerdb.errors import PokerdbError, ReadOnlyError

REFUSED = "pokerdb query is read-only: this statement would change the database"

# --- SQLite ----------------------------------------------------------------------------------

_SQLITE_READ_ACTIONS = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_RECURSIVE}
# Pragmas that only describe the schema.
_SQLITE_READ_PRAGMAS = {"table_info", "table_xinfo", "index_list", "index_info",
                        "index_xinfo", "foreign_key_list"}
# Table-valued functions, set up (like the pragmas) before the authorizer is on.
_SQLITE_TABLE_FUNCTIONS = ("json_each", "json_tree")
# The functions a query may call: SQLite's core, aggregate, window, date, math and JSON
# functions (some only in newer versions). Anything else, such as fts3_tokenizer (which
# hands out and takes raw pointers) or load_extension, is refused.
_FUNCTION_GROUPS = {
    "core": "abs changes char coalesce concat concat_ws format glob hex ifnull iif instr "
            "last_insert_rowid length like likelihood likely lower ltrim max min nullif "
            "octet_length printf quote random randomblob replace round rtrim sign soundex "
            "sqlite_source_id sqlite_version substr substring total_changes trim typeof unhex "
            "unicode unistr unistr_quote unlikely upper zeroblob",
    "aggregate": "avg count group_concat string_agg sum total median percentile "
                 "percentile_cont percentile_disc",
    "window": "row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value "
              "last_value nth_value",
    "date": "date time datetime julianday unixepoch strftime timediff current_date "
            "current_time current_timestamp",
    "math": "acos acosh asin asinh atan atan2 atanh ceil ceiling cos cosh degrees exp floor ln "
            "log log10 log2 mod pi pow power radians sin sinh sqrt tan tanh trunc",
    "json": "json jsonb json_array jsonb_array json_array_length json_error_position "
            "json_extract jsonb_extract json_insert jsonb_insert json_object jsonb_object "
            "json_patch jsonb_patch json_pretty json_quote json_remove jsonb_remove "
            "json_replace jsonb_replace json_set jsonb_set json_type json_valid "
            "json_group_array jsonb_group_array json_group_object jsonb_group_object -> ->>",
}
SQLITE_FUNCTIONS = frozenset(name for names in _FUNCTION_GROUPS.values()
                             for name in names.split())
# The longest string or blob a statement may build, in bytes: far more than any value
# pokerdb stores, and far less than the memory of the machine (randomblob(1e9) is refused).
SQLITE_MAX_LENGTH = 64 << 20
# How often (in SQLite virtual machine instructions) the statement checks whether to stop:
# thousands of times a second even on a slow machine, for a cost too small to measure.
_SQLITE_CHECK_EVERY = 10_000


def _sqlite_authorizer(action: int, arg1: str | None, arg2: str | None, *_: Any) -> int:
    if action in _SQLITE_READ_ACTIONS:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_FUNCTION and arg2 is not None \
            and arg2.lower() in SQLITE_FUNCTIONS:
        return sqlite3.SQLITE_OK
    # These pragmas have no setting form: their argument is a table or index name.
    if action == sqlite3.SQLITE_PRAGMA and arg1 in _SQLITE_READ_PRAGMAS:
        return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


@contextmanager
def run_query(engine: Engine, sql: str, timeout: float | None = None) -> Iterator[Table]:
    """The columns and rows of one read-only statement. The rows stream: read them inside
    the `with` block. A write raises ReadOnlyError; a statement that runs past `timeout`
    seconds (None: no limit) raises PokerdbError; Ctrl-C raises KeyboardInterrupt."""
    run = _run_sqlite if engine.dialect.name == "sqlite" else _run_server
    with run(engine, sql, timeout) as table:
        # The first row is read before any is printed: a statement that fails at once
        # prints nothing but its error.
        rows = iter(table.rows)
        first = list(islice(rows, 1))
        yield Table(table.columns, chain(first, rows))


def _timeout_error(timeout: float) -> PokerdbError:
    return PokerdbError(f"query stopped: it ran longer than --timeout {timeout:g} s")


class _Stop:
    """When a running SQLite statement should stop: Ctrl-C was pressed, or its time is up.
    Called by SQLite as a progress handler (non-zero stops the statement)."""

    def __init__(self, timeout: float | None) -> None:
        self.deadline = None if timeout is None else time.monotonic() + timeout
        self.interrupted = False

    def __call__(self) -> int:
        return self.interrupted or self.timed_out()

    def timed_out(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    def interrupt(self, _signal: int, _frame: FrameType | None) -> None:
        self.interrupted = True


@contextmanager
def _on_interrupt(handler: Callable[[int, FrameType | None], None]) -> Iterator[None]:
    """Ctrl-C calls `handler` instead of raising KeyboardInterrupt (which SQLite would keep
    waiting on: Python only raises it between its own instructions)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def _run_sqlite(engine: Engine, sql: str, timeout: float | None) -> Iterator[Table]:
    raw = engine.raw_connection()
    driver: sqlite3.Connection = raw.driver_connection  # type: ignore[assignment]
    stop = _Stop(timeout)
    try:
        driver.execute("PRAGMA query_only = ON")
        # SQLite asks to update sqlite_master the first time a connection reads a
        # table-valued function (pragma_table_info(...), json_each(...)) as it sets up its
        # table; set them up before the authorizer would refuse that.
        for pragma in _SQLITE_READ_PRAGMAS:
            driver.execute(f"SELECT * FROM pragma_{pragma}('sqlite_master') LIMIT 0").fetchall()
        for function in _SQLITE_TABLE_FUNCTIONS:
            driver.execute(f"SELECT * FROM {function}('[]') LIMIT 0").fetchall()
        driver.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, SQLITE_MAX_LENGTH)
        driver.set_authorizer(_sqlite_authorizer)
        driver.set_progress_handler(stop, _SQLITE_CHECK_EVERY)
        with _on_interrupt(stop.interrupt):
            cursor = _sqlite_step(stop, timeout, lambda: driver.execute(sql))
            columns = [d[0] for d in cursor.description or ()]
            yield Table(columns, _sqlite_rows(stop, timeout, cursor))
            if stop.interrupted:
                raise KeyboardInterrupt
    finally:
        # Closed, not handed back to the pool with the authorizer and limits still set.
        raw.invalidate()


def _sqlite_rows(stop: _Stop, timeout: float | None,
                 cursor: sqlite3.Cursor) -> Iterator[tuple[Any, ...]]:
    while rows := _sqlite_step(stop, timeout, lambda: cursor.fetchmany(1000)):
        yield from rows


def _sqlite_step(stop: _Stop, timeout: float | None, step: Callable[[], Any]) -> Any:
    """`step()` with SQLite's errors as pokerdb's."""
    try:
        return step()
    except sqlite3.DatabaseError as exc:
        if stop.interrupted:
            raise KeyboardInterrupt from None
        if timeout is not None and stop.timed_out():
            raise _timeout_error(timeout) from None
        # ProgrammingError (e.g. two statements) carries no SQLite error code.
        code = getattr(exc, "sqlite_errorcode", None)
        if code in (sqlite3.SQLITE_AUTH, sqlite3.SQLITE_READONLY):
            raise ReadOnlyError(REFUSED) from None
        raise PokerdbError(f"SQL error: {exc}") from None
    except (sqlite3.ProgrammingError, sqlite3.Warning) as exc:
        raise PokerdbError(f"SQL error: {exc}") from None


# --- PostgreSQL ------------------------------------------------------------------------------

READER_ROLE = "pokerdb_reader"
OPEN_FUNCTION, FETCH_FUNCTION = "pokerdb_query_open", "pokerdb_query_fetch"
_CURSOR = "pokerdb_query_rows"
# Both run as pokerdb_reader (SECURITY DEFINER): the statement is planned when the cursor
# opens and runs as its rows are fetched, each time inside one of them. Signature: (arguments
# and result, body).
_FUNCTIONS = {
    f"{OPEN_FUNCTION}(text)": (
        "(statement text) RETURNS void",
        f"DECLARE rows refcursor := '{_CURSOR}'; "
        f"BEGIN OPEN rows NO SCROLL FOR EXECUTE statement; END"),
    f"{FETCH_FUNCTION}(integer)": (
        "(count integer) RETURNS SETOF record",
        f"BEGIN RETURN QUERY EXECUTE 'FETCH ' || count || ' FROM {_CURSOR}'; END"),
}
FETCH_ROWS = 1000
# A write in the read-only transaction, or a try to change or leave it (SET TRANSACTION,
# VACUUM).
_SERVER_REFUSED_SQLSTATES = {"25006", "25001"}
_SERVER_CANCELED = "57014"  # query_canceled: by statement_timeout
_SERVER_NOT_GRANTED = "42501"  # insufficient_privilege: pokerdb_reader only reads our tables
NOT_GRANTED = "pokerdb query only reads pokerdb's tables and views"
# How often the server checks, while the statement runs, that the client is still there.
CLIENT_CHECK_INTERVAL = "1s"
NOT_SET_UP = ("pokerdb query on PostgreSQL runs each statement as the role pokerdb_reader, "
              "which holds only SELECT on pokerdb's tables; {why}: an administrator can set "
              "it up once (see docs/postgresql.md, 'pokerdb query on PostgreSQL')")


def reader_tables() -> list[str]:
    """What pokerdb_reader may read: every table and view of pokerdb's schema."""
    from pokerdb.storage.schema import VIEW_NAMES, metadata

    return [*metadata.tables, *VIEW_NAMES, "alembic_version"]


def install_reader(connection: Connection) -> str | None:
    """Set up the role pokerdb_reader with SELECT on pokerdb's tables and views, and the
    functions that run a statement as that role, which only the connecting role may call.
    Returns None when done, else why it could not be (the connecting role may not create
    roles, or does not own the schema); the caller's transaction is left as it was then."""
    why = _reader_obstacle(connection)
    if why is not None:
        return why
    with connection.begin_nested():
        if not _role_exists(connection):
            connection.exec_driver_sql(f"CREATE ROLE {READER_ROLE} NOLOGIN")
        if not connection.scalar(text("SELECT pg_has_role(current_user, :role, 'MEMBER')"),
                                 {"role": READER_ROLE}):
            connection.exec_driver_sql(f"GRANT {READER_ROLE} TO CURRENT_USER")
        for name in reader_tables():
            if connection.scalar(text("SELECT to_regclass(:name)"), {"name": name}):
                connection.exec_driver_sql(f"GRANT SELECT ON {name} TO {READER_ROLE}")
        schema = connection.scalar(text("SELECT quote_ident(current_schema())"))
        for signature, (header, body) in _FUNCTIONS.items():
            connection.exec_driver_sql(
                f"CREATE OR REPLACE FUNCTION {signature.partition('(')[0]}{header} "
                f"LANGUAGE plpgsql SECURITY DEFINER SET search_path = {schema}, pg_temp "
                f"AS $${body}$$")
            if _owner(connection, signature) != READER_ROLE:
                # A new owner needs CREATE on the schema: granted for the moment it takes.
                connection.exec_driver_sql(f"GRANT CREATE ON SCHEMA {schema} TO {READER_ROLE}")
                connection.exec_driver_sql(f"ALTER FUNCTION {signature} OWNER TO {READER_ROLE}")
                connection.exec_driver_sql(
                    f"REVOKE CREATE ON SCHEMA {schema} FROM {READER_ROLE}")
            connection.exec_driver_sql(f"REVOKE ALL ON FUNCTION {signature} FROM PUBLIC")
            connection.exec_driver_sql(f"GRANT EXECUTE ON FUNCTION {signature} TO CURRENT_USER")
    return None


def _role_exists(connection: Connection) -> bool:
    return bool(connection.scalar(text("SELECT 1 FROM pg_roles WHERE rolname = :role"),
                                  {"role": READER_ROLE}))


def _owner(connection: Connection, signature: str) -> str | None:
    owner: str | None = connection.scalar(text("SELECT pg_get_userbyid(proowner) FROM pg_proc "
                                  "WHERE oid = to_regprocedure(:signature)"),
                             {"signature": signature})
    return owner


def _reader_obstacle(connection: Connection) -> str | None:
    """Why the connecting role cannot set the reader up, or None if it can."""
    user, may_create_roles, owns_schema = connection.execute(text(
        "SELECT current_user, rolcreaterole OR rolsuper, pg_has_role(current_user, "
        "(SELECT nspowner FROM pg_namespace WHERE nspname = current_schema()), 'MEMBER') "
        "FROM pg_roles WHERE rolname = current_user")).one()
    if not _role_exists(connection):
        return None if may_create_roles else (
            f"the role does not exist, and {user} may not create roles")
    may_join = connection.scalar(text(
        "SELECT pg_has_role(current_user, :role, 'MEMBER') "
        "OR pg_has_role(current_user, :role, 'USAGE WITH ADMIN OPTION')"),
        {"role": READER_ROLE})
    if not (may_join or may_create_roles):
        return f"{user} is not a member of it"
    if not owns_schema and any(_owner(connection, signature) != READER_ROLE
                               for signature in _FUNCTIONS):
        return (f"its functions are missing, and {user} may not give them to it (only the "
                f"schema's owner may)")
    return None


def _ensure_reader(engine: Engine) -> None:
    """Set the reader up if it is missing, or lacks SELECT on a table added since."""
    with engine.connect() as connection:
        ready = _role_exists(connection) and connection.scalar(text(
            "SELECT bool_and(p.prosrc IS NOT DISTINCT FROM f.body "
            "                AND has_function_privilege(p.oid, 'EXECUTE')) "
            "FROM unnest(CAST(:functions AS text[]), CAST(:bodies AS text[])) AS f(name, body) "
            "LEFT JOIN pg_proc p ON p.oid = to_regprocedure(f.name)"),
            {"functions": list(_FUNCTIONS), "bodies": [body for _, body in _FUNCTIONS.values()]}
        ) and not connection.scalar(text(
            "SELECT count(*) FROM unnest(CAST(:tables AS text[])) AS t(name) "
            "WHERE to_regclass(t.name) IS NOT NULL "
            "AND NOT has_table_privilege(:role, t.name, 'SELECT')"),
            {"tables": reader_tables(), "role": READER_ROLE})
    if ready:
        return
    from pokerdb.storage import bulk

    with engine.begin() as connection:
        bulk.lock_for_migration(connection)
        why = install_reader(connection)
    if why is not None:
        raise PokerdbError(NOT_SET_UP.format(why=why))


@contextmanager
def _run_server(engine: Engine, sql: str, timeout: float | None) -> Iterator[Table]:
    import psycopg  # the postgres extra; SQLite-only installs lack it

    _ensure_reader(engine)
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
            # The statement travels as a parameter, never inside SQL text of ours: nothing in
            # it can end the call, and a second statement was refused when it was described.
            step.run(lambda: cursor.execute(f"SELECT {OPEN_FUNCTION}(%s)", [sql]))
            shape = ", ".join(f"c{i} {kind}" for i, kind in enumerate(types))
            fetch = f"SELECT * FROM {FETCH_FUNCTION}({FETCH_ROWS}) AS q({shape})"
            yield Table(columns, step.rows(fetch))
    finally:
        # Closing rolls back, and drops whatever session state the statement set (settings,
        # advisory locks) instead of handing it to the pool's next user.
        raw.invalidate()


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

    def rows(self, fetch: str) -> Iterator[tuple[Any, ...]]:
        while batch := self.run(lambda: self.cursor.execute(fetch).fetchall()):
            yield from batch

    def run(self, step: Callable[[], Any]) -> Any:
        import psycopg

        try:
            self._bound()
            return step()
        except psycopg.Error as exc:
            if exc.sqlstate in _SERVER_REFUSED_SQLSTATES:
                raise ReadOnlyError(REFUSED) from None
            if exc.sqlstate == _SERVER_CANCELED and self.timeout is not None:
                raise _timeout_error(self.timeout) from None
            detail = exc.diag.message_primary or str(exc)
            if exc.sqlstate == _SERVER_NOT_GRANTED:
                raise PokerdbError(f"{NOT_GRANTED}: {detail}") from None
            if "multiple commands" in detail:
                detail = "you can only execute one statement at a time"
            raise PokerdbError(f"SQL error: {detail}") from None

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
            raise _timeout_error(self.timeout)
        self.cursor.execute(f"SET LOCAL statement_timeout = {max(1, round(left * 1000))}")


