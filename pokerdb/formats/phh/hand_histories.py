"""Reading hand histories for an import: a file of them, or a folder, read as one dataset whose
hands are replayed and settled (pokerdb.rules.hand_batches). A `HandReader` says how a format
lists a folder's files and reads a file's hands: PHH's (`.phh`, `.phhs`) and a site's
(pokerdb.formats.sites.pokerstars), whose hands are then checked against what the site says was paid
(pokerdb.rules.site_settlement).

`HandHistories(source, reader)` is the import's input (see pokerdb.formats.open_input).
`sha256()` reads every file once, in path order, and hashes the contents the import then
parses. They are kept in memory up to KEPT_BYTES; the files beyond are read again as the import
reaches them (by the worker process whose unit holds them: each such file's own hash is kept to
check it). The import hashes what it parses again, and fails if that changed meanwhile.
`opened(rule)` yields a `HandBatch` of settled hands for every BATCH_HANDS valid ones, and a
`Rejected` for each invalid hand: its position in the dataset, its source, and why.

`units()` cuts the same work into independent `HandUnit`s (consecutive files, or a site's file
in parts of PART_HANDS hands) for worker processes (pokerdb.steps.hand_workers): each unit's
items are what `opened` yields for its hands, positions counted from the unit's first hand
(`HandUnit.items`, then `moved` once the hands before it are counted).
"""

import datetime
import functools
import hashlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from pokerdb.errors import InputError
from pokerdb.formats.encodings import mixed_encoding
from pokerdb.formats.input import Opened, PlayerRule, Rejected
from pokerdb.formats.phh.amounts import number_text
from pokerdb.formats.phh.fields import refuse_long_name
from pokerdb.formats.phh.file_contents import (
    Found,
    escapes_nul,
    file_bytes,
    file_content,
    read_again,
    refuse_nul,
    unreadable,
)
from pokerdb.formats.phh.files import PhhFile, phh_files
from pokerdb.formats.phh.reader import parse_file
from pokerdb.formats.sources import Source
from pokerdb.rules.games import HOLDEM
from pokerdb.rules.hand_batches import HandBatch, ReplayedHand, settle
from pokerdb.rules.hand_record import Cancelled, HandDetails, PhhError, PhhHand
from pokerdb.rules.recorded_figures import check_recorded
from pokerdb.rules.settlement import replay
from pokerdb.rules.site_settlement import settle_as_paid
from pokerdb.rules.variants import VARIANTS

# A unit's hands are one batch where UNIT_BYTES allows (about 1,450 HandHQ hands): a batch
# has its fixed costs (settling, its rows' image and its copy, its seats' sums merged), and 100,000
# HandHQ-shaped hands imported in batches of 2,000 took 6 % less CPU and 8 % less time than in
# batches of 500 (five runs each, alternating).
BATCH_HANDS: Final = 2000
UNIT_BYTES: Final = 1 << 20  # of files, at most, in one unit of work (but for one file alone)
# The first units of files are smaller (this many files, then twice as many, up to
# BATCH_HANDS): the importer stores nothing until the first unit is settled.
FIRST_UNIT_FILES: Final = 50
KEPT_BYTES: Final = 64 << 20  # of file contents kept from hashing to importing


# A part of the hands to read: whether its file's TOML escapes NUL (escapes_nul), and its hands.
Part = tuple[bool, Callable[[], Found]]


@dataclass(frozen=True)
class HandReader:
    """How a format of hand histories is read: `files` lists a folder's files to read (in
    order), `parse` yields the hands of one file's content; `parts`, where a file of many hands
    can be read in independent parts (in order, together the hands `parse` yields), cuts it."""

    files: Callable[[Path], list[PhhFile]]
    parse: Callable[[PhhFile, bytes], Found]
    kind: str  # the files, as a message names them: ".phh or .phhs files"
    site: bool = False  # a site's files (PhhFile.site), each holding many hands
    parts: Callable[[PhhFile, bytes], list[Callable[[], Found]]] | None = None


@dataclass(frozen=True)
class HandUnit:
    """A unit of an import's work: parts of consecutive hands, and the bytes on disk they
    complete (for progress)."""

    parts: list[Part]
    size: int

    def items(self, rule: PlayerRule, reader: "HandHistories"
              ) -> tuple[list["HandBatch | Rejected"], int]:
        """The unit's settled batches and rejected hands, as `opened` yields them, positions
        counted from 1 at its first hand; and how many positions its hands take."""
        positions = [0]
        return list(reader.batches(rule, self.parts, positions)), positions[0]


def moved(items: list["HandBatch | Rejected"], offset: int) -> list["HandBatch | Rejected"]:
    """A unit's items with their positions in the dataset: `offset` hands come before it."""
    if not offset:
        return items
    # each hand made anew, not by dataclasses.replace (which reads the class's fields for every
    # hand: a hundredth of a worker's time)
    return [replace(item, line_no=item.line_no + offset) if isinstance(item, Rejected)
            else replace(item, hands=[ReplayedHand(hand.position + offset, hand.replayed,
                                                   hand.date) for hand in item.hands])
            for item in items]


PHH_READER: Final = HandReader(phh_files, parse_file, ".phh or .phhs files")


class HandHistories:
    """A file of hand histories (or stdin) or a folder of them, as an import's input."""

    def __init__(self, source: Source, reader: HandReader = PHH_READER) -> None:
        self.source = source
        self.reader = reader
        self.folder = source.path is not None and source.path.is_dir()
        self.files = (reader.files(source.path) if self.folder and source.path is not None
                      else [PhhFile(Path(source.label).name, str(source.path or source.label),
                                    site=reader.site)])
        # Per file read by sha256 and kept (up to KEPT_BYTES): the bytes hashed and its content,
        # or why it cannot be read; None for a file to read again.
        self.kept: list[tuple[bytes, bytes | PhhError] | None] = []
        self.sizes: list[int] = []  # per file read by sha256: bytes on disk
        self.digests: dict[int, bytes] = {}  # per file not kept: the sha256 of what was hashed
        self.whole: str | None = None  # what sha256 returned
        self.notes: list[str] = []  # what the import tells of its files (mixed encodings)

    def sha256(self) -> str | None:
        """The sha256 of the files' contents in path order (decompressed when gzip); None for
        stdin, hashed as the import reads it."""
        if self.source.is_stream:
            return None
        if not self.files:
            raise InputError(self.source.label, None, f"no {self.reader.kind} in the folder")
        whole = hashlib.sha256()
        self.kept, self.sizes, self.digests = [], [], {}
        kept_bytes = 0
        for file in self.files:
            raw = file_bytes(file)
            hashed, content = file_content(file, raw)
            self._note(file, content)
            whole.update(hashed)
            self.sizes.append(len(raw) if isinstance(raw, bytes) else 0)
            kept_bytes += len(hashed)
            # A file alone is read whole in any case: kept, it is not read twice.
            self.kept.append((hashed, content) if kept_bytes <= KEPT_BYTES
                             or len(self.files) == 1 else None)
            if self.kept[-1] is None:
                self.digests[len(self.kept) - 1] = hashlib.sha256(hashed).digest()
        self.whole = whole.hexdigest()
        return self.whole

    def _note(self, file: PhhFile, content: bytes | PhhError) -> None:
        """Note a site's file that mixes encodings (read all the same, line by line)."""
        if self.reader.site and isinstance(content, bytes):
            mixed = mixed_encoding(content)
            if mixed is not None:
                self.notes.append(f"{file.path}: {mixed}")

    def units(self) -> list[HandUnit] | None:
        """The work of the import (after sha256) in units, each of consecutive files of up to
        BATCH_HANDS files (the first fewer: FIRST_UNIT_FILES) and UNIT_BYTES, or a part of a
        file the reader cuts (a file not kept is read again by its unit, whole); None for
        stdin."""
        if self.whole is None:
            return None
        units: list[HandUnit] = []
        parts: list[Part] = []
        size = kept_bytes = 0
        for number, (file, kept, file_size) in enumerate(zip(self.files, self.kept, self.sizes,
                                                             strict=True)):
            content = kept[1] if kept is not None else b""
            if kept is None:  # read again by the worker whose unit holds it
                parts.append((False, functools.partial(read_again, self.reader.parse, file,
                                                       self.digests[number], self.source.label)))
                kept_bytes += file_size
            elif not isinstance(content, bytes):
                parts.append((False, functools.partial(unreadable, content)))
            else:
                with_nul = escapes_nul(content)
                cut: list[Callable[[], Found]] = (self.reader.parts(file, content)
                       if self.reader.parts is not None and len(content) > UNIT_BYTES
                       else [functools.partial(self.reader.parse, file, content)])
                if len(cut) > 1:
                    if parts:
                        units.append(HandUnit(parts, size))
                        parts, size, kept_bytes = [], 0, 0
                    units.extend(HandUnit([(with_nul, part)], file_size * (index + 1)
                                          // len(cut) - file_size * index // len(cut))
                                 for index, part in enumerate(cut))
                    continue
                parts.append((with_nul, cut[0]))
                kept_bytes += len(content)
            size += file_size
            if (len(parts) >= min(BATCH_HANDS, FIRST_UNIT_FILES << len(units))
                    or kept_bytes >= UNIT_BYTES):
                units.append(HandUnit(parts, size))
                parts, size, kept_bytes = [], 0, 0
        if parts:
            units.append(HandUnit(parts, size))
        return units

    @contextmanager
    def opened(self, rule: PlayerRule) -> Iterator[Opened]:
        """The settled hands and the invalid ones (after sha256), the bytes read so far, and
        the hash of the contents read."""
        digest = hashlib.sha256()
        read = [0]
        yield Opened(self.batches(rule, self._parts(digest, read), [0]), lambda: read[0],
                     digest.hexdigest)

    def _contents(self, digest: "hashlib._Hash", read: list[int]
                  ) -> Iterator[tuple[PhhFile, bytes | PhhError]]:
        """Each file and its content, or why it cannot be read: as sha256 kept it, else read
        again (stdin: for the first time). The bytes hashed pass through `digest`, the bytes on
        disk are counted in `read`."""
        for index, file in enumerate(self.files):
            kept = self.kept[index] if index < len(self.kept) else None
            if kept is None:
                raw = self._stream(file) if self.source.stream is not None else file_bytes(file)
                kept = file_content(file, raw)
                size = len(raw) if isinstance(raw, bytes) else 0
                if self.whole is None:  # not read by sha256 (stdin): noted now
                    self._note(file, kept[1])
            else:
                size = self.sizes[index]
            digest.update(kept[0])
            read[0] += size
            yield file, kept[1]

    def _parts(self, digest: "hashlib._Hash", read: list[int]) -> Iterator[Part]:
        """Each file's hands as one part, read as _contents reads them."""
        for file, content in self._contents(digest, read):
            if isinstance(content, bytes):
                yield (escapes_nul(content),
                       functools.partial(self.reader.parse, file, content))
            else:
                yield False, functools.partial(unreadable, content)

    def batches(self, rule: PlayerRule, parts: Iterable[Part],
                positions: list[int]) -> Iterator["HandBatch | Rejected"]:
        """The settled batches and rejected hands of the parts' hands; `positions` holds the
        position of the last hand met (from the value it holds)."""
        pending = _Pending()
        for with_nul, found in parts:
            for item in found():
                if isinstance(item, Cancelled):
                    pending.cancelled += 1
                    continue
                positions[0] += 1
                position = positions[0]
                hand = refuse_nul(item) if with_nul and isinstance(item, PhhHand) else item
                if isinstance(hand, PhhHand):
                    hand = refuse_long_name(hand)
                problem = hand if isinstance(hand, PhhError) else pending.add(position, hand, rule)
                if problem is not None:
                    yield self.rejected(position, problem)
                elif len(pending) == BATCH_HANDS:
                    yield from self._settled(pending)
                    pending = _Pending()
        if len(pending) or pending.cancelled:
            yield from self._settled(pending)

    def _settled(self, pending: "_Pending") -> Iterator["HandBatch | Rejected"]:
        """The pending hands settled, each checked against what its file says was paid (a
        site's collected amounts and rake; PHH's finishing stacks and winnings), and rejected
        if they disagree."""
        batch = replace(settle(pending.hands), cancelled=pending.cancelled)
        if not any(hand.replayed.hand.site is not None
                   or hand.replayed.hand.finishing_stacks is not None
                   or hand.replayed.hand.winnings is not None or hand.replayed.undecided
                   for hand in batch.hands):
            yield batch
            return
        keep: list[int] = []
        first_seat = 0
        strengths = batch.strength.tolist()
        for index, (hand, count) in enumerate(zip(batch.hands, batch.players.tolist(),
                                                  strict=True)):
            replayed = hand.replayed
            try:
                site = replayed.hand.site
                if site is not None and not site.exported:
                    batch.settlements[index] = settle_as_paid(
                        replayed, batch.settlements[index],
                        strengths[first_seat:first_seat + count])
                else:
                    batch.settlements[index] = check_recorded(
                        replayed, batch.settlements[index],
                        strengths[first_seat:first_seat + count])
            except PhhError as error:
                yield self.rejected(hand.position, error)
                first_seat += count
                continue
            keep.append(index)
            first_seat += count
        yield batch.subset(keep) if len(keep) < len(batch) else batch

    def rejected(self, position: int, problem: PhhError) -> Rejected:
        """The hand at `position` rejected for `problem`, named as `where` names it."""
        return Rejected(position, problem.source, problem.message, len(problem.source.encode()),
                        self.where(problem.source))

    def _stream(self, file: PhhFile) -> bytes:
        """The whole of stdin (or another stream): one file's content, within its bounds."""
        assert self.source.stream is not None
        try:
            return file.within_bounds(self.source.stream.read(file.max_bytes + 1),
                                      "is larger than")
        except PhhError as error:
            raise PhhError(self.source.label, error.message) from None

    def where(self, source: str) -> str:
        """A hand's source as the user can find it: in the folder or file imported."""
        if self.folder:
            return f"{self.source.label.rstrip('/')}/{source}"
        return self.source.label + source.removeprefix(self.files[0].source)


class _Pending:
    """Valid hands replayed, waiting to be settled as one batch."""

    def __init__(self) -> None:
        self.hands: list[ReplayedHand] = []
        self.cancelled = 0  # hands the site cancelled, met since the last batch

    def __len__(self) -> int:
        return len(self.hands)

    def add(self, position: int, hand: PhhHand, rule: PlayerRule) -> PhhError | None:
        """Replay the hand and keep it, or say why it is invalid."""
        problem = _player_count_problem(hand.player_count, rule)
        variant = VARIANTS.get(hand.variant)
        if problem is None and variant is not None and hand.player_count > variant.max_players:
            problem = (f"a {variant.code} hand has 2 to {variant.max_players} players, found "
                       f"{hand.player_count}")
        if problem is not None:
            return hand.error(problem)
        date = _date(hand.details)
        if isinstance(date, str):
            return hand.error(date)
        try:
            replayed = replay(hand)
        except PhhError as error:
            return error if hand.site is None else hand.site.located(error)
        self.hands.append(ReplayedHand(position, replayed, date))
        return None


def _player_count_problem(players: int, rule: PlayerRule) -> str | None:
    """Why a hand of this many players is not imported: --players, when given, or more than a
    Hold'em deal can have."""
    if rule.minimum is not None:
        return rule.check(players, None, HOLDEM)
    if players > HOLDEM.max_players:
        return f"a Hold'em deal has 2 to {HOLDEM.max_players} players, found {players}"
    return None


def _date(details: HandDetails) -> datetime.date | str | None:
    """The hand's date when the file gives its year, month and day; a message if they are not
    a date."""
    for name, value, most in (("month", details.month, 12), ("day", details.day, 31)):
        if value is not None and not 1 <= value <= most:
            return f"field {name!r} is {number_text(value)}: a {name} is 1 to {most}"
    if details.year is None or details.month is None or details.day is None:
        return None
    try:
        return datetime.date(details.year, details.month, details.day)
    except ValueError as exc:
        return f"fields 'year', 'month' and 'day' are not a date ({exc})"
    except OverflowError:  # past a C integer
        parts = {"year": details.year, "month": details.month, "day": details.day}
        name, value = max(parts.items(), key=lambda part: abs(part[1] or 0))
        return (f"fields 'year', 'month' and 'day' are not a date ({name} is out of range: "
                f"{number_text(value)})")
