"""The exact odds of each category of a random hand of a game: how many of all the hands of its
`cards_per_hand` cards, dealt from its deck, fall in each category of the kind of hand it
compares (its `high`, or only, hand). `stats` compares a deal file's hands with them.

Counted exactly, vectorised, three ways:

- every hand enumerated and evaluated, where there are few enough (short-deck's 8,347,680
  seven-card hands of 36 cards, deuce-to-seven's 2,598,960 five-card hands, badugi's 270,725
  four-card hands);
- by rank multiset, for a kind that ignores suits (razz: an ace-to-five low; the
  eight-or-better low half of stud hi/lo and Omaha hi/lo): one hand per multiset of ranks
  (at most four of a rank), weighed by the ways its suits can be dealt, the product of
  C(4, copies) over its ranks; for Omaha hi/lo, each multiset of four hole ranks against each
  of five board ranks (1,820 x 6,175, less those with a rank five times), weighed by
  C(4, hole copies) x C(4 - hole copies, board copies) over its ranks: some 6 CPU seconds.
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


def rank_multiset_counts(kind: str, cards: int, deck: tuple[str, ...] = DECK,
                         board_cards: int = 0) -> list[int]:
    """Hands of each category of `kind`, a kind that ignores suits, among all hands of `cards`
    cards of `deck` (with `board_cards`, `cards` hole cards and every board of that many of
    the cards left, used apart: Omaha's): one hand per multiset of hole ranks (and of board
    ranks), weighed by the ways its suits can be dealt, the product over its ranks of
    C(n, hole copies) x C(n - hole copies, board copies), n the deck's cards of the rank."""
    evaluator = EVALUATORS[kind]
    ranks, per_rank = np.unique(deck_codes(deck).astype(np.int64) // _SUITS,
                                return_counts=True)
    holes, boards = _rank_counts(per_rank, cards), _rank_counts(per_rank, board_cards)
    ways = np.array([[math.comb(n, k) for k in range(_SUITS + 1)] for n in range(_SUITS + 1)],
                    dtype=np.int64)
    counts = np.zeros(len(evaluator.categories), dtype=np.int64)
    for board in boards:  # one board for a game without one: all hands at once
        fits = holes[(holes + board <= per_rank).all(axis=1)]
        weight = ways[per_rank, fits].prod(axis=1) * ways[per_rank - fits, board].prod(axis=1)
        strengths = evaluator.strengths(_codes_of(ranks, fits, np.zeros_like(fits)),
                                        _codes_of(ranks, np.broadcast_to(board, fits.shape),
                                                  fits))
        counts += np.bincount(evaluator.category_of(strengths).astype(np.int64),
                              weights=weight, minlength=len(counts)).round().astype(np.int64)
    result = counts.tolist()
    assert sum(result) == math.comb(len(deck), cards) * math.comb(len(deck) - cards,
                                                                  board_cards)
    return result


def _rank_counts(per_rank: npt.NDArray[np.int64], cards: int) -> npt.NDArray[np.int64]:
    """Every way to hold `cards` cards by ranks: rows of copies of each rank, at most the
    deck's `per_rank`."""
    rows = [np.bincount(chosen, minlength=len(per_rank))
            for chosen in combinations_with_replacement(range(len(per_rank)), cards)]
    every = np.array(rows, dtype=np.int64).reshape(-1, len(per_rank))
    return every[(every <= per_rank).all(axis=1)]


def _codes_of(ranks: npt.NDArray[np.int64], copies: npt.NDArray[np.int64],
              first_suit: npt.NDArray[np.int64]) -> npt.NDArray[np.uint8]:
    """Rows of card codes: each row's `copies` of each rank (rows of one sum), with suits
    `first_suit`, `first_suit + 1`, ... of that rank: distinct cards of one deck beside the
    cards below `first_suit`."""
    flat = copies.ravel()
    starts = np.repeat(np.cumsum(flat) - flat, flat)
    suit = np.arange(int(flat.sum())) - starts + np.repeat(first_suit.ravel(), flat)
    codes = np.repeat(np.tile(ranks * _SUITS, len(copies)), flat) + suit
    return codes.astype(np.uint8).reshape(copies.shape[0], int(copies[0].sum()))


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
