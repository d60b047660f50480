"""Staged rows on SQLite go through executemany, many rows to a statement; an integer past
SQLite's 64 bits (which the driver refuses) goes as its decimal text, and the rows bound before
it are not stored twice. Upserts of many rows go in one statement on PostgreSQL."""

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import (
    Boolean,
    Column,
    Integer,
    MetaData,
    Numeric,
    String,
    Table,
    create_engine,
    text,
)

from pokerdb.storage.row_chunks import rows_per_chunk
from pokerdb.storage.row_images import row_image
from pokerdb.storage.row_writes import insert_rows, insert_staged_rows, stage_rows, upsert_rows


def test_an_integer_past_64_bits_is_stored_as_its_text_once(tmp_path: Path) -> None:
    metadata = MetaData()
    table = Table("staged", metadata, Column("name", String), Column("count", Integer),
                  Column("wide", String))
    engine = create_engine(f"sqlite:///{tmp_path / 'rows.sqlite'}")
    metadata.create_all(engine)
    rows = [("a", 1, 7), ("b", 2, 2 ** 70), ("c", 3, -(2 ** 63))]
    with engine.begin() as connection:
        insert_staged_rows(connection, stage_rows("sqlite", table, ("name", "count", "wide"),
                                                  rows))
        stored = connection.execute(text(
            "SELECT name, count, wide, typeof(wide) FROM staged ORDER BY name")).all()
    engine.dispose()
    assert stored == [("a", 1, "7", "text"), ("b", 2, str(2 ** 70), "text"),
                      ("c", 3, str(-(2 ** 63)), "text")]


def test_a_column_null_in_every_row_is_left_out_and_stored_null(tmp_path: Path) -> None:
    metadata = MetaData()
    table = Table("staged", metadata, Column("id", Integer, primary_key=True),
                  Column("empty", String), Column("mixed", String),
                  Column("defaulted", String, server_default="x"))
    engine = create_engine(f"sqlite:///{tmp_path / 'rows.sqlite'}")
    metadata.create_all(engine)
    columns = ("id", "empty", "mixed", "defaulted")
    rows = [(1, None, None, None), (2, None, "b", None), (3, None, None, None)]
    staged = stage_rows("sqlite", table, columns, rows)
    # NULL throughout and without a default: not bound; a default would store "x", so kept.
    assert staged.columns == ("id", "mixed", "defaulted")
    assert staged.at == (0, 2, 3) and staged.payload == rows  # the values bound picked
    with engine.begin() as connection:
        insert_staged_rows(connection, staged)
        stored = connection.execute(text("SELECT * FROM staged ORDER BY id")).all()
    engine.dispose()
    assert stored == rows
    # Rows NULL in every column keep their columns: without any, nothing would be inserted.
    assert stage_rows("sqlite", table, ("empty", "mixed"), [(None, None)]).columns == (
        "empty", "mixed")


def test_rows_many_to_a_statement_are_stored_in_order_as_bound_one_by_one(
        tmp_path: Path) -> None:
    """storage.row_chunks: full chunks and the rest, each None stored NULL (bound as a NaN)
    and each bool as its integer, as the driver binds them one row at a time."""
    metadata = MetaData()
    table = Table("staged", metadata, Column("id", Integer), Column("name", String),
                  Column("flag", Boolean), Column("amount", Numeric), Column("other", String))
    columns = ("id", "name", "flag", "amount", "other")
    rows = [(index, None if index % 3 else f"n{index}", [True, False, None][index % 3],
             None if index % 5 else str(index / 4), [None, 1.5, "x", 7][index % 4])
            for index in range(2 * rows_per_chunk(len(columns)) + 7)]
    stored = []
    for chunked in (True, False):
        engine = create_engine(f"sqlite:///{tmp_path / f'{chunked}.sqlite'}")
        metadata.create_all(engine)
        with engine.begin() as connection:
            if chunked:
                insert_staged_rows(connection, stage_rows("sqlite", table, columns, rows))
            else:
                insert_rows(connection, table, columns, rows)
            stored.append(connection.execute(text(
                "SELECT id, quote(name), quote(flag), quote(amount), quote(other), "
                "typeof(amount) FROM staged ORDER BY rowid")).all())
        engine.dispose()
    assert stored[0] == stored[1]
    assert [row[0] for row in stored[0]] == list(range(len(rows)))


_WIDE = Table("wide", MetaData(), *(Column(f"c{index}", String) for index in range(7)),
              Column("d", String, server_default="x"))
_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-(2 ** 63), 2 ** 63 - 1),
                    st.text(max_size=3))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(*[_VALUES] * 8), min_size=1, max_size=300),
       st.sets(st.integers(0, 7)))
def test_staged_rows_store_what_the_driver_stores_of_each_row(
        rows: list[tuple[Any, ...]], nulls: set[int]) -> None:
    """Rows of any values, some columns NULL in every one (`nulls`), stored from stage_rows on
    SQLite, as bound and as an image copied: each value as the driver binds it row by row."""
    rows = [tuple(None if index in nulls else value for index, value in enumerate(row))
            for row in rows]
    columns = tuple(column.name for column in _WIDE.columns)
    staged = stage_rows("sqlite", _WIDE, columns, rows)
    stored = []
    for how in ("one by one", "staged", "image"):
        engine = create_engine("sqlite://")
        _WIDE.metadata.create_all(engine)
        with engine.begin() as connection:
            if how == "one by one":
                insert_rows(connection, _WIDE, columns, rows)
            elif how == "staged":
                insert_staged_rows(connection, staged)
            else:
                image = row_image([staged])
                driver: sqlite3.Connection = connection.connection.driver_connection
                driver.execute("ATTACH DATABASE ':memory:' AS image")
                driver.deserialize(image.image, name="image")
                connection.exec_driver_sql(f"INSERT INTO wide ({', '.join(staged.columns)}) "
                                           f"SELECT * FROM image.rows_0_{len(staged.at)}")
            stored.append(connection.exec_driver_sql(
                f"SELECT {', '.join(f'quote({column})' for column in columns)} FROM wide "
                f"ORDER BY rowid").all())
        engine.dispose()
    assert stored[1] == stored[0] and stored[2] == stored[0]
    assert len(stored[0]) == len(rows)


def test_upserted_rows_are_added_to_those_of_their_keys_without_executemany_on_postgresql(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """upsert_rows, as an import writes the players' summaries: on PostgreSQL COPY into a
    temporary table and one INSERT ... SELECT (not an executemany of the upsert, a statement a
    row), as often as wanted in one transaction; rows of new keys inserted, the others added."""
    if db_url.startswith("postgresql"):
        import psycopg

        def refused(*_: Any) -> None:
            raise AssertionError("executemany")

        monkeypatch.setattr(psycopg.Cursor, "executemany", refused)
    metadata = MetaData()
    Table("sums", metadata, Column("name", String, primary_key=True),
          Column("day", Integer, primary_key=True), Column("hands", Integer, nullable=False),
          Column("note", String))
    engine = create_engine(db_url)
    metadata.create_all(engine)
    added = ("\nON CONFLICT (name, day) DO UPDATE SET hands = sums.hands + excluded.hands, "
             "note = excluded.note")
    try:
        with engine.begin() as connection:
            upsert_rows(connection, "sums", ("name", "day", "hands", "note"),
                        [("a", 1, 2, None), ("b\tc", 1, 3, "x\ny")])
            upsert_rows(connection, "sums", ("name", "day", "hands", "note"),
                        iter([("a", 1, 5, "z"), ("a", 2, 1, None)]), added)
        with engine.begin() as connection:
            upsert_rows(connection, "sums", ("name", "day", "hands"), [("a", 2, 4)], added)
            stored = connection.execute(text("SELECT * FROM sums ORDER BY name, day")).all()
    finally:
        engine.dispose()
    assert stored == [("a", 1, 7, "z"), ("a", 2, 5, None), ("b\tc", 1, 3, "x\ny")]
