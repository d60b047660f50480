"""A player's biggest hands from the rows of player_runs (storage.player_runs): each row's
biggest as it keeps them, or, for a row that keeps none (revision 0033: its deals span fewer
than run_biggest.KEPT_SPAN ids), read from its seats, the player's among its deals that the
row's key selects (`seat_hands_sql`, which the revision's downgrade fills the rows' lists with).
Only the rows whose peak can reach the list are read, a few for a page.
"""

import heapq
import json
from collections.abc import Mapping
from typing import Final

from sqlalchemy import Engine, text

from pokerdb.storage.deal_texts import texts_sql
from pokerdb.storage.engines import reading
from pokerdb.storage.player_runs import RunRow, bucket_sql
from pokerdb.storage.player_stats import DAY_SQL
from pokerdb.storage.run_biggest import RUN_BIGGEST

# What a row's hands are read by: its key and its first and last deal.
ROW_COLUMNS: Final = ("name_id", "dataset_id", "site", "currency", "stakes", "day", "bucket",
                      "big_blind", "first_deal", "last_deal")


def seat_hands_sql(dialect: str, row: Mapping[str, str]) -> str:
    """The hands of known result of a row of player_runs, read from its seats (a SELECT of
    deal, net): the seats of its player among its deals whose deals have its key, each as
    import keys them (storage.player_runs); `row` gives each of ROW_COLUMNS as SQL."""
    joins, shown = texts_sql("d", "venue", "stakes")
    keys = {"dataset_id": "d.dataset_id", "site": f"COALESCE(d.site, {shown['venue']}, '')",
            "currency": "COALESCE(d.currency, '')", "stakes": f"COALESCE({shown['stakes']}, '')",
            "day": f"COALESCE({DAY_SQL[dialect]}, 0)", "bucket": bucket_sql(dialect),
            "big_blind": "COALESCE(d.big_blind, 0)"}
    conditions = [f"s.deal_id BETWEEN {row['first_deal']} AND {row['last_deal']}",
                  f"s.name_id = {row['name_id']}", "s.net IS NOT NULL",
                  *(f"{sql} = {row[key]}" for key, sql in keys.items())]
    return (f"SELECT s.deal_id AS deal, s.net AS net FROM seats s "
            f"JOIN deals d ON d.id = s.deal_id{joins} WHERE {' AND '.join(conditions)}")


def _read_hands(engine: Engine, row: RunRow, count: int) -> list[list[int]]:
    """The row's `count` biggest hands read from its seats: [deal id less first_deal, net]."""
    bound = {name: f":{name}" for name in ROW_COLUMNS}
    bound["name_id"] = "(SELECT id FROM player_names WHERE name = :name)"
    statement = text(f"SELECT deal, net FROM ({seat_hands_sql(engine.dialect.name, bound)}) "
                     f"hands ORDER BY abs(net) DESC, deal LIMIT {int(count)}")
    values = {name: getattr(row, name) for name in ROW_COLUMNS if name != "name_id"}
    values.update(name=row.name, big_blind=row.big_blind or 0)
    with reading(engine) as connection:
        return [[int(deal) - row.first_deal, int(net)]
                for deal, net in connection.execute(statement, values)]


def biggest_hands(engine: Engine, rows: list[RunRow],
                  count: int) -> list[tuple[int, str, int]]:
    """The `count` hands of known result of the rows with the largest net won or lost (the
    first imported first among equals): (deal id, money, net). A row keeps its RUN_BIGGEST
    biggest, or they are read from its seats, and only the rows whose peak can reach the
    list are read."""
    assert count <= RUN_BIGGEST
    best: list[tuple[int, int, int, str]] = []  # |net|, -deal id, net, money: a min-heap
    for row in sorted(rows, key=lambda row: -1 if row.peak is None else row.peak,
                      reverse=True):
        if row.peak is None or (len(best) == count and row.peak < best[0][0]):
            break
        hands = (json.loads(row.biggest) if row.biggest is not None
                 else _read_hands(engine, row, count))
        for offset, net in hands:
            hand = (abs(net), -row.first_deal - offset, net, row.currency)
            if len(best) < count:
                heapq.heappush(best, hand)
            elif hand[:2] > best[0][:2]:
                heapq.heapreplace(best, hand)
    return [(-deal, money, net) for _, deal, net, money in sorted(best, reverse=True)]
