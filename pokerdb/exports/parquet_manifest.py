"""What a Parquet export folder holds: its manifest, `pokerdb-export.json`, which names every
dataset the folder's files hold (by id and sha256, both never reused in a database) and how
many exports have written into it.

An export appends the datasets the manifest does not name, in files named after the export's
number (`part-00003-0.parquet`), so no file is ever written twice: the manifest is how an
export knows what the folder already holds, and it is written last, with the files, when the
folder is moved into place (exports.folders). A folder whose manifest names a dataset of
another content (an export of another database) is refused, and so is one whose manifest does
not name exactly the datasets its `datasets` files hold, or counts fewer exports than its
files' names do (a manifest edited or copied from elsewhere: appending would export datasets
twice, or never).
"""

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from pokerdb.errors import PokerdbError
from pokerdb.exports.folders import as_named
from pokerdb.rules.money import AMOUNT_PLACES

MANIFEST: Final = "pokerdb-export.json"
VERSION: Final = 1
_PART: Final = re.compile(r"part-([0-9]+)-[0-9]+\.parquet")  # an export's file, by its number


@dataclass
class Manifest:
    """The datasets exported (id: sha256) and the number of exports made."""

    datasets: dict[int, str] = field(default_factory=dict)
    exports: int = 0


def read_manifest(folder: Path) -> Manifest:
    """The manifest of an export folder; an empty one where there is none."""
    path = folder / MANIFEST
    if not path.exists():
        return Manifest()
    try:
        found: Any = json.loads(path.read_text(encoding="utf-8"))
        datasets = {int(key): value for key, value in found["datasets"].items()}
        exports = found["exports"]
        if found["version"] != VERSION or type(exports) is not int or exports < 0 or not all(
                isinstance(value, str) for value in datasets.values()):
            raise ValueError(found["version"])
    except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
        raise PokerdbError(f"{as_named(path)}: is not a manifest of pokerdb's Parquet export; "
                           f"give another folder (--overwrite replaces it)") from None
    try:
        held, last = _held(folder)
    except (OSError, ValueError, KeyError):  # pyarrow's errors are ValueErrors or OSErrors
        raise PokerdbError(f"{as_named(folder / 'datasets')}: holds a file pokerdb's Parquet "
                           f"export did not write; give another folder (--overwrite replaces "
                           f"it)") from None
    if held != datasets or exports < last:
        raise PokerdbError(f"{as_named(path)}: does not name what the folder holds (its files "
                           f"hold {_counted(held)} and export {last}, the manifest names "
                           f"{_counted(datasets)} and export {exports}); export to a new "
                           f"folder (--overwrite replaces it)")
    return Manifest(datasets, exports)


def _held(folder: Path) -> tuple[dict[int, str], int]:
    """The datasets the folder's `datasets` files hold (id: sha256), and the highest export
    number its files are named by."""
    import pyarrow.parquet as pq

    held: dict[int, str] = {}
    last = 0
    for path in sorted(folder.rglob("part-*.parquet")):
        if (number := _PART.fullmatch(path.name)) is not None:
            last = max(last, int(number[1]))
        if path.parent == folder / "datasets":
            table = pq.read_table(path, columns=["id", "sha256"])
            held.update(zip(table.column("id").to_pylist(), table.column("sha256").to_pylist(),
                            strict=True))
    return held, last


def _counted(datasets: dict[int, str]) -> str:
    return f"{len(datasets)} dataset{'' if len(datasets) == 1 else 's'}"


def check_same_database(manifest: Manifest, stored: dict[int, str], output: Path) -> None:
    """One line when the folder holds a dataset whose id the database gives another file."""
    for dataset_id, sha256 in sorted(manifest.datasets.items()):
        if stored.get(dataset_id, sha256) != sha256:
            raise PokerdbError(f"{output}: holds the export of another database (its dataset "
                               f"{dataset_id} is another file); export to a new folder "
                               f"(--overwrite replaces it)")


def write_manifest(folder: Path, manifest: Manifest) -> None:
    """The manifest written beside the files, replacing (never writing into) the one there."""
    written = folder / f".{MANIFEST}.new"
    written.write_text(json.dumps({
        "version": VERSION, "exports": manifest.exports, "amount_places": AMOUNT_PLACES,
        "datasets": {str(key): value for key, value in sorted(manifest.datasets.items())}},
        indent=1) + "\n", encoding="utf-8")
    os.replace(written, folder / MANIFEST)
