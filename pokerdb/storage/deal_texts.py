"""The texts of deals repeated from hand to hand, stored by number (revision 0029): the file a
hand comes from (source_names; its "#KEY" in a .phhs in deals.source_key), the venue
(venue_names), the table (table_names, which player_runs numbers its tables by) and the stakes
(stakes_names). An import stages deals with the texts (`staged_deals`: `source` the file's
path alone, `source_key` the rest) and numbers them as it copies them (storage.numbered_texts).
Readers show the texts through a join: `texted` (SQLAlchemy) and `texts_sql` (SQL text), whose
columns are named as deals named them before (`source` the whole of it, "FILE#KEY").
"""

from typing import Any, Final

from sqlalchemy import ColumnElement, FromClause, func, literal

from pokerdb.storage.named_seats import SEAT_TEXTS
from pokerdb.storage.numbered_texts import Numbered, staged_table
from pokerdb.storage.schema import (
    deals,
    seats,
    source_names,
    stakes_names,
    table_names,
    venue_names,
)

# Each text as readers see it, and the table numbering it.
_NAMES: Final = (("source", source_names), ("venue", venue_names), ("table_name", table_names),
                 ("stakes", stakes_names))
DEAL_TEXTS: Final = tuple(Numbered(text, f"{text}_id", names.name, "id")
                          for text, names in _NAMES)
# deals as an import stages them: each text where deals has its number.
staged_deals: Final = staged_table(deals, DEAL_TEXTS)
# The tables whose staged rows hold texts in their numbers' places, and those texts.
STAGED_TEXTS: Final = {deals.name: (deals, DEAL_TEXTS), seats.name: (seats, SEAT_TEXTS)}
SOURCE_KEY: Final = "#"  # between a .phhs file's path and its hand's key in `source`


def source_parts(source: str | None) -> tuple[str | None, str | None]:
    """A hand's source as staged: the file's path, and its key in the file (None for none)."""
    if source is None:
        return None, None
    path, mark, key = source.partition(SOURCE_KEY)
    return path, key if mark else None


def texted(table: FromClause = deals,
           *texts: str) -> tuple[FromClause, dict[str, ColumnElement[Any]]]:
    """`table` (deals, or an alias of it) joined to the tables of its `texts` (source, venue,
    table_name, stakes; all of them if none is named), and each one's column by its name,
    labelled so."""
    joined = table
    shown: dict[str, ColumnElement[Any]] = {}
    for text, names in _NAMES:
        if texts and text not in texts:
            continue
        alias = names.alias(f"{text}_names")
        joined = joined.outerjoin(alias, alias.c.id == table.c[f"{text}_id"])
        shown[text] = alias.c.name
    if "source" in shown:
        shown["source"] = shown["source"] + func.coalesce(
            literal(SOURCE_KEY) + table.c.source_key, "")
    return joined, {name: column.label(name) for name, column in shown.items()}


def texts_sql(deal: str, *texts: str) -> tuple[str, dict[str, str]]:
    """texted as SQL text: the LEFT JOINs of the deals `deal` to the tables of their `texts`
    (source, venue, table_name, stakes), and each one's expression by its name."""
    joins = "".join(f" LEFT JOIN {numbered.names} {deal}_{numbered.text} "
                    f"ON {deal}_{numbered.text}.id = {deal}.{numbered.stored}"
                    for numbered in DEAL_TEXTS if numbered.text in texts)
    shown = {text: f"{deal}_{text}.name" for text in texts}
    if "source" in shown:
        shown["source"] += f" || COALESCE('{SOURCE_KEY}' || {deal}.source_key, '')"
    return joins, shown
