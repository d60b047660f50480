"""Omaha: exactly two of the player's four to six hole cards and exactly three of the five board
cards (never the best five of all nine), high and eight-or-better low.

High strengths are high.py's, the same numbers as Hold'em's best_strengths, so an Omaha hand
and a Hold'em hand of the same strength are the same hand. Lows are lowball.py's ace-to-five
strengths (eight or better: five different ranks, ace to eight), 0 where no low qualifies.

Neither evaluates five cards at a time. A board's five ranks are one of 6,175 rank patterns, and
a table holds, for each pattern and each ordered pair of hole ranks, the best hand those two
ranks make with three of the board's, suits aside (6,176 x 14 x 14 entries, 4.8 MB: the
fourteenth rank is no card). A row reads its board's pattern once (kernel's summary) and then
one entry per pair of its hole cards: 6 pairs for four hole cards, 10 for five, 15 for six. A
flush needs three board cards of one suit (only one suit can have them) and two hole cards of
it; a second table holds, for each rank mask of three to five board cards of a suit and each
pair of hole ranks of that suit, the best flush or straight flush (2,289 x 14 x 14 entries), and
is read for the rows whose board has such a suit, each pair's entry 0 unless both its cards are
of that suit. A suited five is a flush or better, always above its ranks alone, so the row's
strength is the larger of the two tables' best. The low reads one table too, by the board's
mask of low ranks (ace to eight) and each pair of hole ranks (256 x 9 x 9 entries): the three
lowest board ranks that pair neither hole card make the best low with them.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.cards import RANK_CHARS
from pokerdb.rules.evaluators.codes import CodeArray, card_rows
from pokerdb.rules.evaluators.high import HIGH
from pokerdb.rules.evaluators.kernel import (
    ACE,
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
from pokerdb.rules.evaluators.lowball import EIGHT, rank_ace_to_five

BOARD_CARDS: Final = 5
HOLE_CARDS: Final = range(4, 7)
PLAYED_HOLE: Final = 2
PLAYED_BOARD: Final = 3

_RANKS: Final = len(RANK_CHARS)
_NO_RANK: Final = _RANKS  # a rank index standing for no card (or a card of another suit)
_PAIR_SLOTS: Final = (_RANKS + 1) ** 2  # per board: each ordered pair of rank indexes
_LOW_RANKS: Final = EIGHT  # ace (1) to eight
_LOW_SLOTS: Final = (_LOW_RANKS + 1) ** 2  # per low mask: each ordered pair of low ranks (0: none)
# Suit counters, 4 bits a suit: kernel.summaries' start at 3, so 5 more set bit 3 of a suit's
# counter when the board has three of it; hole cards' counters from 6, when they have two.
_THREE_OF_A_SUIT_START: Final = np.uint64(0x2222)
_TWO_OF_A_SUIT_START: Final = np.uint64(0x6666)
_SUIT_FLAGS: Final = np.uint64(0x8888)
_SUIT_COUNTER: Final = np.array([1 << 4 * (code & 3) if 8 <= code < 60 else 0
                                 for code in range(256)],
                                dtype=np.uint64)


@dataclass(frozen=True)
class _HighTables:
    board_base: npt.NDArray[np.int64]  # by rank pattern: its board's first entry (no board: 0s)
    by_ranks: StrengthArray  # (board, first hole rank, second): the best, suits aside
    rank_first: npt.NDArray[np.int64]  # by card code: rank index * 14 (no card: 13 * 14)
    rank_second: npt.NDArray[np.int64]  # by card code: rank index (no card: 13)
    mask_base: npt.NDArray[np.int64]  # by 13-bit rank mask of 3..5 board cards: its first
                                      # entry of by_suit (fewer cards: the 0s of entry 0)
    by_suit: StrengthArray  # (mask, first hole rank, second): the best flush
    suited_first: npt.NDArray[np.int64]  # by suit * 256 + card code: as rank_first for a
    suited_second: npt.NDArray[np.int64]  # card of that suit, as no card for any other


@dataclass(frozen=True)
class _LowTables:
    board_bits: npt.NDArray[np.uint8]  # by two card codes read as one uint16: their low ranks
    card_bits: npt.NDArray[np.uint8]  # by card code: the bit of its low rank (0: not low)
    by_mask: StrengthArray  # (low mask, first hole low rank, second): the best low
    low_first: npt.NDArray[np.int64]  # by card code: low rank * 9 (0: not low)
    low_second: npt.NDArray[np.int64]  # by card code: low rank


def _rank_index_tables(first_of: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """By suit * 256 + card code (suit 0..3), or by card code alone (first_of = -1: any suit):
    the card's rank index times 14, and its rank index; a card not of the suit reads as none."""
    suits = range(4) if first_of >= 0 else range(1)
    first = np.full((len(suits), 256), _NO_RANK * (_RANKS + 1), dtype=np.int64)
    second = np.full((len(suits), 256), _NO_RANK, dtype=np.int64)
    for row, suit in enumerate(suits):
        for rank in range(2, ACE + 1):
            for card_suit in range(4):
                if first_of < 0 or card_suit == suit:
                    first[row, rank * 4 + card_suit] = (rank - 2) * (_RANKS + 1)
                    second[row, rank * 4 + card_suit] = rank - 2
    return first.ravel(), second.ravel()


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


@cache
def _high_tables() -> _HighTables:
    numbering = keys()
    sizes = numbering.counts.sum(axis=1)
    boards = np.flatnonzero(sizes == BOARD_CARDS)
    board_base = np.full(len(sizes), len(boards) * _PAIR_SLOTS, dtype=np.int64)
    board_base[boards] = np.arange(len(boards)) * _PAIR_SLOTS
    triples = list(combinations(range(BOARD_CARDS), PLAYED_BOARD))
    board_ranks = ranks_of_rows(numbering.counts[boards])
    triple_keys = numbering.rank_key[board_ranks[:, triples]].sum(axis=2)  # (boards, 10)
    pair_ranks = np.array([(a, b) for a in range(2, ACE + 2) for b in range(2, ACE + 2)])
    pair_keys = numbering.rank_key[np.where(pair_ranks > ACE, 0, pair_ranks)].sum(axis=1)
    no_card = (pair_ranks > ACE).any(axis=1)
    by_ranks = np.zeros((len(boards) + 1, _PAIR_SLOTS), dtype=np.int32)
    by_ranks[:-1] = _best_with_pairs(triple_keys, pair_keys, np.add,
                                     lambda sums: pattern_strengths(HIGH, sums))
    by_ranks[:, no_card] = 0

    masks = np.arange(1 << _RANKS)
    bits = masks[:, None] >> np.arange(_RANKS) & 1
    flush_boards = np.flatnonzero((bits.sum(axis=1) >= PLAYED_BOARD)
                                  & (bits.sum(axis=1) <= BOARD_CARDS))
    mask_base = np.zeros(len(masks), dtype=np.int64)
    mask_base[flush_boards] = (np.arange(len(flush_boards)) + 1) * _PAIR_SLOTS
    # Each flush board's triples of its suit's ranks, as masks (repeating its first one).
    triple_masks = np.zeros((len(flush_boards), len(triples)), dtype=np.uint64)
    for row, mask in enumerate(flush_boards.tolist()):
        present = [1 << r for r in range(_RANKS) if mask >> r & 1]
        masks_of = [sum(three) for three in combinations(present, PLAYED_BOARD)]
        triple_masks[row] = masks_of + masks_of[:1] * (len(triples) - len(masks_of))
    pair_masks = np.where(pair_ranks > ACE, 0, 1 << (pair_ranks - 2)).sum(axis=1)
    # Two distinct hole ranks apart from the triple make five ranks; anything else fewer, and
    # the flush table reads fewer than five ranks as 0.
    pair_masks[(pair_ranks[:, 0] == pair_ranks[:, 1]) | no_card] = 0
    by_suit = np.zeros((len(flush_boards) + 1, _PAIR_SLOTS), dtype=np.int32)
    by_suit[1:] = _best_with_pairs(triple_masks, pair_masks.astype(np.uint64), np.bitwise_or,
                                   lambda union: flush_strengths(HIGH, union.view(np.intp)))
    rank_first, rank_second = _rank_index_tables(-1)
    suited_first, suited_second = _rank_index_tables(0)
    return _HighTables(board_base, by_ranks.ravel(), rank_first, rank_second, mask_base,
                       by_suit.ravel(), suited_first, suited_second)


def _best_of_pairs(table: npt.NDArray[np.int32], base: npt.NDArray[np.int64],
                   first: npt.NDArray[np.int64], second: npt.NDArray[np.int64]
                   ) -> npt.NDArray[np.int32]:
    """The best table[base + first[i] + second[j]] over the pairs i < j of hole cards
    (`first` and `second` by hole card, then row)."""
    best = np.zeros(len(base), dtype=table.dtype)
    with_first = np.empty(len(base), dtype=np.int64)
    index = np.empty(len(base), dtype=np.int64)
    value = np.empty(len(base), dtype=table.dtype)
    cards = len(first)
    for i in range(cards - 1):
        np.add(base, first[i], out=with_first)
        for j in range(i + 1, cards):
            np.add(with_first, second[j], out=index)
            np.take(table, index, out=value)
            np.maximum(best, value, out=best)
    return best


def _chunk_high(hole: CodeArray, board: CodeArray, tables: _HighTables) -> StrengthArray:
    summary = summaries(board)
    base = np.take(tables.board_base, pattern_numbers(summary))
    by_card = np.ascontiguousarray(hole.T)  # one row per hole card: contiguous columns
    best = _best_of_pairs(tables.by_ranks, base, np.take(tables.rank_first, by_card),
                          np.take(tables.rank_second, by_card))
    # A flush takes three board cards and two hole cards of one suit: the suit counters of the
    # board (from 3, kernel.summaries') and of the hole cards (from 6) say which rows can.
    suit_counts = np.take(_SUIT_COUNTER, by_card[0])
    for card in by_card[1:]:
        suit_counts += np.take(_SUIT_COUNTER, card)
    flags = (summary + _THREE_OF_A_SUIT_START) & (suit_counts + _TWO_OF_A_SUIT_START)
    flags &= _SUIT_FLAGS
    rows = np.flatnonzero(flags)
    if rows.size:
        flag = flags[rows]
        suit = (flag > 0x8).astype(np.intp) + (flag > 0x88) + (flag > 0x888)
        mask_base = np.take(tables.mask_base, suit_rank_masks(board[rows], suit))
        suited = by_card[:, rows] + (suit * 256).astype(np.int64)
        flush = _best_of_pairs(tables.by_suit, mask_base, np.take(tables.suited_first, suited),
                               np.take(tables.suited_second, suited))
        best[rows] = np.maximum(best[rows], flush)
    strength: StrengthArray = best.astype(np.int32, copy=False)
    return strength


def _rows(hole: npt.NDArray[np.integer], board: npt.NDArray[np.integer]
          ) -> tuple[CodeArray, CodeArray]:
    hole_rows = card_rows(hole, HOLE_CARDS, "Omaha hole cards")
    board_rows = card_rows(board, range(BOARD_CARDS, BOARD_CARDS + 1), "Omaha boards")
    if len(hole_rows) != len(board_rows):
        raise ValueError(f"one board per hand: {len(hole_rows)} hands, {len(board_rows)} boards")
    return hole_rows, board_rows


def omaha_high(hole: npt.NDArray[np.integer], board: npt.NDArray[np.integer]) -> StrengthArray:
    """The best high hand of exactly two of each row's hole cards (4, 5 or 6 card codes) and
    exactly three of its five board cards: a high strength, as best_strengths gives. The cards
    of a row must be distinct; a row with a board of fewer than five cards (a 0 code) gets 0,
    and a hole card 0 plays in no pair."""
    hole_rows, board_rows = _rows(hole, board)
    tables = _high_tables()
    result = np.empty(len(hole_rows), dtype=np.int32)
    for start in range(0, len(hole_rows), CHUNK_ROWS):
        stop = start + CHUNK_ROWS
        result[start:stop] = _chunk_high(hole_rows[start:stop], board_rows[start:stop], tables)
    return result


# --- eight or better -----------------------------------------------------------------------

@cache
def _low_tables() -> _LowTables:
    low_rank = np.zeros(256, dtype=np.int64)
    for rank in range(2, ACE + 1):
        low = 1 if rank == ACE else rank
        if low <= EIGHT:
            low_rank[rank * 4:rank * 4 + 4] = low
    card_bits = np.where(low_rank > 0, 1 << (low_rank - 1), 0).astype(np.uint8)
    pair_codes = np.arange(1 << 16, dtype=np.uint16).view(np.uint8).reshape(-1, 2)
    board_bits = card_bits[pair_codes[:, 0]] | card_bits[pair_codes[:, 1]]
    by_mask = np.zeros((1 << _LOW_RANKS, _LOW_RANKS + 1, _LOW_RANKS + 1), dtype=np.int32)
    for mask in range(1 << _LOW_RANKS):
        for first in range(1, _LOW_RANKS + 1):
            for second in range(1, _LOW_RANKS + 1):
                free = [r for r in range(1, _LOW_RANKS + 1)
                        if mask >> (r - 1) & 1 and r not in (first, second)]
                if first != second and len(free) >= PLAYED_BOARD:
                    ranks = [first, second, *free[:PLAYED_BOARD]]
                    by_mask[mask, first, second] = rank_ace_to_five(
                        [ACE if r == 1 else r for r in ranks]).strength
    return _LowTables(board_bits, card_bits, by_mask.ravel(), low_rank * (_LOW_RANKS + 1),
                      low_rank)


def omaha_low8(hole: npt.NDArray[np.integer], board: npt.NDArray[np.integer]) -> StrengthArray:
    """The best eight-or-better low of exactly two of each row's hole cards (4, 5 or 6) and
    exactly three of its five board cards, as an ace-to-five strength (lowball.py); 0 where no
    low qualifies."""
    hole_rows, board_rows = _rows(hole, board)
    tables = _low_tables()
    pairs = np.ascontiguousarray(board_rows[:, :4]).view(np.uint16)
    mask = np.take(tables.board_bits, pairs[:, 0]) | np.take(tables.board_bits, pairs[:, 1])
    mask |= np.take(tables.card_bits, board_rows[:, 4])
    base = mask.astype(np.int64) * _LOW_SLOTS
    by_card = np.ascontiguousarray(hole_rows.T)
    return _best_of_pairs(tables.by_mask, base, np.take(tables.low_first, by_card),
                          np.take(tables.low_second, by_card))

