"""The PHH files of a path (see pokerdb.formats.phh): a file itself, or the `.phh` and `.phhs`
files under a folder, each read whole within its bound (MAX_HAND_FILE_BYTES for a .phh,
MAX_HANDS_FILE_BYTES for a .phhs, as stored and decompressed), of regular files only.
pokerdb.formats.phh.reader reads their hands.
"""

import gzip
import io
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from pokerdb.formats.phh import GZIP_SUFFIX, HANDS_SUFFIX, is_phh_name
from pokerdb.formats.sources import GZIP_ERRORS, GZIP_MAGIC, files_under, gzip_problem
from pokerdb.rules.hand_record import PhhError

# A file is read whole, so its size is bounded, as a line of a deal file is: a .phh holds one
# hand (a few kilobytes), a .phhs many.
MAX_HAND_FILE_BYTES: Final = 1 << 20
MAX_HANDS_FILE_BYTES: Final = 64 << 20
# A site's file of many hands (pokerdb.formats.sites.stars_shape.reader): 100,000 PokerStars hands
# take some 91 MB.
MAX_SITE_FILE_BYTES: Final = 256 << 20


@dataclass(frozen=True)
class PhhFile:
    """A file to read: `source` names it in messages and in `deals.source` (the path relative
    to the folder imported, with forward slashes; the file name alone for a single file)."""

    source: str
    path: str  # as os.open takes it: a Path for each of 10,000 files took 0.08 s to list
    site: bool = False  # a site's hand history file (of many hands), not PHH

    @property
    def holds_many(self) -> bool:
        """A `.phhs` file (many hands), gzipped or not, by the name it is given."""
        return self.source.lower().removesuffix(GZIP_SUFFIX).endswith(HANDS_SUFFIX)

    @property
    def max_bytes(self) -> int:
        """The most of it read, as stored and decompressed (see MAX_HAND_FILE_BYTES)."""
        if self.site:
            return MAX_SITE_FILE_BYTES
        return MAX_HANDS_FILE_BYTES if self.holds_many else MAX_HAND_FILE_BYTES

    def content(self) -> bytes:
        """The file's bytes, decompressed when gzip (recognised by content, whatever the name)."""
        return self.decompressed(self.read())

    def read(self) -> bytes:
        """The file's bytes as stored, of a regular file only: a device (/dev/zero) would be
        read for ever, a pipe waited on for ever."""
        try:
            # Not blocking: opening a named pipe waits for a writer.
            descriptor = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK)
        except OSError as exc:
            raise PhhError(self.source, f"cannot be read: {exc.strerror}") from exc
        try:
            status = os.fstat(descriptor)
            if not stat.S_ISREG(status.st_mode):
                raise PhhError(self.source, "is not a regular file (a device, a pipe or a "
                                            "socket): hand histories are read from files")
            return self.within_bounds(_read_to_end(descriptor, status.st_size,
                                                   self.max_bytes + 1), "is larger than")
        finally:
            os.close(descriptor)

    def within_bounds(self, data: bytes, what: str) -> bytes:
        """`data`, if no more than max_bytes; `what` says of what, else."""
        if len(data) <= self.max_bytes:
            return data
        kind = ("a site's hand history file (read whole: split it)" if self.site
                else "a .phhs file (hand histories are read whole: split it)" if self.holds_many
                else "one hand")
        raise PhhError(self.source, f"{what} {self.max_bytes:,} bytes, the most pokerdb "
                                    f"reads of {kind}")

    def decompressed(self, data: bytes) -> bytes:
        """The file's bytes `data`, decompressed when gzip, up to max_bytes: a small file of
        zeros can decompress to gigabytes."""
        if data[:2] != GZIP_MAGIC:
            return data
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as unpacked:
                content = unpacked.read(self.max_bytes + 1)
        except GZIP_ERRORS as exc:
            raise PhhError(self.source, gzip_problem(self.source, exc).message) from exc
        return self.within_bounds(content, "decompresses to more than")


def phh_files(path: Path) -> list[PhhFile]:
    """The files to read for `path`: the file itself, or every `.phh` and `.phhs` file (also
    gzipped, as `.phh.gz` and `.phhs.gz`) under a folder, recursively, in path order."""
    if not path.exists():
        raise PhhError(str(path), "no such file or folder")
    if not path.is_dir():
        return [PhhFile(path.name, str(path))]
    return [PhhFile(source, file) for source, file in files_under(path, is_phh_name)]


def _read_to_end(descriptor: int, size: int, limit: int) -> bytes:
    """Up to `limit` bytes of a regular file of `size` bytes (as fstat gave it: it may have
    grown since) from where `descriptor` stands, in one read of that size: a buffered read of
    `limit` bytes allocates all of them first, which took three quarters of reading a folder
    of small .phh files (36 against 8 microseconds a file)."""
    chunks = [os.read(descriptor, min(size + 1, limit))]
    read = len(chunks[0])
    while read < limit and chunks[-1]:
        chunks.append(os.read(descriptor, min(limit - read, 1 << 20)))
        read += len(chunks[-1])
    return b"".join(chunks)
