"""A seat's tracker counts with its flags packed (revision 0022): the table seat_counts holds the
flags of schema.SEAT_FLAGS as the bits of one integer, `flags`, and the view seat_stats shows
every count as a column of its own again, as the table seat_stats had them, for users' SQL and
the player_stats views. The views' all-in seats are read through seat_counts' partial index:
the view is one table's columns, which both backends' planners read through."""

from collections.abc import Sequence
from typing import Final

from sqlalchemy import Column, MetaData, SmallInteger, Table

from pokerdb.storage.schema import SEAT_FLAGS, TRACKER_COUNTS, seat_counts

COUNT_COLUMNS: Final = tuple(column.name for column in seat_counts.c)
_FLAG_AT: Final = tuple(TRACKER_COUNTS.index(name) for name in SEAT_FLAGS)  # bit by bit

# The view seat_stats, described for queries: seat_counts' columns but `flags`, and each flag's.
seat_stats_view = Table(
    "seat_stats",
    MetaData(),
    *(Column(column.name, column.type) for column in seat_counts.c
      if column.name in ("deal_id", "player", "name", "position", "stakes", "big_blind", "net")),
    *(Column(name, SmallInteger) for name in TRACKER_COUNTS),
)


def packed_flags(counts: Sequence[int]) -> int:
    """seat_counts.flags of a seat's counts, in TRACKER_COUNTS' order: each flag's bit."""
    flags = 0
    for bit, at in enumerate(_FLAG_AT):
        flags |= int(counts[at]) << bit
    return flags


def _count(name: str, flags: str) -> str:
    """SQL for the count `name` of a seat whose packed flags are `flags`."""
    if name not in SEAT_FLAGS:
        return name
    return f"CAST(({flags} >> {SEAT_FLAGS.index(name)}) & 1 AS SMALLINT)"


def seat_stats_select() -> str:
    """The rows of the view seat_stats, read from seat_counts as the statement finds it: within
    an import on PostgreSQL, the dataset's own table (storage.partitions.own_partitions), whose
    rows the view, over the parent table, does not see until the import attaches it."""
    counts = ",\n       ".join(f"{_count(name, 'flags')} AS {name}" for name in TRACKER_COUNTS)
    return ("SELECT deal_id, player, name, position, stakes, big_blind, net,\n"
            f"       {counts}\nFROM seat_counts")


def seat_stats_view_sql() -> str:
    """CREATE VIEW seat_stats (the same on both backends)."""
    return f"CREATE VIEW seat_stats AS\n{seat_stats_select()}"


def packing_select(rows: str, where: str = "") -> str:
    """SELECT of seat_counts' columns (COUNT_COLUMNS) from the rows of a table of seat_stats'
    columns (`where` their condition)."""
    flags = " + ".join(f"{name} * {1 << bit}" for bit, name in enumerate(SEAT_FLAGS))
    columns = [flags if name == "flags" else name for name in COUNT_COLUMNS]
    return f"SELECT {', '.join(columns)} FROM {rows} {where}"
