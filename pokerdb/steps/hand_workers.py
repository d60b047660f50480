"""Recorded hands read, replayed, settled and laid out as rows by worker processes, while the
importing process only stores them, in the dataset's order, in its one transaction.

The input's work is cut into units (formats.phh_input.HandHistories.units: consecutive files,
or parts of a site's file), and unit k goes to worker k % N. A worker forks from the importing
process after the files are read and hashed, so it inherits their contents and writes
nothing; it settles its unit, then asks where the unit stands in the dataset: it says how
many positions its hands take and each batch's size and site keys, and the importer answers,
unit by unit in order, with the positions and deal ids before the unit and which of a site's
hands are stored already (StoredOnce.kept). The worker then stages the rows with those ids
and sends them (on SQLite as one database image: storage.row_images); until the answer comes
(the importer answers between the batches it stores), it settles its next unit. So the rows,
the rejected hands and their order are those of one process reading the same input
(tests/test_hand_workers.py compares every table).

A worker ignores Ctrl-C: the importer stops every worker (SIGTERM) whenever it stops reading
(done, a bad hand failing the import, Ctrl-C, an error), and a worker that dies fails the
import; either way the transaction is rolled back. A worker dies with a killed importer and
holds none of its descriptors (steps.worker_ties). POKERDB_WORKERS sets how many workers an
import starts (default: one per CPU, at most MAX_WORKERS; 0 or 1 read in this process).
"""

import multiprocessing
import os
import pickle
import signal
import sys
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Final

from pokerdb.errors import PokerdbError
from pokerdb.formats.input import PlayerRule, Rejected
from pokerdb.formats.phh.hand_histories import HandHistories, HandUnit, moved
from pokerdb.rules.hand_batches import HandBatch
from pokerdb.steps.count_limits import within_count_limits
from pokerdb.steps.hand_histories import SiteKey, StagedHands, site_keys, stage_hands
from pokerdb.steps.worker_ties import open_descriptors, tie_to_parent

MAX_WORKERS: Final = 4
SETTLED_AHEAD: Final = 1  # a worker's settled units waiting for their place, at most
WORKERS_VARIABLE: Final = "POKERDB_WORKERS"
# What a worker sends of a batch: its rows, or (every hand stored already) its cancelled hands.
Staged = StagedHands | Rejected | int
# StoredOnce.kept, on the importer's side: a batch's keys, and the hands before its unit
KeptOf = Callable[[list[SiteKey | None], int], list[int] | None]


def worker_count() -> int:
    """How many worker processes an import starts: POKERDB_WORKERS, else one per CPU this
    process may run on (at most MAX_WORKERS); fewer than 2 means none, as where processes
    cannot be forked (Windows)."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return 0
    given = os.environ.get(WORKERS_VARIABLE, "").strip()
    if given:
        try:
            count = int(given)
        except ValueError:
            raise PokerdbError(f"{WORKERS_VARIABLE}={given!r}: give a number of worker "
                               f"processes (0 or 1: none)") from None
        return max(0, min(count, 64))
    usable = (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
              else os.cpu_count() or 1)
    return min(usable, MAX_WORKERS)


@dataclass(frozen=True)
class _Counted:
    """A worker's unit settled: what its place in the dataset depends on."""

    unit: int
    positions: int  # hands met, valid or not (cancelled hands aside)
    sizes: list[int]  # per batch, its hands
    keys: list[list[SiteKey | None]]  # per batch, its hands' site keys


@dataclass(frozen=True)
class _Place:
    """The importer's answer: the hands and deal ids before the unit, and per batch the hands
    to store (None: all)."""

    positions: int
    first_id: int
    kept: list[list[int] | None]


@dataclass(frozen=True)
class _Done:
    unit: int
    items: list[Staged]
    size: int  # bytes on disk the unit completes


@dataclass(frozen=True)
class _Failed:
    error: BaseException


class WorkerStopped(PokerdbError):
    """A worker process ended without finishing its units."""


@dataclass
class ParallelHands:
    """The staged items of an input read by workers, with the bytes of it stored so far."""

    items: Generator[Staged, None, None]
    bytes_read: Callable[[], int]


def parallel_hands(read: HandHistories, units: Sequence[HandUnit], workers: int,
                   rule: PlayerRule, dialect: str, dataset_id: int, first_id: int,
                   kept: KeptOf) -> ParallelHands:
    """The items of the units, staged by `workers` processes for `dialect`, their deals
    numbered on from first_id: what importer._prepared makes of read.opened(rule).items."""
    done = [0]
    return ParallelHands(_run(read, units, workers, rule, dialect, dataset_id, first_id, kept,
                              done), lambda: done[0])


def _run(read: HandHistories, units: Sequence[HandUnit], count: int, rule: PlayerRule,
         dialect: str, dataset_id: int, first_id: int, kept: KeptOf,
         done: list[int]) -> Generator[Staged, None, None]:
    # What the child would flush of these at its exit would be written twice (None: closed).
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    context = multiprocessing.get_context("fork")
    pipes: list[Connection] = []
    processes: list[BaseProcess] = []
    try:
        for worker in range(count):
            ours, theirs = context.Pipe()
            started = context.Process(
                target=_work, name=f"pokerdb-import-{worker + 1}", daemon=True,
                args=(theirs, (os.getpid(), open_descriptors()), read, units,
                      range(worker, len(units), count), rule, dialect, dataset_id))
            with _ctrl_c_held():
                started.start()
            theirs.close()
            pipes.append(ours)
            processes.append(started)
        yield from _gathered(pipes, processes, len(units), first_id, kept, done)
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join()
        for pipe in pipes:
            pipe.close()


def _gathered(pipes: list[Connection], processes: list[BaseProcess], units: int,
              first_id: int, kept: KeptOf, done: list[int]) -> Iterator[Staged]:
    """The workers' staged items, unit by unit in order; each settled unit given its place
    as soon as the units before it are counted."""
    counted: dict[int, _Counted] = {}
    finished: dict[int, _Done] = {}
    positions, next_id = 0, first_id
    to_place = to_yield = 0
    # Per worker, the units it has still to send (a worker done with its own closes its pipe).
    owed = [len(range(worker, units, len(pipes))) for worker in range(len(pipes))]
    while to_yield < units:
        for pipe in wait([pipe for pipe, left in zip(pipes, owed, strict=True) if left]):
            assert isinstance(pipe, Connection)
            worker = pipes.index(pipe)
            message = _received(pipe, processes[worker])
            if isinstance(message, _Counted):
                counted[message.unit] = message
            else:
                finished[message.unit] = message
                owed[worker] -= 1
        while to_place in counted:
            unit = counted.pop(to_place)
            worker = to_place % len(pipes)
            _sent(pipes[worker], processes[worker],
                  _Place(positions, next_id, [kept(keys, positions) for keys in unit.keys]))
            positions += unit.positions
            next_id += sum(unit.sizes)
            to_place += 1
        while to_yield in finished:
            unit_done = finished.pop(to_yield)
            yield from unit_done.items
            done[0] += unit_done.size
            to_yield += 1


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """SIGINT held back while a worker is forked: a Ctrl-C then would interrupt the fork's
    own hooks in either process (and be lost there, or kill the worker before it ignores
    Ctrl-C); held, it reaches the importer right after."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _received(pipe: Connection, process: BaseProcess) -> "_Counted | _Done":
    """A worker's next message; its error raised here."""
    try:
        message = pipe.recv()
    except (EOFError, OSError):
        raise _stopped(process) from None
    if isinstance(message, _Failed):
        raise message.error
    assert isinstance(message, _Counted | _Done)
    return message


def _sent(pipe: Connection, process: BaseProcess, message: "_Place") -> None:
    """A place sent to a worker, which may have ended since its last message (its pipe then
    broken): the error it sent before it ended, else the same one line as a worker whose pipe
    ends."""
    try:
        pipe.send(message)
    except OSError:
        raise _last_error(pipe) or _stopped(process) from None


def _last_error(pipe: Connection) -> BaseException | None:
    """The error a worker sent before its pipe ended, if it sent one."""
    with suppress(EOFError, OSError):
        while pipe.poll():
            message = pipe.recv()
            if isinstance(message, _Failed):
                return message.error
    return None


def _stopped(process: BaseProcess) -> WorkerStopped:
    process.join(timeout=5)
    return WorkerStopped(f"an import worker process stopped (exit code {process.exitcode}) "
                         f"before reading its hands: nothing imported")


def _work(pipe: Connection, parent: tuple[int, list[int]], read: HandHistories,
          units: Sequence[HandUnit], mine: range, rule: PlayerRule, dialect: str,
          dataset_id: int) -> None:
    """A worker: each of its units settled (its hands whose counts seats.packed cannot hold
    rejected: steps.count_limits), placed by the importer, staged and sent. While
    the importer is busy storing (and so not placing), the worker settles its next unit
    rather than wait: up to SETTLED_AHEAD units wait for their place. It dies with the
    importer, and holds none of its descriptors (`parent`: its process id and those)."""
    tie_to_parent(*parent, keep=pipe.fileno())
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the importer decides what Ctrl-C stops
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # held since the fork
    try:
        waiting: deque[tuple[int, list[HandBatch | Rejected]]] = deque()
        for index in mine:
            unit = units[index]
            settled, positions = unit.items(rule, read)
            items = list(within_count_limits(settled, read))
            batches = [item for item in items if isinstance(item, HandBatch)]
            pipe.send(_Counted(index, positions, [len(batch) for batch in batches],
                               [site_keys(batch) for batch in batches]))
            waiting.append((index, items))
            while waiting and (len(waiting) > SETTLED_AHEAD or pipe.poll()):
                _send_placed(pipe, *waiting.popleft(), units, dialect, dataset_id)
        while waiting:
            _send_placed(pipe, *waiting.popleft(), units, dialect, dataset_id)
    except BaseException as error:  # handed over to the importer
        with suppress(OSError):  # unless the importer is gone
            pipe.send(_Failed(_sendable(error)))


def _send_placed(pipe: Connection, index: int, items: list[HandBatch | Rejected],
                 units: Sequence[HandUnit], dialect: str, dataset_id: int) -> None:
    """A settled unit's place received (the importer places a worker's units in order), its
    items staged there and sent."""
    place = pipe.recv()
    assert isinstance(place, _Place)
    pipe.send(_Done(index, _staged(moved(items, place.positions), place, dialect, dataset_id),
                    units[index].size))


def _staged(items: list[HandBatch | Rejected], place: _Place, dialect: str,
            dataset_id: int) -> list[Staged]:
    """The unit's items placed: each batch's rows staged, but for its hands stored already,
    its deals numbered from the place's first id as one process would number them."""
    staged: list[Staged] = []
    next_id = place.first_id
    kept = iter(place.kept)
    for item in items:
        if isinstance(item, Rejected):
            staged.append(item)
            continue
        keep = next(kept)
        if keep is None:
            staged.append(stage_hands(item, dialect, dataset_id, next_id).rows_only())
        elif keep:  # the hands stored already left out, the others keep their numbers
            staged.append(stage_hands(item.subset(keep), dialect, dataset_id, next_id,
                                      [next_id + index for index in keep]).rows_only())
        else:
            staged.append(item.cancelled)
        next_id += len(item)
    return staged


def _sendable(error: BaseException) -> BaseException:
    """The error, if it survives pickling, else its words."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:  # any error that cannot cross processes
        return PokerdbError(f"{type(error).__name__}: {error}")
    return error
