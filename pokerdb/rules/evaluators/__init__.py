"""Hand evaluators: every way poker values a hand, each vectorised over rows of card codes.

Every strength is an int32, larger is better, equal is a tie, comparable within its evaluator
and below 2 ** STRENGTH_BITS (24 bits), so one integer column and one SQL comparison order the
hands of any game. The modules:

  codes       card text -> card codes (rank * 4 + suit), the input of every evaluator
  kernel      the shared table kernel: the best five of up to seven cards under a Ranking
  high        high hands (Hold'em, stud, draw): rank_hand, best_strengths
  best_five   which five cards make a high strength
  names       strengths in words
"""

from pokerdb.rules.evaluators.best_five import (
    BEST_BITS,
    BEST_POSITION_BITS,
    best_five,
    best_positions,
)
from pokerdb.rules.evaluators.codes import card_codes, card_codes_at
from pokerdb.rules.evaluators.high import (
    KEY_BITS,
    KEY_SLOTS,
    STRENGTH_BITS,
    Category,
    HandValue,
    best_strengths,
    evaluate_cards,
    flush_strengths,
    pack_strength,
    pattern_strengths,
    rank_hand,
    strengths,
    strengths_of_joined_texts,
    strengths_of_texts,
    unpack_strength,
)
from pokerdb.rules.evaluators.kernel import StrengthArray, rank_keys
from pokerdb.rules.evaluators.names import describe, describe_strength, rank_plural

__all__ = [
    "BEST_BITS",
    "BEST_POSITION_BITS",
    "KEY_BITS",
    "KEY_SLOTS",
    "STRENGTH_BITS",
    "Category",
    "HandValue",
    "StrengthArray",
    "best_five",
    "best_positions",
    "best_strengths",
    "card_codes",
    "card_codes_at",
    "describe",
    "describe_strength",
    "evaluate_cards",
    "flush_strengths",
    "pack_strength",
    "pattern_strengths",
    "rank_hand",
    "rank_keys",
    "rank_plural",
    "strengths",
    "strengths_of_joined_texts",
    "strengths_of_texts",
    "unpack_strength",
]
