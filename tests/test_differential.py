"""Our evaluator against treys, an independent one, on random hands and on every hand class.

treys ranks a hand 1 (royal flush) .. 7462 (seven high): lower is better. Our strength is
higher-is-better. On any set of hands the two must induce the same order, reversed: the map
from our strength to treys' rank is a strictly decreasing bijection.
"""

from itertools import combinations

import numpy as np
import numpy.typing as npt
import pytest
from treys import Card, Evaluator

from pokerdb.rules.cards import DECK
from pokerdb.rules.evaluators import Category, strengths

RANDOM_HANDS = 200_000

# treys' class names for ours; treys puts royal flushes in "Royal Flush" (class 0) too.
TREYS_NAME = {
    Category.HIGH_CARD: "High Card",
    Category.ONE_PAIR: "Pair",
    Category.TWO_PAIRS: "Two Pair",
    Category.THREE_OF_A_KIND: "Three of a Kind",
    Category.STRAIGHT: "Straight",
    Category.FLUSH: "Flush",
    Category.FULL_HOUSE: "Full House",
    Category.FOUR_OF_A_KIND: "Four of a Kind",
    Category.STRAIGHT_FLUSH: "Straight Flush",
    Category.ROYAL_FLUSH: "Royal Flush",
}

# Our card c (DECK[c] = rank c // 4, suit c % 4) as a treys card: "AH" -> "Ah".
TREYS_CARD = [Card.new(card[0] + card[1].lower()) for card in DECK]


@pytest.fixture(scope="module")
def evaluator() -> Evaluator:
    return Evaluator()


def treys_ranks(evaluator: Evaluator, hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    lookup = TREYS_CARD
    evaluate = evaluator.evaluate
    return np.fromiter((evaluate([lookup[c] for c in hand], []) for hand in hands.tolist()),
                       dtype=np.int64, count=len(hands))


def our_strengths(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int32]:
    return strengths(hands // 4 + 2, hands % 4)


def assert_same_order(ours: npt.NDArray[np.int32], theirs: npt.NDArray[np.int64]) -> None:
    """Higher strength <=> lower treys rank, equal <=> equal, over every pair of hands."""
    order = np.argsort(ours, kind="stable")
    ours_sorted, theirs_sorted = ours[order], theirs[order]
    same = np.diff(ours_sorted) == 0
    step = np.diff(theirs_sorted)
    # Equal strengths have equal treys ranks; a strictly greater strength a strictly lower rank.
    bad = np.flatnonzero((same & (step != 0)) | (~same & (step >= 0)))
    assert bad.size == 0, (
        f"{bad.size} disagreements, first: strength {ours_sorted[bad[0]]} "
        f"(treys {theirs_sorted[bad[0]]}) then {ours_sorted[bad[0] + 1]} "
        f"(treys {theirs_sorted[bad[0] + 1]})")
    # ... which makes strength -> treys rank a bijection on the values seen.
    assert np.unique(ours).size == np.unique(theirs).size == np.unique(
        np.stack([ours, theirs.astype(np.int32)], axis=1), axis=0).shape[0]


def assert_same_classes(evaluator: Evaluator, ours: npt.NDArray[np.int32],
                        theirs: npt.NDArray[np.int64]) -> None:
    pairs = np.unique(np.stack([ours >> 20, theirs], axis=1), axis=0)
    for category, rank in pairs.tolist():
        assert evaluator.class_to_string(evaluator.get_rank_class(rank)) == \
            TREYS_NAME[Category(category)], (category, rank)
        if rank == 1:
            assert category == Category.ROYAL_FLUSH


def test_random_hands_agree_with_treys(evaluator: Evaluator) -> None:
    rng = np.random.default_rng(20240554)
    hands = np.argsort(rng.random((RANDOM_HANDS, 52)), axis=1)[:, :5].astype(np.int8)
    assert (np.sort(hands, axis=1)[:, 1:] != np.sort(hands, axis=1)[:, :-1]).all()
    ours, theirs = our_strengths(hands), treys_ranks(evaluator, hands)
    assert_same_order(ours, theirs)
    assert_same_classes(evaluator, ours, theirs)
    # 200,000 random hands reach most classes: a sanity check that the comparison had teeth.
    assert np.unique(ours).size > 5000
    assert set((ours >> 20).tolist()) >= set(range(Category.FOUR_OF_A_KIND + 1))


def test_one_hand_of_every_class_agrees_with_treys(evaluator: Evaluator) -> None:
    """All 7,462 equivalence classes: the first hand of each in the full enumeration."""
    every: npt.NDArray[np.int8] = np.fromiter(
        combinations(range(52), 5), dtype=np.dtype((np.int8, 5)), count=2_598_960)
    _, first = np.unique(our_strengths(every), return_index=True)
    hands = every[first]
    ours, theirs = our_strengths(hands), treys_ranks(evaluator, hands)
    assert ours.size == 7462
    assert sorted(theirs.tolist()) == list(range(1, 7463))  # every treys rank exactly once
    assert_same_order(ours, theirs)
    assert_same_classes(evaluator, ours, theirs)


@pytest.mark.parametrize(("cards", "category"), [
    ("AS KS QS JS TS", Category.ROYAL_FLUSH),
    ("5H 4H 3H 2H AH", Category.STRAIGHT_FLUSH),
    ("5H 4D 3H 2H AH", Category.STRAIGHT),
    ("KH AH 2H 3H 4H", Category.FLUSH),
])
def test_edge_hands_agree_with_treys(evaluator: Evaluator, cards: str,
                                     category: Category) -> None:
    hand = np.array([[DECK.index(card) for card in cards.split()]])
    ours = our_strengths(hand)
    rank = int(treys_ranks(evaluator, hand)[0])
    assert ours[0] >> 20 == category
    assert evaluator.class_to_string(evaluator.get_rank_class(rank)) == TREYS_NAME[category]
