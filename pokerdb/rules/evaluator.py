"""Hand evaluation: five cards in, category, tie-break ranks and one comparable strength out.

The scalar `rank_hand` is the rule book, written for reading.  The vectorised `best_strengths`
answers whole batches of five to seven cards by table lookup (the best five of each row, as in
Texas Hold'em); its tables are filled by `rank_hand` itself, so the two can never disagree.
`best_five` tells which five cards make each row's strength.

Strength packs the category and up to five tie-break ranks into one integer, four bits each:
``category << 20 | k1 << 16 | k2 << 12 | k3 << 8 | k4 << 4 | k5`` (an absent rank is 0).
Ranks are 2..14, so a larger strength is exactly a better hand and equal strength is a tie.
"""

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.cards import CARDS_PER_HAND, HAND_WIDTH, RANK_CHARS, RANK_VALUE, SUIT_CHARS

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


# --- card codes ------------------------------------------------------------------------------

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


# --- the best five of up to seven cards --------------------------------------------------------
#
# Each card adds one 64-bit key, so a row of cards sums to a summary of it:
#
#   bits  0-15  a 4-bit counter per suit (suit s at bit 4 * s). A row starts them at 3, so bit 3
#               of a counter is set exactly when its suit has five cards or more: a flush;
#   bits 16-32  how many cards of each low rank 2..8 the row holds, as a base-5 number;
#   bits 33-46  the same for the high ranks 9..A.
#
# At most four cards of a rank and seven in all, so no digit or counter ever carries. The rank
# counts of a row (its "pattern") are then numbered densely by two small lookups: the high
# digits pick a block, the low digits a place in it. A third lookup, into one entry per
# pattern, reads the best non-flush strength. A flush row reads its flush suit's 13-bit rank
# mask in a table of 8,192 instead: with at most seven cards a flush leaves no room for a full
# house or four of a kind, so the flush (or straight flush) is the row's best hand. Two cards
# are read at a time, as one uint16, from a table of 65,536 pair keys. The tables take 1.7 MB
# and about 0.1 s to fill, at first use.

MAX_CARDS: Final = 7
BEST_POSITION_BITS: Final = 3  # a column of best_five's packing
BEST_BITS: Final = BEST_POSITION_BITS * CARDS_PER_HAND  # the whole packing

_LOW_RANKS: Final = tuple(range(2, 9))
_HIGH_RANKS: Final = tuple(range(9, ACE + 1))
_DIGIT_BASE: Final = 5  # at most four cards of a rank
_LOW_SHIFT: Final = np.uint64(16)
_HIGH_SHIFT: Final = np.uint64(16 + 17)
_LOW_DIGITS_MASK: Final = np.uint64((1 << 17) - 1)
_SUIT_COUNTER_START: Final = np.uint64(0x3333)
_FLUSH_FLAGS: Final = np.uint64(0x8888)
_CHUNK_ROWS: Final = 1 << 17  # rows per pass (measured best of 2**13..2**19)


@dataclass(frozen=True)
class _KernelTables:
    rank_key: npt.NDArray[np.uint64]  # by rank (0..14; not a rank: 0): its base-5 digits
    card_key: npt.NDArray[np.uint64]  # by card code (any byte; not a card: 0)
    pair_key: npt.NDArray[np.uint64]  # by two card codes read as one native uint16
    first_pair_key: npt.NDArray[np.uint64]  # pair_key plus the suit counters' start
    high_block: npt.NDArray[np.int32]  # by the high ranks' base-5 digits
    low_place: npt.NDArray[np.int32]  # by the low ranks' base-5 digits
    best_by_pattern: StrengthArray  # the best non-flush strength of each rank pattern
    best_flush: StrengthArray  # by the 13-bit rank mask of a flush suit's cards
    suited_rank_bit: npt.NDArray[np.int32]  # by suit * 256 + card code: the card's rank bit
                                            # if it is a card of that suit, else 0


def _base5_counts(ranks: int) -> npt.NDArray[np.int64]:
    """Row i: the counts (0..4) of `ranks` ranks that read as the base-5 number i."""
    return np.arange(_DIGIT_BASE**ranks)[:, None] // _DIGIT_BASE**np.arange(ranks) % _DIGIT_BASE


def _rank_keys() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each rank's (index rank - 2) base-5 digit place: in the low field, in the high field."""
    low = [_DIGIT_BASE**_LOW_RANKS.index(r) if r in _LOW_RANKS else 0 for r in range(2, ACE + 1)]
    high = [_DIGIT_BASE**_HIGH_RANKS.index(r) if r in _HIGH_RANKS else 0
            for r in range(2, ACE + 1)]
    return np.array(low), np.array(high)


def _best_of_fives(ranks: npt.NDArray[np.int64],
                   value_of_five: Callable[[npt.NDArray[np.int64]], StrengthArray],
                   ) -> StrengthArray:
    """The best value of any five of each row's sorted `ranks` (shape (n, 5..7))."""
    subsets = combinations(range(ranks.shape[1]), CARDS_PER_HAND)
    best: StrengthArray = np.maximum.reduce([value_of_five(ranks[:, list(s)]) for s in subsets])
    return best


def _ranks_of_rows(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Each row's ranks in ascending order, from rows of equal total counts by rank 2..A."""
    ranks = np.tile(np.arange(2, ACE + 1), len(counts))
    return np.repeat(ranks, counts.ravel()).reshape(len(counts), -1)


@cache
def _kernel_tables() -> _KernelTables:
    """Filled from `rank_hand` on the 7,462 distinct five-card hands."""
    # Number the rank patterns of at most seven cards: a pattern's high digits pick its block,
    # which holds one place for each low pattern small enough to go with them; low patterns
    # are placed smallest first, so each block is a prefix of the same order.
    low, high = _base5_counts(len(_LOW_RANKS)), _base5_counts(len(_HIGH_RANKS))
    low_sizes, high_sizes = low.sum(axis=1), high.sum(axis=1)
    low_order = np.argsort(low_sizes, kind="stable")
    low_place = np.empty(len(low), dtype=np.int32)
    low_place[low_order] = np.arange(len(low))
    at_most = np.cumsum(np.bincount(low_sizes))  # low patterns of each size or smaller
    block_size = np.where(high_sizes <= MAX_CARDS,
                          at_most[np.clip(MAX_CARDS - high_sizes, 0, None)], 0)
    high_block = (np.cumsum(block_size) - block_size).astype(np.int32)
    block_of = np.repeat(np.arange(len(high)), block_size)
    low_of = low_order[np.arange(len(block_of)) - high_block[block_of]]
    counts = np.concatenate([low[low_of], high[block_of]], axis=1)  # by rank 2..A
    sizes = counts.sum(axis=1)

    low_key, high_key = _rank_keys()

    def pattern_number(ranks: npt.NDArray[np.int64]) -> npt.NDArray[np.int32]:
        number: npt.NDArray[np.int32] = (high_block[high_key[ranks - 2].sum(axis=1)]
                                         + low_place[low_key[ranks - 2].sum(axis=1)])
        return number

    best_by_pattern = np.zeros(len(counts), dtype=np.int32)
    fives = np.flatnonzero(sizes == CARDS_PER_HAND)
    best_by_pattern[fives] = [rank_hand(ranks, flush=False).strength
                              for ranks in _ranks_of_rows(counts[fives]).tolist()]
    for size in range(CARDS_PER_HAND + 1, MAX_CARDS + 1):
        rows = np.flatnonzero(sizes == size)
        best_by_pattern[rows] = _best_of_fives(
            _ranks_of_rows(counts[rows]), lambda five: best_by_pattern[pattern_number(five)])

    # Flushes by rank mask (bit r - 2 for rank r); masks of more than seven ranks never occur.
    masks = np.arange(1 << len(RANK_CHARS))
    bits = masks[:, None] >> np.arange(len(RANK_CHARS)) & 1
    best_flush = np.zeros(len(masks), dtype=np.int32)
    fives = np.flatnonzero(bits.sum(axis=1) == CARDS_PER_HAND)
    best_flush[fives] = [rank_hand(ranks, flush=True).strength
                         for ranks in _ranks_of_rows(bits[fives]).tolist()]
    for size in range(CARDS_PER_HAND + 1, MAX_CARDS + 1):
        rows = np.flatnonzero(bits.sum(axis=1) == size)
        best_flush[rows] = _best_of_fives(
            _ranks_of_rows(bits[rows]), lambda five: best_flush[(1 << (five - 2)).sum(axis=1)])

    ranks = np.arange(2, ACE + 1)
    rank_key = np.zeros(ACE + 1, dtype=np.uint64)
    rank_key[ranks] = low_key << int(_LOW_SHIFT) | high_key << int(_HIGH_SHIFT)
    card_key = np.zeros(256, dtype=np.uint64)
    suited_rank_bit = np.zeros((len(SUIT_CHARS), 256), dtype=np.int32)
    for suit in range(len(SUIT_CHARS)):
        codes = ranks * 4 + suit
        card_key[codes] = rank_key[ranks] | np.uint64(1 << 4 * suit)
        suited_rank_bit[suit, codes] = 1 << (ranks - 2)
    # Every uint16, read the way the kernel reads two neighbouring card codes.
    pair_codes = np.arange(1 << 16, dtype=np.uint16).view(np.uint8).reshape(-1, 2)
    pair_key = card_key[pair_codes[:, 0]] + card_key[pair_codes[:, 1]]
    return _KernelTables(rank_key, card_key, pair_key, pair_key + _SUIT_COUNTER_START, high_block,
                         low_place, best_by_pattern, best_flush, suited_rank_bit.ravel())


def _card_rows(codes: npt.NDArray[np.integer]) -> npt.NDArray[np.uint8]:
    rows = np.ascontiguousarray(codes, dtype=np.uint8)
    if rows.ndim != 2 or not CARDS_PER_HAND <= rows.shape[1] <= MAX_CARDS:
        raise ValueError(f"card codes come in rows of {CARDS_PER_HAND} to {MAX_CARDS}, "
                         f"got shape {rows.shape}")
    return rows


def _summaries(chunk: npt.NDArray[np.uint8], tables: _KernelTables) -> npt.NDArray[np.uint64]:
    """The sum of each row's card keys (a C-contiguous chunk of rows)."""
    rows, width = chunk.shape
    # Neighbouring columns read as one uint16 each: one lookup per two cards.
    pairs = np.ndarray((rows, width // 2), dtype=np.uint16, buffer=chunk, strides=(width, 2))
    summary = np.take(tables.first_pair_key, pairs[:, 0])
    for column in range(1, width // 2):
        summary += np.take(tables.pair_key, pairs[:, column])
    if width % 2:
        summary += np.take(tables.card_key, chunk[:, -1])
    return summary


def _flush_suit(flags: npt.NDArray[np.uint64]) -> npt.NDArray[np.intp]:
    """The suit of a summary's flush flag (one flag: 0x8 << 4 * suit); 0 for none."""
    suit: npt.NDArray[np.intp] = (flags > 0x8).astype(np.intp) + (flags > 0x88) + (flags > 0x888)
    return suit


def rank_keys(ranks: npt.NDArray[np.integer]) -> npt.NDArray[np.uint64]:
    """The key of each rank (2..14; 0 for anything else). The sum of the keys of up to seven
    cards' ranks, at most four of each, names their rank pattern, which pattern_strengths
    reads: a board's sum plus each player's hole-card sum is each player's hand."""
    keys: npt.NDArray[np.uint64] = np.take(_kernel_tables().rank_key, ranks, mode="clip")
    return keys


def pattern_strengths(rank_sums: npt.NDArray[np.uint64]) -> StrengthArray:
    """The best strength that cards with these rank_keys sums make without a flush (bits 0-15
    are ignored, so best_strengths' card-key sums do too). A sum of more than seven ranks or
    five of one rank gives a meaningless strength, never an error."""
    tables = _kernel_tables()
    pattern = np.take(tables.high_block, rank_sums >> _HIGH_SHIFT, mode="clip")
    pattern += np.take(tables.low_place, rank_sums >> _LOW_SHIFT & _LOW_DIGITS_MASK,
                       mode="clip")
    strength: StrengthArray = np.take(tables.best_by_pattern, pattern, mode="clip")
    return strength


def flush_strengths(rank_masks: npt.NDArray[np.integer]) -> StrengthArray:
    """The best strength of the cards of one suit, given as masks of their ranks (bit r - 2 for
    rank r, at most seven bits): a flush or straight flush from five cards on, 0 below."""
    strength: StrengthArray = np.take(_kernel_tables().best_flush, rank_masks)
    return strength


def _chunk_strengths(chunk: npt.NDArray[np.uint8], tables: _KernelTables) -> StrengthArray:
    summary = _summaries(chunk, tables)
    strength = pattern_strengths(summary)
    flush_rows = np.flatnonzero((summary & _FLUSH_FLAGS) != 0)
    if flush_rows.size:
        suit = _flush_suit(summary[flush_rows] & _FLUSH_FLAGS)
        cards = chunk[flush_rows]
        mask = np.take(tables.suited_rank_bit, suit * 256 + cards[:, 0])
        for column in range(1, chunk.shape[1]):
            mask |= np.take(tables.suited_rank_bit, suit * 256 + cards[:, column])
        strength[flush_rows] = flush_strengths(mask)
    return strength


def best_strengths(codes: npt.NDArray[np.uint8]) -> StrengthArray:
    """Strength of the best five cards of each row. `codes` has shape (n, k), 5 <= k <= 7, each
    a card code rank * 4 + suit as `card_codes` gives (rank 2..14, suit index in "CDHS"), or 0
    for no card (padding: a row may hold 5, 6 or 7 real cards in any columns; any byte that is
    not a card code counts as no card). The cards of a row must be distinct. A row with fewer
    than five cards gets 0 (no hand). The strength is pack_strength's, i.e. equal to rank_hand
    of the best 5-card subset."""
    rows = _card_rows(codes)
    tables = _kernel_tables()
    result = np.empty(len(rows), dtype=np.int32)
    for start in range(0, len(rows), _CHUNK_ROWS):
        chunk = rows[start:start + _CHUNK_ROWS]
        result[start:start + len(chunk)] = _chunk_strengths(chunk, tables)
    return result


def _key_shift_of_card() -> npt.NDArray[np.int64]:
    """By category and card (0..4, in tie-break order): where the card's rank sits in the
    strength. A shape's groups come larger first, so One Pair (2, 1, 1, 1) reads the pair's
    rank twice, then each kicker; a flush reads its five ranks like High Card. (Straights run
    down from k1 instead.)"""
    shifts = np.zeros((len(Category), CARDS_PER_HAND), dtype=np.int64)
    for shape, category in _CATEGORY_BY_SHAPE.items():
        key_slot = np.repeat(np.arange(len(shape)), shape)
        shifts[category] = KEY_BITS * (KEY_SLOTS - 1 - key_slot)
    shifts[Category.FLUSH] = shifts[Category.HIGH_CARD]
    return shifts


_KEY_SHIFT_OF_CARD: Final = _key_shift_of_card()
_IS_STRAIGHT: Final = np.isin(np.arange(len(Category)),
                              (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH))
_IS_FLUSH: Final = np.isin(np.arange(len(Category)),
                           (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH))
_POSITION_SHIFTS: Final = (BEST_POSITION_BITS * np.arange(CARDS_PER_HAND - 1, -1, -1)
                           ).astype(np.uint16)
_RANK_SLOTS: Final = 16  # per row: a mask of columns for each rank (0: not a card)
# The column of a mask's lowest bit: the leftmost of the columns it holds.
_LOWEST_COLUMN: Final = np.array([(mask & -mask).bit_length() - 1 if mask else 0
                                  for mask in range(1 << MAX_CARDS)], dtype=np.uint16)


def _chunk_best_five(chunk: npt.NDArray[np.uint8], strength: npt.NDArray[np.int64],
                     first_row: int) -> npt.NDArray[np.uint16]:
    rows, width = chunk.shape
    valid = (strength >= 0) & (strength < len(Category) << KEY_BITS * KEY_SLOTS)
    category = np.where(valid, strength >> KEY_BITS * KEY_SLOTS, 0)
    by_column = np.ascontiguousarray(chunk.T)
    rank, suit = by_column >> 2, by_column & 3
    rank[(rank < 2) | (rank > ACE)] = 0  # not a card
    # A flush takes cards of its suit only (the one suit with five cards or more), others any.
    flush_suit = _flush_suit(_summaries(chunk, _kernel_tables()) & _FLUSH_FLAGS)
    any_suit = ~np.take(_IS_FLUSH, category)
    # Each row's columns of each rank, as bit masks, less the cards a flush may not take.
    slot = np.arange(rows) * _RANK_SLOTS
    columns_of_rank = np.zeros(rows * _RANK_SLOTS, dtype=np.uint8)
    for column in range(width):
        takes = any_suit | (suit[column] == flush_suit)
        columns_of_rank[slot + rank[column]] |= takes.astype(np.uint8) << column
    columns_of_rank[slot] = 0  # not cards
    straight = np.take(_IS_STRAIGHT, category)
    high = strength >> KEY_BITS * (KEY_SLOTS - 1) & (1 << KEY_BITS) - 1
    packed = np.zeros(rows, dtype=np.uint16)
    missing = ~valid
    for card in range(CARDS_PER_HAND):
        wanted = strength >> np.take(_KEY_SHIFT_OF_CARD[:, card], category) & (1 << KEY_BITS) - 1
        run = high - card
        run[run == 1] = ACE  # the wheel's ace plays low: 5 4 3 2 A
        at = slot + np.where(straight, run, wanted)
        fits = np.take(columns_of_rank, at)
        missing |= fits == 0
        columns_of_rank[at] = fits & (fits - 1)  # the leftmost is taken
        packed |= np.take(_LOWEST_COLUMN, fits) << _POSITION_SHIFTS[card]
    no_hand = strength == 0
    if (missing & ~no_hand).any():
        row = int(np.argmax(missing & ~no_hand))
        raise ValueError(f"row {first_row + row}: strength {int(strength[row]):#x} is not a "
                         "hand its cards make")
    packed[no_hand] = 0
    return packed


def best_five(codes: npt.NDArray[np.uint8], strength: StrengthArray) -> npt.NDArray[np.uint16]:
    """The columns (0..k-1) of the five cards that make each row's `strength`, in tie-break
    order (groups first, larger first: Q Q 9 6 4 for a pair of queens; straights high to low,
    the wheel as 5 4 3 2 A; flushes high to low), packed 3 bits each, the first card in bits
    12-14 and the fifth in bits 0-2 (BEST_POSITION_BITS = 3). Where several cards could serve
    (three queens for a pair in a full house), the leftmost columns. 0 for a row whose strength
    is 0. `codes` as for best_strengths, `strength` as it gives."""
    rows = _card_rows(codes)
    wide = np.asarray(strength, dtype=np.int64)
    if wide.shape != (len(rows),):
        raise ValueError(f"one strength per row: {len(rows)} rows, strengths of shape "
                         f"{wide.shape}")
    result = np.empty(len(rows), dtype=np.uint16)
    for start in range(0, len(rows), _CHUNK_ROWS):
        stop = start + _CHUNK_ROWS
        result[start:stop] = _chunk_best_five(rows[start:stop], wide[start:stop], start)
    return result


def best_positions(packed: npt.NDArray[np.uint16]) -> npt.NDArray[np.uint8]:
    """best_five's packed columns unpacked: shape (n, 5), the first card's column first."""
    mask = (1 << BEST_POSITION_BITS) - 1
    return (np.asarray(packed)[:, None] >> _POSITION_SHIFTS & mask).astype(np.uint8)


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
