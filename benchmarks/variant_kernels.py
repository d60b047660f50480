"""The variant evaluators' speed: the row `variant-kernels` of `python -m benchmarks`.

Each kernel evaluates the same number of random hands (its size; the peers a fifth of them),
already parsed into arrays of card codes (the parsing is not timed; its tables are built before
the clock starts), best of REPEAT rounds in which every kernel runs once, so that a busy spell
of the machine slows all of them. The clock is the process's CPU time (time.process_time): on a
machine shared with other work, wall time also counts the time the others held the core, and
charges it to whichever kernel was running; every kernel here, pokerdb's and the peers', runs on
one thread. In the same run phevaluator's Omaha (evaluate_omaha_cards, C behind one Python call
per hand, as its users call it: with card ids, and with card texts, which it parses) and
pokerkit's OmahaHoldemHand evaluate hands of the same deal, and the Omaha kernel's hands/s is
set against theirs. Issue 20's target: the Omaha kernel at 5,000,000 hands/s or more, and 70x
phevaluator's call. The row fails if the Omaha kernel and phevaluator disagree on any hand's
class."""

import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

import numpy as np
import numpy.typing as npt
from peers import timed
from result_tables import Table
from suite import Context, Figure, RowResult, ratio_figure
from variant_oracles import CODE_OF_INDEX, FULL_DECK, SHORT_DECK, class_of, deal, high_classes

from pokerdb.rules.evaluators import (
    ace_to_five_low,
    badugi,
    best_strengths,
    deuce_to_seven_low,
    eight_or_better,
    omaha_high,
    omaha_low8,
    short_deck_high,
)

CPU_CLOCK = time.process_time
OMAHA_TARGET = 5_000_000  # hands/s
# Times phevaluator's Python call: issue 20 measured that call at 74,500 hands/s (5 M / 70).
PEER_RATIO_TARGET = 70.0
Codes = npt.NDArray[np.uint8]


@dataclass(frozen=True)
class Kernel:
    name: str
    call: str
    deck: tuple[int, ...]
    hole: int
    board: int
    run: Callable[[Codes, Codes], object]


KERNELS = (
    Kernel("Omaha high, 4 hole cards", "omaha_high", FULL_DECK, 4, 5, omaha_high),
    Kernel("Omaha high, 5 hole cards", "omaha_high", FULL_DECK, 5, 5, omaha_high),
    Kernel("Omaha high, 6 hole cards", "omaha_high", FULL_DECK, 6, 5, omaha_high),
    Kernel("Omaha eight or better, 4", "omaha_low8", FULL_DECK, 4, 5, omaha_low8),
    Kernel("Hold'em (best of 7)", "best_strengths", FULL_DECK, 7, 0,
           lambda cards, _: best_strengths(cards)),
    Kernel("Short-deck (best of 7)", "short_deck_high", SHORT_DECK, 7, 0,
           lambda cards, _: short_deck_high(cards)),
    Kernel("Razz (ace-to-five, 7)", "ace_to_five_low", FULL_DECK, 7, 0,
           lambda cards, _: ace_to_five_low(cards)),
    Kernel("Eight or better (7)", "eight_or_better", FULL_DECK, 7, 0,
           lambda cards, _: eight_or_better(cards)),
    Kernel("Deuce-to-seven (5)", "deuce_to_seven_low", FULL_DECK, 5, 0,
           lambda cards, _: deuce_to_seven_low(cards)),
    Kernel("Badugi (4)", "badugi", FULL_DECK, 4, 0, lambda cards, _: badugi(cards)),
)


@dataclass(frozen=True)
class Peer:
    name: str
    call: str
    hands: list[Any]
    run: Callable[[list[Any]], list[Any]]


def _phevaluator_ranks(rows: list[list[Any]]) -> list[Any]:
    evaluate = import_module("phevaluator").evaluate_omaha_cards  # lower is better
    return [evaluate(*row[4:], *row[:4]) for row in rows]


def _pokerkit_hands(rows: list[Any]) -> list[Any]:
    hand = import_module("pokerkit").OmahaHoldemHand
    return [hand.from_game(hole, board) for hole, board in rows]


def _pokerkit_cards(dealt: npt.NDArray[np.int64]) -> list[tuple[list[object], list[object]]]:
    pokerkit = import_module("pokerkit")
    names = [f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "cdhs"]
    cards = [next(iter(pokerkit.Card.parse(name))) for name in names]
    return [([cards[c] for c in row[:4]], [cards[c] for c in row[4:]])
            for row in dealt.tolist()]


REPEAT = 5
POKERKIT_HANDS = 2_000


def row(ctx: Context) -> RowResult:
    hands, peer_hands = ctx.size, max(1, ctx.size // 5)
    ctx.say(f"variant kernels on {hands:,} hands, the peers on {peer_hands:,}, best of {REPEAT}")
    rng = np.random.default_rng(20)
    dealt = {k: CODE_OF_INDEX[deal(rng, k.deck, hands, k.hole + k.board)] for k in KERNELS}
    inputs = {k: (np.ascontiguousarray(cards[:, :k.hole]),
                  np.ascontiguousarray(cards[:, k.hole:])) for k, cards in dealt.items()}
    for kernel, (hole, board) in inputs.items():  # the tables, off the clock
        kernel.run(hole[:100], board[:100])
    seconds: dict[str, list[float]] = {k.name: [] for k in KERNELS}
    peer_rows = deal(rng, FULL_DECK, peer_hands, 9)
    texts = [f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "cdhs"]
    peers = (  # name, call, hands, input (its own card type, converted off the clock), run
        Peer("phevaluator, card ids", "evaluate_omaha_cards(*ids)", peer_rows.tolist(),
             _phevaluator_ranks),  # phevaluator's card ids are the deck indexes
        Peer("phevaluator, card texts", "evaluate_omaha_cards(*texts)",
             [[texts[c] for c in row] for row in peer_rows.tolist()], _phevaluator_ranks),
        Peer("pokerkit", "OmahaHoldemHand.from_game",
             _pokerkit_cards(peer_rows[:min(POKERKIT_HANDS, peer_hands)]), _pokerkit_hands),
    )
    peer_seconds: dict[str, list[float]] = {peer.name: [] for peer in peers}
    for _ in range(REPEAT):
        for kernel in KERNELS:
            run = kernel.run
            seconds[kernel.name].append(timed(lambda i, run=run: run(*i), inputs[kernel],
                                              CPU_CLOCK)[0])
        for peer in peers:
            took, answer = timed(peer.run, peer.hands, CPU_CLOCK)
            peer_seconds[peer.name].append(took)
            if peer is peers[0]:
                ranks = answer

    # The Omaha kernel on the peers' hands: the same class for every hand.
    peer_codes = CODE_OF_INDEX[peer_rows]
    ours = class_of(omaha_high(peer_codes[:, :4], peer_codes[:, 4:]), high_classes()[::-1])
    disagree = int((ours != np.array(ranks) - 1).sum())

    rates = {peer.name: len(peer.hands) / min(peer_seconds[peer.name]) for peer in peers}
    fastest = rates[peers[0].name]
    table_rows = []
    for kernel in KERNELS:
        rate = hands / min(seconds[kernel.name])
        table_rows.append([kernel.name, kernel.call, f"{hands:,}",
                           f"{min(seconds[kernel.name]):.3f}", f"{rate:,.0f}",
                           f"{rate / fastest:.1f}x"])
    for peer in peers:
        table_rows.append([f"{peer.name} (per hand)", peer.call, f"{len(peer.hands):,}",
                           f"{min(peer_seconds[peer.name]):.3f}", f"{rates[peer.name]:,.0f}",
                           f"{rates[peer.name] / fastest:.2f}x"])
    omaha_rate = hands / min(seconds[KERNELS[0].name])
    figures = [Figure("Omaha kernel", f">= {OMAHA_TARGET:,} hands/s", f"{omaha_rate:,.0f} "
                      "hands/s", omaha_rate >= OMAHA_TARGET, omaha_rate, None, None, "hands/s"),
               *(ratio_figure(f"Omaha kernel vs {peer.name}", omaha_rate, rates[peer.name],
                              at_least=PEER_RATIO_TARGET, unit="hands/s", digits=1)
                 for peer in peers[:2])]
    table = Table(f"Variant kernels, best of {REPEAT} rounds (CPU clock)",
                  ["kernel", "call", "hands", "CPU s", "hands/s", "vs phevaluator (ids)"],
                  table_rows, right=frozenset({2, 3, 4, 5}))
    return RowResult(figures, [table], f"the Omaha kernel and phevaluator disagree on "
                     f"{disagree} of {peer_hands:,} hands" if disagree else None)
