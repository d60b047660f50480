"""Importing deal files (or a folder of hand histories): each in one transaction, all of it or
nothing. Every format is read the same way: its input (formats.open_input) yields batches of
deals, which are staged on a second thread and stored on this one."""

import functools
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Connection, Engine, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from pokerdb.errors import InputError, PokerdbError, shown
from pokerdb.formats import InputFormat, open_input
from pokerdb.formats.input import DealBatch, Input, Items, PlayerRule, Rejected
from pokerdb.formats.phh.hand_histories import HandHistories
from pokerdb.formats.sites.site_histories import SiteHistories
from pokerdb.formats.sources import Source, default_dataset_name, resolve
from pokerdb.rules.games import Game
from pokerdb.rules.hand_batches import HandBatch
from pokerdb.steps import evaluated_windows
from pokerdb.steps.count_limits import within_count_limits
from pokerdb.steps.hand_histories import StagedHands, stage_hands
from pokerdb.steps.hand_workers import parallel_hands, worker_count
from pokerdb.steps.invalid_lines import (
    SkippedLines,
    deals_or_fail,
    invalid_hand,
    nothing_to_import,
)
from pokerdb.steps.read_ahead import read_ahead
from pokerdb.steps.stored_once import StoredOnce
from pokerdb.steps.tournament_results import StoredTournaments, store_tournaments
from pokerdb.steps.variant_deals import evaluated_variant_deals
from pokerdb.storage.deal_ids import keep_deal_ids, next_deal_id
from pokerdb.storage.deal_writes import StagedDeals, insert_deals, stage_deals
from pokerdb.storage.engines import reading
from pokerdb.storage.fast_load import without_cycle_collection
from pokerdb.storage.partitions import own_partitions
from pokerdb.storage.player_sums import PlayerSums
from pokerdb.storage.row_writes import Row, StagedRows, insert_rows, insert_staged_rows
from pokerdb.storage.schema import (
    NAME_LENGTH,
    datasets,
    deals,
    hand_labels,
)
from pokerdb.storage.write_locks import lock_for_bulk_write

LABEL_COLUMNS = ("deal_id", "player", "label")
# Called with the bytes read and the deals stored since the last call.
ProgressCallback = Callable[[int, int], None]

SAME_AS_FIRST_DEAL = PlayerRule()


@dataclass(frozen=True)
class ImportOptions:
    dataset_name: str | None = None  # default: the file's name
    file_format: InputFormat = InputFormat.PE54
    players: PlayerRule = SAME_AS_FIRST_DEAL
    max_errors: int = 1  # invalid lines to report before giving up (nothing is imported)
    skip_invalid: bool = False  # import the valid lines; record the others in `rejects`
    evaluate: bool = False  # evaluate the deals too, as `pokerdb evaluate` would, in one pass
    game: Game | None = None  # the game of a deal file's deals (--game); default the format's

    def __post_init__(self) -> None:
        readable = self.file_format.description.readable_games
        if self.game is not None and self.game not in readable:
            raise PokerdbError(
                f"--game {self.game.name}: --format {self.file_format.value} reads "
                f"{' or '.join(each.name for each in readable)} deals"
                f"{_formats_of(self.game)}")
        if self.max_errors < 1:
            raise PokerdbError("--max-errors must be at least 1")
        if self.skip_invalid and self.max_errors != 1:
            raise PokerdbError("--max-errors limits the lines reported when an import fails; "
                               "--skip-invalid imports the valid lines instead: choose one")
        if self.dataset_name is not None and not 0 < len(self.dataset_name) <= NAME_LENGTH:
            raise PokerdbError(f"--name must be 1 to {NAME_LENGTH} characters long, not "
                               f"{len(self.dataset_name):,}")
        players_problem = self.file_format.description.players_problem(self.players)
        if players_problem is not None:
            raise PokerdbError(players_problem)

    @property
    def dataset_game(self) -> Game:
        return self.game or self.file_format.game


def _formats_of(game: Game) -> str:
    """The formats that read deals of the game, for a message."""
    names = [member.value for member in InputFormat
             if game in member.description.readable_games]
    return f" (use --format {' or '.join(names)})" if names else ""


@dataclass(frozen=True)
class ImportResult:
    name: str
    sha256: str
    deals: int
    hands: int
    seconds: float
    already_imported_as: str | None = None  # set when the content was imported before
    rejected: int = 0  # invalid lines skipped and recorded in `rejects` (--skip-invalid)
    duplicates: int = 0  # a site's hands stored already (by this import or an earlier one)
    cancelled: int = 0  # hands the site cancelled: nothing to store
    notes: tuple[str, ...] = ()  # what the input's reader tells of its files
    tournaments: int = 0  # tournaments stored from summaries
    tournaments_stored_already: int = 0  # summaries of tournaments stored before

    @property
    def skipped(self) -> bool:
        return self.already_imported_as is not None


def import_file(engine: Engine, name: str, options: ImportOptions | None = None,
                progress: ProgressCallback | None = None) -> ImportResult:
    """Import one file (or '-' for stdin, or a folder of a format that reads folders) as a
    dataset; a file seen before is skipped."""
    file_format = (options or ImportOptions()).file_format
    with resolve(name, folders=file_format.reads_folders) as source:
        return import_source(engine, source, options, progress)


def import_source(engine: Engine, source: Source, options: ImportOptions | None = None,
                  progress: ProgressCallback | None = None) -> ImportResult:
    """Import an opened source as a dataset in one transaction; content seen before is
    skipped. A regular file's hash is known before its import (and checked against the bytes
    it reads); a stream's once it is read."""
    options = options or ImportOptions()
    started = time.perf_counter()
    read = open_input(options.file_format, source, options.game)
    outcome = _Outcome(read.sha256())
    if outcome.sha256 is not None:
        known = _dataset_named_by_sha(engine, outcome.sha256)
        if known is not None:
            return ImportResult(_name(source, options, outcome.sha256), outcome.sha256, 0, 0,
                                0.0, already_imported_as=known)
    try:
        with engine.begin() as connection, without_cycle_collection():
            loaded = _load(connection, source, read, outcome, options, progress)
    except _AllStored as stored:
        assert outcome.sha256 is not None
        return ImportResult(_name(source, options, outcome.sha256), outcome.sha256, 0, 0,
                            time.perf_counter() - started, duplicates=stored.duplicates,
                            tournaments_stored_already=stored.tournaments)
    except IntegrityError:
        # Another process imported the same content while we read it: not an error.
        assert outcome.sha256 is not None
        known = _dataset_named_by_sha(engine, outcome.sha256)
        label = _name(source, options, outcome.sha256)
        if known is None:
            raise InputError(source.label, None,
                             f"a dataset named '{label}' already exists; "
                             f"choose another name with --name") from None
        return ImportResult(label, outcome.sha256, 0, 0, 0.0, already_imported_as=known)
    assert outcome.sha256 is not None  # set by _load
    return ImportResult(_name(source, options, outcome.sha256), outcome.sha256, loaded.deals,
                        loaded.hands, time.perf_counter() - started, rejected=loaded.rejected,
                        duplicates=loaded.duplicates, cancelled=loaded.cancelled,
                        notes=tuple(read.notes) if isinstance(read, HandHistories) else (),
                        tournaments=loaded.tournaments.stored,
                        tournaments_stored_already=loaded.tournaments.duplicates)


class _AllStored(Exception):
    """Every hand (and tournament summary) of the input is a site's stored already: no dataset
    to make."""

    def __init__(self, duplicates: int, tournaments: int) -> None:
        super().__init__(duplicates)
        self.duplicates = duplicates
        self.tournaments = tournaments


@dataclass(frozen=True)
class _Loaded:
    deals: int
    hands: int
    rejected: int
    duplicates: int
    cancelled: int
    tournaments: StoredTournaments


@dataclass
class _Outcome:
    """The hash of the content imported: known from the start for a regular file, once read
    for a stream."""

    sha256: str | None


def _name(source: Source, options: ImportOptions, sha256: str) -> str:
    """The dataset's name: --name, else the file's name (escaped to be shown), else for a
    stream its hash."""
    return options.dataset_name or shown(default_dataset_name(source, sha256))


def _dataset_named_by_sha(engine: Engine, sha256: str) -> str | None:
    with reading(engine) as connection:
        return connection.scalar(select(datasets.c.name).where(datasets.c.sha256 == sha256))


def _load(connection: Connection, source: Source, read: Input, outcome: _Outcome,
          options: ImportOptions, progress: ProgressCallback | None) -> _Loaded:
    """Insert the dataset and all its deals and hands. A stream's dataset is stored under a
    placeholder name and hash until both are known."""
    placeholder = f"importing-{uuid.uuid4().hex}"
    expected = outcome.sha256
    # Before the dataset's row: attaching its partitions takes a lock on datasets that waits
    # for every other transaction writing to it, as an import waiting for this lock would be.
    lock_for_bulk_write(connection)
    dataset_id = connection.execute(
        insert(datasets).values(name=placeholder, sha256=expected or placeholder,
                                format=options.file_format.value,
                                game=options.dataset_game.name, deals=0,
                                imported_at=datetime.now(UTC))
        .returning(datasets.c.id)
    ).scalar_one()
    next_id = next_deal_id(connection)
    described: set[int] = set()  # strengths this import stored a description of
    skipped = SkippedLines(connection, dataset_id)
    deal_count = hand_count = reported = cancelled = 0
    once = StoredOnce(next_id > 1, read.where if isinstance(read, HandHistories) else str)
    sums = PlayerSums()  # the players' rows of the hands stored, held until written
    item = options.file_format.item
    with (_staged_items(read, options, connection, dataset_id, next_id, once) as opened,
          own_partitions(connection, dataset_id)):
        valid: Iterator[_Prepared | StagedHands | int] = (
            skipped.deals(opened.items) if options.skip_invalid
            else deals_or_fail(opened.items, source, options.max_errors, item))
        for staged in valid:
            if isinstance(staged, int):  # a batch of a site's hands all stored already
                cancelled += staged
                continue
            prepared: _Prepared | StagedHands | None = staged
            if isinstance(staged, StagedHands):
                cancelled += staged.cancelled
                prepared = once.new(connection, staged)
            if prepared is not None:
                prepared.store(connection, described)
                if isinstance(prepared, StagedHands):
                    sums.add(connection, prepared.sums)
                deal_count += prepared.deals
                hand_count += prepared.hands
            if progress is not None:
                position = opened.bytes_read()
                progress(position - reported, 0 if prepared is None else prepared.deals)
                reported = position
        outcome.sha256 = opened.sha256()
    if expected is not None and outcome.sha256 != expected:
        raise InputError(source.label, None, "changed while it was being imported; nothing "
                                             "imported (import it again once it is complete)")
    # A site's hands stored already, but others: after the rest, in the order of the input
    # (worker processes find them in another order, the first of their units).
    conflicts = sorted(once.conflicts, key=lambda conflict: conflict.line_no)
    if conflicts and not options.skip_invalid:
        raise invalid_hand(source, conflicts[0])
    for conflict in conflicts:
        skipped.add(conflict)
    skipped.flush()
    summaries = (store_tournaments(connection, read, dataset_id)
                 if isinstance(read, SiteHistories) else StoredTournaments())
    if deal_count == 0 and not summaries.stored and (once.duplicates or summaries.duplicates):
        raise _AllStored(once.duplicates, summaries.duplicates)
    if deal_count == 0 and not summaries.stored:
        raise nothing_to_import(source, skipped, item)
    # The highest id stored (hands stored before are left out of a batch, its ids unused).
    last_id = connection.scalar(select(func.max(deals.c.id))) or 0
    keep_deal_ids(connection, last_id)
    sums.flush(connection)
    connection.execute(update(datasets).where(datasets.c.id == dataset_id).values(
        deals=deal_count, sha256=outcome.sha256,
        name=_name(source, options, outcome.sha256)))
    return _Loaded(deal_count, hand_count, skipped.count, once.duplicates, cancelled, summaries)


@dataclass(frozen=True)
class _StagedItems:
    """The input's items staged to store, the bytes read, and the hash of the content read
    (complete once the items are)."""

    items: Iterator["_Prepared | StagedHands | Rejected | int"]
    bytes_read: Callable[[], int]
    sha256: Callable[[], str]


@contextmanager
def _staged_items(read: Input, options: ImportOptions, connection: Connection, dataset_id: int,
                  first_id: int, once: StoredOnce) -> Iterator[_StagedItems]:
    """The input read and staged: hand histories held in memory by worker processes
    (steps.hand_workers), anything else on the read-ahead thread; either way a recorded
    hand whose counts seats.packed cannot hold rejected before its deals are numbered
    (steps.count_limits)."""
    dialect = connection.dialect.name
    workers = worker_count() if isinstance(read, HandHistories) else 0
    units = read.units() if isinstance(read, HandHistories) and workers > 1 else None
    workers = 0 if units is None else min(workers, len(units))
    if isinstance(read, HandHistories) and units is not None and workers > 1:
        hands = parallel_hands(read, units, workers, options.players, dialect, dataset_id,
                               first_id, functools.partial(once.kept, connection))
        whole = read.whole  # of the contents the workers read, held since they were hashed
        assert whole is not None
        with closing(hands.items) as items:
            yield _StagedItems(items, hands.bytes_read, lambda: whole)
        return
    with read.opened(options.players) as opened:
        checked: Items = (within_count_limits(opened.items, read)
                          if isinstance(read, HandHistories) else opened.items)
        with closing(read_ahead(_prepared(checked, dialect, dataset_id, first_id,
                                          options.evaluate))) as staged:
            yield _StagedItems(staged, opened.bytes_read, opened.sha256)


@dataclass(frozen=True)
class _Prepared:
    """A batch of deals made ready to store."""

    batch: DealBatch
    first_id: int
    rows: StagedDeals
    evaluated: evaluated_windows.NewDeals | None  # with import --evaluate
    played_rows: StagedRows | None = None  # a variant's game's variant_values

    @property
    def deals(self) -> int:
        return len(self.batch)

    @property
    def hands(self) -> int:
        return self.batch.hand_count()

    def store(self, connection: Connection, described: set[int]) -> None:
        """Store the batch in the caller's transaction; `described` as in
        evaluated_windows.store."""
        insert_deals(connection, self.rows)
        if self.evaluated is not None:
            evaluated_windows.store(connection, self.evaluated.values, described)
        if self.played_rows is not None:
            insert_staged_rows(connection, self.played_rows)
        labels = _label_rows(self.first_id, self.batch)
        if labels:
            insert_rows(connection, hand_labels, LABEL_COLUMNS, labels)


def _prepared(items: Iterable[DealBatch | HandBatch | Rejected], dialect: str,
              dataset_id: int, first_id: int,
              evaluate: bool) -> Iterator[_Prepared | StagedHands | Rejected]:
    """Each batch of deals staged (and evaluated, if asked) for `dialect`, its deals numbered
    on from first_id; rejected lines as they are. A batch of recorded hands comes settled,
    its hands evaluated. Runs on the read-ahead thread, so that this work overlaps storing."""
    for item in items:
        if isinstance(item, Rejected):
            yield item
            continue
        if isinstance(item, HandBatch):
            yield stage_hands(item, dialect, dataset_id, first_id)
        elif item.game.variant is not None:
            variant_deals = evaluated_variant_deals(dialect, dataset_id, first_id, item)
            yield _Prepared(item, first_id, stage_deals(
                dialect, dataset_id, first_id, item, variant_deals.evaluated.winners),
                variant_deals.evaluated, variant_deals.played_rows)
        else:
            evaluated = (evaluated_windows.new_deals(dialect, dataset_id, first_id, item)
                         if evaluate else None)
            yield _Prepared(item, first_id, stage_deals(
                dialect, dataset_id, first_id, item, evaluated.winners if evaluated else None),
                evaluated)
        first_id += len(item)


def _label_rows(first_id: int, batch: DealBatch) -> list[Row]:
    """(deal_id, player 1, label) of the labelled one-hand deals (UCI rows)."""
    return [(first_id + i, 1, label) for i, label in enumerate(batch.labels)
            if label is not None]


