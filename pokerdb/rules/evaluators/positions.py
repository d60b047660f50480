"""Which cards play: the columns of the five cards that make each row's strength, for any
evaluator that values the best five of some cards (best_five.py does high hands faster).

A row's five are found as the first of its allowed fives (every five of its cards, or two hole
and three board cards in Omaha) whose own strength is the row's: one evaluation of n rows per
five, cheap for the rows `explain` and a batch of hand histories show. They come in play
order: larger groups first, then higher ranks (as the game counts them), the wheel's ace last.
"""

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.cards import CARDS_PER_HAND
from pokerdb.rules.evaluators.codes import CodeArray
from pokerdb.rules.evaluators.kernel import ACE, StrengthArray

NO_COLUMN: Final = 255  # a column that holds no card that plays
ColumnArray = npt.NDArray[np.uint8]


def high_ranks() -> npt.NDArray[np.int16]:
    """By card code: its rank, the ace high (14); 0 for no card."""
    ranks = np.zeros(256, dtype=np.int16)
    ranks[8:60] = np.arange(8, 60) >> 2
    return ranks


def low_ranks() -> npt.NDArray[np.int16]:
    """By card code: its rank, the ace low (1); 0 for no card."""
    ranks = high_ranks()
    ranks[ranks == ACE] = 1
    return ranks


def first_five(cards: CodeArray, strength: StrengthArray, fives: Sequence[Sequence[int]],
               evaluate: Callable[[CodeArray], StrengthArray]) -> ColumnArray:
    """The columns of each row's first five (of `fives`) that `evaluate` values at its
    `strength`; NO_COLUMN in rows whose strength is 0 (no hand). A ValueError names the
    first row whose strength none of them makes."""
    strength = np.asarray(strength)
    if strength.shape != (len(cards),):
        raise ValueError(f"one strength per row: {len(cards)} rows, strengths of shape "
                         f"{strength.shape}")
    which = np.full(len(cards), -1, dtype=np.int64)
    searched = strength != 0
    for index, five in enumerate(fives):
        open_rows = np.flatnonzero((which < 0) & searched)
        if not open_rows.size:
            break
        made = evaluate(np.ascontiguousarray(cards[open_rows][:, np.array(five)]))
        which[open_rows[made == strength[open_rows]]] = index
    missing = (which < 0) & searched
    if missing.any():
        row = int(np.argmax(missing))
        raise ValueError(f"row {row}: strength {int(strength[row]):#x} is not a hand its "
                         "cards make")
    columns = np.array(fives, dtype=np.uint8)[np.maximum(which, 0)]
    columns[which < 0] = NO_COLUMN
    return columns


def in_play_order(cards: CodeArray, columns: ColumnArray, rank_of_code: npt.NDArray[np.int16],
                  wheel: tuple[int, ...] | None) -> ColumnArray:
    """`columns` (n, 5) reordered: larger rank groups first, then higher ranks by
    `rank_of_code`, and where a row's ranks are exactly `wheel` its ace last."""
    playing = columns != NO_COLUMN
    codes = np.take_along_axis(cards, np.where(playing, columns, 0).astype(np.intp), axis=1)
    ranks = np.where(playing, rank_of_code[codes], 0)
    if wheel is not None:
        is_wheel = (np.sort(ranks, axis=1) == np.array(sorted(wheel))).all(axis=1)
        ranks[is_wheel[:, None] & (ranks == ACE)] = 1
    group = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    order = np.argsort(-(group * 16 + ranks), axis=1, kind="stable")
    ordered: ColumnArray = np.take_along_axis(columns, order, axis=1)
    return ordered


def every_five(cards: int) -> list[tuple[int, ...]]:
    """Every five of `cards` columns."""
    return list(combinations(range(cards), CARDS_PER_HAND))
