"""Files of one deal per line (PE54, Hold'em, UCI), read the same way: raw (bytes) lines taken
in chunks, so files of any size stream through in constant memory, each chunk becoming a
`DealBatch` of its valid deals and a `Rejected` for each bad line. A chunk whose lines are all
in normal form (nearly every chunk of a real file) is read in a few vectorised steps instead of
line by line. What a format differs in is its `LineFormat`.
"""

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING

from pokerdb.formats.input import DealBatch, LineReader, PlayerRule, Rejected
from pokerdb.formats.sources import MAX_LINE_BYTES, OverlongLine
from pokerdb.rules.games import Game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

BATCH_LINES = 20_000
# A rejected line is kept as its first REJECTED_RAW_CHARS characters and its length: enough
# to see what is wrong, and a file of long bad lines cannot fill the rejects table.
REJECTED_RAW_CHARS = 200
# Bytes of lines read at once: a chunk ends at BATCH_LINES lines or this many bytes, so that
# long (bad) lines cannot make it hold gigabytes; deal lines never reach it.
BATCH_BYTES = 4 << 20
_PIECE_LINES = 256
CARD_SLOT = "??"  # where a card stands in the template of a line in normal form


@dataclass(frozen=True)
class LineFormat:
    """What a file of one deal per line differs in: its game, how a line's hands are told (or
    why it is not a deal), how a chunk of lines in normal form is read the fast way ((boards,
    hands texts), or None when some line is not in normal form), and how one line is read:
    (its board, its hands joined by spaces), why it is rejected, or None for a blank line."""

    game: Game
    hands_of: Callable[[str], tuple[str, ...] | str]
    canonical: Callable[[list[bytes], int], tuple[list[str], list[str]] | None]
    deal_of: Callable[[int, bytes, PlayerRule, int], tuple[str, str] | Rejected | None]


def reader_of_game(lines_of: Callable[[Game], "LineFormat"]) -> Callable[[Game], LineReader]:
    """For a format reading several games' lines (`lines_of` a game's LineFormat): the line
    reader of each game, as FormatDescription.reader_of gives it."""
    def reader(game: Game) -> LineReader:
        def read(lines: Iterable[bytes], rule: PlayerRule) -> Iterator[DealBatch | Rejected]:
            return read_deal_lines(lines, rule, BATCH_LINES, lines_of(game))
        return read
    return reader


def read_deal_lines(lines: Iterable[bytes], rule: PlayerRule, batch_lines: int,
                    line_format: LineFormat) -> Iterator[DealBatch | Rejected]:
    """Deals (the board, then the hands joined by spaces) and rejected lines of a file of one
    deal per line; blank lines are skipped."""
    game = line_format.game
    first_players = 0  # players in the first deal; 0 until there is one
    line_no = 0
    for chunk in chunks(lines, batch_lines):
        fast = _canonical_chunk(chunk, line_format, rule, first_players)
        if fast is not None:
            first_players, (boards, texts) = fast
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


def _canonical_chunk(chunk: list[bytes], line_format: LineFormat, rule: PlayerRule,
                     first_players: int) -> tuple[int, tuple[list[str], list[str]]] | None:
    """(the players of the file's first deal, (boards, hands texts) in line order) of a chunk
    whose lines are all deals in normal form that the rule allows; else None, and the chunk is
    read line by line. Lines of different player counts or board sizes are laid out in lines
    of different lengths: the chunk is read the fast way one length at a time (a file of mixed
    tables costs per hand what a file of one player count does), then put back in line order."""
    import numpy as np  # see canonical_lines

    lengths = np.fromiter(map(len, chunk), dtype=np.int64, count=len(chunk))
    if (lengths == lengths[0]).all():
        groups, order = [chunk], None
    else:
        order = np.argsort(lengths, kind="stable")
        starts = np.flatnonzero(np.r_[True, np.diff(lengths[order]) != 0]).tolist()
        in_order = list(map(chunk.__getitem__, order.tolist()))
        groups = [in_order[start:end]
                  for start, end in zip(starts, [*starts[1:], len(chunk)], strict=True)]
    first_players = first_players or _players_of_first_line(chunk, line_format.hands_of, rule)
    if not first_players:
        return None
    boards: list[str] = []
    texts: list[str] = []
    for group in groups:
        players = _players_of_first_line(group, line_format.hands_of, rule)
        if not players or rule.check(players, first_players, line_format.game) is not None:
            return None
        canonical = line_format.canonical(group, players)
        if canonical is None:
            return None
        boards += canonical[0]
        texts += canonical[1]
    if order is None:
        return first_players, (boards, texts)
    # Element k of the groups' lists is line order[k]: line i is element back[i].
    back = np.argsort(order).tolist()
    return first_players, (list(map(boards.__getitem__, back)) if boards else boards,
                           list(map(texts.__getitem__, back)))


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


def chunks(lines: Iterable[bytes], size: int) -> Iterator[list[bytes]]:
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


def canonical_lines(chunk: list[bytes], template: str,
                    deck: tuple[str, ...] | None = None) -> list[str] | None:
    """The lines without their endings, if every line has the template's layout, each CARD_SLOT
    a known upper-case card (of `deck`, when given) and none repeated, with "\n" or "\r\n"
    endings; else None. Nearly
    every chunk of a real file is in normal form, and is then read in a few vectorised steps
    instead of line by line."""
    # Imported here: the CLI imports the formats for its option types, and `pokerdb wins`
    # should not pay for loading numpy.
    import numpy as np

    from pokerdb.rules.evaluators import card_codes_at

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
    if deck is not None and len(deck) < 52 and not np.isin(codes, _codes_of(deck)).all():
        return None
    ordered = np.sort(codes, axis=1)
    if not (ordered[:, 1:] != ordered[:, :-1]).all():
        return None
    return joined.decode("ascii").split(ending.decode())[:-1]


def _codes_of(deck: tuple[str, ...]) -> "npt.NDArray[np.uint8]":
    import numpy as np
    import numpy.typing as npt

    from pokerdb.rules.evaluators import card_codes

    codes: npt.NDArray[np.uint8] = card_codes(
        np.frombuffer(" ".join(deck).encode("ascii"), dtype=np.uint8).reshape(1, -1))
    return codes.reshape(-1)


def line_text(line_no: int, raw: bytes) -> str | Rejected:
    """A line as text, or why it cannot be read: longer than any deal, or not UTF-8."""
    if isinstance(raw, OverlongLine):
        return rejected(line_no, raw,
                        f"line longer than {MAX_LINE_BYTES:,} bytes, far more than one deal "
                        f"(a file holds one deal per line)")
    try:
        return raw.decode()
    except UnicodeDecodeError as exc:
        return rejected(line_no, raw,
                        f"not UTF-8 text: byte 0x{raw[exc.start]:02x} at column {exc.start + 1}")


def rejected(line_no: int, raw: bytes, reason: str) -> Rejected:
    """A bad line, kept as its first REJECTED_RAW_CHARS characters and its length."""
    length = raw.length if isinstance(raw, OverlongLine) else len(raw.rstrip(b"\r\n"))
    text = _raw_text(raw[:4 * REJECTED_RAW_CHARS])  # enough bytes for the characters kept
    if len(text) > REJECTED_RAW_CHARS or length > 4 * REJECTED_RAW_CHARS:
        text = text[:REJECTED_RAW_CHARS] + "..."
    return Rejected(line_no, text, reason, length)


def _raw_text(raw: bytes) -> str:
    """A line as storable text: without its ending, bad bytes as \\xNN, NUL (which PostgreSQL
    text cannot hold) as \\x00."""
    return raw.decode("utf-8", "backslashreplace").rstrip("\r\n").replace("\0", "\\x00")


def counted(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
