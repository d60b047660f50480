"""`pokerdb sessions`: each player's sessions (a run of hands at one site in one money with no
gap between two hands over the gap), with their start and end (UTC), hands, tables, net and
bb/100, computed exactly as `pokerdb players` computes its figures. At a gap of
storage.player_runs.BUCKET or more, the rows import keeps (player_runs) joined; below it, every
seat read (storage.sessions)."""

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fractions import Fraction

from sqlalchemy import Engine

from pokerdb.answers.players import money_shown, rounded
from pokerdb.answers.rendering import Table
from pokerdb.errors import PokerdbError
from pokerdb.storage.hand_filters import HandFilter
from pokerdb.storage.player_runs import BUCKET, RunRow, run_rows
from pokerdb.storage.sessions import session_rows, untimed

COLUMNS = ("player", "site", "currency", "start", "end", "hands", "tables", "net",
           "bb_per_100", "first_deal")


@dataclass
class Session:
    """One session's sums: the net in ten-thousandths, net over big blind exactly."""

    player: str
    site: str
    currency: str
    start: datetime
    end: datetime
    first_deal: int
    hands: int = 0
    tables: int = 0
    net: int = 0
    hands_with_big_blind: int = 0
    net_by_big_blind: dict[int, int] = field(default_factory=dict)

    def add(self, hands: int, net: int, big_blind: int | None) -> None:
        """Add hands at one big blind."""
        self.hands += hands
        self.net += net
        if big_blind:
            self.net_by_big_blind[big_blind] = self.net_by_big_blind.get(big_blind, 0) + net
            self.hands_with_big_blind += hands

    @property
    def net_bb(self) -> Fraction:
        """The net over the big blind, exactly."""
        return sum((Fraction(net, big_blind) for big_blind, net in
                    self.net_by_big_blind.items()), Fraction(0))

    def row(self) -> tuple[object, ...]:
        bb_per_100 = (rounded(100 * self.net_bb / self.hands_with_big_blind, 2)
                      if self.hands_with_big_blind else None)
        return (self.player, self.site, self.currency, utc_text(self.start),
                utc_text(self.end), self.hands, self.tables,
                money_shown(self.net, self.currency), bb_per_100, self.first_deal)


def utc_text(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M:%S}"


def sessions(engine: Engine, gap_minutes: int, within: HandFilter | None = None,
             player: str | None = None) -> tuple[list[Session], int]:
    """The sessions of every player (or `player`), in order of player, site, money, start;
    and the hands left out of them, without a time of play."""
    if gap_minutes < 0:
        raise PokerdbError(f"--gap is a number of minutes, 0 or more, not {gap_minutes}")
    if 60 * gap_minutes >= BUCKET:
        rows = run_rows(engine, within, player)
        return sessions_of_runs(rows, 60 * gap_minutes), untimed_of_runs(rows)
    return exact_sessions(engine, gap_minutes, within, player), untimed(engine, within, player)


def exact_sessions(engine: Engine, gap_minutes: int, within: HandFilter | None = None,
                   player: str | None = None) -> list[Session]:
    """The sessions from every seat (storage.sessions)."""
    found: dict[tuple[str, str, str, int], Session] = {}
    for row in session_rows(engine, 60 * gap_minutes, within, player):
        key = (row.name, row.site, row.currency, row.session)
        session = found.get(key)
        if session is None:
            session = found[key] = Session(row.name, row.site, row.currency, row.started,
                                           row.ended, row.first_deal)
        session.start, session.end = min(session.start, row.started), max(session.end,
                                                                          row.ended)
        session.first_deal = min(session.first_deal, row.first_deal)
        session.tables += row.tables
        session.add(row.hands, row.net, row.big_blind)
    return list(found.values())


def _moment(second: int) -> datetime:
    return datetime.fromtimestamp(second, UTC)


def sessions_of_runs(rows: Iterable[RunRow], gap_seconds: int) -> list[Session]:
    """The sessions the rows of player_runs make at a gap of `gap_seconds`, BUCKET or more:
    the rows of a player, site and money in order of their first second, one session while
    each starts at most the gap after the latest second before it."""
    timed = sorted((row for row in rows if row.started is not None),
                   key=lambda row: (row.name, row.site, row.currency, row.started))
    found: list[Session] = []
    ends: list[int] = []  # each session's last second
    tables: list[list[str]] = []  # each session's rows' lists of tables, as JSON
    for row in timed:
        started, ended = row.started or 0, row.ended or 0
        session = found[-1] if found else None
        if (session is None or started - ends[-1] > gap_seconds
                or (session.player, session.site, session.currency)
                != (row.name, row.site, row.currency)):
            session = Session(row.name, row.site, row.currency, _moment(started),
                              _moment(ended), row.first_deal)
            found.append(session)
            ends.append(ended)
            tables.append([])
        elif ended > ends[-1]:
            ends[-1] = ended
        if row.first_deal < session.first_deal:
            session.first_deal = row.first_deal
        tables[-1].append(row.tables[1:-1])
        session.add(row.hands, row.net, row.big_blind)
    for session, end, lists in zip(found, ends, tables, strict=True):
        session.end = _moment(end)
        session.tables = len(set(json.loads(f"[{','.join(filter(None, lists))}]")))
    return found


def untimed_of_runs(rows: Iterable[RunRow]) -> int:
    """The hands of the rows without a time of play."""
    return sum(row.hands for row in rows if row.started is None)


def sessions_table(engine: Engine, gap_minutes: int, within: HandFilter | None = None,
                   player: str | None = None) -> tuple[Table, list[str]]:
    """The sessions as a table, and the notes to print beside it (hands without a time)."""
    found, left_out = sessions(engine, gap_minutes, within, player)
    rows: Sequence[tuple[object, ...]] = [session.row() for session in found]
    verb = "are" if left_out != 1 else "is"
    notes = [f"{left_out:,} hand{'s' if left_out != 1 else ''} without a time of play (a file "
             f"that gives no date and time in UTC: PHH without _played_at, GGPoker's) {verb} "
             f"in no session"] if left_out else []
    return Table(COLUMNS, rows, "sessions"), notes
