"""What ends a `pokerdb query` statement on PostgreSQL when pokerdb goes away before it is done:
a watcher on the server, out of the statement's reach and of the client's.

The server's own check that the client is still there (client_connection_check_interval) and
a statement_timeout are settings, and a statement may change settings: after
`set_config('client_connection_check_interval', '0', false)` a statement whose client was
killed ran on, holding its locks. A process on the client's side that ends the session when
pokerdb dies (the guard this module started before) dies as well when it is killed with
pokerdb. So the statement is watched from the server, by two more sessions of the connecting
role, which the statement (running as pokerdb_reader) can neither signal nor change:

- the lease takes an advisory lock and stays idle. An idle session ends as soon as its client
  is gone, however the client went (SIGKILL included), and its lock goes with it;
- the watcher, with the client check off in its own session, waits for that lock in one
  statement, which then ends the query's session (pg_terminate_backend, allowed on one's own
  sessions), matched by its process id and start time so that no other session is hit. A
  server-side statement runs to its end with its client gone, so nothing on the client's side
  needs to be alive for it.

When the query ends as it should, the lease ends the watcher first (and waits until it has),
then lets its lock go.
"""

import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from typing import Any

from pokerdb.errors import PokerdbError

# The advisory locks of the two-key form (not the one-key form pokerdb's writers take): this
# class, and the query session's process id.
_LOCK_CLASS = 0x706F6B72  # "pokr"
_SESSION = ["client_connection_check_interval", "statement_timeout", "lock_timeout",
            "idle_session_timeout"]
_APPLICATION = "pokerdb query guard"
_WAITING = "SELECT state, wait_event FROM pg_stat_activity WHERE pid = %s"
_QUEUED = ("active", "advisory")
_STOP_WAITING_MS = 10_000


@contextmanager
def guarded(driver: Any) -> Iterator[None]:
    """While the block runs, the session of `driver` (a psycopg connection inside its query's
    transaction) is terminated by the server if this process dies."""
    import psycopg
    from psycopg import sql
    from psycopg.conninfo import make_conninfo

    row = driver.execute("SELECT pg_backend_pid(), backend_start::text FROM pg_stat_activity "
                         "WHERE pid = pg_backend_pid()").fetchone()
    dsn = make_conninfo(driver.info.dsn, password=driver.info.password or None,
                        application_name=_APPLICATION)
    with ExitStack() as stack:
        lease, watcher = (_connect(stack, dsn), _connect(stack, dsn))
        for connection in (lease, watcher):
            for setting in _SESSION:  # nothing of the server's configuration ends them
                connection.execute(f"SET {setting} = 0")
        lease.execute("SELECT pg_advisory_lock(%s, %s)", [_LOCK_CLASS, row[0]])
        watch = sql.SQL(
            "DO $$BEGIN PERFORM pg_advisory_lock({lock}, {pid}); "
            "PERFORM pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE pid = {pid} AND backend_start::text = {start}; END$$").format(
                lock=_LOCK_CLASS, pid=row[0], start=sql.Literal(row[1]))
        watcher.pgconn.send_query(watch.as_bytes(watcher))
        # Queued on the lock before the statement runs: ahead of any try of the statement's
        # to take the lock itself.
        while lease.execute(_WAITING, [watcher.info.backend_pid]).fetchone() != _QUEUED:
            watcher.pgconn.consume_input()
            if not watcher.pgconn.is_busy():  # it ended: an error
                result = watcher.pgconn.get_result()
                why = result.error_message.decode(errors="replace") if result else ""
                raise PokerdbError(f"pokerdb query could not watch its statement: {why}")
            time.sleep(0.001)
        try:
            yield
        finally:
            with suppress(psycopg.Error):  # else the server went, and its sessions with it
                lease.execute("SELECT pg_terminate_backend(%s, %s)",
                              [watcher.info.backend_pid, _STOP_WAITING_MS])


def _connect(stack: ExitStack, dsn: str) -> Any:
    import psycopg

    try:
        connection = psycopg.connect(dsn, autocommit=True, connect_timeout=30)
    except psycopg.OperationalError as exc:  # the role's or the server's connections used up
        reason = str(exc).strip().splitlines()[0].rpartition("FATAL:")[2].strip()
        raise PokerdbError(f"pokerdb query on PostgreSQL watches its statement from two more "
                           f"sessions of the role, and cannot open them: {reason}") from None
    stack.callback(connection.close)
    return connection
