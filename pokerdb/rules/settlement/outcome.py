"""What replaying and settling a hand tell: the pots, the state at an all-in, the replayed hand,
and who won what. Made for every hand: not frozen, though nothing changes them (see
pokerdb.rules.hand_record)."""

from dataclasses import dataclass

from pokerdb.rules.hand_record import PhhHand
from pokerdb.rules.variants import Variant


@dataclass(slots=True, unsafe_hash=True)
class Pot:
    amount: int  # units
    seats: tuple[int, ...]  # the seats (1-based) that may win it


@dataclass(slots=True, unsafe_hash=True)
class AllIn:
    """The moment the betting closed for good before the last street, with at most one player
    in holding chips: the state an all-in equity is computed from."""

    action: int  # how many actions had been applied: the closing action's 1-based position
    board: str | None  # the board then, e.g. "JC 3D 5C" ("" before the flop; None: unknown)
    seats: tuple[int, ...]  # the players still in
    put_in: tuple[int, ...]  # per seat, units put in so far (uncalled bets returned)
    pots: tuple[Pot, ...]  # the pots they contest, each with its seats


@dataclass(slots=True, unsafe_hash=True)
class Replayed:
    hand: PhhHand
    variant: Variant
    actors: tuple[int | None, ...]  # per action: its player (1-based), None for the dealer
    put_in: tuple[int, ...]  # per seat, units put in (uncalled bets returned)
    returned: tuple[int, ...]  # per seat, units of its uncalled bets returned to it
    pots: tuple[Pot, ...]  # main pot first; seats: those whose hands compete for it
    showdown: tuple[int, ...]  # seats whose hands are compared, in seat order; () if folded to
    # Per seat, the cards held at the end in the order dealt (a draw's new cards in place of
    # the discarded ones), e.g. "AC 2D"; None unless all known.
    hole_cards: tuple[str | None, ...]
    board: str | None  # e.g. "JC 3D 5C 4H JH"; "" with no board; None if a card is unknown
    all_in: AllIn | None  # set when the betting closed for good before the last street
    # The seats (1-based) that showed cards unknown to the file at the showdown: the actions
    # do not say who won (its winnings may: rules.recorded_figures). () for most hands.
    undecided: tuple[int, ...] = ()


@dataclass(slots=True, unsafe_hash=True)
class Award:
    amount: int  # units
    seats: tuple[int, ...]  # the winners, sharing it
    low: bool = False  # the low half of a split pot


@dataclass(slots=True, unsafe_hash=True)
class Settlement:
    """Who won what. `awards` are the pots as divided, in order: each pot whole, or its high
    half then its low half."""

    won: tuple[int, ...]  # per seat, units won
    net: tuple[int, ...]  # per seat, units won minus units put in
    showed: tuple[bool, ...]  # per seat: reached the showdown and showed a hand
    winner: int  # the seat that won the whole main pot, 0 when it was shared
    awards: tuple[Award, ...]
    # A site's hand: per seat, the units of what it won that the site kept as rake and fees
    # (`won` and `net` are then what it was paid); None for a hand without rake.
    raked: tuple[int, ...] | None = None
    # The seats (1-based) whose result the hand does not tell: a showdown of cards the file
    # does not know (`sm ????`) and no winnings that say who won. Their `won` and `net` are
    # not known (stored as NULL); `winner` is then 0 and stored as NULL. () for most hands.
    unknown: tuple[int, ...] = ()
