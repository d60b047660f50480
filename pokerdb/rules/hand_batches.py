"""Recorded hands replayed, then settled as one batch: every seat with a showdown value is
evaluated at once (evaluators.best_strengths and best_five), then each hand's pots are awarded to
the best of its seats' hands (settlement.award).
"""

import datetime
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.evaluators import best_five, best_strengths, card_codes
from pokerdb.rules.games import HOLDEM
from pokerdb.rules.settlement import Replayed, Settlement, award

_BOARD_WIDTH: Final = 3 * HOLDEM.board_cards - 1  # a complete board's text
_ROW_WIDTH: Final = 3 * HOLDEM.cards_per_hand  # "AH KH 7C 2D 9S 4H 5S ": a seat to evaluate


@dataclass(frozen=True, slots=True)
class ReplayedHand:
    position: int  # in the dataset, 1-based
    replayed: Replayed
    date: datetime.date | None


@dataclass(frozen=True)
class HandBatch:
    """Consecutive valid hands of a dataset, settled and evaluated."""

    hands: list[ReplayedHand]
    settlements: list[Settlement]
    players: npt.NDArray[np.int64]  # per hand
    # Per seat, hand by hand: the strength (0: no showdown value) and best five (0: none).
    strength: npt.NDArray[np.int32]
    best: npt.NDArray[np.int32]

    def __len__(self) -> int:
        return len(self.hands)

    def hand_count(self) -> int:
        """Seats, as pokerdb counts a player's hand."""
        return len(self.strength)


def settle(hands: list[ReplayedHand]) -> HandBatch:
    """The hands settled: every seat with a showdown value evaluated at once, then each
    hand's pots awarded."""
    counts = [hand.replayed.hand.player_count for hand in hands]
    evaluated: list[int] = []  # seats (numbered through the batch) with a value
    rows: list[str] = []
    first_seat = 0
    for hand, count in zip(hands, counts, strict=True):
        board = hand.replayed.board
        if board is not None and len(board) == _BOARD_WIDTH:
            for seat, hole in enumerate(hand.replayed.hole_cards, start=first_seat):
                if hole is not None:
                    evaluated.append(seat)
                    rows.append(f"{hole} {board} ")
        first_seat += count
    strength = np.zeros(first_seat, dtype=np.int32)
    best = np.zeros(first_seat, dtype=np.int32)
    if rows:
        codes = card_codes(np.frombuffer("".join(rows).encode("ascii"), dtype=np.uint8)
                           .reshape(-1, _ROW_WIDTH))
        values = best_strengths(codes)
        strength[evaluated] = values
        best[evaluated] = best_five(codes, values)
    each = strength.tolist()
    settlements = []
    first_seat = 0
    for hand, count in zip(hands, counts, strict=True):
        replayed = hand.replayed
        settlements.append(award(replayed, [each[first_seat + seat - 1]
                                            for seat in replayed.showdown]))
        first_seat += count
    return HandBatch(hands, settlements, np.array(counts, dtype=np.int64), strength,
                     best)


