"""The cookbook's questions on many hands (issue 37): the row `cookbook` of `python -m
benchmarks`. N HandHQ-shaped hands imported into a fresh SQLite file (handhq_bench.imported),
then, each timed once in this process:

- every SQL statement of docs/cookbook.md on that database, as printed (the questions of deal
  files find no rows in recorded hands, but read them all the same);
- the players' statistics from the summaries import keeps (the view player_stats, every row);
- `pokerdb export --format parquet` of the database (a whole process), and each SQL file
  pokerdb ships for other engines (pokerdb/exports/sql) run by DuckDB on the export.

The goal is each question in seconds at the whole corpus's size: the figures say how far each
way is from it at N.
"""

import re
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from handhq_bench import imported
from parquet_bench import duckdb_relations
from procs import measure, python
from result_tables import Table
from suite import Context, Figure, RowResult

from pokerdb import exports

ROOT = Path(__file__).resolve().parent.parent
COOKBOOK = ROOT / "docs" / "cookbook.md"
SHIPPED = Path(exports.__file__).parent / "sql"
GOAL = 10.0  # s, each question


def timed(fetch: Callable[[str], list[Any]], sql: str) -> tuple[float, int]:
    """The seconds `fetch` takes to answer `sql`, and the rows it gave."""
    began = time.perf_counter()
    count = len(fetch(sql))
    return time.perf_counter() - began, count


def row(ctx: Context) -> RowResult:
    _, db = imported(ctx, ctx.size, "cookbook")
    statements = re.findall(r"```sql\n(.*?)```", COOKBOOK.read_text(), re.S)
    asked: list[tuple[str, float, int]] = []
    with sqlite3.connect(db) as connection:
        def ask(sql: str) -> list[Any]:
            return connection.execute(sql).fetchall()

        for number, sql in enumerate(statements, 1):
            ctx.say(f"cookbook query {number} of {len(statements)} on SQLite")
            seconds, count = timed(ask, sql)
            asked.append((f"cookbook {number}: {sql.split(chr(10))[0][:60]}", seconds, count))
        summed, summed_rows = timed(ask, "SELECT * FROM player_stats")
    out = ctx.workdir / "export"
    ctx.say("pokerdb export --format parquet")
    exported = measure(python("-m", "pokerdb", "export", "--format", "parquet", "-o", str(out),
                              "--db", str(db)))
    duck = duckdb_relations(out)
    shipped: list[tuple[str, float, int]] = []
    for path in sorted(SHIPPED.glob("*.sql")):
        ctx.say(f"{path.name} by DuckDB on the export")
        seconds, count = timed(lambda sql: duck.sql(sql).fetchall(), path.read_text())
        shipped.append((path.name, seconds, count))
    slowest = max(asked, key=lambda each: each[1])
    slowest_duck = max(shipped, key=lambda each: each[1])
    figures = [
        Figure(f"the slowest cookbook query on SQLite, {ctx.size:,} hands ({slowest[0]})",
               f"<= {GOAL:.0f} s", f"{slowest[1]:.2f} s ({sum(1 for _, s, _ in asked if s > GOAL)}"
               f" of {len(asked)} over)", slowest[1] <= GOAL, slowest[1]),
        Figure("the players' statistics from the summaries (SELECT * FROM player_stats)",
               f"<= {GOAL:.0f} s", f"{summed:.2f} s ({summed_rows:,} rows)", summed <= GOAL,
               summed),
        Figure(f"the slowest shipped SQL file by DuckDB on the Parquet export ({slowest_duck[0]})",
               f"<= {GOAL:.0f} s", f"{slowest_duck[1]:.2f} s (the export: {exported.wall:.1f} s)",
               slowest_duck[1] <= GOAL, slowest_duck[1]),
    ]
    detail = Table(f"Each question on {ctx.size:,} HandHQ-shaped hands", ("question", "engine",
                   "s", "rows"),
                   [[name, "SQLite", f"{seconds:.2f}", f"{count:,}"] for name, seconds, count
                    in asked]
                   + [["SELECT * FROM player_stats", "SQLite", f"{summed:.2f}",
                       f"{summed_rows:,}"]]
                   + [[name, "DuckDB, Parquet", f"{seconds:.2f}", f"{count:,}"]
                      for name, seconds, count in shipped],
                   frozenset({2, 3}))
    return RowResult(figures, [detail])
