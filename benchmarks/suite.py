"""What every row of the suite shares: the figures it returns, the context it runs in, the
machine it ran on, and the JSON file a run writes (benchmarks/results/)."""

import json
import os
import platform
import sqlite3
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from result_tables import Table
from scratch_databases import Databases

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"


@dataclass(frozen=True)
class Figure:
    """One goal's figure: pokerdb's measure, the peer's beside it in the same run, their ratio,
    the goal and whether it is met (None: not measured, a peer missing)."""

    what: str
    goal: str
    measured: str  # as a person reads it: "0.42x (3.65 s vs 8.79 s)"
    met: bool | None
    pokerdb: float | None = None  # pokerdb's figure: seconds unless `unit` says otherwise
    peer: float | None = None  # the peer's (or the reference's), in the same unit
    ratio: float | None = None
    unit: str = "s"


def ratio_figure(what: str, ours: float, theirs: float, *, at_most: float | None = None,
                 at_least: float | None = None, unit: str = "s", digits: int = 2) -> Figure:
    """pokerdb's `ours` against the peer's `theirs` (seconds, or a rate), the ratio held to a
    bound."""
    ratio = ours / theirs
    if at_most is not None:
        goal, met = f"<= {at_most:.3g}x", ratio <= at_most
    elif at_least is not None:
        goal, met = f">= {at_least:.3g}x", ratio >= at_least
    else:
        raise ValueError("a ratio figure needs a bound")
    measured = f"{ratio:.{digits}f}x ({_value(ours, unit)} vs {_value(theirs, unit)})"
    return Figure(what, goal, measured, met, ours, theirs, ratio, unit)


def _value(value: float, unit: str) -> str:
    return f"{value:.2f} {unit}" if unit == "s" else f"{value:,.0f} {unit}"


@dataclass(frozen=True)
class RowResult:
    figures: list[Figure]
    tables: list[Table] = field(default_factory=list)  # the detail, shown and kept as data
    failed: str | None = None  # answers disagreed (pokerdb against a peer): the run exits 1


@dataclass(frozen=True)
class Context:
    size: int  # the row's main count (deals, hands, files): its documented size or --size
    workdir: Path  # scratch, removed after the run
    dbs: Databases  # fresh databases: SQLite files, or scratch databases on --db's server
    say: Callable[[str], None]  # progress, to stderr
    seed: int = 54


@dataclass(frozen=True)
class Row:
    name: str
    compares: str  # what is compared, for the table
    size: int  # the documented size
    unit: str  # what `size` counts
    measure: Callable[[Context], RowResult]
    needs_db: bool = False  # a PostgreSQL row: needs --db


def git_commit() -> str | None:
    try:
        done = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
                              capture_output=True, text=True, check=False)
    except OSError:
        return None
    return done.stdout.strip() or None


def machine() -> dict[str, object]:
    """What the figures depend on: the cores, their load, Python, SQLite and the commit."""
    import pokerdb.formats.sites.stars_shape.play as compiled_probe

    return {"cpus": os.cpu_count(), "load": [round(load, 2) for load in os.getloadavg()],
            "python": platform.python_version(), "platform": platform.platform(),
            "sqlite": sqlite3.sqlite_version, "commit": git_commit(),
            "compiled": not str(compiled_probe.__file__).endswith(".py")}


def results_path(folder: Path, started: datetime, names: Sequence[str]) -> Path:
    """The run's file: named by the minute it started, and the second where a run of the same
    rows that started in that minute has its file already (not written over)."""
    rows = "+".join(names) if len(names) <= 4 else f"{len(names)}-rows"
    path = folder / f"{started:%Y-%m-%dT%H%M}-{rows}.json"
    return path if not path.exists() else folder / f"{started:%Y-%m-%dT%H%M%S}-{rows}.json"


def write_results(folder: Path, started: datetime, command: str, db: str | None,
                  runs: Sequence[tuple[Row, int, float, RowResult]],
                  load_at_start: Sequence[float]) -> Path:
    """The run as data: the machine (its load at the start and at the end), and each row's
    size, seconds, figures and tables."""
    folder.mkdir(parents=True, exist_ok=True)
    data = {"started": started.isoformat(timespec="seconds"),
            "load_at_start": [round(load, 2) for load in load_at_start],
            "finished": datetime.now(UTC).isoformat(timespec="seconds"),
            "command": command, "backend": "sqlite" if db is None else "postgresql",
            "machine": machine(),
            "rows": [{"row": row.name, "compares": row.compares, "size": size,
                      "unit": row.unit, "seconds": round(seconds, 3),
                      "figures": [asdict(figure) for figure in result.figures],
                      "tables": [{"title": t.title, "columns": list(t.columns),
                                  "rows": [list(cells) for cells in t.rows]}
                                 for t in result.tables],
                      "failed": result.failed}
                     for row, size, seconds, result in runs]}
    path = results_path(folder, started, [row.name for row, *_ in runs])
    path.write_text(json.dumps(data, indent=1) + "\n")
    return path
