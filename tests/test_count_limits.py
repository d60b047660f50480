"""A recorded hand with a seat whose postflop count seats.packed cannot hold (16 bets or raises
after the flop, or 32 calls: steps.count_limits) is an invalid hand like any other: with
--skip-invalid it is skipped, counted and kept in `rejects`, and the hands stored are those
stored of the same input where that hand is invalid otherwise (the same deal ids, consecutive);
without, the import fails with one line naming it, the database as it was. 15 and 31 are
stored and read back. The same whether worker processes read the hands or the importing
process does, on both backends."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from raise_wars import calls_hand, raises_hand
from support import every_row, invoke, rows, succeeds
from typer.testing import CliRunner

from pokerdb.formats.phh import hand_histories as phh_input
from pokerdb.steps import hand_workers, importer

# 3, 5 and 6 refused; 2 and 4 at the limits. In batches of 2 hands read in this process
# (5 and 6 a batch of none left); in units of 1, 2, 2 and 2 files read by workers.
FILES = {"1.phh": raises_hand(4), "2.phh": raises_hand(30), "3.phh": raises_hand(32),
         "4.phh": calls_hand(31), "5.phh": calls_hand(32), "6.phh": raises_hand(34),
         "7.phh": raises_hand(2)}
REFUSED = {3: "p1 bets or raises 16 times after the flop: pokerdb stores at most 15 a seat",
           5: "p2 calls 32 times after the flop: pokerdb stores at most 31 a seat",
           6: "p1 bets or raises 17 times after the flop: pokerdb stores at most 15 a seat"}


@pytest.fixture(params=["0", "2"])
def workers(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Callable[[], int]:
    """POKERDB_WORKERS for the imports (0: read in this process; 2: worker processes, units
    made small), and how many imports have started workers since."""
    monkeypatch.setenv(hand_workers.WORKERS_VARIABLE, request.param)
    monkeypatch.setattr(phh_input, "BATCH_HANDS", 2)
    monkeypatch.setattr(phh_input, "FIRST_UNIT_FILES", 1)
    started = [0]
    original = importer.parallel_hands

    def counted(*args: Any, **kwargs: Any) -> hand_workers.ParallelHands:
        started[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(importer, "parallel_hands", counted)
    return lambda: started[0]


def folder_of(path: Path, files: dict[str, str]) -> Path:
    path.mkdir()
    for name, content in files.items():
        (path / name).write_text(content)
    return path


def test_a_count_too_large_is_a_skipped_hand(runner: CliRunner, db_url: str, tmp_path: Path,
                                             workers: Callable[[], int]) -> None:
    folder = folder_of(tmp_path / "wars", FILES)
    result = succeeds(runner, "import", str(folder), "--db", db_url, "--skip-invalid")
    assert result.stdout.startswith(f"{folder}: imported 4 deals (11 hands) as dataset 'wars'")
    assert result.stdout.endswith("; skipped 3 invalid hands (see the rejects table)\n")
    assert workers() == int(hand_workers.worker_count() == 2)
    assert rows(db_url, "SELECT id, line_no FROM deals ORDER BY id") == [
        (1, 1), (2, 2), (3, 4), (4, 7)]
    assert rows(db_url, "SELECT line_no, raw, reason, line_bytes FROM rejects ORDER BY id") == [
        (line_no, f"{line_no}.phh", reason, 5) for line_no, reason in REFUSED.items()]
    # 15 bets or raises each; 31 calls (the others' counts as calls_hand makes them)
    assert rows(db_url, "SELECT deal_id, player, postflop_aggressive, postflop_calls FROM seats "
                        "WHERE deal_id IN (2, 3) ORDER BY deal_id, player") == [
        (2, 1, 15, 0), (2, 2, 15, 0),
        (3, 1, 11, 20), (3, 2, 0, 31), (3, 3, 8, 23), (3, 4, 9, 21), (3, 5, 11, 17)]
    # every row that of the same hands, the refused ones invalid otherwise (an unknown action)
    otherwise = folder_of(tmp_path / "otherwise", {
        name: content.replace("actions = [", "actions = ['p2 zz', ")
        if int(name[0]) in REFUSED else content for name, content in FILES.items()})
    url = f"sqlite:///{tmp_path / 'otherwise.sqlite'}"
    succeeds(runner, "import", str(otherwise), "--db", url, "--skip-invalid", "--name", "wars")
    refused, other = every_row(db_url), every_row(url)
    assert [name for name in refused if name not in ("datasets", "rejects")
            and refused[name] != other[name]] == []
    assert [row[:4] + row[5:] for row in refused["rejects"]] == [
        row[:4] + row[5:] for row in other["rejects"]]  # all but the reason
    assert [row[4] for row in other["rejects"]] == [
        "action 1 'p2 zz': unknown action (a player's are 'cc', 'f', 'cbr AMOUNT', 'pb', "
        "'sd [CARDS]' and 'sm [CARDS]')"] * 3


def test_without_skip_invalid_the_import_fails_naming_the_hand(
        runner: CliRunner, db_url: str, tmp_path: Path, workers: Callable[[], int]) -> None:
    folder = folder_of(tmp_path / "wars", FILES)
    succeeds(runner, "import", str(folder / "1.phh"), "--db", db_url)
    before = every_row(db_url)
    result = invoke(runner, "import", str(folder), "--db", db_url)
    assert result.exit_code == 1, (result.stdout, result.stderr, result.exception)
    assert result.stderr == f"Error: {folder}/3.phh: {REFUSED[3]}\n"
    assert every_row(db_url) == before
    assert workers() == int(hand_workers.worker_count() == 2)
    result = invoke(runner, "import", str(folder / "5.phh"), "--db", db_url)
    assert result.exit_code == 1
    assert result.stderr == f"Error: {folder}/5.phh: {REFUSED[5]}\n"
    assert every_row(db_url) == before
