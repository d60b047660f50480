"""Storing recorded hands: a settled `HandBatch` (pokerdb.rules.hand_batches) laid out as the rows
of deals, hand_cards, hand_values, variant_values, seats, actions and seat_stats
(`stage_hands`; steps.hand_rows, compiled, lays out those of each hand), which
`StagedHands.store` writes; their seats added to player_totals by ranges of deals
(`SeatTotals`); a site's hands stored once (`StoredOnce`). Staged by a worker process
(steps.hand_workers), a batch comes without its hands (`StagedHands.rows_only`: on SQLite its
rows packed in one database image, storage.row_images), the hands stored already left out.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final

import numpy as np
from sqlalchemy import Connection, select, tuple_

from pokerdb.rules.hand_batches import HandBatch
from pokerdb.steps import evaluated_windows
from pokerdb.steps.hand_rows import (
    ACTION_COLUMNS,
    CARD_COLUMNS,
    DEAL_COLUMNS,
    SEAT_COLUMNS,
    STAT_COLUMNS,
    hand_rows,
)
from pokerdb.storage.player_stats import add_totals
from pokerdb.storage.row_images import IMAGES_AVAILABLE, RowImage, row_image
from pokerdb.storage.row_writes import (
    Row,
    StagedRows,
    insert_rows,
    insert_staged_rows,
    stage_rows,
)
from pokerdb.storage.schema import (
    actions,
    deals,
    hand_cards,
    seat_stats,
    seats,
    site_hands,
    variant_values,
)

PLAYED_COLUMNS: Final = ("deal_id", "player", "best", "low_strength", "low_best")
SITE_HAND_COLUMNS: Final = ("site", "hand_number", "dataset_id")
assert set(DEAL_COLUMNS) == set(deals.c.keys())
assert set(SEAT_COLUMNS) == set(seats.c.keys())
assert set(STAT_COLUMNS) == set(seat_stats.c.keys())


def stage_hands(batch: HandBatch, dialect: str, dataset_id: int, first_id: int,
                ids: Sequence[int] | None = None) -> "StagedHands":
    """The rows of the batch's deals, numbered from first_id (or each its own of `ids`, in
    order: a batch without its hands stored already keeps the others' numbers); needs no
    connection."""
    numbers = range(first_id, first_id + len(batch.hands)) if ids is None else ids
    rows = hand_rows(batch, dataset_id, numbers)
    deal_ids = np.repeat(np.asarray(numbers, dtype=np.int64), batch.players)
    seat_starts = np.repeat(np.cumsum(batch.players) - batch.players, batch.players)
    players = np.arange(1, len(deal_ids) + 1) - seat_starts
    winners = np.array([settlement.winner for settlement in batch.settlements],
                       dtype=np.int64)
    values = evaluated_windows.settled_deals(dialect, dataset_id, first_id, deal_ids, players,
                                      batch.strength, batch.best, winners)
    # Described by kind (rules.hand_words): the keys of the high (or only) and low strengths.
    keys = {*np.unique(batch.keys[batch.keys > 0]).tolist(),
            *(cards.low_key for cards in batch.played if cards.low_key)}
    deal_of, player_of = deal_ids.tolist(), players.tolist()
    played_rows: list[Row] = [
        (deal_of[cards.seat], player_of[cards.seat], cards.best, cards.low_strength or None,
         cards.low_best) for cards in batch.played]
    return StagedHands(
        batch, batch.cancelled, dialect, dataset_id, first_id, len(batch.hands),
        len(batch.strength),
        (stage_rows(dialect, deals, DEAL_COLUMNS, rows.deals),
         stage_rows(dialect, hand_cards, CARD_COLUMNS, rows.cards),
         stage_rows(dialect, variant_values, PLAYED_COLUMNS, played_rows),
         stage_rows(dialect, seats, SEAT_COLUMNS, rows.seats),
         stage_rows(dialect, actions, ACTION_COLUMNS, rows.actions),
         stage_rows(dialect, seat_stats, STAT_COLUMNS, rows.stats)),
        replace(values, strengths=keys),
        [(*key, dataset_id) for key in site_keys(batch) if key is not None])


@dataclass(frozen=True)
class StagedHands:
    """A batch of recorded hands made ready, by stage_hands, to store. `batch` is None once
    the rows are all it carries (rows_only), its hands stored before left out already."""

    batch: HandBatch | None
    cancelled: int  # hands the site cancelled, met before the batch's: not stored
    dialect: str
    dataset_id: int
    first_id: int
    deals: int
    hands: int
    # The rows of deals, hand_cards, variant_values, seats, actions and seat_stats, in the
    # order their references need; from a worker on SQLite, packed in one image.
    rows: tuple[StagedRows, ...] | RowImage
    values: evaluated_windows.Window  # hand_values (references hand_cards)
    site_rows: list[Row]  # (site, hand number, dataset id) of a site's hands, for site_hands

    def rows_only(self) -> "StagedHands":
        """The rows without the hands they were laid out from: what a worker process sends,
        on SQLite packed in one image that the importer copies without binding each row
        (storage.row_images)."""
        rows = self.rows
        if self.dialect == "sqlite" and IMAGES_AVAILABLE and not isinstance(rows, RowImage):
            rows = row_image(rows)
        return replace(self, batch=None, rows=rows)

    def store(self, connection: Connection, described: set[int]) -> None:
        """Store the batch in the caller's transaction (in the order their references need),
        its site's hands' keys in site_hands; `described` as in evaluated_windows.store."""
        if isinstance(self.rows, RowImage):
            self.rows.store(connection)
        else:
            for rows in self.rows:
                insert_staged_rows(connection, rows)
        insert_rows(connection, site_hands, SITE_HAND_COLUMNS, self.site_rows)
        evaluated_windows.store(connection, self.values, described)


# Deal ids a range of SeatTotals spans: a range is summed as soon as its deals are stored, while
# the workers read on; only the last is summed after them (a range of 10,000 deals kept the
# importer 0.14 s alone at the end of a 10,000-hand folder, against 0.02 s).
TOTALS_DEALS: Final = 1_000


@dataclass
class SeatTotals:
    """The seats of an import's deals added to player_totals by ranges of deal ids that end at
    multiples of TOTALS_DEALS, whatever batches they were stored in: a sum of doubles (net_bb)
    depends on which seats are summed together, and one process's batches and the worker
    processes' (steps.hand_workers) differ."""

    first_id: int  # the first deal id not added yet

    def stored(self, connection: Connection, last_id: int, *, done: bool = False) -> None:
        """Every deal up to last_id that the import stores is stored: add the ranges complete,
        and with `done` the rest."""
        end = last_id + 1 if done else (last_id + 1) // TOTALS_DEALS * TOTALS_DEALS
        if end > self.first_id:
            add_totals(connection, self.first_id, end - 1)
            self.first_id = end


SiteKey = tuple[str, str] | None  # a site's hand: (site, hand number); None for a PHH hand


def site_keys(batch: HandBatch) -> list[SiteKey]:
    """The site and hand number of each hand of the batch (its key in site_hands), None where
    it is not a site's."""
    return [(site.site, hand.replayed.hand.details.hand or "")
            if (site := hand.replayed.hand.site) is not None else None
            for hand in batch.hands]


@dataclass
class StoredOnce:
    """A site's hands stored once (revision 0011): the hands of a batch that this import or an
    earlier one stored already are left out (`duplicates` counts them). `earlier`: whether
    the database may hold hands of earlier imports (else only this import's are looked for)."""

    earlier: bool
    seen: set[tuple[str, str]] = field(default_factory=set)
    duplicates: int = 0

    def new(self, connection: Connection, staged: StagedHands) -> StagedHands | None:
        """The staged hands without those stored already (staged again if some are); None if
        none is new. A worker's (rows_only) have been through `kept` already."""
        if staged.batch is None:
            return staged
        keep = self.kept(connection, site_keys(staged.batch))
        if keep is None:
            return staged
        if not keep:
            return None
        return stage_hands(staged.batch.subset(keep), staged.dialect, staged.dataset_id,
                           staged.first_id, [staged.first_id + index for index in keep])

    def kept(self, connection: Connection, keys: list[SiteKey]) -> list[int] | None:
        """Which of a batch's hands (their site keys, in order) to store: None for all of
        them, else the indexes of those not stored already."""
        wanted = [key for key in keys if key is not None]
        if not wanted:
            return None
        known = set(self.seen)
        if self.earlier:
            known.update(connection.execute(
                select(site_hands.c.site, site_hands.c.hand_number).where(
                    tuple_(site_hands.c.site, site_hands.c.hand_number).in_(wanted))).all())
        keep: list[int] = []
        for index, key in enumerate(keys):
            if key is None:
                keep.append(index)
            elif key in known:
                self.duplicates += 1
            else:
                known.add(key)
                self.seen.add(key)
                keep.append(index)
        return None if len(keep) == len(keys) else keep
