"""Importing hands of every variant, on both backends: each seat stored as pokerkit pays it,
each shown hand with its strength and words (the low half's too in a split game), and the
answers (`explain`, `players`, `breakdown`) naming every kind of hand."""

import random
import warnings
from collections import deque
from dataclasses import replace
from pathlib import Path

import pytest
from phh_reference import hand_strength, pokerkit_odd_chips  # benchmarks/ (conftest)
from phh_variants import PLAYERS, random_variant_hand
from pokerkit import HandHistory
from support import PHH_DATA, TEXTED_DEALS, fails, rows, succeeds
from typer.testing import CliRunner

from pokerdb.formats.phh.reader import parse_hand
from pokerdb.rules.hand_batches import ReplayedHand, settle
from pokerdb.rules.settlement import replay
from pokerdb.rules.variants import VARIANTS

VARIANT_CODES = tuple(PLAYERS)


def payoffs(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(deque(HandHistory.loads(text), maxlen=1)[0].payoffs)


def test_random_hands_of_every_variant_are_stored_as_pokerkit_pays(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    rng = random.Random(21)
    texts = [random_variant_hand(rng, VARIANT_CODES[number % len(VARIANT_CODES)], number)
             for number in range(180)]
    folder = tmp_path / "variants"
    folder.mkdir()
    for number, text in enumerate(texts):
        (folder / f"{number:03d}.phh").write_text(text)
    succeeds(runner, "import", str(folder), "--db", db_url)
    stored = (rows(db_url, "SELECT h.deal_id, h.player, h.net, h.cards, h.strength, "
                                "h.description, h.low_strength, h.low_description, d.variant "
                                "FROM hands h JOIN deals d ON d.id = h.deal_id "
                                "ORDER BY h.deal_id, h.player"))
    seat = 0
    lows = 0
    for number, text in enumerate(texts):
        replayed = replay(parse_hand(text, f"{number:03d}.phh"))
        settlement = settle([ReplayedHand(1, replayed, None)]).settlements[0]
        count = replayed.hand.player_count
        seats = stored[seat:seat + count]
        seat += count
        stored_nets = replace(settlement, net=tuple(row[2] for row in seats))
        assert pokerkit_odd_chips(stored_nets) == payoffs(text), text
        variant = VARIANTS[seats[0][8]]
        board = (replayed.board or "").split()
        for row in seats:
            cards = (row[3] or "").split()
            full = len(cards) in (variant.hole_choices or (variant.hole_cards,))
            expected = hand_strength(variant.high, cards, board) if full and (
                len(board) == variant.board_cards) else None
            # Strengths differ in scale from pokerkit's; what both say is whether a hand has
            # one, and each has its words.
            assert (row[4] is None) == (expected is None), (row, text)
            assert (row[5] is None) == (row[4] is None)
            if variant.low is not None and row[4] is not None:
                low = hand_strength(variant.low, cards, board)
                assert (row[6] is not None) == (low > 0), (row, text)
                assert (row[7] is not None) == (row[6] is not None)
                lows += row[6] is not None
    assert seat == len(stored)
    assert lows > 20


def test_the_shared_sample_is_explained_and_counted_by_kind(runner: CliRunner,
                                                             db_url: str) -> None:
    succeeds(runner, "import", str(PHH_DATA), "--db", db_url)
    (deal,) = rows(db_url, f"SELECT id FROM {TEXTED_DEALS} d "
                           "WHERE source = 'wsop/2023/43/5/50.phh'")
    assert succeeds(runner, "explain", str(deal[0]), "--db", db_url).stdout.splitlines()[1:4] == [
        "Player 1: 6S 5H 6D AS 4H 7S JC  best 6S 6D AS JC 7S  Pair of Sixes, Ace kicker; "
        "low 7S 6S 5H 4H AS  7-6-5-4-A low",
        "Player 3: AC 7D 3H 6C 2D 2C KH  best 2D 2C AC KH 7D  Pair of Twos, Ace kicker; "
        "low 7D 6C 3H 2D AC  7-6-3-2-A low",
        "High: Player 1 wins: Pair of Sixes, Ace kicker beats Pair of Twos, Ace kicker. Low: "
        "Player 3 wins the low half: 7-6-3-2-A low beats 7-6-5-4-A low"]
    (badugi,) = rows(db_url, "SELECT id FROM deals WHERE variant = 'FB'")
    assert succeeds(runner, "explain", str(badugi[0]), "--db", db_url).stdout.splitlines()[1:4] \
        == ["Player 2: 3S 5D 7C 8H  best 8H 7C 5D 3S  8-7-5-3 badugi",
            "Player 4: 2S 4C 6D 9H  best 9H 6D 4C 2S  9-6-4-2 badugi",
            "Player 2 wins: 8-7-5-3 badugi beats 9-6-4-2 badugi"]
    breakdown = succeeds(runner, "breakdown", "--format", "csv", "--db", db_url).stdout
    assert "Seven Low (deuce-to-seven),4,0,1,1,1,1" in breakdown.splitlines()
    assert "Four-card badugi (badugi),1,0,1,0,0,0" in breakdown.splitlines()
    players = succeeds(runner, "players", "--by", "category", "--format", "csv",
                       "--db", db_url).stdout
    assert "Paul Phua,GBP,Three of a Kind (short-deck),1,-301000.00" in players.splitlines()
    # Every shown hand has its words, and every stored strength a description of its kind.
    assert rows(db_url, "SELECT count(*) FROM hands WHERE strength IS NOT NULL AND "
                        "(description IS NULL OR category_name IS NULL)") == [(0,)]
    assert rows(db_url, "SELECT low_category_name, count(*) FROM hands WHERE low_strength "
                        "IS NOT NULL GROUP BY low_category_name ORDER BY 1") == [
        ("Eight Low", 16), ("Five Low", 2), ("Seven Low", 5)]


def test_a_hand_with_more_players_than_its_deck_serves_is_rejected(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """Eight stud players take 48 cards and share a community card for seventh street; a
    ninth would need 55."""
    path = tmp_path / "nine.phh"
    path.write_text("variant = 'F7S'\nantes = [1, 1, 1, 1, 1, 1, 1, 1, 1]\nbring_in = 1\n"
                    "small_bet = 2\nbig_bet = 4\nstarting_stacks = [9, 9, 9, 9, 9, 9, 9, 9, 9]"
                    "\nactions = []\n")
    result = fails(runner, "import", str(path), "--db", db_url)
    assert result.stderr.endswith(f"{path}: a F7S hand has 2 to 8 players, found 9\n")


def test_equity_of_the_variants_with_a_board(runner: CliRunner, db_url: str) -> None:
    """`pokerdb equity` is for the games with a board: of the sample's 88 hands, the 36
    Hold'em, Omaha and short-deck hands whose cards are known (or, all in, only a folded
    seat's are not) get equities; no stud or draw hand does."""
    succeeds(runner, "import", str(PHH_DATA), "--db", db_url)
    assert succeeds(runner, "equity", "--db", db_url).stdout.startswith(
        "computed the equity of 162 hands in 36 deals in ")
    assert rows(db_url, "SELECT d.variant, count(*), count(e.equity), count(e.allin_equity) "
                        "FROM hand_equities e JOIN deals d ON d.id = e.deal_id "
                        "GROUP BY d.variant ORDER BY d.variant") == [
        ("FO/8", 42, 42, 0), ("FT", 25, 25, 0), ("NS", 6, 6, 2), ("NT", 57, 55, 4),
        ("PO", 32, 32, 2)]


def test_stepping_below_the_variants_refuses_while_their_hands_are_stored(
        runner: CliRunner, db_url: str) -> None:
    from test_migrations import downgrade

    from pokerdb.storage.engines import open_engine
    from pokerdb.storage.location import head_revision

    succeeds(runner, "import", str(PHH_DATA), "--db", db_url)
    engine = open_engine(db_url)
    try:
        with pytest.raises(RuntimeError, match="the database holds 69 recorded hands of "
                                               "variants other than NT and FT"):
            downgrade(engine, "0010")
    finally:
        engine.dispose()
    # The database as it was: still at head, the later revisions' downgrades rolled back too.
    assert rows(db_url, "SELECT version_num FROM alembic_version") == [(head_revision(),)]
