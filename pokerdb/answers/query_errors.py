"""What ends a `pokerdb query` statement early, in the same words on both backends."""

import re

from pokerdb.errors import PokerdbError

REFUSED = "pokerdb query is read-only: this statement would change the database"
NOTHING_TO_RUN = ("no SQL statement to run (the text is empty, or only comments): give one, "
                  "such as pokerdb query \"SELECT count(*) FROM deals\"")
# Whitespace, semicolons and comments (`-- to the line's end`, `/* ... */`): what a statement
# of nothing is made of. A string or a name ends the match, so nothing in one is read.
_NOTHING = re.compile(r"(?:\s|;|--[^\n]*(?:\n|$)|/\*.*?\*/)*", re.DOTALL)


def refuse_nothing(sql: str) -> None:
    """Refuse a statement of nothing at all, which both backends would run as a statement
    of no columns: a blank line on SQLite, a refused write on PostgreSQL."""
    if _NOTHING.fullmatch(sql):
        raise PokerdbError(NOTHING_TO_RUN)


def timeout_error(timeout: float) -> PokerdbError:
    return PokerdbError(f"query stopped: it ran longer than --timeout {timeout:g} s")
