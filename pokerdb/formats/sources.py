"""Opening the files a user names: paths or stdin, plain or gzip (detected by content).

A regular file is read twice: once for its hash (a file imported before is skipped without
reading it into the database), then for the import, which hashes the bytes it reads again, so
that the stored hash is exactly theirs (a file changed in between is refused). Stdin and other
streams (a pipe such as bash's `<(zcat deals.gz)`) are read once, and hashed as they are read:
nothing is spooled to disk. Lines are bounded: a line longer than MAX_LINE_BYTES is rejected
(its beginning kept), and one longer than MAX_LINE_SPAN ends the import, so neither memory nor
time grows with a file that has no line breaks (`/dev/zero`). Lines may end in LF, CRLF or a
bare CR (old Mac files).
"""

import errno
import gzip
import hashlib
import io
import os
import re
import stat
import sys
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import IO

from pokerdb.errors import InputError

GZIP_MAGIC = b"\x1f\x8b"
STDIN = "-"
STDIN_LABEL = "<stdin>"
CHUNK = 1 << 20
GZIP_ERRORS = (EOFError, gzip.BadGzipFile, zlib.error)
# Far longer than any deal (ten players' cards take 149 bytes), and short enough that a file
# with no line breaks at all is read in bounded memory.
MAX_LINE_BYTES = 64 * 1024
# Past this without a line break the input is not a file of lines at all: the import stops
# rather than read on (from /dev/zero, for ever).
MAX_LINE_SPAN = 1 << 20
_LONE_CR = re.compile(rb"\r(?!\n)")


class OverlongLine(bytes):
    """The first MAX_LINE_BYTES of a longer line; the rest of it is not kept. `length` is the
    whole line's, without its ending."""

    length: int


@dataclass(frozen=True)
class Source:
    """A readable deal file: `label` names it in messages. A regular file has a `path` (read
    for its hash, then for the import); a stream has a `stream`, read once."""

    label: str
    path: Path | None = None
    stream: IO[bytes] | None = None
    size: int | None = None  # bytes on disk, for progress; None for a stream or a folder

    @property
    def is_stream(self) -> bool:
        return self.path is None


@contextmanager
def resolve(name: str, folders: bool = False) -> Iterator[Source]:
    """The source for a path or '-' (stdin); a folder too if `folders` (a format that reads
    folders)."""
    if name == STDIN:
        if sys.stdin is None or sys.stdin.closed:
            raise InputError(name, None, "stdin is closed: there is nothing to read")
        yield Source(STDIN_LABEL, stream=sys.stdin.buffer)
        return
    if folders and os.path.isdir(name):
        yield Source(name, path=Path(name))
        return
    try:
        stream = open(name, "rb")  # noqa: SIM115 - closed below, after the import
    except FileNotFoundError:
        raise InputError(name, None, "no such file") from None
    except IsADirectoryError:
        raise InputError(name, None, "is a directory, not a deal file") from None
    except OSError as exc:
        raise InputError(name, None, f"cannot be read: {exc.strerror or exc}") from None
    with stream:
        mode = os.fstat(stream.fileno()).st_mode
        if stat.S_ISDIR(mode):
            raise InputError(name, None, "is a directory, not a deal file")
        if stat.S_ISREG(mode):
            yield Source(name, path=Path(name), size=os.fstat(stream.fileno()).st_size)
        else:
            yield Source(name, stream=stream)


def unreadable(name: str, folders: bool = False) -> InputError | None:
    """Why `resolve` would refuse `name`, where that can be told without opening it (opening
    a named pipe waits for its writer): no such file, a folder where files are read, no right
    to read it. None when it may be read (or is stdin)."""
    if name == STDIN:
        return None
    try:
        mode = os.stat(name).st_mode
    except FileNotFoundError:
        return InputError(name, None, "no such file")
    except OSError as exc:
        return InputError(name, None, f"cannot be read: {exc.strerror or exc}")
    if stat.S_ISDIR(mode) and not folders:
        return InputError(name, None, "is a directory, not a deal file")
    if not os.access(name, os.R_OK):
        return InputError(name, None, f"cannot be read: {os.strerror(errno.EACCES)}")
    return None


def default_dataset_name(source: Source, sha256: str) -> str:
    """A file's name; a stream (stdin, a pipe: its name says nothing) is named by its hash."""
    if source.is_stream:
        return f"stdin-{sha256[:12]}"
    return Path(source.label).name


def gzip_problem(label: str, exc: Exception) -> InputError:
    """What is wrong with a file whose gzip data failed with `exc` (one of GZIP_ERRORS)."""
    if isinstance(exc, EOFError):
        return InputError(label, None, "truncated gzip data: the file ends before the end of "
                                       "its compressed stream")
    return InputError(label, None, f"damaged gzip data ({exc})")


class _Counted(io.RawIOBase):
    """A byte stream's bytes, counted as they are read (for progress)."""

    def __init__(self, inner: IO[bytes]) -> None:
        self.inner = inner
        self.count = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: "bytearray | memoryview") -> int:  # type: ignore[override]
        data = self.inner.read(len(buffer))
        buffer[:len(data)] = data
        self.count += len(data)
        return len(data)


class _Hashed(io.RawIOBase):
    """The content's bytes, hashed as they pass; after hashing, a bare CR (an old Mac line
    ending) becomes LF, so that lines split there. A CR that ends one read and an LF that
    starts the next are one CRLF ending, read as LF."""

    def __init__(self, inner: IO[bytes]) -> None:
        self.inner = inner
        self.digest = hashlib.sha256()
        self.cr_pending = False  # the last read ended in a CR, turned into LF

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: "bytearray | memoryview") -> int:  # type: ignore[override]
        data = self.inner.read(len(buffer))
        self.digest.update(data)
        if self.cr_pending:
            self.cr_pending = False
            if data.startswith(b"\n"):
                data = data[1:]
                if not data:  # that LF was all there was so far: read on
                    return self.readinto(buffer)
        self.cr_pending = data.endswith(b"\r")  # a CRLF cut in two, or a bare CR: LF either way
        if self.cr_pending:
            data = data[:-1]
        if b"\r" in data and data.count(b"\r") != data.count(b"\r\n"):
            data = _LONE_CR.sub(b"\n", data)
        if self.cr_pending:
            data += b"\n"
        buffer[:len(data)] = data
        return len(data)


@dataclass
class Lines:
    """The lines of an opened source, as raw bytes; `bytes_read` is how much of the file (as
    stored, compressed or not) has been read, `sha256` the hash of the content read so far
    (complete once the lines are)."""

    lines: Iterator[bytes]
    bytes_read: Callable[[], int]
    hashed: _Hashed

    def sha256(self) -> str:
        return self.hashed.digest.hexdigest()


@contextmanager
def open_lines(source: Source) -> Iterator[Lines]:
    """The source's lines, decompressed if gzip."""
    with _opened(source) as raw:
        counted = _Counted(raw)
        buffered = io.BufferedReader(counted, CHUNK)
        compressed = buffered.peek(len(GZIP_MAGIC))[:len(GZIP_MAGIC)] == GZIP_MAGIC
        content: IO[bytes] = gzip.GzipFile(fileobj=buffered) if compressed else buffered  # type: ignore[assignment]
        hashed = _Hashed(content)
        lines = _bounded_lines(source, io.BufferedReader(hashed, CHUNK).readline)
        yield Lines(_truncation_guard(source, lines) if compressed else lines,
                    lambda: counted.count, hashed)


@contextmanager
def _opened(source: Source) -> Iterator[IO[bytes]]:
    if source.stream is not None:
        yield source.stream
        return
    assert source.path is not None
    with source.path.open("rb") as raw:
        yield raw


def _truncation_guard(source: Source, lines: Iterator[bytes]) -> Iterator[bytes]:
    try:
        yield from lines
    except GZIP_ERRORS as exc:
        raise gzip_problem(source.label, exc) from exc


def _bounded_lines(source: Source, readline: Callable[[int], bytes]) -> Iterator[bytes]:
    """A stream's lines; one longer than MAX_LINE_BYTES comes as an OverlongLine, the rest of
    it skipped, and one longer than MAX_LINE_SPAN ends the reading with an error."""
    read_line = partial(readline, MAX_LINE_BYTES)
    for line_no, line in enumerate(iter(read_line, b""), start=1):
        if len(line) < MAX_LINE_BYTES or line.endswith(b"\n"):
            yield line
            continue
        length = len(line)
        for rest in iter(read_line, b""):
            length += len(rest)
            if rest.endswith(b"\n"):
                length -= 2 if rest.endswith(b"\r\n") else 1
                break
            if length > MAX_LINE_SPAN:
                raise InputError(source.label, line_no,
                                 f"no line break in the first {MAX_LINE_SPAN:,} bytes of the "
                                 f"line: not a file of deals (one deal per line)")
        overlong = OverlongLine(line)
        overlong.length = length
        yield overlong


def content_sha256(source: Source) -> str:
    """Hash of a regular file's (decompressed) content: the same deals gzipped or not are
    the same file."""
    with open_lines(source) as opened:
        try:
            while opened.hashed.read(CHUNK):
                pass
        except GZIP_ERRORS as exc:
            raise gzip_problem(source.label, exc) from exc
        return opened.sha256()


def files_under(folder: Path, wanted: Callable[[str], bool]) -> list[tuple[str, str]]:
    """Every file under the folder, recursively, whose name `wanted` keeps, in path order: its
    path relative to the folder (forward slashes) and its path. os.walk lists each folder once,
    telling files from folders without a stat per file: half the time of Path.rglob on 10,000
    files."""
    found: list[tuple[tuple[str, ...], str]] = []
    for directory, _, names in os.walk(folder):
        inside = Path(directory).relative_to(folder).parts
        found.extend(((*inside, name), os.path.join(directory, name))
                     for name in names if wanted(name))
    found.sort()
    return [("/".join(parts), file) for parts, file in found]
