"""Variants as games played in betting structures (rules.variants): every combination and its
code; pot-limit hold'em and Courchevel settled; stud with eight players, whose seventh street is
one community card when the deck cannot give every player one, replayed, evaluated (against
eval7, an independent evaluator) and stored on every backend; and the opening after an extra
big blind posted out of position."""

from itertools import combinations
from pathlib import Path

import eval7
from support import rows, succeeds
from test_settlement_variants import STUD_FIELDS, hand, invalid
from typer.testing import CliRunner

from pokerdb.rules.hand_batches import ReplayedHand
from pokerdb.rules.hand_batches import settle as settle_batch
from pokerdb.rules.settlement import replay
from pokerdb.rules.settlement.opening import openers
from pokerdb.rules.variants import GAMES, VARIANTS, Betting, Opening


def test_every_game_is_a_variant_in_each_of_its_betting_structures() -> None:
    expected = {f"{betting.letter}{game.code}": (game, betting)
                for game in GAMES for betting in game.bettings}
    assert set(VARIANTS) == set(expected)
    assert len(VARIANTS) == 32
    for code, variant in VARIANTS.items():
        game, betting = expected[code]
        assert (variant.betting, variant.high, variant.low, variant.streets, variant.deck) == (
            betting, game.high, game.low, game.streets, game.deck)
        assert variant.name == f"{betting.value} {game.name}"
    # The PHH specification's codes are among them, meaning what it says.
    for code in ("NT", "FT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"):
        assert code in VARIANTS
    assert VARIANTS["PT"].betting is Betting.POT_LIMIT and VARIANTS["PT"].hole_cards == 2
    # Stud's bring-in and completion are fixed-limit rules: no other structure is offered.
    assert [code for code, variant in VARIANTS.items() if variant.bring_in] == [
        "F7S", "F7S/8", "FR"]


def test_pot_limit_holdem_raises_to_the_pot_at_most() -> None:
    fields = {"blinds_or_straddles": [1, 2], "min_bet": 2}
    # Three players: p3 calls 2 and raises the pot of 5: to 7 at most.
    deal = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????"]
    assert invalid(hand("PT", [*deal, "p3 cbr 8"], [100] * 3, **fields)) == (
        "test.phh: action 4 'p3 cbr 8': a pot-limit raise to 8 is over the pot: at most 7")
    actions = [*deal, "p3 cbr 7", "p1 f", "p2 cc", "d db AhKhQh", "p2 cbr 15", "p3 f"]
    assert replay(hand("PT", actions, [100] * 3, **fields)).put_in == (1, 7, 7)
    assert invalid(hand("PT", [*actions[:-2], "p2 cbr 16"], [100] * 3, **fields)) == (
        "test.phh: action 8 'p2 cbr 16': a pot-limit bet to 16 is over the pot: at most 15")


def _omaha_best(hole: list[str], board: list[str]) -> int:
    """eval7's best hand of exactly two hole and three board cards."""
    return max(eval7.evaluate([eval7.Card(card) for card in (*two, *three)])
               for two in combinations(hole, 2) for three in combinations(board, 3))


def test_courchevel_turns_a_flop_card_before_the_first_betting() -> None:
    holes = (["As", "Ad", "2c", "3c", "4c"], ["Ks", "Kd", "Kh", "Qs", "Qd"])
    board = ["7h", "Ac", "Kc", "2d", "9s"]
    actions = [f"d dh p1 {''.join(holes[0])}", f"d dh p2 {''.join(holes[1])}", "d db 7h",
               "p2 cc", "p1 cc", "d db AcKc", "p1 cc", "p2 cc", "d db 2d", "p1 cc", "p2 cc",
               "d db 9s", "p1 cc", "p2 cc", f"p1 sm {''.join(holes[0])}",
               f"p2 sm {''.join(holes[1])}"]
    fields = {"blinds_or_straddles": [1, 2], "min_bet": 2}
    assert invalid(hand("PC", [*actions[:2], "p2 cc"], [50, 50], **fields)) == (
        "test.phh: action 3 'p2 cc': p2 acts while the pre-flop is to be dealt")
    replayed = replay(hand("PC", actions, [50, 50], **fields))
    batch = settle_batch([ReplayedHand(1, replayed, None)])
    aces, kings = (_omaha_best(hole, board) for hole in holes)
    assert aces > kings  # three aces (A A + A K 7) against three kings
    assert batch.settlements[0].net == (2, -2)


EIGHT_STUD = [
    "d dh p1 4cJcAc", "d dh p2 3c6c3s", "d dh p3 9s9c9h", "d dh p4 Qd8c5d", "d dh p5 3hKd2d",
    "d dh p6 Qh8s2c", "d dh p7 Kc6d5h", "d dh p8 6h2sTd", "p6 pb", "p7 cc", "p8 cc", "p1 cc",
    "p2 cc", "p3 cc", "p4 cc", "p5 cc",
    "d dh p1 4h", "d dh p2 Th", "d dh p3 8h", "d dh p4 8d", "d dh p5 7c", "d dh p6 Tc",
    "d dh p7 Ah", "d dh p8 5c", "p7 cc", "p8 cc", "p1 cc", "p2 cc", "p3 cc", "p4 cc", "p5 cc",
    "p6 cc",
    "d dh p1 Js", "d dh p2 Qc", "d dh p3 7d", "d dh p4 Ks", "d dh p5 Kh", "d dh p6 7s",
    "d dh p7 5s", "d dh p8 Qs", "p7 cc", "p8 cc", "p1 cc", "p2 cc", "p3 cc", "p4 cc", "p5 cc",
    "p6 cc",
    "d dh p1 As", "d dh p2 9d", "d dh p3 3d", "d dh p4 Ts", "d dh p5 4s", "d dh p6 6s",
    "d dh p7 Jh", "d dh p8 2h", "p1 cc", "p2 cc", "p3 cc", "p4 cc", "p5 cc", "p6 cc", "p7 cc",
    "p8 cc",
    # 48 cards dealt, 4 left for 8 players: one community card.
    "d db 7h", "p1 cc", "p2 cc", "p3 cc", "p4 cc", "p5 cc", "p6 cc", "p7 cc", "p8 cc",
    *(f"p{player} sm -" for player in range(1, 9))]
EIGHT = {"antes": [1] * 8, **STUD_FIELDS}


def test_eight_stud_players_share_a_community_card_on_seventh_street() -> None:
    replayed = replay(hand("F7S", EIGHT_STUD, [100] * 8, **EIGHT))
    assert replayed.board == "7H"
    assert replayed.showdown == tuple(range(1, 9))
    assert replayed.pots[0].amount == 16
    batch = settle_batch([ReplayedHand(1, replayed, None)])
    best = [eval7.evaluate([eval7.Card(card[0] + card[1].lower())
                            for card in f"{hole} 7H".split()])
            for hole in replayed.hole_cards if hole is not None]
    winner = best.index(max(best)) + 1
    assert best.count(max(best)) == 1
    assert batch.settlements[0].net == tuple(14 if seat == winner else -2 for seat in
                                             range(1, 9))
    # Every seat's value is of its six cards and the community card, ordered as eval7 orders.
    strengths = batch.strength.tolist()
    assert sorted(range(8), key=lambda seat: strengths[seat]) == sorted(
        range(8), key=lambda seat: best[seat])


def test_the_community_card_only_when_the_deck_runs_short() -> None:
    # Seven players: 49 cards, every player gets a seventh-street card.
    seven = [action for action in EIGHT_STUD if "p8" not in action]
    seven = seven[:seven.index("d db 7h")]
    fields = {"antes": [1] * 7, **STUD_FIELDS}
    assert invalid(hand("F7S", [*seven, "d db 7h"], [100] * 7, **fields)).endswith(
        "'d db 7h': F7S (fixed-limit seven card stud) deals no board, but a community card "
        "where the deck cannot give every player one")
    # Eight players, and a hole card where the community card is due.
    before = EIGHT_STUD[:EIGHT_STUD.index("d db 7h")]
    assert invalid(hand("F7S", [*before, "d dh p1 7h"], [100] * 8, **EIGHT)).endswith(
        "'d dh p1 7h': the seventh street deals p1 no hole cards")


def test_eight_stud_players_get_a_card_each_once_two_have_folded() -> None:
    """p2 and p3 fold on third street: 8 * 3 + 6 * 3 = 42 cards dealt, 10 left for the six
    players still in, each dealt one."""
    folded = ("p2", "p3")
    actions = [action.replace("p2 cc", "p2 f").replace("p3 cc", "p3 f")
               for action in EIGHT_STUD[:16]]
    actions += [action for action in EIGHT_STUD[16:EIGHT_STUD.index("d db 7h")]
                if not action.startswith(folded) and not action.startswith(
                    tuple(f"d dh {player}" for player in folded))]
    seventh = [f"d dh p{player} {card}" for player, card in zip(
        (1, 4, 5, 6, 7, 8), ("7h", "Th", "8h", "Qc", "7d", "9d"), strict=True)]
    assert invalid(hand("F7S", [*actions, "d db 7h"], [100] * 8, **EIGHT)).endswith(
        "'d db 7h': F7S (fixed-limit seven card stud) deals no board, but a community card "
        "where the deck cannot give every player one")
    checks = [f"p{player} cc" for player in (1, 4, 5, 6, 7, 8)]
    shown = [f"p{player} sm -" for player in (1, 4, 5, 6, 7, 8)]
    replayed = replay(hand("F7S", [*actions, *seventh, *checks, *shown], [100] * 8, **EIGHT))
    assert replayed.board == ""
    assert [len(hole.split()) if hole else 0 for hole in replayed.hole_cards] == [
        7, 3, 3, 7, 7, 7, 7, 7]


def test_an_eight_player_stud_hand_imports_with_its_community_card(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    path = tmp_path / "eight.phh"
    path.write_text("variant = 'F7S'\nantes = [1, 1, 1, 1, 1, 1, 1, 1]\nbring_in = 1\n"
                    "small_bet = 4\nbig_bet = 8\nstarting_stacks = [100, 100, 100, 100, 100, "
                    "100, 100, 100]\nactions = [" + ", ".join(f"'{action}'" for action in
                                                             EIGHT_STUD) + "]\n")
    succeeds(runner, "import", str(path), "--db", db_url)
    assert rows(db_url, "SELECT variant, board FROM deals") == [("F7S", "7H")]
    nets = [net for (net,) in rows(db_url, "SELECT net / 10000 FROM seats ORDER BY player")]
    assert sorted(nets) == [-2] * 7 + [14]
    assert rows(db_url, "SELECT count(*) FROM hands WHERE strength IS NOT NULL") == [(8,)]


def test_an_extra_big_blind_posted_out_of_position_does_not_move_the_opening() -> None:
    in_hand = [True] * 6
    no_cards: list[list[str | None]] = [[] for _ in range(6)]
    # p1 small blind, p2 big blind, p4 posts a big blind on joining: p3 opens.
    assert openers(Opening.POSITION, [1, 2, 0, 2, 0, 0], no_cards, in_hand) == (2,)
    assert openers(Opening.POSITION, [1, 2, 4, 0, 0, 0], no_cards, in_hand) == (3,)  # straddle
    assert openers(Opening.POSITION, [2, 2, 0, 0, 0, 0], no_cards, in_hand) == (2,)  # 2/2 blinds
    assert openers(Opening.POSITION, [2, 1], no_cards[:2], in_hand[:2]) == (1,)  # heads-up
