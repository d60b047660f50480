"""A recorded hand in the terms of the PHH standard (the Poker Hand History format): the model
every hand history is read into, whatever file it came from, and that the settlement replays.
"""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from pokerdb.errors import InputError


class PhhError(InputError):
    """An invalid PHH hand or file. `source` is the hand's source (or the file's, when the file
    as a whole cannot be read) and `message` says what is wrong, naming the field or action:
    ``hands.phhs#3: action 7 'p2 cbr 50': p2 acts out of turn (p3 is to act)``."""

    def __init__(self, source: str, message: str) -> None:
        super().__init__(source, None, message)


@dataclass(frozen=True, slots=True)
class HandDetails:
    """The descriptive optional fields of a hand (None when absent). `hand` and `table` may be
    strings or integers in a file; both are kept as text."""

    hand: str | None = None
    table: str | None = None
    event: str | None = None
    venue: str | None = None
    url: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    year: int | None = None
    month: int | None = None
    day: int | None = None
    time: datetime.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    level: int | None = None
    seat_count: int | None = None
    seats: tuple[int, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    author: str | None = None


@dataclass(frozen=True, slots=True)
class PhhHand:
    """One hand as its file states it. Amounts are integers in units of ``10 ** -exponent``;
    per-player arrays have one entry per player, p1 first. `actions` are the texts as written."""

    source: str
    variant: str
    exponent: int
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...] | None
    bring_in: int | None
    small_bet: int | None
    big_bet: int | None
    min_bet: int | None
    starting_stacks: tuple[int | None, ...]  # None: unknown (`inf` in the file)
    actions: tuple[str, ...]
    ante_trimming_status: bool
    players: tuple[str, ...] | None
    finishing_stacks: tuple[int, ...] | None
    winnings: tuple[int, ...] | None
    details: HandDetails

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    def amount(self, units: int) -> Decimal:
        """The exact amount that `units` of this hand stand for."""
        return Decimal(units).scaleb(-self.exponent) if self.exponent else Decimal(units)

    def error(self, message: str) -> PhhError:
        return PhhError(self.source, message)
