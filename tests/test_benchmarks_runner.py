"""The benchmark runner (`python -m benchmarks`): it lists its rows, and a row run at a tiny size
writes its figures as a JSON file. No timing is asserted: the figures are whatever they are."""

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROWS = ("pe54", "holdem", "rss", "kernel", "holdem-kernel", "equity", "phh", "pokerstars",
        "pokerstars-draw", "ggpoker", "winamax", "wpn", "888poker", "partypoker", "ipoker",
        "full-tilt", "ongame", "phh-variants",
        "skip-invalid", "mixed-tables", "variant-kernels",
        "variant-oracles", "variant-equity", "omaha-odds", "player-stats", "handhq", "cookbook",
        "handhq-players", "pages",
        "parquet", "stats-calibration", "postgres", "postgres-loaded", "handhq-postgres",
        "postgres-scale")


def benchmarks(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m benchmarks ARGS` from the checkout, with the installed pokerdb: the folder on
    the path holds `benchmarks` alone (CI sets PYTHONSAFEPATH, which keeps the working folder,
    and with it the checkout's pokerdb, off the path)."""
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "benchmarks").symlink_to(ROOT / "benchmarks")
        path = os.pathsep.join(filter(None, [folder, os.environ.get("PYTHONPATH")]))
        return subprocess.run([sys.executable, "-m", "benchmarks", *args], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": path}, capture_output=True,
                              text=True, check=False)


def test_list_names_every_row_with_its_size() -> None:
    done = benchmarks("--list")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == list(ROWS)
    assert lines[0].split()[1:3] == ["1,000,000", "deals"]
    assert [line.split()[0] for line in lines if line.endswith("(needs --db)")] == [
        "postgres", "postgres-loaded", "handhq-postgres", "postgres-scale"]


def test_a_row_at_a_tiny_size_writes_its_figures(tmp_path: Path) -> None:
    done = benchmarks("holdem-kernel", "--size", "50", "--results", str(tmp_path))
    assert done.returncode == 0, done.stderr
    [written] = tmp_path.iterdir()
    assert written.name.endswith("-holdem-kernel.json")
    data = json.loads(written.read_text())
    assert set(data) == {"started", "load_at_start", "finished", "command", "backend",
                         "machine", "rows"}
    assert data["command"] == "python -m benchmarks holdem-kernel --size 50 --results " + str(
        tmp_path)
    assert set(data["machine"]) == {"cpus", "load", "python", "platform", "sqlite", "commit",
                                    "compiled"}
    assert len(data["machine"]["load"]) == 3
    [row] = data["rows"]
    assert (row["row"], row["size"], row["unit"], row["failed"]) == (
        "holdem-kernel", 50, "hands", None)
    [figure] = row["figures"]
    assert set(figure) == {"what", "goal", "measured", "met", "pokerdb", "peer", "ratio",
                           "unit"}
    assert (figure["what"], figure["goal"]) == ("7-card kernel vs eval7, hands/s", ">= 20x")
    [table] = row["tables"]
    assert [cells[:3] for cells in table["rows"]] == [
        ["pokerdb", "best_strengths (parsed codes)", "50"],
        ["eval7", "evaluate(cards), per hand", "50"],
        ["pokerdb", "best_five (codes, strengths)", "50"]]
    assert table["rows"][0][-1] == "categories agree"


def test_the_handhq_row_at_a_tiny_size(tmp_path: Path) -> None:
    done = benchmarks("handhq", "--size", "2000", "--results", str(tmp_path))
    assert done.returncode == 0, done.stderr
    [written] = tmp_path.iterdir()
    [row] = json.loads(written.read_text())["rows"]
    assert [(figure["what"], figure["goal"]) for figure in row["figures"]] == [
        ("import of 2,000 HandHQ-shaped hands, hands/s", ">= 20,000"),
        ("bytes a hand on disk", "<= 400"),
        ("bytes a hand after pokerdb compact", "<= 400"),
        ("import peak RSS, 2,000 hands vs a tenth", "<= 1.2x"),
        ("pokerdb players, everyone (whole process)", "<= 10 s"),
        ("one player's figures, overall, by position, by stakes", "<= 50 ms")]
    steps, by_table = row["tables"]
    assert steps["title"] == "HandHQ-shaped hands: 2,000 (1,986 stored, 14 refused)"
    tables = {cells[0]: cells for cells in by_table["rows"]}
    assert {"deals", "seats", "hand_actions"} <= set(tables) and "seat_counts" not in tables
    assert steps["rows"][-1][0] == "pokerdb compact"
    # seats' pages packed: fewer bytes a hand after compact than as imported
    assert float(tables["seats"][3]) < float(tables["seats"][2])


def test_the_cookbook_row_asks_every_question_at_a_tiny_size(tmp_path: Path) -> None:
    done = benchmarks("cookbook", "--size", "1000", "--results", str(tmp_path))
    assert done.returncode == 0, done.stderr
    [written] = tmp_path.iterdir()
    [row] = json.loads(written.read_text())["rows"]
    assert [figure["goal"] for figure in row["figures"]] == ["<= 10 s"] * 3
    [table] = row["tables"]
    asked = [(cells[0].partition(":")[0], cells[1]) for cells in table["rows"]]
    statements = len(re.findall(r"```sql\n", (ROOT / "docs" / "cookbook.md").read_text()))
    shipped = sorted(path.name for path in (ROOT / "pokerdb" / "exports" / "sql").glob("*.sql"))
    assert asked == [*((f"cookbook {number}", "SQLite") for number in range(1, statements + 1)),
                     ("SELECT * FROM player_stats", "SQLite"),
                     *((name, "DuckDB, Parquet") for name in shipped)]
    # each player's figures: as many rows from the summaries as from the seats
    assert table["rows"][statements][3] == table["rows"][10][3] != "0"


def test_a_site_row_imports_its_samples_renumbered_every_hand_stored(tmp_path: Path) -> None:
    done = benchmarks("wpn", "--size", "40", "--results", str(tmp_path))
    assert done.returncode == 0, done.stderr
    [written] = tmp_path.iterdir()
    [row] = json.loads(written.read_text())["rows"]
    assert (row["row"], row["size"], row["failed"]) == ("wpn", 40, None)
    [figure] = row["figures"]
    assert (figure["what"], figure["goal"], figure["unit"]) == (
        "wpn import, whole process", ">= 5,000 hands/s", "hands/s")


def test_an_unknown_row_is_refused_in_one_line(tmp_path: Path) -> None:
    done = benchmarks("no-such-row", "--results", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].endswith(
        "error: no row no-such-row (python -m benchmarks --list)")
    assert list(tmp_path.iterdir()) == []


def test_a_postgresql_row_without_a_server_is_refused(tmp_path: Path) -> None:
    done = benchmarks("postgres", "--size", "10", "--results", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].endswith(
        "error: row postgres needs --db (a PostgreSQL server URL)")
    assert list(tmp_path.iterdir()) == []


def test_two_runs_started_in_one_minute_keep_a_file_each(tmp_path: Path) -> None:
    from datetime import datetime

    from suite import results_path

    started = datetime(2026, 12, 8, 2, 7, 41)
    first = results_path(tmp_path, started, ["handhq-postgres"])
    assert first.name == "2026-12-08T0207-handhq-postgres.json"
    first.write_text("{}")
    second = results_path(tmp_path, started, ["handhq-postgres"])
    assert second.name == "2026-12-08T020741-handhq-postgres.json"
