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
player_days is one integer, every sum of it packed (storage.held_sums, whose compiled loops add
the seats, merge the batches and lay the rows out to write). Its key holds the stakes' big
blind beside the table's key: the stakes name it, so a row has one (schema.player_totals). The
rows are keyed by the players' names until they are written, each then by its number in
player_names (revision 0031), which the copy of the batches' seats gave it
(storage.named_seats); player_days' and player_runs' site, money, stakes and big blind by their
number in summary_keys (revision 0033, storage.summary_keys).
"""

from dataclasses import dataclass, field
from typing import Any, Final

from sqlalchemy import Connection

from pokerdb.storage import held_sums
from pokerdb.storage.held_sums import PACKED, DayKey
from pokerdb.storage.player_names import numbers
from pokerdb.storage.player_runs import RunSums
from pokerdb.storage.player_stats import DAY_SUMS, KEPT, TOTAL_SUMS, totals_added
from pokerdb.storage.row_writes import upsert_rows
from pokerdb.storage.summary_keys import key_numbers

# Rows of the three tables an import holds before it writes them (a row of player_runs some
# 1 to 2 kB, the others some 300 bytes): 20,000 keep the import's memory flat from 100,000
# hands to a million (182 and 193 MiB at its peak; 226 and 283 MiB with 100,000 held) for the
# same CPU time (docs/benchmarks.md, the `handhq` row).
HELD_ROWS = 20_000
# The columns written, held_sums' rows' (the counts packed, the net, player_totals' big blind).
_TOTAL_COLUMNS: Final = (*KEPT["player_totals"], *PACKED, "net", "big_blind")
_DAY_COLUMNS: Final = (*KEPT["player_days"], *PACKED, "net")
assert sorted(_TOTAL_COLUMNS) == sorted((*KEPT["player_totals"], *TOTAL_SUMS))
assert sorted(_DAY_COLUMNS) == sorted((*KEPT["player_days"], *DAY_SUMS))


@dataclass
class PlayerSums:
    """Rows of player_days and player_runs summed from seats; player_totals' are those of
    player_days summed over their days and sites, when they are written."""

    days: dict[DayKey, int] = field(default_factory=dict)
    runs: RunSums = field(default_factory=RunSums)

    def __len__(self) -> int:
        return len(self.days) + len(self.runs.held)

    def add(self, connection: Connection, batch: "PlayerSums") -> None:
        """Merge a batch's rows (which it gives up) into those held; write them all once
        HELD_ROWS are held."""
        held_sums.merge_days(self.days, batch.days)
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
            upsert_rows(connection, "player_totals", _TOTAL_COLUMNS,
                        held_sums.total_rows(held_sums.totals(self.days), ids),
                        totals_added("player_totals", _TOTAL_COLUMNS))
            # player_days' site, money, stakes and big blind by their number.
            keys = key_numbers(cursor, mark, {(site, currency, stakes, big_blind or 0) for (
                _, _, site, currency, _, stakes, _, big_blind) in self.days})
            upsert_rows(connection, "player_days", _DAY_COLUMNS,
                        held_sums.day_rows(self.days, ids, keys),
                        totals_added("player_days", _DAY_COLUMNS))
            self.days.clear()
        self.runs.flush(connection, ids)
