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


@dataclass(frozen=True)
class Step:
    """One pokerdb command, run on each backend."""

    name: str
    deals: int
    sqlite: Measured
    postgresql: Measured

    @property
    def ratio(self) -> float:
        return self.postgresql.wall / self.sqlite.wall


def side_by_side(five_card: Path, deals: int, seed: int, workdir: Path, server: Databases,
                 say: Callable[[str], None], phh: Path | None = None,
                 phh_hands: int = 0) -> list[Step]:
    """import, evaluate and import --evaluate of `five_card` (`deals` PE54 deals) and of as
    many generated Hold'em deals, and the import of the folder `phh` of `phh_hands` hand
    histories (which settles and evaluates them), on SQLite and on `server`'s PostgreSQL."""
    sqlite = Databases(workdir)
    holdem = workdir / f"ratio_holdem_{deals}.txt"
    measure(python("-m", "pokerdb", "generate", str(deals), "--seed", str(seed), "--game",
                   "holdem", "-o", str(holdem)))
    steps = []
    try:
        for (label, input_format), file in zip(INPUTS, (five_card, holdem), strict=True):
            read = ["import", str(file), "--format", input_format]
            separate = [(dbs, dbs.fresh(f"ratio_{input_format}")) for dbs in (sqlite, server)]
            one_pass = [(dbs, dbs.fresh(f"ratio_{input_format}_one_pass"))
                        for dbs in (sqlite, server)]
            for name, args, databases in ((f"{label}import", read, separate),
                                          (f"{label}evaluate", ["evaluate"], separate),
                                          (f"{label}import --evaluate", [*read, "--evaluate"],
                                           one_pass)):
                say(f"pokerdb {name}, SQLite then PostgreSQL")
                sqlite_run, server_run = (measure(python("-m", "pokerdb", *args, "--db", db, "-q"))
                                          for _, db in databases)
                steps.append(Step(name, deals, sqlite_run, server_run))
    finally:
        holdem.unlink(missing_ok=True)
    if phh is not None:
        say("pokerdb import of hand histories, SQLite then PostgreSQL")
        sqlite_run, server_run = (
            measure(python("-m", "pokerdb", "import", str(phh), "--db", dbs.fresh("ratio_phh"),
                           "-q")) for dbs in (sqlite, server))
        steps.append(Step("PHH: import (settled, evaluated)", phh_hands, sqlite_run,
                          server_run))
    return steps


def table(steps: Sequence[Step]) -> Table:
    rows = [[step.name, f"{step.sqlite.wall:.2f}", f"{step.postgresql.wall:.2f}",
             f"{step.ratio:.2f}x", f"{step.deals / step.postgresql.wall:,.0f}",
             f"{step.sqlite.max_rss_mib:.0f}", f"{step.postgresql.max_rss_mib:.0f}"]
            for step in steps]
    return Table(f"PostgreSQL against SQLite, side by side, {steps[0].deals:,} deals",
                 ("pokerdb step", "SQLite s", "PostgreSQL s", "ratio", "PostgreSQL deals/s",
                  "SQLite peak RSS MiB", "PostgreSQL peak RSS MiB"),
                 rows, frozenset(range(1, 7)))


def targets(steps: Sequence[Step]) -> list[tuple[str, str, str, bool]]:
    """(name, goal, measured, passed) of each step."""
    return [(f"PostgreSQL {step.name} vs SQLite", f"<= {GOAL}x",
             f"{step.ratio:.2f}x ({step.postgresql.wall:.2f} s vs {step.sqlite.wall:.2f} s)",
             step.ratio <= GOAL) for step in steps]
