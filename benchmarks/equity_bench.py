"""Exact equity: pokerdb.rules.equity against an eval7 brute force on the same random deals.

The row `equity` of `python -m benchmarks` (its size: the heads-up preflop deals; the flop
row takes 20 times as many, the rows of more players half as many), with the targets of issue
13. eval7 (C) is
called once per player per board, over every completion of the board, as a user of it would
enumerate (its Card objects made beforehand, untimed). pokerdb computes all the deals of a row
in one call (both cores). The deals eval7 counts are checked to get the same equities.
"""

import itertools
import math
import time
from dataclasses import dataclass
from fractions import Fraction
from importlib import import_module
from typing import Any

import numpy as np
import numpy.typing as npt
from peers import card_code
from result_tables import Table
from suite import Context, Figure, RowResult

from pokerdb.rules.cards import DECK
from pokerdb.rules.equity import equities
from pokerdb.rules.games import HOLDEM

DEALS = 100  # heads-up preflop deals pokerdb computes (the target is an average over 100)
BRUTE_DEALS = 2  # of those, counted by eval7 too (about 2.6 s each)
FLOP_DEALS = 2_000
FLOP_BRUTE_DEALS = 50
MANY_PLAYERS = (3, 6, 9)
MANY_PLAYER_DEALS = 50
PREFLOP_MS_GOAL = 50.0
PREFLOP_RATIO_GOAL = 0.02
FLOP_RATE_GOAL = 2_000.0


@dataclass(frozen=True)
class EquityRow:
    solver: str
    spot: str  # e.g. "heads-up preflop"
    deals: int
    seconds: float | None  # None: skipped
    note: str = ""

    @property
    def ms_per_deal(self) -> float | None:
        return None if self.seconds is None else 1000 * self.seconds / self.deals

    @property
    def deals_per_second(self) -> float | None:
        return self.deals / self.seconds if self.seconds else None


@dataclass(frozen=True)
class EquityResults:
    rows: list[EquityRow]
    agree: bool | None  # pokerdb and eval7 on the deals both computed; None: no eval7

    def row(self, solver: str, spot: str) -> EquityRow | None:
        return next((r for r in self.rows if r.solver == solver and r.spot == spot), None)


def random_deals(deals: int, players: int, board_cards: int,
                 seed: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """(holes (deals, players, 2), boards (deals, board_cards)) card codes of random deals."""
    rng = np.random.default_rng(seed)
    decks = rng.permuted(np.tile(np.arange(len(DECK)), (deals, 1)), axis=1)
    codes = np.array([card_code(card) for card in DECK], dtype=np.uint8)[decks]
    holes = codes[:, :2 * players].reshape(deals, players, HOLDEM.hole_cards)
    return holes, codes[:, 2 * players:2 * players + board_cards]


def eval7_equities(holes: npt.NDArray[np.uint8],
                   boards: npt.NDArray[np.uint8]) -> list[list[Fraction]]:
    """Each deal's equities by eval7, every completion of the board evaluated."""
    eval7 = import_module("eval7")
    by_code = {card_code(card): eval7.Card(card[0] + card[1].lower()) for card in DECK}
    evaluate = eval7.evaluate
    result = []
    for hole, board in zip(holes.tolist(), boards.tolist(), strict=True):
        hands = [[by_code[c] for c in cards] for cards in hole]
        known = [by_code[c] for c in board]
        used = {c for cards in hole for c in cards} | set(board)
        left = [by_code[c] for c in by_code if c not in used]
        won = [0] * len(hands)
        pot = math.lcm(*range(1, len(hands) + 1))
        boards_seen = 0
        for completion in itertools.combinations(left, HOLDEM.board_cards - len(board)):
            full = known + list(completion)
            values = [evaluate(hand + full) for hand in hands]
            best = max(values)
            winners = [p for p, value in enumerate(values) if value == best]
            for p in winners:
                won[p] += pot // len(winners)
            boards_seen += 1
        result.append([Fraction(units, pot * boards_seen) for units in won])
    return result


def _timed(run: Any, *args: Any) -> tuple[float, Any]:
    started = time.perf_counter()
    answer = run(*args)
    return time.perf_counter() - started, answer


def _spot(players: int, board_cards: int) -> str:
    who = "heads-up" if players == 2 else f"{players} players"
    return f"{who} {('preflop', '', '', 'flop', 'turn', 'river')[board_cards]}"


def compare(seed: int, deals: int = DEALS, brute_deals: int = BRUTE_DEALS) -> EquityResults:
    """The rows, best of nothing: each is one run (a preflop row takes seconds)."""
    equities(*random_deals(1, 2, 0, seed))  # build the tables, untimed
    rows: list[EquityRow] = []
    agree: bool | None = True
    flop = deals * FLOP_DEALS // DEALS
    for players, board_cards, ours_deals, brute in (
            (2, 0, deals, brute_deals), (2, 3, flop, min(flop, FLOP_BRUTE_DEALS)),
            *((many, 0, max(1, deals * MANY_PLAYER_DEALS // DEALS), 0)
              for many in MANY_PLAYERS)):
        holes, boards = random_deals(ours_deals, players, board_cards, seed + players)
        seconds, ours = _timed(equities, holes, boards)
        rows.append(EquityRow("pokerdb", _spot(players, board_cards), ours_deals, seconds))
        if not brute:
            continue
        try:
            seconds, theirs = _timed(eval7_equities, holes[:brute], boards[:brute])
        except ImportError as exc:
            rows.append(EquityRow("eval7", _spot(players, board_cards), brute, None,
                                  f"skipped: {exc}"))
            agree = None
            continue
        same = ours[:brute].tolist() == [[float(share) for share in deal] for deal in theirs]
        agree = agree and same if agree is not None else None
        rows.append(EquityRow("eval7", _spot(players, board_cards), brute, seconds,
                              f"first {brute} deals; pokerdb {'agrees' if same else 'DIFFERS'}"))
    return EquityResults(rows, agree)


def targets(results: EquityResults) -> list[Figure]:
    """Issue 13's targets."""
    ours = results.row("pokerdb", _spot(2, 0))
    theirs = results.row("eval7", _spot(2, 0))
    flop = results.row("pokerdb", _spot(2, 3))
    found: list[Figure] = []
    if ours is not None and ours.ms_per_deal is not None:
        ms = ours.ms_per_deal
        found.append(Figure(f"equity, heads-up preflop ({ours.deals} deals)",
                            f"<= {PREFLOP_MS_GOAL:.0f} ms/deal", f"{ms:.1f} ms/deal",
                            ms <= PREFLOP_MS_GOAL, ms, None, None, "ms/deal"))
        what, goal = "equity, heads-up preflop vs eval7 brute force", f"<= {PREFLOP_RATIO_GOAL}x"
        if theirs is not None and theirs.ms_per_deal is not None:
            ratio = ms / theirs.ms_per_deal
            found.append(Figure(what, goal, f"{ratio:.4f}x ({ms:.1f} ms vs "
                                f"{theirs.ms_per_deal / 1000:.2f} s a deal)",
                                ratio <= PREFLOP_RATIO_GOAL, ms, theirs.ms_per_deal, ratio,
                                "ms/deal"))
        else:
            found.append(Figure(what, goal, "eval7 not installed", None))
    if flop is not None and flop.deals_per_second is not None:
        rate = flop.deals_per_second
        found.append(Figure(f"equity, heads-up flop ({flop.deals:,} deals)",
                            f">= {FLOP_RATE_GOAL:,.0f} deals/s", f"{rate:,.0f} deals/s",
                            rate >= FLOP_RATE_GOAL, rate, None, None, "deals/s"))
    return found


def table_rows(results: EquityResults) -> list[list[str]]:
    """solver, spot, deals, s, ms/deal, deals/s, note."""
    rows = []
    for row in results.rows:
        if row.seconds is None:
            rows.append([row.solver, row.spot, f"{row.deals:,}", "", "", "", row.note])
            continue
        rows.append([row.solver, row.spot, f"{row.deals:,}", f"{row.seconds:.3f}",
                     f"{row.ms_per_deal:.2f}", f"{row.deals_per_second:,.1f}", row.note])
    return rows


HEADINGS = ("solver", "deals", "count", "s", "ms/deal", "deals/s", "note")


def row(ctx: Context) -> RowResult:
    ctx.say(f"equity: pokerdb on {ctx.size:,} heads-up preflop deals and more, eval7 on a few")
    results = compare(ctx.seed, ctx.size, min(BRUTE_DEALS, ctx.size))
    table = Table("Exact equity, in process (one run each)", HEADINGS, table_rows(results),
                  frozenset({2, 3, 4, 5}))
    return RowResult(targets(results), [table],
                     "pokerdb's equities differ from eval7's" if results.agree is False else None)
