"""The benchmark's HandHQ-shaped hands (benchmarks/handhq_hands.py): files of 1,000 hands, one
site a file, every hand a sample hand under a new number, new players and permuted suits, so
that pokerdb stores or refuses each as it does the sample's, for the same reasons."""

import ast
import random
import re
from pathlib import Path

from handhq_hands import FILE_HANDS, SAMPLE, write_handhq  # benchmarks/ (conftest)
from handhq_tables import Site
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
    assert rows(db_url, "SELECT count(DISTINCT venue_id || ' ' || hand_number) "
                        "FROM deals") == [(stored,)]
    generated = reasons(db_url)
    succeeds(runner, "import", str(SAMPLE), "--skip-invalid", "--quiet", "--db", db_url)
    assert generated <= reasons(db_url)


def hands_of(folder: Path, site: str) -> list[dict[str, str]]:
    """The site's generated hands in file order, each its `name = value` lines."""
    return [dict(line.split(" = ", 1) for line in section.splitlines() if " = " in line)
            for path in sorted((folder / site).glob("*.phhs"))
            for section in path.read_text().split("\n\n")]


def test_generated_players_stay_at_tables_whose_time_advances(tmp_path: Path) -> None:
    write_handhq(tmp_path, 20_000, seed=5)
    for site, count, staying, hours in (("ABS", 4_000, 0.6, 2.0), ("PS", 3_000, 0.15, 0.05)):
        hands = hands_of(tmp_path, site)
        assert len(hands) == count
        table_of: dict[str, str] = {}
        when: dict[str, str] = {}
        same = following = 0
        for hand in hands:
            table = hand.get("table", "")
            moment = f"{int(hand['day']):02d} {hand['time']}"
            assert moment >= when.get(table, ""), (site, table, moment)  # never back in time
            when[table] = moment
            for player in ast.literal_eval(hand["players"]):
                if player in table_of:
                    following += 1
                    same += table_of[player] == table
                table_of[player] = table
        # most of a player's hands follow one at the same table (random seats: a few percent)
        assert same / following >= staying, (site, same / following)
        first, last = hands[0]["time"], hands[-1]["time"]
        assert first < "00:01:00" and last >= f"{int(hours):02d}:{int(hours % 1 * 60):02d}:00"


def test_generated_days_roll_over_into_august() -> None:
    site = Site(random.Random(1), "ABS", ["'A ST'"], [2], ["a", "b", "c"], [])
    assert site.time_lines(31 * 86_400 + 3_661) == ("time = 01:01:01\nday = 1\nmonth = 8\n"
                                                     "year = 2009\n")
    assert site.time_lines(86_399) == "time = 23:59:59\nday = 1\nmonth = 7\nyear = 2009\n"
