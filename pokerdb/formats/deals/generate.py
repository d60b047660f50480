"""Random deals, reproducible for a seed: each deal's cards are distinct cards of one shuffled
deck, so generated files exercise every category at its natural frequency. Five-card deals are
written as PE54 lines, Hold'em deals as a board and each player's hole cards (`--format holdem`)."""

from collections.abc import Iterator, Sequence

import numpy as np

from pokerdb.formats.deals.holdem import GROUP_SEPARATOR
from pokerdb.rules.games import FIVE_CARD, Game

CHUNK_DEALS = 100_000


def generate_lines(deals: int, seed: int | None = None, players: int | range = 2,
                   game: Game = FIVE_CARD, board: int | Sequence[int] | None = None
                   ) -> Iterator[str]:
    """`deals` lines of `players` hands each, newline-terminated; with a board of `board`
    cards (default: a complete one) for a game that has a board. Given a range of player
    counts or several board sizes, each deal's is drawn uniformly from them, as at real
    tables (one count and one size write the same file for a seed as before)."""
    counts = range(players, players + 1) if isinstance(players, int) else players
    sizes = [game.board_cards if board is None else board] if not isinstance(
        board, Sequence) else list(board)
    for size in sizes:
        if size not in game.board_sizes:
            allowed = " or ".join(map(str, game.board_sizes)).replace(" or ", ", ", len(
                game.board_sizes) - 2)
            raise ValueError(f"--board {size}: a {game.label} board has {allowed} cards")
    if not counts:
        raise ValueError(f"--players {counts.start}-{counts.stop - 1}: counts go low to high")
    if not 1 <= counts[0] <= counts[-1] <= game.max_players:
        asked = f"{counts.start}-{counts.stop - 1}" if len(counts) != 1 else f"{counts[0]}"
        raise ValueError(f"--players {asked}: a {game.label} deal has 1 to "
                         f"{game.max_players} players")
    return _lines(deals, np.random.default_rng(seed), counts, game, sizes)


def _lines(deals: int, rng: np.random.Generator, counts: range, game: Game,
           sizes: list[int]) -> Iterator[str]:
    deck = np.array(game.deck)
    cards = max(sizes) + counts[-1] * game.hole_cards
    done = 0
    while done < deals:
        count = min(CHUNK_DEALS, deals - done)
        # The first `cards` positions of a random permutation: distinct cards of one deck.
        picks = np.argsort(rng.random((count, len(game.deck))), axis=1)[:, :cards]
        if len(counts) == 1 and len(sizes) == 1:
            for row in deck[picks].tolist():
                yield _line(row, sizes[0], game) + "\n"
        else:
            players = rng.integers(counts[0], counts[-1] + 1, count).tolist()
            boards = rng.choice(sizes, count).tolist()
            for row, seated, size in zip(deck[picks].tolist(), players, boards, strict=True):
                yield _line(row[:size + seated * game.hole_cards], size, game) + "\n"
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
