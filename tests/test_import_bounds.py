"""What an import reads is what it stores: the hash of exactly those bytes, from files that
change, streams read once, lines of any ending; and what it holds and stores for bad input is
bounded."""

import gzip
import hashlib
import subprocess
import sys
from pathlib import Path

import pytest
from support import PE54_FILE, REPO, fails, rows, snapshot, succeeds
from typer.testing import CliRunner

from pokerdb import formats
from pokerdb.formats.deals.lines import BATCH_BYTES, REJECTED_RAW_CHARS
from pokerdb.formats.deals.pe54 import read_pe54
from pokerdb.formats.sources import MAX_LINE_SPAN, Source
from pokerdb.steps import importer

GOOD = "8C TS KC 9H 4S 7D 2S 5D 3S AC"


def test_a_file_that_changes_during_the_import_is_refused(
        runner: CliRunner, db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file shrinks after it was hashed: nothing is stored under the whole file's hash,
    and the whole file imports afterwards."""
    deals = tmp_path / "deals.txt"
    deals.write_bytes(PE54_FILE.read_bytes())
    hash_of_whole = formats.content_sha256  # the line formats' input hashes through it

    def hash_then_shrink(source: Source) -> str:
        digest = hash_of_whole(source)
        deals.write_bytes(PE54_FILE.read_bytes()[:len(PE54_FILE.read_bytes()) // 2])
        return digest

    monkeypatch.setattr(formats, "content_sha256", hash_then_shrink)
    result = fails(runner, "import", str(deals), "--db", db_url)
    assert result.stderr == (f"Error: {deals}: changed while it was being imported; nothing "
                             f"imported (import it again once it is complete)\n")
    assert snapshot(db_url)["datasets"] == []
    monkeypatch.undo()
    deals.write_bytes(PE54_FILE.read_bytes())
    succeeds(runner, "import", str(deals), "--db", db_url)
    assert rows(db_url, "SELECT deals, sha256 FROM datasets") == [
        (1000, hashlib.sha256(PE54_FILE.read_bytes()).hexdigest())]


def test_stdin_is_read_once_and_hashed_as_read(runner: CliRunner, db_url: str) -> None:
    content = PE54_FILE.read_bytes()
    sha256 = hashlib.sha256(content).hexdigest()
    first = succeeds(runner, "import", "-", "--db", db_url, stdin=gzip.compress(content))
    assert f"as dataset 'stdin-{sha256[:12]}'" in first.stdout
    assert rows(db_url, "SELECT name, sha256, deals FROM datasets") == [
        (f"stdin-{sha256[:12]}", sha256, 1000)]
    again = succeeds(runner, "import", "-", "--db", db_url, stdin=content)
    assert again.stdout == f"-: already imported as dataset 'stdin-{sha256[:12]}', skipped\n"
    assert succeeds(runner, "import", str(PE54_FILE), "--db", db_url).stdout == (
        f"{PE54_FILE}: already imported as dataset 'stdin-{sha256[:12]}', skipped\n")
    assert rows(db_url, "SELECT count(*) FROM deals") == [(1000,)]


def test_a_pipe_is_named_as_stdin(db_url: str, tmp_path: Path) -> None:
    """`pokerdb import <(zcat deals.gz)`: /dev/fd/63 says nothing, and would clash."""
    script = ('import -q <(printf "%s\\n" "$1") --db "$2" && '
              'import <(printf "%s\\n" "$3") --db "$2"')
    other = "2C 3C 4C 5C 7D 8H 9H TH JH KS"
    completed = subprocess.run(
        ["bash", "-c", script.replace("import", f"{sys.executable} -m pokerdb import"), "-",
         GOOD, db_url, other], cwd=REPO, capture_output=True, text=True, timeout=120,
        check=False)
    assert completed.returncode == 0, completed.stderr
    names = [name for (name,) in rows(db_url, "SELECT name FROM datasets ORDER BY id")]
    hashes = [hashlib.sha256((line + "\n").encode()).hexdigest() for line in (GOOD, other)]
    assert names == [f"stdin-{sha256[:12]}" for sha256 in hashes]


@pytest.mark.parametrize("ending", [b"\r", b"\r\n", b"\n"], ids=["cr", "crlf", "lf"])
def test_every_line_ending_reads_alike(runner: CliRunner, db_url: str, tmp_path: Path,
                                       ending: bytes) -> None:
    lines = PE54_FILE.read_text().splitlines()
    path = tmp_path / "deals.txt"
    path.write_bytes(ending.join(line.encode() for line in lines) + ending)
    succeeds(runner, "import", str(path), "--db", db_url, "--evaluate")
    assert rows(db_url, "SELECT count(*), min(line_no), max(line_no) FROM deals") == [
        (1000, 1, 1000)]
    assert rows(db_url, "SELECT count(*) FROM deals WHERE winner = 1") == [(376,)]


def test_a_cr_lf_split_across_reads_is_one_ending(db_url: str, runner: CliRunner,
                                                  tmp_path: Path) -> None:
    """A CR at the end of one read and its LF at the start of the next: line numbers hold."""
    line = f"{GOOD}\r\n".encode()
    # Lines up to just before a 1 MiB read boundary, then one whose CR ends that read.
    count = (1 << 20) // len(line)
    padding = (1 << 20) - count * len(line) - 1
    path = tmp_path / "deals.txt"
    path.write_bytes(line * count + b" " * padding + b"\r\n" + line)
    succeeds(runner, "import", str(path), "--db", db_url)
    assert rows(db_url, "SELECT max(line_no), count(*) FROM deals") == [
        (count + 2, count + 1)]


def test_dev_zero_stops(db_url: str) -> None:
    for extra in ([], ["--skip-invalid"]):
        completed = subprocess.run(
            [sys.executable, "-m", "pokerdb", "import", "/dev/zero", "--db", db_url, *extra],
            cwd=REPO, capture_output=True, text=True, timeout=120, check=False)
        assert (completed.returncode, completed.stderr) == (
            1, f"Error: /dev/zero, line 1: no line break in the first {MAX_LINE_SPAN:,} bytes "
               f"of the line: not a file of deals (one deal per line)\n")


def test_rejected_lines_are_stored_as_their_beginning_and_length(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """A gzip of long bad lines: each stored as its first characters and its length."""
    long_line = "x" * 65_000
    path = tmp_path / "long.txt.gz"
    path.write_bytes(gzip.compress(f"{GOOD}\n{long_line}\n{'é' * 300}\n".encode() * 3))
    result = succeeds(runner, "import", str(path), "--skip-invalid", "--db", db_url)
    assert "skipped 6 invalid lines" in result.stdout
    stored = rows(db_url, "SELECT line_no, raw, line_bytes FROM rejects ORDER BY line_no")
    assert stored == [(line_no, raw, length) for block in range(3)
                      for line_no, raw, length in (
                          (3 * block + 2, "x" * REJECTED_RAW_CHARS + "...", 65_000),
                          (3 * block + 3, "é" * REJECTED_RAW_CHARS + "...", 600))]


def test_lines_are_read_in_bounded_chunks() -> None:
    """20,000 lines of 65,000 bytes are not held at once: a chunk stops at BATCH_BYTES."""
    held = []

    def lines() -> object:
        for _ in range(2_000):
            yield b"x" * 65_000 + b"\n"
        held.append("all read")

    reader = read_pe54(lines(), importer.SAME_AS_FIRST_DEAL)  # type: ignore[arg-type]
    first = next(reader)
    assert first.line_no == 1  # type: ignore[union-attr]
    assert held == []  # the first rejected line came before the file was read through
    rejected = 1 + sum(1 for _ in reader)
    assert rejected == 2_000 and held == ["all read"]
    assert BATCH_BYTES < 2_000 * 65_000
