"""Low hands: ace-to-five (razz, and the low half of the hi/lo games with its eight-or-better
qualifier) and deuce-to-seven (2-7 single and triple draw).

Ace-to-five: the best five of five to seven cards. Straights and flushes do not count, the ace
is the lowest card, pairs are bad: 5-4-3-2-A (the wheel) is the best hand, then 6-4-3-2-A. A
hand's *badness* packs like a high strength, ``category << 20 | k1 << 16 | ... | k5``, with the
category a LowCategory (0: no pair .. 5: four of a kind) and k1..k5 its ranks in tie-break
order (larger groups first, then higher ranks first; the ace is 1, an absent rank 0): the
smaller, the better. The strength is ``ACE_TO_FIVE_LIMIT - badness`` (ACE_TO_FIVE_LIMIT =
6 << 20), so a larger strength is a better low and every hand is above 0; the wheel is
6 << 20 - 0x54321. Eight or better: the same strength for a hand of five different ranks eight
or lower, 0 (no low) for any other.

Deuce-to-seven: five cards, valued as high hands held upside down. Straights and flushes count
against the hand and the ace is always high, so A-5-4-3-2 is ace high, not a straight, and
7-5-4-3-2 (unsuited) is the best hand, "number one". The badness is the high strength of
high.rank_hand without the wheel (and A-K-Q-J-T suited a Straight Flush, no Royal Flush); the
strength is ``DEUCE_TO_SEVEN_LIMIT - badness`` (DEUCE_TO_SEVEN_LIMIT = 9 << 20).

Both follow pokerkit 0.7.7 (RegularLowHand, EightOrBetterLowHand, StandardLowHand), which the
tests check hand by hand.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from itertools import combinations_with_replacement
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.cards import CARDS_PER_HAND, SUIT_CHARS
from pokerdb.rules.evaluators.high import (
    KEY_BITS,
    KEY_SLOTS,
    Category,
    HandValue,
    category_table,
    hand_parts,
    pack_strength,
    packed_strengths,
    rank_groups,
    rank_hand,
    unpack_strength,
)
from pokerdb.rules.evaluators.kernel import ACE, Ranking, StrengthArray, best_of_rows

LOW_ACE: Final = 1  # the ace's rank in an ace-to-five key
EIGHT: Final = 8  # the highest card of a qualifying low


class LowCategory(IntEnum):
    """Ace-to-five categories, best first: a low hand only counts its pairs."""

    NO_PAIR = 0
    ONE_PAIR = 1
    TWO_PAIRS = 2
    THREE_OF_A_KIND = 3
    FULL_HOUSE = 4
    FOUR_OF_A_KIND = 5

    @property
    def label(self) -> str:
        words = self.name.lower().split("_")
        return " ".join(word if word in ("of", "a") else word.capitalize() for word in words)


_LOW_CATEGORY_BY_SHAPE: Final = {
    (1, 1, 1, 1, 1): LowCategory.NO_PAIR,
    (2, 1, 1, 1): LowCategory.ONE_PAIR,
    (2, 2, 1): LowCategory.TWO_PAIRS,
    (3, 1, 1): LowCategory.THREE_OF_A_KIND,
    (3, 2): LowCategory.FULL_HOUSE,
    (4, 1): LowCategory.FOUR_OF_A_KIND,
}
ACE_TO_FIVE_LIMIT: Final = len(LowCategory) << KEY_BITS * KEY_SLOTS
DEUCE_TO_SEVEN_LIMIT: Final = int(Category.ROYAL_FLUSH) << KEY_BITS * KEY_SLOTS
# A strength above this is a low of five different ranks, eight or lower.
_EIGHT_OR_BETTER_ABOVE: Final = ACE_TO_FIVE_LIMIT - ((EIGHT + 1) << KEY_BITS * (KEY_SLOTS - 1))


@dataclass(frozen=True)
class LowValue:
    """An ace-to-five low: its category and ranks in tie-break order (ace = 1)."""

    category: LowCategory
    key: tuple[int, ...]

    @property
    def strength(self) -> int:
        return ACE_TO_FIVE_LIMIT - pack_strength(self.category, self.key)

    @classmethod
    def from_strength(cls, strength: int) -> "LowValue":
        if not 0 < strength <= ACE_TO_FIVE_LIMIT:
            raise ValueError(f"not an ace-to-five strength: {strength}")
        category, *slots = unpack_strength(ACE_TO_FIVE_LIMIT - strength)
        return cls(LowCategory(category), tuple(rank for rank in slots if rank))

    @property
    def is_eight_or_better(self) -> bool:
        return self.category == LowCategory.NO_PAIR and self.key[0] <= EIGHT


def rank_ace_to_five(ranks: Sequence[int]) -> LowValue:
    """The ace-to-five low of five ranks (2..14; the ace, 14, plays as 1)."""
    counts = Counter(LOW_ACE if rank == ACE else rank for rank in ranks)
    groups = sorted(counts.items(), key=lambda rank_count: (rank_count[1], rank_count[0]),
                    reverse=True)
    shape = tuple(count for _, count in groups)
    return LowValue(_LOW_CATEGORY_BY_SHAPE[shape], tuple(rank for rank, _ in groups))


def rank_deuce_to_seven(ranks: Sequence[int], flush: bool) -> HandValue:
    """The deuce-to-seven value of five ranks (2..14): the high hand with the ace high only,
    as the badness (the larger, the worse)."""
    value = rank_hand(ranks, flush, wheel=None)
    if value.category == Category.ROYAL_FLUSH:
        return HandValue(Category.STRAIGHT_FLUSH, value.key)
    return value


def deuce_to_seven_value(strength: int) -> HandValue:
    """The deuce-to-seven hand (as rank_deuce_to_seven gives it) of a strength."""
    if not 0 < strength <= DEUCE_TO_SEVEN_LIMIT:
        raise ValueError(f"not a deuce-to-seven strength: {strength}")
    return HandValue.from_strength(DEUCE_TO_SEVEN_LIMIT - strength)


def _ace_to_five_strength(ranks: Sequence[int], flush: bool) -> int:
    return rank_ace_to_five(ranks).strength


def _deuce_to_seven_strength(ranks: Sequence[int], flush: bool) -> int:
    return DEUCE_TO_SEVEN_LIMIT - rank_deuce_to_seven(ranks, flush).strength


_LOW_CATEGORY_OF_GROUPS: Final = category_table(_LOW_CATEGORY_BY_SHAPE)


def _ace_to_five_strengths(ranks: npt.NDArray[np.int64], flush: bool) -> StrengthArray:
    """`_ace_to_five_strength` of each row of five ranks, at once."""
    key, largest, distinct = rank_groups(np.where(ranks == ACE, LOW_ACE, ranks))
    return ACE_TO_FIVE_LIMIT - packed_strengths(_LOW_CATEGORY_OF_GROUPS[largest, distinct], key)


def _deuce_to_seven_strengths(ranks: npt.NDArray[np.int64], flush: bool) -> StrengthArray:
    """`_deuce_to_seven_strength` of each row of five ranks (ascending), at once."""
    category, key = hand_parts(ranks, flush, wheel=None)
    category[category == Category.ROYAL_FLUSH] = Category.STRAIGHT_FLUSH
    return DEUCE_TO_SEVEN_LIMIT - packed_strengths(category, key)


ACE_TO_FIVE: Final = Ranking("ace-to-five", _ace_to_five_strength, suited=False,
                             values=_ace_to_five_strengths)
# A flush counts against a deuce-to-seven hand, so more than five cards could hold a better
# hand than their flush: the kernel reads five.
DEUCE_TO_SEVEN: Final = Ranking("deuce-to-seven", _deuce_to_seven_strength, suited=True,
                                max_cards=CARDS_PER_HAND, values=_deuce_to_seven_strengths)


def ace_to_five_low(cards: npt.NDArray[np.integer]) -> StrengthArray:
    """The best ace-to-five low of five of each row's cards: rows of 5 to 7 card codes (0: no
    card); a row of fewer than five cards gets 0."""
    return best_of_rows(ACE_TO_FIVE, cards, "ace-to-five cards")


def eight_or_better(cards: npt.NDArray[np.integer]) -> StrengthArray:
    """ace_to_five_low where it is five different ranks, eight or lower; 0 (no low) elsewhere.
    (The best low of a row qualifies whenever any five of its cards do: the five lowest
    different ranks make both.)"""
    return qualifying_low(ace_to_five_low(cards))


def qualifying_low(strength: StrengthArray) -> StrengthArray:
    """Ace-to-five strengths with every low that is not eight or better made 0."""
    low: StrengthArray = np.where(strength > _EIGHT_OR_BETTER_ABOVE, strength, 0).astype(np.int32)
    return low


@cache
def every_deuce_to_seven_strength() -> npt.NDArray[np.int64]:
    """The strengths of the 7,462 different deuce-to-seven hands, best first."""
    fives = [five for five in combinations_with_replacement(range(2, ACE + 1), CARDS_PER_HAND)
             if max(Counter(five).values()) <= len(SUIT_CHARS)]
    suited = [five for five in fives if len(set(five)) == CARDS_PER_HAND]
    every = {_deuce_to_seven_strength(five, False) for five in fives}
    every |= {_deuce_to_seven_strength(five, True) for five in suited}
    return np.array(sorted(every, reverse=True), dtype=np.int64)


def deuce_to_seven_low(cards: npt.NDArray[np.integer]) -> StrengthArray:
    """The deuce-to-seven strength of each row of five card codes."""
    return best_of_rows(DEUCE_TO_SEVEN, cards, "deuce-to-seven cards")
