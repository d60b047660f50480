"""PokerStars' tournament summaries: the text file the client writes of a tournament its owner
played (`PokerStars Tournament #...`), read into a `TournamentSummary` (summary_lines).

    PokerStars Tournament #2755432110, No Limit Hold'em
    Buy-In: $10.00/$1.00 USD                  prize pool part / fee (a knockout's: / bounty /)
    8 players
    Total Prize Pool: $80.00 USD
    Tournament started 2020/01/15 20:00:00 CET [2020/01/15 14:00:00 ET]
      1: Alice (Germany), $40.00 (50%)
      3: Hero (Finland), $16.00 (20%)         a place, the player, the country, the prize
      4: Dan (France),                        no prize; `still playing` while it runs
    You finished in 3rd place.
    You made 1 re-entries ... / You made 2 rebuys and 1 addons for a total of USD 30.00.
    You collected 3 bounties for a total of USD 7.50.

The file lists every player, so each is stored with their place and prize; what the `You ...`
lines tell is the file's owner's, the player listed at the place they finished. A player
listed more than once (a re-entry, `Alice [2] (Germany)`) is one entry: the best place, the
prizes added, a re-entry per further listing; the same entry listed twice (no `[2]`) is
refused, and so are re-entries the owner's lines count otherwise, or whose total is not the
buy-in's. Lines pokerdb does not use (`Tournament finished`, a satellite's target) are passed
over; a line that starts as one pokerdb reads (`3: `, `Buy-In:`, `You made`...) and is not one
is refused. A buy-in without a currency is play money; a start told in two zones is one
moment.
"""

import datetime
import re
from dataclasses import dataclass, field, replace
from typing import Any, Final

from pokerdb.errors import quoted
from pokerdb.formats.sites.summary_lines import (
    AMOUNT,
    Entry,
    SummaryFormat,
    SummaryLines,
    TournamentSummary,
    checked,
    money_shown,
    utc_of,
)
from pokerdb.rules.money import CURRENCY_SYMBOLS, PLAY_MONEY

SITE: Final = "PokerStars"
_DATE: Final = r"(\d{4}/\d{1,2}/\d{1,2})[ -]+(\d{1,2}:\d{2}:\d{2})"
FIRST_YEAR: Final = 2001
HEADER: Final = re.compile(r"PokerStars Tournament #(?P<number>\d+), (?P<game>.+)")
BUY_IN: Final = re.compile(rf"Buy-In: (?P<parts>{AMOUNT}(?:/{AMOUNT}){{0,2}})"
                           r"(?: (?P<code>[A-Z]{2,4}))?")
PLAYERS: Final = re.compile(r"(?P<count>\d[\d,]*) players")
POOL: Final = re.compile(rf"Total Prize Pool: (?P<pool>{AMOUNT})(?: (?P<code>[A-Z]{{2,4}}))?")
STARTED: Final = re.compile(rf"Tournament started (?:- )?{_DATE} ?(?P<zone>[A-Z]+)?"
                            rf"(?: \[{_DATE} (?P<zone2>[A-Z]+)\])?")  # its groups 1, 2 and 4, 5
ENTRY: Final = re.compile(r"(?P<place>\d+): (?P<name>.+?)(?: \[(?P<entry>\d+)\])? \([^()]*\),"
                          rf" ?(?:(?P<prize>{AMOUNT})(?: \((?P<percent>\d+(?:\.\d+)?)%\))?"
                          r"|(?P<playing>still playing)|(?P<other>.*))")
MONEY_LIKE: Final = re.compile(r"[$€£¥₹\d]|[A-Z]{3} \d")  # what starts a prize written
FINISHED: Final = re.compile(r"You finished in (?P<place>\d+(?:st|nd|rd|th)) place")
_TOTAL: Final = rf"for a total of (?:(?P<code>[A-Z]{{3}}) )?(?P<total>{AMOUNT})"
REBUYS: Final = re.compile(r"You made (?P<rebuys>\d+) rebuys? and (?P<add_ons>\d+) add-?ons? "
                           + _TOTAL)
BOUNTIES: Final = re.compile(r"You collected (?P<count>\d+) bount(?:y|ies) " + _TOTAL)
RE_ENTRIES: Final = re.compile(rf"You made (?P<count>\d+) re-?entr(?:y|ies)(?: {_TOTAL})?")
LISTED: Final = re.compile(r"\d+: ")  # how a player's result starts
COUNTED: Final = re.compile(r"\d[\d,]* players\b")  # how the entrants' line starts
# How the lines pokerdb reads start: another line that starts so is refused.
READ_STARTS: Final = ("Buy-In:", "Total Prize Pool:", "Tournament started ", "You finished ",
                      "You made ", "You collected ")


@dataclass
class _Read:
    """What the lines have told so far."""

    buy_in: tuple[int, re.Match[str]] | None = None  # a line, and what it matched
    pool: tuple[int, re.Match[str]] | None = None
    started: tuple[int, re.Match[str]] | None = None
    entrants: int | None = None
    listed: dict[str, list[tuple[int | None, int]]] = field(default_factory=dict)
    listings: dict[tuple[str, int], int] = field(default_factory=dict)  # entry: its line
    places: list[tuple[int, int]] = field(default_factory=list)
    # Each prize written with its share of the pool: its line, the prize, as written, the share.
    shares: list[tuple[int, int, str, str]] = field(default_factory=list)
    extras: dict[str, Any] = field(default_factory=dict)  # Entry's fields, by name
    finished: tuple[int, int] | None = None  # the owner's place, and its line
    extras_line: int | None = None
    re_entries: tuple[int, re.Match[str]] | None = None  # the line that tells them


def read_summary(lines: SummaryLines) -> TournamentSummary:
    """The summary of these lines, or the error naming the line at fault."""
    header = HEADER.fullmatch(lines.numbered[0][1].lstrip("\ufeff ")) if lines.numbered else None
    if header is None:
        raise lines.fail(0, "not a PokerStars tournament summary")
    read = _Read()
    for at, (_, line) in enumerate(lines.numbered[1:], 1):
        _read_line(lines, at, line.strip(), read)
    return _summary(lines, header, read)


def _read_line(lines: SummaryLines, at: int, line: str, read: _Read) -> None:
    if (match := BUY_IN.fullmatch(line)) is not None:
        read.buy_in = (at, match)
    elif (match := PLAYERS.fullmatch(line)) is not None:
        read.entrants = lines.count(at, match["count"])
    elif (match := POOL.fullmatch(line)) is not None:
        read.pool = (at, match)
    elif (match := STARTED.fullmatch(line)) is not None:
        read.started = (at, match)
    elif (match := ENTRY.fullmatch(line)) is not None:
        _listing(lines, at, match, read)
    elif LISTED.match(line):
        raise lines.fail(at, "not a player's result as PokerStars writes it ('3: name "
                             "(country), $prize (percent%)')")
    elif COUNTED.match(line):
        raise lines.fail(at, "not the entrants as PokerStars writes them ('8 players')")
    elif (match := FINISHED.match(line)) is not None:
        read.finished = (lines.place(at, match["place"]), at)
    elif (match := REBUYS.match(line)) is not None:
        read.extras |= {"rebuys": lines.count(at, match["rebuys"]),
                        "add_ons": lines.count(at, match["add_ons"]),
                        "rebuy_cost": lines.amount(at, match["total"], match["code"])}
        read.extras_line = at
    elif (match := BOUNTIES.match(line)) is not None:
        read.extras |= {"knockouts": lines.count(at, match["count"]),
                        "bounties": lines.amount(at, match["total"], match["code"])}
        read.extras_line = at
    elif (match := RE_ENTRIES.match(line)) is not None:
        read.extras["re_entries"] = lines.count(at, match["count"])
        read.extras_line = at
        read.re_entries = (at, match)
    else:
        lines.refuse_unread(at, line, READ_STARTS, SITE)


def _listing(lines: SummaryLines, at: int, match: re.Match[str], read: _Read) -> None:
    """A player's result: an entry of theirs (the first, or the one `[2]` numbers), listed
    once."""
    name = lines.name(at, match["name"])
    entry = int(match["entry"] or 1)
    if (name, entry) in read.listings:
        again = lines.numbered[read.listings[name, entry]][0]
        raise lines.fail(at, f"{quoted(name)} is listed twice as the same entry (line {again} "
                             f"too; a re-entry is listed as '{name} [2]')")
    read.listings[name, entry] = at
    if match["other"] and MONEY_LIKE.match(match["other"]):
        raise lines.fail(at, f"{quoted(match['other'])} is not a prize as PokerStars writes it "
                             f"('$40.00 (50%)')")
    place = None if match["playing"] else lines.place(at, match["place"])
    prize = lines.amount(at, match["prize"]) if match["prize"] else 0
    if match["percent"]:
        read.shares.append((at, prize, match["prize"], match["percent"]))
    read.listed.setdefault(name, []).append((place, prize))
    if place is not None:
        read.places.append((place, at))


def _summary(lines: SummaryLines, header: re.Match[str], read: _Read) -> TournamentSummary:
    prize_part = bounty_part = fee = 0
    currency = money_line = None
    if read.buy_in is not None:
        money_line, match = read.buy_in
        parts = [lines.amount(money_line, part, match["code"])
                 for part in match["parts"].split("/")]
        # prize pool part / fee, or prize pool part / bounty / fee
        prize_part, fee = parts[0], parts[-1] if len(parts) > 1 else 0
        bounty_part = parts[1] if len(parts) == 3 else 0
        currency = _money(match["code"], match["parts"]) or PLAY_MONEY
    pool = pool_line = None
    if read.pool is not None:
        pool_line, match = read.pool
        pool = lines.amount(pool_line, match["pool"], match["code"])
        currency = currency or _money(match["code"], match["pool"])
    started, zone, started_at = _started(lines, read)
    currency = currency or PLAY_MONEY
    entries = _entries(lines, read, (prize_part + bounty_part + fee, currency))
    summary = TournamentSummary(
        SITE, lines.number(0, header["number"]), lines.source, None, header["game"].strip(),
        currency, prize_part, bounty_part, fee, read.entrants, pool, started,
        zone, started_at, entries)
    told = [read.finished] if read.finished is not None else []
    checked(summary, lines, read.places, pool_line, told, money_line)
    if pool is not None:
        _shares(lines, read, pool)
    return summary


def _shares(lines: SummaryLines, read: _Read, pool: int) -> None:
    """Each prize the share of the pool it is written with, to the places each is written to
    (`$4.09 (50%)` of $8.19)."""
    from decimal import Decimal  # here: the formats' registry imports this module

    for at, prize, written, percent in read.shares:
        share = Decimal(percent)
        exponent = share.as_tuple().exponent
        assert isinstance(exponent, int)
        places = len(written.partition(".")[2])
        slack = pool * Decimal(5).scaleb(exponent - 3) + Decimal(10) ** (4 - places)
        if abs(prize - pool * share / 100) > slack:
            raise lines.fail(at, f"{written} is not {percent}% of the prize pool")


def _started(lines: SummaryLines, read: _Read) -> tuple[
        datetime.datetime | None, str | None, datetime.datetime | None]:
    """The start as written, its zone, and the same in UTC (None where the zone is not
    known): the moment both zones tell, when the line tells it twice."""
    if read.started is None:
        return None, None, None
    at, match = read.started
    started, zone = lines.when(at, match[1], match[2]), match["zone"]
    started_at = utc_of(started, zone)
    if match["zone2"]:
        second = utc_of(lines.when(at, match[4], match[5]), match["zone2"])
        if None not in (started_at, second) and started_at != second:
            raise lines.fail(at, f"{match[1]} {match[2]} {zone} and {match[4]} {match[5]} "
                                 f"{match['zone2']} are not the same moment")
        started_at = started_at or second
    return started, zone, started_at


def _money(code: str | None, written: str) -> str | None:
    """The money a buy-in or pool is written in: its code, else its symbol's; None if
    neither is written."""
    if code:
        return code
    return CURRENCY_SYMBOLS.get(written[:1])


def _entries(lines: SummaryLines, read: _Read, buy_in: tuple[int, str]) -> tuple[Entry, ...]:
    """Each player listed, once; the owner's with what the `You ...` lines tell."""
    hero = None
    if read.finished is not None:
        place, at = read.finished
        found = [name for name, listings in read.listed.items()
                 if any(listed == place for listed, _ in listings)]
        hero = found[0] if found else None
        if hero is None and (read.extras or read.places):
            raise lines.fail(at, f"no player is listed in place {place}, where the file "
                                 f"says you finished")
        if hero is not None:
            _re_entries(lines, read, len(read.listed[hero]), buy_in)
    elif read.extras and read.extras_line is not None:
        raise lines.fail(read.extras_line, "the file does not say where you finished "
                                           "('You finished in ... place')")
    entries = []
    for name, listings in read.listed.items():
        places = [place for place, _ in listings if place is not None]
        entry = Entry(name, min(places) if places else None,
                      sum(prize for _, prize in listings), hero=name == hero,
                      re_entries=len(listings) - 1 if len(listings) > 1 else None)
        if name == hero:
            entry = replace(entry, **read.extras)
        entries.append(entry)
    return tuple(entries)


def _re_entries(lines: SummaryLines, read: _Read, listed: int,
                buy_in: tuple[int, str]) -> None:
    """The owner's re-entries as the file tells them: one per further listing of theirs, and
    the buy-in (an amount, its money) each."""
    if read.re_entries is None:
        return
    at, match = read.re_entries
    count = read.extras["re_entries"]
    if listed > 1 and count != listed - 1:
        raise lines.fail(at, f"the file lists you {listed} times, for {listed - 1} "
                             f"re-entries, not {count}")
    if match["total"] is not None:
        total = lines.amount(at, match["total"], match["code"])
        amount, money = buy_in
        if total != count * amount:
            raise lines.fail(at, f"{count} re-entries at a buy-in of "
                                 f"{money_shown(amount, money)} cost "
                                 f"{money_shown(count * amount, money)}, not "
                                 f"{money_shown(total, money)}")


SUMMARY: Final = SummaryFormat(SITE, ("PokerStars Tournament #",), read_summary, FIRST_YEAR)
