"""Deal files of the games played by a recorded variant's rules (games.Game.variant: Omaha,
short-deck, stud, razz, deuce-to-seven, badugi), evaluated as they are imported, as recorded
hands are: each hand by its variant's evaluators (rules.hand_batches.evaluate_group), its
strength in hand_values, the cards that play and a split game's low half in variant_values.

A deal's winner is the player who takes the whole pot: the single best high hand, and in a
split game also the single best qualifying low (or no qualifying low); 0 when it is shared,
as a recorded hand's main pot. A board short of the river decides nothing.
"""

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from pokerdb.formats.input import DealBatch
from pokerdb.rules.hand_batches import SeatGroup, evaluate_group
from pokerdb.rules.variants import VARIANTS
from pokerdb.steps.evaluated_windows import (
    NO_WINNER,
    NewDeals,
    counted_wins,
    deal_winners,
    staged_window,
)
from pokerdb.steps.hand_histories import PLAYED_COLUMNS
from pokerdb.storage.deal_writes import hand_keys
from pokerdb.storage.row_writes import Row, StagedRows, stage_rows
from pokerdb.storage.schema import variant_values


@dataclass(frozen=True)
class VariantDeals:
    """A batch's deals evaluated: their values and winners, and their variant_values rows."""

    evaluated: NewDeals
    played_rows: StagedRows


def evaluated_variant_deals(dialect: str, dataset_id: int, first_id: int,
                            batch: DealBatch) -> VariantDeals:
    """The batch's deals, of one dataset and numbered from first_id, evaluated by the rules
    of their game's variant."""
    game = batch.game
    assert game.variant is not None, f"{game.name} is evaluated as the best five cards"
    variant = VARIANTS[game.variant]
    stride = game.hand_stride
    deal_ids, players = hand_keys(batch, first_id)
    rows = len(deal_ids)
    group = SeatGroup([], [], [])
    complete = 3 * game.board_cards - 1 if game.board_cards else 0
    seat = 0
    for index, text in enumerate(batch.texts):
        board = batch.boards[index] if game.board_cards else ""
        count = (len(text) + 1) // stride
        if len(board) == complete:
            group.seats.extend(range(seat, seat + count))
            group.holes.extend(f"{text[start:start + stride - 1]} "
                               for start in range(0, len(text), stride))
            group.boards.extend([f"{board} " if board else ""] * count)
        seat += count
    strength = np.zeros(rows, dtype=np.int32)
    keys = np.zeros(rows, dtype=np.int64)
    best = np.zeros(rows, dtype=np.int32)
    low = np.zeros(rows, dtype=np.int32)
    played = evaluate_group(variant, group, strength, keys, best, low) if group.seats else []
    winners = _whole_pot_winners(len(batch), first_id, deal_ids, players, strength,
                                 low if variant.low is not None else None)
    decided = winners != NO_WINNER
    window = staged_window(dialect, first_id, first_id + len(batch) - 1, deal_ids, players,
                           strength, best, None,
                           counted_wins(np.full(int(decided.sum()), dataset_id, dtype=np.int64),
                                        winners[decided]))
    # Described by kind (rules.hand_words): the keys of the high (or only) and low strengths.
    described = {*np.unique(keys[keys > 0]).tolist(),
                 *(cards.low_key for cards in played if cards.low_key)}
    deal_of, player_of = deal_ids.tolist(), players.tolist()
    played_rows: list[Row] = [
        (deal_of[cards.seat], player_of[cards.seat], cards.best, cards.low_strength or None,
         cards.low_best) for cards in played]
    return VariantDeals(NewDeals(replace(window, strengths=described), winners),
                        stage_rows(dialect, variant_values, PLAYED_COLUMNS, played_rows))


def _whole_pot_winners(deals: int, first_id: int, deal_ids: npt.NDArray[np.int64],
                       players: npt.NDArray[np.int64], strength: npt.NDArray[np.int32],
                       low: npt.NDArray[np.int32] | None) -> npt.NDArray[np.int64]:
    """Each deal's winner of the whole pot (0: shared), NO_WINNER for a deal not decided."""
    winners = np.full(deals, NO_WINNER, dtype=np.int64)
    high_deals, high_winners = deal_winners(deal_ids, players, strength)
    winners[high_deals - first_id] = high_winners
    if low is not None:
        low_deals, low_winners = deal_winners(deal_ids, players, low)
        at = low_deals - first_id
        winners[at] = np.where(winners[at] == low_winners, low_winners, 0)
    return winners
