"""One street's betting under a variant's structure: who is to act, and what a check, call,
fold, bring-in, completion, bet or raise does or why the rules forbid it.

The rules, as PHH and pokerkit define them:

- A player acts in turn: `cc` checks or calls (all in when short), `f` folds, `cbr X` bets,
  raises or completes so that the player's bet on this street is X in all, `pb` posts the
  bring-in.
- No-limit: a bet or raise is at least the larger of the street's minimum and the largest bet
  or raise made on this street, unless it puts the player all in. Pot-limit: the same least,
  and at most the pot after calling (the call, plus every chip in the pots and in front of the
  players, on top of the largest bet). Fixed-limit: exactly the street's size (`small_bet` or
  `big_bet`), or all in for less, at most 4 bets and raises a street (pokerkit's cap; the
  blinds and the bring-in are not counted).
- An all-in for less than a full raise does not reopen the betting to the players who already
  acted on the last full raise, unless such short all-ins add up to a full raise.
- A site's rules may differ (BettingRules, the hand's): PokerStars completes a fixed-limit
  all-in for less than a full bet or raise, the next bet or raise going a full bet over the
  last full one (not over the all-in), and reopening the betting to a player who has acted when
  the all-ins add up to half a bet or more; and it lets a player raise more than anyone left
  to act can call, the excess returned.
- A raise may be for less than the least when it is to exactly what the other players in can
  put in (pokerkit refuses it; the WSOP's recorded hands have one, in razz).
- Stud: the first to act on third street posts the bring-in (`pb`, at most the stack) or
  completes to the small bet; the others may call the bring-in, fold or complete. A completion
  is a bet to the small bet in all, and counts towards the cap.
"""

from typing import Final

from pokerdb.rules.hand_record import PhhHand
from pokerdb.rules.largest import largest
from pokerdb.rules.variants import Betting, Variant

# The structures, constants of the compiled module (not looked up at every bet).
_FIXED_LIMIT: Final = Betting.FIXED_LIMIT
_POT_LIMIT: Final = Betting.POT_LIMIT


class Illegal(Exception):
    """An action the rules forbid; `reason` says why, in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class StreetBetting:
    """The betting state of the current street. `stacks`, `bets` and `in_hand` are the
    replay's own lists (per seat, 0-based), changed in place."""

    __slots__ = (
        "acted", "actors", "bets", "bring_in", "bring_in_due", "completes", "completing",
        "double", "floor", "hand", "in_hand", "level", "n", "openers", "pot", "raise_count",
        "raise_size", "short_all_ins", "size", "stacks", "street", "variant",
    )

    def __init__(self, hand: PhhHand, variant: Variant, stacks: list[int], bets: list[int],
                 in_hand: list[bool]) -> None:
        self.hand = hand
        self.variant = variant
        self.n = len(stacks)
        self.stacks = stacks
        self.bets = bets
        self.in_hand = in_hand
        self.bring_in = hand.bring_in or 0
        self.actors: list[int] = []
        self.openers: tuple[int, ...] = ()  # who may still open, when up cards do not say
        self.acted: set[int] = set()
        self.short_all_ins: list[int] = []
        self.raise_size = 0
        self.raise_count = 0
        self.street = 0
        self.size = 0
        self.pot = 0
        self.bring_in_due = False
        self.completing = False
        # The hand's rules complete a fixed-limit short all-in (BettingRules): the bet reached
        # by the last full bet or raise, which the next one goes a full bet over.
        self.completes = (hand.rules.completes_short_all_ins
                          and variant.betting is _FIXED_LIMIT)
        self.level = 0
        self.floor = 0  # the least bet to call (BettingRules.full_blind_to_call): the blind
        self.double = 0  # the bet size a bet or raise may be instead (open_pair_doubles)

    def open(self, street: int, size: int, openers: tuple[int, ...], pot: int,
             double: int = 0) -> bool:
        """Starts the betting of `street` (its bets of `size`, or of `double` at the bettor's
        choice, `pot` units already in the pots) with `openers[0]` first, or another of them
        if the first to act is; True if no one can act, so the street's betting is over."""
        n, bets, stacks, in_hand = self.n, self.bets, self.stacks, self.in_hand
        totals = sorted(bets[seat] + stacks[seat] for seat in range(n) if in_hand[seat])
        covered = totals[-2]  # no one can put in more than this and be called
        self.actors = [seat for seat in clockwise(n, openers[0])
                       if in_hand[seat] and stacks[seat] and covered > bets[seat]]
        self.openers = openers if len(openers) > 1 else ()
        self.acted = set()
        self.short_all_ins = []
        self.raise_size = 0
        self.raise_count = 0
        self.street = street
        self.size = size
        self.pot = pot
        self.double = double
        self.bring_in_due = self.completing = (
            not street and self.variant.bring_in and self.bring_in > 0)
        self.floor = size if (not street and not self.variant.bring_in
                              and self.hand.rules.full_blind_to_call) else 0
        top = largest(bets)
        self.level = 0 if self.completing else max(self.floor, top)
        actors = self.actors
        return not actors or (len(actors) == 1 and bets[actors[0]] >= top)

    def to_act(self, seat: int) -> int:
        """The seat to act (0-based), knowing that `seat` acts now: `seat` itself if it may
        open the street where the up cards do not say who does."""
        actors = self.actors
        if self.openers:
            if seat in self.openers and seat in actors:
                at = actors.index(seat)
                actors[:] = actors[at:] + actors[:at]
            self.openers = ()
        return actors[0]

    def check_or_call(self, seat: int) -> None:
        if self.bring_in_due:
            raise Illegal(f"p{seat + 1} is to post the bring-in or complete")
        del self.actors[0]
        self.acted.add(seat)
        bets, stacks = self.bets, self.stacks
        amount = min(stacks[seat], max(self.floor, largest(bets)) - bets[seat])
        bets[seat] += amount
        stacks[seat] -= amount

    def fold(self, seat: int) -> None:
        if self.bring_in_due:
            raise Illegal(f"p{seat + 1} is to post the bring-in or complete")
        del self.actors[0]
        self.acted.add(seat)

    def post_bring_in(self, seat: int) -> None:
        if not self.bring_in_due:
            raise Illegal("the bring-in is posted by the first to act on the first street, "
                          "once" if self.variant.bring_in else
                          f"a bring-in is not part of {self.variant.code} ({self.variant.name})")
        del self.actors[0]
        self.acted.add(seat)
        amount = min(self.stacks[seat], self.bring_in)
        self.bets[seat] += amount
        self.stacks[seat] -= amount
        self.bring_in_due = False

    def bet_or_raise(self, seat: int, amount: int) -> None:
        bets, stacks, in_hand, hand = self.bets, self.stacks, self.in_hand, self.hand
        top, own, stack = max(self.floor, largest(bets)), bets[seat], stacks[seat]
        if self.completes:
            self.check_completion(seat, top)
        elif min(stack, top - own) < self.raise_size or (
                self.short_all_ins and seat in self.acted
                and sum(self.short_all_ins) < self.raise_size):
            raise Illegal(f"p{seat + 1} may only call or fold: an all-in for less than a full "
                          f"raise does not reopen the betting")
        cap = self.variant.max_raises
        if cap is not None and self.raise_count == cap:
            raise Illegal(f"the {self.variant.streets[self.street].name} allows {cap} bets and "
                          f"raises, all made")
        if stack <= top - own:
            raise Illegal(f"p{seat + 1} cannot raise: calling takes all p{seat + 1}'s chips")
        for other in clockwise(self.n, seat + 1):
            if in_hand[other] and stacks[other] + bets[other] > top and other != seat:
                break
        else:  # a site's rules may allow it while another to act has chips: it is returned
            if not (hand.rules.raises_no_one_can_call
                    and any(stacks[other] for other in self.actors if other != seat)):
                raise Illegal(f"p{seat + 1} cannot bet or raise: no one else has chips left to "
                              f"call")
        most = stack + own
        least = min(most, self.least(top, self.size))
        cover = max([stacks[other] + bets[other] for other in range(self.n)
                     if in_hand[other] and other != seat])
        if amount == cover < least:  # to what the others can put in: all they can call
            least = cover
        kind = "completion" if self.completing else "raise" if top else "bet"
        betting = self.variant.betting
        if betting is _FIXED_LIMIT and amount != least:
            if not self.double or amount != min(most, self.least(top, self.double)):
                raise Illegal(f"a fixed-limit {kind} is to {hand.amount(least)}")
            self.size, self.double = self.double, 0  # the big bet from now on
        if amount < least:
            raise Illegal(f"a {kind} to {hand.amount(amount)} is below the minimum, "
                          f"{hand.amount(least)}")
        if amount > most:
            raise Illegal(f"p{seat + 1} cannot {kind} to {hand.amount(amount)}: p{seat + 1}'s "
                          f"stack allows at most {hand.amount(most)}")
        if betting is _POT_LIMIT:
            pot_size = min(most, max(least, 2 * top - own + self.pot + sum(bets)))
            if amount > pot_size:
                raise Illegal(f"a pot-limit {kind} to {hand.amount(amount)} is over the pot: "
                              f"at most {hand.amount(pot_size)}")
        increment = amount - top
        bets[seat] = amount
        stacks[seat] -= amount - own
        self.actors = [other for other in clockwise(self.n, seat + 1)
                       if in_hand[other] and stacks[other] and other != seat]
        if self.completes:  # a full bet over the level reopens the betting, a short one not
            if amount == self.level + self.size:
                self.acted = {seat}
                self.level = amount
            else:
                self.acted.add(seat)
        elif increment >= self.raise_size:  # a full raise reopens the betting to everyone
            self.acted = {seat}
            self.raise_size = increment
        else:
            self.acted.add(seat)
        self.raise_count += 1
        self.bring_in_due = self.completing = False
        if stacks[seat]:
            self.short_all_ins.clear()
        else:
            self.short_all_ins.append(increment)
            if sum(self.short_all_ins) >= self.raise_size:
                self.short_all_ins.clear()

    def least(self, top: int, size: int) -> int:
        """The least bet or raise to, with bets of `size`, over the largest bet `top`."""
        if self.completes:
            return self.level + size
        return max(self.raise_size, size) + (0 if self.completing else top)

    def check_completion(self, seat: int, top: int) -> None:
        """Under a site's rules that complete short all-ins (BettingRules): whether `seat` may
        bet or raise, a full bet over the level; once it has acted since the level, only
        when the all-ins since add up to half a bet or more."""
        if seat in self.acted and 2 * (top - self.level) < self.size:
            raise Illegal(f"p{seat + 1} may only call or fold: all-ins for less than half a bet "
                          f"do not reopen the betting")


# Per player count, the seats in order of play from each seat (clockwise's answers, kept in a
# dict of the compiled module's own: functools.cache's wrapper is a Python call).
_ORDERS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {}


def clockwise(players: int, first: int) -> tuple[int, ...]:
    """The seats (0-based) in order of play from `first`: first, first + 1, ... (mod players)."""
    orders = _ORDERS.get(players)
    if orders is None:
        orders = _ORDERS[players] = tuple(
            tuple((start + step) % players for step in range(players))
            for start in range(players))
    return orders[first % players]
