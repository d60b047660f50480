"""PHH reading and settling, pokerdb against pokerkit, side by side in one process:
`python benchmarks/phh_replay.py [--hands N] [--seed S] [--folder DIR]`.

Writes a folder of N random no-limit hold'em `.phh` files (phh_hands.py; with --folder it is
kept and reused), then times, on the same files:

- pokerdb, step by step: read and parse every file (pokerdb.formats.phh_reader), replay each hand
  (settlement.replay), evaluate the shown hands with a scalar evaluator (the best of the 21
  five-card subsets by evaluator.evaluate_cards; the importer batches this step with the
  vectorised seven-card evaluator instead), and award the pots (settlement.award);
- pokerkit: HandHistory.load of each file and its states iterated to the end (payoffs).

Prints CPU microseconds per hand, the ratios to pokerkit, and exits 1 if any seat's result
differs between the two. No database is involved: this is the budget that import leaves for
storage.
"""

import argparse
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from phh_hands import write_hand_folder
from phh_reference import pokerkit_odd_chips, showdown_strengths
from pokerkit import HandHistory
from result_tables import Table, render_rich
from rich.console import Console

from pokerdb.formats.phh_files import PhhFile, phh_files
from pokerdb.formats.phh_reader import parse_file
from pokerdb.rules.hand_record import PhhError, PhhHand
from pokerdb.rules.settlement import award, replay

T = TypeVar("T")
console = Console(highlight=False)


def timed(step: Callable[[], T]) -> tuple[T, float]:
    """The step's result and the CPU time it took (on a shared machine, far steadier than the
    wall clock; reading files from the page cache is CPU time too)."""
    start = time.process_time()
    result = step()
    return result, time.process_time() - start


def read_files(folder: Path) -> list[tuple[PhhFile, bytes]]:
    return [(file, file.content()) for file in phh_files(folder)]


def parse_all(contents: list[tuple[PhhFile, bytes]]) -> list[PhhHand]:
    hands = []
    for file, content in contents:
        for item in parse_file(file, content):
            if isinstance(item, PhhError):
                raise item
            hands.append(item)
    return hands


def pokerkit_payoffs(folder: Path) -> list[list[int]]:
    payoffs = []
    for file in phh_files(folder):
        with open(file.path, "rb") as stream:
            state = deque(HandHistory.load(stream), maxlen=1)[0]
        payoffs.append(list(state.payoffs))
    return payoffs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--hands", type=int, default=10_000, help="hands (files) in the folder")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random hands")
    parser.add_argument("--folder", type=Path, help="keep the files here (reused if present)")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pokerdb-phh-") as scratch:
        folder = options.folder or Path(scratch)
        if len(phh_files(folder) if folder.exists() else []) != options.hands:
            console.print(f"writing {options.hands:,} hands to {folder} ...")
            write_hand_folder(folder, options.hands, options.seed)
        return compare(folder, options.hands)


def compare(folder: Path, count: int) -> int:
    contents, read_seconds = timed(lambda: read_files(folder))
    hands, parse_seconds = timed(lambda: parse_all(contents))
    replays, replay_seconds = timed(lambda: [replay(hand) for hand in hands])
    shown, evaluate_seconds = timed(lambda: [showdown_strengths(replayed) for replayed in replays])
    settlements, award_seconds = timed(lambda: [
        award(replayed, hand_strengths) for replayed, hand_strengths in zip(
            replays, shown, strict=True)])
    theirs, pokerkit_seconds = timed(lambda: pokerkit_payoffs(folder))
    disagreements = sum(pokerkit_odd_chips(settlement) != payoffs
                        for settlement, payoffs in zip(settlements, theirs, strict=True))
    pokerdb_seconds = read_seconds + parse_seconds + replay_seconds + award_seconds

    def row(step: str, seconds: float) -> list[str]:
        return [step, f"{seconds / count * 1e6:,.1f}", f"{count / seconds:,.0f}",
                f"{seconds / pokerkit_seconds:.3f}x"]

    table = Table(
        f"{count:,} no-limit hold'em hands, one .phh file each "
        f"({sum(len(r.showdown) > 0 for r in replays):,} showdowns)",
        ("step", "µs / hand", "hands / s", "of pokerkit"),
        [row("pokerdb: list and read the files", read_seconds),
         row("pokerdb: parse", parse_seconds),
         row("pokerdb: replay", replay_seconds),
         row("pokerdb: award", award_seconds),
         row("pokerdb: read, parse, replay and award", pokerdb_seconds),
         row("pokerdb: scalar evaluation (best of 21)", evaluate_seconds),
         row("pokerdb: all, with the scalar evaluation", pokerdb_seconds + evaluate_seconds),
         row("pokerkit: load and replay to the payoffs", pokerkit_seconds)],
        right=frozenset({1, 2, 3}))
    render_rich(console, [], [table])
    console.print(f"\nhands whose results differ from pokerkit's: {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
