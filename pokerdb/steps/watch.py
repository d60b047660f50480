"""`pokerdb watch`: the hands a site writes into its folders while it runs, imported as they
are completed, by the importer (steps.importer), batch by batch.

Each file is followed from the end of the last hand imported from it. A hand is complete when
the next hand starts after it, or when the file has not grown for `settle` seconds and the hand
holds its summary and ends a line; a hand still being written waits. The complete hands found
in one look at a file are one import (a dataset named after the file and the byte they start
at); a site's hands are stored once (steps.stored_once), so reading a hand again, from the same
file or another, stores nothing twice. Files are polled with os.stat: no file is opened while
it has not grown. PokerStars' hand histories (the hands' first words, formats.pokerstars).
"""

import io
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Final

from sqlalchemy import Engine

from pokerdb.errors import PokerdbError, shown
from pokerdb.formats import InputFormat
from pokerdb.formats.sources import Source
from pokerdb.steps.importer import ImportOptions, ImportResult, import_source
from pokerdb.storage.schema import NAME_LENGTH

_HAND_START: Final = re.compile(
    rb"^(?:\xef\xbb\xbf)?PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #", re.MULTILINE)
_SUMMARY: Final = b"*** SUMMARY ***"
# The most bytes of one file read at one look: a large file is read over several looks.
READ_BYTES: Final = 64 << 20


@dataclass(frozen=True)
class Batch:
    """One import: the file, where its hands start, and what the importer said."""

    path: Path
    offset: int
    result: ImportResult


@dataclass
class _Followed:
    offset: int = 0  # the bytes of the hands imported (or found to be no hand)
    size: int = -1  # the size at the last look
    grown_at: float = 0.0  # when it last grew (the clock of `look`)


@dataclass
class Watcher:
    """The folders watched, and where each of their files has been read to."""

    engine: Engine
    folders: list[Path]
    settle: float = 2.0
    options: ImportOptions = field(default_factory=lambda: ImportOptions(
        file_format=InputFormat.POKERSTARS, skip_invalid=True))
    followed: dict[Path, _Followed] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for folder in self.folders:
            if not folder.is_dir():
                raise PokerdbError(shown(f"{folder}: not a folder"))

    def look(self, now: float) -> Iterator[Batch]:
        """Import the hands completed since the last look (`now`: a monotonic time)."""
        for path in self._files():
            try:
                size = os.stat(path).st_size
            except FileNotFoundError:
                self.followed.pop(path, None)
                continue
            followed = self.followed.setdefault(path, _Followed(grown_at=now))
            if size != followed.size:
                if size < followed.offset:  # written anew: read from its start
                    followed.offset = 0
                followed.size, followed.grown_at = size, now
            if size > followed.offset:
                batch = self._import(path, followed, now - followed.grown_at >= self.settle)
                if batch is not None:
                    yield batch

    def _files(self) -> Iterable[Path]:
        for folder in self.folders:
            for root, folders, files in os.walk(folder):
                folders[:] = sorted(name for name in folders if not name.startswith("."))
                yield from (Path(root) / name for name in sorted(files)
                            if not name.startswith("."))

    def _import(self, path: Path, followed: _Followed, settled: bool) -> Batch | None:
        with open(path, "rb") as file:
            file.seek(followed.offset)
            read = file.read(min(READ_BYTES, followed.size - followed.offset))
        end = complete_end(read, settled and followed.offset + len(read) == followed.size)
        if end == 0:
            return None
        offset = followed.offset
        followed.offset += end
        if not _HAND_START.search(read, 0, end):
            return None  # blank lines, or a file of something else
        name = f"{path.name} from byte {offset}"
        options = replace(self.options, dataset_name=shown(name[-NAME_LENGTH:]))
        source = Source(str(path), stream=io.BytesIO(read[:end]))
        return Batch(path, offset, import_source(self.engine, source, options))


def complete_end(read: bytes, settled: bool) -> int:
    """How many of the bytes `read` (from the start of a hand, or of the file) are complete
    hands: up to the last hand's start, or all of them when the file has `settled` and its
    last hand holds its summary and ends its line. Whole lines without a hand's start are
    passed over once settled (a file of something else is never imported)."""
    starts = [match.start() for match in _HAND_START.finditer(read)]
    if not starts:
        return max(read.rfind(b"\n"), read.rfind(b"\r")) + 1 if settled else 0
    last = starts[-1]
    if settled and _SUMMARY in read[last:] and read.endswith((b"\n", b"\r")):
        return len(read)
    return last


def watch(watcher: Watcher, clock: Callable[[], float], sleep: Callable[[float], None],
          interval: float, report: Callable[[Batch], None],
          looks: int | None = None) -> None:
    """Look every `interval` seconds (`looks` times, or until interrupted), reporting each
    batch."""
    done = 0
    while looks is None or done < looks:
        for batch in watcher.look(clock()):
            report(batch)
        done += 1
        if looks is None or done < looks:
            sleep(interval)
