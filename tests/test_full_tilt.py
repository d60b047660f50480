"""Full Tilt Poker hand histories (the samples of a parser's tests, 2011-2015) imported on every
backend: every sample hand that balances on its own lines stored once, each seat's net what its
lines say, each hand's nets plus rake summing to zero; a hand run twice settled on its two
boards; the hand cut short refused by name; exported to PHH, every hand replays in pokerkit to
the same nets; a Full Tilt file and folder recognised by their content."""

import re
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

from pokerkit import HandHistory
from support import NAMED_SEATS, REPO, fails, rows, succeeds
from test_export_phh import payoffs, stored_nets
from test_pokerstars import plain
from typer.testing import CliRunner

from pokerdb.formats import InputFormat

SAMPLES = REPO / "tests" / "data" / "sites" / "full-tilt"
HEADER = re.compile(r"\ufeff?Full Tilt Poker Game #(\d+):")
# 52 hands: 43 numbers, 5 of them twice in one file, 4 in two files (one of them cut short)
STORED = 43


def sample_hands() -> dict[tuple[str, str], list[str]]:
    """Every sample hand by its file and number: its non-blank lines."""
    hands: dict[tuple[str, str], list[str]] = {}
    for path in sorted(SAMPLES.rglob("*.txt")):
        text = path.read_text(encoding="utf-8-sig")
        for chunk in re.split(r"(?=^\ufeff?Full Tilt Poker Game #)", text, flags=re.MULTILINE):
            if (header := HEADER.match(chunk)) is not None:
                hands[str(path.relative_to(SAMPLES)), header[1]] = [
                    line for line in chunk.splitlines() if line.strip()]
    return hands


def nets_by_lines(lines: list[str]) -> tuple[dict[str, Decimal], Decimal]:
    """Each player's net as the hand's lines say (what they won, plus uncalled bets returned,
    less what they put in: blinds, antes, calls, bets, raises to a street's total), and the
    summary's rake."""
    names = [seat[1] for line in lines if (seat := re.match(r"Seat \d+: (.+?) \(\$", line))]
    put: dict[str, Decimal] = defaultdict(Decimal)
    street: dict[str, Decimal] = defaultdict(Decimal)
    won: dict[str, Decimal] = defaultdict(Decimal)
    rake = Decimal(0)

    def money(written: str) -> Decimal:
        return Decimal(written.strip("$(),").replace(",", ""))

    for line in lines:
        if line.startswith(("*** FLOP", "*** TURN", "*** RIVER")):
            street.clear()
        elif line.startswith("Total pot "):
            rake = money(line.rpartition(" ")[2])
        elif line.startswith("Uncalled bet of "):
            amount, _, name = line[16:].partition(" returned to ")
            put[name] -= money(amount)
        for name in names:
            if not line.startswith(name + " "):
                continue
            words = line[len(name) + 1:].split()
            if words[:2] == ["raises", "to"]:
                put[name] += money(words[2]) - street[name]
                street[name] = money(words[2])
            elif words[0] in ("calls", "bets") or words[:2] == ["posts", "the"]:
                amount = money(words[-1] if words[0] == "posts" else words[1])
                put[name] += amount
                street[name] += amount
            elif words[0] in ("wins", "ties"):
                won[name] += money(next(word for word in words if word.startswith("($")))
    return {name: won[name] - put[name] for name in names}, rake


def nets_by_hand(db_url: str) -> tuple[dict[str, dict[str, Decimal]], dict[str, Decimal]]:
    """Each stored hand's nets by player, by its number; and its rake."""
    stored = plain(db_url, "SELECT d.hand_number, s.name, s.net, d.rake FROM deals d "
                           f"JOIN {NAMED_SEATS} s ON s.deal_id = d.id ORDER BY d.id, s.player")
    nets: dict[str, dict[str, Decimal]] = defaultdict(dict)
    rakes: dict[str, Decimal] = {}
    for number, name, net, rake in stored:
        nets[str(number)][str(name)] = Decimal(str(net))
        rakes[str(number)] = Decimal(str(rake))
    return nets, rakes


def test_a_full_tilt_file_and_folder_are_recognised_by_content() -> None:
    assert InputFormat.of_path(str(SAMPLES)) is InputFormat.FULL_TILT
    assert InputFormat.of_path(str(SAMPLES / "Limits" / "Limit1.txt")) is InputFormat.FULL_TILT
    assert len(sample_hands()) == 47  # by file and number


def test_every_hand_that_balances_is_stored_netting_what_its_lines_say(
        runner: CliRunner, db_url: str) -> None:
    result = succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert result.stdout.startswith(f"{SAMPLES}: imported 43 deals (154 hands)")
    assert "skipped 1 invalid hand " in result.stdout
    assert "skipped 8 hands stored already" in result.stdout
    assert rows(db_url, "SELECT format FROM datasets") == [("full-tilt",)]
    assert rows(db_url, "SELECT site, currency, variant, count(*) FROM deals GROUP BY site, "
                        "currency, variant ORDER BY variant") == [
        ("Full Tilt Poker", "USD", "FO/8", 2), ("Full Tilt Poker", "USD", "FT", 5),
        ("Full Tilt Poker", "USD", "NO/8", 1), ("Full Tilt Poker", "USD", "NT", 29),
        ("Full Tilt Poker", "USD", "PO", 2), ("Full Tilt Poker", "USD", "PO/8", 3),
        ("Full Tilt Poker", "USD", "PT", 1)]
    nets, rakes = nets_by_hand(db_url)
    assert len(nets) == STORED
    checked = 0
    for (path, number), lines in sample_hands().items():
        if number not in nets or path in ("ValidHandTests/InValidHand.txt",):
            continue
        expected, rake = nets_by_lines(lines)
        assert nets[number] == {name: expected[name] for name in nets[number]}, (path, number)
        assert rakes[number] == rake, number
        assert sum(nets[number].values()) + rake == 0, number
        checked += 1
    assert checked == 46  # every stored hand in each file it is in
    # exact amounts: the hand of BasicHand.txt, and an Omaha hi/lo pot split in two
    assert nets["33727950903"] == {"Rene Lacoste": Decimal("19.5"), "ElkY": Decimal("-20")}
    assert nets["33729545246"] == {"Bauko": Decimal("-0.24"), "great johnny": Decimal("-0.25")}
    # run twice, each run's pot to one of the two all in
    assert nets["35456787343"] == {"VanyaRabotaet": -5, "1mperial": 11, "Postrail": 0,
                                   "Darkking_pt": 11, "ginalisa18": -20}
    assert rows(db_url, "SELECT count(*) FROM deals WHERE second_board IS NOT NULL") == [(1,)]
    assert rows(db_url, "SELECT count(*) FROM deals WHERE hero IS NOT NULL") == [(2,)]


def test_the_hands_pokerdb_does_not_read_are_refused_by_name(runner: CliRunner, db_url: str,
                                                              tmp_path: Path) -> None:
    succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert rows(db_url, "SELECT raw, reason FROM rejects ORDER BY raw") == [
        ("ValidHandTests/InValidHand.txt#33730308005",
         "line 1 'Full Tilt Poker Game #33'...: the hand names no button ('The button is in "
         "seat #N')")]
    chat = tmp_path / "chat.txt"
    chat.write_text((SAMPLES / "HandActionTests" / "BasicHand.txt").read_text(
        encoding="utf-8-sig").replace("ElkY checks", "ElkY smiles"), encoding="utf-8")
    assert fails(runner, "import", str(chat), "--db", db_url).stderr == (
        f"Error: {chat}#33727950903: line 11 'ElkY smiles': unknown action 'smiles'\n")


def replayed_by_pokerkit(runner: CliRunner, db_url: str, samples: Path, out: Path,
                         site: str) -> dict[str, int]:
    """The site's samples imported and exported as PHH, one file a stored hand; those of the
    games pokerkit plays replayed by it, each one's payoffs pokerdb's nets before rake. How
    many of each variant it replayed."""
    succeeds(runner, "import", str(samples), "--db", db_url, "--skip-invalid")
    succeeds(runner, "export", "--format", "phh", "-o", str(out), "--db", db_url)
    files = sorted(out.rglob("*.phh"))
    assert len(files) == rows(db_url, "SELECT count(*) FROM deals")[0][0]
    nets = stored_nets(db_url)
    replayed: dict[str, int] = defaultdict(int)
    for file in files:
        text = file.read_text(encoding="utf-8")
        assert f'_site = "{site}"' in text
        variant = text.partition('variant = "')[2].partition('"')[0]
        # pokerkit has no pot-limit hold'em nor hi/lo, and its PHH no second board
        if variant in HandHistory.game_types and "_second_board" not in text:
            assert payoffs(file) == nets[int(file.stem)], file.name
            replayed[variant] += 1
    return replayed


def test_exported_to_phh_every_hand_replays_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    assert replayed_by_pokerkit(runner, db_url, SAMPLES, tmp_path / "out",
                                "Full Tilt Poker") == {"FO/8": 2, "FT": 5, "NT": 28, "PO": 2}
    assert rows(db_url, "SELECT count(*) FROM deals") == [(STORED,)]


def test_a_line_of_one_not_seated_whose_name_starts_as_a_seated_players_is_not_theirs(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    file = tmp_path / "joining.txt"
    file.write_text((SAMPLES / "HandActionTests" / "BasicHand.txt").read_text(
        encoding="utf-8-sig").replace("ElkY checks\n", "ElkY checks\nElkY Jr sits down\n"),
        encoding="utf-8")
    succeeds(runner, "import", str(file), "--db", db_url)
    assert plain(db_url, f"SELECT name, net FROM {NAMED_SEATS} seats ORDER BY player") == [
        ("ElkY", -20), ("Rene Lacoste", 19.5)]
