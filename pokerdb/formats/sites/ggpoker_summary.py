"""GGPoker's tournament summaries: the text file the client (PokerCraft) writes of a tournament
its owner played, read into a `TournamentSummary` (summary_lines).

    Tournament #203693115, Sunday Special $11, Hold'em No Limit
    Buy-in: $9+$1+$1                           prize pool part + fee (+ bounty part)
    110 Players
    Total Prize Pool: $990
    Tournament started 2025/05/05 19:00:00     no time zone: stored as written, not in UTC
    5th : Hero, $66                            the owner's place and what they received
    You finished the tournament in 5th place.
    You made 2 re-entries and received a total of $66.

The file lists its owner alone, as `Hero` (as GGPoker's hands name them). What they received
is one total, bounties included: it is stored as the prize, the bounties not told apart.
Where the file says it twice, the place and the total must agree. Lines pokerdb does not use
are passed over; a line that starts as one pokerdb reads (`5th :`, `Buy-in:`, `You made`...)
and is not one is refused. A buy-in without a currency's symbol is in chips.
"""

import re
from dataclasses import dataclass, field
from typing import Final

from pokerdb.formats.sites.summary_lines import (
    AMOUNT,
    Entry,
    SummaryFormat,
    SummaryLines,
    TournamentSummary,
    checked,
)
from pokerdb.rules.money import CHIPS, CURRENCY_SYMBOLS

SITE: Final = "GGPoker"
FIRST_YEAR: Final = 2014  # GGNetwork's first
HEADER: Final = re.compile(r"Tournament #(?P<number>\d+), (?P<name>.+), (?P<game>[^,]+)")
BUY_IN: Final = re.compile(rf"Buy-in: (?P<parts>{AMOUNT}(?:\+{AMOUNT}){{0,2}})")
PLAYERS: Final = re.compile(r"(?P<count>\d[\d,]*) Players")
POOL: Final = re.compile(rf"Total Prize Pool: (?P<pool>{AMOUNT})")
STARTED: Final = re.compile(r"Tournament started (\d{4}/\d{1,2}/\d{1,2}) (\d{1,2}:\d{2}:\d{2})")
COUNTED: Final = re.compile(r"\d[\d,]* Players\b")  # how the entrants' line starts
# How the lines pokerdb reads start: another line that starts so is refused.
READ_STARTS: Final = ("Buy-in:", "Total Prize Pool:", "Tournament started ", "You finished ",
                      "You made ", "You received ")
ENTRY: Final = re.compile(rf"(?P<place>\d+(?:st|nd|rd|th)) : (?P<name>.+?), (?P<prize>{AMOUNT})")
FINISHED: Final = re.compile(r"You finished the tournament in (?P<place>\d+(?:st|nd|rd|th)) "
                             rf"place(?: and received a total of (?P<total>{AMOUNT}))?\.?")
LISTED: Final = re.compile(r"\d+(?:st|nd|rd|th) :")  # how a player's result starts
RECEIVED: Final = re.compile(r"You (?:made (?P<re_entries>\d+) re-entries and )?received a "
                             rf"total of (?P<total>{AMOUNT})\.?")


@dataclass
class _Read:
    """What the lines have told so far: each a line and what it matched."""

    found: dict[str, tuple[int, re.Match[str]]] = field(default_factory=dict)
    listed: list[tuple[int, re.Match[str]]] = field(default_factory=list)


_LINES: Final = (("buy_in", BUY_IN), ("players", PLAYERS), ("pool", POOL),
                 ("finished", FINISHED), ("received", RECEIVED))


def read_summary(lines: SummaryLines) -> TournamentSummary:
    """The summary of these lines, or the error naming the line at fault."""
    header = HEADER.fullmatch(lines.numbered[0][1].lstrip("\ufeff ")) if lines.numbered else None
    if header is None:
        raise lines.fail(0, "not a GGPoker tournament summary")
    read = _Read()
    for at, (_, written) in enumerate(lines.numbered[1:], 1):
        line = written.strip()
        if (entry := ENTRY.fullmatch(line)) is not None:
            read.listed.append((at, entry))
        elif LISTED.match(line):
            raise lines.fail(at, "not a player's result as GGPoker writes it ('5th : Hero, "
                                 "$660')")
        elif (started := STARTED.fullmatch(line)) is not None:
            read.found["started"] = (at, started)
        else:
            _read_line(lines, at, line, read)
    return _summary(lines, header, read)


def _read_line(lines: SummaryLines, at: int, line: str, read: _Read) -> None:
    """A line that is not a result or the start: one pokerdb reads, or one it passes over."""
    for name, pattern in _LINES:
        if (match := pattern.fullmatch(line)) is not None:
            read.found[name] = (at, match)
            return
    if COUNTED.match(line):
        raise lines.fail(at, "not the entrants as GGPoker writes them ('110 Players')")
    lines.refuse_unread(at, line, READ_STARTS, SITE)


def _summary(lines: SummaryLines, header: re.Match[str], read: _Read) -> TournamentSummary:
    found = read.found
    parts = [0, 0, 0]
    written = ""
    money_line = None
    if "buy_in" in found:
        money_line, match = found["buy_in"]
        written = match["parts"]
        for index, part in enumerate(written.split("+")):
            parts[index] = lines.amount(money_line, part)
    prize_part, fee, bounty_part = parts
    pool = pool_line = None
    if "pool" in found:
        pool_line, match = found["pool"]
        pool = lines.amount(pool_line, match["pool"])
        written = written or match["pool"]
        money_line = pool_line if money_line is None else money_line
    entrants = lines.count(*_told(found["players"], "count")) if "players" in found else None
    started = None
    if "started" in found:
        at, match = found["started"]
        started = lines.when(at, match[1], match[2])
    summary = TournamentSummary(
        SITE, lines.number(0, header["number"]), lines.source,
        lines.name(0, header["name"], "tournament name", numbered=False),
        lines.name(0, header["game"], "game", numbered=False),
        CURRENCY_SYMBOLS.get(written[:1], CHIPS), prize_part, bounty_part, fee, entrants, pool,
        started, None, None, _entries(lines, read))
    told = ([(lines.place(*_told(found["finished"], "place")), found["finished"][0])]
            if "finished" in found else [])
    return checked(summary, lines, [(lines.place(at, entry["place"]), at)
                                    for at, entry in read.listed], pool_line, told,
                   money_line)


def _told(line: tuple[int, re.Match[str]], group: str) -> tuple[int, str]:
    """A line and what one group of its match wrote."""
    return line[0], line[1][group]


def _entries(lines: SummaryLines, read: _Read) -> tuple[Entry, ...]:
    """The players listed; the owner's (the one listed, or `Hero`) with what the `You ...`
    lines tell, which must agree with its listing."""
    finished, received = read.found.get("finished"), read.found.get("received")
    telling = finished or received
    if telling is not None and not read.listed:
        raise lines.fail(telling[0], "the file lists no result ('5th : Hero, $660') for "
                                     "what it tells you")
    entries = []
    for at, listed in read.listed:
        place, prize = lines.place(at, listed["place"]), lines.amount(at, listed["prize"])
        hero = len(read.listed) == 1 or listed["name"] == "Hero"
        re_entries = None
        if hero and finished is not None:
            told = lines.place(*_told(finished, "place"))
            if told != place:
                raise lines.fail(finished[0], f"the file lists {listed['name']} in place "
                                              f"{place} (line {lines.numbered[at][0]})")
        for total_line in (finished, received):
            if hero and total_line is not None and total_line[1]["total"] is not None:
                total = lines.amount(*_told(total_line, "total"))
                if total != prize:
                    raise lines.fail(total_line[0], f"the file lists {listed['name']} with "
                                                    f"{listed['prize']} (line "
                                                    f"{lines.numbered[at][0]})")
        if hero and received is not None and received[1]["re_entries"] is not None:
            re_entries = lines.count(*_told(received, "re_entries"))
        entries.append(Entry(lines.name(at, listed["name"]), place, prize, hero=hero,
                             re_entries=re_entries))
    return tuple(entries)


SUMMARY: Final = SummaryFormat(SITE, ("Tournament #",), read_summary, FIRST_YEAR)
