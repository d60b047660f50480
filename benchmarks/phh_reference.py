"""Scalar reference values for checking pokerdb's settlement, shared by the tests and the
benchmarks: each showdown hand's strengths, evaluated one by one (pokerdb's own scalar rule
book for the best five of seven; pokerkit's hand classes for every other way of comparing
hands), and the nets as pokerkit divides odd chips.

pokerkit lives here, not in pokerdb: it is far too slow for pokerdb's import path.
"""

from collections.abc import Sequence
from itertools import combinations

from pokerkit import (
    BadugiHand,
    EightOrBetterLowHand,
    Hand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    RegularLowHand,
    ShortDeckHoldemHand,
    StandardLowHand,
)

from pokerdb.rules.evaluators import evaluate_cards
from pokerdb.rules.settlement import Replayed, Settlement, award
from pokerdb.rules.variants import HandKind

_POKERKIT_HANDS: dict[HandKind, type[Hand]] = {
    HandKind.SHORT_DECK_HIGH: ShortDeckHoldemHand,
    HandKind.OMAHA_HIGH: OmahaHoldemHand,
    HandKind.OMAHA_LOW8: OmahaEightOrBetterLowHand,
    HandKind.EIGHT_OR_BETTER: EightOrBetterLowHand,
    HandKind.ACE_TO_FIVE_LOW: RegularLowHand,
    HandKind.DEUCE_TO_SEVEN_LOW: StandardLowHand,
    HandKind.BADUGI: BadugiHand,
}
_LOW_TOP = 10**7  # above every pokerkit lookup index: a low hand's strength is this less it


def best_of_seven(cards: Sequence[str]) -> int:
    """The strength of the best five of these cards, trying all of them (21 for seven)."""
    return max(evaluate_cards(list(five)).strength for five in combinations(cards, 5))


def hand_strength(kind: HandKind, hole: Sequence[str], board: Sequence[str]) -> int:
    """One hand's strength of this kind, larger better; 0 for none (no qualifying low)."""
    if kind is HandKind.HIGH:
        return best_of_seven([*hole, *board])
    hand_type = _POKERKIT_HANDS[kind]
    hand = hand_type.from_game_or_none(_pokerkit_cards(hole), _pokerkit_cards(board))
    if hand is None:
        return 0
    return _LOW_TOP - hand.entry.index if hand_type.low else hand.entry.index + 1


def _pokerkit_cards(cards: Sequence[str]) -> str:
    """pokerdb's normal form ("AS") as pokerkit writes cards ("As")."""
    return "".join(card[0] + card[1].lower() for card in cards)


def showdown_strengths(replayed: Replayed, low: bool = False) -> list[int]:
    """One strength per showdown seat (the high hand's, or with `low` the low half's)."""
    variant = replayed.variant
    kind = variant.low if low else variant.high
    assert kind is not None
    board = (replayed.board or "").split()
    return [hand_strength(kind, (replayed.hole_cards[seat - 1] or "").split(), board)
            for seat in replayed.showdown]


def reference_award(replayed: Replayed) -> Settlement:
    """The hand awarded on the reference strengths."""
    lows = showdown_strengths(replayed, low=True) if replayed.variant.low else None
    return award(replayed, showdown_strengths(replayed), lows)


def pokerkit_odd_chips(settlement: Settlement) -> list[int]:
    """The nets as pokerkit divides odd chips: the whole remainder of a split pot to its
    first winner, where pokerdb gives one unit each to the first winners (see settlement)."""
    nets = list(settlement.net)
    for pot in settlement.awards:
        left = pot.amount % len(pot.seats)
        if left > 1:
            nets[pot.seats[0] - 1] += left - 1
            for seat in pot.seats[1:left]:
                nets[seat - 1] -= 1
    return nets
