"""What an import keeps of its seats, summed where their rows are laid out: a staged batch's
partial rows of player_totals, player_days and player_runs (`PlayerSums`, filled seat by seat
by steps.seat_sums in the process that lays the batch out, a worker or the importer's read-ahead
thread, and sent with it), and the rows the importing process holds, each batch's merged in
(`add`), written with one upsert per table in key order (`flush`) once HELD_ROWS are held and
at the end, in the import's transaction. So the importer reads no seat back. A batch's rows of
player_totals are those of player_days summed over their days and sites: only those of
player_days are summed and sent, and the importer sums those it holds when it writes them (a
batch's rows are about as many as its seats, the rows held a fraction of them).

The sums are exact integers, the same however the seats are batched. A row of player_totals or
player_days is one integer: its counts (`PACKED`: the hands, the TRACKER_COUNTS and the hands of
unknown result) a field of FIELD_BITS bits each, and above them its net (of any sign: the
fields below it stay whole and positive), so that a seat, or a batch's row, adds every sum in one
addition. Its key holds the stakes' big blind beside the table's key: the stakes name it, so a
row has one (schema.player_totals). The rows are keyed by the players' names until they are
written, each then by its number in player_names (revision 0031), which the copy of the
batches' seats gave it (storage.named_seats); player_days' and player_runs' site, money,
stakes and big blind by their number in summary_keys (revision 0033, storage.summary_keys).
"""

import functools
import struct
from dataclasses import dataclass, field
from typing import Any, Final

from sqlalchemy import Connection

from pokerdb.storage.player_names import numbers
from pokerdb.storage.player_runs import RunKey, RunSums
from pokerdb.storage.player_stats import DAY_SUMS, KEPT, TOTAL_SUMS, totals_added
from pokerdb.storage.row_writes import upsert_rows
from pokerdb.storage.schema import SEAT_FLAGS, TRACKER_COUNTS
from pokerdb.storage.summary_keys import key_numbers

# Rows of the three tables an import holds before it writes them (a row of player_runs some
# 1 to 2 kB, the others some 300 bytes): 20,000 keep the import's memory flat from 100,000
# hands to a million (182 and 193 MiB at its peak; 226 and 283 MiB with 100,000 held) for the
# same CPU time (docs/benchmarks.md, the `handhq` row).
HELD_ROWS = 20_000
FIELD_BITS: Final = 64  # an unsigned 64-bit integer a count, read back at once by struct
PACKED: Final = ("hands", *TRACKER_COUNTS, "hands_result_unknown")
_SHIFT: Final = {name: FIELD_BITS * at for at, name in enumerate(PACKED)}
_NET_SHIFT: Final = FIELD_BITS * len(PACKED)
_COUNTS: Final = (1 << _NET_SHIFT) - 1
_FIELDS: Final = struct.Struct(f"<{len(PACKED)}Q")
assert (*PACKED[:-1], "net", "big_blind", PACKED[-1]) == TOTAL_SUMS  # _sums' order

# The keys of player_totals and of player_days (KEPT), each with the big blind, the player by
# its name.
TotalKey = tuple[str, str, str, str, int, int | None]
DayKey = tuple[str, int, str, str, str, str, int, int | None]


@functools.cache
def _flag_counts(flags: int) -> int:
    """A seat's hand and the flags of seats.flags, packed."""
    counts = 1 << _SHIFT["hands"]
    for bit, name in enumerate(SEAT_FLAGS):
        counts |= ((flags >> bit) & 1) << _SHIFT[name]
    return counts


_AGGRESSIVE, _CALLS, _FOLDS, _ALLIN = (
    _SHIFT[name] for name in ("postflop_aggressive", "postflop_calls", "postflop_folds", "allin"))
_UNKNOWN: Final = 1 << _SHIFT["hands_result_unknown"]


def seat_value(flags: int, aggressive: int, calls: int, folds: int, allin: int,
               net: int | None) -> int:
    """What a seat adds to its rows of player_totals and player_days: seats' columns, its net
    (None: unknown)."""
    return (_flag_counts(flags) + (aggressive << _AGGRESSIVE) + (calls << _CALLS)
            + (folds << _FOLDS) + (allin << _ALLIN)
            + (_UNKNOWN if net is None else net << _NET_SHIFT))


def _row(key: tuple[Any, ...], summed: int, big_blind: bool = True) -> tuple[Any, ...]:
    """A held row as the table's: its key, then its sums in TOTAL_SUMS' order, the key's last
    the big blind among them (`big_blind`), or in DAY_SUMS' (player_days')."""
    *counts, unknown = _FIELDS.unpack((summed & _COUNTS).to_bytes(_FIELDS.size, "little"))
    if not big_blind:
        return (*key, *counts, summed >> _NET_SHIFT, unknown)
    return (*key[:-1], *counts, summed >> _NET_SHIFT, key[-1], unknown)


def _merge(held: dict[DayKey, int], rows: dict[DayKey, int]) -> None:
    """A batch's `rows` (which it gives up) added to those `held`: the rows held of its keys
    added to the batch's, which then replace them."""
    known = held.get
    for key, summed in rows.items():
        before = known(key)
        if before is not None:
            rows[key] = summed + before
    held.update(rows)


def _totals(days: dict[DayKey, int]) -> dict[TotalKey, int]:
    """The rows of player_totals that rows of player_days sum to (over their days and
    sites)."""
    totals: dict[TotalKey, int] = {}
    for (name, _, _, currency, position, stakes, dataset_id, big_blind), summed in days.items():
        key = (name, currency, position, stakes, dataset_id, big_blind)
        totals[key] = totals.get(key, 0) + summed
    return totals


@dataclass
class PlayerSums:
    """Rows of player_days and player_runs summed from seats; player_totals' are those of
    player_days summed over their days and sites, when they are written."""

    days: dict[DayKey, int] = field(default_factory=dict)
    runs: RunSums = field(default_factory=RunSums)

    def add_seat(self, run: RunKey, position: str, sums: int, big_blind: int | None,
                 deal_id: int, second: int | None, table: str, net: int | None) -> None:
        """Add a seat: its row of player_runs (`run`, whose keys name player_days' but the
        position), its `sums` (seat_value), the stakes' big blind, its deal, when and where it
        was played, its net (None: unknown)."""
        name, dataset_id, site, currency, stakes, day, _, _ = run
        key = (name, day, site, currency, position, stakes, dataset_id, big_blind)
        days = self.days
        days[key] = days.get(key, 0) + sums
        self.runs.add_seat(run, deal_id, second, table, net)

    def __len__(self) -> int:
        return len(self.days) + len(self.runs.held)

    def add(self, connection: Connection, batch: "PlayerSums") -> None:
        """Merge a batch's rows (which it gives up) into those held; write them all once
        HELD_ROWS are held."""
        _merge(self.days, batch.days)
        self.runs.merge(batch.runs)
        if len(self) >= HELD_ROWS:
            self.flush(connection)

    def flush(self, connection: Connection) -> None:
        """Write the rows held, in key order (row_writes.upsert_rows), each added to the
        table's row of its key if there is one (one written before by this import: its rows
        are its dataset's own); each player by the number of its name."""
        held_runs = self.runs.held
        if not self.days and not held_runs:
            return
        cursor: Any = connection.connection.cursor()
        mark = "?" if connection.dialect.name == "sqlite" else "%s"
        ids = numbers(cursor, "player_names", {*(key[0] for key in self.days),
                                               *(key[0] for key in held_runs)}, mark)
        if self.days:
            columns = (*KEPT["player_totals"], *TOTAL_SUMS)
            upsert_rows(connection, "player_totals", columns,
                        sorted(_row((ids[key[0]], *key[1:]), summed)
                               for key, summed in _totals(self.days).items()),
                        totals_added("player_totals", columns))
            # player_days' site, money, stakes and big blind by their number.
            keys = key_numbers(cursor, mark, {(site, currency, stakes, big_blind or 0) for (
                _, _, site, currency, _, stakes, _, big_blind) in self.days})
            columns = (*KEPT["player_days"], *DAY_SUMS)
            upsert_rows(connection, "player_days", columns, sorted(
                _row((ids[name], day, keys[site, currency, stakes, big_blind or 0], position,
                      dataset_id), summed, big_blind=False)
                for (name, day, site, currency, position, stakes, dataset_id, big_blind),
                summed in self.days.items()), totals_added("player_days", columns))
            self.days.clear()
        self.runs.flush(connection, ids)
