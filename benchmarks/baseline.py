"""The seed-style baseline: a typical Project Euler 54 answer, nothing stored.

Reads the deal file line by line, ranks each hand with a Counter and sorted tuples, and counts
player 1's wins. Run on its own: `python benchmarks/baseline.py FILE` prints one JSON object.
"""

import json
import sys
import time
from collections import Counter

VALUES = {rank: value for value, rank in enumerate("23456789TJQKA", start=2)}
WHEEL = [14, 5, 4, 3, 2]
# Category of a hand that is neither a straight nor a flush, by its rank-count shape.
SHAPES = {
    (4, 1): 7,  # four of a kind
    (3, 2): 6,  # full house
    (3, 1, 1): 3,  # three of a kind
    (2, 2, 1): 2,  # two pairs
    (2, 1, 1, 1): 1,  # one pair
    (1, 1, 1, 1, 1): 0,  # high card
}
STRAIGHT_FLUSH, FLUSH, STRAIGHT = 8, 5, 4


def hand_rank(cards: list[str]) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break values): a larger tuple is a better hand."""
    values = sorted((VALUES[card[0]] for card in cards), reverse=True)
    if values == WHEEL:
        values = [5, 4, 3, 2, 1]  # the ace plays low
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    ordered = tuple(value for value, _ in groups)
    flush = len({card[1] for card in cards}) == 1
    straight = len(counts) == 5 and values[0] - values[4] == 4
    if straight and flush:
        return STRAIGHT_FLUSH, ordered
    if flush:
        return FLUSH, ordered
    if straight:
        return STRAIGHT, ordered
    return SHAPES[tuple(count for _, count in groups)], ordered


def solve(path: str) -> tuple[int, int]:
    """(deals, player 1 wins) of a PE54 file."""
    deals = wins = 0
    with open(path) as file:
        for line in file:
            cards = line.split()
            if not cards:
                continue
            deals += 1
            if hand_rank(cards[:5]) > hand_rank(cards[5:]):
                wins += 1
    return deals, wins


def main() -> None:
    started = time.perf_counter()
    deals, wins = solve(sys.argv[1])
    seconds = time.perf_counter() - started
    print(json.dumps({"deals": deals, "player1": wins, "seconds": seconds}))


if __name__ == "__main__":
    main()
