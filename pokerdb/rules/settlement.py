"""Replaying a PHH hand under its variant's rules and settling it: who put in what, the main and
side pots, and who wins them.

Two steps, so that the shown hands of a whole batch can be evaluated at once between them:

- `replay(hand)` checks every action against the rules and returns a `Replayed`: what each
  seat put in (uncalled bets returned), the pots with the seats that may win each, the seats
  whose hands are compared at the showdown, the cards, and each action's player. An impossible
  hand raises `PhhError` naming the action: ``action 7 'p2 cbr 50': p2 acts out of turn (p3 is
  to act)``.
- `award(replayed, strengths)` gives each pot to the best of its seats' hands, given one
  strength per showdown seat (a larger strength is a better hand, equal ones tie), and returns
  the `Settlement`: per seat the net result, whether the seat showed, and the main pot's
  winner.

Amounts are integers in the hand's unit (see `pokerdb.formats.phh`); `PhhHand.amount` makes
them exact Decimals.

The rules, as PHH and its reference implementation pokerkit define them:

- Players are p1..pN clockwise from the small blind; pN is the button. Antes and blinds are
  posted as listed, each at most the player's stack; heads-up both lists apply in reverse, so p2
  is the button and posts the small blind, acts first before the flop and last after it.
- Before the flop the player after the largest blind or straddle acts first; later streets
  start with p1. A player acts in turn: `cc` checks or calls (all in when short), `f` folds,
  `cbr X` bets or raises so that the player's bet on this street is X in all.
- No-limit: a bet or raise is at least the larger of `min_bet` and the largest bet or raise
  made on this street, unless it puts the player all in. An all-in for less than a full raise
  does not reopen the betting to the players who already acted on the last full raise, unless
  such short all-ins add up to a full raise. Fixed-limit: bets and raises are exactly
  `small_bet` (pre-flop and flop) or `big_bet` (turn and river), or all in for less, at most 4
  of them per street (pokerkit's cap; the blinds are not counted).
- A bet no one else can match is returned in part at the end of its street, down to the
  second largest bet. With `ante_trimming_status` false (the default) all antes go to the main
  pot; with it true antes are chips like any other, and an ante larger than every other is
  trimmed to the second largest.
- Pots follow the contribution levels; each goes to the best hand among the seats that reached
  its level and are still in, and consecutive pots that would go to the same seats are split
  as one. A hand won by folds goes to the last player in, unshown.
- Odd chips: a pot divides evenly among its winners in the hand's smallest unit, and the units
  left over go one each to the winners in seat order from p1 (the first seat left of the
  button). pokerkit gives the whole remainder to the first of them instead: the same for two
  winners, different when three or more split a pot with two or more units left over, and for
  decimal amounts, whose remainder pokerkit leaves in fractions of a unit to the first winner.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Final, cast

from pokerdb.errors import quoted
from pokerdb.rules.cards import RANK_CHARS, SUIT_CHARS, normalise_card
from pokerdb.rules.hand_record import PhhError, PhhHand


class Betting(Enum):
    NO_LIMIT = "no-limit"
    FIXED_LIMIT = "fixed-limit"


@dataclass(frozen=True)
class Street:
    name: str
    board_cards: int  # dealt to the board before its betting
    big_bet: bool  # fixed-limit bets are `big_bet` (else `small_bet`) on this street


@dataclass(frozen=True)
class Variant:
    """A game as data: what the replay needs to know of it. Further variants add their own
    (Omaha: 4 hole cards and pot-limit betting; stud: per-street hole cards, a bring-in and
    opening by up cards; draw games: discard streets; hi/lo games: a second strength)."""

    code: str
    name: str
    hole_cards: int
    streets: tuple[Street, ...]
    betting: Betting
    max_raises: int | None  # bets and raises per street; None: no cap


HOLDEM_STREETS: Final = (
    Street("pre-flop", 0, False), Street("flop", 3, False), Street("turn", 1, True),
    Street("river", 1, True),
)
VARIANTS: Final = {
    "NT": Variant("NT", "no-limit Texas hold'em", 2, HOLDEM_STREETS, Betting.NO_LIMIT, None),
    "FT": Variant("FT", "fixed-limit Texas hold'em", 2, HOLDEM_STREETS, Betting.FIXED_LIMIT, 4),
}
# Every variant code of the PHH specification, for the names in messages.
VARIANT_NAMES: Final = {
    "FT": "fixed-limit Texas hold'em",
    "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha hold'em",
    "FO/8": "fixed-limit Omaha hold'em high/low-split eight or better",
    "F7S": "fixed-limit seven card stud",
    "F7S/8": "fixed-limit seven card stud high/low-split eight or better",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven lowball single draw",
    "F2L3D": "fixed-limit deuce-to-seven lowball triple draw",
    "FB": "fixed-limit badugi",
}
UNKNOWN_STACK: Final = 1 << 80  # units standing for a stack the file gives as `inf`
_SEAT_OF: Final = {f"p{number}": number - 1 for number in range(1, 1000)}
# Every spelling of a card that pokerdb reads ("Ac", "AC", ...), and "??" for an unknown card.
_CARD_OF: Final[dict[str, str | None]] = {
    token: normalise_card(token) for token in (
        rank + suit for rank in RANK_CHARS + RANK_CHARS.lower()
        for suit in SUIT_CHARS + SUIT_CHARS.lower())
    if normalise_card(token) is not None
} | {"??": None}


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int  # units
    seats: tuple[int, ...]  # the seats (1-based) that may win it


@dataclass(frozen=True, slots=True)
class AllIn:
    """The moment the betting closed for good before the river, with at most one player in
    holding chips: the state an all-in equity is computed from."""

    action: int  # how many actions had been applied: the closing action's 1-based position
    board: str | None  # the board then, e.g. "JC 3D 5C" ("" before the flop; None: unknown)
    seats: tuple[int, ...]  # the players still in
    put_in: tuple[int, ...]  # per seat, units put in so far (uncalled bets returned)
    pots: tuple[Pot, ...]  # the pots they contest, each with its seats


@dataclass(frozen=True, slots=True)
class Replayed:
    hand: PhhHand
    actors: tuple[int | None, ...]  # per action: its player (1-based), None for the dealer
    put_in: tuple[int, ...]  # per seat, units put in (uncalled bets returned)
    pots: tuple[Pot, ...]  # main pot first; seats: those whose hands compete for it
    showdown: tuple[int, ...]  # seats whose hands are compared, in seat order; () if folded to
    hole_cards: tuple[str | None, ...]  # per seat, e.g. "AC 2D"; None unless all known
    board: str | None  # e.g. "JC 3D 5C 4H JH"; "" with no board; None if a card is unknown
    all_in: AllIn | None  # set when the betting closed for good before the river


@dataclass(frozen=True, slots=True)
class Award:
    amount: int  # units
    seats: tuple[int, ...]  # the winners, sharing it


@dataclass(frozen=True, slots=True)
class Settlement:
    """Who won what. `awards` are the pots as divided: consecutive pots won by the same
    seats are divided as one (as pokerkit does), which leaves fewer odd chips."""

    won: tuple[int, ...]  # per seat, units won
    net: tuple[int, ...]  # per seat, units won minus units put in
    showed: tuple[bool, ...]  # per seat: reached the showdown and showed a hand
    winner: int  # the seat that won the main pot, 0 when it was split
    awards: tuple[Award, ...]


def replay(hand: PhhHand) -> Replayed:
    """The hand replayed under its variant's rules; PhhError if it breaks them."""
    variant = VARIANTS.get(hand.variant)
    if variant is None:
        name = VARIANT_NAMES.get(hand.variant)
        if name is None:
            raise hand.error(f"unknown variant {quoted(hand.variant)} (PHH variants are "
                             f"{', '.join(VARIANT_NAMES)})")
        raise hand.error(f"variant {hand.variant} ({name}) is not supported yet")
    return _Replay(hand, variant).run()


def award(replayed: Replayed, strengths: Sequence[int]) -> Settlement:
    """The pots given out: `strengths` holds one per seat of `replayed.showdown`, in order.
    See the module's docstring for the odd chip."""
    if len(strengths) != len(replayed.showdown):
        raise ValueError(f"{len(strengths)} strengths for {len(replayed.showdown)} hands")
    strength_of = dict(zip(replayed.showdown, strengths, strict=True))
    awards: list[Award] = []
    for pot in replayed.pots:
        seats = pot.seats
        if len(seats) > 1:
            best = max(strength_of[seat] for seat in seats)
            seats = tuple(seat for seat in seats if strength_of[seat] == best)
        if awards and awards[-1].seats == seats:
            awards[-1] = Award(awards[-1].amount + pot.amount, seats)
        else:
            awards.append(Award(pot.amount, seats))
    won = [0] * len(replayed.put_in)
    for pot_award in awards:
        share, odd = divmod(pot_award.amount, len(pot_award.seats))
        for rank, seat in enumerate(pot_award.seats):
            won[seat - 1] += share + (rank < odd)
    main = awards[0].seats
    showdown = set(replayed.showdown)
    return Settlement(
        won=tuple(won),
        net=tuple(gain - paid for gain, paid in zip(won, replayed.put_in, strict=True)),
        showed=tuple(seat in showdown for seat in range(1, len(won) + 1)),
        winner=main[0] if len(main) == 1 else 0,
        awards=tuple(awards),
    )


# What a seat did at the showdown.
_PENDING = 0  # nothing yet: competes if its cards are known
_SHOWN = 1
_HIDDEN = 2  # showed some cards unknown ('????'): cannot win
_MUCKED = 3

# The phases of a hand.
_HOLE = 0  # hole cards being dealt; the first other action starts the pre-flop betting
_BOARD = 1  # the dealer is to deal the current street's board cards
_BETTING = 2
_SHOWDOWN = 3  # the betting is over for good; any board still due is dealt in between
_FOLDED = 4  # won by folds


class _Replay:
    """The state of a hand being replayed, action by action."""

    __slots__ = (
        "acted", "actions_by", "actors", "all_in", "antes", "bets", "board", "board_due",
        "dealt", "hand", "hole", "in_count", "in_hand", "index", "n", "phase", "put_in",
        "raise_count", "raise_size", "scale", "short_all_ins", "shown", "stacks", "street",
        "street_bet", "variant",
    )

    def __init__(self, hand: PhhHand, variant: Variant) -> None:
        self.hand = hand
        self.variant = variant
        self.n = n = hand.player_count
        self.scale: int = 10 ** hand.exponent
        self.stacks = [UNKNOWN_STACK if stack is None else stack
                       for stack in hand.starting_stacks]
        self.street_bet = self._street_bets()
        self.antes, self.bets = self._forced_bets()
        self.put_in = list(self.antes)
        self.in_hand = [True] * n
        self.in_count = n
        self.hole: list[list[str | None]] = [[] for _ in range(n)]
        self.shown = [_PENDING] * n
        self.board: list[str | None] = []
        self.dealt: set[str] = set()
        self.actions_by: list[int | None] = []
        self.index = 0
        self.phase = _HOLE
        self.street = 0
        self.board_due = 0
        self.actors: list[int] = []
        self.acted: set[int] = set()
        self.short_all_ins: list[int] = []
        self.raise_size = 0
        self.raise_count = 0
        self.all_in: AllIn | None = None

    def _street_bets(self) -> tuple[int, ...]:
        hand, variant = self.hand, self.variant
        if hand.blinds_or_straddles is None:
            raise hand.error(f"field 'blinds_or_straddles' is missing ({variant.code} needs it)")
        if variant.betting is Betting.NO_LIMIT:
            if hand.min_bet is None:
                raise hand.error(f"field 'min_bet' is missing ({variant.code} needs it)")
            return tuple(hand.min_bet for _ in variant.streets)
        for name in ("small_bet", "big_bet"):
            if getattr(hand, name) is None:
                raise hand.error(f"field {name!r} is missing ({variant.code} needs it)")
        small, big = hand.small_bet, hand.big_bet
        assert small is not None and big is not None
        return tuple(big if street.big_bet else small for street in variant.streets)

    # --- the run ------------------------------------------------------------------------

    def run(self) -> Replayed:
        for text in self.hand.actions:
            self._apply(text)
            self.index += 1
        self._check_complete()
        contenders = self._contenders()
        pots = self._pots(contenders)
        count = self.variant.hole_cards
        return Replayed(
            hand=self.hand,
            actors=tuple(self.actions_by),
            put_in=tuple(self.put_in),
            pots=pots,
            showdown=tuple(seat for seat in range(1, self.n + 1) if contenders[seat - 1])
            if self.phase == _SHOWDOWN else (),
            hole_cards=tuple(_cards_text(cards) if len(cards) == count else None
                             for cards in self.hole),
            board=_cards_text(self.board),
            all_in=self.all_in,
        )

    def _forced_bets(self) -> tuple[list[int], list[int]]:
        """The antes and blinds posted, taken from the stacks."""
        hand, stacks = self.hand, self.stacks
        antes = hand.antes
        blinds = hand.blinds_or_straddles
        assert blinds is not None
        if self.n == 2:  # heads-up: the lists apply in reverse
            antes, blinds = antes[::-1], blinds[::-1]
        posted = [min(ante, stack) for ante, stack in zip(antes, stacks, strict=True)]
        # A blind is at most what the full ante leaves, even when the ante is then trimmed.
        bets = [min(blind, stack - ante)
                for blind, stack, ante in zip(blinds, stacks, posted, strict=True)]
        if hand.ante_trimming_status:
            ceiling = sorted(posted)[-2]
            posted = [min(ante, ceiling) for ante in posted]
        for seat in range(self.n):
            stacks[seat] -= posted[seat] + bets[seat]
        return posted, bets

    def _check_complete(self) -> None:
        if self.phase == _HOLE:
            self._begin_betting()
        phase = self.phase
        if phase == _BETTING:
            missing = f"p{self.actors[0] + 1} is to act"
        elif phase == _BOARD or (phase == _SHOWDOWN and (
                self.board_due or self.street < len(self.variant.streets) - 1)):
            street = self.variant.streets[self.street if self.board_due else self.street + 1]
            missing = f"the {street.name} is to be dealt"
        else:
            return
        raise self.hand.error(f"the actions end before the hand is over ({missing})")

    # --- actions --------------------------------------------------------------------------

    def _fail(self, text: str, reason: str) -> PhhError:
        return self.hand.error(f"action {self.index + 1} {quoted(text)}: {reason}")

    def _apply(self, text: str) -> None:
        words = (text.partition("#")[0] if "#" in text else text).split()
        count = len(words)
        if not count:  # a no-op: blank or a commentary alone
            self.actions_by.append(None)
            return
        actor = words[0]
        if actor == "d":
            self.actions_by.append(None)
            if count == 3 and words[1] == "db":
                self._deal_board(text, words[2])
            elif count == 4 and words[1] == "dh":
                self._deal_hole(text, self._seat(text, words[2]), words[3])
            else:
                raise self._fail(text, "unknown action (the dealer's are 'd db CARDS' and "
                                       "'d dh pN CARDS')")
            return
        seat = self._seat(text, actor)
        self.actions_by.append(seat + 1)
        verb = words[1] if count > 1 else ""
        if self.phase == _HOLE:
            self._begin_betting()
        if count == 2 and (verb == "cc" or verb == "f"):
            self._turn(text, seat)
            del self.actors[0]
            self.acted.add(seat)
            if verb == "f":
                self.in_hand[seat] = False
                self.in_count -= 1
            else:
                bets, stacks = self.bets, self.stacks
                amount = min(stacks[seat], max(bets) - bets[seat])
                bets[seat] += amount
                stacks[seat] -= amount
        elif verb == "cbr" and count == 3:
            self._turn(text, seat)
            self._bet_or_raise(text, seat, self._amount(text, words[2]))
        elif verb == "sm" and count <= 3:
            self._show_or_muck(text, seat, words[2] if count == 3 else None)
            return
        elif verb in ("sd", "pb"):
            raise self._fail(text, f"{'discarding' if verb == 'sd' else 'a bring-in'} is not "
                                   f"part of {self.variant.code} ({self.variant.name})")
        else:
            raise self._fail(text, "unknown action (a player's are 'cc', 'f', 'cbr AMOUNT' "
                                   "and 'sm [CARDS]')")
        if not self.actors or self.in_count == 1:
            self._end_betting(self.index + 1)

    def _seat(self, text: str, label: str) -> int:
        seat = _SEAT_OF.get(label, self.n)
        if seat < self.n:
            return seat
        raise self._fail(text, f"unknown player {quoted(label)} (the players are p1 to "
                               f"p{self.n})")

    def _amount(self, text: str, written: str) -> int:
        if written.isascii() and written.isdigit():
            return int(written) * self.scale
        whole, point, fraction = written.partition(".")
        if (point and whole.isascii() and whole.isdigit() and fraction.isascii()
                and fraction.isdigit() and len(fraction) <= self.hand.exponent):
            return int(whole + fraction.ljust(self.hand.exponent, "0"))
        raise self._fail(text, f"{quoted(written)} is not an amount")

    def _cards(self, text: str, written: str) -> list[str | None]:
        if written == "????":  # two unknown cards: hole cards as most files give them
            return [None, None]
        if len(written) % 2:
            raise self._fail(text, f"{quoted(written)} is not a list of cards (two characters "
                                   f"each, such as 'Ac' or '??')")
        cards = []
        card_of = _CARD_OF.get
        for start in range(0, len(written), 2):
            card = card_of(written[start:start + 2], "")
            if card == "":
                raise self._fail(text, f"{quoted(written[start:start + 2])} is not a card")
            cards.append(card)
        return cards

    def _take(self, text: str, cards: Sequence[str | None]) -> None:
        """Marks known cards as dealt; each card exists once."""
        dealt = self.dealt
        for card in cards:
            if card:
                if card in dealt:
                    raise self._fail(text, f"{card} is dealt twice")
                dealt.add(card)

    def _deal_hole(self, text: str, seat: int, written: str) -> None:
        if self.phase != _HOLE:
            raise self._fail(text, "hole cards are dealt after the betting began")
        cards = self._cards(text, written)
        hole = self.hole[seat]
        if len(hole) + len(cards) > self.variant.hole_cards:
            raise self._fail(text, f"p{seat + 1} would hold {len(hole) + len(cards)} hole "
                                   f"cards ({self.variant.code} deals "
                                   f"{self.variant.hole_cards})")
        if any(cards):  # a card is known
            self._take(text, cards)
        hole.extend(cards)

    def _deal_board(self, text: str, written: str) -> None:
        if self.phase == _HOLE:
            self._begin_betting()
        if self.phase == _BETTING:
            raise self._fail(text, f"the board is dealt while p{self.actors[0] + 1} is to act")
        if self.phase == _FOLDED:
            raise self._fail(text, "the hand is over: everyone else folded")
        if self.phase == _SHOWDOWN and not self.board_due:
            if self.street == len(self.variant.streets) - 1:
                raise self._fail(text, "the board is already complete")
            self.street += 1
            self.board_due = self.variant.streets[self.street].board_cards
        cards = self._cards(text, written)
        street = self.variant.streets[self.street]
        if len(cards) > self.board_due:
            raise self._fail(text, f"{len(cards)} cards dealt to the board where the "
                                   f"{street.name} has {self.board_due} to come")
        self._take(text, cards)
        self.board.extend(cards)
        self.board_due -= len(cards)
        if not self.board_due and self.phase == _BOARD:
            self._begin_betting()

    def _show_or_muck(self, text: str, seat: int, written: str | None) -> None:
        if self.phase in (_HOLE, _BOARD, _BETTING):
            raise self._fail(text, "a hand is shown or mucked before the showdown")
        if self.shown[seat] != _PENDING:
            raise self._fail(text, f"p{seat + 1} has already shown or mucked")
        if not self.in_hand[seat]:
            raise self._fail(text, f"p{seat + 1} is not in the hand")
        if written is None:  # mucked: cards unshown, and out of the showdown
            self.shown[seat] = _MUCKED
            if self.phase == _SHOWDOWN:
                self.in_hand[seat] = False
                self.in_count -= 1
            return
        hole, count = self.hole[seat], self.variant.hole_cards
        if written == "-":
            if len(hole) < count or None in hole:
                raise self._fail(text, f"p{seat + 1}'s hole cards are not known: write them "
                                       f"out")
            self.shown[seat] = _SHOWN
            return
        shown = self._cards(text, written)
        if len(shown) > count:
            raise self._fail(text, f"{len(shown)} cards shown ({self.variant.code} deals "
                                   f"{count})")
        if shown == hole:  # as dealt, the common case
            self.shown[seat] = _HIDDEN if None in hole or len(hole) < count else _SHOWN
            return
        dealt: list[str | None] = [card for card in hole if card is not None]
        new = [card for card in shown if card is not None and card not in dealt]
        if len(dealt) + len(new) > count:
            raise self._fail(text, f"p{seat + 1} shows {_written(shown)} but was dealt "
                                   f"{_written(hole)}")
        self._take(text, new)
        known = dealt + new  # a show of fewer cards than dealt keeps the others
        if len(shown) == count and None not in shown:
            known = shown
        self.hole[seat] = [*known, *[None] * (count - len(known))]
        self.shown[seat] = _SHOWN if len(known) == count else _HIDDEN

    # --- betting --------------------------------------------------------------------------

    def _begin_betting(self) -> None:
        n, bets, stacks, in_hand = self.n, self.bets, self.stacks, self.in_hand
        self.phase = _BETTING
        opener = 0
        if self.street == 0:  # after the largest blind or straddle (of equal ones, the last)
            opener = (max(range(n), key=lambda seat: (bets[seat], seat)) + 1) % n
        totals = sorted(bets[seat] + stacks[seat] for seat in range(n) if in_hand[seat])
        covered = totals[-2]  # no one can put in more than this and be called
        self.actors = [
            seat for seat in _clockwise(n, opener)
            if in_hand[seat] and stacks[seat] and covered > bets[seat]
        ]
        self.acted = set()
        self.short_all_ins = []
        self.raise_size = 0
        self.raise_count = 0
        if not self.actors or (len(self.actors) == 1 and bets[self.actors[0]] >= max(bets)):
            self._end_betting(self.index)

    def _turn(self, text: str, seat: int) -> None:
        phase = self.phase
        if phase == _BETTING:
            if self.actors[0] != seat:
                raise self._fail(text, f"p{seat + 1} acts out of turn (p{self.actors[0] + 1} "
                                       f"is to act)")
            return
        if phase == _BOARD:
            raise self._fail(text, f"p{seat + 1} acts while the "
                                   f"{self.variant.streets[self.street].name} is to be dealt")
        if phase == _FOLDED:
            raise self._fail(text, "the hand is over: everyone else folded")
        raise self._fail(text, "the betting is over")

    def _bet_or_raise(self, text: str, seat: int, amount: int) -> None:
        bets, stacks, in_hand = self.bets, self.stacks, self.in_hand
        top, own, stack = max(bets), bets[seat], stacks[seat]
        player = f"p{seat + 1}"  # for the messages
        if min(stack, top - own) < self.raise_size or (
                self.short_all_ins and seat in self.acted
                and sum(self.short_all_ins) < self.raise_size):
            raise self._fail(text, f"{player} may only call or fold: an all-in for less than "
                                   f"a full raise does not reopen the betting")
        cap = self.variant.max_raises
        if cap is not None and self.raise_count == cap:
            raise self._fail(text, f"the {self.variant.streets[self.street].name} allows "
                                   f"{cap} bets and raises, all made")
        if stack <= top - own:
            raise self._fail(text, f"{player} cannot raise: calling takes all {player}'s chips")
        for other in _clockwise(self.n, seat + 1):
            if in_hand[other] and stacks[other] + bets[other] > top and other != seat:
                break
        else:
            raise self._fail(text, f"{player} cannot bet or raise: no one else has chips left "
                                   f"to call")
        most = stack + own
        least = min(most, max(self.raise_size, self.street_bet[self.street]) + top)
        kind = "raise" if top else "bet"
        if self.variant.betting is Betting.FIXED_LIMIT and amount != least:
            raise self._fail(text, f"a fixed-limit {kind} is to {self.hand.amount(least)}")
        if amount < least:
            raise self._fail(text, f"a {kind} to {self.hand.amount(amount)} is below the "
                                   f"minimum, {self.hand.amount(least)}")
        if amount > most:
            raise self._fail(text, f"{player} cannot {kind} to {self.hand.amount(amount)}: "
                                   f"{player}'s stack allows at most {self.hand.amount(most)}")
        increment = amount - top
        bets[seat] = amount
        stacks[seat] -= amount - own
        n = self.n
        self.actors = [other for other in _clockwise(n, seat + 1)
                       if in_hand[other] and stacks[other] and other != seat]
        if increment >= self.raise_size:  # a full raise reopens the betting to everyone
            self.acted = {seat}
            self.raise_size = increment
        else:
            self.acted.add(seat)
        self.raise_count += 1
        if stacks[seat]:
            self.short_all_ins.clear()
        else:
            self.short_all_ins.append(increment)
            if sum(self.short_all_ins) >= self.raise_size:
                self.short_all_ins.clear()

    def _end_betting(self, applied: int) -> None:
        """Closes the street's betting, `applied` actions into the hand: returns what no one
        could match, then deals on, shows down, or ends the hand won by folds."""
        bets, stacks, put_in = self.bets, self.stacks, self.put_in
        matched = sorted(bets)[-2]
        for seat in range(self.n):
            bet = bets[seat]
            if bet > matched:
                stacks[seat] += bet - matched
                bet = matched
            put_in[seat] += bet
        self.bets = [0] * self.n
        self.actors = []
        in_hand = self.in_hand
        if self.in_count == 1:
            self.phase = _FOLDED
            return
        self.phase = _SHOWDOWN
        if self.street == len(self.variant.streets) - 1:
            return
        if sum(1 for seat in range(self.n) if in_hand[seat] and stacks[seat]) <= 1:
            self.all_in = AllIn(
                action=applied,
                board=_cards_text(self.board),
                seats=tuple(seat + 1 for seat in range(self.n) if in_hand[seat]),
                put_in=tuple(put_in),
                pots=self._pots(in_hand),
            )
            return
        self.street += 1
        self.board_due = self.variant.streets[self.street].board_cards
        self.phase = _BOARD

    # --- the pots ---------------------------------------------------------------------------

    def _contenders(self) -> list[bool]:
        """Per seat: competes for the pots it reached at the end of the hand."""
        if self.phase == _FOLDED:
            return list(self.in_hand)
        count = self.variant.hole_cards
        board_known = None not in self.board
        return [
            in_hand and board_known and len(hole) == count and None not in hole
            and shown != _HIDDEN
            for in_hand, hole, shown in zip(self.in_hand, self.hole, self.shown, strict=True)
        ]

    def _pots(self, eligible: list[bool]) -> tuple[Pot, ...]:
        """The main and side pots by contribution levels, each with its eligible seats;
        consecutive levels with the same seats are one pot."""
        levels_of = self.put_in
        amount = 0
        if not self.hand.ante_trimming_status:  # every ante goes to the main pot
            levels_of = [paid - ante for paid, ante in zip(levels_of, self.antes, strict=True)]
            amount = sum(self.antes)
        seats = tuple(seat + 1 for seat in range(self.n) if eligible[seat])
        top = max(levels_of)
        if seats and all(levels_of[seat - 1] == top for seat in seats):
            return (Pot(sum(self.put_in), seats),)  # all level: one pot, the common case
        pots: list[Pot] = []
        previous = 0
        for level in sorted(set(levels_of)):
            reached = [seat for seat, paid in enumerate(levels_of) if paid >= level]
            amount += (level - previous) * len(reached)
            seats = tuple(seat + 1 for seat in reached if eligible[seat])
            while pots and pots[-1].seats == seats:
                amount += pots.pop().amount
            if amount:
                pots.append(Pot(amount, seats))
            amount = 0
            previous = level
        if not pots:
            pots.append(Pot(0, tuple(seat + 1 for seat in range(self.n) if eligible[seat])))
        for number, pot in enumerate(pots):
            if not pot.seats:
                name = f"side pot {number}" if number else "main pot"
                raise self.hand.error(f"no player shows a hand that can win the {name}")
        return tuple(pots)


@cache
def _clockwise(players: int, first: int) -> tuple[int, ...]:
    """The seats (0-based) in order of play from `first`: first, first + 1, ... (mod players)."""
    return tuple((first + step) % players for step in range(players))


def _cards_text(cards: list[str | None]) -> str | None:
    """Known cards as pokerdb writes them ("AC 2D"); None if any is unknown."""
    return None if None in cards else " ".join(cast(list[str], cards))


def _written(cards: list[str | None]) -> str:
    """Cards for a message, unknown ones as ??."""
    return " ".join(card or "??" for card in cards)
