"""The benchmark suite: `python -m benchmarks --list`, `python -m benchmarks ROW [ROW...]
[--size N] [--db URL]`.

Each row measures pokerdb beside its peer (or its own reference) in one run and returns its
figures: pokerdb's, the peer's, the ratio, the goal and whether it is met. The run prints them
and writes them, with the machine (cores, load, Python, commit), to
benchmarks/results/YYYY-MM-DDTHHMM-ROWS.json. docs/benchmarks.md holds the current table.
"""

import argparse
import os
import shlex
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the rows import their peers flat

from result_tables import Table, render_rich
from rich.console import Console
from rows import ROWS
from scratch_databases import Databases
from sqlalchemy import make_url
from suite import RESULTS, Context, Row, RowResult, write_results

STATUS = {True: "met", False: "MISSED", None: "n/a"}


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("rows", nargs="*", metavar="ROW", help="rows to run ('all': every one "
                        "that runs without --db)")
    parser.add_argument("--list", action="store_true", help="list the rows and exit")
    parser.add_argument("--size", type=int, help="the rows' main count instead of each one's "
                        "documented size (deals, hands or files: see --list)")
    parser.add_argument("--db", help="a PostgreSQL server URL: the rows that need one run "
                        "there, in scratch databases created and dropped")
    parser.add_argument("--results", type=Path, default=RESULTS,
                        help="the folder the run's JSON file goes to")
    parser.add_argument("--workdir", type=Path, help="where the scratch folder goes")
    args = parser.parse_args(argv)
    if args.size is not None and args.size < 1:
        parser.error("--size must be at least 1")
    known = {row.name for row in ROWS}
    unknown = [name for name in args.rows if name not in known | {"all"}]
    if unknown:
        parser.error(f"no row {', '.join(unknown)} (python -m benchmarks --list)")
    if not args.list and not args.rows:
        parser.error("name a row (python -m benchmarks --list)")
    for row in ROWS:
        if row.name in args.rows and row.needs_db and args.db is None:
            parser.error(f"row {row.name} needs --db (a PostgreSQL server URL)")
    return args


def chosen(names: Sequence[str], db: str | None) -> list[Row]:
    if "all" in names:
        return [row for row in ROWS if not row.needs_db or db is not None]
    return [row for row in ROWS if row.name in names]


def listing() -> None:
    width = max(len(row.name) for row in ROWS)
    for row in ROWS:
        needs = " (needs --db)" if row.needs_db else ""
        print(f"{row.name:<{width}}  {row.size:>10,} {row.unit:<6} {row.compares}{needs}")


def redact(arg: str) -> str:
    """A database URL without its password."""
    return make_url(arg).render_as_string(hide_password=True) if "://" in arg else arg


def run_row(row: Row, size: int, workdir: Path, db: str | None, say: Console) -> RowResult:
    folder = workdir / row.name
    folder.mkdir()
    dbs = Databases(folder, db if row.needs_db else None)  # the other rows: SQLite
    try:
        return row.measure(Context(size, folder, dbs, lambda text: say.print(text,
                                                                             markup=False)))
    finally:
        dbs.drop_all()


def figures_table(runs: Sequence[tuple[Row, int, float, RowResult]]) -> Table:
    rows = [[row.name, figure.what, figure.measured, figure.goal, STATUS[figure.met]]
            for row, _size, _seconds, result in runs for figure in result.figures]
    return Table("Figures", ("row", "what", "measured", "goal", "met"), rows)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.list:
        listing()
        return 0
    started, load_at_start = datetime.now(UTC), os.getloadavg()
    say = Console(stderr=True, highlight=False)
    runs = []
    workdir = Path(tempfile.mkdtemp(prefix="pokerdb-bench-", dir=args.workdir))
    try:
        for row in chosen(args.rows, args.db):
            size = args.size or row.size
            say.print(f"{row.name}: {row.compares} ({size:,} {row.unit})", markup=False)
            began = time.perf_counter()
            result = run_row(row, size, workdir, args.db, say)
            runs.append((row, size, time.perf_counter() - began, result))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    console = Console() if Console().is_terminal else Console(width=130)
    render_rich(console, [table for *_, result in runs for table in result.tables])
    render_rich(console, [figures_table(runs)])
    command = shlex.join(["python", "-m", "benchmarks",
                          *map(redact, sys.argv[1:] if argv is None else argv)])
    path = write_results(args.results, started, command, args.db, runs, load_at_start)
    say.print(f"wrote {path}", markup=False)
    failed = [f"{row.name}: {result.failed}" for row, *_, result in runs if result.failed]
    for line in failed:
        say.print(line, markup=False)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
