"""Omaha eight or better, the low half: exactly two of the player's hole cards and exactly
three of the five board cards, five different ranks from the ace (low) to the eight.

Strengths are lowball.py's ace-to-five strengths, 0 where no low qualifies. A row reads one
table by its board's mask of low ranks (ace to eight, each rank once) and each pair of its hole
cards' low ranks (256 x 9 x 9 entries, 20 KB): with two different low hole ranks, the three
lowest board ranks that pair neither make the best low, and without three such the pair makes
none.
"""

from dataclasses import dataclass
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.evaluators.codes import CodeArray
from pokerdb.rules.evaluators.kernel import ACE, StrengthArray
from pokerdb.rules.evaluators.lowball import EIGHT, rank_ace_to_five
from pokerdb.rules.evaluators.omaha import (
    IS_CARD,
    PLAYED_BOARD,
    best_of_pairs,
    hole_and_board,
    in_passes,
)

_LOW_SLOTS: Final = EIGHT + 1  # 0: not a low card, then the ace (1) to the eight


@dataclass(frozen=True)
class _Tables:
    board_bits: npt.NDArray[np.uint8]  # by two card codes read as one uint16: their low ranks
    card_bits: npt.NDArray[np.uint8]  # by card code: the bit of its low rank (0: not low)
    by_mask: npt.NDArray[np.uint8]  # (low mask, first hole low rank, second): the best low
    low_first: npt.NDArray[np.int64]  # by card code: low rank * 9 (0: not low)
    low_second: npt.NDArray[np.int64]  # by card code: low rank
    strength_of_class: StrengthArray  # by an entry of by_mask: its strength


@cache
def _tables() -> _Tables:
    low_rank = np.zeros(256, dtype=np.int64)
    for rank in range(2, ACE + 1):
        low = 1 if rank == ACE else rank
        if low <= EIGHT:
            low_rank[rank * 4:rank * 4 + 4] = low
    card_bits = np.where(low_rank > 0, 1 << (low_rank - 1), 0).astype(np.uint8)
    pair_codes = np.arange(1 << 16, dtype=np.uint16).view(np.uint8).reshape(-1, 2)
    board_bits = card_bits[pair_codes[:, 0]] | card_bits[pair_codes[:, 1]]
    by_mask = np.zeros((1 << EIGHT, _LOW_SLOTS, _LOW_SLOTS), dtype=np.int32)
    for mask in range(1 << EIGHT):
        board = [r for r in range(1, EIGHT + 1) if mask >> (r - 1) & 1]
        for first in range(1, EIGHT + 1):
            for second in range(1, EIGHT + 1):
                free = [r for r in board if r not in (first, second)]
                if first != second and len(free) >= PLAYED_BOARD:
                    ranks = [first, second, *free[:PLAYED_BOARD]]
                    by_mask[mask, first, second] = rank_ace_to_five(
                        [ACE if r == 1 else r for r in ranks]).strength
    # Places among the 56 lows (and none), uint8, read back as strengths at the end.
    strength_of_class = np.unique(np.concatenate([[0], by_mask.ravel()]))
    by_class = np.searchsorted(strength_of_class, by_mask.ravel()).astype(np.uint8)
    return _Tables(board_bits, card_bits, by_class, low_rank * _LOW_SLOTS, low_rank,
                   strength_of_class.astype(np.int32))


def _pass_low(by_card: CodeArray, board: CodeArray) -> StrengthArray:
    tables = _tables()
    pairs = np.ascontiguousarray(board[:, :4]).view(np.uint16)
    mask = np.take(tables.board_bits, pairs[:, 0]) | np.take(tables.board_bits, pairs[:, 1])
    mask |= np.take(tables.card_bits, board[:, 4])
    base = mask.astype(np.int64) * _LOW_SLOTS**2
    best = best_of_pairs(tables.by_mask, base, np.take(tables.low_first, by_card[:-1]),
                         np.take(tables.low_second, by_card[1:]))
    best[~IS_CARD[board].all(axis=1)] = 0  # a board of fewer than five cards: no hand
    low: StrengthArray = np.take(tables.strength_of_class, best)
    return low


def omaha_low8(hole: npt.NDArray[np.integer], board: npt.NDArray[np.integer]) -> StrengthArray:
    """The best eight-or-better low of exactly two of each row's hole cards (4, 5 or 6 card
    codes) and exactly three of its five board cards, as an ace-to-five strength (lowball.py);
    0 where no low qualifies or the board has fewer than five cards."""
    return in_passes(*hole_and_board(hole, board), _pass_low)
