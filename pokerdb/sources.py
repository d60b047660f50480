"""Opening the files a user names: paths or stdin, plain or gzip (detected by content)."""

import gzip
import hashlib
import os
import shutil
import sys
import tempfile
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
CHUNK = 1 << 20
GZIP_ERRORS = (EOFError, gzip.BadGzipFile, zlib.error)
# Far longer than any deal (ten players' cards take 149 bytes), and short enough that a file
# with no line breaks at all is read in bounded memory.
MAX_LINE_BYTES = 64 * 1024


class OverlongLine(bytes):
    """The first MAX_LINE_BYTES of a line that goes on; the rest of it is not read in."""


@dataclass(frozen=True)
class Source:
    """A readable deal file: `label` names it in messages, `path` is where its bytes are."""

    label: str
    path: Path
    size: int | None  # bytes on disk, for progress; None for a folder

    @property
    def compressed(self) -> bool:
        with self.path.open("rb") as head:
            return head.read(2) == GZIP_MAGIC


@contextmanager
def resolve(name: str, folders: bool = False) -> Iterator[Source]:
    """The source for a path or '-'; a folder too if `folders` (a format that reads folders).
    Stdin and other streams (a pipe such as bash's `<(zcat deals.gz)`) are spooled to a
    temporary file, so they can be hashed before import and read twice like any file."""
    if name == STDIN:
        with _spooled("<stdin>", sys.stdin.buffer) as source:
            yield source
        return
    path = Path(name)
    if not path.exists():
        raise InputError(name, None, "no such file")
    if path.is_dir():
        if not folders:
            raise InputError(name, None, "is a directory, not a deal file")
        yield Source(name, path, None)
        return
    try:
        stream = path.open("rb")
    except OSError as exc:
        raise InputError(name, None, f"cannot be read: {exc.strerror}") from exc
    with stream:
        if path.is_file():
            yield Source(name, path, os.fstat(stream.fileno()).st_size)
        else:
            with _spooled(name, stream) as source:
                yield source


@contextmanager
def _spooled(label: str, stream: IO[bytes]) -> Iterator[Source]:
    with tempfile.NamedTemporaryFile(prefix="pokerdb-spool-") as spool:
        shutil.copyfileobj(stream, spool, CHUNK)
        spool.flush()
        yield Source(label, Path(spool.name), spool.tell())


def gzip_problem(label: str, exc: Exception) -> InputError:
    """What is wrong with a file whose gzip data failed with `exc` (one of GZIP_ERRORS)."""
    if isinstance(exc, EOFError):
        return InputError(label, None, "truncated gzip data: the file ends before the end of "
                                       "its compressed stream")
    return InputError(label, None, f"damaged gzip data ({exc})")


def _truncation_guard(source: Source, lines: Iterator[bytes]) -> Iterator[bytes]:
    try:
        yield from lines
    except GZIP_ERRORS as exc:
        raise gzip_problem(source.label, exc) from exc


@contextmanager
def open_lines(source: Source) -> Iterator[tuple[Iterator[bytes], Callable[[], int]]]:
    """The file's lines as raw bytes (decompressed if gzip), and how many bytes of the file on
    disk have been read so far, for progress."""
    with source.path.open("rb") as raw:
        if source.compressed:
            with gzip.GzipFile(fileobj=raw) as unzipped:
                yield _truncation_guard(source, _bounded_lines(unzipped.readline)), raw.tell
        else:
            yield _bounded_lines(raw.readline), raw.tell


def _bounded_lines(readline: Callable[[int], bytes]) -> Iterator[bytes]:
    """A stream's lines; one longer than MAX_LINE_BYTES comes as an OverlongLine, and the
    rest of it is skipped."""
    read_line = partial(readline, MAX_LINE_BYTES)
    for line in iter(read_line, b""):
        if len(line) == MAX_LINE_BYTES and not line.endswith(b"\n"):
            for rest in iter(read_line, b""):
                if rest.endswith(b"\n"):
                    break
            yield OverlongLine(line)
        else:
            yield line


def content_sha256(source: Source) -> str:
    """Hash of the (decompressed) content: the same deals gzipped or not are the same file."""
    digest = hashlib.sha256()
    with source.path.open("rb") as raw:
        stream: IO[bytes] = gzip.GzipFile(fileobj=raw) if source.compressed else raw  # type: ignore[assignment]
        try:
            while chunk := stream.read(CHUNK):
                digest.update(chunk)
        except GZIP_ERRORS as exc:
            raise gzip_problem(source.label, exc) from exc
    return digest.hexdigest()
