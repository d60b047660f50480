"""PokerStars hand histories: text files of any number of hands as the site writes them (cash
games and tournaments, Zoom and home games), or a folder of them, read as one dataset whose
hands are settled by pokerdb and checked against what the files say was paid; its tournament
summaries (pokerdb.formats.sites.pokerstars_summary) are read beside them.

A file is recognised by its first bytes: every hand starts with one of
stars_shape.lines.HAND_STARTS; a folder, by a `.txt` file that starts so (and no PHH file).
"""

from typing import Final

from pokerdb.formats.sites import pokerstars_summary
from pokerdb.formats.sites.stars_shape.lines import POKERSTARS
from pokerdb.formats.sites.stars_shape.site_format import site_format

FORMAT: Final = site_format("pokerstars", POKERSTARS, pokerstars_summary.SUMMARY)
