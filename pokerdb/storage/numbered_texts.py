"""Texts repeated from row to row stored once, by number, in a table of their own (`id`, `name`):
the players' names of seats (player_names, revision 0027: storage.named_seats) and the venues,
tables, stakes and source files of deals (revision 0029: storage.deal_texts). An import's
workers know no database ids, so they stage the rows with the texts (`staged_table`), and the
copy into the table numbers them in SQL, a batch at a time (`copy_numbered`): the batch's new
texts are added to their tables, then the rows copied joined to them. No text is held in the
importing process, however many the import meets.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, Connection, MetaData, String, Table

from pokerdb.storage.row_writes import StagedRows, execute_rows


@dataclass(frozen=True)
class Numbered:
    """A text stored by number: the staged rows' column of the text (`text`), the table's
    column of its number (`stored`), the table numbering the texts (`names`), and the column
    of the rows' deal, which orders the new texts (`deal`)."""

    text: str
    stored: str
    names: str
    deal: str


def staged_table(table: Table, texts: Sequence[Numbered]) -> Table:
    """`table` as an import stages it: each text in its number's place, and no generated
    column (seats', revision 0034)."""
    by_stored = {numbered.stored: numbered.text for numbered in texts}
    return Table(table.name, MetaData(),
                 *(Column(by_stored[column.name], String) if column.name in by_stored
                   else column._copy() for column in table.columns
                   if column.computed is None))


def copy_numbered(table: str, texts: Sequence[Numbered], columns: Sequence[str], source: str,
                  values: Sequence[str], by_distinct: bool = False) -> list[str]:
    """The statements that copy staged rows of `table` (of `columns`, staged_table's) from the
    table `source`, where `values` are their columns' names: the texts not numbered yet added
    to their tables, then each row with its texts' numbers. The texts are numbered by their
    first deal, then their text: batches stored in the order of their deals number them alike
    however the import cut them (its workers' count; the revisions number a database's texts
    so too). Unqualified, `table` is the import's own on PostgreSQL (its partition, on the
    search path first: storage.partitions).

    `by_distinct` (PostgreSQL): the texts' table is read only at the batch's distinct texts.
    PostgreSQL otherwise hashes the whole table twice a batch, which grows with the import: at
    544,000 players' names (HandHQ's) 0.43 s a batch of 11,000 seats and 2,000 names, where
    looking each distinct name up in the table's index takes 0.03 s (0.013 s against 0.008 at
    800 names). SQLite looks each row's text up in the index either way."""
    value = {column: f"t.{name}" for column, name in zip(columns, values, strict=True)}
    present = [numbered for numbered in texts if numbered.text in columns]
    statements = [_added_texts(numbered.names, value[numbered.text], value[numbered.deal],
                               source, by_distinct) for numbered in present]
    alias = {numbered.text: f"n{index}" for index, numbered in enumerate(present)}
    stored = {numbered.text: numbered.stored for numbered in present}
    joins = "".join(
        f" LEFT JOIN {_texts_read(numbered.names, text, source, by_distinct)} {name} "
        f"ON {name}.name = {text}"
        for numbered in present for text, name in [(value[numbered.text], alias[numbered.text])])
    copied = ", ".join(f"{alias[column]}.id" if column in alias else value[column]
                       for column in columns)
    statements.append(f"INSERT INTO {table} "
                      f"({', '.join(stored.get(column, column) for column in columns)}) "
                      f"SELECT {copied} FROM {source} t{joins}")
    return statements


def _added_texts(names: str, text: str, deal: str, source: str, by_distinct: bool) -> str:
    """The INSERT that numbers the staged texts `text` (of `source` t) that `names` lacks, in
    the order of their first deal, then their text."""
    if not by_distinct:
        return (f"INSERT INTO {names} (name) SELECT {text} FROM {source} t "
                f"WHERE {text} IS NOT NULL AND NOT EXISTS "
                f"(SELECT 1 FROM {names} n WHERE n.name = {text}) "
                f"GROUP BY {text} ORDER BY min({deal}), {text}")
    return (f"INSERT INTO {names} (name) SELECT g.name FROM (SELECT {text} AS name, "
            f"min({deal}) AS first FROM {source} t WHERE {text} IS NOT NULL GROUP BY {text}) g "
            f"WHERE NOT EXISTS (SELECT 1 FROM {names} n WHERE n.name = g.name) "
            f"ORDER BY g.first, g.name")


def _texts_read(names: str, text: str, source: str, by_distinct: bool) -> str:
    """What the staged rows join to for their texts' numbers: `names`, or (by_distinct) its
    rows of the texts `source` holds."""
    if not by_distinct:
        return names
    return (f"(SELECT n.id, n.name FROM {names} n WHERE n.name IN "
            f"(SELECT {text} FROM {source} t))")


def insert_numbered(connection: Connection, table: Table, texts: Sequence[Numbered],
                    staged: StagedRows) -> None:
    """Append staged rows of `table` (staged_table's columns: stage_rows' rows, or COPY text
    on PostgreSQL) through a temporary table of the connection's own, which copy_numbered
    copies from, in the caller's transaction."""
    names = ", ".join(staged.columns)
    postgres = connection.dialect.name == "postgresql"
    staging = f"pokerdb_staged_{table.name}"
    driver: Any = connection.connection.driver_connection
    cursor = driver.cursor()
    try:
        if postgres:
            by_stored = {numbered.stored: numbered.text for numbered in texts}
            columns = ", ".join(f"CAST(NULL AS TEXT) AS {by_stored[column.name]}"
                                if column.name in by_stored else column.name
                                for column in table.columns if column.computed is None)
            cursor.execute(f"CREATE TEMPORARY TABLE IF NOT EXISTS {staging} ON COMMIT DROP "
                           f"AS SELECT {columns} FROM {table.name} WITH NO DATA")
            with cursor.copy(f"COPY {staging} ({names}) FROM STDIN") as copy:
                copy.write(staged.payload)
        else:
            cursor.execute(f"CREATE TEMPORARY TABLE IF NOT EXISTS {staging} "
                           f"({', '.join(staged_table(table, texts).c.keys())})")
            execute_rows(cursor, f"{staging} ({names})", staged.payload, staged.at)
        statements = [*copy_numbered(table.name, texts, staged.columns, staging,
                                     staged.columns, by_distinct=postgres),
                      f"{'TRUNCATE' if postgres else 'DELETE FROM'} {staging}"]
        if postgres:  # one round trip: each waits for the server to be scheduled again
            cursor.execute("; ".join(statements))
        else:
            for statement in statements:
                cursor.execute(statement)
    finally:
        cursor.close()
