"""`pokerdb import` of one source tree against another's, side by side on the same files: for a
change that must not move the import's speed (a module split, a renaming), the median of each
tree's runs and their ratio.

    python benchmarks/tree_ratio.py --old /tmp/old         # the old tree: a git worktree

Both trees run under this interpreter (so with the same dependencies), each selected by
PYTHONPATH; their runs alternate, each tree first in every other pair, so that the machine's
noise falls on both alike. Each run imports into a fresh SQLite file; it is timed as the import
reports (without the interpreter's start) and by the CPU seconds of its process (start
included), which other work on a shared machine moves less. The files: PE54 and Hold'em deals from
`pokerdb generate`, UCI rows made of generated hands, and a folder of random `.phh` hands
(benchmarks/phh_hands.py).
"""

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from phh_hands import write_hand_folder

NEW = Path(__file__).resolve().parent.parent
_SECONDS = re.compile(r" in ([0-9.]+) s ")
_UCI_SUITS = {"H": "1", "S": "2", "D": "3", "C": "4"}
_UCI_RANKS = {rank: str(number) for number, rank in enumerate("A23456789TJQK", start=1)}


def pokerdb(tree: Path, *args: str) -> str:
    """`python -m pokerdb ARGS` from `tree`; its stdout."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("POKERDB_DB", None)
    return subprocess.run([sys.executable, "-m", "pokerdb", *args], env=env, check=True,
                          capture_output=True, text=True).stdout


def write_files(folder: Path, deals: int, phh_hands: int) -> dict[str, list[str]]:
    """The files, and the import arguments of each row."""
    pe54, holdem, uci = folder / "pe54.txt", folder / "holdem.txt", folder / "uci.data"
    pokerdb(NEW, "generate", str(deals), "--seed", "54", "-o", str(pe54), "--quiet")
    pokerdb(NEW, "generate", str(deals // 2), "--seed", "54", "--game", "holdem", "--players",
            "3", "-o", str(holdem), "--quiet")
    with pe54.open() as lines, uci.open("w") as rows:
        for line in lines:
            cards = line.split()[:5]
            rows.write(",".join(f"{_UCI_SUITS[card[1]]},{_UCI_RANKS[card[0]]}"
                                for card in cards) + "\n")
    write_hand_folder(folder / "phh", phh_hands, seed=54)
    return {
        "pe54 import": [str(pe54)],
        "pe54 import --evaluate": [str(pe54), "--evaluate"],
        "holdem import": [str(holdem), "--format", "holdem"],
        "holdem import --evaluate": [str(holdem), "--format", "holdem", "--evaluate"],
        "uci import": [str(uci), "--format", "uci"],
        "phh import": [str(folder / "phh")],
    }


def import_seconds(tree: Path, args: Sequence[str], database: Path) -> tuple[float, float]:
    """The seconds the import reports, and the CPU seconds of its whole process."""
    database.unlink(missing_ok=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    stdout = pokerdb(tree, "import", *args, "--db", f"sqlite:///{database}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    match = _SECONDS.search(stdout)
    assert match is not None, stdout
    return float(match.group(1)), (after.ru_utime + after.ru_stime
                                   - before.ru_utime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--old", type=Path, required=True, help="the source tree to compare")
    parser.add_argument("--new", type=Path, default=NEW, help="the source tree measured")
    parser.add_argument("--deals", type=int, default=1_000_000, help="PE54 deals and UCI rows "
                                                                     "(Hold'em: half as many)")
    parser.add_argument("--phh-hands", type=int, default=5_000, help="hands in the .phh folder")
    parser.add_argument("--runs", type=int, default=5, help="runs of each row in each tree")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tree-ratio-") as scratch:
        folder = Path(scratch)
        rows = write_files(folder, args.deals, args.phh_hands)
        print(f"{'row':<26} {'old s':>7} {'new s':>7} {'new/old':>7} "
              f"{'old cpu':>7} {'new cpu':>7} {'new/old':>7}")
        for row, import_args in rows.items():
            times: dict[Path, list[tuple[float, float]]] = {args.old: [], args.new: []}
            for run in range(args.runs):
                for tree in (args.old, args.new) if run % 2 == 0 else (args.new, args.old):
                    times[tree].append(import_seconds(tree, import_args, folder / "db.sqlite"))
            old, new = (statistics.median(wall for wall, _ in times[tree])
                        for tree in (args.old, args.new))
            old_cpu, new_cpu = (statistics.median(cpu for _, cpu in times[tree])
                                for tree in (args.old, args.new))
            print(f"{row:<26} {old:>7.3f} {new:>7.3f} {new / old:>7.3f} "
                  f"{old_cpu:>7.3f} {new_cpu:>7.3f} {new_cpu / old_cpu:>7.3f}", flush=True)


if __name__ == "__main__":
    main()
