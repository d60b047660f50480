"""The floor of a hand-history import on SQLite: its rows stored, and nothing else.

`pokerdb import` stores a recorded hand in one transaction as rows of deals, site_hands,
hand_cards, hand_values, seats and hand_actions (pokerdb.steps.hand_histories), all written by
the importing process, however many workers read and settle the hands. This child process
reads, settles and stages every hand of the input first (not timed), then times only storing
those rows in a new database, as the import stores them (`StagedHands.store`, then the players'
rows summed with them, then the commit). No import can run faster than that writer, so its
hands/s bounds what any speed of reading and settling can reach: the benchmarks
(pokerstars_bench.py, phh_bench.py) print it beside the import.

`python benchmarks/store_floor.py INPUT {pokerstars|phh}` prints {"hands", "seconds"} as JSON.
"""

import json
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from procs import measure, python
from sqlalchemy import insert
from suite import Figure

from pokerdb.formats import InputFormat, open_input
from pokerdb.formats.input import PlayerRule
from pokerdb.formats.phh.hand_histories import HandHistories
from pokerdb.formats.sources import Source
from pokerdb.rules.hand_batches import HandBatch
from pokerdb.steps.hand_histories import StagedHands, stage_hands
from pokerdb.storage.engines import open_engine
from pokerdb.storage.player_sums import PlayerSums
from pokerdb.storage.schema import datasets

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class StoreFloor:
    """The hands of an input and the seconds their rows took to store, alone."""

    hands: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.hands / self.seconds

    def row(self, headings: tuple[str, ...], pokerkit_wall: float | None = None) -> list[str]:
        """A benchmark table's row under its headings (step, hands, wall s, hands/s and, given
        pokerkit's wall time, of pokerkit; the others left blank)."""
        cells = {"step": "SQLite: storing the rows alone, no reading (the import's ceiling)",
                 "hands": f"{self.hands:,}", "wall s": f"{self.seconds:.2f}",
                 "hands/s": f"{self.rate:,.0f}"}
        if pokerkit_wall is not None:
            cells["of pokerkit"] = f"{self.seconds / pokerkit_wall:.3f}x"
        return [cells.get(heading, "") for heading in headings]

    def target(self, goal_rate: float) -> Figure:
        """Whether an import could reach `goal_rate` hands/s at all, its writer alone."""
        return Figure("SQLite storing the rows alone (a goal above it cannot be met by reading "
                      "faster)", f">= {goal_rate:,.0f} hands/s", f"{self.rate:,.0f} hands/s",
                      self.rate >= goal_rate, self.rate, goal_rate, None, "hands/s")


def store_floor(path: Path, kind: str) -> StoreFloor:
    """The floor of importing the input (a pokerdb import --format `kind`), in its own
    process."""
    measured = measure(python(str(HERE / "store_floor.py"), str(path), kind))
    result = json.loads(measured.stdout)
    return StoreFloor(result["hands"], result["seconds"])


def staged_input(path: Path, file_format: InputFormat, dataset_id: int,
                 first_id: int) -> list[StagedHands]:
    """Every valid hand of the input, staged for SQLite as a worker process hands it over
    (rows_only: one database image a batch), numbered on from first_id."""
    source = Source(str(path), path=path, size=None if path.is_dir() else path.stat().st_size)
    read = open_input(file_format, source)
    assert isinstance(read, HandHistories)
    read.sha256()
    staged: list[StagedHands] = []
    with read.opened(PlayerRule(2, None)) as opened:
        for item in opened.items:
            if isinstance(item, HandBatch) and len(item):
                staged.append(stage_hands(item, "sqlite", dataset_id, first_id).rows_only())
                first_id += len(item)
    return staged


def stored_seconds(path: Path, file_format: InputFormat) -> tuple[int, float]:
    """The input's hands and the seconds their rows take to store in a new SQLite database."""
    with tempfile.TemporaryDirectory() as scratch:
        engine = open_engine(str(Path(scratch) / "floor.sqlite"))
        try:
            with engine.begin() as connection:
                dataset_id = connection.execute(insert(datasets).values(
                    name="floor", sha256="floor", format=file_format.value, game="holdem",
                    deals=0, imported_at=datetime.now(UTC)).returning(datasets.c.id)
                ).scalar_one()
            staged = staged_input(path, file_format, dataset_id, 1)
            hands = sum(each.deals for each in staged)
            started = time.perf_counter()
            with engine.begin() as connection:
                sums = PlayerSums()
                described: set[int] = set()
                for each in staged:
                    each.store(connection, described)
                    sums.add(connection, each.sums)
                sums.flush(connection)
            return hands, time.perf_counter() - started
        finally:
            engine.dispose()


def main() -> None:
    path, kind = Path(sys.argv[1]), sys.argv[2]
    hands, seconds = stored_seconds(path, InputFormat(kind))
    print(json.dumps({"hands": hands, "seconds": seconds}))


if __name__ == "__main__":
    main()
