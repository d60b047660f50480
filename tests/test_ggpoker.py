"""GGPoker hand histories imported on every backend: every sample hand stored, each seat's net what
its lines say, each hand's nets summing to minus its rake and fees (the jackpot's); exported to
PHH, every hand replays in pokerkit to the same nets; the site's words for shown hands checked;
lines of money beside the pot that pokerdb does not know refused by name; a GGPoker file
recognised by its content, and a file of a site pokerdb does not read named as that site's."""

import re
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

from support import NAMED_SEATS, REPO, TEXTED_DEALS, fails, rows, succeeds
from test_export_phh import payoffs, stored_nets
from test_pokerstars import nets_by_lines, plain
from typer.testing import CliRunner

from pokerdb.formats import InputFormat

SAMPLES = REPO / "tests" / "data" / "ggpoker"
SAMPLE = SAMPLES / "gg_hands_example.txt"
HAND_COUNT = 104


def sample_hands() -> dict[str, list[str]]:
    """Every sample hand by its number: its non-blank lines."""
    hands: dict[str, list[str]] = {}
    for chunk in re.split(r"(?=^Poker Hand #)", SAMPLE.read_text(encoding="utf-8"),
                          flags=re.MULTILINE):
        if (header := re.match(r"Poker Hand #(\w+):", chunk)) is not None:
            hands[header[1]] = [line for line in chunk.splitlines() if line.strip()]
    return hands


def hand_text(number: str) -> str:
    return "\n".join(sample_hands()[number]) + "\n"


def test_the_samples_are_recognised_as_ggpoker_by_content(tmp_path: Path) -> None:
    assert InputFormat.of_path(str(SAMPLE)) is InputFormat.GGPOKER
    assert InputFormat.of_path(str(SAMPLES)) is InputFormat.GGPOKER
    assert len(sample_hands()) == HAND_COUNT


def test_every_sample_hand_is_stored_netting_what_its_lines_say(runner: CliRunner,
                                                                db_url: str) -> None:
    result = succeeds(runner, "import", str(SAMPLE), "--db", db_url)
    assert "imported 104 deals (624 hands)" in result.stdout
    assert rows(db_url, "SELECT format FROM datasets") == [("ggpoker",)]
    assert rows(db_url, f"SELECT site, venue, currency, variant, count(*) FROM {TEXTED_DEALS} d "
                        "GROUP BY site, venue, currency, variant") == [
        ("GGPoker", "GGPoker", "USD", "NT", HAND_COUNT)]
    stored = plain(db_url, "SELECT d.hand_number, s.name, s.net, d.rake, d.fees, s.raked "
                           f"FROM deals d JOIN {NAMED_SEATS} s ON s.deal_id = d.id ORDER BY "
                           "d.id, s.player")
    nets: dict[str, dict[str, Decimal]] = defaultdict(dict)
    raked: dict[str, Decimal] = defaultdict(Decimal)
    rake_and_fees: dict[str, tuple[Decimal, Decimal]] = {}
    for number, name, net, rake, fees, share in stored:
        nets[str(number)][str(name)] = Decimal(str(net))
        raked[str(number)] += Decimal(str(share))
        rake_and_fees[str(number)] = (Decimal(str(rake)), Decimal(str(fees)))
    hands = sample_hands()
    assert sorted(nets) == sorted(hands)
    with_fees = 0
    for number, lines in hands.items():
        expected, rake, fees = nets_by_lines(lines)
        assert nets[number] == {name: expected.get(name, Decimal(0)) for name in nets[number]}
        assert rake_and_fees[number] == (rake, fees), number
        assert sum(nets[number].values()) == -(rake + fees) == -raked[number], number
        with_fees += fees > 0
    assert with_fees == 10  # a jackpot fee of $0.03 each
    assert rows(db_url, "SELECT sum(rake), sum(fees) FROM deals") == [(7700, 3000)]  # 10**-4
    # two hands shown at each of 14 showdowns; the hero's cards in every hand
    assert rows(db_url, "SELECT count(DISTINCT deal_id), count(*) FROM hands WHERE showed") == [
        (14, 28)]
    assert rows(db_url, "SELECT count(*) FROM deals WHERE hero IS NOT NULL") == [(HAND_COUNT,)]


def test_exported_to_phh_every_hand_replays_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    succeeds(runner, "import", str(SAMPLE), "--db", db_url)
    out = tmp_path / "out"
    succeeds(runner, "export", "--format", "phh", "-o", str(out), "--db", db_url)
    files = sorted((out / "1-gg_hands_example.txt").glob("*.phh"))
    assert len(files) == HAND_COUNT
    nets = stored_nets(db_url)
    for file in files:
        assert '_site = "GGPoker"' in file.read_text(encoding="utf-8")
        assert payoffs(file) == nets[int(file.stem)], file.name


def test_a_hand_the_site_names_otherwise_than_pokerdb_evaluates_is_refused(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    # Shown on the flop as a pair of fives (as it stood), the hand ends three of a kind.
    file = tmp_path / "words.txt"
    file.write_text(hand_text("HandID103").replace("lost with Three Fives",
                                                   "lost with Pair of Fives"), encoding="utf-8")
    assert fails(runner, "import", str(file), "--db", db_url).stderr == (
        f"Error: {file}#HandID103: Seat4Name123 shows 5C 5H: the file says 'Pair of Fives', "
        f"pokerdb evaluates three of a kind\n")


# Lines of money beside the pot and of runs that pokerdb does not know, each put into a copy of
# an all-in hand (HandID103), and why its hand is refused (tests/test_ggpoker_money.py: those it
# settles).
UNSETTLED = {
    "HandID901": ("Seat4Name123: calls $1.04\n",
                  "Seat4Name123: get sub refund of all-in insurance ($1)\n",
                  "'Seat4Name123: get sub re'...: a line of all-in insurance pokerdb does not "
                  "know: it does not settle what it pays"),
    "HandID902": ("Seat4Name123: calls $1.04\n", "Cash Drop to Pot : total $1\n",
                  "'Cash Drop to Pot : total'...: a Cash Drop after the hole cards were dealt"),
    "HandID903": ("*** SHOWDOWN ***\n", "*** THIRD TURN *** [8s 9c 5s] [2c 3c]\n",
                  "'*** THIRD TURN *** [8s 9'...: the third run's turn deals 2 cards"),
}


def test_what_pokerdb_does_not_know_is_refused_by_name(runner: CliRunner, db_url: str,
                                                         tmp_path: Path) -> None:
    file = tmp_path / "unsettled.txt"
    text = SAMPLE.read_text(encoding="utf-8")
    for number, (before, added, _) in UNSETTLED.items():
        hand = hand_text("HandID103").replace("HandID103", number)
        text += "\n\n" + hand.replace(before, before + added, 1)
    file.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    expected = [(f"{file}#{number}", f"line {lines.index(added.rstrip()) + 1} {reason}")
                for number, (_, added, reason) in UNSETTLED.items()]
    assert fails(runner, "import", str(file), "--db", db_url).stderr == (
        f"Error: {expected[0][0]}: {expected[0][1]}\n")
    result = succeeds(runner, "import", str(file), "--db", db_url, "--skip-invalid")
    assert "imported 104 deals" in result.stdout and "skipped 3 invalid hands" in result.stdout
    assert rows(db_url, "SELECT raw, reason FROM rejects ORDER BY line_no") == [
        (raw.removeprefix(f"{tmp_path}/"), reason) for raw, reason in expected]


def test_the_same_hand_in_two_files_is_stored_once(runner: CliRunner, db_url: str,
                                                   tmp_path: Path) -> None:
    again = tmp_path / "again.txt"
    again.write_text(hand_text("HandID1") + "\n" + hand_text("HandID2"), encoding="utf-8")
    succeeds(runner, "import", str(SAMPLE), "--db", db_url)
    assert succeeds(runner, "import", str(again), "--db", db_url).stdout == (
        f"{again}: all 2 hands are stored already, skipped\n")
    assert rows(db_url, "SELECT count(*), count(DISTINCT hand_number) FROM deals") == [
        (HAND_COUNT, HAND_COUNT)]
    assert rows(db_url, "SELECT site, hand_number FROM site_hands WHERE hand_number = "
                        "'HandID2'") == [("GGPoker", "HandID2")]


# A tournament hand in GGPoker's shape: chips, a level and its ante in the header.
TOURNAMENT = """\
Poker Hand #TM100200300: Tournament #4005006, $10 Bounty Hunters Special Hold'em No Limit - \
Level7(100/200(25)) - 2025/03/04 05:06:07
Table '12' 8-max Seat #3 is the button
Seat 1: Hero (5,000 in chips)
Seat 2: 4b92a21c (1,200 in chips)
Seat 3: db2c203e (7,350 in chips)
Hero: posts the ante 25
4b92a21c: posts the ante 25
db2c203e: posts the ante 25
Hero: posts small blind 100
4b92a21c: posts big blind 200
*** HOLE CARDS ***
Dealt to Hero [Ah Kh]
Dealt to 4b92a21c\x20
Dealt to db2c203e\x20
db2c203e: folds
Hero: raises 400 to 600
4b92a21c: raises 575 to 1,175 and is all-in
Hero: calls 575
Hero: shows [Ah Kh] (Ace-High)
4b92a21c: shows [7c 7d] (Pair of Sevens)
*** FLOP *** [Kd 4s 8s]
*** TURN *** [Kd 4s 8s] [2c]
*** RIVER *** [Kd 4s 8s 2c] [3h]
*** SHOWDOWN ***
Hero collected 2,425 from pot
*** SUMMARY ***
Total pot 2,425 | Rake 0 | Jackpot 0 | Bingo 0 | Fortune 0 | Tax 0
Board [Kd 4s 8s 2c 3h]
Seat 1: Hero (small blind) showed [Ah Kh] and won (2,425) with Pair of Kings
Seat 2: 4b92a21c (big blind) showed [7c 7d] and lost with Pair of Sevens
Seat 3: db2c203e (button) folded before Flop (didn't bet)
"""


def test_a_tournament_hand_is_in_chips(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    file = tmp_path / "tournament.txt"
    file.write_text(TOURNAMENT, encoding="utf-8")
    succeeds(runner, "import", str(file), "--db", db_url)
    assert plain(db_url, "SELECT site, currency, tournament, buy_in, level, hand_number, "
                         "total_pot, min_bet FROM deals") == [
        ("GGPoker", "chips", "4005006", "$10 Bounty Hunters Special", "7", "TM100200300",
         2425, 200)]
    assert plain(db_url, f"SELECT name, net FROM {NAMED_SEATS} seats ORDER BY player") == [
        ("Hero", 1225), ("4b92a21c", -1200), ("db2c203e", -25)]


def test_a_file_of_another_site_says_which_site_it_looks_like(runner: CliRunner, db_url: str,
                                                              tmp_path: Path) -> None:
    file = tmp_path / "ignition.txt"
    file.write_text("Ignition Hand #3869034394 TBL#21419556 HOLDEM No Limit - 2019-07-17 "
                    "05:29:00\n", encoding="utf-8")
    assert fails(runner, "import", str(file), "--db", db_url).stderr.endswith(
        "it looks like an Ignition hand history, a site pokerdb does not read\n")
    # A GGPoker file read as PokerStars' is not one
    assert fails(runner, "import", str(SAMPLE), "--format", "pokerstars", "--db",
                 db_url).stderr == (
        f"Error: {SAMPLE}: line 1 'Poker Hand #HandID1: Hol'...: not a PokerStars hand (every "
        f"hand starts 'PokerStars Hand #' or 'PokerStars Game #'); it looks like a GGPoker "
        f"hand history: use --format ggpoker\n")
