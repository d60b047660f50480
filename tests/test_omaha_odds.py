"""Omaha's exact category odds with 4, 5 and 6 hole cards (rules.omaha_odds, by patterns of
ranks and of the flush suit) are what every holding against every board counts: on small decks
against game_odds.hole_and_board_counts (every board against each class of holdings alike but
for their suits, itself checked against every holding in test_game_odds), on the full deck
against four hole cards' counts by classes of holdings and against closed forms; random hands
categorised by pokerkit 0.7.7 match ours and fit them, and so do 200,000 of ours, while hands
of a deck short of a suit do not."""

import json
import math
from collections import Counter
from pathlib import Path

import numpy as np
import pokerkit
import pytest
from support import succeeds, write_lines
from test_game_odds import _pokerkit_category
from typer.testing import CliRunner

from pokerdb.answers.stats import categories_of, goodness_of_fit
from pokerdb.rules.cards import DECK, RANK_CHARS, SUIT_CHARS
from pokerdb.rules.evaluators import EVALUATORS
from pokerdb.rules.evaluators.high import Category
from pokerdb.rules.game_odds import counted_odds, deck_codes, hole_and_board_counts
from pokerdb.rules.games import GAMES, Game, GameName
from pokerdb.rules.omaha_odds import omaha_category_counts

OMAHAS = {4: GameName.OMAHA, 5: GameName.OMAHA_5, 6: GameName.OMAHA_6}
EVALUATOR = EVALUATORS["omaha-high"]


@pytest.mark.parametrize(("ranks", "hole_cards"), [
    ("TJQKA", 4), ("TJQKA", 5), ("TJQKA", 6),  # full houses, quads, straights, royal flushes
    ("9TJQKA", 4), ("9TJQKA", 6),  # flushes and straight flushes too
    ("A23456", 5),  # the wheel, and a straight flush five high
])
def test_patterns_count_what_every_board_against_every_holding_counts(
        ranks: str, hole_cards: int) -> None:
    deck = tuple(card for card in DECK if card[0] in ranks)
    counted = omaha_category_counts(hole_cards, deck)
    assert counted == hole_and_board_counts("omaha-high", deck, hole_cards, 5)
    assert sum(counted) == math.comb(len(deck), hole_cards) * math.comb(
        len(deck) - hole_cards, 5)


def test_small_deck_counts_have_every_category_they_can() -> None:
    """The decks above make every category but those their ranks cannot (no high card or
    flush of five cards of five ranks), so each part of the count is exercised."""
    tens = omaha_category_counts(6, tuple(card for card in DECK if card[0] in "TJQKA"))
    assert tens == [0, 0, 0, 0, 7_480_240, 0, 51_009_200, 16_105_080, 0, 3_003_000]
    nines = omaha_category_counts(6, tuple(card for card in DECK if card[0] in "9TJQKA"))
    assert nines == [0, 0, 11_170_752, 26_927_880, 248_618_616, 17_123_712, 685_622_448,
                     133_595_760, 13_880_160, 16_279_200]


@pytest.mark.slow
def test_four_hole_cards_by_patterns_are_the_counts_by_classes_of_holdings() -> None:
    """Omaha's odds, first counted by classes of holdings (40 CPU minutes), and Omaha hi/lo's
    high hands', counted again by patterns (seconds)."""
    omaha = GAMES[GameName.OMAHA]
    assert tuple(counted_odds(omaha)) == omaha.random_hands  # by omaha_category_counts
    assert GAMES[GameName.OMAHA_HI_LO].random_hands == omaha.random_hands


@pytest.mark.parametrize("hole_cards", [4, 5, 6])
def test_each_omaha_counts_every_hand_and_its_royal_flushes(hole_cards: int) -> None:
    """C(52, k) x C(52 - k, 5) hands; a royal flush is three of a suit's five royal cards on
    the board (4 x 10 ways, with any two of the 47 other cards) and the two others in the
    holding (with any k - 2 of the 45 cards left)."""
    odds = GAMES[OMAHAS[hole_cards]].random_hands
    assert sum(odds) == math.comb(52, hole_cards) * math.comb(52 - hole_cards, 5)
    assert odds[Category.ROYAL_FLUSH] == 4 * 10 * math.comb(47, 2) * math.comb(
        45, hole_cards - 2)


@pytest.mark.parametrize("hole_cards", [5, 6])
def test_pokerkit_categorises_random_hands_as_we_do_and_they_fit(hole_cards: int) -> None:
    """pokerkit's OmahaHoldemHand takes any number of hole cards (exactly two of them)."""
    game = GAMES[OMAHAS[hole_cards]]
    holes, boards = _random_hands(game, 1_500, np.random.default_rng(hole_cards))
    ours = EVALUATOR.category_of(EVALUATOR.strengths(holes, boards))
    labels = categories_of(game)
    theirs = [_pokerkit_category(game.name, pokerkit.OmahaHoldemHand.from_game(
        _pokerkit_cards(hole), _pokerkit_cards(board)))
        for hole, board in zip(holes.tolist(), boards.tolist(), strict=True)]
    assert [labels[index] for index in ours.tolist()] == theirs
    counted = Counter(theirs)
    fit = goodness_of_fit([counted[label] for label in labels], game)
    assert fit.p_value is not None and fit.p_value > 1e-3, fit


@pytest.mark.parametrize("hole_cards", [4, 5, 6])
def test_many_random_hands_fit_and_a_deck_short_of_a_suit_does_not(hole_cards: int) -> None:
    game = GAMES[OMAHAS[hole_cards]]
    rng = np.random.default_rng(20 + hole_cards)
    fit = goodness_of_fit(_categories(*_random_hands(game, 200_000, rng)), game)
    assert fit.p_value is not None and fit.p_value > 1e-3, fit
    three_suits = Game(game.name, game.label, game.hole_cards, 5, game.board_sizes,
                       game.random_hands, deck=tuple(card for card in DECK if card[1] != "C"))
    fit = goodness_of_fit(_categories(*_random_hands(three_suits, 20_000, rng)), game)
    assert fit.p_value is not None and fit.p_value < 1e-12, fit


def _random_hands(game: Game, hands: int, rng: np.random.Generator
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Holdings and boards (card codes) of random hands of the game's deck."""
    codes = deck_codes(game.deck)
    picks = codes[np.argsort(rng.random((hands, len(codes))), axis=1)[:, :game.cards_per_hand]]
    return picks[:, :game.hole_cards], picks[:, game.hole_cards:]


def _categories(holes: np.ndarray, boards: np.ndarray) -> list[int]:
    categories = EVALUATOR.category_of(EVALUATOR.strengths(holes, boards)).astype(np.int64)
    return np.bincount(categories, minlength=len(EVALUATOR.categories)).tolist()


def _pokerkit_cards(codes: list[int]) -> list[pokerkit.Card]:
    return list(pokerkit.Card.parse("".join(RANK_CHARS[code // 4 - 2] + SUIT_CHARS[code % 4].lower()
                                            for code in codes)))


@pytest.mark.parametrize("game", [GameName.OMAHA_5, GameName.OMAHA_6])
def test_stats_and_report_test_a_deal_file_against_the_odds(
        game: GameName, runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """A generated file fits its game's odds; a file dealt from a deck short of clubs (more
    flushes, fewer straights) does not."""
    played = GAMES[game]
    path = tmp_path / "random.txt"
    succeeds(runner, "generate", "500", "--seed", "5", "--players", "3", "--game", game.value,
             "-o", str(path), "-q")
    succeeds(runner, "import", str(path), "--db", db_url, "--format", "holdem", "--game",
             game.value)
    stats = json.loads(succeeds(runner, "stats", "--db", db_url, "--format", "json").stdout)
    assert [row["expected percent"] for row in stats["categories"]] == [
        float(f"{100 * hands_of / played.all_hands:.6g}") for hands_of in played.random_hands]
    # player 1's hand of each deal: the hands of one deal share its board
    assert sum(row["hands"] for row in stats["categories"]) == 500
    assert stats["goodness_of_fit"][0]["verdict"] == "consistent with random dealing (p >= 0.05)"
    rng = np.random.default_rng(6)
    no_clubs = np.array([card for card in DECK if card[1] != "C"])
    lines = []
    for _ in range(500):
        cards = no_clubs[rng.permutation(len(no_clubs))[:5 + 3 * played.hole_cards]].tolist()
        holes = [cards[5 + player * played.hole_cards:5 + (player + 1) * played.hole_cards]
                 for player in range(3)]
        lines.append(" | ".join(" ".join(group) for group in [cards[:5], *holes]))
    succeeds(runner, "import", write_lines(tmp_path / "no-clubs.txt", *lines), "--db", db_url,
             "--format", "holdem", "--game", game.value)
    stats = json.loads(succeeds(runner, "stats", "--db", db_url, "--dataset", "no-clubs.txt",
                                "--format", "json").stdout)
    fit = stats["goodness_of_fit"][0]
    assert fit["verdict"] == "unlikely to be randomly dealt (p < 0.05)"
    assert fit["p-value"] < 1e-6
    pytest.importorskip("matplotlib")
    from pokerdb.answers.html_report import build_report
    from pokerdb.storage.engines import open_engine

    engine = open_engine(db_url)
    try:
        page = build_report(engine, "random.txt")
    finally:
        engine.dispose()
    assert f"random hand of {played.label}: two hole cards and three of the board" in page
    assert "consistent with random dealing (p &gt;= 0.05)" in page
