"""Mixed variants (issue 20): `pokerdb import` of a folder of generated hands of every variant
beyond Hold'em (phh_variants: Omaha, short-deck, stud, razz, draw, badugi, hi/lo, in turn)
against the same number of no-limit hold'em hands (phh_hands, TYPICAL), in hands/s.

The row `phh-variants` of `python -m benchmarks` (its size: the hands of each folder); the
goal: the mixed folder imports at no less than two thirds of the hold'em
folder's hands/s. Each import is a whole process into a fresh database (procs.measure); the two
folders are imported in turn, R times each, and the median of each is compared, so both see the
same machine.
"""

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from phh_hands import write_hand_folder
from phh_variants import write_variant_folder
from procs import Measured, measure, python
from result_tables import Table
from suite import Context, Figure, RowResult

from pokerdb.formats.phh.files import phh_files

HANDS = 10_000
RUNS = 3
RATIO_GOAL = 2 / 3
HEADINGS = ("folder", "median wall s", "CPU s", "peak RSS MiB", "hands/s", "of hold'em",
            "of hold'em, CPU")


@dataclass(frozen=True)
class VariantResults:
    hands: int
    holdem: list[Measured]  # one per run
    mixed: list[Measured]

    @staticmethod
    def median(runs: list[Measured]) -> Measured:
        return sorted(runs, key=lambda measured: measured.wall)[len(runs) // 2]

    @property
    def ratio(self) -> float:
        """The mixed folder's hands/s over the hold'em folder's."""
        return self.median(self.holdem).wall / self.median(self.mixed).wall

    @property
    def cpu_ratio(self) -> float:
        """The same in CPU time (on a busy machine, wall time waits for the other processes)."""
        return self.median(self.holdem).cpu / self.median(self.mixed).cpu


def written(folder: Path, hands: int, write: Callable[[Path], object]) -> Path:
    """The folder of `hands` generated hands, written unless it holds as many files already."""
    if not folder.exists() or len(phh_files(folder)) != hands:
        shutil.rmtree(folder, ignore_errors=True)
        write(folder)
    return folder


def compare(ctx: Context, runs: int = RUNS, seed: int = 20) -> VariantResults:
    hands, say, workdir = ctx.size, ctx.say, ctx.workdir
    say(f"PHH variants: writing {hands:,} hold'em and {hands:,} mixed-variant hands")
    holdem_folder = written(workdir / "phh-holdem", hands,
                            lambda folder: write_hand_folder(folder, hands, seed))
    mixed_folder = written(workdir / "phh-mixed", hands,
                           lambda folder: write_variant_folder(folder, hands, seed))
    holdem, mixed = imports_in_turn(ctx, (holdem_folder, mixed_folder), runs,
                                    "PHH variants", "hold'em then mixed")
    return VariantResults(hands, holdem, mixed)


def imports_in_turn(ctx: Context, folders: tuple[Path, Path], runs: int, label: str,
                    order: str, *options: str) -> tuple[list[Measured], list[Measured]]:
    """Each folder imported into a fresh database (with `options`), in turn, `runs` times:
    the measures of each."""
    first: list[Measured] = []
    second: list[Measured] = []
    for run in range(runs):
        ctx.say(f"{label}: import run {run + 1} of {runs}, {order}")
        for folder, measured in zip(folders, (first, second), strict=True):
            db = ctx.dbs.fresh(f"import-{folder.name}")
            measured.append(measure(python("-m", "pokerdb", "import", str(folder), "--db", db,
                                           *options, "-q")))
    return first, second


def table_rows(r: VariantResults) -> list[list[str]]:
    base = r.median(r.holdem)

    def row(name: str, runs: list[Measured]) -> list[str]:
        measured = r.median(runs)
        spread = ", ".join(f"{each.wall:.2f}" for each in runs)
        return [name, f"{measured.wall:.2f} ({spread})", f"{measured.cpu:.2f}",
                f"{measured.max_rss_mib:.0f}", f"{r.hands / measured.wall:,.0f}",
                f"{base.wall / measured.wall:.3f}x", f"{base.cpu / measured.cpu:.3f}x"]

    return [row("no-limit hold'em", r.holdem), row("mixed variants", r.mixed)]


def title(r: VariantResults) -> str:
    return (f"PHH import: {r.hands:,} hands of mixed variants against as many no-limit "
            f"hold'em hands ({len(r.holdem)} runs each, in turn)")


def row(ctx: Context) -> RowResult:
    r = compare(ctx)
    holdem, mixed = r.median(r.holdem), r.median(r.mixed)
    figure = Figure("PHH import hands/s, mixed variants vs no-limit hold'em",
                    f">= {RATIO_GOAL:.3g}x", f"{r.ratio:.3f}x (CPU {r.cpu_ratio:.3f}x; "
                    f"{mixed.wall:.2f} s vs {holdem.wall:.2f} s)", r.ratio >= RATIO_GOAL,
                    mixed.wall, holdem.wall, r.ratio)
    return RowResult([figure], [Table(title(r), HEADINGS, table_rows(r),
                                      frozenset({1, 2, 3, 4, 5, 6}))])
