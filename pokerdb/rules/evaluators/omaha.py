"""Omaha high: exactly two of the player's four to six hole cards and exactly three of the five
board cards, never the best five of all nine (omaha_low.py has the eight-or-better low).

Strengths are high.py's, the same numbers as Hold'em's best_strengths, so an Omaha hand and a
Hold'em hand of the same strength are the same hand.

No five cards are evaluated. A board's five ranks are one of 6,175 rank patterns, and a table
holds, for each pattern and each pair of hole ranks, the best hand those two ranks make with
three of the board's, suits aside. A row reads its board's pattern once (kernel.summaries) and
then one entry per pair of its hole cards: 6 pairs for four hole cards, 10 for five, 15 for
six. The hole cards are sorted first (a sorting network of elementwise minimums and maximums),
so a pair's ranks come low first and the table keeps only those pairs: 105 per pattern counting
"no card", 1.3 MB of uint16 entries, which stays in a core's cache. An entry is the hand's place
among all high hands, read back as its strength at the end.

A flush needs three board cards of one suit (only one suit can have them) and two hole cards of
it; the suit counters of the board and of the hole cards find the rows that have both (about 7%
of random hands). For those, a second table holds, for each rank mask of three to five board
cards of a suit and each pair of hole ranks of that suit, the best flush or straight flush with
them (2,289 x 14 x 14 entries, 0 where either card is of another suit). A suited five is a flush
or better, above its ranks alone, so a row's strength is the larger of the two tables' best.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Final, TypeVar

import numpy as np
import numpy.typing as npt

from pokerdb.rules.cards import RANK_CHARS
from pokerdb.rules.evaluators.codes import CodeArray, card_rows
from pokerdb.rules.evaluators.high import HIGH
from pokerdb.rules.evaluators.kernel import (
    CHUNK_ROWS,
    StrengthArray,
    flush_strengths,
    keys,
    pattern_numbers,
    pattern_strengths,
    ranks_of_rows,
    suit_rank_masks,
    summaries,
)

BOARD_CARDS: Final = 5
HOLE_CARDS: Final = range(4, 7)
PLAYED_HOLE: Final = 2
PLAYED_BOARD: Final = 3
IndexArray = npt.NDArray[np.int64]
Entries = TypeVar("Entries", np.uint8, np.uint16)

_RANKS: Final = len(RANK_CHARS)
_SLOTS: Final = _RANKS + 1  # rank indexes and "no card"
_SORTED_PAIRS: Final = _SLOTS * (_SLOTS + 1) // 2  # pairs (i, j), i <= j, of rank slots
_SUITED_PAIRS: Final = _SLOTS * _SLOTS  # ordered pairs: a card of another suit is "no card"
# Suit counters, 4 bits a suit: kernel.summaries' start at 3, so 2 more set bit 3 of a suit's
# counter when the board has three of it; hole cards' counters from 6, when they have two.
_THREE_OF_A_SUIT_START: Final = np.uint16(0x2222)
_TWO_OF_A_SUIT_START: Final = np.uint16(0x6666)
_SUIT_FLAGS: Final = np.uint16(0x8888)
# Rows per pass: each pass's arrays stay in the cache (measured best of 2**12..2**17).
PASS_ROWS: Final = 1 << 14
IS_CARD: Final = np.isin(np.arange(256), np.arange(8, 60))
# By byte: itself if a card code, else 0 (no card sorts first).
CARD_OR_NONE: Final = np.where(IS_CARD, np.arange(256), 0).astype(np.uint8)


@dataclass(frozen=True)
class _Tables:
    board_base: IndexArray  # by rank pattern: its board's first entry of by_ranks
    no_board: int  # board_base of a pattern of fewer or more than five cards: 0s
    by_ranks: npt.NDArray[np.uint16]  # (board, sorted pair of rank slots): the best
    rank_first: IndexArray  # by card code: its slot's first pair (less the slot)
    rank_second: IndexArray  # by card code: its slot (0: no card, rank - 1)
    mask_base: IndexArray  # by 13-bit rank mask of 3..5 board cards of a suit: its first
                           # entry of by_suit (other masks: entry 0, all 0s)
    by_suit: npt.NDArray[np.uint16]  # (mask, first hole rank slot, second): the best flush
    suited_first: IndexArray  # by suit * 256 + card code: rank index * 14 for a card of that
    suited_second: IndexArray  # suit, and rank index; no card (13) for any other
    strength_of_class: StrengthArray  # by an entry of by_ranks or by_suit: its strength


def sorting_network(cards: int) -> list[tuple[int, int]]:
    """Compare-and-swap steps that sort `cards` values (odd-even transposition)."""
    return [(i, i + 1) for step in range(cards) for i in range(step % 2, cards - 1, 2)]


def sort_columns(by_card: CodeArray) -> None:
    """Sort each column of `by_card` (one row per hole card) in place."""
    low = np.empty(by_card.shape[1], dtype=by_card.dtype)
    for first, second in sorting_network(len(by_card)):
        np.minimum(by_card[first], by_card[second], out=low)
        np.maximum(by_card[first], by_card[second], out=by_card[second])
        by_card[first] = low


def best_of_pairs(table: npt.NDArray[Entries], base: IndexArray, first: IndexArray,
                  second: IndexArray) -> npt.NDArray[Entries]:
    """The best table[base + first[i] + second[j - 1]] over the pairs i < j of hole cards:
    `first` of every hole card but the last, `second` of every one but the first (each by
    hole card, then row)."""
    best = np.zeros(len(base), dtype=table.dtype)
    with_first = np.empty(len(base), dtype=np.int64)
    index = np.empty(len(base), dtype=np.int64)
    value = np.empty(len(base), dtype=table.dtype)
    for i in range(len(first)):
        np.add(base, first[i], out=with_first)
        for j in range(i, len(second)):
            np.add(with_first, second[j], out=index)
            np.take(table, index, out=value)
            np.maximum(best, value, out=best)
    return best


def _best_with_pairs(triples: npt.NDArray[np.uint64], pairs: npt.NDArray[np.uint64],
                     combine: np.ufunc, read: Callable[[npt.NDArray[np.uint64]], StrengthArray]
                     ) -> StrengthArray:
    """(boards, pairs): the best `read` of a pair's key combined with any of a board's
    triples' keys (a board's triples in a row of `triples`)."""
    best = np.empty((len(triples), len(pairs)), dtype=np.int32)
    boards_per_pass = max(1, CHUNK_ROWS // triples.size * len(triples) // len(pairs))
    for start in range(0, len(triples), boards_per_pass):
        chunk = triples[start:start + boards_per_pass]
        best[start:start + len(chunk)] = read(combine(chunk[:, None, :], pairs[None, :, None])
                                              ).max(axis=2)
    return best


def _slot_tables() -> tuple[IndexArray, IndexArray]:
    """By card code: the first pair of its rank slot (less the slot), and its slot, so that
    first[a] + second[b] numbers the sorted pair (slot a <= slot b) of two cards."""
    slot = np.where(IS_CARD, (np.arange(256) >> 2) - 1, 0)
    pairs_before = _SLOTS * slot - slot * (slot - 1) // 2
    return (pairs_before - slot).astype(np.int64), slot.astype(np.int64)


def _suited_tables() -> tuple[IndexArray, IndexArray]:
    """By suit * 256 + card code: rank index * 14 and rank index for a card of that suit; the
    no-card slot (13) for any other."""
    codes = np.arange(256)
    rank = np.where(IS_CARD, (codes >> 2) - 2, _RANKS)
    of_suit = IS_CARD[None, :] & ((codes & 3)[None, :] == np.arange(4)[:, None])
    second = np.where(of_suit, rank[None, :], _RANKS).astype(np.int64)
    return (second * _SLOTS).ravel(), second.ravel()


@cache
def _tables() -> _Tables:
    numbering = keys()
    sizes = numbering.counts.sum(axis=1)
    boards = np.flatnonzero(sizes == BOARD_CARDS)
    board_base = np.full(len(sizes), len(boards) * _SORTED_PAIRS, dtype=np.int64)
    board_base[boards] = np.arange(len(boards)) * _SORTED_PAIRS
    triples = list(combinations(range(BOARD_CARDS), PLAYED_BOARD))
    board_ranks = ranks_of_rows(numbering.counts[boards])
    triple_keys = numbering.rank_key[board_ranks[:, triples]].sum(axis=2)  # (boards, 10)
    # Sorted pairs of slots (0: no card, then the ranks 2..A), in first + second order.
    sorted_pairs = np.array([(a, b) for a in range(_SLOTS) for b in range(a, _SLOTS)])
    pair_keys = numbering.rank_key[np.where(sorted_pairs > 0, sorted_pairs + 1, 0)].sum(axis=1)
    by_ranks = np.zeros((len(boards) + 1, _SORTED_PAIRS), dtype=np.int32)
    by_ranks[:-1] = _best_with_pairs(triple_keys, pair_keys, np.add,
                                     lambda sums: pattern_strengths(HIGH, sums))
    by_ranks[:, sorted_pairs[:, 0] == 0] = 0  # a pair with no card

    masks = np.arange(1 << _RANKS)
    bits = (masks[:, None] >> np.arange(_RANKS) & 1).sum(axis=1)
    flush_boards = np.flatnonzero((bits >= PLAYED_BOARD) & (bits <= BOARD_CARDS))
    mask_base = np.zeros(len(masks), dtype=np.int64)
    mask_base[flush_boards] = (np.arange(len(flush_boards)) + 1) * _SUITED_PAIRS
    # Each flush board's triples of its suit's ranks, as masks (repeating its first one).
    triple_masks = np.zeros((len(flush_boards), len(triples)), dtype=np.uint64)
    for row, mask in enumerate(flush_boards.tolist()):
        present = [1 << r for r in range(_RANKS) if mask >> r & 1]
        masks_of = [sum(three) for three in combinations(present, PLAYED_BOARD)]
        triple_masks[row] = masks_of + masks_of[:1] * (len(triples) - len(masks_of))
    suited_pairs = np.array([(a, b) for a in range(_SLOTS) for b in range(_SLOTS)])
    pair_masks = np.where(suited_pairs < _RANKS, 1 << suited_pairs, 0).sum(axis=1)
    # Two different hole ranks beside the triple make five ranks; anything else fewer, and
    # the flush table reads fewer than five ranks as 0.
    pair_masks[(suited_pairs[:, 0] == suited_pairs[:, 1]) | (suited_pairs == _RANKS).any(1)] = 0
    by_suit = np.zeros((len(flush_boards) + 1, _SUITED_PAIRS), dtype=np.int32)
    by_suit[1:] = _best_with_pairs(triple_masks, pair_masks.astype(np.uint64), np.bitwise_or,
                                   lambda union: flush_strengths(HIGH, union.view(np.intp)))
    # Places among all high hands, uint16: half the cache of a strength (measured 12% faster).
    strength_of_class = np.unique(np.concatenate([[0], by_ranks.ravel(), by_suit.ravel()]))
    ranks_class, suit_class = (np.searchsorted(strength_of_class, table.ravel()).astype(np.uint16)
                               for table in (by_ranks, by_suit))
    return _Tables(board_base, len(boards) * _SORTED_PAIRS, ranks_class, *_slot_tables(),
                   mask_base, suit_class, *_suited_tables(), strength_of_class.astype(np.int32))


def hole_and_board(hole: npt.NDArray[np.integer], board: npt.NDArray[np.integer]
                   ) -> tuple[CodeArray, CodeArray]:
    hole_rows = card_rows(hole, HOLE_CARDS, "Omaha hole cards")
    board_rows = card_rows(board, range(BOARD_CARDS, BOARD_CARDS + 1), "Omaha boards")
    if len(hole_rows) != len(board_rows):
        raise ValueError(f"one board per hand: {len(hole_rows)} hands, {len(board_rows)} boards")
    return hole_rows, board_rows


def by_card(hole: CodeArray) -> CodeArray:
    """Rows of hole cards as one contiguous row per card, sorted down each column, anything
    not a card code made 0."""
    columns: CodeArray = np.take(CARD_OR_NONE, hole.T)
    sort_columns(columns)
    return columns


def in_passes(hole: CodeArray, board: CodeArray,
              evaluate: Callable[[CodeArray, CodeArray], StrengthArray]) -> StrengthArray:
    """`evaluate` (hole cards by_card, board) on PASS_ROWS rows at a time."""
    result = np.empty(len(hole), dtype=np.int32)
    for start in range(0, len(hole), PASS_ROWS):
        stop = start + PASS_ROWS
        result[start:stop] = evaluate(by_card(hole[start:stop]), board[start:stop])
    return result


def _pass_high(hole: CodeArray, board: CodeArray, tables: _Tables
               ) -> tuple[StrengthArray, IndexArray]:
    """The strengths of these rows without their flushes, and the rows that may have one."""
    summary = summaries(board)
    base = np.take(tables.board_base, pattern_numbers(summary))
    best = best_of_pairs(tables.by_ranks, base, np.take(tables.rank_first, hole[:-1]),
                         np.take(tables.rank_second, hole[1:]))
    # A flush takes three board cards and two hole cards of one suit: the suit counters of the
    # board (from 3, kernel.summaries') and of the hole cards (from 6) say which rows can. (A
    # missing hole card counts as a club: at worst a row is looked at for nothing.)
    flags = np.left_shift(np.uint16(1), (hole & 3) << 2).sum(axis=0, dtype=np.uint16)
    flags += _TWO_OF_A_SUIT_START
    flags &= summary.astype(np.uint16) + _THREE_OF_A_SUIT_START
    flags &= _SUIT_FLAGS
    rows = np.flatnonzero(flags)
    rows = rows[base[rows] != tables.no_board]  # a board of fewer than five cards: no hand
    strength: StrengthArray = np.take(tables.strength_of_class, best)
    return strength, rows


def _flushes(hole: CodeArray, board: CodeArray, tables: _Tables) -> StrengthArray:
    """The best flush of each of these rows (rows with three board cards of a suit)."""
    summary = summaries(board)
    flag = (summary.astype(np.uint16) + _THREE_OF_A_SUIT_START) & _SUIT_FLAGS
    suit = (flag > 0x8).astype(np.intp) + (flag > 0x88) + (flag > 0x888)
    mask_base = np.take(tables.mask_base, suit_rank_masks(board, suit))
    suited = hole.T + (suit * 256).astype(np.int64)
    flush = best_of_pairs(tables.by_suit, mask_base, np.take(tables.suited_first, suited[:-1]),
                          np.take(tables.suited_second, suited[1:]))
    strength: StrengthArray = np.take(tables.strength_of_class, flush)
    return strength


def omaha_high(hole: npt.NDArray[np.integer], board: npt.NDArray[np.integer]) -> StrengthArray:
    """The best high hand of exactly two of each row's hole cards (4, 5 or 6 card codes) and
    exactly three of its five board cards: a high strength, as best_strengths gives. The cards
    of a row must be distinct; a row with a board of fewer than five cards (a 0 code) gets 0,
    and a hole card 0 plays in no pair."""
    hole_rows, board_rows = hole_and_board(hole, board)
    tables = _tables()
    result = np.empty(len(hole_rows), dtype=np.int32)
    may_flush = []
    for start in range(0, len(hole_rows), PASS_ROWS):
        stop = start + PASS_ROWS
        result[start:stop], rows = _pass_high(by_card(hole_rows[start:stop]),
                                              board_rows[start:stop], tables)
        may_flush.append(rows + start)
    # The rows that may hold a flush (about 7%), all together: fewer, longer numpy calls.
    flush_rows = np.concatenate(may_flush)
    for start in range(0, len(flush_rows), PASS_ROWS):
        rows = flush_rows[start:start + PASS_ROWS]
        flush = _flushes(hole_rows[rows], board_rows[rows], tables)
        result[rows] = np.maximum(result[rows], flush)
    return result
