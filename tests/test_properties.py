"""Properties every evaluation must have, whatever the hands: checked on generated hands."""

from itertools import permutations
from random import Random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerdb.rules.cards import DECK, SUIT_CHARS
from pokerdb.rules.evaluators import evaluate_cards, strengths, strengths_of_texts
from pokerdb.steps.evaluated_windows import deal_winners

EXAMPLES = settings(max_examples=400, deadline=None)

# Five distinct cards of one deck; two or three such hands with no card in common.
def _distinct_cards(count: int) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(DECK), min_size=count, max_size=count, unique=True)


hand = _distinct_cards(5).map(tuple)
two_hands = _distinct_cards(10).map(lambda cards: (tuple(cards[:5]), tuple(cards[5:])))
three_hands = _distinct_cards(15).map(lambda cards: [tuple(cards[i:i + 5]) for i in (0, 5, 10)])
suit_relabelling = st.permutations(SUIT_CHARS).map(lambda new: dict(zip(SUIT_CHARS, new,
                                                                        strict=True)))


def strength(cards: tuple[str, ...] | list[str]) -> int:
    return evaluate_cards(list(cards)).strength


def relabel(cards: tuple[str, ...], suits: dict[str, str]) -> tuple[str, ...]:
    return tuple(card[0] + suits[card[1]] for card in cards)


@EXAMPLES
@given(hand, st.randoms(use_true_random=False))
def test_card_order_never_matters(cards: tuple[str, ...], random: Random) -> None:
    shuffled = list(cards)
    random.shuffle(shuffled)
    assert evaluate_cards(shuffled) == evaluate_cards(list(cards))
    assert evaluate_cards(" ".join(shuffled)) == evaluate_cards(" ".join(cards))


@EXAMPLES
@given(hand)
def test_every_ordering_has_the_same_vectorised_strength(cards: tuple[str, ...]) -> None:
    """All 120 orderings of the hand through the vectorised kernel give one strength."""
    texts = [" ".join(order) for order in permutations(cards)]
    result = strengths_of_texts(texts)
    assert result.size == 120
    assert set(result.tolist()) == {strength(cards)}


@EXAMPLES
@given(hand, suit_relabelling)
def test_relabelling_suits_never_matters(cards: tuple[str, ...], suits: dict[str, str]) -> None:
    assert evaluate_cards(list(relabel(cards, suits))) == evaluate_cards(list(cards))


@EXAMPLES
@given(st.lists(hand, min_size=1, max_size=8), st.permutations(range(4)),
       st.lists(st.integers(-100, 100), min_size=4, max_size=4, unique=True))
def test_vectorised_strength_ignores_suit_codes(hands: list[tuple[str, ...]],
                                                permutation: list[int],
                                                codes: list[int]) -> None:
    """`strengths` takes any four distinct suit codes: permuting or renaming them changes
    nothing."""
    ranks = np.array([["23456789TJQKA".index(c[0]) + 2 for c in h] for h in hands])
    suits = np.array([[SUIT_CHARS.index(c[1]) for c in h] for h in hands])
    expected = [strength(h) for h in hands]
    assert strengths(ranks, suits).tolist() == expected
    assert strengths(ranks, np.array(permutation)[suits]).tolist() == expected
    assert strengths(ranks, np.array(codes)[suits]).tolist() == expected


def _winner_via_kernel(first: tuple[str, ...], second: tuple[str, ...]) -> int:
    """The winner (0 tie, 1, 2) of a two-player deal, as `pokerdb evaluate` decides it."""
    texts = [" ".join(first), " ".join(second)]
    deal_ids, winners = deal_winners(np.array([7, 7], dtype=np.int64),
                                     np.array([1, 2], dtype=np.int64), strengths_of_texts(texts))
    assert deal_ids.tolist() == [7]
    return int(winners[0])


@EXAMPLES
@given(two_hands)
def test_winner_is_symmetric_when_players_swap(
        pair: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
    first, second = pair
    forward = _winner_via_kernel(first, second)
    backward = _winner_via_kernel(second, first)
    assert forward in (0, 1, 2)
    assert backward == {0: 0, 1: 2, 2: 1}[forward]
    # the same verdict from the scalar evaluator
    a, b = strength(first), strength(second)
    assert forward == (0 if a == b else 1 if a > b else 2)


def _compare(x: tuple[str, ...], y: tuple[str, ...]) -> int:
    """1 when x beats y, -1 when y beats x, 0 for a tie: decided by deal_winners."""
    return {1: 1, 2: -1, 0: 0}[_winner_via_kernel(x, y)]


@EXAMPLES
@given(two_hands)
def test_order_is_antisymmetric(pair: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
    a, b = pair
    assert _compare(a, b) == -_compare(b, a)
    assert _compare(a, a) == 0
    # The order is the rule book's: category first, then the tie-break ranks in turn.
    va, vb = evaluate_cards(list(a)), evaluate_cards(list(b))
    by_rules = (va.category, va.key) > (vb.category, vb.key)
    assert (_compare(a, b) == 1) == by_rules
    assert (_compare(a, b) == 0) == ((va.category, va.key) == (vb.category, vb.key))


# Triples with ties in them too: a hand, the same hand in other suits, and a third hand.
tied_triples = st.tuples(two_hands, suit_relabelling).map(
    lambda t: [t[0][0], relabel(t[0][0], t[1]), t[0][1]])


@EXAMPLES
@given(st.one_of(three_hands, tied_triples), st.permutations(range(3)))
def test_order_is_transitive(hands: list[tuple[str, ...]], order: list[int]) -> None:
    a, b, c = (hands[i] for i in order)
    ab, bc, ac = _compare(a, b), _compare(b, c), _compare(a, c)
    if ab >= 0 and bc >= 0:
        assert ac >= 0
    if (ab > 0 and bc >= 0) or (ab >= 0 and bc > 0):
        assert ac == 1
    if ab == 0 and bc == 0:
        assert ac == 0


@EXAMPLES
@given(st.lists(two_hands, min_size=1, max_size=8))
def test_deal_winners_on_a_batch_matches_deal_by_deal(
        deals: list[tuple[tuple[str, ...], tuple[str, ...]]]) -> None:
    """Many deals in one call (how evaluate uses it) give each deal its own verdict, and
    swapping the players of every deal swaps every verdict; the scalar evaluator agrees."""
    texts = [" ".join(cards) for deal in deals for cards in deal]
    swapped = [" ".join(cards) for deal in deals for cards in reversed(deal)]
    deal_ids = np.repeat(np.arange(1, len(deals) + 1, dtype=np.int64), 2)
    players = np.tile(np.array([1, 2], dtype=np.int64), len(deals))
    forward_ids, forward = deal_winners(deal_ids, players, strengths_of_texts(texts))
    _, backward = deal_winners(deal_ids, players, strengths_of_texts(swapped))
    scalar = [(strength(first), strength(second)) for first, second in deals]
    expected = [0 if a == b else 1 if a > b else 2 for a, b in scalar]
    assert forward.tolist() == expected
    assert forward_ids.tolist() == list(range(1, len(deals) + 1))
    assert backward.tolist() == [{0: 0, 1: 2, 2: 1}[w] for w in expected]


def test_deal_winners_detects_a_tie_and_a_single_hand() -> None:
    texts = ["AH KH QD JS 9C", "AD KD QH JC 9S", "2C 3D 4H 5S 7C"]
    deal_ids, winners = deal_winners(np.array([1, 1, 2], dtype=np.int64),
                                     np.array([1, 2, 1], dtype=np.int64), strengths_of_texts(texts))
    # A tie in deal 1; the one-player deal 2 has no winner.
    assert (deal_ids.tolist(), winners.tolist()) == ([1], [0])


def test_deal_winners_of_no_hands() -> None:
    no_ids = np.array([], dtype=np.int64)
    deal_ids, winners = deal_winners(no_ids, no_ids, np.array([], dtype=np.int32))
    assert (deal_ids.tolist(), winners.tolist()) == ([], [])
