"""The PHH reader's shortcuts read exactly what they stand for: a decimal amount's places and
count (formats.phh.amounts.known_units, decimal_facts), remembered, as in_units and
decimal_places work them out from the Decimal itself, however often it is met; the TOML
reader's remembered decimals (toml_subset) as Decimal reads their text, and its arrays of
literal strings as tomllib reads them; and a hand's amounts in its units (formats.phh.reader)
as the exact rationals they are (fractions.Fraction)."""

import re
import tomllib
from decimal import Decimal
from fractions import Fraction

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pokerdb.formats.phh.amounts import (
    MAX_DIGITS,
    MAX_EXPONENT,
    decimal_facts,
    decimal_places,
    in_units,
    known_units,
)
from pokerdb.formats.phh.reader import parse_hand
from pokerdb.formats.phh.toml_subset import read_toml_subset
from pokerdb.rules.hand_record import PhhError

decimals = st.builds(lambda sign, digits, exponent: Decimal((sign, digits, exponent)),
                     st.integers(0, 1), st.lists(st.integers(0, 9), min_size=1, max_size=20),
                     st.integers(-30, 30))


@given(decimals, st.integers(0, MAX_EXPONENT + 2))
@example(Decimal("0.50"), 2)
@example(Decimal("1.5"), 4)  # met again as 1.50: the same value, the same facts
@example(Decimal("1.50"), 2)
@example(Decimal("-0.00"), 0)
@example(Decimal("9999999999999"), 0)
@example(Decimal("999999999999.9"), 1)
@example(Decimal("1E+12"), 1)
@example(Decimal("0.00001"), 4)
@example(Decimal("1E+999999999"), 0)
def test_a_remembered_amount_counts_as_in_units(value: Decimal, exponent: int) -> None:
    for _ in range(2):  # worked out, then remembered
        assert known_units(value, exponent) == in_units(value, exponent)
        assert decimal_facts(value)[0] == decimal_places(value)


@given(st.sampled_from([Decimal("inf"), Decimal("-inf"), Decimal("NaN"), Decimal("sNaN")]))
def test_an_amount_that_is_not_finite_has_no_places(value: Decimal) -> None:
    assert decimal_facts(value) == (0, None)


NUMBER_TEXTS = st.one_of(
    st.decimals(0, 10**9, places=4, allow_nan=False).map(str),
    st.builds(lambda whole, fraction: f"{whole}.{fraction}", st.integers(0, 10**6),
              st.text("0123456789", min_size=1, max_size=6)),
    st.sampled_from(["0.0", "-0.0", "0.50", "1e5", "1.5E-3", "1" * 30 + ".5", "-2.50"]),
)


@given(st.lists(NUMBER_TEXTS, min_size=1, max_size=6))
def test_remembered_decimals_are_the_decimals_of_their_text(texts: list[str]) -> None:
    """Read twice (the second time remembered), scalars and arrays alike: each the Decimal of
    its text, exponent and all (0.50 is not 0.5)."""
    text = f"a = [{', '.join(texts)}]\nb = {texts[0]}\n"
    for _ in range(2):
        document = read_toml_subset(text)
        if document is None:  # outside the subset (1e5 alone), left to tomllib
            continue
        expected = [Decimal(number) if re.search("[.eE]", number) else int(number)
                    for number in texts]
        assert document["a"] == expected
        assert [str(value) for value in document["a"]] == [str(value) for value in expected]
        assert str(document["b"]) == str(expected[0])


HAND = """variant = 'NT'
antes = [{ante}, {ante}]
blinds_or_straddles = [{small}, {big}]
min_bet = {big}
starting_stacks = [{first}, {second}]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cbr {bet}', 'p1 f']
winnings = [0, {won}]
"""
# Mostly amounts pokerdb stores (of 0 to 4 places), one in twenty too fine, one in twenty
# that may be too large in the hand's unit.
AMOUNTS = st.integers(0, 19).flatmap(lambda kind: st.decimals(
    0, 1 if kind == 0 else 10**10 if kind == 1 else 10**6, places=5 if kind == 0 else kind % 5,
    allow_nan=False, allow_infinity=False))
FIELDS = ("ante", "small", "big", "first", "second", "bet", "won")


@given(st.fixed_dictionaries({name: AMOUNTS for name in FIELDS}))
@example({"ante": Decimal("0"), "small": Decimal("0.25"), "big": Decimal("0.50"),
          "first": Decimal("140.30"), "second": Decimal("9.50"), "bet": Decimal("3.50"),
          "won": Decimal("1.00")})
@example({"ante": Decimal("0.00001"), "small": Decimal("1"), "big": Decimal("2"),
          "first": Decimal("5"), "second": Decimal("5"), "bet": Decimal("1"),
          "won": Decimal("0")})
@example({"ante": Decimal("0"), "small": Decimal("1"), "big": Decimal("2"),
          "first": Decimal("999999999.9999"), "second": Decimal("5"), "bet": Decimal("1"),
          "won": Decimal("0")})
def test_a_hands_amounts_are_its_exact_units(amounts: dict[str, Decimal]) -> None:
    """Every amount (the fields' and a `cbr` action's) in units of 10 ** -exponent, the most
    places of any; more than MAX_EXPONENT places, or more than MAX_DIGITS digits so counted,
    refused by name, the first in the fields' order."""
    text = HAND.format(**{name: str(value) for name, value in amounts.items()})
    if amounts["big"] == 0 or amounts["first"] == 0 or amounts["second"] == 0:
        return  # a bet size or stack of zero: refused before any amount is counted
    places = {name: decimal_places(value) for name, value in amounts.items()}
    exponent = max(places.values())
    try:
        hand = parse_hand(text, "h.phh")
    except PhhError as error:
        if exponent > MAX_EXPONENT:  # named in the order the fields are read
            finest = next(name for name in ("first", "second", "ante", "small", "big",
                                            "won", "bet") if places[name] == exponent)
            assert f"holds {amounts[finest]}: {exponent} decimal places" in error.message
            return
        large = [name for name in ("first", "second", "bet", "won", "ante", "small", "big")
                 if Fraction(amounts[name]) * 10 ** exponent >= 10 ** MAX_DIGITS]
        assert large and f"holds {amounts[large[0]]}: too large" in error.message
        return
    assert exponent <= MAX_EXPONENT
    unit = 10 ** exponent

    def units(name: str) -> int:
        count = Fraction(amounts[name]) * unit
        assert count.denominator == 1
        return int(count)

    assert hand.exponent == exponent
    assert hand.antes == (units("ante"),) * 2
    assert hand.blinds_or_straddles == (units("small"), units("big"))
    assert hand.min_bet == units("big")
    assert hand.starting_stacks == (units("first"), units("second"))
    assert hand.winnings == (0, units("won"))


LITERALS = st.lists(st.text(st.sampled_from("a'\"\\\t#, é[]"), max_size=4), max_size=4)


@settings(max_examples=2000, deadline=None)
@given(LITERALS, st.sampled_from(["', '", "','", "' , '", "',  '"]),
       st.sampled_from(["['", "[ '", "['''"]), st.sampled_from(["']", "' ]", "',]", "''']"]))
@example(["", ""], "', '", "['", "']")
@example([""], "', '", "['", "']")
@example(["", "", ""], "', '", "['", "']")
@example(["a", ""], "', '", "['", "']")
def test_an_array_of_literal_strings_reads_as_tomllib_reads_it(
        strings: list[str], separator: str, start: str, end: str) -> None:
    """As generated, ``['a', 'b']`` (split at each ``', '``), or in any other way: the strings
    TOML reads, or left to tomllib where it is not TOML (a quote in a string, triple quotes)."""
    text = f"a = {start}{separator.join(strings)}{end}\n"
    fast = read_toml_subset(text)
    try:
        expected = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError:
        assert fast is None
        return
    assert fast is None or fast == expected
    if strings and "'" not in "".join(strings) and (start, separator, end) == ("['", "', '", "']"):
        assert fast == expected == {"a": strings}
