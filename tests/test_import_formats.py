"""What `pokerdb import` reads: PE54 in all its spellings, gzip, stdin, pipes, deals of any
number of players, and the UCI Poker Hand CSV with its labels."""

import gzip
import os
import threading
from pathlib import Path

import pytest
from sqlalchemy import Engine
from support import fails, rows, succeeds, write_lines
from typer.testing import CliRunner

from pokerdb.formats import InputFormat
from pokerdb.steps.evaluation import evaluate_pending
from pokerdb.steps.importer import ImportOptions, import_file

DEALS = ("8C TS KC 9H 4S 7D 2S 5D 3S AC", "5C AD 5D AC 9C 7C 5H 8D TD KS")
HANDS = [(1, "8C TS KC 9H 4S"), (2, "7D 2S 5D 3S AC"), (1, "5C AD 5D AC 9C"),
         (2, "7C 5H 8D TD KS")]
# The same two deals as a user's editor might save them: BOM, CRLF, tabs, runs of spaces,
# lowercase, a blank line between and at the end.
MESSY = (b"\xef\xbb\xbf8c ts KC 9h 4S\t7D  2S 5d\t\t3S Ac\r\n"
         b"\r\n"
         b"  5C AD 5D AC 9C 7C 5H 8D TD ks \t\r\n"
         b"\n")

# UCI Poker Hand rows, one of each CLASS: suits 1-4 are H S D C, ranks 1-13 are A 2 ... K.
UCI_ROWS = {
    "1,1,2,3,3,5,4,7,1,9,0": "AH 3S 5D 7C 9H",
    "1,2,2,2,3,5,4,7,1,9,1": "2H 2S 5D 7C 9H",
    "1,2,2,2,3,5,4,5,1,9,2": "2H 2S 5D 5C 9H",
    "1,2,2,2,3,2,4,5,1,9,3": "2H 2S 2D 5C 9H",
    "1,1,2,2,3,3,4,4,1,5,4": "AH 2S 3D 4C 5H",  # the wheel: the ace plays low
    "1,10,2,11,3,12,4,13,1,1,4": "TH JS QD KC AH",
    "4,1,4,3,4,5,4,7,4,9,5": "AC 3C 5C 7C 9C",
    "1,13,2,13,3,13,4,12,1,12,6": "KH KS KD QC QH",
    "1,11,2,11,3,11,4,11,1,3,7": "JH JS JD JC 3H",
    "2,9,2,10,2,11,2,12,2,13,8": "9S TS JS QS KS",
    "3,1,3,10,3,11,3,12,3,13,9": "AD TD JD QD KD",
}
UCI_HEADER = "S1,C1,S2,C2,S3,C3,S4,C4,S5,C5,CLASS"


def stored_hands(db_url: str) -> list[tuple[int, str]]:
    return [(player, cards) for player, cards in
            rows(db_url, "SELECT player, cards FROM hands ORDER BY deal_id, player")]


def winners(db_url: str) -> list[int | None]:
    return [winner for (winner,) in rows(db_url, "SELECT winner FROM deals ORDER BY id")]


# --- PE54 spellings ---------------------------------------------------------------------------

def test_bom_crlf_tabs_spaces_and_lowercase_are_normalised(runner: CliRunner, db_url: str,
                                                           tmp_path: Path) -> None:
    messy = tmp_path / "messy.txt"
    messy.write_bytes(MESSY)
    result = succeeds(runner, "import", str(messy), "--db", db_url)
    assert result.stdout.startswith(f"{messy}: imported 2 deals (4 hands) as dataset 'messy.txt'")
    assert stored_hands(db_url) == HANDS
    assert rows(db_url, "SELECT line_no FROM deals ORDER BY id") == [(1,), (3,)]


def test_gzip_is_detected_by_content_not_name(runner: CliRunner, db_url: str,
                                              tmp_path: Path) -> None:
    zipped_as_txt = tmp_path / "deals.txt"
    zipped_as_txt.write_bytes(gzip.compress(MESSY))
    plain_as_gz = tmp_path / "other.gz"
    plain_as_gz.write_text("2H 3D 4S 5C 6H 2D 3S 4C 5H 6D\n")
    succeeds(runner, "import", str(zipped_as_txt), str(plain_as_gz), "--db", db_url)
    assert stored_hands(db_url) == [*HANDS, (1, "2H 3D 4S 5C 6H"), (2, "2D 3S 4C 5H 6D")]


def test_the_same_deals_gzipped_are_the_same_file(runner: CliRunner, db_url: str,
                                                  tmp_path: Path) -> None:
    plain = tmp_path / "deals.txt"
    plain.write_bytes(MESSY)
    zipped = tmp_path / "deals.txt.gz"
    zipped.write_bytes(gzip.compress(MESSY))
    succeeds(runner, "import", str(plain), "--db", db_url)
    result = succeeds(runner, "import", str(zipped), "--db", db_url)
    assert result.stdout == f"{zipped}: already imported as dataset 'deals.txt', skipped\n"


@pytest.mark.parametrize("compress", [False, True], ids=["plain", "gzip"])
def test_stdin(runner: CliRunner, db_url: str, compress: bool) -> None:
    data = gzip.compress(MESSY) if compress else MESSY
    result = succeeds(runner, "import", "-", "--db", db_url, stdin=data)
    assert result.stdout.startswith("-: imported 2 deals (4 hands) as dataset 'stdin-")
    assert stored_hands(db_url) == HANDS


def test_a_pipe_is_read_once(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """Like bash's `pokerdb import <(zcat deals.gz)`: the stream is spooled, not reopened."""
    fifo = tmp_path / "deals.fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=fifo.write_bytes, args=(gzip.compress(MESSY),))
    writer.start()
    succeeds(runner, "import", str(fifo), "--db", db_url)
    writer.join()
    assert stored_hands(db_url) == HANDS


# --- players per deal ------------------------------------------------------------------------

def test_deals_of_three_players(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    deals = write_lines(
        tmp_path / "three.txt",
        "AH AD AC AS KH 2C 3C 4C 5C 7D 9S 9D 9H 2D 3H",  # four aces win
        "2H 3D 4S 5C 6H 2D 3S 4C 5H 6D AS KD QS 9C 7H",  # two equal straights: a tie
        "2H 3D 4S 5C 7H 2D 3S 4C 5H 8D AH AD KS KC QH",  # two pairs beat two high cards
    )
    result = succeeds(runner, "import", deals, "--db", db_url)
    assert "imported 3 deals (9 hands)" in result.stdout
    succeeds(runner, "evaluate", "--db", db_url)
    assert winners(db_url) == [1, 0, 3]


def test_one_player_deals_have_no_winner(runner: CliRunner, db_url: str,
                                         tmp_path: Path) -> None:
    solo = write_lines(tmp_path / "solo.txt", "AH KH QH JH TH", "2C 2D 5S 7H 9C")
    succeeds(runner, "import", solo, "--db", db_url)
    succeeds(runner, "evaluate", "--db", db_url)
    assert winners(db_url) == [None, None]
    assert rows(db_url, "SELECT category FROM hands ORDER BY deal_id") == [(9,), (1,)]


MIXED = ("AH AD AC AS KH 2C 3C 4C 5C 7D", "2H 3D 4S 5C 6H 2D 3S 4C 5H 6D AS KD QS 9C 7H")


def test_mixed_player_counts_need_players(runner: CliRunner, db_url: str,
                                          tmp_path: Path) -> None:
    mixed = write_lines(tmp_path / "mixed.txt", *MIXED)
    result = fails(runner, "import", mixed, "--db", db_url)
    assert result.stderr == (f"Error: {mixed}, line 2: expected 10 cards like the first deal "
                             f"(2 players), found 15; use --players to allow mixed player "
                             f"counts\n")
    result = fails(runner, "import", mixed, "--players", "3", "--db", db_url)
    assert result.stderr == f"Error: {mixed}, line 1: deal of 2 players, but --players allows 3\n"
    assert rows(db_url, "SELECT count(*) FROM deals") == [(0,)]


@pytest.mark.parametrize("players", ["2-3", "any"])
def test_players_allows_mixed_counts(runner: CliRunner, db_url: str, tmp_path: Path,
                                     players: str) -> None:
    mixed = write_lines(tmp_path / "mixed.txt", *MIXED)
    succeeds(runner, "import", mixed, "--players", players, "--db", db_url)
    succeeds(runner, "evaluate", "--db", db_url)
    assert rows(db_url, "SELECT deal_id, count(*) FROM hands GROUP BY deal_id "
                        "ORDER BY deal_id") == [(1, 2), (2, 3)]
    assert winners(db_url) == [1, 0]


def test_players_option_is_checked(runner: CliRunner, tmp_path: Path) -> None:
    deals = write_lines(tmp_path / "deals.txt", *DEALS)
    result = fails(runner, "import", deals, "--players", "3-2", "--db", str(tmp_path / "x.db"))
    assert result.stderr == "Error: --players '3-2': counts must be at least 1, low to high\n"


# --- UCI Poker Hand --------------------------------------------------------------------------

def test_uci_rows_are_labelled_one_player_deals(runner: CliRunner, db_url: str,
                                                tmp_path: Path) -> None:
    uci = write_lines(tmp_path / "poker-hand.data", UCI_HEADER, *UCI_ROWS)
    result = succeeds(runner, "import", uci, "--format", "uci", "--db", db_url)
    assert "imported 11 deals (11 hands) as dataset 'poker-hand.data'" in result.stdout
    assert rows(db_url, "SELECT format, deals FROM datasets") == [("uci", 11)]
    assert rows(db_url, "SELECT line_no FROM deals ORDER BY id") == [(n,) for n in range(2, 13)]
    assert rows(db_url, "SELECT player, cards, label FROM hands ORDER BY deal_id") == [
        (1, cards, int(row.rsplit(",", 1)[1])) for row, cards in UCI_ROWS.items()]
    succeeds(runner, "evaluate", "--db", db_url)
    # The check the labels are for: the evaluator agrees with the file on every hand.
    assert rows(db_url, "SELECT count(*) FROM hands WHERE label <> category") == [(0,)]
    assert set(winners(db_url)) == {None}


def test_uci_labels_catch_a_disagreement(runner: CliRunner, db_url: str,
                                         tmp_path: Path) -> None:
    uci = write_lines(tmp_path / "wrong.data", "1,1,2,3,3,5,4,7,1,9,1", "1,2,2,2,3,5,4,7,1,9,1")
    succeeds(runner, "import", uci, "--format", "uci", "--db", db_url)
    succeeds(runner, "evaluate", "--db", db_url)
    assert rows(db_url, "SELECT cards, label, category FROM hands WHERE label <> category") == [
        ("AH 3S 5D 7C 9H", 1, 0)]


def test_uci_without_class_has_no_label(engine: Engine, tmp_path: Path) -> None:
    """Through the library: rows of ten numbers (the CLASS column is optional)."""
    uci = write_lines(tmp_path / "unlabelled.data",
                      "1,1,2,3,3,5,4,7,1,9", " 4, 1, 4, 3,4,5,4,7,4,9")
    result = import_file(engine, uci, ImportOptions(file_format=InputFormat.UCI))
    assert (result.deals, result.hands, result.rejected) == (2, 2, 0)
    evaluate_pending(engine)
    with engine.connect() as connection:
        assert connection.exec_driver_sql(
            "SELECT cards, label, category FROM hands ORDER BY deal_id").all() == [
            ("AH 3S 5D 7C 9H", None, 0), ("AC 3C 5C 7C 9C", None, 5)]


def test_uci_rows_are_one_player_deals(runner: CliRunner, tmp_path: Path) -> None:
    uci = write_lines(tmp_path / "poker-hand.data", *UCI_ROWS)
    db = str(tmp_path / "x.db")
    result = fails(runner, "import", uci, "--format", "uci", "--players", "2", "--db", db)
    assert result.stderr == ("Error: --format uci has one hand per row (one-player deals), but "
                             "--players allows 2\n")
    succeeds(runner, "import", uci, "--format", "uci", "--players", "1-3", "--db", db)
