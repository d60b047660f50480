"""PostgreSQL against SQLite in one run (issue 15): the same pokerdb steps on the same files,
each run on a fresh SQLite file and right after on a scratch PostgreSQL database, so that both
meet the same load on a shared machine. Each PostgreSQL step should take at most 1.5x its
SQLite time: five-card deals (PE54) and Hold'em deals, the steps separate (import, then
evaluate) and in one pass (import --evaluate).
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from procs import Measured, measure, python
from result_tables import Table
from scratch_databases import Databases

GOAL = 1.5  # PostgreSQL's wall time over SQLite's, at most
INPUTS = (("", "pe54"), ("Hold'em: ", "holdem"))
# Shown but not a target: issue 15's import is the first file's, which builds its keys after
# its rows; a second file adds each row to them.
SECOND_IMPORT = "import of a second file (keys kept)"


@dataclass(frozen=True)
class Step:
    """One pokerdb command, run on each backend: the run (a SQLite run and the PostgreSQL run
    right after it) whose ratio is the median of all runs, and every run's ratio."""

    name: str
    deals: int
    sqlite: Measured
    postgresql: Measured
    ratios: tuple[float, ...]

    @property
    def ratio(self) -> float:
        return self.postgresql.wall / self.sqlite.wall

    @property
    def spread(self) -> str:
        return (f"{min(self.ratios):.2f}-{max(self.ratios):.2f}x"
                if len(self.ratios) > 1 else "")


Pair = tuple[str, int, Measured, Measured]  # a step's name, deals, SQLite run, PostgreSQL run


def side_by_side(five_card: Path, deals: int, seed: int, workdir: Path, server: Databases,
                 say: Callable[[str], None], phh: Path | None = None, phh_hands: int = 0,
                 runs: int = 1) -> list[Step]:
    """import, evaluate and import --evaluate of `five_card` (`deals` PE54 deals) and of as
    many generated Hold'em deals, and the import of the folder `phh` of `phh_hands` hand
    histories (which settles and evaluates them), on SQLite and on `server`'s PostgreSQL,
    each step on fresh databases `runs` times; each step's median ratio."""
    holdem, second = (workdir / f"ratio_{name}_{deals}.txt" for name in ("holdem", "second"))
    measure(python("-m", "pokerdb", "generate", str(deals), "--seed", str(seed), "--game",
                   "holdem", "-o", str(holdem)))
    measure(python("-m", "pokerdb", "generate", str(deals), "--seed", str(seed + 1), "-o",
                   str(second)))
    try:
        done = [_all_steps((five_card, holdem, second), deals, workdir, server, say, phh,
                           phh_hands) for _ in range(runs)]
    finally:
        holdem.unlink(missing_ok=True)
        second.unlink(missing_ok=True)
    steps = []
    for pairs in zip(*done, strict=True):
        ranked = sorted(pairs, key=lambda pair: pair[3].wall / pair[2].wall)
        name, count, sqlite_run, server_run = ranked[len(ranked) // 2]
        steps.append(Step(name, count, sqlite_run, server_run,
                          tuple(pair[3].wall / pair[2].wall for pair in pairs)))
    return steps


def _all_steps(files: tuple[Path, Path, Path], deals: int, workdir: Path, server: Databases,
               say: Callable[[str], None], phh: Path | None, phh_hands: int) -> list[Pair]:
    """One run of every step, each on SQLite then at once on PostgreSQL, so that both meet the
    same load. `files`: PE54 deals, Hold'em deals, and other PE54 deals for a second import."""
    sqlite = Databases(workdir)
    pairs = []
    for (label, input_format), file in zip(INPUTS, files, strict=False):
        read = ["import", str(file), "--format", input_format]
        separate = [dbs.fresh(f"ratio_{input_format}") for dbs in (sqlite, server)]
        one_pass = [dbs.fresh(f"ratio_{input_format}_one_pass") for dbs in (sqlite, server)]
        second = ([(SECOND_IMPORT, ["import", str(files[2])], separate)] if not label else [])
        for name, args, databases in ((f"{label}import", read, separate),
                                      (f"{label}evaluate", ["evaluate"], separate),
                                      *second,
                                      (f"{label}import --evaluate", [*read, "--evaluate"],
                                       one_pass)):
            say(f"pokerdb {name}, SQLite then PostgreSQL")
            sqlite_run, server_run = (measure(python("-m", "pokerdb", *args, "--db", db, "-q"))
                                      for db in databases)
            pairs.append((name, deals, sqlite_run, server_run))
    if phh is not None:
        say("pokerdb import of hand histories, SQLite then PostgreSQL")
        sqlite_run, server_run = (
            measure(python("-m", "pokerdb", "import", str(phh), "--db", dbs.fresh("ratio_phh"),
                           "-q")) for dbs in (sqlite, server))
        pairs.append(("PHH: import (settled, evaluated)", phh_hands, sqlite_run, server_run))
    return pairs


def table(steps: Sequence[Step]) -> Table:
    rows = [[step.name, f"{step.sqlite.wall:.2f}", f"{step.postgresql.wall:.2f}",
             f"{step.ratio:.2f}x", step.spread, f"{step.deals / step.postgresql.wall:,.0f}",
             f"{step.sqlite.max_rss_mib:.0f}", f"{step.postgresql.max_rss_mib:.0f}"]
            for step in steps]
    runs = len(steps[0].ratios)
    return Table(f"PostgreSQL against SQLite, side by side, {steps[0].deals:,} deals"
                 + (f" (median ratio of {runs} runs, and that run's times)" if runs > 1 else ""),
                 ("pokerdb step", "SQLite s", "PostgreSQL s", "ratio", "ratios of all runs",
                  "PostgreSQL deals/s", "SQLite peak RSS MiB", "PostgreSQL peak RSS MiB"),
                 rows, frozenset(range(1, 8)))


def targets(steps: Sequence[Step]) -> list[tuple[str, str, str, bool]]:
    """(name, goal, measured, passed) of each step."""
    return [(f"PostgreSQL {step.name} vs SQLite", f"<= {GOAL}x",
             f"{step.ratio:.2f}x ({step.postgresql.wall:.2f} s vs {step.sqlite.wall:.2f} s)",
             step.ratio <= GOAL) for step in steps if step.name != SECOND_IMPORT]
