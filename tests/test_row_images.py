"""Rows packed in an SQLite image by one process and copied into the database by another
(storage.row_images, how import workers hand over their rows) are the rows as bound one by one,
whatever the images before them on the same connection held."""

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import Column, Integer, MetaData, Numeric, String, Table, create_engine, text

from pokerdb.storage.row_images import row_image
from pokerdb.storage.row_writes import insert_staged_rows, stage_rows

METADATA = MetaData()
FIRST = Table("first", METADATA, Column("id", Integer, primary_key=True), Column("label", String))
SECOND = Table("second", METADATA, Column("id", Integer, primary_key=True),
               Column("amount", Numeric), Column("note", String))


def test_each_image_is_read_from_its_own_pages(tmp_path: Path) -> None:
    # The second image's first table takes a hundred pages, so its second table starts
    # elsewhere than in the images either side; a statement prepared on one image and run on
    # the next would read the wrong table's pages.
    engine = create_engine(f"sqlite:///{tmp_path / 'rows.sqlite'}")
    METADATA.create_all(engine)
    expected_first, expected_second = [], []
    with engine.begin() as connection:
        for image, many in enumerate((1, 5_000, 1)):
            first = [(image * 10_000 + row, f"{image}-{row}" * 20) for row in range(many)]
            second = [(image, "12.50" if image != 1 else 7, None if image else "x")]
            row_image([stage_rows("sqlite", FIRST, ("id", "label"), first),
                       stage_rows("sqlite", SECOND, ("id", "amount", "note"), second)]
                      ).store(connection)
            expected_first += first
            expected_second += second
        stored_first = connection.execute(text("SELECT id, label FROM first ORDER BY id")).all()
        stored_second = connection.execute(text(
            "SELECT id, amount, typeof(amount), note FROM second ORDER BY id")).all()
    engine.dispose()
    assert stored_first == expected_first
    # The destination's affinity applies as to a bound value: the decimal's text is a number.
    assert stored_second == [(0, 12.5, "real", "x"), (1, 7, "integer", None),
                             (2, 12.5, "real", None)]


def test_the_rows_stored_are_those_bound_one_by_one(tmp_path: Path) -> None:
    # An integer past 64 bits (which the driver refuses) goes as its text either way, and the
    # column's affinity decides what it becomes.
    rows = [(1, 5, "a"), (2, 2 ** 70, str(2 ** 70)), (3, "0.125", None), (4, True, "")]
    stored = []
    for path in ("bound", "image"):
        engine = create_engine(f"sqlite:///{tmp_path / path}.sqlite")
        METADATA.create_all(engine)
        staged = stage_rows("sqlite", SECOND, ("id", "amount", "note"), rows)
        with engine.begin() as connection:
            if path == "bound":
                insert_staged_rows(connection, staged)
            else:
                row_image([staged]).store(connection)
            stored.append(connection.execute(text(
                "SELECT id, amount, typeof(amount), note, typeof(note) FROM second "
                "ORDER BY id")).all())
        engine.dispose()
    assert stored[0] == stored[1]
    assert [row[2] for row in stored[1]] == ["integer", "real", "real", "integer"]


def test_an_image_that_fails_leaves_nothing_for_the_next(tmp_path: Path) -> None:
    # The process's scratch database serves every image: rows bound before a failure are
    # not in the next image.
    engine = create_engine(f"sqlite:///{tmp_path / 'rows.sqlite'}")
    METADATA.create_all(engine)
    good = stage_rows("sqlite", FIRST, ("id", "label"), [(1, "kept")])
    bad = stage_rows("sqlite", SECOND, ("id", "amount", "note"), [(1, 2, object())])
    with pytest.raises(sqlite3.ProgrammingError):
        row_image([stage_rows("sqlite", FIRST, ("id", "label"), [(9, "lost")]), bad])
    with engine.begin() as connection:
        row_image([good]).store(connection)
        stored = connection.execute(text("SELECT id, label FROM first")).all()
    engine.dispose()
    assert stored == [(1, "kept")]


def test_a_folder_whose_first_batch_is_all_refused_imports_the_rest(tmp_path: Path) -> None:
    """--skip-invalid with worker processes: a batch of BATCH_HANDS refused hands, then valid
    ones; the refused are recorded, the others stored. The first batch has no rows, and its
    image was a database of no pages, which SQLite cannot serialize: the import failed with
    'unable to serialize'."""
    from phh_hands import write_hand_folder
    from support import rows, succeeds
    from typer.testing import CliRunner

    from pokerdb.formats.phh.hand_histories import BATCH_HANDS

    folder = tmp_path / "hands"
    for number, path in enumerate(write_hand_folder(folder, BATCH_HANDS + 10, 5)):
        if number < BATCH_HANDS:  # winnings no settlement pays
            players = path.read_text().count("'d dh ")
            path.write_text(path.read_text() + f"winnings = {[10**6] + [0] * (players - 1)}\n")
    db = f"sqlite:///{tmp_path / 'hands.sqlite'}"
    succeeds(CliRunner(), "import", str(folder), "--db", db, "--skip-invalid",
             env={"POKERDB_WORKERS": "2"})
    assert rows(db, "SELECT count(*) FROM deals") == [(10,)]
    assert rows(db, "SELECT count(*) FROM rejects") == [(BATCH_HANDS,)]
