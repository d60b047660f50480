"""Texas Hold'em deals: `import --format holdem` (board, then each player's hole cards), stored
and evaluated as the best five of seven on both backends, with winners, `best` and win_counts;
deals that stop before the river have no winner; errors name the file, the line and the card."""

import gzip
import json
from pathlib import Path

import eval7
import pytest
from support import (
    cookbook_queries,
    fails,
    rows,
    stored_and_recounted_wins,
    succeeds,
    write_lines,
)
from typer.testing import CliRunner

from pokerdb.formats.deals.generate import generate_lines
from pokerdb.rules.evaluators import evaluate_cards
from pokerdb.rules.games import HOLDEM

# Each deal's hands are chosen so that the rule named beside it decides.
SHOWDOWNS = (
    "7C 2D 9S 4H 5S | AH KH | QS QD",  # a pair beats ace high
    "AH 2D 3S 4H 9C | 5C KD | 6H 6S",  # the wheel (A 2 3 4 5) beats a pair of sixes
    "KH QH JH TH 2C | AH 3D | 9H 8D",  # royal flush against a king-high straight flush
    "AS AD KS KD 7C | QH QC | 2H 2C",  # two pairs on the board: the kicker decides
    "8C 8D 8H 2S 2D | 8S 3C | AC AD",  # four eights (the 3 kicker) beats aces full
    "AS AD KS KD QC | 7H 2C | 6H 3C",  # both play the board: a tie
)
WINNERS = [2, 1, 1, 1, 1, 0]


def holdem_file(tmp_path: Path, *lines: str) -> str:
    return write_lines(tmp_path / "holdem.txt", *lines)


def import_holdem(runner: CliRunner, db_url: str, *args: str) -> str:
    result = succeeds(runner, "import", *args, "--format", "holdem", "--db", db_url)
    return result.stdout


def test_showdowns_stored_and_evaluated(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    import_holdem(runner, db_url, holdem_file(tmp_path, *SHOWDOWNS))
    succeeds(runner, "evaluate", "--db", db_url)
    assert rows(db_url, "SELECT game, format, deals FROM datasets") == [("holdem", "holdem", 6)]
    assert rows(db_url, "SELECT board, winner FROM deals ORDER BY id") == [
        (line.partition(" | ")[0], winner) for line, winner in zip(SHOWDOWNS, WINNERS,
                                                                  strict=True)]
    assert rows(db_url, "SELECT deal_id, player, cards, category, k1, k2, k3, k4, k5, best, "
                        "description FROM hands ORDER BY deal_id, player") == [
        (1, 1, "AH KH", 0, 14, 13, 9, 7, 5, "AH KH 9S 7C 5S", "High Card, Ace high"),
        (1, 2, "QS QD", 1, 12, 9, 7, 5, None, "QS QD 9S 7C 5S", "Pair of Queens, Nine kicker"),
        (2, 1, "5C KD", 4, 5, None, None, None, None, "5C 4H 3S 2D AH", "Straight, Five high"),
        (2, 2, "6H 6S", 1, 6, 14, 9, 4, None, "6H 6S AH 9C 4H", "Pair of Sixes, Ace kicker"),
        (3, 1, "AH 3D", 9, 14, None, None, None, None, "AH KH QH JH TH", "Royal Flush"),
        (3, 2, "9H 8D", 8, 13, None, None, None, None, "KH QH JH TH 9H",
         "Straight Flush, King high"),
        (4, 1, "QH QC", 2, 14, 13, 12, None, None, "AS AD KS KD QH",
         "Two Pairs, Aces and Kings, Queen kicker"),
        (4, 2, "2H 2C", 2, 14, 13, 7, None, None, "AS AD KS KD 7C",
         "Two Pairs, Aces and Kings, Seven kicker"),
        (5, 1, "8S 3C", 7, 8, 3, None, None, None, "8S 8C 8D 8H 3C", "Four of a Kind, Eights"),
        (5, 2, "AC AD", 6, 8, 14, None, None, None, "8C 8D 8H AC AD",
         "Full House, Eights full of Aces"),
        (6, 1, "7H 2C", 2, 14, 13, 12, None, None, "AS AD KS KD QC",
         "Two Pairs, Aces and Kings, Queen kicker"),
        (6, 2, "6H 3C", 2, 14, 13, 12, None, None, "AS AD KS KD QC",
         "Two Pairs, Aces and Kings, Queen kicker"),
    ]
    assert stored_and_recounted_wins(db_url) == ([(1, 0, 1), (1, 1, 4), (1, 2, 1)],) * 2
    result = succeeds(runner, "wins", "--db", db_url, "--format", "json")
    assert json.loads(result.stdout) == {"deals": 6, "player1": 4, "player2": 1, "ties": 1}


def test_the_best_five_make_the_stored_strength(runner: CliRunner, db_url: str,
                                                tmp_path: Path) -> None:
    """For every hand of random deals of 2 to 9 players, the five cards of `best` come from the
    hole cards and the board, and as a five-card hand they have the stored strength."""
    lines = [line.rstrip("\n") for players in range(2, 10)
             for line in generate_lines(40, seed=players, players=players, game=HOLDEM)]
    import_holdem(runner, db_url, holdem_file(tmp_path, *lines), "--players", "any",
                  "--evaluate")
    stored = rows(db_url, "SELECT h.cards, d.board, h.best, h.strength FROM hands h "
                          "JOIN deals d ON d.id = h.deal_id")
    assert len(stored) == 40 * sum(range(2, 10))
    for hole, board, best, strength in stored:
        assert set(best.split()) <= set(f"{hole} {board}".split())
        assert evaluate_cards(best).strength == strength


EVAL7_CATEGORIES = {"High Card": 0, "Pair": 1, "Two Pair": 2, "Trips": 3, "Straight": 4,
                    "Flush": 5, "Full House": 6, "Quads": 7, "Straight Flush": 8}


def test_winners_agree_with_eval7(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """Stored winners and categories against eval7, an independent evaluator (its own hands
    compared by its own values: a tie when they are equal)."""
    lines = [line.rstrip("\n") for players in (2, 3, 6, 9)
             for line in generate_lines(150, seed=10 + players, players=players, game=HOLDEM)]
    import_holdem(runner, db_url, holdem_file(tmp_path, *lines), "--players", "any")
    succeeds(runner, "evaluate", "--db", db_url)
    winners = rows(db_url, "SELECT winner FROM deals ORDER BY id")
    categories = rows(db_url, "SELECT deal_id, category FROM hands ORDER BY deal_id, player")
    expected_winners, expected_categories = [], []
    for deal_id, line in enumerate(lines, start=1):
        board, *holes = (group.split() for group in line.split(" | "))
        values = []
        for hole in holes:
            cards = [eval7.Card(card[0] + card[1].lower()) for card in [*hole, *board]]
            values.append(eval7.evaluate(cards))
            category = EVAL7_CATEGORIES[eval7.handtype(values[-1])]
            expected_categories.append((deal_id, 9 if is_royal([*hole, *board]) else category))
        best = max(values)
        expected_winners.append((values.index(best) + 1 if values.count(best) == 1 else 0,))
    assert winners == expected_winners
    assert categories == expected_categories


def is_royal(cards: list[str]) -> bool:
    """Whether an ace-high straight flush is among these cards (eval7 calls it a straight
    flush)."""
    return any({f"{rank}{suit}" for rank in "TJQKA"} <= set(cards) for suit in "CDHS")


def test_deals_without_a_showdown(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """A board of 0, 3 or 4 cards is stored; its hands are evaluated to no value and its deal
    has no winner, and evaluate does not come back to them."""
    file = holdem_file(tmp_path, "| AH KH | QS QD", "2H 3H 4H | AC KC | 7D 7S",
                       "2H 3H 4H 9D | AC KC | 7D 7S", *SHOWDOWNS[:1])
    import_holdem(runner, db_url, file)
    succeeds(runner, "evaluate", "--db", db_url)
    assert rows(db_url, "SELECT board, winner FROM deals ORDER BY id") == [
        ("", None), ("2H 3H 4H", None), ("2H 3H 4H 9D", None), ("7C 2D 9S 4H 5S", 2)]
    assert rows(db_url, "SELECT count(*) FROM hands WHERE strength IS NULL AND best IS NULL "
                        "AND category IS NULL") == [(6,)]
    # A row for each hand with a value only: the showdown's two (revision 0028).
    assert rows(db_url, "SELECT count(*) FROM hand_values") == [(2,)]
    result = succeeds(runner, "evaluate", "--db", db_url)
    assert result.stdout == "nothing to evaluate: every hand is evaluated already\n"
    result = succeeds(runner, "wins", "--db", db_url, "--format", "json")
    assert json.loads(result.stdout) == {"deals": 4, "player1": 0, "player2": 1, "ties": 0}
    assert "not evaluated" not in result.stderr


def test_normal_form(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """Lowercase and 'Ah' spellings, tabs and spaces, a BOM, CRLF, blank lines and gzip read as
    the same deals."""
    raw = ("\ufeff7c 2D\t9s 4h  5S |ah Kh|  qs QD\r\n\r\n"
           "| Ac kc | 7d 7S\r\n").encode()
    path = tmp_path / "messy.txt.gz"
    path.write_bytes(gzip.compress(raw))
    import_holdem(runner, db_url, str(path))
    assert rows(db_url, "SELECT line_no, board FROM deals ORDER BY id") == [
        (1, "7C 2D 9S 4H 5S"), (3, "")]
    assert rows(db_url, "SELECT cards FROM hands ORDER BY deal_id, player") == [
        ("AH KH",), ("QS QD",), ("AC KC",), ("7D 7S",)]


@pytest.mark.parametrize(("line", "message"), [
    ("7C 2D 9S 4H 2C | AH KH | 2C QD",
     "card '2C' appears twice in the deal (on the board and in player 2's hand)"),
    ("7C 2D 9S 4H 5S | AH KH | KH QD",
     "card 'KH' appears twice in the deal (in player 1's hand and in player 2's hand)"),
    ("7C 2D | AH KH | QS QD",
     "the board has 2 cards; a board has 0 (preflop), 3 (flop), 4 (turn) or 5 (river)"),
    ("7C | AH KH | QS QD",
     "the board has 1 card; a board has 0 (preflop), 3 (flop), 4 (turn) or 5 (river)"),
    ("7C 2D 9S 4H 5S | AH KH 3C | QS QD", "player 1 has 3 hole cards; each player has 2"),
    ("7C 2D 9S 4H 5S | AH KH | QS", "player 2 has 1 hole card; each player has 2"),
    ("7C 2D 9S 4H 5S | AH KX | QS QD",
     "unknown suit 'X' in card 'KX' (suits are C D H S)"),
    ("7C 2D 9S 4H 5S AH KH QS QD",
     "expected the board and each player's two hole cards, separated by '|' "
     "(e.g. '7C 2D 9S 4H 5S | AH KH | QS QD')"),
    ("7C 2D 9S 4H 5S | AH KH", "a Hold'em deal has 2 to 23 players, found 1"),
])
def test_bad_lines(runner: CliRunner, tmp_path: Path, line: str, message: str) -> None:
    file = holdem_file(tmp_path, SHOWDOWNS[0], line)
    db = f"sqlite:///{tmp_path / 'bad.sqlite'}"
    result = fails(runner, "import", file, "--format", "holdem", "--db", db)
    assert result.stderr == f"Error: {file}, line 2: {message}\n"
    assert rows(db, "SELECT count(*) FROM deals") == [(0,)]


def test_players_as_the_first_deal_and_skip_invalid(runner: CliRunner, db_url: str,
                                                    tmp_path: Path) -> None:
    file = holdem_file(tmp_path, SHOWDOWNS[0], "7C 2D 9S 4H 5S | AH KH | QS QD | 3C 3D",
                       "7C 2D | AH KH | QS QD", SHOWDOWNS[1])
    result = fails(runner, "import", file, "--format", "holdem", "--db", db_url,
                   "--max-errors", "5")
    assert result.stderr.splitlines() == [
        f"Error: {file}, line 2: expected 2 players like the first deal, found 3; use "
        f"--players to allow mixed player counts",
        f"Error: {file}, line 3: the board has 2 cards; a board has 0 (preflop), 3 (flop), "
        f"4 (turn) or 5 (river)",
        f"Error: {file}: 2 invalid lines; nothing imported"]
    stdout = import_holdem(runner, db_url, file, "--skip-invalid", "--evaluate")
    assert "skipped 2 invalid lines" in stdout
    assert rows(db_url, "SELECT line_no, raw FROM rejects ORDER BY line_no") == [
        (2, "7C 2D 9S 4H 5S | AH KH | QS QD | 3C 3D"), (3, "7C 2D | AH KH | QS QD")]
    assert rows(db_url, "SELECT line_no, winner FROM deals ORDER BY id") == [(1, 2), (4, 1)]


def test_one_pass_stores_what_two_passes_store(runner: CliRunner, db_url: str, other_url: str,
                                               tmp_path: Path) -> None:
    """import --evaluate against import then evaluate, on deals of 2 to 23 players and every
    board size, in a database that also holds five-card deals (one evaluate window spans
    both games)."""
    lines = [line.rstrip("\n") for players in (2, 5, 23) for board in HOLDEM.board_sizes
             for line in generate_lines(15, seed=players + board, players=players, game=HOLDEM,
                                        board=board)]
    file = holdem_file(tmp_path, *lines)
    pe54 = write_lines(tmp_path / "pe54.txt",
                       *(line.rstrip("\n") for line in generate_lines(30, seed=1)))
    one, two = db_url, other_url
    for db, extra in ((one, ("--evaluate",)), (two, ())):
        succeeds(runner, "import", pe54, *extra, "--db", db)
        import_holdem(runner, db, file, "--players", "any", *extra)
    succeeds(runner, "evaluate", "--db", two)
    everything = ("SELECT * FROM deals ORDER BY id", "SELECT * FROM hands ORDER BY deal_id, player",
                  "SELECT dataset_id, winner, deals FROM win_counts ORDER BY 1, 2")
    assert [rows(one, sql) for sql in everything] == [rows(two, sql) for sql in everything]
    assert rows(one, "SELECT count(*) FROM deals WHERE winner IS NULL") == [(3 * 3 * 15,)]


def test_generate_holdem(runner: CliRunner, tmp_path: Path) -> None:
    result = succeeds(runner, "generate", "3", "--game", "holdem", "--players", "3",
                      "--board", "3", "--seed", "7")
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    for line in lines:
        board, *holes = line.split(" | ")
        cards = [*board.split(), *(card for hole in holes for card in hole.split())]
        assert len(board.split()) == 3 and len(holes) == 3 and len(set(cards)) == 9
    assert succeeds(runner, "generate", "2", "--game", "holdem", "--board", "0",
                    "--seed", "1").stdout.startswith("| ")
    result = fails(runner, "generate", "2", "--game", "holdem", "--board", "2")
    assert result.stderr == "Error: --board 2: a Texas Hold'em board has 0, 3, 4 or 5 cards\n"
    result = fails(runner, "generate", "2", "--players", "11")
    assert result.stderr == "Error: --players 11: a five-card deal has 1 to 10 players\n"


def test_explain_holdem(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    import_holdem(runner, db_url, holdem_file(tmp_path, SHOWDOWNS[1], "| AH KH | QS QD"))
    assert succeeds(runner, "explain", "1", "--db", db_url).stdout.splitlines() == [
        "Deal 1 (dataset holdem.txt, line 1)",
        "Board: AH 2D 3S 4H 9C",
        "Player 1: 5C KD  best 5C 4H 3S 2D AH  Straight, Five high",
        "Player 2: 6H 6S  best 6H 6S AH 9C 4H  Pair of Sixes, Ace kicker",
        "Player 1 wins: Straight, Five high beats Pair of Sixes, Ace kicker"]
    assert succeeds(runner, "explain", "2", "--db", db_url).stdout.splitlines() == [
        "Deal 2 (dataset holdem.txt, line 2)",
        "Board: (none: preflop)",
        "Player 1: AH KH  equity 46.2%",
        "Player 2: QS QD  equity 53.8%",
        "No showdown: the deal stops before the flop; the cards still to come decide it"]
    result = succeeds(runner, "explain", "--cards", SHOWDOWNS[3], "--format", "json")
    record = json.loads(result.stdout)
    assert record["board"] == "AS AD KS KD 7C"
    assert [hand["best"] for hand in record["hands"]] == ["AS AD KS KD QH", "AS AD KS KD 7C"]
    assert record["verdict"] == ("Player 1 wins: Two Pairs, Aces and Kings, Queen kicker beats "
                                 "Two Pairs, Aces and Kings, Seven kicker")


def test_stats_against_seven_card_odds(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    lines = [line.rstrip("\n") for line in generate_lines(500, seed=3, game=HOLDEM)]
    import_holdem(runner, db_url, holdem_file(tmp_path, *lines), "--evaluate")
    result = succeeds(runner, "stats", "--db", db_url, "--format", "json")
    table = json.loads(result.stdout)["categories"]
    assert [row["expected percent"] for row in table] == [
        17.4119, 43.8225, 23.4955, 4.82987, 4.61938, 3.02549, 2.59610, 0.168067, 0.0278507,
        0.00323206]
    # Player 1's hand of each deal: the hands of a deal share its board (stats).
    assert sum(row["hands"] for row in table) == 500
    pe54 = write_lines(tmp_path / "pe54.txt",
                       *(line.rstrip("\n") for line in generate_lines(30, seed=1)))
    succeeds(runner, "import", pe54, "--evaluate", "--db", db_url)
    result = fails(runner, "stats", "--db", db_url)
    assert result.stderr == ("Error: the datasets hold hands of several games (five-card, "
                             "holdem), each with its own odds: choose a dataset with "
                             "--dataset\n")
    succeeds(runner, "stats", "--db", db_url, "--dataset", "pe54.txt")


def test_readme_holdem_queries(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """The cookbook's Hold'em queries, on deals whose answers are known."""
    import_holdem(runner, db_url, holdem_file(
        tmp_path,
        "2C 7D 9H JS 4C | AH AD | KH KD",  # the better pair holds
        "2C 7D 9H KS 4C | AH AD | KH KD",  # a king on the board: the worse pair wins
        "2C 7D 9H JS 4C | 3H 3D | 3S 3C",  # equal pairs: left out
        "| AH AD | KH KD",  # no showdown: left out
        "9H TH JH 2S 3S | QH KH | 4D 4C",  # a straight flush (king high) for player 1
    ), "--evaluate")
    holdem_queries = [sql for sql in cookbook_queries() if "board" in sql]
    answers = [json.loads(succeeds(runner, "query", "--db", db_url, "--format", "json", "--",
                                   sql).stdout) for sql in holdem_queries]
    assert answers == [
        [{"deals": 2, "better_pair_won": 1}],
        [{"id": 5, "board": "9H TH JH 2S 3S", "player": 1, "cards": "QH KH",
          "best": "KH QH JH TH 9H", "description": "Straight Flush, King high"}],
    ]


def test_report_draws_seven_card_odds(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from pokerdb.answers.html_report import build_report
    from pokerdb.storage.engines import open_engine

    lines = [line.rstrip("\n") for line in generate_lines(200, seed=4, game=HOLDEM)]
    import_holdem(runner, db_url, holdem_file(tmp_path, *lines), "--evaluate")
    engine = open_engine(db_url)
    try:
        page = build_report(engine)
    finally:
        engine.dispose()
    assert ("chance of that category in a random seven-card hand (best five) (log scale)"
            in page)
    assert "<td>holdem</td>" in page


def test_player_rule_applies_to_lines_read_the_fast_way(runner: CliRunner,
                                                        tmp_path: Path) -> None:
    """Every line in normal form, so the chunk is read in a few vectorised steps: the first
    deal still has to be one that --players allows."""
    lines = [line.rstrip("\n") for line in generate_lines(50, seed=2, game=HOLDEM)]
    file = holdem_file(tmp_path, *lines)
    db = f"sqlite:///{tmp_path / 'rule.sqlite'}"
    result = fails(runner, "import", file, "--format", "holdem", "--players", "3", "--db", db)
    assert result.stderr == f"Error: {file}, line 1: deal of 2 players, but --players allows 3\n"
    import_holdem(runner, db, file, "--players", "2-3")
    assert rows(db, "SELECT count(*) FROM deals") == [(50,)]
