"""The columns of a site's hand (deals and seats, revision 0011) beside PHH's: what a tracker
needs, from the hand's `SiteFacts` and its settlement as the site paid it."""

from collections.abc import Callable, Sequence
from typing import Final

from pokerdb.rules.hand_record import PhhHand
from pokerdb.rules.positions import position_names
from pokerdb.rules.settlement import Settlement

SITE_DEAL_COLUMNS: Final = ("site", "button_seat", "played_at", "tournament", "buy_in",
                            "total_pot", "rake", "fees", "second_board", "hero", "third_board")
SITE_SEAT_COLUMNS: Final = ("position", "collected", "raked", "cashed_out")
Money = Callable[[Sequence[int | None]], Sequence[int | None]]
UTC_TEXT: Final = "%Y-%m-%dT%H:%M:%S.%f+00:00"  # as storage.column_types.UtcDateTime writes it
_NO_DEAL: Final = (None,) * len(SITE_DEAL_COLUMNS)


def site_deal(hand: PhhHand, settlement: Settlement, money: Money) -> tuple[object, ...]:
    """The site columns of the hand's deals row (all NULL for a hand of no site but its rake,
    where its venue's winnings tell it: rules.recorded_figures)."""
    site = hand.site
    if site is None:
        if settlement.raked is None:
            return _NO_DEAL
        rake = money([sum(settlement.raked)])[0]
        return (*_NO_DEAL[:6], rake, *_NO_DEAL[7:])
    total_pot, rake, fees = money([site.total_pot, site.rake, site.fees])
    return (site.site, site.button_seat,
            None if site.played_at is None else site.played_at.strftime(UTC_TEXT),
            site.tournament,
            site.buy_in, total_pot, rake, fees, site.second_board, site.hero, site.third_board)


def site_level(hand: PhhHand) -> str | None:
    """A site's tournament level as written ("III"), for the deals' `level` (PHH's is a
    number)."""
    return None if hand.site is None else hand.site.level


def site_seats(hand: PhhHand, settlement: Settlement,
               money: Money) -> tuple[Sequence[object], ...]:
    """The site columns of the hand's seats rows, column by column (of a PHH hand, only each
    seat's share of the rake and fees its file states: PhhHand.taken)."""
    count = hand.player_count
    site = hand.site
    if site is None:
        nothing = (None,) * count
        raked = nothing if settlement.raked is None else money(settlement.raked)
        return nothing, nothing, raked, nothing
    positions = position_names(count) if site.button_seat is not None else (None,) * count
    return (positions, money(site.collected),
            money(settlement.raked or (0,) * count), money(site.cashed_out))


def seat_forced_bets(hand: PhhHand) -> tuple[Sequence[int | None], Sequence[int | None]]:
    """Each seat's ante and blind (or straddle) as it posts them: PHH lists heads-up forced
    bets in reverse."""
    antes: Sequence[int | None] = hand.antes
    blinds: Sequence[int | None] = hand.blinds_or_straddles or (None,) * hand.player_count
    if hand.player_count == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    return antes, blinds
