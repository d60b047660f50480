"""Hands in words: "Pair of Queens, Nine kicker", "Full House, Fours full of Twos"."""

from dataclasses import dataclass

from pokerdb.rules.cards import RANK_NAME
from pokerdb.rules.evaluators.high import Category, HandValue


def rank_plural(rank: int) -> str:
    name = RANK_NAME[rank]
    return name + "es" if name.endswith("x") else name + "s"


def describe(value: HandValue) -> str:
    """A short description naming the ranks that usually decide a comparison."""
    key = value.key
    match value.category:
        case Category.HIGH_CARD:
            return f"High Card, {RANK_NAME[key[0]]} high"
        case Category.ONE_PAIR:
            return f"Pair of {rank_plural(key[0])}, {RANK_NAME[key[1]]} kicker"
        case Category.TWO_PAIRS:
            return (f"Two Pairs, {rank_plural(key[0])} and {rank_plural(key[1])}, "
                    f"{RANK_NAME[key[2]]} kicker")
        case Category.THREE_OF_A_KIND:
            return f"Three of a Kind, {rank_plural(key[0])}"
        case Category.FULL_HOUSE:
            return f"Full House, {rank_plural(key[0])} full of {rank_plural(key[1])}"
        case Category.FOUR_OF_A_KIND:
            return f"Four of a Kind, {rank_plural(key[0])}"
        case Category.ROYAL_FLUSH:
            return "Royal Flush"
        case _:  # straights and flushes are told by their high card
            return f"{value.category.label}, {RANK_NAME[key[0]]} high"


def describe_strength(strength: int) -> str:
    return describe(HandValue.from_strength(strength))


@dataclass(frozen=True)
class HandName:
    """A strength in words: its category and a description."""

    category: str
    description: str


def high_name(strength: int) -> HandName:
    """A high strength (Hold'em, Omaha, stud, draw) in words."""
    value = HandValue.from_strength(strength)
    return HandName(value.category.label, describe(value))
