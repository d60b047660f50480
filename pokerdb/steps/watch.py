"""`pokerdb watch`: the hands a site writes into its folders while it runs, imported as they
are completed, by the importer (steps.importer), batch by batch.

Each file's format is the registry's (formats.InputFormat.of_path: its name, its first
bytes), decided once its first line is written; PokerStars', GGPoker's and PHH files are
followed (`LAYOUTS`), any other file is passed over. Each file is followed from the end of the
last hand imported from it. A hand is complete when the next hand starts after it, or when the
file has not grown for `settle` seconds and the hand ends a line (and, for a site's hands,
holds its summary); a hand still being written waits. A `.phh` file is one hand; a `.phhs`
file's hands start at their `[N]` headers. The complete hands found in one look at a file are
one import (a dataset named after the file and the byte they start at); a site's hands are
stored once (steps.stored_once), so reading a hand again, from the same file or another,
stores nothing twice. Files are polled with os.stat: no file is opened while it has not
changed. A file written anew (shorter, another file in its place, or other bytes where its
last hand imported ended) is read again from its start. The last hand of a settled file is
imported on its own: refused, it is taken to be still written, and waits for the file to
change; complete hands that are all refused are passed over, and the batch says why. Only
regular files are read (a FIFO, a device, a link that leads nowhere are passed over); a
folder watched that is gone ends the watch.
"""

import io
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Final

from sqlalchemy import Engine, select

from pokerdb.errors import InvalidLinesError, NothingToImportError, PokerdbError, shown
from pokerdb.formats import InputFormat
from pokerdb.formats.sites.ggpoker import GGPOKER
from pokerdb.formats.sites.stars_shape.lines import POKERSTARS, HandSite
from pokerdb.formats.sources import Source
from pokerdb.steps.importer import ImportOptions, ImportResult, import_source
from pokerdb.storage.schema import NAME_LENGTH, datasets


@dataclass(frozen=True)
class Layout:
    """Where a format's hands start in a file (None: the file is one hand), and what a
    complete last hand holds (None: nothing to look for but the end of a line)."""

    starts: re.Pattern[bytes] | None
    summary: bytes | None = None


def _site_layout(site: HandSite) -> Layout:
    words = b"|".join(re.escape(start.encode()) for start in site.starts)
    return Layout(re.compile(rb"^(?:\xef\xbb\xbf)?(?:" + words + rb")", re.MULTILINE),
                  b"*** SUMMARY ***")


LAYOUTS: Final = {InputFormat.POKERSTARS: _site_layout(POKERSTARS),
                  InputFormat.GGPOKER: _site_layout(GGPOKER),
                  InputFormat.PHH: Layout(None)}
_PHHS: Final = Layout(re.compile(rb"^\[[0-9]+\][ \t]*\r?$", re.MULTILINE))
POKERSTARS_HANDS: Final = LAYOUTS[InputFormat.POKERSTARS]
# The most bytes of one file read at one look: a large file is read over several looks.
READ_BYTES: Final = 64 << 20
# The bytes a file starts with and those before where it was read to, kept to tell a file
# written anew.
TAIL_BYTES: Final = 256


@dataclass(frozen=True)
class Batch:
    """One import: the file, where its hands start, and what the importer said (or, when
    it stored nothing, why: `refused`)."""

    path: Path
    offset: int
    result: ImportResult | None
    refused: str | None = None


@dataclass
class _Followed:
    offset: int = 0  # the bytes of the hands imported (or found to be no hand)
    head: bytes = b""  # the bytes the file starts with (up to TAIL_BYTES of those read)
    tail: bytes = b""  # the bytes just before `offset`
    size: int = -1  # the size at the last look
    seen: tuple[int, int, int] = (-1, -1, -1)  # its size, time and inode at the last look
    grown_at: float = 0.0  # when it last grew (the clock of `look`)
    # The file's format, once decided, and its layout (None: a file of no format watched).
    file_format: InputFormat | None = None
    layout: Layout | None = None
    decided: bool = False
    provisional: bool = False  # decided on settling, before its first line ended
    skipping: bool = False  # in a hand too long to import, passed over
    refused_at: int = -1  # the size at which its last hand, settled, was refused


@dataclass
class Watcher:
    """The folders watched, and where each of their files has been read to."""

    engine: Engine
    folders: list[Path]
    settle: float = 2.0
    options: ImportOptions = field(default_factory=lambda: ImportOptions(skip_invalid=True))
    followed: dict[Path, _Followed] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for folder in self.folders:
            if not folder.is_dir():
                raise PokerdbError(shown(f"{folder}: not a folder"))

    def look(self, now: float) -> Iterator[Batch]:
        """Import the hands completed since the last look (`now`: a monotonic time)."""
        for folder in self.folders:
            if not folder.is_dir():
                raise PokerdbError(shown(f"{folder}: the folder watched is gone"))
        for path in self._files():
            try:
                status = os.stat(path)
            except OSError:  # gone, or a link that leads nowhere (or round in a loop)
                self.followed.pop(path, None)
                continue
            if not stat.S_ISREG(status.st_mode):  # a FIFO, a device: never opened
                self.followed.pop(path, None)
                continue
            size = status.st_size
            followed = self.followed.setdefault(path, _Followed(grown_at=now))
            seen = (size, status.st_mtime_ns, status.st_ino)
            if seen != followed.seen:
                if followed.offset and _written_anew(path, followed, seen):
                    self.followed[path] = followed = _Followed()
                elif followed.provisional:
                    followed.decided = followed.provisional = False
                if size != followed.size:
                    followed.grown_at = now
                followed.size, followed.seen = size, seen
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
        if followed.decided and followed.layout is None:
            return None  # a file of no format watched: never read again
        try:
            with open(path, "rb") as file:
                file.seek(followed.offset)
                read = file.read(min(READ_BYTES, followed.size - followed.offset))
        except OSError:  # gone, or not to be read: looked at again when it changes
            return None
        if not followed.decided and not _decide(path, followed, read, settled):
            return None
        if followed.layout is None or followed.file_format is None:
            return None  # a file of no format watched
        layout = followed.layout
        if followed.skipping:
            _pass_over(followed, read, layout)
            return None
        end = complete_end(read, settled and followed.offset + len(read) == followed.size,
                           layout)
        if end == 0 and len(read) == READ_BYTES:  # a hand too long to read at one look
            offset, followed.skipping = followed.offset, True
            _advance(followed, read, 1)  # past its start
            _pass_over(followed, read[1:], layout)
            return Batch(path, offset, None, f"a hand of more than {READ_BYTES:,} bytes: "
                                             f"passed over, to the next hand")
        # The last hand, taken complete on settling, is imported on its own, and only if the
        # reader takes it (else it is still being written, and waits for the file to change).
        strict = end == len(read) > 0
        if strict and (last := _last_start(read, layout)) > 0:
            end, strict = last, False
        if end == 0 or (strict and followed.refused_at == followed.size):
            return None
        starts = layout.starts
        if (starts is not None and not starts.search(read, 0, end)) or not read[:end].strip():
            _advance(followed, read, end)
            return None  # blank lines, or lines that are no hand
        offset = followed.offset
        options = replace(self.options, file_format=followed.file_format,
                          dataset_name=self._dataset_name(f"{path.name} from byte {offset}"),
                          skip_invalid=self.options.skip_invalid and not strict)
        source = Source(str(path), stream=io.BytesIO(read[:end]))
        try:
            result = import_source(self.engine, source, options)
        except (NothingToImportError, InvalidLinesError) as error:
            if strict:
                followed.refused_at = followed.size
                return None
            _advance(followed, read, end)  # complete hands, every one refused
            return Batch(path, offset, None, error.message
                         if isinstance(error, NothingToImportError) else str(error))
        _advance(followed, read, end)
        return Batch(path, offset, result)

    def _dataset_name(self, base: str) -> str:
        """A batch's dataset's name: `base` (its end), or with " (2)", " (3)"... where taken
        (a file written anew holds other hands from a byte read before)."""
        dataset = datasets.c
        number = 1
        with self.engine.connect() as connection:
            while True:
                suffix = f" ({number})" if number > 1 else ""
                name = shown(base[-(NAME_LENGTH - len(suffix)):]) + suffix
                if connection.execute(
                        select(dataset.id).where(dataset.name == name)).first() is None:
                    return name
                number += 1


def _line_end(read: bytes) -> int:
    """Where the last whole line of `read` ends (0: it holds none)."""
    return max(read.rfind(b"\n"), read.rfind(b"\r")) + 1


def _pass_over(followed: _Followed, read: bytes, layout: Layout) -> None:
    """Bytes of a hand too long to import, passed over up to the next hand's start (or, none
    read yet, to the last whole line read, or all of a full read of one line)."""
    found = None if layout.starts is None else layout.starts.search(read)
    full = len(read) >= READ_BYTES - 1
    _advance(followed, read, found.start() if found is not None else
             _line_end(read) or (len(read) if full else 0))
    followed.skipping = found is None


def _advance(followed: _Followed, read: bytes, end: int) -> None:
    """The file read to `end` of the bytes `read` from its offset."""
    if not followed.offset:
        followed.head = read[:min(end, TAIL_BYTES)]
    followed.offset += end
    followed.tail = (followed.tail + read[:end])[-TAIL_BYTES:]


def _written_anew(path: Path, followed: _Followed, seen: tuple[int, int, int]) -> bool:
    """Whether the file was written anew since it was read to its offset: shorter than that,
    another file (or a link to one) in its place, or other bytes at its start or before the
    offset."""
    size, _, inode = seen
    if size < followed.offset or inode != followed.seen[2]:
        return True
    try:
        with open(path, "rb") as file:
            head = file.read(len(followed.head))
            file.seek(followed.offset - len(followed.tail))
            return (head, file.read(len(followed.tail))) != (followed.head, followed.tail)
    except OSError:
        return False


def _last_start(read: bytes, layout: Layout) -> int:
    """Where the last hand of `read` starts (0 in a file of one hand)."""
    found = None if layout.starts is None else list(layout.starts.finditer(read))
    return found[-1].start() if found else 0


def _decide(path: Path, followed: _Followed, read: bytes, settled: bool) -> bool:
    """Decide the file's format, by the registry, once its first line is written (or it has
    settled); False while it cannot be told yet."""
    line_ended = b"\n" in read or b"\r" in read
    if not line_ended and not settled:
        return False
    try:
        found = InputFormat.of_path(str(path))
    except PokerdbError:
        found = None
    followed.decided, followed.file_format = True, found
    followed.provisional = not line_ended  # told again when the file changes
    layout = LAYOUTS.get(found) if found is not None else None
    followed.layout = _PHHS if layout is not None and layout.starts is None and \
        path.name.lower().endswith(".phhs") else layout
    return True


def complete_end(read: bytes, settled: bool, layout: Layout = POKERSTARS_HANDS) -> int:
    """How many of the bytes `read` (from the start of a hand, or of the file) are complete
    hands under `layout`: up to the last hand's start, or all of them when the file has
    `settled` and its last hand ends its line (and holds its summary, where a hand has one).
    Whole lines without a hand's start are passed over once settled (a file of something else
    is never imported). A file that is one hand is complete once settled."""
    ends_line = read.endswith((b"\n", b"\r"))
    if layout.starts is None:
        return len(read) if settled and ends_line else 0
    starts = [match.start() for match in layout.starts.finditer(read)]
    if not starts:
        return max(read.rfind(b"\n"), read.rfind(b"\r")) + 1 if settled else 0
    last = starts[-1]
    if settled and ends_line and (layout.summary is None or layout.summary in read[last:]):
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
