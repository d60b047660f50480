"""`pokerdb query`: one read-only SQL statement, whatever the user writes.

SQLite: an authorizer admits only reads (no writes, ATTACH, transaction control or pragma
changes) and `query_only` backs it up. PostgreSQL: a READ ONLY transaction, made unchangeable by
taking its snapshot before the user's statement runs.
"""

import sqlite3
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError

from pokerdb.errors import PokerdbError, ReadOnlyError
from pokerdb.output import Table

_SQLITE_READ_ACTIONS = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION,
                        sqlite3.SQLITE_RECURSIVE}
# Pragmas that only describe the schema, allowed when called without a value.
_SQLITE_READ_PRAGMAS = {"table_info", "table_xinfo", "index_list", "index_info",
                        "index_xinfo", "foreign_key_list"}
REFUSED = "pokerdb query is read-only: this statement would change the database"


def _sqlite_authorizer(action: int, arg1: str | None, arg2: str | None, *_: Any) -> int:
    if action in _SQLITE_READ_ACTIONS:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_PRAGMA and arg1 in _SQLITE_READ_PRAGMAS and arg2 is None:
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
    driver.set_authorizer(_sqlite_authorizer)
    try:
        cursor = driver.execute(sql)
        columns = [d[0] for d in cursor.description or ()]
        return Table(columns, cursor.fetchall())
    except sqlite3.DatabaseError as exc:
        if "not authorized" in str(exc) or "readonly" in str(exc):
            raise ReadOnlyError(REFUSED) from None
        raise PokerdbError(f"SQL error: {exc}") from None
    except (sqlite3.ProgrammingError, sqlite3.Warning) as exc:
        raise PokerdbError(f"SQL error: {exc}") from None
    finally:
        driver.set_authorizer(None)
        driver.execute("PRAGMA query_only = OFF")
        raw.close()


def _run_server(engine: Engine, sql: str) -> Table:
    with engine.connect() as connection:
        connection.exec_driver_sql("SET TRANSACTION READ ONLY")
        connection.exec_driver_sql("SELECT 1")  # takes the snapshot: no switch to read-write
        try:
            result = connection.exec_driver_sql(sql, ())
            columns = list(result.keys()) if result.returns_rows else []
            rows = result.fetchall() if result.returns_rows else []
        except DBAPIError as exc:
            connection.rollback()
            detail = str(exc.orig).strip().splitlines()[0]
            if "read-only transaction" in detail:
                raise ReadOnlyError(REFUSED) from None
            raise PokerdbError(f"SQL error: {detail}") from None
        connection.rollback()
    return Table(columns, rows)
