"""GGPoker's money beside the pot and in it from no player, and its hands run three times, on
every backend: hands written to GGPoker's format (tests/data/sites/ggpoker-written, see its
README) of an EV Cashout won and lost, all-in insurance paid and compensated, a Cash Drop won
by folds and at a showdown, a hand run three times. Each seat's net is exact, stored with what
moved beside the pot in `seats.cashed_out`; each hand's nets plus rake and fees are its Cash
Drop plus those flows; forged variants are refused in one line naming the hand and what
cannot be."""

from decimal import Decimal
from pathlib import Path

import pytest
from support import NAMED_SEATS, REPO, fails, rows, succeeds
from test_pokerstars import plain
from typer.testing import CliRunner

WRITTEN = REPO / "tests" / "data" / "sites" / "ggpoker-written"

# Per hand, per player (p1 first): (put in, collected, cashed out, net), in dollars.
EXPECTED = {
    "ev-cashout.txt": {
        # won: collected $77 of the $81 pot ($3 rake, $1 jackpot), paid back risk $8 + $6
        "HD900000001": [("a1b2c3d4", 40, 0, 0, -40), ("e5f6a7b8", 1, 0, 0, -1),
                        ("Hero", 40, 77, -14, 23)],
        # lost: the pot to the winner as usual, the cash-out of $8.5 beside it
        "HD900000002": [("e5f6a7b8", 0.5, 0, 0, -0.5), ("Hero", 50, 0, 8.5, -41.5),
                        ("a1b2c3d4", 50, 97.5, 0, 47.5)],
    },
    "insurance.txt": {
        "HD900000004": [("a1b2c3d4", 20, 41, -4, 17), ("e5f6a7b8", 1, 0, 0, -1),
                        ("Hero", 20, 0, 0, -20)],
        # the insured player loses: premium $4 paid, the main pot's cover of $20 received
        "HD900000005": [("a1b2c3d4", 20, 0, 16, -4), ("e5f6a7b8", 1, 0, 0, -1),
                        ("Hero", 20, 41, 0, 21)],
    },
    "cash-drop.txt": {
        # $0.20 in the pot from no player: the winner collects it (less rake and jackpot)
        "RC900000003": [("a1b2c3d4", 0.01, 0, 0, -0.01), ("e5f6a7b8", 0.06, 0, 0, -0.06),
                        ("Hero", 0.06, 0.31, 0, 0.25)],
        "RC900000007": [("e5f6a7b8", 0.01, 0, 0, -0.01), ("Hero", 1, 2.41, 0, 1.41),
                        ("a1b2c3d4", 1, 0, 0, -1)],
        # pot limit: the drop is in the pot a raise is sized by (to $0.25, at most $0.27;
        # without it, $0.07); the summary lists the shown cards in another order
        "RC900000008": [("a1b2c3d4", 0.01, 0, 0, -0.01), ("e5f6a7b8", 0.9, 1.93, 0, 1.03),
                        ("Hero", 0.9, 0, 0, -0.9)],
    },
    "run-three-times.txt": {
        # $194 after rake and jackpot, a third on each board: Hero wins the first and third
        "HD900000006": [("Hero", 100, 129.33, 0, 29.33), ("a1b2c3d4", 100, 64.67, 0, -35.33),
                        ("e5f6a7b8", 0, 0, 0, 0)],
    },
}
# Per hand: its Cash Drop and the money beside the pot, which its nets plus rake and fees are.
OUTSIDE = {"HD900000001": -14, "HD900000002": 8.5, "HD900000004": -4, "HD900000005": 16,
           "RC900000003": 0.2, "RC900000007": 0.5, "RC900000008": 0.2, "HD900000006": 0}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_construct_settles_to_exact_nets(runner: CliRunner, db_url: str,
                                              name: str) -> None:
    succeeds(runner, "import", str(WRITTEN / name), "--db", db_url)
    stored = plain(db_url, "SELECT d.hand_number, s.name, s.put_in, s.collected, s.cashed_out, "
                           f"s.net FROM deals d JOIN {NAMED_SEATS} s ON s.deal_id = d.id "
                           "ORDER BY d.id, s.player")
    expected = [(number, *seat) for number, seats in EXPECTED[name].items() for seat in seats]
    assert stored == expected
    money = {str(number): [Decimal(str(value)) for value in values] for number, *values
             in plain(db_url, "SELECT hand_number, total_pot, rake, fees FROM deals")}
    for number, (total_pot, rake, fees) in money.items():
        seats = [[Decimal(str(value)) for value in seat[2:]] for seat in stored
                 if seat[0] == number]  # put in, collected, cashed out, net
        nets = sum(seat[3] for seat in seats)
        drop = total_pot - sum(seat[0] for seat in seats)
        flows = sum(seat[2] for seat in seats)
        assert nets + rake + fees == drop + flows == Decimal(str(OUTSIDE[number])), number


def test_a_hand_run_three_times_is_raked_by_what_each_run_awards(runner: CliRunner,
                                                                 db_url: str) -> None:
    succeeds(runner, "import", str(WRITTEN / "run-three-times.txt"), "--db", db_url)
    assert rows(db_url, "SELECT board, second_board, third_board FROM deals") == [
        ("KC 7D 2H AS 3C", "KC 7D 2H 5S 9C", "KC 7D 2H 4C AC")]
    # awarded $66.67, $66.67 and $66.66 (the odd cents to the first runs), paid $64.67 each
    assert plain(db_url, f"SELECT name, raked FROM {NAMED_SEATS} seats ORDER BY player") == [
        ("Hero", 4), ("a1b2c3d4", 2), ("e5f6a7b8", 0)]


def test_the_players_nets_count_the_money_beside_the_pot(runner: CliRunner,
                                                          db_url: str) -> None:
    succeeds(runner, "import", str(WRITTEN / "ev-cashout.txt"), "--db", db_url)
    lines = succeeds(runner, "players", "--db", db_url, "--format", "csv").stdout.splitlines()
    column = lines[0].split(",").index("net")
    # Hero: +23 with a risk of $14 paid, -41.5 with a cash-out of $8.5 received
    assert {line.split(",")[0]: line.split(",")[column] for line in lines[1:]} == {
        "Hero": "-18.50", "a1b2c3d4": "7.50", "e5f6a7b8": "-1.50"}


def test_explain_says_what_moved_beside_the_pot(runner: CliRunner, db_url: str) -> None:
    succeeds(runner, "import", str(WRITTEN / "ev-cashout.txt"), "--db", db_url)
    won, lost = (line for deal in ("1", "2") for line in succeeds(
        runner, "explain", deal, "--db", db_url).stdout.splitlines() if line.startswith("Net:"))
    assert won == ("Net: a1b2c3d4 (player 1) -40, e5f6a7b8 (player 2) -1, Hero (player 3) +23 "
                   "(paid 14 to the site beside the pot)")
    assert lost == ("Net: e5f6a7b8 (player 1) -0.5, Hero (player 2) -41.5 (paid 8.5 by the "
                    "site beside the pot), a1b2c3d4 (player 3) +47.5")


def _forged(name: str, number: str, *changes: tuple[str, str]) -> str:
    """Hand `number` of the written file `name`, each (old, new) change made once."""
    text = (WRITTEN / name).read_text(encoding="utf-8")
    hand = next(chunk for chunk in text.split("\n\n\n") if f"#{number}:" in chunk)
    for old, new in changes:
        assert old in hand, old
        hand = hand.replace(old, new, 1)
    return hand + "\n"


FORGED = {
    "risk paid by a player who folded": (
        _forged("ev-cashout.txt", "HD900000001",
                ("e5f6a7b8: folds\n", "e5f6a7b8: folds\ne5f6a7b8: Chooses to EV Cashout\n"),
                ("*** TURN ***", "e5f6a7b8: Pays Cashout Risk ($1)\n*** TURN ***")),
        "#HD900000001: e5f6a7b8 pays a Cashout Risk of 1.00 but is not in at the showdown"),
    "a cash-out received by the winner": (
        _forged("ev-cashout.txt", "HD900000002",
                ("Hero: Receives Cashout", "a1b2c3d4: Receives Cashout"),
                (", EV Cashout ($8.5)", ""), ("Three Kings\n", "Three Kings, EV Cashout ($8.5)\n")),
        "#HD900000002: a1b2c3d4 receives a Cashout of 8.50: more than the 0.00 it lost of the "
        "pots it contested"),
    "risk more than collected": (
        _forged("ev-cashout.txt", "HD900000001", ("Risk ($6)", "Risk ($76)"),
                ("Cashout Risk ($14)", "Cashout Risk ($84)")),
        "#HD900000001: Hero pays a Cashout Risk of 84.00, more than the 77.00 it collected"),
    "a summary's risk that is not the lines'": (
        _forged("ev-cashout.txt", "HD900000001", ("Cashout Risk ($14)", "Cashout Risk ($15)")),
        "#HD900000001: line 30 'Seat 1: Hero (button) sh'...: Cashout Risk of $15: the "
        "player's lines say 14"),
    "a compensation beyond the cover": (
        _forged("insurance.txt", "HD900000005", ("insurance ($20)", "insurance ($21)")),
        "#HD900000005: a1b2c3d4 is compensated 21.00 for the main pot, insured for 20.00"),
    "a premium not the one quoted": (
        _forged("insurance.txt", "HD900000004", ("insurance ($4)", "insurance ($3)"),
                ("AII Premium ($4)", "AII Premium ($3)")),
        "#HD900000004: a1b2c3d4 pays an insurance premium of 3.00, not the 4.00 quoted"),
    "an insurance line pokerdb does not know": (
        _forged("insurance.txt", "HD900000005",
                ("get main compensation", "get partial refund")),
        "#HD900000005: line 23 'a1b2c3d4: get partial re'...: a line of all-in insurance "
        "pokerdb does not know: it does not settle what it pays"),
    "a time bank card not paid out in full": (
        _forged("cash-drop.txt", "RC900000003",
                ("(button) won", "(button) bought time bank card ($0.05), won"),
                ("(small blind) folded", "(small blind) received ($0.02) from time bank card, "
                                         "folded"),
                ("(big blind) folded", "(big blind) received ($0.02) from time bank card, "
                                       "folded")),
        "#RC900000003: a time bank card bought for 0.05 but 0.04 received from it"),
    "a time bank card's line pokerdb does not know": (
        _forged("cash-drop.txt", "RC900000003",
                ("(button) won", "(button) sold time bank card ($0.05), won")),
        "#RC900000003: line 26 'Seat 1: Hero (button) so'...: a time bank card pokerdb does not "
        "know how to read"),
    "a Cash Drop the total pot does not hold": (
        _forged("cash-drop.txt", "RC900000003", ("total $0.2", "total $0.3")),
        "#RC900000003: the summary's total pot is 0.33, the players put in 0.13 and a Cash "
        "Drop of 0.30"),
    "a Cash Drop after the deal": (
        _forged("cash-drop.txt", "RC900000003",
                ("Cash Drop to Pot : total $0.2\n", ""),
                ("a1b2c3d4: folds\n", "a1b2c3d4: folds\nCash Drop to Pot : total $0.2\n")),
        "#RC900000003: line 14 'Cash Drop to Pot : total'...: a Cash Drop after the hole "
        "cards were dealt"),
    "a third board with a wrong card count": (
        _forged("run-three-times.txt", "HD900000006",
                ("[Kc 7d 2h 4c] [Ac]", "[Kc 7d 2h 4c] [Ac 6d]")),
        "#HD900000006: line 26 '*** THIRD RIVER *** [Kc '...: the third run's river deals 2 "
        "cards"),
    "a third board the summary does not name": (
        _forged("run-three-times.txt", "HD900000006", ("THIRD Board [4c Ac]",
                                                      "THIRD Board [4c 6d]")),
        "#HD900000006: line 38 'THIRD Board [4c 6d]': the summary's board [4c 6d] is not the "
        "one dealt, [Kc 7d 2h 4c Ac]"),
}


@pytest.mark.parametrize("case", sorted(FORGED))
def test_a_forged_hand_is_refused_in_one_line(runner: CliRunner, db_url: str, tmp_path: Path,
                                              case: str) -> None:
    hand, reason = FORGED[case]
    file = tmp_path / "forged.txt"
    file.write_text(hand, encoding="utf-8")
    assert fails(runner, "import", str(file), "--db", db_url).stderr == (
        f"Error: {file}{reason}\n")
    assert rows(db_url, "SELECT count(*) FROM deals") == [(0,)]


def test_exported_to_phh_and_imported_back_every_hand_is_paid_the_same(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """`_cashed_out` (signed), `_cash_drop` and `_third_board` carry what the hand needs to be
    settled again as it was paid."""
    for name in sorted(EXPECTED):
        succeeds(runner, "import", str(WRITTEN / name), "--db", db_url)
    out = tmp_path / "out"
    succeeds(runner, "export", "--format", "phh", "-o", str(out), "--db", db_url)
    again = f"sqlite:///{tmp_path / 'again.sqlite'}"
    result = succeeds(runner, "import", str(out), "--db", again)
    assert "imported 8 deals (24 hands)" in result.stdout
    seats = ("SELECT d.hand_number, s.name, s.net, s.raked, s.cashed_out, d.total_pot, "
             f"d.second_board, d.third_board FROM deals d JOIN {NAMED_SEATS} s ON s.deal_id = d.id "
             "ORDER BY d.hand_number, s.player")
    assert plain(again, seats) == plain(db_url, seats)
