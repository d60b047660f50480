"""Texas Hold'em: pokerdb's seven-card kernel against eval7 on the same random 7-card hands.

The row `holdem-kernel` of `python -m benchmarks`, with the goal of issue 11. eval7 (C) is
called once per hand, as its users call it, on its own Card objects made beforehand (untimed);
pokerdb's `best_strengths` runs on the card codes as `card_codes` parses them. Both give every
hand's category, which must agree. `best_five` is timed too, on the same hands and their
strengths."""

from dataclasses import dataclass
from importlib import import_module
from typing import Any

import numpy as np
import numpy.typing as npt
from peers import best_time, card_code, timed
from result_tables import Table
from suite import Context, Figure, RowResult, ratio_figure

from pokerdb.rules.cards import DECK
from pokerdb.rules.evaluators import Category, best_five, best_strengths

HOLDEM_CARDS = 7
KERNEL = "best_strengths (parsed codes)"
PEER = "evaluate(cards), per hand"
# eval7's category (its value >> 24) for ours: it counts a royal flush as a straight flush.
EVAL7_CATEGORY = np.array([min(c, Category.STRAIGHT_FLUSH) for c in Category])
EVAL7_CATEGORY_SHIFT = 24


@dataclass(frozen=True)
class HoldemResult:
    name: str
    call: str
    hands: int
    seconds: float | None  # best of the repeats; None when skipped
    note: str = ""

    @property
    def hands_per_second(self) -> float | None:
        return self.hands / self.seconds if self.seconds else None


def random_hands(hands: int, seed: int) -> npt.NDArray[np.uint8]:
    """`hands` rows of seven distinct cards, as indexes into DECK."""
    rng = np.random.default_rng(seed)
    decks = rng.permuted(np.tile(np.arange(len(DECK), dtype=np.uint8), (hands, 1)), axis=1)
    return decks[:, :HOLDEM_CARDS]


def codes_of(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    return np.array([card_code(card) for card in DECK], dtype=np.uint8)[hands]


def eval7_cards(hands: npt.NDArray[np.uint8]) -> list[list[Any]]:
    card = import_module("eval7").Card
    deck = [card(c[0] + c[1].lower()) for c in DECK]
    return [[deck[c] for c in hand] for hand in hands.tolist()]


def eval7_values(hands: list[list[Any]]) -> list[int]:
    evaluate = import_module("eval7").evaluate  # higher is better
    return [evaluate(hand) for hand in hands]


def compare(hands: int, seed: int, repeat: int) -> tuple[list[HoldemResult], bool | None]:
    """The rows, and whether pokerdb and eval7 agree on every hand's category (None: eval7 is
    not installed)."""
    dealt = random_hands(hands, seed)
    codes = codes_of(dealt)
    best_strengths(codes[:1])  # build the tables once, untimed
    try:
        theirs_input = eval7_cards(dealt)
    except ImportError as exc:
        seconds, strength = best_time(best_strengths, codes, repeat)
        return [HoldemResult("pokerdb", KERNEL, hands, seconds),
                HoldemResult("eval7", PEER, hands, None, f"skipped: {exc}")], None
    # Rounds in which each runs once, as in peers.race: a busy spell slows both.
    ours, theirs = [], []
    for _ in range(repeat):
        ours.append(timed(best_strengths, codes))
        theirs.append(timed(eval7_values, theirs_input))
    strength, values = ours[-1][1], np.array(theirs[-1][1])
    five_seconds, _ = best_time(lambda c: best_five(c, strength), codes, repeat)
    differ = int((EVAL7_CATEGORY[strength >> 20] != values >> EVAL7_CATEGORY_SHIFT).sum())
    verdict = "categories agree" if differ == 0 else f"categories DISAGREE on {differ:,} hands"
    return [HoldemResult("pokerdb", KERNEL, hands, min(s for s, _ in ours), verdict),
            HoldemResult("eval7", PEER, hands, min(s for s, _ in theirs)),
            HoldemResult("pokerdb", "best_five (codes, strengths)", hands, five_seconds,
                         "which five cards make each hand")], differ == 0


GOAL = 20.0  # pokerdb's hands/s over eval7's, at least
REPEAT = 3


def row(ctx: Context) -> RowResult:
    """`size` random 7-card hands, pokerdb's kernel against eval7 (they must agree)."""
    ctx.say(f"Hold'em kernel and eval7 on {ctx.size:,} random 7-card hands, best of {REPEAT}")
    results, agree = compare(ctx.size, ctx.seed, REPEAT)
    ours, theirs = results[0].hands_per_second, results[1].hands_per_second
    what = "7-card kernel vs eval7, hands/s"
    figures = ([ratio_figure(what, ours, theirs, at_least=GOAL, unit="hands/s", digits=1)]
               if ours and theirs else
               [Figure(what, f">= {GOAL:g}x", "eval7 not installed (pip install '.[bench]')",
                       None, ours)])
    rows = [[r.name, r.call, f"{r.hands:,}", "" if r.seconds is None else f"{r.seconds:.4f}",
             f"{r.hands_per_second:,.0f}" if r.hands_per_second else "", r.note]
            for r in results]
    table = Table(f"Hold'em kernel, {ctx.size:,} random 7-card hands (best of {REPEAT})",
                  ("kernel", "call", "hands", "s", "hands/s", "note"), rows,
                  frozenset({2, 3, 4}))
    return RowResult(figures, [table], "categories differ" if agree is False else None)
