"""The largest of a few integers (a street's bets, a hand's antes), in a loop that mypyc compiles:
`max()` of a list, called from compiled code, goes through builtins.max, which parses its
keywords at every call (about 1,000 instructions for six seats, against 100)."""

from collections.abc import Sequence


def largest(values: Sequence[int]) -> int:
    """max(values), of at least one value."""
    top = values[0]
    for value in values:
        if value > top:
            top = value
    return top
