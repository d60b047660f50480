"""Exact all-in equity: pokerdb.rules.equity against brute force with eval7 (an independent
evaluator) on every completion of flop and turn boards, against preflop values eval7 counted
once, its properties, and `pokerdb equity` and `explain` end to end on both backends."""

import itertools
import json
import math
import random
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import eval7
import numpy as np
import pytest
from alembic import command
from hypothesis import given, settings
from hypothesis import strategies as st
from support import (
    TEXTED_DEALS,
    cookbook_queries,
    fails,
    holdem_sample,
    rows,
    succeeds,
    write_lines,
)
from typer.testing import CliRunner

from pokerdb.rules.cards import DECK, SUIT_CHARS
from pokerdb.rules.equity import equities
from pokerdb.rules.evaluators import card_codes
from pokerdb.rules.games import HOLDEM
from pokerdb.steps import equity_step
from pokerdb.storage.engines import alembic_config, open_engine


def nothing_to_compute(deals: str) -> str:
    return (f"nothing to compute: every deal with a board of the database whose cards are known "
            f"has its equities already ({deals})\n")


def codes(cards: list[str]) -> np.ndarray:
    """The card codes of cards given as texts."""
    text = "".join(f"{card} " for card in cards).encode("ascii")
    return card_codes(np.frombuffer(text, dtype=np.uint8).reshape(1, -1))[0]


def equity_of(holes: list[list[str]], board: list[str]) -> list[float]:
    """pokerdb's equities of one deal."""
    hole_codes = codes([card for hole in holes for card in hole]).reshape(1, len(holes), 2)
    result: list[float] = equities(hole_codes, codes(board).reshape(1, len(board)))[0].tolist()
    return result


def eval7_equity(holes: list[list[str]], board: list[str]) -> list[Fraction]:
    """Each player's share of the pot over every completion of the board, by eval7."""
    def card(text: str) -> eval7.Card:
        return eval7.Card(text[0] + text[1].lower())

    used = set(board) | {c for hole in holes for c in hole}
    left = [card(c) for c in DECK if c not in used]
    hands = [[card(c) for c in hole] for hole in holes]
    known = [card(c) for c in board]
    won = [Fraction(0)] * len(holes)
    boards = 0
    for completion in itertools.combinations(left, HOLDEM.board_cards - len(board)):
        values = [eval7.evaluate(hand + known + list(completion)) for hand in hands]
        winners = [player for player, value in enumerate(values) if value == max(values)]
        for player in winners:
            won[player] += Fraction(1, len(winners))
        boards += 1
    return [share / boards for share in won]


def random_spot(rng: random.Random, players: int, board_cards: int,
                flush_suit: str | None = None) -> tuple[list[list[str]], list[str]]:
    """A random deal; with `flush_suit`, most of its board and some hole cards of that suit."""
    deck = list(DECK)
    rng.shuffle(deck)
    if flush_suit is not None:  # cards of the suit first: on the board, then in the holes
        deck.sort(key=lambda card: card[1] != flush_suit or rng.random() < 0.3)
        board = deck[:board_cards]
        rest = deck[board_cards:]
        rng.shuffle(rest[:6])
        return [rest[2 * p:2 * p + 2] for p in range(players)], board
    board = deck[:board_cards]
    return [deck[board_cards + 2 * p:board_cards + 2 * p + 2] for p in range(players)], board


SPOTS = [(players, board_cards, suit)
         for players in range(2, 7) for board_cards in (3, 4) for suit in (None, "H")]


@pytest.mark.parametrize(("players", "board_cards", "flush_suit"), SPOTS)
def test_flop_and_turn_against_eval7(players: int, board_cards: int,
                                     flush_suit: str | None) -> None:
    rng = random.Random(players * 10 + board_cards)
    for _ in range(3):
        holes, board = random_spot(rng, players, board_cards, flush_suit)
        want = eval7_equity(holes, board)
        assert equity_of(holes, board) == [float(share) for share in want], (holes, board)


def test_complete_boards_are_won_lost_or_split() -> None:
    assert equity_of([["5C", "KD"], ["6H", "6S"]], ["AH", "2D", "3S", "4H", "9C"]) == [1.0, 0.0]
    assert equity_of([["7H", "2C"], ["6H", "3C"], ["2D", "3D"]],
                     ["AS", "AD", "KS", "KD", "QC"]) == [1 / 3] * 3
    assert equity_of([["AH", "KD"], ["AC", "KS"], ["2C", "3D"]],
                     ["QS", "JS", "TD", "4C", "5H"]) == [0.5, 0.5, 0.0]


# Counted once by eval7 over all boards (brute force, as eval7_equity does; about 5 s a spot
# here), as each player's pot units (a pot of lcm(1..players) units per board, split equally).
PREFLOP = [
    ([["AH", "KH"], ["QS", "QC"]], 1_712_304, 2, [1_582_664, 1_841_944]),
    ([["AS", "AD"], ["KH", "KD"]], 1_712_304, 2, [2_806_331, 618_277]),
    ([["7C", "2D"], ["7H", "2S"]], 1_712_304, 2, [1_712_304, 1_712_304]),  # mirror images
    ([["AH", "KH"], ["QS", "QC"], ["JD", "TD"]], 1_370_754, 6, [3_307_014, 3_376_536, 1_540_974]),
]


@pytest.mark.parametrize(("holes", "boards", "pot", "units"), PREFLOP)
def test_preflop_against_eval7_counts(holes: list[list[str]], boards: int, pot: int,
                                      units: list[int]) -> None:
    assert math.comb(len(DECK) - 2 * len(holes), HOLDEM.board_cards) == boards
    assert sum(units) == boards * pot
    assert equity_of(holes, []) == [float(Fraction(won, boards * pot)) for won in units]


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[list[str]], list[str]]:
    """Hole cards of 2 to 6 players and a board (preflop with at most three players)."""
    players = draw(st.integers(2, 6))
    board_cards = draw(st.sampled_from((0, 3, 4, 5) if players <= 3 else (3, 4, 5)))
    cards = draw(st.permutations(DECK))
    holes = [cards[board_cards + 2 * p:board_cards + 2 * p + 2] for p in range(players)]
    return holes, cards[:board_cards]


@settings(max_examples=60, deadline=None)
@given(deals(), st.data())
def test_properties(deal: tuple[list[list[str]], list[str]], data: st.DataObject) -> None:
    """The equities sum to 1; swapping two players swaps their equities; relabelling the
    suits changes nothing."""
    holes, board = deal
    equity = equity_of(holes, board)
    assert sum(equity) == pytest.approx(1, abs=1e-12)
    assert all(0 <= share <= 1 for share in equity)
    first, second = data.draw(st.lists(st.integers(0, len(holes) - 1), min_size=2, max_size=2,
                                       unique=True))
    swapped = list(holes)
    swapped[first], swapped[second] = holes[second], holes[first]
    expected = list(equity)
    expected[first], expected[second] = equity[second], equity[first]
    assert equity_of(swapped, board) == expected
    suits = dict(zip(SUIT_CHARS, data.draw(st.permutations(SUIT_CHARS)), strict=True))
    relabelled = [[card[0] + suits[card[1]] for card in hole] for hole in holes]
    assert equity_of(relabelled, [card[0] + suits[card[1]] for card in board]) == equity


def test_deals_computed_together_equal_deals_computed_alone() -> None:
    rng = random.Random(7)
    spots = [random_spot(rng, 3, 3) for _ in range(40)]
    holes = np.stack([codes([c for hole in h for c in hole]).reshape(3, 2) for h, _ in spots])
    boards = np.stack([codes(board) for _, board in spots])
    together = equities(holes, boards).tolist()
    assert together == [equity_of(h, board) for h, board in spots]


# --- the `pokerdb equity` step ----------------------------------------------------------------

DEALS = (
    "| AH KH | QS QC",  # preflop, heads-up
    "2C 7D 9H | AH KH | QS QC",  # flop
    "2C 7D 9H JS | AH KH | QS QC | 8C 8D",  # turn, three players
    "AH 2D 3S 4H 9C | 5C KD | 6H 6S",  # river: won
    "AS AD KS KD QC | 7H 2C | 6H 3C",  # river: split
    "| 2C 7D | AS AD | KH KD",  # preflop, three players
)


def holdem_file(tmp_path: Path, *lines: str, name: str = "holdem.txt") -> str:
    return write_lines(tmp_path / name, *lines)


def stored(db_url: str) -> list[tuple[int, int, float]]:
    return rows(db_url, "SELECT deal_id, player, equity FROM hands ORDER BY deal_id, player")


def expected_rows(lines: tuple[str, ...], first_id: int = 1) -> list[tuple[int, int, float]]:
    """Each hand's equity computed by pokerdb.rules.equity, deal by deal."""
    expected = []
    for deal_id, line in enumerate(lines, start=first_id):
        board, *holes = (group.split() for group in line.split("|"))
        expected += [(deal_id, player, share)
                     for player, share in enumerate(equity_of(holes, board), start=1)]
    return expected


def test_equity_command(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    succeeds(runner, "import", holdem_file(tmp_path, *DEALS), "--format", "holdem",
             "--players", "any", "--db", db_url)
    result = succeeds(runner, "equity", "--db", db_url)
    assert re.fullmatch(r"computed the equity of 14 hands in 6 deals in \d+\.\d\d s "
                        r"\([\d,]+ deals/s\)\n", result.stdout), result.stdout
    assert stored(db_url) == expected_rows(DEALS)
    assert [share for *_, share in stored(db_url)][7:11] == [1.0, 0.0, 0.5, 0.5]
    # Nothing is left to do, and nothing is computed twice.
    result = succeeds(runner, "equity", "--db", db_url)
    assert result.stdout == nothing_to_compute("6 deals")
    assert succeeds(runner, "equity", "--db", db_url, "--quiet").stdout == ""
    assert rows(db_url, "SELECT count(*) FROM hand_equities") == [(14,)]
    assert rows(db_url, "SELECT count(*) FROM hands WHERE allin_equity IS NOT NULL "
                        "OR allin_net IS NOT NULL") == [(0,)]


def test_equity_of_one_dataset(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """--dataset computes one dataset's deals; deals of a game without a board have none."""
    succeeds(runner, "import", holdem_file(tmp_path, *DEALS[:2], name="one.txt"),
             "--format", "holdem", "--db", db_url)
    succeeds(runner, "import", holdem_file(tmp_path, *DEALS[3:5], name="two.txt"),
             "--format", "holdem", "--db", db_url)
    succeeds(runner, "import", write_lines(tmp_path / "five.txt", "8C TS KC 9H 4S 7D 2S 5D 3S AC"),
             "--db", db_url)
    result = succeeds(runner, "equity", "--db", db_url, "--dataset", "two.txt")
    assert result.stdout.startswith("computed the equity of 4 hands in 2 deals in ")
    assert stored(db_url)[4:8] == expected_rows(DEALS[3:5], first_id=3)
    assert all(share is None for *_, share in stored(db_url)[:4])
    succeeds(runner, "equity", "--db", db_url)
    assert stored(db_url)[:8] == expected_rows(DEALS[:2]) + expected_rows(DEALS[3:5], 3)
    assert stored(db_url)[8:] == [(5, 1, None), (5, 2, None)]  # the five-card deal
    result = fails(runner, "equity", "--db", db_url, "--dataset", "nope")
    assert result.stderr == "Error: no dataset named 'nope' (see: pokerdb datasets)\n"


def test_equity_says_why_there_is_nothing_to_compute(runner: CliRunner, db_url: str,
                                                     tmp_path: Path) -> None:
    """No deals, no deal of a game with a board, or every deal done but those whose cards
    are unknown: each said plainly, exit code 0."""
    nothing = "nothing to compute: "
    succeeds(runner, "import", write_lines(tmp_path / "five.txt", "8C TS KC 9H 4S 7D 2S 5D 3S AC",
                                           "5C AD 5D AC 9C 7C 5H 8D TD KS"), "--db", db_url)
    no_board = ("is of a game with a board (Hold'em, Omaha, short-deck: the games pokerdb "
                "computes equity for)\n")
    assert succeeds(runner, "equity", "--db", db_url).stdout == (
        f"{nothing}no deal of the database (2 deals) {no_board}")
    succeeds(runner, "import", str(holdem_sample(tmp_path / "phh")), "--db", db_url, "-q")
    assert succeeds(runner, "equity", "--db", db_url, "--dataset", "five.txt").stdout == (
        f"{nothing}no deal of dataset 'five.txt' (2 deals) {no_board}")
    assert succeeds(runner, "equity", "--db", db_url).stdout.startswith(
        "computed the equity of 82 hands in 17 deals in ")
    assert rows(db_url, "SELECT count(*) FROM deals WHERE board IS NOT NULL AND id NOT IN "
                        "(SELECT deal_id FROM hand_equities)") == [(2,)]
    assert succeeds(runner, "equity", "--db", db_url).stdout == (
        f"{nothing}every deal with a board of the database whose cards are known has its "
        f"equities already (17 deals); 2 deals with a board have a player's cards unknown (not "
        f"shown), so no equity\n")
    succeeds(runner, "delete", "five.txt", "--db", db_url)
    succeeds(runner, "delete", "phh", "--db", db_url)
    assert succeeds(runner, "equity", "--db", db_url).stdout == (
        f"{nothing}the database holds no deals\n")


class Stopped(Exception):
    """Stands for the process being killed after a window."""


def test_a_stopped_run_resumes(runner: CliRunner, db_url: str, other_url: str,
                               tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopped after its first window, a run leaves that window stored; a rerun stores the
    rest, each hand's equity identical to an uninterrupted run's."""
    rng = random.Random(3)
    lines = [" | ".join([" ".join(board), *(" ".join(hole) for hole in holes)])
             for holes, board in (random_spot(rng, rng.randint(2, 4), rng.choice((3, 4, 5)))
                                  for _ in range(30))]
    path = holdem_file(tmp_path, *lines)
    for url in (db_url, other_url):
        succeeds(runner, "import", path, "--format", "holdem", "--players", "any", "--db", url)
    succeeds(runner, "equity", "--db", other_url)
    monkeypatch.setattr(equity_step, "WINDOW_DEALS", 8)
    insert_rows = equity_step.insert_rows
    windows = []

    def insert_then_stop(*args: object) -> None:
        if windows:
            raise Stopped
        insert_rows(*args)  # type: ignore[arg-type]
        windows.append(args)

    monkeypatch.setattr(equity_step, "insert_rows", insert_then_stop)
    with pytest.raises(Stopped):
        equity_step.compute_pending(open_engine(db_url))
    assert rows(db_url, "SELECT count(DISTINCT deal_id), max(deal_id) FROM hand_equities") == [
        (8, 8)]
    monkeypatch.undo()
    succeeds(runner, "equity", "--db", db_url)
    assert stored(db_url) == stored(other_url)
    assert stored(db_url) == expected_rows(tuple(lines))


def test_explain_shows_equities(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    succeeds(runner, "import", holdem_file(tmp_path, *DEALS), "--format", "holdem",
             "--players", "any", "--db", db_url)
    turn = ["Deal 3 (dataset holdem.txt, line 3)",
            "Board: 2C 7D 9H JS",
            "Player 1: AH KH  equity 14.3%",
            "Player 2: QS QC  equity 71.4%",
            "Player 3: 8C 8D  equity 14.3%",
            "No showdown: the deal stops at the turn; the cards still to come decide it"]
    assert succeeds(runner, "explain", "3", "--db", db_url).stdout.splitlines() == turn
    succeeds(runner, "equity", "--db", db_url)
    assert succeeds(runner, "explain", "3", "--db", db_url).stdout.splitlines() == turn
    # The stored equity is the one shown.
    engine = open_engine(db_url)
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "UPDATE hand_equities SET equity = 0.25 WHERE deal_id = 3 AND player = 1")
    assert succeeds(runner, "explain", "3", "--db", db_url).stdout.splitlines()[2] == (
        "Player 1: AH KH  equity 25.0%")
    engine.dispose()
    assert succeeds(runner, "explain", "--cards", DEALS[0]).stdout.splitlines() == [
        "Board: (none: preflop)",
        "Player 1: AH KH  equity 46.2%",
        "Player 2: QS QC  equity 53.8%",
        "No showdown: the deal stops before the flop; the cards still to come decide it"]
    record = succeeds(runner, "explain", "--cards", DEALS[1], "--format", "json").stdout
    assert json.loads(record) == {
        "deal": None, "board": "2C 7D 9H",
        "hands": [{"player": 1, "cards": "AH KH", "equity": 28 / 99},
                  {"player": 2, "cards": "QS QC", "equity": 71 / 99}],
        "verdict": "No showdown: the deal stops at the flop; the cards still to come decide it"}


def test_readme_equity_queries(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """The cookbook's equity queries: luck at the flop against the river on the same deals, and
    pocket pairs' equity before the flop."""
    rng = random.Random(12)
    spots = [random_spot(rng, 3, 5) for _ in range(12)]
    river = [" | ".join([" ".join(board), *(" ".join(hole) for hole in holes)])
             for holes, board in spots]
    flop = [" | ".join([" ".join(board[:3]), *(" ".join(hole) for hole in holes)])
            for holes, board in spots]
    preflop = ["| AS AD | KH KD", "| 7C 7D | 2S 3S", "| AH AC | 7H 7S"]
    for name, lines in (("flop.txt", flop), ("river.txt", river), ("preflop.txt", preflop)):
        succeeds(runner, "import", holdem_file(tmp_path, *lines, name=name), "--format", "holdem",
                 "--db", db_url)
    succeeds(runner, "equity", "--db", db_url, "--quiet")
    queries = [sql for sql in cookbook_queries() if "equity" in sql]
    assert len(queries) == 2
    luck, pairs = (json.loads(succeeds(runner, "query", "--db", db_url, "--format", "json",
                                       "--", sql).stdout) for sql in queries)
    at_flop = [equity_of(holes, board[:3]) for holes, board in spots]
    won = [equity_of(holes, board) for holes, board in spots]
    assert [(row["player"], row["deals"]) for row in luck] == [(1, 12), (2, 12), (3, 12)]
    for row in luck:
        expected = sum(deal[row["player"] - 1] for deal in at_flop)
        result = sum(deal[row["player"] - 1] for deal in won)
        assert float(row["expected_at_flop"]) == round(expected, 2)
        assert float(row["won"]) == round(result, 2)
        assert float(row["luck"]) == round(result - expected, 2)
    aces = [equity_of([["AS", "AD"], ["KH", "KD"]], [])[0],
            equity_of([["AH", "AC"], ["7H", "7S"]], [])[0]]
    kings = equity_of([["AS", "AD"], ["KH", "KD"]], [])[1]
    sevens = [equity_of([["7C", "7D"], ["2S", "3S"]], [])[0],
              equity_of([["AH", "AC"], ["7H", "7S"]], [])[1]]
    assert [(row["pair"], row["hands"], float(row["equity"])) for row in pairs] == [
        ("A", 2, round(sum(aces) / 2, 3)), ("7", 2, round(sum(sevens) / 2, 3)),
        ("K", 1, round(kings, 3))]


def test_a_database_of_the_revision_before_upgrades_in_place(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """Revision 0005 adds hand_equities beside the data 0004 holds, and steps back without
    touching it."""
    succeeds(runner, "import", holdem_file(tmp_path, *DEALS), "--format", "holdem",
             "--players", "any", "--evaluate", "--db", db_url)
    before = rows(db_url, "SELECT deal_id, player, cards, strength, best FROM hands "
                          "ORDER BY deal_id, player")
    engine = open_engine(db_url)
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0004")
    assert rows(db_url, "SELECT deal_id, player, cards, strength, best FROM hands "
                        "ORDER BY deal_id, player") == before
    engine.dispose()
    succeeds(runner, "equity", "--db", db_url)  # opening the database upgrades it
    assert rows(db_url, "SELECT deal_id, player, cards, strength, best FROM hands "
                        "ORDER BY deal_id, player") == before
    assert stored(db_url) == expected_rows(DEALS)
    engine = open_engine(db_url)
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0004")
    engine.dispose()
    assert rows(db_url, "SELECT deal_id, player, cards, strength, best FROM hands "
                        "ORDER BY deal_id, player") == before


# --- all-in equity of recorded hands --------------------------------------------------------

# Three players: p2 folds the flop with his cards known, p1 and p3 are all in on it; then a
# hand without an all-in.
ALL_IN_ON_THE_FLOP = """\
[1]
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AhKh', 'd dh p2 JhTh', 'd dh p3 QsQc', 'p3 cc', 'p1 cc', 'p2 cc',
  'd db 2c7d9h', 'p1 cbr 98', 'p2 f', 'p3 cc', 'd db Js', 'd db 3s', 'p1 sm AhKh',
  'p3 sm QsQc']
players = ['Ann', 'Bo', 'Cy']

[2]
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cc', 'p1 cc', 'd db 2d8s9h', 'p1 cbr 4',
  'p2 f']
players = ['Ann', 'Bo']
"""


def to_stored_unit(amount: float) -> float:
    """An all-in net as stored, to the nearest ten-thousandth, and read back (a double)."""
    return round(amount * 10_000) / 10_000


def allin_rows(db_url: str) -> list[tuple[int, int, float, float | None, float | None]]:
    """Each hand's equities and all-in net (an amount: PostgreSQL's exact decimal as the double
    SQLite gives)."""
    return [(*row[:4], None if row[4] is None else float(row[4])) for row in rows(
        db_url, "SELECT deal_id, player, equity, allin_equity, allin_net FROM hands "
                "ORDER BY deal_id, player")]


def test_all_in_equity_of_a_recorded_hand(runner: CliRunner, db_url: str,
                                          tmp_path: Path) -> None:
    """The seats all in on the flop get their equity there among themselves (the folded
    seat's cards left in the deck: 990 run-outs, not 903) and their all-in adjusted net; the
    folded seat and the hand without an all-in get NULL."""
    path = tmp_path / "hands.phhs"
    path.write_text(ALL_IN_ON_THE_FLOP)
    succeeds(runner, "import", str(path), "--db", db_url)
    assert rows(db_url, "SELECT allin_board FROM deals ORDER BY id") == [("2C 7D 9H",), (None,)]
    assert rows(db_url, "SELECT player, allin_stake, allin_pot FROM hands WHERE deal_id = 1 "
                        "ORDER BY player") == [(1, 100, 202), (2, None, None), (3, 100, 202)]
    result = succeeds(runner, "equity", "--db", db_url)
    assert result.stdout.startswith("computed the equity of 5 hands in 2 deals in ")
    contenders = [["AH", "KH"], ["QS", "QC"]]
    shares = equity_of(contenders, ["2C", "7D", "9H"])
    assert shares == [float(share) for share in eval7_equity(contenders, ["2C", "7D", "9H"])]
    assert shares == [28 / 99, 71 / 99]
    river = equity_of([["AH", "KH"], ["JH", "TH"], ["QS", "QC"]],
                      ["2C", "7D", "9H", "JS", "3S"])
    assert river == [0.0, 0.0, 1.0]  # Cy's queens win
    assert allin_rows(db_url) == [
        (1, 1, 0.0, 28 / 99, to_stored_unit(28 / 99 * 202 - 100)),
        (1, 2, 0.0, None, None),
        (1, 3, 1.0, 71 / 99, to_stored_unit(71 / 99 * 202 - 100)),
        (2, 1, equity_of([["AC", "AD"], ["KC", "KD"]], ["2D", "8S", "9H"])[0], None, None),
        (2, 2, equity_of([["AC", "AD"], ["KC", "KD"]], ["2D", "8S", "9H"])[1], None, None)]
    # A rerun computes nothing and changes nothing.
    before = allin_rows(db_url)
    result = succeeds(runner, "equity", "--db", db_url)
    assert result.stdout == nothing_to_compute("2 deals")
    assert allin_rows(db_url) == before


def test_all_in_equity_of_the_shared_sample(runner: CliRunner, db_url: str,
                                            tmp_path: Path) -> None:
    """Every seat all in before the river gets its all-in equity and net, and those of a deal
    sum to 1; in the hand whose folded seat's cards are unknown, the seats still in get rows
    with no equity. The cookbook's query of net against all-in adjusted net sums them by name.
    (The sample's Hold'em hands: equity is for Hold'em.)"""
    succeeds(runner, "import", str(holdem_sample(tmp_path)), "--db", db_url)
    succeeds(runner, "equity", "--db", db_url, "--quiet")
    seats = rows(db_url, "SELECT h.deal_id, h.player, h.cards, d.allin_board, h.allin_stake, "
                         "h.allin_pot, h.allin_equity, h.allin_net, d.source, h.equity "
                         f"FROM hands h JOIN {TEXTED_DEALS} d ON d.id = h.deal_id "
                         "WHERE h.allin_stake IS NOT NULL ORDER BY h.deal_id, h.player")
    assert [(row[0], row[1], row[8]) for row in seats] == [
        (1, 1, "dwan-ivey-2009.phh"), (1, 3, "dwan-ivey-2009.phh"),
        (19, 2, "wsop/2023/43/5/68.phh"), (19, 5, "wsop/2023/43/5/68.phh")]
    for deal in (seats[:2], seats[2:]):
        shares = equity_of([row[2].split() for row in deal], deal[0][3].split())
        assert [row[6] for row in deal] == shares
        assert sum(shares) == 1
        assert [float(row[7]) for row in deal] == [
            to_stored_unit(share * float(row[5]) - float(row[4]))
                                            for share, row in zip(shares, deal, strict=True)]
    # Dwan's hand: Antonius folded unseen (no hand_cards row); Ivey and Dwan have rows, with
    # no equity.
    assert rows(db_url, "SELECT player FROM hand_cards WHERE deal_id = 1 ORDER BY player") == [
        (1,), (3,)]
    assert rows(db_url, "SELECT player, equity FROM hand_equities WHERE deal_id = 1 "
                        "ORDER BY player") == [(1, None), (3, None)]
    assert [row[9] for row in seats[2:]] == [0.0, 1.0]
    assert rows(db_url, "SELECT count(*) FROM hands WHERE allin_stake IS NULL AND "
                        "(allin_equity IS NOT NULL OR allin_net IS NOT NULL)") == [(0,)]
    # Every deal whose cards are all known has its equities; the others none.
    assert rows(db_url, "SELECT count(*) FROM hands h WHERE h.equity IS NULL AND NOT EXISTS "
                        "(SELECT 1 FROM hands u WHERE u.deal_id = h.deal_id "
                        "AND u.cards IS NULL)") == [(0,)]
    (query,) = [sql for sql in cookbook_queries() if "allin_net" in sql]
    named = rows(db_url, "SELECT s.name, d.currency, s.net, e.allin_net FROM seat_stats s "
                         "JOIN deals d ON d.id = s.deal_id LEFT JOIN hand_equities e "
                         "ON e.deal_id = s.deal_id AND e.player = s.player "
                         "WHERE s.name IS NOT NULL")
    expected: dict[tuple[str, str], list[int]] = {}  # stored: ten-thousandths, summed exactly
    for name, money, net, allin_net in named:
        sums = expected.setdefault((name, money), [0, 0])
        sums[0] += net
        sums[1] += net if allin_net is None else allin_net
    answer = rows(db_url, query)
    assert [tuple(row[:2]) for row in answer] == sorted(
        expected, key=lambda key: (-expected[key][0], key[0]))
    for name, money, net, adjusted in answer:
        assert [Decimal(repr(value)) if isinstance(value, float) else value
                for value in (net, adjusted)] == [
            Decimal(value).scaleb(-4) for value in expected[name, money]]
    all_in = {name for (name,) in rows(
        db_url, "SELECT DISTINCT name FROM hands WHERE allin_net IS NOT NULL")}
    assert len(all_in) == 4
    # Dwan's straight could not lose on the turn: all-in adjusted, his and Ivey's nets stand.
    assert [row[6] for row in seats[:2]] == [0.0, 1.0]
    changed = {name for name, _, net, adjusted in answer if float(net) != float(adjusted)}
    assert changed == all_in - {"Tom Dwan", "Phil Ivey"}


def test_stepping_below_nullable_equity_drops_the_rows_without_one(runner: CliRunner,
                                                                    db_url: str,
                                                                    tmp_path: Path) -> None:
    """Revision 0009 lets hand_equities.equity be NULL; stepping back below it drops the deals
    with such rows (Dwan's hand) and keeps the others; back at the head, `pokerdb equity`
    computes that deal again, the same."""
    from test_migrations import downgrade, schema_differences, upgrade

    # The Hold'em hands: below revision 0012 the database holds no other variant.
    succeeds(runner, "import", str(holdem_sample(tmp_path)), "--db", db_url)
    succeeds(runner, "equity", "--db", db_url, "--quiet")
    query = "SELECT * FROM hand_equities ORDER BY deal_id, player"
    before = rows(db_url, query)
    assert [row[:2] for row in before if row[2] is None] == [(1, 1), (1, 3)]
    engine = open_engine(db_url)
    try:
        downgrade(engine, "0008")  # below 0017 an all-in net is a double, not ten-thousandths
        assert rows(db_url, query) == [(*row[:4], None if row[4] is None else row[4] / 10_000)
                                       for row in before[2:]]
        upgrade(engine)
        assert schema_differences(engine) == []
    finally:
        engine.dispose()
    result = succeeds(runner, "equity", "--db", db_url)
    assert result.stdout.startswith("computed the equity of 2 hands in 1 deal in ")
    assert rows(db_url, query) == before
