"""deals.min_bet (revision 0039) held as its difference from the deal's big blind,
deals.min_bet_delta: 0 where the two are equal, as in every HandHQ hand, and SQLite stores a 0
in the record's header alone, where an amount took two to four bytes more. `min_bet` is
generated from it with the same type and values (computed as it is read on SQLite, stored on
PostgreSQL): the big blind, 0 without one, plus the difference; NULL where the hand has no
minimum bet (fixed-limit hands, deal files).
"""

from typing import Final

MIN_BET_DELTA: Final = "min_bet_delta"  # the column
# SQL for min_bet, generated from it (the same on both backends).
GENERATED_MIN_BET: Final = f"COALESCE(big_blind, 0) + {MIN_BET_DELTA}"
# SQL for min_bet_delta of a deal's stored min_bet (revision 0039's upgrade).
MIN_BET_DELTA_SQL: Final = "min_bet - COALESCE(big_blind, 0)"


def min_bet_delta(min_bet: int | None, big_blind: int | None) -> int | None:
    """deals.min_bet_delta of a deal's minimum bet and big blind (stored units)."""
    return None if min_bet is None else min_bet - (big_blind or 0)
