"""Omaha's exact category odds: counted by patterns of ranks and of the flush suit
(pokerdb.rules.omaha_odds) against every board against one holding of each class of holdings
alike but for their suits (game_odds.hole_and_board_counts), side by side in one run, on decks
small enough for the classes; then by patterns alone on the full deck, each against the counts
games.py stores.

The row `omaha-odds` of `python -m benchmarks` (CPU seconds: the machine is shared; its size
is the most hole cards counted on the full deck). Every pair of counts must agree, or the row
fails.
"""

import time
from collections.abc import Callable
from functools import partial

from result_tables import Table
from suite import Context, Figure, RowResult

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


def row(ctx: Context) -> RowResult:
    """Its size: the most hole cards counted on the full deck (4, 5 or 6; 6 takes minutes)."""
    full = range(4, min(6, max(4, ctx.size)) + 1)
    agree = True
    rows, figures = [], []
    for ranks, hole_cards in SMALL:
        ctx.say(f"Omaha odds, {hole_cards} hole cards, deck {ranks[0]} to {ranks[-1]}")
        deck = tuple(card for card in DECK if card[0] in ranks)
        by_classes, classes_time = _timed(
            partial(hole_and_board_counts, "omaha-high", deck, hole_cards, 5))
        by_patterns, patterns_time = _timed(partial(omaha_category_counts, hole_cards, deck))
        agree &= by_classes == by_patterns
        rows.append([f"{ranks[0]} to {ranks[-1]}", str(hole_cards), f"{sum(by_patterns):,}",
                     f"{classes_time:.2f}", f"{patterns_time:.2f}",
                     f"{classes_time / patterns_time:.1f}x"])
        figures.append(Figure(f"Omaha odds by patterns vs by classes, {hole_cards} hole cards, "
                              f"deck {ranks[0]} to {ranks[-1]} (CPU)", "",
                              f"{classes_time / patterns_time:.1f}x faster", None,
                              patterns_time, classes_time, patterns_time / classes_time))
    for hole_cards in full:
        ctx.say(f"Omaha odds, {hole_cards} hole cards, the full deck")
        counts, patterns_time = _timed(partial(omaha_category_counts, hole_cards))
        agree &= tuple(counts) == GAMES[OMAHAS[hole_cards]].random_hands
        rows.append(["full", str(hole_cards), f"{sum(counts):,}", "", f"{patterns_time:.2f}",
                     ""])
        figures.append(Figure(f"Omaha odds of {hole_cards} hole cards, the full deck (CPU)", "",
                              f"{patterns_time:.2f} s", None, patterns_time))
    table = Table("Exact category odds of Omaha, CPU seconds",
                  ("deck", "hole cards", "hands", "by classes", "by patterns", "ratio"), rows,
                  frozenset({1, 2, 3, 4, 5}))
    return RowResult(figures, [table], None if agree else "the counts differ")
