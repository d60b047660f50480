"""`pokerdb export --format phh`: recorded hands of any input written as PHH files that pokerkit
(the PHH reference implementation) replays to the nets pokerdb stored, and that pokerdb imports
back to the same hands."""

from collections import deque
from decimal import Decimal
from pathlib import Path

from pokerkit import HandHistory
from support import PHH_DATA, REPO, fails, rows, succeeds
from typer.testing import CliRunner

SAMPLES = REPO / "tests" / "data" / "pokerstars" / "CashGame"


def payoffs(path: Path) -> list[Decimal]:
    with path.open("rb") as file:
        history = HandHistory.load(file)
    return [Decimal(str(value)) for value in deque(history, maxlen=1)[0].payoffs]


def stored_nets(db_url: str) -> dict[int, list[Decimal]]:
    """Per deal's position, each seat's net before rake (what pokerdb's settlement awards less
    what it put in)."""
    nets: dict[int, list[Decimal]] = {}
    for line_no, net, raked in rows(db_url, "SELECT d.line_no, s.net, s.raked FROM deals d "
                                            "JOIN seats s ON s.deal_id = d.id "
                                            "ORDER BY d.id, s.player"):
        nets.setdefault(line_no, []).append(Decimal(str(net)) + Decimal(str(raked or 0)))
    return nets


def test_pokerstars_hands_exported_replay_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    out = tmp_path / "out"
    result = succeeds(runner, "export", "--format", "phh", "-o", str(out), "--db", db_url)
    folder = out / "1-CashGame"
    assert result.stdout == f"wrote 50 hands as PHH files to {folder}\n"
    nets = stored_nets(db_url)
    twice = {line_no for (line_no,) in rows(db_url, "SELECT line_no FROM deals "
                                                     "WHERE second_board IS NOT NULL")}
    assert len(twice) == 1  # pokerkit's PHH has no second board: left out below
    files = sorted(folder.glob("*.phh"))
    assert len(files) == 50
    replayed = 0
    for file in files:
        position = int(file.stem)
        text = file.read_text(encoding="utf-8")
        assert '_site = "PokerStars"' in text
        if position in twice or 'variant = "NT"' not in text:
            continue
        assert payoffs(file) == nets[position], file.name
        replayed += 1
    assert replayed == 46  # every no-limit hand but the one run twice; 3 are fixed-limit


def test_phh_hands_exported_replay_and_import_back_the_same(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    succeeds(runner, "import", str(PHH_DATA), "--db", db_url, "--name", "wsop",
             "--skip-invalid")  # the stud hands are not settled yet
    out = tmp_path / "out"
    succeeds(runner, "export", "-o", str(out), "--dataset", "wsop", "--db", db_url)
    files = sorted((out / "1-wsop").glob("*.phh"))
    assert len(files) == rows(db_url, "SELECT count(*) FROM deals")[0][0]
    assert len(files) == 19  # every NT and FT hand of the sample
    nets = stored_nets(db_url)
    for file in files:
        assert payoffs(file) == nets[int(file.stem)], file.name
    succeeds(runner, "import", str(out / "1-wsop"), "--db", db_url, "--name", "again")
    query = ("SELECT s.name, s.starting_stack, s.put_in, s.net, s.showed, c.cards FROM deals d "
             "JOIN datasets ds ON ds.id = d.dataset_id JOIN seats s ON s.deal_id = d.id "
             "JOIN hand_cards c ON c.deal_id = d.id AND c.player = s.player "
             "WHERE ds.name = '{}' ORDER BY d.line_no, s.player")
    first = rows(db_url, query.format("wsop"))
    assert len(first) == 93
    again = {row for row in rows(db_url, query.format("again"))}
    assert set(first) == again


def test_exporting_nothing_says_so(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    succeeds(runner, "import", str(REPO / "data" / "p054_poker.txt"), "--db", db_url)
    result = fails(runner, "export", "-o", str(tmp_path), "--db", db_url)
    assert result.stderr == "Error: no recorded hands to export (import hand histories first)\n"
