"""Hand histories in the bracket shape read into the model every hand history is read into
(`PhhHand` with its `SiteFacts`): the header and seats here, through PokerStars' checks of a
hand's numbers, names, seats and date (stars_shape.reader.SiteHand), the play by
bracket_shape.play.

A hand's header: its title, the game line (`$0.05/$0.10 Blinds No Limit Holdem - *** 06 01
2014 22:40:28`, `$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 04:15:12 EST 2014`), the
table (`Table Abbotsford 6 Max (Real Money)`), the button's seat, the number of players and one
line per seat (`Seat 4: silas_tomkyn ( $10.98 )`, in any order). A seat is dealt in when its
player posts or acts. Stakes of one amount (`$4 USD PL Omaha`) are the table's buy-in: the big
blind is then the one posted. Players are numbered as PHH numbers them (p1 first after the
button).
"""

import functools
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from pokerdb.errors import quoted
from pokerdb.formats.phh.file_contents import Found
from pokerdb.formats.phh.files import PhhFile
from pokerdb.formats.phh.hand_histories import HandReader
from pokerdb.formats.recognition import site_hint
from pokerdb.formats.sites.bracket_shape.lines import (
    GAME_NUMBER,
    PLAYERS,
    SEAT,
    TABLE,
    TITLE,
    BracketSite,
    file_text,
    hand_starts,
    leading_text,
    plain_amount,
    played_at,
    without_currency,
)
from pokerdb.formats.sites.bracket_shape.play import POSTS
from pokerdb.formats.sites.bracket_shape.recorded import Header, in_order, recorded
from pokerdb.formats.sites.stars_shape import hand_files
from pokerdb.formats.sites.stars_shape.lines import BUTTON, texts_between
from pokerdb.formats.sites.stars_shape.reader import SiteHand
from pokerdb.rules.hand_record import (
    Cancelled,
    PhhError,
    PhhHand,
)
from pokerdb.rules.money import CURRENCY_SYMBOLS, PLAY_MONEY, money_of
from pokerdb.rules.variants import VARIANTS, Betting

# A player's lines that only a player dealt in writes.
_PLAYING: Final = ("posts ", "folds", "checks", "calls ", "bets ", "raises ", "is all-In",
                   "shows ", "mucks ", "doesn't show ")


def parse_bracket(site: BracketSite, file: PhhFile,
                  content: bytes) -> Iterator[PhhHand | PhhError | Cancelled]:
    """The hands of one file's content, in order."""
    text = file_text(content)
    starts = hand_starts(text)
    before = leading_text(text, starts)
    if before is not None:
        number, line = before
        yield PhhError(file.source, f"line {number} {quoted(line)}: not a {site.name} hand "
                                    f"(every hand starts '***** ... Hand History for Game')"
                                    f"{site_hint(line)}")
        return
    yield from _converted(site, file.source, text, starts, len(text),
                          text.count("\n", 0, starts[0]) + 1 if starts else 1)


def bracket_parts(site: BracketSite, file: PhhFile,
                  content: bytes) -> list[Callable[[], Found]]:
    """A file's hands in parts, as PokerStars' files are cut (hand_files.in_parts), together
    what parse_bracket reads."""
    text = file_text(content)
    starts = hand_starts(text)
    return hand_files.in_parts(text, starts, leading_text(text, starts) is not None,
                               functools.partial(parse_bracket, site, file, content),
                               functools.partial(_converted, site, file.source, text))


def _converted(site: BracketSite, source: str, text: str, starts: Sequence[int], end: int,
               first_line: int) -> Iterator[PhhHand | PhhError | Cancelled]:
    if not starts:
        return
    for hand in texts_between(text, starts, end, first_line):
        try:
            yield _convert(site, SiteHand(site.hand, source, hand))
        except PhhError as error:
            yield error


def _convert(site: BracketSite, hand: SiteHand) -> PhhHand:
    lines = hand.text.lines
    hand.exponent = 2
    at = 1 if GAME_NUMBER.match(lines[0]) else 0
    hand.index = at
    title = TITLE.match(lines[at])
    if title is None:
        raise hand.fail(f"not a {site.name} hand title")
    number = title["number"]
    hand.source = f"{hand.source}#{number}"
    if not site.owns(title):
        raise hand.fail(f"not a {site.name} hand{site_hint(lines[at])}")
    hand.digits(number, "the hand number")
    game_line = _line(hand, at + 1)
    header = site.header.match(game_line)
    if header is None:
        raise hand.fail(f"not a {site.name} game line")
    fields = header.groupdict()
    code, hole_count = site.games.get(header["game"], (None, 0))
    if code is None:
        raise hand.fail(f"the game {quoted(header['game'])} is not one pokerdb reads")
    variant = VARIANTS[code]
    try:
        written = played_at(fields)
    except ValueError:
        raise hand.fail("the date is not a date") from None
    moment = hand.when(written.strftime("%Y/%m/%d"), written.strftime("%H:%M:%S"))
    stakes = [plain_amount(part) for part in header["stakes"].split("/")]
    if None in stakes or len(stakes) > 2:
        raise hand.fail(f"stakes {quoted(header['stakes'])} are not 'SMALL/BIG' or a buy-in")
    table = TABLE.match(_line(hand, at + 2))
    if table is None:
        raise hand.fail("expected the table line: 'Table NAME (Real Money)'")
    button = BUTTON.match(_line(hand, at + 3))
    if button is None:
        raise hand.fail("expected 'Seat N is the button'")
    # Seats are numbered as at the site's largest table (888poker's six seats 1, 2, 4, 6, 7, 9)
    button_seat = hand.seat_number(button["button"], 0, ())
    players = PLAYERS.match(_line(hand, at + 4))
    if players is None:
        raise hand.fail("expected 'Total number of players : N'")
    seat_count = hand.digits(table["seats"] or players["seats"] or "0", "the number of seats")
    symbol = next((char for char in header["stakes"] if char in CURRENCY_SYMBOLS), None)
    currency = (PLAY_MONEY if table["money"] == "Play Money"
                else money_of(fields.get("currency"), symbol, tournament=False))
    seated: list[tuple[int, str, int]] = []
    listed: dict[str, int] = {}
    hand.index = at + 5
    while hand.index < len(lines) and (seat := SEAT.match(lines[hand.index])):
        number_of_seat = hand.seat_number(seat["seat"], 0, listed.values())
        listed[hand.player_name(seat["name"], listed)] = number_of_seat
        stack = hand.amount(plain_amount(seat["stack"]) or seat["stack"])
        if stack and _plays(lines, hand.index + 1, seat["name"]):
            seated.append((number_of_seat, seat["name"], stack))
        hand.index += 1
    if len(seated) < 2:
        raise hand.fail("fewer than two players are dealt in")
    small, *second = [hand.amount(part or "") for part in stakes]
    big = second[0] if second else _posted_big(hand)
    fixed = variant.betting is Betting.FIXED_LIMIT
    # A limit game's stakes are its bets (partypoker's: the big blind the small bet), or its
    # blinds (888poker's: the bets the big blind and twice it).
    header_read = Header(
        number, table["table"], moment, fields.get("zone"), seat_count, button_seat, currency,
        symbol, code, hole_count,
        ((small, big) if site.limit_stakes_are_bets else (big, 2 * big)) if fixed else None,
        small if fixed and site.limit_stakes_are_bets else big)
    return recorded(site, hand, header_read, in_order(seated, header_read))


def _line(hand: SiteHand, index: int) -> str:
    """The hand's line at `index`, the line read from now on (the last if it ends before)."""
    hand.index = min(index, len(hand.text.lines) - 1)
    return hand.text.lines[hand.index] if index < len(hand.text.lines) else ""


def _posted_big(hand: SiteHand) -> int:
    """The big blind posted, where the stakes are the table's buy-in."""
    for line in hand.text.lines:
        posted = POSTS.search(line)
        if posted is not None and posted["what"] == "big blind":
            written = plain_amount(without_currency(posted["amount"]))
            if written is not None:
                return hand.amount(written)
    raise hand.fail("stakes of one amount (the buy-in), and no big blind posted")


def _plays(lines: list[str], start: int, name: str) -> bool:
    """Whether a seat's player is dealt in: they post or act."""
    playing = f"{name} "
    for line in lines[start:]:
        if line.startswith(playing) and line[len(playing):].startswith(_PLAYING):
            return True
    return False


def reader_of(site: BracketSite) -> HandReader:
    """How the site's files are read."""
    return HandReader(hand_files.pokerstars_files, functools.partial(parse_bracket, site),
                      ".txt files", site=True, parts=functools.partial(bracket_parts, site))

