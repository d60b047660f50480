"""A new database is made at head from its backend's snapshot, migrations/sqlite_head.sql or
migrations/postgresql_head.sql (storage.schema_snapshot): the snapshot must be what the
migrations make, and a database made from it the same database."""

import re
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import make_url, text
from support import PE54_FILE
from typer.testing import CliRunner

from pokerdb.cli import app
from pokerdb.storage import schema_snapshot
from pokerdb.storage.engines import alembic_config, configured_engine, open_engine
from pokerdb.storage.location import SQLITE_FILE_URL, head_revision
from pokerdb.storage.reader_role import READER_FUNCTIONS
from pokerdb.storage.schema_snapshot import SNAPSHOT_FILES, header, pg_dump, snapshot_path


def described(path: Path) -> dict[str, Any]:
    """The schema and rows of an SQLite file as SQLite reads them, not as its CREATE texts spell
    them (the migrations rebuild some tables with their constraints in an order of their own):
    each table's columns in order, keys, indexes and rowid, each view's and index's text
    with its spacing evened out, and every row."""
    connection = sqlite3.connect(path)
    try:
        def rows(sql: str) -> list[tuple[Any, ...]]:
            return connection.execute(sql).fetchall()

        def even(sql: str) -> str:
            return re.sub(r"\s+", " ", sql).strip()

        tables: dict[str, Any] = {}
        for (name,) in rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"):
            indexes = sorted(
                (unique, origin, partial,
                 tuple(rows(f"PRAGMA index_xinfo('{index}')")), name if origin == "c" else "")
                for _seq, index, unique, origin, partial in rows(f"PRAGMA index_list('{name}')"))
            tables[name] = {
                "columns": rows(f"PRAGMA table_xinfo('{name}')"),
                "without_rowid": rows(f"SELECT wr FROM pragma_table_list WHERE name = '{name}'"),
                "foreign_keys": sorted(row[2:] for row in rows(
                    f"PRAGMA foreign_key_list('{name}')")),
                "indexes": indexes,
                "rows": sorted(rows(f'SELECT * FROM "{name}"'), key=repr),
            }
        texts = {(kind, name): even(sql) for kind, name, sql in rows(
            "SELECT type, name, sql FROM sqlite_master WHERE type IN ('view', 'trigger', 'index') "
            "AND sql IS NOT NULL")}
        return {"tables": tables, "texts": texts}
    finally:
        connection.close()


def migrated_file(path: Path) -> None:
    """`path` made by the migrations, revision by revision."""
    engine = configured_engine(SQLITE_FILE_URL + str(path))
    try:
        with engine.begin() as connection:
            command.upgrade(alembic_config(connection), "head")
    finally:
        engine.dispose()


@pytest.mark.parametrize("dialect", sorted(SNAPSHOT_FILES))
def test_the_snapshot_is_of_the_head_revision(dialect: str) -> None:
    first = snapshot_path(dialect).read_text(encoding="utf-8").partition("\n")[0]
    assert first == header(dialect), (
        f"migrations/{SNAPSHOT_FILES[dialect]} is not of the newest revision: run "
        f"python scripts/write-schema-snapshots.py")


def test_a_file_made_from_the_snapshot_is_the_migrated_one(tmp_path: Path) -> None:
    """Against a file the migrations made in this run, with this run's SQLAlchemy and Alembic:
    the same tables, columns, keys, indexes, views and seeded rows."""
    made, migrated = tmp_path / "made.sqlite", tmp_path / "migrated.sqlite"
    open_engine(str(made)).dispose()
    migrated_file(migrated)
    made_schema, migrated_schema = described(made), described(migrated)
    assert made_schema["tables"].keys() == migrated_schema["tables"].keys()
    for name, table in migrated_schema["tables"].items():
        assert made_schema["tables"][name] == table, name
    assert made_schema["texts"] == migrated_schema["texts"]
    assert len(made_schema["tables"]["categories"]["rows"]) > 50  # seeded, and compared


def test_a_new_file_is_made_without_the_migrations(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A new file takes the snapshot; with no snapshot of the head (a revision added and the
    snapshot not written again) the migrations make it, to the same schema."""
    run: list[str] = []
    monkeypatch.setattr("alembic.command.upgrade", lambda *args: run.append("migrations"))
    open_engine(str(tmp_path / "new.sqlite")).dispose()
    assert run == []
    monkeypatch.undo()
    monkeypatch.setattr(schema_snapshot, "HEADER", "-- another revision ")
    open_engine(str(tmp_path / "migrated.sqlite")).dispose()
    assert described(tmp_path / "new.sqlite") == described(tmp_path / "migrated.sqlite")


def test_a_file_with_tables_of_its_own_is_not_overwritten(tmp_path: Path) -> None:
    """A file holding another program's table (and no alembic_version) is not made from the
    snapshot: the migrations run on it and its table stays."""
    path = tmp_path / "theirs.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (body TEXT)")
        connection.execute("INSERT INTO notes VALUES ('kept')")
    connection.close()
    engine = open_engine(str(path))
    with engine.connect() as connection:
        assert connection.scalar(text("SELECT body FROM notes")) == "kept"
        assert connection.scalar(text("SELECT version_num FROM alembic_version")) == head_revision()
    engine.dispose()


def test_files_made_at_once_are_made_once(tmp_path: Path) -> None:
    """Four threads opening the same new file: one makes it, the others find it at head."""
    path = str(tmp_path / "raced.sqlite")
    errors: list[BaseException] = []

    def open_it() -> None:
        try:
            open_engine(path).dispose()
        except BaseException as error:  # handed to the test
            errors.append(error)

    threads = [threading.Thread(target=open_it) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT count(*) FROM alembic_version").fetchone() == (1,)
        assert connection.execute("SELECT count(*) FROM variants").fetchone()[0] > 0
    connection.close()


def test_an_import_into_a_new_file_answers(tmp_path: Path) -> None:
    runner = CliRunner()
    db = str(tmp_path / "new.sqlite")
    imported = runner.invoke(app, ["import", str(PE54_FILE), "--db", db, "--evaluate", "-q"])
    assert imported.exit_code == 0, imported.output
    result = runner.invoke(app, ["wins", "--db", db])
    assert result.exit_code == 0, result.output
    assert "376" in result.output


def pg_dump_of(url: str) -> str:
    """pg_dump's text of the PostgreSQL database at `url` (SQLAlchemy's form), owners and
    privileges left out (the snapshot grants pokerdb_reader every table, where a migrated
    database has only those of revision 0006 until `pokerdb query` grants the rest), as are
    psql's \\restrict lines (a key of their own each run)."""
    libpq = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    dump = pg_dump(libpq, "--no-owner", "--no-privileges", "--inserts")
    return "\n".join(line for line in dump.splitlines() if not line.startswith("\\"))


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_postgresql_database_made_from_the_snapshot_is_the_migrated_one(
        db_url: str, other_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty PostgreSQL database is made from the snapshot, without the migrations, and
    dumps as one the migrations made in this run does: the same tables, columns, keys,
    partitioning, indexes, views, sequences and seeded rows; the reader's functions set up
    after it, as revision 0006 sets them up."""
    run: list[str] = []
    monkeypatch.setattr("alembic.command.upgrade", lambda *args: run.append("migrations"))
    open_engine(db_url).dispose()
    assert run == []
    monkeypatch.undo()
    engine = configured_engine(other_url)
    try:
        with engine.begin() as connection:
            command.upgrade(alembic_config(connection), "head")
    finally:
        engine.dispose()
    made, migrated = pg_dump_of(db_url), pg_dump_of(other_url)
    assert made == migrated
    assert made.count("INSERT INTO public.categories ") > 50  # seeded, and compared
    engine = open_engine(db_url)
    try:
        with engine.connect() as connection:
            assert [connection.scalar(text("SELECT pg_get_userbyid(proowner) FROM pg_proc "
                                            "WHERE oid = to_regprocedure(:f)"), {"f": function})
                    for function in READER_FUNCTIONS] == ["pokerdb_reader"] * 2
    finally:
        engine.dispose()


def test_a_snapshot_the_server_refuses_leaves_it_to_the_migrations(
        pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A snapshot a PostgreSQL server refuses midway (an older server, say) leaves nothing
    behind: the migrations make the database, to the head revision. (Refused as it runs, after
    its first statement: a syntax error would refuse the script before any of it ran.)"""
    refused = tmp_path / "refused.sql"
    refused.write_text(f"{header('postgresql')}\nCREATE TABLE made_first (id integer);\n"
                       f"CREATE TABLE refused (id integer REFERENCES nowhere (id));\n")
    monkeypatch.setattr(schema_snapshot, "snapshot_path", lambda dialect: refused)
    engine = open_engine(pg_url)
    try:
        with engine.connect() as connection:
            assert connection.scalar(text("SELECT version_num FROM alembic_version")) == (
                head_revision())
            assert connection.scalar(text("SELECT to_regclass('made_first')")) is None
            assert connection.scalar(text("SELECT count(*) FROM variants")) > 0
    finally:
        engine.dispose()
