"""`pokerdb wins`: deals, each player's wins, and ties. On an SQLite file at head they are read
with the standard library's sqlite3 (storage.reading), from the import report and the win
counts, without loading SQLAlchemy or numpy: the command answers in a blink."""

from dataclasses import dataclass

from pokerdb.errors import PokerdbError
from pokerdb.storage import win_counts
from pokerdb.storage.reading import reader

NO_DEALS = "the database has no deals yet: import some (pokerdb import FILE)"


@dataclass(frozen=True)
class Wins:
    counts: dict[str, int]  # {"deals", "player1", "player2", ..., "ties"}
    unevaluated: int  # deals with a hand not evaluated yet: no winner so far
    alone: int  # evaluated deals of one player (such as UCI rows): nobody to beat, no winner
    # deals whose board stops before the river: no showdown, no winner (nothing to evaluate)
    short_board: int = 0
    # recorded hands whose result the file does not tell (deals.result_known): no winner
    unknown_result: int = 0


def count_wins(db: str | None, dataset: str | None = None) -> Wins:
    """The wins in the database --db names, of one dataset or all; a database without deals
    raises PokerdbError(NO_DEALS)."""
    with reader(db) as fetch:
        counts = win_counts.wins(fetch, dataset)
        unevaluated = win_counts.unevaluated_deals(fetch, dataset, counts)
        refuse_no_deals(counts["deals"])
        undecided = counts["deals"] - (sum(counts.values()) - counts["deals"]) - unevaluated
        short_board = win_counts.short_board_deals(fetch, dataset) if undecided else 0
        unknown = win_counts.unknown_result_deals(fetch, dataset) if undecided else 0
    return Wins(counts, unevaluated, undecided - short_board - unknown, short_board, unknown)


def refuse_no_deals(deals: int) -> None:
    if not deals:
        raise PokerdbError(NO_DEALS)
