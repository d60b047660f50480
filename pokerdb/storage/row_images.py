"""Staged rows of several tables packed into one SQLite database image, for SQLite: how an import
worker process (steps.hand_workers) hands its rows to the importing process.

A worker binds its rows into an in-memory database of its own (`row_image`: plain tables, no
keys, no types, so nothing but the binding is paid) and sends that database's bytes. The
importing process, the one writer, loads the bytes into an attached in-memory schema and copies
each table with one INSERT ... SELECT, which SQLite runs without Python: binding the rows of
10,000 six-max hands one by one took the importer about a second, copying them 0.25 to 0.3 s,
and the binding now runs on the workers' cores. The destination's column affinities apply
as they do to bound values, so the rows stored are the same.
"""

import itertools
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from sqlalchemy import Connection

from pokerdb.storage.row_writes import StagedRows, execute_rows

IMAGE_SCHEMA: Final = "pokerdb_staged_image"  # the importer's attached in-memory database
# Whether this Python's sqlite3 can hand a database over as bytes (3.11 and newer, where the
# SQLite library was built with it, as it is by default since 3.36).
IMAGES_AVAILABLE: Final = hasattr(sqlite3.Connection, "serialize")
_COOKIES: Final = itertools.count(1 << 20)  # above any image's own (a count of its CREATEs)


@dataclass(frozen=True)
class RowImage:
    """The rows of several tables in one SQLite database image (made by row_image): per table,
    its name and the columns its rows fill, in storing order, each the image's `rows_<i>`."""

    tables: tuple[tuple[str, tuple[str, ...]], ...]
    image: bytes

    def store(self, connection: Connection) -> None:
        """Copy every table's rows into the database, in the caller's transaction."""
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
                cursor.execute(f"INSERT INTO main.{table} ({', '.join(columns)}) "
                               f"SELECT * FROM {IMAGE_SCHEMA}.rows_{index}")
        finally:
            cursor.close()


def row_image(staged: Sequence[StagedRows]) -> RowImage:
    """The staged rows (of SQLite: stage_rows' rows as they are) packed into one image; needs
    no connection to the database they are for."""
    tables: list[tuple[str, tuple[str, ...]]] = []
    scratch = sqlite3.connect(":memory:", isolation_level=None)
    try:
        cursor = scratch.cursor()
        cursor.execute("BEGIN")
        for rows in staged:
            if not rows.payload:
                continue
            assert not isinstance(rows.payload, str), "COPY text is PostgreSQL's"
            index = len(tables)
            names = [f"c{column}" for column in range(len(rows.columns))]
            cursor.execute(f"CREATE TABLE rows_{index} ({', '.join(names)})")
            execute_rows(cursor, f"rows_{index}", len(names), rows.payload)
            tables.append((rows.table, rows.columns))
        cursor.execute("COMMIT")
        return RowImage(tuple(tables), scratch.serialize())
    finally:
        scratch.close()
