"""What the commands show besides their results: errors and notes as one line each on stderr,
progress bars on a terminal, and counts in words."""

import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.text import Text

from pokerdb.errors import InvalidLinesError, PokerdbError, shown
from pokerdb.progress import Progress, Task

if TYPE_CHECKING:
    from rich.progress import Progress as Bars
    from rich.progress import TaskID

stderr = Console(stderr=True, highlight=False, soft_wrap=True)  # one line per message


def say(line: str) -> None:
    """One line on stderr, shown as written: no markup, no emoji codes, control characters
    escaped."""
    stderr.print(Text(shown(line)))


def notes(lines: list[str]) -> None:
    for line in lines:
        say(f"Note: {line}")


def note_unevaluated(deals: int) -> None:
    if deals:
        notes([f"{deals:,} deals are not evaluated yet and have no winner; "
               f"run: pokerdb evaluate"])


def counted(count: int, noun: str) -> str:
    """'1 deal', '2,000 deals'."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


@contextmanager
def user_errors() -> Iterator[None]:
    """A user's mistake, or a database that refuses, becomes one line on stderr (per invalid
    line of an import) and exit code 1, never a traceback."""
    try:
        yield
    except InvalidLinesError as exc:
        for message in exc.messages():
            say(f"Error: {message}")
        raise typer.Exit(1) from None
    except PokerdbError as exc:
        say(f"Error: {exc}")
        raise typer.Exit(1) from None
    except Exception as exc:
        refusal = _database_error(exc)
        if refusal is None:
            raise
        say(f"Error: database: {refusal}")
        raise typer.Exit(1) from None


@contextmanager
def interruptible(kept: Callable[[], str]) -> Iterator[None]:
    """Ctrl-C ends the command with one line saying what was kept (`kept()`) and exit code
    130, as a shell reports a process stopped by SIGINT. The transaction in progress rolls
    back; what was committed before stays."""
    try:
        yield
    except KeyboardInterrupt:
        _INTERRUPTION_TOLD.append(True)
        say(f"Interrupted: {kept()}")
        raise typer.Exit(130) from None


_INTERRUPTION_TOLD: list[bool] = []  # a command's Ctrl-C told in its line (interruptible)


def interruption_told() -> bool:
    """Whether a command told its Ctrl-C (else Typer took it, before the command's
    `interruptible` was in place, and exits 130 without a word)."""
    return bool(_INTERRUPTION_TOLD)


class CountedProgress:
    """A Progress shown as `shown` shows it, that also counts the units its tasks were told
    are done: a step tells them once a window is committed, so the count is what an
    interrupted command kept."""

    def __init__(self, shown: Progress) -> None:
        self.shown = shown
        self.done = 0

    @contextmanager
    def __call__(self, label: str, total: Callable[[], int | None], unit: str,
                 counting: str | None = None) -> Iterator[Task | None]:
        with self.shown(label, total, unit, counting) as task:
            yield _CountedTask(self, task)


class _CountedTask:
    def __init__(self, progress: CountedProgress, task: Task | None) -> None:
        self.progress = progress
        self.task = task

    def advance(self, done: int, stored: int = 0) -> None:
        self.progress.done += done
        if self.task is not None:
            self.task.advance(done, stored)


def _database_error(exc: Exception) -> str | None:
    """What the database said, if `exc` is its refusal: SQLAlchemy's DBAPIError (asked
    without importing SQLAlchemy: only a command that loaded it can have raised one) or the
    sqlite3 module's own error."""
    module = sys.modules.get("sqlalchemy.exc")
    cause: BaseException | None = exc
    if module is not None and isinstance(exc, module.DBAPIError):
        cause = exc.orig
    elif not isinstance(exc, sqlite3.Error):
        return None
    lines = str(cause).strip().splitlines()
    return lines[0] if lines else type(cause).__name__


def progress_bars(quiet: bool) -> Progress:
    """Progress shown as a bar per task on a terminal's stderr, drawn at once; nothing with
    --quiet or when stderr is not a terminal, and then no task's total is asked for."""

    def open_task(label: str, total: Callable[[], int | None], unit: str,
                  counting: str | None = None) -> AbstractContextManager[Task | None]:
        if quiet or not stderr.is_terminal:
            return nullcontext(None)
        return _bar(label, total(), unit, counting)

    return open_task


@contextmanager
def _bar(label: str, total: int | None, unit: str, counting: str | None) -> Iterator[Task]:
    """A bar of `total` units: bytes, or a count of `unit` with thousands separators; beside
    it, the count of `counting` stored so far."""
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.progress import Progress as Bars
    from rich.table import Column

    whole = Column(no_wrap=True)  # a narrow terminal shortens the bar, not the figures
    amount = (DownloadColumn(table_column=whole) if unit == "bytes" else
              TextColumn(f"{{task.completed:,.0f}}/{{task.total:,.0f}} {unit}",
                         table_column=whole))
    columns = (TextColumn("{task.description}", table_column=Column(
                   no_wrap=True, overflow="ellipsis", max_width=30)),
               BarColumn(bar_width=None), amount,
               TextColumn("{task.fields[note]}", table_column=whole), TimeRemainingColumn())
    with Bars(*columns, console=stderr, transient=True) as bars:
        task = bars.add_task(shown(label), total=total, note="")
        bars.refresh()
        yield _BarTask(bars, task, counting)


class _BarTask:
    def __init__(self, bars: "Bars", task: "TaskID", counting: str | None) -> None:
        self.bars = bars
        self.task = task
        self.counting = counting
        self.stored = 0

    def advance(self, done: int, stored: int = 0) -> None:
        if self.counting is None:
            self.bars.advance(self.task, done)
            return
        self.stored += stored
        self.bars.update(self.task, advance=done, note=counted(self.stored, self.counting))
