"""The site, money, stakes and big blind of the rows of player_days and player_runs, each
combination numbered once in summary_keys (revision 0033: the texts took a fifth of those
rows' bytes, a few dozen combinations for hundreds of thousands of rows). The writers look up
the combinations of the rows they write, adding those the table lacks (`key_numbers`); the
readers see the rows with the texts again (`texted`), their columns named as the tables had
them, so that a HandFilter selects their rows as before.
"""

from collections.abc import Iterable
from typing import Any, Final

from sqlalchemy import Column, MetaData, String, Table

from pokerdb.storage.column_types import Amount
from pokerdb.storage.schema import player_days, player_runs

# A row's site, money, stakes and big blind (0 for none).
SummaryKey = tuple[str, str, str, int]
_READ: Final = "SELECT site, currency, stakes, big_blind, id FROM summary_keys"


def key_numbers(cursor: Any, mark: str, keys: Iterable[SummaryKey]) -> dict[SummaryKey, int]:
    """The numbers of `keys` in summary_keys, read through the driver's `cursor` (parameters
    marked `mark`), those it lacks added (only those: PostgreSQL would take a number of its
    sequence for each it has). The table is a few rows: read whole."""
    wanted = set(keys)
    cursor.execute(_READ)
    found: dict[SummaryKey, int] = {
        (site, currency, stakes, int(big_blind)): int(number)
        for site, currency, stakes, big_blind, number in cursor.fetchall()}
    new = sorted(wanted - found.keys())
    if not new:
        return found
    cursor.executemany(f"INSERT INTO summary_keys (site, currency, stakes, big_blind) "
                       f"VALUES ({', '.join([mark] * 4)}) ON CONFLICT DO NOTHING", new)
    return key_numbers(cursor, mark, wanted)


def texted(table: str) -> str:
    """The rows of `table` (player_days or player_runs) with their key's site, currency, stakes
    and big blind as columns, as a subquery to alias: player_days' big blind NULL for none,
    as player_totals has it, player_runs' 0."""
    big_blind = "NULLIF(k.big_blind, 0)" if table == "player_days" else "k.big_blind"
    return (f"(SELECT t.*, k.site, k.currency, k.stakes, {big_blind} AS big_blind "
            f"FROM {table} t JOIN summary_keys k ON k.id = t.key_id)")


def _texted_tables() -> tuple[Table, Table]:
    """player_days and player_runs as revisions 0031 to 0033 kept them: their site, money,
    stakes and big blind as texts (and amounts) in their rows, on a metadata of their own."""
    shapes = MetaData()
    texts = [Column(name, String, primary_key=True) for name in ("site", "currency")]
    sums = [column for column in player_days.c if not column.primary_key]
    days = Table(
        "player_days", shapes,
        *(column._copy() for column in player_days.c if column.name in ("name_id", "day")),
        *(column._copy() for column in texts),
        Column("position", String(6), primary_key=True),
        Column("stakes", String, primary_key=True),
        player_days.c.dataset_id._copy(),
        *(column._copy() for column in sums if column.name != "hands_result_unknown"),
        Column("big_blind", Amount),
        player_days.c.hands_result_unknown._copy())
    runs = Table(
        "player_runs", shapes,
        *(column._copy() for column in player_runs.c if column.name in ("name_id", "dataset_id")),
        *(column._copy() for column in texts),
        Column("stakes", String, primary_key=True),
        *(column._copy() for column in player_runs.c if column.name in ("day", "bucket")),
        Column("big_blind", Amount, primary_key=True),
        *(column._copy() for column in player_runs.c if not column.primary_key))
    return days, runs


# player_days and player_runs as revisions 0031 to 0033 kept them (_texted_tables).
TEXTED_DAYS, TEXTED_RUNS = _texted_tables()
