"""Random deals, reproducible for a seed: each deal's cards are distinct cards of one shuffled
deck, so generated files exercise every category at its natural frequency. Five-card deals are
written as PE54 lines, Hold'em deals as a board and each player's hole cards (`--format holdem`)."""

from collections.abc import Iterator

import numpy as np

from pokerdb.formats.holdem import GROUP_SEPARATOR
from pokerdb.rules.games import FIVE_CARD, Game

CHUNK_DEALS = 100_000


def generate_lines(deals: int, seed: int | None = None, players: int = 2,
                   game: Game = FIVE_CARD, board: int | None = None) -> Iterator[str]:
    """`deals` lines of `players` hands each, newline-terminated; with a board of `board`
    cards (default: a complete one) for a game that has a board."""
    board = game.board_cards if board is None else board
    if board not in game.board_sizes:
        sizes = " or ".join(map(str, game.board_sizes)).replace(" or ", ", ", len(
            game.board_sizes) - 2)
        raise ValueError(f"--board {board}: a {game.label} board has {sizes} cards")
    if not 1 <= players <= game.max_players:
        raise ValueError(f"--players {players}: a {game.label} deal has 1 to "
                         f"{game.max_players} players")
    return _lines(deals, np.random.default_rng(seed), players, game, board)


def _lines(deals: int, rng: np.random.Generator, players: int, game: Game,
           board: int) -> Iterator[str]:
    deck = np.array(game.deck)
    cards = board + players * game.hole_cards
    done = 0
    while done < deals:
        count = min(CHUNK_DEALS, deals - done)
        # The first `cards` positions of a random permutation: distinct cards of one deck.
        picks = np.argsort(rng.random((count, len(game.deck))), axis=1)[:, :cards]
        for row in deck[picks].tolist():
            yield _line(row, board, game) + "\n"
        done += count


def _line(cards: list[str], board: int, game: Game) -> str:
    """A PE54 line for five-card deals; else the board (if the game has one) and each
    player's cards, groups separated by '|' (the holdem and hands formats)."""
    if game is FIVE_CARD:
        return " ".join(cards)
    hands = [" ".join(cards[start:start + game.hole_cards])
             for start in range(board, len(cards), game.hole_cards)]
    if not game.board_cards:
        return f" {GROUP_SEPARATOR} ".join(hands)
    return f" {GROUP_SEPARATOR} ".join([" ".join(cards[:board]), *hands]).lstrip()
