"""Badugi: the best badugi of four cards, ace low.

A badugi is a set of cards of different ranks and different suits; a hand plays the best one
it holds. More cards beat fewer (any four-card badugi beats every three-card one), and among
badugis of as many cards the lower wins, compared from the highest card down. The ace is the
lowest card: A-2-3-4 of four suits is the best hand. This is pokerkit 0.7.7's BadugiHand.

A strength is ``cards << 13 | (8191 - rank_mask)``: the number of cards (1..4), then the
badugi's ranks as a 13-bit mask (bit r - 1 for rank r, the ace 1 .. the king 13) taken from
8,191. Of two sets of as many different ranks, the one whose highest differing rank is lower
is the lower mask, so a larger strength is exactly a better badugi; 0 is no hand (no cards).
"""

from collections.abc import Iterator
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.evaluators.codes import CodeArray, card_rows
from pokerdb.rules.evaluators.kernel import ACE, StrengthArray

BADUGI_CARDS: Final = 4
RANK_BITS: Final = 13
_RANK_MASK: Final = (1 << RANK_BITS) - 1
NO_COLUMN: Final = 255  # a column of best_badugi's answer that holds no card
# Every non-empty set of the four columns, as a tuple of columns.
_SUBSETS: Final = tuple(subset for size in range(1, BADUGI_CARDS + 1)
                        for subset in combinations(range(BADUGI_CARDS), size))


def _card_keys() -> npt.NDArray[np.uint32]:
    """By card code: its rank's bit (ace low) and, above the 13 rank bits, its suit's bit;
    0 for no card."""
    keys = np.zeros(256, dtype=np.uint32)
    for rank in range(2, ACE + 1):
        low_rank = 1 if rank == ACE else rank
        for suit in range(4):
            keys[rank * 4 + suit] = 1 << (low_rank - 1) | 1 << (RANK_BITS + suit)
    return keys


def _strength_of_mask() -> StrengthArray:
    masks = np.arange(1 << RANK_BITS)
    cards = (masks[:, None] >> np.arange(RANK_BITS) & 1).sum(axis=1)
    strength: StrengthArray = (cards << RANK_BITS | (_RANK_MASK - masks)).astype(np.int32)
    strength[0] = 0
    return strength


_CARD_KEY: Final = _card_keys()
_STRENGTH_OF_MASK: Final = _strength_of_mask()


def _subset_strengths(rows: CodeArray) -> Iterator[StrengthArray]:
    """The strength of each of _SUBSETS in each row, 0 where its cards are no badugi."""
    key = np.take(_CARD_KEY, rows.T)  # one contiguous row per card
    union: dict[tuple[int, ...], npt.NDArray[np.uint32]] = {}
    total: dict[tuple[int, ...], npt.NDArray[np.uint32]] = {}
    for subset in _SUBSETS:
        last = key[subset[-1]]
        if len(subset) == 1:
            union[subset], total[subset] = last, last
        else:
            union[subset] = union[subset[:-1]] | last
            total[subset] = total[subset[:-1]] + last
        # No two cards share a rank or a suit exactly when no two keys share a bit.
        value = np.take(_STRENGTH_OF_MASK, union[subset] & _RANK_MASK)
        value *= total[subset] == union[subset]
        yield value


def badugi(cards: npt.NDArray[np.integer]) -> StrengthArray:
    """The strength of the best badugi in each row of four card codes (0: no card)."""
    rows = card_rows(cards, range(BADUGI_CARDS, BADUGI_CARDS + 1), "badugi cards")
    best = np.zeros(len(rows), dtype=np.int32)
    for value in _subset_strengths(rows):
        np.maximum(best, value, out=best)
    return best


def best_badugi(cards: npt.NDArray[np.integer], strength: StrengthArray
                ) -> npt.NDArray[np.uint8]:
    """The columns of the cards that make each row's badugi `strength`, highest rank first (ace
    low), NO_COLUMN after them: shape (n, 4)."""
    rows = card_rows(cards, range(BADUGI_CARDS, BADUGI_CARDS + 1), "badugi cards")
    found = np.stack(list(_subset_strengths(rows)), axis=1) == np.asarray(strength)[:, None]
    if not found.any(axis=1).all():
        row = int(np.argmin(found.any(axis=1)))
        raise ValueError(f"row {row}: strength {int(strength[row])} is not a badugi its cards "
                         "make")
    members = np.zeros((len(_SUBSETS), BADUGI_CARDS), dtype=bool)
    for index, subset in enumerate(_SUBSETS):
        members[index, list(subset)] = True
    plays = members[np.argmax(found, axis=1)] & (np.asarray(strength) > 0)[:, None]
    rank = rows >> 2
    low_rank = np.where(rank == ACE, 1, rank).astype(np.int16)
    order = np.argsort(np.where(plays, -low_rank, 1), axis=1, kind="stable")
    columns = np.where(np.take_along_axis(plays, order, axis=1), order, NO_COLUMN)
    return columns.astype(np.uint8)
