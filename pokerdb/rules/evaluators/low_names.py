"""Low, short-deck and badugi hands in words, and their categories.

Each evaluator names a strength with a category (one of its CATEGORIES, worst first, so a
category's index grows with the hand, as high hands' Category does) and a description:
"8-6-5-4-A low", "Pair of Fours, 6-3-A", "Seven-Five low", "K-7-2 three-card badugi". The
*_categories functions give the index of each of many strengths at once (for counting).
"""

from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.cards import RANK_CHARS, RANK_NAME
from pokerdb.rules.evaluators.badugi import RANK_BITS
from pokerdb.rules.evaluators.high import KEY_BITS, KEY_SLOTS, Category
from pokerdb.rules.evaluators.kernel import ACE
from pokerdb.rules.evaluators.lowball import (
    ACE_TO_FIVE_LIMIT,
    DEUCE_TO_SEVEN_LIMIT,
    EIGHT,
    LOW_ACE,
    LowCategory,
    LowValue,
    deuce_to_seven_value,
    every_deuce_to_seven_strength,
)
from pokerdb.rules.evaluators.names import HandName, describe, rank_plural
from pokerdb.rules.evaluators.short_deck import SHORT_DECK_ORDER, short_deck_value

IntArray = npt.NDArray[np.integer]
_CATEGORY_SHIFT: Final = KEY_BITS * KEY_SLOTS
_TOP_SHIFT: Final = KEY_BITS * (KEY_SLOTS - 1)
_RANK_FIELD: Final = (1 << KEY_BITS) - 1
_PAIRED: Final = tuple(reversed(LowCategory))[:-1]  # Four of a Kind .. One Pair
_BADUGI_SIZES: Final = ("One", "Two", "Three", "Four")


def _low_rank_name(rank: int) -> str:
    return RANK_NAME[ACE if rank == LOW_ACE else rank]


def _low_rank_char(rank: int) -> str:
    return RANK_CHARS[(ACE if rank == LOW_ACE else rank) - 2]


def _dashed(ranks: tuple[int, ...]) -> str:
    return "-".join(_low_rank_char(rank) for rank in ranks)


# --- ace-to-five (razz, and the low of hi/lo) ------------------------------------------------

# Worst first: the paired hands, then the lows from King Low to Five Low (the wheel).
ACE_TO_FIVE_CATEGORIES: Final = (
    *(category.label for category in _PAIRED),
    *(f"{RANK_NAME[top]} Low" for top in range(13, 4, -1)),
)
EIGHT_OR_BETTER_CATEGORIES: Final = (
    "No Low", *(f"{RANK_NAME[top]} Low" for top in range(EIGHT, 4, -1)))


def ace_to_five_categories(strength: IntArray) -> npt.NDArray[np.int8]:
    """The index in ACE_TO_FIVE_CATEGORIES of each ace-to-five strength."""
    badness = ACE_TO_FIVE_LIMIT - np.asarray(strength, dtype=np.int64)
    paired = badness >> _CATEGORY_SHIFT
    top = badness >> _TOP_SHIFT & _RANK_FIELD
    index = np.where(paired > 0, len(_PAIRED) - paired, len(_PAIRED) + 13 - top)
    return index.astype(np.int8)


def eight_or_better_categories(strength: IntArray) -> npt.NDArray[np.int8]:
    """The index in EIGHT_OR_BETTER_CATEGORIES of each eight-or-better strength (0: none)."""
    strength = np.asarray(strength, dtype=np.int64)
    top = (ACE_TO_FIVE_LIMIT - strength) >> _TOP_SHIFT & _RANK_FIELD
    return np.where(strength > 0, EIGHT + 1 - top, 0).astype(np.int8)


def ace_to_five_name(strength: int) -> HandName:
    value = LowValue.from_strength(strength)
    key = value.key
    category = ACE_TO_FIVE_CATEGORIES[int(ace_to_five_categories(np.array([strength]))[0])]
    match value.category:
        case LowCategory.NO_PAIR:
            description = f"{_dashed(key)} low"
        case LowCategory.ONE_PAIR:
            description = f"Pair of {_low_plural(key[0])}, {_dashed(key[1:])}"
        case LowCategory.TWO_PAIRS:
            description = (f"Two Pairs, {_low_plural(key[0])} and {_low_plural(key[1])}, "
                           f"{_low_rank_name(key[2])} kicker")
        case LowCategory.FULL_HOUSE:
            description = f"Full House, {_low_plural(key[0])} full of {_low_plural(key[1])}"
        case _:  # three and four of a kind are told by their rank
            description = f"{value.category.label}, {_low_plural(key[0])}"
    return HandName(category, description)


def _low_plural(rank: int) -> str:
    return rank_plural(ACE if rank == LOW_ACE else rank)


def eight_or_better_name(strength: int) -> HandName:
    """The words of an eight-or-better strength (0: no low)."""
    if strength == 0:
        return HandName("No Low", "no low")
    value = LowValue.from_strength(strength)
    if not value.is_eight_or_better:
        raise ValueError(f"not an eight-or-better low: {strength}")
    return HandName(f"{_low_rank_name(value.key[0])} Low", f"{_dashed(value.key)} low")


# --- deuce-to-seven --------------------------------------------------------------------------

# Worst first: Straight Flush .. One Pair, then the unpaired hands from Ace Low to Seven Low.
_DEUCE_TO_SEVEN_MADE: Final = tuple(Category(c) for c in range(Category.STRAIGHT_FLUSH, 0, -1))
DEUCE_TO_SEVEN_CATEGORIES: Final = (
    *(category.label for category in _DEUCE_TO_SEVEN_MADE),
    *(f"{RANK_NAME[top]} Low" for top in range(ACE, 6, -1)),
)


def deuce_to_seven_categories(strength: IntArray) -> npt.NDArray[np.int8]:
    """The index in DEUCE_TO_SEVEN_CATEGORIES of each deuce-to-seven strength."""
    badness = DEUCE_TO_SEVEN_LIMIT - np.asarray(strength, dtype=np.int64)
    made = badness >> _CATEGORY_SHIFT
    top = badness >> _TOP_SHIFT & _RANK_FIELD
    index = np.where(made > 0, len(_DEUCE_TO_SEVEN_MADE) - made,
                     len(_DEUCE_TO_SEVEN_MADE) + ACE - top)
    return index.astype(np.int8)


def deuce_to_seven_name(strength: int) -> HandName:
    """"Seven-Five low" for 7-5-4-3-2 (an unpaired hand by its two highest cards), and high
    hands' words for the rest ("Pair of Twos, Eight kicker", "Straight, Seven high")."""
    value = deuce_to_seven_value(strength)
    category = DEUCE_TO_SEVEN_CATEGORIES[int(deuce_to_seven_categories(
        np.array([strength]))[0])]
    if value.category == Category.HIGH_CARD:
        first, second = value.key[:2]
        return HandName(category, f"{RANK_NAME[first]}-{RANK_NAME[second]} low")
    return HandName(category, describe(value))


def deuce_to_seven_number(strength: IntArray) -> npt.NDArray[np.int64]:
    """Each deuce-to-seven strength's place among the 7,462 different hands, best first:
    7-5-4-3-2 is number 1, 7-6-4-3-2 number 2."""
    best_first = -every_deuce_to_seven_strength()
    number: npt.NDArray[np.int64] = np.searchsorted(best_first, -np.asarray(strength)) + 1
    return number


# --- short-deck ------------------------------------------------------------------------------

SHORT_DECK_CATEGORIES: Final = tuple(category.label for category in SHORT_DECK_ORDER)


def short_deck_categories(strength: IntArray) -> npt.NDArray[np.int8]:
    """The index in SHORT_DECK_CATEGORIES of each short-deck strength."""
    return (np.asarray(strength) >> _CATEGORY_SHIFT).astype(np.int8)


def short_deck_name(strength: int) -> HandName:
    value = short_deck_value(strength)
    return HandName(value.category.label, describe(value))


# --- badugi ----------------------------------------------------------------------------------

BADUGI_CATEGORIES: Final = tuple(f"{size}-card badugi" for size in _BADUGI_SIZES)


def badugi_categories(strength: IntArray) -> npt.NDArray[np.int8]:
    """The index in BADUGI_CATEGORIES of each badugi strength (cards - 1)."""
    return ((np.asarray(strength) >> RANK_BITS) - 1).astype(np.int8)


def badugi_ranks(strength: int) -> tuple[int, ...]:
    """A badugi's ranks, highest first, the ace 1 (ValueError if not a badugi's strength)."""
    cards = strength >> RANK_BITS
    if not 1 <= cards <= len(_BADUGI_SIZES):
        raise ValueError(f"not a badugi strength: {strength}")
    mask = (1 << RANK_BITS) - 1 - (strength & (1 << RANK_BITS) - 1)
    ranks = tuple(rank for rank in range(RANK_BITS, 0, -1) if mask >> (rank - 1) & 1)
    if len(ranks) != cards:
        raise ValueError(f"not a badugi strength: {strength}")
    return ranks


def badugi_name(strength: int) -> HandName:
    """"8-6-3-A badugi" (four cards), "K-7-2 three-card badugi"."""
    ranks = badugi_ranks(strength)
    cards = len(ranks)
    size = "" if cards == len(_BADUGI_SIZES) else f"{_BADUGI_SIZES[cards - 1].lower()}-card "
    return HandName(BADUGI_CATEGORIES[cards - 1], f"{_dashed(ranks)} {size}badugi")
