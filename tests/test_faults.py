"""Faults: an import killed at any moment leaves the database as it was; concurrent importers all
succeed; an interrupted evaluate resumes to the same results; `pokerdb query` cannot write."""

import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, make_url, text
from support import (
    fails,
    query_rows,
    rows,
    snapshot,
    stored_and_recounted_wins,
    succeeds,
    write_lines,
)
from typer.testing import CliRunner

from pokerdb.answers.query_errors import REFUSED
from pokerdb.errors import ReadOnlyError
from pokerdb.formats.deals.generate import generate_lines
from pokerdb.steps.importer import import_file

GOOD = "8C TS KC 9H 4S 7D 2S 5D 3S AC"
KILL_DEALS = 200_000  # about 20 MB of SQLite write-ahead log
EVALUATE_DEALS = 401_000  # windows of evaluate: 10,000 deals, then 100,000 each, then 1,000
POLL_SECONDS = 0.005
PATIENCE_SECONDS = 120


def generated(path: Path, deals: int, seed: int) -> str:
    with path.open("w", encoding="ascii") as file:
        file.writelines(generate_lines(deals, seed))
    return str(path)


def pokerdb(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "pokerdb", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def kill_when(process: subprocess.Popen[bytes], ready: Callable[[], bool]) -> None:
    """SIGKILL the process as soon as `ready()`; it must still be running then."""
    deadline = time.monotonic() + PATIENCE_SECONDS
    while not ready():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the process never got that far"
        time.sleep(POLL_SECONDS)
    process.kill()
    assert process.wait() == -signal.SIGKILL, "the process finished before it was killed"
    process.communicate()


class WrittenBytes:
    """How much an import in progress has written, committed or not: SQLite's write-ahead log
    (which restarts from its beginning after a rollback, so only growth past its old size
    shows), or the files of the PostgreSQL database (those of tables not committed yet too:
    an import's partitions; dead rows stay until VACUUM)."""

    def __init__(self, db_url: str) -> None:
        url = make_url(db_url)
        self.wal = Path(f"{url.database}-wal") if url.get_backend_name() == "sqlite" else None
        self.engine = None if self.wal else create_engine(db_url)

    def __call__(self) -> int:
        if self.wal is not None:
            return self.wal.stat().st_size if self.wal.exists() else 0
        assert self.engine is not None
        with self.engine.connect() as connection:
            return int(connection.scalar(text(
                "SELECT pg_database_size(current_database())")))

    def grown_by(self, amount: int) -> Callable[[], bool]:
        """Whether `amount` more bytes have been written since now."""
        target = self() + amount
        return lambda: self() >= target

    def close(self) -> None:
        if self.engine is not None:
            self.engine.dispose()


# --- SIGKILL during import -------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("flags", [[], ["--evaluate"]], ids=["import", "import-evaluate"])
def test_import_killed_at_any_moment_leaves_the_database_as_it_was(
        runner: CliRunner, db_url: str, tmp_path: Path, flags: list[str]) -> None:
    succeeds(runner, "import", write_lines(tmp_path / "before.txt", GOOD), *flags, "--db", db_url)
    before = snapshot(db_url), stored_and_recounted_wins(db_url)
    big = generated(tmp_path / "big.txt", KILL_DEALS, seed=54)
    written = WrittenBytes(db_url)
    try:
        # Just after it starts writing, about a third of the way, and near the end.
        for growth in (1, 6_000_000, 15_000_000):
            far_enough = written.grown_by(growth)
            kill_when(pokerdb("import", big, *flags, "--db", db_url, "--quiet"), far_enough)
            assert (snapshot(db_url), stored_and_recounted_wins(db_url)) == before
    finally:
        written.close()
    succeeds(runner, "import", big, *flags, "--db", db_url)
    evaluated = int(bool(flags)) * (KILL_DEALS + 1)
    assert rows(db_url, "SELECT count(*) FROM deals WHERE winner IS NOT NULL") == [(evaluated,)]
    assert rows(db_url, "SELECT name, deals FROM datasets ORDER BY id") == [
        ("before.txt", 1), ("big.txt", KILL_DEALS)]
    assert rows(db_url, "SELECT count(*), min(id), max(id) FROM deals") == [
        (KILL_DEALS + 1, 1, KILL_DEALS + 1)]
    assert rows(db_url, "SELECT count(*) FROM hands") == [(2 * (KILL_DEALS + 1),)]


# --- concurrent importers --------------------------------------------------------------------

@pytest.mark.slow
def test_four_concurrent_importers_all_succeed(db_url: str, tmp_path: Path) -> None:
    deals = 25_000
    files = [generated(tmp_path / f"part{seed}.txt", deals, seed) for seed in range(4)]
    importers = [pokerdb("import", file, "--db", db_url, "--quiet") for file in files]
    for importer in importers:
        stdout, stderr = importer.communicate(timeout=PATIENCE_SECONDS)
        assert (importer.returncode, stdout, stderr) == (0, b"", b"")
    assert sorted(rows(db_url, "SELECT name, deals FROM datasets")) == [
        (f"part{seed}.txt", deals) for seed in range(4)]
    assert rows(db_url, "SELECT count(*), min(id), max(id) FROM deals") == [
        (4 * deals, 1, 4 * deals)]
    # Every deal is its own file's line, with its own cards.
    stored = rows(db_url, "SELECT dataset, line_no, player1_cards || ' ' || player2_cards "
                          "FROM deal_results")
    assert sorted(stored) == sorted(
        (Path(file).name, line_no, line.strip())
        for file in files
        for line_no, line in enumerate(Path(file).read_text().splitlines(), start=1))


# --- interrupted evaluate --------------------------------------------------------------------

RESULTS = ("SELECT d.id, d.dataset_id, d.line_no, d.winner, h.player, h.cards, h.category, "
           "h.k1, h.k2, h.k3, h.k4, h.k5, h.strength, h.description, h.label "
           "FROM deals d JOIN hands h ON h.deal_id = d.id ORDER BY d.id, h.player")


def evaluated_deals(db_url: str) -> int:
    return int(rows(db_url, "SELECT count(*) FROM deals WHERE winner IS NOT NULL")[0][0])


@pytest.fixture(scope="module")
def evaluated_once(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """The deals to evaluate, and a SQLite database of them evaluated in one run (built once,
    for each backend's test)."""
    folder = tmp_path_factory.mktemp("evaluated_once")
    deals = generated(folder / "deals.txt", EVALUATE_DEALS, seed=5)
    reference = f"sqlite:///{folder / 'reference.sqlite'}"
    succeeds(CliRunner(), "import", deals, "--db", reference)
    succeeds(CliRunner(), "evaluate", "--db", reference)
    return deals, reference


@pytest.mark.slow
def test_evaluate_interrupted_and_rerun_matches_one_run(runner: CliRunner, db_url: str,
                                                        evaluated_once: tuple[str, str]) -> None:
    deals, reference = evaluated_once
    succeeds(runner, "import", deals, "--db", db_url)

    evaluating = pokerdb("evaluate", "--db", db_url, "--quiet")
    kill_when(evaluating, lambda: evaluated_deals(db_url) > 0)
    assert 0 < evaluated_deals(db_url) < EVALUATE_DEALS  # killed half-way, some work kept
    succeeds(runner, "evaluate", "--db", db_url)
    assert rows(db_url, RESULTS) == rows(reference, RESULTS)
    stored, recounted = stored_and_recounted_wins(db_url)
    assert stored == recounted == stored_and_recounted_wins(reference)[0]


# --- query cannot write ----------------------------------------------------------------------

SQLITE_SIDE_DOORS = [
    "WITH gone AS (SELECT 1) DELETE FROM deals",
    "INSERT INTO categories VALUES (10, 'Five of a Kind') RETURNING *",
    "REPLACE INTO categories VALUES (0, 'Nothing')",
    "VACUUM INTO '{tmp}/copy.sqlite'",
    "ATTACH 'file:{tmp}/new.sqlite?mode=rwc' AS other",
    "ATTACH ':memory:' AS scratch",
    "DETACH DATABASE main",
    "SAVEPOINT sneaky",
    "COMMIT",
    "ROLLBACK",
    "CREATE TEMP TABLE scratch (x INTEGER)",
    "CREATE TEMP VIEW scratch AS SELECT 1",
    "CREATE INDEX sneaky ON deals (line_no)",
    "CREATE TRIGGER sneaky AFTER INSERT ON deals BEGIN DELETE FROM hands; END",
    "ALTER TABLE deals ADD COLUMN sneaky INTEGER",
    "REINDEX",
    "ANALYZE",
    "PRAGMA user_version = 7",
    "PRAGMA schema_version = 7",
    "PRAGMA writable_schema = ON",
    "PRAGMA main.journal_mode = DELETE",
    "PRAGMA wal_checkpoint(TRUNCATE)",
    "PRAGMA optimize",
    "SELECT load_extension('{tmp}/evil')",
    "SELECT 1; PRAGMA query_only = OFF",
    "DELETE FROM deals -- ; SELECT 1",
]


@pytest.mark.parametrize("statement", SQLITE_SIDE_DOORS)
def test_sqlite_query_cannot_write_attach_or_change_pragmas(
        runner: CliRunner, tmp_path: Path, statement: str) -> None:
    db_file = tmp_path / "db.sqlite"
    db = f"sqlite:///{db_file}"
    succeeds(runner, "import", write_lines(tmp_path / "deals.txt", GOOD), "--db", db)
    before = snapshot(db)
    result = fails(runner, "query", statement.format(tmp=tmp_path), "--db", db)
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert snapshot(db) == before
    # No file attached or vacuumed into.
    assert {path.name for path in tmp_path.iterdir()} <= {
        "deals.txt", "db.sqlite", "db.sqlite-wal", "db.sqlite-shm"}
    assert rows(db, "PRAGMA user_version") == [(0,)]
    assert rows(db, "PRAGMA journal_mode") == [("wal",)]


SERVER_SIDE_DOORS = [
    "WITH gone AS (DELETE FROM deals RETURNING 1) SELECT count(*) FROM gone",
    "COMMIT; DELETE FROM deals",
    "SET default_transaction_read_only = off",
    "CREATE TEMP TABLE scratch (x integer)",
    "LOCK TABLE deals",
    "VACUUM deals",
    "ANALYZE deals",
]


@pytest.mark.parametrize("statement", SERVER_SIDE_DOORS)
def test_server_query_cannot_write_or_change_settings(runner: CliRunner, pg_url: str,
                                                      tmp_path: Path, statement: str) -> None:
    succeeds(runner, "import", write_lines(tmp_path / "deals.txt", GOOD), "--db", pg_url)
    before = snapshot(pg_url)
    result = fails(runner, "query", statement, "--db", pg_url)
    assert result.stderr.count("\n") == 1
    assert snapshot(pg_url) == before


def test_a_query_leaves_the_connection_writable(engine: Engine, tmp_path: Path) -> None:
    """Neither the read-only guard nor a setting the statement made stays on the pooled
    connection: the next import through the same engine works."""
    if engine.dialect.name == "sqlite":
        with pytest.raises(ReadOnlyError, match=REFUSED):
            query_rows(engine, "PRAGMA query_only = ON")
    else:
        # Allowed, since it is a SELECT, but the setting dies with the query's session.
        query_rows(engine, "SELECT set_config('default_transaction_read_only', 'on', false)")
    assert import_file(engine, write_lines(tmp_path / "deals.txt", GOOD)).deals == 1

