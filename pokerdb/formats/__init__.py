"""Reading deal files: a stream of `DealBatch` (the valid deals of some thousands of lines) and
`Rejected` (one bad line) records.

PE54: 5*k cards per line, one deal of k players. UCI: the UCI Machine Learning Repository "Poker
Hand" CSV, one labelled hand per row. Hold'em: a board and each player's two hole cards, groups
separated by '|'. Readers take raw (bytes) lines, so files of any size stream through in
constant memory. Each bad line becomes a `Rejected` carrying the reason; the importer decides
whether that aborts the import or is recorded and skipped. PHH hand histories are TOML, not
lines: their input (pokerdb.formats.phh_input) yields batches of settled hands, and a
`Rejected` for
each invalid hand (`open_input` gives each format's input).
"""

import os
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import islice
from typing import TYPE_CHECKING, Protocol, cast

from pokerdb.errors import quoted
from pokerdb.formats.sources import MAX_LINE_BYTES, OverlongLine, Source, content_sha256, open_lines
from pokerdb.rules.cards import CARDS_PER_HAND, explain_bad_card, normalise_card
from pokerdb.rules.games import FIVE_CARD, HOLDEM, Game

if TYPE_CHECKING:
    from pokerdb.rules.hand_batches import HandBatch

UTF8_BOM = "\ufeff"
BATCH_LINES = 20_000
# A rejected line is kept as its first REJECTED_RAW_CHARS characters and its length: enough
# to see what is wrong, and a file of long bad lines cannot fill the rejects table.
REJECTED_RAW_CHARS = 200
# Bytes of lines read at once: a chunk ends at BATCH_LINES lines or this many bytes, so that
# long (bad) lines cannot make it hold gigabytes; deal lines never reach it.
BATCH_BYTES = 4 << 20
_PIECE_LINES = 256


class InputFormat(StrEnum):
    """The file formats `pokerdb import` reads; the value is stored in `datasets.format`."""

    PE54 = "pe54"
    UCI = "uci"
    HOLDEM = "holdem"
    PHH = "phh"  # hand histories: files of one hand or many, or a folder of them
    POKERSTARS = "pokerstars"  # PokerStars hand histories: files of many, or a folder

    @property
    def game(self) -> Game:
        return FIVE_CARD if self in (InputFormat.PE54, InputFormat.UCI) else HOLDEM

    @property
    def item(self) -> str:
        """What holds one deal, as messages count invalid ones: a line, or a recorded hand."""
        return "hand" if self.records_hands else "line"

    @property
    def records_hands(self) -> bool:
        """Whether it holds recorded hands (hand histories), read by formats.phh_input."""
        return self in (InputFormat.PHH, InputFormat.POKERSTARS)

    @property
    def reads_folders(self) -> bool:
        return self.records_hands

    @property
    def settles(self) -> bool:
        """Whether its import evaluates every hand itself (settling a recorded hand's pots)."""
        return self.records_hands

    @property
    def more_per_hand(self) -> bool:
        """Whether its import writes more rows per hand than its cards and values: a UCI row's
        label (hand_labels), a recorded hand's seat (seats)."""
        return self is InputFormat.UCI or self.records_hands

    @classmethod
    def of_path(cls, name: str) -> "InputFormat":
        """The format of a path given without --format: pokerstars for a file that starts as
        a PokerStars hand history does (or a folder whose first file does, without PHH
        files), phh for a folder or a `.phh`/`.phhs` file (gzipped too), else pe54."""
        from pokerdb.formats.phh import is_phh_name  # the CLI imports this for its option types
        from pokerdb.formats.pokerstars import is_pokerstars_path

        if is_pokerstars_path(name):
            return cls.POKERSTARS
        return cls.PHH if is_phh_name(name) or os.path.isdir(name) else cls.PE54


@dataclass
class DealBatch:
    """The valid deals among consecutive lines, in file order."""

    line_nos: list[int] = field(default_factory=list)
    # Each deal's hands, normalised and joined by spaces (see Game.hand_stride).
    texts: list[str] = field(default_factory=list)
    labels: list[int | None] = field(default_factory=list)  # UCI: the CLASS each row claims
    # Each deal's board in normal form ("" before the flop), for a game with a board; else empty.
    boards: list[str] = field(default_factory=list)
    game: Game = FIVE_CARD

    def __len__(self) -> int:
        return len(self.line_nos)

    def hand_count(self) -> int:
        return (sum(map(len, self.texts)) + len(self.texts)) // self.game.hand_stride


@dataclass(frozen=True)
class Rejected:
    line_no: int  # the line, or the hand's position in a hand history dataset
    # The line without its ending, undecodable bytes and NUL escaped; its first
    # REJECTED_RAW_CHARS characters and "..." when it is longer. A hand's: its source.
    raw: str
    reason: str
    line_bytes: int  # the whole line's length in bytes, without its ending (a hand's: raw's)
    where: str | None = None  # names a hand in messages (its file, and #KEY in a .phhs)


def _rejected(line_no: int, raw: bytes, reason: str) -> Rejected:
    length = raw.length if isinstance(raw, OverlongLine) else len(raw.rstrip(b"\r\n"))
    text = _raw_text(raw[:4 * REJECTED_RAW_CHARS])  # enough bytes for the characters kept
    if len(text) > REJECTED_RAW_CHARS or length > 4 * REJECTED_RAW_CHARS:
        text = text[:REJECTED_RAW_CHARS] + "..."
    return Rejected(line_no, text, reason, length)


Items = Iterator["DealBatch | HandBatch | Rejected"]


@dataclass
class Opened:
    """A source opened for import: its deals and rejected lines or hands, how many of its
    bytes (as stored) have been read, and the sha256 of its content read so far (complete once
    the items are)."""

    items: Items
    bytes_read: Callable[[], int]
    sha256: Callable[[], str]


class Input(Protocol):
    """A source as a format reads it."""

    def sha256(self) -> str | None:
        """Its content's hash before the import, to skip content imported before; None for a
        stream (known once read)."""

    def opened(self, rule: "PlayerRule") -> AbstractContextManager[Opened]: ...


@dataclass(frozen=True)
class LineInput:
    """A deal file of one deal per line."""

    file_format: "InputFormat"
    source: Source

    def sha256(self) -> str | None:
        return None if self.source.is_stream else content_sha256(self.source)

    @contextmanager
    def opened(self, rule: "PlayerRule") -> Iterator[Opened]:
        with open_lines(self.source) as lines:
            yield Opened(read_deals(self.file_format, lines.lines, rule), lines.bytes_read,
                         lines.sha256)


def open_input(file_format: InputFormat, source: Source) -> Input:
    """The source as read in `file_format`."""
    if file_format is InputFormat.PHH:
        from pokerdb.formats.phh_input import HandHistories  # numpy, and the replay

        return HandHistories(source)
    if file_format is InputFormat.POKERSTARS:
        from pokerdb.formats.phh_input import HandHistories
        from pokerdb.formats.pokerstars import POKERSTARS_READER

        return HandHistories(source, POKERSTARS_READER)
    return LineInput(file_format, source)


@dataclass(frozen=True)
class PlayerRule:
    """Which player counts a file may hold; by default every deal has as many as the first."""

    minimum: int | None = None
    maximum: int | None = None

    @classmethod
    def parse(cls, text: str | None) -> "PlayerRule":
        """`None` (same as the first deal), "N", "N-M" or "any"."""
        if text is None:
            return cls()
        if text == "any":
            return cls(1, None)
        low, _, high = text.partition("-")
        try:
            minimum, maximum = int(low), int(high or low)
        except ValueError:
            raise ValueError(f"--players {text!r}: expected N, N-M or 'any'") from None
        if not 1 <= minimum <= maximum:
            raise ValueError(f"--players {text!r}: counts must be at least 1, low to high")
        return cls(minimum, maximum)

    @property
    def allowed(self) -> str:
        """The player counts allowed, as written after --players."""
        if self.minimum is None:
            return "as many as the first deal"
        if self.minimum == self.maximum:
            return f"{self.minimum}"
        return f"{self.minimum}-{self.maximum or 'any'}"

    def check(self, players: int, first_players: int | None,
              game: Game = FIVE_CARD) -> str | None:
        """Why a deal of `players` hands is not allowed here, or None if it is."""
        if self.minimum is None:
            if first_players is None or players == first_players:
                return None
            if game.board_cards:
                return (f"expected {first_players} players like the first deal, found "
                        f"{players}; use --players to allow mixed player counts")
            return (f"expected {first_players * CARDS_PER_HAND} cards like the first deal "
                    f"({first_players} players), found {players * CARDS_PER_HAND}; "
                    f"use --players to allow mixed player counts")
        if players < self.minimum or (self.maximum is not None and players > self.maximum):
            noun = "player" if players == 1 else "players"
            return f"deal of {players} {noun}, but --players allows {self.allowed}"
        return None


def read_deals(file_format: InputFormat, lines: Iterable[bytes],
               rule: PlayerRule) -> Iterator[DealBatch | Rejected]:
    """The deals and rejected lines of a file in `file_format` (UCI rows are one hand each, so
    the player rule does not apply to them)."""
    if file_format is InputFormat.UCI:
        return read_uci(lines)
    if file_format is InputFormat.HOLDEM:
        return read_holdem(lines, rule)
    return read_pe54(lines, rule)


# --- PE54 ------------------------------------------------------------------------------------

def read_pe54(lines: Iterable[bytes], rule: PlayerRule,
              batch_lines: int = BATCH_LINES) -> Iterator[DealBatch | Rejected]:
    """Deals and rejected lines of a PE54 file given as raw lines; blank lines are skipped."""
    return _read_deal_lines(lines, rule, batch_lines, _PE54_LINES)


@dataclass(frozen=True)
class _LineFormat:
    """What a file of one deal per line differs in: its game, how a line's hands are told (or
    why it is not a deal), how a chunk of lines in normal form is read the fast way ((boards,
    hands texts), or None when some line is not in normal form), and how one line is read."""

    game: Game
    hands_of: Callable[[str], tuple[str, ...] | str]
    canonical: Callable[[list[bytes], int], tuple[list[str], list[str]] | None]
    deal_of: Callable[[int, bytes, PlayerRule, int], tuple[str, str] | Rejected | None]


def _read_deal_lines(lines: Iterable[bytes], rule: PlayerRule, batch_lines: int,
                     line_format: _LineFormat) -> Iterator[DealBatch | Rejected]:
    """Deals (the board, then the hands joined by spaces) and rejected lines of a file of one
    deal per line; blank lines are skipped."""
    game = line_format.game
    first_players = 0  # players in the first deal; 0 until there is one
    line_no = 0
    for chunk in _chunks(lines, batch_lines):
        players = first_players or _players_of_first_line(chunk, line_format.hands_of, rule)
        canonical = line_format.canonical(chunk, players) if players else None
        if canonical is not None:
            first_players = players
            boards, texts = canonical
            yield DealBatch(list(range(line_no + 1, line_no + len(chunk) + 1)), texts,
                            boards=boards, game=game)
            line_no += len(chunk)
            continue
        batch = DealBatch(game=game)
        for raw in chunk:
            line_no += 1
            deal = line_format.deal_of(line_no, raw, rule, first_players)
            if isinstance(deal, Rejected):
                yield deal
            elif deal is not None:
                board, hands = deal
                batch.line_nos.append(line_no)
                batch.texts.append(hands)
                if game.board_cards:
                    batch.boards.append(board)
                first_players = first_players or (len(hands) + 1) // game.hand_stride
        if batch:
            yield batch


def _players_of_first_line(chunk: list[bytes], hands_of: Callable[[str], tuple[str, ...] | str],
                           rule: PlayerRule) -> int:
    """The players of the chunk's first line if it is a deal the rule allows (`hands_of` gives
    its hands, or why it is not a deal), so that a file's first chunk can be read the fast way
    too; else 0."""
    try:
        hands = hands_of(chunk[0].decode("ascii"))
    except UnicodeDecodeError:
        return 0
    if isinstance(hands, str) or not hands or rule.check(len(hands), None) is not None:
        return 0
    return len(hands)


def _chunks(lines: Iterable[bytes], size: int) -> Iterator[list[bytes]]:
    """Lines `size` at a time, or fewer once they hold BATCH_BYTES. They are taken a few
    hundred at a time (each at most MAX_LINE_BYTES), which costs nothing per line."""
    iterator = iter(lines)
    chunk: list[bytes] = []
    held = 0
    while piece := list(islice(iterator, min(_PIECE_LINES, size - len(chunk)))):
        chunk += piece
        held += sum(map(len, piece))
        if len(chunk) == size or held >= BATCH_BYTES:
            yield chunk
            chunk, held = [], 0
    if chunk:
        yield chunk


def _canonical_texts(chunk: list[bytes], players: int) -> tuple[list[str], list[str]] | None:
    """(no boards, the lines without their endings), if every line is a deal of `players`
    players already in normal form; else None (see _canonical_lines)."""
    lines = _canonical_lines(chunk, " ".join([CARD_SLOT] * (CARDS_PER_HAND * players)))
    return None if lines is None else ([], lines)


CARD_SLOT = "??"  # where a card stands in the template of a line in normal form


def _canonical_lines(chunk: list[bytes], template: str) -> list[str] | None:
    """The lines without their endings, if every line has the template's layout, each CARD_SLOT
    a known upper-case card and none repeated, with "\n" or "\r\n" endings; else None. Nearly
    every chunk of a real file is in normal form, and is then read in a few vectorised steps
    instead of line by line."""
    # Imported here: the CLI imports this module for its option types, and `pokerdb wins`
    # should not pay for loading numpy.
    import numpy as np

    from pokerdb.rules.evaluator import card_codes_at

    width = len(template)  # the line without its ending
    ending = chunk[0][width:]
    if ending not in (b"\n", b"\r\n") or set(map(len, chunk)) != {width + len(ending)}:
        return None
    joined = b"".join(chunk)
    grid = np.frombuffer(joined, dtype=np.uint8).reshape(len(chunk), -1)
    expected = np.frombuffer(template.encode("ascii") + ending, dtype=np.uint8)
    fixed = expected != ord(CARD_SLOT[0])
    if not (grid[:, fixed] == expected[fixed]).all():
        return None
    codes = card_codes_at(grid, [slot.start() for slot in re.finditer(r"\?\?", template)])
    if not codes.all():
        return None
    ordered = np.sort(codes, axis=1)
    if not (ordered[:, 1:] != ordered[:, :-1]).all():
        return None
    return joined.decode("ascii").split(ending.decode())[:-1]


def _pe54_deal(line_no: int, raw: bytes, rule: PlayerRule,
               first_players: int) -> tuple[str, str] | Rejected | None:
    """One line's deal (no board, its hands' text), or why it is rejected; None for a blank
    line."""
    text = _line_text(line_no, raw)
    if isinstance(text, Rejected):
        return text
    cards = text.split()
    parsed = parse_pe54_tokens(_without_bom(cards) if line_no == 1 else cards)
    if not parsed:
        return None
    if isinstance(parsed, str):
        return _rejected(line_no, raw, parsed + _uci_hint(cards))
    reason = rule.check(len(parsed), first_players or None)
    if reason:
        return _rejected(line_no, raw, reason)
    return "", " ".join(parsed)


def parse_pe54_line(text: str) -> tuple[str, ...] | str:
    """The hands of one line (none for a blank line), or the reason the line is not a deal."""
    return parse_pe54_tokens(text.split())


def parse_pe54_tokens(tokens: list[str]) -> tuple[str, ...] | str:
    """The hands of a line's tokens, normalised ("ts" -> "TS"), or why they are not a deal."""
    cards = [normalise_card(token) for token in tokens]
    if None in cards:
        bad = next(t for t, card in zip(tokens, cards, strict=True) if card is None)
        return explain_bad_card(bad)
    if len(cards) % CARDS_PER_HAND:
        return (f"found {_counted(len(cards), 'card')}; a deal is 5 cards per player "
                f"(10 for two players)")
    if len(set(cards)) != len(cards):
        repeated = next(card for i, card in enumerate(cards) if card in cards[:i])
        return f"card '{repeated}' appears twice in the deal"
    return _hands_of(cast(list[str], cards))  # no None left


def _hands_of(cards: list[str]) -> tuple[str, ...]:
    if len(cards) == 2 * CARDS_PER_HAND:  # the usual deal, twice as fast as the general case
        return " ".join(cards[:CARDS_PER_HAND]), " ".join(cards[CARDS_PER_HAND:])
    return tuple(" ".join(cards[i:i + CARDS_PER_HAND])
                 for i in range(0, len(cards), CARDS_PER_HAND))


def _uci_hint(tokens: list[str]) -> str:
    """A pointer to --format uci for a line that looks like a UCI Poker Hand row."""
    if len(tokens) == 1 and tokens[0].count(",") + 1 in (len(UCI_FIELDS) - 1, len(UCI_FIELDS)):
        return "; for UCI Poker Hand rows use --format uci"
    return ""


def _without_bom(tokens: list[str]) -> list[str]:
    if not tokens or not tokens[0].startswith(UTF8_BOM):
        return tokens
    first = tokens[0].removeprefix(UTF8_BOM)
    return [first, *tokens[1:]] if first else tokens[1:]


_PE54_LINES = _LineFormat(FIVE_CARD, parse_pe54_line, _canonical_texts, _pe54_deal)


# --- Texas Hold'em ---------------------------------------------------------------------------

GROUP_SEPARATOR = "|"
HOLDEM_EXAMPLE = "7C 2D 9S 4H 5S | AH KH | QS QD"


def read_holdem(lines: Iterable[bytes], rule: PlayerRule,
                batch_lines: int = BATCH_LINES) -> Iterator[DealBatch | Rejected]:
    """Hold'em deals (a board, then each player's hole cards) and rejected lines, given raw
    lines; blank lines are skipped."""
    return _read_deal_lines(lines, rule, batch_lines, _HOLDEM_LINES)


def holdem_template(board_cards: int, players: int) -> str:
    """The layout of a Hold'em line in normal form, CARD_SLOT for each card."""
    groups = [" ".join([CARD_SLOT] * board_cards)] + [f"{CARD_SLOT} {CARD_SLOT}"] * players
    return " | ".join(groups).lstrip()


def _canonical_holdem(chunk: list[bytes], players: int) -> tuple[list[str], list[str]] | None:
    """(boards, hands texts) of a chunk whose lines are all deals of `players` players with
    boards of one size, in normal form; else None."""
    width = len(chunk[0].rstrip(b"\r\n"))
    for board_cards in HOLDEM.board_sizes:
        template = holdem_template(board_cards, players)
        if len(template) == width:
            lines = _canonical_lines(chunk, template)
            if lines is None:
                return None
            board_width = max(3 * board_cards - 1, 0)
            hands_start = template.index(GROUP_SEPARATOR) + 2
            return ([line[:board_width] for line in lines],
                    [line[hands_start:].replace(" | ", " ") for line in lines])
    return None


def _holdem_deal(line_no: int, raw: bytes, rule: PlayerRule,
                 first_players: int) -> tuple[str, str] | Rejected | None:
    """One line's board and hands' text, or why it is rejected; None for a blank line."""
    text = _line_text(line_no, raw)
    if isinstance(text, Rejected):
        return text
    parsed = parse_holdem_line(text.removeprefix(UTF8_BOM) if line_no == 1 else text)
    if parsed is None:
        return None
    if isinstance(parsed, str):
        return _rejected(line_no, raw, parsed)
    reason = rule.check(len(parsed[1]), first_players or None, HOLDEM)
    if reason:
        return _rejected(line_no, raw, reason)
    return parsed[0], " ".join(parsed[1])


def _holdem_hands(text: str) -> tuple[str, ...] | str:
    """The hands of a Hold'em line, or why it is not a deal."""
    parsed = parse_holdem_line(text)
    return parsed[1] if isinstance(parsed, tuple) else parsed or "a blank line"


def parse_holdem_line(text: str) -> tuple[str, tuple[str, ...]] | str | None:
    """The board and hands of one Hold'em line, normalised ("ah kh" -> "AH KH"); None for a
    blank line; else the reason the line is not a deal."""
    groups = [group.split() for group in text.split(GROUP_SEPARATOR)]
    if len(groups) == 1:
        if not groups[0]:
            return None
        return (f"expected the board and each player's two hole cards, separated by "
                f"'{GROUP_SEPARATOR}' (e.g. '{HOLDEM_EXAMPLE}')")
    board, hands = _normalised(groups[0]), [_normalised(group) for group in groups[1:]]
    for group in (board, *hands):
        if isinstance(group, str):
            return group
    board_cards = cast(list[str], board)
    hole_cards = cast(list[list[str]], hands)
    if len(board_cards) not in HOLDEM.board_sizes:
        return (f"the board has {_counted(len(board_cards), 'card')}; a board has 0 (preflop), "
                f"3 (flop), 4 (turn) or 5 (river)")
    for player, cards in enumerate(hole_cards, start=1):
        if len(cards) != HOLDEM.hole_cards:
            return (f"player {player} has {_counted(len(cards), 'hole card')}; each player has "
                    f"{HOLDEM.hole_cards}")
    if not 2 <= len(hole_cards) <= HOLDEM.max_players:
        return (f"a Hold'em deal has 2 to {HOLDEM.max_players} players, "
                f"found {len(hole_cards)}")
    places = ["on the board"] * len(board_cards) + [
        f"in player {player}'s hand" for player, cards in enumerate(hole_cards, start=1)
        for _ in cards]
    seen: dict[str, str] = {}
    for card, place in zip([*board_cards, *(c for cards in hole_cards for c in cards)], places,
                           strict=True):
        if card in seen:
            where = place if seen[card] == place else f"{seen[card]} and {place}"
            return f"card '{card}' appears twice in the deal ({where})"
        seen[card] = place
    return " ".join(board_cards), tuple(" ".join(cards) for cards in hole_cards)


def _normalised(tokens: list[str]) -> list[str] | str:
    """The cards of a group's tokens in normal form, or why one is not a card."""
    cards = [normalise_card(token) for token in tokens]
    for token, card in zip(tokens, cards, strict=True):
        if card is None:
            return explain_bad_card(token)
    return cast(list[str], cards)


_HOLDEM_LINES = _LineFormat(HOLDEM, _holdem_hands, _canonical_holdem, _holdem_deal)


# --- shared by the readers -------------------------------------------------------------------

def _raw_text(raw: bytes) -> str:
    """A line as storable text: without its ending, bad bytes as \\xNN, NUL (which PostgreSQL
    text cannot hold) as \\x00."""
    return raw.decode("utf-8", "backslashreplace").rstrip("\r\n").replace("\0", "\\x00")


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _line_text(line_no: int, raw: bytes) -> str | Rejected:
    """A line as text, or why it cannot be read: longer than any deal, or not UTF-8."""
    if isinstance(raw, OverlongLine):
        return _overlong(line_no, raw)
    try:
        return raw.decode()
    except UnicodeDecodeError as exc:
        return _not_utf8(line_no, raw, exc)


def _overlong(line_no: int, raw: OverlongLine) -> Rejected:
    return _rejected(line_no, raw,
                    f"line longer than {MAX_LINE_BYTES:,} bytes, far more than one deal "
                    f"(a file holds one deal per line)")


def _not_utf8(line_no: int, raw: bytes, exc: UnicodeDecodeError) -> Rejected:
    return _rejected(line_no, raw,
                    f"not UTF-8 text: byte 0x{raw[exc.start]:02x} at column {exc.start + 1}")


# --- UCI Poker Hand --------------------------------------------------------------------------

# https://archive.ics.uci.edu/dataset/158/poker+hand: suits 1-4 are Hearts, Spades, Diamonds,
# Clubs; ranks 1-13 are Ace, 2, ..., King; CLASS 0-9 counts as our categories do.
UCI_SUITS = {"1": "H", "2": "S", "3": "D", "4": "C"}
UCI_RANKS = {str(number): rank for number, rank in enumerate("A23456789TJQK", start=1)}
UCI_CLASSES = {str(number): number for number in range(10)}
UCI_FIELDS = (*(f"{kind}{card}" for card in range(1, 6) for kind in "SC"), "CLASS")
_UCI_MEANING = {
    "S": "suits are 1-4: Hearts, Spades, Diamonds, Clubs",
    "C": "ranks are 1-13: Ace, 2-10, Jack, Queen, King",
    "CLASS": "classes are 0-9: High Card to Royal Flush",
}


def read_uci(lines: Iterable[bytes]) -> Iterator[DealBatch | Rejected]:
    """One-player deals, labelled with CLASS when the row has one, and rejected rows; blank
    lines and a header row (S1,C1,...) are skipped."""
    line_no = 0
    for chunk in _chunks(lines, BATCH_LINES):
        batch = DealBatch()
        for raw in chunk:
            line_no += 1
            row = _uci_row(line_no, raw)
            if isinstance(row, Rejected):
                yield row
            elif row is not None:
                batch.line_nos.append(line_no)
                batch.texts.append(row[0])
                batch.labels.append(row[1])
        if batch:
            yield batch


def _uci_row(line_no: int, raw: bytes) -> tuple[str, int | None] | Rejected | None:
    """One row's hand and CLASS, or why it is rejected; None for a blank line or the header."""
    text = _line_text(line_no, raw)
    if isinstance(text, Rejected):
        return text
    fields = [field.strip() for field in text.split(",")]
    if line_no == 1:
        fields[0] = fields[0].removeprefix(UTF8_BOM)
        if tuple(field.upper() for field in fields) in (UCI_FIELDS, UCI_FIELDS[:-1]):
            return None
    if fields == [""]:
        return None  # a blank line
    parsed = parse_uci_fields(fields)
    if isinstance(parsed, str):
        return _rejected(line_no, raw, parsed)
    return parsed


def parse_uci_fields(fields: list[str]) -> tuple[str, int | None] | str:
    """(hand text in file order, CLASS or None) of one row's fields, or why it is not a hand."""
    if len(fields) not in (len(UCI_FIELDS) - 1, len(UCI_FIELDS)):
        return (f"found {_counted(len(fields), 'field')}; a row is S1,C1,...,S5,C5 and an "
                f"optional CLASS, 10 or 11 numbers separated by commas")
    cards: list[str] = []
    for index in range(0, len(UCI_FIELDS) - 1, 2):
        suit, rank = UCI_SUITS.get(fields[index]), UCI_RANKS.get(fields[index + 1])
        if suit is None:
            return _bad_uci_field(fields, index, "S")
        if rank is None:
            return _bad_uci_field(fields, index + 1, "C")
        card = rank + suit
        if card in cards:
            first = 2 * cards.index(card) + 1
            return (f"card '{card}' appears twice in the hand "
                    f"(fields {first}-{first + 1} and {index + 1}-{index + 2})")
        cards.append(card)
    label = None
    if len(fields) == len(UCI_FIELDS):
        label = UCI_CLASSES.get(fields[-1])
        if label is None:
            return _bad_uci_field(fields, len(UCI_FIELDS) - 1, "CLASS")
    return " ".join(cards), label


def _bad_uci_field(fields: list[str], index: int, kind: str) -> str:
    value = fields[index]
    where = f"field {index + 1} ({UCI_FIELDS[index]})"
    if not value:
        problem = "is empty"
    elif value.isascii() and value.isdigit() and str(int(value)) == value:
        problem = f"is {value}, out of range"
    else:
        problem = f"is {quoted(value)}, not a plain number"
    return f"{where} {problem} ({_UCI_MEANING[kind]})"
