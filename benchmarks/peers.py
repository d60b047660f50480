"""Evaluation kernels side by side: pokerdb's vectorised kernel and peer libraries.

Every kernel answers the same question on the same deals: how many does player 1 win? Peers
get their cards converted to their own card type beforehand (untimed) and are called once per
hand, as their users call them; the timing is that loop. A peer that is not installed is
skipped with a note (`pip install '.[bench]'` installs them all).
"""

import gc
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
from procs import measure, python
from result_tables import Table
from suite import Context, Figure, RowResult

from pokerdb.rules.cards import RANK_VALUE, SUIT_CHARS
from pokerdb.rules.evaluators import best_strengths, strengths_of_texts

Deal = tuple[list[str], list[str]]  # player 1's five card texts, player 2's
Prepare = Callable[[Sequence[Deal]], Any]  # untimed: cards into the kernel's input form
Count = Callable[[Any], int]  # timed: player 1's wins
Answer = TypeVar("Answer")


@dataclass(frozen=True)
class KernelResult:
    name: str
    call: str
    hands: int
    seconds: float | None  # best of the repeats; None when skipped
    player1: int | None
    note: str = ""

    @property
    def hands_per_second(self) -> float | None:
        return self.hands / self.seconds if self.seconds else None


@dataclass(frozen=True)
class Kernel:
    name: str
    call: str
    prepare: Prepare
    count: Count


def timed(count: Callable[[Any], Answer], prepared: Any,
          clock: Callable[[], float] = time.perf_counter) -> tuple[float, Answer]:
    # The harness holds millions of objects (every deal, for every kernel); a cyclic garbage
    # collection scanning them on the clock would be charged to whichever kernel triggered it.
    gc.collect()
    gc.freeze()
    try:
        started = clock()
        answer = count(prepared)
        return clock() - started, answer
    finally:
        gc.unfreeze()


def best_time(count: Callable[[Any], Answer], prepared: Any,
              repeat: int) -> tuple[float, Answer]:
    """The fastest of `repeat` runs, and the answer (the same every run)."""
    runs = [timed(count, prepared) for _ in range(repeat)]
    return min(seconds for seconds, _ in runs), runs[-1][1]


def prepare_all(kernels: Sequence[Kernel], deals: Sequence[Deal]) -> dict[Kernel, Any]:
    """Each kernel's input, or the reason it is skipped (a peer that is not installed)."""
    prepared: dict[Kernel, Any] = {}
    for kernel in kernels:
        try:
            prepared[kernel] = kernel.prepare(deals)
        except ImportError as exc:
            prepared[kernel] = exc
    return prepared


def race(kernels: Sequence[Kernel], deals: Sequence[Deal], repeat: int) -> list[KernelResult]:
    """Best of `repeat` rounds in which every kernel runs once, so that a busy spell of the
    machine slows all of them rather than whichever happened to be running."""
    prepared = prepare_all(kernels, deals)
    ready = [k for k in kernels if not isinstance(prepared[k], ImportError)]
    runs: dict[Kernel, list[tuple[float, int]]] = {k: [] for k in ready}
    for _ in range(repeat):
        for kernel in ready:
            runs[kernel].append(timed(kernel.count, prepared[kernel]))
    hands = 2 * len(deals)
    return [KernelResult(k.name, k.call, hands, min(s for s, _ in runs[k]), runs[k][-1][1])
            if k in runs else
            KernelResult(k.name, k.call, hands, None, None, f"skipped: {prepared[k]}")
            for k in kernels]


def lower_suit(card: str) -> str:
    return card[0] + card[1].lower()


# --- pokerdb ------------------------------------------------------------------------------

def texts_of(deals: Sequence[Deal]) -> list[str]:
    """Player 1's hand texts then player 2's."""
    return [" ".join(one) for one, _ in deals] + [" ".join(two) for _, two in deals]


def count_texts(texts: list[str]) -> int:
    strength = strengths_of_texts(texts)
    half = len(texts) // 2
    return int((strength[:half] > strength[half:]).sum())


def card_code(card: str) -> int:
    """rank * 4 + suit, as card_codes parses a card's text."""
    return RANK_VALUE[card[0]] * 4 + SUIT_CHARS.index(card[1])


def codes_of(deals: Sequence[Deal]) -> npt.NDArray[np.uint8]:
    """Card codes, shape (2 * deals, 5): player 1's hands then player 2's."""
    cards = [one for one, _ in deals] + [two for _, two in deals]
    return np.array([[card_code(card) for card in hand] for hand in cards], np.uint8)


def count_codes(codes: npt.NDArray[np.uint8]) -> int:
    strength = best_strengths(codes)
    half = len(strength) // 2
    return int((strength[:half] > strength[half:]).sum())


# --- peers: each converts cards to its own type, then one call per hand ---------------------

def eval7_prepare(deals: Sequence[Deal]) -> Any:
    card = import_module("eval7").Card
    return [([card(lower_suit(c)) for c in one], [card(lower_suit(c)) for c in two])
            for one, two in deals]


def eval7_count(pairs: Any) -> int:
    evaluate = import_module("eval7").evaluate  # higher is better
    return sum(1 for one, two in pairs if evaluate(one) > evaluate(two))


def treys_prepare(deals: Sequence[Deal]) -> Any:
    treys = import_module("treys")
    new = treys.Card.new
    pairs = [([new(lower_suit(c)) for c in one], [new(lower_suit(c)) for c in two])
             for one, two in deals]
    return treys.Evaluator(), pairs  # the evaluator builds its tables once, untimed


def treys_count(prepared: Any) -> int:
    evaluator, pairs = prepared
    evaluate = evaluator.evaluate  # lower is better
    return sum(1 for one, two in pairs if evaluate(one, []) < evaluate(two, []))


def phevaluator_prepare(deals: Sequence[Deal]) -> Any:
    to_id = import_module("phevaluator.card").Card.to_id
    return [([to_id(lower_suit(c)) for c in one], [to_id(lower_suit(c)) for c in two])
            for one, two in deals]


def phevaluator_count(pairs: Any) -> int:
    evaluate = import_module("phevaluator").evaluate_cards  # lower is better
    return sum(1 for one, two in pairs if evaluate(*one) < evaluate(*two))


def pokerkit_prepare(deals: Sequence[Deal]) -> Any:
    parse = import_module("pokerkit").Card.parse
    return [(tuple(parse("".join(map(lower_suit, one)))),
             tuple(parse("".join(map(lower_suit, two))))) for one, two in deals]


def pokerkit_count(pairs: Any) -> int:
    hand = import_module("pokerkit").StandardHighHand  # hands compare: stronger is greater
    return sum(1 for one, two in pairs if hand(one) > hand(two))


POKERDB_TEXTS = Kernel("pokerdb", "strengths_of_texts (parse + evaluate)",
                       texts_of, count_texts)
POKERDB_ARRAYS = Kernel("pokerdb", "best_strengths (parsed codes)",
                        codes_of, count_codes)
PEERS = (
    Kernel("eval7", "evaluate(cards)", eval7_prepare, eval7_count),
    Kernel("treys", "Evaluator.evaluate(hand, [])", treys_prepare, treys_count),
    Kernel("phevaluator", "evaluate_cards(*cards)", phevaluator_prepare, phevaluator_count),
    Kernel("pokerkit", "StandardHighHand(cards), compared", pokerkit_prepare, pokerkit_count),
)


REPEAT = 3  # rounds, each kernel once a round (best)
KERNEL_GOAL = 5.0  # pokerdb's kernel on parsed codes over the fastest peer's hands/s


def read_deals(file: Path) -> list[Deal]:
    with open(file) as lines:
        return [(cards[:5], cards[5:10]) for cards in map(str.split, lines)]


def kernel_row(ctx: Context) -> RowResult:
    """pokerdb and each peer on the same `size` generated deals; they must agree."""
    file = ctx.workdir / "deals.txt"
    ctx.say(f"generating {ctx.size:,} deals; then every kernel, best of {REPEAT}")
    measure(python("-m", "pokerdb", "generate", str(ctx.size), "--seed", str(ctx.seed), "-o",
                   str(file)))
    strengths_of_texts(["2C 3D 4H 5S 7C"])  # build the lookup tables once, untimed
    results = race((POKERDB_TEXTS, POKERDB_ARRAYS, *PEERS), read_deals(file), REPEAT)
    rate = {k.call: k.hands_per_second for k in results if k.name == "pokerdb"}
    measured = [k for k in results if k.name != "pokerdb" and k.hands_per_second]
    best = max(measured, key=lambda k: k.hands_per_second or 0.0, default=None)
    ours, texts = rate[POKERDB_ARRAYS.call], rate[POKERDB_TEXTS.call]
    what = "kernel (parsed codes) vs the fastest peer, hands/s"
    if best is None or not best.hands_per_second or ours is None or texts is None:
        figure = Figure(what, f">= {KERNEL_GOAL:g}x", "no peer installed (pip install "
                        "'.[bench]')", None, ours)
    else:
        peer = best.hands_per_second
        figure = Figure(what, f">= {KERNEL_GOAL:g}x", f"{ours / peer:.1f}x codes, "
                        f"{texts / peer:.1f}x text ({best.name} {peer:,.0f}/s)",
                        ours / peer >= KERNEL_GOAL, ours, peer, ours / peer, "hands/s")
    rows = [[k.name, k.call, f"{k.hands:,}", "" if k.seconds is None else f"{k.seconds:.3f}",
             f"{k.hands_per_second:,.0f}" if k.hands_per_second else "",
             "" if k.player1 is None else f"{k.player1:,}", k.note] for k in results]
    wins = {k.player1 for k in results if k.player1 is not None}
    return RowResult([figure], [Table(f"Evaluation kernels, {ctx.size:,} deals (best of "
                                      f"{REPEAT})", ("kernel", "call", "hands", "s", "hands/s",
                                                     "player-1 wins", "note"), rows,
                                      frozenset({2, 3, 4, 5}))],
                     None if len(wins) == 1 else f"player-1 wins differ: {sorted(wins)}")
