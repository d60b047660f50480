"""The games pokerdb knows: what a deal of each looks like, and what a showdown needs.

A game is data, not a branch repeated in every module. Each says how many cards a player holds
(`hole_cards`), how many cards a complete board has (`board_cards`, 0 without a board) and
which boards a stored deal may have; everything else follows from those numbers. Every game's
hands are evaluated the same way, as the best five of the player's cards and the board
(evaluator.best_strengths), so one SQL query compares hands of any game.

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


@dataclass(frozen=True)
class Game:
    name: GameName
    label: str  # in words, for messages and reports
    hole_cards: int  # each player's own cards
    board_cards: int  # cards of a complete board (0: the game has no board)
    board_sizes: tuple[int, ...]  # the board sizes a stored deal may have
    # Hands of each category, High Card to Royal Flush, among all hands of
    # hole_cards + board_cards cards dealt from one deck (the odds of a random hand).
    random_hands: tuple[int, ...]

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
        return min(MAX_PLAYERS, (len(DECK) - self.board_cards) // self.hole_cards)

    @property
    def cards_per_hand(self) -> int:
        """Cards the best five are chosen from at a showdown."""
        return self.hole_cards + self.board_cards

    @property
    def all_hands(self) -> int:
        return math.comb(len(DECK), self.cards_per_hand)

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

GAMES: Final = {game.name: game for game in (FIVE_CARD, HOLDEM)}
assert set(GAMES) == set(GameName)
