"""Tracker statistics at scale (issue 22): `pokerdb import` of many recorded hands, then the
statistics of every player, overall, by position and by stakes.

`python benchmarks/player_stats_bench.py [--hands N] [--players P] [--db URL] [--folder DIR]`
writes N hands (default 1,000,000) as .phhs files of 10,000 hands each: a few thousand random
legal hands played by pokerkit (phh_hands.random_hand, the TYPICAL profile) repeated, each
copy seated with names drawn from P players (default 2,000). It imports them (a whole process,
procs.measure: wall, CPU, peak RSS), then reads every row of player_stats,
player_position_stats and player_stakes_stats in this process (best of three), and times
`pokerdb players` as a whole process. --folder keeps the files for another run (another
backend); --db runs on a scratch database of that PostgreSQL server; --keep FILE imports into
that SQLite file and keeps it (for benchmarks/parquet_bench.py --db FILE).
"""

import argparse
import random
import re
import sys
import tempfile
import time
from pathlib import Path

from phh_hands import TYPICAL, random_hand
from procs import Measured, measure, python
from scratch_databases import Databases
from sqlalchemy import create_engine, text

from pokerdb.storage.location import database_url

FILE_HANDS = 10_000
BASE_HANDS = 3_000
VIEWS = ("player_stats", "player_position_stats", "player_stakes_stats")
PLAYERS_LINE = re.compile(r"^players = .*$", re.MULTILINE)


def write_hands(folder: Path, hands: int, players: int, seed: int) -> None:
    """`hands` hands in .phhs files of FILE_HANDS each, unless the folder has them already."""
    if any(folder.glob("*.phhs")):
        return
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    base = [random_hand(rng, "NT", number, TYPICAL) for number in range(1, BASE_HANDS + 1)]
    names = [f"player{number:05d}" for number in range(players)]
    for first in range(0, hands, FILE_HANDS):
        sections = []
        for number in range(first, min(hands, first + FILE_HANDS)):
            hand = base[number % BASE_HANDS]
            seated = hand.count("'d dh p")
            sections.append(f"[{number + 1}]\n" + PLAYERS_LINE.sub(
                f"players = {rng.sample(names, seated)!r}", hand))
        (folder / f"{first // FILE_HANDS:04d}.phhs").write_text("\n".join(sections))


def read_views(url: str) -> dict[str, tuple[float, int]]:
    """Per view: the best of three wall times to read all its rows, and how many there are."""
    engine = create_engine(database_url(url))
    timings = {}
    try:
        for view in VIEWS:
            best, count = float("inf"), 0
            for _ in range(3):
                with engine.connect() as connection:
                    start = time.perf_counter()
                    count = len(connection.execute(text(f"SELECT * FROM {view}")).all())
                    best = min(best, time.perf_counter() - start)
            timings[view] = (best, count)
    finally:
        engine.dispose()
    return timings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--db", help="a PostgreSQL server URL (default: a SQLite file)")
    parser.add_argument("--folder", type=Path, help="where the hand files are (kept)")
    parser.add_argument("--keep", type=Path, help="the SQLite file to import into (kept)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="player-stats-") as scratch:
        workdir = Path(scratch)
        folder = args.folder or workdir / "hands"
        start = time.perf_counter()
        write_hands(folder, args.hands, args.players, args.seed)
        print(f"hands written in {time.perf_counter() - start:.1f} s: {folder}", flush=True)
        databases = Databases(workdir, args.db)
        try:
            db = str(args.keep) if args.keep and not args.db else databases.fresh("stats")
            imported = measure(python("-m", "pokerdb", "import", str(folder), "--quiet",
                                      "--db", db))
            report("import", imported, args.hands)
            for view, (seconds, count) in read_views(db).items():
                print(f"SELECT * FROM {view}: {count:,} rows in {seconds:.2f} s", flush=True)
            for by in ((), ("--by", "position"), ("--by", "stakes")):
                listed = measure(python("-m", "pokerdb", "players", *by, "--format", "csv",
                                        "--db", db))
                report(f"pokerdb players {' '.join(by)}".strip(), listed, args.hands)
        finally:
            databases.drop_all()
    return 0


def report(step: str, measured: Measured, hands: int) -> None:
    print(f"{step}: {measured.wall:.2f} s wall, {measured.cpu:.2f} s CPU, "
          f"{measured.max_rss_mib:.0f} MiB peak RSS ({hands / measured.wall:,.0f} hands/s)",
          flush=True)


if __name__ == "__main__":
    sys.exit(main())
