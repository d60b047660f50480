"""PokerStars draw hands (Triple Draw and Single Draw 2-7 Lowball, Badugi, 5 Card Draw) and
Courchevel imported on every backend: the draws as PHH's actions (every discard of a draw, then
the new cards), the hero's final hand and the shown ones evaluated under the game's ranking, the
site's amounts checked, each impossible discard refused naming the file, the hand and the line;
and the hands exported as PHH replay in pokerkit (an independent implementation) to the nets
pokerdb stored."""

from collections import deque
from decimal import Decimal
from pathlib import Path

import pytest
from pokerkit import HandHistory
from support import fails, rows, succeeds
from test_pokerstars import plain
from typer.testing import CliRunner

TRIPLE_DRAW = ("PokerStars Hand #300000000101:  Triple Draw 2-7 Lowball Limit "
               "($0.10/$0.20 USD) - 2014/03/02 10:15:00 ET\n") + """\
Table 'Lowball I' 6-max Seat #3 is the button
Seat 1: Ann ($5 in chips)
Seat 2: Hero ($4 in chips)
Seat 3: Cy ($6.20 in chips)
Ann: posts small blind $0.05
Hero: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [2c 7d Kh 4s Kd]
Cy: raises $0.10 to $0.20
Ann: folds
Hero: calls $0.10
*** FIRST DRAW ***
Hero: discards 2 cards [Kh Kd]
Dealt to Hero [2c 7d 4s] [8h 3c]
Cy: discards 1 card
Hero: checks
Cy: bets $0.10
Hero: calls $0.10
*** SECOND DRAW ***
Hero: stands pat on [2c 7d 4s 8h 3c]
Cy: discards 1 card
Hero: bets $0.20
Cy: raises $0.20 to $0.40
Hero: calls $0.20
*** THIRD DRAW ***
Hero: stands pat on [2c 7d 4s 8h 3c]
Cy: stands pat
Hero: checks
Cy: bets $0.20
Hero: calls $0.20
*** SHOW DOWN ***
Cy: shows [7s 6h 5d 3d 2h] (Lo: 7,6,5,3,2)
Hero: mucks hand
Cy collected $1.76 from pot
*** SUMMARY ***
Total pot $1.85 | Rake $0.09
Seat 1: Ann (small blind) folded before the Draw
Seat 2: Hero (big blind) mucked [2c 7d 4s 8h 3c]
Seat 3: Cy (button) showed [7s 6h 5d 3d 2h] and won ($1.76) with Lo: 7,6,5,3,2
"""

# Heads-up (p1 the big blind draws first); a single draw has no line opening it.
SINGLE_DRAW = ("PokerStars Hand #300000000102:  Single Draw 2-7 Lowball No Limit "
               "($0.25/$0.50 USD) - 2014/03/02 10:20:00 ET\n") + """\
Table 'Lowball II' 6-max Seat #1 is the button
Seat 1: Hero ($20 in chips)
Seat 4: Bo ($12.50 in chips)
Hero: posts small blind $0.25
Bo: posts big blind $0.50
*** DEALING HANDS ***
Dealt to Hero [2d 3h 5c 8s Qd]
Hero: raises $1 to $1.50
Bo: calls $1
Bo: stands pat
Hero: discards 1 card [Qd]
Dealt to Hero [2d 3h 5c 8s] [7c]
Bo: bets $11 and is all-in
Hero: calls $11
*** SHOW DOWN ***
Bo: shows [9c 7h 6d 4s 2s] (Lo: 9,7,6,4,2)
Hero: shows [2d 3h 5c 8s 7c] (Lo: 8,7,5,3,2)
Hero collected $24.40 from pot
*** SUMMARY ***
Total pot $25 | Rake $0.60
Seat 1: Hero (button) (small blind) showed [2d 3h 5c 8s 7c] and won ($24.40) with Lo: 8,7,5,3,2
Seat 4: Bo (big blind) showed [9c 7h 6d 4s 2s] and lost with Lo: 9,7,6,4,2
"""

BADUGI = ("PokerStars Hand #300000000103: Tournament #900000001, $1.00+$0.10 USD Badugi "
          "Limit - Level II (30/60) - 2014/03/02 11:00:00 ET\n") + """\
Table '900000001 1' 8-max Seat #2 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bo (1500 in chips)
Seat 3: Hero (1500 in chips)
Hero: posts small blind 15
Ann: posts big blind 30
*** DEALING HANDS ***
Dealt to Hero [Ac 4d Kh Ks]
Bo: calls 30
Hero: calls 15
Ann: checks
*** FIRST DRAW ***
Hero: discards 2 cards [Kh Ks]
Dealt to Hero [Ac 4d] [7h 2s]
Ann: discards 1 card
Bo: discards 3 cards
Hero: bets 30
Ann: calls 30
Bo: folds
*** SECOND DRAW ***
Hero: stands pat on [Ac 4d 7h 2s]
Ann: discards 1 card
Hero: bets 60
Ann: calls 60
*** THIRD DRAW ***
Hero: stands pat on [Ac 4d 7h 2s]
Ann: discards 2 cards
Hero: bets 60
Ann: calls 60
*** SHOW DOWN ***
Hero: shows [Ac 4d 7h 2s] (Badugi: 7,4,2,A)
Ann: shows [3c 5d 6h 6c] (3-card: 6,5,3)
Hero collected 390 from pot
*** SUMMARY ***
Total pot 390 | Rake 0
Seat 1: Ann (big blind) showed [3c 5d 6h 6c] and lost with 3-card: 6,5,3
Seat 2: Bo (button) folded after the 1st Draw
Seat 3: Hero (small blind) showed [Ac 4d 7h 2s] and won (390) with a Badugi: 7,4,2,A
"""

FIVE_CARD_DRAW = """\
PokerStars Hand #300000000104:  5 Card Draw Limit ($0.10/$0.20 USD) - 2014/03/02 11:30:00 ET
Table 'Draw III' 6-max Seat #1 is the button
Seat 1: Ann ($3 in chips)
Seat 2: Bo ($2 in chips)
Seat 3: Hero ($4 in chips)
Bo: posts small blind $0.05
Hero: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [Jc Jd 7s 4h 2c]
Ann: raises $0.10 to $0.20
Bo: folds
Hero: calls $0.10
Hero: discards 3 cards [7s 4h 2c]
Dealt to Hero [Jc Jd] [Ks 8d 3h]
Ann: discards 1 card
Hero: checks
Ann: bets $0.20
Hero: calls $0.20
*** SHOW DOWN ***
Ann: shows [9s 9h 4d 4c Ad] (two pair, Nines and Fours)
Hero: mucks hand
Ann collected $0.81 from pot
*** SUMMARY ***
Total pot $0.85 | Rake $0.04
Seat 1: Ann (button) showed [9s 9h 4d 4c Ad] and won ($0.81) with two pair, Nines and Fours
Seat 2: Bo (small blind) folded before the Draw
Seat 3: Hero (big blind) mucked [Jc Jd Ks 8d 3h]
"""

COURCHEVEL = """\
PokerStars Hand #300000000105:  Courchevel Pot Limit ($0.10/$0.25 USD) - 2014/03/02 12:00:00 ET
Table 'Alpine I' 6-max Seat #2 is the button
Seat 1: Ann ($25 in chips)
Seat 2: Bo ($30 in chips)
Seat 3: Hero ($25 in chips)
Hero: posts small blind $0.10
Ann: posts big blind $0.25
*** HOLE CARDS ***
Dealt to Hero [Jh 7h Jd 5s Kc]
*** PRE-FLOP *** [2s]
Bo: raises $0.50 to $0.75
Hero: calls $0.65
Ann: folds
*** FLOP *** [2s 3h 4h]
Hero: checks
Bo: bets $1.60
Hero: calls $1.60
*** TURN *** [2s 3h 4h] [5c]
Hero: checks
Bo: checks
*** RIVER *** [2s 3h 4h 5c] [Qs]
Hero: bets $4
Bo: calls $4
*** SHOW DOWN ***
Hero: shows [Jh 7h Jd 5s Kc] (a pair of Jacks)
Bo: shows [6c Kh 9s 2d 5h] (a straight, Deuce to Six)
Bo collected $12.35 from pot
*** SUMMARY ***
Total pot $12.95 | Rake $0.60
Board [2s 3h 4h 5c Qs]
Seat 1: Ann (big blind) folded before Flop
Seat 2: Bo (button) showed [6c Kh 9s 2d 5h] and won ($12.35) with a straight, Deuce to Six
Seat 3: Hero (small blind) showed [Jh 7h Jd 5s Kc] and lost with a pair of Jacks
"""


def imported(runner: CliRunner, db_url: str, tmp_path: Path, *texts: str) -> Path:
    path = tmp_path / "draw.txt"
    path.write_text("\n\n".join(texts), encoding="utf-8")
    succeeds(runner, "import", str(path), "--db", db_url)
    return path


def refusal(runner: CliRunner, db_url: str, tmp_path: Path, text: str, stored: int = 0) -> str:
    """The one line an import of the hand fails with (the database left with the `stored`
    hands it had)."""
    path = tmp_path / "refused.txt"
    path.write_text(text, encoding="utf-8")
    result = fails(runner, "import", str(path), "--db", db_url)
    assert rows(db_url, "SELECT count(*) FROM deals") == [(stored,)]
    assert result.stderr.count("\n") == 1
    return result.stderr.removeprefix(f"Error: {path}#").rstrip("\n")


def actions(db_url: str, hand: str) -> list[str]:
    return [action for (action,) in rows(
        db_url, f"SELECT a.action FROM actions a JOIN deals d ON d.id = a.deal_id "
                f"WHERE d.hand_number = '{hand}' ORDER BY a.seq")]


def test_a_triple_draw_hand_is_read_draw_by_draw(runner: CliRunner, db_url: str,
                                                 tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, TRIPLE_DRAW)
    assert plain(db_url, "SELECT variant, small_bet, big_bet, min_bet, button_seat, hero, "
                         "total_pot, rake, board FROM deals") == [
        ("F2L3D", 0.1, 0.2, None, 3, 2, 1.85, 0.09, None)]
    assert plain(db_url, "SELECT name, position, seat_number, blind, put_in, collected, net "
                         "FROM seats ORDER BY player") == [
        ("Ann", "SB", 1, 0.05, 0.05, 0, -0.05), ("Hero", "BB", 2, 0.1, 0.9, 0, -0.9),
        ("Cy", "BTN", 3, 0, 0.9, 1.76, 0.86)]
    # Each draw: every discard in the order written, then the new cards (the hero's known).
    assert actions(db_url, "300000000101") == [
        "d dh p1 ??????????", "d dh p2 2c7dKh4sKd", "d dh p3 ??????????",
        "p3 cbr 0.20", "p1 f", "p2 cc",
        "p2 sd KhKd", "p3 sd ??", "d dh p2 8h3c", "d dh p3 ??",
        "p2 cc", "p3 cbr 0.10", "p2 cc",
        "p2 sd", "p3 sd ??", "d dh p3 ??", "p2 cbr 0.20", "p3 cbr 0.40", "p2 cc",
        "p2 sd", "p3 sd", "p2 cc", "p3 cbr 0.20", "p2 cc",
        "p3 sm 7s6h5d3d2h", "p2 sm"]
    # The hero's hand after the draws and the one shown, valued as deuce-to-seven lows.
    assert rows(db_url, "SELECT player, cards, description, category_name, showed FROM hands "
                        "ORDER BY player") == [
        (1, None, None, None, 0), (2, "2C 7D 4S 8H 3C", "Eight-Seven low", "Eight Low", 0),
        (3, "7S 6H 5D 3D 2H", "Seven-Six low", "Seven Low", 1)]


def test_single_draw_badugi_and_five_card_draw_hands_are_settled(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, SINGLE_DRAW, BADUGI, FIVE_CARD_DRAW)
    assert plain(db_url, "SELECT hand_number, variant, min_bet, small_bet, big_bet, total_pot, "
                         "rake, tournament FROM deals ORDER BY hand_number") == [
        ("300000000102", "N2L1D", 0.5, None, None, 25, 0.6, None),
        ("300000000103", "FB", None, 30, 60, 390, 0, "900000001"),
        ("300000000104", "F5D", None, 0.1, 0.2, 0.85, 0.04, None)]
    assert plain(db_url, "SELECT d.hand_number, s.name, s.put_in, s.net FROM deals d JOIN seats "
                         "s ON s.deal_id = d.id ORDER BY d.hand_number, s.player") == [
        ("300000000102", "Bo", 12.5, -12.5), ("300000000102", "Hero", 12.5, 11.9),
        ("300000000103", "Hero", 180, 210), ("300000000103", "Ann", 180, -180),
        ("300000000103", "Bo", 30, -30),
        ("300000000104", "Bo", 0.05, -0.05), ("300000000104", "Hero", 0.4, -0.4),
        ("300000000104", "Ann", 0.4, 0.41)]
    assert actions(db_url, "300000000102") == [
        "d dh p1 ??????????", "d dh p2 2d3h5c8sQd", "p2 cbr 1.50", "p1 cc",
        "p1 sd", "p2 sd Qd", "d dh p2 7c", "p1 cbr 11", "p2 cc",
        "p1 sm 9c7h6d4s2s", "p2 sm 2d3h5c8s7c"]
    assert actions(db_url, "300000000103")[6:14] == [
        "p1 sd KhKs", "p2 sd ??", "p3 sd ??????", "d dh p1 7h2s", "d dh p2 ??",
        "d dh p3 ??????", "p1 cbr 30", "p2 cc"]
    assert rows(db_url, "SELECT d.hand_number, h.cards, h.description FROM hands h JOIN deals d "
                        "ON d.id = h.deal_id WHERE h.cards IS NOT NULL "
                        "ORDER BY d.hand_number, h.player") == [
        ("300000000102", "9C 7H 6D 4S 2S", "Nine-Seven low"),
        ("300000000102", "2D 3H 5C 8S 7C", "Eight-Seven low"),
        ("300000000103", "AC 4D 7H 2S", "7-4-2-A badugi"),
        ("300000000103", "3C 5D 6H 6C", "6-5-3 three-card badugi"),
        ("300000000104", "JC JD KS 8D 3H", "Pair of Jacks, King kicker"),
        ("300000000104", "9S 9H 4D 4C AD", "Two Pairs, Nines and Fours, Ace kicker")]


def test_a_courchevel_hand_deals_its_first_flop_card_before_the_betting(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, COURCHEVEL)
    assert plain(db_url, "SELECT variant, min_bet, board, total_pot, rake FROM deals") == [
        ("PC", 0.25, "2S 3H 4H 5C QS", 12.95, 0.6)]
    assert plain(db_url, "SELECT name, put_in, net FROM seats ORDER BY player") == [
        ("Hero", 6.35, -6.35), ("Ann", 0.25, -0.25), ("Bo", 6.35, 6.0)]
    assert actions(db_url, "300000000105")[3:8] == [
        "d db 2s", "p3 cbr 0.75", "p1 cc", "p2 f", "d db 3h4h"]
    assert rows(db_url, "SELECT player, best FROM hands WHERE cards IS NOT NULL "
                        "ORDER BY player") == [(1, "JH JD QS 5C 4H"), (3, "6C 5C 4H 3H 2D")]
    flop = COURCHEVEL.replace("*** FLOP *** [2s 3h 4h]", "*** FLOP *** [3h 4h 6d]")
    assert refusal(runner, db_url, tmp_path, flop, stored=1) == (
        "300000000105: line 14 '*** FLOP *** [3h 4h 6d]': the flop does not begin with the "
        "pre-flop card 2s")


@pytest.mark.parametrize(("edit", "error"), [
    (("discards 2 cards [Kh Kd]", "discards 2 cards [Kh Qd]"),
     "line 14 'Hero: discards 2 cards ['...: Hero discards 'Qd', which is not among their "
     "cards [2c 7d Kh 4s Kd]"),
    (("discards 2 cards [Kh Kd]", "discards 3 cards [Kh Kd]"),
     "line 14 'Hero: discards 3 cards ['...: Hero discards 3 cards but 2 are listed"),
    (("[2c 7d 4s] [8h 3c]", "[2c 7d 4h] [8h 3c]"),
     "line 15 'Dealt to Hero [2c 7d 4h]'...: Hero keeps [2c 7d 4h], but holds [2c 7d 4s] "
     "after the discard"),
    (("[2c 7d 4s] [8h 3c]", "[2c 7d 4s] [8h]"),
     "line 15 'Dealt to Hero [2c 7d 4s]'...: 1 new cards dealt to Hero, who discarded 2"),
    (("Cy: discards 1 card\nHero: checks", "Cy: discards 6 cards\nHero: checks"),
     "line 16 'Cy: discards 6 cards': Cy discards 6 cards of the 5 a hand holds"),
    (("stands pat on [2c 7d 4s 8h 3c]\nCy: discards", "stands pat on [2c 7d 4s 8h 3d]\nCy: "
      "discards"),
     "line 21 'Hero: stands pat on [2c '...: Hero stands pat on [2c 7d 4s 8h 3d], but holds "
     "[2c 7d 4s 8h 3c]"),
    # The replay's own checks: the order of the draws, each card once.
    (("Hero: discards 2 cards [Kh Kd]\nDealt to Hero [2c 7d 4s] [8h 3c]\nCy: discards 1 card",
      "Cy: discards 1 card\nHero: discards 2 cards [Kh Kd]\nDealt to Hero [2c 7d 4s] [8h 3c]"),
     "line 14 'Cy: discards 1 card': p3 discards out of turn (p2 is to discard or stand pat)"),
    (("Cy: shows [7s 6h 5d 3d 2h]", "Cy: shows [7s 6h 5d 3c 2h]"),
     "line 33 'Cy: shows [7s 6h 5d 3c 2'...: 3C is dealt twice"),
    (("*** THIRD DRAW ***\nHero: stands pat on [2c 7d 4s 8h 3c]\nCy: stands pat\n",
      "*** THIRD DRAW ***\nHero: stands pat on [2c 7d 4s 8h 3c]\nCy: stands pat\nHero: checks\n"
      "Cy: checks\n*** DRAW ***\nHero: stands pat\nCy: stands pat\n"),
     "line 32 'Hero: stands pat': every card is dealt"),
])
def test_an_impossible_draw_is_one_line_naming_the_file_hand_and_line(
        runner: CliRunner, db_url: str, tmp_path: Path, edit: tuple[str, str],
        error: str) -> None:
    before, after = edit
    assert before in TRIPLE_DRAW
    assert refusal(runner, db_url, tmp_path, TRIPLE_DRAW.replace(before, after)) == (
        f"300000000101: {error}")


def test_the_site_words_for_a_five_card_draw_hand_are_checked(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    edited = FIVE_CARD_DRAW.replace("(two pair, Nines and Fours)", "(three of a kind, Nines)")
    assert refusal(runner, db_url, tmp_path, edited) == (
        "300000000104: Ann shows 9S 9H 4D 4C AD: the file says 'three of a kind, Nines', "
        "pokerdb evaluates two pairs")


def test_draw_hands_exported_as_phh_replay_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """pokerkit plays 2-7 single draw no-limit, triple draw and badugi fixed-limit (it has no
    five-card draw): each such hand's payoffs are pokerdb's nets before the rake."""
    imported(runner, db_url, tmp_path, TRIPLE_DRAW, SINGLE_DRAW, BADUGI)
    out = tmp_path / "out"
    succeeds(runner, "export", "--format", "phh", "-o", str(out), "--db", db_url)
    nets: dict[int, list[Decimal]] = {}
    for line_no, net, raked in rows(db_url, "SELECT d.line_no, s.net, s.raked FROM deals d "
                                            "JOIN seats s ON s.deal_id = d.id "
                                            "ORDER BY d.id, s.player"):
        nets.setdefault(line_no, []).append(Decimal(str(net)) + Decimal(str(raked or 0)))
    files = sorted((out / "1-draw.txt").glob("*.phh"))
    assert len(files) == 3
    for file in files:
        with file.open("rb") as handle:
            final = deque(HandHistory.load(handle), maxlen=1)[0]
        assert [Decimal(str(value)) for value in final.payoffs] == nets[int(file.stem)]
