"""The `pokerdb` command line: each command parses its options, makes one call into the
library (pokerdb.steps, pokerdb.answers), and renders what comes back.

- program: the Typer app, its help and usage lines, and one-line usage errors;
- options: the options many commands share, defined once;
- terminal: errors and notes on stderr, progress bars;
- step_commands, answer_commands, generate_command, export_command, serve_command: the
  commands, by what they do.

Modules that load SQLAlchemy or numpy are imported inside the commands that use them, so that
`pokerdb wins` on an SQLite file at head starts in a blink. `main` is the program as a process
(the `pokerdb` script and `python -m pokerdb` call it through pokerdb.launch, which tells a
Ctrl-C while this package loads); tests call `app` itself.
"""

import atexit
import contextlib
import os
import signal
import sys

# Each command registers with the app as its module is imported.
from pokerdb.cli import (  # noqa: F401
    answer_commands,
    export_command,
    generate_command,
    serve_command,
    step_commands,
    watch_command,
)
from pokerdb.cli.program import app

__all__ = ["app", "main"]


def main() -> None:
    """The `pokerdb` program: the app run, then, once every exit handler has run (the
    databases closed: storage.engines) and the output is written, the process ended without
    tearing the interpreter down. Freeing SQLAlchemy's, numpy's and the command's objects one
    by one took a fifth of a second of every command that loads them (the exit Instagram's
    servers took for the same reason). An exception escaping the app ends it as usual."""
    ended: list[int] = []  # the exit status, once the app has run to its end
    atexit.register(_end, ended)  # registered first, so it runs after every other handler
    try:
        app(prog_name="pokerdb")
    except SystemExit as stop:
        code = stop.code
        ended.append(code if isinstance(code, int) else 0 if code is None else 1)
        _closing()
        raise
    ended.append(0)
    _closing()


def _closing() -> None:
    """Ctrl-C ignored once the app has ended: closing a database (an SQLite checkpoint) is
    not interrupted by it anyway, and it would only print tracebacks from the exit handlers
    and leave the engines after the interrupted one open."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _end(ended: list[int]) -> None:
    """The process ended with its status, its output written. Output that cannot be written
    (to a full disk) is told in one line and makes the status 120, as Python's own exit does."""
    if not ended:
        return
    status = ended[0]
    out, err = sys.stdout, sys.stderr  # None where the stream was closed (`>&-`)
    try:
        if out is not None:
            out.flush()
    except (OSError, ValueError) as exc:
        status = status or 120
        with contextlib.suppress(OSError, ValueError):
            if err is not None:
                err.write("Error: cannot write the output: "
                          f"{getattr(exc, 'strerror', None) or exc}\n")
    with contextlib.suppress(OSError, ValueError):
        if err is not None:
            err.flush()
    os._exit(status)
