"""Hand evaluation: five cards in, category, tie-break ranks and one comparable strength out.

The scalar `rank_hand` is the rule book, written for reading.  The vectorised `strengths`
answers whole batches by table lookup; its tables are filled by `rank_hand` itself, so the two
can never disagree.

Strength packs the category and up to five tie-break ranks into one integer, four bits each:
``category << 20 | k1 << 16 | k2 << 12 | k3 << 8 | k4 << 4 | k5`` (an absent rank is 0).
Ranks are 2..14, so a larger strength is exactly a better hand and equal strength is a tie.
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

from pokerdb.cards import CARDS_PER_HAND, HAND_WIDTH, RANK_CHARS, RANK_VALUE, SUIT_CHARS

KEY_BITS: Final = 4
KEY_SLOTS: Final = 5
ACE: Final = 14
WHEEL: Final = (14, 5, 4, 3, 2)

StrengthArray = npt.NDArray[np.int32]


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
_CATEGORY_BY_SHAPE: Final = {
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


def _straight_high(ranks: Sequence[int]) -> int | None:
    """The high card of a straight (5 for the wheel), or None."""
    ordered = tuple(sorted(set(ranks), reverse=True))
    if ordered == WHEEL:
        return 5
    if len(ordered) == CARDS_PER_HAND and ordered[0] - ordered[-1] == CARDS_PER_HAND - 1:
        return ordered[0]
    return None


def rank_hand(ranks: Sequence[int], flush: bool) -> HandValue:
    """Value of a hand given its five ranks (2..14) and whether all suits are the same."""
    counts = Counter(ranks)
    # Rank groups ordered by size, then rank: exactly the tie-break order of every category.
    groups = sorted(counts.items(), key=lambda rank_count: (rank_count[1], rank_count[0]),
                    reverse=True)
    key = tuple(rank for rank, _ in groups)
    high = _straight_high(ranks)
    if high is not None:
        if flush:
            category = Category.ROYAL_FLUSH if high == ACE else Category.STRAIGHT_FLUSH
            return HandValue(category, (high,))
        return HandValue(Category.STRAIGHT, (high,))
    shape = tuple(count for _, count in groups)
    category = _CATEGORY_BY_SHAPE[shape]
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


# --- vectorised evaluation -------------------------------------------------------------------

_RANK_BASE: Final = len(RANK_CHARS)  # sorted ranks, minus two, read as a base-13 number
_PLACE_VALUES: Final = np.array([_RANK_BASE**i for i in range(CARDS_PER_HAND - 1, -1, -1)],
                                dtype=np.int32)


# An optimal sorting network for five inputs (Knuth, TAOCP 5.3.4): nine comparators.
_SORTING_NETWORK: Final = ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2))


@cache
def _lookup_tables() -> tuple[StrengthArray, StrengthArray]:
    """Strength of every sorted rank combination: (without a flush, with a flush)."""
    size = _RANK_BASE**CARDS_PER_HAND
    plain = np.zeros(size, dtype=np.int32)
    flush = np.zeros(size, dtype=np.int32)
    for ranks in combinations_with_replacement(range(2, ACE + 1), CARDS_PER_HAND):
        if len(set(ranks)) == 1:
            continue  # five of a kind needs two decks
        index = int(np.dot(np.array(ranks) - 2, _PLACE_VALUES))
        plain[index] = rank_hand(ranks, flush=False).strength
        if len(set(ranks)) == CARDS_PER_HAND:
            flush[index] = rank_hand(ranks, flush=True).strength
    return plain, flush


def strengths(ranks: npt.NDArray[np.integer], suits: npt.NDArray[np.integer]) -> StrengthArray:
    """Strength of each hand; `ranks` (2..14) and `suits` (any four codes) have shape (n, 5)."""
    plain, flush = _lookup_tables()
    # Sort each hand's ranks with a sorting network: nine column-wide min/max steps are about
    # seven times faster than np.sort along rows of five.
    column = [ranks[:, i] for i in range(CARDS_PER_HAND)]
    for low, high in _SORTING_NETWORK:
        column[low], column[high] = (np.minimum(column[low], column[high]),
                                     np.maximum(column[low], column[high]))
    index = column[0].astype(np.int32) - 2
    for rank in column[1:]:
        index = index * _RANK_BASE + (rank - 2)
    first_suit = suits[:, 0]
    is_flush = np.logical_and.reduce([suits[:, i] == first_suit
                                      for i in range(1, CARDS_PER_HAND)])
    result: StrengthArray = np.where(is_flush, flush[index], plain[index])
    return result




def _card_code_table() -> npt.NDArray[np.uint8]:
    """A card's two text bytes, read as one native uint16 -> rank * 4 + suit."""
    table = np.zeros(1 << 16, dtype=np.uint8)
    for rank, value in RANK_VALUE.items():
        for suit_code, suit in enumerate(SUIT_CHARS):
            text = np.frombuffer((rank + suit).encode("ascii"), dtype=np.uint16)
            table[text[0]] = value * 4 + suit_code
    return table


_CARD_CODE: Final = _card_code_table()


def card_codes(texts: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """rank * 4 + suit of each card in rows of card text ("8C TS ..." as bytes, any number of
    cards per row); 0 where two bytes are not a card in normal form."""
    return card_codes_at(texts, range(0, texts.shape[1] - 1, 3))


def card_codes_at(texts: npt.NDArray[np.uint8], starts: Sequence[int]) -> npt.NDArray[np.uint8]:
    """rank * 4 + suit of the card starting at each of these columns of rows of text; 0 where
    two bytes are not a card in normal form."""
    pairs = np.ascontiguousarray(texts[:, [start + byte for start in starts for byte in (0, 1)]])
    # Each card's two bytes read as one uint16 and decoded in one table lookup.
    return _CARD_CODE[pairs.view(np.uint16)]


def strengths_of_texts(hands: Sequence[str]) -> StrengthArray:
    """Strength of each normalised hand text ("8C TS KC 9H 4S")."""
    return strengths_of_joined_texts("".join(hands))


def strengths_of_joined_texts(hands: str, separator: str = "") -> StrengthArray:
    """Strength of each hand in normalised hand texts joined by `separator`."""
    raw = np.frombuffer((hands + separator).encode("ascii"), dtype=np.uint8)
    codes = card_codes(raw.reshape(-1, HAND_WIDTH + len(separator)))
    return strengths(codes >> 2, codes & 3)


# --- TEMPORARY stand-in for the 7-card kernel (replaced when branch eval7 lands) -----------------
BEST_POSITION_BITS: Final = 3
BEST_BITS: Final = 15

def best_strengths(codes: npt.NDArray[np.uint8]) -> StrengthArray:
    from itertools import combinations
    best = np.zeros(len(codes), dtype=np.int32)
    for combo in combinations(range(codes.shape[1]), 5):
        chosen = codes[:, list(combo)]
        empty = (chosen == 0).any(axis=1)
        chosen = np.where(chosen == 0, 8, chosen)
        value = strengths(chosen >> 2, chosen & 3)
        value[empty] = 0
        np.maximum(best, value, out=best)
    return best


def best_five(codes: npt.NDArray[np.uint8], strength: StrengthArray) -> npt.NDArray[np.uint16]:
    from itertools import combinations
    out = np.zeros(len(codes), dtype=np.uint16)
    for row in range(len(codes)):
        if not strength[row]:
            continue
        for combo in combinations(range(codes.shape[1]), 5):
            chosen = codes[row, list(combo)]
            if (chosen == 0).any():
                continue
            if int(strengths((chosen >> 2)[None], (chosen & 3)[None])[0]) == strength[row]:
                value = HandValue.from_strength(int(strength[row]))
                order = _tie_break_order(value, [int(c) >> 2 for c in chosen])
                packed = 0
                for index in order:
                    packed = packed << 3 | combo[index]
                out[row] = packed
                break
    return out


def _tie_break_order(value: HandValue, ranks: list[int]) -> list[int]:
    if value.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
        return sorted(range(5), key=lambda i: -(1 if ranks[i] == 14 and value.key[0] == 5
                                               else ranks[i]))
    counts = Counter(ranks)
    return sorted(range(5), key=lambda i: (-counts[ranks[i]], -ranks[i], i))
