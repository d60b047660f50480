"""The forced bets of a hand and its bet sizes: the antes, the blinds or straddles (or stud's
bring-in), and each street's least bet (no-limit and pot-limit) or fixed bet (fixed-limit).

Antes and blinds are posted as listed, each at most the player's stack; heads-up both lists
apply in reverse, so p2 is the button and posts the small blind. With `ante_trimming_status`
true an ante larger than every other is trimmed to the second largest.
"""

from pokerdb.rules.hand_record import PhhHand
from pokerdb.rules.variants import Betting, Variant


def street_sizes(hand: PhhHand, variant: Variant) -> tuple[int, ...]:
    """Each street's bet size; PhhError naming a field the variant needs and the hand lacks."""
    fixed_limit = variant.betting is Betting.FIXED_LIMIT
    needed = ["bring_in"] if variant.bring_in else ["blinds_or_straddles"]
    needed += ["small_bet", "big_bet"] if fixed_limit else ["min_bet"]
    for name in needed:
        if getattr(hand, name) is None:
            raise hand.error(f"field {name!r} is missing ({variant.code} needs it)")
    if not fixed_limit:
        return (hand.min_bet or 0,) * len(variant.streets)
    small, big = hand.small_bet or 0, hand.big_bet or 0
    return tuple(big if street.big_bet else small for street in variant.streets)


def forced_bets(hand: PhhHand, stacks: list[int]) -> tuple[list[int], list[int]]:
    """The antes and blinds posted, taken from `stacks` (changed in place)."""
    players = len(stacks)
    antes = hand.antes
    blinds = hand.blinds_or_straddles or (0,) * players
    if players == 2:  # heads-up: the lists apply in reverse
        antes, blinds = antes[::-1], blinds[::-1]
    # By seat, not zip(..., strict=True): compiled, a loop over range() runs without Python
    # objects, where zip() with a keyword is built and stepped as one (about 3,000
    # instructions a call).
    posted = [min(antes[seat], stacks[seat]) for seat in range(players)]
    # A blind is at most what the full ante leaves, even when the ante is then trimmed.
    bets = [min(blinds[seat], stacks[seat] - posted[seat]) for seat in range(players)]
    if hand.ante_trimming_status:
        ceiling = sorted(posted)[-2]
        posted = [min(ante, ceiling) for ante in posted]
    for seat in range(players):
        stacks[seat] -= posted[seat] + bets[seat]
    return posted, bets
