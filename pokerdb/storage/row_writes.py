"""Rows of any table, written the fastest way each backend offers.

The small writes (rejects, labels, descriptions) go in as they are: `executemany` on SQLite,
COPY on PostgreSQL. Rows staged ahead (stage_rows, on another thread) go in one call: on SQLite
`executemany` over the rows as they are, many rows to a statement (storage.row_chunks; SQLite
3.40 reading one JSON array with json_each instead took 5.7x as long for rows of 25 columns,
1.5x for rows of 4: 60,000 seat_stats rows in 1.09 s against 0.19 s, plus 0.23 s to write the
JSON); on PostgreSQL one block of COPY text. Everything runs inside the caller's transaction,
so a failure later in the same transaction still leaves nothing behind.
"""

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Table

from pokerdb.storage.copy_text import copy_rows, copy_text
from pokerdb.storage.row_chunks import chunks, null_columns, rows_per_chunk

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


def upsert_rows(connection: Connection, table: str, columns: Sequence[str], rows: Iterable[Row],
                conflict: str = "") -> None:
    """Rows of `table` in `columns`' order, no two of one key, each inserted or, by `conflict`
    (an ON CONFLICT clause; '' for none), merged into the table's row of its key, in the order
    given: on SQLite one `executemany` through the driver's cursor; on PostgreSQL COPY into a
    temporary table, then one INSERT ... SELECT (an `executemany` of the upsert, pipelined,
    cost the importing process 2.2 s of 100,000 hands, most of its time writing)."""
    names = ", ".join(columns)
    if connection.dialect.name != "postgresql":
        cursor: Any = connection.connection.cursor()
        cursor.executemany(f"INSERT INTO {table} ({names})\n"
                           f"VALUES ({', '.join('?' * len(columns))}){conflict}", rows)
        return
    staged = f"pokerdb_staged_{table}"
    connection.exec_driver_sql(f"CREATE TEMPORARY TABLE {staged} (LIKE {table}) ON COMMIT DROP")
    copy_rows(connection, staged, columns, rows)
    connection.exec_driver_sql(f"INSERT INTO {table} ({names})\nSELECT {names} FROM {staged}"
                               f"{conflict}")
    connection.exec_driver_sql(f"DROP TABLE {staged}")


@dataclass(frozen=True)
class StagedRows:
    """Rows of one table made ready, by stage_rows, for insert_staged_rows."""

    table: str
    columns: tuple[str, ...]  # those stored
    # SQLite: the rows themselves; PostgreSQL: the rows in COPY's text format
    payload: str | Sequence[Row]
    at: tuple[int, ...]  # SQLite: each column's index in the rows (the others NULL in every row)


def stage_rows(dialect: str, table: Table, columns: Sequence[str],
               rows: Sequence[Row]) -> StagedRows:
    """Rows of text, integers, booleans and NULLs (None), any number of them, ready for one
    call; an exact decimal goes as its text. Needs no connection, so it can be done ahead on
    another thread."""
    if dialect == "postgresql":
        return StagedRows(table.name, tuple(columns), "".join(
            "\t".join(map(copy_text, row)) + "\n" for row in rows), tuple(range(len(columns))))
    return _without_null_columns(table, tuple(columns), rows)


def _without_null_columns(table: Table, columns: tuple[str, ...],
                          rows: Sequence[Row]) -> StagedRows:
    """SQLite's rows without the columns that are NULL in every one of them (and have no
    default, so that leaving them out stores NULL too): the rows stay as they are, the values
    bound picked from them (row_chunks.chunks). Each NULL bound costs the sqlite3 module and
    SQLite a value, the importer too where it copies an image (storage.row_images): a hand
    history's optional columns (a site's seat numbers, rake, all-in stakes) are NULL in most
    batches."""
    null = set(null_columns(rows, [index for index, column in enumerate(columns)
                                   if table.c[column].server_default is None]))
    at = tuple(index for index in range(len(columns)) if index not in null)
    if not at:  # (no column of an INSERT)
        at = tuple(range(len(columns)))
    return StagedRows(table.name, tuple(columns[index] for index in at), rows, at)


def insert_staged_rows(connection: Connection, staged: StagedRows) -> None:
    """Append the staged rows: COPY on PostgreSQL; `executemany` on SQLite, where an integer
    past SQLite's 64 bits goes as its text (the column's affinity then decides, as for a
    decimal's text)."""
    if not staged.payload:
        return
    names = ", ".join(staged.columns)
    driver = connection.connection.driver_connection
    if isinstance(staged.payload, str):
        with (driver.cursor() as cursor,  # type: ignore[union-attr]
              cursor.copy(f"COPY {staged.table} ({names}) FROM STDIN") as copy):
            copy.write(staged.payload)
        return
    cursor = driver.cursor()  # type: ignore[union-attr]
    try:
        execute_rows(cursor, f"{staged.table} ({names})", staged.payload, staged.at)
    finally:
        cursor.close()


def execute_rows(cursor: sqlite3.Cursor, into: str, rows: Sequence[Row],
                 at: tuple[int, ...]) -> None:
    """INSERT INTO `into` (a table, its columns named or not) of the rows' values at the
    indices `at`, in the cursor's transaction, many rows a statement (storage.row_chunks); an
    integer past SQLite's 64 bits goes as its text, the rows bound before it not stored
    twice."""
    cursor.execute("SAVEPOINT staged_rows")
    try:
        _insert_chunks(cursor, into, rows, at)
    except OverflowError:
        cursor.execute("ROLLBACK TO staged_rows")
        _insert_chunks(cursor, into, list(map(_wide_integers_as_text, rows)), at)
    cursor.execute("RELEASE staged_rows")


def _insert_chunks(cursor: sqlite3.Cursor, into: str, rows: Sequence[Row],
                   at: tuple[int, ...]) -> None:
    """The rows inserted a chunk (row_chunks.chunks) a statement: the full chunks by one
    `executemany`, the rest by statements of 2**k rows, one for each bit of its count, largest
    first. Their texts recur from batch to batch, so the driver prepares each once on a
    connection (preparing an INSERT of 999 values costs as much as binding hundreds of rows)."""
    width = len(at)
    per = rows_per_chunk(width)
    values = chunks(rows, at, per)
    row = f"({', '.join('?' * width)})"
    rest = len(rows) % per
    full = values[:-1] if rest else values
    if full:
        cursor.executemany(f"INSERT INTO {into} VALUES {', '.join([row] * per)}", full)
    start = 0
    while rest:
        count = 1 << (rest.bit_length() - 1)
        end = start + count * width
        cursor.execute(f"INSERT INTO {into} VALUES {', '.join([row] * count)}",
                       values[-1][start:end])
        start, rest = end, rest - count


def _wide_integers_as_text(row: Row) -> Row:
    """The row with each integer past 64 bits as its decimal text."""
    return tuple(str(value) if type(value) is int and not _INT64_MIN <= value <= _INT64_MAX
                 else value for value in row)


_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1
