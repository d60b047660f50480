"""Full Tilt Poker hand histories (the site closed in 2016; its archives still circulate): text
files of hands in PokerStars' shape, read by PokerStars' reader (pokerdb.formats.sites.stars_shape)
with Full Tilt's differences as data (`FULL_TILT`, a `HandSite`): `REWRITES`, each line of Full
Tilt's words (`NAME posts the small blind of $5`, `NAME raises to $20`, `wins the pot ($39.50)`,
`Uncalled bet of $20 returned to NAME`) and the same line in PokerStars' (`NAME: posts small blind
$5`, ...), and the one thing a line pattern cannot say: the table and button, which Full Tilt
writes in the header and after the blinds (`The button is in seat #1`), PokerStars on the second
line. A hand's messages quote the file's own lines.

A Cap No Limit table (`CAP NL Hold'em - $5/$10`) caps what a player puts in a hand at 30 big
blinds, unless its header names the cap (`$15 Cap No Limit Hold'em`). A hand run twice (`***
RIVER 1 ***`, `*** SHOW DOWN 2 ***`, a summary per run) is said as PokerStars says one
(docs/hand-histories-full-tilt.md).
"""

import re
from typing import Final

from pokerdb.formats.sites.stars_shape.lines import HandSite, HandText, LineError, line_player
from pokerdb.formats.sites.stars_shape.rewriting import (
    Said,
    cents,
    cents_like,
    header_pattern,
    rewrite_table,
    said_as,
)
from pokerdb.formats.sites.stars_shape.site_format import site_format

STARTS: Final = ("Full Tilt Poker Game #",)
# The file's header: `Full Tilt Poker Game #33727950903: Table Goldring (heads up) - NL Hold'em -
# $5/$10 - 21:11:15 ET - 2014/01/05`, the stakes before the game at an old Cap table, and the
# time in the player's zone with Eastern time after it in brackets.
FILE_HEADER: Final = re.compile(
    r"Full Tilt Poker Game #(?P<number>\w+): Table (?P<table>.+?)(?: \((?P<notes>[^()]*)\))? - "
    r"(?:(?P<game>[^$€£]+?) - (?P<stakes>\S+/\S+)|(?P<stakes2>\S+/\S+) - (?P<game2>.+?)) - "
    r"(?P<time>\d{1,2}:\d{2}:\d{2}) (?P<zone>[A-Z]+) - (?P<date>\d{4}/\d{1,2}/\d{1,2})"
    r"(?: \[(?P<time2>\d{1,2}:\d{2}:\d{2}) (?P<zone2>[A-Z]+) - "
    r"(?P<date2>\d{4}/\d{1,2}/\d{1,2})\])?\s*$")
# The header as rewritten (FILE_HEADER's in PokerStars' order), and the groups the reader reads.
HEADER: Final = header_pattern(STARTS[0], r"\w+", second_time=True)
# Full Tilt's names of its games, by PokerStars'.
GAMES: Final = {"Hold'em": "Hold'em", "Omaha Hi": "Omaha", "Omaha": "Omaha",
                "Omaha H/L": "Omaha Hi/Lo"}
STRUCTURES: Final = {"NL": "No Limit", "CAP NL": "No Limit", "No Limit": "No Limit",
                     "Cap No Limit": "No Limit", "PL": "Pot Limit", "FL": "Limit",
                     "Limit": "Limit"}
CAP_BIG_BLINDS: Final = 30
_SEATS: Final = {"heads up": "2", "6 max": "6", "4 max": "4", "8 max": "8", "9 max": "9"}
_BUTTON: Final = re.compile(r"The button is in seat #(?P<seat>\d+)\s*$")
_SEAT: Final = re.compile(r"(?P<seat>Seat \d+: .+?) \((?P<stack>[^ ()]+)\)(?P<out>, is sitting "
                          r"out)?\s*$")
_ALL_IN: Final = re.compile(r",? and is (?:all in|capped)$")
# Each player's line in Full Tilt's words (after `NAME `) and in PokerStars' (after `NAME: `).
REWRITES: Final = rewrite_table((
    (r"posts the (small|big) blind of (\S+)$", "posts {0} blind {1}"),
    (r"posts a dead small blind of (\S+)$", "posts the ante {0}"),  # dead money
    (r"posts (\S+)$", "posts big blind {0}"),  # a player joining posts a big blind
    (r"antes (\S+)$", "posts the ante {0}"),
    (r"(folds|checks)$", "{0}"),
    (r"(calls|bets|raises to) (\S+?)(,? and is (?:all in|capped))?$", "{0} {1}"),
    (r"shows (\[[^]]*\]) (.+)$", "shows {0} ({1})"),
    (r"shows (\[[^]]*\])$", "shows {0}"),
    (r"mucks$", "mucks hand"),
))
# Each player's line that pokerdb reads otherwise than PokerStars' (a pot won: `collected`), and
# those that move no chips in the hand (a shown hand's words without its cards; an add-on is
# for the next hand), sought after any word: the line of a player not seated whose name starts
# with a seated player's (`Bob Jr sits down` beside `Bob`) is one of them.
_WON: Final = re.compile(r"(?:wins|ties for) (?:the )?(?:high |low |main |side )?pot(?: #?\d+)? "
                         r"\((?P<amount>[^()]+)\)(?: with .*)?$")
_NO_CHIPS: Final = re.compile(r"(?:^|.* )(?:shows [^[]|adds |has |is |sits |stands |stays |"
                              r"seems |was )")
_BOARD: Final = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER)(?: (?P<run>[12]))? \*\*\* "
                           r"(?P<cards>.*\])(?: \(Total Pot: [^()]*\))?\s*$")
# A hand run twice: its runs' words in PokerStars', and its lines said once (the summary's) or
# of no chips (each run's pot, `Pot 1 $311`, is in what its winner `wins pot 1`).
_RUNS: Final = {"1": "FIRST ", "2": "SECOND "}
_RUN_LINES: Final = re.compile(r"\*\*\* SUMMARY [12] \*\*\*$|Pot [12] \S+$|Players agree to "
                               r"Run It Twice$")
_RUN_LINE_STARTS: Final = ("*** SUMMARY ", "Pot ", "Players agree ")  # of what _RUN_LINES matches


def pokerstars_header(line: str) -> tuple[str, str]:
    """The header in PokerStars' order, and the table line without its button (`Table 'Iowa'
    2-max`)."""
    header = FILE_HEADER.match(line)
    if header is None:
        raise LineError(0, "not a Full Tilt Poker hand header")
    game, stakes = header["game"] or header["game2"], header["stakes"] or header["stakes2"]
    structure, _, name = game.rpartition(" ")
    if name == "H/L" or name == "Hi":
        structure, _, first = structure.rpartition(" ")
        name = f"{first} {name}"
    cap = re.match(r"(\S+) Cap No Limit$", structure)
    if structure == "CAP NL":
        stakes += f" - {_times(stakes.partition('/')[2], CAP_BIG_BLINDS)} Cap -"
    elif cap is not None:
        stakes += f" - {cap[1]} Cap -"
        structure = "Cap No Limit"
    game = f"{GAMES.get(name, name)} {STRUCTURES.get(structure, structure)}"
    eastern = f" [{header['date2']} {header['time2']} {header['zone2']}]" if header["date2"] else ""
    notes = (header["notes"] or "").split(", ")
    seats = next((_SEATS[note] for note in notes if note in _SEATS), None)
    return (f"Full Tilt Poker Game #{header['number']}: {game} ({stakes}) - {header['date']} "
            f"{header['time']} {header['zone']}{eastern}",
            f"Table '{header['table']}'" + (f" {seats}-max" if seats else ""))


def _times(amount: str, factor: int) -> str:
    return cents_like(cents(amount) * factor, amount)


def rewrite(text: HandText) -> HandText:
    """A Full Tilt hand's lines in PokerStars' words (see REWRITES); its chat left out."""
    lines, numbers = text.lines, text.numbers
    header, table = pokerstars_header(lines[0])
    number = header[22:header.index(":")]  # after `Full Tilt Poker Game #`
    names: list[str] = []
    said = Said()
    said.add(header, numbers[0], lines[0])
    said.add(table, numbers[0], lines[0])
    button: str | None = None
    showdown = any(line.startswith("*** SHOW DOWN ") for line in lines)
    seating = True  # the seats' lines, after the header
    twice = "Players agree to Run It Twice" in lines
    boards = 0  # the summary's, of a hand run twice
    # a seat listed as in the hand that the summary says sat it out
    out = {line.removesuffix(" is sitting out") for line in lines
           if line.endswith(" is sitting out") and line.startswith("Seat ")}
    for index in range(1, len(lines)):
        line = lines[index].rstrip()
        new: str | None = line
        seat = _SEAT.match(line) if seating else None
        seating = seat is not None
        if seat is not None:
            names.append(seat["seat"].partition(": ")[2])
            new = f"{seat['seat']} ({seat['stack']} in chips)" + (
                " is sitting out" if seat["out"] or seat["seat"] in out else "")
        elif line.startswith("The button ") and (moved := _BUTTON.match(line)) is not None:
            button, new = moved["seat"], None
        elif line.startswith("*** ") and (board := _BOARD.match(line)) is not None:
            run = _RUNS.get(board["run"] or "", "")
            new = f"*** {run}{board['street']} *** {board['cards']}"
        elif line.startswith("*** SHOW DOWN ") and line[14:15] in _RUNS:
            new = f"*** {_RUNS[line[14]]}SHOW DOWN ***"
        elif line.startswith(_RUN_LINE_STARTS) and _RUN_LINES.match(line):
            new = None
        elif line.startswith("Board: ["):
            new = ("SECOND " if boards else "FIRST " if twice else "") + "Board [" + line[8:]
            boards += 1
        elif line.startswith("Uncalled bet of "):
            amount, _, name = line[16:].partition(" returned to ")
            new = f"Uncalled bet ({amount}) returned to {name}"
        elif (player := line_player(line, names, " :")) is not None:
            new = _player_line(index, player, line[len(player):], number)
            if new is not None and not showdown and " collected " in new:
                # shown at an all-in: no marker after the river
                said.add("*** SHOW DOWN ***", numbers[index], line)
                showdown = True
        if new is not None:
            said.add(new, numbers[index], line)
    if button is None:
        raise LineError(0, "the hand names no button ('The button is in seat #N')", number)
    said.lines[1] += f" Seat #{button} is the button"
    return said.text()


def _player_line(index: int, name: str, rest: str, number: str) -> str | None:
    """A player's line (`rest` after the name) in PokerStars' words; None for chat and what
    moves no chips."""
    if rest.startswith(": "):
        return None  # chat
    rest = rest[1:]
    if (won := _WON.match(rest)) is not None:
        return f"{name} collected {won['amount']} from pot"
    if (said := said_as(REWRITES, rest)) is not None:
        all_in = " and is all-in" if _ALL_IN.search(rest) else ""
        return f"{name}: {said}{all_in}"
    if _NO_CHIPS.match(rest):
        return None
    raise LineError(index, f"unknown action {rest!r}", number)


FULL_TILT: Final = HandSite(
    "Full Tilt Poker", STARTS, HEADER, ("*** SHOW DOWN ***", "*** FIRST SHOW DOWN ***"),
    ("*** SECOND SHOW DOWN ***",), {}, 2004, shows_early=True, rewrite=rewrite)

FORMAT: Final = site_format("full-tilt", FULL_TILT)
