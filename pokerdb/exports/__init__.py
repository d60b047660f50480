"""`pokerdb export`: the stored results written out in another format, one module per format
(parquet.py, ...), each registered here under its --format name with its `export` function."""

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Final

from sqlalchemy import Engine

from pokerdb.errors import PokerdbError


@dataclass(frozen=True)
class Written:
    """One file an export wrote, and how many rows (or hands) it holds."""

    path: Path
    rows: int


Export = Callable[[Engine, Path, str | None], list[Written]]

# --format name: the module whose `export(engine, output, dataset)` writes it.
FORMATS: Final = {"parquet": "pokerdb.exports.parquet"}


def exporter(name: str) -> Export:
    """The export function of the format `name`."""
    module = FORMATS.get(name)
    if module is None:
        raise PokerdbError(f"unknown export format {name!r} (the formats are "
                           f"{', '.join(FORMATS)})")
    export: Export = import_module(module).export
    return export
