"""`pokerdb players` for everyone at the whole HandHQ corpus's count of players, in seconds
rather than an hour's import: a database of N HandHQ-shaped hands (handhq_hands) grown to the
corpus's players by copying its per-player rows under new names.

What `players` reads is the player's rows of player_totals (for everyone) and of player_days
(filtered by dates or a site); `grow` copies both, each row once a copy, its player a new one
in player_names, named as it is followed by the copy's number (`abc` → `abc001`), with one
INSERT ... SELECT a table in SQLite. 100,000
hands hold 3,007 players in 32,971 rows of player_totals; 181 copies of them are 544,267
players in 5.97 million rows, where the corpus imported (21.6 million hands) held 544,103
players in 5,578,609 rows. player_runs (sessions, a player's page) is left as it is: `players`
does not read it.

The row `handhq-players` of `python -m benchmarks` imports its size of hands (100,000), runs
`pokerdb players --format csv` for everyone as a whole process (wall, CPU, peak RSS), grows a
copy to CORPUS_PLAYERS and runs it again, and again by position. As a script, it grows a copy
of a database already imported: `python benchmarks/players_scale.py FROM TO [--players N]`.
"""

import argparse
import shutil
import sqlite3
import time
from pathlib import Path

from handhq_bench import imported
from procs import Measured, measure, python
from result_tables import Table
from suite import Context, Figure, RowResult

CORPUS_PLAYERS = 544_103  # the whole HandHQ corpus imported: its players
GOAL = 10.0  # s, pokerdb players for everyone, a whole process
RSS_GOAL = 512  # MiB: no row of the answer held at once
GROWN = ("player_totals", "player_days")
_PLAYERS = "SELECT count(DISTINCT name_id) FROM player_totals"
_COPY_NAME = "n.name || printf('%03d', :copy)"


def copies_for(db: Path, players: int) -> int:
    """The copies of `db`'s players that come nearest to `players` players (at least one)."""
    with sqlite3.connect(db) as connection:
        found = connection.execute(_PLAYERS).fetchone()[0]
    return max(1, round(players / max(1, found)))


def grow(db: Path, copies: int) -> int:
    """Make `db`'s rows of GROWN `copies` times as many, under new names; returns the players
    it then holds."""
    with sqlite3.connect(db) as connection:
        connection.execute("PRAGMA journal_mode = OFF")
        connection.execute("PRAGMA synchronous = OFF")
        connection.execute("CREATE TEMP TABLE players AS SELECT n.id, n.name FROM player_names n "
                           "WHERE n.id IN (SELECT name_id FROM player_totals)")
        for copy in range(1, copies):
            connection.execute(f"INSERT INTO player_names (name) SELECT {_COPY_NAME} "
                               f"FROM players n ORDER BY n.id", {"copy": copy})
        for table in GROWN:
            columns = [row[1] for row in connection.execute(f"PRAGMA table_info({table})")]
            connection.execute(f"CREATE TEMP TABLE base AS SELECT * FROM {table}")
            named = ", ".join("c.id" if column == "name_id" else f"b.{column}"
                              for column in columns)
            for copy in range(1, copies):
                connection.execute(f"INSERT INTO {table} ({', '.join(columns)}) "
                                   f"SELECT {named} FROM base b JOIN players n ON n.id = "
                                   f"b.name_id JOIN player_names c ON c.name = {_COPY_NAME}",
                                   {"copy": copy})
            connection.execute("DROP TABLE base")
        connection.commit()
        return int(connection.execute(_PLAYERS).fetchone()[0])


def _players(db: Path, *options: str) -> Measured:
    return measure(python("-m", "pokerdb", "players", "--format", "csv", *options,
                          "--db", str(db)))


def row(ctx: Context) -> RowResult:
    _done, db = imported(ctx, ctx.size, "handhq")
    small = _players(db)
    grown = ctx.workdir / "grown.sqlite"
    shutil.copyfile(db, grown)
    copies = copies_for(db, CORPUS_PLAYERS)
    began = time.perf_counter()
    players = grow(grown, copies)
    ctx.say(f"grown to {players:,} players ({copies} copies) in "
            f"{time.perf_counter() - began:.1f} s; pokerdb players")
    everyone = _players(grown)
    by_position = _players(grown, "--by", "position")
    with sqlite3.connect(grown) as connection:
        rows = connection.execute("SELECT count(*) FROM player_totals").fetchone()[0]
    figures = [
        Figure(f"pokerdb players, everyone, {players:,} players (whole process)",
               f"<= {GOAL:.0f} s", f"{everyone.wall:.2f} s (CPU {everyone.cpu:.2f} s)",
               everyone.wall <= GOAL, everyone.wall),
        Figure("its peak RSS", f"<= {RSS_GOAL} MiB", f"{everyone.max_rss_mib:,.0f} MiB",
               everyone.max_rss_mib <= RSS_GOAL, everyone.max_rss_mib, unit="MiB"),
    ]
    steps = Table(f"pokerdb players --format csv: {ctx.size:,} HandHQ-shaped hands, and grown "
                  f"to {players:,} players ({rows:,} rows of player_totals)",
                  ("run", "rows", "wall s", "CPU s", "peak RSS MiB"),
                  [[label, f"{run.stdout.count(chr(10)) - 1:,}", f"{run.wall:.2f}",
                    f"{run.cpu:.2f}", f"{run.max_rss_mib:.0f}"]
                   for label, run in ((f"{ctx.size:,} hands", small), ("grown", everyone),
                                      ("grown, --by position", by_position))],
                  frozenset({1, 2, 3, 4}))
    return RowResult(figures, [steps])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="a SQLite database pokerdb imported into")
    parser.add_argument("target", type=Path, help="the grown copy (overwritten)")
    parser.add_argument("--players", type=int, default=CORPUS_PLAYERS)
    args = parser.parse_args()
    shutil.copyfile(args.source, args.target)
    began = time.perf_counter()
    players = grow(args.target, copies_for(args.source, args.players))
    print(f"{args.target}: {players:,} players in {time.perf_counter() - began:.1f} s")


if __name__ == "__main__":
    main()
