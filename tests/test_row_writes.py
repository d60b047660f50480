"""Staged rows on SQLite go through executemany; an integer past SQLite's 64 bits (which the
driver refuses) goes as its decimal text, and the rows bound before it are not stored twice."""

from pathlib import Path

from sqlalchemy import Column, Integer, MetaData, String, Table, create_engine, text

from pokerdb.storage.row_writes import insert_staged_rows, stage_rows


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
    assert list(staged.payload) == [(1, None, None), (2, "b", None), (3, None, None)]
    with engine.begin() as connection:
        insert_staged_rows(connection, staged)
        stored = connection.execute(text("SELECT * FROM staged ORDER BY id")).all()
    engine.dispose()
    assert stored == rows
    # Rows NULL in every column keep their columns: without any, nothing would be inserted.
    assert stage_rows("sqlite", table, ("empty", "mixed"), [(None, None)]).columns == (
        "empty", "mixed")
