"""Omaha's exact category odds: counted by patterns of ranks and of the flush suit
(pokerdb.rules.omaha_odds) against every board against one holding of each class of holdings
alike but for their suits (game_odds.hole_and_board_counts), side by side in one run, on decks
small enough for the classes; then by patterns alone on the full deck, each against the counts
games.py stores.

`python benchmarks/omaha_odds_bench.py [--full 4,5,6]` prints the rows (CPU seconds: the
machine is shared; docs/benchmarks.md records a run). Every pair of counts must agree, or it
exits 1.
"""

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial

from pokerdb.rules.cards import DECK
from pokerdb.rules.game_odds import hole_and_board_counts
from pokerdb.rules.games import GAMES, GameName
from pokerdb.rules.omaha_odds import omaha_category_counts

SMALL = (("9TJQKA", 4), ("9TJQKA", 5), ("9TJQKA", 6), ("A23456", 5))
OMAHAS = {4: GameName.OMAHA, 5: GameName.OMAHA_5, 6: GameName.OMAHA_6}


def _timed(count: Callable[[], list[int]]) -> tuple[list[int], float]:
    start = time.process_time()
    counts = count()
    return counts, time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", default="4", help="hole cards counted on the full deck")
    full = [int(cards) for cards in parser.parse_args().full.split(",") if cards]
    agree = True
    print("| deck | hole cards | hands | by classes, CPU s | by patterns, CPU s | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    for ranks, hole_cards in SMALL:
        deck = tuple(card for card in DECK if card[0] in ranks)
        by_classes, classes_time = _timed(
            partial(hole_and_board_counts, "omaha-high", deck, hole_cards, 5))
        by_patterns, patterns_time = _timed(partial(omaha_category_counts, hole_cards, deck))
        agree &= by_classes == by_patterns
        print(f"| {ranks[0]} to {ranks[-1]} | {hole_cards} | {sum(by_patterns):,} | "
              f"{classes_time:.2f} | {patterns_time:.2f} | "
              f"{classes_time / patterns_time:.1f}x |")
    for hole_cards in full:
        counts, patterns_time = _timed(partial(omaha_category_counts, hole_cards))
        agree &= tuple(counts) == GAMES[OMAHAS[hole_cards]].random_hands
        print(f"| full | {hole_cards} | {sum(counts):,} | | {patterns_time:.2f} | |")
    if not agree:
        print("the counts differ", file=sys.stderr)
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
