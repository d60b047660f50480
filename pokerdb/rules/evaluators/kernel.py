"""The table kernel of every "best five of up to seven cards" evaluator.

A `Ranking` is a way to value five cards (the rules of high hands, short-deck, ace-to-five or
deuce-to-seven lows): a function of their five ranks and whether they share a suit. The kernel
fills two tables from it, once, and then answers whole batches by lookup:

Each card adds one 64-bit key, so a row of cards sums to a summary of it:

  bits  0-15  a 4-bit counter per suit (suit s at bit 4 * s). A row starts them at 3, so bit 3
              of a counter is set exactly when its suit has five cards or more: a flush;
  bits 16-32  how many cards of each low rank 2..8 the row holds, as a base-5 number;
  bits 33-46  the same for the high ranks 9..A.

At most four cards of a rank and seven in all, so no digit or counter ever carries. The rank
counts of a row (its "pattern") are then numbered densely by two small lookups: the high
digits pick a block, the low digits a place in it. A third lookup, into one entry per pattern,
reads the best strength of its ranks alone. A flush row reads its flush suit's 13-bit rank mask
in a table of 8,192 instead: with at most seven cards a flush leaves no room for a full house
or four of a kind, so in a high game the flush (or straight flush) is the row's best hand; a
ranking for which that is not so (a low that counts flushes against) takes rows of five cards
only, where the flush is the only hand. Two cards are read at a time, as one uint16, from a
table of 65,536 pair keys. The tables take 1.7 MB and about 0.1 s to fill, at first use.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.cards import CARDS_PER_HAND, RANK_CHARS, SUIT_CHARS
from pokerdb.rules.evaluators.codes import CodeArray, card_rows

ACE: Final = 14
MAX_CARDS: Final = 7

StrengthArray = npt.NDArray[np.int32]
# Five ranks (2..14, in any order) and whether the five cards share a suit -> their strength.
FiveCardValue = Callable[[Sequence[int], bool], int]
# The same of many rows of five ranks at once (shape (n, 5), each row ascending).
FiveCardValues = Callable[[npt.NDArray[np.int64], bool], StrengthArray]

_LOW_RANKS: Final = tuple(range(2, 9))
_HIGH_RANKS: Final = tuple(range(9, ACE + 1))
_DIGIT_BASE: Final = 5  # at most four cards of a rank
LOW_SHIFT: Final = np.uint64(16)
HIGH_SHIFT: Final = np.uint64(16 + 17)
_LOW_DIGITS_MASK: Final = np.uint64((1 << 17) - 1)
_SUIT_COUNTER_START: Final = np.uint64(0x3333)
FLUSH_FLAGS: Final = np.uint64(0x8888)
CHUNK_ROWS: Final = 1 << 17  # rows per pass (measured best of 2**13..2**19)


@dataclass(frozen=True)
class Ranking:
    """How five cards are valued, and so the best five of up to `max_cards`."""

    name: str
    value: FiveCardValue
    suited: bool  # whether a flush ever counts (False: rows are read by their ranks alone)
    max_cards: int = MAX_CARDS  # 5 where a flush is not always the best hand of its cards
    # `value` of many rows at once, where the ranking has it: filling the tables on first use
    # then takes a fifth of the time (high hands: 0.07 s against 0.30 s for the 6,175 rank
    # patterns of five cards)
    values: FiveCardValues | None = None


@dataclass(frozen=True)
class _Keys:
    """What every ranking shares: the card keys and the numbering of rank patterns."""

    rank_key: npt.NDArray[np.uint64]  # by rank (0..14; not a rank: 0): its base-5 digits
    card_key: npt.NDArray[np.uint64]  # by card code (any byte; not a card: 0)
    pair_key: npt.NDArray[np.uint64]  # by two card codes read as one native uint16
    first_pair_key: npt.NDArray[np.uint64]  # pair_key plus the suit counters' start
    high_block: npt.NDArray[np.int32]  # by the high ranks' base-5 digits
    low_place: npt.NDArray[np.int32]  # by the low ranks' base-5 digits
    counts: npt.NDArray[np.int64]  # by pattern number: its count of each rank 2..A
    suited_rank_bit: npt.NDArray[np.int32]  # by suit * 256 + card code: the card's rank bit
                                            # if it is a card of that suit, else 0


@dataclass(frozen=True)
class _Tables:
    best_by_pattern: StrengthArray  # the best strength of each rank pattern, suits aside
    best_flush: StrengthArray  # by the 13-bit rank mask of a flush suit's cards


def _base5_counts(ranks: int) -> npt.NDArray[np.int64]:
    """Row i: the counts (0..4) of `ranks` ranks that read as the base-5 number i."""
    return np.arange(_DIGIT_BASE**ranks)[:, None] // _DIGIT_BASE**np.arange(ranks) % _DIGIT_BASE


def _rank_digit_places() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each rank's (index rank - 2) base-5 digit place: in the low field, in the high field."""
    low = [_DIGIT_BASE**_LOW_RANKS.index(r) if r in _LOW_RANKS else 0 for r in range(2, ACE + 1)]
    high = [_DIGIT_BASE**_HIGH_RANKS.index(r) if r in _HIGH_RANKS else 0
            for r in range(2, ACE + 1)]
    return np.array(low), np.array(high)


def ranks_of_rows(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Each row's ranks in ascending order, from rows of equal total counts by rank 2..A."""
    ranks = np.tile(np.arange(2, ACE + 1), len(counts))
    return np.repeat(ranks, counts.ravel()).reshape(len(counts), -1)


@cache
def keys() -> _Keys:
    # Number the rank patterns of at most seven cards: a pattern's high digits pick its block,
    # which holds one place for each low pattern small enough to go with them; low patterns
    # are placed smallest first, so each block is a prefix of the same order.
    low, high = _base5_counts(len(_LOW_RANKS)), _base5_counts(len(_HIGH_RANKS))
    low_sizes, high_sizes = low.sum(axis=1), high.sum(axis=1)
    low_order = np.argsort(low_sizes, kind="stable")
    low_place = np.empty(len(low), dtype=np.int32)
    low_place[low_order] = np.arange(len(low))
    at_most = np.cumsum(np.bincount(low_sizes))  # low patterns of each size or smaller
    block_size = np.where(high_sizes <= MAX_CARDS,
                          at_most[np.clip(MAX_CARDS - high_sizes, 0, None)], 0)
    high_block = (np.cumsum(block_size) - block_size).astype(np.int32)
    block_of = np.repeat(np.arange(len(high)), block_size)
    low_of = low_order[np.arange(len(block_of)) - high_block[block_of]]
    counts = np.concatenate([low[low_of], high[block_of]], axis=1)  # by rank 2..A

    low_key, high_key = _rank_digit_places()
    ranks = np.arange(2, ACE + 1)
    rank_key = np.zeros(ACE + 1, dtype=np.uint64)
    rank_key[ranks] = low_key << int(LOW_SHIFT) | high_key << int(HIGH_SHIFT)
    card_key = np.zeros(256, dtype=np.uint64)
    suited_rank_bit = np.zeros((len(SUIT_CHARS), 256), dtype=np.int32)
    for suit in range(len(SUIT_CHARS)):
        codes = ranks * 4 + suit
        card_key[codes] = rank_key[ranks] | np.uint64(1 << 4 * suit)
        suited_rank_bit[suit, codes] = 1 << (ranks - 2)
    # Every uint16, read the way the kernel reads two neighbouring card codes.
    pair_codes = np.arange(1 << 16, dtype=np.uint16).view(np.uint8).reshape(-1, 2)
    pair_key = card_key[pair_codes[:, 0]] + card_key[pair_codes[:, 1]]
    return _Keys(rank_key, card_key, pair_key, pair_key + _SUIT_COUNTER_START, high_block,
                 low_place, counts, suited_rank_bit.ravel())


def pattern_numbers(rank_sums: npt.NDArray[np.uint64]) -> npt.NDArray[np.int32]:
    """The pattern number of each sum of rank (or card) keys; bits 0-15 are ignored."""
    numbering = keys()
    # Read as intp (the fields are far below 2 ** 63): numpy takes uint64 indexes 3-9x slower.
    high = (rank_sums >> HIGH_SHIFT).view(np.intp)
    pattern: npt.NDArray[np.int32] = np.take(numbering.high_block, high, mode="clip")
    low = (rank_sums >> LOW_SHIFT & _LOW_DIGITS_MASK).view(np.intp)
    pattern += np.take(numbering.low_place, low, mode="clip")
    return pattern


def _best_of_fives(ranks: npt.NDArray[np.int64],
                   value_of_five: Callable[[npt.NDArray[np.int64]], StrengthArray],
                   ) -> StrengthArray:
    """The best value of any five of each row's sorted `ranks` (shape (n, 5..7))."""
    subsets = combinations(range(ranks.shape[1]), CARDS_PER_HAND)
    best: StrengthArray = np.maximum.reduce([value_of_five(ranks[:, list(s)]) for s in subsets])
    return best


@cache
def _tables(ranking: Ranking) -> _Tables:
    """Filled from `ranking.value` on the distinct five-card hands."""
    numbering = keys()
    sizes = numbering.counts.sum(axis=1)
    rank_key = numbering.rank_key

    best_by_pattern = np.zeros(len(sizes), dtype=np.int32)
    fives = np.flatnonzero(sizes == CARDS_PER_HAND)
    best_by_pattern[fives] = _values_of_fives(ranking, ranks_of_rows(numbering.counts[fives]),
                                              False)
    for size in range(CARDS_PER_HAND + 1, MAX_CARDS + 1):
        rows = np.flatnonzero(sizes == size)
        best_by_pattern[rows] = _best_of_fives(
            ranks_of_rows(numbering.counts[rows]),
            lambda five: best_by_pattern[pattern_numbers(rank_key[five].sum(axis=1))])

    # Flushes by rank mask (bit r - 2 for rank r); masks of more than seven ranks never occur.
    masks = np.arange(1 << len(RANK_CHARS))
    bits = masks[:, None] >> np.arange(len(RANK_CHARS)) & 1
    best_flush = np.zeros(len(masks), dtype=np.int32)
    if ranking.suited:
        fives = np.flatnonzero(bits.sum(axis=1) == CARDS_PER_HAND)
        best_flush[fives] = _values_of_fives(ranking, ranks_of_rows(bits[fives]), True)
        for size in range(CARDS_PER_HAND + 1, MAX_CARDS + 1):
            rows = np.flatnonzero(bits.sum(axis=1) == size)
            best_flush[rows] = _best_of_fives(
                ranks_of_rows(bits[rows]),
                lambda five: best_flush[(1 << (five - 2)).sum(axis=1)])
    return _Tables(best_by_pattern, best_flush)


def _values_of_fives(ranking: Ranking, ranks: npt.NDArray[np.int64],
                     flush: bool) -> StrengthArray | list[int]:
    """The ranking's value of each row of five ranks (ascending), all at once when it can."""
    if ranking.values is not None:
        return ranking.values(ranks, flush)
    return [ranking.value(row, flush) for row in ranks.tolist()]


def summaries(chunk: CodeArray) -> npt.NDArray[np.uint64]:
    """The sum of each row's card keys (a C-contiguous chunk of rows)."""
    numbering = keys()
    rows, width = chunk.shape
    # Neighbouring columns read as one uint16 each: one lookup per two cards.
    pairs = np.ndarray((rows, width // 2), dtype=np.uint16, buffer=chunk, strides=(width, 2))
    summary = np.take(numbering.first_pair_key, pairs[:, 0])
    for column in range(1, width // 2):
        summary += np.take(numbering.pair_key, pairs[:, column])
    if width % 2:
        summary += np.take(numbering.card_key, chunk[:, -1])
    return summary


def flush_suit(flags: npt.NDArray[np.uint64]) -> npt.NDArray[np.intp]:
    """The suit of a summary's flush flag (one flag: 0x8 << 4 * suit); 0 for none."""
    suit: npt.NDArray[np.intp] = (flags > 0x8).astype(np.intp) + (flags > 0x88) + (flags > 0x888)
    return suit


def suit_rank_masks(cards: CodeArray, suit: npt.NDArray[np.intp]) -> npt.NDArray[np.int32]:
    """The rank mask (bit r - 2 for rank r) of each row's cards of its `suit`."""
    suited_rank_bit = keys().suited_rank_bit
    base = suit * 256
    mask = np.take(suited_rank_bit, base + cards[:, 0])
    for column in range(1, cards.shape[1]):
        mask |= np.take(suited_rank_bit, base + cards[:, column])
    return mask


def rank_keys(ranks: npt.NDArray[np.integer]) -> npt.NDArray[np.uint64]:
    """The key of each rank (2..14; 0 for anything else). The sum of the keys of up to seven
    cards' ranks, at most four of each, names their rank pattern, which pattern_strengths
    reads: a board's sum plus each player's hole-card sum is each player's hand."""
    rank_key: npt.NDArray[np.uint64] = np.take(keys().rank_key, ranks, mode="clip")
    return rank_key


def pattern_strengths(ranking: Ranking, rank_sums: npt.NDArray[np.uint64]) -> StrengthArray:
    """The best strength that cards with these rank_keys sums make without a flush (bits 0-15
    are ignored, so best_strengths' card-key sums do too). A sum of more than seven ranks or
    five of one rank gives a meaningless strength, never an error."""
    strength: StrengthArray = np.take(_tables(ranking).best_by_pattern,
                                      pattern_numbers(rank_sums), mode="clip")
    return strength


def flush_strengths(ranking: Ranking, rank_masks: npt.NDArray[np.integer]) -> StrengthArray:
    """The best strength of the cards of one suit, given as masks of their ranks (bit r - 2 for
    rank r, at most seven bits): a flush or straight flush from five cards on, 0 below."""
    strength: StrengthArray = np.take(_tables(ranking).best_flush, rank_masks)
    return strength


def _chunk_strengths(ranking: Ranking, chunk: CodeArray) -> StrengthArray:
    summary = summaries(chunk)
    strength = pattern_strengths(ranking, summary)
    if not ranking.suited:
        return strength
    flush_rows = np.flatnonzero((summary & FLUSH_FLAGS) != 0)
    if flush_rows.size:
        suit = flush_suit(summary[flush_rows] & FLUSH_FLAGS)
        strength[flush_rows] = flush_strengths(ranking, suit_rank_masks(chunk[flush_rows], suit))
    return strength


def best_of_rows(ranking: Ranking, codes: npt.NDArray[np.integer],
                 what: str = "card codes") -> StrengthArray:
    """The strength of the best five cards of each row under `ranking`: rows of 5 to
    `ranking.max_cards` columns of card codes, 0 for no card (padding, in any columns). The
    cards of a row must be distinct; a row with fewer than five gets 0 (no hand)."""
    rows = card_rows(codes, range(CARDS_PER_HAND, ranking.max_cards + 1), what)
    result = np.empty(len(rows), dtype=np.int32)
    for start in range(0, len(rows), CHUNK_ROWS):
        chunk = rows[start:start + CHUNK_ROWS]
        result[start:start + len(chunk)] = _chunk_strengths(ranking, chunk)
    return result
