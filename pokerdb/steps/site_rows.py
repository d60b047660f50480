"""The columns of a site's hand (deals and seats, revision 0011) beside PHH's: what a tracker
needs, from the hand's `SiteFacts` and its settlement as the site paid it."""

from collections.abc import Sequence
from typing import Final

from pokerdb.rules.hand_record import PhhHand
from pokerdb.rules.positions import position_names
from pokerdb.rules.settlement import Settlement
from pokerdb.storage.schema.site_values import SITE_VALUES, site_values

# Those of deals stored (the site, button seat, total pot, fees, time zone and hero are
# generated from deals.site_values, schema.site_values).
SITE_DEAL_COLUMNS: Final = ("played_at", "rake", SITE_VALUES)
# Those of seats stored (position is generated from seats.packed, cashed_out from seats.extras).
SITE_SEAT_COLUMNS: Final = ("collected", "raked")
UTC_TEXT: Final = "%Y-%m-%dT%H:%M:%S.%f+00:00"  # as storage.column_types.UtcDateTime writes it
# A site's values of deals.extras (schema.deal_extras): the tournament's number and buy-in,
# the second and third boards.
SiteExtras = tuple[str | None, str | None, str | None, str | None]
_NO_EXTRAS: Final[SiteExtras] = (None, None, None, None)


def stored(units: int | None, factor: int) -> int | None:
    """An amount of a hand as stored (NULL: None): its units times `factor`, the stored
    units (whole ten-thousandths: rules.money) in one of the hand's."""
    return None if units is None else units * factor


def site_deal(hand: PhhHand, settlement: Settlement, factor: int) -> tuple[object, ...]:
    """The site columns of the hand's deals row, as SITE_DEAL_COLUMNS orders them (all NULL
    for a hand of no site but its rake, where its venue's winnings tell it:
    rules.recorded_figures, and its time zone, where its file gives one), its amounts as
    `stored`."""
    site = hand.site
    time_zone = hand.details.time_zone
    if site is None:
        return (None, None if settlement.raked is None else sum(settlement.raked) * factor,
                None if time_zone is None else site_values(None, None, None, None, time_zone,
                                                           None))
    return (None if site.played_at is None else site.played_at.strftime(UTC_TEXT),
            stored(site.rake, factor),
            site_values(site.site, site.button_seat, stored(site.total_pot, factor),
                        stored(site.fees, factor), time_zone, site.hero))


def site_extras(hand: PhhHand) -> SiteExtras:
    """A site's values that deals.extras holds (all None for a hand of no site)."""
    site = hand.site
    if site is None:
        return _NO_EXTRAS
    return site.tournament, site.buy_in, site.second_board, site.third_board


def site_level(hand: PhhHand) -> str | None:
    """A site's tournament level as written ("III"), for the deals' `level` (PHH's is a
    number)."""
    return None if hand.site is None else hand.site.level


def site_seats(hand: PhhHand, settlement: Settlement) -> tuple[Sequence[object],
                                                               Sequence[int | None],
                                                               Sequence[int | None],
                                                               Sequence[int | None]]:
    """The site columns of the hand's seats rows, column by column, amounts in the hand's
    units (of a PHH hand, only each seat's share of the rake and fees its file states:
    PhhHand.taken)."""
    count = hand.player_count
    site = hand.site
    if site is None:
        nothing = (None,) * count
        return nothing, nothing, nothing if settlement.raked is None else settlement.raked, nothing
    positions = position_names(count) if site.button_seat is not None else (None,) * count
    return positions, site.collected, settlement.raked or (0,) * count, site.cashed_out


def seat_forced_bets(hand: PhhHand) -> tuple[Sequence[int | None], Sequence[int | None]]:
    """Each seat's ante and blind (or straddle) as it posts them: PHH lists heads-up forced
    bets in reverse."""
    antes: Sequence[int | None] = hand.antes
    blinds: Sequence[int | None] = hand.blinds_or_straddles or (None,) * hand.player_count
    if hand.player_count == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    return antes, blinds
