"""Omaha's exact category odds, with any number of hole cards, by patterns of ranks and of the
flush suit: minutes where a count holding by holding would take hours.

An Omaha hand is exactly two hole cards and three of the board, so its category is the better
of two parts that can be counted apart:

- its rank category (`R`): the best of every two hole ranks with every three board ranks, suits
  ignored (high card to straight, full house, four of a kind). It depends only on the rank
  multisets of the holding and of the board.
- its flush: the board's flush suit (a suit with three or more of its five cards: at most one)
  and the holding's cards of that suit. Two or more of them make a flush, a straight flush
  where two of their ranks and three of the board's flush ranks are five in a row (a royal
  flush ten to ace). That depends only on the board's flush ranks `S` and the holding's `G`.

So every board rank multiset is taken once with all its boards, and against it every holding
rank multiset, weighed by its holdings (a product of binomials of the cards of each rank left):
`T`, the hands of each rank category. The hands of a flush board whose holding holds two flush
cards or more are then moved: to a straight or royal flush where G and S make one; else to a
flush, unless their rank category is a full house or four of a kind, which beat it. Counting
these needs, for each flush pattern S of a board (with its number of boards), the holdings of
each rank multiset with two flush cards or more (all of them less those with none or one:
`U`); how many holdings make a straight or royal flush (S alone decides: two of the flush
cards left and any others); and, only on a paired board (nothing less makes a full house),
how many of those also make a full house or four of a kind (`V`, holding by subset of flush
cards).

tests/test_omaha_odds.py checks it against Omaha's counts by classes of holdings (four hole
cards), against every holding and board of a small deck (four, five and six), against closed
forms and against pokerkit.
"""

import math
from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement

import numpy as np
import numpy.typing as npt

from pokerdb.rules.cards import DECK, RANK_VALUE, SUIT_CHARS
from pokerdb.rules.evaluators.high import Category

IntArray = npt.NDArray[np.int64]

_SUITS = len(SUIT_CHARS)
_BOARD = 5
_RANK_CATEGORIES = 8  # High Card .. Four of a Kind: what ranks alone make (Flush never)
_FULL_HOUSE_UP = (Category.FULL_HOUSE, Category.FOUR_OF_A_KIND)
# C(n, h) for n, h in 0..7, and C(n, h - 1) (0 for h = 0): holdings of each rank's cards left.
_BINOM = np.array([[math.comb(n, h) for h in range(8)] for n in range(8)], dtype=np.int64)
_BINOM_LESS_ONE = np.array([[math.comb(n, h - 1) if h else 0 for h in range(8)]
                            for n in range(8)], dtype=np.int64)


def omaha_category_counts(hole_cards: int, deck: tuple[str, ...] = DECK) -> list[int]:
    """Hands of each high category, worst first (High Card .. Royal Flush), among every
    holding of `hole_cards` of `deck` against every board of five of the cards left, Omaha's
    way (exactly two hole cards and three of the board). `deck` holds all four suits of each of
    its ranks."""
    values = sorted({RANK_VALUE[card[0]] for card in deck})
    assert len(deck) == _SUITS * len(values) == len(set(deck)), "all four suits of each rank"
    ranks = len(values)
    holdings = _Holdings(hole_cards, ranks)
    windows = _straight_windows(values)
    totals = np.zeros(_RANK_CATEGORIES, dtype=np.int64)  # T: every hand, by rank category
    flush_capable = np.zeros(_RANK_CATEGORIES, dtype=np.int64)  # U
    flushes_kept_full = np.zeros(_RANK_CATEGORIES, dtype=np.int64)  # V
    straight_flushes = royal_flushes = 0
    flush_counts: dict[int, tuple[int, int]] = {}
    for board, triples in _board_rank_multisets(values):
        counts = np.bincount(board, minlength=ranks + 1)  # the last: the holdings' padding
        category = _rank_categories(holdings, triples)
        weights = holdings.ways(counts)
        totals += math.prod(math.comb(_SUITS, c) for c in counts.tolist()) * _by_category(
            category, weights)
        patterns = _flush_patterns(counts)
        if not patterns:
            continue
        flushes = np.array([flush for flush, _ in patterns])
        boards = np.array([boards for _, boards in patterns], dtype=np.int64)
        many = weights - holdings.ways_with_at_most_one_flush_card(counts, flushes)
        flush_capable += _by_category(category, boards @ many)
        for key, number in patterns:
            if key not in flush_counts:
                flush_counts[key] = _straight_flush_holdings(key, windows, ranks, hole_cards)
            straight, royal = flush_counts[key]
            straight_flushes += number * straight
            royal_flushes += number * royal
            pairs = [pair for pair, _ in _flush_making_pairs(key, windows)]
            if counts.max() >= 2 and pairs:
                flushes_kept_full += number * holdings.straight_flushes_kept_full(
                    counts, key, pairs, category)
    result = [0] * len(Category)
    for kind in range(Category.FLUSH):
        result[kind] = int(totals[kind] - flush_capable[kind])
    for kind in _FULL_HOUSE_UP:
        result[kind] = int(totals[kind] - flushes_kept_full[kind])
    result[Category.FLUSH] = int(flush_capable[:Category.FLUSH].sum()
                                 - (straight_flushes + royal_flushes
                                    - flushes_kept_full[list(_FULL_HOUSE_UP)].sum()))
    result[Category.STRAIGHT_FLUSH] = straight_flushes
    result[Category.ROYAL_FLUSH] = royal_flushes
    assert min(result) >= 0 and sum(result) == math.comb(
        len(deck), _BOARD) * math.comb(len(deck) - _BOARD, hole_cards), result
    return result


class _Holdings:
    """Every multiset of `hole_cards` ranks (0 .. ranks - 1, at most four of each): as sorted
    ranks, and as slots (each distinct rank and its copies; unused slots are rank `ranks`,
    the padding, with no copies)."""

    def __init__(self, hole_cards: int, ranks: int) -> None:
        sorted_ranks = np.array([multiset for multiset in combinations_with_replacement(
            range(ranks), hole_cards) if max(map(multiset.count, multiset)) <= _SUITS],
            dtype=np.int64)
        self.ranks = ranks
        self.pairs = np.stack([sorted_ranks[:, i] * ranks + sorted_ranks[:, j]
                               for i, j in combinations(range(hole_cards), 2)], axis=1)
        self.slot_rank = np.full_like(sorted_ranks, ranks)
        self.slot_copies = np.zeros_like(sorted_ranks)
        for row, multiset in enumerate(sorted_ranks.tolist()):
            for slot, rank in enumerate(sorted(set(multiset))):
                self.slot_rank[row, slot] = rank
                self.slot_copies[row, slot] = multiset.count(rank)
        self.slot_code = self.slot_rank * _BINOM.shape[1] + self.slot_copies
        self.rank_bits = np.left_shift(1, self.slot_rank)
        self.rank_set = np.bitwise_or.reduce(self.rank_bits, axis=1)

    def ways(self, board: IntArray) -> IntArray:
        """Holdings of each multiset among the cards a board of these rank counts leaves."""
        ways: IntArray = _BINOM[_SUITS - board[self.slot_rank], self.slot_copies].prod(axis=1)
        return ways

    def _flush_factors(self, board: IntArray, flush: IntArray,
                       rows: IntArray | slice = slice(None)) -> tuple[IntArray, IntArray]:
        """For each flush pattern (`flush`: bits of the board's flush ranks) and each slot of
        the holdings `rows`: the ways to take its copies from the cards left that are not of
        the flush suit, and the ways with its flush card among them (none when the board
        holds that card). Looked up by slot (rank and copies) in tables of the board."""
        others_left = np.maximum(_SUITS - 1 - board, 0)  # a rank whose flush card is left
        code = self.slot_code[rows]
        without_left = _BINOM[others_left].ravel()[code]
        with_left = _BINOM_LESS_ONE[others_left].ravel()[code]
        without_on = _BINOM[_SUITS - board].ravel()[code]
        on_board = (self.rank_bits[rows][None] & flush[:, None, None]) != 0
        return (np.where(on_board, without_on[None], without_left[None]),
                np.where(on_board, 0, with_left[None]))

    def ways_with_at_most_one_flush_card(self, board: IntArray, flush: IntArray) -> IntArray:
        """Holdings of each multiset (columns) holding no flush card or one, for each flush
        pattern (rows): a product over slots, kept to first order in the flush cards."""
        without, with_one = self._flush_factors(board, flush)
        none = np.ones(without.shape[:2], dtype=np.int64)
        one = np.zeros_like(none)
        for slot in range(without.shape[2]):
            one = one * without[:, :, slot] + none * with_one[:, :, slot]
            none = none * without[:, :, slot]
        return none + one

    def straight_flushes_kept_full(self, board: IntArray, flush: int, pairs: list[int],
                                   category: IntArray) -> IntArray:
        """Of the holdings whose rank category is a full house or four of a kind, how many of
        each rank category hold a pair of flush cards that makes a straight flush (with a
        board of this flush pattern): by every subset of their slots as their flush cards."""
        rows = np.flatnonzero(np.isin(category, _FULL_HOUSE_UP))
        rows = rows[np.any([self.rank_set[rows] & pair == pair for pair in pairs], axis=0)]
        without, with_one = (factor[0] for factor in self._flush_factors(
            board, np.array([flush]), rows))
        slots = self.slot_rank.shape[1]
        chosen = (np.arange(1 << slots)[:, None] >> np.arange(slots)) & 1 == 1  # subsets
        ways = np.prod(np.where(chosen[None], with_one[:, None], without[:, None]), axis=2)
        flush_ranks = np.where(chosen[None], self.rank_bits[rows, None], 0).sum(axis=2)
        makes = np.any([flush_ranks & pair == pair for pair in pairs], axis=0)
        return _by_category(category[rows], (ways * makes).sum(axis=1))


def _board_rank_multisets(values: list[int]) -> Iterator[tuple[IntArray, IntArray]]:
    """Each multiset of five ranks (indices into `values`, at most four of a rank), and the
    rank category of every two hole ranks (a row per rank * ranks + rank) with every three of
    its ranks (columns)."""
    ranks = len(values)
    value = np.array(values, dtype=np.int64)
    pair = np.stack(np.meshgrid(np.arange(ranks), np.arange(ranks), indexing="ij"),
                    axis=-1).reshape(-1, 2)
    for board in combinations_with_replacement(range(ranks), _BOARD):
        if max(map(board.count, board)) > _SUITS:
            continue
        triples = np.array(list(combinations(board, 3)), dtype=np.int64)
        hands = np.concatenate([np.broadcast_to(triples[None], (len(pair), *triples.shape)),
                                np.broadcast_to(pair[:, None], (len(pair), len(triples), 2))],
                               axis=2)
        yield np.array(board, dtype=np.int64), _five_rank_category(value[hands]).max(axis=1)


def _five_rank_category(hands: IntArray) -> IntArray:
    """The category of five cards of these rank values (last axis), suits ignored as if they
    were not all one suit; five of a rank (no hand of a deck) is 0."""
    ranks = np.sort(hands, axis=-1)
    distinct = 1 + (ranks[..., 1:] != ranks[..., :-1]).sum(axis=-1)
    copies = (ranks[..., :, None] == ranks[..., None, :]).sum(axis=-1).max(axis=-1)
    straight = (distinct == 5) & ((ranks[..., 4] - ranks[..., 0] == 4) | np.all(
        ranks == np.array([2, 3, 4, 5, 14]), axis=-1))
    category = np.select(
        [copies == 4, (copies == 3) & (distinct == 2), copies == 3,
         (copies == 2) & (distinct == 3), copies == 2, straight],
        [Category.FOUR_OF_A_KIND, Category.FULL_HOUSE, Category.THREE_OF_A_KIND,
         Category.TWO_PAIRS, Category.ONE_PAIR, Category.STRAIGHT], Category.HIGH_CARD)
    return category.astype(np.int64)


def _rank_categories(holdings: _Holdings, triples: IntArray) -> IntArray:
    """Each holding multiset's rank category against a board: its best pair of ranks."""
    best: IntArray = triples[holdings.pairs].max(axis=1)
    return best


def _by_category(category: IntArray, weights: IntArray) -> IntArray:
    """The weights summed by rank category, exactly (integers)."""
    return np.array([weights[category == kind].sum() for kind in range(_RANK_CATEGORIES)],
                    dtype=np.int64)


def _flush_patterns(board: IntArray) -> list[tuple[int, int]]:
    """Each set of a board's ranks that can be its flush suit's cards (three or more distinct
    ranks), as bits of its ranks, with the boards of these rank counts
    whose flush suit holds exactly those ranks: the suit (4 ways), then the other copies of
    each rank among the other three suits."""
    present = np.flatnonzero(board).tolist()
    patterns = []
    for size in range(3, len(present) + 1):
        for flush in combinations(present, size):
            boards = _SUITS * math.prod(
                math.comb(_SUITS - 1, int(board[rank]) - (rank in flush)) for rank in present)
            if boards:
                patterns.append((sum(1 << rank for rank in flush), boards))
    return patterns


def _straight_windows(values: list[int]) -> list[tuple[int, bool]]:
    """Every five ranks in a row that the deck holds (ace low too), as bits of rank indices,
    and whether it is ten to ace (the royal flush's)."""
    index = {value: rank for rank, value in enumerate(values)}
    runs = [[14 if value == 1 else value for value in range(high - 4, high + 1)]
            for high in range(5, 15)]
    return [(sum(1 << index[value] for value in run), run[-1] == 14) for run in runs
            if all(value in index for value in run)]


def _flush_making_pairs(flush: int, windows: list[tuple[int, bool]]) -> list[tuple[int, bool]]:
    """The pairs of flush cards (bits of their ranks) that make a straight flush with three
    of a board's flush ranks (`flush`), and whether it is the royal flush."""
    return [(window & ~flush, royal) for window, royal in windows
            if (window & flush).bit_count() == 3]


def _straight_flush_holdings(flush: int, windows: list[tuple[int, bool]], ranks: int,
                             hole_cards: int) -> tuple[int, int]:
    """Holdings (of the cards a board leaves) that make a straight flush but no royal flush,
    and those that make a royal flush, against a board whose flush suit holds the ranks
    `flush`: by the set of the flush cards left that they hold (two or more), with any
    others of the cards that are not of the flush suit."""
    pairs = _flush_making_pairs(flush, windows)
    free = [rank for rank in range(ranks) if not flush >> rank & 1]
    others = (_SUITS - 1) * ranks - _BOARD + flush.bit_count()
    straight = royal = 0
    for size in range(2, min(hole_cards, len(free)) + 1):
        ways = math.comb(others, hole_cards - size)
        for chosen in combinations(free, size):
            held = sum(1 << rank for rank in chosen)
            if any(pair & held == pair for pair, is_royal in pairs if is_royal):
                royal += ways
            elif any(pair & held == pair for pair, _ in pairs):
                straight += ways
    return straight, royal
