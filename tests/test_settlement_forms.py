"""The settlement's forms that mypyc compiles well, held against the plain Python they replace:
the opener by position, the order of play, and the outcome classes' own `__init__`s."""

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerdb.formats.phh.reader import parse_hand
from pokerdb.rules.settlement import AllIn, Award, Pot, Replayed, Settlement
from pokerdb.rules.settlement.betting import clockwise
from pokerdb.rules.settlement.opening import openers
from pokerdb.rules.variants import VARIANTS, Opening


def _plain_opener(bets: list[int]) -> tuple[int, ...]:
    """The opener by position as the settlement first wrote it."""
    n = len(bets)
    if not any(bets):
        return (0,)
    if n == 2:
        return ((max(range(n), key=lambda seat: (bets[seat], seat)) + 1) % n,)
    top = max(bets)
    return (next(seat for seat in (*range(2, n), 0, 1) if bets[seat - 1] == top) % n,)


# Blinds and straddles, a dead blind negative (as PHH writes one posted out of turn).
_BETS = st.lists(st.integers(min_value=-3, max_value=6), min_size=2, max_size=10)


@given(_BETS)
def test_opener_by_position_is_the_plain_ones(bets: list[int]) -> None:
    in_hand = [True] * len(bets)
    assert openers(Opening.POSITION, bets, [[] for _ in bets], in_hand) == _plain_opener(bets)


@given(st.integers(min_value=1, max_value=12).flatmap(
    lambda players: st.tuples(st.just(players), st.integers(min_value=0, max_value=players))))
def test_clockwise_is_the_order_of_play(players_first: tuple[int, int]) -> None:
    players, first = players_first
    assert clockwise(players, first) == tuple((first + step) % players
                                              for step in range(players))


_HAND = parse_hand("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
                   "min_bet = 2\nstarting_stacks = [100, 100]\nactions = []\n", "forms.phh")
# Per class, a value of each field's type, each field's distinct, in the fields' order; and
# the defaults of those that have one.
_VALUES: dict[type, tuple[object, ...]] = {
    Pot: (5, (1, 2)),
    AllIn: (3, "JC 3D 5C", (1, 2), (10, 20), (Pot(30, (1, 2)),)),
    Replayed: (_HAND, VARIANTS["NT"], (1, None), (10, 20), (0, 5), (Pot(30, (1, 2)),), (1, 2),
               ("AC KD", None), "2C 3D 4H", AllIn(1, "", (1, 2), (2, 2), ()), (3, 0), (2,)),
    Award: (7, (1, 3), True),
    Settlement: ((1, 2), (3, 4), (True, False), 1, (Award(4, (1,)),), (5, 6), (2,)),
}
_DEFAULTS: dict[type, dict[str, object]] = {
    Replayed: {"undecided": ()}, Award: {"low": False},
    Settlement: {"raked": None, "unknown": ()}}


@pytest.mark.parametrize("cls", list(_VALUES))
def test_outcome_init_takes_the_fields_in_order(cls: type) -> None:
    """Each outcome class's own `__init__` takes its dataclass fields in order (so positional
    calls, keyword calls and `dataclasses.replace` agree), with the defaults it had."""
    names = [field.name for field in dataclasses.fields(cls)]
    values = _VALUES[cls]
    made = cls(*values)
    assert [getattr(made, name) for name in names] == list(values)
    assert cls(**dict(zip(names, values, strict=True))) == made
    defaults = _DEFAULTS.get(cls, {})
    least = cls(*values[:len(names) - len(defaults)])
    assert {name: getattr(least, name) for name in defaults} == defaults


def test_outcome_classes_compare_and_replace_as_dataclasses() -> None:
    award = Award(7, (1, 3))
    assert award == Award(7, (1, 3), low=False) and hash(award) == hash(Award(7, (1, 3)))
    assert dataclasses.replace(award, low=True) == Award(7, (1, 3), True)
    assert repr(Pot(5, (2,))) == "Pot(amount=5, seats=(2,))"
