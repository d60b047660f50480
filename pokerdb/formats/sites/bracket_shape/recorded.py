"""A hand of a site in the bracket shape (or one whose files pokerdb puts in its terms, as
iPoker's XML) as the model takes it: its header read, its seats dealt in, its play read by
bracket_shape.play, then a `PhhHand` with the `SiteFacts` of what the file says was won."""

import datetime
from dataclasses import dataclass

from pokerdb.formats.sites.bracket_shape.lines import BracketSite
from pokerdb.formats.sites.bracket_shape.play import BracketPlay
from pokerdb.formats.sites.stars_shape.reader import SiteHand
from pokerdb.rules.hand_record import HandDetails, PhhHand, SiteFacts, site_rules


@dataclass(frozen=True)
class Header:
    """What a hand's header says, checked: amounts in the hand's units."""

    number: str
    table: str
    moment: datetime.datetime | None  # as written, in the file's zone
    zone: str | None  # the zone's abbreviation, where the file names one
    seat_count: int  # 0: not said
    button_seat: int
    currency: str
    symbol: str | None
    code: str  # the variant
    hole_count: int
    bets: tuple[int, int] | None  # a limit game's small and big bets
    big_blind: int


def in_order(seated: list[tuple[int, str, int]], header: Header) -> list[tuple[int, str, int]]:
    """The seats dealt in (number, name, stack) as PHH numbers its players: p1 first after the
    button, the button last."""
    ring = max(header.seat_count, 10, *(seat for seat, _, _ in seated))
    return sorted(seated, key=lambda each: (each[0] - header.button_seat - 1) % ring)


def recorded(site: BracketSite, hand: SiteHand, header: Header,
             seated: list[tuple[int, str, int]], script: list[str] | None = None) -> PhhHand:
    """The hand of `seated` (in PHH's order), its play read from its lines (or `script`, the
    lines in the shape's terms, one per line of the hand)."""
    stacks = [stack for _, _, stack in seated]
    body = BracketPlay(hand, site, [name for _, name, _ in seated], stacks, header.hole_count,
                       header.big_blind, script)
    body.read()
    antes, blinds = body.forced_bets()
    moment = header.moment
    details = HandDetails(
        hand=header.number, table=header.table, venue=site.name,
        year=moment.year if moment else None, month=moment.month if moment else None,
        day=moment.day if moment else None, time=moment.time() if moment else None,
        time_zone=header.zone, time_zone_abbreviation=header.zone,
        seat_count=header.seat_count or None, seats=tuple(seat for seat, _, _ in seated),
        currency=header.currency, currency_symbol=header.symbol)
    facts = SiteFacts(
        site=site.name, button_seat=header.button_seat,
        played_at=hand.utc(moment, header.zone), tournament=None, buy_in=None, level=None,
        total_pot=body.total_pot, rake=body.rake, fees=0, collected=tuple(body.collected),
        put_in=tuple(body.put_in), returned=tuple(body.returned),
        cashed_out=(0,) * len(seated), second_board=None,
        words=tuple(tuple(words) for words in body.words), hero=body.hero,
        lines=tuple(body.action_lines), texts=tuple(body.action_texts))
    bets = header.bets
    return PhhHand(
        source=hand.source, variant=header.code, exponent=hand.exponent, antes=tuple(antes),
        blinds_or_straddles=tuple(blinds), bring_in=None,
        small_bet=bets[0] if bets else None, big_bet=bets[1] if bets else None,
        min_bet=None if bets else header.big_blind, starting_stacks=tuple(stacks),
        actions=tuple(body.actions), ante_trimming_status=body.short_ante,
        players=tuple(name for _, name, _ in seated), finishing_stacks=None,
        winnings=tuple(body.collected), details=details, site=facts,
        rules=site_rules(site.name))
