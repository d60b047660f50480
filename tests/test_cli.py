"""The `pokerdb` command end to end: import, evaluate, reports, query, errors, help."""

import contextlib
import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from phh_hands import SIX_MAX, write_hand_folder
from support import (
    PE54_FILE,
    about_recorded_hands,
    cookbook_queries,
    fails,
    invoke,
    row_counts,
    rows,
    snapshot,
    succeeds,
    write_lines,
)
from typer.main import get_command
from typer.testing import CliRunner

from pokerdb import __version__
from pokerdb.answers.query_errors import REFUSED
from pokerdb.cli import app
from pokerdb.storage.location import DEFAULT_DB

PE54_WINS = {"deals": 1000, "player1": 376, "player2": 624, "ties": 0}
TIE_DEAL = "AH KH QD JS 9C AD KD QH JC 9S"


@pytest.fixture
def p054_imported(runner: CliRunner, db_url: str) -> str:
    """The database with data/p054_poker.txt imported (not evaluated)."""
    succeeds(runner, "import", str(PE54_FILE), "--db", db_url)
    return db_url


@pytest.fixture
def p054_db(runner: CliRunner, p054_imported: str) -> str:
    """The database with data/p054_poker.txt imported and evaluated."""
    succeeds(runner, "evaluate", "--db", p054_imported)
    return p054_imported


@pytest.fixture
def sqlite_p054(runner: CliRunner, tmp_path: Path) -> str:
    db = f"sqlite:///{tmp_path / 'p054.sqlite'}"
    succeeds(runner, "import", str(PE54_FILE), "--db", db)
    return db


# --- the bundled file, end to end ------------------------------------------------------------

def test_import_evaluate_wins(runner: CliRunner, db_url: str) -> None:
    imported = succeeds(runner, "import", str(PE54_FILE), "--db", db_url)
    assert re.fullmatch(
        re.escape(f"{PE54_FILE}: imported 1,000 deals (2,000 hands) as dataset "
                  f"'p054_poker.txt' in ") + r"\d+\.\d\d s \([\d,]+ deals/s\)\n",
        imported.stdout), imported.stdout
    assert imported.stderr == ""
    assert row_counts(db_url) == {"datasets": 1, "deals": 1000, "hands": 2000, "rejects": 0}

    evaluated = succeeds(runner, "evaluate", "--db", db_url)
    assert re.fullmatch(r"evaluated 2,000 hands in 1,000 deals in \d+\.\d\d s "
                        r"\([\d,]+ hands/s\)\n", evaluated.stdout), evaluated.stdout

    wins = succeeds(runner, "wins", "--db", db_url, "--format", "json")
    assert json.loads(wins.stdout) == PE54_WINS
    assert wins.stderr == ""


def test_wins_csv(runner: CliRunner, p054_db: str) -> None:
    result = succeeds(runner, "wins", "--db", p054_db, "--format", "csv")
    assert result.stdout == "deals,player1,player2,ties\n1000,376,624,0\n"
    result = succeeds(runner, "wins", "--db", p054_db, "--format", "csv", "--no-headers")
    assert result.stdout == "1000,376,624,0\n"


def test_wins_table(runner: CliRunner, p054_db: str) -> None:
    result = succeeds(runner, "wins", "--db", p054_db)
    lines = [" ".join(re.sub(r"[│┃]", " ", line).split()) for line in result.stdout.splitlines()]
    assert "deals player1 player2 ties" in lines
    assert "1000 376 624 0" in lines


def test_query_counts_player_one_wins(runner: CliRunner, p054_db: str) -> None:
    result = succeeds(runner, "query", "SELECT count(*) FROM deals WHERE winner = 1",
                      "--db", p054_db, "--format", "csv")
    # The column is named as the database names it.
    column = "count(*)" if p054_db.startswith("sqlite") else "count"
    assert result.stdout == f"{column}\n376\n"
    result = succeeds(runner, "query", "SELECT winner, count(*) AS n FROM deals GROUP BY winner "
                      "ORDER BY winner", "--db", p054_db, "--format", "json")
    assert json.loads(result.stdout) == [{"winner": 1, "n": 376}, {"winner": 2, "n": 624}]


def test_deal_results_view(runner: CliRunner, p054_db: str) -> None:
    result = succeeds(runner, "query", "SELECT * FROM deal_results WHERE line_no = 1",
                      "--db", p054_db, "--format", "json")
    assert json.loads(result.stdout) == [{
        "deal_id": 1,
        "dataset": "p054_poker.txt",
        "line_no": 1,
        "board": None,
        "player1_cards": "8C TS KC 9H 4S",
        "player1_category": "High Card",
        "player2_cards": "7D 2S 5D 3S AC",
        "player2_category": "High Card",
        "winner": 2,
        "result": "Player 2",
    }]
    result = succeeds(runner, "query", "SELECT result, count(*) AS n FROM deal_results "
                      "GROUP BY result ORDER BY result", "--db", p054_db, "--format", "csv")
    assert result.stdout == "result,n\nPlayer 1,376\nPlayer 2,624\n"


def test_deal_results_before_evaluation(runner: CliRunner, p054_imported: str) -> None:
    result = succeeds(runner, "query", "SELECT player1_category, winner, result "
                      "FROM deal_results WHERE line_no = 2", "--db", p054_imported,
                      "--format", "json")
    assert json.loads(result.stdout) == [
        {"player1_category": None, "winner": None, "result": None}]


def test_breakdown_json(runner: CliRunner, p054_db: str) -> None:
    result = succeeds(runner, "breakdown", "--db", p054_db, "--format", "json")
    tables = json.loads(result.stdout)
    assert list(tables) == ["wins_by_category", "category_matrix"]
    assert tables["wins_by_category"] == [
        {"winning category": "High Card", "wins": 214, "player1": 72, "player2": 142},
        {"winning category": "One Pair", "wins": 633, "player1": 248, "player2": 385},
        {"winning category": "Two Pairs", "wins": 102, "player1": 40, "player2": 62},
        {"winning category": "Three of a Kind", "wins": 35, "player1": 11, "player2": 24},
        {"winning category": "Straight", "wins": 12, "player1": 4, "player2": 8},
        {"winning category": "Flush", "wins": 2, "player1": 1, "player2": 1},
        {"winning category": "Full House", "wins": 2, "player1": 0, "player2": 2},
    ]
    by_category = tables["wins_by_category"]
    assert sum(row["wins"] for row in by_category) == 1000 - PE54_WINS["ties"]
    assert sum(row["player1"] for row in by_category) == PE54_WINS["player1"]
    assert sum(row["player2"] for row in by_category) == PE54_WINS["player2"]

    matrix = tables["category_matrix"]
    names = ["High Card", "One Pair", "Two Pairs", "Three of a Kind", "Straight", "Flush",
             "Full House", "Four of a Kind", "Straight Flush", "Royal Flush"]
    assert [row["player1 \\ player2"] for row in matrix] == names
    assert all(list(row) == ["player1 \\ player2", *names] for row in matrix)
    assert sum(row[name] for row in matrix for name in names) == 1000
    # Row and column sums are the categories of each player's hands, counted independently.
    player1 = rows(p054_db, "SELECT category, count(*) FROM hands WHERE player = 1 "
                   "GROUP BY category")
    player2 = rows(p054_db, "SELECT category, count(*) FROM hands WHERE player = 2 "
                   "GROUP BY category")
    assert {names[c]: n for c, n in player1} == {
        row["player1 \\ player2"]: sum(row[name] for name in names)
        for row in matrix if any(row[name] for name in names)}
    assert {names[c]: n for c, n in player2} == {
        name: sum(row[name] for row in matrix) for name in names
        if any(row[name] for row in matrix)}
    # High card against high card: the deals whose winner is decided by high card alone.
    assert matrix[0]["High Card"] == 214


def test_breakdown_csv_has_two_tables(runner: CliRunner, p054_db: str) -> None:
    result = succeeds(runner, "breakdown", "--db", p054_db, "--format", "csv")
    first, second = result.stdout.split("\n\n")
    assert first.splitlines()[0] == "winning category,wins,player1,player2"
    assert first.splitlines()[1] == "High Card,214,72,142"
    assert len(first.splitlines()) == 8
    assert second.splitlines()[0].startswith("player1 \\ player2,High Card,One Pair,")
    assert len(second.splitlines()) == 11


def test_cookbook_queries_run_as_printed(runner: CliRunner, p054_db: str) -> None:
    queries = cookbook_queries()
    assert len(queries) >= 5
    answers = [json.loads(succeeds(runner, "query", "--db", p054_db, "--format", "json",
                                   "--", sql).stdout) for sql in queries]
    assert answers[0] == [{"player1_wins": 376}]  # "The Project Euler 54 answer: 376"
    assert answers[1] == [{"winner": 1, "deals": 376}, {"winner": 2, "deals": 624}]
    # The Hold'em queries (about boards, and equity) and those about recorded hands have their
    # answers checked in test_holdem.py, test_equity.py and test_phh_import.py.
    assert all(answer for answer, sql in zip(answers, queries, strict=True)
               if "board" not in sql and "equity" not in sql and not about_recorded_hands(sql))


# --- idempotence -----------------------------------------------------------------------------

def test_reimport_is_reported_and_skipped(runner: CliRunner, p054_imported: str) -> None:
    before = snapshot(p054_imported)
    result = succeeds(runner, "import", str(PE54_FILE), "--db", p054_imported)
    assert result.stdout == (f"{PE54_FILE}: already imported as dataset 'p054_poker.txt', "
                             f"skipped\n")
    assert result.stderr == ""
    assert snapshot(p054_imported) == before


def test_reimport_under_another_name_is_skipped(runner: CliRunner, p054_imported: str,
                                                tmp_path: Path) -> None:
    """Same content under another file name is the same dataset."""
    copy = tmp_path / "copy.txt"
    copy.write_bytes(PE54_FILE.read_bytes())
    result = succeeds(runner, "import", str(copy), "--db", p054_imported)
    assert result.stdout == f"{copy}: already imported as dataset 'p054_poker.txt', skipped\n"
    assert row_counts(p054_imported) == {"datasets": 1, "deals": 1000, "hands": 2000,
                                         "rejects": 0}


def test_evaluate_twice_changes_nothing(runner: CliRunner, p054_db: str) -> None:
    before = snapshot(p054_db)
    assert rows(p054_db, "SELECT count(*) FROM hands WHERE strength IS NULL") == [(0,)]
    result = succeeds(runner, "evaluate", "--db", p054_db)
    assert result.stdout == "nothing to evaluate: every hand is evaluated already\n"
    assert snapshot(p054_db) == before
    assert succeeds(runner, "evaluate", "--db", p054_db, "--quiet").stdout == ""


def test_evaluate_only_evaluates_new_hands(runner: CliRunner, p054_db: str,
                                           tmp_path: Path) -> None:
    before = snapshot(p054_db)
    ties = write_lines(tmp_path / "tie.txt", TIE_DEAL)
    succeeds(runner, "import", ties, "--db", p054_db)
    result = succeeds(runner, "evaluate", "--db", p054_db)
    assert result.stdout.startswith("evaluated 2 hands in 1 deal in ")
    after = snapshot(p054_db)
    assert after["hands"][:2000] == before["hands"]
    assert after["deals"][:1000] == before["deals"]


# --- bad input -------------------------------------------------------------------------------

GOOD_LINE = "8C TS KC 9H 4S 7D 2S 5D 3S AC"


@pytest.mark.parametrize(("bad_line", "message"), [
    ("5C AD 5D AC 9C 7C 5H 8D TD 1S",
     "unknown rank '1' in card '1S' (ranks are 2-9 T J Q K A)"),
    ("5C AD 5D AC 9C 7C 5H 8D TD KX",
     "unknown suit 'X' in card 'KX' (suits are C D H S)"),
    ("5C AD 5D AC 9C 7C 5H 8D TD",
     "found 9 cards; a deal is 5 cards per player (10 for two players)"),
    ("5C AD 5D AC 9C 7C 5H 8D TD 5C",
     "card '5C' appears twice in the deal"),
], ids=["unknown-rank", "unknown-suit", "card-count", "repeated-card"])
def test_bad_line_fails_the_whole_file(runner: CliRunner, p054_imported: str, tmp_path: Path,
                                       bad_line: str, message: str) -> None:
    before = snapshot(p054_imported)
    bad = write_lines(tmp_path / "bad_deals.txt", GOOD_LINE, bad_line, GOOD_LINE)
    result = fails(runner, "import", bad, "--db", p054_imported)
    assert result.stdout == ""
    assert snapshot(p054_imported) == before  # nothing of the file, not even its good line
    assert result.stderr == f"Error: {bad}, line 2: {message}\n"


def test_bad_line_in_a_fresh_database(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    bad = write_lines(tmp_path / "bad.txt", GOOD_LINE, "5C AD 5D AC 9C 7C 5H 8D TD 1S")
    fails(runner, "import", bad, "--db", db_url)
    assert row_counts(db_url) == {"datasets": 0, "deals": 0, "hands": 0, "rejects": 0}
    # The file can be imported once corrected: the failed attempt left no trace behind.
    write_lines(tmp_path / "bad.txt", GOOD_LINE, "5C AD 5D AC 9C 7C 5H 8D TD 2S")
    succeeds(runner, "import", bad, "--db", db_url)
    assert row_counts(db_url) == {"datasets": 1, "deals": 2, "hands": 4, "rejects": 0}


def test_errors_are_single_lines_for_short_paths(runner: CliRunner, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The same message with a short relative path: exact text, one line."""
    monkeypatch.chdir(tmp_path)
    write_lines(tmp_path / "b.txt", "5C AD 5D AC 9C 7C 5H 8D TD 5C")
    result = fails(runner, "import", "b.txt", "--db", "x.sqlite")
    assert result.stderr == "Error: b.txt, line 1: card '5C' appears twice in the deal\n"


# --- query is read-only ----------------------------------------------------------------------

@pytest.mark.parametrize("statement", [
    "DELETE FROM deals",
    "DROP TABLE hands",
    "INSERT INTO datasets (name, sha256, format, deals, imported_at) "
    "VALUES ('x', 'y', 'pe54', 0, '2024-01-01')",
    "UPDATE deals SET winner = 1",
    "CREATE TABLE sneaky (x INTEGER)",
    "BEGIN",
])
def test_query_refuses_writes(runner: CliRunner, p054_db: str, statement: str) -> None:
    before = snapshot(p054_db)
    result = fails(runner, "query", statement, "--db", p054_db)
    assert result.stdout == ""
    assert result.stderr == f"Error: {REFUSED}\n"
    assert snapshot(p054_db) == before
    # ... and the database still answers
    assert succeeds(runner, "query", "SELECT count(*) AS n FROM deals", "--db", p054_db,
                    "--format", "csv").stdout == "n\n1000\n"


def test_query_refuses_a_hidden_second_statement(runner: CliRunner, p054_db: str) -> None:
    before = snapshot(p054_db)
    result = fails(runner, "query", "SELECT 1; DELETE FROM deals", "--db", p054_db)
    assert result.stderr.startswith("Error: ")
    assert result.stderr.count("\n") == 1
    assert snapshot(p054_db) == before


@pytest.mark.parametrize("statement", [
    "ATTACH DATABASE '{other}' AS other",
    "PRAGMA journal_mode = DELETE",
    "PRAGMA foreign_keys = OFF",
    "PRAGMA query_only = OFF",
    "VACUUM",
])
def test_query_refuses_sqlite_side_doors(runner: CliRunner, sqlite_p054: str, tmp_path: Path,
                                         statement: str) -> None:
    other = tmp_path / "other.sqlite"
    before = snapshot(sqlite_p054)
    result = fails(runner, "query", statement.format(other=other), "--db", sqlite_p054)
    assert result.stderr == f"Error: {REFUSED}\n"
    assert not other.exists()
    assert snapshot(sqlite_p054) == before
    assert rows(sqlite_p054, "PRAGMA journal_mode") == [("wal",)]


def test_a_new_sqlite_file_has_wal_and_pages_of_16_kib(sqlite_p054: str) -> None:
    assert rows(sqlite_p054, "PRAGMA journal_mode") == [("wal",)]
    assert rows(sqlite_p054, "PRAGMA page_size") == [(16384,)]


def test_query_reads_schema_pragmas(runner: CliRunner, sqlite_p054: str) -> None:
    result = succeeds(runner, "query", "PRAGMA table_info(categories)", "--db", sqlite_p054,
                      "--format", "json")
    assert [column["name"] for column in json.loads(result.stdout)] == ["id", "name", "kind"]
    # ... and as table-valued functions, which can be joined and filtered.
    result = succeeds(runner, "query", "SELECT t.name, count(c.name) AS columns FROM "
                      "sqlite_master t, pragma_table_xinfo(t.name) c WHERE t.name LIKE 'hand%' "
                      "GROUP BY t.name ORDER BY t.name", "--db", sqlite_p054, "--format", "csv")
    assert result.stdout.splitlines() == [
        "name,columns", "hand_actions,2", "hand_cards,3", "hand_descriptions,3", "hand_equities,5",
        "hand_labels,3", "hand_values,4", "hands,39"]  # 16 a recorded seat's, and its money
    result = succeeds(runner, "query", "SELECT name FROM pragma_index_list('deals')",
                      "--db", sqlite_p054, "--format", "csv", "--no-headers")
    assert sorted(result.stdout.splitlines()) == ["ix_deals_dataset_id"]


def test_query_sql_error(runner: CliRunner, sqlite_p054: str) -> None:
    result = fails(runner, "query", "SELECT * FROM nope", "--db", sqlite_p054)
    assert result.stderr == "Error: SQL error: no such table: nope\n"


# --- datasets and ties -----------------------------------------------------------------------

def test_dataset_filter(runner: CliRunner, p054_db: str, tmp_path: Path) -> None:
    ties = write_lines(tmp_path / "ties.txt", TIE_DEAL)
    succeeds(runner, "import", ties, "--db", p054_db)
    succeeds(runner, "evaluate", "--db", p054_db)

    def wins(*extra: str) -> dict[str, int]:
        result = succeeds(runner, "wins", "--db", p054_db, "--format", "json", *extra)
        return dict(json.loads(result.stdout))

    assert wins("--dataset", "p054_poker.txt") == PE54_WINS
    assert wins("--dataset", "ties.txt") == {"deals": 1, "player1": 0, "player2": 0, "ties": 1}
    assert wins() == {"deals": 1001, "player1": 376, "player2": 624, "ties": 1}

    result = succeeds(runner, "breakdown", "--db", p054_db, "--format", "json",
                      "--dataset", "ties.txt")
    tables = json.loads(result.stdout)
    assert tables["wins_by_category"] == []  # a tie has no winning hand
    cells = {(row["player1 \\ player2"], name): count for row in tables["category_matrix"]
             for name, count in row.items() if name != "player1 \\ player2" and count}
    assert cells == {("High Card", "High Card"): 1}


@pytest.mark.parametrize("command", ["wins", "breakdown"])
def test_unknown_dataset(runner: CliRunner, p054_db: str, command: str) -> None:
    result = fails(runner, command, "--db", p054_db, "--dataset", "nope")
    assert result.stdout == ""
    assert result.stderr == "Error: no dataset named 'nope' (see: pokerdb datasets)\n"


def test_tie(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    ties = write_lines(tmp_path / "tie.txt", TIE_DEAL)
    succeeds(runner, "import", ties, "--db", db_url)
    succeeds(runner, "evaluate", "--db", db_url)
    assert rows(db_url, "SELECT line_no, winner FROM deals") == [(1, 0)]
    assert rows(db_url, "SELECT player, category, k1, k2, k3, k4, k5 FROM hands "
                "ORDER BY player") == [(1, 0, 14, 13, 12, 11, 9), (2, 0, 14, 13, 12, 11, 9)]
    result = succeeds(runner, "wins", "--db", db_url, "--format", "json")
    assert json.loads(result.stdout) == {"deals": 1, "player1": 0, "player2": 0, "ties": 1}
    result = succeeds(runner, "query", "SELECT result FROM deal_results", "--db", db_url,
                      "--format", "csv", "--no-headers")
    assert result.stdout == "Tie\n"


def test_wins_before_evaluate_notes_it(runner: CliRunner, p054_imported: str) -> None:
    result = succeeds(runner, "wins", "--db", p054_imported, "--format", "json")
    assert json.loads(result.stdout) == {"deals": 1000, "player1": 0, "player2": 0, "ties": 0}
    assert result.stderr == ("Note: 1,000 deals are not evaluated yet and have no winner; "
                             "run: pokerdb evaluate\n")


def test_datasets_lists_the_import(runner: CliRunner, p054_imported: str) -> None:
    result = succeeds(runner, "datasets", "--db", p054_imported, "--format", "json")
    (dataset,) = json.loads(result.stdout)
    assert {k: dataset[k] for k in ("id", "name", "format", "deals")} == {
        "id": 1, "name": "p054_poker.txt", "format": "pe54", "deals": 1000}
    assert re.fullmatch(r"[0-9a-f]{64}", dataset["sha256"])


# --- version and help ------------------------------------------------------------------------

def test_version(runner: CliRunner) -> None:
    result = succeeds(runner, "--version")
    assert result.stdout == f"pokerdb {__version__}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_python_m_pokerdb_version(tmp_path: Path) -> None:
    completed = subprocess.run([sys.executable, "-m", "pokerdb", "--version"], cwd=tmp_path,
                               capture_output=True, text=True, timeout=60, check=False)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == f"pokerdb {__version__}\n"
    assert completed.stderr == ""
    assert list(tmp_path.iterdir()) == []  # --version opens no database


def _program(*args: str, cwd: Path) -> "subprocess.CompletedProcess[str]":
    """`python -m pokerdb ARGS`: the program as a whole process (cli.main)."""
    env = {key: value for key, value in os.environ.items() if key != "POKERDB_DB"}
    return subprocess.run([sys.executable, "-m", "pokerdb", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_program_ends_with_its_status_and_the_database_closed(tmp_path: Path) -> None:
    """The program ends without tearing the interpreter down (cli.main), but only once the
    database is closed: no write-ahead log is left beside the file, which holds every deal
    by itself; a command's status and output are what the app gave."""
    db = tmp_path / "closed.sqlite"
    for args in (["import", str(PE54_FILE)], ["evaluate"]):
        completed = _program(*args, "--db", str(db), cwd=tmp_path)
        assert completed.returncode == 0, completed.stderr
        assert sorted(path.name for path in tmp_path.iterdir()) == ["closed.sqlite"]
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "copy.sqlite").write_bytes(db.read_bytes())  # the file without any log
    wins = _program("wins", "--db", str(alone / "copy.sqlite"), "--format", "json", cwd=alone)
    assert wins.returncode == 0, wins.stderr
    assert json.loads(wins.stdout) == PE54_WINS
    missing = _program("explain", "1001", "--db", str(db), cwd=tmp_path)
    assert (missing.returncode, missing.stdout) == (1, "")
    assert missing.stderr.count("\n") == 1 and "1001" in missing.stderr, missing.stderr
    usage = _program("wins", "--format", "xml", "--db", str(db), cwd=tmp_path)
    assert usage.returncode == 2, usage.stderr


def test_program_with_its_output_closed(tmp_path: Path) -> None:
    """Started with stdout closed (`>&-`: sys.stdout is None), the program does its work and
    ends with its status and nothing on stderr: its last flush has no stdout to write, and an
    import with worker processes no stdout to flush before forking them."""
    env = {**{key: value for key, value in os.environ.items() if key != "POKERDB_DB"},
           "POKERDB_WORKERS": "2"}
    db = str(tmp_path / "closed.sqlite")

    def program(*args: str) -> "subprocess.CompletedProcess[str]":
        return subprocess.run(
            [sys.executable, "-m", "pokerdb", *args, "--db", db], cwd=tmp_path, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=120,
            check=False, preexec_fn=lambda: os.close(1))

    write_hand_folder(tmp_path / "phh", 60, seed=5, profile=SIX_MAX)
    imported = program("import", str(tmp_path / "phh"))
    assert (imported.returncode, imported.stderr) == (0, "")
    wins = program("wins")
    assert (wins.returncode, wins.stderr) == (0, "")
    missing = program("explain", "100001")
    assert missing.returncode == 1 and missing.stderr.count("\n") == 1, missing.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["closed.sqlite", "phh"]


@pytest.mark.parametrize("fmt", ["csv", "json", "table"])
def test_output_to_a_full_disk_is_one_line(tmp_path: Path, fmt: str) -> None:
    """Output that cannot be written (a full disk: /dev/full) ends the program with one line
    and status 1, not a traceback."""
    db = str(tmp_path / "full.sqlite")
    assert _program("import", str(PE54_FILE), "--db", db, cwd=tmp_path).returncode == 0
    with open("/dev/full", "w") as full:
        completed = subprocess.run(
            [sys.executable, "-m", "pokerdb", "query", "SELECT * FROM deals", "--db", db,
             "--format", fmt], cwd=tmp_path, stdout=full, stderr=subprocess.PIPE, text=True,
            timeout=120, check=False)
    assert completed.returncode == 1
    assert completed.stderr == "Error: cannot write the output: No space left on device\n"


def _commands() -> dict[str, Any]:
    return dict(get_command(app).commands)  # type: ignore[attr-defined]


def test_the_documented_commands_are_registered() -> None:
    assert set(_commands()) >= {"import", "evaluate", "wins", "breakdown", "query", "generate",
                                "datasets"}


@pytest.mark.parametrize("name", sorted(_commands()))
def test_help_of_every_command(runner: CliRunner, name: str, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    command = _commands()[name]
    assert command.help and command.help.strip()
    result = succeeds(runner, name, "--help")
    flat = " ".join(result.stdout.replace("│", " ").split())
    assert f"Usage: pokerdb {name} [OPTIONS]" in flat
    assert " ".join(command.help.split()) in flat
    assert list(tmp_path.iterdir()) == []  # --help opens no database


def test_top_level_help_lists_every_command(runner: CliRunner) -> None:
    result = succeeds(runner, "--help")
    flat = " ".join(result.stdout.replace("│", " ").split())
    assert "Usage: pokerdb [OPTIONS] COMMAND [ARGS]..." in flat
    for name in _commands():
        assert f" {name} " in flat


@pytest.mark.parametrize("name", ["import", "evaluate", "wins", "breakdown", "query",
                                  "datasets"])
def test_db_option_help_names_the_default(runner: CliRunner, name: str) -> None:
    """--db's help says where the database is when --db is not given."""
    result = succeeds(runner, name, "--help")
    flat = " ".join(result.stdout.replace("│", " ").split())
    assert "POKERDB_DB" in flat
    assert DEFAULT_DB in flat


def test_no_arguments_shows_help(runner: CliRunner) -> None:
    result = invoke(runner)
    assert result.exit_code == 2
    assert "Usage: pokerdb [OPTIONS] COMMAND [ARGS]..." in result.output


def test_db_from_environment(runner: CliRunner, tmp_path: Path) -> None:
    db = tmp_path / "env.sqlite"
    result = runner.invoke(app, ["import", str(PE54_FILE), "--quiet"], prog_name="pokerdb",
                           env={"POKERDB_DB": str(db)})
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert db.exists()
    assert row_counts(f"sqlite:///{db}")["deals"] == 1000


def test_progress_bars_on_a_terminal(tmp_path: Path) -> None:
    """On a terminal, import shows the file's name, bytes read of its size and deals stored,
    evaluate the hands done of those pending, from the start; nothing is drawn when stderr is
    not a terminal (the other tests)."""
    db = str(tmp_path / "bars.sqlite")
    terminal, stderr_end = pty.openpty()
    try:
        for args in (["import", str(PE54_FILE)], ["evaluate"]):
            completed = subprocess.run([sys.executable, "-m", "pokerdb", *args, "--db", db],
                                       stdout=subprocess.PIPE, stderr=stderr_end, timeout=120,
                                       check=False)
            assert completed.returncode == 0, completed.stdout
    finally:
        os.close(stderr_end)
    drawn = b""
    with contextlib.suppress(OSError):  # EIO once everything written is read
        while chunk := os.read(terminal, 1 << 16):
            drawn += chunk
    os.close(terminal)
    size_kb = PE54_FILE.stat().st_size / 1000
    shown = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", drawn).decode()
    # The file's name, bytes read of its size and the deals stored; hands with separators.
    assert re.search(rf"p054_poker\.txt ━+ {size_kb:.1f}/{size_kb:.1f} kB 1,000 deals", shown)
    assert re.search(r"evaluate ━+ 2,000/2,000 hands", shown)
