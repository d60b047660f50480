"""Ongame hand histories (the samples of a parser's tests, 2013-2014) imported on every backend:
every sample hand that pokerdb replays stored once, each seat's net the `net:` its summary line
states (Ongame's own figure, rake taken), each hand's nets plus rake summing to zero; the hand
cut short and the heads-up hands of blinds of one size refused by name; exported to PHH, every
hand replays in pokerkit to the same nets; an Ongame file and folder recognised by content."""

import re
from decimal import Decimal
from pathlib import Path

from support import REPO, fails, rows, succeeds
from test_full_tilt import nets_by_hand, replayed_by_pokerkit
from typer.testing import CliRunner

from pokerdb.formats import InputFormat

SAMPLES = REPO / "tests" / "data" / "sites" / "ongame"
HEADER = re.compile(r"\ufeff?\*\*\*\*\* History for hand (\S+) \*\*\*\*\*")
NET = re.compile(r"Seat \d+: (.+?) \([^ ()]+\)(?:, net: (?P<net>[-+]\S+?))?(?:, \[.*)?$")
# 45 hands: 42 numbers, 2 hands in two files, 1 cut short (its number's hand stored), 5 heads-up
# with blinds of one size refused
STORED = 37
HEADS_UP = ("GameTypeTests/PotLimitOmaha.txt", "GameTypeTests/PotLimitOmahaHiLo.txt",
            "HandActionTests/OmahaHiLo.txt", "Limits/Limit4.txt",
            "PlayerTests/OmahaHiLoShowdown.txt")


def sample_hands() -> dict[tuple[str, str], list[str]]:
    """Every sample hand by its file and number: its non-blank lines."""
    hands: dict[tuple[str, str], list[str]] = {}
    for path in sorted(SAMPLES.rglob("*.txt")):
        text = path.read_text(encoding="utf-8-sig")
        for chunk in re.split(r"(?=\ufeff?\*\*\*\*\* History for hand )", text):
            if (header := HEADER.match(chunk)) is not None:
                hands[str(path.relative_to(SAMPLES)), header[1]] = [
                    line for line in chunk.splitlines() if line.strip()]
    return hands


def nets_by_lines(lines: list[str]) -> tuple[dict[str, Decimal], Decimal]:
    """Each seat's `net:` as its summary line states it (none written: nothing), and the rake
    taken."""
    summary = lines[lines.index("Summary:"):]
    nets = {seat[1]: Decimal(seat["net"].replace("$", "").replace("€", ""))
            if seat["net"] else Decimal(0)
            for line in summary if (seat := NET.match(line.rstrip())) is not None}
    rake = next(line for line in summary if line.startswith("Rake taken: "))
    return nets, Decimal(rake[12:].strip("$€"))


def test_an_ongame_file_and_folder_are_recognised_by_content() -> None:
    assert InputFormat.of_path(str(SAMPLES)) is InputFormat.ONGAME
    assert InputFormat.of_path(str(SAMPLES / "Limits" / "EuroTable.txt")) is InputFormat.ONGAME
    assert len(sample_hands()) == 45  # by file and number


def test_every_hand_is_stored_netting_what_its_net_lines_say(runner: CliRunner,
                                                             db_url: str) -> None:
    result = succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert result.stdout.startswith(f"{SAMPLES}: imported 37 deals (182 hands)")
    assert "skipped 6 invalid hands" in result.stdout
    assert "skipped 2 hands stored already" in result.stdout
    assert rows(db_url, "SELECT format FROM datasets") == [("ongame",)]
    assert rows(db_url, "SELECT site, currency, variant, count(*) FROM deals GROUP BY site, "
                        "currency, variant ORDER BY variant, currency") == [
        ("Ongame", "USD", "FT", 1), ("Ongame", "EUR", "NT", 1), ("Ongame", "USD", "NT", 33),
        ("Ongame", "USD", "PO", 2)]
    nets, rakes = nets_by_hand(db_url)
    assert len(nets) == STORED
    checked = 0
    for (path, number), lines in sample_hands().items():
        if path == "ValidHandTests/InValidHand.txt" or path in HEADS_UP:
            continue
        expected, rake = nets_by_lines(lines)
        assert nets[number] == {name: expected[name] for name in nets[number]}, (path, number)
        assert rakes[number] == rake, number
        assert sum(nets[number].values()) + rake == 0, number
        checked += 1
    assert checked == 39  # every stored hand in each file it is in
    # exact amounts: an all-in raked $3, and a hand in euros whose idle seats state no net
    assert nets["R5-361850810-476"] == {
        "BlackH0L3": 0, "Cockatrice": Decimal("-3"), "BONUS 1OOO": 0,
        "fyabcf": Decimal("113.91"), "kliketiklok": Decimal("-112.91"), "Dbcee89": -1}
    assert nets["R5-118630507-219"] == {
        "danielba": -1, "pincClaudioc": Decimal("-10.5"), "iasekiller": 0, "DBolognese": 0,
        "TrickyChu": 0, "Alexdurrr": Decimal("10.28")}
    assert rows(db_url, "SELECT count(*) FROM deals WHERE hero IS NOT NULL") == [(1,)]


def test_the_hands_pokerdb_does_not_read_are_refused_by_name(runner: CliRunner, db_url: str,
                                                              tmp_path: Path) -> None:
    succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    tables = {"$0.25/$0.25": "Curitiba [3618786", "$5/$5": "Hospitalet [36187"}
    numbers = {path: number for path, number in sample_hands()}  # each file: one hand

    def heads_up(path: str, stakes: str, table: str = "") -> tuple[str, str]:
        return (f"{path}#{numbers[path]}",
                f"line 3 'Table: {table or tables[stakes]}'...: heads-up blinds of one size "
                f"({stakes}): the button acts first, where PHH (and pokerkit) has the big blind "
                f"act")

    assert rows(db_url, "SELECT raw, reason FROM rejects ORDER BY raw") == [
        heads_up(HEADS_UP[0], "$0.25/$0.25"), heads_up(HEADS_UP[1], "$5/$5"),
        heads_up(HEADS_UP[2], "$5/$5"), heads_up(HEADS_UP[3], "$0.25/$0.25", "Monrovia [3619266"),
        heads_up(HEADS_UP[4], "$5/$5"),
        ("ValidHandTests/InValidHand.txt#R5-361956504-51",
         "line 37 'Seat 8: adamsin1 ($136.8': not a line of an Ongame hand")]
    cut = SAMPLES / "ValidHandTests" / "InValidHand.txt"
    assert fails(runner, "import", str(cut), "--db", db_url).stderr == (
        f"Error: {cut}#R5-361956504-51: line 37 'Seat 8: adamsin1 ($136.8': not a line of an "
        f"Ongame hand\n")
    odd = tmp_path / "odd.txt"
    odd.write_text((SAMPLES / "HandActionTests" / "BasicHand.txt").read_text(
        encoding="utf-8-sig").replace("fyabcf calls $1.00", "fyabcf smiles"), encoding="utf-8")
    assert fails(runner, "import", str(odd), "--db", db_url).stderr == (
        f"Error: {odd}#R5-361850810-474: line 21 'fyabcf smiles': unknown action 'smiles'\n")


def test_exported_to_phh_every_hand_replays_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    # every stored hand: no game pokerkit does not play
    assert replayed_by_pokerkit(runner, db_url, SAMPLES, tmp_path / "out", "Ongame") == {
        "FT": 1, "NT": 34, "PO": 2}
    assert rows(db_url, "SELECT count(*) FROM deals") == [(STORED,)]
