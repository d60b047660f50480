"""Exact all-in equity of the games with a board: each player's share of the pot over every
completion of the board. Texas Hold'em (NT, FT, and Hold'em deal files) is counted by
rank multiset (rules.equity); the others, Omaha with 4, 5 or 6 hole cards (PO), Omaha hi/lo
(FO/8) and short-deck (NS, its 36 cards), by dealing every completion: each board of the cards
left (C(44, 5) = 1,086,008 heads-up Omaha boards before the flop, C(32, 5) = 201,376
short-deck ones, 820 at an Omaha flop) and every hand on it evaluated at once by the variant's
vectorised evaluators (Omaha: exactly two hole cards and three of the board).

Each board's pot goes to its best hand, shared equally by a tie; in a split game half goes to
the best high hand and half to the best qualifying low, the whole to the high hand when no low
qualifies. Shares are integers, in units of 1 / (2 lcm(1..players)) of a pot, summed exactly in
int64, and divided once: a deal's equities are the same however deals are grouped.
"""

import math
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.equity import equities as holdem_equities
from pokerdb.rules.evaluators import EVALUATORS
from pokerdb.rules.game_odds import combination_rows, deck_codes
from pokerdb.rules.variants import VARIANTS, HandKind, Variant

BOARD_CARDS: Final = 5
# Hands evaluated per pass, at most (and one deal's boards at least).
_PASS_HANDS: Final = 1 << 21
# The variants whose equity is computed: those with a board.
BOARD_VARIANTS: Final = tuple(code for code, variant in VARIANTS.items()
                              if variant.board_cards == BOARD_CARDS)

CodeArray = npt.NDArray[np.uint8]


def counted_as_holdem(variant: Variant | None) -> bool:
    """Whether a deal's equity is Texas Hold'em's (rules.equity): a Hold'em deal file's
    (no variant), NT's and FT's."""
    return variant is None or (variant.high is HandKind.HIGH and variant.hole_cards == 2
                               and variant.low is None)


def completions(variant: Variant | None, players: int, hole_cards: int,
                board_cards: int) -> int:
    """The boards a deal's equity is counted over (rules.equity's classes for Hold'em): the
    measure of its cost."""
    deck = 52 if variant is None else len(variant.deck)
    return math.comb(deck - players * hole_cards - board_cards, BOARD_CARDS - board_cards)


def variant_equities(variant: Variant | None, holes: CodeArray,
                     boards: CodeArray) -> npt.NDArray[np.float64]:
    """Each player's exact equity in each deal of the variant (None: a Hold'em deal file's):
    holes (B, P, H) and boards (B, k) card codes (evaluators.card_codes), k one of 0, 3, 4, 5,
    every card distinct within a deal. (B, P)."""
    holes = np.asarray(holes, dtype=np.uint8)
    boards = np.asarray(boards, dtype=np.uint8)
    if counted_as_holdem(variant):
        return holdem_equities(holes, boards)
    assert variant is not None
    units, pot = pot_units(variant, holes, boards)
    return units / (pot * completions(variant, holes.shape[1], holes.shape[2], boards.shape[1]))


def pot_units(variant: Variant, holes: CodeArray, boards: CodeArray
              ) -> tuple[npt.NDArray[np.int64], int]:
    """The pot units each player wins summed over every completion of each deal's board,
    (B, P), and the units of one pot."""
    deals, players = holes.shape[:2]
    pot = 2 * math.lcm(*range(1, players + 1))  # halves for a split game's high and low
    deck = deck_codes(variant.deck)
    missing = BOARD_CARDS - boards.shape[1]
    dealt = np.concatenate([holes.reshape(deals, -1), boards], axis=1)
    left = deck[None, :].repeat(deals, axis=0)[~(deck[None, :, None] == dealt[:, None, :])
                                               .any(axis=2)].reshape(deals, -1)
    rows = combination_rows(left.shape[1], missing)  # (C, missing) indexes into `left`
    per_deal = len(rows) * players
    step = max(1, _PASS_HANDS // per_deal)
    units = np.zeros((deals, players), dtype=np.int64)
    for start in range(0, deals, step):
        part = slice(start, start + step)
        units[part] = _won(variant, holes[part], boards[part], left[part], rows, pot)
    return units, pot


def _won(variant: Variant, holes: CodeArray, boards: CodeArray, left: CodeArray,
         rows: npt.NDArray[np.intp], pot: int) -> npt.NDArray[np.int64]:
    """The units won by each player of a few deals, over the boards `rows` completes."""
    deals = len(holes)
    count = len(rows)
    full = np.empty((deals, count, BOARD_CARDS), dtype=np.uint8)
    full[:, :, :boards.shape[1]] = boards[:, None, :]
    if rows.shape[1]:
        full[:, :, boards.shape[1]:] = left[:, rows]
    board_rows = full.reshape(deals * count, BOARD_CARDS)
    high = _strengths(variant.high, holes, board_rows, count)  # (B, C, P)
    if variant.low is None:
        won = _shares(high, pot)
    else:
        low = _strengths(variant.low, holes, board_rows, count)
        has_low = low.max(axis=2) > 0  # (B, C)
        won = np.where(has_low[:, :, None], _shares(high, pot // 2) + _shares(low, pot // 2),
                       _shares(high, pot))
    total: npt.NDArray[np.int64] = won.sum(axis=1)
    return total


def _strengths(kind: HandKind, holes: CodeArray, board_rows: CodeArray,
               count: int) -> npt.NDArray[np.int32]:
    """Each player's strength on each board: (B, C, P)."""
    deals, players, _ = holes.shape
    evaluate = EVALUATORS[kind].strengths
    strength = np.empty((deals, count, players), dtype=np.int32)
    for player in range(players):
        hole = np.repeat(holes[:, player, :], count, axis=0)
        strength[:, :, player] = evaluate(hole, board_rows).reshape(deals, count)
    return strength


def _shares(strength: npt.NDArray[np.int32], pot: int) -> npt.NDArray[np.int64]:
    """Each player's units of a pot of `pot` units on each board: shared by the best
    strengths (above 0: 0 is no hand, as a low that does not qualify)."""
    best = strength.max(axis=2, keepdims=True)
    winning = (strength == best) & (best > 0)
    winners = winning.sum(axis=2, keepdims=True)
    share: npt.NDArray[np.int64] = np.where(winning, pot // np.maximum(winners, 1), 0)
    return share
