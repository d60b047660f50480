"""What an import keeps of its seats, summed where their rows are laid out: a staged batch's
partial rows of player_totals, player_days and player_runs (`PlayerSums`, filled seat by seat
by steps.seat_sums in the process that lays the batch out, a worker or the importer's read-ahead
thread, and sent with it), and the rows the importing process holds, each batch's merged in
(`add`), written with one upsert per table in key order (`flush`) once HELD_ROWS are held and
at the end, in the import's transaction. So the importer reads no seat back.

The sums are exact integers, the same however the seats are batched. A row of player_totals or
player_days holds its counts packed in one integer, a field of FIELD_BITS bits each (`PACKED`:
the hands, the TRACKER_COUNTS and the hands of unknown result), so that a seat or a batch's row
adds every count in one addition; then its net and the stakes' big blind.
"""

import functools
from dataclasses import dataclass, field
from typing import Any, Final

from sqlalchemy import Connection

from pokerdb.storage.player_runs import RunKey, RunSums
from pokerdb.storage.player_stats import KEPT, TOTAL_SUMS, totals_added
from pokerdb.storage.schema import SEAT_FLAGS, TRACKER_COUNTS

# Rows of the three tables an import holds before it writes them (a row of player_runs some
# 2 kB, the others some 300 bytes).
HELD_ROWS = 100_000
FIELD_BITS: Final = 40  # a count up to 2 ** 40 seats
PACKED: Final = ("hands", *TRACKER_COUNTS, "hands_result_unknown")
_FIELD: Final = (1 << FIELD_BITS) - 1
_SHIFT: Final = {name: FIELD_BITS * at for at, name in enumerate(PACKED)}
_NET, _BIG_BLIND = 1, 2  # a held row: [packed counts, net, big blind]

TotalKey = tuple[str, str, str, str, int]  # KEPT["player_totals"]
DayKey = tuple[str, int, str, str, str, str, int]  # KEPT["player_days"]


@functools.cache
def _flag_counts(flags: int) -> int:
    """A seat's hand and the flags of seats.flags, packed."""
    counts = 1 << _SHIFT["hands"]
    for bit, name in enumerate(SEAT_FLAGS):
        counts |= ((flags >> bit) & 1) << _SHIFT[name]
    return counts


def seat_counts(flags: int, aggressive: int, calls: int, folds: int, allin: int,
                known: bool) -> int:
    """What a seat adds to a row's packed counts: seats' columns, and whether its net is
    known."""
    return (_flag_counts(flags) + (aggressive << _SHIFT["postflop_aggressive"])
            + (calls << _SHIFT["postflop_calls"]) + (folds << _SHIFT["postflop_folds"])
            + (allin << _SHIFT["allin"]) + (0 if known else 1 << _SHIFT["hands_result_unknown"]))


def _sums(held: list[Any]) -> list[int | None]:
    """A held row's sums in TOTAL_SUMS' order."""
    counts = held[0]
    named: dict[str, int | None] = {name: (counts >> _SHIFT[name]) & _FIELD for name in PACKED}
    named["net"], named["big_blind"] = held[_NET], held[_BIG_BLIND]
    return [named[name] for name in TOTAL_SUMS]


def _added(rows: dict[Any, list[Any]], key: Any, counts: int, net: int,
           big_blind: int | None) -> None:
    """A seat (or a row of seats) added to the row `key` of `rows`."""
    row = rows.get(key)
    if row is None:
        rows[key] = [counts, net, big_blind]
        return
    row[0] += counts
    row[_NET] += net
    if big_blind is not None and (row[_BIG_BLIND] is None or big_blind > row[_BIG_BLIND]):
        row[_BIG_BLIND] = big_blind


@dataclass
class PlayerSums:
    """Rows of player_totals, player_days and player_runs summed from seats."""

    totals: dict[TotalKey, list[Any]] = field(default_factory=dict)
    days: dict[DayKey, list[Any]] = field(default_factory=dict)
    runs: RunSums = field(default_factory=RunSums)
    written: bool = False  # rows of player_totals and player_days written already

    def add_seat(self, run: RunKey, position: str, counts: int, big_blind: int | None,
                 deal_id: int, second: int | None, table: str, net: int | None) -> None:
        """Add a seat: its row of player_runs (`run`, whose keys name the others' but the
        position), its packed `counts` (seat_counts), the stakes' big blind, its deal, when
        and where it was played, its net (None: unknown)."""
        name, dataset_id, site, currency, stakes, day, _, _ = run
        known = 0 if net is None else net
        _added(self.totals, (name, currency, position, stakes, dataset_id), counts, known,
               big_blind)
        _added(self.days, (name, day, site, currency, position, stakes, dataset_id), counts,
               known, big_blind)
        self.runs.add_seat(run, deal_id, second, table, net)

    def __len__(self) -> int:
        return len(self.totals) + len(self.days) + len(self.runs.held)

    def add(self, connection: Connection, batch: "PlayerSums") -> None:
        """Merge a batch's rows (which it gives up) into those held; write them all once
        HELD_ROWS are held."""
        for mine, rows in ((self.totals, batch.totals), (self.days, batch.days)):
            for key, row in rows.items():
                _added(mine, key, *row)
        self.runs.merge(batch.runs)
        if len(self) >= HELD_ROWS:
            self.flush(connection)

    def flush(self, connection: Connection) -> None:
        """Write the rows held, in key order through the driver's cursor: new rows, or once
        some were written, added to those (an import's rows are its dataset's own)."""
        mark = "?" if connection.dialect.name == "sqlite" else "%s"
        cursor: Any = connection.connection.cursor()
        for table, held in (("player_totals", self.totals), ("player_days", self.days)):
            if not held:
                continue
            columns = (*KEPT[table], *TOTAL_SUMS)
            cursor.executemany(
                f"INSERT INTO {table} ({', '.join(columns)})\n"
                f"VALUES ({', '.join([mark] * len(columns))})"
                f"{totals_added(table, columns) if self.written else ''}",
                sorted((*key, *_sums(row)) for key, row in held.items()))
            held.clear()
        self.written = True
        self.runs.flush(connection)
