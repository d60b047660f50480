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
prizes added, a re-entry per further listing. Lines pokerdb does not use (`Tournament
finished`, a satellite's target) are passed over; a line that starts as a player's result
(`3: `) and is not one is refused. A buy-in without a currency is play money.
"""

import re
from dataclasses import dataclass, field, replace
from typing import Any, Final

from pokerdb.formats.sites.summary_lines import (
    AMOUNT,
    Entry,
    SummaryFormat,
    SummaryLines,
    TournamentSummary,
    checked,
    utc_of,
)
from pokerdb.rules.money import CURRENCY_SYMBOLS, PLAY_MONEY

SITE: Final = "PokerStars"
_DATE: Final = r"(\d{4}/\d{1,2}/\d{1,2})[ -]+(\d{1,2}:\d{2}:\d{2})"
HEADER: Final = re.compile(r"PokerStars Tournament #(?P<number>\d+), (?P<game>.+)")
BUY_IN: Final = re.compile(rf"Buy-In: (?P<parts>{AMOUNT}(?:/{AMOUNT}){{0,2}})"
                           r"(?: (?P<code>[A-Z]{2,4}))?")
PLAYERS: Final = re.compile(r"(?P<count>\d[\d,]*) players")
POOL: Final = re.compile(rf"Total Prize Pool: (?P<pool>{AMOUNT})(?: (?P<code>[A-Z]{{2,4}}))?")
STARTED: Final = re.compile(rf"Tournament started (?:- )?{_DATE} ?(?P<zone>[A-Z]+)?"
                            rf"(?: \[{_DATE} (?P<zone2>[A-Z]+)\])?")  # its groups 1, 2 and 4, 5
ENTRY: Final = re.compile(r"(?P<place>\d+): (?P<name>.+?)(?: \[\d+\])? \([^()]*\),"
                          rf" ?(?:(?P<prize>{AMOUNT})(?: \([\d.]+%\))?|(?P<playing>still playing)"
                          r"|.*)")
FINISHED: Final = re.compile(r"You finished in (?P<place>\d+(?:st|nd|rd|th)) place")
REBUYS: Final = re.compile(r"You made (?P<rebuys>\d+) rebuys? and (?P<add_ons>\d+) add-?ons? "
                           rf"for a total of (?:[A-Z]{{3}} )?(?P<cost>{AMOUNT})")
BOUNTIES: Final = re.compile(r"You collected (?P<count>\d+) bount(?:y|ies) for a total of "
                             rf"(?:[A-Z]{{3}} )?(?P<amount>{AMOUNT})")
RE_ENTRIES: Final = re.compile(r"You made (?P<count>\d+) re-?entr(?:y|ies)")
LISTED: Final = re.compile(r"\d+: ")  # how a player's result starts


@dataclass
class _Read:
    """What the lines have told so far."""

    buy_in: tuple[int, re.Match[str]] | None = None  # a line, and what it matched
    pool: tuple[int, re.Match[str]] | None = None
    started: tuple[int, re.Match[str]] | None = None
    entrants: int | None = None
    listed: dict[str, list[tuple[int | None, int]]] = field(default_factory=dict)
    places: list[tuple[int, int]] = field(default_factory=list)
    extras: dict[str, Any] = field(default_factory=dict)  # Entry's fields, by name
    finished: tuple[int, int] | None = None  # the owner's place, and its line
    extras_line: int | None = None


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
    elif (match := STARTED.match(line)) is not None:
        read.started = (at, match)
    elif (match := ENTRY.fullmatch(line)) is not None:
        place = None if match["playing"] else lines.place(at, match["place"])
        prize = lines.amount(at, match["prize"]) if match["prize"] else 0
        read.listed.setdefault(match["name"], []).append((place, prize))
        if place is not None:
            read.places.append((place, at))
    elif LISTED.match(line):
        raise lines.fail(at, "not a player's result as PokerStars writes it ('3: name "
                             "(country), $prize (percent%)')")
    elif (match := FINISHED.match(line)) is not None:
        read.finished = (lines.place(at, match["place"]), at)
    elif (match := REBUYS.match(line)) is not None:
        read.extras |= {"rebuys": int(match["rebuys"]), "add_ons": int(match["add_ons"]),
                        "rebuy_cost": lines.amount(at, match["cost"])}
        read.extras_line = at
    elif (match := BOUNTIES.match(line)) is not None:
        read.extras |= {"knockouts": int(match["count"]),
                        "bounties": lines.amount(at, match["amount"])}
        read.extras_line = at
    elif (match := RE_ENTRIES.match(line)) is not None:
        read.extras["re_entries"] = int(match["count"])
        read.extras_line = at


def _summary(lines: SummaryLines, header: re.Match[str], read: _Read) -> TournamentSummary:
    prize_part = bounty_part = fee = 0
    currency = None
    if read.buy_in is not None:
        at, match = read.buy_in
        parts = [lines.amount(at, part) for part in match["parts"].split("/")]
        # prize pool part / fee, or prize pool part / bounty / fee
        prize_part, fee = parts[0], parts[-1] if len(parts) > 1 else 0
        bounty_part = parts[1] if len(parts) == 3 else 0
        currency = _money(match["code"], match["parts"])
    pool = pool_line = None
    if read.pool is not None:
        pool_line, match = read.pool
        pool = lines.amount(pool_line, match["pool"])
        currency = currency or _money(match["code"], match["pool"])
    started = zone = started_at = None
    if read.started is not None:
        at, match = read.started
        started, zone = lines.when(at, match[1], match[2]), match["zone"]
        started_at = (utc_of(lines.when(at, match[4], match[5]), match["zone2"])
                      if match["zone2"] else utc_of(started, zone))
    entries = _entries(lines, read)
    summary = TournamentSummary(
        SITE, header["number"], lines.source, None, header["game"].strip(),
        currency or PLAY_MONEY, prize_part, bounty_part, fee, read.entrants, pool, started,
        zone, started_at, entries)
    told = [read.finished] if read.finished is not None else []
    return checked(summary, lines, read.places, pool_line, told)


def _money(code: str | None, written: str) -> str | None:
    """The money a buy-in or pool is written in: its code, else its symbol's; None if
    neither is written."""
    if code:
        return code
    return CURRENCY_SYMBOLS.get(written[:1])


def _entries(lines: SummaryLines, read: _Read) -> tuple[Entry, ...]:
    """Each player listed, once; the owner's with what the `You ...` lines tell."""
    hero = None
    if read.finished is not None:
        place, at = read.finished
        found = [name for name, listings in read.listed.items()
                 if any(listed == place for listed, _ in listings)]
        hero = found[0] if found else None
        if hero is None and read.extras:
            raise lines.fail(at, f"no player is listed in place {place}, to whom the "
                                 f"file's rebuys, re-entries or bounties belong")
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


SUMMARY: Final = SummaryFormat(SITE, ("PokerStars Tournament #",), read_summary)
