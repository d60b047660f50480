"""Reading a database through one callable, with or without SQLAlchemy.

A `Fetch` runs one SQL statement, written as text with named parameters (`:name`, which sqlite3
and SQLAlchemy's text() both accept), and returns its rows. `reader` gives one for --db: an
SQLite file already at head is read with the stdlib's sqlite3, and a PostgreSQL database at head
(a `postgresql+psycopg://` URL without options) with psycopg alone, because importing
SQLAlchemy takes longer than `pokerdb wins` on a million deals; anything else (a new or older
database, a URL with options) goes through `engines.open_engine`, which first brings the
database to head.
"""

import functools
import os
import re
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
    import psycopg
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
    server = _server_at_head(url)
    if server is not None:
        try:
            yield _server_fetch(server)
        finally:
            server.close()
        return
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


_SERVER_URL = "postgresql+psycopg://"
_NAMED_PARAMETER = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")


def _server_at_head(url: str) -> "psycopg.Connection[tuple[Any, ...]] | None":
    """A read-only connection, in one repeatable-read transaction (one snapshot for the version
    check and every query after it), to the PostgreSQL database `url` names if it is at head;
    else None, as whenever in doubt (another driver, options in the URL, psycopg missing, no
    connection): the engine path decides, and words any failure."""
    if not url.startswith(_SERVER_URL) or "?" in url:
        return None
    try:
        import psycopg
    except ImportError:
        return None
    try:
        connection = psycopg.connect("postgresql://" + url.removeprefix(_SERVER_URL))
    except psycopg.Error:
        return None
    try:
        connection.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        connection.read_only = True
        with connection.cursor() as cursor:
            cursor.execute("SET TIME ZONE 'UTC'")  # as the engine's connections
            cursor.execute("SELECT version_num FROM alembic_version")
            versions = cursor.fetchall()
    except psycopg.Error:
        versions = None  # no alembic_version yet, ...
    if versions == [(head_revision(),)]:
        return connection
    connection.close()
    return None


def prepared_fetch(connection: "Connection") -> Fetch:
    """A Fetch on a connection of an engine's, for statements that recur: on PostgreSQL
    through the driver's cursor, each statement prepared on the server the first time the
    connection runs it (a pooled one, as `pokerdb serve`'s, then parses it once, and after five
    runs may keep one plan: one player's figures, three statements run five times on one
    connection, best 1.10 ms against 1.37 ms unprepared), its rows the driver's tuples (no
    result object of SQLAlchemy's); on SQLite as connection_fetch."""
    if connection.dialect.name != "postgresql":
        return connection_fetch(connection)
    return _server_fetch(connection.connection.driver_connection,  # type: ignore[arg-type]
                         prepare=True)


def _server_fetch(connection: "psycopg.Connection[tuple[Any, ...]]", *,
                  prepare: bool | None = None) -> Fetch:
    """A Fetch on a psycopg connection, each statement `prepare`d on the server (None: once
    the connection has run it prepare_threshold times, psycopg's default)."""
    import psycopg

    def fetch(sql: str, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        try:
            with connection.cursor() as cursor:
                cursor.execute(_driver_statement(sql), params, prepare=prepare)
                return cursor.fetchall()
        except psycopg.Error as exc:
            lines = str(exc).strip().splitlines()
            raise PokerdbError(f"database: {lines[0] if lines else type(exc).__name__}") from exc

    return fetch


@functools.lru_cache(maxsize=256)
def _driver_statement(sql: str) -> bytes:
    """A statement with named parameters (`:name`) as psycopg takes it: placeholders
    %(name)s, a literal % written %%, as bytes (a statement, not a template). Kept for the
    statements that recur (a served page's)."""
    return _NAMED_PARAMETER.sub(r"%(\1)s", sql.replace("%", "%%")).encode()
