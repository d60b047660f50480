"""Hand histories read by worker processes (pokerdb.steps.hand_workers) store what one process
reading them stores: every row of every table, the rejected hands and their positions, the
summary line and the error messages, on both backends. A worker's death or Ctrl-C leaves the
database as it was.

The units of work are made small here (a few files, a few hands of a site's file) so that a
small input is cut into many units and the batches fall where one process's do not."""

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from conftest import _postgres_database, _postgres_server
from phh_hands import SIX_MAX, write_hand_folder
from raise_wars import calls_hand, raises_hand
from support import REPO, every_row, invoke, rows, succeeds
from typer.testing import CliRunner

from pokerdb.formats import InputFormat, open_input
from pokerdb.formats.phh import hand_histories as phh_input
from pokerdb.formats.sites.stars_shape import hand_files
from pokerdb.formats.sources import Source
from pokerdb.steps import hand_workers
from pokerdb.storage.engines import open_engine

DATA = Path(__file__).parent / "data"
WORKERS = ("1", "2", "3")  # 1: read in the importing process


@pytest.fixture(autouse=True)
def small_units(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(phh_input, "BATCH_HANDS", 7)  # 7 files a unit, 7 hands a batch
    monkeypatch.setattr(phh_input, "FIRST_UNIT_FILES", 2)  # but the first of 2, then 4
    monkeypatch.setattr(phh_input, "UNIT_BYTES", 3000)  # a site's file of more is cut ...
    monkeypatch.setattr(hand_files, "PART_HANDS", 2)  # ... in parts of 2 hands


def test_the_first_units_are_smaller(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(phh_input, "UNIT_BYTES", 1 << 20)  # units bound by files alone
    folder = tmp_path / "hands"
    write_hand_folder(folder, 40, 3, profile=SIX_MAX)
    read = open_input(InputFormat.PHH, Source(str(folder), path=folder, size=None))
    assert isinstance(read, phh_input.HandHistories)
    read.sha256()
    units = read.units()
    assert units is not None
    assert [len(unit.parts) for unit in units] == [2, 4, 7, 7, 7, 7, 6]


def imported(runner: CliRunner, db_url: str, workers: str, *args: str,
             code: int = 0) -> tuple[str, str]:
    """`pokerdb import ARGS` with that many workers: its output and error lines."""
    result = invoke(runner, "import", *args, "--db", db_url,
                    env={hand_workers.WORKERS_VARIABLE: workers})
    assert result.exit_code == code, (result.stdout, result.stderr, result.exception)
    return result.stdout, result.stderr


@pytest.fixture
def fresh_url(db_url: str, tmp_path: Path) -> Iterator[Callable[[], str]]:
    """Empty databases on db_url's backend, one a call."""
    with ExitStack() as stack:
        made = [0]

        def fresh() -> str:
            made[0] += 1
            if db_url.startswith("sqlite"):  # made first: a failed import keeps it
                url = f"sqlite:///{tmp_path / f'fresh-{made[0]}.sqlite'}"
                open_engine(url).dispose()
                return url
            return stack.enter_context(contextmanager(_postgres_database)(_postgres_server()))

        yield fresh


def same_for_every_count(runner: CliRunner, fresh_url: Callable[[], str], *args: str,
                         code: int = 0) -> str:
    """Each worker count imports into a fresh database what one process imports, and says
    the same (but for the time taken); the last database's URL."""
    outcomes = []
    for workers in WORKERS:
        url = fresh_url()
        stdout, stderr = imported(runner, url, workers, *args, code=code)
        outcomes.append((re.sub(r" \([0-9,.]+ deals/s\)| in [0-9.]+ s", "", stdout), stderr,
                         every_row(url)))
    for outcome in outcomes[1:]:
        assert outcome[:2] == outcomes[0][:2]
        assert [name for name, table in outcome[2].items()
                if table != outcomes[0][2][name]] == []
    return url


@pytest.fixture(scope="module")
def six_max(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """60 random six-max hands and the sample hands of a WSOP event, in one folder."""
    folder = tmp_path_factory.mktemp("six-max")
    write_hand_folder(folder / "random", 60, seed=5, profile=SIX_MAX)
    shutil.copytree(DATA / "phh" / "wsop", folder / "wsop")
    return folder


def test_a_folder_of_phh_files_stores_the_same_rows(
        runner: CliRunner, fresh_url: Callable[[], str], six_max: Path) -> None:
    url = same_for_every_count(runner, fresh_url, str(six_max))
    assert rows(url, "SELECT count(*) FROM deals") == [(143,)]


def test_invalid_hands_are_rejected_at_the_same_positions(
        runner: CliRunner, fresh_url: Callable[[], str], six_max: Path, tmp_path: Path) -> None:
    folder = tmp_path / "hands"
    shutil.copytree(six_max, folder)
    for number in (3, 17, 18, 44):  # in the first unit, across units, in the last
        path = folder / "random" / "0000" / f"{number:06d}.phh"
        path.write_text(path.read_text().replace("actions = [", "actions = ['p2 zz', "))
    url = same_for_every_count(runner, fresh_url, str(folder), "--skip-invalid")
    assert rows(url, "SELECT line_no FROM rejects ORDER BY line_no") == [
        (3,), (17,), (18,), (44,)]
    url = same_for_every_count(runner, fresh_url, str(folder), code=1)
    assert rows(url, "SELECT count(*) FROM datasets") == [(0,)]


def test_hands_refused_for_their_counts_are_rejected_at_the_same_positions(
        runner: CliRunner, fresh_url: Callable[[], str], six_max: Path, tmp_path: Path) -> None:
    """A hand with a seat's count seats.packed cannot hold (steps.count_limits), refused by
    the worker that reads it as by the importing process: the other hands keep the same deal
    ids."""
    folder = tmp_path / "hands"
    shutil.copytree(six_max, folder)
    for number, hand in ((3, raises_hand(32)), (17, calls_hand(32)), (44, raises_hand(36))):
        (folder / "random" / "0000" / f"{number:06d}.phh").write_text(hand)
    url = same_for_every_count(runner, fresh_url, str(folder), "--skip-invalid")
    assert rows(url, "SELECT line_no, reason FROM rejects ORDER BY line_no") == [
        (3, "p1 bets or raises 16 times after the flop: pokerdb stores at most 15 a seat"),
        (17, "p2 calls 32 times after the flop: pokerdb stores at most 31 a seat"),
        (44, "p1 bets or raises 18 times after the flop: pokerdb stores at most 15 a seat")]
    assert rows(url, "SELECT count(*), min(id), max(id) FROM deals") == [(140, 1, 140)]
    url = same_for_every_count(runner, fresh_url, str(folder), code=1)
    assert rows(url, "SELECT count(*) FROM datasets") == [(0,)]


def test_site_files_cut_in_parts_store_the_same_rows(
        runner: CliRunner, fresh_url: Callable[[], str], tmp_path: Path) -> None:
    """PokerStars files, some cut in parts of two hands, one of them twice in the folder:
    its hands stored once, the duplicates counted alike."""
    folder = tmp_path / "stars"
    shutil.copytree(DATA / "pokerstars", folder)
    many = folder / "CashGame" / "MultipleHandsTests" / "10MultipleHands.txt"
    shutil.copy(many, folder / "again.txt")
    url = same_for_every_count(runner, fresh_url, str(folder), "--format", "pokerstars",
                               "--skip-invalid")
    assert imported(runner, url, "2", str(many), "--format", "pokerstars")[0] == (
        f"{many}: all 10 hands are stored already, skipped\n")


def test_files_beyond_what_is_kept_are_read_again_by_the_workers(
        runner: CliRunner, fresh_url: Callable[[], str], six_max: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder larger than the contents kept from hashing (KEPT_BYTES) is still cut into
    units for the workers (it was read by the importing process alone): each worker reads its
    files again and checks them against their hashes."""
    monkeypatch.setattr(phh_input, "KEPT_BYTES", 20_000)  # the first files kept, not the rest
    read = open_input(InputFormat.PHH, Source(str(six_max), path=six_max, size=None))
    assert isinstance(read, phh_input.HandHistories)
    read.sha256()
    units = read.units()
    assert units is not None
    assert 0 < read.kept.count(None) == len(read.digests) < len(read.files)
    url = same_for_every_count(runner, fresh_url, str(six_max))
    assert rows(url, "SELECT count(*) FROM deals") == [(143,)]


def test_a_file_changed_before_its_worker_reads_it_fails_the_import(
        runner: CliRunner, db_url: str, six_max: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "hands"
    shutil.copytree(six_max, folder)
    monkeypatch.setattr(phh_input, "KEPT_BYTES", 0)  # every file read again by its worker
    last = sorted(folder.glob("wsop/**/*.phh"))[-1]
    original = phh_input.HandHistories.sha256

    def then_changed(self: phh_input.HandHistories) -> str | None:
        hashed = original(self)
        last.write_text(last.read_text() + "\n")
        return hashed

    monkeypatch.setattr(phh_input.HandHistories, "sha256", then_changed)
    _, stderr = imported(runner, db_url, "2", str(folder), code=1)
    assert stderr == (f"Error: {folder}: changed while it was being imported; nothing "
                      f"imported (import it again once it is complete)\n")
    assert rows(db_url, "SELECT count(*) FROM datasets") == [(0,)]


def test_a_worker_that_dies_fails_the_import_and_keeps_nothing(
        runner: CliRunner, db_url: str, six_max: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    first = tmp_path / "first.phh"
    shutil.copy(DATA / "phh" / "dwan-ivey-2009.phh", first)
    succeeds(runner, "import", str(first), "--db", db_url, "--quiet")
    before = every_row(db_url)
    calls = [0]
    original = hand_workers.stage_hands

    def dying(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == 2:  # in a worker: the importer stages nothing itself
            os._exit(3)
        return original(*args, **kwargs)

    monkeypatch.setattr(hand_workers, "stage_hands", dying)
    _, stderr = imported(runner, db_url, "2", str(six_max), code=1)
    assert stderr == ("Error: an import worker process stopped (exit code 3) before reading "
                      "its hands: nothing imported\n")
    assert every_row(db_url) == before


def test_a_bad_worker_count_is_refused(runner: CliRunner, db_url: str, six_max: Path) -> None:
    _, stderr = imported(runner, db_url, "two", str(six_max), code=1)
    assert stderr == ("Error: POKERDB_WORKERS='two': give a number of worker processes "
                      "(0 or 1: none)\n")


@pytest.fixture(scope="module")
def many_hands(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of hands that takes the workers long enough to be stopped while they read."""
    folder = tmp_path_factory.mktemp("many") / "hands"
    write_hand_folder(folder, 1500, seed=9, profile=SIX_MAX)
    return folder


def started_import(folder: Path, db: str) -> tuple[subprocess.Popen[str], list[int]]:
    """`pokerdb import FOLDER` in a session of its own, once its 2 workers are reading."""
    process = subprocess.Popen(
        [sys.executable, "-m", "pokerdb", "import", str(folder), "--db", db], cwd=REPO,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, hand_workers.WORKERS_VARIABLE: "2"})
    deadline = time.monotonic() + 120
    while len(_children(process.pid)) < 2:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.005)
    return process, _children(process.pid)


def test_ctrl_c_stops_every_worker_and_keeps_nothing(many_hands: Path, tmp_path: Path) -> None:
    """A real SIGINT to the importer's process group, as a terminal's Ctrl-C sends it, while
    its workers read: exit 130, one line, no rows, no process left."""
    db = tmp_path / "db.sqlite"
    process, workers = started_import(many_hands, str(db))
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert (process.returncode, out, err) == (
        130, "", f"Interrupted: nothing of {many_hands} was imported\n")
    assert not db.exists()  # the database it made, and stored nothing in
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()
                and "zombie" not in _state(pid)]


def test_a_killed_import_leaves_no_worker_and_no_lock(db_url: str, many_hands: Path,
                                                      tmp_path: Path) -> None:
    """SIGKILL to the importer alone (no handler runs): its workers die with it, so they
    hold neither its output pipes (read here to their end) nor its database connection and
    lock, and the next import of the same database goes through."""
    process, workers = started_import(many_hands, db_url)
    try:
        os.kill(process.pid, signal.SIGKILL)
        assert process.communicate(timeout=120) == ("", "")  # ends once no worker holds them
        deadline = time.monotonic() + 120
        while [pid for pid in workers if "zombie" not in _state(pid)]:
            assert time.monotonic() < deadline, [_state(pid) for pid in workers]
            time.sleep(0.01)
    finally:  # what would be left otherwise
        for pid in workers:
            if "zombie" not in _state(pid):
                os.kill(pid, signal.SIGKILL)
    one = tmp_path / "one.phh"
    shutil.copy(DATA / "phh" / "dwan-ivey-2009.phh", one)
    after = subprocess.run([sys.executable, "-m", "pokerdb", "import", str(one), "--db", db_url],
                           cwd=REPO, capture_output=True, text=True, timeout=120)
    assert (after.returncode, after.stderr) == (0, "")
    assert rows(db_url, "SELECT count(*) FROM deals") == [(1,)]


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _state(pid: int) -> str:
    try:
        return (Path(f"/proc/{pid}") / "status").read_text().lower()
    except OSError:
        return "zombie"
