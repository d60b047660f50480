"""`pokerdb query` on SQLite: one statement that can only read, stopped on Ctrl-C or at its
deadline.

The connection is guarded as pokerdb serve's are (storage.sqlite_guard: reads, allow-listed
functions and schema pragmas, no value over 64 MiB). A progress handler stops the statement on
Ctrl-C or at the deadline. The connection is closed afterwards, never handed back to the pool
with these set.
"""

import signal
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from sqlalchemy import Engine

from pokerdb.answers.query_errors import REFUSED, timeout_error
from pokerdb.answers.rendering import Table
from pokerdb.errors import PokerdbError, ReadOnlyError
from pokerdb.storage.sqlite_guard import guard

# How often (in SQLite virtual machine instructions) the statement checks whether to stop:
# thousands of times a second even on a slow machine, for a cost too small to measure.
_SQLITE_CHECK_EVERY = 10_000


class _Stop:
    """When a running SQLite statement should stop: Ctrl-C was pressed, or its time is up.
    Called by SQLite as a progress handler (non-zero stops the statement)."""

    def __init__(self, timeout: float | None) -> None:
        self.deadline = None if timeout is None else time.monotonic() + timeout
        self.interrupted = False

    def __call__(self) -> int:
        return self.interrupted or self.timed_out()

    def timed_out(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    def interrupt(self, _signal: int, _frame: FrameType | None) -> None:
        self.interrupted = True


@contextmanager
def _on_interrupt(handler: Callable[[int, FrameType | None], None]) -> Iterator[None]:
    """Ctrl-C calls `handler` instead of raising KeyboardInterrupt (which SQLite would keep
    waiting on: Python only raises it between its own instructions)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def run_sqlite(engine: Engine, sql: str, timeout: float | None) -> Iterator[Table]:
    raw = engine.raw_connection()
    driver: sqlite3.Connection = raw.driver_connection  # type: ignore[assignment]
    stop = _Stop(timeout)
    try:
        guard(driver)
        driver.set_progress_handler(stop, _SQLITE_CHECK_EVERY)
        with _on_interrupt(stop.interrupt):
            cursor = _sqlite_step(stop, timeout, lambda: driver.execute(sql))
            columns = [d[0] for d in cursor.description or ()]
            yield Table(columns, _sqlite_rows(stop, timeout, cursor))
            if stop.interrupted:
                raise KeyboardInterrupt
    finally:
        # Closed, not handed back to the pool with the authorizer and limits still set.
        raw.invalidate()


def _sqlite_rows(stop: _Stop, timeout: float | None,
                 cursor: sqlite3.Cursor) -> Iterator[tuple[Any, ...]]:
    while rows := _sqlite_step(stop, timeout, lambda: cursor.fetchmany(1000)):
        yield from rows


def _sqlite_step(stop: _Stop, timeout: float | None, step: Callable[[], Any]) -> Any:
    """`step()` with SQLite's errors as pokerdb's."""
    try:
        return step()
    except sqlite3.DatabaseError as exc:
        if stop.interrupted:
            raise KeyboardInterrupt from None
        if timeout is not None and stop.timed_out():
            raise timeout_error(timeout) from None
        # ProgrammingError (e.g. two statements) carries no SQLite error code.
        code = getattr(exc, "sqlite_errorcode", None)
        if code in (sqlite3.SQLITE_AUTH, sqlite3.SQLITE_READONLY):
            raise ReadOnlyError(REFUSED) from None
        raise PokerdbError(f"SQL error: {exc}") from None
    except (sqlite3.ProgrammingError, sqlite3.Warning) as exc:
        raise PokerdbError(f"SQL error: {exc}") from None

