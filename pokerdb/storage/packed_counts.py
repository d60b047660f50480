"""A seat's tracker counts with its flags packed (revision 0022), kept in `seats` beside the seat
(revision 0025): `seats.flags` holds the flags of schema.SEAT_FLAGS as the bits of one integer,
and the view seat_stats shows every count as a column of its own again, with the hand's stakes
and big blind (deals'), as the table seat_stats had them, for users' SQL and the player_stats
views. The views' all-in seats are read through seats' partial index; both backends' planners
read through the view's join."""

from typing import Final

from sqlalchemy import Column, MetaData, SmallInteger, Table

from pokerdb.storage.schema import (
    SEAT_FLAGS,
    TRACKER_COUNTS,
    deals,
    player_names,
    seats,
    stakes_names,
)
from pokerdb.storage.schema.seat_bits import (
    FLAGS_SHIFT,
    FOLDS_BIT,
    bit_sql,
    position_sql,
)

_FLAG_AT: Final = tuple(TRACKER_COUNTS.index(name) for name in SEAT_FLAGS)  # bit by bit
# The counts seats.packed holds (revision 0034), each its bit of it.
_PACKED_AT: Final = {**{name: FLAGS_SHIFT + bit for bit, name in enumerate(SEAT_FLAGS)},
                     "postflop_folds": FOLDS_BIT}
# The columns of seat_stats before the counts, each with the table that holds it.
_SHOWN: Final = (("deal_id", seats), ("player", seats), ("name", player_names),
                 ("position", seats), ("stakes", stakes_names), ("big_blind", deals),
                 ("net", seats))
# The alias of each table in the view's SELECT.
_HOLDER: Final = {seats.name: "s", deals.name: "d", player_names.name: "n",
                  stakes_names.name: "st"}
# The seat's position: the tracker's where the site's does not say it (schema.seats).
_POSITION: Final = "COALESCE(s.tracker_position, s.position) AS position"

# The view seat_stats, described for queries: the seat's key, name, position, the hand's stakes
# and big blind, the seat's net, and each count (not the name's number, the view's last column,
# which means nothing outside the database: a Parquet export leaves it out).
seat_stats_view = Table(
    "seat_stats",
    MetaData(),
    *(Column(name, table.c["name" if table is stakes_names else name].type)
      for name, table in _SHOWN),
    *(Column(name, SmallInteger) for name in TRACKER_COUNTS),
)


def packed_flags(counts: tuple[int, ...]) -> int:
    """seats.flags of a seat's counts, in TRACKER_COUNTS' order: each flag's bit."""
    flags = 0
    for bit, at in enumerate(_FLAG_AT):
        flags |= int(counts[at]) << bit
    return flags


def _count(name: str, seat: str, packed: bool) -> str:
    """SQL for the count `name` of a seat, its columns `seat` prefixed ("s." or ""), read
    from seats.packed where `packed` (seat_stats_select)."""
    if packed and name in _PACKED_AT:
        return bit_sql(f"{seat}packed", _PACKED_AT[name])
    if name not in SEAT_FLAGS:
        return f"{seat}{name}"
    return f"CAST(({seat}flags >> {SEAT_FLAGS.index(name)}) & 1 AS SMALLINT)"


def seat_stats_select(counts: str | None = None, *, numbered: bool = True,
                      texts: bool = True, packed: bool = True) -> str:
    """The rows of the view seat_stats, read from seats joined to their deals and their
    names (player_names) as the statement finds them: within an import on PostgreSQL, the
    dataset's own tables (storage.partitions.own_partitions), whose rows the view, over the
    parent tables, does not see until the import attaches them. After the counts, the
    name's number (name_id), which a filter of one player reads (storage.hand_filters).
    `counts` names a table of revision 0022's seat_counts to read instead (its columns
    seat_stats' but the counts, and `flags`), for the revisions before 0025; without
    `numbered`, seats holds the names' text (the revisions before 0027), without `texts`,
    deals the stakes' (before 0029), without `packed`, seats stores the columns that
    seats.packed holds since 0034 (whose view reads the integer: SQLite reads the all-in
    seats from their index alone where a query reads no generated column)."""
    if counts is not None:
        shown = ", ".join(name for name, _ in _SHOWN)
        source, seat, number = counts, "", ""
    else:
        shown = ", ".join(_shown(name, table, numbered, texts, packed)
                          for name, table in _SHOWN)
        source, seat = "seats s JOIN deals d ON d.id = s.deal_id", "s."
        number = ",\n       s.name_id" if numbered else ""
        if numbered:
            source += " LEFT JOIN player_names n ON n.id = s.name_id"
        if texts:
            source += " LEFT JOIN stakes_names st ON st.id = d.stakes_id"
    unpacked = ",\n       ".join(f"{_count(name, seat, packed and counts is None)} AS {name}"
                                 for name in TRACKER_COUNTS)
    return f"SELECT {shown},\n       {unpacked}{number}\nFROM {source}"


def _shown(name: str, table: Table, numbered: bool, texts: bool, packed: bool) -> str:
    """seat_stats' column `name` of the seats `s` and deals `d` (`numbered`, `texts` and
    `packed` as seat_stats_select takes)."""
    if name == "position":
        return f"CAST({position_sql('s.packed')} AS VARCHAR(8)) AS position" if packed \
            else _POSITION
    if table is stakes_names:
        return "st.name AS stakes" if texts else "d.stakes"
    if table is player_names and not numbered:
        return "s.name"
    return f"{_HOLDER[table.name]}.{name}"


def seat_stats_view_sql(counts: str | None = None, *, numbered: bool = True,
                        texts: bool = True, packed: bool = True) -> str:
    """CREATE VIEW seat_stats (the same on both backends; `counts`, `numbered`, `texts` and
    `packed` as seat_stats_select takes)."""
    return (f"CREATE VIEW seat_stats AS\n"
            f"{seat_stats_select(counts, numbered=numbered, texts=texts, packed=packed)}")
