"""A hand's amounts, exact: each is kept as an integer count of the hand's unit, ``10 **
-exponent``, where `exponent` is the most decimal places any of its amounts has (0 for whole
chips), and only when pokerdb can store it exactly.

The database keeps every amount as a whole number of ten-thousandths of its money
(pokerdb.rules.money), a 64-bit integer, and sums them as such; the chips put in and the pots
of a hand add up to several times its largest amount. So an amount may have at most MAX_DIGITS
digits, counted in the hand's unit, and at most MAX_EXPONENT decimal places: `1e400` or
`10**400` chips, and `5463.00001`, are refused by name, never rounded or stored as `inf`.
Every figure is computed from the digits themselves, without the decimal module's context
(which rounds at 28 digits).
"""

from collections.abc import Sequence
from decimal import Decimal
from typing import Final

from pokerdb.rules.money import AMOUNT_PLACES

MAX_EXPONENT: Final = AMOUNT_PLACES  # decimal places of an amount, as stored
MAX_DIGITS: Final = 13  # of an amount in the hand's unit: stored, below 10 ** 17
AMOUNT_LIMIT: Final = 10 ** MAX_DIGITS  # of units: every amount is below it


def decimal_places(amount: Decimal) -> int:
    """The decimal places of an amount, trailing zeros aside (0 for whole or infinite ones).
    Read from its text where that has no exponent ("81.950"): the digits after the point;
    its digits as a tuple took five times as long, a tenth of reading a HandHQ hand."""
    if not amount.is_finite():
        return 0
    text = str(amount)
    if "E" not in text:
        return len(text.partition(".")[2].rstrip("0"))
    _, digits, exponent = amount.as_tuple()
    assert isinstance(exponent, int)
    if exponent >= 0 or not any(digits):
        return 0
    zeros = len(digits) - len("".join(map(str, digits)).rstrip("0"))
    return max(0, -(exponent + zeros))


def in_units(value: int | Decimal, exponent: int) -> int | None:
    """`value` (finite, with at most `exponent` decimal places) as a count of units of
    ``10 ** -exponent``, or None when that has more than MAX_DIGITS digits."""
    if type(value) is int:
        units = value * 10 ** exponent
        return units if units < AMOUNT_LIMIT else None
    assert isinstance(value, Decimal)
    if value and value.adjusted() + exponent >= MAX_DIGITS:
        return None  # checked first: 1e999999999 would take for ever to spell out
    text = str(value)  # as decimal_places: its digits, where its text has no exponent
    whole, _, fraction = text.partition(".")
    fraction = fraction.rstrip("0")
    if "E" not in text and whole[0] != "-" and len(fraction) <= exponent:
        return int(whole + fraction.ljust(exponent, "0"))
    _, digits, places = value.as_tuple()
    assert isinstance(places, int)
    count: int = int("".join(map(str, digits)))
    shift = places + exponent
    scaled: int = count * 10 ** shift if shift >= 0 else count // 10 ** -shift
    return scaled


def number_text(value: object) -> str:
    """A number as a one-line message shows it: a long one by its length."""
    text = str(value)
    if len(text) <= _SHOWN_CHARS:
        return text
    return f"a number of {sum(map(str.isdigit, text)):,} digits"


_SHOWN_CHARS: Final = 40


def too_large(value: object, exponent: int) -> str:
    """Why an amount `in_units` refused is refused."""
    unit = (f", counted in the hand's unit of {Decimal(1).scaleb(-exponent)}" if exponent
            else "")
    return (f"holds {number_text(value)}: too large to store exactly (an amount has at most "
            f"{MAX_DIGITS} digits{unit})")


def too_fine(value: object, places: int) -> str:
    """Why an amount with more than MAX_EXPONENT decimal places is refused."""
    return (f"holds {number_text(value)}: {places} decimal places, more than the "
            f"{MAX_EXPONENT} an amount may have")


def known_units(value: Decimal, exponent: int) -> int | None:
    """`in_units` of a decimal amount, worked out from its places and its count of units of
    ``10 ** -places`` (`decimal_facts`, remembered): a hand's stacks and blinds recur from
    hand to hand, and each was worked out from its text again, twice (its places, then its
    units)."""
    places, count = decimal_facts(value)
    if count is None or places > exponent:
        return in_units(value, exponent)
    units = count * 10 ** (exponent - places)
    return units if units < AMOUNT_LIMIT else None


def decimal_facts(amount: Decimal) -> tuple[int, int | None]:
    """An amount's `decimal_places`, and its count of units of ``10 ** -places`` (`in_units`;
    None past MAX_DIGITS digits or MAX_EXPONENT places, or where it is not finite).
    Remembered by value (Decimal("1.50") is Decimal("1.5"): the same facts), up to
    _KNOWN_AMOUNTS of them, of amounts in pokerdb's range written in at most _KNOWN_CHARS
    characters: one far outside it is hashed slowly (1E+999999999 takes ten microseconds)."""
    if not amount.is_finite():
        return 0, None
    in_range = -MAX_DIGITS <= amount.adjusted() < MAX_DIGITS
    facts = _KNOWN.get(amount) if in_range else None
    if facts is None:
        places = decimal_places(amount)
        facts = places, in_units(amount, places) if places <= MAX_EXPONENT else None
        if in_range and len(_KNOWN) < _KNOWN_AMOUNTS and len(str(amount)) <= _KNOWN_CHARS:
            _KNOWN[amount] = facts
    return facts


_KNOWN_AMOUNTS: Final = 100_000
_KNOWN_CHARS: Final = 24
_KNOWN: Final[dict[Decimal, tuple[int, int | None]]] = {}


def oversized_bet(actions: Sequence[str], exponent: int) -> str | None:
    """The first `cbr` amount, as written, of more than MAX_DIGITS digits in units of
    ``10 ** -exponent``, or None. Amounts the replay will not read as an amount (not digits,
    or more than `exponent` decimal places) are left for it to name; the digits are counted
    without converting them (an amount of 5,000 digits is past what int() converts)."""
    for written in cbr_amounts(actions, every=True):
        whole, point, fraction = written.partition(".")
        if not (whole.isascii() and whole.isdigit() and (not point or (
                fraction.isascii() and fraction.isdigit()))) or len(fraction) > exponent:
            continue
        if len((whole + fraction.ljust(exponent, "0")).lstrip("0")) > MAX_DIGITS:
            return written
    return None


def cbr_amounts(actions: Sequence[str], every: bool) -> list[str]:
    """The amounts written in the `cbr` actions: those with a decimal point, or `every` one."""
    amounts = []
    for action in actions:
        if every or "." in action:
            words = action.partition("#")[0].split()
            if len(words) == 3 and words[1] == "cbr":
                amounts.append(words[2])
    return amounts
