"""The HandHQ corpus at scale (issue 37): `pokerdb import` of N HandHQ-shaped hands
(handhq_hands: the six sites' sample hands under new numbers, players and suits, .phhs files
of 1,000 hands) into a fresh SQLite file as a whole process (wall, CPU, peak RSS; a tenth of
the hands too, for memory kept flat), the file's bytes a hand in all and per table (sqlite's
dbstat), then `pokerdb players` for everyone as a whole process, and one player's figures
(every statistic, by position and by stakes: player_results with --player's filter) timed in
this process, best of five; last `pokerdb compact` as a whole process, and the bytes again.
The row `handhq` of `python -m benchmarks`; its size is 1,000,000 hands, and the whole corpus
is CORPUS_HANDS (21,605,687).
"""

import sqlite3
import time
from pathlib import Path

from handhq_hands import write_handhq
from procs import Measured, measure, python
from result_tables import Table
from sqlalchemy import inspect, text
from suite import Context, Figure, RowResult

from pokerdb.answers.players import player_results
from pokerdb.storage.engines import open_engine
from pokerdb.storage.hand_filters import HandFilter

SEED = 37
RATE_GOAL = 20_000  # hands/s, the whole process
BYTES_GOAL = 400  # a hand, on disk
EVERYONE_GOAL = 10.0  # s, pokerdb players for everyone
ONE_GOAL = 0.050  # s, one player's figures
RSS_GOAL = 1.2  # the peak RSS of N hands against N / 10


def imported(ctx: Context, hands: int, label: str) -> tuple[Measured, Path]:
    folder = ctx.workdir / f"hands-{hands}"
    began = time.perf_counter()
    files = write_handhq(folder, hands, SEED)
    ctx.say(f"wrote {hands:,} hands in {files:,} files in {time.perf_counter() - began:.1f} s; "
            f"pokerdb import")
    db = Path(ctx.dbs.fresh(label))
    done = measure(python("-m", "pokerdb", "import", str(folder), "--skip-invalid", "--quiet",
                          "--db", str(db)))
    return done, db


def page_bytes(db: Path) -> dict[str, int]:
    """The bytes of each table and index of the SQLite file `db` (dbstat), the largest first."""
    with sqlite3.connect(db) as connection:
        return dict(connection.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name "
                                       "ORDER BY 2 DESC").fetchall())


def table_bytes(imported: dict[str, int], compacted: dict[str, int], hands: int) -> Table:
    """Bytes a hand of each table or index (of a byte a hand or more), as imported and after
    pokerdb compact."""
    return Table(f"Bytes a hand by table or index, {hands:,} hands",
                 ("table or index", "bytes", "bytes a hand", "after compact"),
                 [[name, f"{size:,}", f"{size / hands:.1f}",
                   f"{compacted.get(name, 0) / hands:.1f}"]
                  for name, size in imported.items() if size / hands >= 1],
                 frozenset({1, 2, 3}))


def one_player(db: str) -> tuple[float, str]:
    """The best of five times of one player's figures, overall, by position and by stakes (the
    player with the most hands: the most rows), and the player; `db` a --db value."""
    engine = open_engine(db if "://" in db else f"sqlite:///{db}")
    try:
        with engine.connect() as connection:
            # the name by its number since revision 0031 (a build before it: the name itself)
            numbered = "name_id" in {column["name"] for column
                                     in inspect(connection).get_columns("player_totals")}
            totals = ("player_totals t JOIN player_names n ON n.id = t.name_id" if numbered
                      else "player_totals t")
            player = "n.name" if numbered else "t.name"
            name = connection.scalar(text(f"SELECT {player} FROM {totals} GROUP BY {player} "
                                          f"ORDER BY sum(t.hands) DESC, {player} LIMIT 1"))
        best = float("inf")
        for _ in range(5):
            began = time.perf_counter()
            for by in (None, "position", "stakes"):
                player_results(engine, HandFilter(player=name), by)
            best = min(best, time.perf_counter() - began)
    finally:
        engine.dispose()
    return best, name


def row(ctx: Context) -> RowResult:
    tenth, _ = imported(ctx, max(1, ctx.size // 10), "tenth")
    done, db = imported(ctx, ctx.size, "handhq")
    size = db.stat().st_size
    imported_bytes = page_bytes(db)
    with sqlite3.connect(db) as connection:
        stored, refused = connection.execute("SELECT (SELECT count(*) FROM deals), "
                                             "(SELECT count(*) FROM rejects)").fetchone()
    ctx.say("pokerdb players, and one player's figures")
    everyone = measure(python("-m", "pokerdb", "players", "--format", "csv", "--db", str(db)))
    one, name = one_player(str(db))
    ctx.say("pokerdb compact")
    compacted = measure(python("-m", "pokerdb", "compact", "--db", str(db)))
    packed = db.stat().st_size
    rate = ctx.size / done.wall
    rss = done.max_rss_mib / tenth.max_rss_mib
    figures = [
        Figure(f"import of {ctx.size:,} HandHQ-shaped hands, hands/s", f">= {RATE_GOAL:,}",
               f"{rate:,.0f} ({done.wall:.1f} s, CPU {done.cpu:.1f} s)", rate >= RATE_GOAL,
               rate, unit="hands/s"),
        Figure("bytes a hand on disk", f"<= {BYTES_GOAL}", f"{size / ctx.size:,.0f} "
               f"({size / 2**20:,.0f} MiB)", size / ctx.size <= BYTES_GOAL, size / ctx.size,
               unit="bytes"),
        Figure("bytes a hand after pokerdb compact", f"<= {BYTES_GOAL}",
               f"{packed / ctx.size:,.0f} ({packed / 2**20:,.0f} MiB; {compacted.wall:.1f} s)",
               packed / ctx.size <= BYTES_GOAL, packed / ctx.size, unit="bytes"),
        Figure(f"import peak RSS, {ctx.size:,} hands vs a tenth", f"<= {RSS_GOAL}x",
               f"{rss:.2f}x ({done.max_rss_mib:.0f} vs {tenth.max_rss_mib:.0f} MiB)",
               rss <= RSS_GOAL, done.max_rss_mib, tenth.max_rss_mib, rss, unit="MiB"),
        Figure("pokerdb players, everyone (whole process)", f"<= {EVERYONE_GOAL:.0f} s",
               f"{everyone.wall:.2f} s ({everyone.stdout.count(chr(10)) - 1:,} rows)",
               everyone.wall <= EVERYONE_GOAL, everyone.wall),
        Figure("one player's figures, overall, by position, by stakes",
               f"<= {ONE_GOAL * 1000:.0f} ms", f"{one * 1000:.1f} ms", one <= ONE_GOAL, one),
    ]
    steps = Table(f"HandHQ-shaped hands: {ctx.size:,} ({stored:,} stored, {refused:,} refused)",
                  ("step", "wall s", "CPU s", "peak RSS MiB"),
                  [[f"pokerdb import, {ctx.size // 10:,} hands", f"{tenth.wall:.2f}",
                    f"{tenth.cpu:.2f}", f"{tenth.max_rss_mib:.0f}"],
                   [f"pokerdb import, {ctx.size:,} hands", f"{done.wall:.2f}",
                    f"{done.cpu:.2f}", f"{done.max_rss_mib:.0f}"],
                   ["pokerdb players", f"{everyone.wall:.2f}", f"{everyone.cpu:.2f}",
                    f"{everyone.max_rss_mib:.0f}"],
                   [f"one player's figures ({name})", f"{one:.4f}", "", ""],
                   ["pokerdb compact", f"{compacted.wall:.2f}", f"{compacted.cpu:.2f}",
                    f"{compacted.max_rss_mib:.0f}"]],
                  frozenset({1, 2, 3}))
    return RowResult(figures, [steps, table_bytes(imported_bytes, page_bytes(db), ctx.size)])
