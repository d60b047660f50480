"""High hands (Hold'em, stud, draw, and the high half of every split game): five cards in,
category, tie-break ranks and one comparable strength out.

The scalar `rank_hand` is the rule book, written for reading.  The vectorised `best_strengths`
answers whole batches of five to seven cards by table lookup (the best five of each row, as in
Texas Hold'em, by the kernel); its tables are filled by `rank_hand` itself, so the two can never
disagree. `best_five` (in best_five.py) tells which five cards make each row's strength.

Strength packs the category and up to five tie-break ranks into one integer, four bits each:
``category << 20 | k1 << 16 | k2 << 12 | k3 << 8 | k4 << 4 | k5`` (an absent rank is 0).
Ranks are 2..14, so a larger strength is exactly a better hand and equal strength is a tie.
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.cards import CARDS_PER_HAND, HAND_WIDTH, RANK_VALUE, SUIT_CHARS
from pokerdb.rules.evaluators import kernel
from pokerdb.rules.evaluators.codes import card_codes
from pokerdb.rules.evaluators.kernel import ACE, Ranking, StrengthArray, best_of_rows

KEY_BITS: Final = 4
KEY_SLOTS: Final = 5
STRENGTH_BITS: Final = KEY_BITS * (KEY_SLOTS + 1)  # every evaluator's strengths fit in these
WHEEL: Final = (14, 5, 4, 3, 2)


class Category(IntEnum):
    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIRS = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        """The name used in the problem statement and the `categories` table."""
        words = self.name.lower().split("_")
        return " ".join(word if word in ("of", "a") else word.capitalize() for word in words)


# Rank-count shapes (largest group first) of the hands that are neither straights nor flushes.
CATEGORY_BY_SHAPE: Final = {
    (4, 1): Category.FOUR_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (3, 1, 1): Category.THREE_OF_A_KIND,
    (2, 2, 1): Category.TWO_PAIRS,
    (2, 1, 1, 1): Category.ONE_PAIR,
    (1, 1, 1, 1, 1): Category.HIGH_CARD,
}


@dataclass(frozen=True)
class HandValue:
    category: Category
    key: tuple[int, ...]  # tie-break ranks in order of importance

    @property
    def strength(self) -> int:
        return pack_strength(self.category, self.key)

    @classmethod
    def from_strength(cls, strength: int) -> "HandValue":
        category, *slots = unpack_strength(strength)
        return cls(Category(category), tuple(rank for rank in slots if rank))


def pack_strength(category: int, key: Sequence[int]) -> int:
    padded = [*key, *[0] * (KEY_SLOTS - len(key))]
    value = category
    for rank in padded:
        value = value << KEY_BITS | rank
    return value


def unpack_strength(strength: int) -> tuple[int, int, int, int, int, int]:
    """(category, k1, k2, k3, k4, k5) with 0 for an absent tie-break rank."""
    mask = (1 << KEY_BITS) - 1
    slots = [strength >> (KEY_BITS * (KEY_SLOTS - 1 - i)) & mask for i in range(KEY_SLOTS)]
    category = strength >> (KEY_BITS * KEY_SLOTS)
    return category, slots[0], slots[1], slots[2], slots[3], slots[4]


def _straight_high(ranks: Sequence[int], wheel: tuple[int, ...] | None) -> int | None:
    """The high card of a straight (the wheel's second rank for the wheel), or None."""
    ordered = tuple(sorted(set(ranks), reverse=True))
    if wheel is not None and ordered == wheel:
        return wheel[1]
    if len(ordered) == CARDS_PER_HAND and ordered[0] - ordered[-1] == CARDS_PER_HAND - 1:
        return ordered[0]
    return None


def rank_hand(ranks: Sequence[int], flush: bool,
              wheel: tuple[int, ...] | None = WHEEL) -> HandValue:
    """Value of a hand given its five ranks (2..14) and whether all suits are the same.
    `wheel` is the straight in which the ace plays low (A-6-7-8-9 in short-deck), or None
    where the ace only plays high (deuce-to-seven)."""
    counts = Counter(ranks)
    # Rank groups ordered by size, then rank: exactly the tie-break order of every category.
    groups = sorted(counts.items(), key=lambda rank_count: (rank_count[1], rank_count[0]),
                    reverse=True)
    key = tuple(rank for rank, _ in groups)
    high = _straight_high(ranks, wheel)
    if high is not None:
        if flush:
            category = Category.ROYAL_FLUSH if high == ACE else Category.STRAIGHT_FLUSH
            return HandValue(category, (high,))
        return HandValue(Category.STRAIGHT, (high,))
    shape = tuple(count for _, count in groups)
    category = CATEGORY_BY_SHAPE[shape]
    if flush and category < Category.FLUSH:
        return HandValue(Category.FLUSH, key)
    return HandValue(category, key)


def evaluate_cards(cards: str | Sequence[str]) -> HandValue:
    """Value of five cards given as text ("8C TS KC 9H 4S") or as a sequence of card texts."""
    tokens = cards.split() if isinstance(cards, str) else list(cards)
    if len(tokens) != CARDS_PER_HAND or len(set(tokens)) != CARDS_PER_HAND:
        raise ValueError(f"a hand is five distinct cards, got {cards!r}")
    for token in tokens:
        if len(token) != 2 or token[0] not in RANK_VALUE or token[1] not in SUIT_CHARS:
            raise ValueError(f"not a card: {token!r}")
    return rank_hand([RANK_VALUE[t[0]] for t in tokens], len({t[1] for t in tokens}) == 1)


# --- the best five of up to seven cards --------------------------------------------------------

def _high_value(ranks: Sequence[int], flush: bool) -> int:
    return rank_hand(ranks, flush).strength


def category_table(categories: Mapping[tuple[int, ...], int]) -> npt.NDArray[np.int64]:
    """The categories by shape of five ranks (their groups' sizes, largest first, as
    CATEGORY_BY_SHAPE) as a table by largest group and distinct ranks, which tell the shapes
    apart."""
    table = np.zeros((CARDS_PER_HAND, CARDS_PER_HAND + 1), dtype=np.int64)
    for shape, category in categories.items():
        table[shape[0], len(shape)] = category
    return table


_CATEGORY_OF_GROUPS: Final = category_table(CATEGORY_BY_SHAPE)
_SLOT_SHIFTS: Final = KEY_BITS * np.arange(KEY_SLOTS - 1, -1, -1)


def rank_groups(ranks: npt.NDArray[np.int64]
                ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Of each row of five ranks: its ranks in tie-break order (by the size of their group,
    then by rank, each rank once, 0 after the last), its largest group and its distinct ranks."""
    group = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)  # each card's group size
    order = np.argsort(-(group * (ACE + 1) + ranks), axis=1, kind="stable")
    ordered = np.take_along_axis(ranks, order, axis=1)
    first = np.ones(ordered.shape, dtype=bool)  # the first card of its group, in that order
    first[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    places = np.argsort(~first, axis=1, kind="stable")
    key = np.where(np.take_along_axis(first, places, axis=1),
                   np.take_along_axis(ordered, places, axis=1), 0)
    return key, group.max(axis=1), first.sum(axis=1)


def hand_parts(ranks: npt.NDArray[np.int64], flush: bool,
               wheel: tuple[int, ...] | None = WHEEL
               ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """`rank_hand(row, flush, wheel)` of each row of five ranks (ascending), at once: the
    categories, and the tie-break ranks (0 after the last)."""
    key, largest, distinct = rank_groups(ranks)
    category = _CATEGORY_OF_GROUPS[largest, distinct]
    is_wheel = ((ranks == np.array(sorted(wheel))).all(axis=1) if wheel is not None
                else np.zeros(len(ranks), dtype=bool))
    straight = (distinct == CARDS_PER_HAND) & (
        (ranks[:, -1] - ranks[:, 0] == CARDS_PER_HAND - 1) | is_wheel)
    high = np.where(is_wheel, wheel[1] if wheel is not None else 0, ranks[:, -1])
    if flush:
        category = np.maximum(category, Category.FLUSH)
        straight_category = np.where(high == ACE, Category.ROYAL_FLUSH, Category.STRAIGHT_FLUSH)
    else:
        straight_category = np.full(len(ranks), Category.STRAIGHT)
    category = np.where(straight, straight_category, category)
    key[straight] = 0
    key[straight, 0] = high[straight]
    return category, key


def packed_strengths(category: npt.NDArray[np.int64],
                     key: npt.NDArray[np.int64]) -> StrengthArray:
    """`pack_strength` of each row's category and tie-break ranks."""
    packed = category << (KEY_BITS * KEY_SLOTS) | (key << _SLOT_SHIFTS).sum(axis=1)
    strengths: StrengthArray = packed.astype(np.int32)
    return strengths


def high_values(ranks: npt.NDArray[np.int64], flush: bool) -> StrengthArray:
    """`_high_value` of each row of five ranks (ascending), at once."""
    return packed_strengths(*hand_parts(ranks, flush))


HIGH: Final = Ranking("high", _high_value, suited=True, values=high_values)


def best_strengths(codes: npt.NDArray[np.uint8]) -> StrengthArray:
    """Strength of the best five cards of each row. `codes` has shape (n, k), 5 <= k <= 7, each
    a card code rank * 4 + suit as `card_codes` gives (rank 2..14, suit index in "CDHS"), or 0
    for no card (padding: a row may hold 5, 6 or 7 real cards in any columns; any byte that is
    not a card code counts as no card). The cards of a row must be distinct. A row with fewer
    than five cards gets 0 (no hand). The strength is pack_strength's, i.e. equal to rank_hand
    of the best 5-card subset."""
    return best_of_rows(HIGH, codes)


def pattern_strengths(rank_sums: npt.NDArray[np.uint64]) -> StrengthArray:
    """kernel.pattern_strengths of high hands: the best strength without a flush of cards
    whose rank_keys sum to each of `rank_sums`."""
    return kernel.pattern_strengths(HIGH, rank_sums)


def flush_strengths(rank_masks: npt.NDArray[np.integer]) -> StrengthArray:
    """kernel.flush_strengths of high hands: the best flush of each mask of one suit's ranks."""
    return kernel.flush_strengths(HIGH, rank_masks)


def strengths(ranks: npt.NDArray[np.integer], suits: npt.NDArray[np.integer]) -> StrengthArray:
    """Strength of each five-card hand; `ranks` (2..14) and `suits` (any four codes) have shape
    (n, 5). Within five cards only which share a suit matters, so each card counts as suit 0
    if it has the first card's suit and suit 1 otherwise."""
    other_suit = suits != suits[:, :1]
    return best_strengths(ranks.astype(np.uint8) << 2 | other_suit)


def strengths_of_texts(hands: Sequence[str]) -> StrengthArray:
    """Strength of each normalised hand text ("8C TS KC 9H 4S")."""
    return strengths_of_joined_texts("".join(hands))


def strengths_of_joined_texts(hands: str, separator: str = "") -> StrengthArray:
    """Strength of each hand in normalised hand texts joined by `separator`."""
    raw = np.frombuffer((hands + separator).encode("ascii"), dtype=np.uint8)
    codes = card_codes(raw.reshape(-1, HAND_WIDTH + len(separator)))
    return best_strengths(codes)
