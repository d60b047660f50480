"""Deals and their hands, written the fastest way each backend offers.

A batch is staged ahead, on another thread (stage_deals), then stored in two statements
(insert_deals): on SQLite each from one JSON array that json_each unpacks in C, the hands cut
out of each deal's text in SQL; on PostgreSQL each one block of COPY text laid out by numpy.
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
    hands: Any  # SQLite: a JSON array of the deals' texts; PostgreSQL: a block of COPY text
    most_players: int  # in one deal
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
    most_players = (max(map(len, texts), default=0) + 1) // stride
    if dialect == "postgresql":
        count = len(texts)
        decided = np.full(count, -1) if winners is None else np.asarray(winners)
        deal_ids, players = hand_keys(batch, first_id)
        cards = (np.frombuffer((" ".join(texts) + " ").encode("ascii"), dtype=np.uint8)
                 .reshape(-1, stride)[:, :width])
        return StagedDeals(
            dataset_id, first_id,
            copy_block(int_field(np.arange(first_id, first_id + count)),
                       int_field(np.full(count, dataset_id)),
                       int_field(np.asarray(batch.line_nos)),
                       int_field(np.maximum(decided, 0), decided < 0),
                       text_field(boards or [None] * count),
                       *([text_field([variant] * count)] if variant else [])),
            copy_block(int_field(deal_ids), int_field(players), (cards, None)),
            most_players, width, boards is not None, variant)
    # Line number and winner packed in one integer, the winner as winner + 1 (0: none).
    packed = np.asarray(batch.line_nos, dtype=np.int64) << _WINNER_BITS
    if winners is not None:
        packed |= np.maximum(winners, -1) + 1
    # A list of ints prints as a JSON array, faster than json.dumps writes it. With boards,
    # each deal is "packed:board", which SQLite's CAST reads up to the colon.
    deals = (str(packed.tolist()) if boards is None else
             json.dumps([f"{number}:{board}"
                         for number, board in zip(packed.tolist(), boards, strict=True)]))
    return StagedDeals(dataset_id, first_id, deals, json.dumps(texts), most_players, width,
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
    # Each hand is cut out of its deal's text in SQL. CROSS JOIN keeps deals in the outer
    # loop, so rows arrive in key order; the inner loop counts only to the batch's most players.
    stride = staged.hand_width + 1
    connection.exec_driver_sql(
        "WITH RECURSIVE players(player) AS "
        "(SELECT 1 UNION ALL SELECT player + 1 FROM players WHERE player < ?) "
        "INSERT INTO hand_cards (deal_id, player, cards) "
        f"SELECT ? + deal.key, players.player, "
        f"substr(deal.value, {stride} * (players.player - 1) + 1, {staged.hand_width}) "
        "FROM json_each(?) AS deal CROSS JOIN players "
        f"WHERE {stride} * players.player <= length(deal.value) + 1",
        (staged.most_players, staged.first_id, staged.hands))

