"""What evaluating writes: each hand's value (hand_values) and each deal's winner.

Values are staged ahead, on another thread (stage_values), then stored in one statement
(insert_values): on SQLite one JSON array of integers each packing a hand's fields, which
json_each reads in C; on PostgreSQL one block of COPY text. Winners are staged as one byte a
deal (stage_winners) that one UPDATE reads by offset (set_winners).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from sqlalchemy import Connection, text

from pokerdb.rules.evaluators import BEST_BITS, KEY_BITS, KEY_SLOTS
from pokerdb.rules.games import PLAYER_BITS
from pokerdb.storage.copy_text import IntArray, IntColumn, copy_block, copy_rows, int_field

_UNDECIDED, _WINNER_ZERO = ord(" "), ord("0")  # the bytes of stage_winners' payload
STRENGTH_BITS = KEY_BITS * (KEY_SLOTS + 1)  # the category's field as wide as a rank's
# On SQLite each hand value is staged as one integer packing its deal's offset from the first
# deal staged, its player, strength and best into 63 bits, so one staging holds at most
# 2 ** OFFSET_BITS deals.
OFFSET_BITS = 63 - PLAYER_BITS - STRENGTH_BITS - BEST_BITS
_VALUE_FIELDS = {"deal": OFFSET_BITS, "player": PLAYER_BITS, "strength": STRENGTH_BITS}
# A window with boards packs each hand's best five too; without, leaving them out keeps the
# numbers short, and json_each reads them a fifth faster.
_VALUE_FIELDS_WITH_BEST = {**_VALUE_FIELDS, "best": BEST_BITS}
VALUE_COLUMNS = ("deal_id", "player", "strength", "best")


@dataclass(frozen=True)
class StagedValues:
    """Hand values of deals from `first` on, made ready by stage_values for insert_values."""

    first: int
    # SQLite: a JSON array of integers, each packing a hand's fields (_VALUE_FIELDS, and
    # best when some hand has one); PostgreSQL: a block of COPY text
    payload: Any
    with_best: bool


def stage_values(dialect: str, first: int, deal_ids: IntArray, players: IntArray,
                 strength: IntColumn, best: IntColumn) -> StagedValues:
    """The strength (0: none, stored as NULL) and best five (0: none) of each hand, given by
    deal id (first or above) and player; needs no connection."""
    with_best = bool(best.any())
    if dialect == "postgresql":
        return StagedValues(first, copy_block(int_field(deal_ids), int_field(players),
                                              int_field(strength, strength == 0),
                                              int_field(best, best == 0)), with_best)
    if with_best:
        return StagedValues(first, _packed(_VALUE_FIELDS_WITH_BEST, [
            deal_ids - first, players, strength, best]), with_best)
    return StagedValues(first, _packed(_VALUE_FIELDS, [deal_ids - first, players, strength]),
                        with_best)


def insert_values(connection: Connection, staged: StagedValues,
                  table: str = "hand_values") -> None:
    """Append the staged hand values: straight into hand_values (or, on PostgreSQL, the table
    of a partition of it to be: storage.partitions.values_partition) on PostgreSQL (COPY), from
    one JSON array unpacked by SQLite."""
    if connection.dialect.name == "postgresql":
        copy_rows(connection, table, VALUE_COLUMNS, staged.payload)
        return
    fields, best = ((_VALUE_FIELDS_WITH_BEST, "nullif(best, 0)") if staged.with_best
                    else (_VALUE_FIELDS, "NULL"))
    connection.execute(text(
        f"INSERT INTO hand_values (deal_id, player, strength, best) "
        f"SELECT :first + deal, player, nullif(strength, 0), {best} "
        f"FROM {_unpacked(fields)} AS staged"),
        {"staged_ints": staged.payload, "first": staged.first})


def _packed(columns: Mapping[str, int], values: Sequence[IntColumn]) -> str:
    """Columns of integers packed into one per row, for SQLite: a JSON array of plain numbers
    that json_each reads in C (arrays of arrays cost four times as much to read). `columns`
    maps each name to its width in bits."""
    packed = np.zeros(len(values[0]), dtype=np.int64)
    shift = 0
    for (name, bits), column in reversed(list(zip(columns.items(), values, strict=True))):
        if column.min(initial=0) < 0 or column.max(initial=0) >> bits:
            raise ValueError(f"{name} does not fit in {bits} bits")
        packed |= column.astype(np.int64) << shift
        shift += bits
    # A list of ints prints as a JSON array, faster than json.dumps writes it.
    return str(packed.tolist())


def _unpacked(columns: Mapping[str, int]) -> str:
    """SQL of a relation reading the columns back out of the :staged_ints parameter, an array
    made by _packed."""
    fields = []
    shift = 0
    for name, bits in reversed(list(columns.items())):
        fields.append(f"(value >> {shift}) & {(1 << bits) - 1} AS {name}")
        shift += bits
    return f"(SELECT {', '.join(reversed(fields))} FROM json_each(:staged_ints))"



@dataclass(frozen=True)
class StagedWinners:
    """Winners of deals first..last made ready, by stage_winners, for set_winners."""

    first: int
    last: int
    # One byte per deal id from first to last: "0" + its winner, or a space for none (a deal
    # left as it is).
    codes: bytes


def stage_winners(first: int, last: int, deal_ids: IntColumn,
                  winners: IntColumn) -> StagedWinners:
    """The winners of some deals between first and last; needs no connection."""
    codes = np.full(last - first + 1, _UNDECIDED, dtype=np.uint8)
    codes[deal_ids - first] = _WINNER_ZERO + winners
    return StagedWinners(first, last, codes.tobytes())


def set_winners(connection: Connection, staged: StagedWinners) -> None:
    """Set the staged winners; the other deals between first and last keep theirs. Each deal
    reads its byte by offset in one pass over the id range: on SQLite half the time of joining
    the deals to a JSON array of (id, winner); on PostgreSQL 3.9 s against 6.3 s for an UPDATE
    ... FROM a temporary table filled by COPY (a million winners, full pages)."""
    if connection.dialect.name == "postgresql":
        code = "get_byte(:codes, (id - :first)::integer)"
        # The deals left as they are are not rewritten: each update adds a row version.
        undecided = (f" AND {code} <> {_UNDECIDED}" if _UNDECIDED in staged.codes else "")
        connection.execute(text(
            f"UPDATE deals SET winner = {code} - {_WINNER_ZERO} "
            f"WHERE id BETWEEN :first AND :last{undecided}"),
            {"codes": staged.codes, "first": staged.first, "last": staged.last})
        return
    connection.exec_driver_sql(
        "UPDATE deals SET winner = coalesce(nullif(unicode(CAST(substr(?1, id - ?2 + 1, 1) "
        f"AS TEXT)), {_UNDECIDED}) - {_WINNER_ZERO}, winner) WHERE id BETWEEN ?2 AND ?3",
        (staged.codes, staged.first, staged.last))

