"""The poker variants of recorded hands (the PHH codes), as data. A variant is a game played in
a betting structure (no-limit, pot-limit, fixed-limit): the game (`PokerGame`) has the deck,
the cards dealt on each street (to the board, or to each player face down or up, or a draw),
who opens each street's betting and which hands compare at the showdown, and lists the
structures it is played in; `VARIANTS` holds every such combination, coded as PHH codes them
(the structure's letter and the game's code: `PO` pot-limit Omaha, `FO/8`, `N2L1D`).

Nothing else in pokerdb branches on a variant's code: the replay (pokerdb.rules.settlement)
walks its streets, the batch settling (pokerdb.rules.hand_batches) evaluates its hands, and
the answers name them, all from the `Variant` here.

The variants follow the PHH specification and its reference implementation, pokerkit 0.7.7,
with one exception: pokerkit plays FO/8 with pot-limit betting (its class for it takes the
pot-limit mixin); pokerdb plays it fixed-limit, as its name and the WSOP hands recorded in it
say.
"""

from dataclasses import dataclass
from enum import Enum, IntEnum, StrEnum
from typing import Final

from pokerdb.rules.cards import DECK
from pokerdb.rules.games import MAX_PLAYERS, SHORT_DECK_CARDS, Game


class Betting(Enum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"  # a bet or raise is at most the pot after calling
    FIXED_LIMIT = "fixed-limit"  # bets and raises of the street's size, four a street

    @property
    def letter(self) -> str:
        """The first letter of a PHH variant code: N, P or F."""
        return _LETTERS[self]


_LETTERS: Final = {Betting.NO_LIMIT: "N", Betting.POT_LIMIT: "P", Betting.FIXED_LIMIT: "F"}


class Opening(Enum):
    """Who acts first on a street (pokerkit's openings)."""

    POSITION = "position"  # after the largest blind or straddle before the flop, else p1
    LOW_CARD = "low card"  # the lowest up card, by rank (ace high) then suit (clubs lowest)
    HIGH_CARD = "high card"  # the highest up card, by rank (ace low) then suit (spades highest)
    HIGH_HAND = "high hand"  # the best up cards as a high hand (pairs and more; no straights
                             # or flushes), ties to the first seat
    LOW_HAND = "low hand"  # the lowest up cards as an ace-to-five low, ties to the first seat


class HandKind(StrEnum):
    """A way of comparing hands at the showdown: the name of its evaluator in
    pokerdb.rules.evaluators.EVALUATORS, which also says it in words."""

    HIGH = "high"  # the best five of the player's cards and the board
    SHORT_DECK_HIGH = "short-deck"  # a flush beats a full house; A-6-7-8-9 a straight
    OMAHA_HIGH = "omaha-high"  # exactly two hole cards and three of the board
    OMAHA_LOW8 = "omaha-eight-or-better"  # the same, as an ace-to-five low of 8 or less
    EIGHT_OR_BETTER = "eight-or-better"  # the best ace-to-five low of 8 or less, of 7 cards
    ACE_TO_FIVE_LOW = "ace-to-five"  # razz: straights and flushes do not count
    DEUCE_TO_SEVEN_LOW = "deuce-to-seven"  # ace high; straights and flushes count
    BADUGI = "badugi"  # four cards of different suits and ranks, fewer when they clash

    @property
    def naming(self) -> "Naming":
        """How its strengths are said in words (Omaha's are high hands' and eight-or-better
        lows')."""
        return _NAMING_OF[self] if self in _NAMING_OF else Naming[self.name]


class Naming(IntEnum):
    """The kinds of strength that have words of their own: each numbers the descriptions and
    categories stored for it (hand_descriptions, categories)."""

    HIGH = 0
    SHORT_DECK_HIGH = 1
    EIGHT_OR_BETTER = 2
    ACE_TO_FIVE_LOW = 3
    DEUCE_TO_SEVEN_LOW = 4
    BADUGI = 5

    @property
    def kind(self) -> HandKind:
        """The evaluator whose words these are."""
        return HandKind[self.name]


_NAMING_OF: Final = {HandKind.OMAHA_HIGH: Naming.HIGH,
                     HandKind.OMAHA_LOW8: Naming.EIGHT_OR_BETTER}


@dataclass(frozen=True)
class Street:
    name: str
    board_cards: int = 0  # dealt to the board before its betting
    hole_cards: tuple[bool, ...] = ()  # dealt to each player in the hand: True face up
    draw: bool = False  # each player in the hand discards (or stands pat) and is dealt anew
    big_bet: bool = False  # fixed-limit bets are `big_bet` (else `small_bet`) on this street
    opening: Opening = Opening.POSITION
    # Its one card each is dealt instead as one community card, face up and shared, when the
    # deck cannot give every player in one (stud's seventh street with eight players).
    shared_when_short: bool = False


@dataclass(frozen=True)
class PokerGame:
    """A game apart from its betting: its deck, streets and the hands it compares, and the
    betting structures it is played in (each a `Variant`)."""

    code: str  # a PHH variant code less its betting letter: "T", "O/8", "7S"
    name: str
    streets: tuple[Street, ...]
    high: HandKind
    bettings: tuple[Betting, ...]  # the first is the one it is most played in
    low: HandKind | None = None
    deck: tuple[str, ...] = DECK
    hole_choices: tuple[int, ...] = ()


class Variant:
    """A game played in one betting structure: its fields copied from the game, and what the
    replay asks of it on every action worked out once, when it is made (a plain class, which
    mypyc compiles: the replay reads its attributes from the C struct). Made only by `of`;
    nothing changes one once made."""

    __slots__ = (
        "betting",
        "board_cards",
        "bring_in",
        "code",
        "deck",
        "deck_set",
        "draws",
        "hands",
        "high",
        "hole_cards",
        "hole_choices",
        "low",
        "max_players",
        "max_raises",
        "name",
        "shared_street",
        "streets",
    )

    def __init__(self, code: str, name: str, streets: tuple[Street, ...], betting: Betting,
                 high: HandKind, low: HandKind | None = None, deck: tuple[str, ...] = DECK,
                 hole_choices: tuple[int, ...] = ()) -> None:
        self.code = code
        self.name = name
        self.streets = streets
        self.betting = betting
        self.high = high  # the hand that takes the pot, or its high half
        self.low = low  # a split game's low half (the whole pot to high without one)
        self.deck = deck
        # Hole card counts allowed (Omaha: 4, 5 or 6); () as dealt.
        self.hole_choices = hole_choices
        # The deck's cards as a set, for the replay of every hand to look a card up in.
        self.deck_set = frozenset(deck)
        # Cards each player holds at the end: the ones dealt, or the most allowed.
        self.hole_cards: int = max(hole_choices, default=sum(
            len(street.hole_cards) for street in streets))
        self.board_cards: int = sum(street.board_cards for street in streets)
        # The street whose cards become one community card when the deck runs short.
        self.shared_street: int | None = next(
            (number for number, street in enumerate(streets) if street.shared_when_short), None)
        # As many as one deck deals their cards and the board to (a draw's discards are
        # shuffled back in when it runs out; a street that may be shared takes one card), and
        # at most MAX_PLAYERS.
        dealt = min(hole_choices, default=self.hole_cards)
        self.max_players: int = min(MAX_PLAYERS, (len(deck) - self.board_cards) // dealt) \
            if self.shared_street is None else \
            min(MAX_PLAYERS, (len(deck) - self.board_cards - 1) // (dealt - 1))
        # Bets and raises a street allows: four in fixed-limit (pokerkit's cap, the blinds and
        # the bring-in not counted).
        self.max_raises: int | None = 4 if betting is Betting.FIXED_LIMIT else None
        # Whether the first street opens with a bring-in (stud) instead of blinds.
        self.bring_in: bool = streets[0].opening in (Opening.LOW_CARD, Opening.HIGH_CARD)
        self.draws: bool = any(street.draw for street in streets)
        # The hands compared at a showdown: high first.
        self.hands: tuple[HandKind, ...] = (high,) if low is None else (high, low)

    @classmethod
    def of(cls, game: PokerGame, betting: Betting) -> "Variant":
        return cls(betting.letter + game.code, f"{betting.value} {game.name}", game.streets,
                   betting, game.high, game.low, game.deck, game.hole_choices)


def _holdem_streets(hole_cards: int, first_board: int = 0) -> tuple[Street, ...]:
    """Hold'em's and Omaha's streets; Courchevel deals its first flop card (`first_board`)
    face up before the pre-flop betting."""
    return (Street("pre-flop", board_cards=first_board, hole_cards=(False,) * hole_cards),
            Street("flop", board_cards=3 - first_board),
            Street("turn", board_cards=1, big_bet=True),
            Street("river", board_cards=1, big_bet=True))


def _stud_streets(low: bool) -> tuple[Street, ...]:
    later = Opening.LOW_HAND if low else Opening.HIGH_HAND
    return (Street("third street", hole_cards=(False, False, True),
                   opening=Opening.HIGH_CARD if low else Opening.LOW_CARD),
            Street("fourth street", hole_cards=(True,), opening=later),
            Street("fifth street", hole_cards=(True,), big_bet=True, opening=later),
            Street("sixth street", hole_cards=(True,), big_bet=True, opening=later),
            Street("seventh street", hole_cards=(False,), big_bet=True, opening=later,
                   shared_when_short=True))


def _draw_streets(hole_cards: int, draws: int) -> tuple[Street, ...]:
    names = ("first draw", "second draw", "third draw")
    return (Street("pre-draw", hole_cards=(False,) * hole_cards),
            *(Street(names[number] if draws > 1 else "draw", draw=True, big_bet=number > 0
                     or draws == 1) for number in range(draws)))


# The short deck: sixes to aces.
SHORT_DECK: Final = SHORT_DECK_CARDS

_NO, _POT, _FIXED = Betting.NO_LIMIT, Betting.POT_LIMIT, Betting.FIXED_LIMIT

# The games, each with the betting structures it is played in (the PHH codes' pattern: the
# structure's letter, then the game's code): every structure a site deals the game in. Stud's
# bring-in and completion are fixed-limit rules, so stud and razz are played fixed-limit only.
GAMES: Final = (
    PokerGame("T", "Texas hold'em", _holdem_streets(2), HandKind.HIGH, (_NO, _POT, _FIXED)),
    PokerGame("S", "short-deck hold'em", _holdem_streets(2), HandKind.SHORT_DECK_HIGH,
              (_NO, _POT), deck=SHORT_DECK),
    PokerGame("O", "Omaha hold'em", _holdem_streets(4), HandKind.OMAHA_HIGH,
              (_POT, _NO, _FIXED), hole_choices=(4, 5, 6)),
    PokerGame("O/8", "Omaha hold'em high/low-split eight or better", _holdem_streets(4),
              HandKind.OMAHA_HIGH, (_FIXED, _POT, _NO), low=HandKind.OMAHA_LOW8,
              hole_choices=(4, 5, 6)),
    PokerGame("C", "Courchevel", _holdem_streets(5, first_board=1), HandKind.OMAHA_HIGH,
              (_POT, _NO, _FIXED)),
    PokerGame("C/8", "Courchevel high/low-split eight or better",
              _holdem_streets(5, first_board=1), HandKind.OMAHA_HIGH, (_POT, _NO, _FIXED),
              low=HandKind.OMAHA_LOW8),
    PokerGame("7S", "seven card stud", _stud_streets(low=False), HandKind.HIGH, (_FIXED,)),
    PokerGame("7S/8", "seven card stud high/low-split eight or better",
              _stud_streets(low=False), HandKind.HIGH, (_FIXED,), low=HandKind.EIGHT_OR_BETTER),
    PokerGame("R", "razz", _stud_streets(low=True), HandKind.ACE_TO_FIVE_LOW, (_FIXED,)),
    PokerGame("2L1D", "deuce-to-seven lowball single draw", _draw_streets(5, 1),
              HandKind.DEUCE_TO_SEVEN_LOW, (_NO, _POT, _FIXED)),
    PokerGame("2L3D", "deuce-to-seven lowball triple draw", _draw_streets(5, 3),
              HandKind.DEUCE_TO_SEVEN_LOW, (_FIXED, _POT, _NO)),
    PokerGame("B", "badugi", _draw_streets(4, 3), HandKind.BADUGI, (_FIXED, _POT, _NO)),
    # Not a PHH game (the specification has no five-card draw, nor has pokerkit): pokerdb's,
    # for the sites' hand histories that deal it.
    PokerGame("5D", "five-card draw", _draw_streets(5, 1), HandKind.HIGH, (_NO, _POT, _FIXED)),
)

VARIANTS: Final = {variant.code: variant for variant in (
    Variant.of(game, betting) for game in GAMES for betting in game.bettings)}

# The variants whose deals are Hold'em deals (two hole cards, five on the board, high hands),
# for what is made for those: the exact equity, and the odds of a random hand in `stats`.
HOLDEM_VARIANTS: Final = tuple(
    code for code, variant in VARIANTS.items() if variant.high is HandKind.HIGH
    and variant.board_cards == 5 and variant.hole_cards == 2)


def game_kind(game: Game) -> HandKind:
    """The kind of hand a game's deals are valued by (a split game's high half): its variant's,
    or high hands."""
    return HandKind.HIGH if game.variant is None else VARIANTS[game.variant].high


def low_kind(game: Game) -> HandKind | None:
    """The kind of a split game's low half (its variant's low), None for a game without one."""
    return None if game.variant is None else VARIANTS[game.variant].low
