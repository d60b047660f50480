"""Tracker statistics at scale (issue 22): `pokerdb import` of many recorded hands, then the
statistics of every player, overall, by position and by stakes.

The row `player-stats` of `python -m benchmarks` writes N hands (its size, 1,000,000) as .phhs
files of 10,000 hands each: a few thousand random legal hands played by pokerkit
(phh_hands.random_hand, the TYPICAL profile) repeated, each copy seated with names drawn from
PLAYERS players. It imports them (a whole process, procs.measure: wall, CPU, peak RSS), then
reads every row of player_stats, player_position_stats and player_stakes_stats in this process
(best of three), and times `pokerdb players` as a whole process."""

import random
import re
import time
from pathlib import Path

from phh_hands import TYPICAL, random_hand
from procs import measure, python
from result_tables import Table
from sqlalchemy import create_engine, text
from suite import Context, Figure, RowResult

from pokerdb.storage.location import database_url

FILE_HANDS = 10_000
BASE_HANDS = 3_000
VIEWS = ("player_stats", "player_position_stats", "player_stakes_stats")
PLAYERS_LINE = re.compile(r"^players = .*$", re.MULTILINE)
PLAYERS = 2_000
SEED = 22


def write_hands(folder: Path, hands: int, players: int, seed: int) -> None:
    """`hands` hands in .phhs files of FILE_HANDS each, unless the folder has them already."""
    if any(folder.glob("*.phhs")):
        return
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    base = [random_hand(rng, "NT", number, TYPICAL)
            for number in range(1, min(hands, BASE_HANDS) + 1)]
    names = [f"player{number:05d}" for number in range(players)]
    for first in range(0, hands, FILE_HANDS):
        sections = []
        for number in range(first, min(hands, first + FILE_HANDS)):
            hand = base[number % len(base)]
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


def row(ctx: Context) -> RowResult:
    """No peer and no goal: the figures docs/player-stats.md quotes (the statistics of every
    player read back in about a second from a million hands)."""
    folder = ctx.workdir / "hands"
    ctx.say(f"writing {ctx.size:,} hands of {PLAYERS:,} players")
    write_hands(folder, ctx.size, PLAYERS, SEED)
    db = ctx.dbs.fresh("stats")
    ctx.say("pokerdb import, then the statistics views and pokerdb players")
    imported = measure(python("-m", "pokerdb", "import", str(folder), "--quiet", "--db", db))
    rows = [["pokerdb import", "", f"{imported.wall:.2f}", f"{imported.cpu:.2f}",
             f"{imported.max_rss_mib:.0f}"]]
    figures = [Figure(f"import of {ctx.size:,} hands", "", f"{imported.wall:.1f} s, "
                      f"{ctx.size / imported.wall:,.0f} hands/s", None, imported.wall)]
    for view, (seconds, count) in read_views(db).items():
        rows.append([f"SELECT * FROM {view}", f"{count:,}", f"{seconds:.2f}", "", ""])
        figures.append(Figure(f"SELECT * FROM {view}", "", f"{seconds:.2f} s, {count:,} rows",
                              None, seconds))
    for by in ((), ("--by", "position"), ("--by", "stakes")):
        listed = measure(python("-m", "pokerdb", "players", *by, "--format", "csv", "--db", db))
        rows.append([f"pokerdb players {' '.join(by)}".strip(), "", f"{listed.wall:.2f}",
                     f"{listed.cpu:.2f}", f"{listed.max_rss_mib:.0f}"])
    figures.append(Figure("pokerdb players (wall)", "", rows[-3][2] + " s", None,
                          float(rows[-3][2])))
    return RowResult(figures, [Table(f"Player statistics, {ctx.size:,} hands of {PLAYERS:,} "
                                     "players", ("step", "rows", "wall s", "CPU s",
                                                 "peak RSS MiB"), rows,
                                     frozenset({1, 2, 3, 4}))])
