"""Two checkouts of pokerdb side by side: `python benchmarks/checkouts.py OLD [NEW] [--deals N]
[--runs N] [--db URL]`.

A change that should not change speed (moving code between modules, say) is timed against the
tree before it: one generated file, and for each run `pokerdb import`, `evaluate`, `wins` and
`import --evaluate` as whole processes, on fresh databases, under OLD and then NEW (PYTHONPATH
set to each checkout, this interpreter and its packages for both), the order swapped every
run and every step run for both before the next, so that both meet the same load on a shared
machine. Prints the median wall and CPU seconds of each and NEW's over OLD's. Make OLD with
`git worktree add /tmp/old-pokerdb COMMIT`.
"""

import argparse
import os
import statistics
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from procs import Measured, measure, python
from result_tables import Table, render_rich
from rich.console import Console
from scratch_databases import Databases

HERE = Path(__file__).resolve().parent
STEPS = ("import", "evaluate", "wins", "import --evaluate")
WIDTH = 130  # of the table when not on a terminal


@contextmanager
def checkout(tree: Path) -> Iterator[None]:
    """Child processes import pokerdb from `tree`."""
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = str(tree)
    try:
        yield
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before


def pokerdb(tree: Path, *args: str) -> Measured:
    with checkout(tree):
        return measure(python("-m", "pokerdb", *args))


def compare(trees: dict[str, Path], deals_file: Path, runs: int,
            databases: Databases) -> dict[tuple[str, str], list[Measured]]:
    """Each step's measurements by (step, checkout)."""
    measured: dict[tuple[str, str], list[Measured]] = {}
    for run in range(runs):
        order = list(trees) if run % 2 == 0 else list(reversed(trees))
        dbs = {name: databases.fresh(f"{name}_{run}") for name in order}
        steps = {"import": ("import", str(deals_file), "--quiet"),
                 "evaluate": ("evaluate", "--quiet"), "wins": ("wins", "--format", "json")}
        for step, args in steps.items():
            for name in order:
                measured.setdefault((step, name), []).append(
                    pokerdb(trees[name], *args, "--db", dbs[name]))
        dbs = {name: databases.fresh(f"{name}_{run}_one_pass") for name in order}
        for name in order:
            measured.setdefault(("import --evaluate", name), []).append(pokerdb(
                trees[name], "import", str(deals_file), "--evaluate", "--quiet", "--db", dbs[name]))
        databases.drop_all()
    return measured


def table(measured: dict[tuple[str, str], list[Measured]], runs: int) -> Table:
    rows = []
    for step in STEPS:
        old, new = measured[(step, "old")], measured[(step, "new")]
        old_wall, new_wall = (statistics.median(m.wall for m in ms) for ms in (old, new))
        old_cpu, new_cpu = (statistics.median(m.cpu for m in ms) for ms in (old, new))
        rows.append([f"pokerdb {step}", f"{old_wall:.2f}", f"{new_wall:.2f}",
                     f"{new_wall / old_wall:.3f}", f"{old_cpu:.2f}", f"{new_cpu:.2f}",
                     f"{new_cpu / old_cpu:.3f}",
                     " ".join(f"{m.wall:.2f}" for m in new)])
    return Table(f"medians of {runs} runs, seconds", ("step", "old wall", "new wall", "new/old",
                                                      "old CPU", "new CPU", "new/old",
                                                      "new walls"), rows,
                 right=frozenset(range(1, 7)))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="the checkout to compare against")
    parser.add_argument("new", type=Path, nargs="?", default=HERE.parent,
                        help="the checkout under test (default: this one)")
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--db", help="a PostgreSQL server URL: scratch databases there "
                                     "instead of SQLite files")
    options = parser.parse_args(argv)
    trees = {"old": options.old.resolve(), "new": options.new.resolve()}
    with tempfile.TemporaryDirectory() as workdir:
        deals_file = Path(workdir) / "deals.txt"
        pokerdb(trees["new"], "generate", str(options.deals), "--seed", str(options.seed),
                "--output", str(deals_file), "--quiet")
        databases = Databases(Path(workdir), options.db)
        try:
            measured = compare(trees, deals_file, options.runs, databases)
        finally:
            databases.drop_all()
    console = Console()
    if not console.is_terminal:
        console = Console(width=WIDTH)
    render_rich(console, [f"old: {trees['old']}", f"new: {trees['new']}",
                          f"{options.deals:,} deals, {databases.backend}"],
                [table(measured, options.runs)])


if __name__ == "__main__":
    main()
