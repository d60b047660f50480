"""The fastest write path each backend offers. All dialect-specific code lives here.

SQLite takes DBAPI `executemany` of tuples; PostgreSQL takes COPY. Both run inside the caller's
transaction, so a failure later in the same transaction still leaves nothing behind.
"""

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, MetaData, Select, Table

Row = Sequence[Any]


def insert_rows(connection: Connection, table: Table, columns: Sequence[str],
                rows: Sequence[Row]) -> None:
    if not rows:
        return
    driver = connection.connection.driver_connection
    if connection.dialect.name == "postgresql":
        statement = f"COPY {table.name} ({', '.join(columns)}) FROM STDIN"
        with driver.cursor() as cursor, cursor.copy(statement) as copy:  # type: ignore[union-attr]
            for row in rows:
                copy.write_row(row)
        return
    placeholders = ", ".join("?" for _ in columns)
    cursor = driver.cursor()  # type: ignore[union-attr]
    try:
        cursor.executemany(
            f"INSERT INTO {table.name} ({', '.join(columns)}) VALUES ({placeholders})", rows)
    finally:
        cursor.close()


def lock_for_append(connection: Connection, table: Table) -> None:
    """Serialise writers that allocate ids from max(id), and those that rewrite rows an append
    could add to mid-way (evaluate's windows). SQLite's BEGIN IMMEDIATE already has."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"LOCK TABLE {table.name} IN SHARE ROW EXCLUSIVE MODE")


_MIGRATION_LOCK_KEY = int.from_bytes(b"pokerdb", "big")  # any key every pokerdb process shares


def lock_for_migration(connection: Connection) -> None:
    """Serialise schema upgrades: processes opening a new PostgreSQL database at once would each
    create the tables. SQLite's BEGIN IMMEDIATE already has; the lock ends with the transaction."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK_KEY})")


def update_rows(connection: Connection, table: Table, set_columns: Sequence[str],
                key_columns: Sequence[str], rows: Sequence[Row]) -> None:
    """Update rows by key; each row holds the new values then the key values."""
    if not rows:
        return
    if connection.dialect.name == "postgresql":
        _update_rows_by_copy(connection, table, set_columns, key_columns, rows)
        return
    assignments = ", ".join(f"{column} = ?" for column in set_columns)
    condition = " AND ".join(f"{column} = ?" for column in key_columns)
    cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.executemany(f"UPDATE {table.name} SET {assignments} WHERE {condition}", rows)
    finally:
        cursor.close()


def _update_rows_by_copy(connection: Connection, table: Table, set_columns: Sequence[str],
                         key_columns: Sequence[str], rows: Sequence[Row]) -> None:
    """COPY into a staging table, then one UPDATE joined on the key: a statement per row would
    cost a round trip per row."""
    staging = f"pokerdb_staging_{table.name}"
    columns = [*set_columns, *key_columns]
    # The staging table takes the target's column types; it lives for this call only, so the
    # same table can be updated twice in one transaction.
    connection.exec_driver_sql(
        f"CREATE TEMPORARY TABLE {staging} AS SELECT {', '.join(columns)} FROM {table.name} "
        f"WITH NO DATA")
    insert_rows(connection, Table(staging, MetaData()), columns, rows)
    assignments = ", ".join(f"{column} = s.{column}" for column in set_columns)
    condition = " AND ".join(f"t.{column} = s.{column}" for column in key_columns)
    # The staging table has no statistics, so the planner would hash-join against a scan of the
    # whole target. Bounding the first key column lets it read just that range of the index.
    first_key = [row[len(set_columns)] for row in rows]
    connection.exec_driver_sql(
        f"UPDATE {table.name} AS t SET {assignments} FROM {staging} AS s WHERE {condition} "
        f"AND t.{key_columns[0]} BETWEEN %(low)s AND %(high)s",
        {"low": min(first_key), "high": max(first_key)})
    connection.exec_driver_sql(f"DROP TABLE {staging}")


def fetch_rows(connection: Connection, statement: Select[Any]) -> list[Row]:
    """All rows of a Core SELECT, straight from the DBAPI cursor: for millions of rows,
    SQLAlchemy's result objects cost twice the query itself."""
    compiled = statement.compile(dialect=connection.dialect)
    parameters: Any = compiled.construct_params()
    if compiled.positional:
        parameters = [parameters[name] for name in compiled.positiontup or ()]
    cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.execute(str(compiled), parameters)
        return list(cursor.fetchall())
    finally:
        cursor.close()


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """For a bulk load or rewrite: millions of small row objects, none of them in reference
    cycles, over which the cyclic garbage collector's passes cost a third of an import
    (2.3 s per million deals)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
