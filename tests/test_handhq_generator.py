"""The benchmark's HandHQ-shaped hands (benchmarks/handhq_hands.py): files of 1,000 hands, one
site a file, every hand a sample hand under a new number, new players and permuted suits, so
that pokerdb stores or refuses each as it does the sample's, for the same reasons."""

import re
from pathlib import Path

from handhq_hands import FILE_HANDS, SAMPLE, write_handhq  # benchmarks/ (conftest)
from support import rows, succeeds
from typer.testing import CliRunner

NAMED = re.compile(r" \([^)]*\)")  # a player's name, or the cards not known, in a reason


def reasons(db_url: str) -> set[str]:
    return {NAMED.sub("", reason) for (reason,) in rows(db_url, "SELECT reason FROM rejects")}


def test_generated_hands_are_the_samples_under_new_names(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    folder = tmp_path / "generated"
    assert write_handhq(folder, 6 * FILE_HANDS - 10, seed=3) == 6
    files = sorted(folder.glob("*/*.phhs"))
    assert [path.parent.name for path in files] == ["ABS", "FTP", "IPN", "ONG", "PS", "PTY"]
    assert [path.read_text().count("\nvariant = ") for path in files] == [1000] * 5 + [990]
    players = [line.count("'") // 2 for path in files for line in path.read_text().splitlines()
               if line.startswith("players = ")]
    assert min(players) == 2 and max(players) <= 10
    succeeds(runner, "import", str(folder), "--skip-invalid", "--quiet", "--db", db_url)
    stored, refused = rows(db_url, "SELECT (SELECT count(*) FROM deals), "
                                   "(SELECT count(*) FROM rejects)")[0]
    assert stored + refused == 5990 and refused < 0.15 * 5990
    assert rows(db_url, "SELECT count(DISTINCT venue || hand_number) FROM deals") == [(stored,)]
    generated = reasons(db_url)
    succeeds(runner, "import", str(SAMPLE), "--skip-invalid", "--quiet", "--db", db_url)
    assert generated <= reasons(db_url)
