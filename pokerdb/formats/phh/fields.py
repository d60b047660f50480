"""Typed access to a PHH hand's TOML table (`Fields`, for pokerdb.formats.phh.reader): each field
checked for type and length, each amount for what pokerdb can store exactly
(pokerdb.formats.phh.amounts), each problem a PhhError naming the field.
"""

import datetime
from decimal import Decimal
from typing import Any, Final, cast

from pokerdb.errors import quoted
from pokerdb.formats.phh.amounts import (
    AMOUNT_LIMIT,
    MAX_EXPONENT,
    cbr_amounts,
    decimal_facts,
    known_units,
    oversized_bet,
    too_fine,
    too_large,
)
from pokerdb.rules.hand_record import DETAIL_FIELDS, HandDetails, PhhError, PhhHand

_INFINITY: Final = Decimal("inf")
_ZERO: Final = Decimal(0)
# Of a string field, in characters: far more than any name or event takes, and few enough
# that a hand's row stays a row (a value of 100 MB once broke queries on its column).
MAX_TEXT_CHARS: Final = 64 * 1024
# Of a name stored once by number (a player's, the venue's, the table's; the site's and the
# money's, which summary_keys numbers together), in characters, on either backend: each is a
# key of a UNIQUE index, whose entries PostgreSQL caps at about 2,700 bytes. 255 characters are
# at most 1,020 bytes in UTF-8: two of them and the stakes fit summary_keys' index with room.
MAX_NAME_CHARS: Final = 255
# The fields holding such names (`refuse_long_name` checks a hand's, of any format).
NAME_FIELDS: Final = frozenset({"players", "venue", "table", "currency", "_site"})


class Fields:
    """Typed access to a hand's TOML table; each problem is a PhhError naming the field."""

    def __init__(self, table: dict[str, object], source: str) -> None:
        self.table = table
        self.source = source
        self.decimal = False  # whether any amount read is a Decimal (not an int)
        # the most decimal places of an amount read, and the first (field, amount) with them
        self.finest: tuple[int, tuple[str, Decimal] | None] = (0, None)
        self.places = 0  # the hand's decimal places, once `exponent` has found them
        self.longest: dict[str, int] = {}  # by field: the longest string of an array

    def fail(self, name: str, problem: str) -> PhhError:
        return PhhError(self.source, f"field {name!r} {problem}")

    def exponent(self, actions: list[str]) -> int:
        """The most decimal places of the hand's amounts (the fields', and the `cbr`
        actions'), at most MAX_EXPONENT."""
        for written in cbr_amounts(actions, every=False):
            whole, _, fraction = written.partition(".")
            if whole.isdigit() and fraction.isdigit() and written.isascii() \
                    and len(fraction.rstrip("0")) <= self.finest[0]:
                continue  # plain digits, of no more places than counted (as its Decimal)
            try:
                self._count_places("actions", Decimal(written))
            except ArithmeticError:  # malformed: left for the replay to name
                continue
        self.places, finest = self.finest
        if finest is not None and self.places > MAX_EXPONENT:
            raise self.fail(finest[0], too_fine(finest[1], self.places))
        return self.places

    def _count_places(self, name: str, amount: Decimal) -> None:
        """Count a decimal amount's places towards the hand's (see `exponent`)."""
        places = decimal_facts(amount)[0]
        if places > self.finest[0]:
            self.finest = places, (name, amount)

    def units(self, name: str, values: list[int | Decimal]) -> tuple[int | None, ...]:
        """A field's amounts as counts of the hand's unit, ``10 ** -exponent`` (after
        `exponent`; None for an unknown stack), each checked to be storable exactly."""
        if not self.decimal and all(value < AMOUNT_LIMIT for value in values):
            return cast("tuple[int, ...]", tuple(values))  # whole, and few digits: as read
        scale = 10 ** self.places
        counted: list[int | None] = []
        for value in values:
            if type(value) is int:
                units = value * scale
                count = units if units < AMOUNT_LIMIT else None
            elif value == _INFINITY:  # (not an int: compared with a Decimal, it is converted)
                counted.append(None)
                continue
            else:
                count = known_units(cast("Decimal", value), self.places)
            if count is None:
                raise self.fail(name, too_large(value, self.places))
            counted.append(count)
        return tuple(counted)

    def unit(self, name: str, value: int | Decimal | None) -> int | None:
        """A bet size as units (see `units`)."""
        return None if value is None else self.units(name, [value])[0]

    def check_bets(self, actions: list[str], exponent: int) -> None:
        """Every `cbr` amount storable exactly (see amounts.oversized_bet)."""
        oversized = oversized_bet(actions, exponent)
        if oversized is not None:
            raise self.fail("actions", too_large(oversized, exponent))

    def required(self, name: str) -> object:
        value = self.table.get(name)
        if value is None:
            raise self.fail(name, "is missing")
        return value

    def text(self, name: str) -> str:
        value = self.required(name)
        if not isinstance(value, str):
            raise self.fail(name, f"should be a string, not {_shown(value)}")
        return self._bounded(name, value)

    def _bounded(self, name: str, text: str) -> str:
        if len(text) > MAX_TEXT_CHARS:
            raise self.fail(name, f"is {len(text):,} characters long: at most "
                                  f"{MAX_TEXT_CHARS:,} are stored")
        return text

    def optional_text(self, name: str, numbered: bool = False) -> str | None:
        """A string field; with `numbered`, an integer is accepted too and kept as text."""
        value = self.table.get(name)
        if value is None:
            return None
        if isinstance(value, str):
            return self._bounded(name, value)
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

    def optional_amount(self, name: str) -> int | Decimal | None:
        """An amount that may be zero: a rake or a fee."""
        value = self.table.get(name)
        return None if value is None else self._amount(name, value, positive=False)

    def numbers(self, name: str, players: int | None = None,
                infinite: bool = False, signed: bool = False) -> list[int | Decimal]:
        """An array of amounts, one per player when `players` is given; zero is allowed
        except where `infinite` (starting stacks: positive, `inf` when unknown). Where
        `signed`, a negative amount is read as its size (a blind posted out of turn: PHH
        writes it negative, and it is posted as pokerkit posts it, live)."""
        value = self.required(name)
        if not isinstance(value, list):
            raise self.fail(name, f"should be an array of numbers, not {_shown(value)}")
        if signed and any(_negative(item) for item in value):
            value = [-item if _negative(item) else item for item in value]
        self._count(name, value, players)
        # whole amounts, in range: the common case (a loop, not min(): compiled, min() of a
        # list parses its keywords at every call)
        if all(type(item) is int and item >= infinite for item in value):
            return value
        return [self._amount(name, item, positive=infinite, infinite=infinite)
                for item in value]

    def optional_numbers(self, name: str, players: int,
                         signed: bool = False) -> list[int | Decimal] | None:
        return (None if self.table.get(name) is None
                else self.numbers(name, players, signed=signed))

    def texts(self, name: str, players: int | None = None) -> list[str]:
        value = self.required(name)
        if not isinstance(value, list) or not _all_of(str, value):
            raise self.fail(name, f"should be an array of strings, not {_shown(value)}")
        self._count(name, value, players)
        longest = 0
        for text in value:
            if len(text) > longest:
                longest = len(text)
        self.longest[name] = longest
        if longest > MAX_TEXT_CHARS:
            raise self.fail(name, f"holds a string {longest:,} characters long: at most "
                                  f"{MAX_TEXT_CHARS:,} are stored")
        return value

    def optional_texts(self, name: str, players: int) -> list[str] | None:
        return None if self.table.get(name) is None else self.texts(name, players)

    def _count(self, name: str, values: list[object], players: int | None) -> None:
        if players is not None and len(values) != players:
            raise self.fail(name, f"has {len(values)} values for {players} players")

    def _amount(self, name: str, value: object, positive: bool,
                infinite: bool = False) -> int | Decimal:
        if type(value) is int:
            if value < 0 or (positive and value == 0):
                raise self._unsigned(name, value, positive)
            return value
        if type(value) is Decimal:  # compared with Decimals: with ints, each converts them
            if value.is_nan() or (value == _INFINITY and not infinite):
                raise self.fail(name, f"holds {value}: amounts must be finite")
            if value < _ZERO or (positive and not value):
                raise self._unsigned(name, value, positive)
            self.decimal = True
            self._count_places(name, value)
            return value
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise self.fail(name, f"should hold numbers, not {_shown(value)}")
        if (isinstance(value, Decimal) and value.is_nan()) or (
                type(value) is not int and value == _INFINITY and not infinite):
            raise self.fail(name, f"holds {value}: amounts must be finite")
        if value < 0 or (positive and value == 0):
            raise self._unsigned(name, value, positive)
        return value

    def _unsigned(self, name: str, value: int | Decimal, positive: bool) -> PhhError:
        sign = "positive" if positive else "zero or more"
        return self.fail(name, f"holds {value}: amounts must be {sign}")

    def details(self) -> HandDetails:
        table = self.table
        values: list[Any] = []  # in the order of HandDetails' fields
        found = False
        for name, kind in _DETAIL_KINDS.items():
            value = table.get(name)
            if value is not None:
                value = self._detail(name, kind, value)
                found = True
            values.append(value)
        return HandDetails(*values) if found else _NO_DETAILS

    def _detail(self, name: str, kind: str, value: object) -> Any:  # checked to fit `name`
        if kind == "text" or kind == "numbered":
            if isinstance(value, str):
                return self._bounded(name, value)
            return self.optional_text(name, numbered=kind == "numbered")
        if kind == "integer":
            return self.integer(name)
        if kind == "time":
            if not isinstance(value, datetime.time):
                raise self.fail(name, f"should be a TOML local time, not {_shown(value)}")
            return value
        if not (isinstance(value, list) and _all_of(int, value)):
            raise self.fail(name, f"should be an array of integers, not {_shown(value)}")
        for seat in value:
            if seat < 1 or value.count(seat) > 1:
                raise self.fail(name, f"holds seat {seat} {'twice' if seat > 0 else ''}"
                                      f"{': seats are numbered from 1' if seat < 1 else ''}")
        return tuple(value)


def refuse_long_name(hand: PhhHand) -> PhhHand | PhhError:
    """The hand, or why it is refused: a name stored once by number (players', venue, table,
    site, currency) longer than MAX_NAME_CHARS, refused alike on either backend. Of a hand of
    any format (pokerdb.formats.phh.hand_histories, for each hand it reads)."""
    details = hand.details
    site = hand.site
    longest = 0  # a loop, not max(): each hand of an import passes here
    for player in hand.players or ():
        if len(player) > longest:
            longest = len(player)
    if longest > MAX_NAME_CHARS:
        return hand.error(f"field 'players' holds a string {longest:,} characters long: at "
                          f"most {MAX_NAME_CHARS} are stored in a name")
    for name, text in (("venue", details.venue), ("table", details.table),
                       ("currency", details.currency),
                       ("_site", None if site is None else site.site)):
        if text is not None and len(text) > MAX_NAME_CHARS:
            return hand.error(f"field {name!r} is {len(text):,} characters long: at most "
                              f"{MAX_NAME_CHARS} are stored in a name")
    return hand

# How each descriptive field is written: "numbered" is a string or an integer (kept as text).
_DETAIL_KINDS: Final = {
    "hand": "numbered", "table": "numbered", "event": "text", "venue": "text", "url": "text",
    "address": "text", "city": "text", "region": "text", "postal_code": "text",
    "country": "text", "year": "integer", "month": "integer", "day": "integer",
    "time": "time", "time_zone": "text", "time_zone_abbreviation": "text", "level": "integer",
    "seat_count": "integer", "seats": "integers", "currency": "text",
    "currency_symbol": "text", "author": "text",
}
assert tuple(_DETAIL_KINDS) == DETAIL_FIELDS  # HandDetails(*values) takes them so
_NO_DETAILS: Final = HandDetails()


def _negative(item: object) -> bool:
    """Whether an amount read is a negative number (a Decimal compared with a Decimal zero:
    with the integer 0, each comparison converts it)."""
    kind = type(item)
    if kind is int:
        return cast("int", item) < 0
    return kind is Decimal and cast("Decimal", item) < _ZERO


def _all_of(kind: type, values: list[Any]) -> bool:
    """Whether every value is of type `kind` exactly (a bool is no int)."""
    return all(type(value) is kind for value in values)


def _shown(value: object) -> str:
    return quoted(value) if isinstance(value, str) else quoted(str(value))
