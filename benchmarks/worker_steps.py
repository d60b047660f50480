"""The CPU a worker process of `pokerdb import` spends on the hands of a folder of PHH files,
step by step, in this one process: parse, replay, settle (batches of BATCH_HANDS), check each
file's own figures, lay out the rows and bind them into a batch's SQLite image. The cyclic
garbage collector is off, as in an import (steps.importer), and a first pass (over `--warm`,
else the folder) fills the evaluator tables and caches before the passes measured.

python benchmarks/worker_steps.py FOLDER [--passes 5]   # CPU s of each step, best of the passes

Instructions, repeatable where CPU times are not (callgrind counts only inside
functools.reduce, which runs each measured pass, and nothing else does here):

valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \\
    python benchmarks/worker_steps.py FOLDER --passes 1 --warm SMALLER_FOLDER

Run the compiled wheel from outside the checkout (docs/development.md, the compiled build).
"""

import argparse
import functools
import gc
import time
from pathlib import Path

from pokerdb.formats.phh_files import PhhFile
from pokerdb.formats.phh_input import BATCH_HANDS, HandHistories
from pokerdb.formats.sources import Source
from pokerdb.rules.hand_batches import ReplayedHand, settle
from pokerdb.rules.hand_record import PhhHand
from pokerdb.rules.recorded_figures import check_recorded
from pokerdb.rules.settlement import replay
from pokerdb.steps.hand_histories import stage_hands

STEPS = ("parse", "replay", "settle", "check", "layout", "image")


def contents(folder: Path) -> tuple[HandHistories, list[tuple[PhhFile, bytes]]]:
    """The folder's files and their contents, read and hashed as an import reads them."""
    read = HandHistories(Source(str(folder), path=folder, size=None))
    read.sha256()
    kept = [(file, entry[1]) for file, entry in zip(read.files, read.kept, strict=True)
            if entry is not None and isinstance(entry[1], bytes)]
    return read, kept


def one_pass(read: HandHistories, files: list[tuple[PhhFile, bytes]]) -> dict[str, float]:
    """CPU seconds of each step over the hands of the files' contents."""
    spent = dict.fromkeys(STEPS, 0.0)
    started = time.process_time()

    def lap(step: str) -> None:
        nonlocal started
        now = time.process_time()
        spent[step] += now - started
        started = now

    hands = [hand for file, content in files for hand in read.reader.parse(file, content)
             if isinstance(hand, PhhHand)]
    lap("parse")
    replayed = [ReplayedHand(position, replay(hand), None)
                for position, hand in enumerate(hands, start=1)]
    lap("replay")
    batches = [settle(replayed[start:start + BATCH_HANDS])
               for start in range(0, len(replayed), BATCH_HANDS)]
    lap("settle")
    for batch in batches:
        for index, hand in enumerate(batch.hands):
            batch.settlements[index] = check_recorded(hand.replayed, batch.settlements[index])
    lap("check")
    staged = [stage_hands(batch, "sqlite", 1, 1 + index * BATCH_HANDS)
              for index, batch in enumerate(batches)]
    lap("layout")
    for each in staged:
        each.rows_only()
    lap("image")
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--warm", type=Path, help="the folder of the first pass, not measured")
    arguments = parser.parse_args()
    one_pass(*contents(arguments.warm or arguments.folder))
    read, files = contents(arguments.folder)
    gc.freeze()
    gc.disable()  # as in an import
    best: dict[str, float] = {}
    for _ in range(arguments.passes):
        spent = functools.reduce(lambda _, __: one_pass(read, files), [0],
                                 dict.fromkeys(STEPS, 0.0))
        best = {step: min(seconds, best.get(step, seconds)) for step, seconds in spent.items()}
    print("  ".join(f"{step} {seconds:.3f}" for step, seconds in best.items()),
          f"  all {sum(best.values()):.3f} s")


if __name__ == "__main__":
    main()
