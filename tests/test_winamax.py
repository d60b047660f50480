"""Winamax hand histories imported on every backend: every sample hand that balances on its own
lines stored, each seat's net what those lines say (the uncalled bet that Winamax counts in what
a player collected included), each hand's nets summing to minus its rake; the edited samples
refused, each with its reason; exported to PHH, every hand replays in pokerkit to the same nets;
a Winamax file or folder recognised by its content."""

import re
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

from support import NAMED_SEATS, REPO, fails, rows, succeeds
from test_export_phh import export_replays_in_pokerkit
from test_export_phh_site import assert_same_site_hands
from test_pokerstars import plain
from typer.testing import CliRunner

from pokerdb.formats import InputFormat

SAMPLES = REPO / "tests" / "data" / "sites" / "winamax"
TEN = SAMPLES / "CashGame" / "MultipleHandsTests" / "10MultipleHands.txt"
TOURNAMENTS = REPO / "tests" / "data" / "sites" / "winamax-tournaments"  # see its README
STORED = 29  # the sample hands, each once, but those refused
# The samples that pokerdb refuses (edited copies of hands), and why.
REFUSED = {
    "CashGame/StreetTests/Flop.txt#5281577-483-1382586829":
        "line 18 'Board: [7h Qs 3c]': the summary's board [7h Qs 3c] is not the one dealt, "
        "[3d 3s 2s]",
    "CashGame/ValidHandTests/InValidHand.txt":
        "line 1 'Winaax Poker - CashGame '...: not a Winamax hand (every hand starts "
        "'Winamax Poker - ')",
    # GeneralHand.txt's hand on another board, its words for the hand shown left as they were
    "CashGame/StreetTests/River.txt#5281577-471-1382586707":
        "titi63000 shows 8D JD: the file says 'One pair : 3', pokerdb evaluates two pairs",
}
AMOUNT = r"([\d.]+)€"


def sample_hands() -> dict[str, list[str]]:
    """Every sample hand by its number (the first file's where several hold it): its lines."""
    hands: dict[str, list[str]] = {}
    for path in sorted(SAMPLES.rglob("*.txt")):
        text = path.read_bytes().decode("utf-8-sig", "replace").replace("\ufffd", "€")
        for chunk in re.split(r"(?=^\ufeff?Winamax Poker - )", text, flags=re.MULTILINE):
            if (header := re.search(r"HandId: #([\d-]+)", chunk)) is not None:
                hands.setdefault(header[1], [line for line in chunk.splitlines() if line])
    return hands


def nets_by_lines(lines: list[str]) -> tuple[dict[str, Decimal], Decimal]:
    """Each seated player's net as the hand's lines say (what they collected, which counts an
    uncalled bet, less all they put in), and the rake."""
    names = [match[1] for line in lines if (match := re.match(r"Seat \d+: (.+) \([\d.]+€\)$",
                                                               line))]
    put: dict[str, Decimal] = defaultdict(Decimal)
    street: dict[str, Decimal] = defaultdict(Decimal)
    got: dict[str, Decimal] = defaultdict(Decimal)
    rake = Decimal(0)
    for line in lines:
        if line.startswith(("*** FLOP", "*** TURN", "*** RIVER")):
            street.clear()
        if (pot := re.match(r"Total pot .*\| Rake " + AMOUNT, line)) is not None:
            rake = Decimal(pot[1])
        name = next((name for name in sorted(names, key=len, reverse=True)
                     if line.startswith(name + " ")), None)
        if name is None or line.startswith("Seat "):
            continue
        what = line[len(name) + 1:].removesuffix(" and is all-in")
        if (paid := re.match(r"(?:posts (?:small|big) blind|calls|bets) " + AMOUNT, what)):
            put[name] += Decimal(paid[1])
            street[name] += Decimal(paid[1])
        elif (raised := re.match(r"raises \S+ to " + AMOUNT, what)):
            put[name] += Decimal(raised[1]) - street[name]
            street[name] = Decimal(raised[1])
        elif (collected := re.match(r"collected " + AMOUNT, what)):
            got[name] += Decimal(collected[1])
    return {name: got[name] - put[name] for name in names if name in put or name in got}, rake


def stored_hands(db_url: str) -> tuple[dict[str, dict[str, Decimal]],
                                        dict[str, tuple[Decimal, Decimal]]]:
    """Per stored hand (by number): each seat's net by name; and the hand's rake and the sum
    of its seats' shares of it."""
    nets: dict[str, dict[str, Decimal]] = defaultdict(dict)
    raked: dict[str, tuple[Decimal, Decimal]] = {}
    for number, name, net, rake, share in plain(
            db_url, "SELECT d.hand_number, s.name, s.net, d.rake, s.raked FROM deals d JOIN "
                    f"{NAMED_SEATS} s ON s.deal_id = d.id ORDER BY d.id, s.player"):
        nets[str(number)][str(name)] = Decimal(str(net))
        shares = raked.get(str(number), (Decimal(0), Decimal(0)))[1]
        raked[str(number)] = Decimal(str(rake)), shares + Decimal(str(share))
    return nets, raked


def test_the_samples_are_recognised_as_winamax_by_content(runner: CliRunner,
                                                          tmp_path: Path) -> None:
    assert InputFormat.of_path(str(TEN)) is InputFormat.WINAMAX
    assert InputFormat.of_path(str(SAMPLES)) is InputFormat.WINAMAX
    assert InputFormat.of_path(str(SAMPLES / "CashGame" / "ValidHandTests" / "ValidHand.txt")
                               ) is InputFormat.WINAMAX  # cp1252
    database = tmp_path / "db.sqlite"
    assert fails(runner, "import", str(TEN), "--format", "pokerstars", "--db",
                 str(database)).stderr == (
        f"Error: {TEN}: line 1 'Winamax Poker - CashGame'...: not a PokerStars hand (every hand "
        f"starts 'PokerStars Hand #' or 'PokerStars Game #'); it looks like a Winamax hand "
        f"history: use --format winamax\n")


def test_every_sample_hand_that_balances_is_stored_netting_what_its_lines_say(
        runner: CliRunner, db_url: str) -> None:
    result = succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert f"imported {STORED} deals (102 hands) as dataset 'winamax'" in result.stdout
    assert result.stdout.endswith("skipped 3 invalid hands (see the rejects table); skipped 4 "
                                  "hands stored already\n"), result.stdout
    assert rows(db_url, "SELECT site, currency, variant, count(*) FROM deals GROUP BY site, "
                        "currency, variant ORDER BY variant") == [
        ("Winamax", "EUR", "NT", STORED - 2), ("Winamax", "EUR", "PO", 2)]
    nets, raked = stored_hands(db_url)
    assert len(nets) == STORED
    hands = sample_hands()
    for number, by_seat in nets.items():
        expected, rake = nets_by_lines(hands[number])
        assert {name: net for name, net in by_seat.items() if net or name in expected} == (
            expected), number
        assert sum(by_seat.values()) == -rake == -raked[number][0] == -raked[number][1], number
    # An uncalled bet, in what the player collected: 6.01 collected, 1.50 and 2.50 put in.
    assert nets["5335178-3970-1383796438"] == {
        "totti6720": Decimal("-0.25"), "titi250": Decimal("-0.5"), "Dbrz34": Decimal("-1.5"),
        "sined20": Decimal("2.01"), "fanf4K UR0": Decimal(0)}
    # A big blind posted out of position by a player joining, live: he checks.
    assert nets["5282949-1701-1382615078"] == {
        "bishop74270": Decimal("-0.05"), "R.Ford": Decimal("-0.1"),
        "Kosmos777": Decimal("0.23"), "WAHIL": Decimal("-0.1"), "beso760": Decimal(0)}
    # A seat listed without chips is not dealt in; one sitting out (listed as any other) either
    assert rows(db_url, f"SELECT count(*) FROM {NAMED_SEATS} seats WHERE name IN ('Belle___Vue', "
                        "'Opponent2')") == [(0,)]
    assert rows(db_url, "SELECT count(*) FROM hands WHERE showed") == [(8,)]
    assert rows(db_url, "SELECT count(*) FROM deals WHERE hero IS NOT NULL") == [(1,)]


def test_the_refused_samples_say_why(runner: CliRunner, db_url: str) -> None:
    succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert dict(rows(db_url, "SELECT raw, reason FROM rejects")) == REFUSED
    # without --skip-invalid, the first refused hand fails the import, storing nothing
    result = fails(runner, "import", str(SAMPLES / "CashGame" / "StreetTests"), "--db", db_url)
    assert result.stderr == (f"Error: {SAMPLES}/{next(iter(REFUSED))}: "
                             f"{REFUSED[next(iter(REFUSED))]}\n")


def test_exported_to_phh_every_hand_replays_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, other_url: str, tmp_path: Path) -> None:
    succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert export_replays_in_pokerkit(runner, db_url, tmp_path / "out", "winamax",
                                      "Winamax") == STORED
    # imported back, the same site's hands, every column the same
    assert_same_site_hands(runner, tmp_path / "out" / "1-winamax", db_url, other_url, "winamax")


def test_a_hand_the_site_names_otherwise_than_pokerdb_evaluates_is_refused(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    text = (SAMPLES / "CashGame" / "PlayerTests" / "OmahaShowdown.txt").read_text(
        encoding="utf-8-sig")
    file = tmp_path / "words.txt"
    file.write_text(text.replace("(Two pairs : Kings and Jacks)", "(Trips : Kings)"),
                    encoding="utf-8")
    assert fails(runner, "import", str(file), "--db", db_url).stderr == (
        f"Error: {file}#5334663-1379-1383796492: trasto51 shows TH JS 6H KH: the file says 'Trips "
        f": Kings', pokerdb evaluates two pairs\n")


def test_a_hand_whose_amounts_do_not_add_up_is_refused(runner: CliRunner, db_url: str,
                                                       tmp_path: Path) -> None:
    text = (SAMPLES / "CashGame" / "HandActionTests" / "BasicHand.txt").read_text(
        encoding="utf-8-sig")
    # sined20's uncalled bet of 2.50, in what the file says he collected, returned first
    collected, raked = tmp_path / "collected.txt", tmp_path / "raked.txt"
    collected.write_text(text.replace("collected 6.01€", "collected 6.11€"), encoding="utf-8")
    raked.write_text(text.replace("| Rake 0.24€", "| Rake 0.34€"), encoding="utf-8")
    hand = "#5335178-3970-1383796438"
    assert fails(runner, "import", str(collected), "--db", db_url).stderr == (
        f"Error: {collected}{hand}: the players collected 3.61 of a pot of 3.75 with rake and "
        f"fees of 0.24: -0.10 unaccounted for\n")
    assert fails(runner, "import", str(raked), "--db", db_url).stderr == (
        f"Error: {raked}{hand}: the summary's total pot is 3.85, the players put in 3.75\n")


def test_the_tournament_samples_are_stored_in_chips_netting_what_their_lines_say(
        runner: CliRunner, db_url: str) -> None:
    result = succeeds(runner, "import", str(TOURNAMENTS), "--db", db_url)
    assert "imported 2 deals (9 hands)" in result.stdout
    assert result.stdout.endswith("skipped 1 hand stored already\n")  # one hand in two files
    # the tournament's number from its table ('BOOSTER(153100000)#052'), its ante on its line
    assert rows(db_url, "SELECT hand_number, tournament, buy_in, level, currency, variant "
                        "FROM deals ORDER BY id") == [
        ("657563431500000000-1-1459000000", "153100000", "€4.50 + €4.50 + €1", "4", "chips",
         "NT"),
        ("619672044606324737-7-1452193258", "144278641", "Ticket only", "3", "chips", "PO")]
    assert plain(db_url, f"SELECT s.name, s.ante, s.blind, s.net FROM {NAMED_SEATS} s JOIN deals d "
                         "ON d.id = s.deal_id ORDER BY d.id, s.player") == [
        # the small blind raises to 800 and the big blind folds: the raise's 500 back
        ("Player1", 25, 150, 350), ("Player2", 25, 300, -325), ("Player3", 25, 0, -25),
        # a pot-limit Omaha Sit&Go without antes: $60 on every street, tomtom87700's flush
        ("alex093", 0, 30, -60), ("Bearded Taco", 0, 60, -60), ("livio91760", 0, 0, -240),
        ("patcoune", 0, 0, 0), ("Doksrill", 0, 0, 0), ("tomtom87700", 0, 0, 360)]
    assert rows(db_url, "SELECT sum(rake), sum(fees) FROM deals") == [(0, 0)]


def test_a_tournament_hand_whose_table_does_not_name_its_tournament_is_refused(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    text = (TOURNAMENTS / "MultiTableTournament" / "Limits" / "Limit1.txt").read_text(
        encoding="utf-8-sig")
    file = tmp_path / "table.txt"
    file.write_text(text.replace("BOOSTER(153100000)#052", "BOOSTER #052"), encoding="utf-8")
    assert fails(runner, "import", str(file), "--db", db_url).stderr == (
        f"Error: {file}#657563431500000000-1-1459000000: line 2 \"Table: 'BOOSTER #052' 8-\"...: "
        f"expected the table line of a tournament: \"Table: 'NAME(TOURNAMENT)#TABLE' ...\"\n")


def test_a_winamax_action_by_a_name_seated_nowhere(runner: CliRunner, db_url: str,
                                                   tmp_path: Path) -> None:
    sample = (REPO / "tests" / "data" / "sites" / "winamax" / "CashGame" / "GameTypeTests" /
              "NoLimitHoldem.txt").read_bytes()
    file = tmp_path / "renamed.txt"
    file.write_bytes(sample.replace(b"Seat 8: gersois59", b"Seat 8: gersoisXX"))
    error = fails(runner, "import", str(file), "--db", db_url).stderr
    assert error.startswith(f"Error: {file}#5285192-1130-1382664338: line 7 'gersois59 "), error
    assert rows(db_url, "SELECT count(*) FROM deals") == [(0,)]
