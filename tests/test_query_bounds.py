"""What bounds a `pokerdb query` statement on PostgreSQL is nothing the statement can switch off:
one that turns the server's client check off (or its statement_timeout) still ends with its
client, or at --timeout. And any SELECT comes back as rows or as one clear line, whatever the
types of its columns (information_schema's are domains)."""

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import make_url
from support import PE54_FILE, fails, succeeds
from test_query_safety import psycopg_url, start_query
from typer.testing import CliRunner

from pokerdb.answers import server_fetch

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


def test_a_role_without_the_connections_to_watch_its_statement_is_told(runner: CliRunner,
                                                                      p054: str) -> None:
    """A statement is watched from two more sessions of the role: a role that may open one
    session only gets one line saying so, and nothing runs."""
    succeeds(runner, "query", "SELECT 1 AS one", "--db", p054)  # the reader, set up
    lone = f"pokerdb_lone_{uuid.uuid4().hex[:8]}"
    grants = ["pokerdb_reader", "EXECUTE ON FUNCTION pokerdb_query_open(text)",
              "EXECUTE ON FUNCTION pokerdb_query_fetch(integer)", "SELECT ON alembic_version"]
    with psycopg.connect(psycopg_url(p054), autocommit=True) as admin:
        admin.execute(f"CREATE ROLE {lone} LOGIN PASSWORD 'lone' CONNECTION LIMIT 1")
        try:
            for grant in grants:
                admin.execute(f"GRANT {grant} TO {lone}")
            url = make_url(p054).set(username=lone, password="lone")
            process = start_query(url.render_as_string(hide_password=False), "SELECT 1 AS one")
            assert process.communicate(timeout=60) == (
                "", "Error: pokerdb query on PostgreSQL watches its statement from two more "
                    f"sessions of the role, and cannot open them: too many connections for "
                    f"role \"{lone}\"\n")
            assert process.returncode == 1
        finally:
            for grant in grants:
                admin.execute(f"REVOKE {grant} FROM {lone}")
            admin.execute(f"DROP ROLE {lone}")


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


# --- memory -----------------------------------------------------------------------------------

@pytest.mark.parametrize("statement", [
    "SELECT 1 AS n, repeat('x', 70000000) AS big",
    "SELECT string_agg(md5(g::text), '') AS big FROM generate_series(1, 2200000) AS g",
])
def test_a_value_over_64_mib_is_refused_as_on_sqlite(runner: CliRunner, p054: str,
                                                     statement: str) -> None:
    result = fails(runner, "query", statement, "--db", p054, "--format", "csv")
    assert result.stderr == ("Error: SQL error: string or blob too big: a value of column 'big' "
                             "is over 64 MiB\n")
    assert len(result.stdout) == 0


def test_large_rows_are_fetched_a_few_at_a_time(p054: str) -> None:
    """Forty values of 30 MB each are under the bound one by one, and all of them at once
    (a fetch of 1,000 rows) would hold 1.2 GB: pokerdb's memory stays far below that."""
    script = ("import resource, subprocess, sys; "
              "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
              "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    done = subprocess.run(
        [sys.executable, "-c", script, sys.executable, "-m", "pokerdb", "query",
         "SELECT g, repeat('x', 30000000) AS big FROM generate_series(1, 40) AS g",
         "--db", p054, "--format", "csv"], capture_output=True, text=True, check=True)
    code, peak_kib = map(int, done.stdout.split())
    assert code == 0
    assert peak_kib < 500_000


GROWING = ("SELECT g, repeat('x', CASE WHEN g <= {small} THEN 1 ELSE 100000 END) AS v "
           "FROM generate_series(1, 20) AS g")  # rows of 9 bytes, then of 100,008 on the server


def test_rows_that_grow_past_a_fetch_bound_stop_the_query(runner: CliRunner, p054: str,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """A fetch asks for as many rows as the last one's largest fit in FETCH_BYTES; rows that
    then grow past FETCH_HARD_BYTES in one fetch stop the query after the rows before."""
    monkeypatch.setattr(server_fetch, "FETCH_BYTES", 250_000)
    monkeypatch.setattr(server_fetch, "FETCH_HARD_BYTES", 1 << 20)
    result = succeeds(runner, "query", GROWING.format(small=0), "--db", p054, "--format", "csv")
    assert result.stdout.splitlines()[1:] == [f"{g},{'x' * 100000}" for g in range(1, 21)]
    # The first fetch asks for one row (9 bytes), the second for 1,000: 9 + 9 + 11 x 100,008
    # bytes are past 1 MiB at the fourteenth row.
    result = fails(runner, "query", GROWING.format(small=3), "--db", p054, "--format", "csv")
    assert result.stdout.splitlines()[1:] == [
        f"{g},{'x' * (1 if g <= 3 else 100000)}" for g in range(1, 14)]
    assert result.stderr == ("Error: SQL error: rows too big: the rows of one fetch came to "
                             "more than 1 MiB (of values up to 64 MiB): select fewer or "
                             "smaller values\n")
