"""PokerStars' own betting rules (rules.hand_record.BettingRules, a PokerStars hand's), each
case a small hand written for the test in the site's format (as fpdb's regression files of real
hands show them), imported on every backend, its stored chips worked out here from its lines:

- fixed-limit: an all-in bet or raise for less than a full one is completed, the next raise
  going a full bet over the last full level, reopening the betting from half a bet;
- a raise more than anyone left to act can call, the excess returned;
- a player all in by a blind and sitting out is folded in turn;
- the big blind is the bet to call before the flop, even when it is posted short or not at all;
- stud high's fourth street with an open pair may be bet double.

What the files say beyond the actions: tests/test_pokerstars_site_hands.py."""

from pathlib import Path

from support import NAMED_SEATS, fails, rows, succeeds
from test_pokerstars import plain
from test_pokerstars_site_hands import STUD, imported, nets, refused
from typer.testing import CliRunner

# At 100/200 Dee raises all in for half a bet (to 150 over the big blind's 100); Ann completes
# it to 200, a full bet over the big blind (the rules PHH and pokerkit follow have her raise
# to 250, a full bet over the all-in, or not at all).
COMPLETED = """\
PokerStars Hand #300000000201: Tournament #900000003, $2.00+$0.20 USD Hold'em Limit - \
Level V (100/200) - 2014/03/02 14:00:00 ET
Table '900000003 1' 9-max Seat #1 is the button
Seat 1: Ann (3000 in chips)
Seat 2: Bo (3000 in chips)
Seat 3: Cy (3000 in chips)
Seat 4: Dee (150 in chips)
Bo: posts small blind 50
Cy: posts big blind 100
*** HOLE CARDS ***
Dealt to Ann [Ah Kh]
Dee: raises 50 to 150 and is all-in
Ann: raises 50 to 200
Bo: calls 150
Cy: calls 100
*** FLOP *** [2c 7h Jd]
Bo: checks
Cy: bets 100
Ann: calls 100
Bo: folds
*** TURN *** [2c 7h Jd] [4s]
Cy: checks
Ann: bets 200
Cy: calls 200
*** RIVER *** [2c 7h Jd 4s] [Qh]
Cy: checks
Ann: checks
*** SHOW DOWN ***
Cy: shows [Jh Ts] (a pair of Jacks)
Ann: shows [Ah Kh] (high card Ace)
Cy collected 750 from side pot
Dee: shows [Qc Qs] (three of a kind, Queens)
Dee collected 600 from main pot
*** SUMMARY ***
Total pot 1350 Main pot 600. Side pot 750. | Rake 0
Board [2c 7h Jd 4s Qh]
Seat 1: Ann (button) showed [Ah Kh] and lost with high card Ace
Seat 2: Bo (small blind) folded on the Flop
Seat 3: Cy (big blind) showed [Jh Ts] and won (750) with a pair of Jacks
Seat 4: Dee showed [Qc Qs] and won (600) with three of a kind, Queens
"""

# On the flop Cy bets 100, Dee raises all in for 60 more (at least half a bet), and Cy, who has
# acted, may complete it to 200: the all-in reopens the betting to her.
REOPENED = """\
PokerStars Hand #300000000202: Tournament #900000003, $2.00+$0.20 USD Hold'em Limit - \
Level V (100/200) - 2014/03/02 14:05:00 ET
Table '900000003 1' 9-max Seat #1 is the button
Seat 1: Ann (3000 in chips)
Seat 2: Bo (3000 in chips)
Seat 3: Cy (3000 in chips)
Seat 4: Dee (260 in chips)
Bo: posts small blind 50
Cy: posts big blind 100
*** HOLE CARDS ***
Dealt to Ann [8h 8d]
Dee: calls 100
Ann: calls 100
Bo: calls 50
Cy: checks
*** FLOP *** [2c 7h Jd]
Bo: checks
Cy: bets 100
Dee: raises 60 to 160 and is all-in
Ann: calls 160
Bo: folds
Cy: raises 40 to 200
Ann: calls 40
*** TURN *** [2c 7h Jd] [4s]
Cy: bets 200
Ann: folds
Uncalled bet (200) returned to Cy
*** RIVER *** [2c 7h Jd 4s] [Qh]
*** SHOW DOWN ***
Dee: shows [Ac Kd] (high card Ace)
Cy: shows [Jh Ts] (a pair of Jacks)
Cy collected 80 from side pot
Cy collected 880 from main pot
*** SUMMARY ***
Total pot 960 Main pot 880. Side pot 80. | Rake 0
Board [2c 7h Jd 4s Qh]
Seat 1: Ann (button) folded on the Turn
Seat 2: Bo (small blind) folded on the Flop
Seat 3: Cy (big blind) showed [Jh Ts] and won (960) with a pair of Jacks
Seat 4: Dee showed [Ac Kd] and lost with high card Ace
"""


def test_a_fixed_limit_short_all_in_raise_is_completed(runner: CliRunner, db_url: str,
                                                       tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, COMPLETED)
    assert nets(db_url) == [("Bo", 200, 0, -200), ("Cy", 500, 750, 250),
                            ("Dee", 150, 600, 450), ("Ann", 500, 0, -500)]
    assert [action for (action,) in rows(db_url, "SELECT action FROM actions ORDER BY seq")][
        4:8] == ["p3 cbr 150", "p4 cbr 200", "p1 cc", "p2 cc"]
    # A raise a full bet over the all-in is not PokerStars' rule.
    over = COMPLETED.replace("Ann: raises 50 to 200", "Ann: raises 100 to 250")
    assert refused(runner, db_url, tmp_path, over) == (
        "300000000201: line 12 'Ann: raises 100 to 250': a fixed-limit raise is to 200\n")


def test_a_completion_reopens_the_betting_from_half_a_bet(runner: CliRunner, db_url: str,
                                                          tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, REOPENED)
    assert nets(db_url) == [("Bo", 100, 0, -100), ("Cy", 300, 960, 660),
                            ("Dee", 260, 0, -260), ("Ann", 300, 0, -300)]
    # An all-in 40 over the bet (less than half of it) does not reopen it to Cy.
    short = (REOPENED.replace("(260 in chips)", "(240 in chips)")
             .replace("raises 60 to 160", "raises 40 to 140").replace("calls 160", "calls 140")
             .replace("Cy: raises 40 to 200", "Cy: raises 60 to 200"))
    assert refused(runner, db_url, tmp_path, short) == (
        "300000000202: line 21 'Cy: raises 60 to 200': p2 may only call or fold: all-ins for "
        "less than half a bet do not reopen the betting\n")


def test_a_completed_hand_exported_as_phh_imports_back_by_the_sites_rules(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, COMPLETED)
    out = tmp_path / "out"
    succeeds(runner, "export", "--format", "phh", "-o", str(out), "--db", db_url)
    (folder,) = out.iterdir()
    # The same site's hand is stored once: imported back once the original is deleted.
    succeeds(runner, "delete", "hand.txt", "--db", db_url)
    succeeds(runner, "import", str(folder), "--db", db_url, "--name", "again")
    assert plain(db_url, f"SELECT s.name, s.put_in, s.net FROM {NAMED_SEATS} s JOIN deals d ON "
                         "d.id = s.deal_id JOIN datasets ds ON ds.id = d.dataset_id WHERE "
                         "ds.name = 'again' ORDER BY s.player") == [
        ("Bo", 200, -200), ("Cy", 500, 250), ("Dee", 150, 450), ("Ann", 500, -500)]
    # The same hand without the site is PHH's (and pokerkit's) rules: the completion refused.
    (phh,) = folder.glob("*.phh")
    phh.write_text("\n".join(line for line in phh.read_text(encoding="utf-8").splitlines()
                             if not line.startswith("_site ")) + "\n", encoding="utf-8")
    result = fails(runner, "import", str(phh), "--db", db_url, "--name", "plain")
    assert "'p4 cbr 200': a fixed-limit raise is to 250" in result.stderr


# Cy is all in for 200; Dee raises to 500, more than Ann and Bo, still to act, can call (both
# have less than 200): PokerStars lets her, and returns the 300.
RAISED_OVER = """\
PokerStars Hand #300000000221:  Hold'em No Limit ($1/$2 USD) - 2020/04/23 22:25:53 ET
Table 'Vega' 6-max Seat #3 is the button
Seat 1: Ann ($150 in chips)
Seat 2: Bo ($100 in chips)
Seat 3: Cy ($200 in chips)
Seat 4: Dee ($600 in chips)
Dee: posts small blind $1
Ann: posts big blind $2
*** HOLE CARDS ***
Bo: raises $4 to $6
Cy: raises $194 to $200 and is all-in
Dee: raises $300 to $500
Ann: calls $148 and is all-in
Bo: calls $94 and is all-in
Uncalled bet ($300) returned to Dee
*** FLOP *** [2c 7h Jd]
*** TURN *** [2c 7h Jd] [4s]
*** RIVER *** [2c 7h Jd 4s] [9s]
*** SHOW DOWN ***
Dee: shows [Tc Th] (a pair of Tens)
Ann: shows [Kc Kd] (a pair of Kings)
Bo: shows [Ah Ad] (a pair of Aces)
Cy: shows [Qc Qs] (a pair of Queens)
Cy collected $100 from side pot-2
Ann collected $150 from side pot-1
Bo collected $397 from main pot
*** SUMMARY ***
Total pot $650 Main pot $397. Side pot-1 $150. Side pot-2 $100. | Rake $3
Board [2c 7h Jd 4s 9s]
Seat 1: Ann (big blind) showed [Kc Kd] and won ($150) with a pair of Kings
Seat 2: Bo showed [Ah Ad] and won ($397) with a pair of Aces
Seat 3: Cy (button) showed [Qc Qs] and won ($100) with a pair of Queens
Seat 4: Dee (small blind) showed [Tc Th] and lost with a pair of Tens
"""


def test_a_raise_no_one_can_call_is_returned(runner: CliRunner, db_url: str,
                                             tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, RAISED_OVER)
    assert plain(db_url, f"SELECT name, put_in, collected, raked, net FROM {NAMED_SEATS} seats "
                         "ORDER BY player") == [
        ("Dee", 200, 0, 0, -200), ("Ann", 150, 150, 0, 0), ("Bo", 100, 397, 3, 297),
        ("Cy", 200, 100, 0, -100)]
    assert [action for (action,) in rows(db_url, "SELECT action FROM actions ORDER BY seq")][
        4:9] == ["p3 cbr 6", "p4 cbr 200", "p1 cbr 500", "p2 cc", "p3 cc"]


# Cy, sitting out, is all in by her big blind of 20; the site folds her in turn, and the pot
# she was in is Ann's.
FOLDED_ALL_IN = """\
PokerStars Hand #300000000302: Tournament #900000004, $1.00+$0.10 USD Hold'em No Limit - \
Level II (15/30) - 2014/03/03 10:05:00 ET
Table '900000004 1' 9-max Seat #1 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bo (1500 in chips)
Seat 3: Cy (20 in chips) is sitting out
Seat 4: Dee (1500 in chips)
Bo: posts small blind 15
Cy: posts big blind 20 and is all-in
*** HOLE CARDS ***
Dealt to Ann [Ah Kh]
Dee: calls 30
Ann: raises 60 to 90
Bo: folds
Cy: folds
Dee: calls 60
*** FLOP *** [2c 7h Jd]
Dee: checks
Ann: bets 100
Dee: folds
Uncalled bet (100) returned to Ann
Ann collected 140 from side pot
Ann collected 75 from main pot
*** SUMMARY ***
Total pot 215 Main pot 75. Side pot 140. | Rake 0
Board [2c 7h Jd]
Seat 1: Ann (button) collected (215)
Seat 2: Bo (small blind) folded before Flop
Seat 3: Cy (big blind) folded before Flop
Seat 4: Dee folded on the Flop
"""


def test_a_player_sitting_out_all_in_by_a_blind_is_folded_in_turn(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, FOLDED_ALL_IN)
    assert plain(db_url, f"SELECT name, position, put_in, collected, net FROM {NAMED_SEATS} seats "
                         "ORDER BY player") == [
        ("Bo", "SB", 15, 0, -15), ("Cy", "BB", 20, 0, -20), ("Dee", "UTG", 90, 0, -90),
        ("Ann", "BTN", 90, 215, 125)]
    assert [action for (action,) in rows(db_url, "SELECT action FROM actions ORDER BY seq")][
        4:9] == ["p3 cc", "p4 cbr 90", "p1 f", "p2 f", "p3 cc"]
    # The site may write the fold once the betting is over: the same hand.
    late = FOLDED_ALL_IN.replace("Cy: folds\nDee: calls 60", "Dee: calls 60\nCy: folds")
    assert late != FOLDED_ALL_IN
    path = tmp_path / "late.txt"
    path.write_text(late.replace("#300000000302", "#300000000303"), encoding="utf-8")
    succeeds(runner, "import", str(path), "--db", db_url)
    assert plain(db_url, f"SELECT s.name, s.net FROM {NAMED_SEATS} s JOIN deals d ON d.id = "
                         "s.deal_id "
                         "WHERE d.hand_number = '300000000303' ORDER BY s.player") == [
        ("Bo", -15), ("Cy", -20), ("Dee", -90), ("Ann", 125)]
    # A player with chips left still folds only in turn.
    early = (FOLDED_ALL_IN.replace("(20 in chips)", "(200 in chips)")
             .replace("big blind 20 and is all-in", "big blind 30")
             .replace("Dee: calls 30", "Dee: calls 30\nCy: folds"))
    assert refused(runner, db_url, tmp_path, early).startswith(
        "300000000302: line 12 'Cy: folds': p2 acts out of turn (p4 is to act)")


# Bo, the big blind, is all in by his ante: he posts no blind, and the others call the big
# blind all the same.
BLIND_UNPOSTED = """\
PokerStars Hand #300000000304: Tournament #900000004, $1.00+$0.10 USD Hold'em No Limit - \
Level VIII (60/120) - 2014/03/03 10:10:00 ET
Table '900000004 1' 9-max Seat #4 is the button
Seat 1: Ann (3000 in chips)
Seat 2: Bo (11 in chips)
Seat 3: Cy (3000 in chips)
Seat 4: Dee (3000 in chips)
Ann: posts the ante 15
Bo: posts the ante 11 and is all-in
Cy: posts the ante 15
Dee: posts the ante 15
Ann: posts small blind 60
*** HOLE CARDS ***
Cy: calls 120
Dee: folds
Ann: calls 60
*** FLOP *** [2c 7h 9s]
Ann: checks
Cy: checks
*** TURN *** [2c 7h 9s] [Jd]
Ann: checks
Cy: checks
*** RIVER *** [2c 7h 9s Jd] [3s]
Ann: checks
Cy: checks
*** SHOW DOWN ***
Ann: shows [Qc Qd] (a pair of Queens)
Cy: shows [Kc Kd] (a pair of Kings)
Cy collected 252 from side pot
Bo: shows [Ah Ad] (a pair of Aces)
Bo collected 44 from main pot
*** SUMMARY ***
Total pot 296 Main pot 44. Side pot 252. | Rake 0
Board [2c 7h 9s Jd 3s]
Seat 1: Ann (small blind) showed [Qc Qd] and lost with a pair of Queens
Seat 2: Bo (big blind) showed [Ah Ad] and won (44) with a pair of Aces
Seat 3: Cy showed [Kc Kd] and won (252) with a pair of Kings
Seat 4: Dee (button) folded before Flop (didn't bet)
"""


def test_the_big_blind_is_called_when_it_is_not_posted(runner: CliRunner, db_url: str,
                                                       tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, BLIND_UNPOSTED)
    assert plain(db_url, f"SELECT name, ante, blind, put_in, collected, net FROM {NAMED_SEATS} "
                         "seats "
                         "ORDER BY player") == [
        ("Ann", 15, 60, 135, 0, -135), ("Bo", 11, 0, 11, 44, 33), ("Cy", 15, 0, 135, 252, 117),
        ("Dee", 15, 0, 15, 0, -15)]


# Stud high: Ann's up cards pair on fourth street, so she may bet the big bet, and the raise
# after it is the big bet too.
OPEN_PAIR = (
    STUD.replace("#300000000401", "#300000000411")
    .replace("Dealt to Ann [Ah] [4h]\nDealt to Bo [2d] [Th]\nAnn: checks\nBo: checks",
             "Dealt to Ann [Ah] [Ac]\nDealt to Bo [2d] [Th]\nPair on board - a double bet is "
             "allowed\nAnn: bets $0.08\nBo: raises $0.08 to $0.16\nAnn: calls $0.08")
    .replace("Ah 4h", "Ah Ac").replace("three of a kind, Fours", "two pair, Aces and Fours")
    .replace("$0.06", "$0.38"))


def test_an_open_pair_on_fourth_street_allows_the_big_bet(runner: CliRunner, db_url: str,
                                                          tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, OPEN_PAIR)
    assert plain(db_url, f"SELECT name, put_in, collected, net FROM {NAMED_SEATS} seats ORDER "
                         "BY player") == [
        ("Ann", 0.19, 0.38, 0.19), ("Bo", 0.19, 0, -0.19)]
    # Once the big bet is made, a raise is the big bet too.
    small = OPEN_PAIR.replace("Bo: raises $0.08 to $0.16\nAnn: calls $0.08",
                              "Bo: raises $0.04 to $0.12\nAnn: calls $0.04")
    assert refused(runner, db_url, tmp_path, small) == (
        "300000000411: line 17 'Bo: raises $0.04 to $0.1'...: a fixed-limit raise is to 0.16\n")
    # Without the pair, the small bet only.
    unpaired = (OPEN_PAIR.replace("[Ah] [Ac]", "[Ah] [Kc]").replace("Ah Ac", "Ah Kc")
                .replace("(two pair, Aces and Fours)", "(a pair of Fours)")
                .replace("with two pair, Aces and Fours", "with a pair of Fours"))
    assert refused(runner, db_url, tmp_path, unpaired) == (
        "300000000411: line 16 'Ann: bets $0.08': a fixed-limit bet is to 0.04\n")
