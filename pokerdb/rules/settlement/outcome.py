"""What replaying and settling a hand tell: the pots, the state at an all-in, the replayed hand,
and who won what. Made for every hand: not frozen, though nothing changes them (see
pokerdb.rules.hand_record).

Each class writes out its own `__init__`, the dataclass's fields in order: compiled (mypyc),
the `__init__` that dataclass would make is interpreted, three to five times as long (a
Settlement: 0.8 µs), and the settlement makes several a hand. dataclass keeps a class's own
`__init__` and still makes its comparison, hash and repr (and `dataclasses.replace` works).
"""

from dataclasses import dataclass
from typing import Final

from pokerdb.rules.hand_record import PhhHand
from pokerdb.rules.variants import Variant

# What each action did, as the replay read it (Replayed.moves), for what reads the actions
# again (rules.tracker_stats) without splitting their texts once more.
MOVE_OTHER: Final = 0  # hole cards dealt, a show or muck, a discard, a bring-in, a no-op
MOVE_FOLD: Final = 1  # `f`
MOVE_CALL: Final = 2  # `cc`: a check or a call
MOVE_RAISE: Final = 3  # `cbr`: a bet or a raise
MOVE_BOARD: Final = 4  # board cards dealt: MOVE_BOARD + half the length of their text


@dataclass(slots=True, unsafe_hash=True)
class Pot:
    amount: int  # units
    seats: tuple[int, ...]  # the seats (1-based) that may win it

    def __init__(self, amount: int, seats: tuple[int, ...]) -> None:
        self.amount = amount
        self.seats = seats


@dataclass(slots=True, unsafe_hash=True)
class AllIn:
    """The moment the betting closed for good before the last street, with at most one player
    in holding chips: the state an all-in equity is computed from."""

    action: int  # how many actions had been applied: the closing action's 1-based position
    board: str | None  # the board then, e.g. "JC 3D 5C" ("" before the flop; None: unknown)
    seats: tuple[int, ...]  # the players still in
    put_in: tuple[int, ...]  # per seat, units put in so far (uncalled bets returned)
    pots: tuple[Pot, ...]  # the pots they contest, each with its seats

    def __init__(self, action: int, board: str | None, seats: tuple[int, ...],
                 put_in: tuple[int, ...], pots: tuple[Pot, ...]) -> None:
        self.action = action
        self.board = board
        self.seats = seats
        self.put_in = put_in
        self.pots = pots


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
    moves: tuple[int, ...]  # per action: what it did (MOVE_OTHER, MOVE_FOLD, ...)
    undecided: tuple[int, ...]

    def __init__(self, hand: PhhHand, variant: Variant, actors: tuple[int | None, ...],
                 put_in: tuple[int, ...], returned: tuple[int, ...], pots: tuple[Pot, ...],
                 showdown: tuple[int, ...], hole_cards: tuple[str | None, ...],
                 board: str | None, all_in: AllIn | None, moves: tuple[int, ...],
                 undecided: tuple[int, ...] = ()) -> None:
        self.hand = hand
        self.variant = variant
        self.actors = actors
        self.put_in = put_in
        self.returned = returned
        self.pots = pots
        self.showdown = showdown
        self.hole_cards = hole_cards
        self.board = board
        self.all_in = all_in
        self.moves = moves
        self.undecided = undecided


@dataclass(slots=True, unsafe_hash=True)
class Award:
    amount: int  # units
    seats: tuple[int, ...]  # the winners, sharing it
    low: bool  # the low half of a split pot

    def __init__(self, amount: int, seats: tuple[int, ...], low: bool = False) -> None:
        self.amount = amount
        self.seats = seats
        self.low = low


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
    raked: tuple[int, ...] | None
    # The seats (1-based) whose result the hand does not tell: a showdown of cards the file
    # does not know (`sm ????`) and no winnings that say who won. Their `won` and `net` are
    # not known (stored as NULL); `winner` is then 0 and stored as NULL. () for most hands.
    unknown: tuple[int, ...]

    def __init__(self, won: tuple[int, ...], net: tuple[int, ...], showed: tuple[bool, ...],
                 winner: int, awards: tuple[Award, ...], raked: tuple[int, ...] | None = None,
                 unknown: tuple[int, ...] = ()) -> None:
        self.won = won
        self.net = net
        self.showed = showed
        self.winner = winner
        self.awards = awards
        self.raked = raked
        self.unknown = unknown
