"""Every error is one line on stderr with exit code 1 (usage errors: one line and the help
hint, exit code 2), never a traceback, and leaves the database as it was."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import make_url
from support import PE54_FILE, REPO, fails, invoke, rows, snapshot, succeeds, write_lines
from typer.testing import CliRunner

from pokerdb import __version__
from pokerdb.answers.wins import NO_DEALS
from pokerdb.storage.location import head_revision

GOOD = "8C TS KC 9H 4S 7D 2S 5D 3S AC"


def one_line(runner: CliRunner, *args: str) -> str:
    """The error of a failing command, checked to be one line; without its 'Error: '."""
    result = fails(runner, *args)
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("Error: ")
    return result.stderr.removeprefix("Error: ").removesuffix("\n")


@pytest.fixture
def imported(runner: CliRunner, db_url: str) -> str:
    succeeds(runner, "import", str(PE54_FILE), "--db", db_url, "-q")
    return db_url


def test_a_file_name_with_an_undecodable_byte(runner: CliRunner, db_url: str,
                                              tmp_path: Path) -> None:
    named = tmp_path / os.fsdecode(b"deals\xff.txt")
    write_lines(named, GOOD.replace("AC", "8C"))
    assert one_line(runner, "import", str(named), "--db", db_url) == (
        f"{tmp_path}/deals\\xff.txt, line 1: card '8C' appears twice in the deal")
    write_lines(named, GOOD)
    result = succeeds(runner, "import", str(named), "--db", db_url)
    assert "as dataset 'deals\\xff.txt'" in result.stdout
    assert rows(db_url, "SELECT name FROM datasets") == [("deals\\xff.txt",)]


def test_a_text_file_as_database(runner: CliRunner, tmp_path: Path) -> None:
    text = write_lines(tmp_path / "notes.txt", "not a database, just text " * 100)
    assert one_line(runner, "wins", "--db", text) == (
        f"database {text}: file is not a database")
    assert one_line(runner, "import", str(PE54_FILE), "--db", text) == (
        f"database {text}: file is not a database")


@pytest.mark.parametrize("revision", ["0099", "a1b2c3d4e5f6"])
def test_a_schema_revision_this_pokerdb_does_not_know(runner: CliRunner, imported: str,
                                                      revision: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(imported)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = :r"), {"r": revision})
    engine.dispose()
    where = (make_url(imported).database if imported.startswith("sqlite")
             else make_url(imported).render_as_string(hide_password=True))
    for command in (["wins"], ["import", str(PE54_FILE)], ["query", "SELECT 1 AS one"]):
        assert one_line(runner, *command, "--db", imported) == (
            f"database {where} is at schema revision '{revision}', which pokerdb "
            f"{__version__} does not know (its newest is '{head_revision()}'): it was written "
            f"by a newer pokerdb (upgrade pokerdb) or by another program (choose another "
            f"database with --db)")


def test_a_name_too_long(runner: CliRunner, db_url: str) -> None:
    assert one_line(runner, "import", str(PE54_FILE), "--name", "n" * 256, "--db", db_url) == (
        "--name must be 1 to 255 characters long, not 256")
    succeeds(runner, "import", str(PE54_FILE), "--name", "n" * 255, "--db", db_url, "-q")


def test_a_read_only_server_session(runner: CliRunner, pg_url: str, tmp_path: Path) -> None:
    """A session that may not write: a new database cannot be set up, one at head is read,
    and an import is one line."""
    def read_only(url: str) -> str:
        return make_url(url).update_query_dict(
            {"options": "-c default_transaction_read_only=on"}).render_as_string(
                hide_password=False)

    where = make_url(read_only(pg_url)).render_as_string(hide_password=True)
    assert one_line(runner, "import", str(PE54_FILE), "--db", read_only(pg_url)) == (
        f"database {where}: cannot execute CREATE TABLE in a read-only transaction")
    succeeds(runner, "import", str(PE54_FILE), "--db", pg_url, "-q")
    before = snapshot(pg_url)
    assert succeeds(runner, "wins", "--db", read_only(pg_url), "-f", "csv").stdout == (
        "deals,player1,player2,ties\n1000,0,0,0\n")
    other = write_lines(tmp_path / "other.txt", GOOD)
    assert one_line(runner, "import", other, "--db", read_only(pg_url)) == (
        "database: cannot execute INSERT in a read-only transaction")
    assert snapshot(pg_url) == before


def test_paths_that_cannot_be_read(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    long_name = str(tmp_path / ("x" * 300))
    assert one_line(runner, "import", long_name, "--db", db_url) == (
        f"{long_name}: cannot be read: File name too long")
    under_a_file = write_lines(tmp_path / "file.txt", GOOD) + "/deals.txt"
    assert one_line(runner, "import", under_a_file, "--db", db_url) == (
        f"{under_a_file}: cannot be read: Not a directory")


def test_import_from_a_closed_stdin(imported: str) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "pokerdb", "import", "-", "--db", imported], cwd=REPO,
        capture_output=True, text=True, timeout=120, check=False,
        stdin=None, preexec_fn=lambda: os.close(0))
    assert (completed.returncode, completed.stdout, completed.stderr) == (
        1, "", "Error: -: stdin is closed: there is nothing to read\n")


@pytest.mark.parametrize("deal_id", ["99999999999999999999", "9223372036854775808", "0",
                                     "1001"])
def test_explain_a_deal_that_is_not_there(runner: CliRunner, imported: str,
                                          deal_id: str) -> None:
    assert one_line(runner, "explain", deal_id, "--db", imported) == (
        f"no deal with id {deal_id} in the database")


@pytest.mark.parametrize(("cards", "why"), [
    ("XX YY ZZ QQ WW", "player 1's cards 'XX YY ZZ QQ WW': unknown rank 'X' in card 'XX' "
                       "(ranks are 2-9 T J Q K A)"),
    ("AC AC AC AC AC", "player 1's cards 'AC AC AC AC AC': card 'AC' appears twice in the "
                       "deal"),
    ("", "player 1's cards '': not five cards in normal form"),
    ("8c ts kc 9h 4s", "player 1's cards '8c ts kc 9h 4s': not five cards in normal form"),
    ("7D 2S 5D 3S AC", "card '7D' appears twice in the deal"),
])
def test_evaluate_refuses_hands_edited_into_nonsense(runner: CliRunner, imported: str,
                                                     cards: str, why: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(imported)
    with engine.begin() as connection:
        connection.execute(text("UPDATE hand_cards SET cards = :cards "
                                "WHERE deal_id = 500 AND player = 1"), {"cards": cards})
    engine.dispose()
    before = snapshot(imported)
    assert one_line(runner, "evaluate", "--db", imported) == (
        f"deal 500 is not a deal ({why}): evaluate stopped there; fix its rows in hand_cards, "
        f"or remove its dataset (pokerdb delete)")
    assert snapshot(imported) == before
    assert rows(imported, "SELECT count(*) FROM hand_values WHERE deal_id = 500") == [(0,)]
    assert one_line(runner, "explain", "500", "--db", imported).startswith(
        "deal 500 is not a deal: its hand_cards rows read ")


@pytest.mark.parametrize(("args", "error", "hint"), [
    (["query", "SELECT 1", "--format", "xml"],
     "Invalid value for '--format' / '-f': 'xml' is not one of 'table', 'csv', 'json'.",
     "pokerdb query"),
    (["wns"], "No such command 'wns'. Did you mean 'wins'?", "pokerdb"),
    (["import"], "Missing argument 'files'.", "pokerdb import"),
    (["generate", "10", "--players", "two"],
     "Invalid value for '--players': 'two' is not N or N-M (e.g. 2-9)", "pokerdb generate"),
])
def test_usage_errors_are_a_line_and_the_hint(runner: CliRunner, args: list[str], error: str,
                                              hint: str) -> None:
    result = invoke(runner, *args)
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", f"Error: {error}\nTry '{hint} --help' for help.\n")


def test_empty_and_missing_databases(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    if db_url.startswith("sqlite"):
        (tmp_path / "test.sqlite").touch()  # an empty database (the server's is empty too)
    for command in ("wins", "breakdown"):
        assert one_line(runner, command, "--db", db_url) == NO_DEALS
    assert one_line(runner, "delete", "nope", "--db", db_url) == (
        "no dataset named 'nope' (see: pokerdb datasets)")
    assert one_line(runner, "wins", "--db", "") == (
        "--db is empty: give a file path or a database URL")
