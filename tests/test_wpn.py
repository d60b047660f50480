"""Winning Poker Network hand histories (the older format) imported on every backend: every sample
hand that balances on its own lines stored, each seat's net what the summary says it won or lost,
each hand's nets summing to minus its rake; the hands short of a fee the file does not state
refused, each saying how much; exported to PHH, every hand replays in pokerkit to the same nets;
a file or folder recognised by its content."""

import re
from decimal import Decimal
from pathlib import Path

import pytest
from support import NAMED_SEATS, REPO, fails, rows, succeeds
from test_export_phh import export_replays_in_pokerkit
from test_winamax import stored_hands
from typer.testing import CliRunner

from pokerdb.formats import InputFormat
from pokerdb.formats.phh import hand_histories as phh_input
from pokerdb.formats.phh.files import PhhFile
from pokerdb.formats.sites.stars_shape import hand_files
from pokerdb.formats.sites.wpn.reader import parts

SAMPLES = REPO / "tests" / "data" / "sites" / "winning-poker-network"
CASH = SAMPLES / "CashGame"
TEN = CASH / "MultipleHandsTests" / "10MultipleHands.txt"
STORED = 29
# The sample hands (by file and number) whose players put in $0.25 more than the summary pays
# and rakes (each saw a flop, most at a table named `(JP)`): a fee the format leaves unsaid.
SHORT = {
    "GeneralHands/GeneralHand.txt#261641541": (40, "7.73", "0.41", "8.39"),
    "HandActionTests/BasicHand.txt#261679750": (55, "45.75", "2", "48"),
    "HandActionTests/Post.txt#266888759": (37, "1.04", "0.06", "1.35"),
    "HandActionTests/Straddle.txt#266899075": (38, "0.80", "0.05", "1.10"),
    "HandActionTests/StrangePlayerNames.txt#258671202": (39, "39.75", "2", "42"),
    "Limits/Limit1.txt#261477404": (44, "510.75", "3", "514"),
    "MultipleHandsTests/10MultipleHands.txt#261441841": (93, "37.75", "2", "40"),
    "MultipleHandsTests/10MultipleHands.txt#261442219": (160, "16.85", "0.90", "18"),
    "MultipleHandsTests/10MultipleHands.txt#261442490": (196, "26.35", "1.40", "28"),
    "MultipleHandsTests/10MultipleHands.txt#261442843": (266, "16.85", "0.90", "18"),
    "MultipleHandsTests/10MultipleHands.txt#261443389": (338, "14.95", "0.80", "16"),
    "StreetTests/Flop.txt#258592151": (29, "14.95", "0.80", "16"),
    "StreetTests/River.txt#258591918": (36, "69.75", "2", "72"),
    "Tables/Table2.txt#261454571": (38, "49.75", "2", "52"),
    "ValidHandTests/InValidHand.txt#261454571": (38, "49.75", "2", "52"),
}


def refused(path: str, line: int, pot: str, rake: str, put: str) -> str:
    return (f"line {line} 'Pot: {pot}. Rake {rake}': the players put in {put}; the summary "
            f"pays {pot} and rakes {rake}: 0.25 is not accounted for (a fee the file does not "
            f"state, such as a jackpot's)")


def summary_nets() -> dict[str, tuple[dict[str, Decimal], Decimal]]:
    """Per hand number (the first file's where several hold it): each player's net as its
    summary says it (`Wins: 33.75.`, `Loses: 12.`), and the rake."""
    hands: dict[str, tuple[dict[str, Decimal], Decimal]] = {}
    for path in sorted(SAMPLES.rglob("*.txt")):
        text = path.read_text(encoding="utf-8-sig").replace("\ufeff", "\n")
        for chunk in re.split(r"(?=Game started at: )", text):
            number = re.search(r"^Game ID: (\d+) ", chunk, re.MULTILINE)
            rake = re.search(r"^Pot: [\d.]+\. Rake ([\d.]+)$", chunk, re.MULTILINE)
            if number is None or rake is None or number[1] in hands:
                continue
            nets = {name: Decimal(amount) * (1 if result == "Wins" else -1)
                    for name, result, amount in re.findall(
                        r"^\*?Player (.+?) (?:does not show|mucks|shows).*?(Wins|Loses): "
                        r"([\d.]+)\.$", chunk, re.MULTILINE)}
            hands[number[1]] = nets, Decimal(rake[1])
    return hands


def test_the_samples_are_recognised_by_content(runner: CliRunner, tmp_path: Path) -> None:
    assert InputFormat.of_path(str(TEN)) is InputFormat.WPN
    assert InputFormat.of_path(str(SAMPLES)) is InputFormat.WPN
    assert fails(runner, "import", str(TEN), "--format", "winamax", "--db",
                 str(tmp_path / "db.sqlite")).stderr == (
        f"Error: {TEN}: line 1 'Game started at: 2014/3/'...: not a Winamax hand (every hand "
        f"starts 'Winamax Poker - '); it looks like a Winning Poker Network hand history: use "
        f"--format wpn\n")


def test_every_sample_hand_that_balances_is_stored_netting_what_its_summary_says(
        runner: CliRunner, db_url: str) -> None:
    result = succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert f"imported {STORED} deals (105 hands)" in result.stdout
    assert result.stdout.endswith("skipped 15 invalid hands (see the rejects table); skipped 3 "
                                  "hands stored already; 2 cancelled hands not stored\n")
    assert rows(db_url, "SELECT site, currency, variant, count(*) FROM deals GROUP BY site, "
                        "currency, variant ORDER BY variant") == [
        ("Winning Poker Network", "USD", "NT", 23), ("Winning Poker Network", "USD", "PO", 6)]
    nets, raked = stored_hands(db_url)
    assert len(nets) == STORED
    said = summary_nets()
    for number, by_seat in nets.items():
        expected, rake = said[number]
        assert by_seat == {name: expected[name] for name in by_seat}, number
        assert sum(by_seat.values()) == -rake == -raked[number][0] == -raked[number][1], number
    # An all-in raise on the flop (`allin (124)`: what the player had left), called; a dollar
    # of rake
    assert nets["261402183"] == {"digbick30": Decimal(-160), "do not-call": Decimal(159)}
    # A dead blind and a live one posted by a player joining (`posts (0.25) as a dead bet`,
    # `posts (0.50)`), an uncalled raise returned
    assert nets["267244548"] == {
        "choptop": Decimal("-0.25"), "Venvellator": Decimal("-0.5"),
        "TheKunttzz": Decimal("-0.75"), "tonyaces": Decimal("1.5"),
        "Cellar door": Decimal(0), "ConverseX": Decimal(0)}
    # the players sitting out (and a line of a player with no name) are not dealt in
    assert rows(db_url, f"SELECT count(*) FROM {NAMED_SEATS} seats WHERE name IN ('LowardHederer', "
                        "'bubblebubble', '')") == [(0,)]
    assert rows(db_url, "SELECT count(*) FROM hands WHERE showed") == [(9,)]
    assert rows(db_url, "SELECT count(*) FROM deals WHERE hero IS NOT NULL") == [(4,)]


def test_a_hand_short_of_an_unstated_fee_is_refused_saying_how_much(runner: CliRunner,
                                                                      db_url: str) -> None:
    succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert dict(rows(db_url, "SELECT raw, reason FROM rejects")) == {
        f"CashGame/{path}": refused(path, *figures) for path, figures in SHORT.items()}
    # without --skip-invalid, the first such hand fails the import, naming its file and line
    path = "HandActionTests/BasicHand.txt#261679750"
    assert fails(runner, "import", str(CASH / "HandActionTests" / "BasicHand.txt"), "--db",
                 db_url).stderr == f"Error: {CASH}/{path}: {refused(path, *SHORT[path])}\n"


def test_a_summary_that_disagrees_with_the_lines_is_refused(runner: CliRunner, db_url: str,
                                                            tmp_path: Path) -> None:
    text = (CASH / "HandActionTests" / "UncalledBet.txt").read_text(encoding="utf-8-sig")
    file = tmp_path / "bets.txt"
    file.write_text(text.replace("Daviciko mucks (does not show cards). Bets: 0.25.",
                                 "Daviciko mucks (does not show cards). Bets: 0.75."),
                    encoding="utf-8")
    assert fails(runner, "import", str(file), "--db", db_url).stderr == (
        f"Error: {file}#261639973: line 39 '*Player Daviciko mucks ('...: bets 0.75 and "
        f"collects 0.60: a net of -0.15, not 0.35\n")


def test_exported_to_phh_every_hand_replays_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert export_replays_in_pokerkit(runner, db_url, tmp_path / "out", "winning-poker-network",
                                      "Winning Poker Network") == STORED


def test_a_hand_the_site_names_otherwise_than_pokerdb_evaluates_is_refused(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    text = (CASH / "PlayerTests" / "WithShowdown.txt").read_text(encoding="utf-8-sig")
    file = tmp_path / "words.txt"
    file.write_text(text.replace("shows: Straight to 8 [7s 4h]", "shows: Flush, A high [7s 4h]"),
                    encoding="utf-8")
    assert fails(runner, "import", str(file), "--db", db_url).stderr == (
        f"Error: {file}#258592968: xx59704 shows 7S 4H: the file says 'Flush, A high', pokerdb "
        f"evaluates straight\n")


def test_a_file_read_in_parts_by_the_workers_is_stored_as_read_whole(
        runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole, cut = tmp_path / "whole.sqlite", tmp_path / "cut.sqlite"
    succeeds(runner, "import", str(TEN), "--db", str(whole), "--skip-invalid")
    monkeypatch.setattr(phh_input, "UNIT_BYTES", 3000)  # a file of more is cut ...
    monkeypatch.setattr(hand_files, "PART_HANDS", 3)  # ... in parts of 3 hands
    assert len(parts(PhhFile(TEN.name, str(TEN), site=True), TEN.read_bytes())) == 4
    succeeds(runner, "import", str(TEN), "--db", str(cut), "--skip-invalid")
    query = (f"SELECT d.hand_number, d.line_no, s.name, s.net FROM deals d JOIN {NAMED_SEATS} s ON "
             "s.deal_id = d.id ORDER BY d.id, s.player")
    stored = rows(f"sqlite:///{whole}", query)
    assert len(stored) == 20 and rows(f"sqlite:///{cut}", query) == stored
    assert rows(f"sqlite:///{cut}", "SELECT raw, reason FROM rejects") == rows(
        f"sqlite:///{whole}", "SELECT raw, reason FROM rejects")


def test_files_joined_without_a_line_break_are_read_hand_by_hand(runner: CliRunner, db_url: str,
                                                                 tmp_path: Path) -> None:
    # the network's files end without a line break: `cat` runs one's last line into the next's
    first, second = CASH / "Limits" / "Limit2.txt", CASH / "Tables" / "Table3.txt"
    joined = tmp_path / "joined.txt"
    joined.write_bytes(first.read_bytes() + second.read_bytes())
    assert not first.read_bytes().endswith(b"\n")
    succeeds(runner, "import", str(joined), "--db", db_url)
    assert rows(db_url, "SELECT hand_number FROM deals ORDER BY line_no") == [
        ("261409536",), ("261616962",)]
