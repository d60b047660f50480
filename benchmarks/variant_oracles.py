"""Every variant evaluator against an independent one, hand by hand, on random hands: the row
`variant-oracles` of `python -m benchmarks` (its size: the hands of each oracle, 200,000).

The oracles are pokerkit 0.7.7's hand classes (OmahaHoldemHand, OmahaEightOrBetterLowHand,
ShortDeckHoldemHand, RegularLowHand, EightOrBetterLowHand, StandardLowHand, BadugiHand) and
phevaluator's Omaha (evaluate_omaha_cards; for five or six hole cards the best of its four-card
hands, since every two hole cards lie in some four). Each hand's class, its place among all the
different hands its evaluator knows, must be the oracle's exactly: pokerkit's Entry.index (0 is
the weakest high hand, the best low) or phevaluator's rank (1 is the best). Agreeing on every
hand's class is agreeing on every comparison between any two hands, ties included.

The tests (tests/test_variant_oracles.py) run these checks on fewer hands; this script runs
them at full size, with their time. The row fails on any disagreement.
"""

import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from itertools import combinations, combinations_with_replacement

import numpy as np
import numpy.typing as npt
from result_tables import Table
from suite import Context, Figure, RowResult

from pokerdb.rules.cards import DECK
from pokerdb.rules.evaluators import EVALUATORS, rank_hand
from pokerdb.rules.evaluators.lowball import (
    every_deuce_to_seven_strength,
    qualifying_low,
    rank_ace_to_five,
)
from pokerdb.rules.evaluators.short_deck import rank_short_deck, short_deck_strength

IndexArray = npt.NDArray[np.int64]
# Deck index c (DECK[c]: rank c // 4 + 2, suit c % 4 in "CDHS") as a card code; phevaluator's
# card ids are the deck indexes themselves.
CODE_OF_INDEX = np.array([(c // 4 + 2) * 4 + c % 4 for c in range(len(DECK))], dtype=np.uint8)
FULL_DECK = tuple(range(len(DECK)))
SHORT_DECK = tuple(c for c in FULL_DECK if c // 4 + 2 >= 6)
BOARD = 5


@dataclass(frozen=True)
class Oracle:
    name: str
    evaluator: str  # its name in EVALUATORS
    deck: tuple[int, ...]
    hole: int  # hole cards (all the cards, for a game without a board)
    board: int
    classes: Callable[[], npt.NDArray[np.int64]]  # every strength, by the oracle's class order
    theirs: Callable[[Sequence[int], Sequence[int]], int]  # (hole, board) -> class; -1: none


def _every_five(value: Callable[[Sequence[int], bool], int], ranks: Iterable[int]) -> set[int]:
    """The strengths of every five-card hand of these ranks, by `value(ranks, suited)`."""
    strengths = set()
    for five in combinations_with_replacement(ranks, BOARD):
        if max(Counter(five).values()) <= 4:
            strengths.add(value(five, False))
            if len(set(five)) == BOARD:
                strengths.add(value(five, True))
    return strengths


@cache
def high_classes() -> npt.NDArray[np.int64]:
    return np.array(sorted(_every_five(lambda r, s: rank_hand(r, s).strength, range(2, 15))))


@cache
def short_deck_classes() -> npt.NDArray[np.int64]:
    return np.array(sorted(_every_five(
        lambda r, s: short_deck_strength(rank_short_deck(r, s)), range(6, 15))))


@cache
def ace_to_five_classes() -> npt.NDArray[np.int64]:
    lows = _every_five(lambda r, s: rank_ace_to_five(r).strength, range(2, 15))
    return np.array(sorted(lows, reverse=True))


@cache
def eight_or_better_classes() -> npt.NDArray[np.int64]:
    lows = ace_to_five_classes()
    return lows[qualifying_low(lows.astype(np.int32)) > 0]


@cache
def badugi_classes() -> npt.NDArray[np.int64]:
    """Badugi strengths (badugi.py's layout), best first: more cards, then the lower ranks."""
    strengths = [cards << 13 | (8191 - sum(1 << (r - 1) for r in ranks))
                 for cards in range(1, 5) for ranks in combinations(range(1, 14), cards)]
    return np.array(sorted(strengths, reverse=True))


def _pokerkit_classes(hand_class: str) -> Callable[[Sequence[int], Sequence[int]], int]:
    pokerkit = import_module("pokerkit")
    kind = getattr(pokerkit, hand_class)
    cards = [next(iter(pokerkit.Card.parse(card[0] + card[1].lower()))) for card in DECK]

    def theirs(hole: Sequence[int], board: Sequence[int]) -> int:
        try:
            hand = kind.from_game([cards[c] for c in hole], [cards[c] for c in board])
        except ValueError:  # no hand: an eight-or-better low that does not qualify
            return -1
        index: int = hand.entry.index
        return index

    return theirs


def _phevaluator_omaha(hole: Sequence[int], board: Sequence[int]) -> int:
    evaluate = import_module("phevaluator").evaluate_omaha_cards  # lower is better, 1 best
    rank: int = min(evaluate(*board, *four) for four in combinations(hole, 4))
    return rank - 1


ORACLES = {oracle.name: oracle for oracle in (
    Oracle("omaha-high/phevaluator", "omaha-high", FULL_DECK, 4, BOARD,
           lambda: high_classes()[::-1], _phevaluator_omaha),
    Oracle("omaha5-high/phevaluator", "omaha-high", FULL_DECK, 5, BOARD,
           lambda: high_classes()[::-1], _phevaluator_omaha),
    Oracle("omaha6-high/phevaluator", "omaha-high", FULL_DECK, 6, BOARD,
           lambda: high_classes()[::-1], _phevaluator_omaha),
    Oracle("omaha-high/pokerkit", "omaha-high", FULL_DECK, 4, BOARD, high_classes,
           _pokerkit_classes("OmahaHoldemHand")),
    Oracle("omaha6-high/pokerkit", "omaha-high", FULL_DECK, 6, BOARD, high_classes,
           _pokerkit_classes("OmahaHoldemHand")),
    Oracle("omaha-low8/pokerkit", "omaha-eight-or-better", FULL_DECK, 4, BOARD,
           eight_or_better_classes, _pokerkit_classes("OmahaEightOrBetterLowHand")),
    Oracle("omaha5-low8/pokerkit", "omaha-eight-or-better", FULL_DECK, 5, BOARD,
           eight_or_better_classes, _pokerkit_classes("OmahaEightOrBetterLowHand")),
    Oracle("short-deck/pokerkit", "short-deck", SHORT_DECK, 7, 0, short_deck_classes,
           _pokerkit_classes("ShortDeckHoldemHand")),
    Oracle("razz/pokerkit", "ace-to-five", FULL_DECK, 7, 0, ace_to_five_classes,
           _pokerkit_classes("RegularLowHand")),
    Oracle("ace-to-five-5/pokerkit", "ace-to-five", FULL_DECK, 5, 0, ace_to_five_classes,
           _pokerkit_classes("RegularLowHand")),
    Oracle("eight-or-better-7/pokerkit", "eight-or-better", FULL_DECK, 7, 0,
           eight_or_better_classes, _pokerkit_classes("EightOrBetterLowHand")),
    Oracle("deuce-to-seven/pokerkit", "deuce-to-seven", FULL_DECK, 5, 0,
           every_deuce_to_seven_strength, _pokerkit_classes("StandardLowHand")),
    Oracle("badugi/pokerkit", "badugi", FULL_DECK, 4, 0, badugi_classes,
           _pokerkit_classes("BadugiHand")),
)}


def deal(rng: np.random.Generator, deck: Sequence[int], hands: int, cards: int) -> IndexArray:
    """`hands` rows of `cards` distinct random cards of `deck` (deck indexes)."""
    picks = np.argsort(rng.random((hands, len(deck))), axis=1)[:, :cards]
    dealt: IndexArray = np.asarray(deck)[picks]
    return dealt


def class_of(strengths: npt.NDArray[np.integer], classes: npt.NDArray[np.int64]) -> IndexArray:
    """Each strength's index in `classes` (every strength, in either order); -1 for 0 (no
    hand) or a strength not among them."""
    ascending = classes[0] < classes[-1]
    order = classes if ascending else classes[::-1]
    place = np.clip(np.searchsorted(order, strengths), 0, len(order) - 1)
    index = place if ascending else len(order) - 1 - place
    found = order[place] == strengths
    return np.where(found & (strengths != 0), index, -1)


@dataclass(frozen=True)
class Checked:
    oracle: str
    hands: int
    disagreeing: list[int]  # rows whose classes differ
    ours_seconds: float
    theirs_seconds: float
    dealt: IndexArray
    ours: IndexArray
    theirs: IndexArray


def check(name: str, hands: int, seed: int = 20) -> Checked:
    """Deal `hands` random hands and class each by ours and by the oracle."""
    oracle = ORACLES[name]
    dealt = deal(np.random.default_rng(seed), oracle.deck, hands, oracle.hole + oracle.board)
    codes = CODE_OF_INDEX[dealt]
    started = time.perf_counter()
    strengths = EVALUATORS[oracle.evaluator].strengths(codes[:, :oracle.hole],
                                                       codes[:, oracle.hole:])
    ours_seconds = time.perf_counter() - started
    ours = class_of(strengths, oracle.classes())
    rows = dealt.tolist()
    started = time.perf_counter()
    theirs = np.array([oracle.theirs(row[:oracle.hole], row[oracle.hole:]) for row in rows],
                      dtype=np.int64)
    theirs_seconds = time.perf_counter() - started
    disagreeing = np.flatnonzero(ours != theirs).tolist()
    return Checked(name, hands, disagreeing, ours_seconds, theirs_seconds, dealt, ours, theirs)


def describe_row(checked: Checked, row: int) -> str:
    cards = " ".join(DECK[c] for c in checked.dealt[row].tolist())
    return (f"{checked.oracle} row {row}: {cards}: ours class {checked.ours[row]}, "
            f"theirs {checked.theirs[row]}")


def row(ctx: Context) -> RowResult:
    rows, figures, wrong = [], [], []
    for name in sorted(ORACLES):
        ctx.say(f"{name}: {ctx.size:,} hands")
        checked = check(name, ctx.size, 20)
        wrong += [f"{name}: {describe_row(checked, each)}" for each in checked.disagreeing[:1]]
        rows.append([name, f"{checked.hands:,}", str(len(checked.disagreeing)),
                     f"{checked.ours_seconds:.3f}", f"{checked.theirs_seconds:.1f}"])
        figures.append(Figure(f"{name}: hands whose class differs", "0",
                              f"{len(checked.disagreeing)} of {checked.hands:,}",
                              not checked.disagreeing, checked.ours_seconds,
                              checked.theirs_seconds))
    return RowResult(figures, [Table("Variant evaluators against independent ones", (
        "oracle", "hands", "disagree", "ours s", "theirs s"), rows, frozenset({1, 2, 3, 4}))],
                     "; ".join(wrong) or None)
