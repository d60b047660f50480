"""Reading PHH files into hands (see pokerdb.formats.phh for what is read and how): the files of
a path, each file's hands, and each hand's fields checked into a `PhhHand`."""

import datetime
import gzip
import os
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Final, cast

from pokerdb.errors import quoted
from pokerdb.formats.deal_lines import UTF8_BOM
from pokerdb.formats.phh import GZIP_SUFFIX, HANDS_SUFFIX, is_phh_name
from pokerdb.formats.sources import GZIP_ERRORS, GZIP_MAGIC, gzip_problem
from pokerdb.formats.toml_subset import load_toml
from pokerdb.rules.hand_record import HandDetails, PhhError, PhhHand

AMOUNT_FIELDS: Final = ("bring_in", "small_bet", "big_bet", "min_bet")

@dataclass(frozen=True)
class PhhFile:
    """A file to read: `source` names it in messages and in `deals.source` (the path relative
    to the folder imported, with forward slashes; the file name alone for a single file)."""

    source: str
    path: Path

    @property
    def holds_many(self) -> bool:
        """A `.phhs` file (many hands), gzipped or not, by the name it is given."""
        return self.source.lower().removesuffix(GZIP_SUFFIX).endswith(HANDS_SUFFIX)

    def content(self) -> bytes:
        """The file's bytes, decompressed when gzip (recognised by content, whatever the name)."""
        return self.decompressed(self.read())

    def read(self) -> bytes:
        """The file's bytes as stored."""
        try:
            return self.path.read_bytes()
        except OSError as exc:
            raise PhhError(self.source, f"cannot be read: {exc.strerror}") from exc

    def decompressed(self, data: bytes) -> bytes:
        """The file's bytes `data`, decompressed when gzip."""
        if data[:2] != GZIP_MAGIC:
            return data
        try:
            return gzip.decompress(data)
        except GZIP_ERRORS as exc:
            raise PhhError(self.source, gzip_problem(self.source, exc).message) from exc


def phh_files(path: Path) -> list[PhhFile]:
    """The files to read for `path`: the file itself, or every `.phh` and `.phhs` file (also
    gzipped, as `.phh.gz` and `.phhs.gz`) under a folder, recursively, in path order."""
    if not path.exists():
        raise PhhError(str(path), "no such file or folder")
    if not path.is_dir():
        return [PhhFile(path.name, path)]
    # os.walk lists each folder once, telling files from folders without a stat per file:
    # half the time of Path.rglob on 10,000 files.
    found: list[tuple[tuple[str, ...], str]] = []
    for folder, _, names in os.walk(path):
        inside = Path(folder).relative_to(path).parts
        found.extend(((*inside, name), os.path.join(folder, name))
                     for name in names if is_phh_name(name))
    found.sort()
    return [PhhFile("/".join(parts), Path(file)) for parts, file in found]


def read_hands(path: Path) -> Iterator[PhhHand | PhhError]:
    """Every hand under `path` (see `phh_files`), in order; an invalid hand, or a file that
    cannot be read at all, comes as its PhhError."""
    for file in phh_files(path):
        try:
            content = file.content()
        except PhhError as error:
            yield error
            continue
        yield from parse_file(file, content)


def parse_file(file: PhhFile, content: bytes) -> Iterator[PhhHand | PhhError]:
    """The hands of one file's (decompressed) content."""
    try:
        text = content.decode("utf-8").removeprefix(UTF8_BOM)
    except UnicodeDecodeError as exc:
        yield PhhError(file.source, f"not UTF-8 text: byte {exc.start + 1} cannot be decoded")
        return
    if file.holds_many:
        yield from parse_hands(text, file.source)
        return
    try:
        yield parse_hand(text, file.source)
    except PhhError as error:
        yield error


def parse_hand(text: str, source: str) -> PhhHand:
    """The hand of a `.phh` file's text."""
    return hand_from_table(_document(text, source), source)


def parse_hands(text: str, source: str) -> Iterator[PhhHand | PhhError]:
    """The hands of a `.phhs` file's text, each named ``source#KEY``."""
    try:
        document = _document(text, source)
    except PhhError as error:
        yield error
        return
    for key, table in document.items():
        if not isinstance(table, dict):
            yield PhhError(source, f"{quoted(key)} is not a hand: a .phhs file holds only "
                                   f"tables [1], [2], ..., one per hand")
            continue
        try:
            yield hand_from_table(table, f"{source}#{key}")
        except PhhError as error:
            yield error



def _document(text: str, source: str) -> dict[str, object]:
    try:
        return load_toml(text, _FIELD_NAMES)
    except tomllib.TOMLDecodeError as exc:
        raise PhhError(source, f"not valid TOML: {exc}") from None


# --- fields ---------------------------------------------------------------------------------

MAX_EXPONENT: Final = 18  # decimal places of an amount; finer ones are a typo, not chips


def hand_from_table(table: dict[str, object], source: str) -> PhhHand:
    """A hand from its TOML table, every field checked for type and length."""
    fields = _Fields(table, source)
    variant = fields.text("variant")
    stacks = fields.numbers("starting_stacks", infinite=True)
    if len(stacks) < 2:
        raise fields.fail("starting_stacks", f"has {len(stacks)} value(s): a hand needs at "
                                             f"least 2 players")
    players = len(stacks)
    antes = fields.numbers("antes", players)
    blinds = fields.optional_numbers("blinds_or_straddles", players)
    bring_in, small_bet, big_bet, min_bet = map(fields.optional_number, AMOUNT_FIELDS)
    finishing = fields.optional_numbers("finishing_stacks", players)
    winnings = fields.optional_numbers("winnings", players)
    actions = fields.texts("actions")
    names = fields.optional_texts("players", players)
    decimals = fields.decimals
    if "." in "".join(actions):
        decimals = [*decimals, *_action_amounts(actions)]
    exponent = max(map(_exponent, decimals), default=0)
    if exponent > MAX_EXPONENT:
        raise PhhError(source, f"amounts with {exponent} decimal places: at most "
                               f"{MAX_EXPONENT} are supported")
    scale = 10 ** exponent if fields.decimals or exponent else 0  # 0: every amount is whole
    return PhhHand(
        source=source,
        variant=variant,
        exponent=exponent,
        antes=_units(antes, scale),
        blinds_or_straddles=None if blinds is None else _units(blinds, scale),
        bring_in=None if bring_in is None else int(bring_in * (scale or 1)),
        small_bet=None if small_bet is None else int(small_bet * (scale or 1)),
        big_bet=None if big_bet is None else int(big_bet * (scale or 1)),
        min_bet=None if min_bet is None else int(min_bet * (scale or 1)),
        starting_stacks=tuple(None if value == _INFINITY else int(value * scale)
                              for value in stacks) if scale else _units(stacks, scale),
        actions=tuple(actions),
        ante_trimming_status=fields.flag("ante_trimming_status"),
        players=None if names is None else tuple(names),
        finishing_stacks=None if finishing is None else _units(finishing, scale),
        winnings=None if winnings is None else _units(winnings, scale),
        details=fields.details(),
    )


def _units(values: list[int | Decimal], scale: int) -> tuple[int, ...]:
    """Amounts in units of the hand (`scale` per chip; 0 when they are all whole already)."""
    if not scale:
        return cast(tuple[int, ...], tuple(values))  # whole: ints, as read
    return tuple(int(value * scale) for value in values)


_INFINITY: Final = Decimal("inf")


def _exponent(amount: Decimal) -> int:
    """The decimal places of an amount (0 for whole or infinite ones)."""
    if not amount.is_finite():
        return 0
    exponent = amount.normalize().as_tuple().exponent
    assert isinstance(exponent, int)
    return max(0, -exponent)


def _action_amounts(actions: list[str]) -> Iterator[Decimal]:
    """The decimal `cbr` amounts among the actions (whole ones need no look: they add no
    decimal places). Malformed ones are left for the replay to name."""
    for action in actions:
        if "." in action:
            words = action.partition("#")[0].split()
            if len(words) == 3 and words[1] == "cbr":
                try:
                    yield Decimal(words[2])
                except ArithmeticError:
                    continue


class _Fields:
    """Typed access to a hand's TOML table; each problem is a PhhError naming the field."""

    def __init__(self, table: dict[str, object], source: str) -> None:
        self.table = table
        self.source = source
        self.decimals: list[Decimal] = []  # every non-integer amount read

    def fail(self, name: str, problem: str) -> PhhError:
        return PhhError(self.source, f"field {name!r} {problem}")

    def required(self, name: str) -> object:
        value = self.table.get(name)
        if value is None:
            raise self.fail(name, "is missing")
        return value

    def text(self, name: str) -> str:
        value = self.required(name)
        if not isinstance(value, str):
            raise self.fail(name, f"should be a string, not {_shown(value)}")
        return value

    def optional_text(self, name: str, numbered: bool = False) -> str | None:
        """A string field; with `numbered`, an integer is accepted too and kept as text."""
        value = self.table.get(name)
        if value is None or isinstance(value, str):
            return value
        if numbered and isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        kind = "a string or an integer" if numbered else "a string"
        raise self.fail(name, f"should be {kind}, not {_shown(value)}")

    def integer(self, name: str) -> int | None:
        value = self.table.get(name)
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        raise self.fail(name, f"should be an integer, not {_shown(value)}")

    def flag(self, name: str) -> bool:
        value = self.table.get(name, False)
        if not isinstance(value, bool):
            raise self.fail(name, f"should be true or false, not {_shown(value)}")
        return value

    def optional_number(self, name: str) -> int | Decimal | None:
        """A bet size: a positive number."""
        value = self.table.get(name)
        if value is None or (type(value) is int and value > 0):
            return value
        return self._amount(name, value, positive=True)

    def numbers(self, name: str, players: int | None = None,
                infinite: bool = False) -> list[int | Decimal]:
        """An array of amounts, one per player when `players` is given; zero is allowed
        except where `infinite` (starting stacks: positive, `inf` when unknown)."""
        value = self.required(name)
        if not isinstance(value, list):
            raise self.fail(name, f"should be an array of numbers, not {_shown(value)}")
        self._count(name, value, players)
        if set(map(type, value)) <= _INT and (not value or min(value) >= infinite):
            return value  # whole amounts, in range: the common case, checked at C speed
        return [self._amount(name, item, positive=infinite, infinite=infinite)
                for item in value]

    def optional_numbers(self, name: str, players: int) -> list[int | Decimal] | None:
        return None if self.table.get(name) is None else self.numbers(name, players)

    def texts(self, name: str, players: int | None = None) -> list[str]:
        value = self.required(name)
        if not isinstance(value, list) or not set(map(type, value)) <= _STR:
            raise self.fail(name, f"should be an array of strings, not {_shown(value)}")
        self._count(name, value, players)
        return value

    def optional_texts(self, name: str, players: int) -> list[str] | None:
        return None if self.table.get(name) is None else self.texts(name, players)

    def _count(self, name: str, values: list[object], players: int | None) -> None:
        if players is not None and len(values) != players:
            raise self.fail(name, f"has {len(values)} values for {players} players")

    def _amount(self, name: str, value: object, positive: bool,
                infinite: bool = False) -> int | Decimal:
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise self.fail(name, f"should hold numbers, not {_shown(value)}")
        if (isinstance(value, Decimal) and value.is_nan()) or (
                value == _INFINITY and not infinite):
            raise self.fail(name, f"holds {value}: amounts must be finite")
        if value < 0 or (positive and value == 0):
            sign = "positive" if positive else "zero or more"
            raise self.fail(name, f"holds {value}: amounts must be {sign}")
        if type(value) is Decimal:
            self.decimals.append(value)
        return value

    def details(self) -> HandDetails:
        present = self.table.keys() & _DETAIL_KINDS.keys()
        if not present:
            return _NO_DETAILS
        return HandDetails(**{name: self._detail(name, _DETAIL_KINDS[name]) for name in present})

    def _detail(self, name: str, kind: str) -> Any:  # checked to fit the field `name`
        value = self.table[name]
        if kind == "text" or kind == "numbered":
            return self.optional_text(name, numbered=kind == "numbered")
        if kind == "integer":
            return self.integer(name)
        if kind == "time":
            if not isinstance(value, datetime.time):
                raise self.fail(name, f"should be a TOML local time, not {_shown(value)}")
            return value
        if not (isinstance(value, list) and set(map(type, value)) <= _INT):
            raise self.fail(name, f"should be an array of integers, not {_shown(value)}")
        return tuple(value)


# How each descriptive field is written: "numbered" is a string or an integer (kept as text).
_DETAIL_KINDS: Final = {
    "hand": "numbered", "table": "numbered", "event": "text", "venue": "text", "url": "text",
    "address": "text", "city": "text", "region": "text", "postal_code": "text",
    "country": "text", "year": "integer", "month": "integer", "day": "integer",
    "time": "time", "time_zone": "text", "time_zone_abbreviation": "text", "level": "integer",
    "seat_count": "integer", "seats": "integers", "currency": "text",
    "currency_symbol": "text", "author": "text",
}
assert set(_DETAIL_KINDS) == set(HandDetails.__slots__)
_NO_DETAILS: Final = HandDetails()
_INT: Final = frozenset((int,))
_STR: Final = frozenset((str,))
# The fields of the specification: keys the fast TOML reader need not check are bare.
_FIELD_NAMES: Final = frozenset((
    "variant", "antes", "blinds_or_straddles", "starting_stacks", "actions", "players",
    "finishing_stacks", "winnings", "ante_trimming_status", "time_limit", "time_banks",
    *AMOUNT_FIELDS, *_DETAIL_KINDS))


def _shown(value: object) -> str:
    return quoted(value) if isinstance(value, str) else quoted(str(value))
