"""The pages of `pokerdb serve` on a large database: the row `pages` of `python -m benchmarks`.

It writes N random PokerStars hands (its size, 1,000,000: benchmarks/pokerstars_hands.py, in
files of 100,000; cash and tournament hold'em of 2 to 9 seats drawn from 15 names, so that
each name sits in some 390,000 hands, as a player's own database holds mostly their hands),
imports them (a whole process), serves the database with `pokerdb serve` and asks for pages
over HTTP, as a browser does: the busiest player's page, the same filtered to a month and to
one stakes, and the pages of hands spread over the database. Each page is asked for REPEATS
times; its median is held to the goal, 200 ms a page."""

import random
import socket
import statistics
import subprocess
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote

from pokerstars_hands import pokerstars_hands
from procs import measure, python
from result_tables import Table
from sqlalchemy import create_engine, text
from suite import Context, Figure, RowResult

from pokerdb.storage.location import database_url

FILE_HANDS = 100_000
REPEATS = 5
GOAL_MS = 200
SEED = 35


def write_hands(folder: Path, hands: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(SEED)
    for first in range(0, hands, FILE_HANDS):
        count = min(FILE_HANDS, hands - first)
        (folder / f"HH{first // FILE_HANDS:04d}.txt").write_text(
            pokerstars_hands(rng, count, 200_000_000_000 + first))


def _pages(db: str) -> list[tuple[str, str]]:
    """(what, path) of the pages asked for."""
    engine = create_engine(database_url(db))
    try:
        with engine.connect() as connection:
            name, stakes = connection.execute(text(
                "SELECT name, stakes FROM seat_stats GROUP BY name, stakes "
                "ORDER BY COUNT(*) DESC, name LIMIT 1")).one()
            hands = connection.execute(text(
                "SELECT COUNT(*) FROM seat_stats WHERE name = :name"), {"name": name}).scalar()
            last = int(connection.execute(text("SELECT MAX(id) FROM deals")).scalar_one())
    finally:
        engine.dispose()
    player = f"/player/{quote(name, safe='')}"
    rng = random.Random(SEED)
    return [(f"player page, {hands:,} hands", player),
            ("the same, one month", f"{player}?since=2015-03-01&until=2015-03-31"),
            (f"the same, stakes {stakes}", f"{player}?stakes={quote(stakes)}"),
            *((f"hand page #{deal_id:,}", f"/hand/{deal_id}")
              for deal_id in sorted(rng.sample(range(1, last + 1), 3)))]


def _timed(base: str, path: str) -> list[float]:
    """The seconds of each of REPEATS requests for the page (its whole body read)."""
    seconds = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        with urllib.request.urlopen(base + path, timeout=600) as response:
            response.read()
        seconds.append(time.perf_counter() - start)
    return seconds


def _serving(db: str, port: int) -> tuple["subprocess.Popen[bytes]", str]:
    process = subprocess.Popen(python("-m", "pokerdb", "serve", "--db", db, "--port",
                                      str(port)), stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            with urllib.request.urlopen(base + "/", timeout=5):
                return process, base
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("pokerdb serve did not answer")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def row(ctx: Context) -> RowResult:
    folder = ctx.workdir / "hands"
    ctx.say(f"writing {ctx.size:,} PokerStars hands")
    write_hands(folder, ctx.size)
    db = ctx.dbs.fresh("pages")
    ctx.say("pokerdb import")
    imported = measure(python("-m", "pokerdb", "import", str(folder), "--quiet", "--db", db))
    return measure_pages(ctx, db, imported.wall)


def measure_pages(ctx: Context, db: str, import_seconds: float) -> RowResult:
    """The pages of the database `db`, served."""
    pages = _pages(db)
    process, base = _serving(db, free_port())
    try:
        ctx.say("asking for the pages")
        timed = [(what, path, _timed(base, path)) for what, path in pages]
    finally:
        process.terminate()
        process.wait(timeout=30)
    rows = [[what, path, f"{1000 * statistics.median(seconds):.0f}",
             f"{1000 * min(seconds):.0f}", f"{1000 * max(seconds):.0f}"]
            for what, path, seconds in timed]
    figures = [Figure(f"{what}, median of {REPEATS}", f"<= {GOAL_MS} ms",
                      f"{1000 * statistics.median(seconds):.0f} ms",
                      1000 * statistics.median(seconds) <= GOAL_MS,
                      statistics.median(seconds)) for what, _, seconds in timed]
    figures.append(Figure(f"import of {ctx.size:,} hands", "", f"{import_seconds:.0f} s",
                          None, import_seconds))
    return RowResult(figures, [Table(f"Pages of pokerdb serve, {ctx.size:,} hands",
                                     ("page", "path", "median ms", "best ms", "worst ms"),
                                     rows, frozenset({2, 3, 4}))])
