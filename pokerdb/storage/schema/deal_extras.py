"""deals.extras (revision 0037): the columns of a deal that a HandHQ hand leaves NULL, as one
value (schema.held_values), which `deals` shows again as the columns of those names, generated
from it with the same types and values: the board of an all-in before the river, the
fixed-limit bets, a tournament's level, number and buy-in, a site's second and third boards,
PHH's event and the stud bring-in. At 100,000 HandHQ-shaped hands, 97 % of the deals had none
of them (a site's hand fills its `fees` and `time_zone`, which stay columns).

`extras` is NULL for a deal with none of them, else the JSON array of DEAL_EXTRAS' values in
its order, its trailing NULLs left out (`["AH KD 7C"]`): the texts as JSON strings, the amounts
as integers.
"""

from typing import Final

from pokerdb.storage.schema.held_values import (
    generated_held,
    held_array,
    held_sql,
    stored_array_sql,
)

# The columns it holds, in the array's order (the one that measured smallest on HandHQ-shaped
# and PokerStars hands: the most often filled first), each with its
# type on PostgreSQL where ->>'s text must be cast to it (an amount's BIGINT).
DEAL_EXTRAS: Final[dict[str, str | None]] = {
    "allin_board": None, "small_bet": "BIGINT", "big_bet": "BIGINT", "level": None,
    "tournament": None, "buy_in": None, "second_board": None, "third_board": None,
    "event": None, "bring_in": "BIGINT"}
_INDEX: Final = {name: index for index, name in enumerate(DEAL_EXTRAS)}


def deal_extra_sql(name: str, dialect: str) -> str:
    """SQL (of `dialect`) for the column `name` held by a deal's `extras`."""
    return held_sql(_INDEX[name], dialect, DEAL_EXTRAS[name])


def deal_extras_sql(dialect: str) -> str:
    """SQL (of `dialect`) for deals.extras of the columns stored (revision 0037's upgrade), as
    deal_extras writes it."""
    return stored_array_sql(dialect, DEAL_EXTRAS)


# Each column of deals generated from deals.extras, on each backend.
GENERATED_DEAL_EXTRAS: Final = generated_held(DEAL_EXTRAS)


def deal_extras(allin_board: str | None, small_bet: int | None, big_bet: int | None,
                level: str | None, tournament: str | None, buy_in: str | None,
                second_board: str | None, third_board: str | None, event: str | None,
                bring_in: int | None) -> str | None:
    """deals.extras of a deal's values (amounts in stored units), its parameters in
    DEAL_EXTRAS' order, as JSON text (NULL: None); SQLite's json_array writes the same."""
    return held_array((allin_board, small_bet, big_bet, level, tournament, buy_in, second_board,
                       third_board, event, bring_in))
