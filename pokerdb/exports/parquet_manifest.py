"""What a Parquet export folder holds: its manifest, `pokerdb-export.json`, which names every
dataset the folder's files hold (by id and sha256, both never reused in a database) and how
many exports have written into it.

An export appends the datasets the manifest does not name, in files named after the export's
number (`part-00003-0.parquet`), so no file is ever written twice: the manifest is how an
export knows what the folder already holds, and it is written last, with the files, when the
folder is moved into place (exports.folders). A folder whose manifest names a dataset of
another content (an export of another database) is refused.
"""

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from pokerdb.errors import PokerdbError
from pokerdb.rules.money import AMOUNT_PLACES

MANIFEST: Final = "pokerdb-export.json"
VERSION: Final = 1


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
        datasets = {int(key): str(value) for key, value in found["datasets"].items()}
        exports = int(found["exports"])
        if found["version"] != VERSION:
            raise ValueError(found["version"])
    except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
        raise PokerdbError(f"{path}: is not a manifest of pokerdb's Parquet export; give "
                           f"another folder (--overwrite replaces it)") from None
    return Manifest(datasets, exports)


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
