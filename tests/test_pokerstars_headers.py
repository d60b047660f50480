"""The forms of PokerStars hands' headers and forced bets beyond the common ones, each a small
hand written for the test in the site's format (as fpdb's regression files of real hands show
them), imported on every backend: the oldest files (the date and time apart, no N-max), Zoom
tournaments, tournaments without a buy-in, mixed games naming each hand's game, 6+ hold'em's
button blind, and a small blind posted out of position (dead)."""

from pathlib import Path

import pytest
from support import NAMED_SEATS, rows
from test_pokerstars import plain
from test_pokerstars_site_hands import RETURNED, imported, nets
from typer.testing import CliRunner

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
    assert plain(db_url, f"SELECT name, ante, blind, put_in, collected, net FROM {NAMED_SEATS} "
                         "seats "
                         "ORDER BY player") == [
        ("Cy", 1, 0, 4, 10, 6), ("Ann", 1, 0, 4, 0, -4), ("Bo", 1, 1, 2, 0, -2)]
    assert [action for (action,) in rows(db_url, "SELECT action FROM actions ORDER BY seq")][
        3:6] == ["p1 cbr 3", "p2 cc", "p3 f"]


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
    assert plain(db_url, f"SELECT name, ante, blind, put_in, collected, net FROM {NAMED_SEATS} "
                         "seats "
                         "ORDER BY player") == [
        ("Bo", 0, 0.01, 0.02, 0, -0.02), ("Cy", 0, 0.02, 0.02, 0, -0.02),
        ("Dee", 0.01, 0, 0.03, 0.07, 0.04), ("Ann", 0, 0, 0, 0, 0)]
