"""seats.packed (storage.schema.seat_bits): every position a table of 2 to 23 players names, every
flag and every postflop count it holds, packed by import and read back by the SQL of the columns
generated from it and by the import's own sums; a count beyond its bits refused."""

import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import text
from typer.testing import CliRunner

from pokerdb.cli import app
from pokerdb.rules.games import MAX_PLAYERS
from pokerdb.rules.tracker_stats import position_names
from pokerdb.storage.engines import open_engine
from pokerdb.storage.schema.seat_bits import (
    FLAGS_MASK,
    GENERATED,
    GENERATED_COUNTS,
    NAMED_POSITIONS,
    SEAT_FLAGS,
    CountTooLargeError,
    packed_seat,
)

COLUMNS = ("showed", "position", "tracker_position", "flags", "postflop_folds",
           "postflop_aggressive", "postflop_calls")


def generated(packed: int) -> tuple[object, ...]:
    """The generated columns of a seat holding `packed`, as SQLite computes them."""
    sql = ", ".join(f"{({**GENERATED, **GENERATED_COUNTS})[name]} AS {name}"
                    for name in COLUMNS)
    with sqlite3.connect(":memory:") as connection:
        row: tuple[object, ...] = connection.execute(
            f"SELECT {sql} FROM (SELECT ? AS packed)", (packed,)).fetchone()
    return row


@pytest.mark.parametrize("players", range(2, MAX_PLAYERS + 1))
def test_every_position_reads_back_as_either_column(players: int) -> None:
    for name in position_names(players):
        for by_site in (False, True):
            packed = packed_seat(name, by_site, 0, False, 0, 0, 0)
            assert generated(packed) == (
                0, name if by_site else None, None if by_site else name, 0, 0, 0, 0)
            assert NAMED_POSITIONS[packed & 31] == name


def test_the_flags_showed_and_folds_read_back_beside_the_position() -> None:
    assert len(SEAT_FLAGS) == 14 and FLAGS_MASK == (1 << 14) - 1
    for flags, showed, folds in ((0, False, 0), (1, True, 0), (FLAGS_MASK, True, 1),
                                 (0b10100000000101, False, 1)):
        packed = packed_seat("UTG+16", False, flags, showed, folds, 0, 0)
        assert generated(packed) == (int(showed), None, "UTG+16", flags, folds, 0, 0)
    assert packed_seat("BB", False, 1, False, 0, 0, 0) == 65  # one byte of SQLite: 1 | 1 << 6
    with pytest.raises(AssertionError, match="folds once"):
        packed_seat("BB", False, 0, False, 2, 0, 0)
    with pytest.raises(ValueError):
        packed_seat("MP", False, 0, False, 0, 0, 0)


@given(st.sampled_from(position_names(MAX_PLAYERS)), st.booleans(),
       st.integers(0, FLAGS_MASK), st.booleans(), st.integers(0, 1), st.integers(0, 15),
       st.integers(0, 31))
def test_the_postflop_counts_read_back_beside_every_other_bit(
        position: str, by_site: bool, flags: int, showed: bool, folds: int, aggressive: int,
        calls: int) -> None:
    packed = packed_seat(position, by_site, flags, showed, folds, aggressive, calls)
    assert generated(packed) == (int(showed), position if by_site else None,
                                 None if by_site else position, flags, folds, aggressive, calls)
    assert 0 <= packed < 1 << 31  # a 32-bit INTEGER on PostgreSQL


def test_a_count_beyond_its_bits_is_refused_and_the_usual_ones_stay_small() -> None:
    for aggressive, calls in ((16, 0), (0, 32), (100, 100)):
        with pytest.raises(CountTooLargeError, match=f"{aggressive} bets and raises and "
                                                     f"{calls} calls .* at most 15 and 31"):
            packed_seat("BTN", True, 0, False, 0, aggressive, calls)
    # SQLite stores an integer below 2 ** 23 in three bytes: a seat that bet or raised once
    # after the flop and called nothing, whatever its other bits
    assert packed_seat("UTG+16", True, FLAGS_MASK, True, 1, 1, 0) < 1 << 23
    assert packed_seat("BB", False, 0, False, 0, 15, 31) == 1 | 15 << 22 | 31 << 26


def raises_hand(raises: int) -> str:
    """A heads-up hand of PHH whose players raise each other `raises` times on the flop, p1
    first (p1 making the odd ones), and p1 folds."""
    actions = ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", "d db AsKsQs",
               *(f"p{1 + bet % 2} cbr {2 + 2 * bet}" for bet in range(raises)), "p1 f"]
    return (f"variant = 'NT'\nante_trimming_status = false\nantes = [0, 0]\n"
            f"blinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [1000, 1000]\n"
            f"actions = {actions!r}\nplayers = ['Ann', 'Bo']\n")


def test_import_refuses_a_hand_whose_count_packed_cannot_hold(runner: CliRunner, db_url: str,
                                                              tmp_path: Path) -> None:
    """15 bets and raises of a seat after the flop are stored and read back; 16 refuse the
    import, naming the hand, and store nothing."""
    (tmp_path / "fifteen.phh").write_text(raises_hand(30))
    (tmp_path / "sixteen.phh").write_text(raises_hand(32))
    result = runner.invoke(app, ["import", str(tmp_path / "fifteen.phh"), "--db", db_url])
    assert result.exit_code == 0, result.output
    engine = open_engine(db_url)
    with engine.connect() as connection:
        assert connection.execute(text(
            "SELECT player, postflop_aggressive, postflop_calls, postflop_folds FROM seats "
            "ORDER BY player")).all() == [(1, 15, 0, 1), (2, 15, 0, 0)]
    result = runner.invoke(app, ["import", str(tmp_path / "sixteen.phh"), "--db", db_url])
    assert result.exit_code == 1
    assert result.output.endswith(
        "sixteen.phh: hand 1 (no number): a seat's 16 bets and raises and 0 calls after the "
        "flop: seats.packed holds at most 15 and 31\n")
    with engine.connect() as connection:
        assert connection.scalar(text("SELECT count(*) FROM deals")) == 1
    engine.dispose()
