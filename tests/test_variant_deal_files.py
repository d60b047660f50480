"""Deal files of the games played by a variant's rules (Omaha, short-deck, stud, razz,
deuce-to-seven, badugi): `generate --game` writes them, `import --game` reads them back and
evaluates every hand, and each deal's winner and every hand's order within its deal are
pokerkit 0.7.7's (high and a split game's low: the winner takes the whole pot, 0 when it is
shared). Bad cards for the game are one line naming file, line and token; nothing is stored."""

from pathlib import Path
from typing import Any

import pokerkit
import pytest
from support import fails, rows, snapshot, succeeds, write_lines
from typer.testing import CliRunner

from pokerdb.rules.games import GAMES, GameName

# game -> (--format, pokerkit's high (or only) hand, its low hand in a split game)
POKERKIT_HANDS: dict[GameName, tuple[str, str, str | None]] = {
    GameName.OMAHA: ("holdem", "OmahaHoldemHand", None),
    GameName.OMAHA_5: ("holdem", "OmahaHoldemHand", None),
    GameName.OMAHA_6: ("holdem", "OmahaHoldemHand", None),
    GameName.OMAHA_HI_LO: ("holdem", "OmahaHoldemHand", "OmahaEightOrBetterLowHand"),
    GameName.SHORT_DECK: ("holdem", "ShortDeckHoldemHand", None),
    GameName.STUD: ("hands", "StandardHighHand", None),
    GameName.STUD_HI_LO: ("hands", "StandardHighHand", "EightOrBetterLowHand"),
    GameName.RAZZ: ("hands", "RegularLowHand", None),
    GameName.DEUCE_TO_SEVEN: ("hands", "StandardLowHand", None),
    GameName.BADUGI: ("hands", "BadugiHand", None),
}
DEALS = 120


def test_every_variant_game_is_checked() -> None:
    assert set(POKERKIT_HANDS) == {game.name for game in GAMES.values() if game.variant}


def _cards(text: str) -> list[pokerkit.Card]:
    return list(pokerkit.Card.parse("".join(card[0] + card[1].lower()
                                            for card in text.split())))


def _pokerkit_hand(kind: str, hole: str, board: str) -> Any | None:
    try:
        return getattr(pokerkit, kind).from_game(_cards(hole), _cards(board))
    except ValueError:  # no qualifying low
        return None


def _order(values: list[Any]) -> list[int]:
    """Each value's rank among the values (0: the best), None (no hand) last."""
    known = sorted({value for value in values if value is not None}, reverse=True)
    return [len(known) if value is None else known.index(value) for value in values]


def _sole_best(values: list[Any]) -> int | None:
    """The player (1-based) with the single best value; 0 when shared; None if no one has
    one."""
    present = [value for value in values if value is not None]
    if not present:
        return None
    best = [player for player, value in enumerate(values, start=1)
            if value is not None and value == max(present)]
    return best[0] if len(best) == 1 else 0


@pytest.mark.parametrize("game", list(POKERKIT_HANDS))
def test_generated_deals_import_and_are_decided_as_pokerkit_decides(
        game: GameName, runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    file_format, high_kind, low_kind = POKERKIT_HANDS[game]
    path = tmp_path / f"{game.value}.txt"
    succeeds(runner, "generate", str(DEALS), "--seed", "7", "--players", "3", "--game",
             game.value, "-o", str(path), "-q")
    result = succeeds(runner, "import", str(path), "--db", db_url, "--format", file_format,
                      "--game", game.value)
    assert f"imported {DEALS} deals ({3 * DEALS} hands)" in result.stdout
    stored = rows(db_url, "SELECT d.id, d.board, d.winner, d.variant, h.player, h.cards, "
                          "h.strength, h.low_strength FROM hands h JOIN deals d "
                          "ON d.id = h.deal_id ORDER BY d.id, h.player")
    assert len(stored) == 3 * DEALS
    assert {row[3] for row in stored} == {GAMES[game].variant}
    lines = path.read_text().splitlines()
    for number in range(DEALS):
        deal = stored[3 * number:3 * number + 3]
        groups = [group.strip() for group in lines[number].split("|")]
        board = groups[0] if GAMES[game].board_cards else ""
        holes = groups[1:] if GAMES[game].board_cards else groups
        assert [row[5] for row in deal] == holes
        assert (deal[0][1] or "") == board
        highs = [_pokerkit_hand(high_kind, hole, board) for hole in holes]
        assert _order([row[6] for row in deal]) == _order(highs)
        winner = _sole_best(highs)
        if low_kind is not None:
            lows = [_pokerkit_hand(low_kind, hole, board) for hole in holes]
            assert _order([row[7] for row in deal]) == _order(lows)
            assert [row[7] is None for row in deal] == [low is None for low in lows]
            low_winner = _sole_best(lows)
            if low_winner is not None and low_winner != winner:
                winner = 0
        assert deal[0][2] == winner, (number + 1, lines[number])
    wins = succeeds(runner, "wins", "--db", db_url, "--format", "csv").stdout.splitlines()
    assert wins[1].split(",")[0] == str(DEALS)


def test_the_same_deals_are_stored_alike_on_both_backends(
        runner: CliRunner, pg_url: str, tmp_path: Path) -> None:
    sqlite_url = f"sqlite:///{tmp_path / 'same.db'}"
    for seed, (game, (file_format, _, _)) in enumerate(POKERKIT_HANDS.items()):
        path = tmp_path / f"{game.value}.txt"
        # Seeds of their own: files of the same cards are one content, imported once.
        succeeds(runner, "generate", "60", "--seed", str(seed), "--players", "4", "--game",
                 game.value, "-o", str(path), "-q")
        for url in (sqlite_url, pg_url):
            succeeds(runner, "import", str(path), "--db", url, "--format", file_format,
                     "--game", game.value, "--name", game.value)
    query = ("SELECT d.id, d.winner, d.board, d.variant, h.player, h.cards, h.strength, "
             "h.category_name, h.description, h.low_strength, h.low_description, h.low_best "
             "FROM hands h JOIN deals d ON d.id = h.deal_id ORDER BY d.id, h.player")
    assert rows(sqlite_url, query) == rows(pg_url, query)
    assert len(rows(sqlite_url, query)) == 4 * 60 * len(POKERKIT_HANDS)


@pytest.mark.parametrize(("file_format", "game", "line", "message"), [
    ("holdem", "short-deck", "AS KS QS JS TS | 2H 9H | 8D 8C",
     "card '2H' in player 1's hand is not in the short-deck hold'em deck (36 cards, 6 to A)"),
    ("holdem", "omaha", "AS KS QS JS TS | 9H 8H 7H | 6D 6C 5D 5C",
     "player 1 has 3 hole cards; each player has 4 in Omaha"),
    ("holdem", "omaha", "AS KS QS JS TS | 9H 8H 7H AS | 6D 6C 5D 5C",
     "card 'AS' appears twice in the deal (on the board and in player 1's hand)"),
    ("hands", "stud", "AS KS QS JS TS 9S 8S | AH KH QH JH TH 9H",
     "player 2 has 6 cards; each player has 7 in seven-card stud (groups separated by '|')"),
    ("hands", "razz", "AS KS QS JS TS 9S 8S | AH KH QH JH TH 9H 8s",
     "card '8S' appears twice in the deal (in player 1's and player 2's hands)"),
    ("hands", "badugi", "AS KS QS JS | AH KH QH XH",
     "unknown rank 'X' in card 'XH' (ranks are 2-9 T J Q K A)"),
])
def test_a_bad_card_for_the_game_is_one_line(runner: CliRunner, db_url: str, tmp_path: Path,
                                            file_format: str, game: str, line: str,
                                            message: str) -> None:
    good = {"holdem": "AS KS QS JS TS | 9H 9D | 8D 8C",
            "hands": {"stud": "AS KS QS JS TS 9S 8S | AH KH QH JH TH 9H 8H",
                      "razz": "AS KS QS JS TS 9S 8S | AH KH QH JH TH 9H 8H",
                      "badugi": "AS KH QD JC | AH KS QC JD"}.get(game, "")}[file_format]
    if game == "omaha":
        good = "AS KS QS JS TS | 9H 9D 8H 8D | 7D 7C 6D 6C"
    succeeds(runner, "import", write_lines(tmp_path / "before.txt", good), "--db", db_url,
             "--format", file_format, "--game", game)
    path = write_lines(tmp_path / "bad.txt", good, line)
    before = snapshot(db_url)
    result = fails(runner, "import", path, "--db", db_url, "--format", file_format, "--game",
                   game)
    assert result.stderr.splitlines() == [f"Error: {path}, line 2: {message}"]
    assert snapshot(db_url) == before


def test_a_game_the_format_does_not_read_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    path = write_lines(tmp_path / "deal.txt", "AS KS QS JS TS 9S 8S | AH KH QH JH TH 9H 8H")
    result = fails(runner, "import", path, "--db", str(tmp_path / "no.db"), "--format",
                   "holdem", "--game", "razz")
    assert result.stderr.splitlines() == [
        "Error: --game razz: --format holdem reads holdem or omaha or omaha-5 or omaha-6 or "
        "omaha-hi-lo or short-deck deals (use --format hands)"]
    assert not (tmp_path / "no.db").exists()


def test_a_deal_short_of_the_river_has_no_winner(runner: CliRunner, db_url: str,
                                                 tmp_path: Path) -> None:
    path = write_lines(tmp_path / "flop.txt", "AS KS QS | 9H 9D 8H 8D | 7D 7C 6D 6C",
                       "AS KS QS JS TS | 9H 9D 8H 8D | 7D 7C 6D 6C")
    succeeds(runner, "import", path, "--db", db_url, "--format", "holdem", "--game", "omaha")
    # Deal 2: Q-J-T-9-8 (9H 8H and the board's QS JS TS) beats a pair of sevens; the board's
    # royal flush plays no part (exactly two hole cards and three of the board).
    assert rows(db_url, "SELECT d.line_no, d.winner, h.description FROM deals d JOIN hands h "
                        "ON h.deal_id = d.id ORDER BY d.id, h.player") == [
        (1, None, None), (1, None, None), (2, 1, "Straight, Queen high"),
        (2, 1, "Pair of Sevens, Ace kicker")]
    explained = succeeds(runner, "explain", "1", "--db", db_url).stdout.splitlines()
    assert explained == [
        "Deal 1 (dataset flop.txt, line 1)", "Board: AS KS QS",
        "Player 1: 9H 9D 8H 8D", "Player 2: 7D 7C 6D 6C",
        "No showdown: the deal stops at the flop; the cards still to come decide it"]


def test_evaluate_reads_past_deals_evaluated_at_their_import(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """Deals left to evaluate (PE54, Hold'em) around deals evaluated as they were imported (a
    stud file, recorded hands): evaluate values the first and leaves the others as stored (it
    read their seven-card hands as five-card ones, and a recorded hand's unknown cards)."""
    paths = {}
    for name, extra in (("pe54", ()), ("holdem", ("--game", "holdem")),
                        ("stud", ("--game", "stud"))):
        paths[name] = tmp_path / f"{name}.txt"
        succeeds(runner, "generate", "200", "--seed", "3", "-o", str(paths[name]), "-q", *extra)
    succeeds(runner, "import", str(paths["pe54"]), "--db", db_url, "-q")
    succeeds(runner, "import", str(paths["stud"]), "--db", db_url, "--format", "hands", "-q")
    succeeds(runner, "import", str(Path(__file__).parent / "data" / "phh" / "wsop"), "--db",
             db_url, "--format", "phh", "-q")
    succeeds(runner, "import", str(paths["holdem"]), "--db", db_url, "--format", "holdem", "-q")
    settled = ("SELECT h.* FROM hands h JOIN deals d ON d.id = h.deal_id "
               "WHERE d.variant IS NOT NULL ORDER BY h.deal_id, h.player")
    before = rows(db_url, settled)
    result = succeeds(runner, "evaluate", "--db", db_url)
    assert result.stdout.startswith("evaluated 800 hands in 400 deals")
    counts = rows(db_url, "SELECT s.format, s.game, count(*), count(v.strength) "
                          "FROM hand_cards c JOIN deals d ON d.id = c.deal_id "
                          "JOIN datasets s ON s.id = d.dataset_id "
                          "LEFT JOIN hand_values v ON v.deal_id = c.deal_id "
                          "AND v.player = c.player WHERE s.format <> 'phh' "
                          "GROUP BY s.format, s.game ORDER BY s.format")
    assert counts == [("hands", "stud", 400, 400), ("holdem", "holdem", 400, 400),
                      ("pe54", "five-card", 400, 400)]
    assert len(before) > 400 and rows(db_url, settled) == before
