"""Datasets and database files: removing a dataset safely, ids never reused, what --db names,
a database on a read-only medium, and reports that add up."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from support import (
    PE54_FILE,
    REPO,
    fails,
    rows,
    stored_and_recounted_wins,
    succeeds,
    write_lines,
)
from typer.testing import CliRunner

from pokerdb.storage.schema import metadata

THREE_PLAYERS = ["AH KH QH JH TH 2C 3C 4C 5C 7D 9S 9D 9H 2S 3S",  # player 1: royal flush
                 "2C 3D 4H 5S 7C AS AD KC KD 2H 9S 9D 9C 3S 4S",  # player 3: trips
                 "2C 3D 4H 5S 7C 8S 9D TC JD KH AS AD AH 3S 4S",  # player 3: trips
                 "2C 3D 4H 5S 7C 2S 3S 4D 5C 7H 8S 9D TC JD KH"]  # player 3: king high
# Every table that holds rows of a dataset, and how many of the PE54 file's.
DERIVED = ("deals", "hand_cards", "hand_values", "hand_labels", "rejects", "win_counts")


def counts(db_url: str) -> dict[str, int]:
    return {table: rows(db_url, f"SELECT count(*) FROM {table}")[0][0]
            for table in ("datasets", *DERIVED)}


def test_delete_removes_a_dataset_and_everything_derived(runner: CliRunner, db_url: str,
                                                         tmp_path: Path) -> None:
    uci = write_lines(tmp_path / "hands.data", "1,1,1,13,2,4,2,3,1,12,0", "bad row")
    succeeds(runner, "import", uci, "--format", "uci", "--skip-invalid", "--db", db_url, "-q")
    succeeds(runner, "import", str(PE54_FILE), "--db", db_url, "-q")
    succeeds(runner, "evaluate", "--db", db_url, "-q")
    kept = {"datasets": 1, "deals": 1, "hand_cards": 1, "hand_values": 1, "hand_labels": 1,
            "rejects": 1, "win_counts": 0}
    assert counts(db_url) == {table: kept[table] + {"datasets": 1, "deals": 1000,
                                                    "hand_cards": 2000, "hand_values": 2000,
                                                    "win_counts": 2}.get(table, 0)
                              for table in kept}
    result = succeeds(runner, "delete", "p054_poker.txt", "--db", db_url)
    assert result.stdout == "deleted dataset 'p054_poker.txt' (1,000 deals)\n"
    assert counts(db_url) == kept
    assert stored_and_recounted_wins(db_url) == ([], [])
    result = succeeds(runner, "delete", "hands.data", "--db", db_url)
    assert result.stdout == "deleted dataset 'hands.data' (1 deal)\n"
    assert set(counts(db_url).values()) == {0}
    assert fails(runner, "delete", "hands.data", "--db", db_url).stderr == (
        "Error: no dataset named 'hands.data' (see: pokerdb datasets)\n")


# The tables' own (not the rows PostgreSQL keeps of a key for each partition: conparentid).
FOREIGN_KEYS = ("SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid), "
                "convalidated FROM pg_constraint WHERE contype = 'f' AND conparentid = 0 "
                "AND connamespace = 'public'::regnamespace ORDER BY conname")
PARTITION_SCHEMAS = "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'pokerdb_dataset_%'"


def test_a_delete_drops_the_datasets_partitions_and_keeps_the_keys(runner: CliRunner,
                                                                   pg_url: str,
                                                                   tmp_path: Path) -> None:
    """A dataset's partitions (storage.partitions) are detached and dropped, small or large:
    every key stays as it was, enforced: deleting a deal by hand still cascades."""
    uci = write_lines(tmp_path / "hands.data", "1,1,1,13,2,4,2,3,1,12,0")
    succeeds(runner, "import", uci, "--format", "uci", "--db", pg_url, "-q")
    succeeds(runner, "import", str(PE54_FILE), "--db", pg_url, "-q", "--evaluate")
    keys = rows(pg_url, FOREIGN_KEYS)
    assert len(keys) == sum(len(table.foreign_key_constraints)
                            for table in metadata.tables.values())
    assert {validated for *_, validated in keys} == {True}
    small = write_lines(tmp_path / "small.txt", "2C 3C 4C 5C 7D 8H 9H TH JH KS")
    succeeds(runner, "import", small, "--db", pg_url, "-q", "--evaluate")
    assert len(rows(pg_url, PARTITION_SCHEMAS)) == 3
    for name, deals in (("small.txt", 1), ("p054_poker.txt", 1000)):
        result = succeeds(runner, "delete", name, "--db", pg_url)
        assert result.stdout == f"deleted dataset '{name}' ({deals:,} deal{'s' * (deals > 1)})\n"
        assert rows(pg_url, FOREIGN_KEYS) == keys
    assert rows(pg_url, PARTITION_SCHEMAS) == [("pokerdb_dataset_1",)]
    assert counts(pg_url) == {"datasets": 1, "deals": 1, "hand_cards": 1, "hand_values": 0,
                              "hand_labels": 1, "rejects": 0, "win_counts": 0}
    engine = create_engine(pg_url)
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM deals"))
    engine.dispose()
    assert rows(pg_url, "SELECT count(*) FROM hand_cards") == [(0,)]
    assert rows(pg_url, "SELECT count(*) FROM hand_labels") == [(0,)]


def test_dataset_ids_are_never_reused(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """Also after a removal made by hand (SQLite keeps no foreign keys): the next dataset
    gets a new id, adopts nothing, and evaluate evaluates it."""
    succeeds(runner, "import", str(PE54_FILE), "--db", db_url, "-q", "--evaluate")
    engine = create_engine(db_url)
    with engine.begin() as connection:
        # SQLite leaves every deal behind (no foreign keys); PostgreSQL cascades.
        connection.execute(text("DELETE FROM datasets"))
    engine.dispose()
    other = write_lines(tmp_path / "other.txt", "2C 3C 4C 5C 7D 8H 9H TH JH KS")
    succeeds(runner, "import", other, "--db", db_url, "-q")
    assert rows(db_url, "SELECT id, name FROM datasets") == [(2, "other.txt")]
    assert rows(db_url, "SELECT count(*) FROM deals WHERE dataset_id = 2") == [(1,)]
    assert succeeds(runner, "evaluate", "--db", db_url).stdout.startswith(
        "evaluated 2 hands in 1 deal in ")
    result = succeeds(runner, "wins", "--db", db_url, "--format", "json")
    assert json.loads(result.stdout) == {"deals": 1, "player1": 0, "player2": 1, "ties": 0}


@pytest.mark.parametrize("name", ["a?b.sqlite", "e%20f.sqlite", "g#h.sqlite", "x y.sqlite"])
def test_db_takes_a_path_literally(runner: CliRunner, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.chdir(tmp_path)
    succeeds(runner, "import", str(PE54_FILE), "--db", name, "-q")
    assert [path.name for path in tmp_path.iterdir() if path.suffix == ".sqlite"] == [name]
    result = succeeds(runner, "wins", "--db", name, "--format", "csv")
    assert result.stdout == "deals,player1,player2,ties\n1000,0,0,0\n"
    succeeds(runner, "query", "SELECT 1 AS one", "--db", name)


def test_a_database_on_a_read_only_medium_can_be_read(tmp_path: Path) -> None:
    """The file on a read-only mount (a namespace of its own: needs unshare and mount)."""
    database = tmp_path / "pokerdb.sqlite"
    # Its own process, which closes the file whole (its write-ahead log folded in).
    subprocess.run([sys.executable, "-m", "pokerdb", "import", str(PE54_FILE), "--db",
                    str(database), "--evaluate", "-q"], cwd=REPO, check=True, timeout=120)
    medium = tmp_path / "medium"
    medium.mkdir()
    if shutil.which("unshare") is None:
        pytest.skip("needs unshare(1)")
    commands = "; ".join(
        f"{sys.executable} -m pokerdb {args} --db {medium}/pokerdb.sqlite"
        for args in ("wins -f csv", "query 'SELECT count(*) AS n FROM deals' -f csv",
                     "datasets -f csv", "explain 1", "import /dev/null"))
    completed = subprocess.run(
        ["unshare", "-m", "sh", "-c",
         f"mount -t tmpfs tmpfs {medium} && cp {database} {medium}/ && "
         f"mount -o remount,ro {medium} && {commands}"],
        cwd=REPO, capture_output=True, text=True, timeout=300, check=False)
    if "mount:" in completed.stderr or "unshare:" in completed.stderr:
        pytest.skip(f"cannot mount here: {completed.stderr.strip()}")
    lines = completed.stdout.splitlines()
    assert lines, completed.stderr
    assert lines[:2] == ["deals,player1,player2,ties", "1000,376,624,0"]
    assert lines[2:4] == ["n", "1000"]
    assert lines[4].startswith("id,name,format,game,deals,sha256,imported_at")
    assert lines[6:8] == ["Deal 1 (dataset p054_poker.txt, line 1)",
                          "Player 1: 8C TS KC 9H 4S  High Card, King high"]
    assert completed.stderr.splitlines()[-1].startswith("Error: database: attempt to write a "
                                                        "readonly database")


def test_breakdown_counts_every_players_wins(runner: CliRunner, db_url: str,
                                             tmp_path: Path) -> None:
    deals = write_lines(tmp_path / "three.txt", *THREE_PLAYERS)
    succeeds(runner, "import", deals, "--db", db_url, "--evaluate", "-q")
    wins = json.loads(succeeds(runner, "wins", "--db", db_url, "-f", "json").stdout)
    tables = json.loads(succeeds(runner, "breakdown", "--db", db_url, "-f", "json").stdout)
    by_category = tables["wins_by_category"]
    for player in (1, 2, 3):
        assert sum(row[f"player{player}"] for row in by_category) == wins[f"player{player}"]
    assert sum(row["wins"] for row in by_category) == wins["deals"] - wins["ties"]
    assert by_category == [
        {"winning category": "High Card", "wins": 1, "player1": 0, "player2": 0, "player3": 1},
        {"winning category": "Three of a Kind", "wins": 2, "player1": 0, "player2": 0,
         "player3": 2},
        {"winning category": "Royal Flush", "wins": 1, "player1": 1, "player2": 0,
         "player3": 0}]


def test_wins_says_one_player_deals_have_no_winner(runner: CliRunner, db_url: str,
                                                   tmp_path: Path) -> None:
    uci = write_lines(tmp_path / "hands.data", "1,1,1,13,2,4,2,3,1,12,0",
                      "1,10,1,11,1,13,1,12,1,1,9")
    succeeds(runner, "import", uci, "--format", "uci", "--db", db_url, "--evaluate", "-q")
    result = succeeds(runner, "wins", "--db", db_url, "-f", "csv")
    assert result.stdout == "deals,player1,player2,ties\n2,0,0,0\n"
    assert result.stderr == ("Note: 2 deals of one player (such as UCI rows) have no winner and "
                             "are counted in deals only\n")


def test_imported_at_reads_the_same_on_every_backend(runner: CliRunner, db_url: str) -> None:
    """In UTC with its offset, as ISO 8601, whether read raw by a query or by datasets, in
    every format."""
    succeeds(runner, "import", str(PE54_FILE), "--db", db_url, "-q")
    stamp = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00"
    for args in (["query", "SELECT imported_at FROM datasets"], ["datasets"]):
        as_json = json.loads(succeeds(runner, *args, "--db", db_url, "-f", "json").stdout)
        as_csv = succeeds(runner, *args, "--db", db_url, "-f", "csv").stdout.splitlines()
        value = as_json[0]["imported_at"]
        assert re.fullmatch(stamp, value), value
        assert as_csv[1].endswith(value)
        assert value in succeeds(runner, *args, "--db", db_url).stdout
