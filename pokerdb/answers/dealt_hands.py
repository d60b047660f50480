"""A deal of any game given as text (`pokerdb explain --cards TEXT --game NAME`): read as the
game's deal files are read (formats.holdem for the games with a board, formats.hands for the
others), and each hand valued as an imported deal's is (rules.hand_batches.evaluate_group: the
variant's evaluators, the cards that play, a split game's low), in the words the database
stores for it."""

from collections.abc import Sequence

import numpy as np

from pokerdb.answers.named_hands import NamedHand
from pokerdb.errors import PokerdbError
from pokerdb.formats.deals.hands import parse_hands_line
from pokerdb.formats.deals.holdem import parse_holdem_line
from pokerdb.rules.evaluators import EVALUATORS
from pokerdb.rules.games import Game
from pokerdb.rules.hand_batches import SeatGroup, evaluate_group
from pokerdb.rules.variants import VARIANTS


def parsed_deal(text: str, game: Game) -> tuple[str | None, tuple[str, ...]]:
    """The board (None for a game without one) and each player's cards of a deal of `game`,
    normalised; a PokerdbError naming what is wrong (the token, the count) as import does."""
    if game.board_cards:
        with_board = parse_holdem_line(text, game)
        if isinstance(with_board, str):
            raise PokerdbError(f"--cards: {with_board}")
        if with_board is None:
            raise PokerdbError("--cards: no cards given")
        return with_board
    hands = parse_hands_line(text, game)
    if isinstance(hands, str):
        raise PokerdbError(f"--cards: {hands}")
    if hands is None:
        raise PokerdbError("--cards: no cards given")
    return None, hands


def valued_hands(game: Game, board: str | None, holes: Sequence[str]) -> list[NamedHand]:
    """Each player's hand valued by the rules of the game's variant (`game.variant`), named as
    the database names it; empty when the board stops before the river (no showdown yet)."""
    assert game.variant is not None, f"{game.name} is valued as the best five cards"
    if board is not None and not game.is_showdown(len(board.split())):
        return []
    variant = VARIANTS[game.variant]
    rows = len(holes)
    group = SeatGroup(list(range(rows)), [f"{hole} " for hole in holes],
                      [f"{board} " if board else ""] * rows)
    strength = np.zeros(rows, dtype=np.int32)
    low = np.zeros(rows, dtype=np.int32)
    played = evaluate_group(variant, group, strength, np.zeros(rows, dtype=np.int64),
                            np.zeros(rows, dtype=np.int32), low)
    high = EVALUATORS[variant.high]
    hands = []
    for player, (hole, value, cards) in enumerate(zip(holes, strength.tolist(), played,
                                                      strict=True), start=1):
        low_hand = None
        if variant.low is not None and cards.low_strength:
            words = EVALUATORS[variant.low].name_of(cards.low_strength)
            low_hand = NamedHand(player, hole, cards.low_strength, words.category,
                                 words.description, cards.low_best)
        words = high.name_of(value)
        hands.append(NamedHand(player, hole, value, words.category, words.description,
                               cards.best, low_hand))
    return hands
