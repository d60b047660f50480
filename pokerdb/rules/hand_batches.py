"""Recorded hands replayed, then settled as one batch: the seats with a showdown value are
evaluated at once per variant (and per hole card count: Omaha's 4, 5 or 6), each by its
variant's evaluators (pokerdb.rules.evaluators: the high hand, or the game's only hand, and a
split game's low), then each hand's pots are awarded (settlement.award).

A seat has a value when its cards are all known and complete: the variant's hole cards and a
complete board (a stud seat that folded before seventh street has none; with a community card
for seventh street, six hole cards and it).
"""

import datetime
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.evaluators import EVALUATORS, NO_COLUMN, best_five, card_codes
from pokerdb.rules.hand_words import description_key
from pokerdb.rules.settlement import Replayed, Settlement, award
from pokerdb.rules.variants import HandKind, Variant

_CARD_WIDTH: Final = 3  # "AH ": a card's text and a space


@dataclass(slots=True, unsafe_hash=True)  # made for every hand: not frozen (see hand_record)
class ReplayedHand:
    position: int  # in the dataset, 1-based
    replayed: Replayed
    date: datetime.date | None


@dataclass(frozen=True, slots=True)
class PlayedCards:
    """A seat's cards that play, in words where hand_values cannot pack them (every variant
    but Hold'em), and a split game's low."""

    seat: int  # numbered through the batch, from 0
    best: str | None  # the high hand's (or the only hand's) cards, e.g. "QH QD 9S 6C 4H"
    low_strength: int  # 0: no qualifying low
    low_key: int  # its description key (hand_words), 0 without a low
    low_best: str | None


@dataclass(frozen=True)
class HandBatch:
    """Consecutive valid hands of a dataset, settled and evaluated."""

    hands: list[ReplayedHand]
    settlements: list[Settlement]
    players: npt.NDArray[np.int64]  # per hand
    # Per seat, hand by hand: the strength (0: no showdown value), its description key
    # (hand_words) and, for Hold'em, the best five packed (evaluators.best_five; 0: none).
    strength: npt.NDArray[np.int32]
    keys: npt.NDArray[np.int64]
    best: npt.NDArray[np.int32]
    played: list[PlayedCards]  # the seats of other variants with a value, in seat order
    cancelled: int = 0  # hands of the input the site cancelled, met before these: not stored

    def __len__(self) -> int:
        return len(self.hands)

    def hand_count(self) -> int:
        """Seats, as pokerdb counts a player's hand."""
        return len(self.strength)

    def subset(self, keep: list[int]) -> "HandBatch":
        """The batch of only its hands `keep` (indexes, in order)."""
        starts = (np.cumsum(self.players) - self.players).tolist()
        counts = self.players.tolist()
        kept = [seat for index in keep
                for seat in range(starts[index], starts[index] + counts[index])]
        seats = np.array(kept, dtype=np.int64)
        renumbered = {seat: place for place, seat in enumerate(kept)}
        played = [replace(cards, seat=renumbered[cards.seat]) for cards in self.played
                  if cards.seat in renumbered]
        return HandBatch([self.hands[index] for index in keep],
                         [self.settlements[index] for index in keep], self.players[keep],
                         self.strength[seats], self.keys[seats], self.best[seats], played,
                         self.cancelled)


@dataclass
class SeatGroup:
    """Seats of one variant and hole card count, to evaluate together."""

    seats: list[int]
    holes: list[str]
    boards: list[str]


def settle(hands: list[ReplayedHand]) -> HandBatch:
    """The hands settled: every seat with a showdown value evaluated at once, then each
    hand's pots awarded."""
    counts = [len(hand.replayed.put_in) for hand in hands]  # the players (not a property call)
    groups: dict[tuple[str, int], SeatGroup] = defaultdict(lambda: SeatGroup([], [], []))
    variants: dict[str, Variant] = {}
    first_seat = 0
    for hand, count in zip(hands, counts, strict=True):
        replayed = hand.replayed
        variant, board = replayed.variant, replayed.board
        code = variants.setdefault(variant.code, variant).code
        board_count = (len(board) + 1) // _CARD_WIDTH if board else 0
        allowed = variant.hole_choices or (variant.hole_cards,)
        if board_count == variant.board_cards + 1 and variant.shared_street is not None:
            allowed = (variant.hole_cards - 1,)  # a community card for the last hole card
        elif board_count != variant.board_cards:
            board = None  # an incomplete board: no values
        if board is not None:
            for seat, hole in enumerate(replayed.hole_cards, start=first_seat):
                held = 0 if hole is None else (len(hole) + 1) // _CARD_WIDTH
                if held in allowed:
                    group = groups[code, held]
                    group.seats.append(seat)
                    group.holes.append(f"{hole} ")
                    group.boards.append(f"{board} " if board else "")
        first_seat += count
    strength = np.zeros(first_seat, dtype=np.int32)
    keys = np.zeros(first_seat, dtype=np.int64)
    best = np.zeros(first_seat, dtype=np.int32)
    low = np.zeros(first_seat, dtype=np.int32)
    played: list[PlayedCards] = []
    for (code, _), group in groups.items():
        played.extend(evaluate_group(variants[code], group, strength, keys, best, low))
    played.sort(key=lambda cards: cards.seat)
    each, lows = strength.tolist(), low.tolist()
    settlements = []
    first_seat = 0
    for hand, count in zip(hands, counts, strict=True):
        replayed = hand.replayed
        seats = [first_seat + seat - 1 for seat in replayed.showdown]
        settlements.append(award(replayed, [each[seat] for seat in seats],
                                 [lows[seat] for seat in seats]
                                 if replayed.variant.low is not None else None))
        first_seat += count
    return HandBatch(hands, settlements, np.array(counts, dtype=np.int64), strength, keys,
                     best, played)


def evaluate_group(variant: Variant, group: SeatGroup, strength: npt.NDArray[np.int32],
              keys: npt.NDArray[np.int64], best: npt.NDArray[np.int32],
              low: npt.NDArray[np.int32]) -> list[PlayedCards]:
    """One group's values, written into the batch's arrays at its seats; its PlayedCards
    (none for Hold'em, whose best five hand_values packs). A deal file of a variant's game
    is evaluated the same way (steps.variant_deals)."""
    hole_texts, board_texts = "".join(group.holes), "".join(group.boards)
    rows = len(group.seats)
    hole = _codes(hole_texts, rows)
    board = _codes(board_texts, rows)
    seats = np.array(group.seats, dtype=np.int64)
    high = EVALUATORS[variant.high]
    values = high.strengths(hole, board)
    strength[seats] = values
    keys[seats] = np.where(values > 0, description_key(variant.high.naming, 0) + values, 0)
    if variant.high is HandKind.HIGH and variant.board_cards:  # Hold'em: packed, as deals
        best[seats] = best_five(np.concatenate([hole, board], axis=1), values)
        return []
    cards = [f"{hole_text}{board_text}".split()
             for hole_text, board_text in zip(group.holes, group.boards, strict=True)]
    best_texts = _texts(cards, high.best_cards(hole, board, values))
    low_values = np.zeros(rows, dtype=np.int32)
    low_texts: list[str | None] = [None] * rows
    if variant.low is not None:
        evaluator = EVALUATORS[variant.low]
        low_values = evaluator.strengths(hole, board)
        low[seats] = low_values
        low_texts = _texts(cards, evaluator.best_cards(hole, board, low_values))
    low_key = description_key(variant.low.naming, 0) if variant.low is not None else 0
    return [PlayedCards(seat, text, low_value, low_key + low_value if low_value else 0,
                        low_text)
            for seat, text, low_value, low_text in zip(
                group.seats, best_texts, low_values.tolist(), low_texts, strict=True)]


def _codes(texts: str, rows: int) -> npt.NDArray[np.uint8]:
    """Card codes of `rows` rows of equally many cards ("AH KH " each)."""
    if not texts:
        return np.zeros((rows, 0), dtype=np.uint8)
    raw = np.frombuffer(texts.encode("ascii"), dtype=np.uint8).reshape(rows, -1)
    codes: npt.NDArray[np.uint8] = card_codes(raw)
    return codes


def _texts(cards: list[list[str]], columns: npt.NDArray[np.uint8]) -> list[str | None]:
    """The cards at each row's columns (those before NO_COLUMN), in words; None for none."""
    texts: list[str | None] = []
    for row, played in zip(cards, columns.tolist(), strict=True):
        chosen = [row[column] for column in played if column != NO_COLUMN]
        texts.append(" ".join(chosen) if chosen else None)
    return texts
