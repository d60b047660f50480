"""The registry of formats: each registered once under its own name, a path's format told by its
name, a folder or its first bytes, a line that looks like another format pointing to it, and
the registry importable without any format's heavy reader."""

import gzip
import os
import subprocess
import sys
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from support import REPO, fails, rows, succeeds
from typer.testing import CliRunner

from pokerdb.formats import InputFormat
from pokerdb.formats.deals.pe54 import read_pe54
from pokerdb.formats.input import FormatDescription, Input
from pokerdb.formats.recognition import HEAD_BYTES, format_of_path, site_hint
from pokerdb.formats.sources import Source
from pokerdb.rules.games import HOLDEM

HOLDEM_LINE = "7C 2D 9S 4H 5S | AH KH | QS QD"
UCI_ROW = "1,10,1,11,1,13,1,12,1,1,9"
STARS_HAND = "PokerStars Hand #254722313468: Hold'em No Limit ($0.01/$0.02 USD)"


def test_each_format_is_registered_once_under_its_own_name() -> None:
    """Two descriptions of one name would make one member an alias of the other."""
    assert [member.value for member in InputFormat] == ["pe54", "uci", "holdem", "phh",
                                                        "pokerstars", "ggpoker", "winamax",
                                                        "wpn", "888poker", "partypoker",
                                                        "ipoker", "full-tilt", "ongame", "hands"]
    assert len(InputFormat.__members__) == len(InputFormat)
    assert all(member.description.name == member.value for member in InputFormat)


def _never_opened(source: Source) -> Input:
    raise AssertionError(f"{source.label} opened: a format is told without opening its input")


def test_a_format_is_read_one_way() -> None:
    for read_lines, opener in ((None, None), (read_pe54, _never_opened)):
        with pytest.raises(ValueError, match="give exactly one of read_lines and open"):
            FormatDescription("x", HOLDEM, "x deals", "x deals.", read_lines=read_lines,
                              open=opener)


@pytest.mark.parametrize(("name", "expected"), [
    ("hands.phh", InputFormat.PHH), ("HANDS.PHHS.GZ", InputFormat.PHH),
    ("hands.phh.gz", InputFormat.PHH), ("deals.txt", InputFormat.PE54),
    ("deals.phh.txt", InputFormat.PE54), ("-", InputFormat.PE54)])
def test_a_path_is_read_in_the_format_its_name_says(name: str, expected: InputFormat) -> None:
    assert InputFormat.of_path(name) is expected


def test_a_folder_is_hand_histories_and_content_that_only_looks_like_a_format_is_not(
        tmp_path: Path) -> None:
    """Hold'em lines and UCI rows look like theirs, but only hint at --format: without it a
    file of them is read as pe54, as before."""
    holdem, uci = tmp_path / "holdem.txt", tmp_path / "uci.txt"
    holdem.write_text(HOLDEM_LINE + "\n")
    uci.write_text(UCI_ROW + "\n")
    assert InputFormat.of_path(str(tmp_path)) is InputFormat.PHH
    assert [InputFormat.of_path(str(path)) for path in (holdem, uci)] == [InputFormat.PE54] * 2


# --- content that claims a format: a hand history site's, recognised by its first bytes ------

STARS = FormatDescription("stars", HOLDEM, "PokerStars hands", "hands.", item="hand",
                          open=_never_opened,
                          looks_like=lambda text: text.startswith("PokerStars Hand #"),
                          claims_content=True)
PHH_NAMES = FormatDescription("phh", HOLDEM, "PHH hand histories", "hands.", reads_folders=True,
                              open=_never_opened, claims_name=lambda name: name.endswith(".phh"))
DESCRIPTIONS = [InputFormat.PE54.description, STARS, PHH_NAMES]


def test_a_file_is_claimed_by_its_first_bytes(tmp_path: Path) -> None:
    plain, zipped, with_bom, other = (tmp_path / name for name in (
        "a.txt", "b.txt.gz", "c.txt", "d.txt"))
    plain.write_text(f"{STARS_HAND}\nSeat 1: ...\n")
    zipped.write_bytes(gzip.compress(f"{STARS_HAND}\n".encode()))
    with_bom.write_text(f"\ufeff{STARS_HAND}\n")
    other.write_text(f"x{STARS_HAND}\n")
    assert [format_of_path(str(path), DESCRIPTIONS) for path in (plain, zipped, with_bom)] == [
        STARS] * 3
    assert format_of_path(str(other), DESCRIPTIONS) is None  # the default format


def test_a_name_claims_before_content_and_a_folder_goes_to_the_format_reading_folders(
        tmp_path: Path) -> None:
    named = tmp_path / "hand.phh"
    named.write_text(f"{STARS_HAND}\n")
    assert format_of_path(str(named), DESCRIPTIONS) is PHH_NAMES
    assert format_of_path(str(tmp_path), DESCRIPTIONS) is PHH_NAMES
    assert format_of_path(str(tmp_path), DESCRIPTIONS[:2]) is None


def test_a_folder_is_claimed_by_the_format_of_its_files(tmp_path: Path) -> None:
    """Asked in order; a folder that no format claims is the first folder format's (which
    then says it holds none of its files)."""
    stars_folder = replace(STARS, reads_folders=True,
                           claims_folder=lambda path: (path / "a.txt").exists())
    descriptions = [InputFormat.PE54.description, PHH_NAMES, stars_folder]
    assert format_of_path(str(tmp_path), descriptions) is PHH_NAMES
    (tmp_path / "a.txt").write_text(f"{STARS_HAND}\n")
    assert format_of_path(str(tmp_path), descriptions) is stars_folder
    assert format_of_path(str(tmp_path / "a.txt"), descriptions) is stars_folder


def test_only_the_first_bytes_are_read_and_unreadable_files_are_left_to_the_import(
        tmp_path: Path) -> None:
    late = tmp_path / "late.txt"
    late.write_text(" " * HEAD_BYTES + STARS_HAND)
    broken = tmp_path / "broken.txt.gz"
    broken.write_bytes(gzip.compress(f"{STARS_HAND}\n".encode())[:12])
    missing = tmp_path / "missing.txt"
    assert [format_of_path(str(path), DESCRIPTIONS) for path in (late, broken, missing)] == [
        None] * 3


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_pipe_is_not_read_to_tell_its_format(tmp_path: Path) -> None:
    """A pipe is read once, by the import: looking at its first bytes would lose them (and
    would wait here for a writer)."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    found: list[FormatDescription | None] = []
    looking = threading.Thread(target=lambda: found.append(format_of_path(str(pipe),
                                                                          DESCRIPTIONS)))
    looking.start()
    looking.join(10)
    blocked = looking.is_alive()
    if blocked:  # waiting to read the pipe: let it go
        with pipe.open("wb"):
            pass
        looking.join()
    assert not blocked
    assert found == [None]


# --- a line that looks like another format points to it --------------------------------------

@pytest.mark.parametrize(("line", "options", "message"), [
    (HOLDEM_LINE, [],
     "'|' is not a card: a card is a rank and a suit, like '8C' or 'TS'; for Hold'em deals "
     "use --format holdem"),
    (HOLDEM_LINE, ["--format", "uci"],
     "found 1 field; a row is S1,C1,...,S5,C5 and an optional CLASS, 10 or 11 numbers "
     "separated by commas; for Hold'em deals use --format holdem"),
    (UCI_ROW, ["--format", "holdem"],
     "expected the board and each player's two hole cards, separated by '|' (e.g. "
     "'7C 2D 9S 4H 5S | AH KH | QS QD'); for UCI Poker Hand rows use --format uci"),
    ("8C TS KC 9H 4S | 7D 2S 5D 3S AC", [],
     "'|' is not a card: a card is a rank and a suit, like '8C' or 'TS'; for Hold'em deals "
     "use --format holdem"),
    ("8C TS KC 9H 4S | 7D 2S 5D 3S XX", [],
     "'|' is not a card: a card is a rank and a suit, like '8C' or 'TS'"),
], ids=["holdem-as-pe54", "holdem-as-uci", "uci-as-holdem", "cards-in-groups", "not-cards"])
def test_a_line_of_another_format_names_it_and_its_flag(
        runner: CliRunner, db_url: str, tmp_path: Path, line: str, options: list[str],
        message: str) -> None:
    path = tmp_path / "deals.txt"
    path.write_text(f"{line}\n")
    result = fails(runner, "import", str(path), *options, "--db", db_url)
    assert result.stderr == f"Error: {path}, line 1: {message}\n"


def test_the_pointer_is_kept_with_a_skipped_line(runner: CliRunner, db_url: str,
                                                 tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_text(f"8C TS KC 9H 4S 7D 2S 5D 3S AC\n{HOLDEM_LINE}\n")
    succeeds(runner, "import", str(path), "--skip-invalid", "--db", db_url)
    assert rows(db_url, "SELECT line_no, reason FROM rejects") == [
        (2, "'|' is not a card: a card is a rank and a suit, like '8C' or 'TS'; for Hold'em "
            "deals use --format holdem")]


# --- the CLI imports every description: none brings its reader's weight ----------------------

def test_the_registry_loads_no_reader_of_hand_histories_nor_numpy() -> None:
    code = "import sys, pokerdb.formats; print('\\n'.join(sorted(sys.modules)))"
    loaded = set(subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                                text=True, check=True).stdout.split())
    assert "pokerdb.formats.phh" in loaded
    assert loaded & {
        "numpy", "tomllib", "json", "decimal", "pokerdb.rules.hand_record",
        "pokerdb.rules.settlement", "pokerdb.formats.phh.reader",
        "pokerdb.formats.phh.hand_histories", "pokerdb.formats.phh.toml_subset",
        "pokerdb.formats.sites.stars_shape.reader",
        "pokerdb.formats.sites.stars_shape.hand_files"} == set()


def test_pokerstars_files_and_folders_are_told_by_their_first_bytes(tmp_path: Path) -> None:
    """In every encoding the site writes; a folder with a PHH file stays PHH's."""
    for encoding in ("utf-8", "utf-8-sig", "utf-16", "cp1252"):
        path = tmp_path / f"{encoding}.txt"
        path.write_bytes(f"{STARS_HAND}\r\n".encode(encoding))
        assert InputFormat.of_path(str(path)) is InputFormat.POKERSTARS, encoding
    assert InputFormat.of_path(str(tmp_path)) is InputFormat.POKERSTARS
    (tmp_path / "hand.phh").write_text('variant = "NT"\n')
    assert InputFormat.of_path(str(tmp_path)) is InputFormat.PHH


def test_the_help_of_format_names_each_format_once_and_every_default_path() -> None:
    paragraphs = InputFormat.choices_help().split("\n\n")
    assert [paragraph.split(":")[0] for paragraph in paragraphs[:-1]] == [
        member.value for member in InputFormat]
    assert paragraphs[-1] == ("Default: phh for a folder or a .phh/.phhs file, pokerstars for a "
                              "file or folder that starts as PokerStars writes, ggpoker for a "
                              "file or folder that starts as GGPoker writes, winamax for a file or "
                              "folder that starts as Winamax writes, wpn for a file or folder "
                              "that starts as Winning Poker Network writes, 888poker for a "
                              "file or folder that starts as 888poker writes, partypoker for a "
                              "file or folder that starts as partypoker writes, ipoker for a "
                              "file or folder that starts as iPoker writes, full-tilt for a "
                              "file or folder that starts as Full Tilt Poker writes, ongame for "
                              "a file or folder that starts as Ongame writes, else pe54.")


@pytest.mark.parametrize(("first_line", "hint"), [
    ("Ignition Hand #3869034394 TBL#21419556 HOLDEM No Limit - 2019-07-17 05:29:00",
     "; it looks like an Ignition hand history, a site pokerdb does not read"),
    ("Bodog.eu Hand #1234567: HOLDEM No Limit - 2012-01-01 10:00:00",
     "; it looks like a Bodog hand history, a site pokerdb does not read"),
    ("Hand #68217077 - Holdem(No Limit) - $0.05/$0.10 - 2019/06/28 02:38:17 UTC",
     "; it looks like a Winning Poker Network hand history: use --format wpn"),
    ("Game Hand #80586589 - Tournament #11182752 - Holdem(No Limit) - Level 15 "
     "(250.00/500.00)- 2019/07/21 17:44:50 UTC",
     "; it looks like a Winning Poker Network hand history: use --format wpn"),
    ("Stage #1571362962: Holdem  No Limit $0.02",
     "; it looks like an Absolute Poker or UltimateBet hand history, a site pokerdb does not "
     "read"),
    ("SwCPoker Hand #1234: Hold'em No Limit", "; it looks like a Seals With Clubs hand history, "
                                              "a site pokerdb does not read"),
    ('<game id="12345-678" starttime="20100101000000" numholecards="2">',
     "; it looks like a Merge Gaming Network hand history, a site pokerdb does not read"),
    ("Poker Hand #RC1234: Hold'em No Limit ($0.01/$0.02) - 2025/04/07 23:48:32",
     "; it looks like a GGPoker hand history: use --format ggpoker"),
    ("Hand of the day: 7C 2D", ""),
    ("7C 2D 9S 4H 5S | AH KH | QS QD", ""),
])
def test_a_first_line_of_another_site_or_format_names_it(first_line: str, hint: str) -> None:
    assert site_hint(first_line) == hint


def test_a_file_of_the_newer_wpn_format_is_read_as_wpn(runner: CliRunner,
                                                       tmp_path: Path) -> None:
    file = tmp_path / "acr.txt"
    file.write_text("Hand #151588328 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC\n"
                    "Miramar (Cap) 9-max Seat #1 is the button\n", encoding="utf-8")
    assert InputFormat.of_path(str(file)) is InputFormat.WPN
    db = tmp_path / "acr.db"
    assert fails(runner, "import", str(file), "--format", "pe54", "--db", str(db)).stderr == (
        f"Error: {file}, line 1: 'Hand' is not a card: a card is a rank and a suit, like '8C' or "
        f"'TS'; for Winning Poker Network hand histories use --format wpn\n")
    assert not db.exists()
