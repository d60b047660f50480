"""A PHH amount's decimal places and its count of the hand's unit (formats.phh.amounts), read
from the Decimal's text where it has no exponent, against the exact rational each Decimal is
(fractions.Fraction), on any Decimal (exponents, trailing zeros, signs, zero, infinities) and on
the amounts of the HandHQ sample."""

import math
import re
from decimal import Decimal
from fractions import Fraction

from hypothesis import example, given
from hypothesis import strategies as st
from support import REPO

from pokerdb.formats.phh.amounts import (
    MAX_DIGITS,
    MAX_EXPONENT,
    decimal_places,
    in_units,
    oversized_bet,
)
from pokerdb.formats.phh.fields import Fields, _negative
from pokerdb.rules.hand_record import PhhError


def places_exactly(amount: Decimal) -> int:
    """The fewest decimal places that write the amount (0 where it is not finite)."""
    if not amount.is_finite():
        return 0
    denominator = Fraction(amount).denominator
    places = 0
    while denominator > 10 ** places or 10 ** places % denominator:
        places += 1
    return places


def units_exactly(value: Decimal, exponent: int) -> int | None:
    """The amount's size in units of ``10 ** -exponent``, rounded down (a sign is not read:
    amounts are positive by the time they are counted), None past MAX_DIGITS digits."""
    if value and value.adjusted() + exponent >= MAX_DIGITS:
        return None
    return math.floor(abs(Fraction(value)) * 10 ** exponent)


decimals = st.builds(lambda sign, digits, exponent: Decimal((sign, digits, exponent)),
                     st.integers(0, 1), st.lists(st.integers(0, 9), min_size=1, max_size=20),
                     st.integers(-30, 30))


@given(decimals)
@example(Decimal("0.000"))
@example(Decimal("0E-7"))
@example(Decimal("1E+2"))
@example(Decimal("81.950"))
@example(Decimal("-0.0"))
@example(Decimal("0.0000001"))
def test_decimal_places_are_exact(amount: Decimal) -> None:
    assert decimal_places(amount) == places_exactly(amount)


@given(st.one_of(st.just(Decimal("inf")), st.just(Decimal("-inf")), st.just(Decimal("NaN"))))
def test_decimal_places_of_what_is_not_finite_is_0(amount: Decimal) -> None:
    assert decimal_places(amount) == places_exactly(amount) == 0


@given(decimals, st.integers(0, MAX_EXPONENT + 2))
@example(Decimal("0.50"), 1)
@example(Decimal("-1.5"), 1)
@example(Decimal("1.55"), 1)
@example(Decimal("9999999999999"), 0)
@example(Decimal("1E+12"), 0)
def test_units_are_exact(value: Decimal, exponent: int) -> None:
    assert in_units(value, exponent) == units_exactly(value, exponent)


def test_the_handhq_samples_amounts_are_exact() -> None:
    """Every number of the HandHQ sample's files (the real corpus's amounts as written)."""
    texts = [path.read_text() for path in sorted((REPO / "tests" / "data" / "handhq").glob(
        "*/*/*.phhs"))]
    amounts = {Decimal(number) for text in texts
               for number in re.findall(r"(?<![\w.])\d+\.\d+(?![\w.])", text)}
    assert len(amounts) > 500
    for amount in amounts:
        assert decimal_places(amount) == places_exactly(amount)
        for exponent in range(decimal_places(amount), MAX_EXPONENT + 1):
            assert in_units(amount, exponent) == units_exactly(amount, exponent)


@given(st.text(st.sampled_from("p1x "), min_size=1, max_size=4),
       st.text(st.sampled_from("0123456789. #\t"), min_size=1, max_size=18),
       st.integers(1, MAX_EXPONENT))
@example("x", "9999999999.999", 4)
@example("x", "999999999999", 1)  # 13 digits in 19 characters, the exponent counted
@example("x", "9999999999999", 1)  # 14 digits in 20: checked
def test_no_bet_is_oversized_where_its_action_is_short(actor: str, amount: str,
                                                       exponent: int) -> None:
    """What the reader's check of the bets leans on (formats.phh.reader: it is left out where
    every action is this short): an action of at most MAX_DIGITS + 6 characters, the
    exponent counted, holds no amount of more than MAX_DIGITS digits in the hand's unit."""
    action = f"{actor} cbr {amount}"
    if len(action) + exponent <= len("x cbr ") + MAX_DIGITS:
        assert oversized_bet([action], exponent) is None


@given(st.lists(st.integers(-10**20, 10**20) | st.booleans() | st.text(max_size=3)
                | st.decimals(allow_nan=False) | st.sampled_from([Decimal("-0"), Decimal("-0.00")]),
                max_size=8))
def test_signed_amounts_are_read_as_their_sizes_as_before(values: list[object]) -> None:
    """blinds_or_straddles (Fields.numbers, signed): each negative number as its size, as the
    comprehension that compared every one with the integer 0 read them."""
    before = [-item if type(item) in (int, Decimal) and item < 0 else item  # type: ignore[operator]
              for item in values]
    try:
        after: list[object] = list(Fields({"b": values}, "x.phh").numbers("b", signed=True))
    except PhhError:  # refused after the signs: the same values, refused as before
        after = [-item if _negative(item) else item for item in values]  # type: ignore[operator]
    assert after == before
    assert [type(item) for item in after] == [type(item) for item in before]
