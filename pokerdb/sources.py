"""Opening the files a user names: paths or stdin, plain or gzip (detected by content)."""

import gzip
import hashlib
import shutil
import sys
import tempfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from pokerdb.errors import InputError

GZIP_MAGIC = b"\x1f\x8b"
STDIN = "-"
CHUNK = 1 << 20


@dataclass(frozen=True)
class Source:
    """A readable deal file: `label` names it in messages, `path` is where its bytes are."""

    label: str
    path: Path
    size: int  # bytes on disk, for progress

    @property
    def compressed(self) -> bool:
        with self.path.open("rb") as head:
            return head.read(2) == GZIP_MAGIC


@contextmanager
def resolve(name: str) -> Iterator[Source]:
    """The source for a path or '-'; stdin is spooled to a temporary file so it can be hashed
    before import and read twice like any file."""
    if name != STDIN:
        yield _checked(name)
        return
    with tempfile.NamedTemporaryFile(prefix="pokerdb-stdin-") as spool:
        shutil.copyfileobj(sys.stdin.buffer, spool, CHUNK)
        spool.flush()
        yield Source("<stdin>", Path(spool.name), Path(spool.name).stat().st_size)


def _checked(name: str) -> Source:
    path = Path(name)
    if not path.exists():
        raise InputError(name, None, "no such file")
    if path.is_dir():
        raise InputError(name, None, "is a directory, not a deal file")
    try:
        with path.open("rb"):
            pass
    except OSError as exc:
        raise InputError(name, None, f"cannot be read: {exc.strerror}") from exc
    return Source(name, path, path.stat().st_size)


def _truncation_guard(source: Source, lines: Iterator[bytes]) -> Iterator[bytes]:
    try:
        yield from lines
    except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
        raise InputError(source.label, None, f"damaged gzip data ({exc})") from exc


@contextmanager
def open_lines(source: Source) -> Iterator[tuple[Iterator[bytes], Callable[[], int]]]:
    """The file's lines as raw bytes (decompressed if gzip), and how many bytes of the file on
    disk have been read so far, for progress."""
    with source.path.open("rb") as raw:
        if source.compressed:
            with gzip.GzipFile(fileobj=raw) as unzipped:
                yield _truncation_guard(source, iter(unzipped)), raw.tell
        else:
            yield iter(raw), raw.tell


def content_sha256(source: Source) -> str:
    """Hash of the (decompressed) content: the same deals gzipped or not are the same file."""
    digest = hashlib.sha256()
    with source.path.open("rb") as raw:
        stream: IO[bytes] = gzip.GzipFile(fileobj=raw) if source.compressed else raw  # type: ignore[assignment]
        try:
            while chunk := stream.read(CHUNK):
                digest.update(chunk)
        except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
            raise InputError(source.label, None, f"damaged gzip data ({exc})") from exc
    return digest.hexdigest()
