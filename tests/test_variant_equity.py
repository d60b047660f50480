"""Exact equity of Omaha (4, 5, 6 hole cards), Omaha hi/lo and short-deck deals
(rules.variant_equity): the same as dealing out every board by brute force with pokerkit
0.7.7's hands, on random deals; and `pokerdb equity` stores them for deal files and recorded
hands of those variants alike on both backends."""

from itertools import combinations
from pathlib import Path

import numpy as np
import pokerkit
import pytest
from support import rows, succeeds
from typer.testing import CliRunner

from pokerdb.rules.cards import RANK_CHARS, SUIT_CHARS
from pokerdb.rules.game_odds import deck_codes
from pokerdb.rules.variant_equity import variant_equities
from pokerdb.rules.variants import VARIANTS

# variant, hole cards, pokerkit's high hand, its low hand
CASES = [("PO", 4, "OmahaHoldemHand", None), ("PO", 5, "OmahaHoldemHand", None),
         ("PO", 6, "OmahaHoldemHand", None),
         ("FO/8", 4, "OmahaHoldemHand", "OmahaEightOrBetterLowHand"),
         ("NS", 2, "ShortDeckHoldemHand", None)]


def _pokerkit(codes: list[int]) -> list[pokerkit.Card]:
    return list(pokerkit.Card.parse("".join(RANK_CHARS[(code >> 2) - 2]
                                            + SUIT_CHARS[code & 3].lower() for code in codes)))


def _best(hands: list[pokerkit.Hand | None]) -> list[int]:
    known = [hand for hand in hands if hand is not None]
    return [] if not known else [seat for seat, hand in enumerate(hands)
                                 if hand is not None and hand == max(known)]


def _brute_force(code: str, holes: np.ndarray, board: np.ndarray, high: str,
                 low: str | None) -> list[float]:
    """Every completion of the board dealt, each evaluated by pokerkit, each pot split."""
    dealt = set(holes.ravel().tolist()) | set(board.tolist())
    deck = [card for card in deck_codes(VARIANTS[code].deck).tolist() if card not in dealt]
    won = [0.0] * len(holes)
    boards = 0
    for extra in combinations(deck, 5 - len(board)):
        cards = _pokerkit([*board.tolist(), *extra])
        boards += 1
        highs = _best([getattr(pokerkit, high).from_game(_pokerkit(hole.tolist()), cards)
                       for hole in holes])
        lows: list[int] = []
        if low is not None:
            hands: list[pokerkit.Hand | None] = []
            for hole in holes:
                try:
                    hands.append(getattr(pokerkit, low).from_game(_pokerkit(hole.tolist()),
                                                                  cards))
                except ValueError:  # no qualifying low
                    hands.append(None)
            lows = _best(hands)
        for seats, part in ((highs, 0.5), (lows, 0.5)) if lows else ((highs, 1.0),):
            for seat in seats:
                won[seat] += part / len(seats)
    return [share / boards for share in won]


@pytest.mark.parametrize(("code", "hole_cards", "high", "low"), CASES)
def test_equity_is_every_board_dealt_out(code: str, hole_cards: int, high: str,
                                         low: str | None) -> None:
    rng = np.random.default_rng(hole_cards * 7 + len(code))
    deck = deck_codes(VARIANTS[code].deck)
    # Mostly at the turn (40-odd boards a case), one at the flop; 2 and 3 players.
    for players, board_cards in ((2, 4), (3, 4), (2, 4), (3, 3)):
        dealt = rng.permutation(deck)[:players * hole_cards + board_cards]
        holes = dealt[:players * hole_cards].reshape(players, hole_cards)
        board = dealt[players * hole_cards:]
        ours = variant_equities(VARIANTS[code], holes[None], board[None])[0]
        assert ours.tolist() == pytest.approx(_brute_force(code, holes, board, high, low),
                                              abs=1e-12)
        assert ours.sum() == pytest.approx(1.0, abs=1e-12)


def test_equities_are_the_same_however_deals_are_grouped() -> None:
    rng = np.random.default_rng(3)
    variant = VARIANTS["FO/8"]
    deck = deck_codes(variant.deck)
    dealt = np.array([rng.permutation(deck)[:11] for _ in range(30)])
    holes, boards = dealt[:, :8].reshape(30, 2, 4), dealt[:, 8:]
    together = variant_equities(variant, holes, boards)
    one_by_one = np.concatenate([variant_equities(variant, holes[i:i + 1], boards[i:i + 1])
                                 for i in range(30)])
    assert together.tolist() == one_by_one.tolist()


def test_equity_of_deal_files_and_recorded_hands_of_the_variants(
        runner: CliRunner, pg_url: str, tmp_path: Path) -> None:
    sqlite_url = f"sqlite:///{tmp_path / 'equity.db'}"
    files = []
    for seed, (game, board) in enumerate((("omaha", 3), ("omaha-6", 4), ("omaha-hi-lo", 4),
                                          ("short-deck", 3), ("short-deck", 5))):
        path = tmp_path / f"{game}-{board}.txt"
        succeeds(runner, "generate", "40", "--seed", str(seed), "--players", "3", "--game",
                 game, "--board", str(board), "-o", str(path), "-q")
        files.append((path, game))
    for url in (sqlite_url, pg_url):
        for path, game in files:
            succeeds(runner, "import", str(path), "--db", url, "--format", "holdem", "--game",
                     game)
        succeeds(runner, "import", str(Path(__file__).parent / "data" / "phh"), "--db", url)
        succeeds(runner, "equity", "--db", url, "-q")
    query = ("SELECT e.deal_id, e.player, e.equity, e.allin_equity, e.allin_net, d.variant "
             "FROM hand_equities e JOIN deals d ON d.id = e.deal_id "
             "ORDER BY e.deal_id, e.player")
    stored = rows(sqlite_url, query)
    assert stored == rows(pg_url, query)  # bit for bit
    by_variant: dict[str, int] = {}
    for row in stored:
        by_variant[row[5]] = by_variant.get(row[5], 0) + 1
    assert by_variant["PO"] > 2 * 40 * 3 and by_variant["NS"] > 2 * 40 * 3  # and recorded
    assert by_variant["FO/8"] >= 40 * 3
    # Every deal file's deal shares out its whole pot; at the river a winner has it all.
    sums = rows(sqlite_url, "SELECT d.id, sum(e.equity), max(d.winner), max(e.equity), "
                            "max(d.board) FROM hand_equities e JOIN deals d ON d.id = e.deal_id "
                            "WHERE d.source_id IS NULL GROUP BY d.id")
    assert len(sums) == 5 * 40
    assert all(total == pytest.approx(1.0, abs=1e-12) for _, total, _, _, _ in sums)
    assert all(best == 1.0 for _, _, winner, best, board in sums
               if winner and len(board.split()) == 5)
    # Recorded hands of the variants that were all in before the river have their figures.
    assert rows(sqlite_url, "SELECT count(*) FROM hand_equities e JOIN deals d "
                            "ON d.id = e.deal_id WHERE d.variant IN ('PO', 'FO/8', 'NS') "
                            "AND d.source_id IS NOT NULL")[0][0] > 0
