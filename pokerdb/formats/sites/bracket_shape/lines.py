"""The lines of hand histories in the bracket shape (888poker's and partypoker's), and a site of
that shape as data (`BracketSite`): where each hand of a file begins, the header's patterns,
the names of its games and how its wins are written.

A hand starts with its title, `***** 888poker Hand History for Game 349736402 *****` (888poker
names its skin there: `888poker`, `Cassava`, `LuckyAcePoker.com`; partypoker names none), maybe
after a line `#Game No : 349736402`. Files joined without a line break glue a hand to the last
line of the one before, after the joined file's byte order mark: such a mark starts a line of
its own.
"""

import datetime
import functools
import re
from dataclasses import dataclass
from typing import Final

from pokerdb.formats.encodings import decoded
from pokerdb.formats.sites.stars_shape.lines import MONTHS, HandSite, normalized, parse_date

# Where a hand starts, whatever the site of the shape: its title, after its `#Game No` line.
HAND_START: Final = re.compile(
    r"^(?:#Game No : \d+[ \t]*\n(?:[ \t]*\n)*)?\*{5} [^\n]*?Hand History for Game ", re.MULTILINE)
TITLE: Final = re.compile(r"\*{5} (?:(?P<skin>.+?) )?Hand History for Game (?P<number>\w+) "
                          r"\*{5}\s*$")
GAME_NUMBER: Final = re.compile(r"#Game No : (?P<number>\d+)\s*$")
TABLE: Final = re.compile(r"Table (?P<table>.+?)(?: (?P<seats>\d+) Max)?(?: \(No DP\))? "
                          r"\((?P<money>[^()]*)\)\s*$")
PLAYERS: Final = re.compile(r"Total number of players : (?P<count>\d+)(?:/(?P<seats>\d+))?\s*$")
SEAT: Final = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<stack>.+?)(?: [A-Z]{3})? \)"
                         r"\s*$")
# A player's win as 888poker writes it (and iPoker's, put in the shape's terms).
COLLECTED: Final = re.compile(r"(?P<name>.+) collected \[ (?P<amount>[^]]+?) \]\s*$")
# An amount as the shape writes it: `$0.05`, `$1,000`, `25 $`, `€2`.
AMOUNT: Final = re.compile(r"(?P<before>[$€£]?)(?P<digits>[\d,.]+)(?: ?(?P<after>[$€£]))?")
_CURRENCY: Final = re.compile(r" [A-Z]{3}$")


@dataclass(frozen=True)
class BracketSite:
    """A site whose files are in the bracket shape, as data."""

    hand: HandSite  # its name, first year and showdown marker, as stars_shape.play reads them
    skin: bool  # whether its titles name a skin (888poker's do, partypoker's do not)
    # The header's game line: `stakes`, `game`, maybe `currency`; its date and time as `year`,
    # `month` (digits) or `month_name`, `day`, `time` and maybe `zone`.
    header: re.Pattern[str]
    games: dict[str, tuple[str, int]]  # by the site's name: pokerdb's variant, hole cards
    # A player's win: `name`, `amount`, maybe the site's `words` for the hand.
    wins: re.Pattern[str]
    # The uncalled bets a player's win counts: "bets", every one (partypoker's, as a side pot),
    # or "blinds", a blind no one called (888poker's).
    wins_returned: str
    # A small blind posted out of position (by a player joining) counts toward the player's
    # bet (partypoker's), or is dead money (888poker's, as PokerStars')
    late_blind_live: bool
    limit_stakes_are_bets: bool  # a limit game's stakes are its bets, not its blinds
    # The most rake of a hand, in percent of its pot (the files state none: pokerdb takes the
    # pot less what was won as the rake, and refuses a hand that would take more).
    rake_percent: int

    @property
    def name(self) -> str:
        return self.hand.name

    def owns(self, title: re.Match[str]) -> bool:
        """Whether a hand's title is one of this site's."""
        return (title["skin"] is not None) == self.skin


def file_text(content: bytes) -> str:
    """A file's text, lines ending in LF, a byte order mark inside the file starting a line."""
    text = normalized(decoded(content))
    return text.replace("\n\ufeff", "\n").replace("\ufeff", "\n") if "\ufeff" in text else text


def hand_starts(text: str) -> list[int]:
    return [match.start() for match in HAND_START.finditer(text)]


def leading_text(text: str, starts: list[int]) -> tuple[int, str] | None:
    """The first non-blank line before the first hand (its number and text), if any."""
    head = text[:starts[0]] if starts else text
    for number, line in enumerate(head.split("\n"), start=1):
        if line.strip():
            return number, line
    return None


def looks_like(site: BracketSite, text: str) -> bool:
    """Whether text (a file's first bytes) starts with a hand of the site's."""
    lines = [line for line in text.replace("\x00", "").lstrip("\ufeff").splitlines()[:3]
             if line.strip()]
    if lines and GAME_NUMBER.match(lines[0].lstrip("\ufeff")):
        lines = lines[1:]
    title = TITLE.match(lines[0].lstrip("\ufeff")) if lines else None
    return title is not None and site.owns(title)


def played_at(fields: dict[str, str | None]) -> datetime.datetime:
    """The header's date and time (ValueError if they are not one)."""
    year, day, time = fields["year"], fields["day"], fields["time"]
    month = fields.get("month") or str(MONTHS.get(fields.get("month_name") or "", 0))
    assert year is not None and day is not None and time is not None
    return parse_date(f"{year}/{month}/{day}", time)


@functools.lru_cache(maxsize=4096)  # amounts repeat
def without_currency(written: str) -> str:
    """An amount without the currency code after it ('$0.05 USD': '$0.05')."""
    return _CURRENCY.sub("", written.strip())


@functools.lru_cache(maxsize=4096)
def plain_amount(written: str) -> str | None:
    """An amount as stars_shape.lines.amount_units reads it ('$1,000', '25 $': '1,000', '25'),
    its currency symbol left out; None if it is not one."""
    match = AMOUNT.fullmatch(written.strip())
    if match is None or (match["before"] and match["after"]):
        return None
    return match["digits"]
