"""deals.site_values (revision 0038): the columns of a deal that a site's hand fills and a
HandHQ hand (PHH) leaves NULL, as one value (schema.held_values), which `deals` shows again as
the columns of those names, generated from it with the same types and values: the site, the
button's seat, the total pot, the fees, the time zone and the hero. At 100,000 HandHQ-shaped
hands none of them was filled (nor in the tests' real HandHQ sample).

`site_values` is NULL for a deal with none of them, else the JSON array of SITE_VALUES' values
in its order, its trailing NULLs left out (`["PokerStars",4,250000,0,"ET"]`): the texts as
JSON strings, the amounts and seats as integers. `played_at` stays a column: PostgreSQL's
generated column must be of an immutable expression, and no cast of a text to a time with a
zone is one.
"""

from typing import Final

from pokerdb.storage.schema.held_values import (
    generated_held,
    held_array,
    held_sql,
    stored_array_sql,
)

SITE_VALUES: Final = "site_values"  # the column
# The columns it holds, in the array's order (a site's hand fills all but the hero in most
# files, and the hero last), each with its type on PostgreSQL where ->>'s text must be cast to
# it.
SITE_COLUMNS: Final[dict[str, str | None]] = {
    "site": None, "button_seat": "SMALLINT", "total_pot": "BIGINT", "fees": "BIGINT",
    "time_zone": None, "hero": "SMALLINT"}
_INDEX: Final = {name: index for index, name in enumerate(SITE_COLUMNS)}


def site_value_sql(name: str, dialect: str) -> str:
    """SQL (of `dialect`) for the column `name` held by a deal's `site_values`."""
    return held_sql(_INDEX[name], dialect, SITE_COLUMNS[name], SITE_VALUES)


def site_values_sql(dialect: str) -> str:
    """SQL (of `dialect`) for deals.site_values of the columns stored (revision 0038's
    upgrade), as site_values writes it."""
    return stored_array_sql(dialect, SITE_COLUMNS)


# Each column of deals generated from deals.site_values, on each backend.
GENERATED_SITE_VALUES: Final = generated_held(SITE_COLUMNS, SITE_VALUES)


def site_values(site: str | None, button_seat: int | None, total_pot: int | None,
                fees: int | None, time_zone: str | None, hero: int | None) -> str | None:
    """deals.site_values of a deal's values (amounts in stored units), its parameters in
    SITE_COLUMNS' order, as JSON text (NULL: None); SQLite's json_array writes the same."""
    return held_array((site, button_seat, total_pot, fees, time_zone, hero))
