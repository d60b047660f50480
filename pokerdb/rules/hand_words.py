"""Strengths of every kind of hand in words, as the database keeps them.

A strength orders hands of one kind only (a razz strength and a high one may be equal), so the
database keys each description by the strength and its kind's `Naming` together: the
`description_key`, ``naming << 24 | strength`` (strengths are below 2 ** 24), which for high
hands (naming 0) is the strength itself. Categories are numbered the same way within one
table: ``naming * 16 + index``, the index in the kind's categories worst first (High Card 0 to
Royal Flush 9 for high hands, as before other kinds were stored).
"""

from typing import Final

from pokerdb.rules.evaluators import EVALUATORS, STRENGTH_BITS, HandEvaluator
from pokerdb.rules.variants import Naming

KEY_SHIFT: Final = STRENGTH_BITS
CATEGORY_SLOTS: Final = 16  # per naming: the most categories any kind has


def description_key(naming: Naming, strength: int) -> int:
    return naming << KEY_SHIFT | strength


def category_id(naming: Naming, index: int) -> int:
    return naming * CATEGORY_SLOTS + index


def evaluator_of(naming: Naming) -> HandEvaluator:
    return EVALUATORS[naming.kind]


def describe_key(key: int) -> tuple[int, str]:
    """The category id and the description of a description key."""
    naming = Naming(key >> KEY_SHIFT)
    evaluator = evaluator_of(naming)
    name = evaluator.name_of(key & ((1 << KEY_SHIFT) - 1))
    return category_id(naming, evaluator.categories.index(name.category)), name.description


def every_category() -> list[tuple[int, str, str]]:
    """The categories of every naming: (id, name, kind), as the categories table holds
    them."""
    return [(category_id(naming, index), name, naming.kind.value) for naming in Naming
            for index, name in enumerate(evaluator_of(naming).categories)]
