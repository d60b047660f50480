"""Short-deck (6+) Hold'em: the best five of up to seven cards of a 36-card deck, six to ace.

The rule set is pokerkit 0.7.7's (ShortDeckHoldemLookup, by which PHH's `NS` hands replay):
A-6-7-8-9 is the lowest straight (the ace plays low), a flush beats a full house, and a
straight still beats three of a kind. (Triton's rules, and rooms that follow them, also rank
three of a kind above the straight; pokerkit, and so pokerdb, do not.) From worst to best:
High Card, One Pair, Two Pairs, Three of a Kind, Straight, Full House, Flush, Four of a Kind,
Straight Flush (A-K-Q-J-T suited: Royal Flush). The tests check every five-card hand of the
36-card deck against pokerkit's lookup, class by class.

A strength packs like a high strength (high.py), ``field << 20 | k1 << 16 | ... | k5``, the
same tie-break ranks, but the field is the category's place in that order (SHORT_DECK_ORDER),
so Full House is 5 and Flush 6. A-6-7-8-9 is a straight with k1 = 9.
"""

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.evaluators.codes import card_rows
from pokerdb.rules.evaluators.high import (
    KEY_BITS,
    KEY_SLOTS,
    Category,
    HandValue,
    hand_parts,
    pack_strength,
    packed_strengths,
    rank_hand,
    unpack_strength,
)
from pokerdb.rules.evaluators.kernel import MAX_CARDS, Ranking, StrengthArray, best_of_rows

SHORT_DECK_WHEEL: Final = (14, 9, 8, 7, 6)
LOWEST_RANK: Final = 6
SHORT_DECK_ORDER: Final = (
    Category.HIGH_CARD, Category.ONE_PAIR, Category.TWO_PAIRS, Category.THREE_OF_A_KIND,
    Category.STRAIGHT, Category.FULL_HOUSE, Category.FLUSH, Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH,
)
_FIELD_OF: Final = {category: field for field, category in enumerate(SHORT_DECK_ORDER)}
_CATEGORY_SHIFT: Final = KEY_BITS * KEY_SLOTS


def rank_short_deck(ranks: Sequence[int], flush: bool) -> HandValue:
    """The value of five short-deck cards (ranks 6..14) and whether they share a suit."""
    return rank_hand(ranks, flush, wheel=SHORT_DECK_WHEEL)


def short_deck_strength(value: HandValue) -> int:
    return pack_strength(_FIELD_OF[value.category], value.key)


def short_deck_value(strength: int) -> HandValue:
    """The hand of a short-deck strength."""
    field, *slots = unpack_strength(strength)
    if not 0 <= field < len(SHORT_DECK_ORDER):
        raise ValueError(f"not a short-deck strength: {strength}")
    return HandValue(SHORT_DECK_ORDER[field], tuple(rank for rank in slots if rank))


def short_deck_categories(strength: npt.NDArray[np.integer]) -> npt.NDArray[np.int8]:
    """The Category (as high hands number them) of each short-deck strength."""
    categories = np.array(SHORT_DECK_ORDER, dtype=np.int8)
    category: npt.NDArray[np.int8] = categories[np.asarray(strength) >> _CATEGORY_SHIFT]
    return category


def _strength_of_five(ranks: Sequence[int], flush: bool) -> int:
    return short_deck_strength(rank_short_deck(ranks, flush))


# With at most seven cards a flush leaves room for nothing better than itself (no full house,
# no four of a kind), so the kernel's flush rule holds here too.
_FIELD_OF_CATEGORY: Final = np.zeros(len(Category), dtype=np.int64)
_FIELD_OF_CATEGORY[list(_FIELD_OF)] = list(_FIELD_OF.values())


def _strengths_of_fives(ranks: npt.NDArray[np.int64], flush: bool) -> StrengthArray:
    """`_strength_of_five` of each row of five ranks (ascending), at once."""
    category, key = hand_parts(ranks, flush, wheel=SHORT_DECK_WHEEL)
    return packed_strengths(_FIELD_OF_CATEGORY[category], key)


SHORT_DECK: Final = Ranking("short-deck", _strength_of_five, suited=True,
                            values=_strengths_of_fives)
_FIRST_CARD: Final = 2 * 4  # the code of the lowest card of the full deck
_FIRST_CODE: Final = LOWEST_RANK * 4  # ... and of the short deck


def short_deck_high(cards: npt.NDArray[np.integer]) -> StrengthArray:
    """The best short-deck hand of five of each row's cards: rows of 5 to 7 card codes (0: no
    card), sixes to aces; a row of fewer than five cards gets 0. A two to five is a
    ValueError (not a card of the deck)."""
    rows = card_rows(cards, range(5, MAX_CARDS + 1), "short-deck cards")
    # Codes 8..23 are the twos to fives: as uint8, code - 8 wraps below 8 and stays below 16
    # only for them.
    below_six = (rows - np.uint8(_FIRST_CARD)) < np.uint8(_FIRST_CODE - _FIRST_CARD)
    if below_six.any():
        row = int(np.argmax(below_six.any(axis=1)))
        raise ValueError(f"row {row}: a card below six is not in the short deck")
    return best_of_rows(SHORT_DECK, rows, "short-deck cards")
