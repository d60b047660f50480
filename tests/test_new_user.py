"""What a new user tripped on, each checked with others of its kind: a mistyped file leaves no
database; deals without a showdown say what they are, and never send the user round in a loop;
every command's options are the ones it takes; a statement of nothing, a rerun with nothing
to do and a URL with the wrong scheme each get one clear line; a wide table keeps its words;
a recorded hand is named as its file names it; a report covers every game it holds."""

import io
import os
import re
from pathlib import Path

import pytest
from rich.console import Console
from support import PHH_DATA, TEXTED_DEALS, fails, invoke, rows, succeeds
from typer.testing import CliRunner

from pokerdb.answers.html_report import build_report
from pokerdb.answers.query_errors import NOTHING_TO_RUN
from pokerdb.answers.rendering import OutputFormat, render
from pokerdb.answers.results import breakdown
from pokerdb.formats.deals.generate import generate_lines
from pokerdb.rules.games import HOLDEM
from pokerdb.storage.engines import open_engine

SHORT_BOARD_NOTE = ("whose board stops before the river (on the flop or the turn) have no "
                    "showdown, hence no winner, and are counted in deals only")
NO_SHOWDOWN = "every deal stops before the river, was won by folds, or has one player"


def deals_file(folder: Path, name: str, deals: int, seed: int = 1, **kind: object) -> str:
    path = folder / name
    path.write_text("".join(generate_lines(deals, seed=seed, **kind)))  # type: ignore[arg-type]
    return str(path)


# --- a mistyped file -----------------------------------------------------------------------

@pytest.mark.parametrize("problem", ["missing", "folder", "unreadable"])
def test_a_file_that_cannot_be_read_creates_no_database(runner: CliRunner, tmp_path: Path,
                                                        problem: str) -> None:
    good = deals_file(tmp_path, "good.txt", 10)
    bad = tmp_path / "bad.txt"
    if problem == "folder":
        bad.mkdir()
    elif problem == "unreadable":
        bad.write_text("x")
        bad.chmod(0)
        if os.access(bad, os.R_OK):
            pytest.skip("this user reads every file (root)")
    db = tmp_path / "new.sqlite"
    result = fails(runner, "import", good, str(bad), "--db", str(db), "--format", "pe54")
    why = {"missing": "no such file", "folder": "is a directory, not a deal file",
           "unreadable": "cannot be read: Permission denied"}[problem]
    assert result.stderr == f"Error: {bad}: {why}\n"
    assert not db.exists() and not list(tmp_path.glob("new.sqlite*"))


def test_a_file_that_cannot_be_read_imports_nothing_on_a_server(runner: CliRunner, pg_url: str,
                                                               tmp_path: Path) -> None:
    good = deals_file(tmp_path, "good.txt", 10)
    fails(runner, "import", good, str(tmp_path / "nosuch.txt"), "--db", pg_url)
    assert rows(pg_url, "SELECT count(*) FROM information_schema.tables "
                        "WHERE table_name = 'datasets'") == [(0,)]


# --- deals without a showdown ------------------------------------------------------------

@pytest.mark.parametrize("board", [0, 3, 4])
def test_wins_says_what_deals_short_of_the_river_are(runner: CliRunner, db_url: str,
                                                     tmp_path: Path, board: int) -> None:
    short = deals_file(tmp_path, "short.txt", 10, game=HOLDEM, board=board)
    solo = deals_file(tmp_path, "solo.txt", 3, players=1)
    succeeds(runner, "import", short, "--format", "holdem", "--evaluate", "--db", db_url, "-q")
    result = succeeds(runner, "wins", "--db", db_url)
    assert result.stderr == f"Note: 10 deals {SHORT_BOARD_NOTE}\n"
    assert "one player" not in result.stderr
    succeeds(runner, "import", solo, "--players", "1", "--evaluate", "--db", db_url, "-q")
    assert succeeds(runner, "wins", "--db", db_url).stderr == (
        f"Note: 10 deals {SHORT_BOARD_NOTE}\n"
        "Note: 3 deals of one player (such as UCI rows) have no winner and are counted in "
        "deals only\n")
    assert succeeds(runner, "wins", "--db", db_url, "--dataset", "solo.txt").stderr == (
        "Note: 3 deals of one player (such as UCI rows) have no winner and are counted in "
        "deals only\n")


def test_no_showdown_sends_nobody_back_to_evaluate(runner: CliRunner, db_url: str,
                                                  tmp_path: Path) -> None:
    """stats, evaluate, report of deals whose boards stop on the flop: each says what is so,
    none says to evaluate what has nothing to evaluate."""
    flops = deals_file(tmp_path, "flops.txt", 10, game=HOLDEM, board=3)
    succeeds(runner, "import", flops, "--format", "holdem", "--db", db_url, "-q")
    # A board short of the river values no hand: nothing to evaluate (revision 0028).
    for args in (["--db", db_url], ["--db", db_url, "--dataset", "flops.txt"]):
        where = "the database" if len(args) == 2 else "dataset 'flops.txt'"
        assert fails(runner, "stats", *args).stderr == (
            f"Error: nothing to count: no hand of {where} has a showdown value: {NO_SHOWDOWN}\n")
    assert succeeds(runner, "evaluate", "--db", db_url).stdout == (
        "nothing to evaluate: every hand is evaluated already\n")
    report = tmp_path / "report.html"
    succeeds(runner, "report", "--db", db_url, "--dataset", "flops.txt", "-o", str(report))
    page = report.read_text()
    assert (f"<p>No categories to show: no hand of dataset &#x27;flops.txt&#x27; has a "
            f"showdown value: {NO_SHOWDOWN}.</p>") in page
    assert page.count("<svg") == 0 and '<td class="number">10</td>' in page


def test_a_report_of_a_hand_won_by_folds(runner: CliRunner, db_url: str,
                                         tmp_path: Path) -> None:
    folds = tmp_path / "folds.phh"
    folds.write_text('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n'
                     'min_bet = 2\nstarting_stacks = [200, 200]\n'
                     'actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\n')
    succeeds(runner, "import", deals_file(tmp_path, "five.txt", 50), "--evaluate",
             "--db", db_url, "-q")
    succeeds(runner, "import", str(folds), "--db", db_url, "-q")
    report = tmp_path / "report.html"
    succeeds(runner, "report", "--db", db_url, "--dataset", "folds.phh", "-o", str(report))
    assert (f"No categories to show: no hand of dataset &#x27;folds.phh&#x27; has a showdown "
            f"value: {NO_SHOWDOWN}.") in report.read_text()


# --- options offered, statements of nothing, reruns, URLs ---------------------------------

@pytest.mark.parametrize("statement", ["", "   ", ";", "/* nothing */", " -- a comment",
                                       "\n;\n-- one\n/* two */;"])
def test_a_statement_of_nothing_is_one_line(runner: CliRunner, db_url: str, tmp_path: Path,
                                            statement: str) -> None:
    succeeds(runner, "import", deals_file(tmp_path, "d.txt", 5), "--db", db_url, "-q")
    result = fails(runner, "query", "--db", db_url, "--", statement)
    assert (result.stdout, result.stderr) == ("", f"Error: {NOTHING_TO_RUN}\n")


@pytest.mark.parametrize("statement", ["SELECT '--' AS a", "/* x */ SELECT ';' AS a",
                                       "-- first\nSELECT 'x' AS a"])
def test_a_statement_beside_comments_runs(runner: CliRunner, db_url: str, tmp_path: Path,
                                          statement: str) -> None:
    succeeds(runner, "import", deals_file(tmp_path, "d.txt", 5), "--db", db_url, "-q")
    result = succeeds(runner, "query", "--db", db_url, "--format", "csv", "--", statement)
    assert result.stdout.splitlines()[0] == "a"


@pytest.mark.parametrize(("url", "why"), [
    ("postgres://ann:secret@db.example:5433/poker",
     "SQLAlchemy calls PostgreSQL 'postgresql': write "
     "postgresql+psycopg://ann:***@db.example:5433/poker"),
    ("postgres://localhost/poker",
     "SQLAlchemy calls PostgreSQL 'postgresql': write postgresql+psycopg://localhost/poker"),
    ("foo://bar", "no database type 'foo': give a file path (SQLite), or "
                  "postgresql+psycopg://USER:PASSWORD@HOST:PORT/DATABASE"),
    ("sqlite://nofile", "Invalid SQLite URL: sqlite://nofile: write sqlite:///relative/path "
                        "or sqlite:////absolute/path, or give the file's path alone"),
])
def test_a_url_pokerdb_cannot_open_says_what_to_write(runner: CliRunner, url: str,
                                                      why: str) -> None:
    shown = re.sub(r":[^:@/]+@", ":***@", url)
    for command in (["wins"], ["import", "-"]):
        result = fails(runner, *command, "--db", url)
        assert result.stderr == f"Error: cannot open database {shown}: {why}\n"


# --- a wide table ------------------------------------------------------------------------

@pytest.mark.parametrize("width", [100, 110, 130, 200])
def test_the_category_matrix_keeps_its_words(db_url: str, tmp_path: Path, width: int) -> None:
    engine = open_engine(db_url)
    try:
        from pokerdb.steps.importer import ImportOptions, import_file

        import_file(engine, deals_file(tmp_path, "d.txt", 20_000), ImportOptions(evaluate=True))
        printed = io.StringIO()
        render(breakdown(engine).tables, OutputFormat.TABLE,
               console=Console(file=printed, width=width, color_system=None))
    finally:
        engine.dispose()
    text = printed.getvalue()
    assert "…" not in text
    assert max(map(len, text.splitlines())) <= width
    labels = [line.split("│")[1].strip() for line in text.splitlines()
              if line.startswith("│")][10:]  # the matrix's rows, after wins_by_category's
    assert " ".join(label for label in labels if label).count("Straight") == 2


# --- a recorded hand's name, a report of two games ----------------------------------------

def test_explain_names_a_recorded_hand_as_its_file_does(runner: CliRunner, db_url: str) -> None:
    succeeds(runner, "import", str(PHH_DATA), "--skip-invalid", "--db", db_url, "-q")
    ((deal_id, position),) = rows(db_url, f"SELECT id, line_no FROM {TEXTED_DEALS} d "
                                          "WHERE source = 'wsop/2023/43/5/63.phh'")
    assert position != 63
    heading = succeeds(runner, "explain", str(deal_id), "--db", db_url).stdout.splitlines()[0]
    assert heading == f"Deal {deal_id} (dataset phh: wsop/2023/43/5/63.phh, hand 63)"
    ((other,),) = rows(db_url, f"SELECT id FROM {TEXTED_DEALS} d "
                       "WHERE source = 'dwan-ivey-2009.phh'")
    heading = succeeds(runner, "explain", str(other), "--db", db_url).stdout.splitlines()[0]
    assert heading == f"Deal {other} (dataset phh: dwan-ivey-2009.phh)"


def test_a_report_of_two_games_has_a_section_for_each(runner: CliRunner, db_url: str,
                                                      tmp_path: Path) -> None:
    succeeds(runner, "import", deals_file(tmp_path, "five.txt", 500), "--evaluate",
             "--db", db_url, "-q")
    succeeds(runner, "import", deals_file(tmp_path, "holdem.txt", 500, game=HOLDEM),
             "--format", "holdem", "--evaluate", "--db", db_url, "-q")
    assert "several games" in fails(runner, "stats", "--db", db_url).stderr
    engine = open_engine(db_url)
    try:
        page = build_report(engine)
        alone = build_report(engine, "holdem.txt")
    finally:
        engine.dispose()
    headings = re.findall(r"<h2>(.*?)</h2>", page)
    assert headings == [
        "Wins", "Hand categories against random dealing: five-card",
        "Player 1&#x27;s category against player 2&#x27;s: five-card",
        "Hand categories against random dealing: Texas Hold&#x27;em",
        "Player 1&#x27;s category against player 2&#x27;s: Texas Hold&#x27;em", "Provenance"]
    assert page.count("<svg") == 4
    assert re.findall(r"<h2>(.*?)</h2>", alone) == [
        "Wins", "Hand categories against random dealing",
        "Player 1&#x27;s category against player 2&#x27;s", "Provenance"]
    # Each game's table counts its own hands: 1,000 five-card; of Hold'em's, player 1's of each
    # of the 500 deals (a deal's hands share its board: stats).
    assert page.count("Share of the 1,000 evaluated hands in each category") == 1
    assert page.count("Share of the 500 evaluated hands (of a deal file, player 1&#x27;s of "
                      "each deal: a deal&#x27;s hands share its board; of a recorded hand, each "
                      "hand shown) in each category") == 1
    assert invoke(runner, "report", "--db", db_url, "-o", str(tmp_path / "r.html")
                  ).exit_code == 0
