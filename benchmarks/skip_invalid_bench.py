"""--skip-invalid at speed (issue 33): `pokerdb import --skip-invalid` of a folder whose hands are
mostly refused against the same folder with none refused, in input hands/s.

The same generated six-max hold'em hands (phh_hands, TYPICAL) twice: as written, and with
REFUSED of each ten given `winnings` that no settlement pays, so each is refused only after
it has been read, replayed and settled (the latest a hand can be refused, as a HandHQ hand whose
figures contradict its actions is). The row `skip-invalid` of `python -m benchmarks` (its size:
the hands of each folder); the goal: the mostly refused folder imports at no less than 0.9 of
the other's input hands/s. Each import is a whole process into a fresh database
(procs.measure); the two folders are imported in turn, RUNS times each, and the medians
compared.
"""

import re
from pathlib import Path

from phh_hands import write_hand_folder
from phh_variants_bench import VariantResults, imports_in_turn, table_rows, written
from result_tables import Table
from suite import Context, Figure, RowResult

RUNS = 3
REFUSED = 7  # of each ten hands, as in the HandHQ sample before revision 0018 (698 of 1,000)
RATIO_GOAL = 0.9
HEADINGS = ("folder", "median wall s", "CPU s", "peak RSS MiB", "input hands/s",
            "of none refused", "of none refused, CPU")


def write_refused(source: Path, folder: Path) -> None:
    """`source`'s hands under `folder`, REFUSED of each ten with winnings no hand pays."""
    for number, path in enumerate(sorted(source.rglob("*.phh"))):
        text = path.read_text()
        if number % 10 < REFUSED:
            stacks = re.search(r"starting_stacks = \[(.*?)\]", text)
            assert stacks is not None
            players = len(stacks.group(1).split(","))
            text += f"winnings = {[10**6] + [0] * (players - 1)}\n"
        target = folder / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)


def compare(ctx: Context, runs: int = RUNS, seed: int = 33) -> VariantResults:
    hands, say, workdir = ctx.size, ctx.say, ctx.workdir
    say(f"--skip-invalid: writing {hands:,} hands, and the same with {REFUSED}0% refused")
    valid = written(workdir / "skip-none", hands,
                    lambda folder: write_hand_folder(folder, hands, seed))
    refused = written(workdir / "skip-most", hands,
                      lambda folder: write_refused(valid, folder))
    none_refused, most_refused = imports_in_turn(ctx, (valid, refused), runs, "--skip-invalid",
                                                 "none refused then most", "--skip-invalid")
    return VariantResults(hands, none_refused, most_refused)


def row(ctx: Context) -> RowResult:
    r = compare(ctx)
    valid, refused = r.median(r.holdem), r.median(r.mixed)
    figure = Figure(f"import --skip-invalid input hands/s, {REFUSED}0% refused vs none",
                    f">= {RATIO_GOAL:.3g}x", f"{r.ratio:.3f}x (CPU {r.cpu_ratio:.3f}x; "
                    f"{refused.wall:.2f} s vs {valid.wall:.2f} s)", r.ratio >= RATIO_GOAL,
                    refused.wall, valid.wall, r.ratio)
    rows = table_rows(r)
    rows[0][0], rows[1][0] = "none refused", f"{REFUSED}0% refused"
    title = (f"import --skip-invalid: {r.hands:,} hands, {REFUSED}0% refused after settling, "
             f"against the same hands valid ({len(r.holdem)} runs each, in turn)")
    return RowResult([figure], [Table(title, HEADINGS, rows, frozenset({1, 2, 3, 4, 5, 6}))])
