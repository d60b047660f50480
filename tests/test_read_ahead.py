"""The importer reads the next batch on a second thread: items keep their order, an error
there surfaces in the caller, and stopping early stops the thread."""

import threading
from collections.abc import Iterator
from contextlib import closing

import pytest

from pokerdb.steps.read_ahead import read_ahead


def _reader_threads() -> int:
    return sum(thread.name == "pokerdb-read-ahead" for thread in threading.enumerate())


def test_items_arrive_in_order() -> None:
    assert list(read_ahead(iter(range(1000)))) == list(range(1000))
    assert _reader_threads() == 0


def test_an_error_while_reading_is_raised_to_the_caller() -> None:
    def failing() -> Iterator[int]:
        yield 1
        raise OSError("disk on fire")

    items = read_ahead(failing())
    assert next(items) == 1
    with pytest.raises(OSError, match="disk on fire"):
        next(items)
    assert _reader_threads() == 0


def test_stopping_early_stops_the_thread() -> None:
    produced: list[int] = []

    def endless() -> Iterator[int]:
        while True:
            produced.append(len(produced))
            yield produced[-1]

    with closing(read_ahead(endless(), depth=2)) as items:
        assert [next(items) for _ in range(3)] == [0, 1, 2]
    assert _reader_threads() == 0
    assert len(produced) <= 3 + 2 + 1  # taken, queued, and one being put when stopped
