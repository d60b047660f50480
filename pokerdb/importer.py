"""Importing deal files: each file in one transaction, all of it or nothing."""

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import islice
from pathlib import Path

from sqlalchemy import Connection, Engine, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from pokerdb import bulk
from pokerdb.errors import InputError
from pokerdb.formats import Deal, PlayerRule, Rejected, read_pe54
from pokerdb.schema import datasets, deals, hands
from pokerdb.sources import Source, content_sha256, open_lines, resolve

BATCH_DEALS = 20_000
SAME_AS_FIRST_DEAL = PlayerRule()
ProgressCallback = Callable[[int], None]  # called with the bytes read since the last call


@dataclass(frozen=True)
class ImportResult:
    name: str
    sha256: str
    deals: int
    hands: int
    seconds: float
    already_imported_as: str | None = None  # set when the content was imported before

    @property
    def skipped(self) -> bool:
        return self.already_imported_as is not None


def import_file(engine: Engine, name: str, *, dataset_name: str | None = None,
                players: PlayerRule = SAME_AS_FIRST_DEAL,
                progress: ProgressCallback | None = None) -> ImportResult:
    """Import one file (or '-' for stdin) as a dataset; a file seen before is skipped."""
    with resolve(name) as source:
        started = time.perf_counter()
        sha256 = content_sha256(source)
        label = dataset_name or (Path(source.label).name if source.label != "<stdin>"
                                 else f"stdin-{sha256[:12]}")
        with engine.connect() as connection:
            known = _dataset_named_by_sha(connection, sha256)
        if known is not None:
            return ImportResult(label, sha256, 0, 0, 0.0, already_imported_as=known)
        try:
            with engine.begin() as connection:
                deal_count, hand_count = _load(connection, source, label, sha256, players,
                                               progress)
        except IntegrityError:
            # Another process imported the same content while we read it: not an error.
            with engine.connect() as connection:
                known = _dataset_named_by_sha(connection, sha256)
            if known is None:
                raise InputError(source.label, None,
                                 f"a dataset named '{label}' already exists; "
                                 f"choose another name with --name") from None
            return ImportResult(label, sha256, 0, 0, 0.0, already_imported_as=known)
        return ImportResult(label, sha256, deal_count, hand_count,
                            time.perf_counter() - started)


def _dataset_named_by_sha(connection: Connection, sha256: str) -> str | None:
    return connection.scalar(select(datasets.c.name).where(datasets.c.sha256 == sha256))


def _load(connection: Connection, source: Source, label: str, sha256: str,
          players: PlayerRule, progress: ProgressCallback | None) -> tuple[int, int]:
    """Insert the dataset and all its deals and hands; raises InputError on the first bad line."""
    dataset_id = connection.execute(
        insert(datasets).values(name=label, sha256=sha256, format="pe54", deals=0,
                                imported_at=datetime.now(UTC)).returning(datasets.c.id)
    ).scalar_one()
    bulk.lock_for_append(connection, deals)
    next_id = (connection.scalar(select(func.max(deals.c.id))) or 0) + 1
    deal_count = hand_count = 0
    reported = 0
    with open_lines(source) as (lines, bytes_read):
        for batch in _batches(_deals_or_raise(read_pe54(lines, players), source), BATCH_DEALS):
            deal_rows = [(next_id + i, dataset_id, deal.line_no) for i, deal in enumerate(batch)]
            hand_rows = [(deal_id, player, cards)
                         for (deal_id, _, _), deal in zip(deal_rows, batch, strict=True)
                         for player, cards in enumerate(deal.hands, start=1)]
            bulk.insert_rows(connection, deals, ("id", "dataset_id", "line_no"), deal_rows)
            bulk.insert_rows(connection, hands, ("deal_id", "player", "cards"), hand_rows)
            next_id += len(batch)
            deal_count += len(batch)
            hand_count += len(hand_rows)
            if progress is not None:
                position = bytes_read()
                progress(position - reported)
                reported = position
    if deal_count == 0:
        raise InputError(source.label, None, "no deals in the file (it is empty)")
    connection.execute(update(datasets).where(datasets.c.id == dataset_id)
                       .values(deals=deal_count))
    return deal_count, hand_count


def _deals_or_raise(items: Iterable[Deal | Rejected], source: Source) -> Iterator[Deal]:
    for item in items:
        if isinstance(item, Rejected):
            raise InputError(source.label, item.line_no, item.reason)
        yield item


def _batches(items: Iterable[Deal], size: int) -> Iterator[list[Deal]]:
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch
