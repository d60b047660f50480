"""The Parquet export at scale (issue 22): `pokerdb export --format parquet` of a large SQLite
database as a whole process (procs.measure: wall, CPU, peak RSS), to show that its memory
stays flat however many hands there are.

`python benchmarks/parquet_bench.py --source SMALL.db --copies K [--keep BIG.db]` builds the
large database from an imported one (a few thousand recorded hands: `pokerdb import`), its
hands copied K times under new deal ids by SQL alone (INSERT ... SELECT, no Python per row),
so 10,000 hands copied 1,000 times stand for 10,000,000; then exports it and prints each
file's rows and size, and the export's wall time, CPU time and peak RSS. `--db BIG.db` exports
a database already built.
"""

import argparse
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from procs import measure, python

from pokerdb.storage.schema import metadata

# The tables keyed by deal: copied with their deal ids moved on.
BY_DEAL = ("hand_cards", "hand_values", "hand_equities", "hand_labels", "seats", "actions",
           "seat_stats")


def build(source: Path, copies: int, target: Path) -> int:
    """The source's deals and everything keyed by them, `copies` times; returns the deals."""
    target.unlink(missing_ok=True)
    target.write_bytes(source.read_bytes())
    connection = sqlite3.connect(target)
    try:
        connection.execute("PRAGMA journal_mode = OFF")
        connection.execute("PRAGMA synchronous = OFF")
        low, high = connection.execute("SELECT min(id), max(id) FROM deals").fetchone()
        span = high - low + 1
        deal_columns = [column.name for column in metadata.tables["deals"].c]
        for copy in range(1, copies):
            offset = copy * span
            moved = ", ".join(f"id + {offset}" if name == "id" else
                              f"line_no + {offset}" if name == "line_no" else name
                              for name in deal_columns)
            connection.execute(f"INSERT INTO deals ({', '.join(deal_columns)}) "
                               f"SELECT {moved} FROM deals WHERE id <= {high}")
            for table in BY_DEAL:
                columns = [column.name for column in metadata.tables[table].c]
                values = ", ".join(f"deal_id + {offset}" if name == "deal_id" else name
                                   for name in columns)
                connection.execute(f"INSERT INTO {table} ({', '.join(columns)}) "
                                   f"SELECT {values} FROM {table} WHERE deal_id <= {high}")
            connection.commit()
        count: int = connection.execute("SELECT count(*) FROM deals").fetchone()[0]
        connection.execute("UPDATE datasets SET deals = (SELECT count(*) FROM deals "
                           "WHERE dataset_id = datasets.id)")
        connection.commit()
        return count
    finally:
        connection.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, help="an imported SQLite database to copy")
    parser.add_argument("--copies", type=int, default=1000)
    parser.add_argument("--keep", type=Path, help="where to build the large database (kept)")
    parser.add_argument("--db", type=Path, help="a large database already built")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="parquet-bench-") as scratch:
        db = args.db
        if db is None:
            if args.source is None:
                parser.error("give --source (and --copies) or --db")
            db = args.keep or Path(scratch) / "big.db"
            start = time.perf_counter()
            deals = build(args.source, args.copies, db)
            print(f"built {db}: {deals:,} deals in {time.perf_counter() - start:.0f} s "
                  f"({db.stat().st_size / 2**30:.1f} GiB)", flush=True)
        out = Path(scratch) / "export"
        measured = measure(python("-m", "pokerdb", "export", "--format", "parquet", "-o",
                                  str(out), "--db", str(db)))
        print(measured.stdout, end="")
        size = sum(path.stat().st_size for path in out.iterdir())
        print(f"export: {measured.wall:.0f} s wall, {measured.cpu:.0f} s CPU, "
              f"{measured.max_rss_mib:.0f} MiB peak RSS; {size / 2**30:.2f} GiB of Parquet",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
