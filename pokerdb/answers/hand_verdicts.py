"""Who wins between evaluated hands, in words: each hand described, and the verdict naming what
decides (pokerdb.answers.explain tells it for a deal or for cards given).

Descriptions name a prefix of the tie-break ranks ("Pair of Queens, Nine kicker" names the pair
and the first kicker), so two hands that differ only in an unnamed rank read alike; the verdict
then names the rank that decides.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from pokerdb.rules.cards import RANK_NAME, RANK_VALUE
from pokerdb.rules.evaluators import Category, HandValue, describe

CARD_POSITIONS: Final = ("highest card", "second-highest card", "third-highest card",
                         "fourth-highest card", "lowest card")
KICKER_ORDINALS: Final = ("first", "second", "third")
# How many leading tie-break ranks name the groups (pairs, three or four of a kind); the rest
# are kickers. Categories absent here rank card by card (high card, flush) or by one rank.
GROUP_RANKS: Final = {
    Category.ONE_PAIR: 1, Category.TWO_PAIRS: 2, Category.THREE_OF_A_KIND: 1,
    Category.FULL_HOUSE: 2, Category.FOUR_OF_A_KIND: 1,
}


@dataclass(frozen=True)
class PlayerHand:
    player: int
    cards: str  # normalised text: the hand ("8C TS KC 9H 4S"), or the hole cards ("AH KH")
    value: HandValue
    best: str | None = None  # with a board: the five cards that make the hand, tie-break order

    @property
    def description(self) -> str:
        return describe(self.value)

    @property
    def five(self) -> str:
        """The five cards the hand is made of."""
        return self.best or self.cards

    @property
    def category(self) -> str:
        return self.value.category.label

    @property
    def strength(self) -> int:
        return self.value.strength

    @property
    def line(self) -> str:
        return (f"Player {self.player}: {self.cards}  "
                f"{'' if self.best is None else f'best {self.best}  '}{self.description}")



def verdict(player_hands: Sequence[PlayerHand]) -> str:
    """Who wins and why: the best hand against the next best, or what tied."""
    if len(player_hands) == 1:
        return f"Player {player_hands[0].player} has no opponent: nothing to compare"
    strengths = sorted({hand.value.strength for hand in player_hands}, reverse=True)
    best = [hand for hand in player_hands if hand.value.strength == strengths[0]]
    if len(best) > 1:
        return _tie(best, len(player_hands))
    runners_up = [hand for hand in player_hands if hand.value.strength == strengths[1]]
    return _win(best[0], runners_up, len(player_hands))


def _win(winner: PlayerHand, runners_up: Sequence[PlayerHand], players: int) -> str:
    runner_up = runners_up[0]
    notes = []
    if players > 2:
        notes.append(f"runner-up: {_player_list(runners_up)}")
    if winner.description == runner_up.description:
        notes.append(_decided_by(winner.value, runner_up.value))
    text = f"Player {winner.player} wins: {winner.description} beats {runner_up.description}"
    return f"{text} ({'; '.join(notes)})" if notes else text


def _tie(tied: Sequence[PlayerHand], players: int) -> str:
    who = "Tie" if players == 2 else f"Tie between {_player_list(tied)}"
    have = "both have" if len(tied) == 2 else "all have"
    return (f"{who}: {have} {tied[0].description} "
            f"(identical ranks {_ranks_in_order(tied[0].five)}; suits never break ties)")


def _decided_by(better: HandValue, worse: HandValue) -> str:
    index = next(i for i, (a, b) in enumerate(zip(better.key, worse.key, strict=True)) if a != b)
    return (f"decided by the {_rank_position(better.category, index, len(better.key))}: "
            f"{RANK_NAME[better.key[index]]} against {RANK_NAME[worse.key[index]]}")


def _rank_position(category: Category, index: int, key_length: int) -> str:
    """What the tie-break rank at `index` is, in words: "second kicker", "lowest card"."""
    groups = GROUP_RANKS.get(category)
    if groups is None:
        return CARD_POSITIONS[index]
    if key_length - groups == 1:
        return "kicker"
    return f"{KICKER_ORDINALS[index - groups]} kicker"


def _ranks_in_order(cards: str) -> str:
    """The hand's ranks, groups first then by rank, as "Q Q 9 6 4"."""
    counts = Counter(card[0] for card in cards.split())
    ordered = sorted(counts.items(), key=lambda item: (item[1], RANK_VALUE[item[0]]),
                     reverse=True)
    return " ".join(rank for rank, count in ordered for _ in range(count))


def _player_list(player_hands: Sequence[PlayerHand]) -> str:
    numbers = [str(hand.player) for hand in player_hands]
    if len(numbers) == 1:
        return f"player {numbers[0]}"
    return f"players {', '.join(numbers[:-1])} and {numbers[-1]}"
