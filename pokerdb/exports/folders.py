"""An export's output folder, written whole or not at all.

An export writes into a new folder beside its output, `.pokerdb-export-<pid>-<name>.partial`,
made empty by this process, so no link or file planted in the output is followed or written
over; the folder takes the output's name once every file is written (an existing output is
replaced only when asked, and never when it is a link or a file). An export that fails (a
full disk, a bad row) or is interrupted removes its folder and says so in one line; one that
was killed (SIGKILL runs no handler) leaves it, and the next export beside it removes it,
its process being gone.

An export that appends (`appends`: the name of the file that marks a folder it may append to)
makes its new folder of hard links to the output's files (no byte is copied; a file system
without hard links gets copies), writes its new files beside them and moves it into place as
any other: a reader sees the folder before or after, never between. A link inside the output
(a partition's folder or a file put elsewhere) refuses the append in one line.
"""

import os
import re
import shutil
import signal
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Final

from pokerdb.errors import PokerdbError

_PREFIX: Final = ".pokerdb-export-"
_LEFT: Final = re.compile(rf"{re.escape(_PREFIX)}([0-9]+)-.*\.(?:partial|old)", re.DOTALL)
_NAME_BYTES: Final = 100  # of the output's name in the partial folder's: within NAME_MAX
_WRITING: dict[Path, Path] = {}  # the partial folders written in, and their outputs
_IN_PLACE: set[Path] = set()  # the outputs this process moved into place


def in_place(output: Path) -> bool:
    """Whether this process moved an export into place at `output`: a Ctrl-C after that
    (SIGINT is held for the move, and arrives as it ends) has the export written."""
    return output in _IN_PLACE


def as_named(path: Path) -> Path:
    """A path in a folder an export writes in, as the user names it: in the output."""
    for partial, output in _WRITING.items():
        if path.is_relative_to(partial):
            return output / path.relative_to(partial)
    return path


def short_name(name: str, limit: int = _NAME_BYTES) -> str:
    """`name` cut to at most `limit` bytes of UTF-8 (a file's name may have 255), at a
    character's end."""
    return name.encode()[:limit].decode(errors="ignore")


@contextmanager
def new_folder(output: Path, overwrite: bool, appends: str | None = None) -> Iterator[Path]:
    """A new empty folder to write the export in, moved to `output` (its parents made if
    missing) once the block has written it; `overwrite` replaces an output folder that holds
    files. An output folder holding the file `appends` (without `overwrite`) is appended to:
    the new folder starts with its files. An error or Ctrl-C in the block leaves no folder made
    here; an OSError is one line."""
    partial = output.parent / f"{_PREFIX}{os.getpid()}-{short_name(output.name)}.partial"
    made: list[Path] = []  # the output's parents made here, innermost first
    done = False
    appending = appends is not None and not overwrite and not output.is_symlink() and (
        output / appends).is_file()
    try:
        _refuse(output, overwrite or appending)
        made = [parent for parent in (output.parent, *output.parent.parents)
                if not parent.exists()]
        output.parent.mkdir(parents=True, exist_ok=True)
        _remove_left_over(output.parent)
        partial.mkdir()  # with the permissions of any new folder (mkdtemp's are the owner's)
        _WRITING[partial] = output
        if appending:
            _linked(output, partial)
        yield partial
        _moved_into_place(partial, output, overwrite or appending)
        done = True
    except OSError as error:
        raise PokerdbError(f"{output}: cannot write the export: "
                           f"{error.strerror or error}; nothing was written") from None
    finally:
        _WRITING.pop(partial, None)
        shutil.rmtree(partial, ignore_errors=True)
        shutil.rmtree(partial.with_suffix(".old"), ignore_errors=True)  # a Ctrl-C held
        for parent in [] if done else made:
            with suppress(OSError):  # each only if still empty
                parent.rmdir()


def _refuse(output: Path, overwrite: bool) -> None:
    """One line for an output that is a link, a file, or a folder of files (without
    `overwrite`)."""
    if output.is_symlink():
        raise PokerdbError(f"{output}: is a symbolic link; give the folder to write itself")
    if not output.exists():
        return
    if not output.is_dir():
        raise PokerdbError(f"{output}: is a file; give a folder to write")
    if not overwrite and any(output.iterdir()):
        raise PokerdbError(f"{output}: already exists and is not empty; an export writes a new "
                           f"folder (--overwrite replaces it)")


def _moved_into_place(partial: Path, output: Path, overwrite: bool) -> None:
    """The written folder renamed to `output`; an existing output moved aside first and then
    removed. Ctrl-C is held for the two renames, so that an output is never left missing."""
    old = partial.with_suffix(".old")
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        _refuse(output, overwrite)  # made meanwhile: a link, a file, a folder of files
        if output.exists():
            output.rename(old)
        try:
            partial.rename(output)
        except OSError:
            if old.exists():
                old.rename(output)
            raise
        _IN_PLACE.add(output)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
    shutil.rmtree(old, ignore_errors=True)


def _linked(output: Path, partial: Path) -> None:
    """The output's folders made again in `partial`, and its files hard-linked there (copied
    where the file system has no hard links). A link inside the output is refused: not
    followed, and not passed over either, which would drop what it stands for from an export
    whose manifest names it."""
    for folder, names, files in os.walk(output):
        within = partial / Path(folder).relative_to(output)
        for name in [*names, *files]:
            if (Path(folder) / name).is_symlink():
                raise PokerdbError(f"{Path(folder) / name}: a symbolic link inside the export, "
                                   f"which an export that appends does not follow; put the "
                                   f"files back in its place (or --overwrite); nothing was "
                                   f"written")
        for name in names:
            (within / name).mkdir()
        for name in files:
            source = Path(folder) / name
            try:
                os.link(source, within / name, follow_symlinks=False)
            except OSError:  # no hard links here (EPERM, ENOTSUP): a copy
                shutil.copy2(source, within / name, follow_symlinks=False)


def _remove_left_over(folder: Path) -> None:
    """The partial folders of exports into `folder` whose process is gone (killed)."""
    for entry in folder.iterdir():
        found = _LEFT.fullmatch(entry.name)
        if found is not None and not _alive(int(found[1])) and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # none, or no process's number
        return False
    except PermissionError:  # another user's
        return True
    return True
