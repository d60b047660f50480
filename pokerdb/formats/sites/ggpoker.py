"""GGPoker hand histories: text files of hands as the site writes them, in PokerStars' shape, read
by PokerStars' reader (pokerdb.formats.sites.stars_shape.reader) with GGPoker's differences as data
(`GGPOKER`, a `HandSite`): every hand starts `Poker Hand #` and a number with its prefix (`RC`,
`HD`, `TM`, ...), a header without a time zone, a tournament's level written `Level12(200/400)`,
a `*** SHOWDOWN ***` in every hand, a hand run up to three times. The money GGPoker moves beside
the pot (an EV Cashout, all-in insurance: stars_shape.outside_pot) and into it from no player (a
Cash Drop) is read and checked against the hand (rules.outside_pot), and stored in
`seats.cashed_out` (docs/hand-histories-ggpoker.md).

A file is recognised by its first bytes; a folder, by a `.txt` file that starts so (and no PHH
file). Its tournament summaries (pokerdb.formats.sites.ggpoker_summary) are read beside them.
"""

import re
from typing import Final

from pokerdb.formats.sites import ggpoker_summary
from pokerdb.formats.sites.stars_shape.lines import HandSite, LineShape
from pokerdb.formats.sites.stars_shape.site_format import site_format

HEADER: Final = re.compile(
    r"Poker Hand #(?P<number>[A-Za-z]*\d+): +"
    r"(?:Tournament #(?P<tournament>\d+), (?:(?P<buy_in>.*?) +)?"
    r"(?=(?:\d Card )?(?:Hold'em|Omaha|Short Deck|PLO)))?"
    r"(?P<game>.+?)(?: - Level ?(?P<level>\w+))? ?"
    r"\((?P<stakes>[^()]*)(?:\([^()]*\))?\)"  # a tournament's ante, posted on its own line
    r"(?: - (?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2}))?\s*$")

GGPOKER: Final = HandSite(
    "GGPoker", ("Poker Hand #",), HEADER, ("*** SHOWDOWN ***", "*** FIRST SHOWDOWN ***"),
    ("*** SECOND SHOWDOWN ***", "*** THIRD SHOWDOWN ***"), {}, 2014,  # GGNetwork from 2014
    shows_early=True, outside_pot=True,
    shape=LineShape(games={"PLO": "Omaha Pot Limit"}))  # its cash games' `PLO ($0.05/$0.1)`

FORMAT: Final = site_format("ggpoker", GGPOKER, ggpoker_summary.SUMMARY)
