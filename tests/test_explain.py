"""Hands in words and the comparison that decides a deal: `pokerdb explain`."""

import json
from pathlib import Path

import pytest
from sqlalchemy import Engine
from support import PE54_FILE, REPO
from typer.testing import CliRunner

from pokerdb.answers.explain import explain_cards, explain_deal
from pokerdb.cli import app
from pokerdb.errors import PokerdbError
from pokerdb.formats import InputFormat
from pokerdb.rules.evaluators import describe, describe_strength, evaluate_cards
from pokerdb.steps.evaluation import evaluate_pending
from pokerdb.steps.importer import ImportOptions, import_file


@pytest.mark.parametrize(("cards", "words"), [
    ("8C TS KC 9H 4S", "High Card, King high"),
    ("QC QD 9S 5H 2C", "Pair of Queens, Nine kicker"),
    ("6C 6D 2S 5H 3C", "Pair of Sixes, Five kicker"),
    ("KC KD 4H 4S AC", "Two Pairs, Kings and Fours, Ace kicker"),
    ("7C 7D 7H 2S 3C", "Three of a Kind, Sevens"),
    ("AC 2D 3H 4S 5C", "Straight, Five high"),
    ("TC JD QH KS AC", "Straight, Ace high"),
    ("QD 9D 6D 4D 2D", "Flush, Queen high"),
    ("4C 4D 4H 2S 2C", "Full House, Fours full of Twos"),
    ("9C 9D 9H 9S 3C", "Four of a Kind, Nines"),
    ("5H 6H 7H 8H 9H", "Straight Flush, Nine high"),
    ("TS JS QS KS AS", "Royal Flush"),
])
def test_describe_every_category(cards: str, words: str) -> None:
    value = evaluate_cards(cards)
    assert describe(value) == words
    assert describe_strength(value.strength) == words


@pytest.mark.parametrize(("cards", "verdict"), [
    # different categories
    ("7C 7D 7H 2S 3C QD 9D 6D 4D 2D",
     "Player 2 wins: Flush, Queen high beats Three of a Kind, Sevens"),
    # same category, the deciding rank is named in the descriptions
    ("8C TS KC 9H 4S 7D 2S 5D 3S AC",
     "Player 2 wins: High Card, Ace high beats High Card, King high"),
    ("QC QD 9S 5H 2C QH QS 7D 4C 3S",
     "Player 1 wins: Pair of Queens, Nine kicker beats Pair of Queens, Seven kicker"),
    ("KC KD 4H 4S AC KH KS 4C 4D QC",
     "Player 1 wins: Two Pairs, Kings and Fours, Ace kicker beats Two Pairs, Kings and Fours, "
     "Queen kicker"),
    ("AC 2D 3H 4S 5C 2H 3S 4D 5H 6C",
     "Player 2 wins: Straight, Six high beats Straight, Five high"),
    # descriptions alike: the rank that decides is named
    ("QC QD 9S 6H 2C QH QS 9D 4C 3S",
     "Player 1 wins: Pair of Queens, Nine kicker beats Pair of Queens, Nine kicker "
     "(decided by the second kicker: Six against Four)"),
    ("QC QD 9S 6H 2C QH QS 9D 6C 3S",
     "Player 2 wins: Pair of Queens, Nine kicker beats Pair of Queens, Nine kicker "
     "(decided by the third kicker: Three against Two)"),
    ("KC 9D 7S 5H 3C KD 8C 7D 5S 3D",
     "Player 1 wins: High Card, King high beats High Card, King high "
     "(decided by the second-highest card: Nine against Eight)"),
    ("QH 9H 7H 5H 2H QS 9S 7S 5S 3S",
     "Player 2 wins: Flush, Queen high beats Flush, Queen high "
     "(decided by the lowest card: Three against Two)"),
    # exact ties
    ("QH 9H 7H 5H 3H QS 9S 7S 5S 3S",
     "Tie: both have Flush, Queen high (identical ranks Q 9 7 5 3; suits never break ties)"),
    ("QC QD 9S 6H 4C QH QS 9D 6C 4S",
     "Tie: both have Pair of Queens, Nine kicker (identical ranks Q Q 9 6 4; "
     "suits never break ties)"),
    # more than two players: the best hand against the runner-up
    ("QC QD 9S 6H 2C 7C 7D 7H 2S 3C AH KH 5H 4H 8H",
     "Player 3 wins: Flush, Ace high beats Three of a Kind, Sevens (runner-up: player 2)"),
    ("QC QD 9S 6H 2C 8C 8D 3H 2S 4D QH QS 9D 4C 3S",
     "Player 1 wins: Pair of Queens, Nine kicker beats Pair of Queens, Nine kicker "
     "(runner-up: player 3; decided by the second kicker: Six against Four)"),
    ("QH 9H 7H 5H 3H QS 9S 7S 5S 3S KC KD KH 2C 2D",
     "Player 3 wins: Full House, Kings full of Twos beats Flush, Queen high "
     "(runner-up: players 1 and 2)"),
    ("QH 9H 7H 5H 3H 2C 4D 6C 8D TC QS 9S 7S 5S 3S",
     "Tie between players 1 and 3: both have Flush, Queen high (identical ranks Q 9 7 5 3; "
     "suits never break ties)"),
    ("9C 8D 7H 6S 5C 9D 8H 7S 6C 5D 9H 8S 7C 6D 5H",
     "Tie between players 1, 2 and 3: all have Straight, Nine high (identical ranks 9 8 7 6 5; "
     "suits never break ties)"),
    ("8C TS KC 9H 4S", "Player 1 has no opponent: nothing to compare"),
])
def test_verdict(cards: str, verdict: str) -> None:
    assert explain_cards(cards).verdict == verdict


def test_explain_cards_lists_each_hand_then_the_verdict() -> None:
    assert explain_cards("8c ts kc 9h 4s 7d 2s 5d 3s ac").lines() == [
        "Player 1: 8C TS KC 9H 4S  High Card, King high",
        "Player 2: 7D 2S 5D 3S AC  High Card, Ace high",
        "Player 2 wins: High Card, Ace high beats High Card, King high",
    ]


@pytest.mark.parametrize(("cards", "message"), [
    ("8C TS KC 9H 4S 7D 2S 5D 3S 10C",
     "--cards: '10C' is not a card: write ten as T (e.g. 'TC')"),
    ("8C TS KC 9H 4S 7D 2S 5D 3S",
     "--cards: found 9 cards; a deal is 5 cards per player (10 for two players)"),
    ("8C TS KC 9H 4S 7D 2S 5D 3S 8C", "--cards: card '8C' appears twice in the deal"),
    ("  ", "--cards: no cards given"),
])
def test_explain_cards_rejects_bad_cards(cards: str, message: str) -> None:
    with pytest.raises(PokerdbError) as caught:
        explain_cards(cards)
    assert str(caught.value) == message


DEAL_516 = [
    "Deal 516 (dataset p054_poker.txt, line 516)",
    "Player 1: KD AD KH 7H 7S  Two Pairs, Kings and Sevens, Ace kicker",
    "Player 2: 5D 5H 5S 2D 9C  Three of a Kind, Fives",
    "Player 2 wins: Three of a Kind, Fives beats Two Pairs, Kings and Sevens, Ace kicker",
]


def test_explain_deal_before_and_after_evaluation(engine: Engine) -> None:
    import_file(engine, str(PE54_FILE))
    assert explain_deal(engine, 516).lines() == DEAL_516  # evaluated on the fly
    evaluate_pending(engine)
    assert explain_deal(engine, 516).lines() == DEAL_516


def test_a_seat_showing_one_card_is_not_valued(engine: Engine) -> None:
    """PokerStars writes a seat that showed one card of two as having shown: it has no hand
    to value (it was explained with a traceback), and the hand shown wins."""
    import_file(engine, str(REPO / "tests" / "data" / "pokerstars" / "CashGame" / "ExtraHands"
                            / "ShowsDownSingleCard.txt"),
                ImportOptions(file_format=InputFormat.POKERSTARS))
    lines = explain_deal(engine, 1).lines()
    assert lines[2:4] == ["Player 4: AD TD  best AD AH QS JS TD  Pair of Aces, Queen kicker",
                          "Player 4 wins: the others mucked"]


def test_explain_deal_that_does_not_exist(engine: Engine) -> None:
    with pytest.raises(PokerdbError, match=r"^no deal with id 7 in the database$"):
        explain_deal(engine, 7)


def test_cli_explain_deal(runner: CliRunner, db_url: str) -> None:
    assert runner.invoke(app, ["import", str(PE54_FILE), "--db", db_url, "-q"]).exit_code == 0
    result = runner.invoke(app, ["explain", "516", "--db", db_url])
    assert result.exit_code == 0, result.output
    assert result.stdout == "\n".join(DEAL_516) + "\n"


def test_cli_explain_cards(runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", "--cards", "7C 7D 7H 2S 3C QD 9D 6D 4D 2D"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "Player 1: 7C 7D 7H 2S 3C  Three of a Kind, Sevens\n"
        "Player 2: QD 9D 6D 4D 2D  Flush, Queen high\n"
        "Player 2 wins: Flush, Queen high beats Three of a Kind, Sevens\n")


@pytest.mark.parametrize(("args", "message"), [
    ([], "Error: explain needs a deal id or --cards (not both)\n"),
    (["1", "--cards", "8C TS KC 9H 4S"], "Error: explain needs a deal id or --cards (not both)\n"),
    (["--cards", "8C TS KC 9H 4X"],
     "Error: --cards: unknown suit 'X' in card '4X' (suits are C D H S)\n"),
])
def test_cli_explain_errors(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["explain", *args])
    assert result.exit_code == 1
    assert result.stderr == message
    assert result.stdout == ""


def test_cli_explain_missing_deal(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "empty.sqlite").touch()
    result = runner.invoke(app, ["explain", "3", "--db", f"{tmp_path}/empty.sqlite"])
    assert result.exit_code == 1
    assert result.stderr == "Error: no deal with id 3 in the database\n"


def test_cli_explain_json(runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", "--cards", "5H 5C 6S 7S KD 2C 3S 8S 8D TD",
                                 "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "deal": None,
        "hands": [
            {"player": 1, "cards": "5H 5C 6S 7S KD", "category": "One Pair",
             "strength": 0x15D760, "description": "Pair of Fives, King kicker"},
            {"player": 2, "cards": "2C 3S 8S 8D TD", "category": "One Pair",
             "strength": 0x18A320, "description": "Pair of Eights, Ten kicker"},
        ],
        "verdict": "Player 2 wins: Pair of Eights, Ten kicker beats Pair of Fives, King kicker",
    }


def test_cli_explain_offers_only_the_formats_it_prints(runner: CliRunner) -> None:
    """--help lists table and json; csv, which a verdict has no rows for, is not offered."""
    help_text = runner.invoke(app, ["explain", "--help"]).stdout
    assert "<table|json>" in help_text and "table|csv|json" not in help_text
    result = runner.invoke(app, ["explain", "--cards", "5H 5C 6S 7S KD", "--format", "csv"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == ("Error: Invalid value for '--format' / '-f': "
                                             "'csv' is not one of 'table', 'json'.")
