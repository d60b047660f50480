"""The exact odds of each category of a random hand of a game: how many of all the hands of its
`cards_per_hand` cards, dealt from its deck, fall in each category of the kind of hand it
compares (its `high`, or only, hand). `stats` compares a deal file's hands with them.

Counted exactly, vectorised, three ways:

- every hand enumerated and evaluated, where there are few enough (short-deck's 8,347,680
  seven-card hands of 36 cards, deuce-to-seven's 2,598,960 five-card hands, badugi's 270,725
  four-card hands);
- by rank multiset, for a kind that ignores suits (razz: an ace-to-five low): one hand per
  multiset of ranks (at most four of a rank), weighed by the ways its suits can be dealt, the
  product of C(4, copies) over its ranks;
- for a game of hole cards and a board used apart (Omaha: exactly two and three, of 4, 5 or 6
  hole cards), by patterns of ranks and of the flush suit (rules.omaha_odds): 2.8e13 hands
  of six hole cards in under three CPU minutes. hole_and_board_counts counts them another
  way, every board against one holding of each class of holdings alike but for their suits,
  weighed by the holdings in its class (16,432 classes of four-card holdings: about 30 CPU
  minutes; 134,459 of five, more of six: hours); tests/test_omaha_odds.py checks that the two
  agree on smaller decks.

games.py holds the results as constants (a game is data); tests/test_game_odds.py and
tests/test_omaha_odds.py check that they are what these functions count, and against a
count by pokerkit on a sample. `python -m pokerdb.rules.game_odds GAME` counts a game's odds
again and prints them (`omaha-6`: under three CPU minutes).
"""

import math
import sys
from collections.abc import Iterator
from functools import cache
from itertools import combinations_with_replacement, permutations

import numpy as np
import numpy.typing as npt

from pokerdb.rules.cards import DECK, RANK_VALUE, SUIT_CHARS
from pokerdb.rules.evaluators import EVALUATORS, HandEvaluator
from pokerdb.rules.games import GAMES, Game, GameName
from pokerdb.rules.omaha_odds import omaha_category_counts
from pokerdb.rules.variants import HandKind, game_kind

_CHUNK_HANDS = 1 << 20
_SUITS = len(SUIT_CHARS)


def deck_codes(deck: tuple[str, ...] = DECK) -> npt.NDArray[np.uint8]:
    """The card codes (rank * 4 + suit, as evaluators.card_codes reads them) of a deck."""
    return np.array([RANK_VALUE[card[0]] * _SUITS + SUIT_CHARS.index(card[1]) for card in deck],
                    dtype=np.uint8)


def every_hand_counts(kind: str, deck: tuple[str, ...], cards: int) -> list[int]:
    """Hands of each category of `kind` (an evaluator's name), worst first, among all hands of
    `cards` cards of `deck`: every one evaluated."""
    evaluator = EVALUATORS[kind]
    counts = np.zeros(len(evaluator.categories), dtype=np.int64)
    for hands in _hand_chunks(deck_codes(deck), cards):
        counts += _category_counts(evaluator, hands)
    assert int(counts.sum()) == math.comb(len(deck), cards)
    return counts.tolist()


def rank_multiset_counts(kind: str, cards: int) -> list[int]:
    """Hands of each category of `kind`, a kind that ignores suits, among all hands of `cards`
    cards of the full deck: one hand per multiset of ranks, weighed by its suits' ways."""
    evaluator = EVALUATORS[kind]
    multisets = np.array([ranks for ranks in combinations_with_replacement(range(2, 15), cards)
                          if max(map(ranks.count, ranks)) <= _SUITS], dtype=np.int64)
    # Each rank's copies get suits 0, 1, 2, ... in turn: distinct cards of one deck.
    copy = np.zeros_like(multisets)
    for column in range(1, cards):
        same = multisets[:, column] == multisets[:, column - 1]
        copy[:, column] = np.where(same, copy[:, column - 1] + 1, 0)
    hands = (multisets * _SUITS + copy).astype(np.uint8)
    # The ways to deal each multiset: C(4, copies) for each rank, the copies counted at the
    # last of each rank's columns.
    last = np.ones_like(multisets, dtype=bool)
    last[:, :-1] = multisets[:, 1:] != multisets[:, :-1]
    ways = np.prod(np.where(last, np.array([math.comb(_SUITS, k) for k in range(1, 6)])[
        np.minimum(copy, 4)], 1), axis=1)
    strengths = evaluator.strengths(hands, np.zeros((len(hands), 0), dtype=np.uint8))
    index = evaluator.category_of(strengths).astype(np.int64)
    counts = np.bincount(index, weights=ways, minlength=len(evaluator.categories))
    result = [int(count) for count in counts.round()]
    assert sum(result) == math.comb(len(DECK), cards)
    return result


def hole_and_board_counts(kind: str, deck: tuple[str, ...], hole_cards: int, board_cards: int,
                          part: int = 0, parts: int = 1) -> list[int]:
    """Hands of each category of `kind` among every holding of `hole_cards` of `deck` against
    every board of `board_cards` of the cards left, one holding per class of holdings alike
    but for their suits, weighed by its class's holdings. With `parts`, only the classes
    `part`, `part + parts`, ... (the parts' counts add up to the whole)."""
    evaluator = EVALUATORS[kind]
    codes = deck_codes(deck)
    holdings, weights = suit_classes(codes[combination_rows(len(codes), hole_cards)])
    boards = combination_rows(len(codes) - hole_cards, board_cards)
    counts = np.zeros(len(evaluator.categories), dtype=np.int64)
    for holding, weight in zip(holdings[part::parts], weights[part::parts].tolist(),
                               strict=True):
        left = np.setdiff1d(codes, holding)[boards]
        strengths = evaluator.strengths(
            np.ascontiguousarray(np.broadcast_to(holding, (len(left), hole_cards))), left)
        counts += weight * np.bincount(evaluator.category_of(strengths).astype(np.int64),
                                       minlength=len(counts))
    return counts.tolist()


def suit_classes(hands: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.uint8],
                                                         npt.NDArray[np.int64]]:
    """One hand of each class of `hands` (rows of card codes) that differ only by a renaming
    of the suits, and how many of `hands` each class holds."""
    ranks, suits = hands.astype(np.int64) // _SUITS, hands.astype(np.int64) % _SUITS
    places = np.int64(_SUITS * 16) ** np.arange(hands.shape[1])
    key: npt.NDArray[np.int64] | None = None
    for renaming in permutations(range(_SUITS)):
        renamed = np.sort(ranks * _SUITS + np.array(renaming)[suits], axis=1) @ places
        key = renamed if key is None else np.minimum(key, renamed)
    assert key is not None
    _, first, weights = np.unique(key, return_index=True, return_counts=True)
    return hands[first], weights


@cache
def combination_rows(items: int, size: int) -> npt.NDArray[np.intp]:
    """Every combination of `size` of range(items), as rows in lexicographic order: grown one
    column at a time, each row by every index above its last. Kept (read-only): equity deals
    the same completions for every deal of a kind."""
    rows = np.arange(items, dtype=np.intp).reshape(-1, 1)[:, :size] if size else np.zeros(
        (1, 0), dtype=np.intp)
    for _ in range(size - 1):
        last = rows[:, -1]
        children = items - 1 - last
        starts = np.repeat(np.cumsum(children) - children, children)
        after = np.arange(int(children.sum())) - starts + np.repeat(last + 1, children)
        rows = np.concatenate([np.repeat(rows, children, axis=0), after.reshape(-1, 1)], axis=1)
    rows.flags.writeable = False
    return rows


def _hand_chunks(codes: npt.NDArray[np.uint8], cards: int) -> Iterator[npt.NDArray[np.uint8]]:
    """Every combination of `cards` of the codes, in chunks of rows."""
    rows = combination_rows(len(codes), cards)
    for first in range(0, len(rows), _CHUNK_HANDS):
        yield codes[rows[first:first + _CHUNK_HANDS]]


def _category_counts(evaluator: HandEvaluator, hands: npt.NDArray[np.uint8]
                     ) -> npt.NDArray[np.int64]:
    strengths = evaluator.strengths(hands, np.zeros((len(hands), 0), dtype=np.uint8))
    return np.bincount(evaluator.category_of(strengths).astype(np.int64),
                       minlength=len(evaluator.categories))


def counted_odds(game: Game) -> list[int]:
    """The hands of each category of the game's (high, or only) kind of hand among all its
    hands, counted the quickest way this module has: what games.py stores."""
    kind = game_kind(game)
    if game.holding_apart:
        return omaha_category_counts(game.hole_cards, game.deck)
    if kind is HandKind.ACE_TO_FIVE_LOW:
        return rank_multiset_counts(kind, game.cards_per_hand)
    return every_hand_counts(kind, game.deck, game.cards_per_hand)


if __name__ == "__main__":  # a game's odds: python -m pokerdb.rules.game_odds GAME
    print(counted_odds(GAMES[GameName(sys.argv[1])]))
