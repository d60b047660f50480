"""A site's file holds many hands: it is read whole within MAX_SITE_FILE_BYTES, not the bound of
one PHH hand (a PokerStars file of 2 MB once failed as "larger than 1,048,576 bytes, the most
pokerdb reads of one hand")."""

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pokerstars_hands import pokerstars_hands  # benchmarks/, on the path (conftest)
from support import rows, succeeds
from typer.testing import CliRunner

from pokerdb.formats.phh import files as phh_files
from pokerdb.formats.phh.files import MAX_HAND_FILE_BYTES, MAX_SITE_FILE_BYTES, PhhFile
from pokerdb.formats.sites.stars_shape.hand_files import pokerstars_files
from pokerdb.formats.sites.stars_shape.lines import HAND_STARTS, hand_starts
from pokerdb.rules.hand_record import PhhError


def test_a_file_of_more_than_a_megabyte_of_hands_imports_whole(runner: CliRunner, db_url: str,
                                                               tmp_path: Path) -> None:
    text = pokerstars_hands(random.Random(7), 2_400)
    assert len(text.encode()) > 2 * MAX_HAND_FILE_BYTES
    file = tmp_path / "big.txt"
    file.write_text(text)
    result = succeeds(runner, "import", str(file), "--db", db_url)
    assert rows(db_url, "SELECT count(*), count(DISTINCT hand_number) FROM deals") == [
        (2_400, 2_400)]
    assert "imported 2,400 deals" in result.stdout


def test_a_site_file_past_its_bound_is_refused_by_name(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.txt").write_text("x" * 11)
    (file,) = pokerstars_files(tmp_path)
    assert file.site and file.max_bytes == MAX_SITE_FILE_BYTES
    assert PhhFile("a.phh", str(tmp_path / "a.phh")).max_bytes == MAX_HAND_FILE_BYTES
    monkeypatch.setattr(phh_files, "MAX_SITE_FILE_BYTES", 10)
    with pytest.raises(PhhError) as refused:
        file.read()
    assert str(refused.value) == ("a.txt: is larger than 10 bytes, the most pokerdb reads of a "
                                  "site's hand history file (read whole: split it)")


_PIECES = ("PokerStars Hand #1: x", "PokerStars Zoom Hand #2", "PokerStars Home Game Hand #3",
           "PokerStars Game #4", "PokerStars Home Game #5", "\ufeff", "\n", "x", " ",
           "PokerStars Hand ", "PokerStars Zoom Game #7", "PokerStars Home Game Game #8",
           "Seat 1: PokerStars Hand #6")


@given(st.lists(st.sampled_from(_PIECES), max_size=14).map("".join))
def test_hand_starts_are_the_lines_that_start_a_hand(text: str) -> None:
    """A hand starts each line that, after at most one byte order mark, starts with one of
    the words of HAND_STARTS, and nowhere else (the search finds the words, then checks
    their line)."""
    expected, offset = [], 0
    for line in text.split("\n"):
        if line.removeprefix("\ufeff").startswith(HAND_STARTS):
            expected.append(offset)
        offset += len(line) + 1
    assert hand_starts(text) == expected
