"""Ongame network hand histories (the network closed in 2013-2014; its archives still circulate):
text files of hands in Ongame's own shape (`***** History for hand R5-361850810-504 *****`, a
`Table:` line naming game and stakes, `--- Dealing flop [Ad, 8c, 3s]`, a summary of pots won,
`Rake taken` and each seat's final stack and `net:`), read by the reader of PokerStars' shape
(pokerdb.formats.sites.stars_shape) through `rewrite`, which says each of its lines in
PokerStars' words (`REWRITES`, data). A hand's messages quote the file's own lines.

Ongame writes no showdown: the cards a seat held are in its summary line (`net: +$113.91, [Kc,
Kh]`), shown at the showdown by the players still in; nor uncalled bets returned (its pots are
without them, as PokerStars' are). Its `raises $1.50 to $2.00` says what the raise put in, then
the street's total; the total is read. `net:` is what each seat won or lost, rake taken
(tests/test_ongame.py checks every seat's against pokerdb's settlement).
"""

import re
from typing import Final

from pokerdb.formats.sites.stars_shape import rewriting
from pokerdb.formats.sites.stars_shape.lines import (
    MONTHS,
    HandSite,
    HandText,
    LineError,
    line_player,
)
from pokerdb.formats.sites.stars_shape.site_format import site_format

STARTS: Final = ("***** History for hand ",)
# The rewritten header (PokerStars' order) and the groups the reader reads.
HEADER: Final = rewriting.header_pattern("Ongame Hand #", r"R\d+-\d+-\d+")
_NUMBER: Final = re.compile(r"\*\*\*\*\* History for hand (?P<number>\S+) \*\*\*\*\*\s*$")
_START: Final = re.compile(r"Start hand: \w+ (?P<month>\w+) (?P<day>\d+) (?P<time>\S+) "
                           r"(?P<zone>[A-Z]+) (?P<year>\d{4})\s*$")
_TABLE: Final = re.compile(r"Table: (?P<table>.+?) \[\d+\] \((?P<structure>[A-Z_]+) "
                           r"(?P<game>[A-Z_]+) (?P<stakes>\S+/\S+), Real money\)\s*$")
_EXPECTED: Final = ("not an Ongame hand header", "expected 'Start hand: DATE'",
                    "expected 'Table: NAME [N] (GAME STAKES, Real money)'",
                    "expected 'Button: seat N'")
_MONTHS: Final = {name[:3]: number for name, number in MONTHS.items()}  # `Jan`: 1
# Ongame's games and betting structures, in PokerStars' words.
GAMES: Final = {"TEXAS_HOLDEM": "Hold'em", "OMAHA_HI": "Omaha", "OMAHA_HI_LO": "Omaha Hi/Lo"}
STRUCTURES: Final = {"NO_LIMIT": "No Limit", "POT_LIMIT": "Pot Limit", "LIMIT": "Limit"}
_SEAT: Final = re.compile(r"(?P<seat>Seat \d+: .+?) \((?P<stack>[^ ()]+)\)\s*$")
_SUMMARY_SEAT: Final = re.compile(r"(?P<seat>Seat \d+: .+?) \([^ ()]+\)(?:, net: [-+]\S+?)?"
                                  r"(?:, \[(?P<cards>[^]]*)\](?: \([^()]*\))?)?\s*$")
_POT: Final = re.compile(r"(?:Main pot|Side pot \d+): (?P<pot>\S+) won by (?P<winners>.+?)\s*$")
_WINNER: Final = re.compile(r"(?P<name>.+?) \((?P<amount>[^()]+)\)(?:, |$)")
_STREET: Final = re.compile(r"--- Dealing (?P<street>flop|turn|river) \[(?P<cards>[^]]*)\]\s*$")
_ALL_IN: Final = " [all in]"
# Each player's line in Ongame's words (after `NAME `) and in PokerStars' (after `NAME: `).
REWRITES: Final = rewriting.rewrite_table((
    (r"posts (small|big) blind \((\S+)\)$", "posts {0} blind {1}"),
    (r"(folds|checks)$", "{0}"),
    (r"(calls|bets) (\S+)$", "{0} {1}"),
    (r"raises \S+ to (\S+)$", "raises to {0}"),
))


def rewrite(text: HandText) -> HandText:
    """An Ongame hand's lines in PokerStars' words (see REWRITES)."""
    lines, numbers = text.lines, text.numbers
    header = _NUMBER.match(lines[0])
    start = _START.match(lines[1]) if len(lines) > 1 else None
    table = _TABLE.match(lines[2]) if len(lines) > 2 else None
    hero = lines[3].removeprefix("User: ") if len(lines) > 3 and lines[3].startswith(
        "User: ") else None  # the player whose file it is
    at = 3 if hero is None else 4
    button = re.match(r"Button: seat (\d+)\s*$", lines[at]) if len(lines) > at else None
    for index, found in enumerate((header, start, table, button)):
        if found is None:
            raise LineError(min(index, at), _EXPECTED[index])
    assert header is not None and start is not None and table is not None and button is not None
    if start["month"] not in _MONTHS:
        raise LineError(1, f"{start['month']!r} is not a month", header["number"])
    month = _MONTHS[start["month"]]
    game = (f"{GAMES.get(table['game'], table['game'])} "
            f"{STRUCTURES.get(table['structure'], table['structure'])}")
    said = rewriting.Said()
    said.add(f"Ongame Hand #{header['number']}: {game} ({table['stakes']}) - "
             f"{start['year']}/{month:02d}/{start['day']} {start['time']} {start['zone']}",
             numbers[0], lines[0])
    said.add(f"Table '{table['table']}' Seat #{button[1]} is the button", numbers[2], lines[2])
    names: list[str] = []  # the players dealt in, in the order of play (p1 after the button)
    places: dict[str, int] = {}
    aggressor: str | None = None  # the last to bet or raise on the street
    folded: set[str] = set()
    shown = {seat["seat"]: seat["cards"] for line in lines if line.startswith("Seat ")
             and (seat := _SUMMARY_SEAT.match(line)) is not None and seat["cards"]}
    pots: list[str] = []
    phase = "seats"
    for index in range(at + 1, len(lines)):
        line = lines[index].rstrip()
        new: list[str] = []
        if phase == "seats" and (seat := _SEAT.match(line)) is not None:
            name = seat["seat"].partition(": ")[2]
            # a seat that neither posts nor acts is not dealt in (every player dealt in does):
            # no line after it starts with the name (sought in them joined, at once)
            out = f"\n{name} " not in "\n" + "\n".join(lines[index + 1:])
            if not out:
                names.append(name)
                places[name] = (int(seat["seat"][5:].partition(":")[0]) - int(button[1]) - 1) % 100
            new = [f"{seat['seat']} ({seat['stack']} in chips)" + (" is sitting out" if out
                                                                   else "")]
        elif line.startswith(("Players in round: ", "***** End of hand ")):
            pass
        elif line == "---":
            if phase == "seats" and len(names) == 2 and _one_size(table["stakes"]):
                raise LineError(2, f"heads-up blinds of one size ({table['stakes']}): the button "
                                   f"acts first, where PHH (and pokerkit) has the big blind act",
                                header["number"])
            phase = "play" if phase == "seats" else phase
        elif line.startswith("Dealing to ") and ": [" in line:
            dealt, _, held = line[11:].partition(": [")
            new = [f"Dealt to {dealt} [{held.replace(',', '')}"]
        elif line == "Dealing pocket cards":
            new = ["*** HOLE CARDS ***"]
        elif line.startswith("--- Dealing ") and (street := _STREET.match(line)) is not None:
            aggressor = None
            new = [f"*** {street['street'].upper()} *** [{street['cards'].replace(',', '')}]"]
        elif line == "Summary:":
            phase = "summary"
            order = sorted(names, key=places.__getitem__)
            if aggressor is not None:  # who bet last shows first
                at = order.index(aggressor)
                order = order[at:] + order[:at]
            new = ["*** SHOW DOWN ***", *_showdown(order, folded, shown)]
        elif line.startswith(("Main pot: ", "Side pot ")) and (pot := _POT.match(line)) is not None:
            pots.append(pot["pot"])
            new = [f"{won['name']} collected {won['amount']} from pot"
                   for won in _WINNER.finditer(pot["winners"])]
        elif line.startswith("Rake taken: "):
            new = ["*** SUMMARY ***", f"Total pot {_sum(pots)} | Rake {line[12:]}"]
        elif phase == "summary" and (seat := _SUMMARY_SEAT.match(line)) is not None:
            held = (seat["cards"] or "").replace(",", "")
            name = seat["seat"].partition(": ")[2]
            new = [f"{seat['seat']} {'mucked' if name in folded else 'showed'} [{held}]"
                   if held else line]
        elif (player := line_player(line, names)) is not None:
            new = [_player_line(index, player, line[len(player) + 1:], header["number"])]
            if new[0].endswith(": folds"):
                folded.add(player)
            elif ": bets " in new[0] or ": raises " in new[0]:
                aggressor = player
        else:
            raise LineError(index, "not a line of an Ongame hand", header["number"])
        for each in new:
            said.add(each, numbers[index], line)
    return said.text()


def _showdown(names: list[str], folded: set[str], shown: dict[str, str]) -> list[str]:
    """The cards each player still in showed (their summary line's), in the order of `names`."""
    cards = {seat.partition(": ")[2]: held.replace(",", "") for seat, held in shown.items()}
    if len(names) - len(folded) < 2:
        return []
    return [f"{name}: shows [{cards[name]}]" if name in cards else f"{name}: mucks hand"
            for name in names if name not in folded]


def _one_size(stakes: str) -> bool:
    small, _, big = stakes.partition("/")
    return small == big


def _sum(amounts: list[str]) -> str:
    total = sum(rewriting.cents(amount) for amount in amounts)
    return rewriting.cents_like(total, amounts[0] if amounts else "")


def _player_line(index: int, name: str, rest: str, number: str) -> str:
    """A player's line (`rest` after the name) in PokerStars' words."""
    all_in = rest.rstrip().endswith(_ALL_IN)
    rest = rest.rstrip().removesuffix(_ALL_IN)
    if (said := rewriting.said_as(REWRITES, rest)) is not None:
        return f"{name}: {said} and is all-in" if all_in else f"{name}: {said}"
    raise LineError(index, f"unknown action {rest!r}", number)


ONGAME: Final = HandSite("Ongame", STARTS, HEADER, ("*** SHOW DOWN ***",), (), {}, 2003,
                         rewrite=rewrite)

FORMAT: Final = site_format("ongame", ONGAME)
