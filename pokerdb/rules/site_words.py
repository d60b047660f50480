"""A site's words for a shown hand against the hand pokerdb evaluates (pokerdb.rules
.site_settlement checks every shown hand of a site's file with them).

- High hands (PokerStars: `two pair, Aces and Kings`, a hi/lo hand's `HI: a flush, Nine high`):
  the category the words begin with.
  GGPoker's (`Pair of Kings and Pair of Tens`, `Aces-High Straight`) and Winamax's (`One pair :
  Jacks`) and the Winning Poker Network's (`Three Of Kind of 10s`): the category they name.
- Deuce-to-seven lows (`Lo: 9,7,6,4,2`, `Lo: a pair of Eights`, `Lo: a straight, Four to
  Eight`): the ranks of a hand without a pair, straight or flush, else its category.
- Badugis (`Badugi: 9,4,2,A`, `3-card: 7,5,4`): the number of cards and their ranks.

Words of another kind (an ace-to-five low's `Lo: 8,7,5,3,2` in razz) are not checked.
"""

import re
from typing import Final

from pokerdb.rules.evaluators import Category, badugi_ranks, deuce_to_seven_value
from pokerdb.rules.variants import HandKind

# The site's words for each category, as its shown hands begin.
_WORDS: Final = (
    ("high card", Category.HIGH_CARD), ("a pair", Category.ONE_PAIR),
    ("two pair", Category.TWO_PAIRS), ("three of a kind", Category.THREE_OF_A_KIND),
    ("a straight flush", Category.STRAIGHT_FLUSH), ("a Royal Flush", Category.ROYAL_FLUSH),
    ("a straight", Category.STRAIGHT), ("a flush", Category.FLUSH),
    ("a full house", Category.FULL_HOUSE), ("four of a kind", Category.FOUR_OF_A_KIND),
)
_RANKS: Final = "23456789TJQKA"  # ranks 2 to 14
_LOW_RANKS: Final = re.compile(r"[2-9TJQKA](?:,[2-9TJQKA]){4}")
_BADUGI: Final = re.compile(r"(?:Badugi|[1-3]-card): [2-9TJQKA](?:,[2-9TJQKA]){0,3}")


# GGPoker's words, as its shown hands are named: `Pair of Kings and Pair of Tens`, `Three Nines`,
# `Aces-High Straight`, `Ace-High`.
_GG_WORDS: Final = (
    (re.compile(r"Pair of \w+ and Pair of \w+"), Category.TWO_PAIRS),
    (re.compile(r"Pair of \w+"), Category.ONE_PAIR),
    (re.compile(r"Three \w+"), Category.THREE_OF_A_KIND),
    (re.compile(r"\w+-High Straight"), Category.STRAIGHT),
    (re.compile(r"\w+-High"), Category.HIGH_CARD),
)

# Winamax's words: the category, then its ranks (`One pair : Jacks`, `Two pairs : Aces and 7`).
_WINAMAX_WORDS: Final = {
    "high card": Category.HIGH_CARD, "one pair": Category.ONE_PAIR,
    "two pairs": Category.TWO_PAIRS, "trips": Category.THREE_OF_A_KIND,
    "straight": Category.STRAIGHT, "flush": Category.FLUSH, "full house": Category.FULL_HOUSE,
    "four of a kind": Category.FOUR_OF_A_KIND, "straight flush": Category.STRAIGHT_FLUSH,
}

# The Winning Poker Network's (older files'): `One pair of Ks`, `Three Of Kind of 10s`.
_WPN_WORDS: Final = (
    ("High card ", Category.HIGH_CARD), ("One pair of ", Category.ONE_PAIR),
    ("Two pairs. ", Category.TWO_PAIRS), ("Three Of Kind of ", Category.THREE_OF_A_KIND),
    ("Straight to ", Category.STRAIGHT), ("Flush, ", Category.FLUSH),
)


def category_named(words: str) -> Category | None:
    """The category the site's words name ('two pair, Aces and Kings'; a hi/lo hand's high half:
    'HI: a flush, Nine high'; GGPoker's 'Pair of Kings and Pair of Tens'); None for words of
    another kind."""
    words = words.removeprefix("HI: ")
    for start, category in _WORDS:
        if words.startswith(start):
            return category
    for pattern, category in _GG_WORDS:
        if pattern.fullmatch(words):
            return category
    for start, category in _WPN_WORDS:
        if words.startswith(start):
            return category
    named, colon, _ = words.partition(" : ")
    return _WINAMAX_WORDS.get(named.lower()) if colon else None


def low_words_differ(kind: HandKind, words: str, strength: int) -> str | None:
    """Where the site's words for a deuce-to-seven low or a badugi name another hand than the
    one of `strength`: that hand, as the site would say it (`Lo: 8,7,5,3,2`, `3-card: 7,5,4`,
    `one pair`); None where they agree, or are not words of the kind."""
    if kind is HandKind.DEUCE_TO_SEVEN_LOW and words.startswith("Lo: "):
        value = deuce_to_seven_value(strength)
        said = words.removeprefix("Lo: ")
        if value.category is Category.HIGH_CARD:
            found = "Lo: " + ",".join(_RANKS[rank - 2] for rank in value.key)
            return None if words == found else repr(found)
        named = Category.HIGH_CARD if _LOW_RANKS.fullmatch(said) else category_named(said)
        return None if named in (None, value.category) else value.category.label.lower()
    if kind is HandKind.BADUGI and _BADUGI.fullmatch(words):
        ranks = badugi_ranks(strength)
        written = ",".join("A" if rank == 1 else _RANKS[rank - 2] for rank in ranks)
        found = f"Badugi: {written}" if len(ranks) == 4 else f"{len(ranks)}-card: {written}"
        return None if words == found else repr(found)
    return None
