"""`pokerdb query`: one read-only SQL statement, whatever the user writes.

SQLite: an authorizer admits only reads (no writes, ATTACH, transaction control or pragma
changes) and `query_only` backs it up. PostgreSQL: a READ ONLY transaction, made unchangeable by
taking its snapshot before the user's statement runs, on a connection that is closed afterwards;
only read commands are accepted.
"""

import sqlite3
from typing import Any

from sqlalchemy import Engine

from pokerdb.errors import PokerdbError, ReadOnlyError
from pokerdb.output import Table

_SQLITE_READ_ACTIONS = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION,
                        sqlite3.SQLITE_RECURSIVE}
# Pragmas that only describe the schema.
_SQLITE_READ_PRAGMAS = {"table_info", "table_xinfo", "index_list", "index_info",
                        "index_xinfo", "foreign_key_list"}
REFUSED = "pokerdb query is read-only: this statement would change the database"
# Command tags of PostgreSQL statements that only read.
_SERVER_READ_COMMANDS = {"SELECT", "SHOW", "EXPLAIN"}
# A write in the read-only transaction, or a try to change or leave it (SET TRANSACTION, VACUUM).
_SERVER_REFUSED_SQLSTATES = {"25006", "25001"}  # read_only_sql_transaction, active_sql_transaction


def _sqlite_authorizer(action: int, arg1: str | None, *_: Any) -> int:
    if action in _SQLITE_READ_ACTIONS:
        return sqlite3.SQLITE_OK
    # These pragmas have no setting form: their argument is a table or index name.
    if action == sqlite3.SQLITE_PRAGMA and arg1 in _SQLITE_READ_PRAGMAS:
        return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


def run_query(engine: Engine, sql: str) -> Table:
    """Columns and rows of one read-only statement; a write raises ReadOnlyError."""
    if engine.dialect.name == "sqlite":
        return _run_sqlite(engine, sql)
    return _run_server(engine, sql)


def _run_sqlite(engine: Engine, sql: str) -> Table:
    raw = engine.raw_connection()
    driver: sqlite3.Connection = raw.driver_connection  # type: ignore[assignment]
    driver.execute("PRAGMA query_only = ON")
    # SQLite asks to update sqlite_master the first time a connection reads a table-valued
    # pragma (pragma_table_info(...)) as it sets up its table; set them up before the
    # authorizer would refuse that.
    for pragma in _SQLITE_READ_PRAGMAS:
        driver.execute(f"SELECT * FROM pragma_{pragma}('sqlite_master') LIMIT 0").fetchall()
    driver.set_authorizer(_sqlite_authorizer)
    try:
        cursor = driver.execute(sql)
        columns = [d[0] for d in cursor.description or ()]
        return Table(columns, cursor.fetchall())
    except sqlite3.DatabaseError as exc:
        # ProgrammingError (e.g. two statements) carries no SQLite error code.
        code = getattr(exc, "sqlite_errorcode", None)
        if code in (sqlite3.SQLITE_AUTH, sqlite3.SQLITE_READONLY):
            raise ReadOnlyError(REFUSED) from None
        raise PokerdbError(f"SQL error: {exc}") from None
    except (sqlite3.ProgrammingError, sqlite3.Warning) as exc:
        raise PokerdbError(f"SQL error: {exc}") from None
    finally:
        driver.set_authorizer(None)
        driver.execute("PRAGMA query_only = OFF")
        raw.close()


def _run_server(engine: Engine, sql: str) -> Table:
    import psycopg  # the postgres extra; SQLite-only installs lack it

    raw = engine.raw_connection()
    driver: psycopg.Connection[Any] = raw.driver_connection  # type: ignore[assignment]
    try:
        with driver.cursor() as cursor:
            cursor.execute("SET TRANSACTION READ ONLY")
            cursor.execute("SELECT 1")  # takes the snapshot: no switch to read-write
            # A prepared statement holds exactly one command, so "COMMIT; DROP ..." cannot end
            # the read-only transaction and go on writing; no parameters, so '%' is literal.
            cursor.execute(sql, prepare=True)
            if (cursor.statusmessage or "").split(" ")[0] not in _SERVER_READ_COMMANDS:
                raise ReadOnlyError(REFUSED)  # e.g. SET, LOCK, ANALYZE: all rolled back below
            columns = [column.name for column in cursor.description or ()]
            return Table(columns, cursor.fetchall() if cursor.description else [])
    except psycopg.Error as exc:
        if exc.sqlstate in _SERVER_REFUSED_SQLSTATES:
            raise ReadOnlyError(REFUSED) from None
        detail = exc.diag.message_primary or str(exc)
        if "multiple commands" in detail:
            detail = "you can only execute one statement at a time"
        raise PokerdbError(f"SQL error: {detail}") from None
    finally:
        # Closing rolls back, and drops whatever session state the statement set (SET,
        # set_config, advisory locks) instead of handing it to the pool's next user.
        raw.invalidate()
