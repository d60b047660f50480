"""seats.extras (revision 0035): a seat's amounts that most seats leave NULL, allin_stake,
allin_pot and cashed_out, as one value, which `seats` shows again as the columns of those names,
generated from it (GENERATED: computed as read on SQLite, which stores none of them; STORED on
PostgreSQL). Each stored column took a byte of every row's header, NULL or not: at 100,000
HandHQ-shaped hands, 98.8 % of the seats had none of the three.

`extras` is NULL for a seat with none of them, else a JSON array, [allin_stake, allin_pot,
cashed_out], its trailing NULLs left out (SQLite's TEXT, read by json_extract; PostgreSQL's
JSONB). cashed_out, where the array does not hold it, is 0 for a site's seat (whose `collected`
is not NULL: a site's seats all have a cash-out, 0 for most) and NULL for the others; an
explicit JSON null holds a site's seat whose cash-out is NULL. The amounts are exact integers
(ten-thousandths) on both backends.
"""

from typing import Any, Final

from sqlalchemy import Text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.types import TypeEngine

from pokerdb.storage.schema.dialect_sql import DialectSql

EXTRAS: Final = "extras"  # the column
# The amounts it holds, in the array's order (the most often filled first).
EXTRA_AMOUNTS: Final = ("allin_stake", "allin_pot", "cashed_out")
# The column whose value says a seat is a site's (cashed_out 0 where the array has none).
SITE_AMOUNT: Final = "collected"
# extras' type: JSON text on SQLite (no type of its own there), JSONB on PostgreSQL.
EXTRAS_TYPE: Final[TypeEngine[Any]] = Text().with_variant(JSONB(), "postgresql")


def extra_sql(name: str, dialect: str) -> str:
    """SQL (of `dialect`) for the amount `name` held by a seat's `extras` (cashed_out with its
    `collected`)."""
    index = EXTRA_AMOUNTS.index(name)
    if dialect == "sqlite":
        held, present = (f"json_extract({EXTRAS}, '$[{index}]')",
                         f"json_type({EXTRAS}, '$[{index}]') IS NOT NULL")
    else:
        held, present = (f"CAST({EXTRAS} ->> {index} AS BIGINT)",
                         f"({EXTRAS} -> {index}) IS NOT NULL")
    if name != "cashed_out":
        return held
    return f"CASE WHEN {present} THEN {held} WHEN {SITE_AMOUNT} IS NOT NULL THEN 0 END"


def extras_sql(dialect: str) -> str:
    """SQL (of `dialect`) for seats.extras of a seat's amounts stored as columns (revision
    0035's upgrade), as seat_extras writes it."""
    same, array = ((" IS ", "json_array") if dialect == "sqlite"
                   else (" IS NOT DISTINCT FROM ", "jsonb_build_array"))
    return (f"CASE WHEN NOT (cashed_out{same}(CASE WHEN {SITE_AMOUNT} IS NOT NULL THEN 0 END))"
            f" THEN {array}(allin_stake, allin_pot, cashed_out)"
            f" WHEN allin_pot IS NOT NULL THEN {array}(allin_stake, allin_pot)"
            f" WHEN allin_stake IS NOT NULL THEN {array}(allin_stake) END")


# Each column of seats generated from seats.extras, on each backend.
GENERATED_EXTRAS: Final = {name: DialectSql({dialect: extra_sql(name, dialect)
                                             for dialect in ("sqlite", "postgresql")})
                           for name in EXTRA_AMOUNTS}


def seat_extras(allin_stake: int | None, allin_pot: int | None, cashed_out: int | None,
                collected: int | None) -> str | None:
    """seats.extras of a seat's amounts (stored units), as JSON text (NULL: None); SQLite's
    json_array writes the same."""
    if cashed_out == 0 if collected is not None else cashed_out is None:
        if allin_pot is None:
            return None if allin_stake is None else f"[{allin_stake}]"
        return f"[{_json(allin_stake)},{allin_pot}]"
    return f"[{_json(allin_stake)},{_json(allin_pot)},{_json(cashed_out)}]"


def _json(amount: int | None) -> str:
    """An amount as a JSON value."""
    return "null" if amount is None else str(amount)
