"""Importing PHH hand histories: a `.phh` or `.phhs` file, or a folder of them, read as one
dataset whose hands are replayed, settled and staged for storing.

`HandHistories(source)` is the import's input (see formats.open_input). `sha256()` reads every
file once, in path order, and hashes the contents the import then parses. They are kept in
memory up to KEPT_BYTES; the files beyond are read again as the import reaches them. The import
hashes what it parses again, and fails if that changed meanwhile. `opened(rule)` yields a
`HandBatch` of settled hands for every BATCH_HANDS valid ones, and a `Rejected` for each invalid
hand: its position in the dataset, its source, and why.

Settling a batch: each hand is replayed under its variant's rules (settlement.replay); the best
five of seven of every seat whose hole cards and board are known are evaluated for the whole
batch at once (evaluator.best_strengths and best_five); then each pot goes to the best of its
seats' hands (settlement.award). `HandBatch.staged` lays out the rows of deals, hand_cards,
hand_values, seats and actions, which `StagedHands.store` writes.
"""

import datetime
import hashlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from itertools import repeat
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection

from pokerdb import bulk, evaluation
from pokerdb.errors import InputError
from pokerdb.evaluator import best_five, best_strengths, card_codes
from pokerdb.formats import Opened, PlayerRule, Rejected
from pokerdb.games import HOLDEM
from pokerdb.phh import HandDetails, PhhError, PhhFile, PhhHand, parse_file, phh_files
from pokerdb.schema import actions, deals, hand_cards, seats
from pokerdb.settlement import Replayed, Settlement, award, replay
from pokerdb.sources import Source

BATCH_HANDS: Final = 500
KEPT_BYTES: Final = 64 << 20  # of file contents kept from hashing to importing
MAX_STREAM_BYTES: Final = 256 << 20  # of hand histories read from stdin (or a pipe), whole
DEAL_COLUMNS: Final = ("id", "dataset_id", "line_no", "winner", "board", "source", "variant",
                       "hand_number", "event", "venue", "table_name", "date", "time",
                       "time_zone", "currency", "allin_board")
CARD_COLUMNS: Final = ("deal_id", "player", "cards")
SEAT_COLUMNS: Final = ("deal_id", "player", "name", "starting_stack", "showed", "put_in", "net",
                       "winnings", "finishing_stack", "allin_stake", "allin_pot")
ACTION_COLUMNS: Final = ("deal_id", "seq", "player", "action")
assert set(DEAL_COLUMNS) == set(deals.c.keys())
assert set(SEAT_COLUMNS) == set(seats.c.keys())
_BOARD_WIDTH: Final = 3 * HOLDEM.board_cards - 1  # a complete board's text
_ROW_WIDTH: Final = 3 * HOLDEM.cards_per_hand  # "AH KH 7C 2D 9S 4H 5S ": a seat to evaluate
# TOML escapes that put NUL, which PostgreSQL text cannot hold, in a string.
_NUL_ESCAPES: Final = (b"\\u0000", b"\\U00000000")


class HandHistories:
    """A `.phh`/`.phhs` file (or stdin) or a folder of them, as an import's input."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.folder = source.path is not None and source.path.is_dir()
        self.files = (phh_files(source.path) if self.folder and source.path is not None
                      else [PhhFile(Path(source.label).name, source.path or Path(source.label))])
        # Per file read by sha256 and kept (up to KEPT_BYTES): the bytes hashed and its content,
        # or why it cannot be read; None for a file to read again.
        self.kept: list[tuple[bytes, bytes | PhhError] | None] = []
        self.sizes: list[int] = []  # per file read by sha256: bytes on disk

    def sha256(self) -> str | None:
        """The sha256 of the files' contents in path order (decompressed when gzip); None for
        stdin, hashed as the import reads it."""
        if self.source.is_stream:
            return None
        if not self.files:
            raise InputError(self.source.label, None, "no .phh or .phhs files in the folder")
        whole = hashlib.sha256()
        self.kept, self.sizes = [], []
        kept_bytes = 0
        for file in self.files:
            raw = _raw(file)
            hashed, content = _content(file, raw)
            whole.update(hashed)
            self.sizes.append(len(raw) if isinstance(raw, bytes) else 0)
            kept_bytes += len(hashed)
            self.kept.append((hashed, content) if kept_bytes <= KEPT_BYTES else None)
        return whole.hexdigest()

    @contextmanager
    def opened(self, rule: PlayerRule) -> Iterator[Opened]:
        """The settled hands and the invalid ones (after sha256), the bytes read so far, and
        the hash of the contents read."""
        digest = hashlib.sha256()
        read = [0]
        yield Opened(self._batches(rule, digest, read), lambda: read[0], digest.hexdigest)

    def _contents(self, digest: "hashlib._Hash", read: list[int]
                  ) -> Iterator[tuple[PhhFile, bytes | PhhError]]:
        """Each file and its content, or why it cannot be read: as sha256 kept it, else read
        again (stdin: for the first time). The bytes hashed pass through `digest`, the bytes on
        disk are counted in `read`."""
        for index, file in enumerate(self.files):
            kept = self.kept[index] if index < len(self.kept) else None
            if kept is None:
                raw = self._stream() if self.source.stream is not None else _raw(file)
                kept = _content(file, raw)
                size = len(raw) if isinstance(raw, bytes) else 0
            else:
                size = self.sizes[index]
            digest.update(kept[0])
            read[0] += size
            yield file, kept[1]

    def _batches(self, rule: PlayerRule, digest: "hashlib._Hash",
                 read: list[int]) -> Iterator["HandBatch | Rejected"]:
        pending = _Pending()
        position = 0
        for file, content in self._contents(digest, read):
            found = (parse_file(file, content) if isinstance(content, bytes) else (content,))
            with_nul = isinstance(content, bytes) and any(
                escape in content for escape in _NUL_ESCAPES)
            for item in found:
                position += 1
                hand = _without_nul(item) if with_nul and isinstance(item, PhhHand) else item
                problem = hand if isinstance(hand, PhhError) else pending.add(position, hand, rule)
                if problem is not None:
                    yield Rejected(position, problem.source, problem.message,
                                   len(problem.source.encode()), self._where(problem.source))
                elif len(pending) == BATCH_HANDS:
                    yield pending.settled()
                    pending = _Pending()
        if len(pending):
            yield pending.settled()

    def _stream(self) -> bytes:
        """The whole of stdin (or another stream): one file's content, within bounds."""
        assert self.source.stream is not None
        data = self.source.stream.read(MAX_STREAM_BYTES + 1)
        if len(data) > MAX_STREAM_BYTES:
            raise InputError(self.source.label, None,
                             f"more than {MAX_STREAM_BYTES:,} bytes: hand histories are read "
                             f"whole; import this many from files")
        return data

    def _where(self, source: str) -> str:
        """A hand's source as the user can find it: in the folder or file imported."""
        if self.folder:
            return f"{self.source.label.rstrip('/')}/{source}"
        return self.source.label + source.removeprefix(self.files[0].source)


def _raw(file: PhhFile) -> bytes | PhhError:
    """The file's bytes as stored, or why it cannot be read."""
    try:
        return file.read()
    except PhhError as error:
        return error


def _content(file: PhhFile, raw: bytes | PhhError) -> tuple[bytes, bytes | PhhError]:
    """The bytes to hash (the content; as stored if it cannot be decompressed) and the content
    or why it cannot be read, of a file's bytes."""
    if isinstance(raw, PhhError):
        return b"", raw
    try:
        content = file.decompressed(raw)
    except PhhError as error:
        return raw, error
    return content, content


def _without_nul(hand: PhhHand) -> PhhHand:
    """The hand with NUL in its texts spelled \\x00, as `rejects.raw` does."""
    def clean(text: str) -> str:
        return text.replace("\0", "\\x00")

    texts: dict[str, Any] = {name: clean(value) for name in HandDetails.__slots__
                             if isinstance(value := getattr(hand.details, name), str)}
    details = replace(hand.details, **texts)
    return replace(hand, actions=tuple(map(clean, hand.actions)), details=details,
                   players=None if hand.players is None else tuple(map(clean, hand.players)))


@dataclass(frozen=True, slots=True)
class _Replayed:
    position: int  # in the dataset, 1-based
    replayed: Replayed
    date: datetime.date | None


class _Pending:
    """Valid hands replayed, waiting to be settled as one batch."""

    def __init__(self) -> None:
        self.hands: list[_Replayed] = []

    def __len__(self) -> int:
        return len(self.hands)

    def add(self, position: int, hand: PhhHand, rule: PlayerRule) -> PhhError | None:
        """Replay the hand and keep it, or say why it is invalid."""
        problem = _player_count_problem(hand.player_count, rule)
        if problem is not None:
            return hand.error(problem)
        date = _date(hand.details)
        if isinstance(date, str):
            return hand.error(date)
        try:
            replayed = replay(hand)
        except PhhError as error:
            return error
        self.hands.append(_Replayed(position, replayed, date))
        return None

    def settled(self) -> "HandBatch":
        """The hands settled: every seat with a showdown value evaluated at once, then each
        hand's pots awarded."""
        counts = [hand.replayed.hand.player_count for hand in self.hands]
        evaluated: list[int] = []  # seats (numbered through the batch) with a value
        rows: list[str] = []
        first_seat = 0
        for hand, count in zip(self.hands, counts, strict=True):
            board = hand.replayed.board
            if board is not None and len(board) == _BOARD_WIDTH:
                for seat, hole in enumerate(hand.replayed.hole_cards, start=first_seat):
                    if hole is not None:
                        evaluated.append(seat)
                        rows.append(f"{hole} {board} ")
            first_seat += count
        strength = np.zeros(first_seat, dtype=np.int32)
        best = np.zeros(first_seat, dtype=np.int32)
        if rows:
            codes = card_codes(np.frombuffer("".join(rows).encode("ascii"), dtype=np.uint8)
                               .reshape(-1, _ROW_WIDTH))
            values = best_strengths(codes)
            strength[evaluated] = values
            best[evaluated] = best_five(codes, values)
        each = strength.tolist()
        settlements = []
        first_seat = 0
        for hand, count in zip(self.hands, counts, strict=True):
            replayed = hand.replayed
            settlements.append(award(replayed, [each[first_seat + seat - 1]
                                                for seat in replayed.showdown]))
            first_seat += count
        return HandBatch(self.hands, settlements, np.array(counts, dtype=np.int64), strength,
                         best)


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
    if details.year is None or details.month is None or details.day is None:
        return None
    try:
        return datetime.date(details.year, details.month, details.day)
    except ValueError as exc:
        return f"fields 'year', 'month' and 'day' are not a date ({exc})"


@dataclass(frozen=True)
class HandBatch:
    """Consecutive valid hands of a dataset, settled and evaluated."""

    hands: list[_Replayed]
    settlements: list[Settlement]
    players: npt.NDArray[np.int64]  # per hand
    # Per seat, hand by hand: the strength (0: no showdown value) and best five (0: none).
    strength: npt.NDArray[np.int32]
    best: npt.NDArray[np.int32]

    def __len__(self) -> int:
        return len(self.hands)

    def hand_count(self) -> int:
        """Seats, as pokerdb counts a player's hand."""
        return len(self.strength)

    def staged(self, dialect: str, dataset_id: int, first_id: int) -> "StagedHands":
        """The rows of the batch's deals, numbered from first_id; needs no connection."""
        deal_rows: list[bulk.Row] = []
        card_rows: list[bulk.Row] = []
        seat_rows: list[bulk.Row] = []
        action_rows: list[bulk.Row] = []
        for deal_id, hand, settlement in zip(range(first_id, first_id + len(self.hands)),
                                             self.hands, self.settlements, strict=True):
            replayed = hand.replayed
            phh_hand = replayed.hand
            details = phh_hand.details
            all_in = replayed.all_in
            deal_rows.append((
                deal_id, dataset_id, hand.position, settlement.winner, replayed.board,
                phh_hand.source, phh_hand.variant, details.hand, details.event, details.venue,
                details.table, None if hand.date is None else hand.date.isoformat(),
                None if details.time is None else details.time.isoformat(), details.time_zone,
                details.currency, None if all_in is None else all_in.board))
            count = phh_hand.player_count
            card_rows.extend(zip(repeat(deal_id, count), range(1, count + 1),
                                 replayed.hole_cards, strict=True))
            seat_rows.extend(_seat_rows(deal_id, replayed, settlement))
            count = len(phh_hand.actions)
            action_rows.extend(zip(repeat(deal_id, count), range(1, count + 1),
                                   replayed.actors, phh_hand.actions, strict=True))
        deal_ids = np.repeat(np.arange(first_id, first_id + len(self.hands)), self.players)
        seat_starts = np.repeat(np.cumsum(self.players) - self.players, self.players)
        players = np.arange(1, len(deal_ids) + 1) - seat_starts
        winners = np.array([settlement.winner for settlement in self.settlements],
                           dtype=np.int64)
        return StagedHands(
            len(self.hands), len(self.strength),
            bulk.stage_rows(dialect, deals, DEAL_COLUMNS, deal_rows),
            bulk.stage_rows(dialect, hand_cards, CARD_COLUMNS, card_rows),
            evaluation.settled_deals(dialect, dataset_id, first_id, deal_ids, players,
                                     self.strength, self.best, winners),
            bulk.stage_rows(dialect, seats, SEAT_COLUMNS, seat_rows),
            bulk.stage_rows(dialect, actions, ACTION_COLUMNS, action_rows))


def _seat_rows(deal_id: int, replayed: Replayed, settlement: Settlement) -> list[bulk.Row]:
    """The seats of one hand: name, amounts (exact, in the hand's unit), showed, and the
    stakes and pots of an all-in before the river."""
    hand = replayed.hand
    count = hand.player_count
    stake: Sequence[int | None] = [None] * count
    pot: Sequence[int | None] = [None] * count
    if replayed.all_in is not None:
        contesting = set(replayed.all_in.seats)
        stake = [paid if seat in contesting else None
                 for seat, paid in enumerate(replayed.all_in.put_in, start=1)]
        pot = [sum(each.amount for each in replayed.all_in.pots if seat in each.seats)
               if seat in contesting else None for seat in range(1, count + 1)]
    money = _money(hand)
    return list(zip(
        [deal_id] * count, range(1, count + 1), hand.players or [None] * count,
        money(hand.starting_stacks), settlement.showed, money(replayed.put_in),
        money(settlement.net), money(hand.winnings or [None] * count),
        money(hand.finishing_stacks or [None] * count), money(stake), money(pot), strict=True))


def _money(hand: PhhHand) -> Callable[[Sequence[int | None]], Sequence[int | str | None]]:
    """Amounts in the hand's units as stored: whole chips as integers, decimals as their exact
    text (which both backends read as a NUMERIC value)."""
    if not hand.exponent:
        return lambda units: units

    def decimals(units: Sequence[int | None]) -> list[str | None]:
        return [None if value is None else str(hand.amount(value)) for value in units]

    return decimals


@dataclass(frozen=True)
class StagedHands:
    """A batch of recorded hands made ready, by HandBatch.staged, to store."""

    deals: int
    hands: int
    deal_rows: bulk.StagedRows
    card_rows: bulk.StagedRows
    values: evaluation.Window
    seat_rows: bulk.StagedRows
    action_rows: bulk.StagedRows

    def store(self, connection: Connection, described: set[int],
              spool: bulk.ValueSpool | None = None) -> None:
        """Store the batch in the caller's transaction (in the order their references need);
        `described` and `spool` as in evaluation.store."""
        bulk.insert_staged_rows(connection, self.deal_rows)
        bulk.insert_staged_rows(connection, self.card_rows)
        evaluation.store(connection, self.values, described, spool)
        bulk.insert_staged_rows(connection, self.seat_rows)
        bulk.insert_staged_rows(connection, self.action_rows)
