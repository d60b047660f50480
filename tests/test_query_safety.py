"""`pokerdb query` whatever the statement: it changes nothing, reaches no other session, stops
when asked (Ctrl-C, --timeout, the client's death), streams its rows, and shows them as data."""

import json
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import Engine, make_url
from support import PE54_FILE, REPO, fails, invoke, snapshot, succeeds, write_lines
from typer.testing import CliRunner

from pokerdb.answers.rendering import TABLE_ROWS
from pokerdb.answers.server_query import NOT_GRANTED
from pokerdb.storage.reader_role import NOT_SET_UP
from pokerdb.storage.sqlite_guard import SQLITE_FUNCTIONS

ENDLESS = "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) "


@pytest.fixture
def p054(runner: CliRunner, db_url: str) -> str:
    succeeds(runner, "import", str(PE54_FILE), "--db", db_url, "--evaluate")
    return db_url


def start_query(db_url: str, *args: str) -> subprocess.Popen[str]:
    """`pokerdb query ARGS` as its own process, with Ctrl-C (SIGINT) as on a terminal."""
    return subprocess.Popen(
        [sys.executable, "-m", "pokerdb", "query", *args, "--db", db_url], cwd=REPO,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def psycopg_url(db_url: str) -> str:
    return make_url(db_url).set(drivername="postgresql").render_as_string(hide_password=False)


# --- stopping ---------------------------------------------------------------------------------

@pytest.mark.parametrize("statement", [f"{ENDLESS}SELECT count(*) FROM r",
                                       f"{ENDLESS}SELECT max(x) FROM r WHERE x < 0"])
def test_ctrl_c_stops_a_running_statement(p054: str, statement: str) -> None:
    process = start_query(p054, statement)
    time.sleep(2)  # well inside the statement (the interpreter starts in a fraction of that)
    assert process.poll() is None
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=10)
    assert (process.returncode, stdout, stderr) == (
        130, "", "Interrupted: the query stopped (a query changes nothing)\n")


def test_timeout_stops_a_statement(runner: CliRunner, p054: str) -> None:
    before = snapshot(p054)
    result = fails(runner, "query", f"{ENDLESS}SELECT count(*) FROM r", "--timeout", "0.5",
                   "--db", p054)
    assert (result.stdout, result.stderr) == (
        "", "Error: query stopped: it ran longer than --timeout 0.5 s\n")
    assert snapshot(p054) == before
    # Within its time, a statement answers as usual.
    result = succeeds(runner, "query", "SELECT count(*) AS n FROM deals", "--timeout", "30",
                      "--db", p054, "--format", "csv")
    assert result.stdout == "n\n1000\n"


def test_a_timeout_that_is_no_number_of_seconds_is_refused(runner: CliRunner,
                                                           p054: str) -> None:
    """nan passes a range check (and was no limit on SQLite, a traceback on PostgreSQL), inf
    was a traceback on PostgreSQL; the longest timeout the server takes bounds a larger one."""
    for given in ("nan", "inf"):
        result = invoke(runner, "query", "SELECT 1 AS n", "--timeout", given, "--db", p054)
        assert (result.exit_code, result.stdout, result.stderr) == (
            2, "", f"Error: Invalid value for '--timeout': {given} is not a number of "
                   f"seconds.\nTry 'pokerdb query --help' for help.\n")
    result = succeeds(runner, "query", "SELECT 1 AS n", "--timeout", "1e300", "--db", p054,
                      "--format", "csv")
    assert result.stdout == "n\n1\n"


def test_timeout_bounds_a_statement_that_streams(runner: CliRunner, p054: str) -> None:
    """The time counts while rows are printed too: an endless result stops."""
    result = fails(runner, "query", f"{ENDLESS}SELECT x FROM r", "--timeout", "1", "--db", p054,
                   "--format", "csv")
    assert result.stderr == "Error: query stopped: it ran longer than --timeout 1 s\n"
    lines = result.stdout.splitlines()
    assert lines[0] == "x"
    assert lines[1:] == [str(x) for x in range(1, len(lines))]


def test_the_server_ends_the_statement_when_the_client_dies(pg_url: str, runner: CliRunner
                                                            ) -> None:
    succeeds(runner, "import", str(PE54_FILE), "--db", pg_url)
    process = start_query(pg_url, "SELECT pg_sleep(600) IS NULL")
    running = ("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'pokerdb query' "
               "AND state = 'active' AND datname = current_database()")
    with psycopg.connect(psycopg_url(pg_url), autocommit=True) as watcher:
        deadline = time.monotonic() + 60
        while not _scalar(watcher, running) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _scalar(watcher, running) == 1
        process.kill()
        process.communicate(timeout=10)
        deadline = time.monotonic() + 30  # the server looks every second
        while _scalar(watcher, running) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _scalar(watcher, running) == 0


def _scalar(connection: psycopg.Connection[tuple[int]], sql: str) -> int:
    row = connection.execute(sql).fetchone()  # type: ignore[arg-type]
    assert row is not None
    return row[0]


# --- changing nothing, reaching no other session ----------------------------------------------

@pytest.mark.parametrize("statement", [
    "SELECT fts3_tokenizer('simple')",
    "SELECT fts3_tokenizer('evil', x'0000000000000000')",
    "SELECT load_extension('/tmp/x.so')",
    "SELECT sqlite_log(1, 'x')",
    "SELECT rtreenode(2, x'00')",
])
def test_sqlite_allows_only_the_functions_a_query_needs(runner: CliRunner, sqlite_url: str,
                                                        statement: str) -> None:
    succeeds(runner, "import", str(PE54_FILE), "--db", sqlite_url)
    name = statement.split()[1].partition("(")[0]
    result = fails(runner, "query", statement, "--db", sqlite_url)
    assert result.stderr == f"Error: SQL error: not authorized to use function: {name}\n"


def test_sqlite_functions_on_the_list_work(runner: CliRunner, sqlite_url: str) -> None:
    succeeds(runner, "import", str(PE54_FILE), "--db", sqlite_url)
    result = succeeds(runner, "query", """
        SELECT abs(-1) AS a, lower(substr('ABC', 2)) AS b, json_extract('{"x": [7]}', '$.x[0]')
               AS c, '{"y": 2}' ->> 'y' AS d, round(pi(), 2) AS e, printf('%05d', 42) AS f,
               date('2026-11-29', '+1 day') AS g, (SELECT count(*) FROM json_each('[1,2]')) AS h,
               (SELECT group_concat(x, '') FROM (SELECT 1 AS x UNION SELECT 2)) AS i,
               row_number() OVER () AS j, coalesce(NULL, iif(1, 'y', 'n')) AS k""",
                      "--db", sqlite_url, "--format", "json")
    assert json.loads(result.stdout) == [{"a": 1, "b": "bc", "c": 7, "d": 2, "e": 3.14,
                                          "f": "00042", "g": "2026-11-30", "h": 2, "i": "12",
                                          "j": 1, "k": "y"}]
    assert "fts3_tokenizer" not in SQLITE_FUNCTIONS and "load_extension" not in SQLITE_FUNCTIONS


def test_sqlite_refuses_to_build_huge_values(runner: CliRunner, sqlite_url: str) -> None:
    succeeds(runner, "import", str(PE54_FILE), "--db", sqlite_url)
    result = fails(runner, "query", "SELECT length(randomblob(1000000000))", "--db", sqlite_url)
    assert result.stderr == "Error: SQL error: string or blob too big\n"


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'q.sqlite'}"


@pytest.mark.parametrize(("statement", "error"), [
    ("SELECT set_config('role', session_user, true), 1 AS n",
     f"{NOT_GRANTED}: cannot set parameter \"role\" within security-definer function"),
    ("SELECT set_config('session_authorization', session_user, true)",
     f"{NOT_GRANTED}: cannot set parameter \"session_authorization\" within security-definer "
     f"function"),
    ("SELECT pg_terminate_backend({other})",
     f"{NOT_GRANTED}: must be a member of the role whose process is being terminated or member "
     f"of pg_signal_backend"),
    ("SELECT pg_cancel_backend({other})",
     f"{NOT_GRANTED}: must be a member of the role whose query is being canceled or member of "
     f"pg_signal_backend"),
    ("SELECT * FROM pokerdb_query_fetch(10) AS q(x int)",
     'SQL error: portal "pokerdb_query_rows" cannot be run'),
])
def test_server_query_runs_as_the_reader_role(runner: CliRunner, pg_url: str,
                                              statement: str, error: str) -> None:
    """Not as the connecting role: a statement cannot take its rights back, nor end or cancel
    another of its sessions (here, one that is importing)."""
    succeeds(runner, "import", str(PE54_FILE), "--db", pg_url)
    url = psycopg_url(pg_url)
    with psycopg.connect(url, autocommit=True) as other:
        before = snapshot(pg_url)
        result = fails(runner, "query", statement.format(other=other.info.backend_pid),
                       "--db", pg_url)
        assert (result.stdout, result.stderr) == ("", f"Error: {error}\n")
        assert other.execute("SELECT 1").fetchone() == (1,)  # still alive
        assert snapshot(pg_url) == before


def test_what_a_server_query_may_run_leaves_nothing(runner: CliRunner, pg_url: str) -> None:
    """Functions anyone may call still run, but their effects end with the query."""
    succeeds(runner, "import", str(PE54_FILE), "--db", pg_url)
    counts = ("SELECT (SELECT count(*) FROM pg_largeobject_metadata) AS objects, "
              "(SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 7 "
              "AND database = (SELECT oid FROM pg_database "
              "                WHERE datname = current_database())) AS locks")
    with psycopg.connect(psycopg_url(pg_url), autocommit=True) as watcher:
        before = watcher.execute(counts).fetchone()
        result = succeeds(runner, "query", "SELECT lo_create(0) > 0 AS made, "
                          "pg_try_advisory_lock(7) AS locked", "--db", pg_url, "--format", "csv")
        assert result.stdout == "made,locked\nTrue,True\n"
        # The query's connection is closed when the command returns; the server ends its
        # session (and releases what it held) a moment later.
        deadline = time.monotonic() + 10
        while (after := watcher.execute(counts).fetchone()) != before and (
                time.monotonic() < deadline):
            time.sleep(0.05)
        assert after == before


def test_server_query_sees_itself_as_the_reader(runner: CliRunner, pg_url: str) -> None:
    succeeds(runner, "import", str(PE54_FILE), "--db", pg_url)
    result = succeeds(runner, "query", "SELECT current_user AS runs_as, "
                      "pg_has_role('pokerdb_reader', 'pg_signal_backend', 'MEMBER') AS signals",
                      "--db", pg_url, "--format", "json")
    assert json.loads(result.stdout) == [{"runs_as": "pokerdb_reader", "signals": False}]


# --- streaming --------------------------------------------------------------------------------

def test_a_table_shows_its_first_rows_and_says_so(runner: CliRunner, p054: str) -> None:
    """An endless result as a table: the first rows, a note, and an end."""
    result = succeeds(runner, "query", f"{ENDLESS}SELECT x FROM r", "--db", p054)
    numbers = [line.strip("│ ") for line in result.stdout.splitlines()
               if line.startswith("│")]
    assert numbers == [str(x) for x in range(1, TABLE_ROWS + 1)]
    assert result.stderr == (f"Note: showing the first {TABLE_ROWS:,} rows; --format csv or "
                             f"--format json prints them all\n")


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_rows_stream_to_a_reader_that_stops_early(p054: str, fmt: str) -> None:
    """`pokerdb query ... | head`: the first rows come before the statement ends, and the
    command stops when its reader does."""
    process = start_query(p054, f"{ENDLESS}SELECT x, 'row ' || x AS label FROM r",
                          "--format", fmt)
    assert process.stdout is not None
    first = [process.stdout.readline() for _ in range(5)]
    process.stdout.close()
    process.wait(timeout=30)
    assert process.stderr is not None
    assert "Traceback" not in process.stderr.read()
    if fmt == "csv":
        assert first == ["x,label\n", "1,row 1\n", "2,row 2\n", "3,row 3\n", "4,row 4\n"]
    else:
        assert first == ["[\n", "  {\n", '    "x": 1,\n', '    "label": "row 1"\n', "  },\n"]


def test_json_streams_what_json_dumps_would_write(runner: CliRunner, p054: str) -> None:
    result = succeeds(runner, "query", "SELECT deal_id, player, cards FROM hands "
                      "WHERE deal_id <= 2 ORDER BY deal_id, player", "--db", p054,
                      "--format", "json")
    expected = [{"deal_id": 1, "player": 1, "cards": "8C TS KC 9H 4S"},
                {"deal_id": 1, "player": 2, "cards": "7D 2S 5D 3S AC"},
                {"deal_id": 2, "player": 1, "cards": "5C AD 5D AC 9C"},
                {"deal_id": 2, "player": 2, "cards": "7C 5H 8D TD KS"}]
    assert result.stdout == json.dumps(expected, indent=2) + "\n"
    empty = succeeds(runner, "query", "SELECT * FROM deals WHERE id < 0", "--db", p054,
                     "--format", "json")
    assert empty.stdout == "[]\n"


# --- data shown as data -----------------------------------------------------------------------

MARKUP_LINES = ["[/]", "[red]secret.txt", "[link=https://example.com]click[/link]",
                "[bold]x[/bold] :smile:"]


def test_rejected_lines_with_markup_show_as_written(runner: CliRunner, db_url: str,
                                                    tmp_path: Path) -> None:
    """The documented `SELECT line_no, raw, reason FROM rejects`, on lines that look like rich
    markup, in a table: each shows exactly as written."""
    deals = write_lines(tmp_path / "deals.txt", "8C TS KC 9H 4S 7D 2S 5D 3S AC", *MARKUP_LINES)
    succeeds(runner, "import", deals, "--skip-invalid", "--db", db_url)
    result = succeeds(runner, "query", "SELECT line_no, raw FROM rejects ORDER BY line_no",
                      "--db", db_url)
    cells = [[cell.strip() for cell in line.strip("│").split("│")]
             for line in result.stdout.splitlines() if line.startswith("│")]
    assert cells == [[str(line_no), raw] for line_no, raw in enumerate(MARKUP_LINES, start=2)]


def test_control_characters_are_escaped_in_tables(runner: CliRunner, p054: str) -> None:
    result = succeeds(runner, "query", "SELECT char(27) || '[31mred' || char(10) || 'x' AS "
                      "\"[b]col\"" if p054.startswith("sqlite") else
                      "SELECT chr(27) || '[31mred' || chr(10) || 'x' AS \"[b]col\"",
                      "--db", p054)
    assert "\x1b" not in result.stdout
    cells = [line.strip("│┃ ") for line in result.stdout.splitlines() if line[:1] in "│┃"]
    assert cells == ["[b]col", "\\x1b[31mred\\x0ax"]


def test_file_names_are_escaped_in_messages(runner: CliRunner, db_url: str,
                                            tmp_path: Path) -> None:
    named = tmp_path / "\x1b[31m[red]deals.txt"
    write_lines(named, "8C TS KC 9H 4S 7D 2S 5D 3S 8C")
    result = fails(runner, "import", str(named), "--db", db_url)
    assert result.stderr == (f"Error: {tmp_path}/\\x1b[31m[red]deals.txt, line 1: card '8C' "
                             f"appears twice in the deal\n")


def test_sql_errors_cannot_write_to_the_terminal(runner: CliRunner, p054: str) -> None:
    result = fails(runner, "query", "SELECT * FROM \"\x1b]0;owned\x07\"", "--db", p054)
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_query_connection_is_not_reused(engine: Engine) -> None:
    """The reader's limits (authorizer, progress handler, read-only transaction) leave with
    the query's connection."""
    from support import query_rows

    assert query_rows(engine, "SELECT 1 AS one") == [(1,)]
    with engine.begin() as connection:
        connection.exec_driver_sql("CREATE TABLE scratch (x INTEGER)")
        connection.exec_driver_sql("DROP TABLE scratch")


def test_a_role_that_cannot_set_the_reader_up_is_told_what_to_ask(runner: CliRunner,
                                                                   pg_url: str) -> None:
    """Another login role, which may not create roles nor grant pokerdb_reader, gets one line
    pointing to the docs, and nothing runs."""
    succeeds(runner, "import", str(PE54_FILE), "--db", pg_url)
    succeeds(runner, "query", "SELECT 1 AS one", "--db", pg_url)  # the reader, set up
    outsider = f"pokerdb_outsider_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(psycopg_url(pg_url), autocommit=True) as admin:
        admin.execute(f"CREATE ROLE {outsider} LOGIN PASSWORD 'outsider'")
        admin.execute(f"GRANT SELECT ON alembic_version TO {outsider}")  # to see it is at head
        try:
            url = make_url(pg_url).set(username=outsider, password="outsider")
            # Its own process, whose connections end with it (they could not be ended later).
            process = start_query(url.render_as_string(hide_password=False), "SELECT 1 AS one")
            assert process.communicate(timeout=60) == ("", "Error: " + NOT_SET_UP.format(
                why=f"{outsider} is not a member of it") + "\n")
            assert process.returncode == 1
        finally:
            admin.execute(f"REVOKE SELECT ON alembic_version FROM {outsider}")
            admin.execute(f"DROP ROLE {outsider}")
