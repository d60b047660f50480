"""What ends a `pokerdb query` statement on PostgreSQL when pokerdb goes away before it is done:
a guard process, out of the statement's reach.

The server's own check that the client is still there (client_connection_check_interval) and
a statement_timeout are settings, and a statement may change settings: after
`set_config('client_connection_check_interval', '0', false)` a statement whose client was
killed ran on, holding its locks. So each statement is watched from outside the server as
well: a small process, started in a session of its own (a Ctrl-C or a hang-up of the terminal
does not reach it), holds the read end of a pipe whose write end only pokerdb holds. pokerdb
writes a byte there once the statement is over; if the pipe closes without one, pokerdb died
(however: SIGKILL included), and the guard connects as the same role and terminates the
statement's session (pg_terminate_backend, allowed on one's own sessions), matched by its
process id and start time so that no other session is hit. The statement runs as
pokerdb_reader, which may terminate no session, so it cannot reach the guard's connection
either. Starting the guard costs a Python start-up (tens of milliseconds); it imports psycopg
only when it has to act.
"""

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_DSN_VARIABLE = "POKERDB_QUERY_GUARD_DSN"  # the connection string, kept out of argv
_DONE = b"."
# Run by `python -I` (no current folder or user site on sys.path: nothing where pokerdb was
# started can stand in for psycopg). Arguments: the session's process id and start time.
_GUARD = f"""
import os, sys
if sys.stdin.buffer.read(1) != b"":
    sys.exit(0)
import psycopg
with psycopg.connect(os.environ[{_DSN_VARIABLE!r}], autocommit=True,
                     connect_timeout=30) as connection:
    connection.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE pid = %s AND backend_start::text = %s", (int(sys.argv[1]), sys.argv[2]))
"""


@contextmanager
def guarded(driver: Any) -> Iterator[None]:
    """While the block runs, the session of `driver` (a psycopg connection inside its query's
    transaction) is terminated if this process dies."""
    from psycopg.conninfo import make_conninfo

    row = driver.execute("SELECT pg_backend_pid(), backend_start::text FROM pg_stat_activity "
                         "WHERE pid = pg_backend_pid()").fetchone()
    dsn = make_conninfo(driver.info.dsn, password=driver.info.password or None)
    guard = subprocess.Popen(
        [sys.executable, "-I", "-c", _GUARD, str(row[0]), row[1]], stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        env={**os.environ, _DSN_VARIABLE: dsn})
    assert guard.stdin is not None
    try:
        yield
    finally:
        try:
            guard.stdin.write(_DONE)
            guard.stdin.close()
        except BrokenPipeError:  # the guard was killed: nothing to tell it
            pass
        guard.wait()
