"""seats.packed (storage.schema.seat_bits): every position a table of 2 to 23 players names, every
flag and every postflop count it holds, packed by import and read back by the SQL of the columns
generated from it and by the import's own sums; a count beyond its bits refused (an import
rejects such a hand before: tests/test_count_limits.py)."""

import sqlite3

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerdb.rules.games import MAX_PLAYERS
from pokerdb.rules.tracker_stats import position_names
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

