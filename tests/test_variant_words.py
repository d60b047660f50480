"""Each evaluator's words, categories and cards that play (catalogue.EVALUATORS): exact words
for the hands players name, and properties over every hand class of every evaluator."""

import numpy as np
import numpy.typing as npt
import pytest
from variant_oracles import CODE_OF_INDEX, ORACLES, SHORT_DECK, deal

from pokerdb.rules.cards import DECK
from pokerdb.rules.evaluators import (
    EVALUATORS,
    NO_COLUMN,
    ace_to_five_low,
    ace_to_five_name,
    badugi,
    badugi_name,
    best_strengths,
    card_codes,
    deuce_to_seven_low,
    deuce_to_seven_name,
    deuce_to_seven_number,
    eight_or_better,
    eight_or_better_name,
    short_deck_high,
    short_deck_name,
)

Codes = npt.NDArray[np.uint8]
NO_BOARD = np.zeros((1, 0), dtype=np.uint8)


def rows(*texts: str) -> Codes:
    raw = np.frombuffer("".join(f"{text} " for text in texts).encode("ascii"), dtype=np.uint8)
    return card_codes(raw.reshape(len(texts), -1))


def one(strengths: npt.NDArray[np.int32]) -> int:
    return int(strengths[0])


@pytest.mark.parametrize(("cards", "category", "description"), [
    ("8C 6D 5H 4S AC KD KH", "Eight Low", "8-6-5-4-A low"),
    ("5C 4D 3H 2S AC", "Five Low", "5-4-3-2-A low"),
    ("KC QD JH TS 9C", "King Low", "K-Q-J-T-9 low"),
    ("AC AD 4H 3S 2C", "One Pair", "Pair of Aces, 4-3-2"),
    ("2C 2D 4H 4S AC AD AH", "Two Pairs", "Two Pairs, Twos and Aces, Four kicker"),
    ("7C 7D 7H KS QC", "Three of a Kind", "Three of a Kind, Sevens"),
    ("7C 7D 7H AS AC", "Full House", "Full House, Sevens full of Aces"),
    ("6C 6D 6H 6S 2C", "Four of a Kind", "Four of a Kind, Sixes"),
])
def test_ace_to_five_words(cards: str, category: str, description: str) -> None:
    name = ace_to_five_name(one(ace_to_five_low(rows(cards))))
    assert (name.category, name.description) == (category, description)


def test_eight_or_better_words() -> None:
    name = eight_or_better_name(one(eight_or_better(rows("8C 6D 5H 4S AC KD KH"))))
    assert (name.category, name.description) == ("Eight Low", "8-6-5-4-A low")
    assert eight_or_better_name(0).category == "No Low"
    with pytest.raises(ValueError, match="not an eight-or-better low"):
        eight_or_better_name(one(ace_to_five_low(rows("9C 6D 5H 4S AC"))))


@pytest.mark.parametrize(("cards", "category", "description", "number"), [
    ("7C 5D 4H 3S 2C", "Seven Low", "Seven-Five low", 1),
    ("7C 6D 4H 3S 2C", "Seven Low", "Seven-Six low", 2),
    ("7C 6D 5H 3S 2C", "Seven Low", "Seven-Six low", 3),
    ("7C 6D 5H 4S 2C", "Seven Low", "Seven-Six low", 4),
    ("8C 5D 4H 3S 2C", "Eight Low", "Eight-Five low", 5),
    # The ace is high: no straight, the best of the 494 ace-high hands, after all 1,278
    # unpaired hands but those.
    ("AC 5D 4H 3S 2C", "Ace Low", "Ace-Five low", 1278 - 494 + 1),
    ("2C 2D 5H 4S 3C", "One Pair", "Pair of Twos, Five kicker", 1278 + 1),
    # 19 pairs of twos are better: kickers all below the eight (10), 8 and two below the
    # seven (6), 8-7 and one below the six (3).
    ("2C 2D 8H 7S 6C", "One Pair", "Pair of Twos, Eight kicker", 1278 + 20),
    ("6C 5D 4H 3S 2C", "Straight", "Straight, Six high", 1278 + 2860 + 858 + 858 + 1),
    ("AC KC QC JC TC", "Straight Flush", "Straight Flush, Ace high", 7462),
])
def test_deuce_to_seven_words(cards: str, category: str, description: str,
                              number: int) -> None:
    strength = deuce_to_seven_low(rows(cards))
    name = deuce_to_seven_name(one(strength))
    assert (name.category, name.description) == (category, description)
    assert deuce_to_seven_number(strength).tolist() == [number]


@pytest.mark.parametrize(("cards", "category", "description"), [
    ("AC 2D 3H 4S", "Four-card badugi", "4-3-2-A badugi"),
    ("8C 6D 3H AS", "Four-card badugi", "8-6-3-A badugi"),
    ("KC 7D 2H 2S", "Three-card badugi", "K-7-2 three-card badugi"),
    ("QC 5C 5D 9D", "Two-card badugi", "9-5 two-card badugi"),  # 9D 5C beat QC 5D
    ("AC AD AH AS", "One-card badugi", "A one-card badugi"),
])
def test_badugi_words(cards: str, category: str, description: str) -> None:
    name = badugi_name(one(badugi(rows(cards))))
    assert (name.category, name.description) == (category, description)


def test_short_deck_words() -> None:
    assert short_deck_name(one(short_deck_high(rows("AC 6D 7H 8S 9C KD")))).description == \
        "Straight, Nine high"
    flush = short_deck_name(one(short_deck_high(rows("AC QC 9C 8C 6C"))))
    assert (flush.category, flush.description) == ("Flush", "Flush, Ace high")


@pytest.mark.parametrize("name", sorted(EVALUATORS))
def test_every_hand_class_has_words_and_its_category(name: str) -> None:
    """Over every different hand of the evaluator, worst to best: the category index never
    goes down, and each hand's category in words is its index's."""
    evaluator = EVALUATORS[name]
    classes = next(o.classes() for o in ORACLES.values() if o.evaluator == name
                   ) if name != "high" else ORACLES["omaha-high/pokerkit"].classes()
    worst_first = np.sort(classes)
    index = evaluator.category_of(worst_first)
    assert (np.diff(index) >= 0).all()
    assert set(index.tolist()) == set(range(len(evaluator.categories))) - (
        {0} if name in ("eight-or-better", "omaha-eight-or-better") else set())
    words = [evaluator.name_of(strength) for strength in worst_first.tolist()]
    assert [w.category for w in words] == [evaluator.categories[i] for i in index.tolist()]


CARDS = {  # evaluator: (deck, hole cards, board cards)
    "high": (range(52), 2, 5), "short-deck": (SHORT_DECK, 2, 5), "omaha-high": (range(52), 4, 5),
    "omaha-eight-or-better": (range(52), 5, 5), "ace-to-five": (range(52), 7, 0),
    "eight-or-better": (range(52), 7, 0), "deuce-to-seven": (range(52), 5, 0),
    "badugi": (range(52), 4, 0),
}


@pytest.mark.parametrize("name", sorted(EVALUATORS))
def test_the_cards_that_play_make_the_strength(name: str) -> None:
    deck, hole_cards, board_cards = CARDS[name]
    evaluator = EVALUATORS[name]
    dealt = CODE_OF_INDEX[deal(np.random.default_rng(7), deck, 5_000, hole_cards + board_cards)]
    hole, board = dealt[:, :hole_cards], dealt[:, hole_cards:]
    strength = evaluator.strengths(hole, board)
    columns = evaluator.best_cards(hole, board, strength)
    plays = columns != NO_COLUMN
    played = np.where(plays, np.take_along_axis(dealt, np.where(plays, columns, 0), axis=1), 0)
    if name == "badugi":
        again = badugi(played[:, :4])
    elif name.startswith("omaha"):
        assert ((columns < hole_cards) & plays).sum(axis=1).tolist() == \
            [2 if s else 0 for s in strength.tolist()]  # two hole cards, three board cards
        again = (best_strengths if name == "omaha-high" else eight_or_better)(played)
    else:
        again = evaluator.strengths(played, np.zeros((len(played), 0), dtype=np.uint8))
    assert (again == strength).all()
    assert (plays.sum(axis=1) > 0).tolist() == (strength > 0).tolist()


@pytest.mark.parametrize(("name", "hole", "board", "plays"), [
    ("ace-to-five", "8C 6D 5H 4S AC KD KH", "", "8C 6D 5H 4S AC"),
    ("ace-to-five", "2C KD 2D 4H AS 4S AD", "", "AS AD KD 4H 2C"),  # aces: the lowest pair
    ("deuce-to-seven", "2C 5D AH 4S 3C", "", "AH 5D 4S 3C 2C"),
    ("short-deck", "AC 6D", "7H 8S 9C KD KH", "9C 8S 7H 6D AC"),
    ("omaha-high", "AH 2C 3D 4S", "KH QH JH TH 9H", "AH KH QH JH 4S"),
    ("omaha-eight-or-better", "AH 2D 3C 4D", "5C 6D 7S KH TC", "7S 6D 5C 2D AH"),
    ("badugi", "KC 7D 2H 2S", "", "KC 7D 2H"),
])
def test_the_cards_that_play_in_play_order(name: str, hole: str, board: str, plays: str) -> None:
    evaluator = EVALUATORS[name]
    hole_codes = rows(hole)
    board_codes = rows(board) if board else NO_BOARD
    strength = evaluator.strengths(hole_codes, board_codes)
    columns = evaluator.best_cards(hole_codes, board_codes, strength)[0].tolist()
    cards = (hole + " " + board).split()
    assert " ".join(cards[c] for c in columns if c != NO_COLUMN) == plays


def test_deck_order_of_the_test_deals() -> None:
    assert [DECK[c] for c in (0, 1, 51)] == ["2C", "2D", "AS"]
    assert CODE_OF_INDEX[[0, 51]].tolist() == [2 * 4, 14 * 4 + 3]
