"""Who won what in recorded hands (PHH datasets), per player name: `pokerdb players`, the
tracker statistics of the player_stats views (pokerdb.storage.player_stats) and the net by the
category of the hand shown.

Seats whose file gives no name are left out. Amounts are summed in the database, exactly on
PostgreSQL; SQLite keeps decimal amounts as binary floats, so sums are rounded to 9 decimal
places, and whole ones shown without decimals on both. Percentages are shown to one decimal,
ratios and big blinds to two.
"""

from decimal import Decimal
from typing import Any, Final

from sqlalchemy import Engine, and_, func, select, text

from pokerdb.answers.rendering import Table
from pokerdb.answers.results import category_label, in_dataset
from pokerdb.errors import PokerdbError
from pokerdb.storage.engines import reading
from pokerdb.storage.player_stats import GROUPINGS, one_dataset, stats_select
from pokerdb.storage.schema import categories, deals, hand_values, seats
from pokerdb.storage.view_columns import category_id

AMOUNT_PLACES = 9
# The figures shown, each with the places it is rounded to (None: an amount).
SHOWN: Final = {
    "hands": 0, "vpip": 1, "pfr": 1, "three_bet": 1, "fold_to_three_bet": 1, "cbet": 1,
    "fold_to_cbet": 1, "aggression_factor": 2, "aggression_frequency": 1,
    "went_to_showdown": 1, "won_at_showdown": 1, "net": None, "bb_per_100": 2,
    "allin_adjusted_net": 2,
}
SORT_COLUMNS: Final = ("player", *SHOWN)


def player_results(engine: Engine, dataset: str | None = None, by: str | None = None,
                   min_hands: int = 1, sort: str = "net") -> list[Table]:
    """The tracker statistics per player (or per player and `by`: "position" or "stakes") of
    the players with at least `min_hands` hands, largest `sort` first; without `by`, also the
    showdowns and net chips per player and category of the hand shown."""
    if by not in GROUPINGS:
        raise PokerdbError(f"--by is position or stakes, not {by!r}")
    if sort not in SORT_COLUMNS:
        raise PokerdbError(f"cannot sort by {sort!r}: the columns are "
                           f"{', '.join(SORT_COLUMNS)}")
    statistics = _statistics(engine, dataset, by, min_hands, sort)
    if by is not None:
        return [statistics]
    return [statistics, _net_by_category(engine, dataset)]


def _statistics(engine: Engine, dataset: str | None, by: str | None, min_hands: int,
                sort: str) -> Table:
    within = None if dataset is None else one_dataset(engine, dataset)
    keys = ["player", *([by] if by else [])]
    order = "player" if sort == "player" else f"{sort} DESC NULLS LAST, player"
    figures = stats_select(by, within)
    statement = text(
        f"SELECT {', '.join([*keys, *SHOWN])} FROM ({figures}) figures "
        f"WHERE hands >= :min_hands ORDER BY {order}{''.join(f', {key}' for key in keys[1:])}")
    places = [None] * len(keys) + list(SHOWN.values())
    with reading(engine) as connection:
        found = [tuple(_shown(value, place) for value, place in zip(row, places, strict=True))
                 for row in connection.execute(statement, {"min_hands": min_hands})]
    return Table((*keys, *SHOWN), found, "players")


def _net_by_category(engine: Engine, dataset: str | None) -> Table:
    named = seats.c.name.is_not(None)
    net = func.sum(seats.c.net)
    shown, category = category_id(
        select(seats.c.name, categories.c.name, categories.c.kind, func.count(), net)
        .select_from(seats).join(deals, deals.c.id == seats.c.deal_id)
        .join(hand_values, and_(hand_values.c.deal_id == seats.c.deal_id,
                                hand_values.c.player == seats.c.player)), hand_values)
    by_category = in_dataset(
        shown.join(categories, categories.c.id == category)
        .where(named, seats.c.showed)
        .group_by(seats.c.name, categories.c.id, categories.c.name, categories.c.kind)
        .order_by(seats.c.name, categories.c.id), engine, dataset)
    with reading(engine) as connection:
        category_rows = [(name, category_label(category, kind), showdowns, _amount(chips))
                         for name, category, kind, showdowns, chips
                         in connection.execute(by_category)]
    return Table(("player", "category", "showdowns", "net"), category_rows, "net_by_category")


def _shown(value: Any, places: int | None) -> Any:
    """A figure as shown: rounded to `places`, or an amount (places None)."""
    if value is None or isinstance(value, str):
        return value
    if places is None:
        return _amount(value)
    return int(value) if places == 0 else round(float(value), places)


def _amount(value: Any) -> Any:
    """A summed amount as shown: whole ones as integers, others to AMOUNT_PLACES places (or
    exact, as PostgreSQL sums them)."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else value.normalize()
    if isinstance(value, float):
        value = round(value, AMOUNT_PLACES)
        return int(value) if value.is_integer() else value
    return value
