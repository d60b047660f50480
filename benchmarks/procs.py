"""Whole-process measurements: wall time, CPU time and peak RSS of one child process."""

import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

PYTHON = sys.executable
SPAWN = Path(__file__).resolve().parent / "spawn.py"


class StepFailed(RuntimeError):
    """A measured command exited non-zero."""


@dataclass(frozen=True)
class Measured:
    wall: float  # seconds, spawn to reap
    cpu: float  # user + system seconds
    max_rss_kib: int
    stdout: str

    @property
    def max_rss_mib(self) -> float:
        return self.max_rss_kib / 1024


def measure(argv: Sequence[str]) -> Measured:
    """Run a command to the end through spawn.py, which reports the child's own rusage."""
    with (tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err,
          tempfile.NamedTemporaryFile("r", suffix=".json") as result):
        code = subprocess.run([PYTHON, str(SPAWN), result.name, *argv], stdin=subprocess.DEVNULL,
                              stdout=out, stderr=err, check=False).returncode
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
        usage = json.loads(result.read() or "{}")
    if code != 0:
        raise StepFailed(f"{' '.join(argv)} exited {code}:\n{stderr.strip()}")
    return Measured(usage["wall"], usage["cpu"], usage["max_rss_kib"], stdout)


def median_of(argv: Sequence[str], runs: int) -> Measured:
    """The run with the median wall time of `runs` runs."""
    results = sorted((measure(argv) for _ in range(runs)), key=lambda m: m.wall)
    return results[len(results) // 2]


def python(*args: str) -> list[str]:
    return [PYTHON, *args]
