"""How a long run (an import, evaluate, equity, writing generated deals) tells its caller how far
it has got, without knowing how that is shown: the command line draws a progress bar on a
terminal, and nothing otherwise."""

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Protocol


class Task(Protocol):
    """One task under way, such as one file being imported."""

    def advance(self, done: int, stored: int = 0) -> None:
        """`done` more units of the task's total are done, and `stored` more of the items it
        counts (Progress's `counting`) are stored."""


class Progress(Protocol):
    """Opens a task: `label` names it; it has `total()` units of `unit` ("bytes", "hands"),
    asked only when the task is shown (counting them can take a scan); `counting` names the
    items whose count is shown beside it ("deal"), None for none. The task is None when
    nothing is shown."""

    def __call__(self, label: str, total: Callable[[], int | None], unit: str,
                 counting: str | None = None) -> AbstractContextManager[Task | None]: ...


def unseen(label: str, total: Callable[[], int | None], unit: str,
           counting: str | None = None) -> AbstractContextManager[Task | None]:
    """The Progress of a caller that shows nothing."""
    return nullcontext(None)
