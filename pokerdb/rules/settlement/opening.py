"""Who opens a street's betting (pokerkit's openings, variants.Opening).

By position: the player after the largest blind or straddle before the flop, p1 on later
streets. Of equal largest blinds the first from p2 (the big blind) counts, so that a big blind
posted out of position by a player joining the game (PokerStars' `posts big blind` from
another seat) does not move the opening; pokerkit takes the last, which differs only there.
Heads-up, of equal blinds the last (p2, the button).

In stud by the up cards of the players still in: on third street the lowest up card (ace
high, then by suit: clubs, diamonds, hearts, spades) brings it in, in razz the highest (ace
low; spades highest); on later streets the best up cards as a high hand (pairs, two pairs,
trips, quads; no straights or flushes) open, in razz the lowest as an ace-to-five low, equal
hands to the first seat from p1. Where some up cards are unknown, any
of their players may open, or the best of the known ones (as pokerkit, which ranks the known
up cards only).
"""

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from pokerdb.rules.cards import RANK_VALUE, SUIT_CHARS
from pokerdb.rules.largest import largest
from pokerdb.rules.variants import Opening

_SUIT_ORDER = {suit: index for index, suit in enumerate(SUIT_CHARS)}  # clubs lowest
_FIRST = (0,)
_POSITION: Final = Opening.POSITION  # a constant of the compiled module (not a lookup)


def open_pair(up_cards: Sequence[Sequence[str | None]], in_hand: Sequence[bool]) -> bool:
    """Whether a player still in shows a pair among their up cards (stud high's fourth street
    then lets a bet be doubled, where a hand's rules say so)."""
    for cards, playing in zip(up_cards, in_hand, strict=True):
        ranks = [card[0] for card in cards if card]
        if playing and len(set(ranks)) < len(ranks):
            return True
    return False


def openers(opening: Opening, bets: Sequence[int], up_cards: Sequence[Sequence[str | None]],
            in_hand: Sequence[bool]) -> tuple[int, ...]:
    """The seats (0-based) that may act first, the likeliest first: one, unless up cards that
    decide it are unknown. `up_cards` per seat, None for an unknown card."""
    n = len(bets)
    if opening is _POSITION:
        if not any(bets):  # after the first street: p1
            return _FIRST
        if n == 2:  # the larger blind's (the later seat's of equal ones) other seat
            return (0 if bets[1] >= bets[0] else 1,)
        # The seat after the first largest blind from p2 (p2, ..., pN, then p1).
        top = largest(bets)
        for step in range(1, n + 1):
            if bets[step % n] == top:
                return ((step + 1) % n,)
    return _by_up_cards(opening, up_cards, in_hand)


def _by_up_cards(opening: Opening, up_cards: Sequence[Sequence[str | None]],
                 in_hand: Sequence[bool]) -> tuple[int, ...]:
    """`openers` where the up cards decide. (Apart: compiled, a function whose lambdas read
    its locals makes the object holding them at every call, of every hand.)"""
    seats = [seat for seat in range(len(in_hand)) if in_hand[seat]]
    unknown = tuple(seat for seat in seats if None in up_cards[seat] or not up_cards[seat])
    known = [seat for seat in seats if seat not in unknown]
    if not known:
        return unknown
    ace_low = opening in (Opening.HIGH_CARD, Opening.LOW_HAND)
    keys = {seat: _key(opening, tuple(card for card in up_cards[seat] if card), ace_low)
            for seat in known}
    if opening in (Opening.LOW_CARD, Opening.LOW_HAND):
        best = min(known, key=lambda seat: (keys[seat], seat))
    else:
        best = min(known, key=lambda seat: (_negated(keys[seat]), seat))
    return (best, *unknown)


def _rank(card: str, ace_low: bool) -> int:
    value = RANK_VALUE[card[0]]
    return 1 if ace_low and value == RANK_VALUE["A"] else value


@lru_cache(maxsize=1 << 16)
def _key(opening: Opening, cards: tuple[str, ...], ace_low: bool) -> tuple[int, ...]:
    """What orders the seats: the one up card with its suit, or the up cards as a hand (the
    sizes of their rank groups, then the ranks by group size and rank)."""
    if opening in (Opening.LOW_CARD, Opening.HIGH_CARD):
        return min((_rank(card, ace_low), _SUIT_ORDER[card[1]]) for card in cards) \
            if opening is Opening.LOW_CARD else \
            max((_rank(card, ace_low), _SUIT_ORDER[card[1]]) for card in cards)
    counts = Counter(_rank(card, ace_low) for card in cards)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    return (*(count for _, count in groups), 0, *(rank for rank, _ in groups))


def _negated(key: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(-part for part in key)
