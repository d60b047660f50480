"""888poker hand histories (the Pacific Poker network: 888poker and its skins, Cassava,
LuckyAcePoker.com, ...), read by the bracket shape's reader (pokerdb.formats.sites.bracket_shape)
with 888poker's differences as data (`EIGHT88`): a title naming the skin (`***** 888poker Hand
History for Game 349736402 *****`), the stakes as blinds (`$0.50/$1 Blinds Fix Limit Holdem`, a
limit game's bets the big blind and twice it), a date without a zone (`06 01 2014 22:40:28`,
day first), the showdown and wins after `** Summary **` (`collected [ $0.19 ]`, an uncalled bet
not counted).

A file is recognised by its first bytes; a folder, by a `.txt` file that starts so (and no PHH
file).
"""

import re
from typing import Final

from pokerdb.formats.sites.bracket_shape.lines import COLLECTED, BracketSite
from pokerdb.formats.sites.bracket_shape.site_format import site_format
from pokerdb.formats.sites.stars_shape.lines import HandSite

HEADER: Final = re.compile(
    r"(?P<stakes>\S+(?: [$€£])?/\S+(?: [$€£])?) Blinds (?P<game>.+?)(?: Jackpot table)? - "
    r"\*\*\* (?P<day>\d\d) (?P<month>\d\d) (?P<year>\d{4}) (?P<time>\d\d:\d\d:\d\d)\s*$")
EIGHT88: Final = BracketSite(
    HandSite("888poker", ("#Game No : ",), HEADER, ("*** SHOW DOWN ***",), (), {}, 2002),
    skin=True, header=HEADER,
    games={"No Limit Holdem": ("NT", 2), "Pot Limit Holdem": ("PT", 2),
           "Fix Limit Holdem": ("FT", 2), "No Limit Omaha": ("NO", 4),
           "Pot Limit Omaha": ("PO", 4), "Pot Limit OmahaHL": ("PO/8", 4)},
    wins=COLLECTED,
    wins_returned="blinds", late_blind_live=False,
    limit_stakes_are_bets=False, rake_percent=5)

FORMAT: Final = site_format("888poker", EIGHT88)
