"""The Parquet export at scale (issue 22): the row `parquet` of `python -m benchmarks`.

`pokerdb export --format parquet` as a whole process (procs.measure: wall, CPU, peak RSS) of a
SQLite database holding its size in hands and of one holding a tenth of them: SOURCE_HANDS
recorded hands (player_stats_bench.write_hands, imported) copied under new deal ids by SQL
alone (INSERT ... SELECT, no Python per row). The peak RSS of the two exports shows whether memory
stays flat however many hands there are (no goal is set: the figures).
"""

import sqlite3
from pathlib import Path

from player_stats_bench import write_hands
from procs import Measured, measure, python
from result_tables import Table
from suite import Context, Figure, RowResult

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


SOURCE_HANDS = 2_000


def export(ctx: Context, db: Path, label: str) -> tuple[Measured, int]:
    out = ctx.workdir / f"export-{label}"
    ctx.say(f"pokerdb export --format parquet, {label}")
    measured = measure(python("-m", "pokerdb", "export", "--format", "parquet", "-o", str(out),
                              "--db", str(db)))
    return measured, sum(path.stat().st_size for path in out.iterdir())


def row(ctx: Context) -> RowResult:
    source_hands = min(SOURCE_HANDS, ctx.size)
    write_hands(ctx.workdir / "hands", source_hands, 200, 22)
    source = ctx.workdir / "source.sqlite"
    measure(python("-m", "pokerdb", "import", str(ctx.workdir / "hands"), "-q", "--db",
                   str(source)))
    copies = max(1, ctx.size // source_hands)
    ctx.say(f"copying {source_hands:,} hands to a tenth of {ctx.size:,} and to {ctx.size:,}")
    tenth = build(source, max(1, copies // 10), ctx.workdir / "tenth.sqlite")
    deals = build(source, copies, ctx.workdir / "big.sqlite")
    small, small_bytes = export(ctx, ctx.workdir / "tenth.sqlite", "a tenth")
    large, large_bytes = export(ctx, ctx.workdir / "big.sqlite", "all")
    ratio = large.max_rss_mib / small.max_rss_mib
    rows = [[f"{count:,} deals", f"{run.wall:.1f}", f"{run.cpu:.1f}", f"{run.max_rss_mib:.0f}",
             f"{size / 2**20:.1f}"]
            for count, run, size in ((tenth, small, small_bytes), (deals, large, large_bytes))]
    figure = Figure(f"export peak RSS, {deals:,} deals vs {tenth:,}", "",
                    f"{ratio:.2f}x ({large.max_rss_mib:.0f} vs {small.max_rss_mib:.0f} MiB)",
                    None, large.max_rss_mib, small.max_rss_mib, ratio, "MiB")
    return RowResult([figure], [Table("pokerdb export --format parquet", (
        "database", "wall s", "CPU s", "peak RSS MiB", "Parquet MiB"), rows,
        frozenset({1, 2, 3, 4}))])
