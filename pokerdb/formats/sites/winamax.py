"""Winamax hand histories: text files of hands as the site writes them, in PokerStars' shape, read
by PokerStars' reader (pokerdb.formats.sites.stars_shape.reader) with Winamax's differences as
data (`WINAMAX`, a `HandSite` and its `LineShape`): every hand starts `Winamax Poker - `, its
number is three numbers joined by dashes (`HandId: #5281577-471-1382586707`), amounts carry
their symbol after them (`0.25€`), the seats no chips (`Seat 1: NAME (121.24€)`), the actions
no colon after the name (`NAME raises 1.50€ to 2.50€`), the forced bets their own section
(`*** ANTE/BLINDS ***`) before the play (`*** PRE-FLOP ***`), and the summary lists only the
seats that won or showed. Its total pot is what was collected (`Total pot 6.01€ | Rake 0.24€`),
an uncalled bet included: no line returns one. A tournament's hand (`Tournament "BOOSTER" buyIn:
€4.50 + €4.50 + €1 level: 4`) names its tournament in its table (`'BOOSTER(153100000)#052'`), and
its stakes with the ante first (`(25/150/300)`): `rewrite` puts the number in the header and
leaves the ante to its own line; its amounts are chips.

A file is recognised by its first bytes; a folder, by a `.txt` file that starts so (and no PHH
file).
"""

import re
from typing import Final

from pokerdb.formats.sites.stars_shape.lines import HandSite, HandText, LineError, LineShape
from pokerdb.formats.sites.stars_shape.site_format import site_format

HEADER: Final = re.compile(
    r"Winamax Poker - (?:CashGame|Tournament #(?P<tournament>\d+) \".*?\""  # see rewrite
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
_TOURNAMENT: Final = "Winamax Poker - Tournament "
_IN_TABLE: Final = re.compile(r"Table: '.*\((?P<tournament>\d+)\)#\d+' ")  # 'NAME(ID)#TABLE'
_ANTE_FIRST: Final = re.compile(r"\((?:[^()/]+/)(?P<blinds>[^()/]+/[^()/]+)\)(?= - \d{4}/)")


def rewrite(text: HandText) -> HandText:
    """A tournament's hand with its number in the header (`Tournament #153100000 "BOOSTER"`)
    and its stakes without the ante; a cash game's as it is."""
    header = text.lines[0].lstrip("\ufeff")
    if not header.startswith(_TOURNAMENT):
        return text
    table = _IN_TABLE.match(text.lines[1]) if len(text.lines) > 1 else None
    if table is None:
        number = re.search(r"HandId: #([\d-]+)", header)
        raise LineError(min(1, len(text.lines) - 1), "expected the table line of a tournament: "
                        "\"Table: 'NAME(TOURNAMENT)#TABLE' ...\"", number and number[1])
    said = _ANTE_FIRST.sub(r"(\g<blinds>)", f"{_TOURNAMENT}#{table['tournament']} "
                                            f"{header[len(_TOURNAMENT):]}")
    # a street's new card after its board without a space (`*** TURN *** [Tc 7c 4c][Qs]`)
    streets = [line.replace("][", "] [") if line.startswith("*** ") else line
               for line in text.lines[1:]]
    return HandText(text.numbers, [said, *streets], text.lines)


WINAMAX: Final = HandSite(
    "Winamax", ("Winamax Poker - ",), HEADER, ("*** SHOW DOWN ***",), (), {}, 2006,
    rewrite=rewrite,
    shape=LineShape(table=TABLE, seat=SEAT, games=GAMES, play_starts=("*** PRE-FLOP ***",),
                    quiet_markers=("*** ANTE/BLINDS ***",), after_name=" ",
                    summarises_every_seat=False, sitting_out_unsaid=True,
                    pot_collected=True))

FORMAT: Final = site_format("winamax", WINAMAX)
