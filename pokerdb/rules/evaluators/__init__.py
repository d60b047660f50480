"""Hand evaluators: every way poker values a hand, each vectorised over rows of card codes.

Every strength is an int32, larger is better, equal is a tie, comparable within its evaluator
and below 2 ** STRENGTH_BITS (24 bits), so one integer column and one SQL comparison order the
hands of any game. The modules:

  codes       card text -> card codes (rank * 4 + suit), the input of every evaluator
  kernel      the shared table kernel: the best five of up to seven cards under a Ranking
  high        high hands (Hold'em, stud, draw): rank_hand, best_strengths
  best_five   which five cards make a high strength
  short_deck  short-deck (6+) high hands: short_deck_high
  omaha       two hole and three board cards, high: omaha_high
  omaha_low   ... and eight or better: omaha_low8
  lowball     ace-to-five (razz, hi/lo) and deuce-to-seven lows: ace_to_five_low,
              eight_or_better, deuce_to_seven_low
  badugi      badugi
  positions   which cards play, for any of them
  names, low_names   strengths in words and categories
  catalogue   each evaluator as data (HandEvaluator), by name in EVALUATORS
"""

from pokerdb.rules.evaluators.badugi import badugi, best_badugi
from pokerdb.rules.evaluators.best_five import (
    BEST_BITS,
    BEST_POSITION_BITS,
    best_five,
    best_positions,
)
from pokerdb.rules.evaluators.catalogue import EVALUATORS, HandEvaluator
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
from pokerdb.rules.evaluators.low_names import (
    ace_to_five_name,
    badugi_name,
    badugi_ranks,
    deuce_to_seven_name,
    deuce_to_seven_number,
    eight_or_better_name,
    short_deck_name,
)
from pokerdb.rules.evaluators.lowball import (
    LowCategory,
    LowValue,
    ace_to_five_low,
    deuce_to_seven_low,
    deuce_to_seven_value,
    eight_or_better,
)
from pokerdb.rules.evaluators.names import (
    HandName,
    describe,
    describe_strength,
    high_name,
    rank_plural,
)
from pokerdb.rules.evaluators.omaha import omaha_high
from pokerdb.rules.evaluators.omaha_low import omaha_low8
from pokerdb.rules.evaluators.positions import NO_COLUMN
from pokerdb.rules.evaluators.short_deck import short_deck_high, short_deck_value

__all__ = [
    "BEST_BITS",
    "BEST_POSITION_BITS",
    "EVALUATORS",
    "KEY_BITS",
    "KEY_SLOTS",
    "NO_COLUMN",
    "STRENGTH_BITS",
    "Category",
    "HandEvaluator",
    "HandName",
    "HandValue",
    "LowCategory",
    "LowValue",
    "StrengthArray",
    "ace_to_five_low",
    "ace_to_five_name",
    "badugi",
    "badugi_name",
    "badugi_ranks",
    "best_badugi",
    "best_five",
    "best_positions",
    "best_strengths",
    "card_codes",
    "card_codes_at",
    "describe",
    "describe_strength",
    "deuce_to_seven_low",
    "deuce_to_seven_name",
    "deuce_to_seven_number",
    "deuce_to_seven_value",
    "eight_or_better",
    "eight_or_better_name",
    "evaluate_cards",
    "flush_strengths",
    "high_name",
    "omaha_high",
    "omaha_low8",
    "pack_strength",
    "pattern_strengths",
    "rank_hand",
    "rank_keys",
    "rank_plural",
    "short_deck_high",
    "short_deck_name",
    "short_deck_value",
    "strengths",
    "strengths_of_joined_texts",
    "strengths_of_texts",
    "unpack_strength",
]
