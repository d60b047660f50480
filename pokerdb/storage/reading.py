"""Reading a database through one callable, with or without SQLAlchemy.

A `Fetch` runs one SQL statement, written as text with named parameters (`:name`, which sqlite3
and SQLAlchemy's text() both accept), and returns its rows. `reader` gives one for --db: an
SQLite file already at head is read with the stdlib's sqlite3, because importing SQLAlchemy
takes longer than `pokerdb wins` on a million deals; anything else (a new or older database,
another backend, a URL with options) goes through `db.open_engine`, which first brings the
database to head.
"""

import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from pokerdb.errors import PokerdbError
from pokerdb.storage.location import (
    SQLITE_BUSY_TIMEOUT_MS,
    database_url,
    head_revision,
    missing_database,
    sqlite_path,
)

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine

Fetch = Callable[[str, Mapping[str, Any]], list[tuple[Any, ...]]]

@contextmanager
def reader(db: str | None = None) -> Iterator[Fetch]:
    """A Fetch on the database --db names (see location.database_url), for reading only;
    there must be one (see location.missing_database)."""
    url = database_url(db)
    missing = missing_database(url)
    if missing is not None:
        raise PokerdbError(missing)
    connection = _sqlite_at_head(url)
    if connection is None:
        from pokerdb.storage.engines import (
            open_engine,  # loads SQLAlchemy, and Alembic when behind head
        )

        engine = open_engine(db, create=False)
        try:
            with engine_reader(engine) as fetch:
                yield fetch
        finally:
            engine.dispose()
        return
    try:
        yield _sqlite_fetch(connection)
    finally:
        connection.close()  # ends its read transaction


@contextmanager
def engine_reader(engine: "Engine") -> Iterator[Fetch]:
    """A Fetch on an engine; its statements run in one reading transaction (db.reading)."""
    from pokerdb.storage.engines import reading

    with reading(engine) as connection:
        yield connection_fetch(connection)


def connection_fetch(connection: "Connection") -> Fetch:
    """A Fetch in a connection's own transaction."""
    from sqlalchemy import text

    def fetch(sql: str, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in connection.execute(text(sql), params)]

    return fetch


def _sqlite_at_head(url: str) -> sqlite3.Connection | None:
    """A read-only connection, in a read transaction, to the SQLite file `url` names if that
    file exists and is at head; else None, as whenever in doubt: the engine path decides."""
    path = sqlite_path(url)
    if path is None or not os.path.isfile(path):
        return None
    path = os.path.abspath(path)  # as SQLAlchemy's pysqlite dialect does
    connection = None
    try:
        connection = sqlite3.connect(path, isolation_level=None)  # transactions as below
        connection.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        connection.execute("PRAGMA query_only = ON")
        # One snapshot for the version check and every query after it: a migration committed
        # meanwhile cannot change the tables under the report.
        connection.execute("BEGIN")
        versions = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    except sqlite3.Error:
        versions = None  # not a database, no alembic_version yet, ...
    if versions == [(head_revision(),)]:
        return connection
    if connection is not None:
        connection.close()
    return None


def _sqlite_fetch(connection: sqlite3.Connection) -> Fetch:
    def fetch(sql: str, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        try:
            return connection.execute(sql, params).fetchall()
        except sqlite3.OperationalError as exc:
            # The line the engine path prints for the same failure (cli._user_errors).
            raise PokerdbError(f"database: {str(exc).strip()}") from exc

    return fetch
