"""Who won what in recorded hands (PHH datasets), per player name: `pokerdb players`.

Seats whose file gives no name are left out. Amounts are summed in the database, exactly on
PostgreSQL; SQLite keeps decimal amounts as binary floats, so sums are rounded to 9 decimal
places, and whole ones shown without decimals on both.
"""

from typing import Any

from sqlalchemy import Engine, and_, func, select

from pokerdb.answers.rendering import Table
from pokerdb.answers.results import category_label, in_dataset
from pokerdb.storage.engines import reading
from pokerdb.storage.schema import categories, category_id, deals, hand_values, seats

AMOUNT_PLACES = 9


def player_results(engine: Engine, dataset: str | None = None) -> list[Table]:
    """Two tables: per player, the hands played, the net chips, the showdowns reached and won
    (chips taken from a pot at the showdown); and per player and category of the hand shown
    (of its kind: "Seven Low (deuce-to-seven)"), the showdowns and the net chips."""
    named = seats.c.name.is_not(None)
    won = and_(seats.c.showed, seats.c.put_in + seats.c.net > 0)
    net = func.sum(seats.c.net)
    totals = in_dataset(
        select(seats.c.name, func.count(), net, func.count().filter(seats.c.showed),
               func.count().filter(won))
        .select_from(seats).join(deals, deals.c.id == seats.c.deal_id)
        .where(named).group_by(seats.c.name).order_by(net.desc(), seats.c.name),
        engine, dataset)
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
        player_rows = [(name, hands, _amount(chips), showdowns, showdowns_won)
                       for name, hands, chips, showdowns, showdowns_won
                       in connection.execute(totals)]
        category_rows = [(name, category_label(category, kind), showdowns, _amount(chips))
                         for name, category, kind, showdowns, chips
                         in connection.execute(by_category)]
    return [Table(("player", "hands", "net", "showdowns", "showdowns won"), player_rows,
                  "players"),
            Table(("player", "category", "showdowns", "net"), category_rows, "net_by_category")]


def _amount(value: Any) -> Any:
    """A summed amount as shown: whole ones as integers, others to AMOUNT_PLACES places."""
    if isinstance(value, float):
        value = round(value, AMOUNT_PLACES)
        return int(value) if value.is_integer() else value
    return value
