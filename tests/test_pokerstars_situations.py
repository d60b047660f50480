"""PokerStars situations the samples lack, each a small hand written for the test and imported on
every backend: a tournament (id, buy-in, level, chips, a player sitting out who is blinded off),
a home game (its club, a dead blind, a jackpot fee, chat and a disconnection), cash-outs (the
cashed-out player losing, and winning a pot the site keeps), pot-limit raise bounds, a big
blind given no option against a short all-in call, and the games and structures pokerdb does not
read (stud's are read: tests/test_pokerstars_stud.py; the draws': tests/test_pokerstars_draw.py).
Each hand's stored nets are worked out here by hand from its lines."""

from decimal import Decimal
from pathlib import Path

import pytest
from support import NAMED_SEATS, TEXTED_DEALS, fails, rows, succeeds
from test_pokerstars import plain
from typer.testing import CliRunner

TOURNAMENT = """\
PokerStars Hand #149651992548: Tournament #1495192630, $0.91+$0.09 USD Hold'em No Limit - \
Level III (25/50) - 2016/02/29 7:46:22 ET
Table '1495192630 1' 9-max Seat #1 is the button
Seat 1: Ann (1480 in chips)
Seat 2: Bo (1500 in chips)
Seat 3: Cy (1520 in chips) is sitting out
Seat 4: Di (1500 in chips)
Seat 5: Ed (1500 in chips) out of hand (moved from another table into small blind)
Ann: posts the ante 5
Bo: posts the ante 5
Cy: posts the ante 5
Di: posts the ante 5
Bo: posts small blind 25
Cy: posts big blind 50
*** HOLE CARDS ***
Dealt to Ann [Ah Kh]
Di: folds
Ann: raises 100 to 150
Bo: folds
Cy: folds
Uncalled bet (100) returned to Ann
Ann collected 145 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot 145 | Rake 0
Seat 1: Ann (button) collected (145)
Seat 2: Bo (small blind) folded before Flop
Seat 3: Cy (big blind) folded before Flop
Seat 4: Di folded before Flop (didn't bet)
"""

HOME_GAME = """\
PokerStars Home Game Hand #200000000002: {Friday Club} Hold'em No Limit ($0.05/$0.10) - \
2020/05/01 21:00:00 ET
Table 'Kitchen' 6-max Seat #4 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bo ($12.40 in chips)
Seat 3: Cy ($5 in chips)
Seat 4: Di ($8 in chips)
Ann: posts small blind $0.05
Bo: posts big blind $0.10
Cy: posts small & big blinds $0.15
*** HOLE CARDS ***
Dealt to Cy [9c 9d]
Cy: raises $0.20 to $0.30
Di: calls $0.30
Ann: folds
Bo: folds
Bo said, "gl: both"
*** FLOP *** [2c 7h Jd]
Cy: bets $0.50
Di: raises $1 to $1.50
Cy: raises $3.15 to $4.65 and is all-in
Di: calls $3.15
Di is disconnected
Di is connected
*** TURN *** [2c 7h Jd] [3s]
*** RIVER *** [2c 7h Jd 3s] [Kc]
*** SHOW DOWN ***
Cy: shows [9c 9d] (a pair of Nines)
Di: shows [Jh Ts] (a pair of Jacks)
Di collected $9.80 from pot
*** SUMMARY ***
Total pot $10.10 | Rake $0.20 | Jackpot $0.10
Board [2c 7h Jd 3s Kc]
Seat 1: Ann (small blind) folded before Flop
Seat 2: Bo (big blind) folded before Flop
Seat 3: Cy showed [9c 9d] and lost with a pair of Nines
Seat 4: Di (button) showed [Jh Ts] and won ($9.80) with a pair of Jacks
"""

CASHED_OUT = """\
PokerStars Hand #250000000003:  Hold'em No Limit ($0.05/$0.10 USD) - 2025/03/01 10:00:00 CET \
[2025/03/01 4:00:00 ET]
Table 'Wezen' 6-max Seat #2 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bo ($12 in chips)
Seat 3: Cy ($9 in chips)
Cy: posts small blind $0.05
Ann: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Bo [Kh Kd]
Bo: raises $0.20 to $0.30
Cy: folds
Ann: raises $9.70 to $10 and is all-in
Bo: calls $9.70
*** FLOP *** [Qs 7c 2d]
*** TURN *** [Qs 7c 2d] [5h]
*** RIVER *** [Qs 7c 2d 5h] [9s]
*** SHOW DOWN ***
Ann: shows [Qh Qc] (three of a kind, Queens)
Bo: shows [Kh Kd] (a pair of Kings)
Ann collected $19.15 from pot
Bo cashed out the hand for $15.40 | Cash Out Fee $0.16
*** SUMMARY ***
Total pot $20.05 | Rake $0.90
Board [Qs 7c 2d 5h 9s]
Seat 1: Ann (big blind) showed [Qh Qc] and won ($19.15) with three of a kind, Queens
Seat 2: Bo (button) showed [Kh Kd] and lost with a pair of Kings (cashed out)
Seat 3: Cy (small blind) folded before Flop
"""

# The same, but the river makes Bo's hand: the site keeps the pot it paid the cash-out for.
CASHED_OUT_AND_WON = (
    CASHED_OUT.replace("#250000000003", "#250000000004").replace("[9s]", "[Ks]")
    .replace("Qs 7c 2d 5h 9s", "Qs 7c 2d 5h Ks").replace("Ann collected $19.15 from pot\n", "")
    .replace("(a pair of Kings)", "(three of a kind, Kings)")
    .replace("and won ($19.15) with three of a kind, Queens",
             "and lost with three of a kind, Queens")
    .replace("and lost with a pair of Kings (cashed out)",
             "and won (pot not awarded as player cashed out) with three of a kind, Kings"))

POT_LIMIT = """\
PokerStars Game #109680643861:  Hold'em Pot Limit ($0.50/$1.00 USD) - 2014/01/06 6:59:26 ET
Table 'Liriope III' 9-max Seat #9 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bo ($100 in chips)
Seat 9: Cy ($40 in chips)
Ann: posts small blind $0.50
Bo: posts big blind $1
*** HOLE CARDS ***
Cy: raises $2.50 to $3.50
Ann: raises $7 to $10.50
Bo: folds
Cy: calls $7
*** FLOP *** [Ts 6d 3c]
Ann: bets $22
Cy: folds
Uncalled bet ($22) returned to Ann
Ann collected $21.50 from pot
*** SUMMARY ***
Total pot $22 | Rake $0.50
Board [Ts 6d 3c]
Seat 1: Ann (small blind) collected ($21.50)
Seat 2: Bo (big blind) folded before Flop
Seat 9: Cy (button) folded on the Flop
"""


def imported(runner: CliRunner, db_url: str, tmp_path: Path, text: str) -> None:
    path = tmp_path / "hand.txt"
    path.write_text(text, encoding="utf-8")
    succeeds(runner, "import", str(path), "--db", db_url)


def seats(db_url: str) -> list[tuple[object, ...]]:
    return plain(db_url, "SELECT name, position, seat_number, starting_stack, ante, blind, "
                         f"put_in, collected, cashed_out, net FROM {NAMED_SEATS} seats ORDER BY "
                         "player")


def test_a_tournament_hand_keeps_its_id_buy_in_level_and_chips(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, TOURNAMENT)
    assert plain(db_url, "SELECT site, tournament, buy_in, level, currency, total_pot, rake, "
                         "hero, button_seat, min_bet FROM deals") == [
        ("PokerStars", "1495192630", "$0.91+$0.09 USD", "III", "chips", 145, 0, 4, 1, 50)]
    # Cy sits out but posts: a tournament blinds them off. Ed, moved in, is not dealt in.
    assert seats(db_url) == [
        ("Bo", "SB", 2, 1500, 5, 25, 30, 0, 0, -30),
        ("Cy", "BB", 3, 1520, 5, 50, 55, 0, 0, -55),
        ("Di", "UTG", 4, 1500, 5, 0, 5, 0, 0, -5),
        ("Ann", "BTN", 1, 1480, 5, 0, 55, 145, 0, 90)]


def test_a_home_game_hand_with_a_dead_blind_and_a_jackpot(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, HOME_GAME)
    assert plain(db_url, "SELECT site, event, table_name, currency, total_pot, rake, fees, "
                         f"hero, board FROM {TEXTED_DEALS} d") == [
        ("PokerStars Home Game", "Friday Club", "Kitchen", "USD", 10.1, 0.2, 0.1, 3,
         "2C 7H JD 3S KC")]
    # Cy's small & big blinds: the small one dead (as an ante), the big one live.
    assert seats(db_url) == [
        ("Ann", "SB", 1, 10, 0, 0.05, 0.05, 0, 0, -0.05),
        ("Bo", "BB", 2, 12.4, 0, 0.1, 0.1, 0, 0, -0.1),
        ("Cy", "UTG", 3, 5, 0.05, 0.1, 5, 0, 0, -5),
        ("Di", "BTN", 4, 8, 0, 0, 4.95, 9.8, 0, 4.85)]
    nets = [Decimal(net).scaleb(-4) for (net,) in rows(db_url, "SELECT net FROM seats")]
    assert sum(nets) == Decimal("-0.30")  # the rake and the jackpot fee, exactly


@pytest.mark.parametrize(("text", "collected", "nets"), [
    (CASHED_OUT, (0, 19.15, 0), (-0.05, 9.15, 5.4)),
    (CASHED_OUT_AND_WON, (0, 0, 0), (-0.05, -10, 5.4)),
])
def test_a_cash_out_is_paid_whether_the_hand_is_won_or_lost(
        runner: CliRunner, db_url: str, tmp_path: Path, text: str,
        collected: tuple[float, ...], nets: tuple[float, ...]) -> None:
    imported(runner, db_url, tmp_path, text)
    assert plain(db_url, "SELECT total_pot, rake, fees FROM deals") == [(20.05, 0.9, 0.16)]
    assert seats(db_url) == [
        ("Cy", "SB", 3, 9, 0, 0.05, 0.05, collected[0], 0, nets[0]),
        ("Ann", "BB", 1, 10, 0, 0.1, 10, collected[1], 0, nets[1]),
        ("Bo", "BTN", 2, 12, 0, 0, 10, collected[2], 15.4, nets[2])]


def test_a_cash_out_does_not_cover_a_pot_paid_short(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """A pot the site keeps is the cashed-out player's, never someone else's shortfall."""
    path = tmp_path / "short.txt"
    path.write_text(CASHED_OUT.replace("Ann collected $19.15", "Ann collected $18.15"),
                    encoding="utf-8")
    result = fails(runner, "import", str(path), "--db", db_url)
    assert result.stderr == (
        f"Error: {path}#250000000003: the players collected 18.15 of a pot of 20.05 with "
        f"rake and fees of 0.90: 1.00 unaccounted for\n")


def test_pot_limit_raises_are_held_to_the_pot(runner: CliRunner, db_url: str,
                                              tmp_path: Path) -> None:
    """Cy's raise to 3.50 and Ann's to 10.50 are each the pot exactly (the call, then the pot
    after it); one chip more is refused, naming the line."""
    imported(runner, db_url, tmp_path, POT_LIMIT)
    assert plain(db_url, "SELECT variant, total_pot, rake FROM deals") == [("PT", 22, 0.5)]
    assert plain(db_url, f"SELECT name, put_in, net FROM {NAMED_SEATS} seats ORDER BY player") == [
        ("Ann", 10.5, 11), ("Bo", 1, -1), ("Cy", 10.5, -10.5)]
    over = tmp_path / "over.txt"
    over.write_text(POT_LIMIT.replace("Cy: raises $2.50 to $3.50", "Cy: raises $2.51 to $3.51")
                    .replace("raises $7 to $10.50", "raises $6.99 to $10.50"), encoding="utf-8")
    result = fails(runner, "import", str(over), "--db", db_url)
    assert result.stderr == (
        f"Error: {over}#109680643861: line 9 'Cy: raises $2.51 to $3.5'...: a pot-limit raise "
        f"to 3.51 is over the pot: at most 3.50\n")
    flop = tmp_path / "flop.txt"
    flop.write_text(POT_LIMIT.replace("Ann: bets $22\n", "Ann: bets $22.01\n").replace(
        "Uncalled bet ($22)", "Uncalled bet ($22.01)"), encoding="utf-8")
    result = fails(runner, "import", str(flop), "--db", db_url)
    assert result.stderr == (
        f"Error: {flop}#109680643861: line 14 'Ann: bets $22.01': a pot-limit bet to 22.01 "
        f"is over the pot: at most 22.00\n")


def test_a_game_in_a_structure_pokerdb_has_no_variant_for_is_refused(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(POT_LIMIT.replace("Hold'em Pot Limit", "Razz No Limit"), encoding="utf-8")
    result = fails(runner, "import", str(path), "--db", db_url)
    assert result.stderr == (f"Error: {path}#109680643861: line 1 'PokerStars Game #1096806'"
                             f"...: the game 'Razz No Limit' is not one pokerdb reads\n")


# The short stack calls all-in for less than the big blind, the rest fold: PokerStars deals the
# flop without the big blind's check, which the rules (and pokerkit) still ask for.
NO_OPTION = """\
PokerStars Hand #300000000106: Tournament #900000002, $1.00+$0.10 USD Hold'em No Limit - \
Level III (50/100) - 2014/03/02 13:00:00 ET
Table '900000002 1' 9-max Seat #1 is the button
Seat 1: Ann (3000 in chips)
Seat 2: Bo (2500 in chips)
Seat 3: Cy (4000 in chips)
Seat 4: Dee (60 in chips)
Bo: posts small blind 50
Cy: posts big blind 100
*** HOLE CARDS ***
Dealt to Ann [Kc 7d]
Dee: calls 60 and is all-in
Ann: folds
Bo: folds
Uncalled bet (40) returned to Cy
*** FLOP *** [2c 9h Jd]
*** TURN *** [2c 9h Jd] [4s]
*** RIVER *** [2c 9h Jd 4s] [Qh]
*** SHOW DOWN ***
Cy: shows [Ts 8s] (a straight, Eight to Queen)
Dee: shows [Ac Ad] (a pair of Aces)
Cy collected 170 from pot
*** SUMMARY ***
Total pot 170 | Rake 0
Board [2c 9h Jd 4s Qh]
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bo (small blind) folded before Flop
Seat 3: Cy (big blind) showed [Ts 8s] and won (170) with a straight, Eight to Queen
Seat 4: Dee showed [Ac Ad] and lost with a pair of Aces
"""


def test_a_big_blind_given_no_option_against_a_short_all_in_checks(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    path = tmp_path / "option.txt"
    path.write_text(NO_OPTION, encoding="utf-8")
    succeeds(runner, "import", str(path), "--db", db_url)
    assert [action for (action,) in rows(db_url, "SELECT action FROM actions ORDER BY seq")][
        4:9] == ["p3 cc", "p4 f", "p1 f", "p2 cc", "d db 2c9hJd"]
    assert plain(db_url, f"SELECT name, put_in, net FROM {NAMED_SEATS} seats ORDER BY player") == [
        ("Bo", 50, -50), ("Cy", 60, 110), ("Dee", 60, -60), ("Ann", 0, 0)]
    # With another player able to bet, the big blind's check is the file's to write.
    called = NO_OPTION.replace("Ann: folds\nBo: folds\nUncalled bet (40) returned to Cy\n",
                               "Ann: calls 100\nBo: folds\n")
    path.write_text(called, encoding="utf-8")
    result = fails(runner, "import", str(path), "--db", db_url)
    assert result.stderr == (f"Error: {path}#300000000106: line 14 '*** FLOP *** [2c 9h Jd]': "
                             f"the board is dealt while p2 is to act\n")
