"""Every variant evaluator against pokerkit 0.7.7 and phevaluator, hand by hand: each random
hand's class (its place among all the hands the evaluator knows) must be the oracle's exactly.
benchmarks/variant_oracles.py runs the same checks on 200,000 hands each; pokerkit plays
Omaha at about 700 hands a second, so the tests take fewer where it is the oracle."""

import pytest
from variant_oracles import ORACLES, check, describe_row

# Hands per oracle here; the script's 200,000 each were run and recorded (see its docstring).
HANDS = {
    "omaha-high/phevaluator": 200_000,
    "omaha5-high/phevaluator": 20_000,
    "omaha6-high/phevaluator": 20_000,
    "omaha-high/pokerkit": 2_000,
    "omaha6-high/pokerkit": 1_000,
    "omaha-low8/pokerkit": 20_000,
    "omaha5-low8/pokerkit": 2_000,
    "short-deck/pokerkit": 20_000,
    "razz/pokerkit": 20_000,
    "ace-to-five-5/pokerkit": 20_000,
    "eight-or-better-7/pokerkit": 20_000,
    "deuce-to-seven/pokerkit": 20_000,
    "badugi/pokerkit": 20_000,
}
SLOW = {"omaha-high/phevaluator", "omaha-low8/pokerkit", "short-deck/pokerkit",
        "razz/pokerkit", "eight-or-better-7/pokerkit", "omaha6-high/phevaluator"}


def test_every_oracle_is_checked() -> None:
    assert set(HANDS) == set(ORACLES)


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=pytest.mark.slow) if name in SLOW else name for name in HANDS])
def test_agrees_with_the_oracle_on_random_hands(name: str) -> None:
    checked = check(name, HANDS[name])
    assert not checked.disagreeing, describe_row(checked, checked.disagreeing[0])
    # The hands are varied enough to test something: many classes, and ties between hands.
    classes = set(checked.ours.tolist())
    assert len(classes) > min(50, HANDS[name] // 100)
    assert len(classes) < len(checked.ours)
