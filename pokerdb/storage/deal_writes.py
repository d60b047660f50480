"""Deals and their hands, written the fastest way each backend offers.

A batch is staged ahead, on another thread (stage_deals), then stored in two statements
(insert_deals): on SQLite each from one JSON array that json_each unpacks in C, each hand's
cards cut out of one string of them all in SQL; on PostgreSQL each one block of COPY text laid
out by numpy.
"""

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from sqlalchemy import Connection

from pokerdb.formats.input import DealBatch
from pokerdb.rules.games import PLAYER_BITS
from pokerdb.storage.copy_text import (
    IntArray,
    IntColumn,
    copy_block,
    copy_rows,
    int_field,
    text_field,
)

# On SQLite a deal's line number and winner go in as one integer, the winner (0..MAX_PLAYERS)
# as winner + 1 in its low bits.
_WINNER_BITS = PLAYER_BITS
DEAL_COLUMNS = ("id", "dataset_id", "line_no", "winner", "board")
HAND_COLUMNS = ("deal_id", "player", "cards")


def hand_keys(batch: DealBatch, first_id: int) -> tuple[IntArray, IntArray]:
    """The deal id and player of each hand of a batch whose deals are numbered from first_id,
    in the order of the batch's texts."""
    hand_counts = (np.fromiter(map(len, batch.texts), dtype=np.int64, count=len(batch.texts))
                   + 1) // batch.game.hand_stride
    deal_ids = np.repeat(np.arange(first_id, first_id + len(batch), dtype=np.int64),
                         hand_counts)
    first_hands = np.repeat(np.cumsum(hand_counts) - hand_counts, hand_counts)
    return deal_ids, np.arange(1, len(deal_ids) + 1) - first_hands


@dataclass(frozen=True)
class StagedDeals:
    """A batch of deals and their hands made ready, by stage_deals, for insert_deals."""

    dataset_id: int
    first_id: int
    # SQLite: a JSON array of line numbers packed with winners (as text followed by ":" and the
    # board, for a game with a board); PostgreSQL: a block of COPY text
    deals: Any
    # SQLite: a JSON array of integers packing each hand's deal (its offset from first_id) and
    # player, and the hands' cards as one ASCII string, a hand every hand_width + 1 bytes;
    # PostgreSQL: a block of COPY text
    hands: Any
    hand_width: int  # characters of a player's cards (games.Game.hand_width)
    with_board: bool
    variant: str | None = None  # the recorded variant whose rules the game follows (deals.variant)


def stage_deals(dialect: str, dataset_id: int, first_id: int, batch: DealBatch,
                winners: IntColumn | None = None) -> StagedDeals:
    """The batch's deals numbered first_id, first_id + 1, ... of one dataset, with their hands
    (each deal's texts joined by spaces, see games.Game.hand_stride), their boards if the game
    has one, and their winners when known (a negative one stands for none: the deal is not
    decided). Needs no connection, so it can be done ahead on another thread."""
    stride, width = batch.game.hand_stride, batch.game.hand_width
    texts = batch.texts
    boards: Sequence[str | None] | None = batch.boards if batch.game.board_cards else None
    variant = batch.game.variant
    deal_ids, players = hand_keys(batch, first_id)
    cards = (" ".join(texts) + " ").encode("ascii")  # a hand every `stride` bytes
    if dialect == "postgresql":
        count = len(texts)
        decided = np.full(count, -1) if winners is None else np.asarray(winners)
        return StagedDeals(
            dataset_id, first_id,
            copy_block(int_field(np.arange(first_id, first_id + count)),
                       int_field(np.full(count, dataset_id)),
                       int_field(np.asarray(batch.line_nos)),
                       int_field(np.maximum(decided, 0), decided < 0),
                       text_field(boards or [None] * count),
                       *([text_field([variant] * count)] if variant else [])),
            copy_block(int_field(deal_ids), int_field(players),
                       (np.frombuffer(cards, dtype=np.uint8).reshape(-1, stride)[:, :width],
                        None)),
            width, boards is not None, variant)
    # Line number and winner packed in one integer, the winner as winner + 1 (0: none).
    packed = np.asarray(batch.line_nos, dtype=np.int64) << _WINNER_BITS
    if winners is not None:
        packed |= np.maximum(winners, -1) + 1
    # A list of ints prints as a JSON array, faster than json.dumps writes it. With boards,
    # each deal is "packed:board", which SQLite's CAST reads up to the colon.
    deals = (str(packed.tolist()) if boards is None else
             json.dumps([f"{number}:{board}"
                         for number, board in zip(packed.tolist(), boards, strict=True)]))
    # One row a hand, whatever the deal's players: deals of mixed player counts cost per hand
    # what deals of one count do (a row a deal, cut into up to the batch's most players, cost
    # 0.65 against 0.45 us a hand for deals of 2 to 9 players).
    hand_keys_json = str(((deal_ids - first_id) << PLAYER_BITS | players).tolist())
    return StagedDeals(dataset_id, first_id, deals, (hand_keys_json, cards), width,
                       boards is not None, variant)


def insert_deals(connection: Connection, staged: StagedDeals) -> None:
    """The staged deals, then their hands."""
    if connection.dialect.name == "postgresql":
        copy_rows(connection, "deals", (*DEAL_COLUMNS, "variant") if staged.variant
                  else DEAL_COLUMNS, staged.deals)
        copy_rows(connection, "hand_cards", HAND_COLUMNS, staged.hands)
        return
    packed, board = (("CAST(value AS INTEGER)", "substr(value, instr(value, ':') + 1)")
                     if staged.with_board else ("value", "NULL"))
    connection.exec_driver_sql(
        "INSERT INTO deals (id, dataset_id, line_no, winner, board, variant) "
        f"SELECT ? + key, ?, {packed} >> {_WINNER_BITS}, "
        f"nullif({packed} & {(1 << _WINNER_BITS) - 1}, 0) - 1, {board}, ? FROM json_each(?)",
        (staged.first_id, staged.dataset_id, staged.variant, staged.deals))
    # Each hand's cards are cut out of the string of them all (a blob: bytes are found by
    # offset, where a text's characters are counted from its start). Rows arrive in key order.
    keys, cards = staged.hands
    connection.exec_driver_sql(
        "INSERT INTO hand_cards (deal_id, player, cards) "
        f"SELECT ? + (value >> {PLAYER_BITS}), value & {(1 << PLAYER_BITS) - 1}, "
        f"CAST(substr(?, {staged.hand_width + 1} * key + 1, {staged.hand_width}) AS TEXT) "
        "FROM json_each(?)", (staged.first_id, cards, keys))
