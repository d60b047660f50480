"""PHH hand histories (issue 12): `pokerdb import` and `pokerdb evaluate` of a folder of generated
no-limit hold'em `.phh` files, against pokerkit loading and replaying the same files to their
payoffs.

The row `phh` of `python -m benchmarks` (its size: the files of the folder). Every step is a
whole process (procs.measure: wall, CPU and peak RSS): pokerdb pays for starting and for
creating its schema as pokerkit pays for starting. The folder is written by
phh_hands.write_hand_folder (the SIX_MAX profile, the shape of a recorded online corpus: six
players, about 17 actions a hand, finishing stacks; a hundred files per subfolder). Exits 1 if
any seat's net differs from pokerkit's payoff beyond the odd-chip rule (see
pokerdb.rules.settlement). The pokerkit side runs in its own process: `python phh_bench.py
FOLDER PAYOFFS_FILE`."""

import json
import shutil
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from phh_hands import SIX_MAX, write_hand_folder
from phh_reference import pokerkit_odd_chips, reference_award
from procs import Measured, measure, python
from result_tables import Table
from sqlalchemy import create_engine, text
from store_floor import StoreFloor, store_floor
from suite import Context, Figure, RowResult, ratio_figure

from pokerdb.formats.phh.files import PhhFile, phh_files
from pokerdb.formats.phh.reader import parse_hand
from pokerdb.rules.money import AMOUNT_SCALE
from pokerdb.rules.settlement import replay
from pokerdb.storage.location import database_url

HERE = Path(__file__).resolve().parent
HANDS = 10_000
RATIO_GOAL = 0.25  # issue 12: import + evaluate against pokerkit
RATE_GOAL = 5_000  # issue 23: the import alone, hands/s ...
IMPORT_RATIO_GOAL = 0.1  # ... and against pokerkit
HEADINGS = ("step", "wall s", "CPU s", "peak RSS MiB", "hands/s", "of pokerkit")


@dataclass(frozen=True)
class PhhResults:
    hands: int
    showdowns: int
    pokerkit: Measured  # stdout: {"seconds": in-process}
    imported: Measured
    evaluated: Measured
    differing: int  # hands whose nets differ from pokerkit's payoffs beyond the odd-chip rule
    floor: StoreFloor | None = None  # SQLite: storing the rows alone (store_floor.py)

    @property
    def pokerdb_wall(self) -> float:
        return self.imported.wall + self.evaluated.wall

    @property
    def ratio(self) -> float:
        return self.pokerdb_wall / self.pokerkit.wall


def compare(ctx: Context, folder: Path, seed: int = 12) -> PhhResults:
    """Write the folder of `ctx.size` hands, then time pokerkit and pokerdb on it."""
    hands, say, db = ctx.size, ctx.say, ctx.dbs.fresh("phh")
    written(folder, hands, seed, say)
    say("PHH: pokerkit, load and replay every file")
    with tempfile.NamedTemporaryFile(suffix=".json") as payoffs_file:
        pokerkit = measure(python(str(HERE / "phh_bench.py"), str(folder), payoffs_file.name))
        payoffs = json.loads(Path(payoffs_file.name).read_text())
    say("PHH: pokerdb import, then evaluate")
    imported = measure(python("-m", "pokerdb", "import", str(folder), "--db", db, "-q"))
    evaluated = measure(python("-m", "pokerdb", "evaluate", "--db", db, "-q"))
    nets, showdowns = stored_nets(db)
    files = phh_files(folder)
    differing = sum(not same_payoffs(files[position - 1], seats, payoffs[position - 1])
                    for position, seats in nets.items())
    differing += abs(len(files) - len(nets))  # a hand not stored at all
    floor = store_floor(folder, "phh") if db.endswith(".sqlite") else None
    return PhhResults(hands, showdowns, pokerkit, imported, evaluated, differing, floor)


def written(folder: Path, hands: int, seed: int, say: Callable[[str], None]) -> Path:
    """The folder of `hands` generated six-max no-limit hold'em hands, written unless it holds
    as many files already."""
    if not folder.exists() or len(phh_files(folder)) != hands:
        say(f"PHH: writing {hands:,} no-limit hold'em hands")
        shutil.rmtree(folder, ignore_errors=True)
        write_hand_folder(folder, hands, seed, profile=SIX_MAX)
    return folder


def stored_nets(db: str) -> tuple[dict[int, list[Decimal]], int]:
    """Each stored hand's nets by its position in the folder (raw SQL reads the stored
    ten-thousandths), and how many reached a showdown."""
    engine = create_engine(database_url(db))
    try:
        with engine.connect() as connection:
            nets: dict[int, list[Decimal]] = {}
            for position, net in connection.execute(text(
                    "SELECT d.line_no, s.net FROM deals d JOIN seats s ON s.deal_id = d.id "
                    "ORDER BY d.line_no, s.player")):
                nets.setdefault(position, []).append(Decimal(net) / AMOUNT_SCALE)
            showdowns = connection.execute(text(
                "SELECT count(DISTINCT deal_id) FROM seats WHERE showed")).scalar_one()
    finally:
        engine.dispose()
    return nets, int(showdowns)


def same_payoffs(file: PhhFile, nets: list[Decimal], payoffs: list[int]) -> bool:
    """Whether pokerdb's stored nets are pokerkit's payoffs, but for the odd chips, which the
    two give out differently: settled again by pokerdb's library, the odd chips moved as
    pokerkit moves them, the hand must match pokerkit's payoffs."""
    if nets == payoffs:
        return True
    replayed = replay(parse_hand(file.content().decode(), file.source))
    settlement = reference_award(replayed)
    return list(settlement.net) == nets and pokerkit_odd_chips(settlement) == payoffs


def table_rows(r: PhhResults) -> list[list[str]]:
    def row(step: str, measured: Measured) -> list[str]:
        return [step, f"{measured.wall:.2f}", f"{measured.cpu:.2f}",
                f"{measured.max_rss_mib:.0f}", f"{r.hands / measured.wall:,.0f}",
                f"{measured.wall / r.pokerkit.wall:.3f}x"]

    inner = float(json.loads(r.pokerkit.stdout)["seconds"])
    both = r.pokerdb_wall
    return [[*row("pokerkit: load and replay to the payoffs", r.pokerkit)[:-1],
             f"1.000x (in-process {inner:.2f} s)"],
            row("pokerdb import", r.imported),
            row("pokerdb evaluate (nothing left)", r.evaluated),
            ["pokerdb import + evaluate", f"{both:.2f}",
             f"{r.imported.cpu + r.evaluated.cpu:.2f}", "", f"{r.hands / both:,.0f}",
             f"{r.ratio:.3f}x"],
            *([r.floor.row(HEADINGS, r.pokerkit.wall)] if r.floor is not None else [])]


def title(r: PhhResults) -> str:
    return (f"PHH: {r.hands:,} six-max no-limit hold'em hands, one .phh file each "
            f"({r.showdowns:,} showdowns; nets differing from pokerkit's: {r.differing})")


def targets(r: PhhResults) -> list[Figure]:
    """Issue 12's target and issue 23's two."""
    rate = r.hands / r.imported.wall
    return [ratio_figure("PHH import + evaluate vs pokerkit load and replay", r.pokerdb_wall,
                         r.pokerkit.wall, at_most=RATIO_GOAL, digits=3),
            ratio_figure("PHH import vs pokerkit load and replay", r.imported.wall,
                         r.pokerkit.wall, at_most=IMPORT_RATIO_GOAL, digits=3),
            Figure("PHH import, six-max folder", f">= {RATE_GOAL:,} hands/s",
                   f"{rate:,.0f} hands/s", rate >= RATE_GOAL, rate, None, None, "hands/s"),
            *([r.floor.target(r.hands / (IMPORT_RATIO_GOAL * r.pokerkit.wall))]
              if r.floor is not None else [])]


def pokerkit_payoffs(folder: Path) -> list[list[int]]:
    from pokerkit import HandHistory

    payoffs = []
    for file in phh_files(folder):
        with open(file.path, "rb") as stream:
            state = deque(HandHistory.load(stream), maxlen=1)[0]
        payoffs.append(list(state.payoffs))
    return payoffs


def pokerkit_main(folder: Path, out: Path) -> None:
    """The pokerkit side, run as its own process: the payoffs to `out`, its time to stdout."""
    started = time.perf_counter()
    payoffs = pokerkit_payoffs(folder)
    seconds = time.perf_counter() - started
    out.write_text(json.dumps(payoffs))
    print(json.dumps({"seconds": seconds}))


def row(ctx: Context) -> RowResult:
    results = compare(ctx, ctx.workdir / "hands")
    table = Table(title(results), HEADINGS, table_rows(results), frozenset({1, 2, 3, 4, 5}))
    return RowResult(targets(results), [table],
                     f"{results.differing} hands' nets differ from pokerkit's payoffs"
                     if results.differing else None)


if __name__ == "__main__":
    pokerkit_main(Path(sys.argv[1]), Path(sys.argv[2]))
