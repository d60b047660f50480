"""Compacting a database: its pages rewritten full, the space of deleted rows given back.

SQLite fills a page of a table keyed by more than a rowid (`seats`, `hand_cards`, the players'
summaries: `WITHOUT ROWID`) to about seven eighths when rows arrive in key order, as an import
writes them: at a million HandHQ-shaped hands an eighth of `seats`' pages and a tenth of the
summaries' were empty, some 8 % of the file. Nor does SQLite shrink a file when rows are deleted
(`pokerdb delete`): their pages wait on a free list for the next import. `VACUUM` rewrites the
file with every page full, which takes the time of copying it and, while it runs, room for a
second copy (in SQLite's temporary folder) and for the write-ahead log; the log is emptied
after. On PostgreSQL, `VACUUM FULL` rewrites each table without its dead rows (the summaries'
upserts leave one per update), holding each table's exclusive lock while it does; `ANALYZE`
then refreshes the planner's statistics.
"""

import sqlite3
from dataclasses import dataclass

from sqlalchemy import Engine, text


@dataclass(frozen=True)
class Compacted:
    """A database's bytes before and after compact(): SQLite's pages in use and free (the file,
    the write-ahead log aside), PostgreSQL's pg_database_size."""

    before: int
    after: int


def compact(engine: Engine) -> Compacted:
    """Rewrite the database `engine` opens with every page full (SQLite's VACUUM, PostgreSQL's
    VACUUM FULL); waits for a writer in progress (SQLite: up to the busy timeout)."""
    if engine.dialect.name != "sqlite":
        return _server_compact(engine)
    raw = engine.raw_connection()  # autocommit: pokerdb's engines begin their own transactions
    try:
        driver: sqlite3.Connection = raw.driver_connection  # type: ignore[assignment]
        before = _sqlite_bytes(driver)
        driver.execute("VACUUM")
        driver.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the log the rewrite filled
        return Compacted(before, _sqlite_bytes(driver))
    finally:
        raw.close()


def _sqlite_bytes(driver: sqlite3.Connection) -> int:
    """A SQLite database's pages times their size."""
    pages, = driver.execute("PRAGMA page_count").fetchone()
    size, = driver.execute("PRAGMA page_size").fetchone()
    return int(pages) * int(size)


def _server_compact(engine: Engine) -> Compacted:
    """VACUUM FULL and ANALYZE a PostgreSQL database, outside a transaction as they must run."""
    size = text("SELECT pg_database_size(current_database())")
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        before = int(connection.scalar(size) or 0)
        connection.exec_driver_sql("VACUUM (FULL, ANALYZE)")
        return Compacted(before, int(connection.scalar(size) or 0))
