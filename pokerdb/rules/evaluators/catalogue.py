"""Every evaluator as data: what a variant names for each half of its pot.

A HandEvaluator takes each player's hole cards and the board (rows of card codes; a game
without a board passes zero board columns) and gives the strengths (larger is better), the
columns of the cards that play (hole columns first, then the board's; NO_COLUMN after the last
card that plays), and the words and categories of a strength. EVALUATORS holds them by name.
"""

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.evaluators import low_names, lowball, omaha, omaha_low
from pokerdb.rules.evaluators.badugi import badugi, best_badugi
from pokerdb.rules.evaluators.best_five import best_five, best_positions
from pokerdb.rules.evaluators.codes import CodeArray
from pokerdb.rules.evaluators.high import WHEEL, Category, best_strengths
from pokerdb.rules.evaluators.kernel import StrengthArray
from pokerdb.rules.evaluators.names import HandName, high_name
from pokerdb.rules.evaluators.positions import (
    NO_COLUMN,
    ColumnArray,
    every_five,
    first_five,
    high_ranks,
    in_play_order,
    low_ranks,
)
from pokerdb.rules.evaluators.short_deck import SHORT_DECK_WHEEL, short_deck_high

IntArray = npt.NDArray[np.integer]
Strengths = Callable[[CodeArray, CodeArray], StrengthArray]
BestCards = Callable[[CodeArray, CodeArray, StrengthArray], ColumnArray]
_HIGH_RANKS: Final = high_ranks()
_LOW_RANKS: Final = low_ranks()


@dataclass(frozen=True)
class HandEvaluator:
    name: str
    strengths: Strengths  # (hole, board) -> one strength per row
    best_cards: BestCards  # (hole, board, strengths) -> (n, 5) columns of hole + board
    name_of: Callable[[int], HandName]
    categories: tuple[str, ...]  # worst first
    category_of: Callable[[IntArray], npt.NDArray[np.int8]]  # strengths -> categories' index


def _joined(hole: CodeArray, board: CodeArray) -> CodeArray:
    return np.ascontiguousarray(np.concatenate([hole, board], axis=1), dtype=np.uint8)


def _best_of_all(evaluate: Callable[[CodeArray], StrengthArray]) -> Strengths:
    return lambda hole, board: evaluate(_joined(hole, board))


def _five_of_all(evaluate: Callable[[CodeArray], StrengthArray], ranks: npt.NDArray[np.int16],
                 wheel: tuple[int, ...] | None) -> BestCards:
    def best_cards(hole: CodeArray, board: CodeArray, strength: StrengthArray) -> ColumnArray:
        cards = _joined(hole, board)
        columns = first_five(cards, strength, every_five(cards.shape[1]), evaluate)
        return in_play_order(cards, columns, ranks, wheel)
    return best_cards


def _high_best_cards(hole: CodeArray, board: CodeArray, strength: StrengthArray) -> ColumnArray:
    columns = best_positions(best_five(_joined(hole, board), strength))
    columns[np.asarray(strength) == 0] = NO_COLUMN
    return columns


def _omaha_fives(hole_cards: int) -> list[tuple[int, ...]]:
    board = range(hole_cards, hole_cards + omaha.BOARD_CARDS)
    return [(*two, *three) for two in combinations(range(hole_cards), omaha.PLAYED_HOLE)
            for three in combinations(board, omaha.PLAYED_BOARD)]


def _omaha_best_cards(evaluate: Callable[[CodeArray], StrengthArray],
                      ranks: npt.NDArray[np.int16], wheel: tuple[int, ...] | None) -> BestCards:
    def best_cards(hole: CodeArray, board: CodeArray, strength: StrengthArray) -> ColumnArray:
        cards = _joined(hole, board)
        columns = first_five(cards, strength, _omaha_fives(hole.shape[1]), evaluate)
        return in_play_order(cards, columns, ranks, wheel)
    return best_cards


def _badugi_best_cards(hole: CodeArray, board: CodeArray, strength: StrengthArray
                       ) -> ColumnArray:
    columns = np.full((len(hole), 5), NO_COLUMN, dtype=np.uint8)
    columns[:, :4] = best_badugi(hole, strength)
    return columns


def _high_categories(strength: IntArray) -> npt.NDArray[np.int8]:
    return (np.asarray(strength) >> 20).astype(np.int8)


HIGH: Final = HandEvaluator(
    "high", _best_of_all(best_strengths), _high_best_cards, high_name,
    tuple(category.label for category in Category), _high_categories)
SHORT_DECK: Final = HandEvaluator(
    "short-deck", _best_of_all(short_deck_high),
    _five_of_all(short_deck_high, _HIGH_RANKS, SHORT_DECK_WHEEL), low_names.short_deck_name,
    low_names.SHORT_DECK_CATEGORIES, low_names.short_deck_categories)
OMAHA_HIGH: Final = HandEvaluator(
    "omaha-high", omaha.omaha_high, _omaha_best_cards(best_strengths, _HIGH_RANKS, WHEEL),
    high_name, HIGH.categories, _high_categories)
OMAHA_EIGHT_OR_BETTER: Final = HandEvaluator(
    "omaha-eight-or-better", omaha_low.omaha_low8,
    _omaha_best_cards(lowball.eight_or_better, _LOW_RANKS, None),
    low_names.eight_or_better_name, low_names.EIGHT_OR_BETTER_CATEGORIES,
    low_names.eight_or_better_categories)
ACE_TO_FIVE: Final = HandEvaluator(
    "ace-to-five", _best_of_all(lowball.ace_to_five_low),
    _five_of_all(lowball.ace_to_five_low, _LOW_RANKS, None), low_names.ace_to_five_name,
    low_names.ACE_TO_FIVE_CATEGORIES, low_names.ace_to_five_categories)
EIGHT_OR_BETTER: Final = HandEvaluator(
    "eight-or-better", _best_of_all(lowball.eight_or_better),
    _five_of_all(lowball.eight_or_better, _LOW_RANKS, None), low_names.eight_or_better_name,
    low_names.EIGHT_OR_BETTER_CATEGORIES, low_names.eight_or_better_categories)
DEUCE_TO_SEVEN: Final = HandEvaluator(
    "deuce-to-seven", _best_of_all(lowball.deuce_to_seven_low),
    _five_of_all(lowball.deuce_to_seven_low, _HIGH_RANKS, None), low_names.deuce_to_seven_name,
    low_names.DEUCE_TO_SEVEN_CATEGORIES, low_names.deuce_to_seven_categories)
BADUGI: Final = HandEvaluator(
    "badugi", lambda hole, board: badugi(hole), _badugi_best_cards, low_names.badugi_name,
    low_names.BADUGI_CATEGORIES, low_names.badugi_categories)

EVALUATORS: Final = {evaluator.name: evaluator for evaluator in (
    HIGH, SHORT_DECK, OMAHA_HIGH, OMAHA_EIGHT_OR_BETTER, ACE_TO_FIVE, EIGHT_OR_BETTER,
    DEUCE_TO_SEVEN, BADUGI)}
