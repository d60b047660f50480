"""`pokerdb wins` reads an SQLite file at head with the stdlib's sqlite3, without loading
SQLAlchemy, and prints exactly what the SQLAlchemy path prints; anything else still goes through
the engine, which brings the database to head."""

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import create_engine
from support import PE54_FILE, fails, heavy, pokerdb_importing, succeeds
from typer.testing import CliRunner

from pokerdb.answers.wins import NO_DEALS
from pokerdb.storage import engines
from pokerdb.storage.location import head_revision, sqlite_path

PE54_WINS = {"deals": 1000, "player1": 376, "player2": 624, "ties": 0}


@pytest.fixture
def imported(runner: CliRunner, tmp_path: Path) -> Path:
    """An SQLite file at head with data/p054_poker.txt imported, not evaluated."""
    path = tmp_path / "p054.sqlite"
    succeeds(runner, "import", str(PE54_FILE), "--db", str(path), "--quiet")
    return path


@pytest.fixture
def evaluated(runner: CliRunner, imported: Path) -> Path:
    succeeds(runner, "evaluate", "--db", str(imported), "--quiet")
    return imported


@pytest.fixture
def engine_opened(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """The --db of each call to engines.open_engine: none when a command read with sqlite3 alone."""
    calls: list[str | None] = []
    open_engine: Callable[..., object] = engines.open_engine

    def spy(value: str | None = None, **options: bool) -> object:
        calls.append(value)
        return open_engine(value, **options)

    monkeypatch.setattr(engines, "open_engine", spy)
    return calls


def engine_url(path: Path) -> str:
    """The same file under a URL that `pokerdb wins` leaves to SQLAlchemy."""
    return f"sqlite+pysqlite:///{path}"


def revision(path: Path) -> list[tuple[str]]:
    with sqlite3.connect(path) as connection:
        return connection.execute("SELECT version_num FROM alembic_version").fetchall()


# --- which path -------------------------------------------------------------------------------

def test_wins_at_head_loads_no_sqlalchemy_alembic_or_numpy(evaluated: Path) -> None:
    completed, modules = pokerdb_importing("wins", "--db", str(evaluated), "--format", "json")
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout) == PE54_WINS
    assert "pokerdb.storage.reading" in modules  # the import report was read
    assert heavy(modules) == []
    assert [line for line in completed.stderr.splitlines()
            if not line.startswith("import time:")] == []


def test_wins_on_a_missing_file_refuses_without_sqlalchemy(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    completed, modules = pokerdb_importing("wins", "--db", str(path), "--format", "json")
    assert (completed.returncode, completed.stdout) == (1, "")
    assert completed.stderr.splitlines()[-1] == (
        f"Error: no database at {path}: import something first (pokerdb import FILE)")
    assert heavy(modules) == []
    assert not path.exists()


def test_wins_on_an_empty_file_brings_it_to_head_through_the_engine(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    path.touch()
    completed, modules = pokerdb_importing("wins", "--db", str(path), "--format", "json")
    assert (completed.returncode, completed.stdout) == (1, "")
    assert [line for line in completed.stderr.splitlines()
            if not line.startswith("import time:")] == [f"Error: {NO_DEALS}"]
    # Made at head from the migrations' snapshot (storage.schema_snapshot), without Alembic.
    assert "sqlalchemy" in modules and "alembic" not in modules
    assert revision(path) == [(head_revision(),)]


def test_wins_brings_a_database_behind_head_to_head(runner: CliRunner, evaluated: Path,
                                                    engine_opened: list[str | None]) -> None:
    engine = create_engine(f"sqlite:///{evaluated}")
    try:
        with engine.begin() as connection:
            command.downgrade(engines.alembic_config(connection), "-1")
    finally:
        engine.dispose()
    assert revision(evaluated) != [(head_revision(),)]

    result = succeeds(runner, "wins", "--db", str(evaluated), "--format", "json")
    assert json.loads(result.stdout) == PE54_WINS
    assert engine_opened == [str(evaluated)]
    assert revision(evaluated) == [(head_revision(),)]


# --- the same output either way ---------------------------------------------------------------

@pytest.mark.parametrize("options", [
    [],
    ["--format", "csv"],
    ["--format", "csv", "--no-headers"],
    ["--format", "json"],
    ["--dataset", "p054_poker.txt"],
    ["--format", "csv", "--dataset", "p054_poker.txt"],
    ["--format", "json", "--dataset", "p054_poker.txt"],
], ids=" ".join)
def test_both_paths_print_the_same(runner: CliRunner, evaluated: Path,
                                   engine_opened: list[str | None], options: list[str]) -> None:
    fast = succeeds(runner, "wins", "--db", str(evaluated), *options)
    assert engine_opened == []
    slow = succeeds(runner, "wins", "--db", engine_url(evaluated), *options)
    assert engine_opened == [engine_url(evaluated)]
    assert (fast.stdout, fast.stderr) == (slow.stdout, slow.stderr)
    assert fast.stderr == ""


@pytest.mark.parametrize("spelling", [str, engine_url], ids=["sqlite3", "engine"])
def test_exact_counts(runner: CliRunner, evaluated: Path,
                      spelling: Callable[[Path], str]) -> None:
    def wins(*options: str) -> str:
        return succeeds(runner, "wins", "--db", spelling(evaluated), *options).stdout

    assert json.loads(wins("--format", "json")) == PE54_WINS
    assert wins("--format", "csv") == "deals,player1,player2,ties\n1000,376,624,0\n"
    assert wins("--format", "csv", "--no-headers", "--dataset", "p054_poker.txt") == (
        "1000,376,624,0\n")


@pytest.mark.parametrize("spelling", [str, engine_url], ids=["sqlite3", "engine"])
def test_unknown_dataset(runner: CliRunner, evaluated: Path,
                         spelling: Callable[[Path], str]) -> None:
    result = fails(runner, "wins", "--db", spelling(evaluated), "--dataset", "nope")
    assert result.stdout == ""
    assert result.stderr == "Error: no dataset named 'nope' (see: pokerdb datasets)\n"


@pytest.mark.parametrize("spelling", [str, engine_url], ids=["sqlite3", "engine"])
def test_unevaluated_deals_are_noted(runner: CliRunner, imported: Path,
                                     spelling: Callable[[Path], str]) -> None:
    result = succeeds(runner, "wins", "--db", spelling(imported), "--format", "json")
    assert json.loads(result.stdout) == {"deals": 1000, "player1": 0, "player2": 0, "ties": 0}
    assert result.stderr == ("Note: 1,000 deals are not evaluated yet and have no winner; "
                             "run: pokerdb evaluate\n")


def test_database_errors_stay_one_line(runner: CliRunner, tmp_path: Path) -> None:
    """SQLAlchemy's OperationalError is still caught, though the CLI no longer imports it."""
    result = fails(runner, "wins", "--db", str(tmp_path))  # a folder, not a file
    assert result.stderr == f"Error: database {tmp_path}: unable to open database file\n"


# --- which URLs are plain SQLite files --------------------------------------------------------

@pytest.mark.parametrize(("url", "path"), [
    ("sqlite:///deals.sqlite", "deals.sqlite"),
    ("sqlite:///data/deals.sqlite", "data/deals.sqlite"),
    ("sqlite:////tmp/deals.sqlite", "/tmp/deals.sqlite"),
    ("sqlite:////tmp/two words.sqlite", "/tmp/two words.sqlite"),
    ("sqlite://", None),  # in memory
    ("sqlite:///", None),
    ("sqlite:///:memory:", None),
    ("sqlite:///deals.sqlite?timeout=5", None),  # options: SQLAlchemy applies them
    ("sqlite:///a%20b%3Fc.sqlite", "a b?c.sqlite"),  # %-escapes decoded, as SQLAlchemy does
    ("sqlite+pysqlite:///deals.sqlite", None),
    ("postgresql+psycopg://user@host/pokerdb", None),
])
def test_sqlite_file_of_a_url(url: str, path: str | None) -> None:
    assert sqlite_path(url) == path


# --- PostgreSQL at head: psycopg alone ---------------------------------------------------------

def test_wins_on_a_server_at_head_loads_no_sqlalchemy_and_prints_what_the_engine_prints(
        runner: CliRunner, pg_url: str, engine_opened: list[str | None]) -> None:
    succeeds(runner, "import", str(PE54_FILE), "--db", pg_url, "--evaluate", "--quiet")
    completed, modules = pokerdb_importing("wins", "--db", pg_url, "--format", "json")
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout) == PE54_WINS
    assert "psycopg" in modules
    assert heavy(modules) == []
    engine_opened.clear()
    for options in ([], ["--format", "csv"], ["--dataset", "p054_poker.txt"]):
        fast = succeeds(runner, "wins", "--db", pg_url, *options)
        assert engine_opened == []
        # Options in the URL leave it to SQLAlchemy.
        slow = succeeds(runner, "wins", "--db", f"{pg_url}?application_name=pokerdb", *options)
        assert engine_opened == [f"{pg_url}?application_name=pokerdb"]
        engine_opened.clear()
        assert (fast.stdout, fast.stderr) == (slow.stdout, slow.stderr)
    failed = fails(runner, "wins", "--db", pg_url, "--dataset", "nosuch")
    assert failed.stderr == "Error: no dataset named 'nosuch' (see: pokerdb datasets)\n"


def test_wins_on_a_new_server_database_goes_through_the_engine(
        runner: CliRunner, pg_url: str, engine_opened: list[str | None]) -> None:
    """No alembic_version yet: the engine brings the database to head, then answers."""
    result = fails(runner, "wins", "--db", pg_url, "--format", "json")
    assert engine_opened == [pg_url]
    assert result.stderr == f"Error: {NO_DEALS}\n"
    completed, modules = pokerdb_importing("wins", "--db", pg_url)  # now at head
    assert completed.returncode == 1
    assert [line for line in completed.stderr.splitlines()
            if not line.startswith("import time:")] == [f"Error: {NO_DEALS}"]
    assert heavy(modules) == []
