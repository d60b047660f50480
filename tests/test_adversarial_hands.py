"""Small hands written to probe rules where implementations usually go wrong (a review's
adversarial pass), each imported as a user would and checked chip by chip."""

from pathlib import Path

from support import NAMED_SEATS, succeeds
from test_pokerstars import plain
from typer.testing import CliRunner

# Pot-limit Omaha hi/lo all in on the flop and run twice: on each board Bo's high (a straight
# from six to ten) takes half of the $10 and Ann's low the other half.
OMAHA_HI_LO_RUN_TWICE = """\
PokerStars Game #250000000099:  Omaha Hi/Lo Pot Limit ($0.50/$1.00 USD) - 2014/01/06 6:59:26 ET
Table 'Liriope III' 6-max Seat #2 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bo ($10 in chips)
Bo: posts small blind $0.50
Ann: posts big blind $1
*** HOLE CARDS ***
Bo: raises $2 to $3
Ann: raises $6 to $9
Bo: calls $6
*** FLOP *** [2d 7d 6c]
Ann: bets $1 and is all-in
Bo: calls $1
*** FIRST TURN *** [2d 7d 6c] [Tc]
*** FIRST RIVER *** [2d 7d 6c Tc] [5h]
*** SECOND TURN *** [2d 7d 6c] [Th]
*** SECOND RIVER *** [2d 7d 6c Th] [Qd]
*** FIRST SHOW DOWN ***
Ann: shows [Ah 3c Kd Ks] (HI: a pair of Kings; LO: 6,5,3,2,A)
Bo: shows [Qs Qh 9s 8h] (HI: a straight, Six to Ten)
Bo collected $5 from pot
Ann collected $5 from pot
*** SECOND SHOW DOWN ***
Ann: shows [Ah 3c Kd Ks] (HI: a pair of Kings; LO: 7,6,3,2,A)
Bo: shows [Qs Qh 9s 8h] (HI: a straight, Six to Ten)
Bo collected $5 from pot
Ann collected $5 from pot
*** SUMMARY ***
Total pot $20 | Rake $0
Hand was run twice
FIRST Board [2d 7d 6c Tc 5h]
SECOND Board [2d 7d 6c Th Qd]
Seat 1: Ann (big blind) showed [Ah 3c Kd Ks] and won ($10)
Seat 2: Bo (button) (small blind) showed [Qs Qh 9s 8h] and won ($10)
"""


def test_omaha_hi_lo_run_twice_splits_each_board_high_and_low(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    path = tmp_path / "hand.txt"
    path.write_text(OMAHA_HI_LO_RUN_TWICE, encoding="utf-8")
    succeeds(runner, "import", str(path), "--db", db_url)
    assert plain(db_url, "SELECT variant, total_pot, second_board FROM deals") == [
        ("PO/8", 20, "2D 7D 6C TH QD")]
    assert plain(db_url, f"SELECT name, put_in, collected, net, raked FROM {NAMED_SEATS} seats "
                         "ORDER BY player") == [("Ann", 10, 10, 0, 0), ("Bo", 10, 10, 0, 0)]
