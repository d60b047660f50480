"""The settlement's forms that mypyc compiles well, held against the plain Python they replace:
the opener by position, the order of play, and the outcome classes' own `__init__`s."""

import dataclasses
import inspect

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerdb.rules.settlement import AllIn, Award, Pot, Replayed, Settlement
from pokerdb.rules.settlement.betting import clockwise
from pokerdb.rules.settlement.opening import openers
from pokerdb.rules.variants import Opening


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


@pytest.mark.parametrize("cls", [Pot, AllIn, Replayed, Award, Settlement])
def test_outcome_init_takes_the_fields_in_order(cls: type) -> None:
    """Each outcome class's own `__init__` takes its dataclass fields, in order, with no
    default but where the class had one (so `dataclasses.replace` and positional calls
    agree)."""
    parameters = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [parameter.name for parameter in parameters] == [
        field.name for field in dataclasses.fields(cls)]
    defaults = {parameter.name: parameter.default for parameter in parameters
                if parameter.default is not inspect.Parameter.empty}
    assert defaults == {Replayed: {"undecided": ()}, Award: {"low": False},
                        Settlement: {"raked": None, "unknown": ()}}.get(cls, {})


def test_outcome_classes_compare_and_replace_as_dataclasses() -> None:
    award = Award(7, (1, 3))
    assert award == Award(7, (1, 3), low=False) and hash(award) == hash(Award(7, (1, 3)))
    assert dataclasses.replace(award, low=True) == Award(7, (1, 3), True)
    assert repr(Pot(5, (2,))) == "Pot(amount=5, seats=(2,))"
