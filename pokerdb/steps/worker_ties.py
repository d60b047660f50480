"""A worker process forked from the importer, tied to it: it dies with the importer and holds
none of the importer's descriptors.

A forked child inherits every open descriptor of its parent: the database's connection (on
PostgreSQL the socket of a session in a transaction, which holds the writers' lock; on SQLite
the file), the standard output a caller reads to its end (`out=$(pokerdb import ...)`), and
the pipes of the workers forked before it, its own pipe's other end among them. A worker that
outlived a killed importer (SIGKILL runs no handler, so nothing stops the workers) kept them
all: it waited forever on a pipe whose other end it held itself, the server kept the
transaction and its lock, so every later import waited too, and the caller's `$(...)` never
ended. So a worker, first thing, asks the kernel to kill it when the importer dies, and points
every descriptor it inherited, but for its own pipe and standard error, at /dev/null: whatever
it does then (or a finaliser in it) touches neither the database nor the caller's pipes, and
its pipe reads end of file once the importer is gone.
"""

import ctypes
import os
import signal
import sys
from collections.abc import Iterable
from contextlib import suppress
from typing import Final

PR_SET_PDEATHSIG: Final = 1  # prctl(2): the signal a process gets when its parent dies
_LISTINGS: Final = ("/proc/self/fd", "/dev/fd")  # Linux, and the BSDs and macOS


def open_descriptors() -> list[int]:
    """This process's open file descriptors (none where the system does not list them)."""
    for listing in _LISTINGS:
        try:
            names = os.listdir(listing)
        except OSError:
            continue
        return [descriptor for descriptor in sorted(map(int, names)) if _is_open(descriptor)]
    return []


def tie_to_parent(parent: int, inherited: Iterable[int], keep: int) -> None:
    """In a worker forked from process `parent` (whose descriptors were `inherited`), before
    anything else: the worker killed when its parent dies, and every inherited descriptor but
    `keep` (its pipe) and standard input and error (multiprocessing set standard input to
    /dev/null already) pointed at /dev/null."""
    if sys.platform.startswith("linux"):
        # Sent when the thread that forked the worker ends: the importer's, which stops its
        # workers before it ends in any case.
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the importer died before the line above
        os._exit(1)
    null = os.open(os.devnull, os.O_RDWR)
    for descriptor in inherited:
        if descriptor not in (0, 2, keep, null):
            with suppress(OSError):
                os.dup2(null, descriptor)
    os.close(null)


def _is_open(descriptor: int) -> bool:
    try:
        os.fstat(descriptor)
    except OSError:  # the listing's own descriptor, closed since
        return False
    return True
