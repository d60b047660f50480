"""The tournament summaries of an import stored, in its transaction, after its hands: a
tournament (a site's number) is stored once, by the first import that reads its summary. The
same summary read again is passed over (counted as stored already); a summary of a tournament
stored with other results fails the import with one line naming both files."""

from dataclasses import astuple, dataclass
from typing import Any

from sqlalchemy import BigInteger, Column, ColumnElement, Connection, insert, select, type_coerce

from pokerdb.errors import InputError
from pokerdb.formats.sites.site_histories import SiteHistories
from pokerdb.formats.sites.summary_lines import Entry, TournamentSummary
from pokerdb.storage.column_types import amount_of
from pokerdb.storage.schema import tournament_entries, tournaments

# What tells one summary of a tournament from another: its figures and each entry's.
Figures = tuple[object, ...]


@dataclass
class StoredTournaments:
    """How many tournaments an import stored, and how many it found stored already."""

    stored: int = 0
    duplicates: int = 0


def store_tournaments(connection: Connection, read: SiteHistories,
                      dataset_id: int) -> StoredTournaments:
    """Store the summaries among the input's files (SiteHistories.tournament_summaries)."""
    counts = StoredTournaments()
    for summary in read.tournament_summaries():
        stored = _stored(connection, summary)
        if stored is None:
            _insert(connection, summary, dataset_id)
            counts.stored += 1
            continue
        source, figures = stored
        if figures != _figures(summary):
            raise InputError(read.where(summary.source), None,
                             f"tournament #{summary.number} of {summary.site} is stored "
                             f"already, from {source}, with other results; nothing imported")
        counts.duplicates += 1
    return counts


def _figures(summary: TournamentSummary) -> Figures:
    """A summary's figures as stored: the tournament's, then each entry's by player."""
    entries = sorted((entry.player, *astuple(entry)[1:], entry.cost(summary.buy_in))
                     for entry in summary.entries)
    return (summary.currency, summary.prize_part, summary.bounty_part, summary.fee,
            summary.entrants, summary.prize_pool, *entries)


def _stored(connection: Connection, summary: TournamentSummary) -> tuple[str, Figures] | None:
    """The file a tournament was stored from and its figures; None if it is not stored."""
    def units(column: Column[Any]) -> ColumnElement[int]:
        return type_coerce(column, BigInteger)

    tournament = tournaments.c
    found = connection.execute(
        select(tournament.id, tournament.source, tournament.currency,
               units(tournament.prize_part), units(tournament.bounty_part),
               units(tournament.fee), tournament.entrants, units(tournament.prize_pool))
        .where(tournaments.c.site == summary.site, tournaments.c.number == summary.number)
    ).first()
    if found is None:
        return None
    entry = tournament_entries.c
    rows = connection.execute(
        select(entry.player, entry.place, units(entry.prize), entry.hero, units(entry.bounties),
               entry.knockouts, entry.re_entries, entry.rebuys, entry.add_ons,
               units(entry.rebuy_cost), units(entry.cost))
        .where(entry.tournament_id == found[0]).order_by(entry.player))
    return found[1], (*found[2:], *(tuple(row) for row in rows))


def _insert(connection: Connection, summary: TournamentSummary, dataset_id: int) -> None:
    started = summary.started
    tournament_id = connection.execute(insert(tournaments).values(
        dataset_id=dataset_id, site=summary.site, number=summary.number, name=summary.name,
        game=summary.game, currency=summary.currency,
        prize_part=amount_of(summary.prize_part), bounty_part=amount_of(summary.bounty_part),
        fee=amount_of(summary.fee), buy_in=amount_of(summary.buy_in),
        entrants=summary.entrants, prize_pool=_amount(summary.prize_pool),
        date=None if started is None else started.date(),
        time=None if started is None else started.time(), time_zone=summary.time_zone,
        started_at=summary.started_at, source=summary.source,
    ).returning(tournaments.c.id)).scalar_one()
    if summary.entries:
        connection.execute(insert(tournament_entries), [
            _entry_row(tournament_id, summary, entry) for entry in summary.entries])


def _entry_row(tournament_id: int, summary: TournamentSummary, entry: Entry) -> dict[str, object]:
    return {"tournament_id": tournament_id, "player": entry.player,
            "currency": summary.currency, "place": entry.place, "prize": amount_of(entry.prize),
            "bounties": _amount(entry.bounties), "knockouts": entry.knockouts,
            "re_entries": entry.re_entries, "rebuys": entry.rebuys, "add_ons": entry.add_ons,
            "rebuy_cost": _amount(entry.rebuy_cost),
            "cost": amount_of(entry.cost(summary.buy_in)), "hero": entry.hero}


def _amount(stored: int | None) -> object:
    return None if stored is None else amount_of(stored)
