"""Hold'em files of mixed tables against a file of one player count (issue 23), side by side in
one run: the time per hand of `pokerdb import`, `import --evaluate` and `evaluate` after an
import.

The row `mixed-tables` of `python -m benchmarks`. Three files of N deals (its size, 200,000)
from `pokerdb generate --game holdem`: 9 players each (the one-count file), 2 to 9 players
(`--players 2-9`), and 2 to 9 players with boards of 0, 3, 4 or 5 cards (`--board 0,3,4,5`).
Each step runs RUNS times on each file, the files in a different order each run so that the
machine's noise falls on all alike, each run into a fresh SQLite file. Shown: the fastest run's
seconds as the command reports them (without the interpreter's start; on a busy machine the
least disturbed run), and the median CPU seconds of the process less those of importing a file
of one deal (the interpreter's start, the same for every file; a busy machine moves CPU seconds
far less than wall seconds). The ratios are of the time per hand against the one-count file's;
the target is at most 1.5 (marked by the CPU ratio)."""

import re
import resource
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from result_tables import Table
from scratch_databases import Databases
from suite import Context, Figure, RowResult

_SECONDS = re.compile(r" in ([0-9.]+) s ")
_HANDS = re.compile(r"\(([0-9,]+) hands\)| ([0-9,]+) hands in ")
FILES = {
    "9 players": ["--players", "9"],
    "2-9 players": ["--players", "2-9"],
    "2-9 players, boards 0/3/4/5": ["--players", "2-9", "--board", "0,3,4,5"],
}
ONE_COUNT = "9 players"
STEPS = ("import", "import --evaluate", "evaluate")
TARGET = 1.5
RUNS = 3
SEED = 23


@dataclass(frozen=True)
class Run:
    seconds: float  # as the command reports it
    cpu: float  # user + system seconds of its process
    hands: int


def pokerdb(*args: str) -> tuple[str, float]:
    """`python -m pokerdb ARGS`: its stdout and the CPU seconds of its process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "pokerdb", *args], check=False,
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"pokerdb {' '.join(args)} exited {done.returncode}: {done.stderr}")
    stdout = done.stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return stdout, (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)


def reported(stdout: str, cpu: float) -> Run:
    seconds, hands = _SECONDS.search(stdout), _HANDS.search(stdout)
    assert seconds is not None and hands is not None, stdout
    return Run(float(seconds.group(1)), cpu, int((hands.group(1) or hands.group(2))
                                                 .replace(",", "")))


def run_steps(path: Path, databases: Databases, label: str) -> dict[str, Run]:
    """Each step once on the file, each import into a fresh database."""
    common = [str(path), "--format", "holdem", "--players", "2-9"]
    plain = databases.fresh(f"{label}_import")
    runs = {"import": reported(*pokerdb("import", *common, "--db", plain))}
    runs["evaluate"] = reported(*pokerdb("evaluate", "--db", plain))
    runs["import --evaluate"] = reported(*pokerdb(
        "import", *common, "--evaluate", "--db", databases.fresh(f"{label}_one_pass")))
    databases.drop_all()
    return runs


def row(ctx: Context) -> RowResult:
    databases, paths = ctx.dbs, {}
    for number, (name, options) in enumerate(FILES.items()):
        paths[name] = ctx.workdir / f"file{number}.txt"
        ctx.say(f"generating {ctx.size:,} Hold'em deals, {name}")
        pokerdb("generate", str(ctx.size), "--seed", str(SEED), "--game", "holdem", *options,
                "-o", str(paths[name]), "--quiet")
    one_deal = ctx.workdir / "one_deal.txt"
    pokerdb("generate", "1", "--game", "holdem", "-o", str(one_deal), "--quiet")
    start = statistics.median(reported(*pokerdb(
        "import", str(one_deal), "--format", "holdem", "--db",
        databases.fresh(f"start{run}"))).cpu for run in range(RUNS))
    databases.drop_all()
    runs: dict[str, list[dict[str, Run]]] = {name: [] for name in FILES}
    names = list(FILES)
    for run in range(RUNS):
        ctx.say(f"run {run + 1} of {RUNS}: each step on each file")
        for name in names[run % len(names):] + names[:run % len(names)]:
            runs[name].append(run_steps(paths[name], databases, f"f{names.index(name)}"))
    figures, rows = [], []
    for step in STEPS:
        per_hand: dict[str, tuple[float, float]] = {}
        for name in FILES:
            hands = runs[name][0][step].hands
            seconds = min(each[step].seconds for each in runs[name])
            cpu = statistics.median(each[step].cpu for each in runs[name]) - start
            per_hand[name] = seconds / hands, cpu / hands
            ratio, cpu_ratio = (per_hand[name][i] / per_hand[ONE_COUNT][i] for i in (0, 1))
            rows.append([step, name, f"{hands:,}", f"{seconds:.2f}",
                         f"{per_hand[name][0] * 1e6:.2f}", f"{ratio:.2f}", f"{cpu:.2f}",
                         f"{cpu_ratio:.2f}"])
            if name != ONE_COUNT:  # judged by CPU: on a busy machine wall time is noise
                figures.append(Figure(
                    f"{step} CPU a hand, {name} vs 9 players", f"<= {TARGET}x",
                    f"{cpu_ratio:.2f}x (wall {ratio:.2f}x)", cpu_ratio <= TARGET,
                    per_hand[name][1] * 1e6, per_hand[ONE_COUNT][1] * 1e6, cpu_ratio,
                    "CPU us/hand"))
    table = Table(f"{ctx.size:,} Hold'em deals a file, {RUNS} runs: the fastest run's seconds "
                  f"reported, the median CPU seconds less {start:.2f} s of a process's start",
                  ("step", "file", "hands", "s", "us/hand", "ratio", "CPU s", "CPU ratio"),
                  rows, frozenset(range(2, 8)))
    return RowResult(figures, [table])
