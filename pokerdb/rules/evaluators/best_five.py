"""Which five cards make each row's high strength (best_strengths), for `explain` and the
stored `best` column."""

from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.cards import CARDS_PER_HAND
from pokerdb.rules.evaluators.codes import card_rows
from pokerdb.rules.evaluators.high import CATEGORY_BY_SHAPE, KEY_BITS, KEY_SLOTS, Category
from pokerdb.rules.evaluators.kernel import (
    ACE,
    CHUNK_ROWS,
    FLUSH_FLAGS,
    MAX_CARDS,
    StrengthArray,
    flush_suit,
    summaries,
)

BEST_POSITION_BITS: Final = 3  # a column of best_five's packing
BEST_BITS: Final = BEST_POSITION_BITS * CARDS_PER_HAND  # the whole packing


def _key_shift_of_card() -> npt.NDArray[np.int64]:
    """By category and card (0..4, in tie-break order): where the card's rank sits in the
    strength. A shape's groups come larger first, so One Pair (2, 1, 1, 1) reads the pair's
    rank twice, then each kicker; a flush reads its five ranks like High Card. (Straights run
    down from k1 instead.)"""
    shifts = np.zeros((len(Category), CARDS_PER_HAND), dtype=np.int64)
    for shape, category in CATEGORY_BY_SHAPE.items():
        key_slot = np.repeat(np.arange(len(shape)), shape)
        shifts[category] = KEY_BITS * (KEY_SLOTS - 1 - key_slot)
    shifts[Category.FLUSH] = shifts[Category.HIGH_CARD]
    return shifts


_KEY_SHIFT_OF_CARD: Final = _key_shift_of_card()
_IS_STRAIGHT: Final = np.isin(np.arange(len(Category)),
                              (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH))
_IS_FLUSH: Final = np.isin(np.arange(len(Category)),
                           (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH))
_POSITION_SHIFTS: Final = (BEST_POSITION_BITS * np.arange(CARDS_PER_HAND - 1, -1, -1)
                           ).astype(np.uint16)
_RANK_SLOTS: Final = 16  # per row: a mask of columns for each rank (0: not a card)
# The column of a mask's lowest bit: the leftmost of the columns it holds.
_LOWEST_COLUMN: Final = np.array([(mask & -mask).bit_length() - 1 if mask else 0
                                  for mask in range(1 << MAX_CARDS)], dtype=np.uint16)


def _chunk_best_five(chunk: npt.NDArray[np.uint8], strength: npt.NDArray[np.int64],
                     first_row: int) -> npt.NDArray[np.uint16]:
    rows, width = chunk.shape
    valid = (strength >= 0) & (strength < len(Category) << KEY_BITS * KEY_SLOTS)
    category = np.where(valid, strength >> KEY_BITS * KEY_SLOTS, 0)
    by_column = np.ascontiguousarray(chunk.T)
    rank, suit = by_column >> 2, by_column & 3
    rank[(rank < 2) | (rank > ACE)] = 0  # not a card
    # A flush takes cards of its suit only (the one suit with five cards or more), others any.
    suit_of_flush = flush_suit(summaries(chunk) & FLUSH_FLAGS)
    any_suit = ~np.take(_IS_FLUSH, category)
    # Each row's columns of each rank, as bit masks, less the cards a flush may not take.
    slot = np.arange(rows) * _RANK_SLOTS
    columns_of_rank = np.zeros(rows * _RANK_SLOTS, dtype=np.uint8)
    for column in range(width):
        takes = any_suit | (suit[column] == suit_of_flush)
        columns_of_rank[slot + rank[column]] |= takes.astype(np.uint8) << column
    columns_of_rank[slot] = 0  # not cards
    straight = np.take(_IS_STRAIGHT, category)
    high = strength >> KEY_BITS * (KEY_SLOTS - 1) & (1 << KEY_BITS) - 1
    packed = np.zeros(rows, dtype=np.uint16)
    missing = ~valid
    for card in range(CARDS_PER_HAND):
        wanted = strength >> np.take(_KEY_SHIFT_OF_CARD[:, card], category) & (1 << KEY_BITS) - 1
        run = high - card
        run[run == 1] = ACE  # the wheel's ace plays low: 5 4 3 2 A
        at = slot + np.where(straight, run, wanted)
        fits = np.take(columns_of_rank, at)
        missing |= fits == 0
        columns_of_rank[at] = fits & (fits - 1)  # the leftmost is taken
        packed |= np.take(_LOWEST_COLUMN, fits) << _POSITION_SHIFTS[card]
    no_hand = strength == 0
    if (missing & ~no_hand).any():
        row = int(np.argmax(missing & ~no_hand))
        raise ValueError(f"row {first_row + row}: strength {int(strength[row]):#x} is not a "
                         "hand its cards make")
    packed[no_hand] = 0
    return packed


def best_five(codes: npt.NDArray[np.uint8], strength: StrengthArray) -> npt.NDArray[np.uint16]:
    """The columns (0..k-1) of the five cards that make each row's `strength`, in tie-break
    order (groups first, larger first: Q Q 9 6 4 for a pair of queens; straights high to low,
    the wheel as 5 4 3 2 A; flushes high to low), packed 3 bits each, the first card in bits
    12-14 and the fifth in bits 0-2 (BEST_POSITION_BITS = 3). Where several cards could serve
    (three queens for a pair in a full house), the leftmost columns. 0 for a row whose strength
    is 0. `codes` as for best_strengths, `strength` as it gives."""
    rows = card_rows(codes, range(CARDS_PER_HAND, MAX_CARDS + 1), "card codes")
    wide = np.asarray(strength, dtype=np.int64)
    if wide.shape != (len(rows),):
        raise ValueError(f"one strength per row: {len(rows)} rows, strengths of shape "
                         f"{wide.shape}")
    result = np.empty(len(rows), dtype=np.uint16)
    for start in range(0, len(rows), CHUNK_ROWS):
        stop = start + CHUNK_ROWS
        result[start:stop] = _chunk_best_five(rows[start:stop], wide[start:stop], start)
    return result


def best_positions(packed: npt.NDArray[np.uint16]) -> npt.NDArray[np.uint8]:
    """best_five's packed columns unpacked: shape (n, 5), the first card's column first."""
    mask = (1 << BEST_POSITION_BITS) - 1
    return (np.asarray(packed)[:, None] >> _POSITION_SHIFTS & mask).astype(np.uint8)

