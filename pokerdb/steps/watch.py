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
stores nothing twice. Files are polled with os.stat: no file is opened while it has not grown.
"""

import io
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Final

from sqlalchemy import Engine

from pokerdb.errors import InvalidLinesError, PokerdbError, shown
from pokerdb.formats import InputFormat
from pokerdb.formats.sites.ggpoker import GGPOKER
from pokerdb.formats.sites.stars_shape.lines import POKERSTARS, HandSite
from pokerdb.formats.sources import Source
from pokerdb.steps.importer import ImportOptions, ImportResult, import_source
from pokerdb.storage.schema import NAME_LENGTH


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
    # The file's format, once decided, and its layout (None: a file of no format watched).
    file_format: InputFormat | None = None
    layout: Layout | None = None
    decided: bool = False
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
        if not followed.decided and not _decide(path, followed, read, settled):
            return None
        if followed.layout is None or followed.file_format is None:
            return None  # a file of no format watched
        layout = followed.layout
        end = complete_end(read, settled and followed.offset + len(read) == followed.size,
                           layout)
        # A hand with nothing to end it (PHH's) is taken complete on settling alone: on its
        # own, and only if the reader takes it (else it is still being written, and waits for
        # the file to change).
        strict = layout.summary is None and end == len(read) > 0
        if strict and (last := _last_start(read, layout)) > 0:
            end, strict = last, False
        if end == 0 or (strict and followed.refused_at == followed.size):
            return None
        starts = layout.starts
        if (starts is not None and not starts.search(read, 0, end)) or not read[:end].strip():
            followed.offset += end
            return None  # blank lines, or lines that are no hand
        offset = followed.offset
        name = f"{path.name} from byte {offset}"
        options = replace(self.options, file_format=followed.file_format,
                          dataset_name=shown(name[-NAME_LENGTH:]),
                          skip_invalid=self.options.skip_invalid and not strict)
        source = Source(str(path), stream=io.BytesIO(read[:end]))
        try:
            result = import_source(self.engine, source, options)
        except InvalidLinesError:
            if not strict:
                raise
            followed.refused_at = followed.size
            return None
        followed.offset += end
        return Batch(path, offset, result)


def _last_start(read: bytes, layout: Layout) -> int:
    """Where the last hand of `read` starts (0 in a file of one hand)."""
    found = None if layout.starts is None else list(layout.starts.finditer(read))
    return found[-1].start() if found else 0


def _decide(path: Path, followed: _Followed, read: bytes, settled: bool) -> bool:
    """Decide the file's format, by the registry, once its first line is written (or it has
    settled); False while it cannot be told yet."""
    if b"\n" not in read and b"\r" not in read and not settled:
        return False
    try:
        found = InputFormat.of_path(str(path))
    except PokerdbError:
        found = None
    followed.decided, followed.file_format = True, found
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
