"""`pokerdb export`: the stored results written out in the formats of other tools, one module
per format (phh.py: recorded hands as PHH files; parquet.py: the relations as Parquet, with
the SQL that reads them in sql/), each registered here under its --format name with its
`export` function. Either writes its folder whole or not at all (folders.py)."""

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Final

from sqlalchemy import Engine

from pokerdb.errors import PokerdbError


@dataclass(frozen=True)
class Written:
    """What an export wrote: a file or folder, how many of `noun` it holds, and a remark."""

    path: Path
    rows: int
    noun: str = "row"
    note: str = ""


# (engine, output, dataset or None for all, overwrite): what was written, in the new folder
# `output` (folders.new_folder).
Export = Callable[[Engine, Path, str | None, bool], list[Written]]

# --format name: the module whose `export(engine, output, dataset, overwrite)` writes it.
FORMATS: Final = {"phh": "pokerdb.exports.phh", "parquet": "pokerdb.exports.parquet"}


def exporter(name: str) -> Export:
    """The export function of the format `name`."""
    module = FORMATS.get(name)
    if module is None:
        raise PokerdbError(f"unknown export format {name!r} (the formats are "
                           f"{', '.join(FORMATS)})")
    export: Export = import_module(module).export
    return export
