"""Recorded hands written out as PHH files, whatever input they were imported from (a PHH file,
a site's hand histories): `pokerdb export --format phh`. Each hand becomes one `.phh` file,
DIR/<dataset id>-<dataset name>/<hand's position in the dataset>.phh, a folder that
`pokerdb import` reads back as PHH. A site's facts beyond PHH's fields are user-defined fields
(`_site`, `_rake`, ...; pokerdb.formats.phh.output).

A hand stores its betting (blinds, antes, bet sizes) since revision 0011; a hand imported
before cannot be written and is counted in `ExportResult.left_out`.
"""

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from itertools import groupby
from pathlib import Path
from typing import Any, Final

from sqlalchemy import Engine, Row, func, select, type_coerce

from pokerdb.errors import PokerdbError, quoted
from pokerdb.exports import Written
from pokerdb.exports.folders import new_folder, short_name
from pokerdb.formats.phh.fields import MAX_NAME_CHARS, MAX_TEXT_CHARS, NAME_FIELDS
from pokerdb.formats.phh.output import Extra, phh_text
from pokerdb.rules.hand_record import HandDetails, PhhHand
from pokerdb.rules.money import CHIPS
from pokerdb.storage import win_counts
from pokerdb.storage.column_types import DecimalAmount
from pokerdb.storage.deal_texts import texted
from pokerdb.storage.engines import reading
from pokerdb.storage.packed_actions import unpacked
from pokerdb.storage.player_names import named
from pokerdb.storage.reading import engine_reader
from pokerdb.storage.schema import datasets, deals, hand_actions, seats

CHUNK_DEALS: Final = 2000  # deals read at once
_EXACT: Final = DecimalAmount()
_UNSAFE: Final = re.compile(r"[^\w.-]+")
# A stored level that is PHH's `level`, an integer TOML holds (a site's level as written,
# "III", "²" or of 5,000 digits, stays in its `_level` field alone).
_LEVEL: Final = re.compile(r"[0-9]{1,18}")
_DEAL_AMOUNTS: Final = ("min_bet", "small_bet", "big_bet", "bring_in", "total_pot", "rake",
                        "fees")
_SEAT_AMOUNTS: Final = ("starting_stack", "winnings", "finishing_stack", "ante", "blind",
                         "cashed_out", "put_in")
_SITE_FIELDS: Final = ("site", "button_seat", "played_at", "tournament", "buy_in", "level",
                       "total_pot", "rake", "fees", "second_board", "third_board", "hero")


def export(engine: Engine, output: Path, dataset: str | None = None,
           overwrite: bool = False) -> list[Written]:
    """Every recorded hand (of `dataset`, or of every dataset) written in the new folder
    `output` (exports.folders: whole or not at all), a folder per dataset; hands imported
    before pokerdb kept their blinds are left out (noted)."""
    with engine_reader(engine) as fetch:
        only = None if dataset is None else win_counts.find_dataset(fetch, dataset)
    written: list[Written] = []
    left_out = 0
    with reading(engine) as connection, new_folder(output, overwrite) as directory:
        chosen = select(datasets.c.id, datasets.c.name).order_by(datasets.c.id)
        if only is not None:
            chosen = chosen.where(datasets.c.id == only)
        for dataset_id, name in connection.execute(chosen).all():
            hands = connection.scalar(select(func.count()).select_from(deals).where(
                deals.c.dataset_id == dataset_id, deals.c.source_id.is_not(None)))
            if not hands:
                continue
            folder_name = f"{dataset_id}-{short_name(_UNSAFE.sub('_', name), 80)}"
            folder = directory / folder_name
            folder.mkdir()
            count = skipped = 0
            for position, hand, extra in _hands(connection, dataset_id):
                if hand is None:
                    skipped += 1
                    continue
                problem = _not_importable(hand, extra)
                if problem is not None:
                    raise PokerdbError(f"{folder_name}/{position}.phh would not import back: "
                                       f"{problem}")
                with (folder / f"{position}.phh").open("x", encoding="utf-8") as file:
                    file.write(phh_text(hand, extra))
                count += 1
            note = (f"{skipped} imported before pokerdb kept their blinds left out: import "
                    f"them again to export them" if skipped else "")
            written.append(Written(output / folder_name, count, "PHH hand", note))
            left_out += skipped
        if not sum(each.rows for each in written) and not left_out:
            raise PokerdbError("no recorded hands to export (import hand histories first)"
                               if dataset is None else
                               f"dataset '{dataset}' holds no recorded hands")
    return written


def _not_importable(hand: PhhHand, extra: Extra) -> str | None:
    """Why the hand's file would not import back, if it would not: a text holding NUL (which
    only SQLite stores), or longer than an import takes (a name SQLite stored before imports
    bounded names to MAX_NAME_CHARS)."""
    texts = [*hand.texts(), *((f"_{name}", value) for name, value in extra.items()
                              if isinstance(value, str))]
    for name, value in texts:
        if "\0" in value:
            return f"field {name!r} holds NUL ({quoted(value)}), which an import refuses"
        most = MAX_NAME_CHARS if name in NAME_FIELDS else MAX_TEXT_CHARS
        if len(value) > most:
            return (f"field {name!r} holds a string of {len(value):,} characters "
                    f"({quoted(value)}), more than the {most:,} an import takes")
    return None


def _hands(connection: Any, dataset_id: int) -> Iterator[tuple[int, PhhHand | None, Extra]]:
    """(position, hand, its extra fields) of the dataset's recorded hands, in order; None for
    a hand whose betting is not stored."""
    last = 0
    named_seats, seat_name = named(seats)
    deal_texts, text = texted()
    while True:
        chunk = connection.execute(
            select(*_exact(deals, _DEAL_AMOUNTS), *text.values()).select_from(deal_texts).where(
                deals.c.dataset_id == dataset_id, deals.c.source_id.is_not(None),
                deals.c.id > last).order_by(deals.c.id).limit(CHUNK_DEALS)).all()
        if not chunk:
            return
        first, last = chunk[0].id, chunk[-1].id
        seat_rows = _grouped(connection.execute(
            select(*_exact(seats, _SEAT_AMOUNTS), seat_name).select_from(named_seats)
            .where(seats.c.deal_id.between(first, last))
            .order_by(seats.c.deal_id, seats.c.player)).all())
        acted = {deal_id: value for deal_id, value in connection.execute(
            select(hand_actions.c.deal_id, hand_actions.c.actions).where(
                hand_actions.c.deal_id.between(first, last)))}
        for deal in chunk:
            hand = _hand(deal, seat_rows.get(deal.id, []),
                         [action for _, action in unpacked(acted.get(deal.id, []))])
            yield deal.line_no, hand, {**_site_fields(deal),
                                       **_cashed_out(deal, seat_rows.get(deal.id, []))}


def _exact(table: Any, amounts: Sequence[str]) -> list[Any]:
    """The table's columns, its amounts read as exact decimals."""
    return [type_coerce(column, _EXACT).label(column.name) if column.name in amounts
            else column for column in table.columns]


def _grouped(rows: Sequence[Row[Any]]) -> dict[int, list[Row[Any]]]:
    return {deal_id: list(group) for deal_id, group in groupby(rows, key=lambda row: row[0])}


def _hand(deal: Row[Any], seat_rows: list[Row[Any]], texts: list[str]) -> PhhHand | None:
    """The hand of its stored rows; None if its betting was not stored (imported before
    revision 0011)."""
    if not seat_rows or any(row.ante is None for row in seat_rows):
        return None
    amounts = [deal.min_bet, deal.small_bet, deal.big_bet, deal.bring_in,
               *(row.starting_stack for row in seat_rows), *(row.ante for row in seat_rows),
               *(row.blind for row in seat_rows if row.blind is not None),
               *(row.winnings for row in seat_rows if row.winnings is not None)]
    exponent = max((_places(value) for value in amounts if value is not None), default=0)

    def units(value: Decimal | None) -> int | None:
        return None if value is None else int(value.scaleb(exponent))

    def per_seat(name: str) -> tuple[int, ...] | None:
        values = [getattr(row, name) for row in seat_rows]
        if None in values:
            return None
        return tuple(int(value.scaleb(exponent)) for value in values)

    antes, blinds = per_seat("ante"), per_seat("blind")
    assert antes is not None
    if len(seat_rows) == 2:  # PHH lists heads-up forced bets in reverse
        antes, blinds = antes[::-1], None if blinds is None else blinds[::-1]
    date = deal.date
    numbers = [row.seat_number for row in seat_rows]
    return PhhHand(
        source=deal.source or "", variant=deal.variant, exponent=exponent, antes=antes,
        blinds_or_straddles=blinds, bring_in=units(deal.bring_in),
        small_bet=units(deal.small_bet), big_bet=units(deal.big_bet),
        min_bet=units(deal.min_bet),
        starting_stacks=tuple(units(row.starting_stack) for row in seat_rows),
        actions=tuple(texts), ante_trimming_status=bool(deal.ante_trimming),
        players=(None if any(row.name is None for row in seat_rows)
                 else tuple(row.name for row in seat_rows)),
        finishing_stacks=per_seat("finishing_stack"), winnings=per_seat("winnings"),
        details=HandDetails(
            hand=deal.hand_number, table=deal.table_name, event=deal.event, venue=deal.venue,
            year=None if date is None else date.year, month=None if date is None else date.month,
            day=None if date is None else date.day, time=deal.time, time_zone=deal.time_zone,
            level=int(deal.level) if deal.level and _LEVEL.fullmatch(deal.level) else None,
            seats=None if None in numbers else tuple(numbers),
            currency=None if deal.currency == CHIPS else deal.currency))


def _places(value: Decimal) -> int:
    exponent = value.normalize().as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def _site_fields(deal: Row[Any]) -> Extra:
    """A site's facts beyond PHH's fields, as the hand's user-defined fields."""
    if deal.site is None:
        return {}
    fields: dict[str, Any] = {name: getattr(deal, name) for name in _SITE_FIELDS}
    if fields["played_at"] is not None:
        fields["played_at"] = fields["played_at"].isoformat()
    return fields


def _cashed_out(deal: Row[Any], seat_rows: list[Row[Any]]) -> Extra:
    """What the site paid each seat for cashing out the hand (or beside the pot, less what
    the seat paid it there), where it paid any; and the money in the pot that no player put
    in (a Cash Drop: the total pot less what the seats put in), where there is any."""
    if deal.site is None:
        return {}
    drop = (deal.total_pot - sum(row.put_in for row in seat_rows)
            if seat_rows and deal.total_pot is not None else 0)
    return {**({"cashed_out": [row.cashed_out for row in seat_rows]}
               if any(row.cashed_out for row in seat_rows) else {}),
            **({"cash_drop": drop} if drop > 0 else {})}
