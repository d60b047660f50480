"""The Winning Poker Network's format since 2019 (ACR's) imported on every backend with
`--format wpn` (or recognised by its first line): every real sample hand stored or refused with
its reason, each stored hand's nets plus its rake summing to zero, two hands' nets as worked out
by hand from their lines."""

from decimal import Decimal
from pathlib import Path

import pytest
from support import NAMED_SEATS, REPO, fails, rows, succeeds
from test_export_phh import export_replays_in_pokerkit
from test_pokerstars import plain
from test_winamax import stored_hands
from typer.testing import CliRunner

from pokerdb.formats import InputFormat
from pokerdb.formats.phh.files import PhhFile
from pokerdb.formats.sites.wpn import either
from pokerdb.rules.hand_record import PhhHand

SITES = REPO / "tests" / "data" / "sites"
CASH = SITES / "winning-poker-network-2019"  # 13 files of 5 hands (numbers shared, see README)
TOURNAMENTS = SITES / "winning-poker-network-2021"  # 76 hands of four Sit & Go tournaments
DEAD = "CashGame/HandActionTests/PostingDead.txt#61150000"
# the files whose hand has the number of another file's, its lines not the same
RENUMBERED = {"CashGame/GeneralHands/GeneralHand.txt#55280000": "GameTypeTests/PotLimitOmaha",
              "CashGame/GeneralHands/HeroName.txt#55280000": "GameTypeTests/PotLimitOmaha",
              "CashGame/HandActionTests/AllInHandWithShowdown.txt#55280000":
                  "GameTypeTests/PotLimitOmaha",
              "CashGame/PlayerTests/WithSittingOut.txt#54760000": "PlayerTests/OmahaShowdown"}


def _differs(raw: str, first: str) -> str:
    number = raw.rpartition("#")[2]
    return (f"hand {number} of Winning Poker Network is stored already, from "
            f"{CASH}/CashGame/{first}.txt#{number}, and differs from it (its players, stacks, "
            f"actions, time or table)")


def test_the_files_are_recognised_as_wpn_by_their_first_line() -> None:
    assert InputFormat.of_path(str(CASH)) is InputFormat.WPN
    assert InputFormat.of_path(str(TOURNAMENTS)) is InputFormat.WPN
    assert InputFormat.of_path(str(TOURNAMENTS / "long_hand_history_for_tests.txt")
                               ) is InputFormat.WPN


def test_a_file_of_neither_format_is_refused_naming_both(runner: CliRunner, db_url: str,
                                                         tmp_path: Path) -> None:
    file = tmp_path / "other.txt"
    file.write_text("Stage #1571362962: Holdem  No Limit $0.02\n", encoding="utf-8")
    assert fails(runner, "import", str(file), "--format", "wpn", "--db", db_url).stderr == (
        f"Error: {file}: line 1 'Stage #1571362962: Holde'...: not a Winning Poker Network hand "
        f"(every hand starts 'Game started at: ', or since 2019 'Hand #' or 'Game Hand #'); it "
        f"looks like an Absolute Poker or UltimateBet hand history, a site pokerdb does not "
        f"read\n")


def test_each_cash_file_holds_one_hand_read_by_the_format_since_2019() -> None:
    files = sorted(CASH.rglob("*.txt"))
    read = {}
    for file in files:
        found = list(either.parse(PhhFile(file.name, str(file), site=True), file.read_bytes()))
        assert [type(item) for item in found] == [PhhHand], file
        read[file.name] = found[0].source.rpartition("#")[2] if isinstance(
            found[0], PhhHand) else ""
    assert sorted(read.values()) == ["240462066", *["54760000"] * 2, *["55280000"] * 6,
                                     *["61150000"] * 3, "61702000"]


def test_the_cash_hands_are_stored_or_refused_with_their_reason(runner: CliRunner,
                                                                db_url: str) -> None:
    result = succeeds(runner, "import", str(CASH), "--format", "wpn", "--db", db_url,
                      "--skip-invalid")
    assert result.stdout.startswith(f"{CASH}: imported 5 deals (24 hands) ")
    assert result.stdout.endswith("skipped 5 invalid hands (see the rejects table); skipped 3 "
                                  "hands stored already\n")
    assert dict(rows(db_url, "SELECT raw, reason FROM rejects")) == {
        DEAD: "the summary's total pot is 0.20, the players put in 0.21",
        **{raw: _differs(raw, first) for raw, first in RENUMBERED.items()}}
    assert rows(db_url, "SELECT hand_number, site, currency, variant, hero IS NOT NULL FROM "
                        "deals ORDER BY hand_number") == [
        ("240462066", "Winning Poker Network", "USD", "PO", True),
        ("54760000", "Winning Poker Network", "USD", "PO", True),
        ("55280000", "Winning Poker Network", "USD", "PO", False),
        ("61150000", "Winning Poker Network", "USD", "NT", False),
        ("61702000", "Winning Poker Network", "USD", "PO", False)]
    nets, raked = stored_hands(db_url)
    fees = {str(number): Decimal(str(fee)) for number, fee in plain(
        db_url, "SELECT hand_number, fees FROM deals")}
    for number, by_seat in nets.items():  # the rake, and the jackpot's fee
        assert sum(by_seat.values()) + raked[number][0] + fees[number] == 0, number
    assert sum(fees.values()) == Decimal("0.76")
    # PotLimitOmaha.txt: a raise to $2.50 called, a flop bet returned; $5 in the pot, $0.21 of
    # rake and a jackpot's $0.04 taken, $4.75 collected
    assert nets["55280000"] == {"Player2": Decimal("-2.5"), "Player1": Decimal("2.25")}
    assert (raked["55280000"][0], fees["55280000"]) == (Decimal("0.21"), Decimal("0.04"))
    # the player waiting for the big blind is not dealt in; the one posting a big blind to join
    # is (Player2: its $0.02 lost)
    assert nets["61150000"] == {"Player4": Decimal("0.12"), "Player5": Decimal("-0.02"),
                                "Player1": Decimal(0), "Player2": Decimal("-0.02"),
                                "Player3": Decimal("-0.08")}
    # without --skip-invalid, the hand that does not add up fails the import, naming it
    dead = CASH / "CashGame" / "HandActionTests" / "PostingDead.txt"
    assert fails(runner, "import", str(dead), "--db", db_url).stderr == (
        f"Error: {dead}#61150000: the summary's total pot is 0.20, the players put in 0.21\n")


def test_the_tournament_hands_are_stored_netting_their_lines(runner: CliRunner,
                                                             db_url: str) -> None:
    result = succeeds(runner, "import", str(TOURNAMENTS), "--db", db_url)
    assert result.stdout.startswith(f"{TOURNAMENTS}: imported 76 deals (543 hands) ")
    assert rows(db_url, "SELECT tournament, currency, count(*) FROM deals GROUP BY tournament, "
                        "currency ORDER BY tournament") == [
        ("23123480", "chips", 23), ("23315145", "chips", 1), ("23315614", "chips", 1),
        ("23889488", "chips", 51)]
    nets, raked = stored_hands(db_url)
    assert len(nets) == 76
    for number, by_seat in nets.items():
        assert sum(by_seat.values()) == 0 == raked[number][0], number
    # T1's first hand: antes of 50, blinds of 250/500 posted after `*** HOLE CARDS ***`, a raise
    # to 1250 called twice, a flop bet of 1025 called, a river bet no one called returned
    assert nets["673950146"] == {
        "Iconoclast63": Decimal(-2325), "CoachTom58": Decimal(-1300),
        "MGMNHDaYu": Decimal(-50), "Fiend4poker": Decimal(-50), "DmexicanPooh": Decimal(-50),
        "PotNoodle99912": Decimal(3825), "YakAttack904": Decimal(-50)}
    # a walk: the big blind's 1000 beyond the small blind's is in the pot it collects, no line
    # returning it
    assert nets["624701723"]["yaya12"] == Decimal(2400)


def test_a_seat_waiting_for_the_button_to_pass_is_not_dealt_in(runner: CliRunner,
                                                               db_url: str) -> None:
    file = next(TOURNAMENTS.glob("HH20210122 *T2*.txt"))
    succeeds(runner, "import", str(file), "--db", db_url)
    assert rows(db_url, "SELECT count(*), sum(CASE WHEN s.name = 'GetChu1' THEN 1 ELSE 0 END) "
                        f"FROM {NAMED_SEATS} s JOIN deals d ON d.id = s.deal_id "
                        "WHERE d.hand_number = '673966762'") == [(8, 0)]


@pytest.mark.parametrize(("folder", "count"), [(CASH, 5), (TOURNAMENTS, 76)])
def test_exported_to_phh_every_hand_replays_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, tmp_path: Path, folder: Path, count: int) -> None:
    succeeds(runner, "import", str(folder), "--db", db_url, "--skip-invalid")
    assert export_replays_in_pokerkit(runner, db_url, tmp_path / "out", folder.name,
                                      "Winning Poker Network") == count
