"""Exact all-in equity: each player's share of the pot over every completion of the board.

A Hold'em deal whose hole cards are all known, with a board of 0, 3, 4 or 5 cards, ends in one
of C(cards left, cards to come) boards (1,712,304 heads-up before the flop). A player's equity
is the share of the pot they win, averaged over all of them, a tie split equally among the tied.

Boards are not dealt one by one. Without a flush, a board's outcome depends only on the ranks
its cards add, so the boards are counted by the rank multiset of their missing cards (6,175
multisets of five ranks, each standing for up to 1,024 boards), and each player's hand is read
from a sum of rank keys (evaluators.rank_keys: the board's sum once, plus each player's
hole-card sum) by the evaluator's own tables (pattern_strengths). A flush needs three board
cards of one suit, and only one suit can have them; those boards are counted again by the
ranks of their cards of that suit (a mask, read by flush_strengths) and the ranks of the others
(at most two cards), and move their share from the board's rank multiset to their own. Only
boards on which some player can make that flush are counted apart: heads-up before the flop
that is about 45,000 to 100,000 classes in place of 1.7 million boards.

Every count is an integer, and so is every share, in units of 1 / lcm(1..players) of a pot
(their sums stay below 2 ** 53, so float64 holds them exactly): a deal's equities come out the
same however deals are grouped, chunked or resumed, and only the last division rounds.
"""

import math
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.cards import DECK, RANK_CHARS, SUIT_CHARS
from pokerdb.rules.evaluators import flush_strengths, pattern_strengths, rank_keys
from pokerdb.rules.games import HOLDEM

RANKS: Final = len(RANK_CHARS)
SUITS: Final = len(SUIT_CHARS)
NO_RANK: Final = RANKS  # a rank index standing for no card
FLUSH_CARDS: Final = 5
# Ways to choose k of n cards, for n, k up to 4.
_CHOOSE: Final = np.array([[math.comb(n, k) for k in range(5)] for n in range(5)],
                          dtype=np.float64)
# Deals per pass: B deals x K classes x P players in arrays of about this size (one deal at
# least: a preflop deal is one pass).
_PASS_CELLS: Final = 1 << 18
# Passes run on threads: numpy works outside Python's lock in its array operations, and two
# threads measured 2x one at the flop and before it on this 2-core machine.
WORKERS: Final = 2

CodeArray = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class _FlushBlock:
    """The classes of boards with `suited` missing cards of the flush suit, the rest of them
    (0 to 2 cards) in other suits."""

    suited: int
    masks: npt.NDArray[np.int32]  # the suited cards' ranks (bit index = rank index)
    others: npt.NDArray[np.intp]  # (K, 2): rank index of each other card, NO_RANK for none
    other_counts: npt.NDArray[np.intp]  # (K, 2): 1 each, or 2 in the first for a pair, 0: none
    multiset: npt.NDArray[np.intp]  # the class's rank multiset, an index into _Completions'


@dataclass(frozen=True)
class _Completions:
    """The classes of the boards completed by a number of missing cards."""

    counts: npt.NDArray[np.intp]  # (K0, RANKS): each rank multiset of the missing cards
    rank_sums: npt.NDArray[np.uint64]  # (K0,): their rank keys summed
    flush_blocks: tuple[_FlushBlock, ...]


def _rank_counts(ranks: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """Rows of rank indices (NO_RANK: none) as rows of counts by rank index."""
    counts = np.zeros((len(ranks), RANKS + 1), dtype=np.intp)
    for column in ranks.T:
        counts[np.arange(len(ranks)), column] += 1
    return counts[:, :RANKS]


def _rows(choices: Iterable[tuple[int, ...]], size: int) -> npt.NDArray[np.intp]:
    """Tuples of `size` rank indices as rows."""
    chosen = list(choices)
    return np.array(chosen, dtype=np.intp).reshape(len(chosen), size)


def _multisets(size: int) -> npt.NDArray[np.intp]:
    """Every multiset of `size` rank indices, as rows of ranks in ascending order."""
    return _rows(combinations_with_replacement(range(RANKS), size), size)


def _base5(counts: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """Rows of counts (0..4) by rank index, each read as one base-5 number."""
    number: npt.NDArray[np.intp] = counts @ ((SUITS + 1) ** np.arange(RANKS))
    return number


@cache
def _completions(missing: int) -> _Completions:
    counts = _rank_counts(_multisets(missing))
    counts = counts[counts.max(axis=1, initial=0) <= SUITS]
    numbers = _base5(counts)
    order = np.argsort(numbers)
    rank_sums = counts @ rank_keys(np.arange(2, RANKS + 2)).astype(np.int64)
    blocks = []
    # A flush needs three board cards of its suit: with 5 - missing known, at least
    # missing - 2 of the missing ones, so at most two are of other suits.
    for suited in range(max(0, missing - 2), missing + 1):
        suited_ranks = _rows(combinations(range(RANKS), suited), suited)
        other_ranks = _multisets(missing - suited)
        # Each set of suited ranks with each multiset of other ranks.
        of_suited, of_others = np.divmod(np.arange(len(suited_ranks) * len(other_ranks)),
                                         len(other_ranks))
        both = _rank_counts(suited_ranks)[of_suited] + _rank_counts(other_ranks)[of_others]
        multiset = order[np.searchsorted(numbers, _base5(both), sorter=order)]
        # The other cards as (rank, count) twice: a pair as its rank with count 2.
        others = np.full((len(other_ranks), 2), NO_RANK, dtype=np.intp)
        others[:, :other_ranks.shape[1]] = other_ranks
        other_counts = (others != NO_RANK).astype(np.intp)
        pair = (others[:, 0] == others[:, 1]) & (others[:, 0] != NO_RANK)
        others[pair, 1], other_counts[pair] = NO_RANK, (2, 0)
        masks = (1 << suited_ranks).sum(axis=1).astype(np.int32)
        blocks.append(_FlushBlock(suited, masks[of_suited], others[of_others],
                                  other_counts[of_others], multiset))
    return _Completions(counts, rank_sums.astype(np.uint64), tuple(blocks))


def _won(weights: FloatArray, strength: npt.NDArray[np.int32], share: FloatArray) -> FloatArray:
    """The pot units each player wins on boards of K classes, summed: (B, P). weights: (B, K)
    boards of each class; strength: (B, P, K) each player's hand on them; share: a pot's
    units split among 0..P winners."""
    winning = strength == strength.max(axis=1, keepdims=True)
    per_winner = weights * share[winning.sum(axis=1)]  # (B, K)
    # Integers below 2 ** 53 (boards x units <= 1.8e11): float64 sums them exactly.
    won: FloatArray = np.matmul(winning.astype(np.float64), per_winner[:, :, None])[:, :, 0]
    return won


def _equity_units(holes: CodeArray, boards: CodeArray, pot: int) -> FloatArray:
    """The pot units (of `pot` per board) each player wins summed over every completion of
    the board: (B, P). holes: (B, P, 2) card codes; boards: (B, k) card codes."""
    deals, players = holes.shape[:2]
    completions = _completions(HOLDEM.board_cards - boards.shape[1])
    hole_ranks, hole_suits = holes.astype(np.intp) >> 2, holes.astype(np.intp) & 3
    board_ranks, board_suits = boards.astype(np.intp) >> 2, boards.astype(np.intp) & 3
    # Cards left in the deck, by suit and rank index.
    left = np.ones((deals, SUITS, RANKS), dtype=bool)
    rows = np.arange(deals)
    for suits, ranks in ((hole_suits.reshape(deals, -1), hole_ranks.reshape(deals, -1)),
                         (board_suits, board_ranks)):
        for column in range(ranks.shape[1]):
            left[rows, suits[:, column], ranks[:, column] - 2] = False
    left_of_rank = left.sum(axis=1)  # (B, RANKS)
    # The hands without a flush, by rank multiset of the missing cards.
    base = (rank_keys(hole_ranks).sum(axis=2, dtype=np.uint64)
            + rank_keys(board_ranks).sum(axis=1, dtype=np.uint64)[:, None])  # (B, P)
    plain = pattern_strengths(base[:, :, None] + completions.rank_sums)  # (B, P, K0)
    boards_of = np.prod(_CHOOSE[left_of_rank[:, None, :], completions.counts[None, :, :]],
                        axis=2)  # (B, K0)
    # Each suit's known cards: (B, SUITS) masks and counts, for the board and each hole.
    suit_bits = np.arange(SUITS)
    board_masks = np.bitwise_or.reduce(
        np.where(board_suits[:, :, None] == suit_bits, 1 << (board_ranks[:, :, None] - 2), 0),
        axis=1, initial=0)
    board_counts = (board_suits[:, :, None] == suit_bits).sum(axis=1)
    hole_in_suit = hole_suits[:, :, :, None] == suit_bits  # (B, P, 2, SUITS)
    hole_masks = np.bitwise_or.reduce(
        np.where(hole_in_suit, 1 << (hole_ranks[:, :, :, None] - 2), 0), axis=2)  # (B,P,S)
    hole_counts = hole_in_suit.sum(axis=2)
    most_in_hole = hole_counts.max(axis=1)  # (B, SUITS)
    left_masks = (left * (1 << np.arange(RANKS))).sum(axis=2)  # (B, SUITS)
    share = np.array([0, *(pot // np.arange(1, players + 1))], dtype=np.float64)
    total = np.zeros((deals, players))
    classes = len(completions.counts)
    for suit in range(SUITS):
        # Cards of other suits left, by rank index, with a last column for no card.
        others_left = np.zeros((deals, RANKS + 1), dtype=np.intp)
        others_left[:, :RANKS] = left_of_rank - left[:, suit]
        for block in completions.flush_blocks:
            # Some player makes a flush in this suit on these boards.
            flushing = most_in_hole[:, suit] + board_counts[:, suit] + block.suited >= FLUSH_CARDS
            if not flushing.any():
                continue
            weights = (((block.masks[None, :] & ~left_masks[:, suit, None]) == 0)
                       * _CHOOSE[others_left[:, block.others[:, 0]], block.other_counts[:, 0]]
                       * _CHOOSE[others_left[:, block.others[:, 1]], block.other_counts[:, 1]]
                       * flushing[:, None])  # (B, K)
            strength = np.maximum(
                plain[:, :, block.multiset],
                flush_strengths(block.masks | (hole_masks[:, :, suit, None]
                                               | board_masks[:, None, suit, None])))
            total += _won(weights, strength, share)
            # Those boards leave their rank multiset's count.
            boards_of -= np.bincount((rows[:, None] * classes + block.multiset).ravel(),
                                     weights.ravel(), deals * classes).reshape(deals, classes)
    return total + _won(boards_of, plain, share)


def board_classes(board_cards: int) -> int:
    """The classes of boards a deal with this many board cards is counted in, per player: the
    measure of its cost (before the flop 152,607; at the flop 1,443; at the river 5)."""
    completions = _completions(HOLDEM.board_cards - board_cards)
    return len(completions.counts) + SUITS * sum(len(block.masks)
                                                 for block in completions.flush_blocks)


def _chunks(deals: int, cells_per_deal: int) -> Iterator[slice]:
    size = max(1, _PASS_CELLS // max(1, cells_per_deal))
    for start in range(0, deals, size):
        yield slice(start, start + size)


def equities(holes: CodeArray, boards: CodeArray) -> npt.NDArray[np.float64]:
    """Each player's exact equity in each deal: holes (B, P, 2) and boards (B, k) card codes
    (evaluator.card_codes), k one of 0, 3, 4, 5, every card distinct within a deal. (B, P)."""
    holes = np.asarray(holes, dtype=np.uint8)
    boards = np.asarray(boards, dtype=np.uint8)
    deals, players = holes.shape[:2]
    missing = HOLDEM.board_cards - boards.shape[1]
    pot = math.lcm(*range(1, players + 1))
    chunks = list(_chunks(deals, players * board_classes(boards.shape[1])))
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        parts = list(pool.map(lambda part: _equity_units(holes[part], boards[part], pot),
                              chunks))
    units = np.concatenate(parts) if parts else np.zeros((0, players))
    total_boards = math.comb(len(DECK) - 2 * players - boards.shape[1], missing)
    return units / (pot * total_boards)
