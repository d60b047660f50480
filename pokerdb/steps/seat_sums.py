"""A batch's seats summed from its rows as steps.hand_rows lays them out: the batch's partial rows
of player_days and player_runs (storage.player_sums.PlayerSums, whose rows of player_totals are
those of player_days summed), keyed as SQL keys them from the stored seats and deals
(storage.player_stats.totals_of_seats, storage.player_runs.bucket_sql), made by
steps.hand_histories.stage_hands wherever it runs and sent with the staged batch."""

import json
import sys
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from pokerdb.steps.hand_rows import DEAL_COLUMNS, SEAT_COLUMNS, HandRows
from pokerdb.storage import held_sums
from pokerdb.storage.player_runs import bucket_of
from pokerdb.storage.player_sums import PlayerSums
from pokerdb.storage.row_writes import Row
from pokerdb.storage.schema.deal_clock import DAY
from pokerdb.storage.schema.site_values import SITE_VALUES

_EPOCH: Final = datetime(1970, 1, 1, tzinfo=UTC)
_SECOND: Final = timedelta(seconds=1)
(_ID, _SITE_VALUES, _VENUE, _CURRENCY, _DAY, _PLAYED_AT, _TABLE, _STAKES,
 _BIG_BLIND) = map(DEAL_COLUMNS.index, ("id", SITE_VALUES, "venue", "currency", DAY,
                                        "played_at", "table_name", "stakes", "big_blind"))
# Where a seat's row holds its deal id, name, net, allin and packed (held_sums.add_seats).
_SEAT_AT: Final = (SEAT_COLUMNS.index("deal_id"), SEAT_COLUMNS.index("name"),
                   SEAT_COLUMNS.index("net"), SEAT_COLUMNS.index("allin"),
                   SEAT_COLUMNS.index("packed"))


def seat_sums(rows: HandRows, dataset_id: int) -> PlayerSums:
    """The rows' seats with a name summed."""
    deals: dict[int, tuple[Any, ...]] = dict(map(_deal, rows.deals))
    sums = PlayerSums()
    held_sums.add_seats(sums.days, sums.runs.held, rows.seats, deals, dataset_id, _SEAT_AT)
    return sums


# A deal's site, money, stakes, day, bucket, big blind, table and second of play.
_DealKeys = tuple[str, str, str, int, int, int | None, str, int | None]


def _deal(deal: Row) -> tuple[int, _DealKeys]:
    """A deal's id, and its keys (_DealKeys): its site, else its venue, else ''."""
    deal_id = deal[_ID]
    played = deal[_PLAYED_AT]  # as it is stored: UTC, as text
    second = None if played is None else (datetime.fromisoformat(played) - _EPOCH) // _SECOND
    held = deal[_SITE_VALUES]  # schema.site_values: the site first
    site = json.loads(held)[0] if held is not None else None
    if site is None:
        site = deal[_VENUE]
    return deal_id, (
        sys.intern(site or ""), sys.intern(deal[_CURRENCY] or ""),
        sys.intern(deal[_STAKES] or ""), deal[_DAY] or 0, bucket_of(deal_id, second),
        deal[_BIG_BLIND], sys.intern(deal[_TABLE] or ""), second)
