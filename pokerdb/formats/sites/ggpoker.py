"""GGPoker hand histories: text files of hands as the site writes them, in PokerStars' shape, read
by PokerStars' reader (pokerdb.formats.sites.stars_shape.reader) with GGPoker's differences as data
(`GGPOKER`, a `HandSite`): every hand starts `Poker Hand #` and a number with its prefix (`RC`,
`HD`, `TM`, ...), a header without a time zone, a tournament's level written `Level12(200/400)`,
a `*** SHOWDOWN ***` in every hand. What GGPoker pays outside the pot (an EV Cashout, all-in
insurance, a Cash Drop) and a hand run three times are refused, each by name: pokerdb does not
settle them exactly (docs/hand-histories-ggpoker.md).

A file is recognised by its first bytes; a folder, by a `.txt` file that starts so (and no PHH
file). Its tournament summaries (pokerdb.formats.sites.ggpoker_summary) are read beside them.
"""

import re
from typing import Final

from pokerdb.formats.sites import ggpoker_summary
from pokerdb.formats.sites.stars_shape.lines import HandSite
from pokerdb.formats.sites.stars_shape.site_format import site_format

HEADER: Final = re.compile(
    r"Poker Hand #(?P<number>[A-Za-z]*\d+): +"
    r"(?:Tournament #(?P<tournament>\d+), (?:(?P<buy_in>.*?) +)?"
    r"(?=(?:\d Card )?(?:Hold'em|Omaha|Short Deck|PLO)))?"
    r"(?P<game>.+?)(?: - Level ?(?P<level>\w+))? ?"
    r"\((?P<stakes>[^()]*)(?:\([^()]*\))?\)"  # a tournament's ante, posted on its own line
    r"(?: - (?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2}))?\s*$")

_EV_CASHOUT: Final = ("an EV Cashout: paid outside the pot by the player's equity, which "
                      "pokerdb does not settle")
_RUN_THRICE: Final = "a hand run three times: pokerdb settles a hand run once or twice"
# The words of a line of a construct pokerdb does not settle, and the reason a hand holding it
# is refused.
REFUSED: Final = (
    ("Chooses to EV Cashout", _EV_CASHOUT), ("Pays Cashout Risk", _EV_CASHOUT),
    ("Receives Cashout", _EV_CASHOUT),
    ("Cash Drop", "a Cash Drop: money in the pot that no player put in, which pokerdb does "
                  "not settle"),
    ("nsurance", "all-in insurance: paid outside the pot, which pokerdb does not settle"),
    ("*** THIRD ", _RUN_THRICE), ("Hand was run three times", _RUN_THRICE),
)
GGPOKER: Final = HandSite(
    "GGPoker", ("Poker Hand #",), HEADER, ("*** SHOWDOWN ***", "*** FIRST SHOWDOWN ***"),
    ("*** SECOND SHOWDOWN ***",), {}, 2014, REFUSED,  # GGNetwork dealt from 2014
    shows_early=True)

FORMAT: Final = site_format("ggpoker", GGPOKER, ggpoker_summary.SUMMARY)
