"""Storing recorded hands: a settled `HandBatch` (pokerdb.rules.hand_batches) laid out as the rows
of deals, hand_cards, hand_values, variant_values, seats and hand_actions (`stage_hands`;
steps.hand_rows, compiled, lays out those of each hand), which
`StagedHands.store` writes, with their seats summed into the batch's rows of player_totals,
player_days and player_runs (steps.seat_sums), which the importer merges and writes
(storage.player_sums); a site's hands keyed to be stored once (`site_keys`, for
steps.stored_once).
Staged by a worker process (steps.hand_workers), a batch comes without its hands
(`StagedHands.rows_only`: on SQLite its rows packed in one database image,
storage.row_images), the hands stored already left out.
"""

import datetime
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Final, NamedTuple

import numpy as np
from sqlalchemy import Connection

from pokerdb.formats.sites.stars_shape.lines import numbering
from pokerdb.rules.hand_batches import HandBatch
from pokerdb.rules.hand_record import PhhHand
from pokerdb.steps import evaluated_windows
from pokerdb.steps.evaluated_windows import NO_WINNER
from pokerdb.steps.hand_rows import (
    ACTION_COLUMNS,
    CARD_COLUMNS,
    DEAL_COLUMNS,
    SEAT_COLUMNS,
    hand_rows,
)
from pokerdb.steps.seat_sums import seat_sums
from pokerdb.storage.deal_texts import STAGED_TEXTS, staged_deals
from pokerdb.storage.named_seats import staged_seats
from pokerdb.storage.numbered_texts import insert_numbered
from pokerdb.storage.player_sums import PlayerSums
from pokerdb.storage.row_images import IMAGES_AVAILABLE, RowImage, row_image
from pokerdb.storage.row_writes import (
    Row,
    StagedRows,
    insert_rows,
    insert_staged_rows,
    stage_rows,
)
from pokerdb.storage.schema import (
    hand_actions,
    hand_cards,
    site_hands,
    variant_values,
)

PLAYED_COLUMNS: Final = ("deal_id", "player", "best", "low_strength", "low_best")
SITE_HAND_COLUMNS: Final = ("site", "hand_number", "dataset_id")
assert set(DEAL_COLUMNS) == set(staged_deals.c.keys())
assert set(SEAT_COLUMNS) == set(staged_seats.c.keys())


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
    winners = np.array([NO_WINNER if settlement.unknown else settlement.winner
                        for settlement in batch.settlements], dtype=np.int64)
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
        (stage_rows(dialect, staged_deals, DEAL_COLUMNS, rows.deals),
         stage_rows(dialect, hand_cards, CARD_COLUMNS, rows.cards),
         stage_rows(dialect, variant_values, PLAYED_COLUMNS, played_rows),
         stage_rows(dialect, staged_seats, SEAT_COLUMNS, rows.seats),
         stage_rows(dialect, hand_actions, ACTION_COLUMNS, rows.actions)),
        replace(values, strengths=keys),
        [(*site_number(hand.replayed.hand), dataset_id) for hand in batch.hands
         if hand.replayed.hand.site is not None],
        seat_sums(rows, dataset_id))


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
    # The rows of deals, hand_cards, variant_values, seats and hand_actions, in the
    # order their references need; from a worker on SQLite, packed in one image.
    rows: tuple[StagedRows, ...] | RowImage
    values: evaluated_windows.Window  # hand_values (references hand_cards)
    site_rows: list[Row]  # (site, hand number, dataset id) of a site's hands, for site_hands
    sums: PlayerSums  # its seats summed: what it adds to player_totals, player_days, player_runs

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
                if rows.table in STAGED_TEXTS:  # texts by number (storage.numbered_texts)
                    insert_numbered(connection, *STAGED_TEXTS[rows.table], rows)
                else:
                    insert_staged_rows(connection, rows)
        insert_rows(connection, site_hands, SITE_HAND_COLUMNS, self.site_rows)
        evaluated_windows.store(connection, self.values, described)


class SiteKey(NamedTuple):
    """A site's hand: its key in site_hands (the site whose numbering it is in, and its number
    as ASCII digits without leading zeros), and what tells one hand from another of the same
    number (`content`, of its players, stacks and actions), where it comes from, and where in
    the dataset."""

    site: str
    number: str
    content: str
    source: str
    position: int


def site_keys(batch: HandBatch) -> list[SiteKey | None]:
    """The key of each hand of the batch in site_hands, None where it is not a site's."""
    keys: list[SiteKey | None] = []
    for hand in batch.hands:
        phh_hand = hand.replayed.hand
        if phh_hand.site is None:
            keys.append(None)
            continue
        stacks = [None if stack is None else Decimal(stack).scaleb(-phh_hand.exponent)
                  for stack in phh_hand.starting_stacks]
        keys.append(SiteKey(*site_number(phh_hand),
                            content_of(phh_hand.players or (), stacks, phh_hand.actions,
                                       phh_hand.site.played_at, phh_hand.details.table),
                            phh_hand.source, hand.position))
    return keys


def _moment(played_at: object) -> str:
    """A hand's time in UTC to the second, as text ("" when unknown)."""
    if isinstance(played_at, datetime.datetime):
        if played_at.tzinfo is not None:
            played_at = played_at.astimezone(datetime.UTC)
        return played_at.strftime("%Y-%m-%dT%H:%M:%S")
    return "" if played_at is None else str(played_at).replace(" ", "T")[:19]


def site_number(hand: PhhHand) -> tuple[str, str]:
    """A site's hand's key in site_hands: the site whose numbering it is in, and its number
    (the hash of its content, which site_keys adds, is for the stored hands' check alone)."""
    assert hand.site is not None
    return numbering(hand.site.site), hand_number(hand.details.hand or "")


def hand_number(number: str) -> str:
    """A hand's number as site_hands keys it: in ASCII digits, without leading zeros."""
    return str(int(number)) if number.isascii() and number.isdigit() else number


def content_of(names: Sequence[str | None], stacks: Sequence[Decimal | float | None],
               actions: Sequence[str], played_at: object, table: str | None) -> str:
    """What tells a hand from another of the same number: a hash of its players, their
    starting stacks, its actions, when it was played (to the second in UTC) and its table (as
    a hand to store has them, or as they were stored: `played_at` a datetime, or SQLite's
    text)."""
    stacked = [None if stack is None else Decimal(str(stack)).normalize() for stack in stacks]
    text = "\n".join(map(str, [*names, *stacked, *actions, _moment(played_at), table]))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
