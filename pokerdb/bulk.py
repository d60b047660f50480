"""The fastest write path each backend offers. All dialect-specific code lives here.

SQLite takes DBAPI `executemany` of tuples; PostgreSQL takes COPY. Both run inside the caller's
transaction, so a failure later in the same transaction still leaves nothing behind.
"""

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, Table

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
    """Serialise writers that allocate ids from max(id): SQLite's BEGIN IMMEDIATE already has."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"LOCK TABLE {table.name} IN SHARE ROW EXCLUSIVE MODE")


def update_rows(connection: Connection, table: Table, set_columns: Sequence[str],
                key_columns: Sequence[str], rows: Sequence[Row]) -> None:
    """Update rows by key; each row holds the new values then the key values."""
    if not rows:
        return
    assignments = ", ".join(f"{column} = ?" for column in set_columns)
    condition = " AND ".join(f"{column} = ?" for column in key_columns)
    cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.executemany(f"UPDATE {table.name} SET {assignments} WHERE {condition}", rows)
    finally:
        cursor.close()
