"""Ctrl-C during import, evaluate, equity or delete: exit code 130 and one line saying what was
kept. Nothing of the file being imported is kept, every window committed before is. Each
test stops a command at a chosen point (KeyboardInterrupt raised where SIGINT would raise it),
on both backends; one sends a real SIGINT to a real process."""

import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import make_url
from support import REPO, invoke, rows, snapshot, succeeds
from typer.testing import CliRunner

from pokerdb.formats.deals import lines as deal_lines
from pokerdb.formats.deals.generate import generate_lines
from pokerdb.rules.games import HOLDEM
from pokerdb.steps import equity_step, evaluation, importer, removal
from pokerdb.storage.partitions import drop_partitions

DEALS = 300
BATCHES_OF_LINES = deal_lines.BATCH_LINES + 5000  # two batches of a file of lines


def deal_file(folder: Path, name: str, seed: int, deals: int = DEALS, **kind: Any) -> str:
    path = folder / name
    path.write_text("".join(generate_lines(deals, seed=seed, **kind)))
    return str(path)


def interrupt_at_call(monkeypatch: pytest.MonkeyPatch, module: Any, name: str,
                      call: int) -> None:
    """module.name raises KeyboardInterrupt on its `call`-th call, as Ctrl-C would there."""
    original = getattr(module, name)
    calls = [0]

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == call:
            raise KeyboardInterrupt
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, interrupted)


def stopped(runner: CliRunner, *args: str) -> str:
    """Run a command that is interrupted: its exit code is 130, and its one line is returned."""
    result = invoke(runner, *args)
    assert result.exit_code == 130, (result.stdout, result.stderr, result.exception)
    assert result.stderr.count("\n") == 1, result.stderr
    return result.stderr


def test_an_interrupted_import_keeps_nothing_of_its_file(runner: CliRunner, db_url: str,
                                                         tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = (deal_file(tmp_path, f"{name}.txt", seed, BATCHES_OF_LINES)
                     for seed, name in enumerate(("first", "second")))
    succeeds(runner, "import", first, "--db", db_url, "--quiet")
    before = snapshot(db_url)
    interrupt_at_call(monkeypatch, importer, "insert_deals", 2)  # its second batch
    line = stopped(runner, "import", second, "--db", db_url, "--evaluate")
    assert line == f"Interrupted: nothing of {second} was imported\n"
    assert snapshot(db_url) == before
    third = deal_file(tmp_path, "third.txt", 2)
    monkeypatch.undo()
    interrupt_at_call(monkeypatch, importer, "insert_deals", 3)  # second's two, third's
    line = stopped(runner, "import", second, third, "--db", db_url)
    assert line == (f"Interrupted: nothing of {third} was imported; the 1 file before it was "
                    f"imported\n")
    assert [name for name, _ in rows(db_url, "SELECT name, deals FROM datasets ORDER BY id")] \
        == ["first.txt", "second.txt"]


def test_an_interrupted_evaluate_keeps_its_windows(runner: CliRunner, db_url: str,
                                                   other_url: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    file = deal_file(tmp_path, "deals.txt", 1)
    for url in (db_url, other_url):
        succeeds(runner, "import", file, "--db", url, "--quiet")
    succeeds(runner, "evaluate", "--db", other_url, "--quiet")
    for size in ("FIRST_WINDOW_DEALS", "WINDOW_DEALS"):
        monkeypatch.setattr(evaluation, size, 100)
    interrupt_at_call(monkeypatch, evaluation, "store", 3)  # two windows stored, 200 deals
    line = stopped(runner, "evaluate", "--db", db_url)
    assert line == ("Interrupted: the 400 hands evaluated before were kept, the window in "
                    "progress was not (pokerdb evaluate goes on from there)\n")
    assert rows(db_url, "SELECT count(*), min(deal_id), max(deal_id) FROM hand_values") == [
        (400, 1, 200)]
    monkeypatch.undo()
    assert "evaluated 200 hands in 100 deals" in succeeds(runner, "evaluate", "--db",
                                                           db_url).stdout
    assert snapshot(db_url)["hands"] == snapshot(other_url)["hands"]


def test_an_interrupted_equity_keeps_its_windows(runner: CliRunner, db_url: str,
                                                 tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    file = deal_file(tmp_path, "flops.txt", 1, game=HOLDEM, board=4)
    succeeds(runner, "import", file, "--format", "holdem", "--db", db_url, "--quiet")
    monkeypatch.setattr(equity_step, "WINDOW_DEALS", 100)
    interrupt_at_call(monkeypatch, equity_step, "insert_rows", 3)
    line = stopped(runner, "equity", "--db", db_url)
    assert line == ("Interrupted: the equities of 200 deals computed before were kept, the "
                    "window in progress was not (pokerdb equity goes on from there)\n")
    assert rows(db_url, "SELECT count(DISTINCT deal_id), max(deal_id) FROM hand_equities") == [
        (200, 200)]
    monkeypatch.undo()
    assert "in 100 deals" in succeeds(runner, "equity", "--db", db_url).stdout
    assert rows(db_url, "SELECT count(*) FROM hand_equities") == [(2 * DEALS,)]


def test_an_interrupted_delete_deletes_nothing(runner: CliRunner, db_url: str, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    succeeds(runner, "import", deal_file(tmp_path, "deals.txt", 1), "--db", db_url,
             "--evaluate", "--quiet")
    before = snapshot(db_url)
    original = removal.delete

    def interrupted_after_some(table: Any) -> Any:
        if table.name == "hand_cards":
            raise KeyboardInterrupt
        return original(table)

    def interrupted_after_the_partitions(connection: Any, dataset_id: int) -> None:
        drop_partitions(connection, dataset_id)
        raise KeyboardInterrupt

    # SQLite deletes the rows table by table; PostgreSQL drops the dataset's partitions.
    monkeypatch.setattr(removal, "delete", interrupted_after_some)
    monkeypatch.setattr(removal, "drop_partitions", interrupted_after_the_partitions)
    line = stopped(runner, "delete", "deals.txt", "--db", db_url)
    assert line == "Interrupted: nothing was deleted: dataset 'deals.txt' is as it was\n"
    assert snapshot(db_url) == before


class _LoadInterrupted:
    """A finder on sys.meta_path: loading `name` is interrupted, as Ctrl-C while the library
    loads would interrupt it."""

    def __init__(self, name: str) -> None:
        self.name = name

    def find_spec(self, name: str, *_args: Any) -> None:
        if name == self.name:
            raise KeyboardInterrupt


@pytest.mark.parametrize(("command", "module", "kept"), [
    ("import", "pokerdb.steps.file_imports", "nothing of {file} was imported"),
    ("evaluate", "pokerdb.steps.evaluate_database",
     "the 0 hands evaluated before were kept, the window in progress was not (pokerdb "
     "evaluate goes on from there)"),
    ("equity", "pokerdb.steps.equity_step",
     "the equities of 0 deals computed before were kept, the window in progress was not "
     "(pokerdb equity goes on from there)"),
    ("delete", "pokerdb.steps.removal",
     "nothing was deleted: dataset 'first.txt' is as it was"),
])
def test_ctrl_c_while_the_library_loads(runner: CliRunner, db_url: str, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch, command: str,
                                        module: str, kept: str) -> None:
    """A Ctrl-C before the command's work starts, while it loads the library (the first half
    second of a process), is told in its one line too."""
    db = db_url
    file = deal_file(tmp_path, "first.txt", 3)
    succeeds(runner, "import", file, "--db", db, "--quiet")
    before = snapshot(db)
    monkeypatch.delitem(sys.modules, module)
    monkeypatch.setattr(sys, "meta_path", [_LoadInterrupted(module), *sys.meta_path])
    args = {"import": [file], "delete": ["first.txt"]}.get(command, [])
    line = stopped(runner, command, *args, "--db", db)
    assert line == f"Interrupted: {kept.format(file=file)}\n"
    assert snapshot(db) == before


def test_ctrl_c_sent_to_an_import(tmp_path: Path) -> None:
    """A real SIGINT, as a terminal's Ctrl-C sends it, once the import has written a few MB."""
    file = tmp_path / "big.txt"
    with file.open("w") as out:
        out.writelines(generate_lines(2_000_000, seed=3))
    db = tmp_path / "db.sqlite"
    process = subprocess.Popen([sys.executable, "-m", "pokerdb", "import", str(file),
                                "--db", str(db)], cwd=REPO, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    wal = Path(f"{make_url(f'sqlite:///{db}').database}-wal")
    deadline = time.monotonic() + 120
    while not (wal.exists() and wal.stat().st_size > 4 << 20):
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.005)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert (process.returncode, out, err) == (
        130, "", f"Interrupted: nothing of {file} was imported\n")
    assert not db.exists()  # the database it made, and stored nothing in


# The app replaced by one that, once it has ended, leaves an exit handler that Ctrl-Cs the
# program (registered after cli.main's own, so it runs before the program ends).
_CTRL_C_AT_EXIT = """
import atexit, os, signal, sys, time
import pokerdb.cli

def app(**kwargs):
    def ctrl_c():
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.2)
        print("after", flush=True)
    atexit.register(ctrl_c)
    sys.exit(0)

pokerdb.cli.app = app
pokerdb.cli.main()
"""


def test_ctrl_c_once_the_command_has_ended() -> None:
    """A Ctrl-C while the program closes its databases (cli.main's exit handlers, an SQLite
    checkpoint that SIGINT would not stop anyway) changes nothing: the handlers run to their
    end, the status is the command's, no traceback."""
    completed = subprocess.run([sys.executable, "-c", _CTRL_C_AT_EXIT], cwd=REPO,
                               capture_output=True, text=True, timeout=60, check=False)
    assert (completed.returncode, completed.stdout, completed.stderr) == (0, "after\n", "")


# `python -m pokerdb --version`, Ctrl-C'd (a real SIGINT to itself) at a point of its start.
_CTRL_C_WHILE_STARTING = """
import os, runpy, signal, sys
{setup}
sys.argv = ["pokerdb", "--version"]
runpy.run_module("pokerdb", run_name="__main__")
"""


@pytest.mark.parametrize("setup", [
    # while Python loads Typer, rich and the commands
    "class Finder:\n    def find_spec(self, name, *args):\n        if name == 'typer':\n"
    "            os.kill(os.getpid(), signal.SIGINT)\nsys.meta_path.insert(0, Finder())",
    # while Typer makes the command line of the commands
    "import typer.main\nmade = typer.main.get_command\ntyper.main.get_command = lambda app: ("
    "os.kill(os.getpid(), signal.SIGINT), made(app))[1]",
    # once it is made, before Typer's own handler of Ctrl-C is in place
    "import typer.core\ndef interrupted(*args, **kwargs):\n"
    "    raise KeyboardInterrupt\ntyper.core._main = interrupted",
    # while Typer parses the command line, inside its own handler of Ctrl-C (exit 130 without
    # a word), before the command's is in place
    "import typer.core\ndef interrupted(*args, **kwargs):\n"
    "    raise KeyboardInterrupt\ntyper.core.TyperGroup.make_context = interrupted",
], ids=["loading", "making", "made", "parsing"])
def test_ctrl_c_while_the_program_starts(setup: str) -> None:
    """A Ctrl-C in the program's first tenth of a second, before any command runs: one line
    and exit code 130, no traceback."""
    completed = subprocess.run(
        [sys.executable, "-c", _CTRL_C_WHILE_STARTING.format(setup=setup)], cwd=REPO,
        capture_output=True, text=True, timeout=60, check=False)
    assert (completed.returncode, completed.stdout, completed.stderr) == (
        130, "", "Interrupted: nothing was done\n")


# The console script as installers write it (pip's: `import re`, `import sys`, then the entry
# point), Ctrl-C'd as the entry module loads a module of its own, if it loads any.
_CTRL_C_AS_THE_ENTRY_MODULE_LOADS = """
import os, re, sys
class Finder:
    def find_spec(self, name, *args):
        if "pokerdb.launch" in sys.modules and not name.startswith("pokerdb"):
            os.kill(os.getpid(), 2)
sys.meta_path.insert(0, Finder())
sys.argv = ["pokerdb", "--version"]
from pokerdb.launch import main
sys.exit(main())
"""


def test_the_entry_module_loads_nothing_before_its_handler_of_ctrl_c() -> None:
    """Whatever the entry module imports before its handler of Ctrl-C is in place widens the
    window in which a Ctrl-C is a traceback (it imported `signal`, whose enums take a
    millisecond): it takes only what Python has loaded before any script runs."""
    completed = subprocess.run(
        [sys.executable, "-c", _CTRL_C_AS_THE_ENTRY_MODULE_LOADS], cwd=REPO,
        capture_output=True, text=True, timeout=60, check=False)
    assert (completed.returncode, completed.stdout, completed.stderr) == (
        130, "", "Interrupted: nothing was done\n")
