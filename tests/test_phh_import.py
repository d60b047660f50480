"""PHH hand histories imported on every backend: hands written for the rules stored row by row
(deals, seats, actions, hand values, winners, rejects); random hands stored as pokerdb settles
them and as pokerkit pays them; the shared sample hands agreeing with their files; errors naming
the file, the hand and the action; re-imports skipped; `pokerdb players`."""

import datetime
import gzip
import hashlib
import json
import random
import re
import shutil
from collections import deque
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from phh_hands import random_hand  # benchmarks/ (conftest)
from phh_reference import best_of_seven, pokerkit_odd_chips
from pokerkit import HandHistory
from support import (
    PE54_FILE,
    PHH_DATA,
    TEXTED_DEALS,
    about_recorded_hands,
    cookbook_queries,
    fails,
    rows,
    settle,
    stored_and_recounted_wins,
    succeeds,
)
from typer.testing import CliRunner

from pokerdb.formats.phh import hand_histories as phh_input
from pokerdb.formats.phh.reader import parse_hand

# Three all-ins of different sizes: a main pot (AA's) and two side pots (KK's, then QQ's).
SIDE_POTS = """\
# The file's own fields, all of them stored.
variant = 'NT'
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [100, 50, 30, 200]
actions = ['d dh p1 5h4d', 'd dh p2 KsKh', 'd dh p3 AsAh', 'd dh p4 QsQh', 'p3 cbr 30', 'p4 cc',
  'p1 cbr 100', 'p2 cc', 'p4 cc', 'd db 2c7d9h', 'd db Js', 'd db 3s', 'p1 sm 5h4d',
  'p2 sm KsKh', 'p3 sm AsAh', 'p4 sm QsQh']
players = ['Ann', 'Bo', 'Cy', 'Di']
finishing_stacks = [0, 60, 120, 200]
winnings = [0, 60, 120, 100]
hand = 7
event = 'Test Series'
venue = 'Home'
table = 2
year = 2024
month = 2
day = 29
time = 21:30:00
time_zone = 'UTC'
currency = 'EUR'
"""
HANDS = """\
[1]
# Three royal flushes on the board split 11.5 in tenths: 3.9, 3.8 and 3.8 (p4 folded).
variant = 'NT'
antes = [0, 0, 0, 0]
blinds_or_straddles = [0.5, 1, 0, 0]
min_bet = 1
starting_stacks = [50.5, 50.5, 50.5, 50.5]
actions = ['d dh p1 2d3d', 'd dh p2 4d5d', 'd dh p3 6h7h', 'd dh p4 8s9s', 'p3 cc', 'p4 cc',
  'p1 cc', 'p2 cc', 'd db TcJcQc', 'p1 cc', 'p2 cc', 'p3 cbr 2.5', 'p4 f', 'p1 cc', 'p2 cc',
  'd db Kc', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Ac', 'p1 cc', 'p2 cc', 'p3 cc', 'p1 sm 2d3d',
  'p2 sm 4d5d', 'p3 sm 6h7h']
players = ['Ann', 'Bo', 'Cy', 'Di']

[2]
# Won by folds; no hole card known.
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f', 'p2 f']
players = ['Bo', 'Ann', 'Cy']

[3]
# Heads-up the big blind (p1) acts last before the flop.
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p1 cc']

[4]
# Razz: the highest up card (p1's king) brings it in.
variant = 'FR'
antes = [0, 0]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = ['d dh p1 7c3hKc', 'd dh p2 8s6s5s', 'p2 pb']
"""
# Fixed-limit heads-up: a bet on the flop nobody calls comes back.
UNCALLED = """\
variant = 'FT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = ['d dh p1 AcAd', 'd dh p2 2c7h', 'p2 cc', 'p1 cc', 'd db 2d8s9h', 'p1 cbr 2', 'p2 f']
"""
OWN_REJECTS = [
    (3, "more/hands.phhs#3", "action 3 'p1 cc': p1 acts out of turn (p2 is to act)"),
    (4, "more/hands.phhs#4", "action 3 'p2 pb': p2 acts out of turn (p1 is to act)"),
]
SEAT_COLUMNS = ("deal_id, player, cards, description, best, name, starting_stack, showed, "
                "put_in, net, winnings, finishing_stack, allin_stake, allin_pot")
TABLES = ("datasets", "deals", "hand_cards", "hand_values", "seats", "actions", "rejects",
          "win_counts")


@pytest.fixture
def own(tmp_path: Path) -> Path:
    """A folder of hands written for the rules: a .phh, a .phhs of four hands (two invalid), a
    gzipped .phh in a subfolder, and a file that is not a hand."""
    folder = tmp_path / "own"
    (folder / "more").mkdir(parents=True)
    (folder / "side-pots.phh").write_text(SIDE_POTS)
    (folder / "more" / "hands.phhs").write_text(HANDS)
    (folder / "more" / "z.phh.gz").write_bytes(gzip.compress(UNCALLED.encode()))
    (folder / "notes.txt").write_text("not a hand")
    return folder


def plain(found: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Rows as both backends can be compared: amounts exact (SQLite's floats by their shortest
    repr, as Decimal), dates and times in ISO text."""
    def value(item: Any) -> Any:
        if isinstance(item, float):
            return Decimal(repr(item))
        if isinstance(item, datetime.date | datetime.time):
            return item.isoformat()
        return item

    return [tuple(map(value, row)) for row in found]


def counts(db_url: str) -> dict[str, int]:
    return {table: rows(db_url, f"SELECT count(*) FROM {table}")[0][0] for table in TABLES}


def test_own_hands_are_stored_row_by_row(runner: CliRunner, db_url: str, own: Path) -> None:
    result = succeeds(runner, "import", str(own), "--skip-invalid", "--db", db_url)
    assert re.fullmatch(
        rf"{re.escape(str(own))}: imported 4 deals \(13 hands\) as dataset 'own' in [0-9.]+ s "
        r"\([0-9,]+ deals/s\); skipped 2 invalid hands \(see the rejects table\)\n",
        result.stdout), result.stdout
    contents = [(own / "more" / "hands.phhs").read_bytes(), UNCALLED.encode(),
                (own / "side-pots.phh").read_bytes()]  # in path order, decompressed
    assert rows(db_url, "SELECT name, format, game, deals, sha256 FROM datasets") == [
        ("own", "phh", "holdem", 4, hashlib.sha256(b"".join(contents)).hexdigest())]
    assert plain(rows(db_url, "SELECT id, line_no, winner, board, source, variant, hand_number, "
                              "event, venue, table_name, date, time, time_zone, currency, "
                              f"allin_board FROM {TEXTED_DEALS} d ORDER BY id")) == [
        (1, 1, 0, "TC JC QC KC AC", "more/hands.phhs#1", "NT", *[None] * 7, "chips", None),
        (2, 2, 3, "", "more/hands.phhs#2", "NT", *[None] * 7, "chips", None),
        (3, 5, 1, "2D 8S 9H", "more/z.phh.gz", "FT", *[None] * 7, "chips", None),
        (4, 6, 3, "2C 7D 9H JS 3S", "side-pots.phh", "NT", "7", "Test Series", "Home", "2",
         "2024-02-29", "21:30:00", "UTC", "EUR", ""),
    ]
    royal, tenth = ("Royal Flush", "AC KC QC JC TC"), Decimal("0.1")
    assert plain(rows(db_url, f"SELECT {SEAT_COLUMNS} FROM hands "
                              f"ORDER BY deal_id, player")) == [
        # 11.5 split three ways in tenths; p4 folded, his cards known: valued all the same.
        (1, 1, "2D 3D", *royal, "Ann", Decimal("50.5"), True, 35 * tenth, 4 * tenth, None,
         None, None, None),
        (1, 2, "4D 5D", *royal, "Bo", Decimal("50.5"), True, 35 * tenth, 3 * tenth, None, None,
         None, None),
        (1, 3, "6H 7H", *royal, "Cy", Decimal("50.5"), True, 35 * tenth, 3 * tenth, None, None,
         None, None),
        (1, 4, "8S 9S", *royal, "Di", Decimal("50.5"), False, 1, -1, None, None, None, None),
        # Won by folds: the raise to 6 comes back but for the 2 called.
        (2, 1, None, None, None, "Bo", 100, False, 1, -1, None, None, None, None),
        (2, 2, None, None, None, "Ann", 100, False, 2, -2, None, None, None, None),
        (2, 3, None, None, None, "Cy", 100, False, 2, 3, None, None, None, None),
        # No river, no values; the uncalled bet comes back.
        (3, 1, "AC AD", None, None, None, 100, False, 2, 2, None, None, None, None),
        (3, 2, "2C 7H", None, None, None, 100, False, 2, -2, None, None, None, None),
        # All in before the flop: 120 to AA, 60 to KK, 100 to QQ.
        (4, 1, "5H 4D", "High Card, Jack high", "JS 9H 7D 5H 4D", "Ann", 100, True, 100,
         -100, 0, 0, 100, 280),
        (4, 2, "KS KH", "Pair of Kings, Jack kicker", "KS KH JS 9H 7D", "Bo", 50, True, 50, 10,
         60, 60, 50, 180),
        (4, 3, "AS AH", "Pair of Aces, Jack kicker", "AS AH JS 9H 7D", "Cy", 30, True, 30, 90,
         120, 120, 30, 120),
        (4, 4, "QS QH", "Pair of Queens, Jack kicker", "QS QH JS 9H 7D", "Di", 200, True, 100,
         0, 100, 200, 100, 280),
    ]
    assert rows(db_url, "SELECT seq, player, action FROM actions WHERE deal_id = 3 "
                        "ORDER BY seq") == [
        (1, None, "d dh p1 AcAd"), (2, None, "d dh p2 2c7h"), (3, 2, "p2 cc"), (4, 1, "p1 cc"),
        (5, None, "d db 2d8s9h"), (6, 1, "p1 cbr 2"), (7, 2, "p2 f")]
    assert rows(db_url, "SELECT deal_id, count(*), min(seq), max(seq) FROM actions "
                        "GROUP BY deal_id ORDER BY deal_id") == [
        (1, 26, 1, 26), (2, 6, 1, 6), (3, 7, 1, 7), (4, 16, 1, 16)]
    assert rows(db_url, "SELECT line_no, raw, reason FROM rejects ORDER BY line_no") == \
        OWN_REJECTS
    assert stored_and_recounted_wins(db_url) == ([(1, 0, 1), (1, 1, 1), (1, 3, 2)],) * 2
    # A value row for each of the 8 hands with a value only (revision 0028), the others NULL
    # in the hands view all the same; nothing is left to evaluate.
    assert counts(db_url)["hand_values"] == 8
    assert rows(db_url, "SELECT count(*), count(strength), count(best) FROM hands") == [
        (13, 8, 8)]
    evaluated = succeeds(runner, "evaluate", "--db", db_url)
    assert evaluated.stdout == "nothing to evaluate: every hand is evaluated already\n"
    assert json.loads(succeeds(runner, "wins", "--db", db_url, "--format", "json").stdout) == {
        "deals": 4, "player1": 1, "player2": 0, "player3": 2, "ties": 1}


def test_an_invalid_hand_fails_the_import_naming_file_hand_and_action(
        runner: CliRunner, db_url: str, own: Path) -> None:
    result = fails(runner, "import", str(own), "--db", db_url)
    assert result.stderr == (f"Error: {own}/more/hands.phhs#3: action 3 'p1 cc': p1 acts out "
                             f"of turn (p2 is to act)\n")
    assert set(counts(db_url).values()) == {0}
    result = fails(runner, "import", str(own), "--max-errors", "5", "--db", db_url)
    assert result.stderr.splitlines() == [
        f"Error: {own}/{source}: {reason}" for _, source, reason in OWN_REJECTS] + [
        f"Error: {own}: 2 invalid hands; nothing imported"]
    assert set(counts(db_url).values()) == {0}


def test_a_file_is_a_dataset_named_in_messages_by_its_path(runner: CliRunner, db_url: str,
                                                           own: Path) -> None:
    path = own / "more" / "hands.phhs"
    result = fails(runner, "import", str(path), "--db", db_url)
    assert result.stderr == f"Error: {path}#3: action 3 'p1 cc': p1 acts out of turn " \
                            f"(p2 is to act)\n"
    succeeds(runner, "import", str(path), "--skip-invalid", "--db", db_url)
    assert rows(db_url, "SELECT name, deals FROM datasets") == [("hands.phhs", 2)]
    assert rows(db_url, f"SELECT line_no, source FROM {TEXTED_DEALS} d ORDER BY id") == [
        (1, "hands.phhs#1"), (2, "hands.phhs#2")]
    assert rows(db_url, "SELECT line_no, raw FROM rejects ORDER BY line_no") == [
        (3, "hands.phhs#3"), (4, "hands.phhs#4")]


def test_the_same_hands_again_are_skipped_gzipped_or_not(runner: CliRunner, db_url: str,
                                                         own: Path, tmp_path: Path) -> None:
    succeeds(runner, "import", str(own), "--skip-invalid", "--db", db_url)
    before = {table: rows(db_url, f"SELECT * FROM {table} ORDER BY 1, 2")
              for table in TABLES if table != "datasets"}
    again = succeeds(runner, "import", str(own), "--skip-invalid", "--db", db_url)
    assert again.stdout == f"{own}: already imported as dataset 'own', skipped\n"
    copy = tmp_path / "copy"
    shutil.copytree(own, copy)
    (copy / "more" / "z.phh.gz").unlink()
    (copy / "more" / "z.phh").write_text(UNCALLED)  # the same content, same place in order
    again = succeeds(runner, "import", str(copy), "--skip-invalid", "--db", db_url)
    assert again.stdout == f"{copy}: already imported as dataset 'own', skipped\n"
    assert {table: rows(db_url, f"SELECT * FROM {table} ORDER BY 1, 2")
            for table in TABLES if table != "datasets"} == before


def test_files_beyond_the_kept_bytes_are_read_again_and_must_not_change(
        runner: CliRunner, db_url: str, own: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The contents hashed are kept for the import up to KEPT_BYTES; files beyond are read
    again as the import reaches them, and hashed again: a file changed meanwhile fails it."""
    monkeypatch.setattr(phh_input, "KEPT_BYTES", len(HANDS))  # the first file only
    hashed = phh_input.HandHistories.sha256

    def then_changed(self: phh_input.HandHistories) -> str | None:
        digest = hashed(self)
        (own / "side-pots.phh").write_text(SIDE_POTS.replace("hand = 7", "hand = 8"))
        return digest

    monkeypatch.setattr(phh_input.HandHistories, "sha256", then_changed)
    result = fails(runner, "import", str(own), "--skip-invalid", "--db", db_url)
    assert result.stderr == (f"Error: {own}: changed while it was being imported; nothing "
                             f"imported (import it again once it is complete)\n")
    assert set(counts(db_url).values()) == {0}
    monkeypatch.setattr(phh_input.HandHistories, "sha256", hashed)
    succeeds(runner, "import", str(own), "--skip-invalid", "--db", db_url)
    assert rows(db_url, "SELECT line_no, hand_number FROM deals ORDER BY id") == [
        (1, None), (2, None), (5, None), (6, "8")]


def test_the_format_follows_the_path(runner: CliRunner, db_url: str, own: Path,
                                     tmp_path: Path) -> None:
    result = fails(runner, "import", str(own), "--format", "pe54", "--db", db_url)
    assert result.stderr == f"Error: {own}: is a directory, not a deal file\n"
    empty = tmp_path / "empty"
    empty.mkdir()
    result = fails(runner, "import", str(empty), "--db", db_url)
    assert result.stderr == f"Error: {empty}: no .phh or .phhs files in the folder\n"
    hand = tmp_path / "one.PHH.gz"  # by its name: a hand history, gzipped
    hand.write_bytes(gzip.compress(UNCALLED.encode()))
    succeeds(runner, "import", str(hand), str(PE54_FILE), "--db", db_url)
    assert rows(db_url, "SELECT name, format, game, deals FROM datasets ORDER BY id") == [
        ("one.PHH.gz", "phh", "holdem", 1), ("p054_poker.txt", "pe54", "five-card", 1000)]
    assert rows(db_url, f"SELECT source FROM {TEXTED_DEALS} d "
                   "WHERE source IS NOT NULL") == [("one.PHH.gz",)]


def test_a_hand_from_stdin_is_hashed_as_read(runner: CliRunner, db_url: str,
                                             tmp_path: Path) -> None:
    sha256 = hashlib.sha256(UNCALLED.encode()).hexdigest()
    succeeds(runner, "import", "-", "--format", "phh", "--db", db_url,
             stdin=gzip.compress(UNCALLED.encode()))
    assert rows(db_url, "SELECT name, sha256, deals FROM datasets") == [
        (f"stdin-{sha256[:12]}", sha256, 1)]
    assert rows(db_url, f"SELECT source, winner FROM {TEXTED_DEALS} d") == [("<stdin>", 1)]
    file = tmp_path / "same.phh"
    file.write_text(UNCALLED)
    again = succeeds(runner, "import", str(file), "--db", db_url)
    assert again.stdout == f"{file}: already imported as dataset 'stdin-{sha256[:12]}', skipped\n"


def test_players_and_dates_are_checked_and_special_characters_kept(runner: CliRunner, db_url: str,
                                                            tmp_path: Path) -> None:
    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "a.phh").write_text(UNCALLED + "year = 2023\nmonth = 2\nday = 30\n")
    (folder / "b.phh").write_text(UNCALLED + 'players = ["A\\u0000B", "C\\\\D\\tE\\nF"]\n')
    (folder / "b2.phh").write_text(UNCALLED + 'players = ["A", "C\\\\D\\tE\\nF"]\n')
    (folder / "c.phh").write_text(HANDS.partition("[2]")[0].partition("\n")[2])  # 4 players
    succeeds(runner, "import", str(folder), "--skip-invalid", "--players", "2-3", "--db",
             db_url)
    assert rows(db_url, "SELECT line_no, raw, reason FROM rejects ORDER BY line_no") == [
        (1, "a.phh", "fields 'year', 'month' and 'day' are not a date (day is out of range "
                     "for month)"),
        (2, "b.phh", "field 'players' holds NUL in 'A\\x00B': PostgreSQL text cannot hold it, "
                     "so pokerdb stores none"),
        (4, "c.phh", "deal of 4 players, but --players allows 2-3")]
    # What COPY escapes kept as it is.
    assert rows(db_url, "SELECT name FROM hands ORDER BY player") == [("A",), ("C\\D\tE\nF",)]


def test_a_hand_of_more_players_than_a_deal_has_is_invalid(runner: CliRunner, db_url: str,
                                                           tmp_path: Path) -> None:
    hand = tmp_path / "crowd.phh"
    hand.write_text(f"variant = 'NT'\nantes = {[0] * 24}\n"
                    f"blinds_or_straddles = {[1, 2] + [0] * 22}\nmin_bet = 2\n"
                    f"starting_stacks = {[100] * 24}\nactions = []\n")
    result = fails(runner, "import", str(hand), "--db", db_url)
    assert result.stderr == f"Error: {hand}: a Hold'em deal has 2 to 23 players, found 24\n"


def test_deleting_a_dataset_of_hand_histories_leaves_nothing_of_it(
        runner: CliRunner, db_url: str, own: Path) -> None:
    succeeds(runner, "import", str(PE54_FILE), "--evaluate", "--db", db_url)
    before = counts(db_url)
    succeeds(runner, "import", str(own), "--skip-invalid", "--db", db_url)
    succeeds(runner, "equity", "--db", db_url)  # the deals whose hole cards are all known
    assert rows(db_url, "SELECT count(*) FROM hand_equities") == [(10,)]
    succeeds(runner, "delete", "own", "--db", db_url)
    assert counts(db_url) == before
    assert rows(db_url, "SELECT count(*) FROM hand_equities") == [(0,)]


def test_batches_of_hands_number_their_deals_on(runner: CliRunner, db_url: str, own: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(phh_input, "BATCH_HANDS", 1)
    succeeds(runner, "import", str(own), "--skip-invalid", "--db", db_url)
    assert rows(db_url, "SELECT id, line_no, winner FROM deals ORDER BY id") == [
        (1, 1, 0), (2, 2, 3), (3, 5, 1), (4, 6, 3)]
    # Three seats' cards are unknown: no hand_cards row (revision 0030).
    assert counts(db_url) == {"datasets": 1, "deals": 4, "hand_cards": 10, "hand_values": 8,
                              "seats": 13, "actions": 55, "rejects": 2, "win_counts": 3}


def test_random_hands_are_stored_as_settled_and_paid_as_pokerkit_pays(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """Hands of every kind (side pots, splits, odd chips, antes, straddles, unknown cards):
    each seat stored as pokerdb settles the hand with a scalar evaluator, each known hand's
    strength the best of its 21 fives, and the nets those pokerkit pays."""
    rng = random.Random(12)
    texts = [random_hand(rng, ("NT", "FT")[number % 2], number) for number in range(200)]
    folder = tmp_path / "random"
    folder.mkdir()
    for number, text in enumerate(texts):
        (folder / f"{number:03d}.phh").write_text(text)
    succeeds(runner, "import", str(folder), "--db", db_url)
    stored = plain(rows(db_url, "SELECT deal_id, player, put_in, net, showed, cards, strength "
                                "FROM hands ORDER BY deal_id, player"))
    boards = rows(db_url, "SELECT board, winner FROM deals ORDER BY id")
    seat = 0
    for number, text in enumerate(texts):
        replayed, settlement = settle(parse_hand(text, f"{number:03d}.phh"))
        count = replayed.hand.player_count
        seats = stored[seat:seat + count]
        seat += count
        assert boards[number] == (replayed.board, settlement.winner)
        assert [row[2:6] for row in seats] == list(zip(
            replayed.put_in, settlement.net, settlement.showed, replayed.hole_cards,
            strict=True)), text
        board = replayed.board or ""
        assert [row[6] for row in seats] == [
            best_of_seven(f"{row[5]} {board}".split()) if row[5] and len(board) == 14 else None
            for row in seats]
        payoffs = list(deque(HandHistory.loads(text), maxlen=1)[0].payoffs)
        stored_nets = replace(settlement, net=tuple(row[3] for row in seats))
        assert pokerkit_odd_chips(stored_nets) == payoffs, text
    assert seat == len(stored)


def test_the_shared_sample_agrees_with_its_files(runner: CliRunner, db_url: str,
                                                 tmp_path: Path) -> None:
    succeeds(runner, "import", str(PHH_DATA), "--db", db_url)  # every hand is valid
    assert rows(db_url, "SELECT variant, count(*) FROM deals GROUP BY variant "
                        "ORDER BY variant") == [
        ("F2L3D", 8), ("F7S", 13), ("F7S/8", 7), ("FB", 1), ("FO/8", 14), ("FR", 10), ("FT", 7),
        ("N2L1D", 7), ("NS", 1), ("NT", 12), ("PO", 8)]
    assert rows(db_url, "SELECT count(*) FROM rejects") == [(0,)]
    # Every seat of the 83 WSOP hands: its net is the file's finishing less starting stack.
    assert rows(db_url, "SELECT count(*), sum(CASE WHEN finishing_stack - starting_stack = net "
                        "THEN 1 ELSE 0 END) FROM seats WHERE finishing_stack IS NOT NULL") == [
        (386, 386)]
    (check,) = [sql for sql in cookbook_queries() if "finishing_stack" in sql]
    assert rows(db_url, check) == []
    # A copy whose file contradicts its actions about one seat: the import is refused, naming
    # the hand, the seat and both figures; with --skip-invalid that hand alone is kept out, in
    # rejects with the reason.
    copy = tmp_path / "phh"
    shutil.copytree(PHH_DATA, copy)
    edited = copy / "wsop" / "2023" / "43" / "5" / "1.phh"
    edited.write_text(edited.read_text().replace("finishing_stacks = [7340000,",
                                                 "finishing_stacks = [7340001,"))
    other = f"sqlite:///{tmp_path / 'copy.sqlite'}" if db_url.startswith("sqlite") else db_url
    reason = "p1 (Matthew Ashton)'s finishing stack is 7340001 in the file, 7340000 by its actions"
    refused = fails(runner, "import", str(copy), "--name", "edited", "--db", other)
    assert refused.stderr == f"Error: {copy}/wsop/2023/43/5/1.phh: {reason}\n"
    succeeds(runner, "import", str(copy), "--name", "edited", "--db", other, "--skip-invalid")
    assert rows(other, "SELECT r.reason FROM rejects r JOIN datasets s ON s.id = r.dataset_id "
                       "WHERE s.name = 'edited'") == [(reason,)]
    assert rows(other, "SELECT count(*) FROM deals d JOIN datasets s ON s.id = d.dataset_id "
                       "WHERE s.name = 'edited'") == [(87,)]


def test_cookbook_queries_about_recorded_hands(runner: CliRunner, db_url: str) -> None:
    succeeds(runner, "import", str(PHH_DATA), "--db", db_url)
    answers = [plain(rows(db_url, sql)) for sql in cookbook_queries() if about_recorded_hands(sql)]
    # Brian Rast's 83 WSOP hands: his finishing less starting stacks add up to 25,200,000.
    assert answers[0][:3] == [("Brian Rast", "chips", 83, 25200000, 18, 17),
                              ("Josh Arieh", "chips", 1, 1330000, 1, 1),
                              ("Patrik Antonius", "USD", 2, 675973.5, 1, 1)]
    # Categories of every kind: a badugi, then high hands of Hold'em, Omaha and stud.
    assert answers[1][:3] == [("Alice", "chips", "badugi", "Four-card badugi", 1, -16),
                              ("Brian Rast", "chips", "high", "One Pair", 4, 1800000),
                              ("Brian Rast", "chips", "high", "Two Pairs", 4, 3975000)]
    assert answers[2][:2] == [(83, "wsop/2023/43/5/81.phh", "chips", 7200000, 0),
                              (69, "wsop/2023/43/5/68.phh", "chips", 7000000, 5)]
    assert answers[3] == [(31, 3)]
    assert answers[4] == []  # every seat agrees with its file
    assert answers[5][:2] == [(1, None, "d dh p1 Ac2d"), (2, None, "d dh p2 ????")]
    # Before `pokerdb equity`, no seat has an all-in adjusted net: it is the net.
    assert answers[6] == [row[:2] + row[3:4] * 2 for row in answers[0]]
    # The same players, hands and nets from the summaries, the all-in adjusted net the net
    # before `pokerdb equity`; the showdowns counted as a tracker counts them
    # (docs/player-stats.md), not the seats that showed cards.
    assert [row[:4] for row in answers[7]] == [row[:4] for row in answers[0]]
    assert answers[7][:2] == [("Brian Rast", "chips", 83, 25200000, 10, 10, 25200000),
                              ("Josh Arieh", "chips", 1, 1330000, 0, 0, 1330000)]
    assert len(answers) == 8


# Counted by hand: Cy limps [1], opens [2] and raises all in (side-pots), so VPIP 3/3 and
# PFR 2/3; Ann 3-bets side-pots, completes [1], folds to a raise [2] (3-bet 1/2); Di calls a
# raise and limps, then folds the flop [1] (went to showdown 1/2); Bo checks his option [1]
# and calls the flop bet (aggression 0/1). bb/100: Cy's 45 + 0.3 + 1.5 big blinds in 3 hands.
# The EUR hand and the chips hands apart: before revision 0017, Cy's 3 hands showed a net of
# 93.3, euros and chips added.
PLAYERS_CSV = """\
player,currency,hands,hands_result_unknown,vpip,pfr,three_bet,fold_to_three_bet,cbet,fold_to_cbet,\
aggression_factor,aggression_frequency,went_to_showdown,won_at_showdown,net,bb_per_100,\
allin_adjusted_net
Cy,EUR,1,0,100.0,100.0,,,,,,,100.0,100.0,90.00,4500.00,90.00
Bo,EUR,1,0,100.0,0.0,,,,,,,100.0,100.0,10.00,500.00,10.00
Cy,chips,2,0,100.0,50.0,,,,,,100.0,100.0,100.0,3.3,90.00,3.3
Di,EUR,1,0,100.0,0.0,0.0,,,,,,100.0,100.0,0.00,0.00,0.00
Bo,chips,2,0,0.0,0.0,0.0,,,,0.00,0.0,100.0,100.0,-0.7,-10.00,-0.7
Di,chips,1,0,100.0,0.0,,,,,,0.0,0.0,,-1,-100.00,-1
Ann,chips,2,0,50.0,0.0,0.0,,,,0.00,0.0,100.0,100.0,-1.6,-30.00,-1.6
Ann,EUR,1,0,100.0,100.0,100.0,,,,,,100.0,0.0,-100.00,-5000.00,-100.00
"""
NET_BY_CATEGORY_CSV = """\
player,currency,category,showdowns,net
Ann,EUR,High Card,1,-100.00
Ann,chips,Royal Flush,1,0.4
Bo,EUR,One Pair,1,10.00
Bo,chips,Royal Flush,1,0.3
Cy,EUR,One Pair,1,90.00
Cy,chips,Royal Flush,1,0.3
Di,EUR,One Pair,1,0.00
"""


def test_players_report(runner: CliRunner, db_url: str, own: Path) -> None:
    succeeds(runner, "import", str(own), "--skip-invalid", "--db", db_url)
    succeeds(runner, "import", str(PHH_DATA), "--db", db_url)
    csv = succeeds(runner, "players", "--dataset", "own", "--format", "csv", "--db", db_url)
    assert csv.stdout == PLAYERS_CSV
    by_category = succeeds(runner, "players", "--dataset", "own", "--by", "category",
                           "--format", "csv", "--db", db_url)
    assert by_category.stdout == NET_BY_CATEGORY_CSV
    data = json.loads(succeeds(runner, "players", "--dataset", "own", "--format", "json",
                               "--db", db_url).stdout)
    header, *lines = PLAYERS_CSV.splitlines()
    assert data == [
        {key: value if key in ("player", "currency") else None if value == ""
         else json.loads(value) for key, value in zip(header.split(","), line.split(","),
                                                        strict=True)}
        for line in lines]
    table = succeeds(runner, "players", "--dataset", "own", "--db", db_url).stdout
    assert [[cell.strip() for cell in line.split("│")[1:-1]] for line in table.splitlines()
            if line.startswith("│")][:4] == [line.split(",") for line in lines[:4]]
    everyone = succeeds(runner, "players", "--format", "csv", "--db", db_url).stdout
    assert [line.split(",")[:3] + line.split(",")[14:15]
            for line in everyone.splitlines()[1:3]] \
        == [["Brian Rast", "chips", "83", "25200000"], ["Josh Arieh", "chips", "1", "1330000"]]


def test_explain_a_recorded_hand(runner: CliRunner, db_url: str, own: Path) -> None:
    succeeds(runner, "import", str(own), "--skip-invalid", "--db", db_url)
    assert succeeds(runner, "explain", "4", "--db", db_url).stdout.splitlines() == [
        "Deal 4 (dataset own: side-pots.phh, hand 7)",
        "Board: 2C 7D 9H JS 3S",
        "Player 1: 5H 4D  best JS 9H 7D 5H 4D  High Card, Jack high",
        "Player 2: KS KH  best KS KH JS 9H 7D  Pair of Kings, Jack kicker",
        "Player 3: AS AH  best AS AH JS 9H 7D  Pair of Aces, Jack kicker",
        "Player 4: QS QH  best QS QH JS 9H 7D  Pair of Queens, Jack kicker",
        "Player 3 wins: Pair of Aces, Jack kicker beats Pair of Kings, Jack kicker "
        "(runner-up: player 2)",
        "Net: Ann (player 1) -100, Bo (player 2) +10, Cy (player 3) +90, Di (player 4) 0"]
    folded = json.loads(succeeds(runner, "explain", "2", "--format", "json", "--db",
                                 db_url).stdout)
    assert folded == {
        "deal": "Deal 2 (dataset own: more/hands.phhs#2)", "board": "", "hands": [],
        "verdict": "Player 3 wins: everyone else folded",
        "results": [{"player": 1, "name": "Bo", "net": -1}, {"player": 2, "name": "Ann", "net": -2},
                    {"player": 3, "name": "Cy", "net": 3}]}
    split = succeeds(runner, "explain", "1", "--db", db_url).stdout.splitlines()
    assert split[-2:] == [
        "Tie between players 1, 2 and 3: all have Royal Flush (identical ranks A K Q J T; "
        "suits never break ties)",
        "Net: Ann (player 1) +0.4, Bo (player 2) +0.3, Cy (player 3) +0.3, Di (player 4) -1"]


def test_stepping_below_the_revision_drops_hand_histories_only(runner: CliRunner, db_url: str,
                                                                own: Path) -> None:
    from test_migrations import downgrade, schema_differences, upgrade

    from pokerdb.storage.engines import open_engine

    succeeds(runner, "import", str(PE54_FILE), "--evaluate", "--db", db_url)
    succeeds(runner, "import", str(own), "--skip-invalid", "--db", db_url)
    engine = open_engine(db_url)
    try:
        downgrade(engine, "0007")
        assert rows(db_url, "SELECT name FROM datasets") == [("p054_poker.txt",)]
        assert [rows(db_url, f"SELECT count(*) FROM {table}")[0][0] for table in (
            "deals", "hand_cards", "hand_values", "rejects")] == [1000, 2000, 2000, 0]
        assert stored_and_recounted_wins(db_url) == ([(1, 1, 376), (1, 2, 624)],) * 2
        upgrade(engine)
        assert schema_differences(engine) == []
    finally:
        engine.dispose()
    succeeds(runner, "import", str(own), "--skip-invalid", "--db", db_url)
    assert rows(db_url, "SELECT count(*) FROM seats") == [(13,)]
