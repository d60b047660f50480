"""A site's hand that pokerdb exported as PHH (pokerdb.exports.phh) read back as the same site's
hand: its facts beyond PHH's own fields, written as user-defined fields (`_site`,
`_button_seat`, `_played_at`, ...), become the hand's `SiteFacts`, so that it is stored with the
site's columns of deals and seats and, like the site's own file, once (site_hands).

Its figures are PHH's: the winnings are what the site paid each seat (what it collected), and
`_rake` and `_fees` what the pots paid besides (PhhHand.taken, checked by
rules.recorded_figures); the facts that only a site's own file states (each line's text, the
names of the hands shown, the uncalled bets) are not in the file and are left empty.
"""

import datetime
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Final, cast

from pokerdb.formats.phh.fields import Fields
from pokerdb.rules.hand_record import PAYS_THE_POT_ON_CASH_OUT, SiteFacts

SITE_FIELD: Final = "_site"
TAKEN_FIELDS: Final = ("_rake", "_fees")  # what the pots paid besides the players
_BOARD: Final = re.compile(r"(?:[2-9TJQKA][CDHS] ){4}[2-9TJQKA][CDHS]")
_SEAT_LIMIT: Final = 2**15  # a seat number is stored as a SMALLINT
# How far a local time can be from UTC (14 hours ahead in Kiribati), and half a day more where
# the time is not given (noon taken).
_ZONES_APART: Final = datetime.timedelta(hours=14)
_HALF_DAY: Final = datetime.timedelta(hours=12)


@dataclass(frozen=True, slots=True)
class ExportedSite:
    """The site's fields of an exported hand as read, before the hand's unit is known."""

    site: str
    button_seat: int | None
    played_at: datetime.datetime | None
    tournament: str | None
    buy_in: str | None
    level: str | None
    total_pot: int | Decimal
    cashed_out: list[int | Decimal] | None
    second_board: str | None
    hero: int | None
    third_board: str | None = None
    cash_drop: int | Decimal | None = None  # money in the pot from no player (GGPoker's)

    def facts(self, fields: Fields, winnings: tuple[int, ...], rake: int,
              fees: int) -> SiteFacts:
        """The hand's SiteFacts, its amounts in the hand's units (after Fields.exponent)."""
        count = len(winnings)
        sizes = () if self.cashed_out is None else cast("tuple[int, ...]", fields.units(
            "_cashed_out", [-value if value < 0 else value for value in self.cashed_out]))
        cashed_out = (0,) * count if self.cashed_out is None else tuple(
            -size if value < 0 else size
            for size, value in zip(sizes, self.cashed_out, strict=True))
        return SiteFacts(
            site=self.site, button_seat=self.button_seat, played_at=self.played_at,
            tournament=self.tournament, buy_in=self.buy_in, level=self.level,
            total_pot=fields.unit("_total_pot", self.total_pot) or 0, rake=rake, fees=fees,
            collected=winnings, put_in=(), returned=(), cashed_out=cashed_out,
            second_board=self.second_board, words=(), hero=self.hero, lines=(), texts=(),
            exported=True, third_board=self.third_board,
            cash_drop=0 if self.cash_drop is None else fields.unit("_cash_drop",
                                                                   self.cash_drop) or 0)


def exported_site(fields: Fields, players: int) -> ExportedSite | None:
    """The site's fields of the hand, if it has `_site` (PhhError naming a field that is not
    as pokerdb exports it)."""
    site = fields.optional_text(SITE_FIELD)
    if site is None:
        return None
    if fields.table.get("winnings") is None:
        raise fields.fail(SITE_FIELD, "needs 'winnings': what the site paid each seat")
    total_pot = fields.optional_amount("_total_pot")
    if total_pot is None:
        raise fields.fail("_total_pot", "is missing: a site's hand states its total pot")
    hero = fields.integer("_hero")
    if hero is not None and not 1 <= hero <= players:
        raise fields.fail("_hero", f"is {hero}: a player of the hand, 1 to {players}")
    board, third = _board(fields, "_second_board"), _board(fields, "_third_board")
    return ExportedSite(
        site=site, button_seat=_seat(fields), played_at=_played_at(fields),
        tournament=fields.optional_text("_tournament"), buy_in=fields.optional_text("_buy_in"),
        level=fields.optional_text("_level"), total_pot=total_pot,
        cashed_out=_cash_outs(fields, players, site), second_board=board,
        hero=hero, third_board=third, cash_drop=fields.optional_amount("_cash_drop"))


def _cash_outs(fields: Fields, players: int, site: str) -> list[int | Decimal] | None:
    """`_cashed_out`, per seat: at a site that pays the pot as usual, signed (what the site
    paid the seat beside the pot less what the seat paid it: rules.hand_record.pays_the_pot);
    at another, what it paid for a cash-out, zero or more."""
    beside = site.startswith(PAYS_THE_POT_ON_CASH_OUT)
    sizes = fields.optional_numbers("_cashed_out", players, signed=beside)
    written = fields.table.get("_cashed_out")
    if sizes is None or not beside or not isinstance(written, list):
        return sizes
    return [-size if isinstance(value, int | Decimal) and value < 0 else size
            for size, value in zip(sizes, written, strict=True)]


def _board(fields: Fields, name: str) -> str | None:
    """A board of a hand run more than once (`_second_board`, `_third_board`)."""
    board = fields.optional_text(name)
    if board is not None and _BOARD.fullmatch(board) is None:
        raise fields.fail(name, f"is {board!r}: five cards, as 'AH KH 7C 2D 9S'")
    if board is not None and len(set(board.split())) < 5:
        raise fields.fail(name, f"is {board!r}: it holds a card twice")
    return board


def _seat(fields: Fields) -> int | None:
    seat = fields.integer("_button_seat")
    if seat is not None and not 1 <= seat < _SEAT_LIMIT:
        raise fields.fail("_button_seat", f"is {seat}: a seat number, 1 or more")
    count, seats = fields.table.get("seat_count"), fields.table.get("seats")
    table = count if isinstance(count, int) else max(seats) if isinstance(seats, list) and seats \
        and all(isinstance(number, int) for number in seats) else None
    if seat is not None and isinstance(table, int) and seat > table:
        raise fields.fail("_button_seat", f"is {seat}: the table has {table} seats")
    return seat


def _played_at(fields: Fields) -> datetime.datetime | None:
    """`_played_at`, a date and time with its offset from UTC, in UTC."""
    text = fields.optional_text("_played_at")
    if text is None:
        return None
    try:
        when = datetime.datetime.fromisoformat(text)
    except ValueError:
        when = None
    if when is None or when.utcoffset() is None:
        raise fields.fail("_played_at", f"is {text!r}: a date and time with its offset from "
                                        f"UTC, as '2011-05-19T00:41:04+00:00'")
    when = when.astimezone(datetime.UTC)
    local = _local(fields)
    slack = _ZONES_APART + (datetime.timedelta(0) if isinstance(fields.table.get("time"),
                                                                datetime.time) else _HALF_DAY)
    if local is not None and abs(local - when.replace(tzinfo=None)) > slack:
        shown = local if isinstance(fields.table.get("time"), datetime.time) else local.date()
        raise fields.fail("_played_at", f"is {text!r}: in no time zone is that {shown}, the "
                                        f"hand's local date and time")
    return when


def _local(fields: Fields) -> datetime.datetime | None:
    """The hand's local date and time by its fields `year`, `month`, `day` (and `time`: noon
    without it, the most a zone can be from UTC then taken a day wide); None without them or
    where they are not a date (the import says why)."""
    parts = [fields.table.get(name) for name in ("year", "month", "day")]
    time = fields.table.get("time")
    if not all(type(part) is int for part in parts):
        return None
    try:
        day = datetime.date(*cast("list[int]", parts))
    except (ValueError, OverflowError):
        return None
    at = time if isinstance(time, datetime.time) else datetime.time(12)
    return datetime.datetime.combine(day, at)
