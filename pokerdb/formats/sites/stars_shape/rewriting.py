"""What a site's `rewrite` (HandSite.rewrite) is built of, where its lines are in its own words
and each is said in PokerStars' (Full Tilt's, Ongame's): the header it writes and the pattern
the reader reads it by, its table of player lines (a pattern of the site's words and the same
line in PokerStars', a format string of its groups), its amounts in cents, and the hand's lines
said so far, each with the file's line it says."""

import re
from collections.abc import Sequence

from pokerdb.formats.sites.stars_shape.lines import HandText, amount_text, amount_units

# A table of a site's player lines: each pattern of its words (after `NAME `) and the line in
# PokerStars' words, a format string of the pattern's groups (quicker than re.sub's template).
Rewrites = tuple[tuple[re.Pattern[str], str], ...]


def header_pattern(title: str, number: str, second_time: bool = False) -> re.Pattern[str]:
    """The header a rewrite writes (`TITLE NUMBER: GAME (STAKES) - DATE TIME ZONE`, maybe
    followed by a second time in brackets, `[DATE TIME ZONE]`), with the groups the reader
    reads that such a site's hands never fill (a cash game's: tournament, buy-in, level)."""
    second = (r"(?: \[(?P<date2>\S+) (?P<time2>\S+) (?P<zone2>[A-Z]+)\])?" if second_time
              else "")
    return re.compile(
        rf"{re.escape(title)}(?P<number>{number}): (?P<game>.+?) \((?P<stakes>[^()]*)\) - "
        rf"(?P<date>\S+) (?P<time>\S+) (?P<zone>[A-Z]+){second}"
        r"(?P<tournament>(?!))?(?P<buy_in>(?!))?(?P<level>(?!))?$")


def rewrite_table(pairs: Sequence[tuple[str, str]]) -> Rewrites:
    """A site's player lines (see Rewrites), from each pattern's text and its format string."""
    return tuple((re.compile(words), said) for words, said in pairs)


def said_as(rewrites: Rewrites, rest: str) -> str | None:
    """A player's line (`rest` after the name) in PokerStars' words by the first of `rewrites`
    that matches it; None where none does."""
    for words, said in rewrites:
        if (matched := words.match(rest)) is not None:
            return said.format(*matched.groups())
    return None


def cents(amount: str) -> int:
    """An amount as the site writes it ('$1.50'), in cents (0 if it is not one)."""
    return amount_units(amount, 2) or 0


def cents_like(units: int, like: str) -> str:
    """Cents written as the amount `like` is (with its currency symbol, if it has one)."""
    symbol = like[:1] if not like[:1].isdigit() else ""
    return amount_text(units, 2, symbol)


class Said:
    """A hand's lines said so far in PokerStars' words, each with the number and the text of
    the file's line it says (the reader's messages quote the file's)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.numbers: list[int] = []
        self.written: list[str] = []

    def add(self, said: str, number: int, line: str) -> None:
        self.lines.append(said)
        self.numbers.append(number)
        self.written.append(line)

    def text(self) -> HandText:
        return HandText(self.numbers, self.lines, self.written)
