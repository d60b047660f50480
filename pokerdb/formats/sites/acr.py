"""Winning Poker Network hand histories in the format the network (Americas Cardroom, ACR) writes
since 2019: text files of hands in PokerStars' shape, read by PokerStars' reader
(pokerdb.formats.sites.stars_shape.reader) with the network's differences as data (`ACR`, a
`HandSite` and its `LineShape`), and `rewrite`, which says the few lines PokerStars words
otherwise in its words. `--format wpn` reads these files and the older ones
(pokerdb.formats.sites.wpn), each file by its first line.

A cash game's hand starts `Hand #61150000 - Holdem(No Limit) - $0.01/$0.02 - 2019/09/10
12:02:11 UTC`, a tournament's `Game Hand #624700000 - Tournament #23123480 - Holdem(No Limit) -
Level 5 (1000.00/2000.00)- 2020/12/15 21:20:06 UTC` (its chips written with cents, `200.00`:
read whole). The table is named bare (`Joppa 6-max Seat #3 is the button`; a tournament's
`Table '1' 9-max ...`), the seats without `in chips`, the actions without a colon after the
name (`NAME posts the small blind $0.01`), a raise by what the player puts in (`raises $0.25 to
$0.26` from a small blind of $0.01: the total is read), a blind of a player joining without its
name (`NAME posts $0.02`: a big blind), a tournament's blinds sometimes after `*** HOLE CARDS
***` (read before it), the pot won without a showdown only in the summary (`Seat 4: NAME did
not show and won $0.20`). As Winamax's, the summary's total pot is what was collected, the rake
and the jackpot's fee taken from it first (`Total pot $4.75 | Rake $0.21 | JP Fee $0.04` of a
pot of $5), and a bet no one called is returned by a line or not at all (a walk's big blind, a
raise no one called: in the pot the winner collects). A player who waits for the big blind or
sits out, or whose seat `will be allowed to play after the button`, is not dealt in.
"""

import re
from typing import Final

from pokerdb.formats.sites.stars_shape.lines import (
    HandSite,
    HandText,
    LineShape,
)

STARTS: Final = ("Hand #", "Game Hand #")
HEADER: Final = re.compile(
    r"(?:Game )?Hand #(?P<number>\d+) - (?:Tournament #(?P<tournament>\d+) - )?"
    r"(?P<game>[^()]+\([^()]+\)) - (?:Level (?P<level>\w+) )?"
    r"\(?(?P<stakes>[^()\s]+/[^()\s]+)\)? ?- "
    r"(?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2}) (?P<zone>[A-Z]+)"
    r"(?P<buy_in>(?!))?\s*$")
TABLE: Final = re.compile(r"(?:Table ')?(?P<table>.+?)'? (?P<seats>\d+)-max"
                          r" Seat #(?P<button>\d+) is the button\s*$")
SEAT: Final = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^ ()]+)\)"
                         r"(?P<out> is sitting out)?\s*$")
# The network's names of its games, by PokerStars'.
GAMES: Final = {
    f"{game}({structure})": f"{ours} {structure}"
    for game, ours in (("Holdem", "Hold'em"), ("Omaha", "Omaha"), ("OmahaHiLo", "Omaha Hi/Lo"))
    for structure in ("No Limit", "Pot Limit", "Fixed Limit", "Limit")} | {
    "Holdem(Fixed Limit)": "Hold'em Limit", "Omaha(Fixed Limit)": "Omaha Limit"}
# Each player's line in the network's words (after `NAME `) and in PokerStars' (after `NAME `,
# the reader reading no colon): a format string of the groups.
REWRITES: Final = tuple((re.compile(words), said) for words, said in (
    (r" posts the (small|big) blind (\S+)$", " posts {0} blind {1}"),
    (r" posts dead (\S+)$", " posts small & big blinds {0}"),  # missed blinds: the small dead
    (r" posts (\S+)$", " posts big blind {0}"),  # a player joining posts a big blind
    (r" raises \S+ to (\S+( and is all-in)?)$", " raises to {0}"),
))
# The lines that move no chips: a pot's running total, a player waiting or not showing, a seat
# taken by a player who waits for the button to pass.
_QUIET: Final = re.compile(r"(?:Main pot |Side pot\(\d+\) )\S+(?: \| Rake \S+)?$|"
                           r".+ (?:waits for big blind|does not show)$|"
                           r"Seat \d+: .+ will be allowed to play after the button$")
_CENTS: Final = re.compile(r"(?<![\d.])(\d+)\.00(?![\d.])")  # a tournament's chips
# A summary's seat that won without a `collected` line (no showdown): `Seat 4: NAME did not
# show and won $0.20`, `Seat 1: NAME showed [...] and won $722.00 with ...`.
_WON: Final = re.compile(r"Seat \d+: (?P<name>.+?)(?: \((?:button|small blind|big blind)\))? "
                         r"(?:did not show|showed \[[^]]*\]) and won (?P<amount>\S+)")
_POSTS: Final = (" posts the small blind ", " posts the big blind ", " posts ante ")


def rewrite(text: HandText) -> HandText:
    """The hand's lines in PokerStars' words (see REWRITES), its blinds before the hole cards,
    what the summary says a player won without a showdown collected."""
    lines, numbers = text.lines, text.numbers
    tournament = lines[0].startswith("Game Hand #")
    said: list[str] = []
    kept: list[int] = []
    written: list[str] = []
    hole_cards: int | None = None  # where `*** HOLE CARDS ***` is said, once its blinds are
    # what the summary says each won where no line says it was collected (no showdown)
    won = [] if any(" collected " in line for line in lines) else [
        found for line in lines if line.startswith("Seat ")
        and (found := _WON.match(_CENTS.sub(r"\1", line) if tournament else line))]
    for index, line in enumerate(lines):
        line = line.rstrip()
        new = _CENTS.sub(r"\1", line) if tournament else line
        if _QUIET.match(new):
            continue
        if new.startswith("*** HOLE CARDS ***"):
            hole_cards = index
            continue
        if hole_cards is not None and not any(words in new for words in _POSTS):
            said.append("*** HOLE CARDS ***")
            kept.append(numbers[hole_cards])
            written.append(lines[hole_cards])
            hole_cards = None
        if new.startswith("*** SUMMARY ***"):
            for each in won:
                said.append(f"{each['name']} collected {each['amount']} from pot")
                kept.append(numbers[index])
                written.append(line)
        else:
            for words, says in REWRITES:
                if (matched := words.search(new)) is not None:
                    new = new[:matched.start()] + says.format(*matched.groups(""))
                    break
        said.append(new)
        kept.append(numbers[index])
        written.append(line)
    return HandText(kept, said, written)


ACR: Final = HandSite(
    "Winning Poker Network", STARTS, HEADER, ("*** SHOW DOWN ***",), (), {}, 2019,
    rewrite=rewrite,
    shape=LineShape(table=TABLE, seat=SEAT, games=GAMES, after_name=" ",
                    sitting_out_unsaid=True, pot_collected=True))
