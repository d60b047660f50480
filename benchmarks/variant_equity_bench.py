"""Exact equity of Omaha, Omaha hi/lo and short-deck deals (pokerdb.rules.variant_equity):
deals per second, heads-up, before the flop, at the flop and at the turn, all the deals of a
row in one call.

The row `variant-equity` of `python -m benchmarks` (no peer and no goal: the figures). The
first turn deal of each variant is counted again by brute force with pokerkit 0.7.7 (every
board dealt, every hand its pokerkit hand), which must give the same equities; its time is not
part of the rows.
"""

import math
import time
from itertools import combinations

import numpy as np
import pokerkit
from result_tables import Table
from suite import Context, Figure, RowResult

from pokerdb.rules.cards import RANK_CHARS, SUIT_CHARS
from pokerdb.rules.game_odds import deck_codes
from pokerdb.rules.variant_equity import completions, variant_equities
from pokerdb.rules.variants import VARIANTS

# name, variant, hole cards, pokerkit's high hand, its low hand
GAMES = (("Omaha", "PO", 4, "OmahaHoldemHand", None),
         ("Omaha, 6 hole cards", "PO", 6, "OmahaHoldemHand", None),
         ("Omaha hi/lo", "FO/8", 4, "OmahaHoldemHand", "OmahaEightOrBetterLowHand"),
         ("short-deck", "NS", 2, "ShortDeckHoldemHand", None))
STREETS = (("preflop", 0), ("flop", 3), ("turn", 4))


def _deals(code: str, hole_cards: int, board_cards: int, deals: int,
           seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    deck = deck_codes(VARIANTS[code].deck)
    dealt = np.array([rng.permutation(deck)[:2 * hole_cards + board_cards]
                      for _ in range(deals)])
    return dealt[:, :2 * hole_cards].reshape(deals, 2, hole_cards), dealt[:, 2 * hole_cards:]


def _cards(codes: list[int]) -> list[pokerkit.Card]:
    return list(pokerkit.Card.parse("".join(RANK_CHARS[(code >> 2) - 2]
                                            + SUIT_CHARS[code & 3].lower() for code in codes)))


def _brute_force(code: str, holes: np.ndarray, board: np.ndarray, high: str,
                 low: str | None) -> list[float]:
    dealt = set(holes.ravel().tolist()) | set(board.tolist())
    deck = [card for card in deck_codes(VARIANTS[code].deck).tolist() if card not in dealt]
    won = [0.0, 0.0]
    boards = 0
    for extra in combinations(deck, 5 - len(board)):
        cards = _cards([*board.tolist(), *extra])
        boards += 1
        halves = []
        for kind in (high, low):
            if kind is None:
                continue
            hands = []
            for hole in holes:
                try:
                    hands.append(getattr(pokerkit, kind).from_game(_cards(hole.tolist()), cards))
                except ValueError:
                    hands.append(None)
            known = [hand for hand in hands if hand is not None]
            if known:
                halves.append([seat for seat, hand in enumerate(hands) if hand == max(known)])
        for seats in halves:
            for seat in seats:
                won[seat] += 1 / len(halves) / len(seats)
    return [share / boards for share in won]


def row(ctx: Context) -> RowResult:
    """Its size: the flop deals of each game; ten times as many at the turn, and a thousandth
    before the flop (at least one)."""
    counts = {"preflop": max(1, ctx.size // 1000), "flop": ctx.size, "turn": 10 * ctx.size}
    ctx.say(f"variant equity: {counts} deals of each game")
    rows, figures = [], []
    agree = True
    for name, code, hole_cards, high, low in GAMES:
        variant = VARIANTS[code]
        variant_equities(variant, *_deals(code, hole_cards, 4, 1, 0))  # tables built
        for spot, board_cards in STREETS:
            holes, boards = _deals(code, hole_cards, board_cards, counts[spot], 1)
            started = time.perf_counter()
            equity = variant_equities(variant, holes, boards)
            seconds = time.perf_counter() - started
            rate = len(holes) / seconds
            rows.append([name, f"heads-up, {spot}",
                         f"{completions(variant, 2, hole_cards, board_cards):,}",
                         f"{len(holes):,}", f"{seconds:.2f}", f"{rate:,.1f}"])
            figures.append(Figure(f"{name} equity, heads-up {spot}", "", f"{rate:,.1f} deals/s",
                                  None, rate, None, None, "deals/s"))
            if spot == "turn":
                theirs = _brute_force(code, holes[0], boards[0], high, low)
                agree &= all(math.isclose(a, b, abs_tol=1e-12)
                             for a, b in zip(equity[0].tolist(), theirs, strict=True))
    table = Table("Exact equity of Omaha, Omaha hi/lo and short-deck (one call a row)",
                  ("game", "spot", "boards a deal", "deals", "seconds", "deals/s"), rows,
                  frozenset({2, 3, 4, 5}))
    return RowResult(figures, [table], None if agree else
                     "pokerkit's brute force gives other equities on a turn deal")
