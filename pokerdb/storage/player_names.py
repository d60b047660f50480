"""The players' names of seats, each stored once in player_names and in seats by its number,
name_id (revision 0027; storage.named_seats writes them), as in the players' summaries
(player_totals, player_days, player_runs: revision 0031; storage.player_sums writes them with
the numbers the seats' copy gave, `numbers`). Readers show the name through a join (`named`),
as the views seat_stats and hands do; a filter of one player reads its number
(storage.hand_filters.named_player).
"""

from collections.abc import Iterable
from typing import Any, Final

from sqlalchemy import FromClause

from pokerdb.storage.schema import player_names

NAME: Final = "name"  # the name's column as readers see it (and as an import stages seats)
_NAMES_READ: Final = 500  # names a statement of `numbers` looks up


def named(table: FromClause) -> tuple[FromClause, Any]:
    """`table` (seats, or a table with its column name_id) joined to its names, and the
    name's column."""
    names = player_names.alias("names")
    return table.outerjoin(names, names.c.id == table.c.name_id), names.c.name


def numbers(cursor: Any, table: str, names: Iterable[str], mark: str) -> dict[str, int]:
    """The numbers of `names` in `table` (player_names, or table_names: its columns id and
    name), read through the driver's `cursor` (parameters marked `mark`); a name it lacks is
    left out."""
    listed = sorted(set(names))
    found: dict[str, int] = {}
    for start in range(0, len(listed), _NAMES_READ):
        part = listed[start:start + _NAMES_READ]
        cursor.execute(f"SELECT name, id FROM {table} "
                       f"WHERE name IN ({', '.join([mark] * len(part))})", part)
        found.update(cursor.fetchall())
    return found
