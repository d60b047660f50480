"""The evaluator against the rules: Project Euler's examples, every five-card hand, tie-breaks."""

import json
from itertools import combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from typer.testing import CliRunner

from pokerdb.cli import app
from pokerdb.rules.cards import DECK
from pokerdb.rules.evaluators import (
    Category,
    HandValue,
    evaluate_cards,
    pack_strength,
    strengths,
    strengths_of_texts,
    unpack_strength,
)

ALL_HANDS = 2_598_960

# Project Euler 54's five example deals: (player 1, player 2, winner).
PE54_EXAMPLES = [
    ("5H 5C 6S 7S KD", "2C 3S 8S 8D TD", 2),  # pair of fives < pair of eights
    ("5D 8C 9S JS AC", "2C 5C 7D 8S QH", 1),  # ace high > queen high
    ("2D 9C AS AH AC", "3D 6D 7D TD QD", 2),  # three aces < flush
    ("4D 6S 9H QH QC", "3D 6D 7H QD QS", 1),  # pair of queens: nine high > seven high
    ("2H 2D 4C 4D 4S", "3C 3D 3S 9S 9D", 1),  # full house fours > full house threes
]

HANDS_PER_CATEGORY = {
    Category.HIGH_CARD: 1_302_540,
    Category.ONE_PAIR: 1_098_240,
    Category.TWO_PAIRS: 123_552,
    Category.THREE_OF_A_KIND: 54_912,
    Category.STRAIGHT: 10_200,
    Category.FLUSH: 5_108,
    Category.FULL_HOUSE: 3_744,
    Category.FOUR_OF_A_KIND: 624,
    Category.STRAIGHT_FLUSH: 36,
    Category.ROYAL_FLUSH: 4,
}

DISTINCT_STRENGTHS_PER_CATEGORY = {
    Category.HIGH_CARD: 1277,
    Category.ONE_PAIR: 2860,
    Category.TWO_PAIRS: 858,
    Category.THREE_OF_A_KIND: 858,
    Category.STRAIGHT: 10,
    Category.FLUSH: 1277,
    Category.FULL_HOUSE: 156,
    Category.FOUR_OF_A_KIND: 156,
    Category.STRAIGHT_FLUSH: 9,
    Category.ROYAL_FLUSH: 1,
}


def winner(first: str, second: str) -> int:
    a, b = evaluate_cards(first).strength, evaluate_cards(second).strength
    return 0 if a == b else 1 if a > b else 2


@pytest.fixture(scope="module")
def all_hands() -> npt.NDArray[np.int8]:
    """Every one of the 2,598,960 five-card hands as card numbers 0..51 (rank c // 4 + 2,
    suit c % 4), shape (2598960, 5)."""
    return np.fromiter(combinations(range(52), 5), dtype=np.dtype((np.int8, 5)),
                       count=ALL_HANDS)


@pytest.fixture(scope="module")
def all_strengths(all_hands: npt.NDArray[np.int8]) -> npt.NDArray[np.int32]:
    return strengths(all_hands // 4 + 2, all_hands % 4)


# --- Project Euler 54's examples -------------------------------------------------------------

@pytest.mark.parametrize(("first", "second", "expected"), PE54_EXAMPLES)
def test_pe54_examples(first: str, second: str, expected: int) -> None:
    assert winner(first, second) == expected


def test_pe54_example_categories() -> None:
    categories = [(evaluate_cards(a).category, evaluate_cards(b).category)
                  for a, b, _ in PE54_EXAMPLES]
    assert categories == [
        (Category.ONE_PAIR, Category.ONE_PAIR),
        (Category.HIGH_CARD, Category.HIGH_CARD),
        (Category.THREE_OF_A_KIND, Category.FLUSH),
        (Category.ONE_PAIR, Category.ONE_PAIR),
        (Category.FULL_HOUSE, Category.FULL_HOUSE),
    ]


def test_pe54_examples_through_the_cli(runner: CliRunner, tmp_path: Path) -> None:
    deals = tmp_path / "examples.txt"
    deals.write_text("".join(f"{a} {b}\n" for a, b, _ in PE54_EXAMPLES))
    db = str(tmp_path / "examples.sqlite")
    for args in (["import", str(deals)], ["evaluate"]):
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["query", "SELECT line_no, winner FROM deals ORDER BY line_no",
                                 "--db", db, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == [
        {"line_no": i, "winner": w} for i, (_, _, w) in enumerate(PE54_EXAMPLES, start=1)]
    result = runner.invoke(app, ["wins", "--db", db, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"deals": 5, "player1": 3, "player2": 2, "ties": 0}


# --- every five-card hand --------------------------------------------------------------------

def test_every_hand_counted_by_category(all_strengths: npt.NDArray[np.int32]) -> None:
    assert all_strengths.shape == (ALL_HANDS,)
    counts = np.bincount(all_strengths >> 20, minlength=len(Category))
    assert {Category(c): int(n) for c, n in enumerate(counts)} == HANDS_PER_CATEGORY


def test_exactly_7462_distinct_strengths(all_strengths: npt.NDArray[np.int32]) -> None:
    distinct = np.unique(all_strengths)
    assert distinct.size == 7462
    per_category = np.bincount(distinct >> 20, minlength=len(Category))
    assert {Category(c): int(n) for c, n in enumerate(per_category)} == \
        DISTINCT_STRENGTHS_PER_CATEGORY


def test_every_strength_round_trips_through_hand_value(
        all_strengths: npt.NDArray[np.int32]) -> None:
    for strength in np.unique(all_strengths).tolist():
        value = HandValue.from_strength(strength)
        assert value.strength == strength
        assert pack_strength(value.category, value.key) == strength
        assert unpack_strength(strength)[0] == value.category
        assert 1 <= len(value.key) <= 5
        assert all(2 <= rank <= 14 for rank in value.key)


def test_categories_are_ordered_blocks_of_strength(all_strengths: npt.NDArray[np.int32]) -> None:
    """Every hand of a category beats every hand of a lower category."""
    distinct = np.unique(all_strengths)
    category = distinct >> 20
    assert (np.diff(category) >= 0).all()  # sorted strengths never go down a category


def test_enumeration_agrees_with_evaluate_cards(all_hands: npt.NDArray[np.int8],
                                               all_strengths: npt.NDArray[np.int32]) -> None:
    """The vectorised kernel against the scalar rule book: one hand of every distinct strength
    (the first of its class in the enumeration) and a few thousand more spread over all."""
    _, first_of_class = np.unique(all_strengths, return_index=True)
    spread = np.linspace(0, ALL_HANDS - 1, 3001).astype(np.int64)
    for index in np.concatenate([first_of_class, spread]).tolist():
        text = " ".join(DECK[c] for c in all_hands[index].tolist())
        assert evaluate_cards(text).strength == all_strengths[index], text


def test_deck_order_matches_rank_and_suit_arithmetic() -> None:
    # Card c of the enumeration is rank c // 4 + 2 and suit c % 4, which is DECK[c].
    assert len(DECK) == 52
    for c, card in enumerate(DECK):
        assert "23456789TJQKA".index(card[0]) + 2 == c // 4 + 2
        assert "CDHS".index(card[1]) == c % 4


# --- straights and the wheel -----------------------------------------------------------------

def test_wheel_is_a_five_high_straight() -> None:
    wheel = evaluate_cards("AH 2D 3C 4S 5S")
    assert wheel == HandValue(Category.STRAIGHT, (5,))
    assert winner("AH 2D 3C 4S 5S", "2H 3D 4C 5S 6S") == 2  # six-high straight beats it
    assert winner("AH 2D 3C 4S 5S", "AH AD KC QS JS") == 1  # any straight beats a pair
    assert winner("AH 2D 3C 4S 5S", "AD KC QS JS 9H") == 1  # ... and ace high
    assert winner("AH 2D 3C 4S 5S", "5H 5D 5C 2S 3H") == 1  # ... and three of a kind
    assert winner("AH 2D 3C 4S 5S", "2H 7H 9H JH KH") == 2  # a flush beats it
    assert winner("AH 2D 3C 4S 5S", "AD 2C 3H 4D 5C") == 0  # wheel against wheel


def test_steel_wheel_is_the_lowest_straight_flush() -> None:
    steel = evaluate_cards("AH 2H 3H 4H 5H")
    assert steel == HandValue(Category.STRAIGHT_FLUSH, (5,))
    assert winner("AH 2H 3H 4H 5H", "2H 3H 4H 5H 6H") == 2
    assert evaluate_cards("2H 3H 4H 5H 6H") == HandValue(Category.STRAIGHT_FLUSH, (6,))
    assert winner("AH 2H 3H 4H 5H", "AS AD AC AH KD") == 1  # beats four aces


def test_royal_flush() -> None:
    assert evaluate_cards("AS KS QS JS TS") == HandValue(Category.ROYAL_FLUSH, (14,))
    assert evaluate_cards("AS KS QS JS TS").category == 9
    assert winner("AS KS QS JS TS", "KH QH JH TH 9H") == 1
    assert winner("AS KS QS JS TS", "TD JD QD KD AD") == 0


def test_straights_do_not_wrap_around() -> None:
    assert evaluate_cards("KH AH 2H 3H 4H") == HandValue(Category.FLUSH, (14, 13, 4, 3, 2))
    assert evaluate_cards("KH AD 2H 3C 4S") == HandValue(Category.HIGH_CARD, (14, 13, 4, 3, 2))
    assert evaluate_cards("QH KD AH 2C 3S").category == Category.HIGH_CARD


def test_broadway_straight() -> None:
    assert evaluate_cards("TH JD QC KS AD") == HandValue(Category.STRAIGHT, (14,))


# --- tie-break keys --------------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "category", "key"), [
    ("3D AH 9C 7S KD", Category.HIGH_CARD, (14, 13, 9, 7, 3)),
    ("9H QD 9C 4S KD", Category.ONE_PAIR, (9, 13, 12, 4)),
    ("KH KD 4C 4D AS", Category.TWO_PAIRS, (13, 4, 14)),
    ("2H 5D 2C 5S 3D", Category.TWO_PAIRS, (5, 2, 3)),
    ("7H AS 7D 2D 7C", Category.THREE_OF_A_KIND, (7, 14, 2)),
    ("9H TD JC QS KD", Category.STRAIGHT, (13,)),
    ("2H 9H 4H KH 7H", Category.FLUSH, (13, 9, 7, 4, 2)),
    ("3H 3D 3C KS KD", Category.FULL_HOUSE, (3, 13)),
    ("KH KD 3C 3S 3D", Category.FULL_HOUSE, (3, 13)),
    ("AD 5H 5D 5C 5S", Category.FOUR_OF_A_KIND, (5, 14)),
    ("2C 2D 2H 2S 3C", Category.FOUR_OF_A_KIND, (2, 3)),
    ("9S TS JS QS KS", Category.STRAIGHT_FLUSH, (13,)),
    ("AS KS QS JS TS", Category.ROYAL_FLUSH, (14,)),
])
def test_tie_break_keys(cards: str, category: Category, key: tuple[int, ...]) -> None:
    value = evaluate_cards(cards)
    assert value == HandValue(category, key)
    assert value.strength == pack_strength(category, key)
    k = (*key, *[0] * (5 - len(key)))
    assert unpack_strength(value.strength) == (category, *k)


@pytest.mark.parametrize(("better", "worse"), [
    ("KH KD 4C 4D 2S", "QH QD JC JD AS"),  # higher top pair wins, whatever follows
    ("KH KD 5C 5D 2S", "KS KC 4C 4H AS"),  # same top pair: second pair decides
    ("KH KD 4C 4D 3S", "KS KC 4S 4H 2S"),  # same pairs: kicker decides
    ("3H 3D 3C 2S 2D", "2H 2C 2S AS AD"),  # full house: the trips decide before the pair
    ("5H 5D 5C 5S 3D", "5H 5D 5C 5S 2D"),  # quads: the kicker decides
    ("6H 6D 6C 6S 2D", "5H 5D 5C 5S AD"),  # quads: the rank before the kicker
    ("AH QH 9H 7H 4H", "AD QD 9D 7D 3D"),  # flush: all five ranks count
    ("AH KD 9C 7S 5H", "AD KC 9H 7D 4S"),  # high card: all five ranks count
    ("9H 9D AC 4S 3D", "9C 9S KC QS JD"),  # pair: then kickers high to low
    ("9H 9D AC 5S 3D", "9C 9S AD 4S 3H"),  # pair: second kicker
    ("9H 9D AC 5S 3D", "9C 9S AD 5H 2H"),  # pair: third kicker
    ("QH QD QC 3S 2D", "JH JD JC AS KD"),  # trips: the trips decide before the kickers
    ("7H 8D 9C TS JD", "3H 4D 5C 6S 7D"),  # straights by their high card
])
def test_tie_break_order(better: str, worse: str) -> None:
    assert evaluate_cards(better).strength > evaluate_cards(worse).strength


def test_suits_never_break_ties() -> None:
    assert evaluate_cards("AH KH QD JS 9C").strength == evaluate_cards("AD KD QH JC 9S").strength
    assert winner("AH KH QD JS 9C", "AD KD QH JC 9S") == 0
    assert winner("TH JH QH KH AH", "TS JS QS KS AS") == 0
    assert winner("2C 2D 5H 5S 9C", "2H 2S 5C 5D 9D") == 0


# --- HandValue, texts, bad input -------------------------------------------------------------

def test_hand_value_from_strength_round_trips() -> None:
    for cards in ["3D AH 9C 7S KD", "9H QD 9C 4S KD", "KH KD 4C 4D AS", "AS KS QS JS TS",
                  "AH 2D 3C 4S 5S", "KH KD 3C 3S 3D", "AD 5H 5D 5C 5S"]:
        value = evaluate_cards(cards)
        assert HandValue.from_strength(value.strength) == value


def test_strength_encoding_as_documented() -> None:
    """docs/tables.md: 0x15d760 is One Pair (1) of fives (5) with K, 7, 6 kickers."""
    value = evaluate_cards("5H 5D KC 7S 6D")
    assert value.strength == 0x15D760
    assert value == HandValue(Category.ONE_PAIR, (5, 13, 7, 6))
    assert evaluate_cards("AS KS QS JS TS").strength == 9 << 20 | 14 << 16
    assert evaluate_cards("2C 3D 4H 5S 7C").strength == 0x075432


def test_category_labels() -> None:
    assert [c.label for c in Category] == [
        "High Card", "One Pair", "Two Pairs", "Three of a Kind", "Straight", "Flush",
        "Full House", "Four of a Kind", "Straight Flush", "Royal Flush"]


def test_strengths_of_texts_agrees_with_evaluate_cards() -> None:
    rng = np.random.default_rng(54)
    deck = np.array(DECK)
    picks = np.argsort(rng.random((5000, 52)), axis=1)[:, :5]
    texts = [" ".join(row) for row in deck[picks].tolist()]
    ours = strengths_of_texts(texts)
    assert ours.dtype == np.int32
    assert ours.tolist() == [evaluate_cards(text).strength for text in texts]


def test_strengths_accepts_any_four_suit_codes() -> None:
    ranks = np.array([[14, 13, 12, 11, 10], [2, 9, 4, 13, 7], [5, 5, 5, 9, 9]])
    for codes in ([0, 1, 2, 3], [7, -1, 30, 12]):
        suits = np.array([[codes[2]] * 5, [codes[0]] * 5,
                          [codes[0], codes[1], codes[2], codes[3], codes[0]]])
        assert strengths(ranks, suits).tolist() == [
            evaluate_cards("AH KH QH JH TH").strength,
            evaluate_cards("2C 9C 4C KC 7C").strength,
            evaluate_cards("5C 5D 5H 9S 9C").strength,
        ]


@pytest.mark.parametrize(("cards", "message"), [
    ("AH KH QH JH", "a hand is five distinct cards"),
    ("AH KH QH JH TH 9H", "a hand is five distinct cards"),
    ("AH KH QH JH AH", "a hand is five distinct cards"),
    ("", "a hand is five distinct cards"),
    ("1H KH QH JH TH", "not a card: '1H'"),
    ("AX KH QH JH TH", "not a card: 'AX'"),
    ("10H KH QH JH 9H", "not a card: '10H'"),
    ("AH KH QH JH T", "not a card: 'T'"),
])
def test_evaluate_cards_rejects_bad_input(cards: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_cards(cards)


def test_evaluate_cards_takes_a_sequence() -> None:
    assert evaluate_cards(["AH", "2D", "3C", "4S", "5S"]) == evaluate_cards("AH 2D 3C 4S 5S")
    with pytest.raises(ValueError, match="a hand is five distinct cards"):
        evaluate_cards(["AH", "2D", "3C", "4S"])


@pytest.mark.parametrize("name", ["high", "short-deck", "ace-to-five", "deuce-to-seven"])
def test_a_rankings_values_at_once_are_its_value_of_every_five_card_pattern(name: str) -> None:
    """The table kernel fills a ranking's tables with its `values`, all rows at once: they must
    be its `value` of every multiset of five ranks (6,175, not suited) and, for a ranking where
    a flush counts, of every five distinct ranks suited (1,287), exactly."""
    from itertools import combinations_with_replacement

    from pokerdb.rules.evaluators.high import HIGH
    from pokerdb.rules.evaluators.lowball import ACE_TO_FIVE, DEUCE_TO_SEVEN
    from pokerdb.rules.evaluators.short_deck import SHORT_DECK

    ranking = {each.name: each for each in (HIGH, SHORT_DECK, ACE_TO_FIVE, DEUCE_TO_SEVEN)}[name]
    assert ranking.values is not None
    patterns = [row for row in combinations_with_replacement(range(2, 15), 5)
                if max(row.count(rank) for rank in row) <= 4]
    suited = list(combinations(range(2, 15), 5))
    assert (len(patterns), len(suited)) == (6_175, 1_287)
    for rows, flush in ((patterns, False), (suited, True))[:1 + ranking.suited]:
        at_once = ranking.values(np.array(rows, dtype=np.int64), flush).tolist()
        assert at_once == [ranking.value(row, flush) for row in rows]
