"""Rows of generated deals (PE54 five-card, heads-up Hold'em), every step a whole process
(procs.measure: wall, CPU, peak RSS), side by side with plain scripts that store nothing:

- pe54: `pokerdb import`, `evaluate` and `wins`, the steps separate and in one pass (import
  --evaluate), against baseline.py (a typical Project Euler 54 answer: Counter and sorted
  tuples) and storage_limit.py (the same rows written with raw sqlite3 executemany);
- holdem: import --evaluate and wins of Hold'em deals against holdem_baseline.py (eval7 per
  hand), and against the same steps on as many PE54 deals;
- rss: the peak RSS of importing a large file against a small one.

Every solver must count the same player-1 wins, or the row fails.
"""

import json
from dataclasses import dataclass
from pathlib import Path

from procs import Measured, measure, median_of, python
from result_tables import Table
from suite import Context, Figure, RowResult, ratio_figure

from pokerdb.storage.engines import open_engine

HERE = Path(__file__).resolve().parent
PYTHON_START_RUNS = 5
REPEAT = 3  # runs of wins (median)
RSS_SMALL_DEALS = 100_000
HEADINGS = ("step", "wall s", "CPU s", "peak RSS MiB", "deals/s", "note")


def pokerdb(*args: str) -> list[str]:
    return python("-m", "pokerdb", *args)


def generate(ctx: Context, deals: int, name: str, *game: str) -> Path:
    path = ctx.workdir / f"{name}.txt"
    ctx.say(f"generating {deals:,} deals {' '.join(game)}".rstrip())
    measure(pokerdb("generate", str(deals), "--seed", str(ctx.seed), *game, "-o", str(path)))
    return path


@dataclass(frozen=True)
class PokerdbRun:
    one_pass: bool  # import --evaluate, so that evaluate finds nothing left
    imported: Measured
    evaluated: Measured
    wins: Measured  # the median of REPEAT runs
    counts: dict[str, int]

    @property
    def import_step(self) -> str:
        return "pokerdb import --evaluate" if self.one_pass else "pokerdb import"

    @property
    def end_to_end(self) -> float:
        return self.imported.wall + self.evaluated.wall + self.wins.wall


def run_pokerdb(ctx: Context, file: Path, label: str, one_pass: bool = False,
                input_format: str = "pe54") -> PokerdbRun:
    db = ctx.dbs.fresh(label)
    flags = [*(["--evaluate"] if one_pass else []), "--format", input_format]
    ctx.say(" ".join(["pokerdb import", *flags, "then evaluate, wins"]))
    imported = measure(pokerdb("import", str(file), *flags, "--db", db, "-q"))
    evaluated = measure(pokerdb("evaluate", "--db", db, "-q"))
    wins = median_of(pokerdb("wins", "--db", db, "--format", "json"), REPEAT)
    return PokerdbRun(one_pass, imported, evaluated, wins, json.loads(wins.stdout))


def inner(measured: Measured) -> float:
    """The in-process seconds a helper script reports about itself."""
    return float(json.loads(measured.stdout)["seconds"])


def step_row(step: str, measured: Measured, deals: int | None, note: str = "") -> list[str]:
    rate = f"{deals / measured.wall:,.0f}" if deals else ""
    return [step, f"{measured.wall:.2f}", f"{measured.cpu:.2f}", f"{measured.max_rss_mib:.0f}",
            rate, note]


def run_rows(run: PokerdbRun, deals: int) -> list[list[str]]:
    return [step_row(run.import_step, run.imported, deals),
            step_row("pokerdb evaluate", run.evaluated, deals,
                     "nothing left to evaluate" if run.one_pass else ""),
            step_row("pokerdb wins --format json", run.wins, None, f"median of {REPEAT}"),
            [f"{run.import_step} + evaluate + wins", f"{run.end_to_end:.2f}", "", "",
             f"{deals / run.end_to_end:,.0f}", "sum"]]


def disagreement(answers: list[tuple[str, dict[str, int]]], deals: int) -> str | None:
    """None if every solver counted `deals` deals and the same player-1 wins."""
    if len({answer["player1"] for _, answer in answers}) == 1 and all(
            answer["deals"] == deals for _, answer in answers):
        return None
    return "player-1 wins differ: " + ", ".join(f"{name} {answer['player1']:,} of "
                                                f"{answer['deals']:,}" for name, answer in answers)


def pe54(ctx: Context) -> RowResult:
    """pokerdb's steps against the seed-style solver and raw executemany."""
    n = ctx.size
    file = generate(ctx, n, "pe54")
    python_start = median_of(python("-c", "pass"), PYTHON_START_RUNS)
    ctx.say("baseline.py, then storage_limit.py")
    base = measure(python(str(HERE / "baseline.py"), str(file)))
    limit_db = ctx.workdir / "storage_limit.sqlite"
    open_engine(str(limit_db)).dispose()  # pokerdb's schema, for the raw inserts
    limit = measure(python(str(HERE / "storage_limit.py"), str(file), str(limit_db)))
    steps = run_pokerdb(ctx, file, "steps")
    one_pass = run_pokerdb(ctx, file, "one_pass", one_pass=True)
    beyond = steps.wins.wall - python_start.wall
    figures = [
        ratio_figure("import + evaluate + wins (steps separate) vs baseline solver",
                     steps.end_to_end, base.wall, at_most=0.5),
        ratio_figure("import --evaluate + evaluate + wins vs baseline solver",
                     one_pass.end_to_end, base.wall, at_most=0.5),
        ratio_figure("import vs raw sqlite3 executemany", steps.imported.wall, limit.wall,
                     at_most=1.5),
        ratio_figure("evaluate vs import", steps.evaluated.wall, steps.imported.wall,
                     at_most=1),
        Figure("wins, beyond starting Python", "< 0.2 s", f"{beyond:.2f} s ("
               f"{steps.wins.wall:.2f} s - {python_start.wall:.2f} s)", beyond < 0.2,
               steps.wins.wall, python_start.wall),
        Figure("import --evaluate, one pass", "", f"{one_pass.imported.wall:.2f} s, "
               f"{n / one_pass.imported.wall:,.0f} deals/s", None, one_pass.imported.wall)]
    rows = [step_row("python -c pass", python_start, None, f"median of {PYTHON_START_RUNS}"),
            step_row("baseline.py (seed-style solver)", base, n, f"in-process {inner(base):.2f} s"),
            step_row("storage_limit.py (raw sqlite3)", limit, n,
                     f"in-process {inner(limit):.2f} s"),
            *run_rows(steps, n), *run_rows(one_pass, n)]
    failed = disagreement([("baseline", json.loads(base.stdout)), ("wins", steps.counts),
                           ("wins, one pass", one_pass.counts)], n)
    return RowResult(figures, [Table(f"PE54: {n:,} deals, whole processes", HEADINGS, rows,
                                     frozenset({1, 2, 3, 4}))], failed)


def holdem(ctx: Context) -> RowResult:
    """Hold'em import --evaluate + wins against an eval7 script, and against PE54's."""
    n = ctx.size
    file = generate(ctx, n, "holdem", "--game", "holdem")
    ctx.say("holdem_baseline.py: eval7 per hand")
    script = measure(python(str(HERE / "holdem_baseline.py"), str(file)))
    run = run_pokerdb(ctx, file, "holdem", one_pass=True, input_format="holdem")
    five_card = run_pokerdb(ctx, generate(ctx, n, "pe54"), "pe54", one_pass=True)
    ours = run.imported.wall + run.wins.wall
    pe54_steps = five_card.imported.wall + five_card.wins.wall
    figures = [ratio_figure("Hold'em import --evaluate + wins vs eval7 script", ours,
                            script.wall, at_most=0.5),
               ratio_figure("Hold'em import --evaluate + wins vs the same on PE54", ours,
                            pe54_steps, at_most=1.25)]
    rows = [step_row("holdem_baseline.py (eval7 per hand)", script, n,
                     f"in-process {inner(script):.2f} s"),
            *run_rows(run, n)[:3], *run_rows(five_card, n)[:3]]
    failed = disagreement([("eval7 script", json.loads(script.stdout)),
                           ("pokerdb wins", run.counts)], n)
    return RowResult(figures, [Table(f"Hold'em: {n:,} heads-up deals, whole processes",
                                     HEADINGS, rows, frozenset({1, 2, 3, 4}))], failed)


def rss(ctx: Context) -> RowResult:
    """Peak RSS of importing `size` deals against a tenth of them (at most 100,000)."""
    sizes = (min(RSS_SMALL_DEALS, max(1, ctx.size // 10)), ctx.size)
    runs = []
    for deals in sizes:
        file = generate(ctx, deals, f"rss_{deals}")
        ctx.say(f"pokerdb import of {deals:,} deals (peak RSS)")
        runs.append(measure(pokerdb("import", str(file), "--db", ctx.dbs.fresh(f"rss_{deals}"),
                                    "-q")))
        file.unlink()
    small, large = runs
    ratio = large.max_rss_kib / small.max_rss_kib
    figure = Figure("import peak RSS, large file vs small", "<= 1.2x",
                    f"{ratio:.2f}x ({large.max_rss_mib:.0f} MiB at {sizes[1]:,} vs "
                    f"{small.max_rss_mib:.0f} MiB at {sizes[0]:,})", ratio <= 1.2,
                    large.max_rss_mib, small.max_rss_mib, ratio, "MiB")
    rows = [step_row(f"pokerdb import, {deals:,} deals", measured, deals)
            for deals, measured in zip(sizes, runs, strict=True)]
    return RowResult([figure], [Table("Import peak RSS", HEADINGS, rows,
                                      frozenset({1, 2, 3, 4}))])
