"""Where PokerStars deals by rules of its own, or its files say more than the actions: each case a
small hand written for the test in the site's format (as fpdb's regression files of real hands
show them), imported on every backend, its stored chips worked out here from its lines.

- fixed-limit: an all-in bet or raise for less than a full one is completed, the next raise
  going a full bet over the last full level (BettingRules.completes_short_all_ins);
- an ante all in for less: the antes are pots by level, the part no one matches returned;
- a raise more than anyone left to act can call, the excess returned;
- a player listed as sitting out who plays (returns and acts, or is folded in turn all in by
  a blind) is dealt in;
- the big blind is the bet to call before the flop, even when it is posted short or not at all;
- mucked hands shown in the summary, of stud and draw games, are the player's known cards;
- the headers of the oldest files, of Zoom tournaments, tournaments without a buy-in and mixed
  games."""

from collections import deque
from decimal import Decimal
from pathlib import Path

import pytest
from pokerkit import HandHistory
from support import fails, rows, succeeds
from test_pokerstars import plain
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


def imported(runner: CliRunner, db_url: str, tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hand.txt"
    path.write_text(text, encoding="utf-8")
    succeeds(runner, "import", str(path), "--db", db_url)
    return path


def refused(runner: CliRunner, db_url: str, tmp_path: Path, text: str) -> str:
    """The one line the import of `text` fails with, the database left as it was."""
    path = tmp_path / "refused.txt"
    path.write_text(text, encoding="utf-8")
    before = rows(db_url, "SELECT count(*) FROM deals")
    result = fails(runner, "import", str(path), "--db", db_url)
    assert rows(db_url, "SELECT count(*) FROM deals") == before
    return result.stderr.removeprefix(f"Error: {path}#")


def nets(db_url: str) -> list[tuple[object, ...]]:
    return plain(db_url, "SELECT name, put_in, collected, net FROM seats ORDER BY player")


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
    succeeds(runner, "import", str(folder), "--db", db_url, "--name", "again")
    assert plain(db_url, "SELECT s.name, s.put_in, s.net FROM seats s JOIN deals d ON "
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
    assert plain(db_url, "SELECT name, put_in, collected, raked, net FROM seats "
                         "ORDER BY player") == [
        ("Dee", 200, 0, 0, -200), ("Ann", 150, 150, 0, 0), ("Bo", 100, 397, 3, 297),
        ("Cy", 200, 100, 0, -100)]
    assert [action for (action,) in rows(db_url, "SELECT action FROM actions ORDER BY seq")][
        4:9] == ["p3 cbr 6", "p4 cbr 200", "p1 cbr 500", "p2 cc", "p3 cc"]


# Ann is all in by her ante of 10 (of 25): the main pot is every player's 10, the rest of the
# antes and the blinds a side pot between Bo and Cy.
ANTE_ALL_IN = """\
PokerStars Hand #300000000211: Tournament #900000005, $1.00+$0.10 USD Hold'em No Limit - \
Level VI (50/100) - 2014/03/02 15:00:00 ET
Table '900000005 1' 9-max Seat #1 is the button
Seat 1: Ann (10 in chips)
Seat 2: Bo (2000 in chips)
Seat 3: Cy (3000 in chips)
Ann: posts the ante 10 and is all-in
Bo: posts the ante 25
Cy: posts the ante 25
Bo: posts small blind 50
Cy: posts big blind 100
*** HOLE CARDS ***
Dealt to Ann [Qc Qs]
Bo: calls 50
Cy: checks
*** FLOP *** [2c 7h 9s]
Bo: checks
Cy: checks
*** TURN *** [2c 7h 9s] [Jd]
Bo: checks
Cy: checks
*** RIVER *** [2c 7h 9s Jd] [3s]
Bo: checks
Cy: checks
*** SHOW DOWN ***
Bo: shows [Kc Qd] (high card King)
Cy: shows [Jh Ts] (a pair of Jacks)
Cy collected 230 from side pot
Ann: shows [Qc Qs] (a pair of Queens)
Ann collected 30 from main pot
*** SUMMARY ***
Total pot 260 Main pot 30. Side pot 230. | Rake 0
Board [2c 7h 9s Jd 3s]
Seat 1: Ann (button) showed [Qc Qs] and won (30) with a pair of Queens
Seat 2: Bo (small blind) showed [Kc Qd] and lost with high card King
Seat 3: Cy (big blind) showed [Jh Ts] and won (230) with a pair of Jacks
"""

# Heads-up, the button is all in by an ante of 5: of the big blind's 25 and 100, all but 5 is
# returned.
ANTE_RETURNED = """\
PokerStars Hand #300000000212: Tournament #900000005, $1.00+$0.10 USD Hold'em No Limit - \
Level VI (50/100) - 2014/03/02 15:10:00 ET
Table '900000005 1' 9-max Seat #1 is the button
Seat 1: Ann (5 in chips)
Seat 2: Bo (3000 in chips)
Ann: posts the ante 5 and is all-in
Bo: posts the ante 25
Bo: posts big blind 100
*** HOLE CARDS ***
Dealt to Ann [8c 8s]
Uncalled bet (120) returned to Bo
*** FLOP *** [2c 7h 9s]
*** TURN *** [2c 7h 9s] [Jd]
*** RIVER *** [2c 7h 9s Jd] [3s]
*** SHOW DOWN ***
Bo: shows [Kc Qd] (high card King)
Ann: shows [8c 8s] (a pair of Eights)
Ann collected 10 from pot
*** SUMMARY ***
Total pot 10 | Rake 0
Board [2c 7h 9s Jd 3s]
Seat 1: Ann (button) showed [8c 8s] and won (10) with a pair of Eights
Seat 2: Bo (big blind) showed [Kc Qd] and lost with high card King
"""


def test_an_ante_all_in_for_less_makes_the_pots_by_level(runner: CliRunner, db_url: str,
                                                         tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, ANTE_ALL_IN)
    assert plain(db_url, "SELECT name, ante, blind, put_in, collected, net FROM seats "
                         "ORDER BY player") == [
        ("Bo", 25, 50, 125, 0, -125), ("Cy", 25, 100, 125, 230, 105),
        ("Ann", 10, 0, 10, 30, 20)]
    assert rows(db_url, "SELECT ante_trimming FROM deals") in ([(1,)], [(True,)])


def test_the_part_of_an_ante_no_one_matches_is_returned(runner: CliRunner, db_url: str,
                                                        tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, ANTE_RETURNED)
    assert plain(db_url, "SELECT name, ante, blind, put_in, collected, net FROM seats "
                         "ORDER BY player") == [
        ("Bo", 25, 100, 5, 0, -5), ("Ann", 5, 0, 5, 10, 5)]
    # Bo's 20 of ante and 100 of blind returned: the file saying less is refused.
    short = ANTE_RETURNED.replace("Uncalled bet (120)", "Uncalled bet (100)")
    assert refused(runner, db_url, tmp_path, short) == (
        "300000000212: Bo puts in 25 by the file's lines, 5 by the rules of the game\n")


def test_ante_hands_exported_as_phh_replay_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    path = tmp_path / "antes.txt"
    path.write_text(f"{ANTE_ALL_IN}\n\n{ANTE_RETURNED}", encoding="utf-8")
    succeeds(runner, "import", str(path), "--db", db_url)
    out = tmp_path / "out"
    succeeds(runner, "export", "--format", "phh", "-o", str(out), "--db", db_url)
    stored: dict[int, list[Decimal]] = {}
    for line_no, net in rows(db_url, "SELECT d.line_no, s.net FROM deals d JOIN seats s ON "
                                     "s.deal_id = d.id ORDER BY d.id, s.player"):
        stored.setdefault(line_no, []).append(Decimal(str(net)))
    (folder,) = out.iterdir()
    files = sorted(folder.glob("*.phh"))
    assert len(files) == 2
    for file in files:
        assert "ante_trimming_status = true" in file.read_text(encoding="utf-8")
        with file.open("rb") as handle:
            final = deque(HandHistory.load(handle), maxlen=1)[0]
        assert [Decimal(str(value)) for value in final.payoffs] == stored[int(file.stem)]


# Cy, listed as sitting out, returns and plays: dealt in (the button), her raise in turn.
RETURNED = """\
PokerStars Hand #300000000301: Tournament #900000004, $1.00+$0.10 USD Hold'em No Limit - \
Level II (15/30) - 2014/03/03 10:00:00 ET
Table '900000004 1' 9-max Seat #3 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bo (1500 in chips)
Seat 3: Cy (1500 in chips) is sitting out
Seat 4: Dee (1500 in chips)
Dee: posts small blind 15
Ann: posts big blind 30
*** HOLE CARDS ***
Dealt to Ann [Ah Kh]
Cy has returned
Bo: folds
Cy: raises 60 to 90
Dee: folds
Ann: calls 60
*** FLOP *** [2c 7h Jd]
Ann: checks
Cy: bets 100
Ann: folds
Uncalled bet (100) returned to Cy
Cy collected 195 from pot
Cy: doesn't show hand
*** SUMMARY ***
Total pot 195 | Rake 0
Board [2c 7h Jd]
Seat 1: Ann (big blind) folded on the Flop
Seat 2: Bo folded before Flop (didn't bet)
Seat 3: Cy (button) collected (195)
Seat 4: Dee (small blind) folded before Flop
"""

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


def test_a_player_sitting_out_who_plays_is_dealt_in(runner: CliRunner, db_url: str,
                                                    tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, RETURNED)
    assert plain(db_url, "SELECT name, position, put_in, collected, net FROM seats "
                         "ORDER BY player") == [
        ("Dee", "SB", 15, 0, -15), ("Ann", "BB", 90, 0, -90), ("Bo", "UTG", 0, 0, 0),
        ("Cy", "BTN", 90, 195, 105)]


def test_a_player_sitting_out_all_in_by_a_blind_is_folded_in_turn(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, FOLDED_ALL_IN)
    assert plain(db_url, "SELECT name, position, put_in, collected, net FROM seats "
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
    assert plain(db_url, "SELECT s.name, s.net FROM seats s JOIN deals d ON d.id = s.deal_id "
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
    assert plain(db_url, "SELECT name, ante, blind, put_in, collected, net FROM seats "
                         "ORDER BY player") == [
        ("Ann", 15, 60, 135, 0, -135), ("Bo", 11, 0, 11, 44, 33), ("Cy", 15, 0, 135, 252, 117),
        ("Dee", 15, 0, 15, 0, -15)]


# A stud hand whose loser mucks at the showdown, all seven of their cards in the summary; and
# a badugi hand the same.
STUD = """\
PokerStars Hand #300000000401:  7 Card Stud Limit ($0.04/$0.08 USD) - 2014/03/02 16:00:00 ET
Table 'Aludra' 8-max
Seat 1: Ann ($1.50 in chips)
Seat 2: Bo ($1.50 in chips)
Ann: posts the ante $0.01
Bo: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Ah]
Dealt to Bo [2d]
Bo: brings in for $0.02
Ann: calls $0.02
*** 4th STREET ***
Dealt to Ann [Ah] [4h]
Dealt to Bo [2d] [Th]
Ann: checks
Bo: checks
*** 5th STREET ***
Dealt to Ann [Ah 4h] [Js]
Dealt to Bo [2d Th] [9c]
Ann: checks
Bo: checks
*** 6th STREET ***
Dealt to Ann [Ah 4h Js] [4s]
Dealt to Bo [2d Th 9c] [3s]
Ann: checks
Bo: checks
*** RIVER ***
Ann: checks
Bo: checks
*** SHOW DOWN ***
Ann: shows [5d 4c Ah 4h Js 4s Qs] (three of a kind, Fours)
Bo: mucks hand
Ann collected $0.06 from pot
*** SUMMARY ***
Total pot $0.06 | Rake $0
Seat 1: Ann showed [5d 4c Ah 4h Js 4s Qs] and won ($0.06) with three of a kind, Fours
Seat 2: Bo mucked [Kh Ks 2d Th 9c 3s Ad]
"""


def test_a_stud_hand_mucked_in_the_summary_is_dealt_known(runner: CliRunner, db_url: str,
                                                          tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, STUD)
    assert rows(db_url, "SELECT player, cards FROM hand_cards ORDER BY player") == [
        (1, "5D 4C AH 4H JS 4S QS"), (2, "KH KS 2D TH 9C 3S AD")]
    dealt = [action for (action,) in rows(db_url, "SELECT action FROM actions WHERE action "
                                                  "LIKE 'd dh p2 %' ORDER BY seq")]
    assert dealt == ["d dh p2 KhKs2d", "d dh p2 Th", "d dh p2 9c", "d dh p2 3s",
                     "d dh p2 Ad"]
    assert plain(db_url, "SELECT name, showed, net FROM seats ORDER BY player") == [
        ("Ann", True, 0.03), ("Bo", False, -0.03)]
    # Cards in the summary that are not the ones dealt face up are refused.
    wrong = STUD.replace("mucked [Kh Ks 2d Th", "mucked [Kh Ks 2c Th")
    assert refused(runner, db_url, tmp_path, wrong) == (
        "300000000401: line 37 'Seat 2: Bo mucked [Kh Ks'...: Bo's cards [Kh Ks 2c Th 9c 3s "
        "Ad] are not the ones dealt: ?? ?? 2d\n")


BADUGI = """\
PokerStars Hand #300000000402: Tournament #900000001, $1.00+$0.10 USD Badugi Limit - \
Level II (30/60) - 2014/03/02 11:00:00 ET
Table '900000001 1' 8-max Seat #2 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Hero (1500 in chips)
Hero: posts small blind 15
Ann: posts big blind 30
*** DEALING HANDS ***
Dealt to Hero [Ac 4d Kh Ks]
Hero: calls 15
Ann: checks
*** FIRST DRAW ***
Ann: discards 1 card
Hero: discards 2 cards [Kh Ks]
Dealt to Hero [Ac 4d] [7h 2s]
Ann: checks
Hero: checks
*** SECOND DRAW ***
Ann: discards 1 card
Hero: stands pat on [Ac 4d 7h 2s]
Ann: checks
Hero: checks
*** THIRD DRAW ***
Ann: stands pat
Hero: stands pat on [Ac 4d 7h 2s]
Ann: checks
Hero: checks
*** SHOW DOWN ***
Hero: shows [Ac 4d 7h 2s] (Badugi: 7,4,2,A)
Ann: mucks hand
Hero collected 60 from pot
*** SUMMARY ***
Total pot 60 | Rake 0
Seat 1: Ann (big blind) mucked [3c 5d 6h 6c]
Seat 2: Hero (button) (small blind) showed [Ac 4d 7h 2s] and won (60) with a Badugi: 7,4,2,A
"""


def test_a_draw_hand_mucked_in_the_summary_is_known_after_the_draws(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, BADUGI)
    assert rows(db_url, "SELECT player, cards, description, showed FROM hands "
                        "ORDER BY player") == [
        (1, "3C 5D 6H 6C", "6-5-3 three-card badugi", False),
        (2, "AC 4D 7H 2S", "7-4-2-A badugi", True)]
    # Her first cards are not known: her draws cannot say which she kept.
    assert [action for (action,) in rows(db_url, "SELECT action FROM actions WHERE action "
                                                 "LIKE 'd dh p1 %' ORDER BY seq")] == [
        "d dh p1 ????????", "d dh p1 ??", "d dh p1 ??"]
    # A card of the hero's among them is refused.
    twice = BADUGI.replace("mucked [3c 5d 6h 6c]", "mucked [3c 5d 6h Ac]")
    assert refused(runner, db_url, tmp_path, twice) == (
        "300000000402: the cards shown at the end: AC is dealt twice\n")


RETURNED_HEADER = ("PokerStars Hand #300000000301: Tournament #900000004, $1.00+$0.10 USD Hold'em "
                   "No Limit - Level II (15/30) - 2014/03/03 10:00:00 ET")


@pytest.mark.parametrize(("header", "facts"), [
    # The oldest files: the date and time apart, the zone in brackets; no N-max.
    ("PokerStars Game #300000000301: Tournament #900000004, $1.00+$0.10 Hold'em No Limit - "
     "Level II (15/30) - 2014/03/03 - 10:00:00 (ET)\nTable '900000004 1' Seat #3 is the button",
     ("PokerStars", "900000004", "$1.00+$0.10", "II", "NT", "2014-03-03", "10:00:00", "ET")),
    # A tournament without a buy-in (a freeroll's shootout).
    ("PokerStars Hand #300000000301: Tournament #900000004, Hold'em No Limit - Match Round I, "
     "Level II (15/30) - 2014/03/03 10:00:00 ET",
     ("PokerStars", "900000004", None, "II", "NT", "2014-03-03", "10:00:00", "ET")),
    ("PokerStars Hand #300000000301: Zoom Tournament #900000004, $1.00+$0.10 USD Hold'em No "
     "Limit - Level II (15/30) - 2014/03/03 10:00:00 ET",
     ("PokerStars Zoom", "900000004", "$1.00+$0.10 USD", "II", "NT", "2014-03-03", "10:00:00",
      "ET")),
    # Mixed games name the game of each hand: a tournament's alone, a cash game's with stakes.
    ("PokerStars Hand #300000000301: Tournament #900000004, $1.00+$0.10 USD 8-Game (Hold'em No "
     "Limit) - Level II (15/30) - 2014/03/03 10:00:00 ET",
     ("PokerStars", "900000004", "$1.00+$0.10 USD", "II", "NT", "2014-03-03", "10:00:00", "ET")),
    ("PokerStars Hand #300000000301:  Mixed NLH/PLO (Hold'em No Limit, 15/30) - 2014/03/03 "
     "10:00:00 ET",
     ("PokerStars", None, None, None, "NT", "2014-03-03", "10:00:00", "ET")),
])
def test_the_headers_of_old_zoom_and_mixed_game_hands_are_read(
        runner: CliRunner, db_url: str, tmp_path: Path, header: str,
        facts: tuple[object, ...]) -> None:
    text = RETURNED.replace(RETURNED_HEADER, header, 1)
    if "Seat #3 is the button" in header:
        text = text.replace("Table '900000004 1' 9-max Seat #3 is the button\n", "", 1)
    assert text != RETURNED
    imported(runner, db_url, tmp_path, text)
    assert rows(db_url, "SELECT site, tournament, buy_in, level, variant, CAST(date AS TEXT), "
                        "CAST(time AS TEXT), time_zone FROM deals") == [facts]
    assert nets(db_url) == [("Dee", 15, 0, -15), ("Ann", 90, 0, -90), ("Bo", 0, 0, 0),
                            ("Cy", 90, 195, 105)]


# 6+ hold'em: the header names the button blind and the ante; the button posts the blind, and
# the player after it acts first.
SIX_PLUS = ("PokerStars Hand #300000000231:  6+ Hold'em No Limit (Button Blind $1 - Ante $1 "
            "USD) - 2019/04/13 18:36:55 CET [2019/04/13 12:36:55 ET]\n" + """\
Table 'Sirius' 6-max Seat #2 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bo ($100 in chips)
Seat 3: Cy ($100 in chips)
Ann: posts the ante $1
Bo: posts the ante $1
Cy: posts the ante $1
Bo: posts button blind $1
*** HOLE CARDS ***
Dealt to Ann [Ah Kh]
Cy: raises $2 to $3
Ann: calls $3
Bo: folds
*** FLOP *** [6c 7h Jd]
Cy: bets $5
Ann: folds
Uncalled bet ($5) returned to Cy
Cy collected $10 from pot
Cy: doesn't show hand
*** SUMMARY ***
Total pot $10 | Rake $0
Board [6c 7h Jd]
Seat 1: Ann folded on the Flop
Seat 2: Bo (button) (button blind) folded before Flop
Seat 3: Cy collected ($10)
""")


def test_a_six_plus_hand_with_its_button_blind_is_read(runner: CliRunner, db_url: str,
                                                        tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, SIX_PLUS)
    assert plain(db_url, "SELECT variant, min_bet, currency FROM deals") == [("NS", 1, "USD")]
    assert plain(db_url, "SELECT name, ante, blind, put_in, collected, net FROM seats "
                         "ORDER BY player") == [
        ("Cy", 1, 0, 4, 10, 6), ("Ann", 1, 0, 4, 0, -4), ("Bo", 1, 1, 2, 0, -2)]
    assert [action for (action,) in rows(db_url, "SELECT action FROM actions ORDER BY seq")][
        3:6] == ["p1 cbr 3", "p2 cc", "p3 f"]


def test_a_draw_of_every_card_deals_the_new_ones_alone(runner: CliRunner, db_url: str,
                                                       tmp_path: Path) -> None:
    text = (BADUGI.replace("Hero: discards 2 cards [Kh Ks]\nDealt to Hero [Ac 4d] [7h 2s]",
                           "Hero: discards 4 cards [Ac 4d Kh Ks]\nDealt to Hero [As 4c 7h 2d]")
            .replace("[Ac 4d 7h 2s]", "[As 4c 7h 2d]"))
    assert text.count("[As 4c 7h 2d]") == 5
    imported(runner, db_url, tmp_path, text)
    assert [action for (action,) in rows(db_url, "SELECT action FROM actions WHERE action "
                                                 "LIKE '%p2 %' ORDER BY seq")][:4] == [
        "d dh p2 Ac4dKhKs", "p2 cc", "p2 sd Ac4dKhKs", "d dh p2 As4c7h2d"]
    assert rows(db_url, "SELECT cards, description FROM hands WHERE player = 2") == [
        ("AS 4C 7H 2D", "7-4-2-A badugi")]


# Dee, joining, posts a small blind out of position: dead money (as an ante), and calls the
# big blind in full.
DEAD_SMALL_BLIND = """\
PokerStars Hand #300000000241:  Hold'em No Limit ($0.01/$0.02 USD) - 2010/05/07 0:17:07 ET
Table 'Mira' 9-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bo ($2 in chips)
Seat 3: Cy ($2 in chips)
Seat 4: Dee ($2 in chips)
Bo: posts small blind $0.01
Cy: posts big blind $0.02
Dee: posts small blind $0.01
*** HOLE CARDS ***
Dee: calls $0.02
Ann: folds
Bo: calls $0.01
Cy: checks
*** FLOP *** [Td 3s Th]
Bo: checks
Cy: checks
Dee: bets $0.04
Bo: folds
Cy: folds
Uncalled bet ($0.04) returned to Dee
Dee collected $0.07 from pot
Dee: doesn't show hand
*** SUMMARY ***
Total pot $0.07 | Rake $0
Board [Td 3s Th]
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bo (small blind) folded on the Flop
Seat 3: Cy (big blind) folded on the Flop
Seat 4: Dee collected ($0.07)
"""


def test_a_small_blind_posted_out_of_position_is_dead(runner: CliRunner, db_url: str,
                                                      tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, DEAD_SMALL_BLIND)
    assert plain(db_url, "SELECT name, ante, blind, put_in, collected, net FROM seats "
                         "ORDER BY player") == [
        ("Bo", 0, 0.01, 0.02, 0, -0.02), ("Cy", 0, 0.02, 0.02, 0, -0.02),
        ("Dee", 0.01, 0, 0.03, 0.07, 0.04), ("Ann", 0, 0, 0, 0, 0)]


# Stud high: Ann's up cards pair on fourth street, so she may bet the big bet, and the raise
# after it is the big bet too.
OPEN_PAIR = """\
PokerStars Hand #300000000411:  7 Card Stud Limit ($0.04/$0.08 USD) - 2014/03/02 16:30:00 ET
Table 'Aludra' 8-max
Seat 1: Ann ($1.50 in chips)
Seat 2: Bo ($1.50 in chips)
Ann: posts the ante $0.01
Bo: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Ah]
Dealt to Bo [2d]
Bo: brings in for $0.02
Ann: calls $0.02
*** 4th STREET ***
Dealt to Ann [Ah] [Ac]
Dealt to Bo [2d] [Th]
Pair on board - a double bet is allowed
Ann: bets $0.08
Bo: raises $0.08 to $0.16
Ann: calls $0.08
*** 5th STREET ***
Dealt to Ann [Ah Ac] [Js]
Dealt to Bo [2d Th] [9c]
Ann: checks
Bo: checks
*** 6th STREET ***
Dealt to Ann [Ah Ac Js] [4s]
Dealt to Bo [2d Th 9c] [3s]
Ann: checks
Bo: checks
*** RIVER ***
Ann: checks
Bo: checks
*** SHOW DOWN ***
Ann: shows [5d 4c Ah Ac Js 4s Qs] (two pair, Aces and Fours)
Bo: mucks hand
Ann collected $0.38 from pot
*** SUMMARY ***
Total pot $0.38 | Rake $0
Seat 1: Ann showed [5d 4c Ah Ac Js 4s Qs] and won ($0.38) with two pair, Aces and Fours
Seat 2: Bo mucked [Kh Ks 2d Th 9c 3s Ad]
"""


def test_an_open_pair_on_fourth_street_allows_the_big_bet(runner: CliRunner, db_url: str,
                                                          tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, OPEN_PAIR)
    assert plain(db_url, "SELECT name, put_in, collected, net FROM seats ORDER BY player") == [
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
