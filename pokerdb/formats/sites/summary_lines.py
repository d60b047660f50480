"""What the tournament summaries of every site share: the model a summary is read into (a
`TournamentSummary` and its players' `Entry` rows), its lines as the file numbers them, the
amounts and places they write, and the checks that a summary agrees with itself (each place
listed once, within the entrants; the prizes listed within the prize pool).

A site's summary module (pokerdb.formats.sites.pokerstars_summary, .ggpoker_summary) reads its
lines into the model and declares a `SummaryFormat`: the words its files start with, and its
reader. Amounts are whole numbers of ten-thousandths of the buy-in's money (rules.money), as
every amount pokerdb stores, below AMOUNT_LIMIT; counts and places are below COUNT_LIMIT; a
start is of a year the site ran, and a name holds no control character. Every amount that
names its money (a symbol, a code) names the tournament's: a file whose money changes is
refused at the line where it does.
"""

import datetime
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final
from zoneinfo import ZoneInfo

from pokerdb.errors import InputError, quoted
from pokerdb.formats.encodings import decoded
from pokerdb.formats.sites.stars_shape.lines import TIME_ZONES, amount_units, normalized
from pokerdb.rules.money import AMOUNT_PLACES, AMOUNT_SCALE, CURRENCY_SYMBOLS, is_currency

# An amount as a summary writes it, with its money's symbol or not: "$1,200.50", "82,875".
AMOUNT: Final = r"[$€£¥₹]?\d[\d,]*(?:\.\d+)?"
_PLACE: Final = re.compile(r"(\d+)(?:st|nd|rd|th)")
# Stored amounts are 64-bit counts of ten-thousandths, summed per player by the views: an
# amount of a summary (and an entry's cost) is below 10 ** 11 of its money.
AMOUNT_LIMIT: Final = 10 ** 15
COUNT_LIMIT: Final = 10 ** 8  # of entrants, a place, re-entries, rebuys: an INTEGER column


@dataclass(frozen=True)
class Entry:
    """A player's result in a tournament: the place (None: still playing, or not told), the
    prize of the place, and what the file says beyond it, for its owner (`hero`) alone on most
    sites: bounties won (money, and how many), re-entries, rebuys and add-ons and what those
    rebuys and add-ons cost together (None: not told)."""

    player: str
    place: int | None
    prize: int = 0
    hero: bool = False
    bounties: int | None = None
    knockouts: int | None = None
    re_entries: int | None = None
    rebuys: int | None = None
    add_ons: int | None = None
    rebuy_cost: int | None = None

    def cost(self, buy_in: int) -> int:
        """What the entry cost: the buy-in once and once per re-entry, and its rebuys and
        add-ons."""
        return buy_in * (1 + (self.re_entries or 0)) + (self.rebuy_cost or 0)


@dataclass(frozen=True)
class TournamentSummary:
    """One tournament as its summary file tells it. The buy-in is split into the part that
    goes to the prize pool, the bounty part and the fee, in `currency` (rules.money's label:
    "USD", "play", "chips"). `started` is the start as written (`time_zone` its zone, None
    when the file names none), `started_at` the same in UTC when the zone is known."""

    site: str
    number: str
    source: str  # the file, as messages and the import name it
    name: str | None
    game: str | None
    currency: str
    prize_part: int
    bounty_part: int
    fee: int
    entrants: int | None
    prize_pool: int | None
    started: datetime.datetime | None
    time_zone: str | None
    started_at: datetime.datetime | None
    entries: tuple[Entry, ...] = field(default=())

    @property
    def buy_in(self) -> int:
        return self.prize_part + self.bounty_part + self.fee


class SummaryLines:
    """A summary's non-blank lines, each with its number in the file (its first `first`), and
    the error of one of them."""

    def __init__(self, source: str, lines: Sequence[str], first: int = 1,
                 first_year: int = 2001) -> None:
        self.source = source
        self.numbered = [(number, line.rstrip()) for number, line
                         in enumerate(lines, first) if line.strip()]
        self.first_year = first_year  # the first year the site ran
        # Each amount that names its money: its line, as written, and the money named.
        self.moneys: list[tuple[int, str, str]] = []

    def fail(self, at: int, problem: str) -> InputError:
        """The error of the `at`-th non-blank line: the file, the line and what is wrong."""
        number, line = self.numbered[at]
        return InputError(self.source, None, f"line {number} {quoted(line.strip())}: {problem}")

    def amount(self, at: int, written: str, code: str | None = None) -> int:
        """An amount of line `at`, in ten-thousandths; the money its symbol or `code` (the
        code written beside it) names is noted, for `checked`."""
        written = written.strip()
        units = amount_units(written, AMOUNT_PLACES)
        if units is None:
            raise self.fail(at, f"{quoted(written)} is not an amount (to a ten-thousandth)")
        if units >= AMOUNT_LIMIT:
            raise self.fail(at, f"{quoted(written)}: more than pokerdb stores (an amount is "
                                f"below {AMOUNT_LIMIT // AMOUNT_SCALE:,})")
        symbol = CURRENCY_SYMBOLS.get(written[:1])
        if symbol is not None and code is not None and symbol != code:
            raise self.fail(at, f"{quoted(written)} is in {symbol}, not {code}")
        if symbol or code:
            self.moneys.append((at, written, symbol or code or ""))
        return units

    def count(self, at: int, written: str) -> int:
        """A count of line `at` ("1,024")."""
        digits = written.replace(",", "")
        if not (digits.isascii() and digits.isdigit()):
            raise self.fail(at, f"{quoted(written)} is not a count")
        return self._bounded(at, written, int(digits))

    def place(self, at: int, written: str) -> int:
        """A place of line `at` ("3rd", or "3"), from 1."""
        match = _PLACE.fullmatch(written) or re.fullmatch(r"(\d+)", written)
        if match is None or not match[1].isascii() or int(match[1]) < 1:
            raise self.fail(at, f"{quoted(written)} is not a place")
        return self._bounded(at, written, int(match[1]))

    def number(self, at: int, written: str) -> str:
        """A tournament's number of line `at`, as a number: in ASCII digits, without leading
        zeros (`#0123` is tournament 123, as a hand's number is)."""
        if not (written.isascii() and written.isdigit()):
            raise self.fail(at, f"the tournament number {quoted(written)} is not written in "
                                f"ASCII digits")
        return str(int(written))

    def _bounded(self, at: int, written: str, number: int) -> int:
        if number >= COUNT_LIMIT:
            raise self.fail(at, f"{quoted(written)}: more than pokerdb stores (a count or a "
                                f"place is below {COUNT_LIMIT:,})")
        return number

    def when(self, at: int, date: str, time: str) -> datetime.datetime:
        """A date and time of line `at` ('2024/01/04', '8:11:12'), of a year the site ran."""
        try:
            year, month, day = (int(part) for part in date.split("/"))
            hour, minute, second = (int(part) for part in time.split(":"))
            moment = datetime.datetime(year, month, day, hour, minute, second)
        except ValueError:
            raise self.fail(at, f"{quoted(f'{date} {time}')} is not a date and time") from None
        if not self.first_year <= year <= datetime.date.today().year + 1:
            raise self.fail(at, f"{quoted(f'{date} {time}')}: a tournament of the site is "
                                f"played from {self.first_year} on, not in {year}")
        return moment

    def name(self, at: int, written: str, what: str = "name", numbered: bool = True) -> str:
        """A text of line `at` that is stored (a player's name): no control character, within
        the length a name is stored to (where `numbered`, a key of an index: a player's) or
        any text."""
        # Loaded here, by the reading of a summary: the formats' registry imports this module,
        # and loads no reader of hand histories (tests/test_format_registry.py).
        from pokerdb.formats.phh.fields import MAX_NAME_CHARS, MAX_TEXT_CHARS
        from pokerdb.formats.phh.toml_subset import has_control

        if has_control(written):
            raise self.fail(at, f"the {what} {quoted(written)} holds a control character")
        most = MAX_NAME_CHARS if numbered else MAX_TEXT_CHARS
        if len(written) > most:
            raise self.fail(at, f"a {what} of {len(written):,} characters: at most "
                                f"{most:,} are stored")
        return written

    def refuse_unread(self, at: int, line: str, starts: Sequence[str], site: str) -> None:
        """Line `at`, which no pattern read: refused when it starts as a line the reader
        reads (`starts`), which it then would have passed over."""
        if line.startswith(tuple(starts)):
            start = next(start for start in starts if line.startswith(start))
            raise self.fail(at, f"not a {quoted(start.strip())} line as {site} writes it")


@dataclass(frozen=True)
class SummaryFormat:
    """A site's tournament summaries: the words each starts with, and the reader of one."""

    site: str
    starts: tuple[str, ...]
    read: Callable[[SummaryLines], TournamentSummary]
    first_year: int  # the site's first: a start before it, or after next year, is refused

    def claims(self, head: bytes) -> bool:
        """Whether a file that starts with these bytes holds its summaries."""
        return decoded(head[:4096]).lstrip("\ufeff \t\r\n").startswith(self.starts)

    def summaries(self, text: str, source: str) -> list[TournamentSummary]:
        """The summaries of a file's text (`source` names it): one, or several one after
        another, each from a line that starts as they do."""
        lines = normalized(text).split("\n")
        starts = [index for index, line in enumerate(lines)
                  if index and line.lstrip("\ufeff ").startswith(self.starts)]
        bounds = zip([0, *starts], [*starts, len(lines)], strict=True)
        return [self.read(SummaryLines(source, lines[begin:end], begin + 1, self.first_year))
                for begin, end in bounds]


def money_shown(stored: int, currency: str) -> str:
    """An amount for a message, in its money: "12.50 USD", "1,500 chips"."""
    whole, part = divmod(stored, AMOUNT_SCALE)
    fraction = f"{part:04d}".rstrip("0").ljust(2 if is_currency(currency) else 0, "0")
    return f"{whole:,}{'.' + fraction if fraction else ''} {currency}"


def checked(summary: TournamentSummary, lines: SummaryLines,
            place_lines: Sequence[tuple[int, int]], pool_line: int | None,
            told: Sequence[tuple[int, int]] = (), money_line: int | None = None
            ) -> TournamentSummary:
    """The summary, if it agrees with itself: every place listed once (`place_lines`: each
    listed place and its line) and within the entrants, as the places `told` otherwise are (a
    finish the file tells its owner), the prizes listed within the prize pool (`pool_line`
    its line) and the pool at least what the entrants paid into it, every amount in the
    tournament's money (told by line `money_line`), each entry's cost storable; else the
    error naming the line that contradicts it."""
    _one_money(summary, lines, money_line)
    seen: dict[int, int] = {}
    for place, at in place_lines:
        if place in seen:
            raise lines.fail(at, f"place {place} is listed twice (line "
                                 f"{lines.numbered[seen[place]][0]} too)")
        seen[place] = at
    for place, at in (*place_lines, *told):
        if summary.entrants is not None and place > summary.entrants:
            raise lines.fail(at, f"place {place} of a tournament of {summary.entrants} "
                                 f"entrants")
    if summary.prize_pool is not None and pool_line is not None:
        prizes = sum(entry.prize for entry in summary.entries)
        if prizes > summary.prize_pool:
            raise lines.fail(pool_line, f"the prizes listed add up to "
                                        f"{money_shown(prizes, summary.currency)}, more than "
                                        f"the prize pool")
        paid = summary.prize_part * (summary.entrants or 0)
        if paid > summary.prize_pool:
            raise lines.fail(pool_line, f"less than the {summary.entrants:,} entrants paid "
                                        f"into the prize pool "
                                        f"({money_shown(paid, summary.currency)})")
    for entry in summary.entries:
        if entry.cost(summary.buy_in) >= AMOUNT_LIMIT:
            raise lines.fail(0, f"{entry.player}'s entry costs more than pokerdb stores (an "
                                f"amount is below {AMOUNT_LIMIT // AMOUNT_SCALE:,})")
    return summary


def _one_money(summary: TournamentSummary, lines: SummaryLines, money_line: int | None) -> None:
    """Every amount that names its money names the tournament's: else the error of the first
    that does not."""
    for at, written, money in lines.moneys:
        if money != summary.currency:
            told = "" if money_line is None else f" (line {lines.numbered[money_line][0]})"
            raise lines.fail(at, f"{quoted(written)} is in {money}, the tournament in "
                                 f"{summary.currency}{told}")


def utc_of(moment: datetime.datetime, zone: str | None) -> datetime.datetime | None:
    """A moment written in a zone PokerStars names (lines.TIME_ZONES), in UTC; None for a zone
    pokerdb does not know."""
    name = TIME_ZONES.get(zone or "")
    if name is None:
        return None
    return moment.replace(tzinfo=ZoneInfo(name)).astimezone(datetime.UTC)
