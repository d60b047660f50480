"""Rows of any table, written the fastest way each backend offers.

The small writes (rejects, labels, descriptions) go in as they are: `executemany` on SQLite,
COPY on PostgreSQL. Rows staged ahead (stage_rows, on another thread) go in one statement: on
SQLite one JSON array, which json_each unpacks in C (binding each row through `executemany`
costs twice as long: 6.6 s against 2.7 s for a million deals); on PostgreSQL one block of COPY
text. Everything runs inside the caller's transaction, so a failure later in the same
transaction still leaves nothing behind.
"""

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Table

from pokerdb.storage.copy_text import copy_rows, copy_text

Row = Sequence[Any]


def insert_rows(connection: Connection, table: Table, columns: Sequence[str],
                rows: Sequence[Row]) -> None:
    """Rows of any table, for the small writes: rejects, labels, descriptions."""
    if not rows:
        return
    if connection.dialect.name == "postgresql":
        copy_rows(connection, table.name, columns, rows)
        return
    placeholders = ", ".join("?" for _ in columns)
    cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.executemany(
            f"INSERT INTO {table.name} ({', '.join(columns)}) VALUES ({placeholders})", rows)
    finally:
        cursor.close()


@dataclass(frozen=True)
class StagedRows:
    """Rows of one table made ready, by stage_rows, for insert_staged_rows."""

    table: str
    columns: tuple[str, ...]
    # SQLite: a JSON array of the rows (arrays); PostgreSQL: the rows in COPY's text format
    payload: str


def stage_rows(dialect: str, table: Table, columns: Sequence[str],
               rows: Sequence[Row]) -> StagedRows:
    """Rows of text, integers, booleans and NULLs (None), any number of them, ready for one
    statement; an exact decimal goes as its text. Needs no connection, so it can be done ahead
    on another thread: storing then runs in the database alone, outside Python's lock."""
    if dialect == "postgresql":
        return StagedRows(table.name, tuple(columns), "".join(
            "\t".join(map(copy_text, row)) + "\n" for row in rows))
    return StagedRows(table.name, tuple(columns), json.dumps(rows))


def insert_staged_rows(connection: Connection, staged: StagedRows) -> None:
    """Append the staged rows: COPY on PostgreSQL; on SQLite one INSERT reading the JSON array
    with json_each, in C."""
    if not staged.payload or staged.payload == "[]":
        return
    names = ", ".join(staged.columns)
    if connection.dialect.name == "postgresql":
        driver = connection.connection.driver_connection
        with (driver.cursor() as cursor,  # type: ignore[union-attr]
              cursor.copy(f"COPY {staged.table} ({names}) FROM STDIN") as copy):
            copy.write(staged.payload)
        return
    values = ", ".join(f"json_extract(value, '$[{index}]')"
                       for index in range(len(staged.columns)))
    connection.exec_driver_sql(
        f"INSERT INTO {staged.table} ({names}) SELECT {values} FROM json_each(?)",
        (staged.payload,))

