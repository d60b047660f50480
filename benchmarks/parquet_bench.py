"""The Parquet export at scale (issue 22): the row `parquet` of `python -m benchmarks`.

`pokerdb export --format parquet` as a whole process (procs.measure: wall, CPU, peak RSS) of a
SQLite database holding its size in hands and of one holding a tenth of them: SOURCE_HANDS
recorded hands (player_stats_bench.write_hands, imported) copied under new deal ids by SQL
alone (INSERT ... SELECT, no Python per row). The peak RSS of the two exports shows whether memory
stays flat however many hands there are (no goal is set: the figures); the export's hands a
second (of the whole process), and DuckDB's time for the player statistics
(pokerdb/exports/sql/player_stats.sql) on the large export's files, beside `pokerdb players` on
the database.
"""

import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING

from player_stats_bench import write_hands
from procs import Measured, StepFailed, measure, python
from result_tables import Table
from suite import Context, Figure, RowResult

from pokerdb import exports
from pokerdb.storage.schema import metadata

if TYPE_CHECKING:
    import duckdb

# The tables keyed by deal: copied with their deal ids moved on.
BY_DEAL = ("hand_cards", "hand_values", "hand_equities", "hand_labels", "seats",
           "hand_actions")


def stored_columns(table: str) -> list[str]:
    """The table's stored columns: those an INSERT names (not the generated ones)."""
    return [column.name for column in metadata.tables[table].c if column.computed is None]


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
        deal_columns = stored_columns("deals")
        for copy in range(1, copies):
            offset = copy * span
            moved = ", ".join(f"id + {offset}" if name == "id" else
                              f"line_no + {offset}" if name == "line_no" else name
                              for name in deal_columns)
            connection.execute(f"INSERT INTO deals ({', '.join(deal_columns)}) "
                               f"SELECT {moved} FROM deals WHERE id <= {high}")
            for table in BY_DEAL:
                columns = stored_columns(table)
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
    return measured, sum(path.stat().st_size for path in out.rglob("*.parquet"))


def duckdb_relations(out: Path) -> "duckdb.DuckDBPyConnection":
    """A DuckDB connection with each relation of the export a view of its files (as
    docs/parquet.md makes them)."""
    import duckdb

    connection = duckdb.connect()
    for name in ("deals", "hands", "seats", "actions", "seat_stats"):
        connection.execute(f"CREATE VIEW {name} AS SELECT * FROM read_parquet("
                           f"'{out / name}/*/*/*.parquet', hive_partitioning = true)")
    connection.execute(f"CREATE VIEW datasets AS SELECT * FROM '{out}/datasets/*.parquet'")
    return connection


def duckdb_player_stats(out: Path) -> tuple[float, int]:
    """The best of three runs of player_stats.sql by DuckDB on the export, and its rows."""
    connection = duckdb_relations(out)
    sql = (Path(exports.__file__).parent / "sql" / "player_stats.sql").read_text()
    best, count = float("inf"), 0
    for _ in range(3):
        start = time.perf_counter()
        count = len(connection.sql(sql).fetchall())
        best = min(best, time.perf_counter() - start)
    return best, count


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
    ctx.say("player_stats.sql by DuckDB on the export, and pokerdb players on the database")
    duck, players = duckdb_player_stats(ctx.workdir / "export-all")
    answered = measure(python("-m", "pokerdb", "players", "--format", "csv", "--db",
                              str(ctx.workdir / "big.sqlite")))
    if len(answered.stdout.splitlines()) - 1 != players:
        raise StepFailed(f"player_stats.sql gave {players} rows, pokerdb players "
                         f"{len(answered.stdout.splitlines()) - 1}")
    rows = [[f"{count:,} deals", f"{run.wall:.1f}", f"{run.cpu:.1f}", f"{run.max_rss_mib:.0f}",
             f"{size / 2**20:.1f}"]
            for count, run, size in ((tenth, small, small_bytes), (deals, large, large_bytes))]
    figure = Figure(f"export peak RSS, {deals:,} deals vs {tenth:,}", "",
                    f"{ratio:.2f}x ({large.max_rss_mib:.0f} vs {small.max_rss_mib:.0f} MiB)",
                    None, large.max_rss_mib, small.max_rss_mib, ratio, "MiB")
    speed = Figure(f"export, hands/s ({deals:,} hands, whole process)", "",
                   f"{deals / large.wall:,.0f} ({large.wall:.1f} s; of CPU time "
                   f"{deals / large.cpu:,.0f}: {large.cpu:.1f} s)", None, deals / large.wall,
                   None, None, "hands/s")
    stats = Figure(f"player_stats.sql by DuckDB on the export ({players:,} rows) vs pokerdb "
                   f"players on SQLite (whole process)", "",
                   f"{duck:.2f} s vs {answered.wall:.2f} s", None, duck, answered.wall,
                   duck / answered.wall)
    return RowResult([figure, speed, stats], [Table("pokerdb export --format parquet", (
        "database", "wall s", "CPU s", "peak RSS MiB", "Parquet MiB"), rows,
        frozenset({1, 2, 3, 4}))])
