"""How pokerdb scales on PostgreSQL (issue 15): import, evaluate and import --evaluate of one
large generated file, each into a scratch database, with the rows written per second, the
client's CPU and peak RSS, and the tables' size on disk.

    python benchmarks/postgres_scale.py --db postgresql+psycopg://user:pw@host/db --deals 20000000
"""

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from procs import Measured, measure, python
from result_tables import Table, render_markdown
from scratch_databases import Databases
from sqlalchemy import create_engine, text

ROWS_PER_DEAL = {"import": 3, "evaluate": 3, "import --evaluate": 6}  # two hands a deal
TABLES = ("deals", "hand_cards", "hand_values")


def sizes(url: str) -> dict[str, int]:
    """Bytes on disk of each deal table (indexes included) and of the whole database."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            found = {table: int(connection.scalar(text(
                f"SELECT pg_total_relation_size('{table}')")) or 0) for table in TABLES}
            found["database"] = int(connection.scalar(text(
                "SELECT pg_database_size(current_database())")) or 0)
            return found
    finally:
        engine.dispose()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="PostgreSQL server URL (scratch databases)")
    parser.add_argument("--deals", type=int, default=20_000_000)
    parser.add_argument("--seed", type=int, default=54)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        file = work / "deals.txt"
        print(f"generating {args.deals:,} deals", file=sys.stderr)
        measure(python("-m", "pokerdb", "generate", str(args.deals), "--seed", str(args.seed),
                       "-o", str(file)))
        server = Databases(work, args.db)
        try:
            steps = {name: server.fresh(label) for name, label in (
                ("separate", "scale_separate"), ("one pass", "scale_one_pass"))}
            runs: list[tuple[str, Measured]] = []
            for name, argv_, db in (
                    ("import", ["import", str(file)], steps["separate"]),
                    ("evaluate", ["evaluate"], steps["separate"]),
                    ("import --evaluate", ["import", str(file), "--evaluate"],
                     steps["one pass"])):
                print(f"pokerdb {name}", file=sys.stderr)
                runs.append((name, measure(python("-m", "pokerdb", *argv_, "--db", db, "-q"))))
            on_disk = {name: sizes(db) for name, db in steps.items()}
        finally:
            server.drop_all()
    rows = [[name, f"{run.wall:.1f}", f"{args.deals / run.wall:,.0f}",
             f"{ROWS_PER_DEAL[name] * args.deals / run.wall:,.0f}", f"{run.cpu:.1f}",
             f"{run.max_rss_mib:.0f}"] for name, run in runs]
    gib = 1 << 30
    print(render_markdown([], [
        Table(f"{args.deals:,} deals on PostgreSQL",
              ("step", "wall s", "deals/s", "rows/s", "client CPU s", "client peak RSS MiB"),
              rows, frozenset(range(1, 6))),
        Table("On disk (indexes included), GiB", ("after", *TABLES, "database"),
              [[name, *(f"{found[table] / gib:.2f}" for table in (*TABLES, "database"))]
               for name, found in (("import, then evaluate", on_disk["separate"]),
                                   ("import --evaluate", on_disk["one pass"]))],
              frozenset(range(1, 5)))]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
