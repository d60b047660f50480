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
