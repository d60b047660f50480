"""The variant evaluators against the rules: every five-card hand of each (counted by category,
and each different hand against pokerkit's own lookup), the best five of more cards against
every five of them, and the rules peers get wrong (Omaha's two hole cards, the wheels)."""

from collections import Counter
from itertools import combinations

import numpy as np
import numpy.typing as npt
import pytest
from pokerkit import (
    BadugiHand,
    EightOrBetterLowHand,
    RegularLowHand,
    ShortDeckHoldemHand,
    StandardLowHand,
)
from variant_oracles import (
    CODE_OF_INDEX,
    SHORT_DECK,
    class_of,
    deal,
)

from pokerdb.rules.cards import RANK_CHARS
from pokerdb.rules.evaluators import (
    Category,
    LowCategory,
    LowValue,
    ace_to_five_low,
    badugi,
    best_strengths,
    card_codes,
    deuce_to_seven_low,
    deuce_to_seven_value,
    eight_or_better,
    omaha_high,
    omaha_low8,
    short_deck_high,
    short_deck_value,
)
from pokerdb.rules.evaluators.low_names import SHORT_DECK_CATEGORIES, short_deck_categories
from pokerdb.rules.evaluators.lowball import ACE_TO_FIVE_LIMIT, DEUCE_TO_SEVEN_LIMIT

Codes = npt.NDArray[np.uint8]
ALL_FIVES = 2_598_960


def hands_of(deck: tuple[int, ...] | range, cards: int, count: int) -> Codes:
    """Every hand of `cards` cards of `deck` (deck indexes), as card codes."""
    every = np.fromiter(combinations(deck, cards), dtype=np.dtype((np.uint8, cards)),
                        count=count)
    return CODE_OF_INDEX[every]


def rows(*texts: str) -> Codes:
    raw = np.frombuffer("".join(f"{text} " for text in texts).encode("ascii"), dtype=np.uint8)
    return card_codes(raw.reshape(len(texts), -1))


def pokerkit_text(codes: Codes) -> str:
    return "".join(RANK_CHARS[(code >> 2) - 2] + "cdhs"[code & 3] for code in codes.tolist())


@pytest.fixture(scope="module")
def every_five() -> Codes:
    return hands_of(range(52), 5, ALL_FIVES)


def one_of_each(strengths: npt.NDArray[np.int32]) -> tuple[npt.NDArray[np.int32],
                                                           npt.NDArray[np.intp]]:
    """The different strengths, ascending, and the first hand of each."""
    distinct, first = np.unique(strengths, return_index=True)
    return distinct, first


def pokerkit_indexes(kind: type, hands: Codes) -> list[int]:
    return [kind.from_game(pokerkit_text(hand)).entry.index for hand in hands]


# --- ace-to-five and eight or better ---------------------------------------------------------

def test_every_five_card_ace_to_five_low(every_five: Codes) -> None:
    low = ace_to_five_low(every_five)
    distinct, first = one_of_each(low)
    assert distinct.size == 6175
    categories = Counter(LowValue.from_strength(s).category for s in low[first].tolist())
    assert categories == {LowCategory.NO_PAIR: 1287, LowCategory.ONE_PAIR: 2860,
                          LowCategory.TWO_PAIRS: 858, LowCategory.THREE_OF_A_KIND: 858,
                          LowCategory.FULL_HOUSE: 156, LowCategory.FOUR_OF_A_KIND: 156}
    hands = np.bincount((ACE_TO_FIVE_LIMIT - low) >> 20).tolist()
    assert hands == [1_317_888, 1_098_240, 123_552, 54_912, 3_744, 624]
    # Best first, each different low is pokerkit's entry of the same place.
    best_first = first[::-1]
    assert pokerkit_indexes(RegularLowHand, every_five[best_first]) == list(range(6175))


def test_the_56_eight_or_better_lows(every_five: Codes) -> None:
    low = eight_or_better(every_five)
    assert int((low > 0).sum()) == 56 * 4**5  # 56 sets of five ranks, any suits
    distinct, first = one_of_each(low[low > 0])
    assert distinct.size == 56
    qualifying = every_five[low > 0][first[::-1]]
    assert pokerkit_indexes(EightOrBetterLowHand, qualifying) == list(range(56))
    assert LowValue.from_strength(int(distinct[-1])) == LowValue(LowCategory.NO_PAIR,
                                                                 (5, 4, 3, 2, 1))
    assert LowValue.from_strength(int(distinct[0])).key == (8, 7, 6, 5, 4)


def test_ace_to_five_rules() -> None:
    strength = ace_to_five_low(rows("5C 4D 3H 2S AC", "6C 4D 3H 2S AC", "5C 4C 3C 2C AC",
                                    "AC AD 2H 3S 4C", "2C 2D AH 3S 4C", "KC QD JH TS 8C"))
    wheel, six, steel, aces, twos, king = strength.tolist()
    assert wheel == steel > six  # straights and flushes do not count
    assert king > aces > twos  # any five different ranks beat a pair; a pair of aces is low
    assert LowValue.from_strength(wheel).strength == wheel


@pytest.mark.parametrize("cards", [5, 6, 7])
def test_best_of_more_cards_is_the_best_of_every_five(cards: int) -> None:
    hands = CODE_OF_INDEX[deal(np.random.default_rng(cards), range(52), 200_000, cards)]
    fives = [hands[:, list(five)] for five in combinations(range(cards), 5)]
    low = ace_to_five_low(hands)
    assert (low == np.maximum.reduce([ace_to_five_low(five) for five in fives])).all()
    assert (eight_or_better(hands) == np.where(
        np.maximum.reduce([eight_or_better(five) for five in fives]) > 0, low, 0)).all()
    assert (eight_or_better(hands[:, ::-1]) == eight_or_better(hands)).all()


def test_a_row_of_fewer_than_five_cards_has_no_low() -> None:
    codes = rows("AC 2D 3H 4S -- --", "AC 2D 3H 4S 5C --")
    assert ace_to_five_low(codes).tolist()[0] == 0
    assert eight_or_better(codes).tolist() == [0, ace_to_five_low(codes[1:, :5])[0]]


# --- deuce-to-seven --------------------------------------------------------------------------

def test_every_five_card_deuce_to_seven_hand(every_five: Codes) -> None:
    low = deuce_to_seven_low(every_five)
    distinct, first = one_of_each(low)
    assert distinct.size == 7462
    categories = np.bincount((DEUCE_TO_SEVEN_LIMIT - low) >> 20, minlength=len(Category))
    # As high hands, but A-5-4-3-2 is ace high, no straight (and suited, a flush), and
    # A-K-Q-J-T suited is just the highest straight flush.
    assert dict(zip(Category, categories.tolist(), strict=True)) == {
        Category.HIGH_CARD: 1_302_540 + 1020, Category.ONE_PAIR: 1_098_240,
        Category.TWO_PAIRS: 123_552, Category.THREE_OF_A_KIND: 54_912,
        Category.STRAIGHT: 10_200 - 1020, Category.FLUSH: 5_108 + 4,
        Category.FULL_HOUSE: 3_744, Category.FOUR_OF_A_KIND: 624,
        Category.STRAIGHT_FLUSH: 36 - 4 + 4, Category.ROYAL_FLUSH: 0}
    assert deuce_to_seven_value(int(distinct[-1])).key == (7, 5, 4, 3, 2)
    assert pokerkit_indexes(StandardLowHand, every_five[first[::-1]]) == list(range(7462))


def test_deuce_to_seven_rules() -> None:
    strength = deuce_to_seven_low(rows("7C 5D 4H 3S 2C", "7C 6D 4H 3S 2C", "8C 5D 4H 3S 2C",
                                       "AC 5D 4H 3S 2C", "6C 5D 4H 3S 2C", "7C 5C 4C 3C 2C",
                                       "2C 2D 4H 3S 5C", "AC KD QH JS 9C"))
    best, second, eight, ace, straight, flush, pair, ace_king = strength.tolist()
    assert best > second > eight > ace > ace_king > pair > straight > flush
    assert deuce_to_seven_value(best).key == (7, 5, 4, 3, 2)
    assert deuce_to_seven_value(ace).category == Category.HIGH_CARD  # the ace is high only
    with pytest.raises(ValueError, match="deuce-to-seven cards come in rows of 5"):
        deuce_to_seven_low(rows("7C 5D 4H 3S 2C 9D"))


# --- short-deck ------------------------------------------------------------------------------

def test_every_short_deck_hand_by_category() -> None:
    hands = hands_of(SHORT_DECK, 5, 376_992)
    strength = short_deck_high(hands)
    counts = np.bincount(short_deck_categories(strength), minlength=10).tolist()
    # Worst first, in short-deck order: the flush above the full house.
    assert dict(zip(SHORT_DECK_CATEGORIES, counts, strict=True)) == {
        "High Card": 122_400, "One Pair": 193_536, "Two Pairs": 36_288,
        "Three of a Kind": 16_128, "Straight": 6_120, "Full House": 1_728, "Flush": 480,
        "Four of a Kind": 288, "Straight Flush": 20, "Royal Flush": 4}
    assert Counter(short_deck_value(s).category for s in np.unique(strength).tolist()) == {
        Category.HIGH_CARD: 120, Category.ONE_PAIR: 504, Category.TWO_PAIRS: 252,
        Category.THREE_OF_A_KIND: 252, Category.STRAIGHT: 6, Category.FULL_HOUSE: 72,
        Category.FLUSH: 120, Category.FOUR_OF_A_KIND: 72, Category.STRAIGHT_FLUSH: 5,
        Category.ROYAL_FLUSH: 1}
    distinct, first = one_of_each(strength)
    assert pokerkit_indexes(ShortDeckHoldemHand, hands[first]) == list(range(distinct.size))


def test_short_deck_rules() -> None:
    strength = short_deck_high(rows("AC 6D 7H 8S 9C", "6D 7H 8S 9C TD", "KC KD KH 9S 9C",
                                    "AC QC 9C 8C 6C", "QC QD QH 8S 7C", "AC 6C 7C 8C 9C"))
    wheel, six_high, full_house, flush, trips, steel = strength.tolist()
    assert short_deck_value(wheel).key == (9,)  # the ace plays low: A-6-7-8-9
    assert six_high > wheel > trips  # ... the lowest straight, above three of a kind
    assert flush > full_house  # fewer cards of a suit in the deck: the flush is rarer
    assert short_deck_value(steel).category == Category.STRAIGHT_FLUSH
    with pytest.raises(ValueError, match="row 1: a card below six is not in the short deck"):
        short_deck_high(rows("AC 6D 7H 8S 9C", "AC 2D 7H 8S 9C"))


def test_short_deck_best_of_seven_is_the_best_of_every_five() -> None:
    hands = CODE_OF_INDEX[deal(np.random.default_rng(36), SHORT_DECK, 200_000, 7)]
    fives = [short_deck_high(hands[:, list(five)]) for five in combinations(range(7), 5)]
    assert (short_deck_high(hands) == np.maximum.reduce(fives)).all()


# --- badugi ----------------------------------------------------------------------------------

def test_every_badugi_hand() -> None:
    hands = hands_of(range(52), 4, 270_725)
    strength = badugi(hands)
    assert Counter((strength >> 13).tolist())[4] == 17_160  # 715 rank sets x 4! suit orders
    distinct, first = one_of_each(strength)
    assert distinct.size == 715 + 286 + 78 + 13
    assert pokerkit_indexes(BadugiHand, hands[first[::-1]]) == list(range(distinct.size))


def test_badugi_rules() -> None:
    strength = badugi(rows("AC 2D 3H 4S", "KC QD JH TS", "AC 2C 3H 4S", "AC AD 2H 3S",
                           "2C 3C 4C 5C", "AC AD AH AS"))
    best, king, three_a, three_b, two, one = strength.tolist()
    assert best > king > three_a  # four cards beat three, however high
    assert three_b > three_a > two  # A-2-3 (an ace dropped) beats A-3-4 (the suited deuce)
    assert strength.tolist()[4] >> 13 == 1 and one >> 13 == 1


# --- Omaha -----------------------------------------------------------------------------------

def test_omaha_takes_exactly_two_hole_and_three_board_cards() -> None:
    hole = rows("AH KH 2C 3D", "AH 2C 3D 4S", "AS AD AC AH", "KH QH JH TH", "9H 9D 2C 3D")
    board = rows("QH JH TH 9C 9D", "KH QH JH TH 9H", "KH KD 2C 3D 4S", "2H 3C 4D 5S 6H",
                 "9S 9C KH KD 2H")
    high = omaha_high(hole, board)
    assert high.tolist() == [
        best_strengths(rows("AH KH QH JH TH"))[0],  # royal flush: two hole, three board
        best_strengths(rows("AH 4S KH QH JH"))[0],  # not the board's straight flush: ace high
        best_strengths(rows("AS AD KH KD 4S"))[0],  # four aces in the hole play as a pair
        best_strengths(rows("KH QH 4D 5S 6H"))[0],  # one heart on the board: no flush
        best_strengths(rows("9H 9D 9S 9C KH"))[0],  # quads from two and two, with a king
    ]


@pytest.mark.parametrize(("hole_cards", "hands"), [(4, 200_000), (5, 50_000), (6, 50_000)])
def test_omaha_against_every_two_and_three(hole_cards: int, hands: int) -> None:
    """The tables against the definition: the best of every two hole cards with every three
    board cards, each five by best_strengths (checked on every five-card hand elsewhere)."""
    dealt = CODE_OF_INDEX[deal(np.random.default_rng(hole_cards), range(52), hands,
                               hole_cards + 5)]
    hole, board = dealt[:, :hole_cards], dealt[:, hole_cards:]
    high = np.zeros(len(dealt), dtype=np.int32)
    low = np.zeros(len(dealt), dtype=np.int32)
    for two in combinations(range(hole_cards), 2):
        for three in combinations(range(5), 3):
            five = np.concatenate([hole[:, list(two)], board[:, list(three)]], axis=1)
            high = np.maximum(high, best_strengths(five))
            low = np.maximum(low, eight_or_better(five))
    assert (omaha_high(hole, board) == high).all()
    assert (omaha_low8(hole, board) == low).all()
    flushes = int(((high >> 20) == Category.FLUSH).sum())
    assert flushes > 200 and (low > 0).sum() > 10_000  # the deals test both tables


def test_omaha_low_needs_two_different_hole_cards_and_three_board_cards() -> None:
    low = omaha_low8(rows("AH 2D KC KD", "AH AD KC KD", "AH 2D 3C 4D", "AH 2D KC KD"),
                     rows("3C 4D 8S 9H TC", "2C 3D 4S 8H TC", "5C 6D 7S KH TC",
                          "3C 3D 3S 8H TC"))
    assert low.tolist() == [
        eight_or_better(rows("AH 2D 3C 4D 8S"))[0],
        0,  # a pair of aces in the hole is one low card
        eight_or_better(rows("AH 2D 5C 6D 7S"))[0],  # 7-6-5-2-A, never 5-4-3-2-A
        0,  # the board's three threes are one low card
    ]


def test_omaha_rows_are_checked() -> None:
    with pytest.raises(ValueError, match="Omaha hole cards come in rows of 4 to 6"):
        omaha_high(rows("AH KH 2C"), rows("QH JH TH 9C 9D"))
    with pytest.raises(ValueError, match="Omaha boards come in rows of 5"):
        omaha_high(rows("AH KH 2C 3D"), rows("QH JH TH 9C"))
    with pytest.raises(ValueError, match="one board per hand: 2 hands, 1 boards"):
        omaha_low8(rows("AH KH 2C 3D", "AH KH 2C 3D"), rows("QH JH TH 9C 9D"))
    # A board with a card missing makes no hand; a missing hole card plays in no pair.
    assert omaha_high(rows("AH KH 2C 3D"), rows("QH JH TH 9C --")).tolist() == [0]
    assert omaha_high(rows("AH KH -- --"), rows("QH JH TH 9C 9D")).tolist() == \
        best_strengths(rows("AH KH QH JH TH")).tolist()


def test_class_of_maps_strengths_to_places() -> None:
    classes = np.array([30, 20, 10])
    assert class_of(np.array([10, 30, 25, 0]), classes).tolist() == [2, 0, -1, -1]
    assert class_of(np.array([10, 30]), classes[::-1]).tolist() == [0, 2]
