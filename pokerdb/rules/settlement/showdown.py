"""The end of a replayed hand (pokerdb.rules.settlement.replay): which seats compete for the pots
they reached, which showed cards the file does not know, and the pots as they are contested,
each with a seat that can win it.
"""

from collections.abc import Sequence

from pokerdb.rules.hand_record import PhhHand
from pokerdb.rules.settlement.dealing import Cards
from pokerdb.rules.settlement.outcome import Pot
from pokerdb.rules.settlement.pots import pots_of


def undecided(cards: Cards, in_hand: Sequence[bool], shown: Sequence[int]
              ) -> tuple[int, ...]:
    """At a showdown: the seats (1-based) still in that showed cards unknown to the file
    (`sm ????`; `shown` per seat, the cards shown, 0 or less for none): the actions cannot
    say who won."""
    holes = cards.hole
    return tuple(seat + 1 for seat in range(len(in_hand)) if in_hand[seat] and shown[seat] > 0
                 and None in holes[seat])


def contenders(cards: Cards, in_hand: Sequence[bool], folded: bool) -> list[bool]:
    """Per seat: competes for the pots it reached at the end of the hand (won by folds, every
    seat still in; else those whose cards and board are known)."""
    if folded:
        return list(in_hand)
    board_known = None not in cards.board
    holes = cards.hole  # by seat: see forced.forced_bets
    return [in_hand[seat] and board_known and bool(holes[seat]) and None not in holes[seat]
            for seat in range(len(in_hand))]


def contested_pots(hand: PhhHand, put_in: Sequence[int], antes: Sequence[int],
                   eligible: Sequence[bool]) -> tuple[Pot, ...]:
    """The pots of what was put in, each with the `eligible` seats that reached it; PhhError
    if one has none (no hand shown can win it)."""
    pots = pots_of(put_in, antes, hand.ante_trimming_status, eligible)
    for number, pot in enumerate(pots):
        if not pot.seats:
            name = f"side pot {number}" if number else "main pot"
            raise hand.error(f"no player shows a hand that can win the {name}")
    return pots
