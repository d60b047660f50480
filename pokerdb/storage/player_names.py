"""The players' names of seats, each stored once in player_names and in seats by its number,
name_id (revision 0027; storage.named_seats writes them). Readers show the name through a join
(`named`), as the views seat_stats and hands do; a filter of one player reads its number
(storage.hand_filters.named_player).
"""

from typing import Any, Final

from sqlalchemy import FromClause

from pokerdb.storage.schema import player_names

NAME: Final = "name"  # the name's column as readers see it (and as an import stages seats)


def named(table: FromClause) -> tuple[FromClause, Any]:
    """`table` (seats, or a table with its column name_id) joined to its names, and the
    name's column."""
    names = player_names.alias("names")
    return table.outerjoin(names, names.c.id == table.c.name_id), names.c.name
