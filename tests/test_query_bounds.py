"""What bounds a `pokerdb query` statement on PostgreSQL is nothing the statement can switch off:
one that turns the server's client check off (or its statement_timeout) still ends with its
client, or at --timeout. And any SELECT comes back as rows or as one clear line, whatever the
types of its columns (information_schema's are domains)."""

import os
import signal
import time
from pathlib import Path

import psycopg
import pytest
from support import PE54_FILE, fails, succeeds
from test_query_safety import psycopg_url, start_query
from typer.testing import CliRunner

NO_CLIENT_CHECK = "set_config('client_connection_check_interval', '0', false) IS NULL"
NO_TIMEOUT = "set_config('statement_timeout', '0', false) IS NULL"
# The query's session, while it runs, and the locks it holds on deals.
RUNNING = ("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'pokerdb query' "
           "AND datname = current_database()")
SLEEPING = " AND wait_event = 'PgSleep'"  # the statement, inside its pg_sleep
LOCKS = ("SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
         "WHERE a.application_name = 'pokerdb query' AND l.relation = 'deals'::regclass")


@pytest.fixture
def p054(runner: CliRunner, pg_url: str) -> str:
    succeeds(runner, "import", str(PE54_FILE), "--db", pg_url, "--evaluate")
    return pg_url


def scalar(connection: psycopg.Connection[tuple[int]], sql: str) -> int:
    row = connection.execute(sql).fetchone()  # type: ignore[arg-type]
    assert row is not None
    return row[0]


def wait_for(condition: object, seconds: float) -> bool:
    assert callable(condition)
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.1)
    return bool(condition())


@pytest.mark.parametrize("statement", [
    f"SELECT {NO_CLIENT_CHECK}, pg_sleep(300) IS NULL FROM deals LIMIT 1",
    # Turned off row by row, at full speed: the 99.7% CPU.
    f"SELECT count(*) FROM deals, generate_series(1, 1000000000) "
    f"WHERE NOT {NO_CLIENT_CHECK} AND NOT {NO_TIMEOUT}",
    # The check turned off at the first row, then a long wait.
    f"SELECT {NO_CLIENT_CHECK} OR pg_sleep(CASE WHEN id = 1 THEN 0 ELSE 300 END) IS NULL "
    "FROM deals ORDER BY id",
])
def test_a_statement_that_turns_the_client_check_off_ends_with_its_client(
        p054: str, statement: str) -> None:
    process = start_query(p054, statement)
    with psycopg.connect(psycopg_url(p054), autocommit=True) as watcher:
        assert wait_for(lambda: scalar(watcher, RUNNING) == 1 and scalar(watcher, LOCKS), 60)
        time.sleep(2)  # past the server's last check of the client
        assert process.poll() is None
        process.kill()
        process.communicate(timeout=10)
        assert wait_for(lambda: scalar(watcher, RUNNING) == 0, 30)
        assert scalar(watcher, LOCKS) == 0


def descendants(pid: int) -> list[int]:
    """The processes `pid` started, and theirs (a guard in a session of its own included)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found += [int(child), *descendants(int(child))]
    return found


def test_a_statement_ends_when_its_client_and_every_process_it_started_are_killed(
        p054: str) -> None:
    """Killing pokerdb and whatever it started (a guard process was such a one) leaves
    nothing on the client's side to end the statement, which turned the server's client
    check off: the server ends it, as no setting of the statement can stop it doing."""
    process = start_query(p054, f"SELECT {NO_CLIENT_CHECK}, pg_sleep(600) IS NULL")
    with psycopg.connect(psycopg_url(p054), autocommit=True) as watcher:
        assert wait_for(lambda: scalar(watcher, RUNNING + SLEEPING) == 1, 60)
        time.sleep(2)  # past the server's last check of the client
        assert process.poll() is None
        for pid in [process.pid, *descendants(process.pid)]:
            os.kill(pid, signal.SIGKILL)
        process.communicate(timeout=10)
        assert wait_for(lambda: scalar(watcher, RUNNING) == 0, 30)


def test_a_statement_that_turns_its_timeout_off_stops_at_the_timeout(runner: CliRunner,
                                                                     p054: str) -> None:
    started = time.monotonic()
    result = fails(runner, "query", f"SELECT {NO_TIMEOUT}, pg_sleep(60) IS NULL", "--timeout",
                   "2", "--db", p054)
    assert result.stderr == "Error: query stopped: it ran longer than --timeout 2 s\n"
    assert time.monotonic() - started < 30


def test_a_finished_query_leaves_its_session_to_close(runner: CliRunner, p054: str) -> None:
    """The guard of a query that ended acts on nothing: another session of the same role,
    open all along, is untouched."""
    with psycopg.connect(psycopg_url(p054), autocommit=True) as other:
        result = succeeds(runner, "query", f"SELECT {NO_CLIENT_CHECK} AS x", "--db", p054,
                          "--format", "csv")
        assert result.stdout == "x\nFalse\n"
        time.sleep(1)
        assert other.execute("SELECT 1").fetchone() == (1,)


@pytest.mark.parametrize(("statement", "output"), [
    ("SELECT table_name, privilege_type FROM information_schema.role_table_grants "
     "WHERE table_name IN ('deals', 'categories') AND grantee = 'pokerdb_reader' ORDER BY 1",
     "table_name,privilege_type\ncategories,SELECT\ndeals,SELECT\n"),
    ("SELECT column_name, data_type, is_nullable FROM information_schema.columns "
     "WHERE table_name = 'win_counts' ORDER BY ordinal_position;",
     "column_name,data_type,is_nullable\ndataset_id,integer,NO\nwinner,smallint,NO\n"
     "deals,integer,NO\n"),
    ("SELECT 'NO'::information_schema.yes_or_no AS answer, 1 AS n -- a comment",
     "answer,n\nNO,1\n"),
    ("SELECT 'x'::information_schema.sql_identifier AS a, 'x'::information_schema.sql_identifier"
     " AS a", "a,a\nx,x\n"),
])
def test_columns_of_domain_types_come_back_as_rows(runner: CliRunner, p054: str,
                                                   statement: str, output: str) -> None:
    result = succeeds(runner, "query", statement, "--db", p054, "--format", "csv")
    assert result.stdout == output


def test_a_domain_value_that_fails_its_check_is_one_line(runner: CliRunner, p054: str) -> None:
    result = fails(runner, "query", "SELECT 'maybe'::information_schema.yes_or_no AS y",
                   "--db", p054)
    assert result.stderr == ("Error: SQL error: value for domain information_schema.yes_or_no "
                             "violates check constraint \"yes_or_no_check\"\n")
