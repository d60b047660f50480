"""A row's rarely filled values held by one nullable stored column, `extras`, which the table
shows again as the columns of their old names, generated from it (GENERATED: computed as read
on SQLite, which stores none of them; STORED on PostgreSQL): seats' all-in and cash-out amounts
(revision 0035: schema.seat_extras) and the columns of deals that a HandHQ hand leaves NULL
(revision 0037: schema.deal_extras). Each stored column takes a byte of every row's header,
NULL or not; `extras` takes one, and nothing more where it is NULL.

`extras` is a JSON array of the values in a fixed order (each table's, the most often filled
first), its trailing NULLs left out, and NULL where there is none: SQLite's TEXT, read by
json_extract; PostgreSQL's JSONB, read by ->>. Amounts are exact integers (ten-thousandths),
texts JSON strings, on both backends.
"""

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from sqlalchemy import Text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.types import TypeEngine

from pokerdb.storage.schema.dialect_sql import DialectSql

EXTRAS: Final = "extras"  # the column, in seats and deals
# Its type: JSON text on SQLite (no type of its own there), JSONB on PostgreSQL.
EXTRAS_TYPE: Final[TypeEngine[Any]] = Text().with_variant(JSONB(), "postgresql")
# As SQLite's CREATE TABLE and PostgreSQL's ALTER TABLE write it, by dialect.
EXTRAS_DEFINED: Final = {"sqlite": f"{EXTRAS} TEXT", "postgresql": f"{EXTRAS} JSONB"}

HeldValue = int | str | None


def held_sql(index: int, dialect: str, cast: str | None = None, column: str = EXTRAS) -> str:
    """SQL (of `dialect`) for the value at `index` of a row's `column` (`extras`, or deals'
    site_values: schema.site_values) (NULL where the array has none): on SQLite as
    json_extract gives it (an integer, a text), on PostgreSQL the text ->> gives, CAST to
    `cast` where named (an amount's BIGINT)."""
    if dialect == "sqlite":
        return f"json_extract({column}, '$[{index}]')"
    held = f"{column} ->> {index}"
    return held if cast is None else f"CAST({held} AS {cast})"


def present_sql(index: int, dialect: str) -> str:
    """SQL (of `dialect`): whether a row's `extras` holds a value at `index`, a JSON null too."""
    if dialect == "sqlite":
        return f"json_type({EXTRAS}, '$[{index}]') IS NOT NULL"
    return f"({EXTRAS} -> {index}) IS NOT NULL"


def array_sql(dialect: str, values: Sequence[str], kept: Sequence[str]) -> str:
    """SQL (of `dialect`) for `extras` of values stored as columns (a revision's upgrade), as
    held_array writes them: the array of `values` (SQL) to the last one whose condition in
    `kept` holds (for most, that it is not NULL), NULL where none does."""
    array = "json_array" if dialect == "sqlite" else "jsonb_build_array"
    cases = " ".join(f"WHEN {kept[end - 1]} THEN {array}({', '.join(values[:end])})"
                     for end in range(len(values), 0, -1))
    return f"CASE {cases} END"


def stored_array_sql(dialect: str, kinds: Mapping[str, str | None]) -> str:
    """SQL (of `dialect`) for the array of the columns `kinds` names, stored (a revision's
    upgrade), as held_array writes them: to the last one that is not NULL."""
    return array_sql(dialect, list(kinds), [f"{name} IS NOT NULL" for name in kinds])


def generated_held(kinds: Mapping[str, str | None],
                   column: str = EXTRAS) -> dict[str, DialectSql]:
    """Each column `kinds` names (with its cast on PostgreSQL, held_sql's), generated from its
    place in the array `column` holds, on each backend."""
    return {name: DialectSql({dialect: held_sql(index, dialect, kind, column)
                              for dialect in ("sqlite", "postgresql")})
            for index, (name, kind) in enumerate(kinds.items())}


def held_array(values: Sequence[HeldValue]) -> str | None:
    """`extras` of values (amounts in stored units, texts) in their array's order: the JSON
    text of the array to the last one that is not None (None: NULL, where none is), as
    SQLite's json_array writes it."""
    end = len(values)
    while end and values[end - 1] is None:
        end -= 1
    return json_array(values[:end]) if end else None


def json_array(values: Sequence[HeldValue]) -> str:
    """The JSON text of an array of values, without spaces, None as null and texts escaped as
    SQLite's json_array escapes them."""
    return "[" + ",".join(["null" if value is None else json.dumps(value, ensure_ascii=False)
                           if isinstance(value, str) else str(value)
                           for value in values]) + "]"
