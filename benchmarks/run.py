"""pokerdb benchmark: `python benchmarks/run.py [--deals N] [--db URL] [--rss-check]`.

One run on one generated file, side by side: a seed-style pure-Python solver, the raw sqlite3
storage limit, pokerdb's import / evaluate / wins as whole processes (wall, CPU, peak RSS),
pokerdb's evaluation kernel against peer libraries, and its seven-card (Hold'em) kernel against
eval7. Prints the tables, the targets of issues 3 and 11 with PASS/MISS, and exits 1 if any two
solvers disagree on player 1's wins or the Hold'em kernels on a hand's category.
"""

import argparse
import json
import os
import platform
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import equity_bench
import holdem_kernel
import numpy as np
import peers
import phh_bench
import phh_variants_bench
import postgres_ratio
from holdem_kernel import HoldemResult
from peers import Deal, KernelResult, compare
from procs import Measured, StepFailed, measure, median_of, python
from result_tables import Table, render_markdown, render_rich
from rich.console import Console
from scratch_databases import Databases
from sqlalchemy import make_url

from pokerdb.storage.engines import open_engine

HERE = Path(__file__).resolve().parent
RSS_SMALL_DEALS = 100_000
PYTHON_START_RUNS = 5
WIDTH = 130  # of the tables when not on a terminal
progress = Console(stderr=True, highlight=False)


@dataclass(frozen=True)
class Options:
    deals: int
    seed: int
    db: str | None
    peer_deals: int
    holdem_hands: int
    repeat: int
    rss_check: bool
    rss_large: int
    workdir: Path | None
    keep: bool
    markdown: Path | None
    phh_hands: int = phh_bench.HANDS
    ratio_runs: int = 3


def parse_args(argv: Sequence[str] | None = None) -> Options:
    parser = argparse.ArgumentParser(
        description="Benchmark pokerdb against a seed-style solver, raw sqlite3 and peer "
                    "evaluators, on one generated file.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    add = parser.add_argument
    add("--deals", type=int, default=1_000_000, help="deals in the generated file")
    add("--seed", type=int, default=54, help="seed of the generated file")
    add("--db", help="PostgreSQL server URL: pokerdb steps run in scratch databases there "
                     "(created and dropped); default fresh SQLite files")
    add("--peer-deals", type=int, default=100_000, help="deals for the kernel comparison")
    add("--holdem-hands", type=int, default=200_000,
        help="random 7-card hands for the Hold'em kernel against eval7")
    add("--repeat", type=int, default=3, help="runs of each kernel (best) and of wins (median)")
    add("--rss-check", action="store_true",
        help="also import --rss-large deals, to compare its peak RSS with a small import")
    add("--rss-large", type=int, default=5_000_000, help="deals of the --rss-check import")
    add("--workdir", type=Path, help="where to make the scratch folder (default: system temp)")
    add("--keep", action="store_true", help="keep the generated files and databases")
    add("--markdown", type=Path, help="also write the tables as Markdown to this file")
    add("--phh-hands", type=int, default=phh_bench.HANDS,
        help="generated .phh hands pokerdb imports against pokerkit's replay")
    add("--ratio-runs", type=int, default=3,
        help="with --db: runs of each step on both backends, side by side (median ratio)")
    args = parser.parse_args(argv)
    if min(args.deals, args.peer_deals, args.holdem_hands, args.repeat, args.ratio_runs) < 1:
        parser.error("--deals, --peer-deals, --holdem-hands, --repeat and --ratio-runs must be "
                     "at least 1")
    return Options(args.deals, args.seed, args.db, min(args.peer_deals, args.deals),
                   args.holdem_hands, args.repeat, args.rss_check, args.rss_large, args.workdir,
                   args.keep, args.markdown, args.phh_hands, args.ratio_runs)


# --- the machine --------------------------------------------------------------------------

def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as file:
            for line in file:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def memory_gib() -> str:
    try:
        with open("/proc/meminfo") as file:
            kib = int(next(line for line in file if line.startswith("MemTotal")).split()[1])
        return f"{kib / 2**20:.0f} GiB RAM"
    except (OSError, StopIteration):
        return "RAM unknown"


def machine(server_version: str | None) -> str:
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    parts = [cpu_model(), f"{usable} cores", memory_gib(), f"{platform.system()} "
             f"{platform.release()}", f"Python {platform.python_version()}",
             f"SQLite {sqlite3.sqlite_version}", f"numpy {np.__version__}"]
    if server_version:
        parts.append(f"PostgreSQL {server_version}")
    return ", ".join(parts)


# --- the measured steps -------------------------------------------------------------------

def pokerdb(*args: str) -> list[str]:
    return python("-m", "pokerdb", *args)


def generate(deals: int, seed: int, path: Path) -> Measured:
    progress.print(f"generating {deals:,} deals")
    return measure(pokerdb("generate", str(deals), "--seed", str(seed), "-o", str(path)))


def baseline(file: Path) -> Measured:
    progress.print("baseline: seed-style pure-Python solver")
    return measure(python(str(HERE / "baseline.py"), str(file)))


def storage_limit(file: Path, workdir: Path) -> Measured:
    """Raw sqlite3 executemany into a fresh file that pokerdb's migrations brought to head."""
    progress.print("storage limit: raw sqlite3 executemany")
    db = workdir / "storage_limit.sqlite"
    open_engine(str(db)).dispose()
    return measure(python(str(HERE / "storage_limit.py"), str(file), str(db)))


@dataclass(frozen=True)
class PokerdbRun:
    one_pass: bool  # import --evaluate, so that evaluate finds nothing left
    imported: Measured
    evaluated: Measured
    wins: Measured  # the median of --repeat runs
    counts: dict[str, int]

    @property
    def import_step(self) -> str:
        return "pokerdb import --evaluate" if self.one_pass else "pokerdb import"

    @property
    def steps(self) -> tuple[Measured, Measured, Measured]:
        return self.imported, self.evaluated, self.wins

    @property
    def end_to_end(self) -> float:
        return sum(step.wall for step in self.steps)


def run_pokerdb(file: Path, db: str, repeat: int, one_pass: bool = False,
                input_format: str = "pe54") -> PokerdbRun:
    flags = [*(["--evaluate"] if one_pass else []), "--format", input_format]
    progress.print(" ".join(["pokerdb import", *flags]))
    imported = measure(pokerdb("import", str(file), *flags, "--db", db, "-q"))
    progress.print("pokerdb evaluate")
    evaluated = measure(pokerdb("evaluate", "--db", db, "-q"))
    progress.print("pokerdb wins")
    wins = median_of(pokerdb("wins", "--db", db, "--format", "json"), repeat)
    return PokerdbRun(one_pass, imported, evaluated, wins, json.loads(wins.stdout))


@dataclass(frozen=True)
class HoldemRun:
    """Issue 11: heads-up Hold'em deals, pokerdb in one pass against an eval7 script."""

    generated: Measured
    baseline: Measured  # holdem_baseline.py: eval7 per hand, nothing stored
    pokerdb: PokerdbRun

    @property
    def import_and_wins(self) -> float:
        return self.pokerdb.imported.wall + self.pokerdb.wins.wall


def run_holdem(deals: int, seed: int, workdir: Path, dbs: Databases, repeat: int) -> HoldemRun:
    file = workdir / f"holdem_{deals}.txt"
    progress.print(f"generating {deals:,} Hold'em deals")
    generated = measure(pokerdb("generate", str(deals), "--seed", str(seed), "--game", "holdem",
                                "-o", str(file)))
    progress.print("Hold'em baseline: eval7 per hand")
    baseline_run = measure(python(str(HERE / "holdem_baseline.py"), str(file)))
    run = run_pokerdb(file, dbs.fresh("holdem"), repeat, one_pass=True, input_format="holdem")
    file.unlink()
    return HoldemRun(generated, baseline_run, run)


def import_only(deals: int, seed: int, workdir: Path, dbs: Databases) -> Measured:
    """Peak RSS of importing a file of `deals` deals into an empty database."""
    file = workdir / f"rss_{deals}.txt"
    generate(deals, seed, file)
    progress.print(f"pokerdb import of {deals:,} deals (peak RSS)")
    measured = measure(pokerdb("import", str(file), "--db", dbs.fresh(f"rss_{deals}"), "-q"))
    file.unlink()
    return measured


def read_deals(file: Path, subset: int) -> tuple[list[Deal], list[str]]:
    """The first `subset` deals as card texts, and every hand text (player 1's, then 2's)."""
    deals: list[Deal] = []
    ones, twos = [], []
    with open(file) as lines:
        for line in lines:
            cards = line.split()
            if len(deals) < subset:
                deals.append((cards[:5], cards[5:10]))
            ones.append(" ".join(cards[:5]))
            twos.append(" ".join(cards[5:10]))
    return deals, ones + twos


def holdem_kernels(options: Options) -> tuple[list[HoldemResult], bool | None]:
    progress.print(f"Hold'em kernel on {options.holdem_hands:,} random 7-card hands")
    return holdem_kernel.compare(options.holdem_hands, options.seed, options.repeat)


def kernels(file: Path, options: Options) -> list[KernelResult]:
    progress.print(f"evaluation kernels on {options.peer_deals:,} deals")
    deals, texts = read_deals(file, options.peer_deals)
    return compare(deals, texts, options.repeat)


# --- one run ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Results:
    options: Options
    backend: str
    server_version: str | None
    generated: Measured
    python_start: Measured
    cli_import: Measured
    baseline: Measured
    limit: Measured | None  # None on PostgreSQL
    main: PokerdbRun  # import, then evaluate: the steps separate
    one_pass: PokerdbRun
    rss_small: tuple[int, Measured]
    rss_large: tuple[int, Measured]
    kernels: list[KernelResult]
    holdem: HoldemRun
    holdem_kernels: list[HoldemResult]
    holdem_kernels_agree: bool | None  # every hand's category; None: eval7 is not installed
    ratios: list[postgres_ratio.Step]  # with --db: each step on SQLite and on PostgreSQL
    equity: equity_bench.EquityResults | None = None  # issue 13
    phh: phh_bench.PhhResults | None = None  # issue 12
    variants: phh_variants_bench.VariantResults | None = None  # issue 20


def collect(options: Options, workdir: Path, dbs: Databases) -> Results:
    file = workdir / f"deals_{options.deals}.txt"
    generated = generate(options.deals, options.seed, file)
    progress.print("interpreter start")
    python_start = median_of(python("-c", "pass"), PYTHON_START_RUNS)
    cli_import = median_of(python("-c", "import pokerdb.cli"), options.repeat)
    base = baseline(file)
    limit = storage_limit(file, workdir) if dbs.backend == "sqlite" else None
    main_run = run_pokerdb(file, dbs.fresh("main"), options.repeat)
    one_pass = run_pokerdb(file, dbs.fresh("one_pass"), options.repeat, one_pass=True)
    small = min(RSS_SMALL_DEALS, max(1, options.deals // 10))
    rss_small = small, import_only(small, options.seed + 1, workdir, dbs)
    rss_large = ((options.rss_large, import_only(options.rss_large, options.seed + 2, workdir,
                                                 dbs))
                 if options.rss_check else (options.deals, main_run.imported))
    holdem = run_holdem(options.deals, options.seed, workdir, dbs, options.repeat)
    if dbs.backend == "postgresql":
        phh_folder = phh_bench.written(workdir / "phh", options.phh_hands, options.seed, progress)
        ratios = postgres_ratio.side_by_side(file, options.deals, options.seed + 3, workdir, dbs,
                                             progress.print, phh_folder, options.phh_hands,
                                             options.ratio_runs)
    else:
        ratios = []
    progress.print("equity: pokerdb and an eval7 brute force on random deals")
    return Results(options, dbs.backend, dbs.server_version(), generated, python_start,
                   cli_import, base, limit, main_run, one_pass, rss_small, rss_large,
                   kernels(file, options), holdem, *holdem_kernels(options), ratios,
                   equity_bench.compare(options.seed),
                   phh_bench.compare(workdir / "phh", dbs.fresh("phh"), options.phh_hands,
                                     options.seed, progress),
                   phh_variants_bench.compare(workdir, dbs, options.phh_hands,
                                              options.ratio_runs, options.seed, progress))


# --- tables -------------------------------------------------------------------------------

def inner(measured: Measured) -> float:
    """The in-process seconds a helper script reports about itself."""
    return float(json.loads(measured.stdout)["seconds"])


def step_row(step: str, measured: Measured, deals: int | None, note: str = "") -> list[str]:
    rate = f"{deals / measured.wall:,.0f}" if deals else ""
    return [step, f"{measured.wall:.2f}", f"{measured.cpu:.2f}", f"{measured.max_rss_mib:.0f}",
            rate, note]


def helper_rows(r: Results) -> list[list[str]]:
    n = r.options.deals
    rows = [step_row("baseline.py (seed-style solver)", r.baseline, n,
                     f"in-process {inner(r.baseline):.2f} s")]
    if r.limit is None:
        return [*rows, ["storage_limit.py (raw sqlite3)", "", "", "", "",
                        "skipped: SQLite only"]]
    return [*rows, step_row("storage_limit.py (raw sqlite3)", r.limit, n,
                            f"in-process {inner(r.limit):.2f} s")]


def pokerdb_rows(r: Results) -> list[list[str]]:
    n = r.options.deals
    rows = [*run_rows(r.main, n, r.options.repeat), *run_rows(r.one_pass, n, r.options.repeat)]
    extra = (r.rss_small, r.rss_large) if r.options.rss_check else (r.rss_small,)
    return rows + [step_row(f"pokerdb import, {deals:,} deals", measured, deals, "for peak RSS")
                   for deals, measured in extra]


def holdem_rows(r: Results) -> list[list[str]]:
    n, run = r.options.deals, r.holdem.pokerdb
    return [step_row("Hold'em: pokerdb generate --game holdem", r.holdem.generated, n),
            step_row("Hold'em: holdem_baseline.py (eval7 per hand)", r.holdem.baseline, n,
                     f"in-process {inner(r.holdem.baseline):.2f} s"),
            step_row("Hold'em: pokerdb import --format holdem --evaluate", run.imported, n),
            step_row("Hold'em: pokerdb wins --format json", run.wins, None,
                     f"median of {r.options.repeat}"),
            ["Hold'em: import --evaluate + wins", f"{r.holdem.import_and_wins:.2f}", "", "",
             f"{n / r.holdem.import_and_wins:,.0f}", "sum"]]


def run_rows(run: PokerdbRun, deals: int, repeat: int) -> list[list[str]]:
    evaluate_note = "nothing left to evaluate" if run.one_pass else ""
    return [step_row(run.import_step, run.imported, deals),
            step_row("pokerdb evaluate", run.evaluated, deals, evaluate_note),
            step_row("pokerdb wins --format json", run.wins, None, f"median of {repeat}"),
            [f"{run.import_step} + evaluate + wins", f"{run.end_to_end:.2f}",
             f"{sum(step.cpu for step in run.steps):.2f}",
             f"{max(step.max_rss_mib for step in run.steps):.0f}",
             f"{deals / run.end_to_end:,.0f}", "sum"]]


def steps_table(r: Results) -> Table:
    rows = [step_row("python -c pass", r.python_start, None, f"median of {PYTHON_START_RUNS}"),
            step_row("python -c 'import pokerdb.cli'", r.cli_import, None,
                     f"median of {r.options.repeat}"),
            step_row("pokerdb generate", r.generated, r.options.deals),
            *helper_rows(r), *pokerdb_rows(r), *holdem_rows(r)]
    return Table(f"Whole processes, {r.options.deals:,} deals, {r.backend}",
                 ("step", "wall s", "CPU s", "peak RSS MiB", "deals/s", "note"), rows,
                 frozenset({1, 2, 3, 4}))


def fastest_peer(kernels: Sequence[KernelResult]) -> KernelResult | None:
    measured = [k for k in kernels if k.name != "pokerdb" and k.hands_per_second]
    return max(measured, key=lambda k: k.hands_per_second or 0.0, default=None)


def kernel_row(kernel: KernelResult, best_peer: float | None) -> list[str]:
    rate = kernel.hands_per_second
    if rate is None:
        return [kernel.name, kernel.call, f"{kernel.hands:,}", "", "", "", kernel.note]
    versus = f"{rate / best_peer:.2f}x" if best_peer else ""
    return [kernel.name, kernel.call, f"{kernel.hands:,}", f"{kernel.seconds:.3f}",
            f"{rate:,.0f}", versus, f"{kernel.player1:,}"]


def kernels_table(r: Results) -> Table:
    best = fastest_peer(r.kernels)
    best_rate = best.hands_per_second if best else None
    return Table(f"Evaluation kernels, in process (best of {r.options.repeat}; peers on the "
                 f"first {r.options.peer_deals:,} deals)",
                 ("kernel", "call", "hands", "s", "hands/s", "vs fastest peer", "player-1 wins"),
                 [kernel_row(k, best_rate) for k in r.kernels], frozenset({2, 3, 4, 5, 6}))


def holdem_rate(r: Results, call: str) -> float | None:
    return next((k.hands_per_second for k in r.holdem_kernels if k.call == call), None)


def holdem_row(kernel: HoldemResult, peer: float | None) -> list[str]:
    rate = kernel.hands_per_second
    if rate is None:
        return [kernel.name, kernel.call, f"{kernel.hands:,}", "", "", "", kernel.note]
    versus = f"{rate / peer:.2f}x" if peer else ""
    return [kernel.name, kernel.call, f"{kernel.hands:,}", f"{kernel.seconds:.3f}",
            f"{rate:,.0f}", versus, kernel.note]


def holdem_kernels_table(r: Results) -> Table:
    peer = holdem_rate(r, holdem_kernel.PEER)
    rows = [holdem_row(k, peer) for k in r.holdem_kernels]
    return Table(f"Hold'em kernel, in process (best of {r.options.repeat}; "
                 f"{r.options.holdem_hands:,} random 7-card hands)",
                 ("kernel", "call", "hands", "s", "hands/s", "vs eval7", "note"), rows,
                 frozenset({2, 3, 4, 5}))


def agreement(r: Results) -> tuple[Table, bool]:
    """Player 1's wins by every solver; whether they all agree."""
    baseline_answer = json.loads(r.baseline.stdout)
    everything = [k for k in r.kernels if k.name == "pokerdb" and k.player1 is not None
                  and k.hands == 2 * r.options.deals][:1]
    rows = [("baseline solver", baseline_answer["deals"], baseline_answer["player1"]),
            ("pokerdb wins", r.main.counts["deals"], r.main.counts["player1"]),
            ("pokerdb wins, one pass", r.one_pass.counts["deals"], r.one_pass.counts["player1"]),
            *(("pokerdb kernel", k.hands // 2, k.player1) for k in everything)]
    subset = {k.player1 for k in r.kernels if k.hands == 2 * r.options.peer_deals
              and k.player1 is not None}
    holdem_answer = json.loads(r.holdem.baseline.stdout)
    holdem_rows = [("Hold'em: eval7 script", holdem_answer["deals"], holdem_answer["player1"]),
                   ("Hold'em: pokerdb wins", r.holdem.pokerdb.counts["deals"],
                    r.holdem.pokerdb.counts["player1"])]
    agree = (len({row[2] for row in rows}) == 1 and len(subset) == 1
             and all(row[1] == r.options.deals for row in [*rows, *holdem_rows])
             and len({row[2] for row in holdem_rows}) == 1)
    rows += holdem_rows
    verdict = "agree" if agree else "DISAGREE"
    table = Table(f"Player-1 wins on all {r.options.deals:,} deals: {verdict}",
                  ("solver", "deals", "player-1 wins"),
                  [[name, f"{deals:,}", f"{wins:,}"] for name, deals, wins in rows],
                  frozenset({1, 2}))
    return table, agree


# --- targets ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    name: str
    goal: str
    measured: str
    passed: bool | None  # None: not measured in this run


def target_table(targets: Sequence[Target]) -> Table:
    status = {True: "PASS", False: "MISS", None: "n/a"}
    return Table("Targets", ("target", "goal", "measured", "result"),
                 [[t.name, t.goal, t.measured, status[t.passed]] for t in targets])


def end_to_end_target(r: Results, run: PokerdbRun) -> Target:
    ratio = run.end_to_end / r.baseline.wall
    return Target(f"{run.import_step} + evaluate + wins vs baseline solver", "<= 0.5x",
                  f"{ratio:.2f}x ({run.end_to_end:.2f} s vs {r.baseline.wall:.2f} s)",
                  ratio <= 0.5)


def import_target(r: Results) -> Target:
    name, goal = "pokerdb import vs raw executemany", "<= 1.5x"
    if r.limit is None:
        return Target(name, goal, "not measured on PostgreSQL", None)
    ratio = r.main.imported.wall / r.limit.wall
    return Target(name, goal, f"{ratio:.2f}x ({r.main.imported.wall:.2f} s vs "
                  f"{r.limit.wall:.2f} s)", ratio <= 1.5)


def evaluate_target(r: Results) -> Target:
    """Issue 3: the whole-table update pattern must not cost more than the import itself."""
    ratio = r.main.evaluated.wall / r.main.imported.wall
    return Target("pokerdb evaluate vs pokerdb import", "<= 1x",
                  f"{ratio:.2f}x ({r.main.evaluated.wall:.2f} s vs "
                  f"{r.main.imported.wall:.2f} s)", ratio <= 1)


def kernel_target(r: Results) -> Target:
    name, goal = "pokerdb kernel vs fastest peer (hands/s)", ">= 5x"
    best = fastest_peer(r.kernels)
    ours = {k.call: k.hands_per_second for k in r.kernels
            if k.name == "pokerdb" and k.hands == 2 * r.options.peer_deals}
    texts = ours.get(peers.POKERDB_TEXTS.call)
    arrays = ours.get(peers.POKERDB_ARRAYS.call)
    if best is None or not best.hands_per_second or texts is None or arrays is None:
        return Target(name, goal, "no peer installed (pip install '.[bench]')", None)
    # Judged like for like: every peer gets its cards already in its own type (converted
    # untimed), so pokerdb's counterpart is its kernel on parsed arrays; from text is shown too.
    ratio = arrays / best.hands_per_second
    return Target(name, goal, f"{ratio:.2f}x arrays, {texts / best.hands_per_second:.2f}x "
                  f"text ({best.name} {best.hands_per_second:,.0f}/s)", ratio >= 5)


def holdem_kernel_target(r: Results) -> Target:
    name, goal = "7-card kernel vs eval7 (hands/s)", ">= 20x"
    peer, ours = holdem_rate(r, holdem_kernel.PEER), holdem_rate(r, holdem_kernel.KERNEL)
    if peer is None or ours is None:
        return Target(name, goal, "eval7 not installed (pip install '.[bench]')", None)
    ratio = ours / peer
    return Target(name, goal, f"{ratio:.1f}x ({ours:,.0f}/s vs {peer:,.0f}/s)", ratio >= 20)


def wins_target(r: Results) -> Target:
    beyond = r.main.wins.wall - r.python_start.wall
    return Target(f"pokerdb wins on {r.options.deals:,} deals beyond interpreter start",
                  "< 0.2 s", f"{beyond:.2f} s ({r.main.wins.wall:.2f} s - "
                  f"{r.python_start.wall:.2f} s)", beyond < 0.2)


def rss_target(r: Results) -> Target:
    (small, low), (large, high) = r.rss_small, r.rss_large
    ratio = high.max_rss_kib / low.max_rss_kib
    measured = (f"{ratio:.2f}x ({high.max_rss_mib:.0f} MiB at {large:,} vs "
                f"{low.max_rss_mib:.0f} MiB at {small:,})")
    if not r.options.rss_check:
        measured += f"; --rss-check for {r.options.rss_large:,}"
    return Target("pokerdb import peak RSS, large file vs small", "<= 1.2x", measured,
                  ratio <= 1.2)


def holdem_targets(r: Results) -> list[Target]:
    """Issue 11: Hold'em import --evaluate then wins against the eval7 script, and against the
    same steps on as many PE54 deals."""
    ours, script = r.holdem.import_and_wins, r.holdem.baseline.wall
    pe54 = r.one_pass.imported.wall + r.one_pass.wins.wall
    return [Target("Hold'em import --evaluate + wins vs eval7 script", "<= 0.5x",
                   f"{ours / script:.2f}x ({ours:.2f} s vs {script:.2f} s)", ours / script <= 0.5),
            Target("Hold'em import --evaluate + wins vs the same on PE54", "<= 1.25x",
                   f"{ours / pe54:.2f}x ({ours:.2f} s vs {pe54:.2f} s)", ours / pe54 <= 1.25)]


def targets(r: Results) -> list[Target]:
    equity = [Target(*t) for t in equity_bench.targets(r.equity)] if r.equity else []
    return [end_to_end_target(r, r.main), end_to_end_target(r, r.one_pass), import_target(r),
            evaluate_target(r), kernel_target(r), holdem_kernel_target(r), wins_target(r),
            rss_target(r), *holdem_targets(r), *equity,
            *(Target(*target) for target in postgres_ratio.targets(r.ratios)),
            *(Target(*each) for each in (phh_bench.targets(r.phh) if r.phh else [])),
            *([Target(*phh_variants_bench.target(r.variants))] if r.variants else [])]


# --- main ---------------------------------------------------------------------------------

def header(r: Results) -> list[str]:
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return [f"pokerdb benchmark, {when}: {r.options.deals:,} deals (seed {r.options.seed}), "
            f"{r.backend}",
            f"Machine: {machine(r.server_version)}",
            f"Command: python benchmarks/run.py {' '.join(map(redact, sys.argv[1:]))}".rstrip()]


def redact(arg: str) -> str:
    """A database URL without its password."""
    return make_url(arg).render_as_string(hide_password=True) if "://" in arg else arg


def report(r: Results) -> int:
    answers, agree = agreement(r)
    tables = [steps_table(r), *([postgres_ratio.table(r.ratios)] if r.ratios else []),
              kernels_table(r), holdem_kernels_table(r), answers,
              *([Table("Exact equity, in process (one run each)", equity_bench.HEADINGS,
                       equity_bench.table_rows(r.equity), frozenset({2, 3, 4, 5}))]
                if r.equity else []),
              *([Table(phh_bench.title(r.phh), phh_bench.HEADINGS, phh_bench.table_rows(r.phh),
                       frozenset({1, 2, 3, 4, 5}))] if r.phh else []),
              *([Table(phh_variants_bench.title(r.variants), phh_variants_bench.HEADINGS,
                       phh_variants_bench.table_rows(r.variants),
                       frozenset({1, 2, 3, 4, 5, 6}))]
                if r.variants else []),
              target_table(targets(r))]
    console = Console()
    render_rich(console if console.is_terminal else Console(width=WIDTH), header(r), tables)
    if r.options.markdown is not None:
        r.options.markdown.write_text(render_markdown(header(r), tables))
    if not agree:
        progress.print("[bold red]the solvers disagree on player 1's wins[/]")
    if r.holdem_kernels_agree is False:
        progress.print("[bold red]the Hold'em kernels disagree on a hand's category[/]")
    if r.equity is not None and r.equity.agree is False:
        progress.print("[bold red]pokerdb's equities differ from eval7's brute force[/]")
    if r.phh is not None and r.phh.differing:
        progress.print("[bold red]pokerdb's nets differ from pokerkit's payoffs[/]")
    equity_agree = r.equity is None or r.equity.agree is not False
    phh_agree = r.phh is None or not r.phh.differing
    return 0 if agree and r.holdem_kernels_agree is not False and equity_agree and phh_agree else 1


def main(argv: Sequence[str] | None = None) -> int:
    options = parse_args(argv)
    workdir = Path(tempfile.mkdtemp(prefix="pokerdb-bench-", dir=options.workdir))
    try:
        dbs = Databases(workdir, options.db)
        try:
            results = collect(options, workdir, dbs)
        finally:
            dbs.drop_all()
    except (StepFailed, ValueError) as exc:
        progress.print(f"benchmark failed: {exc}", markup=False)
        return 2
    finally:
        if options.keep:
            progress.print(f"kept {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    return report(results)


if __name__ == "__main__":
    sys.exit(main())
