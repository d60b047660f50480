"""Winamax hand histories: text files of hands as the site writes them, in PokerStars' shape, read
by PokerStars' reader (pokerdb.formats.sites.stars_shape.reader) with Winamax's differences as
data (`WINAMAX`, a `HandSite` and its `LineShape`): every hand starts `Winamax Poker - `, its
number is three numbers joined by dashes (`HandId: #5281577-471-1382586707`), amounts carry
their symbol after them (`0.25€`), the seats no chips (`Seat 1: NAME (121.24€)`), the actions
no colon after the name (`NAME raises 1.50€ to 2.50€`), the forced bets their own section
(`*** ANTE/BLINDS ***`) before the play (`*** PRE-FLOP ***`), and the summary lists only the
seats that won or showed. Its total pot is what was collected (`Total pot 6.01€ | Rake 0.24€`),
an uncalled bet included: no line returns one. A tournament hand is refused (no sample of
Winamax's tournaments to check the reading against).

A file is recognised by its first bytes; a folder, by a `.txt` file that starts so (and no PHH
file).
"""

import re
from typing import Final

from pokerdb.formats.sites.stars_shape.lines import HandSite, LineShape
from pokerdb.formats.sites.stars_shape.site_format import site_format

HEADER: Final = re.compile(
    r"Winamax Poker - (?:CashGame|(?P<tournament>Tournament)\b.*?"  # refused
    r"(?: buyIn: (?P<buy_in>.*?))?(?: level: (?P<level>\d+))?) - "
    r"HandId: #(?P<number>\d+(?:-\d+)*) - (?P<game>.+?) \((?P<stakes>[^()]*)\) - "
    r"(?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2}) (?P<zone>[A-Z]+)\s*$")
TABLE: Final = re.compile(r"Table: '(?P<table>.*)' (?P<seats>\d+)-max \((?:real|play) money\)"
                          r" Seat #(?P<button>\d+) is the button\s*$")
SEAT: Final = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^ ()]+)\)"
                         r"(?P<out>)??\s*$")  # `out`: never (no seat is written sitting out)
# Winamax's names of its games ("Holdem no limit"), by PokerStars' ("Hold'em No Limit").
GAMES: Final = {
    f"{game} {structure.lower()}": f"{ours} {structure}"
    for game, ours in (("Holdem", "Hold'em"), ("Omaha", "Omaha"), ("Omaha H/L", "Omaha Hi/Lo"))
    for structure in ("No Limit", "Pot Limit", "Limit")}
WINAMAX: Final = HandSite(
    "Winamax", ("Winamax Poker - ",), HEADER, ("*** SHOW DOWN ***",), (), {}, 2006,
    (("Winamax Poker - Tournament", "a Winamax tournament hand: pokerdb reads Winamax's cash "
                                    "games"),),
    shape=LineShape(table=TABLE, seat=SEAT, games=GAMES, play_starts=("*** PRE-FLOP ***",),
                    quiet_markers=("*** ANTE/BLINDS ***",), after_name=" ",
                    summarises_every_seat=False, sitting_out_unsaid=True,
                    pot_collected=True))

FORMAT: Final = site_format("winamax", WINAMAX)
