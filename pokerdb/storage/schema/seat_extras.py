"""seats.extras (revision 0035): a seat's amounts that most seats leave NULL, allin_stake,
allin_pot and cashed_out, as one value (schema.held_values), which `seats` shows again as the
columns of those names, generated from it. At 100,000 HandHQ-shaped hands, 98.8 % of the seats
had none of the three.

`extras` is NULL for a seat with none of them, else the JSON array [allin_stake, allin_pot,
cashed_out], its trailing NULLs left out. cashed_out, where the array does not hold it, is 0 for
a site's seat (whose `collected` is not NULL: a site's seats all have a cash-out, 0 for most)
and NULL for the others; an explicit JSON null holds a site's seat whose cash-out is NULL.
"""

from typing import Final

from pokerdb.storage.schema.dialect_sql import DialectSql
from pokerdb.storage.schema.held_values import (
    array_sql,
    held_array,
    held_sql,
    json_array,
    present_sql,
)

# The amounts it holds, in the array's order (the most often filled first).
EXTRA_AMOUNTS: Final = ("allin_stake", "allin_pot", "cashed_out")
# The column whose value says a seat is a site's (cashed_out 0 where the array has none).
SITE_AMOUNT: Final = "collected"


def extra_sql(name: str, dialect: str) -> str:
    """SQL (of `dialect`) for the amount `name` held by a seat's `extras` (cashed_out with its
    `collected`)."""
    index = EXTRA_AMOUNTS.index(name)
    held = held_sql(index, dialect, "BIGINT")
    if name != "cashed_out":
        return held
    return (f"CASE WHEN {present_sql(index, dialect)} THEN {held} "
            f"WHEN {SITE_AMOUNT} IS NOT NULL THEN 0 END")


def extras_sql(dialect: str) -> str:
    """SQL (of `dialect`) for seats.extras of a seat's amounts stored as columns (revision
    0035's upgrade), as seat_extras writes it."""
    same = " IS " if dialect == "sqlite" else " IS NOT DISTINCT FROM "
    return array_sql(dialect, EXTRA_AMOUNTS, (
        "allin_stake IS NOT NULL", "allin_pot IS NOT NULL",
        f"NOT (cashed_out{same}(CASE WHEN {SITE_AMOUNT} IS NOT NULL THEN 0 END))"))


# Each column of seats generated from seats.extras, on each backend.
GENERATED_EXTRAS: Final = {name: DialectSql({dialect: extra_sql(name, dialect)
                                             for dialect in ("sqlite", "postgresql")})
                           for name in EXTRA_AMOUNTS}


def seat_extras(allin_stake: int | None, allin_pot: int | None, cashed_out: int | None,
                collected: int | None) -> str | None:
    """seats.extras of a seat's amounts (stored units), as JSON text (NULL: None); SQLite's
    json_array writes the same."""
    if cashed_out == 0 if collected is not None else cashed_out is None:
        return held_array((allin_stake, allin_pot))
    return json_array((allin_stake, allin_pot, cashed_out))
