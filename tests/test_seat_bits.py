"""seats.packed (storage.schema.seat_bits): every position a table of 2 to 23 players names, and
every flag, packed by import and read back by the SQL of the columns generated from it and by
the import's own sums."""

import sqlite3

import pytest

from pokerdb.rules.games import MAX_PLAYERS
from pokerdb.rules.tracker_stats import position_names
from pokerdb.storage.schema.seat_bits import (
    FLAGS_MASK,
    GENERATED,
    NAMED_POSITIONS,
    SEAT_FLAGS,
    packed_seat,
)

COLUMNS = ("showed", "position", "tracker_position", "flags", "postflop_folds")


def generated(packed: int) -> tuple[object, ...]:
    """The generated columns of a seat holding `packed`, as SQLite computes them."""
    sql = ", ".join(f"{GENERATED[name]} AS {name}" for name in COLUMNS)
    with sqlite3.connect(":memory:") as connection:
        row: tuple[object, ...] = connection.execute(
            f"SELECT {sql} FROM (SELECT ? AS packed)", (packed,)).fetchone()
    return row


@pytest.mark.parametrize("players", range(2, MAX_PLAYERS + 1))
def test_every_position_reads_back_as_either_column(players: int) -> None:
    for name in position_names(players):
        for by_site in (False, True):
            packed = packed_seat(name, by_site, 0, False, 0)
            assert generated(packed) == (
                0, name if by_site else None, None if by_site else name, 0, 0)
            assert NAMED_POSITIONS[packed & 31] == name


def test_the_flags_showed_and_folds_read_back_beside_the_position() -> None:
    assert len(SEAT_FLAGS) == 14 and FLAGS_MASK == (1 << 14) - 1
    for flags, showed, folds in ((0, False, 0), (1, True, 0), (FLAGS_MASK, True, 1),
                                 (0b10100000000101, False, 1)):
        packed = packed_seat("UTG+16", False, flags, showed, folds)
        assert generated(packed) == (int(showed), None, "UTG+16", flags, folds)
    assert packed_seat("BB", False, 1, False, 0) == 65  # one byte of SQLite: 1 | 1 << 6
    with pytest.raises(AssertionError, match="folds once"):
        packed_seat("BB", False, 0, False, 2)
    with pytest.raises(ValueError):
        packed_seat("MP", False, 0, False, 0)
