"""Staged rows of several tables packed into one SQLite database image, for SQLite: how an import
worker process (steps.hand_workers) hands its rows to the importing process.

A worker binds its rows into an in-memory database of its own (`row_image`: plain tables, no
keys, no types, so nothing but the binding is paid) and sends that database's bytes. The
importing process, the one writer, loads the bytes into an attached in-memory schema and copies
each table with one INSERT ... SELECT, which SQLite runs without Python: binding the rows of
10,000 six-max hands one by one took the importer about a second, copying them 0.25 to 0.3 s,
and the binding now runs on the workers' cores. The seats' names and the deals' texts are
numbered as they are copied (storage.numbered_texts). The destination's column affinities apply
as they do to bound values, so the rows stored are the same.

A process (a thread) binds every image in one scratch database of its own, emptied after each:
its tables, one a width, and its statements, prepared once (an INSERT of 999 values takes SQLite
as long to prepare as binding a few hundred rows), serve every batch.
"""

import itertools
import os
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from sqlalchemy import Connection

from pokerdb.storage.deal_texts import STAGED_TEXTS
from pokerdb.storage.numbered_texts import copy_numbered
from pokerdb.storage.row_writes import StagedRows, execute_rows

IMAGE_SCHEMA: Final = "pokerdb_staged_image"  # the importer's attached in-memory database
# Whether this Python's sqlite3 can hand a database over as bytes (3.11 and newer, where the
# SQLite library was built with it, as it is by default since 3.36).
IMAGES_AVAILABLE: Final = hasattr(sqlite3.Connection, "serialize")
_COOKIES: Final = itertools.count(1 << 20)  # above any image's own (a count of its CREATEs)
_SCRATCH: Final = threading.local()  # `held`: (the process id, its scratch database)


@dataclass(frozen=True)
class RowImage:
    """The rows of several tables in one SQLite database image (made by row_image): per table,
    its name and the columns its rows fill, in storing order, the i-th the image's
    `rows_<i>_<its columns>` (image_table)."""

    tables: tuple[tuple[str, tuple[str, ...]], ...]
    image: bytes

    def store(self, connection: Connection) -> None:
        """Copy every table's rows into the database, in the caller's transaction."""
        if not self.tables:  # a batch of refused hands alone: nothing to copy
            return
        driver = connection.connection.driver_connection
        cursor = driver.cursor()  # type: ignore[union-attr]
        try:
            attached = {row[1] for row in cursor.execute("PRAGMA database_list")}
            if IMAGE_SCHEMA not in attached:
                cursor.execute(f"ATTACH DATABASE ':memory:' AS {IMAGE_SCHEMA}")
            driver.deserialize(self.image, name=IMAGE_SCHEMA)  # type: ignore[union-attr]
            # Every image's schema cookie is the same small number, so SQLite would run a
            # statement prepared on an earlier image (the driver caches them by their text)
            # on this one, reading its tables from the earlier image's pages. A cookie never
            # used before in this process makes it prepare them again.
            cursor.execute(f"PRAGMA {IMAGE_SCHEMA}.schema_version = {next(_COOKIES)}")
            for index, (table, columns) in enumerate(self.tables):
                source = f"{IMAGE_SCHEMA}.{image_table(index, columns)}"
                if table in STAGED_TEXTS:  # texts by number (storage.numbered_texts)
                    for statement in copy_numbered(
                            table, STAGED_TEXTS[table][1], columns, source,
                            [f"c{column}" for column in range(len(columns))]):
                        cursor.execute(statement)
                    continue
                cursor.execute(f"INSERT INTO main.{table} ({', '.join(columns)}) "
                               f"SELECT * FROM {source}")
        finally:
            cursor.close()


def row_image(staged: Sequence[StagedRows]) -> RowImage:
    """The staged rows (of SQLite: stage_rows' rows as they are) packed into one image; needs
    no connection to the database they are for."""
    tables: list[tuple[str, tuple[str, ...]]] = []
    scratch = _scratch()
    cursor = scratch.cursor()
    try:
        cursor.execute("BEGIN")
        for rows in staged:
            if not rows.payload:
                continue
            assert not isinstance(rows.payload, str), "COPY text is PostgreSQL's"
            name = image_table(len(tables), rows.columns)
            names = ", ".join(f"c{column}" for column in range(len(rows.columns)))
            cursor.execute(f"CREATE TABLE IF NOT EXISTS {name} ({names})")
            execute_rows(cursor, name, rows.payload, rows.at)
            tables.append((rows.table, rows.columns))
        cursor.execute("COMMIT")
        if not tables:  # an empty database has no page to serialize (SQLite refuses)
            return RowImage((), b"")
        try:
            return RowImage(tuple(tables), scratch.serialize())
        finally:  # emptied for the next image
            for index, (_, columns) in enumerate(tables):
                cursor.execute(f"DELETE FROM {image_table(index, columns)}")
    except BaseException:
        if scratch.in_transaction:
            cursor.execute("ROLLBACK")
        raise
    finally:
        cursor.close()


def image_table(index: int, columns: tuple[str, ...]) -> str:
    """The image's table of the index-th table's rows, which fill `columns`."""
    return f"rows_{index}_{len(columns)}"


def _scratch() -> sqlite3.Connection:
    """This thread's scratch database, made once in each process (a worker forked from a
    process that had one makes its own)."""
    held: tuple[int, sqlite3.Connection] | None = getattr(_SCRATCH, "held", None)
    if held is None or held[0] != os.getpid():
        held = _SCRATCH.held = (os.getpid(), sqlite3.connect(":memory:", isolation_level=None))
    return held[1]
