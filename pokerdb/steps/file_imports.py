"""`pokerdb import FILES...`: the options, and that each file can be read, are checked for every
file before any database is opened or created, then each file is imported in its own
transaction (importer.import_source), its progress told to the caller. An SQLite file the
import made is removed if it fails before storing anything."""

import os
from collections.abc import Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine, func, select

from pokerdb.errors import PokerdbError
from pokerdb.formats import InputFormat
from pokerdb.formats.input import PlayerRule
from pokerdb.formats.sources import resolve, unreadable
from pokerdb.progress import Progress, unseen
from pokerdb.rules.games import GAMES, GameName
from pokerdb.steps.importer import ImportOptions, ImportResult, import_source
from pokerdb.storage.engines import open_engine
from pokerdb.storage.location import database_url, sqlite_path
from pokerdb.storage.schema import datasets


@dataclass(frozen=True)
class ImportRequest:
    """What the command line asks of every file of one import, as given."""

    name: str | None = None  # of the dataset: one file only; default the file's name
    players: str | None = None  # PlayerRule.parse's: N, N-M or 'any'; default the first deal's
    file_format: InputFormat | None = None  # default: InputFormat.of_path
    max_errors: int = 1
    skip_invalid: bool = False
    evaluate: bool = False
    game: str | None = None  # games.GameName: the deals' game (--game); default the format's


@dataclass(frozen=True)
class FileImported:
    file: str
    result: ImportResult
    item: str  # what the file's format holds one of per line or record ("line", "hand")


def import_files(db: str | None, files: Sequence[str], request: ImportRequest,
                 progress: Progress = unseen) -> Iterator[FileImported]:
    """Import each file into the database --db names (created if missing) as its own dataset,
    yielding each one's outcome once it is stored; a file seen before is skipped. Options that
    cannot hold for every file raise PokerdbError before anything is opened."""
    if request.name is not None and len(files) > 1:
        raise PokerdbError("--name names one dataset: give it one file")
    try:
        rule = PlayerRule.parse(request.players)
    except ValueError as exc:
        raise PokerdbError(str(exc)) from None
    game = None if request.game is None else GAMES[GameName(request.game)]
    imports = [(file, ImportOptions(request.name, request.file_format or InputFormat.of_path(file),
                                    rule, request.max_errors, request.skip_invalid,
                                    request.evaluate, game)) for file in files]
    # A file that cannot be read is told before the database is created: a mistyped name
    # leaves no empty database behind.
    for file, options in imports:
        problem = unreadable(file, folders=options.file_format.reads_folders)
        if problem is not None:
            raise problem
    path = sqlite_path(database_url(db))
    made = path is not None and not os.path.exists(path)  # the SQLite file this import makes
    engine = open_engine(db, create=True)
    stored = False
    try:
        for file, options in imports:
            with (resolve(file, folders=options.file_format.reads_folders) as source,
                  progress(Path(file).name, lambda: source.size, "bytes", "deal") as task):
                result = import_source(engine, source, options,
                                       None if task is None else task.advance)
            stored = True
            yield FileImported(file, result, options.file_format.item)
    except BaseException:
        if made and not stored and path is not None:
            _remove_empty(engine, path)
        raise


def _remove_empty(engine: Engine, path: str) -> None:
    """The SQLite file an import made, and failed (or was stopped) before storing anything
    in, removed: a refused file leaves no empty database behind. Kept if it holds a dataset
    after all (another process's import into the same new file)."""
    with engine.connect() as connection:
        held = connection.scalar(select(func.count()).select_from(datasets))
    engine.dispose()  # SQLite folds its write-ahead log in and removes it
    if not held:
        for name in (path, f"{path}-wal", f"{path}-shm", f"{path}-journal"):
            with suppress(FileNotFoundError):
                os.remove(name)
