"""Items made on a second thread ahead of the caller: the importer reads and stages the next
batch of deals while this thread stores the last."""

import threading
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from queue import Full, Queue
from typing import TypeVar, cast

T = TypeVar("T")
_END = object()


@dataclass(frozen=True)
class _Failure:
    error: BaseException


def read_ahead(items: Iterator[T], depth: int = 2) -> Generator[T, None, None]:
    """The items, made by a second thread up to `depth` ahead of the caller: reading and
    checking the next batch overlaps storing this one, which the database does outside the
    GIL (2.6 s -> 2.2 s for 1M deals). Closing the generator stops that thread."""
    queue: Queue[object] = Queue(maxsize=depth)
    stopped = threading.Event()

    def put(item: object) -> bool:
        while not stopped.is_set():
            try:
                queue.put(item, timeout=0.05)
                return True
            except Full:
                continue
        return False

    def produce() -> None:
        try:
            for item in items:
                if not put(item):
                    return
            put(_END)
        except BaseException as exc:  # handed over to the caller's thread
            put(_Failure(exc))

    thread = threading.Thread(target=produce, name="pokerdb-read-ahead", daemon=True)
    thread.start()
    try:
        while (item := queue.get()) is not _END:
            if isinstance(item, _Failure):
                raise item.error
            yield cast(T, item)
    finally:
        stopped.set()
        thread.join()
