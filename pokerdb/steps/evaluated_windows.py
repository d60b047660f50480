"""Windows of evaluated deals: the values of their hands and their winners, staged for storing,
and stored (`store`).

A window comes from hands read back by the evaluate step (evaluation.py), from the deals an
import is adding (new_deals: `import --evaluate`, the winners going in with the deals), or from
recorded hands an import settled itself (settled_deals).
"""

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection, select, text

from pokerdb.formats.input import DealBatch
from pokerdb.rules.evaluators import (
    best_five,
    best_strengths,
    card_codes,
    strengths_of_joined_texts,
)
from pokerdb.rules.games import HOLDEM, PLAYER_BITS
from pokerdb.rules.hand_words import describe_key
from pokerdb.storage.deal_writes import hand_keys
from pokerdb.storage.row_writes import insert_rows
from pokerdb.storage.schema import hand_descriptions
from pokerdb.storage.value_writes import (
    StagedValues,
    StagedWinners,
    insert_values,
    set_winners,
    stage_values,
)

CodeArray = npt.NDArray[np.uint8]
BOARD_WIDTH = 3 * HOLDEM.board_cards - 1  # of a complete board's text


@dataclass(frozen=True)
class Window:
    """The pending hands of deals first..last, evaluated and staged for storing."""

    first: int
    last: int
    hands: int
    deals: int
    strengths: set[int]  # the distinct ones
    # deal_id, player, strength and best of each hand with a value (staged_window)
    values: StagedValues
    valued: int  # the hands with a value: the rows of `values`
    # deal_id, winner of each deal of two or more hands; None when the winners go in with the
    # deals (import --evaluate, see new_deals)
    winners: StagedWinners | None
    win_counts: list[dict[str, int]]  # dataset_id, winner, deals: this window's wins


def evaluated(codes: CodeArray) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Each row's strength (0: fewer than five cards, no showdown) and where its best five are
    among its columns (evaluator.best_five; 0 without a showdown)."""
    strength = best_strengths(codes)
    return strength, best_five(codes, strength).astype(np.int32)


NO_WINNER = -1  # a one-hand deal's, in NewDeals.winners


@dataclass(frozen=True)
class NewDeals:
    """Deals an import is adding, evaluated as they are read: nothing is read back."""

    values: Window  # to store, but for the winners
    winners: npt.NDArray[np.int64]  # each deal's, to insert with it; NO_WINNER for none


def new_deals(dialect: str, dataset_id: int, first_id: int, batch: DealBatch) -> NewDeals:
    """The batch's deals, of one dataset and numbered from first_id, evaluated."""
    stride = batch.game.hand_stride
    deal_ids, players = hand_keys(batch, first_id)
    if not batch.game.board_cards:
        strength = strengths_of_joined_texts(" ".join(batch.texts), " ")
        best = np.zeros_like(strength)
    else:
        hands = card_codes(np.frombuffer((" ".join(batch.texts) + " ").encode("ascii"),
                                         dtype=np.uint8).reshape(-1, stride))
        joined = "".join(batch.boards)
        if len(joined) != BOARD_WIDTH * len(batch.boards):  # some board short of the river
            joined = "".join(board.ljust(BOARD_WIDTH) for board in batch.boards)
        boards = card_codes(np.frombuffer(joined.encode("ascii"), dtype=np.uint8)
                            .reshape(-1, BOARD_WIDTH))
        # A board short of the river decides nothing: its deal's hands are the hole cards alone.
        boards[~boards.all(axis=1)] = 0
        strength, best = evaluated(np.concatenate([hands, boards[deal_ids - first_id]], axis=1))
    winner_deals, winners = deal_winners(deal_ids, players, strength)
    each_winner = np.full(len(batch), NO_WINNER, dtype=np.int64)
    each_winner[winner_deals - first_id] = winners
    window = staged_window(dialect, first_id, first_id + len(batch) - 1, deal_ids, players,
                           strength, best, None,
                           counted_wins(np.full_like(winner_deals, dataset_id), winners))
    return NewDeals(window, each_winner)


def settled_deals(dialect: str, dataset_id: int, first_id: int, deal_ids: npt.NDArray[np.int64],
                  players: npt.NDArray[np.int64], strength: npt.NDArray[np.int32],
                  best: npt.NDArray[np.int32], winners: npt.NDArray[np.int64]) -> Window:
    """The hand values of deals an import decided itself (recorded hands, settled pot by pot:
    the winner is the main pot's), staged like new_deals' for `store`. Hands sorted by deal
    and player, with no strength (0) where a hand has no showdown value; one winner per deal
    (NO_WINNER where its result is unknown: not counted), the winners going in with the
    deals."""
    known = winners[winners != NO_WINNER]
    return staged_window(dialect, first_id, first_id + len(winners) - 1, deal_ids, players,
                         strength, best, None,
                         counted_wins(np.full_like(known, dataset_id), known))


def staged_window(dialect: str, first: int, last: int, deal_ids: npt.NDArray[np.int64],
                  players: npt.NDArray[np.int64], strength: npt.NDArray[np.int32],
                  best: npt.NDArray[np.int32], winners: StagedWinners | None,
                  win_counts: list[dict[str, int]]) -> Window:
    """The window of deals first..last whose hands, sorted by deal and player, have these
    strengths (0: none) and best fives, staged for storing: a hand_values row for each hand
    with a strength or a best five only. The others (a recorded hand's cards never shown or
    folded, a board short of the river) read as NULLs in the `hands` view, which LEFT JOINs
    hand_values, as their rows of NULLs did before revision 0028 (55 of the 61 bytes a
    recorded hand of hand_values)."""
    hands, deals = len(deal_ids), (int(np.count_nonzero(np.diff(deal_ids))) + 1
                                   if len(deal_ids) else 0)
    valued = (strength != 0) | (best != 0)
    if not valued.all():
        deal_ids, players, strength, best = (column[valued] for column in
                                             (deal_ids, players, strength, best))
    return Window(
        first, last, hands=hands, deals=deals,
        strengths=set(np.unique(strength[strength > 0]).tolist()),
        values=stage_values(dialect, first, deal_ids, players, strength, best),
        valued=len(deal_ids), winners=winners, win_counts=win_counts)


def counted_wins(datasets: npt.NDArray[np.int64],
                 winners: npt.NDArray[np.int64]) -> list[dict[str, int]]:
    """Wins counted by dataset and winner, to add to win_counts."""
    pairs, counts = np.unique(datasets << PLAYER_BITS | winners, return_counts=True)
    return [{"dataset_id": pair >> PLAYER_BITS, "winner": pair & ((1 << PLAYER_BITS) - 1),
             "deals": count} for pair, count in zip(pairs.tolist(), counts.tolist(), strict=True)]


def store(connection: Connection, window: Window, described: set[int],
          values_table: str = "hand_values") -> None:
    """Store an evaluated window in the caller's transaction, its hand values into
    `values_table` (value_writes.insert_values); `described` as in _describe_new_strengths."""
    if not window.hands:
        return
    _describe_new_strengths(connection, window.strengths, described)
    if window.valued:
        insert_values(connection, window.values, values_table)
    if window.winners is not None:
        set_winners(connection, window.winners)
    if window.win_counts:
        connection.execute(text(
            "INSERT INTO win_counts (dataset_id, winner, deals) "
            "VALUES (:dataset_id, :winner, :deals) ON CONFLICT (dataset_id, winner) "
            "DO UPDATE SET deals = win_counts.deals + excluded.deals"), window.win_counts)


def _describe_new_strengths(connection: Connection, strengths: set[int],
                            described: set[int]) -> None:
    """Store the description and category of each strength (a description key:
    rules.hand_words) not described yet. `described` is what this run knows to be stored;
    another evaluate may have stored more since, so the database has the last word on the
    candidates."""
    new = strengths - described
    if not new:
        return
    described |= set(connection.scalars(select(hand_descriptions.c.strength)
                                         .where(hand_descriptions.c.strength.in_(new))))
    insert_rows(connection, hand_descriptions, ("strength", "category", "description"),
                [(key, *describe_key(key)) for key in sorted(new - described)])
    described |= new


def deal_winners(deal_ids: npt.NDArray[np.int64], players: npt.NDArray[np.int64],
                 strength: npt.NDArray[np.int32]
                 ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(deal ids, winners) of the deals with two or more hands and a showdown (strength 0:
    none), given hands sorted by deal: the player with the single best strength, or 0 when the
    best is shared."""
    if not len(deal_ids):
        return deal_ids, deal_ids
    starts = np.flatnonzero(np.r_[True, deal_ids[1:] != deal_ids[:-1]])
    sizes = np.diff(np.r_[starts, len(deal_ids)])
    best = np.maximum.reduceat(strength, starts)
    is_best = strength == np.repeat(best, sizes)
    best_count = np.add.reduceat(is_best.astype(np.int32), starts)
    best_player = np.maximum.reduceat(np.where(is_best, players, 0), starts)
    winner = np.where(best_count == 1, best_player, 0)
    contested = (sizes > 1) & (best > 0)  # a one-player deal has no winner
    return deal_ids[starts][contested], winner[contested]
