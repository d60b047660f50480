"""The exact category odds of each game (games.Game.random_hands) are what rules.game_odds
counts, two independent ways agree where both apply, and a sample of random hands categorised
by pokerkit 0.7.7 (its hand, its label, the cards it plays) matches our category of every
hand and fits the odds."""

import math
from collections import Counter

import numpy as np
import pokerkit
import pytest

from pokerdb.answers.stats import categories_of, goodness_of_fit
from pokerdb.rules.cards import DECK, RANK_NAME, RANK_VALUE
from pokerdb.rules.evaluators import EVALUATORS
from pokerdb.rules.game_odds import (
    combination_rows,
    counted_odds,
    deck_codes,
    every_hand_counts,
    hole_and_board_counts,
    rank_multiset_counts,
)
from pokerdb.rules.games import FIVE_CARD, GAMES, HOLDEM, GameName
from pokerdb.rules.variants import game_kind, low_kind

SAMPLE = 3_000
POKERKIT_HAND = {GameName.SHORT_DECK: "ShortDeckHoldemHand", GameName.STUD: "StandardHighHand",
                 GameName.RAZZ: "RegularLowHand", GameName.DEUCE_TO_SEVEN: "StandardLowHand",
                 GameName.BADUGI: "BadugiHand"}
_LABELS = {pokerkit.Label.HIGH_CARD: "High Card", pokerkit.Label.ONE_PAIR: "One Pair",
           pokerkit.Label.TWO_PAIR: "Two Pairs", pokerkit.Label.THREE_OF_A_KIND:
           "Three of a Kind", pokerkit.Label.STRAIGHT: "Straight",
           pokerkit.Label.FLUSH: "Flush", pokerkit.Label.FULL_HOUSE: "Full House",
           pokerkit.Label.FOUR_OF_A_KIND: "Four of a Kind",
           pokerkit.Label.STRAIGHT_FLUSH: "Straight Flush"}
_COUNTS = ("One", "Two", "Three", "Four")


def test_every_game_with_odds_counts_all_its_hands() -> None:
    for game in GAMES.values():
        assert sum(game.random_hands) == game.all_hands, game.name
        assert game.all_hands == (math.comb(len(game.deck), game.cards_per_hand)
                                  if not game.holding_apart else
                                  math.comb(len(game.deck), game.hole_cards)
                                  * math.comb(len(game.deck) - game.hole_cards, 5))
        assert len(game.random_hands) == len(categories_of(game)), game.name
    # The low halves: every split game's, of the same hands.
    split = [game for game in GAMES.values() if low_kind(game) is not None]
    assert [game.name for game in split] == [GameName.OMAHA_HI_LO, GameName.STUD_HI_LO]
    assert [game.name for game in GAMES.values() if game.random_lows] == [
        game.name for game in split]
    for game in split:
        assert game.random_lows is not None
        assert sum(game.random_lows) == game.all_hands, game.name
        assert categories_of(game, low=True) == ("No Low", "Eight Low", "Seven Low",
                                                 "Six Low", "Five Low")


@pytest.mark.parametrize("game", [GameName.SHORT_DECK, GameName.DEUCE_TO_SEVEN,
                                  GameName.BADUGI])
def test_enumerated_odds_are_the_games(game: GameName) -> None:
    played = GAMES[game]
    assert tuple(every_hand_counts(game_kind(played), played.deck, played.cards_per_hand)
                 ) == played.random_hands == tuple(counted_odds(played))


def test_razz_odds_by_rank_multiset_are_the_games() -> None:
    razz = GAMES[GameName.RAZZ]
    assert tuple(rank_multiset_counts("ace-to-five", 7)) == razz.random_hands == tuple(
        counted_odds(razz))


def test_the_two_ways_of_counting_agree() -> None:
    """By rank multiset and hand by hand, on every five-card ace-to-five low and
    eight-or-better low (2,598,960 hands each)."""
    for kind in ("ace-to-five", "eight-or-better"):
        assert rank_multiset_counts(kind, 5) == every_hand_counts(kind, DECK, 5)
    # And the known ones: five-card high hands, and stud's seven cards as Hold'em's.
    assert tuple(every_hand_counts("high", DECK, 5)) == FIVE_CARD.random_hands
    assert GAMES[GameName.STUD].random_hands == HOLDEM.random_hands
    assert GAMES[GameName.STUD_HI_LO].random_hands == HOLDEM.random_hands


def test_omaha_by_classes_of_holdings_counts_what_every_holding_and_board_count() -> None:
    """On the deck of tens to aces (20 cards: straights, full houses, royal flushes), each
    class of holdings alike but for their suits, weighed, counts what all 4,845 holdings
    against all 4,368 boards of the cards left count; and in parts, the same."""
    deck = tuple(card for card in DECK if card[0] in "TJQKA")
    codes = deck_codes(deck)
    holdings = combination_rows(len(deck), 4)
    left = np.array([np.setdiff1d(np.arange(len(deck)), holding) for holding in holdings])
    boards = codes[left[:, combination_rows(len(deck) - 4, 5)]].reshape(-1, 5)
    hands = np.repeat(codes[holdings], math.comb(len(deck) - 4, 5), axis=0)
    evaluator = EVALUATORS["omaha-high"]
    every = np.bincount(evaluator.category_of(evaluator.strengths(hands, boards)),
                        minlength=len(evaluator.categories)).tolist()
    by_class = hole_and_board_counts("omaha-high", deck, 4, 5)
    assert by_class == every == [0, 0, 120_000, 215_040, 5_672_640, 0, 12_665_280, 2_162_400,
                                 0, 327_600]
    parts = [hole_and_board_counts("omaha-high", deck, 4, 5, part, 3) for part in range(3)]
    assert [sum(column) for column in zip(*parts, strict=True)] == by_class


def test_omaha_odds_count_every_holding_against_every_board_and_fit_pokerkit() -> None:
    """Omaha's odds (and Omaha hi/lo's high hands') add up to C(52, 4) x C(48, 5); 3,000
    random hands categorised by pokerkit's OmahaHoldemHand match ours and fit them."""
    omaha = GAMES[GameName.OMAHA]
    assert sum(omaha.random_hands) == math.comb(52, 4) * math.comb(48, 5) == omaha.all_hands
    assert GAMES[GameName.OMAHA_HI_LO].random_hands == omaha.random_hands
    rng = np.random.default_rng(21)
    codes = deck_codes()
    picks = np.argsort(rng.random((SAMPLE, len(codes))), axis=1)[:, :9]
    evaluator = EVALUATORS["omaha-high"]
    ours = evaluator.category_of(evaluator.strengths(codes[picks[:, :4]], codes[picks[:, 4:]]))
    labels = categories_of(omaha)
    theirs = []
    for row in picks.tolist():
        cards = list(pokerkit.Card.parse("".join(DECK[i][0] + DECK[i][1].lower() for i in row)))
        theirs.append(_pokerkit_category(GameName.OMAHA,
                                         pokerkit.OmahaHoldemHand.from_game(cards[:4], cards[4:])))
    assert [labels[index] for index in ours.tolist()] == theirs
    counted = Counter(theirs)
    fit = goodness_of_fit([counted[label] for label in labels], omaha)
    assert fit.p_value is not None and fit.p_value > 1e-3, fit


def _pokerkit_category(game: GameName, hand: pokerkit.Hand) -> str:
    """Our category of a hand, told from pokerkit's: its label, its cards' ranks."""
    if game is GameName.BADUGI:
        return f"{_COUNTS[len(hand.cards) - 1]}-card badugi"
    label = _LABELS[hand.entry.label]
    ranks = sorted(RANK_VALUE[card.rank.value] for card in hand.cards)
    if label == "High Card" and game is GameName.RAZZ:  # the ace low
        low = sorted(1 if rank == 14 else rank for rank in ranks)
        return f"{RANK_NAME[max(low)]} Low"
    if label == "High Card" and game is GameName.DEUCE_TO_SEVEN:
        return f"{RANK_NAME[max(ranks)]} Low"
    if label == "Straight Flush" and ranks[-2:] == [13, 14]:
        return "Royal Flush"
    return label


@pytest.mark.parametrize("game", list(POKERKIT_HAND))
def test_a_sample_categorised_by_pokerkit_fits_the_odds(game: GameName) -> None:
    played = GAMES[game]
    rng = np.random.default_rng(20)
    codes = deck_codes(played.deck)
    picks = np.argsort(rng.random((SAMPLE, len(codes))), axis=1)[:, :played.cards_per_hand]
    hands = codes[picks]
    evaluator = EVALUATORS[game_kind(played)]
    ours = evaluator.category_of(evaluator.strengths(hands, np.zeros((SAMPLE, 0), np.uint8)))
    kind = getattr(pokerkit, POKERKIT_HAND[game])
    labels = categories_of(played)
    theirs = []
    for row in picks.tolist():
        cards = list(pokerkit.Card.parse("".join(played.deck[i][0] + played.deck[i][1].lower()
                                                 for i in row)))
        theirs.append(_pokerkit_category(game, kind.from_game(cards, [])))
    assert [labels[index] for index in ours.tolist()] == theirs
    counted = Counter(theirs)
    fit = goodness_of_fit([counted[label] for label in labels], played)
    assert fit.p_value is not None and fit.p_value > 1e-3, (game, fit)


# --- the low halves of the split games ---------------------------------------------------------

_LOW_DECK = tuple(card for card in DECK if card[0] in "A23456789" and card[1] in "CD")  # 18


def test_split_games_lows_are_what_rank_multisets_count() -> None:
    """Stud hi/lo's seven cards, and Omaha hi/lo's two of four hole cards and three of five
    board cards, as eight-or-better lows; their lows of eight to five are razz's seven-card
    counts of the same lows (a low of five different ranks is the best five of seven either
    way)."""
    stud, omaha = GAMES[GameName.STUD_HI_LO], GAMES[GameName.OMAHA_HI_LO]
    assert tuple(rank_multiset_counts("eight-or-better", 7)) == stud.random_lows
    razz = GAMES[GameName.RAZZ].random_hands
    assert stud.random_lows is not None and razz is not None
    assert stud.random_lows[1:] == razz[-4:]
    assert tuple(rank_multiset_counts("omaha-eight-or-better", 4, board_cards=5)
                 ) == omaha.random_lows


def test_lows_by_rank_multiset_count_what_every_hand_counts_on_a_small_deck() -> None:
    """Aces to nines of three suits (27 cards: 888,030 seven-card hands) for stud's lows; of
    two suits (18 cards: every one of the 3,060 holdings against every one of the 2,002
    boards left) for Omaha's, where one holding of each suit class, weighed, counts the
    same."""
    three_suits = tuple(card for card in DECK if card[0] in "A23456789" and card[1] != "S")
    assert rank_multiset_counts("eight-or-better", 7, three_suits) == every_hand_counts(
        "eight-or-better", three_suits, 7)
    codes = deck_codes(_LOW_DECK)
    holdings = combination_rows(len(_LOW_DECK), 4)
    left = np.array([np.setdiff1d(np.arange(len(_LOW_DECK)), holding) for holding in holdings])
    boards = codes[left[:, combination_rows(len(_LOW_DECK) - 4, 5)]].reshape(-1, 5)
    hands = np.repeat(codes[holdings], math.comb(len(_LOW_DECK) - 4, 5), axis=0)
    evaluator = EVALUATORS["omaha-eight-or-better"]
    every = np.bincount(evaluator.category_of(evaluator.strengths(hands, boards)),
                        minlength=len(evaluator.categories)).tolist()
    assert every == rank_multiset_counts("omaha-eight-or-better", 4, _LOW_DECK, 5) == (
        hole_and_board_counts("omaha-eight-or-better", _LOW_DECK, 4, 5)) == [
        210_056, 1_158_052, 2_049_972, 1_878_940, 829_100]


def _pokerkit_low(hand: type[pokerkit.Hand], hole: list[pokerkit.Card],
                  board: list[pokerkit.Card]) -> str:
    """The low category pokerkit's hand gives: its highest card (the ace low), or no low."""
    try:
        low = hand.from_game(hole, board)
    except ValueError:  # pokerkit: no qualifying low
        return "No Low"
    ranks = [RANK_VALUE[card.rank.value] for card in low.cards]
    return f"{RANK_NAME[max(rank for rank in ranks if rank != RANK_VALUE['A'])]} Low"


@pytest.mark.parametrize(("game", "hand"), [
    (GameName.STUD_HI_LO, pokerkit.EightOrBetterLowHand),
    (GameName.OMAHA_HI_LO, pokerkit.OmahaEightOrBetterLowHand)])
def test_a_sample_of_lows_categorised_by_pokerkit_fits_the_odds(
        game: GameName, hand: type[pokerkit.Hand]) -> None:
    played = GAMES[game]
    rng = np.random.default_rng(22)
    codes = deck_codes()
    picks = np.argsort(rng.random((SAMPLE, len(codes))), axis=1)[:, :played.cards_per_hand]
    hole, board = (picks, picks[:, :0]) if not played.board_cards else (
        picks[:, :played.hole_cards], picks[:, played.hole_cards:])
    evaluator = EVALUATORS[str(low_kind(played))]
    ours = evaluator.category_of(evaluator.strengths(codes[hole], codes[board]))
    labels = categories_of(played, low=True)
    theirs = [_pokerkit_low(hand, _parsed(hole_row), _parsed(board_row))
              for hole_row, board_row in zip(hole.tolist(), board.tolist(), strict=True)]
    assert [labels[index] for index in ours.tolist()] == theirs
    counted = Counter(theirs)
    assert counted["No Low"] < SAMPLE  # lows occur: the comparison above is not all "No Low"
    fit = goodness_of_fit([counted[label] for label in labels], played, low=True)
    assert fit.p_value is not None and fit.p_value > 1e-3, (game, fit)


def _parsed(indexes: list[int]) -> list[pokerkit.Card]:
    return list(pokerkit.Card.parse("".join(DECK[i][0] + DECK[i][1].lower() for i in indexes)))
