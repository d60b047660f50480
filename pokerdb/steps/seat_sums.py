"""A batch's seats summed from its rows as steps.hand_rows lays them out: the batch's partial rows
of player_days and player_runs (storage.player_sums.PlayerSums, whose rows of player_totals are
those of player_days summed), keyed as SQL keys them from the stored seats and deals
(storage.player_stats.totals_of_seats, storage.player_runs.bucket_sql), made by
steps.hand_histories.stage_hands wherever it runs and sent with the staged batch."""

import sys
from datetime import UTC, datetime, timedelta
from typing import Final

from pokerdb.steps.hand_rows import DEAL_COLUMNS, SEAT_COLUMNS, HandRows
from pokerdb.storage import held_sums
from pokerdb.storage.player_runs import bucket_of
from pokerdb.storage.player_sums import PlayerSums
from pokerdb.storage.row_writes import Row
from pokerdb.storage.schema.deal_clock import DAY
from pokerdb.storage.schema.seat_bits import (
    FLAGS_MASK,
    FLAGS_SHIFT,
    FOLDS_BIT,
    NAMED_POSITIONS,
    POSITION_MASK,
)

_EPOCH: Final = datetime(1970, 1, 1, tzinfo=UTC)
_SECOND: Final = timedelta(seconds=1)
(_ID, _SITE, _VENUE, _CURRENCY, _DAY, _PLAYED_AT, _TABLE, _STAKES,
 _BIG_BLIND) = map(DEAL_COLUMNS.index, ("id", "site", "venue", "currency", DAY, "played_at",
                                        "table_name", "stakes", "big_blind"))
(_DEAL_ID, _NAME, _NET, _AGGRESSIVE, _CALLS, _ALLIN, _PACKED) = map(SEAT_COLUMNS.index, (
    "deal_id", "name", "net", "postflop_aggressive", "postflop_calls", "allin", "packed"))


def seat_sums(rows: HandRows, dataset_id: int) -> PlayerSums:
    """The rows' seats with a name summed."""
    deals = dict(map(_deal, rows.deals))
    sums = PlayerSums()
    # Each seat added by held_sums' compiled calls.
    days, runs = sums.days, sums.runs.held
    for seat in rows.seats:
        name = seat[_NAME]
        if name is None:
            continue
        deal_id = seat[_DEAL_ID]
        (site, currency, stakes, day, bucket, big_blind, table, second) = deals[deal_id]
        packed = seat[_PACKED]  # storage.schema.seat_bits
        net = seat[_NET]
        # Its names kept once: a batch's rows of a player are sent with one copy of them.
        held_sums.add_seat(
            days, runs, (sys.intern(name), dataset_id, site, currency, stakes, day, bucket,
                         big_blind or 0),
            NAMED_POSITIONS[packed & POSITION_MASK],
            held_sums.seat_value(packed >> FLAGS_SHIFT & FLAGS_MASK, seat[_AGGRESSIVE],
                                 seat[_CALLS], packed >> FOLDS_BIT & 1, seat[_ALLIN], net),
            big_blind, deal_id, second, table, net)
    return sums


# A deal's site, money, stakes, day, bucket, big blind, table and second of play.
_DealKeys = tuple[str, str, str, int, int, int | None, str, int | None]


def _deal(deal: Row) -> tuple[int, _DealKeys]:
    """A deal's id, and its keys (_DealKeys): its site, else its venue, else ''."""
    deal_id = deal[_ID]
    played = deal[_PLAYED_AT]  # as it is stored: UTC, as text
    second = None if played is None else (datetime.fromisoformat(played) - _EPOCH) // _SECOND
    site = deal[_SITE] if deal[_SITE] is not None else deal[_VENUE]
    return deal_id, (
        sys.intern(site or ""), sys.intern(deal[_CURRENCY] or ""),
        sys.intern(deal[_STAKES] or ""), deal[_DAY] or 0, bucket_of(deal_id, second),
        deal[_BIG_BLIND], sys.intern(deal[_TABLE] or ""), second)
