"""Bad input: one exact line per problem naming file, line and what is wrong; exit code 1; the
database exactly as it was. --max-errors reports several problems, --skip-invalid imports the
rest and records each rejected line."""

import gzip
import os
from pathlib import Path

import pytest
from sqlalchemy import Engine
from support import fails, invoke, rows, snapshot, succeeds, write_lines
from typer.testing import CliRunner

from pokerdb.errors import InvalidLinesError
from pokerdb.formats.deals.lines import REJECTED_RAW_CHARS
from pokerdb.formats.sources import MAX_LINE_SPAN
from pokerdb.steps import file_imports
from pokerdb.steps.importer import ImportOptions, import_file
from pokerdb.steps.invalid_lines import BATCH_ROWS

GOOD = "8C TS KC 9H 4S 7D 2S 5D 3S AC"
OTHER_GOOD = "5C AD 5D AC 9C 7C 5H 8D TD KS"


@pytest.fixture
def populated(runner: CliRunner, db_url: str, tmp_path: Path) -> str:
    """A database holding one dataset already, so 'unchanged' means something."""
    succeeds(runner, "import", write_lines(tmp_path / "before.txt", GOOD, OTHER_GOOD),
             "--db", db_url)
    return db_url


def fails_cleanly(runner: CliRunner, db_url: str, *args: str,
                  stdin: bytes | None = None) -> list[str]:
    """Run an import that must fail; the stderr lines, after checking nothing changed."""
    before = snapshot(db_url)
    result = fails(runner, "import", *args, "--db", db_url, stdin=stdin)
    assert result.stdout == ""
    assert snapshot(db_url) == before
    return result.stderr.splitlines()


# --- one bad line ----------------------------------------------------------------------------

@pytest.mark.parametrize(("line", "message"), [
    (b"8C TS KC 9H 4S 7D 2S 5D 3S 1C",
     "unknown rank '1' in card '1C' (ranks are 2-9 T J Q K A)"),
    (b"8C TS KC 9H 4S 7D 2S 5D 3S TX",
     "unknown suit 'X' in card 'TX' (suits are C D H S)"),
    (b"8C TS KC 9H 4S 7D 2S 5D 3S 10H",
     "'10H' is not a card: write ten as T (e.g. 'TH')"),
    (b"8C TS KC 9H 4S 7D 2S 5D 3S",
     "found 9 cards; a deal is 5 cards per player (10 for two players)"),
    (b"8C TS KC 9H 4S 7D 2S 5D 3S AC 2C",
     "found 11 cards; a deal is 5 cards per player (10 for two players)"),
    (b"8C TS KC 9H 4S 7D 2S 5D 3S 8c",
     "card '8C' appears twice in the deal"),
    (b"8C TS KC 9H 4S 7D 2S \x1b[2J\x07 3S AC",
     "'\\x1b[2J\\x07' is not a card: a card is a rank and a suit, like '8C' or 'TS'"),
    (b"\x00\x01\x02\x03" * 20,
     "'\\x00\\x01\\x02\\x03\\x00\\x01\\x02\\x03\\x00\\x01\\x02\\x03\\x00\\x01\\x02\\x03"
     "\\x00\\x01\\x02\\x03\\x00\\x01\\x02\\x03'... is not a card: a card is a rank and a suit, "
     "like '8C' or 'TS'"),
    (b"8C TS \xff\xfe KC",
     "not UTF-8 text: byte 0xff at column 7"),
    (b"8C TS KC 9H 4S",
     "expected 10 cards like the first deal (2 players), found 5; "
     "use --players to allow mixed player counts"),
    (b"1,10,1,11,1,13,1,12,1,1,9",
     "'1,10,1,11,1,13,1,12,1,1,'... is not a card: a card is a rank and a suit, like '8C' or "
     "'TS'; for UCI Poker Hand rows use --format uci"),
], ids=["unknown-rank", "unknown-suit", "ten-as-10", "missing-card", "extra-card",
        "repeated-card", "control-characters", "binary-garbage", "not-utf8", "player-count",
        "uci-row"])
def test_a_bad_line_is_named_and_nothing_imported(runner: CliRunner, populated: str,
                                                  tmp_path: Path, line: bytes,
                                                  message: str) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(f"{GOOD}\n".encode() + line + f"\n{OTHER_GOOD}\n".encode())
    assert fails_cleanly(runner, populated, str(bad)) == [f"Error: {bad}, line 2: {message}"]


def test_stdin_is_named_in_messages(runner: CliRunner, populated: str) -> None:
    stdin = f"{GOOD}\n10H\n".encode()
    assert fails_cleanly(runner, populated, "-", stdin=stdin) == [
        "Error: <stdin>, line 2: '10H' is not a card: write ten as T (e.g. 'TH')"]


# --- files that cannot be read ---------------------------------------------------------------

def test_empty_and_blank_files(runner: CliRunner, populated: str, tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    blank = tmp_path / "blank.txt"
    blank.write_bytes(b"\xef\xbb\xbf \r\n\t\n\n")
    for path in (empty, blank):
        assert fails_cleanly(runner, populated, str(path)) == [
            f"Error: {path}: no deals in the file (it is empty)"]


OVERLONG = ("line longer than 65,536 bytes, far more than one deal "
            "(a file holds one deal per line)")


NO_LINE_BREAK = (f"no line break in the first {MAX_LINE_SPAN:,} bytes of the line: not a file "
                 f"of deals (one deal per line)")


@pytest.mark.parametrize("skip_invalid", [[], ["--skip-invalid"]], ids=["fail", "skip"])
def test_a_file_without_line_breaks(runner: CliRunner, populated: str, tmp_path: Path,
                                    skip_invalid: list[str]) -> None:
    """Read in bounded memory and time: the import stops after MAX_LINE_SPAN bytes of one
    line, plain or gzipped, even when it would skip invalid lines."""
    one_line = (GOOD + " ").encode() * 100_000  # 3 MB and no line break
    plain = tmp_path / "one-line.txt"
    plain.write_bytes(one_line)
    zipped = tmp_path / "one-line.txt.gz"
    zipped.write_bytes(gzip.compress(one_line))
    for path, file_format in ((plain, "pe54"), (zipped, "pe54"), (plain, "uci")):
        assert fails_cleanly(runner, populated, str(path), "--format", file_format,
                             *skip_invalid) == [f"Error: {path}, line 1: {NO_LINE_BREAK}"]


def test_an_overlong_line_among_deals(runner: CliRunner, populated: str, tmp_path: Path) -> None:
    """Skipped whole, so the lines after it keep their numbers; `rejects` keeps its start."""
    path = tmp_path / "long.txt"
    path.write_bytes(f"{GOOD}\n".encode() + b"x" * 200_000 + f"\n{OTHER_GOOD}\n".encode())
    assert fails_cleanly(runner, populated, str(path)) == [f"Error: {path}, line 2: {OVERLONG}"]
    succeeds(runner, "import", str(path), "--skip-invalid", "--db", populated)
    assert rows(populated, "SELECT line_no, raw, reason, line_bytes FROM rejects") == [
        (2, "x" * REJECTED_RAW_CHARS + "...", OVERLONG, 200_000)]
    assert rows(populated, "SELECT d.line_no FROM deals d JOIN datasets ds "
                           "ON ds.id = d.dataset_id WHERE ds.name = 'long.txt'") == [(1,), (3,)]


def test_directory_and_missing_path(runner: CliRunner, populated: str, tmp_path: Path) -> None:
    missing = tmp_path / "nope.txt"
    assert fails_cleanly(runner, populated, str(tmp_path), "--format", "pe54") == [
        f"Error: {tmp_path}: is a directory, not a deal file"]
    # Without --format, a folder is one of hand histories (see test_phh_import.py).
    assert fails_cleanly(runner, populated, str(tmp_path)) == [
        f"Error: {tmp_path}: no .phh or .phhs files in the folder"]
    assert fails_cleanly(runner, populated, str(missing)) == [f"Error: {missing}: no such file"]


def test_truncated_gzip(runner: CliRunner, populated: str, tmp_path: Path) -> None:
    whole = gzip.compress("".join(f"{GOOD}\n" for _ in range(1000)).encode())
    truncated = tmp_path / "deals.txt.gz"
    truncated.write_bytes(whole[:len(whole) // 2])
    assert fails_cleanly(runner, populated, str(truncated)) == [
        f"Error: {truncated}: truncated gzip data: the file ends before the end of its "
        f"compressed stream"]


def test_damaged_gzip(runner: CliRunner, populated: str, tmp_path: Path) -> None:
    whole = bytearray(gzip.compress(f"{GOOD}\n".encode()))
    whole[-8] ^= 0xFF  # the CRC of the content
    damaged = tmp_path / "deals.gz"
    damaged.write_bytes(bytes(whole))
    [line] = fails_cleanly(runner, populated, str(damaged))
    assert line.startswith(f"Error: {damaged}: damaged gzip data (CRC check failed")


def test_a_bad_file_after_good_ones(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """Each file is its own transaction: the good file stays, the bad one leaves nothing."""
    good = write_lines(tmp_path / "good.txt", GOOD)
    bad = write_lines(tmp_path / "bad.txt", OTHER_GOOD, "8C")
    result = fails(runner, "import", good, bad, "--db", db_url)
    assert result.stdout.startswith(f"{good}: imported 1 deal (2 hands)")
    assert result.stderr == (f"Error: {bad}, line 2: found 1 card; a deal is 5 cards per player "
                             f"(10 for two players)\n")
    assert rows(db_url, "SELECT name, deals FROM datasets") == [("good.txt", 1)]
    assert rows(db_url, "SELECT count(*) FROM hands") == [(2,)]


# --- UCI rows --------------------------------------------------------------------------------

@pytest.mark.parametrize(("row", "message"), [
    ("5,1,1,2,1,3,1,4,1,5,0",
     "field 1 (S1) is 5, out of range (suits are 1-4: Hearts, Spades, Diamonds, Clubs)"),
    ("1,1,1,14,1,3,1,4,1,5,0",
     "field 4 (C2) is 14, out of range (ranks are 1-13: Ace, 2-10, Jack, Queen, King)"),
    ("1,1,1,0,1,3,1,4,1,5,0",
     "field 4 (C2) is 0, out of range (ranks are 1-13: Ace, 2-10, Jack, Queen, King)"),
    ("1,1,1,2,1,3,1,4,1,5,10",
     "field 11 (CLASS) is 10, out of range (classes are 0-9: High Card to Royal Flush)"),
    ("1,1,1,2,1,3,1,4,1,5,-1",
     "field 11 (CLASS) is '-1', not a plain number (classes are 0-9: High Card to Royal Flush)"),
    ("1,1,1,2,1,3,1,4,1,H",
     "field 10 (C5) is 'H', not a plain number (ranks are 1-13: Ace, 2-10, Jack, Queen, King)"),
    ("1,1,1,2,,3,1,4,1,5",
     "field 5 (S3) is empty (suits are 1-4: Hearts, Spades, Diamonds, Clubs)"),
    ("1,1,1,2,1,3,1,4,1",
     "found 9 fields; a row is S1,C1,...,S5,C5 and an optional CLASS, 10 or 11 numbers "
     "separated by commas"),
    ("1,1,1,2,1,3,1,4,1,5,0,0",
     "found 12 fields; a row is S1,C1,...,S5,C5 and an optional CLASS, 10 or 11 numbers "
     "separated by commas"),
    ("1,1,1,2,1,3,1,2,1,5,1",
     "card '2H' appears twice in the hand (fields 3-4 and 7-8)"),
    ("8C TS KC 9H 4S",
     "found 1 field; a row is S1,C1,...,S5,C5 and an optional CLASS, 10 or 11 numbers "
     "separated by commas"),
], ids=["suit", "rank-high", "rank-zero", "class-high", "class-negative", "not-a-number",
        "empty-field", "too-few", "too-many", "repeated-card", "pe54-line"])
def test_a_bad_uci_row(runner: CliRunner, populated: str, tmp_path: Path, row: str,
                       message: str) -> None:
    bad = write_lines(tmp_path / "bad.data", "1,1,2,3,3,5,4,7,1,9,0", row)
    assert fails_cleanly(runner, populated, bad, "--format", "uci") == [
        f"Error: {bad}, line 2: {message}"]


# --- several bad lines -----------------------------------------------------------------------

BAD_LINES = {  # line number -> (text, reason)
    2: ("8C TS KC 9H 4S 7D 2S 5D 3S 1C", "unknown rank '1' in card '1C' (ranks are 2-9 T J Q K A)"),
    4: ("8C TS KC", "found 3 cards; a deal is 5 cards per player (10 for two players)"),
    5: ("8C\x00 TS", "'8C\\x00' is not a card: a card is a rank and a suit, like '8C' or 'TS'"),
    7: ("8C TS KC 9H 4S 7D 2S 5D 3S 8C", "card '8C' appears twice in the deal"),
}


def several_bad_lines(tmp_path: Path) -> str:
    lines = [BAD_LINES[n][0] if n in BAD_LINES else GOOD for n in range(1, 9)]
    return write_lines(tmp_path / "several.txt", *lines)


def expected_errors(path: str, *line_numbers: int) -> list[str]:
    return [f"Error: {path}, line {n}: {BAD_LINES[n][1]}" for n in line_numbers]


def test_max_errors_stops_at_n(runner: CliRunner, populated: str, tmp_path: Path) -> None:
    bad = several_bad_lines(tmp_path)
    assert fails_cleanly(runner, populated, bad, "--max-errors", "3") == [
        *expected_errors(bad, 2, 4, 5),
        f"Error: {bad}: stopped after 3 invalid lines (--max-errors 3); nothing imported"]


def test_max_errors_beyond_the_count(runner: CliRunner, populated: str, tmp_path: Path) -> None:
    bad = several_bad_lines(tmp_path)
    assert fails_cleanly(runner, populated, bad, "--max-errors", "100") == [
        *expected_errors(bad, 2, 4, 5, 7), f"Error: {bad}: 4 invalid lines; nothing imported"]


def test_by_default_the_first_bad_line_fails(runner: CliRunner, populated: str,
                                             tmp_path: Path) -> None:
    bad = several_bad_lines(tmp_path)
    assert fails_cleanly(runner, populated, bad) == expected_errors(bad, 2)


def test_max_errors_through_the_library(engine: Engine, tmp_path: Path) -> None:
    bad = several_bad_lines(tmp_path)
    with pytest.raises(InvalidLinesError) as caught:
        import_file(engine, bad, ImportOptions(max_errors=2))
    assert [(error.line_no, error.message) for error in caught.value.errors] == [
        (2, BAD_LINES[2][1]), (4, BAD_LINES[4][1])]


# --- skipping bad lines ----------------------------------------------------------------------

def test_skip_invalid_imports_the_rest_and_records_rejects(runner: CliRunner, populated: str,
                                                          tmp_path: Path) -> None:
    bad = several_bad_lines(tmp_path)
    result = succeeds(runner, "import", bad, "--skip-invalid", "--db", populated)
    assert result.stdout.startswith(f"{bad}: imported 4 deals (8 hands) as dataset "
                                    f"'several.txt' in ")
    assert result.stdout.endswith("; skipped 4 invalid lines (see the rejects table)\n")
    [(dataset_id,)] = rows(populated, "SELECT id FROM datasets WHERE name = 'several.txt'")
    assert rows(populated, f"SELECT line_no FROM deals WHERE dataset_id = {dataset_id} "
                           f"ORDER BY id") == [(1,), (3,), (6,), (8,)]
    # NUL is stored escaped: PostgreSQL text cannot hold it.
    raw = {5: "8C\\x00 TS"}
    assert rows(populated, "SELECT dataset_id, line_no, raw, reason FROM rejects ORDER BY id") == [
        (dataset_id, n, raw.get(n, text), reason) for n, (text, reason) in BAD_LINES.items()]


def test_skip_invalid_keeps_undecodable_bytes_visible(runner: CliRunner, db_url: str,
                                                      tmp_path: Path) -> None:
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(f"{GOOD}\r\n".encode() + b"8C TS \xe9 KC\r\n")
    result = succeeds(runner, "import", str(bad), "--skip-invalid", "--db", db_url)
    assert result.stdout.endswith("; skipped 1 invalid line (see the rejects table)\n")
    assert rows(db_url, "SELECT line_no, raw, reason FROM rejects") == [
        (2, "8C TS \\xe9 KC", "not UTF-8 text: byte 0xe9 at column 7")]


def test_skip_invalid_with_nothing_valid_fails(runner: CliRunner, populated: str,
                                               tmp_path: Path) -> None:
    bad = write_lines(tmp_path / "all-bad.txt", "10H", "", "8C 8C")
    assert fails_cleanly(runner, populated, bad, "--skip-invalid") == [
        f"Error: {bad}: nothing to import: all 2 non-blank lines are invalid; line 1: "
        f"'10H' is not a card: write ten as T (e.g. 'TH')"]


def test_skip_invalid_and_max_errors_do_not_mix(runner: CliRunner, populated: str,
                                                tmp_path: Path) -> None:
    bad = several_bad_lines(tmp_path)
    assert fails_cleanly(runner, populated, bad, "--skip-invalid", "--max-errors", "5") == [
        "Error: --max-errors limits the lines reported when an import fails; --skip-invalid "
        "imports the valid lines instead: choose one"]


def test_skip_invalid_uci(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    uci = write_lines(tmp_path / "mixed.data", "1,1,2,3,3,5,4,7,1,9,0", "1,1,2,3,3,5,4,7,1,9,12",
                      "1,2,2,2,3,5,4,7,1,9,1")
    succeeds(runner, "import", uci, "--format", "uci", "--skip-invalid", "--db", db_url)
    assert rows(db_url, "SELECT cards, label FROM hands ORDER BY deal_id") == [
        ("AH 3S 5D 7C 9H", 0), ("2H 2S 5D 7C 9H", 1)]
    assert rows(db_url, "SELECT line_no, reason FROM rejects") == [
        (2, "field 11 (CLASS) is 12, out of range (classes are 0-9: High Card to Royal Flush)")]


def test_skip_invalid_with_more_rejects_than_a_batch(engine: Engine, tmp_path: Path) -> None:
    """Rejects are written in batches as they come, like deals."""
    bad_count = 2 * BATCH_ROWS + 1
    lines = [GOOD if n % 3 == 0 else f"{GOOD} 2C" for n in range(3 * bad_count // 2)]
    result = import_file(engine, write_lines(tmp_path / "mostly-bad.txt", *lines),
                         ImportOptions(skip_invalid=True))
    bad = [line_no for line_no, line in enumerate(lines, start=1) if line != GOOD]
    good_count = len(lines) - len(bad)
    assert (result.deals, result.hands, result.rejected) == (good_count, 2 * good_count, len(bad))
    with engine.connect() as connection:
        assert connection.exec_driver_sql(
            "SELECT count(*), min(line_no), max(line_no) FROM rejects").one() == (
            len(bad), bad[0], bad[-1])


def test_a_failed_import_leaves_no_new_database(runner: CliRunner, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """An SQLite file the import made is removed when it stores nothing: a bad line, a folder
    holding a pipe, Ctrl-C. One made by a first file imported is kept, as is one that was
    there before."""
    bad = write_lines(tmp_path / "bad.txt", "8C TS KC 9H 4S 7D 2S 5D 3S XX")
    folder = tmp_path / "hands"
    folder.mkdir()
    os.mkfifo(folder / "a.phh")
    db = tmp_path / "new.sqlite"
    for given, said in (
            (bad, f"Error: {bad}, line 1: unknown rank 'X' in card 'XX' (ranks are 2-9 T J Q "
                  f"K A)\n"),
            (str(folder), f"Error: {folder / 'a.phh'}: is not a regular file (a device, a pipe "
                          f"or a socket): hand histories are read from files\n")):
        assert fails(runner, "import", given, "--db", str(db)).stderr == said
        assert sorted(path.name for path in tmp_path.iterdir()) == ["bad.txt", "hands"]
    good = write_lines(tmp_path / "good.txt", GOOD)
    fails(runner, "import", good, bad, "--db", str(db))
    assert rows(f"sqlite:///{db}", "SELECT name FROM datasets") == [("good.txt",)]
    fails(runner, "import", bad, "--db", str(db))
    assert rows(f"sqlite:///{db}", "SELECT name FROM datasets") == [("good.txt",)]

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(file_imports, "import_source", interrupted)
    other = tmp_path / "other.sqlite"
    result = invoke(runner, "import", good, "--db", str(other))
    assert (result.exit_code, result.stderr) == (
        130, f"Interrupted: nothing of {good} was imported\n")
    assert not other.exists()
