"""The `pokerdb` program as a process (the `pokerdb` script, `python -m pokerdb`), before its
command line is ready: a Ctrl-C while Python loads Typer, rich and the commands (the first
tenth of a second) ends it with one line and exit code 130, as every command's own Ctrl-C
does, not with a traceback of whatever was loading. Once the command line runs
(cli.program), a command tells its Ctrl-C itself.

This module imports only what Python has loaded before any script runs (not `typing`: 5 ms;
not `signal` either, whose enums took a millisecond: `_signal`, its builtin core, is loaded),
so that its handler is in place at once. What comes before it cannot be closed from here: a
Ctrl-C while Python starts (its `site`, the environment's `.pth` files: "Fatal Python error:
init_import_site") or while the installer's script runs its first line is Python's
traceback (docs/commands.md measures how often)."""

import _signal  # type: ignore[import-not-found]  # builtin; typeshed has only `signal`
import os

STARTING = "Interrupted: nothing was done"  # a Ctrl-C before any command ran


def main() -> None:
    """The program: Ctrl-C told in one line until the command line is ready, then cli.main."""
    if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:  # not ignored (`&`)
        _signal.signal(_signal.SIGINT, _interrupted)
    from pokerdb.cli import main as run  # loads the command line: the tenth of a second

    run()


def command_line_ready() -> None:
    """Python's own Ctrl-C (KeyboardInterrupt) back, where main() replaced it: from here
    the command line and the commands tell a Ctrl-C."""
    if _signal.getsignal(_signal.SIGINT) is _interrupted:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)


def _interrupted(_signal: int, _frame: object) -> None:
    try:  # noqa: SIM105 - contextlib is not loaded yet
        os.write(2, f"{STARTING}\n".encode())
    except OSError:  # no stderr to tell it on
        pass
    os._exit(130)
