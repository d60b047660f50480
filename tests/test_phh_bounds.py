"""Hand histories are bounded as deal files' lines are: whatever a file or folder holds (a device,
a pipe, a gzip bomb, a string of megabytes, TOML nested past recursion, numbers past what a
date or pokerdb holds), the import ends in one line naming the file or hand and the field, in
bounded memory and time; inside a .phhs with --skip-invalid, one hand is refused and the
others imported. An amount pokerdb cannot store exactly is refused, never rounded."""

import gzip
import os
import subprocess
import sys
import tracemalloc
import zlib
from decimal import Decimal
from pathlib import Path

import pytest
from support import REPO, TEXTED_DEALS, fails, rows, succeeds
from typer.testing import CliRunner

from pokerdb.formats.phh.amounts import MAX_DIGITS
from pokerdb.formats.phh.fields import MAX_TEXT_CHARS
from pokerdb.formats.phh.files import MAX_HAND_FILE_BYTES, MAX_HANDS_FILE_BYTES
from pokerdb.formats.phh.reader import parse_hand
from pokerdb.rules.hand_record import PhhError

HAND = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ["d dh p1 AhAd", "d dh p2 9hTh", "p2 f"]
"""
DEEP = 600  # levels of nesting: tomllib recurses past Python's limit
# A hand's field (or whole text) that must be refused, and the end of the one line saying why.
HOSTILE_FIELDS = {
    "nested arrays": (HAND + "author = " + "[" * DEEP + "]" * DEEP + "\n",
                      "not valid TOML for pokerdb: arrays or tables nested too deeply"),
    "nested tables": (HAND + "author = " + "{a = " * DEEP + "1" + "}" * DEEP + "\n",
                      "not valid TOML for pokerdb: arrays or tables nested too deeply"),
    "year past a C int": (HAND + "year = 2147483648\nmonth = 1\nday = 1\n",
                          "fields 'year', 'month' and 'day' are not a date (year is out of "
                          "range: 2147483648)"),
    "year of 401 digits": (HAND + f"year = {10 ** 400}\nmonth = 1\nday = 1\n",
                           "fields 'year', 'month' and 'day' are not a date (year is out of "
                           "range: a number of 401 digits)"),
    "integer of 5,001 digits": (HAND + "level = 1" + "0" * 5000 + "\n",
                                "not valid TOML for pokerdb: Exceeds the limit (4300 digits) "
                                "for integer string conversion: value has 5001 digits"),
    "long event": (HAND + f'event = "{"x" * (MAX_TEXT_CHARS + 1)}"\n',
                   f"field 'event' is {MAX_TEXT_CHARS + 1:,} characters long: at most "
                   f"{MAX_TEXT_CHARS:,} are stored"),
    "long player name": (HAND + f'players = ["Ann", "{"B" * (MAX_TEXT_CHARS + 1)}"]\n',
                         f"field 'players' holds a string {MAX_TEXT_CHARS + 1:,} characters "
                         f"long: at most {MAX_TEXT_CHARS:,} are stored"),
    # PostgreSQL text cannot hold NUL: refused on either backend (a file round-trips as is).
    "NUL in an event": (HAND + 'event = "a\\u0000b"\n',
                        "field 'event' holds NUL in 'a\\x00b': PostgreSQL text cannot hold it, "
                        "so pokerdb stores none"),
    "NUL in an action's comment": (
        HAND.replace('"p2 f"', '"p2 f # a\\U00000000"'),
        "field 'actions' holds NUL in 'p2 f # a\\x00': PostgreSQL text cannot hold it, so "
        "pokerdb stores none"),
    "stack of 10**400": (HAND.replace("[200, 200]", f"[{10 ** 400}, 200]"),
                         "field 'starting_stacks' holds a number of 401 digits: too large to "
                         "store exactly (an amount has at most 13 digits)"),
    "stack of 1e400": (HAND.replace("[200, 200]", "[1e400, 200]"),
                       "field 'starting_stacks' holds 1E+400: too large to store exactly (an "
                       "amount has at most 13 digits)"),
    "blind of 1e400": (HAND.replace("[1, 2]", "[1, 1e400]"),
                       "field 'blinds_or_straddles' holds 1E+400: too large to store exactly "
                       "(an amount has at most 13 digits)"),
    "stack rounded at 28 digits": (
        HAND.replace("[200, 200]", "[5463.000000000000000000000000001, 200]"),
        "field 'starting_stacks' holds 5463.000000000000000000000000001: 27 decimal places, "
        "more than the 4 an amount may have"),
    "a stack finer than a ten-thousandth": (
        HAND.replace("[200, 200]", "[5.00001, 200]"),
        "field 'starting_stacks' holds 5.00001: 5 decimal places, more than the 4 an amount "
        "may have"),
    "bet of 10**13 against unknown stacks": (
        HAND.replace("[200, 200]", "[inf, inf]").replace('"p2 f"', '"p2 cbr 10000000000000"'),
        "field 'actions' holds 10000000000000: too large to store exactly (an amount has at "
        "most 13 digits)"),
    # 10 digits and 4 places (the stack's): 14 digits in the hand's unit, in 19 characters
    "bet past 13 digits in the hand's unit": (
        HAND.replace("[200, 200]", "[200.0001, 200]").replace('"p2 f"', '"p2 cbr 1000000000.5"'),
        "field 'actions' holds 1000000000.5: too large to store exactly (an amount has at most "
        "13 digits, counted in the hand's unit of 0.0001)"),
    "bet of 5,000 digits": (HAND.replace('"p2 f"', f'"p2 cbr {"9" * 5000}"'),
                            "field 'actions' holds a number of 5,000 digits: too large to "
                            "store exactly (an amount has at most 13 digits)"),
}


@pytest.mark.parametrize("case", HOSTILE_FIELDS)
def test_a_hostile_field_is_one_line(runner: CliRunner, tmp_path: Path, case: str) -> None:
    text, why = HOSTILE_FIELDS[case]
    file = tmp_path / "hand.phh"
    file.write_text(text)
    result = fails(runner, "import", str(file), "--format", "phh",
                   "--db", str(tmp_path / "db.sqlite"))
    assert result.stderr == f"Error: {file}: {why}\n"


def test_in_a_phhs_each_hostile_field_refuses_one_hand(runner: CliRunner, db_url: str,
                                                       tmp_path: Path) -> None:
    tables = [HAND, *(text for text, _ in HOSTILE_FIELDS.values()), HAND]
    file = tmp_path / "hands.phhs"
    file.write_text("".join(f"[{key}]\n{text}" for key, text in enumerate(tables, start=1)))
    result = succeeds(runner, "import", str(file), "--skip-invalid", "--db", db_url)
    assert f"skipped {len(HOSTILE_FIELDS)} invalid hands" in result.stdout
    assert rows(db_url, f"SELECT line_no, source FROM {TEXTED_DEALS} d ORDER BY line_no") == [
        (1, "hands.phhs#1"), (len(tables), f"hands.phhs#{len(tables)}")]
    assert rows(db_url, "SELECT line_no, raw, reason FROM rejects ORDER BY line_no") == [
        (key, f"hands.phhs#{key}", why)
        for key, (_, why) in enumerate(HOSTILE_FIELDS.values(), start=2)]


def test_a_phhs_read_table_by_table_keeps_line_numbers_and_refuses_a_table_twice() -> None:
    from pokerdb.formats.phh.reader import parse_hands

    broken = HAND.replace("min_bet = 2", "min_bet = = 2")
    text = f"[1]\n{HAND}[2]\n{broken}[1]\n{HAND}"
    found = list(parse_hands(text, "h.phhs"))
    assert [str(item) if isinstance(item, PhhError) else item.source for item in found] == [
        "h.phhs#1",
        "h.phhs#2: not valid TOML: Invalid value (at line 12, column 11)",
        "h.phhs#1: not valid TOML: table [1] is defined twice"]


def test_a_header_inside_a_multi_line_string_is_no_table() -> None:
    """Cut before [2], the first part cannot be read alone: the rest is read as TOML reads it."""
    from pokerdb.formats.phh.reader import parse_hands

    text = f'[1]\n{HAND}event = """a\n[2]\nb"""\n[3]\n{HAND}'
    found = list(parse_hands(text, "h.phhs"))
    assert all(not isinstance(item, PhhError) for item in found), found
    assert [(hand.source, hand.details.event) for hand in found] == [  # type: ignore[union-attr]
        ("h.phhs#1", "a\n[2]\nb"), ("h.phhs#3", None)]


@pytest.mark.parametrize(("stacks", "stored"), [
    ("[9999999999999, 3]", ["9999999999999", "3"]),
    ("[99999999999.99, 2.01]", ["99999999999.99", "2.01"]),
    ("[5.0001, 2.0002]", ["5.0001", "2.0002"]),
    ("[999999999.9999, 3.0001]", ["999999999.9999", "3.0001"]),
    ("[5463.000000000000000, 2]", ["5463", "2"]),  # trailing zeros are no decimal places
])
def test_amounts_within_the_digits_are_stored_exactly(runner: CliRunner, db_url: str,
                                                      tmp_path: Path, stacks: str,
                                                      stored: list[str]) -> None:
    file = tmp_path / "hand.phh"
    file.write_text(HAND.replace("[200, 200]", stacks))
    succeeds(runner, "import", str(file), "--db", db_url, "--quiet")
    read = [Decimal(value).scaleb(-4) for (value,) in
            rows(db_url, "SELECT starting_stack FROM seats ORDER BY player")]
    assert read == [Decimal(value) for value in stored]


def test_the_most_digits_an_amount_may_have() -> None:
    def stack(value: str) -> object:
        try:
            return parse_hand(HAND.replace("[200, 200]", f"[{value}, 1]"), "h.phh").starting_stacks
        except PhhError as error:
            return error.message.partition(":")[2].strip()

    assert stack("9" * MAX_DIGITS) == (int("9" * MAX_DIGITS), 1)
    assert stack("1" + "0" * MAX_DIGITS) == "too large to store exactly (an amount has at " \
                                            "most 13 digits)"
    assert stack("999999999999.9") == (9999999999999, 10)
    assert stack("9999999999999.9") == ("too large to store exactly (an amount has at most 13 "
                                        "digits, counted in the hand's unit of 0.1)")


# --- files ------------------------------------------------------------------------------


def gzip_bomb(path: Path, mebibytes: int) -> None:
    """A gzip file of that many MiB of zeros, about a KiB each: one member of 1 MiB of zeros,
    repeated."""
    member = gzip.compress(b"\0" * (1 << 20), compresslevel=9)
    path.write_bytes(member * mebibytes)


def pokerdb(*args: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "POKERDB_DB"}
    return subprocess.run([sys.executable, "-m", "pokerdb", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder of one valid hand, and a file named as hands that is not a regular file."""
    hands = tmp_path / "hands"
    hands.mkdir()
    (hands / "a.phh").write_text(HAND)
    return hands


@pytest.mark.parametrize(("name", "make"), [
    ("zero.phh", lambda path: path.symlink_to("/dev/zero")),
    ("random.phh.gz", lambda path: path.symlink_to("/dev/urandom")),
    ("random.phhs", lambda path: path.symlink_to("/dev/urandom")),
    ("pipe.phh", lambda path: os.mkfifo(path)),  # no writer: opening it would wait for ever
])
def test_a_folder_s_file_that_is_not_regular_is_refused(folder: Path, tmp_path: Path,
                                                        name: str, make: object) -> None:
    assert callable(make)
    make(folder / name)
    db = str(tmp_path / "db.sqlite")
    failed = pokerdb("import", str(folder), "--db", db)
    why = ("is not a regular file (a device, a pipe or a socket): hand histories are read from "
           "files")
    assert (failed.returncode, failed.stderr) == (1, f"Error: {folder}/{name}: {why}\n")
    skipped = pokerdb("import", str(folder), "--db", db, "--skip-invalid")
    assert skipped.returncode == 0, skipped.stderr
    assert "imported 1 deal" in skipped.stdout and "skipped 1 invalid hand" in skipped.stdout


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("name", ["hand.phh", "hand.phh.gz"])
def test_a_device_named_as_a_hand_is_read_no_further_than_a_hand(tmp_path: Path, device: str,
                                                                 name: str) -> None:
    link = tmp_path / name
    link.symlink_to(device)
    failed = pokerdb("import", str(link), "--db", str(tmp_path / "db.sqlite"))
    assert (failed.returncode, failed.stderr) == (
        1, f"Error: {link}: is larger than {MAX_HAND_FILE_BYTES:,} bytes, the most pokerdb "
           f"reads of one hand\n")


@pytest.mark.parametrize(("name", "mebibytes"), [("bomb.phh.gz", 1000), ("bomb.phh.gz", 512),
                                               ("bomb.phhs.gz", 1024)])
def test_a_gzip_bomb_is_decompressed_no_further_than_the_bound(
        runner: CliRunner, tmp_path: Path, name: str, mebibytes: int) -> None:
    """A megabyte that decompresses to a gigabyte (more than a .phh may hold even as stored),
    half a megabyte to half a gigabyte: read in bounded memory, and refused."""
    bomb = tmp_path / name
    gzip_bomb(bomb, mebibytes)
    tracemalloc.start()
    try:
        result = fails(runner, "import", str(bomb), "--db", str(tmp_path / "db.sqlite"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    limit = MAX_HANDS_FILE_BYTES if ".phhs" in name else MAX_HAND_FILE_BYTES
    kind = ("a .phhs file (hand histories are read whole: split it)" if ".phhs" in name
            else "one hand")
    what = ("is larger than" if bomb.stat().st_size > limit else "decompresses to more than")
    assert result.stderr == (f"Error: {bomb}: {what} {limit:,} bytes, the most pokerdb reads "
                             f"of {kind}\n")
    assert peak < 3 * limit + (64 << 20)


def test_truncated_gzip_data_is_one_line(runner: CliRunner, tmp_path: Path) -> None:
    hand = tmp_path / "hand.phh.gz"
    hand.write_bytes(zlib.compress(HAND.encode())[:2] + gzip.compress(HAND.encode())[:30])
    hand.write_bytes(gzip.compress(HAND.encode())[:30])
    result = fails(runner, "import", str(hand), "--db", str(tmp_path / "db.sqlite"))
    assert result.stderr == (f"Error: {hand}: truncated gzip data: the file ends before the "
                             f"end of its compressed stream\n")
