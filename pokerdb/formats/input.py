"""What every format gives an import, and how a format describes itself to the registry.

A format reads a `Source` as a stream of items: batches of valid deals (`DealBatch` from a file
of one deal per line, `HandBatch` of settled hands from hand histories) and a `Rejected` for
each bad line or hand, carrying the reason; the importer decides whether that aborts the import
or is recorded and skipped. A `PlayerRule` says which player counts a dataset may hold.

Each format module declares one `FormatDescription`; pokerdb.formats registers it with one line
and builds from them `--format`'s choices, `open_input` and the format of a path given without
`--format`. The CLI imports every description for its option types: a format module imports
only what its description needs, and its reader's heavy parts (numpy, the replay) when opened.
"""

from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from pokerdb.formats.sources import Source
from pokerdb.rules.cards import CARDS_PER_HAND
from pokerdb.rules.games import FIVE_CARD, Game

if TYPE_CHECKING:
    from pokerdb.rules.hand_batches import HandBatch


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
            if game.board_cards or game.variant is not None:
                return (f"expected {first_players} players like the first deal, found "
                        f"{players}; use --players to allow mixed player counts")
            return (f"expected {first_players * CARDS_PER_HAND} cards like the first deal "
                    f"({first_players} players), found {players * CARDS_PER_HAND}; "
                    f"use --players to allow mixed player counts")
        if players < self.minimum or (self.maximum is not None and players > self.maximum):
            noun = "player" if players == 1 else "players"
            return f"deal of {players} {noun}, but --players allows {self.allowed}"
        return None


# The deals and rejected lines of a file of one deal per line, given its raw lines.
LineReader = Callable[[Iterable[bytes], PlayerRule], Iterator[DealBatch | Rejected]]


def _never(_: str) -> bool:
    return False


def _no_folder(_: Path) -> bool:
    return False


def _any_rule(_: PlayerRule) -> str | None:
    return None


@dataclass(frozen=True)
class FormatDescription:
    """A format as its module declares it, once.

    It is read either as a file of one deal per line, by `read_lines` (the registry opens the
    file, hashes it and hints at another format for a line that looks like one), or by the
    `Input` that `open` makes of a source; exactly one of the two is given.
    """

    name: str  # as given to --format and stored in datasets.format
    game: Game
    holds: str  # what its files hold, in messages: "for UCI Poker Hand rows use --format uci"
    summary: str  # one sentence for the help of --format: what a file of it holds
    item: str = "line"  # what holds one deal, as messages count invalid ones: "line" or "hand"
    reads_folders: bool = False  # a folder is one dataset of the format's files in it
    settles: bool = False  # its import evaluates every hand itself (settling recorded pots)
    read_lines: LineReader | None = None
    open: Callable[[Source], Input] | None = None
    # Whether a path's name is this format's when no --format is given (".phh", ".phhs").
    claims_name: Callable[[str], bool] = _never
    # For a format that reads folders: whether a folder's files are its own when no --format is
    # given (by their first bytes, say). A folder no format claims is the first such format's.
    claims_folder: Callable[[Path], bool] = _no_folder
    # Whether text (a file's first bytes, or a line another format rejected) looks like this
    # format's content; with `claims_content`, a file whose first bytes do is read as this
    # format when no --format is given, else the look only hints at --format in messages.
    looks_like: Callable[[str], bool] = _never
    claims_content: bool = False
    # The paths it is the default format of, as the help of --format says: "a .phh file".
    recognises: str | None = None
    # Why --players cannot apply to this format (UCI rows are one-player deals), or None.
    players_problem: Callable[[PlayerRule], str | None] = _any_rule
    # The games its lines may hold (`--game`), `game` the default; () for `game` alone. A line
    # format reading several gives `reader_of`, its line reader for each.
    games: tuple[Game, ...] = ()
    reader_of: Callable[[Game], LineReader] | None = None

    def __post_init__(self) -> None:
        if (self.read_lines is None) == (self.open is None):
            raise ValueError(f"format {self.name!r}: give exactly one of read_lines and open")

    @property
    def readable_games(self) -> tuple[Game, ...]:
        return self.games or (self.game,)

    def lines_of(self, game: Game) -> LineReader:
        """Its line reader for deals of `game` (one it reads)."""
        if game not in self.readable_games:
            raise ValueError(f"--format {self.name} reads deals of "
                             f"{', '.join(each.name for each in self.readable_games)}, not "
                             f"{game.name}")
        if game is self.game or self.reader_of is None:
            assert self.read_lines is not None, f"{self.name} is not read line by line"
            return self.read_lines
        return self.reader_of(game)

    @property
    def hint(self) -> str:
        """The pointer to this format for content that looks like it."""
        return f"for {self.holds} use --format {self.name}"
