"""The games pokerdb knows: what a deal of each looks like, and what a showdown needs.

A game is data, not a branch repeated in every module. Each says how many cards a player holds
(`hole_cards`), how many cards a complete board has (`board_cards`, 0 without a board), which
boards a stored deal may have, and the deck. Five-card and Texas Hold'em hands are the best
five of the player's cards and the board (evaluator.best_strengths); every other game is
played by the rules of a recorded variant (`variant`, a code of rules.variants.VARIANTS: its
deck, and the hands it compares, high and a split game's low), and its deals are stored as
that variant's hands are, so explain, wins and the hands view read them alike.

The game of a dataset is stored in `datasets.game`.
"""

import math
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from pokerdb.rules.cards import DECK

MAX_PLAYERS: Final = 23  # players 1..23: a PLAYER_BITS-wide field wherever players are packed
PLAYER_BITS: Final = 5


class GameName(StrEnum):
    """The games' names, as stored in datasets.game."""

    FIVE_CARD = "five-card"
    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA_5 = "omaha-5"
    OMAHA_6 = "omaha-6"
    OMAHA_HI_LO = "omaha-hi-lo"
    SHORT_DECK = "short-deck"
    STUD = "stud"
    STUD_HI_LO = "stud-hi-lo"
    RAZZ = "razz"
    DEUCE_TO_SEVEN = "deuce-to-seven"
    BADUGI = "badugi"


@dataclass(frozen=True)
class Game:
    name: GameName
    label: str  # in words, for messages and reports
    hole_cards: int  # each player's own cards
    board_cards: int  # cards of a complete board (0: the game has no board)
    board_sizes: tuple[int, ...]  # the board sizes a stored deal may have
    # Hands of each category of the game's (high, or only) kind of hand, worst first (High
    # Card to Royal Flush for high hands), among all hands of hole_cards + board_cards cards
    # dealt from its deck (for Omaha, every holding against every board of the cards left):
    # the odds of a random hand (rules.game_odds counts them).
    random_hands: tuple[int, ...]
    # The recorded variant whose rules the game follows (rules.variants.VARIANTS); None for
    # five-card and Texas Hold'em deals, evaluated as the best five of their cards.
    variant: str | None = None
    deck: tuple[str, ...] = DECK
    # Whether a hand is its hole cards and the board used apart (Omaha's exactly two and
    # three), so that a random hand is a holding and a board of the cards left, not any
    # cards_per_hand cards.
    holding_apart: bool = False
    # A split game's low half: hands of each category of its variant's low kind of hand
    # (No Low, then Eight Low to Five Low for eight or better), among the same random hands
    # (rules.game_odds counts them by rank multiset). None for a game without a low half.
    random_lows: tuple[int, ...] | None = None

    @property
    def hand_width(self) -> int:
        """Characters of a player's cards in normal form ("AH KH": 5)."""
        return 3 * self.hole_cards - 1

    @property
    def hand_stride(self) -> int:
        """A deal's hands are joined by spaces: player p's starts at hand_stride * (p - 1)."""
        return self.hand_width + 1

    @property
    def max_players(self) -> int:
        """As many as one deck deals: hole cards for each, and a complete board."""
        return min(MAX_PLAYERS, (len(self.deck) - self.board_cards) // self.hole_cards)

    @property
    def cards_per_hand(self) -> int:
        """Cards the best five are chosen from at a showdown."""
        return self.hole_cards + self.board_cards

    @property
    def all_hands(self) -> int:
        """How many random hands the game's odds count."""
        if self.holding_apart:
            return (math.comb(len(self.deck), self.hole_cards)
                    * math.comb(len(self.deck) - self.hole_cards, self.board_cards))
        return math.comb(len(self.deck), self.cards_per_hand)

    def is_showdown(self, board_size: int) -> bool:
        """Whether a deal with this many board cards is decided by its hands: a board dealt to
        the river. A Hold'em deal with fewer (an all-in before the river) has no winner."""
        return board_size == self.board_cards


FIVE_CARD: Final = Game(
    GameName.FIVE_CARD, "five-card", hole_cards=5, board_cards=0, board_sizes=(0,),
    random_hands=(1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4))

HOLDEM: Final = Game(
    GameName.HOLDEM, "Texas Hold'em", hole_cards=2, board_cards=5, board_sizes=(0, 3, 4, 5),
    random_hands=(23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644,
                  3_473_184, 224_848, 37_260, 4_324))

_FLOP_BOARDS: Final = HOLDEM.board_sizes
# The short deck: sixes to aces (rules.variants.SHORT_DECK).
SHORT_DECK_CARDS: Final = tuple(card for card in DECK if card[0] not in "2345")
# Seven cards from one deck, as a high hand: a stud hand's odds are a Hold'em hand's.
_SEVEN_CARD_HIGH: Final = HOLDEM.random_hands
# The eight-or-better lows of seven cards (stud hi/lo): No Low, Eight Low .. Five Low.
_SEVEN_CARD_LOWS: Final = (109_253_616, 13_171_200, 7_426_560, 3_151_360, 781_824)
# ... and of two of four hole cards and three of five board cards (Omaha hi/lo).
_OMAHA_LOWS: Final = (302_188_517_232, 76_415_359_104, 51_687_563_904, 25_832_342_400,
                      7_439_717_760)


# Omaha hands of 4, 5 and 6 hole cards, high: their odds by rules.omaha_odds (patterns of ranks
# and of the flush suit; `python -m pokerdb.rules.game_odds omaha-6` counts them again). Four
# hole cards' were first counted by game_odds.hole_and_board_counts (every board against one
# holding of each class of holdings alike but for suits), to the same numbers. Omaha hi/lo's
# high hands are Omaha's.
_OMAHA_HIGH: Final = {
    4: (13_851_662_832, 122_655_542_152, 170_775_844_104, 40_712_657_408, 52_289_648_688,
        31_216_782_384, 29_424_798_576, 2_225_270_496, 368_486_160, 42_807_600),
    5: (31_049_187_840, 664_484_779_176, 1_499_524_587_864, 385_060_493_256, 607_873_573_392,
        382_907_839_304, 381_206_810_304, 28_693_457_712, 5_231_798_992, 613_575_600),
    6: (38_174_766_864, 2_732_058_622_880, 9_715_612_522_632, 2_866_323_292_504,
        5_186_224_176_912, 3_422_889_095_600, 3_603_370_797_936, 281_016_707_376,
        54_410_197_576, 6_442_543_800),
}


def _omaha(name: GameName, hole_cards: int) -> Game:
    return Game(name, f"Omaha ({hole_cards} hole cards)" if hole_cards > 4 else "Omaha",
                hole_cards=hole_cards, board_cards=5, board_sizes=_FLOP_BOARDS,
                random_hands=_OMAHA_HIGH[hole_cards], variant="PO", holding_apart=True)


VARIANT_GAMES: Final = (
    _omaha(GameName.OMAHA, 4), _omaha(GameName.OMAHA_5, 5), _omaha(GameName.OMAHA_6, 6),
    Game(GameName.OMAHA_HI_LO, "Omaha hi/lo", hole_cards=4, board_cards=5,
         board_sizes=_FLOP_BOARDS, random_hands=_OMAHA_HIGH[4], variant="FO/8",
         holding_apart=True, random_lows=_OMAHA_LOWS),
    Game(GameName.SHORT_DECK, "short-deck hold'em", hole_cards=2, board_cards=5,
         board_sizes=_FLOP_BOARDS, variant="NS", deck=SHORT_DECK_CARDS,
         random_hands=(233_100, 2_316_600, 3_157_056, 607_200, 1_169_940, 633_024, 175_560,
                       44_640, 8_700, 1_860)),
    Game(GameName.STUD, "seven-card stud", hole_cards=7, board_cards=0, board_sizes=(0,),
         random_hands=_SEVEN_CARD_HIGH, variant="F7S"),
    Game(GameName.STUD_HI_LO, "seven-card stud hi/lo", hole_cards=7, board_cards=0,
         board_sizes=(0,), random_hands=_SEVEN_CARD_HIGH, variant="F7S/8",
         random_lows=_SEVEN_CARD_LOWS),
    Game(GameName.RAZZ, "razz", hole_cards=7, board_cards=0, board_sizes=(0,), variant="FR",
         random_hands=(0, 624, 0, 219_648, 5_948_800, 13_939_200, 21_457_920, 24_837_120,
                       23_675_904, 19_174_400, 13_171_200, 7_426_560, 3_151_360, 781_824)),
    Game(GameName.DEUCE_TO_SEVEN, "deuce-to-seven lowball", hole_cards=5, board_cards=0,
         board_sizes=(0,), variant="N2L1D",
         random_hands=(36, 624, 3_744, 5_112, 9_180, 54_912, 123_552, 1_098_240, 503_880,
                       335_580, 213_180, 127_500, 70_380, 34_680, 14_280, 4_080)),
    Game(GameName.BADUGI, "badugi", hole_cards=4, board_cards=0, board_sizes=(0,),
         variant="FB", random_hands=(2_873, 96_252, 154_440, 17_160)),
)

GAMES: Final = {game.name: game for game in (FIVE_CARD, HOLDEM, *VARIANT_GAMES)}
assert set(GAMES) == set(GameName)
