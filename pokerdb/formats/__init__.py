"""The formats `pokerdb import` reads: one module each, registered here with one line.

A format module declares its `FormatDescription` (pokerdb.formats.input): its name, its game,
how it is read, how a path is recognised as its own. From those, this registry gives the
`InputFormat` choices of --format, `open_input` (a source as its format reads it) and
`InputFormat.of_path` (the format of a path given without --format). Files of one deal per line
are read here by `LineInput`, through their format's line reader, every rejected line pointing
to another format it looks like.

Adding a format is its module and its line in `InputFormat`. A file of one deal per line gives
`read_lines` (see pe54.py: a `deal_lines.LineFormat` does most of it); anything else gives
`open`, an `Input` of the source yielding batches and rejected items (see phh.py). The CLI
imports every description for its option types, so a format module imports its heavy reader
only in `open` (tests/test_format_registry.py checks what the registry loads).
"""

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum

from pokerdb.formats import phh
from pokerdb.formats.deals import hands, holdem, pe54, uci
from pokerdb.formats.input import DealBatch, FormatDescription, Input, Opened, PlayerRule, Rejected
from pokerdb.formats.recognition import format_of_path, with_hint
from pokerdb.formats.sites import (
    full_tilt,
    ggpoker,
    ipoker,
    ongame,
    pacific,
    partypoker,
    pokerstars,
    winamax,
    wpn,
)
from pokerdb.formats.sources import Source, content_sha256, open_lines
from pokerdb.rules.games import Game


class InputFormat(StrEnum):
    """The file formats `pokerdb import` reads; the value is stored in `datasets.format`."""

    description: FormatDescription

    def __new__(cls, description: FormatDescription) -> "InputFormat":
        member = str.__new__(cls, description.name)
        member._value_ = description.name
        member.description = description
        return member

    PE54 = pe54.FORMAT  # the default
    UCI = uci.FORMAT
    HOLDEM = holdem.FORMAT
    PHH = phh.FORMAT
    POKERSTARS = pokerstars.FORMAT
    GGPOKER = ggpoker.FORMAT
    WINAMAX = winamax.FORMAT
    WPN = wpn.FORMAT
    POKER888 = pacific.FORMAT
    PARTYPOKER = partypoker.FORMAT
    IPOKER = ipoker.FORMAT
    FULL_TILT = full_tilt.FORMAT
    ONGAME = ongame.FORMAT
    HANDS = hands.FORMAT

    @property
    def game(self) -> Game:
        return self.description.game

    @property
    def item(self) -> str:
        """What holds one deal, as messages count invalid ones: a line, or a recorded hand."""
        return self.description.item

    @property
    def reads_folders(self) -> bool:
        return self.description.reads_folders

    @property
    def settles(self) -> bool:
        """Whether its import evaluates every hand itself (settling a recorded hand's pots)."""
        return self.description.settles

    @classmethod
    def choices_help(cls) -> str:
        """The help of --format: each format's summary, then which one a path is read in when
        --format is not given."""
        summaries = [f"{member.value}: {member.description.summary}" for member in cls]
        defaults = [f"{member.value} for {member.description.recognises}" for member in cls
                    if member.description.recognises is not None]
        return "\n\n".join([*summaries, f"Default: {', '.join(defaults)}, else {cls.PE54.value}."])

    @classmethod
    def of_path(cls, name: str) -> "InputFormat":
        """The format of a path given without --format (see recognition.format_of_path): phh
        for a folder or a `.phh`/`.phhs` file (gzipped too), one whose first bytes a format
        claims, else pe54."""
        found = format_of_path(name, [member.description for member in cls])
        return next((member for member in cls if member.description is found), cls.PE54)


@dataclass(frozen=True)
class LineInput:
    """A deal file of one deal per line."""

    file_format: InputFormat
    source: Source
    game: Game | None = None  # the format's own by default

    def sha256(self) -> str | None:
        return None if self.source.is_stream else content_sha256(self.source)

    @contextmanager
    def opened(self, rule: PlayerRule) -> Iterator[Opened]:
        with open_lines(self.source) as lines:
            items = read_deals(self.file_format, lines.lines, rule, self.game)
            yield Opened(_hinted(self.file_format, items), lines.bytes_read, lines.sha256)


def open_input(file_format: InputFormat, source: Source, game: Game | None = None) -> Input:
    """The source as read in `file_format`, its deals of `game` (one the format reads; by
    default the format's own)."""
    opener = file_format.description.open
    return LineInput(file_format, source, game) if opener is None else opener(source)


def read_deals(file_format: InputFormat, lines: Iterable[bytes], rule: PlayerRule,
               game: Game | None = None) -> Iterator[DealBatch | Rejected]:
    """The deals and rejected lines of a file of one deal per line in `file_format`, of `game`
    (by default the format's own)."""
    description = file_format.description
    return description.lines_of(game or description.game)(lines, rule)


def _hinted(file_format: InputFormat,
            items: Iterator[DealBatch | Rejected]) -> Iterator[DealBatch | Rejected]:
    """The items, each rejected line pointing to another format it looks like."""
    # Not the formats whose lines look alike (holdem's and hands'): each reads the other's
    # lines no better.
    own = file_format.description.looks_like
    others = [member.description for member in InputFormat
              if member is not file_format and member.description.looks_like is not own]
    for item in items:
        yield with_hint(item, others) if isinstance(item, Rejected) else item
