"""The best five of five to seven cards (Texas Hold'em): every seven-card hand, eval7 on random
deals, and which five cards make each hand."""

from collections import Counter
from itertools import combinations

import eval7
import numpy as np
import numpy.typing as npt
import pytest

from pokerdb.rules.cards import CARDS_PER_HAND, DECK, RANK_VALUE
from pokerdb.rules.evaluators import (
    BEST_BITS,
    BEST_POSITION_BITS,
    Category,
    HandValue,
    best_five,
    best_positions,
    best_strengths,
    card_codes,
    evaluate_cards,
    strengths,
)

ALL_SEVEN_CARD_HANDS = 133_784_560

SEVEN_CARD_HANDS_PER_CATEGORY = {
    Category.HIGH_CARD: 23_294_460,
    Category.ONE_PAIR: 58_627_800,
    Category.TWO_PAIRS: 31_433_400,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.STRAIGHT: 6_180_020,
    Category.FLUSH: 4_047_644,
    Category.FULL_HOUSE: 3_473_184,
    Category.FOUR_OF_A_KIND: 224_848,
    Category.STRAIGHT_FLUSH: 37_260,
    Category.ROYAL_FLUSH: 4_324,
}

# Seven cards can make 4,824 different best hands: no seven-card hand is a seven, eight or
# nine high (they always hold a pair or better), nor a pair or two pairs with the lowest kickers.
DISTINCT_SEVEN_CARD_STRENGTHS_PER_CATEGORY = {
    Category.HIGH_CARD: 407,
    Category.ONE_PAIR: 1470,
    Category.TWO_PAIRS: 763,
    Category.THREE_OF_A_KIND: 575,
    Category.STRAIGHT: 10,
    Category.FLUSH: 1277,
    Category.FULL_HOUSE: 156,
    Category.FOUR_OF_A_KIND: 156,
    Category.STRAIGHT_FLUSH: 9,
    Category.ROYAL_FLUSH: 1,
}

# eval7.handtype's names for ours; eval7 counts a royal flush as a straight flush.
EVAL7_NAME = {
    Category.HIGH_CARD: "High Card",
    Category.ONE_PAIR: "Pair",
    Category.TWO_PAIRS: "Two Pair",
    Category.THREE_OF_A_KIND: "Trips",
    Category.STRAIGHT: "Straight",
    Category.FLUSH: "Flush",
    Category.FULL_HOUSE: "Full House",
    Category.FOUR_OF_A_KIND: "Quads",
    Category.STRAIGHT_FLUSH: "Straight Flush",
    Category.ROYAL_FLUSH: "Straight Flush",
}

RANDOM_DEALS = 200_000
MAX_HOLDEM_PLAYERS = 9
BOARD = 5
NO_CARD = "--"  # card_codes reads it as 0, no card


def rows_of(*texts: str) -> npt.NDArray[np.uint8]:
    """Card codes of rows given as card texts ("AH KD -- ..."; "--" for no card)."""
    raw = np.frombuffer("".join(f"{text} " for text in texts).encode("ascii"), dtype=np.uint8)
    return card_codes(raw.reshape(len(texts), -1)[:, :-1])


# Card c of the deck (DECK[c], rank c // 4 + 2, suit c % 4) as a card code.
CODE_OF_CARD = rows_of(" ".join(DECK))[0]


def test_card_codes_of_the_deck() -> None:
    assert CODE_OF_CARD.tolist() == [rank * 4 + suit for rank in range(2, 15)
                                     for suit in range(4)]


# --- every seven-card hand -------------------------------------------------------------------

@pytest.mark.slow
def test_every_seven_card_hand() -> None:
    """All 133,784,560 hands, by their first two cards: the other five are a suffix of the
    lexicographic list of five-card combinations (those whose lowest card is above both)."""
    fives = np.fromiter(combinations(range(52), CARDS_PER_HAND),
                        dtype=np.dtype((np.uint8, CARDS_PER_HAND)), count=2_598_960)
    five_codes = CODE_OF_CARD[fives]
    suffix_start = np.searchsorted(fives[:, 0], np.arange(53))
    per_category = np.zeros(len(Category), dtype=np.int64)
    seen = np.zeros(len(Category) << 20, dtype=bool)
    hands = 0
    for first, second in combinations(range(52), 2):
        rest = five_codes[suffix_start[second + 1]:]
        rows = np.empty((len(rest), 7), dtype=np.uint8)
        rows[:, 0], rows[:, 1], rows[:, 2:] = CODE_OF_CARD[first], CODE_OF_CARD[second], rest
        strength = best_strengths(rows)
        per_category += np.bincount(strength >> 20, minlength=len(Category))
        seen[strength] = True
        hands += len(rows)
    assert hands == ALL_SEVEN_CARD_HANDS
    assert {Category(c): int(n) for c, n in enumerate(per_category)} == \
        SEVEN_CARD_HANDS_PER_CATEGORY
    distinct = np.flatnonzero(seen)
    assert distinct.size == 4824
    assert {Category(c): int(n) for c, n in enumerate(np.bincount(distinct >> 20))} == \
        DISTINCT_SEVEN_CARD_STRENGTHS_PER_CATEGORY


# --- against eval7 ---------------------------------------------------------------------------

def random_deals(rng: np.random.Generator, deals: int) -> tuple[npt.NDArray[np.uint8],
                                                                 npt.NDArray[np.bool_]]:
    """Hold'em deals of 2 to 9 players from one deck each: every seat's seven cards (the
    board, then its two hole cards) as deck indexes, shape (deals, 9, 7), and which seats play."""
    decks = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (deals, 1)), axis=1)
    players = rng.integers(2, MAX_HOLDEM_PLAYERS + 1, size=deals)
    seats = np.empty((deals, MAX_HOLDEM_PLAYERS, 7), dtype=np.uint8)
    seats[:, :, :BOARD] = decks[:, None, :BOARD]
    seats[:, :, BOARD:] = decks[:, BOARD:BOARD + 2 * MAX_HOLDEM_PLAYERS].reshape(deals, -1, 2)
    return seats, np.arange(MAX_HOLDEM_PLAYERS) < players[:, None]


def winners(values: npt.NDArray[np.int64], plays: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """Which seats of each deal hold its best hand (several: they split the pot)."""
    values = np.where(plays, values, -1)
    return values == values.max(axis=1, keepdims=True)


def test_agrees_with_eval7_on_random_deals() -> None:
    rng = np.random.default_rng(20_11)
    seats, plays = random_deals(rng, RANDOM_DEALS)
    hands = seats[plays]  # the seats that play, deal by deal
    ours = best_strengths(CODE_OF_CARD[hands])
    cards = [eval7.Card(card[0] + card[1].lower()) for card in DECK]
    evaluate = eval7.evaluate  # higher is better
    theirs = np.fromiter((evaluate([cards[c] for c in hand]) for hand in hands.tolist()),
                         dtype=np.int64, count=len(hands))

    def by_seat(values: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
        grid = np.zeros(plays.shape, dtype=np.int64)
        grid[plays] = values
        return grid

    ours_winners = winners(by_seat(ours), plays)
    theirs_winners = winners(by_seat(theirs), plays)
    differ = np.flatnonzero((ours_winners != theirs_winners).any(axis=1))
    assert differ.size == 0, f"deal {differ[0]}: {seats[differ[0]][plays[differ[0]]].tolist()}"
    split = ours_winners.sum(axis=1) > 1
    assert split.sum() > 1000  # the deals do test ties
    # Every hand's category, and the order of every two hands of a deal.
    names = [EVAL7_NAME[Category(c)] for c in (ours >> 20).tolist()]
    assert names == [eval7.handtype(value) for value in theirs.tolist()]
    ours_grid, theirs_grid = by_seat(ours), by_seat(theirs)
    both = plays[:, :, None] & plays[:, None, :]
    ours_order = np.sign(ours_grid[:, :, None] - ours_grid[:, None, :])
    theirs_order = np.sign(theirs_grid[:, :, None] - theirs_grid[:, None, :])
    assert (ours_order[both] == theirs_order[both]).all()


# --- five and six cards, and padding ---------------------------------------------------------

def random_rows(rng: np.random.Generator, rows: int, cards: int, width: int,
                deck: npt.NDArray[np.uint8] = CODE_OF_CARD) -> npt.NDArray[np.uint8]:
    """Rows of `cards` distinct random cards of `deck` (codes) in `width` columns, the others
    empty, at random places."""
    decks = rng.permuted(np.tile(deck, (rows, 1)), axis=1)
    codes = np.zeros((rows, width), dtype=np.uint8)
    places = np.argsort(rng.random((rows, width)), axis=1)[:, :cards]
    np.put_along_axis(codes, places, decks[:, :cards], axis=1)
    return codes


def best_of_every_five(codes: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]:
    """The slow way: the best of the five-card strengths of every five of a row's real cards
    (the five-card kernel is checked against rank_hand on every hand in test_evaluator)."""
    real = np.sort(codes, axis=1)[:, ::-1]  # real cards first
    (cards,) = set((real > 0).sum(axis=1).tolist())
    return np.maximum.reduce([best_strengths(real[:, list(five)])
                              for five in combinations(range(cards), CARDS_PER_HAND)])


@pytest.mark.parametrize(("cards", "width"), [(5, 5), (5, 6), (5, 7), (6, 6), (6, 7), (7, 7)])
def test_best_of_every_five(cards: int, width: int) -> None:
    codes = random_rows(np.random.default_rng(cards * 10 + width), 50_000, cards, width)
    ours = best_strengths(codes)
    assert (ours == best_of_every_five(codes)).all()
    # ... whatever the order of the cards and the columns of the padding.
    assert (best_strengths(codes[:, ::-1]) == ours).all()
    assert (best_strengths(np.sort(codes, axis=1)) == ours).all()


def test_every_five_card_hand_padded_to_seven() -> None:
    fives = np.fromiter(combinations(range(52), CARDS_PER_HAND),
                        dtype=np.dtype((np.uint8, CARDS_PER_HAND)), count=2_598_960)
    padded = np.zeros((len(fives), 7), dtype=np.uint8)
    padded[:, [0, 2, 3, 5, 6]] = CODE_OF_CARD[fives]
    assert (best_strengths(padded) == strengths(fives // 4 + 2, fives % 4)).all()


@pytest.mark.parametrize("text", [
    "-- -- -- -- -- -- --",
    "AH -- -- -- -- -- --",
    "AH KH QH JH -- -- --",
    "-- AH KH -- QH JH --",
    "AS AH AD AC -- -- --",
    "AS AH AD AC --",
])
def test_fewer_than_five_cards_is_no_hand(text: str) -> None:
    codes = rows_of(text)
    strength = best_strengths(codes)
    assert strength.tolist() == [0]
    assert best_five(codes, strength).tolist() == [0]


def test_bytes_that_are_not_card_codes_are_no_card() -> None:
    codes = rows_of("AH KH QH JH TH 9H 8H")
    garbage = codes.copy()
    garbage[0, 5:] = [0x07, 0xFF]  # below the deuce of clubs (8) and above the ace of spades
    assert best_strengths(garbage).tolist() == best_strengths(rows_of("AH KH QH JH TH -- --")) \
        .tolist() == [evaluate_cards("AH KH QH JH TH").strength]


@pytest.mark.parametrize("shape", [(3, 4), (3, 8), (5,), (2, 7, 1)])
def test_rejects_rows_of_bad_width(shape: tuple[int, ...]) -> None:
    codes = np.zeros(shape, dtype=np.uint8)
    message = rf"card codes come in rows of 5 to 7, got shape \({shape[0]},"
    with pytest.raises(ValueError, match=message):
        best_strengths(codes)
    with pytest.raises(ValueError, match=message):
        best_five(codes, np.zeros(shape[0], dtype=np.int32))


def test_no_rows() -> None:
    codes = np.zeros((0, 7), dtype=np.uint8)
    assert best_strengths(codes).shape == (0,)
    assert best_five(codes, best_strengths(codes)).shape == (0,)


# --- best_five -------------------------------------------------------------------------------

def texts_of(codes: npt.NDArray[np.uint8]) -> list[str]:
    """Card texts of one row's codes, "--" for no card."""
    text = {int(code): card for code, card in zip(CODE_OF_CARD, DECK, strict=True)}
    return [text.get(int(code), NO_CARD) for code in codes]


def tie_break_ranks(cards: list[str], category: Category) -> list[int]:
    """The five cards' ranks as they must read: straights high to low (the wheel 5 4 3 2 A),
    anything else by group size, then rank, larger first."""
    ranks = [RANK_VALUE[card[0]] for card in cards]
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
        if sorted(ranks) == [2, 3, 4, 5, 14]:
            return [5, 4, 3, 2, 14]
        return sorted(ranks, reverse=True)
    count = Counter(ranks)
    return sorted(ranks, key=lambda rank: (count[rank], rank), reverse=True)


def assert_best_five(codes: npt.NDArray[np.uint8]) -> None:
    strength = best_strengths(codes)
    packed = best_five(codes, strength)
    assert packed.dtype == np.uint16
    positions = best_positions(packed)
    assert positions.shape == (len(codes), CARDS_PER_HAND)
    for row, columns, value in zip(codes, positions.tolist(), strength.tolist(), strict=True):
        cards = texts_of(row)
        five = [cards[column] for column in columns]
        assert len(set(columns)) == CARDS_PER_HAND and NO_CARD not in five, (cards, columns)
        hand = evaluate_cards(five)
        assert hand.strength == value, (cards, five)
        assert [RANK_VALUE[card[0]] for card in five] == tie_break_ranks(five, hand.category)
        # Of the cards that could serve (same rank; same suit too in a flush), the leftmost,
        # left to right.
        flush = hand.category in (Category.FLUSH, Category.STRAIGHT_FLUSH,
                                  Category.ROYAL_FLUSH)
        for rank in {card[0] for card in five}:
            chosen = [column for column in columns if cards[column][0] == rank]
            could = [column for column, card in enumerate(cards) if card[0] == rank
                     and (not flush or card[1] == five[0][1])]
            assert chosen == could[:len(chosen)], (cards, five)


@pytest.mark.parametrize(("cards", "width"), [(7, 7), (6, 7), (5, 7), (6, 6), (5, 5)])
def test_best_five_properties(cards: int, width: int) -> None:
    assert_best_five(random_rows(np.random.default_rng(cards * 100 + width), 20_000, cards,
                                 width))


@pytest.mark.parametrize(("deck", "frequent"), [
    ([card for card in DECK if card[1] in "HS"], (Category.FLUSH, Category.STRAIGHT_FLUSH)),
    ([card for card in DECK if card[0] in "9TJQKA"],
     (Category.FULL_HOUSE, Category.FOUR_OF_A_KIND, Category.ROYAL_FLUSH)),
])
def test_best_five_properties_on_strong_hands(deck: list[str],
                                              frequent: tuple[Category, ...]) -> None:
    """The rarer categories, many times each: seven cards from two suits, or from six ranks."""
    codes = random_rows(np.random.default_rng(77), 20_000, 7, 7, rows_of(" ".join(deck))[0])
    categories = np.bincount(best_strengths(codes) >> 20, minlength=len(Category))
    assert (categories[list(frequent)] >= 30).all(), categories
    assert_best_five(codes)


@pytest.mark.parametrize(("row", "value", "five"), [
    # the wheel among seven cards, and a six making a six-high straight instead
    ("AH 2D 3C 4S 5S KD 9C", HandValue(Category.STRAIGHT, (5,)), "5S 4S 3C 2D AH"),
    ("AH 2D 3C 4S 5S 6D 9C", HandValue(Category.STRAIGHT, (6,)), "6D 5S 4S 3C 2D"),
    ("9C 5S AH 2D 3C 4S 5H", HandValue(Category.STRAIGHT, (5,)), "5S 4S 3C 2D AH"),
    # three pairs: the third pair's rank may be the kicker, or a higher single card
    ("QH QD 9C 9S 4H 4D 2C", HandValue(Category.TWO_PAIRS, (12, 9, 4)), "QH QD 9C 9S 4H"),
    ("4H QH 9C QD 4D 9S AC", HandValue(Category.TWO_PAIRS, (12, 9, 14)), "QH QD 9C 9S AC"),
    # two trips: a full house, the higher trips in full, the leftmost two of the others
    ("QH QD QC 9S 9H 9D 2C", HandValue(Category.FULL_HOUSE, (12, 9)), "QH QD QC 9S 9H"),
    ("9S 9H 9D QH QD QC 2C", HandValue(Category.FULL_HOUSE, (12, 9)), "QH QD QC 9S 9H"),
    # trips and two pairs: the higher pair
    ("2S 2H 2D 7C 7D KS KD", HandValue(Category.FULL_HOUSE, (2, 13)), "2S 2H 2D KS KD"),
    # quads: the kicker is the best of the rest, whatever pairs it
    ("7H 7D 7C 7S KH KD 2C", HandValue(Category.FOUR_OF_A_KIND, (7, 13)), "7H 7D 7C 7S KH"),
    ("7H 7D 7C 7S 2H 2D 2C", HandValue(Category.FOUR_OF_A_KIND, (7, 2)), "7H 7D 7C 7S 2H"),
    # a flush and a straight both: the flush wins
    ("4H 5H 6D 7C 8H 9H KH", HandValue(Category.FLUSH, (13, 9, 8, 5, 4)), "KH 9H 8H 5H 4H"),
    # a straight flush rather than a higher plain straight or a flush
    ("5H 6H 7H 8H 9H TC KH", HandValue(Category.STRAIGHT_FLUSH, (9,)), "9H 8H 7H 6H 5H"),
    ("AD 2D 3D 4D 5D 6C KD", HandValue(Category.STRAIGHT_FLUSH, (5,)), "5D 4D 3D 2D AD"),
    # royal flush, also over a lower straight flush of the same suit
    ("AS KS QS JS TS AD AC", HandValue(Category.ROYAL_FLUSH, (14,)), "AS KS QS JS TS"),
    ("9S TS JS QS KS AS 2D", HandValue(Category.ROYAL_FLUSH, (14,)), "AS KS QS JS TS"),
    # six or seven cards of one suit: the top five
    ("2H 5H 7H 9H JH KH AD", HandValue(Category.FLUSH, (13, 11, 9, 7, 5)), "KH JH 9H 7H 5H"),
    ("2C 5C 7C 9C JC KC 3C", HandValue(Category.FLUSH, (13, 11, 9, 7, 5)), "KC JC 9C 7C 5C"),
    # pairs and high cards take their kickers high to low
    ("3D AH 9C 7S KD 2C 4H", HandValue(Category.HIGH_CARD, (14, 13, 9, 7, 4)),
     "AH KD 9C 7S 4H"),
    ("9H QD 9C 4S KD 2C 3H", HandValue(Category.ONE_PAIR, (9, 13, 12, 4)), "9H 9C KD QD 4S"),
    ("7H AS 7D 2D 7C 3S 4S", HandValue(Category.THREE_OF_A_KIND, (7, 14, 4)),
     "7H 7D 7C AS 4S"),
    # padded rows: five and six cards in seven columns
    ("-- 7H 7D -- 7C 7S AH", HandValue(Category.FOUR_OF_A_KIND, (7, 14)), "7H 7D 7C 7S AH"),
    ("2H -- 3D 4C 5S AH 9H", HandValue(Category.STRAIGHT, (5,)), "5S 4C 3D 2H AH"),
])
def test_best_five_of_named_hands(row: str, value: HandValue, five: str) -> None:
    codes = rows_of(row)
    strength = best_strengths(codes)
    assert HandValue.from_strength(int(strength[0])) == value
    assert evaluate_cards(five) == value
    cards = row.split()
    assert [cards[column] for column in best_positions(best_five(codes, strength))[0]] == \
        five.split()


def test_straight_flush_beats_quads_on_one_board() -> None:
    board = "7H 8H 9H 9D 9S"
    codes = rows_of(f"{board} 5H 6H", f"{board} 9C 2C")
    strength = best_strengths(codes)
    assert [HandValue.from_strength(s) for s in strength.tolist()] == [
        HandValue(Category.STRAIGHT_FLUSH, (9,)), HandValue(Category.FOUR_OF_A_KIND, (9, 8))]
    cards = [f"{board} 5H 6H".split(), f"{board} 9C 2C".split()]
    assert [[hand[c] for c in columns] for hand, columns in
            zip(cards, best_positions(best_five(codes, strength)).tolist(), strict=True)] == \
        [["9H", "8H", "7H", "6H", "5H"], ["9H", "9D", "9S", "9C", "8H"]]


def test_best_five_packing() -> None:
    """Three bits a card, the first card highest: the wheel's columns 4 3 2 1 0."""
    codes = rows_of("AH 2D 3C 4S 5S KD 9C")
    packed = best_five(codes, best_strengths(codes))
    assert (BEST_POSITION_BITS, BEST_BITS) == (3, 15)
    assert packed.tolist() == [4 << 12 | 3 << 9 | 2 << 6 | 1 << 3 | 0]
    assert best_positions(packed).tolist() == [[4, 3, 2, 1, 0]]


def test_best_five_rejects_a_strength_its_cards_do_not_make() -> None:
    codes = rows_of("AH 2D 3C 4S 5S KD 9C", "QH QD QC 9S 9H 9D 2C")
    strength = best_strengths(codes)
    strength[1] = evaluate_cards("KH KD KC 9S 9H").strength
    with pytest.raises(ValueError, match="row 1: strength 0x6d9000 is not a hand its cards make"):
        best_five(codes, strength)
    with pytest.raises(ValueError, match=r"2 rows, strengths of shape \(1,\)"):
        best_five(codes, strength[:1])
