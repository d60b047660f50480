"""Random deals in PE54 format, reproducible for a seed: each deal is ten distinct cards of one
shuffled deck, so generated files exercise every category at its natural frequency."""

from collections.abc import Iterator

import numpy as np

from pokerdb.cards import CARDS_PER_HAND, DECK

CHUNK_DEALS = 100_000


def generate_lines(deals: int, seed: int | None = None, players: int = 2) -> Iterator[str]:
    """`deals` lines of `players` hands each, newline-terminated."""
    rng = np.random.default_rng(seed)
    deck = np.array(DECK)
    cards = players * CARDS_PER_HAND
    done = 0
    while done < deals:
        count = min(CHUNK_DEALS, deals - done)
        # The first `cards` positions of a random permutation: distinct cards of one deck.
        picks = np.argsort(rng.random((count, len(DECK))), axis=1)[:, :cards]
        for row in deck[picks].tolist():
            yield " ".join(row) + "\n"
        done += count
