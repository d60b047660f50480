"""A site's hand under a stored number that differs only in when it was played, or at which
table (the same players, stacks and actions), is another hand: reported naming both files, in
one import or against an earlier one, on both backends. It was skipped as stored already."""

from pathlib import Path

from support import REPO, fails, rows, succeeds
from typer.testing import CliRunner

WINAMAX = REPO / "tests" / "data" / "sites" / "winamax" / "CashGame" / "GameTypeTests" / \
    "NoLimitHoldem.txt"
NUMBER = "5285192-1130-1382664338"
REASON = (f"hand {NUMBER} of Winamax is stored already, from {{}}, and differs from it (its "
          f"players, stacks, actions, time or table)")


def test_the_same_number_played_at_another_time(runner: CliRunner, db_url: str,
                                                tmp_path: Path) -> None:
    original = WINAMAX.read_bytes()
    later = original.replace(b"2013/10/25 01:25:38", b"2013/10/26 01:25:38")
    folder = tmp_path / "both"
    folder.mkdir()
    (folder / "a.txt").write_bytes(original)
    (folder / "b.txt").write_bytes(later)
    assert fails(runner, "import", str(folder), "--db", db_url).stderr == (
        f"Error: {folder}/b.txt#{NUMBER}: "
        f"{REASON.format(f'{folder}/a.txt#{NUMBER}')}\n")
    assert rows(db_url, "SELECT count(*) FROM deals") == [(0,)]
    (tmp_path / "a.txt").write_bytes(original)
    (tmp_path / "b.txt").write_bytes(later)
    assert "imported 1 deal" in succeeds(runner, "import", str(tmp_path / "a.txt"),
                                         "--db", db_url).stdout
    assert fails(runner, "import", str(tmp_path / "b.txt"), "--db", db_url).stderr == (
        f"Error: {tmp_path / 'b.txt'}#{NUMBER}: "
        f"{REASON.format(f'a.txt#{NUMBER} (dataset ' + repr('a.txt') + ')')}\n")
    assert rows(db_url, "SELECT count(*) FROM deals") == [(1,)]


def test_the_same_number_played_at_another_table(runner: CliRunner, db_url: str,
                                                 tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(WINAMAX.read_bytes())
    (tmp_path / "b.txt").write_bytes(WINAMAX.read_bytes().replace(b"'Durban 02'",
                                                                   b"'Durban 03'"))
    succeeds(runner, "import", str(tmp_path / "a.txt"), "--db", db_url)
    assert fails(runner, "import", str(tmp_path / "b.txt"), "--db", db_url).stderr == (
        f"Error: {tmp_path / 'b.txt'}#{NUMBER}: "
        f"{REASON.format(f'a.txt#{NUMBER} (dataset ' + repr('a.txt') + ')')}\n")
