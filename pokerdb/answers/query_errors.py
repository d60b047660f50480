"""What ends a `pokerdb query` statement early, in the same words on both backends."""

from pokerdb.errors import PokerdbError

REFUSED = "pokerdb query is read-only: this statement would change the database"


def timeout_error(timeout: float) -> PokerdbError:
    return PokerdbError(f"query stopped: it ran longer than --timeout {timeout:g} s")
