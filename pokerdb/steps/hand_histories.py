"""Storing recorded hands: a settled `HandBatch` (pokerdb.rules.hand_batches) laid out as the rows
of deals, hand_cards, hand_values, seats and actions (`stage_hands`), which `StagedHands.store`
writes.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Final

import numpy as np
from sqlalchemy import Connection

from pokerdb.rules.hand_batches import HandBatch
from pokerdb.rules.hand_record import PhhHand
from pokerdb.rules.settlement import Replayed, Settlement
from pokerdb.steps import evaluated_windows
from pokerdb.storage.row_writes import Row, StagedRows, insert_staged_rows, stage_rows
from pokerdb.storage.schema import actions, deals, hand_cards, seats
from pokerdb.storage.value_writes import ValueSpool

DEAL_COLUMNS: Final = ("id", "dataset_id", "line_no", "winner", "board", "source", "variant",
                       "hand_number", "event", "venue", "table_name", "date", "time",
                       "time_zone", "currency", "allin_board")
CARD_COLUMNS: Final = ("deal_id", "player", "cards")
SEAT_COLUMNS: Final = ("deal_id", "player", "name", "starting_stack", "showed", "put_in", "net",
                       "winnings", "finishing_stack", "allin_stake", "allin_pot")
ACTION_COLUMNS: Final = ("deal_id", "seq", "player", "action")
assert set(DEAL_COLUMNS) == set(deals.c.keys())
assert set(SEAT_COLUMNS) == set(seats.c.keys())


def stage_hands(batch: HandBatch, dialect: str, dataset_id: int, first_id: int) -> "StagedHands":
    """The rows of the batch's deals, numbered from first_id; needs no connection."""
    deal_rows: list[Row] = []
    card_rows: list[Row] = []
    seat_rows: list[Row] = []
    action_rows: list[Row] = []
    for deal_id, hand, settlement in zip(range(first_id, first_id + len(batch.hands)),
                                         batch.hands, batch.settlements, strict=True):
        replayed = hand.replayed
        phh_hand = replayed.hand
        details = phh_hand.details
        all_in = replayed.all_in
        deal_rows.append((
            deal_id, dataset_id, hand.position, settlement.winner, replayed.board,
            phh_hand.source, phh_hand.variant, details.hand, details.event, details.venue,
            details.table, None if hand.date is None else hand.date.isoformat(),
            None if details.time is None else details.time.isoformat(), details.time_zone,
            details.currency, None if all_in is None else all_in.board))
        count = phh_hand.player_count
        card_rows.extend(zip(repeat(deal_id, count), range(1, count + 1),
                             replayed.hole_cards, strict=True))
        seat_rows.extend(_seat_rows(deal_id, replayed, settlement))
        count = len(phh_hand.actions)
        action_rows.extend(zip(repeat(deal_id, count), range(1, count + 1),
                               replayed.actors, phh_hand.actions, strict=True))
    deal_ids = np.repeat(np.arange(first_id, first_id + len(batch.hands)), batch.players)
    seat_starts = np.repeat(np.cumsum(batch.players) - batch.players, batch.players)
    players = np.arange(1, len(deal_ids) + 1) - seat_starts
    winners = np.array([settlement.winner for settlement in batch.settlements],
                       dtype=np.int64)
    return StagedHands(
        len(batch.hands), len(batch.strength),
        stage_rows(dialect, deals, DEAL_COLUMNS, deal_rows),
        stage_rows(dialect, hand_cards, CARD_COLUMNS, card_rows),
        evaluated_windows.settled_deals(dialect, dataset_id, first_id, deal_ids, players,
                                        batch.strength, batch.best, winners),
        stage_rows(dialect, seats, SEAT_COLUMNS, seat_rows),
        stage_rows(dialect, actions, ACTION_COLUMNS, action_rows))


def _seat_rows(deal_id: int, replayed: Replayed, settlement: Settlement) -> list[Row]:
    """The seats of one hand: name, amounts (exact, in the hand's unit), showed, and the
    stakes and pots of an all-in before the river."""
    hand = replayed.hand
    count = hand.player_count
    stake: Sequence[int | None] = [None] * count
    pot: Sequence[int | None] = [None] * count
    if replayed.all_in is not None:
        contesting = set(replayed.all_in.seats)
        stake = [paid if seat in contesting else None
                 for seat, paid in enumerate(replayed.all_in.put_in, start=1)]
        pot = [sum(each.amount for each in replayed.all_in.pots if seat in each.seats)
               if seat in contesting else None for seat in range(1, count + 1)]
    money = _money(hand)
    return list(zip(
        [deal_id] * count, range(1, count + 1), hand.players or [None] * count,
        money(hand.starting_stacks), settlement.showed, money(replayed.put_in),
        money(settlement.net), money(hand.winnings or [None] * count),
        money(hand.finishing_stacks or [None] * count), money(stake), money(pot), strict=True))


def _money(hand: PhhHand) -> Callable[[Sequence[int | None]], Sequence[int | str | None]]:
    """Amounts in the hand's units as stored: whole chips as integers, decimals as their exact
    text (which both backends read as a NUMERIC value)."""
    if not hand.exponent:
        return lambda units: units

    def decimals(units: Sequence[int | None]) -> list[str | None]:
        return [None if value is None else str(hand.amount(value)) for value in units]

    return decimals


@dataclass(frozen=True)
class StagedHands:
    """A batch of recorded hands made ready, by stage_hands, to store."""

    deals: int
    hands: int
    deal_rows: StagedRows
    card_rows: StagedRows
    values: evaluated_windows.Window
    seat_rows: StagedRows
    action_rows: StagedRows

    def store(self, connection: Connection, described: set[int],
              spool: ValueSpool | None = None) -> None:
        """Store the batch in the caller's transaction (in the order their references need);
        `described` and `spool` as in evaluated_windows.store."""
        insert_staged_rows(connection, self.deal_rows)
        insert_staged_rows(connection, self.card_rows)
        evaluated_windows.store(connection, self.values, described, spool)
        insert_staged_rows(connection, self.seat_rows)
        insert_staged_rows(connection, self.action_rows)
