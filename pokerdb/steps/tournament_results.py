"""The tournament summaries of an import stored, in its transaction, after its hands: a
tournament (a site's number) is stored once, by the first import that reads its summary. The
same summary read again is passed over (counted as stored already); a summary of a tournament
stored with other results (or name, game or start) fails the import with one line naming both
files, and so does a summary whose owner is seated in none of the import's hands of the
tournament (the hands and the summary are then not of one player's client)."""

import re
from dataclasses import astuple, dataclass
from typing import Any, Final

from sqlalchemy import (
    BigInteger,
    Column,
    ColumnElement,
    Connection,
    and_,
    insert,
    select,
    tuple_,
    type_coerce,
)

from pokerdb.errors import InputError, quoted
from pokerdb.formats.sites.site_histories import SiteHistories
from pokerdb.formats.sites.stars_shape.lines import amount_units
from pokerdb.formats.sites.summary_lines import Entry, TournamentSummary, money_shown
from pokerdb.rules.money import AMOUNT_PLACES, CURRENCY_SYMBOLS
from pokerdb.storage.column_types import amount_of
from pokerdb.storage.player_names import named
from pokerdb.storage.schema import deals, seats, tournament_entries, tournaments

# What tells one summary of a tournament from another: its figures and each entry's.
Figures = tuple[object, ...]


@dataclass
class StoredTournaments:
    """How many tournaments an import stored, and how many it found stored already."""

    stored: int = 0
    duplicates: int = 0


Key = tuple[str, str]  # a tournament's site and number
LOOKUP_NUMBERS = 500  # tournament numbers looked up in one query


def store_tournaments(connection: Connection, read: SiteHistories,
                      dataset_id: int) -> StoredTournaments:
    """Store the summaries among the input's files (SiteHistories.tournament_summaries): the
    new tournaments in a few statements, whatever their number."""
    counts = StoredTournaments()
    new: dict[Key, TournamentSummary] = {}
    for summary in read.tournament_summaries():
        first = new.get((summary.site, summary.number))
        if first is None:
            new[summary.site, summary.number] = summary
            continue
        _same(read, summary, first.source, _figures(first))
        counts.duplicates += 1
    for key, (source, figures) in _stored(connection, list(new)).items():
        _same(read, new.pop(key), source, figures)
        counts.duplicates += 1
    _beside_hands(connection, read, list(new.values()), dataset_id)
    _insert(connection, list(new.values()), dataset_id)
    counts.stored = len(new)
    return counts


def _same(read: SiteHistories, summary: TournamentSummary, source: str,
          figures: Figures) -> None:
    """A summary of a tournament read or stored already from `source`: the same results, or
    the import fails."""
    if figures != _figures(summary):
        raise InputError(read.where(summary.source), None,
                         f"tournament #{summary.number} of {summary.site} is stored "
                         f"already, from {source}, with other results; nothing imported")


def _figures(summary: TournamentSummary) -> Figures:
    """A summary's figures as stored: the tournament's, then each entry's by player."""
    entries = sorted((entry.player, *astuple(entry)[1:], entry.cost(summary.buy_in))
                     for entry in summary.entries)
    started = summary.started
    return (summary.name, summary.game, summary.currency, summary.prize_part,
            summary.bounty_part, summary.fee, summary.entrants, summary.prize_pool,
            None if started is None else started.date(),
            None if started is None else started.time(), summary.time_zone, *entries)


def _units(column: Column[Any]) -> ColumnElement[int]:
    """An amount column read as the count of ten-thousandths it stores."""
    return type_coerce(column, BigInteger)


def _stored(connection: Connection, keys: list[Key]) -> dict[Key, tuple[str, Figures]]:
    """Of these tournaments, those stored: the file each was stored from, and its figures."""
    wanted = set(keys)
    found: dict[int, tuple[Key, str, tuple[object, ...]]] = {}
    tournament = tournaments.c
    numbers = sorted({number for _, number in keys})
    for first in range(0, len(numbers), LOOKUP_NUMBERS):
        for row in connection.execute(
                select(tournament.id, tournament.site, tournament.number, tournament.source,
                       tournament.name, tournament.game,
                       tournament.currency, _units(tournament.prize_part),
                       _units(tournament.bounty_part), _units(tournament.fee),
                       tournament.entrants, _units(tournament.prize_pool), tournament.date,
                       tournament.time, tournament.time_zone)
                .where(tournament.number.in_(numbers[first:first + LOOKUP_NUMBERS]))):
            if (row[1], row[2]) in wanted:
                found[row[0]] = ((row[1], row[2]), row[3], tuple(row[4:]))
    entries: dict[int, list[tuple[object, ...]]] = {key: [] for key in found}
    entry = tournament_entries.c
    ids = sorted(found)
    for first in range(0, len(ids), LOOKUP_NUMBERS):
        for tournament_id, *values in connection.execute(
                select(entry.tournament_id, entry.player, entry.place, _units(entry.prize),
                       entry.hero, _units(entry.bounties), entry.knockouts, entry.re_entries,
                       entry.rebuys, entry.add_ons, _units(entry.rebuy_cost), _units(entry.cost))
                .where(entry.tournament_id.in_(ids[first:first + LOOKUP_NUMBERS]))):
            entries[tournament_id].append(tuple(values))
    return {key: (source, (*figures, *sorted(entries[tournament_id])))
            for tournament_id, (key, source, figures) in found.items()}


def _beside_hands(connection: Connection, read: SiteHistories,
                  summaries: list[TournamentSummary], dataset_id: int) -> None:
    """Each summary as the import's hands of its tournament tell it, if it has any: its
    owner seated in one of them, its buy-in theirs; else the import fails, naming it."""
    wanted = {(summary.site, summary.number): summary for summary in summaries}
    keys = sorted(wanted)
    deal, seat = deals.c, seats.c
    named_seats, seat_name = named(seats)
    for first in range(0, len(keys), LOOKUP_NUMBERS):
        chunk = keys[first:first + LOOKUP_NUMBERS]
        seated: dict[Key, set[str]] = {}
        buy_ins: dict[Key, set[str | None]] = {}
        for site, number, name, buy_in in connection.execute(
                select(deal.site, deal.tournament, seat_name, deal.buy_in)
                .select_from(deals).join(named_seats, seat.deal_id == deal.id)
                .where(and_(deal.dataset_id == dataset_id,
                            tuple_(deal.site, deal.tournament).in_(chunk))).distinct()):
            seated.setdefault((site, number), set()).add(name)
            buy_ins.setdefault((site, number), set()).add(buy_in)
        for key in set(chunk) & set(seated):
            summary = wanted[key]
            problem = _disagreement(summary, seated[key], buy_ins[key])
            if problem is not None:
                raise InputError(read.where(summary.source), None,
                                 f"tournament #{summary.number} of {summary.site}: "
                                 f"{problem}; nothing imported")


def _disagreement(summary: TournamentSummary, seated: set[str],
                  buy_ins: set[str | None]) -> str | None:
    """What a summary says otherwise than its tournament's hands (the names seated in them,
    and their buy-ins as written, "$0.91+$0.09 USD"), or None."""
    owner = next((entry.player for entry in summary.entries if entry.hero), None)
    if owner is not None and owner not in seated:
        return (f"the summary's owner {quoted(owner)} is seated in none of its hands "
                f"imported beside it")
    for written in sorted(filter(None, buy_ins)):
        parts = [amount_units(part, AMOUNT_PLACES)
                 for part in _CODE.sub("", written).split("+")]
        code = _CODE.search(written)
        money = code[1] if code else CURRENCY_SYMBOLS.get(written[:1], summary.currency)
        if None in parts:
            continue  # not amounts ("Freeroll"): nothing to compare
        if money != summary.currency or sum(part or 0 for part in parts) != summary.buy_in:
            return (f"its hands' buy-in is {quoted(written)}, the summary's "
                    f"{money_shown(summary.buy_in, summary.currency)}")
    return None


_CODE: Final = re.compile(r" ([A-Z]{3})$")  # the money a hand's buy-in names


def _insert(connection: Connection, summaries: list[TournamentSummary],
            dataset_id: int) -> None:
    """Store new tournaments and their entries: one statement for each table."""
    if not summaries:
        return
    ids = connection.execute(
        insert(tournaments).returning(tournaments.c.id, sort_by_parameter_order=True),
        [_tournament_row(summary, dataset_id) for summary in summaries]).scalars().all()
    rows = [_entry_row(tournament_id, summary, entry)
            for tournament_id, summary in zip(ids, summaries, strict=True)
            for entry in summary.entries]
    if rows:
        connection.execute(insert(tournament_entries), rows)


def _tournament_row(summary: TournamentSummary, dataset_id: int) -> dict[str, object]:
    started = summary.started
    return {"dataset_id": dataset_id, "site": summary.site, "number": summary.number,
            "name": summary.name, "game": summary.game, "currency": summary.currency,
            "prize_part": amount_of(summary.prize_part),
            "bounty_part": amount_of(summary.bounty_part), "fee": amount_of(summary.fee),
            "buy_in": amount_of(summary.buy_in), "entrants": summary.entrants,
            "prize_pool": _amount(summary.prize_pool),
            "date": None if started is None else started.date(),
            "time": None if started is None else started.time(),
            "time_zone": summary.time_zone, "started_at": summary.started_at,
            "source": summary.source}


def _entry_row(tournament_id: int, summary: TournamentSummary, entry: Entry) -> dict[str, object]:
    return {"tournament_id": tournament_id, "player": entry.player,
            "currency": summary.currency, "place": entry.place, "prize": amount_of(entry.prize),
            "bounties": _amount(entry.bounties), "knockouts": entry.knockouts,
            "re_entries": entry.re_entries, "rebuys": entry.rebuys, "add_ons": entry.add_ons,
            "rebuy_cost": _amount(entry.rebuy_cost),
            "cost": amount_of(entry.cost(summary.buy_in)), "hero": entry.hero}


def _amount(stored: int | None) -> object:
    return None if stored is None else amount_of(stored)
