"""Seats written with their players' names by number (revision 0027, storage.player_names): an
import's workers know no database ids, so they stage the seats with the names' text
(`staged_seats`), and the copy into seats numbers them in SQL, a batch at a time
(`copy_named_seats`): the batch's new names are added to player_names, then the seats copied
joined to it. No name is held in the importing process, however many players the import
meets.
"""

from collections.abc import Sequence
from typing import Any, Final

from sqlalchemy import Column, Connection, MetaData, String, Table

from pokerdb.storage.player_names import NAME
from pokerdb.storage.row_writes import StagedRows, execute_rows
from pokerdb.storage.schema import seats

# seats as an import stages them: the name's text where seats has its number.
staged_seats: Final = Table(
    seats.name, MetaData(),
    *(Column(NAME, String) if column.name == "name_id" else column._copy()
      for column in seats.columns))
_STAGING: Final = "pokerdb_staged_seats"  # a temporary table of the connection's own


def copy_named_seats(columns: Sequence[str], source: str, values: Sequence[str]) -> list[str]:
    """The statements that copy staged seats (of `columns`, staged_seats') from the table
    `source`, where `values` are their columns' names, into seats: the names not numbered
    yet added to player_names, then each seat with its name's number. The names are
    numbered by their first deal, then their text: batches stored in the order of their deals
    number them alike however the import cut them (its workers' count; revision 0027 numbers
    a database's names so too). Unqualified, `seats` is the import's own table on PostgreSQL
    (its partition, on the search path first: storage.partitions)."""
    if NAME not in columns:  # no seat of the batch is named
        return [f"INSERT INTO seats ({', '.join(columns)}) "
                f"SELECT {', '.join(values)} FROM {source}"]
    name, deal = (f"t.{values[columns.index(column)]}" for column in (NAME, "deal_id"))
    stored = ", ".join("name_id" if column == NAME else column for column in columns)
    copied = ", ".join("n.id" if column == NAME else f"t.{value}"
                       for column, value in zip(columns, values, strict=True))
    return [f"INSERT INTO player_names (name) SELECT {name} FROM {source} t "
            f"WHERE {name} IS NOT NULL AND NOT EXISTS "
            f"(SELECT 1 FROM player_names n WHERE n.name = {name}) "
            f"GROUP BY {name} ORDER BY min({deal}), {name}",
            f"INSERT INTO seats ({stored}) SELECT {copied} FROM {source} t "
            f"LEFT JOIN player_names n ON n.name = {name}"]


def insert_named_seats(connection: Connection, staged: StagedRows) -> None:
    """Append staged seats (staged_seats' columns: stage_rows' rows, or COPY text on
    PostgreSQL) through a temporary table of the connection's own, which copy_named_seats
    copies from, in the caller's transaction."""
    names = ", ".join(staged.columns)
    postgres = connection.dialect.name == "postgresql"
    driver: Any = connection.connection.driver_connection
    cursor = driver.cursor()
    try:
        if postgres:
            cursor.execute(f"CREATE TEMPORARY TABLE IF NOT EXISTS {_STAGING} ON COMMIT DROP "
                           f"AS SELECT {_postgres_columns()} FROM seats WITH NO DATA")
            with cursor.copy(f"COPY {_STAGING} ({names}) FROM STDIN") as copy:
                copy.write(staged.payload)
        else:
            cursor.execute(f"CREATE TEMPORARY TABLE IF NOT EXISTS {_STAGING} "
                           f"({', '.join(staged_seats.c.keys())})")
            execute_rows(cursor, f"{_STAGING} ({names})", len(staged.columns),
                         staged.payload)
        for statement in copy_named_seats(staged.columns, _STAGING, staged.columns):
            cursor.execute(statement)
        cursor.execute(f"{'TRUNCATE' if postgres else 'DELETE FROM'} {_STAGING}")
    finally:
        cursor.close()


def _postgres_columns() -> str:
    """seats' columns for the temporary table of staged seats, the name as text."""
    return ", ".join("CAST(NULL AS TEXT) AS name" if column.name == "name_id"
                     else column.name for column in seats.columns)
