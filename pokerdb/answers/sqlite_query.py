"""`pokerdb query` on SQLite: one statement that can only read, stopped on Ctrl-C or at its
deadline.

An authorizer admits reads, the functions on an allow-list and schema pragmas, and nothing
else; `query_only` backs it up, and a length limit keeps a statement from building values the
size of the machine's memory. A progress handler stops the statement on Ctrl-C or at the
deadline. The connection is closed afterwards, never handed back to the pool with these set.
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

_SQLITE_READ_ACTIONS = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_RECURSIVE}
# Pragmas that only describe the schema.
_SQLITE_READ_PRAGMAS = {"table_info", "table_xinfo", "index_list", "index_info",
                        "index_xinfo", "foreign_key_list"}
# Table-valued functions, set up (like the pragmas) before the authorizer is on.
_SQLITE_TABLE_FUNCTIONS = ("json_each", "json_tree")
# The functions a query may call: SQLite's core, aggregate, window, date, math and JSON
# functions (some only in newer versions). Anything else, such as fts3_tokenizer (which
# hands out and takes raw pointers) or load_extension, is refused.
_FUNCTION_GROUPS = {
    "core": "abs changes char coalesce concat concat_ws format glob hex ifnull iif instr "
            "last_insert_rowid length like likelihood likely lower ltrim max min nullif "
            "octet_length printf quote random randomblob replace round rtrim sign soundex "
            "sqlite_source_id sqlite_version substr substring total_changes trim typeof unhex "
            "unicode unistr unistr_quote unlikely upper zeroblob",
    "aggregate": "avg count group_concat string_agg sum total median percentile "
                 "percentile_cont percentile_disc",
    "window": "row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value "
              "last_value nth_value",
    "date": "date time datetime julianday unixepoch strftime timediff current_date "
            "current_time current_timestamp",
    "math": "acos acosh asin asinh atan atan2 atanh ceil ceiling cos cosh degrees exp floor ln "
            "log log10 log2 mod pi pow power radians sin sinh sqrt tan tanh trunc",
    "json": "json jsonb json_array jsonb_array json_array_length json_error_position "
            "json_extract jsonb_extract json_insert jsonb_insert json_object jsonb_object "
            "json_patch jsonb_patch json_pretty json_quote json_remove jsonb_remove "
            "json_replace jsonb_replace json_set jsonb_set json_type json_valid "
            "json_group_array jsonb_group_array json_group_object jsonb_group_object -> ->>",
}
SQLITE_FUNCTIONS = frozenset(name for names in _FUNCTION_GROUPS.values()
                             for name in names.split())
# The longest string or blob a statement may build, in bytes: far more than any value
# pokerdb stores, and far less than the memory of the machine (randomblob(1e9) is refused).
SQLITE_MAX_LENGTH = 64 << 20
# How often (in SQLite virtual machine instructions) the statement checks whether to stop:
# thousands of times a second even on a slow machine, for a cost too small to measure.
_SQLITE_CHECK_EVERY = 10_000


def _sqlite_authorizer(action: int, arg1: str | None, arg2: str | None, *_: Any) -> int:
    if action in _SQLITE_READ_ACTIONS:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_FUNCTION and arg2 is not None \
            and arg2.lower() in SQLITE_FUNCTIONS:
        return sqlite3.SQLITE_OK
    # These pragmas have no setting form: their argument is a table or index name.
    if action == sqlite3.SQLITE_PRAGMA and arg1 in _SQLITE_READ_PRAGMAS:
        return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


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
        driver.execute("PRAGMA query_only = ON")
        # SQLite asks to update sqlite_master the first time a connection reads a
        # table-valued function (pragma_table_info(...), json_each(...)) as it sets up its
        # table; set them up before the authorizer would refuse that.
        for pragma in _SQLITE_READ_PRAGMAS:
            driver.execute(f"SELECT * FROM pragma_{pragma}('sqlite_master') LIMIT 0").fetchall()
        for function in _SQLITE_TABLE_FUNCTIONS:
            driver.execute(f"SELECT * FROM {function}('[]') LIMIT 0").fetchall()
        driver.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, SQLITE_MAX_LENGTH)
        driver.set_authorizer(_sqlite_authorizer)
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

