"""`pokerdb sessions`: each player's sessions (storage.sessions: a run of hands at one site in
one money with no gap between two hands over the gap), with their start and end (UTC), hands,
tables, net and bb/100, computed exactly as `pokerdb players` computes its figures."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from sqlalchemy import Engine

from pokerdb.answers.players import money_shown, rounded
from pokerdb.answers.rendering import Table
from pokerdb.errors import PokerdbError
from pokerdb.storage.hand_filters import HandFilter
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
    net_bb: Fraction = Fraction(0)
    hands_with_big_blind: int = 0

    def row(self) -> tuple[object, ...]:
        bb_per_100 = (rounded(100 * self.net_bb / self.hands_with_big_blind, 2)
                      if self.hands_with_big_blind else None)
        return (self.player, self.site, self.currency, utc_text(self.start),
                utc_text(self.end), self.hands, self.tables,
                money_shown(self.net, self.currency), bb_per_100, self.first_deal)


def utc_text(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M:%S}"


def sessions(engine: Engine, gap_minutes: int, within: HandFilter | None = None,
             player: str | None = None) -> list[Session]:
    """The sessions of every player (or `player`), in order of player, site, money, start."""
    if gap_minutes < 0:
        raise PokerdbError(f"--gap is a number of minutes, 0 or more, not {gap_minutes}")
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
        session.hands += row.hands
        session.tables += row.tables
        session.net += row.net
        if row.big_blind:
            session.net_bb += Fraction(row.net, row.big_blind)
            session.hands_with_big_blind += row.hands
    return list(found.values())


def sessions_table(engine: Engine, gap_minutes: int, within: HandFilter | None = None,
                   player: str | None = None) -> tuple[Table, list[str]]:
    """The sessions as a table, and the notes to print beside it (hands without a time)."""
    rows: Sequence[tuple[object, ...]] = [
        session.row() for session in sessions(engine, gap_minutes, within, player)]
    left_out = untimed(engine, within, player)
    verb = "are" if left_out != 1 else "is"
    notes = [f"{left_out:,} hand{'s' if left_out != 1 else ''} without a time of play (a file "
             f"that gives no date and time in UTC: PHH without _played_at, GGPoker's) {verb} "
             f"in no session"] if left_out else []
    return Table(COLUMNS, rows, "sessions"), notes
