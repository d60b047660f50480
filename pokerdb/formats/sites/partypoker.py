"""partypoker hand histories (as the site wrote them to 2026), read by the bracket shape's
reader (pokerdb.formats.sites.bracket_shape) with partypoker's differences as data
(`PARTYPOKER`): a title naming no skin (`***** Hand History for Game 13550319286 *****`), the
currency after the stakes (`$0.05/$0.10 USD NL Texas Hold'em`; a pot-limit table's stakes its
buy-in, `$4 USD PL Omaha`; a limit game's its bets), a date with its zone (`Monday, January 06,
04:15:12 EST 2014`), shows and wins after the river's play (`wins $0.53 USD`, an uncalled bet
counted: `wins $1.87 USD from the side pot 1`).

A file is recognised by its first bytes; a folder, by a `.txt` file that starts so (and no PHH
file).
"""

import re
from typing import Final

from pokerdb.formats.sites.bracket_shape.lines import BracketSite
from pokerdb.formats.sites.bracket_shape.site_format import site_format
from pokerdb.formats.sites.stars_shape.lines import HandSite

HEADER: Final = re.compile(
    r"(?P<stakes>\S+(?:/\S+)?) (?P<currency>[A-Z]{3}) (?P<game>.+?) - \w+, "
    r"(?P<month_name>\w+) (?P<day>\d{1,2}), (?P<time>\d{1,2}:\d\d:\d\d) (?P<zone>[A-Z]+) "
    r"(?P<year>\d{4})\s*$")
PARTYPOKER: Final = BracketSite(
    HandSite("partypoker", ("***** Hand History for Game ",), HEADER, ("*** SHOW DOWN ***",), (),
             {}, 2001),
    skin=False, header=HEADER,
    games={"NL Texas Hold'em": ("NT", 2), "PL Texas Hold'em": ("PT", 2),
           "FL Texas Hold'em": ("FT", 2), "NL Omaha": ("NO", 4), "PL Omaha": ("PO", 4),
           "PL Omaha Hi-Lo": ("PO/8", 4), "FL Omaha Hi-Lo": ("FO/8", 4)},
    wins=re.compile(r"(?P<name>.+?) wins (?:Lo \()?(?P<amount>\S+(?: [A-Z]{3})?)\)?"
                    r"(?: from the (?:main|side) pot(?: \d+)?)?(?: with .*)?\s*$"),
    wins_returned="bets", late_blind_live=True,
    limit_stakes_are_bets=True, rake_percent=5)

FORMAT: Final = site_format("partypoker", PARTYPOKER)
