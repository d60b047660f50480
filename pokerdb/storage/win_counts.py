"""The counts `pokerdb wins` reports, as SQL text run through a Fetch (see reading.py).

Only small tables are read (datasets, win_counts), and deals and the hands' tables when some
deal has no winner, in SQL that both sqlite3 and SQLAlchemy's text() run, so a database at head
is read without loading SQLAlchemy.
answers.results.wins and answers.results.unevaluated_deals give the same on an engine.
"""

from typing import Any

from pokerdb.errors import PokerdbError
from pokerdb.storage.reading import Fetch

_FULL_BOARD = len("AC KC QC JC TC")  # characters of a board of five cards
# A deal of a deal file whose every hand gets a value, and so a hand_values row, when it is
# evaluated: of a game valued as the best five cards (no variant: recorded hands and a
# variant's deal files are valued as they are imported, some hands without a value), its
# board complete or absent. A board short of the river values no hand: evaluating its deal
# writes nothing (no value, no winner), so such a deal is never to evaluate.
VALUED_DEAL = (f"deals.variant IS NULL AND (deals.board IS NULL "
               f"OR length(deals.board) = {_FULL_BOARD})")
# A deal `pokerdb evaluate` has still to value. Since revision 0028 hand_values keeps a row only
# for a hand with a value, so a hand without a row may be evaluated already (a recorded hand's
# cards never shown, a short board): a valued deal without a row is what tells. deals.winner
# alone cannot: a deal of one hand (a UCI row) has none evaluated, nor has a board short of
# the river. It comes first all the same: every evaluated valued deal of two hands or more
# has one (set in the transaction that stores its values), so only the deals without one
# have their values looked up.
PENDING_DEAL = (f"deals.winner IS NULL AND {VALUED_DEAL} AND NOT EXISTS "
                f"(SELECT 1 FROM hand_values WHERE hand_values.deal_id = deals.id)")


def wins(fetch: Fetch, dataset: str | None = None) -> dict[str, int]:
    """Deals, wins of each player and ties: {"deals", "player1", "player2", ..., "ties"}."""
    return _wins(fetch, find_dataset(fetch, dataset))


def _wins(fetch: Fetch, dataset_id: int | None) -> dict[str, int]:
    total, by_winner = _decided(fetch, dataset_id)
    players = max([2, *(winner for winner in by_winner if winner)])
    counts = {"deals": total}
    counts |= {f"player{p}": by_winner.get(p, 0) for p in range(1, players + 1)}
    counts["ties"] = by_winner.get(0, 0)
    return counts


def unevaluated_deals(fetch: Fetch, dataset: str | None = None,
                      counts: dict[str, int] | None = None) -> int:
    """Deals with a hand not yet evaluated (their winner is unknown); `counts`, if given, are
    wins() of the same dataset, which spares counting them again."""
    dataset_id = find_dataset(fetch, dataset)
    counts = counts or _wins(fetch, dataset_id)
    # Deals lack a winner only before evaluation or with one player: count the deals pending
    # only when some winner is missing.
    if counts["deals"] == sum(counts.values()) - counts["deals"]:
        return 0
    where, params = _where(dataset_id, PENDING_DEAL)
    return int(fetch(f"SELECT count(*) FROM deals{where}", params)[0][0] or 0)


def short_board_deals(fetch: Fetch, dataset: str | None = None) -> int:
    """Deals without a winner because their board stops before the river (a Hold'em deal
    stopped on the flop or the turn): its hands have no showdown value, evaluated or not
    (evaluating them writes nothing: PENDING_DEAL)."""
    where, params = _where(find_dataset(fetch, dataset), "deals.winner IS NULL",
                           "deals.board IS NOT NULL", f"length(deals.board) < {_FULL_BOARD}")
    return int(fetch(f"SELECT count(*) FROM deals{where}", params)[0][0] or 0)


def unknown_result_deals(fetch: Fetch, dataset: str | None = None) -> int:
    """Recorded hands whose result their file does not tell (a showdown of `????` cards and no
    winnings): stored without a winner."""
    where, params = _where(find_dataset(fetch, dataset), "NOT deals.result_known")
    return int(fetch(f"SELECT count(*) FROM deals{where}", params)[0][0] or 0)




def all_deals_decided(fetch: Fetch) -> bool:
    """Whether every deal has a winner, so no hand is left to evaluate: two sums over small
    tables. False may still mean nothing to evaluate: a deal of one hand has no winner."""
    total, by_winner = _decided(fetch, None)
    return total == sum(by_winner.values())


def _decided(fetch: Fetch, dataset_id: int | None) -> tuple[int, dict[int, int]]:
    """All deals, and the deals won by each player (0: tied): both stored per dataset, the
    first as each file is imported, the second as its deals are evaluated."""
    params = {"dataset_id": dataset_id}
    # Only datasets that exist: rows a removal by hand left behind count for nothing.
    only = (" WHERE dataset_id = :dataset_id" if dataset_id is not None
            else " WHERE dataset_id IN (SELECT id FROM datasets)")
    by_winner: dict[int, int] = dict(fetch(
        f"SELECT winner, sum(deals) FROM win_counts{only} GROUP BY winner", params))
    only = " WHERE id = :dataset_id" if dataset_id is not None else ""
    total = fetch(f"SELECT coalesce(sum(deals), 0) FROM datasets{only}", params)
    return int(total[0][0]), by_winner


def find_dataset(fetch: Fetch, dataset: str | None) -> int | None:
    """The id of the dataset named `dataset`; None for all datasets."""
    if dataset is None:
        return None
    found = fetch("SELECT id FROM datasets WHERE name = :name", {"name": dataset})
    if not found:
        raise PokerdbError(f"no dataset named '{dataset}' (see: pokerdb datasets)")
    return int(found[0][0])


def _where(dataset_id: int | None, *conditions: str) -> tuple[str, dict[str, Any]]:
    """A WHERE clause of `conditions` on deals (and hands), narrowed to one dataset unless
    `dataset_id` is None, with its parameters."""
    params: dict[str, Any] = {}
    if dataset_id is not None:
        conditions = (*conditions, "deals.dataset_id = :dataset_id")
        params["dataset_id"] = dataset_id
    return (f" WHERE {' AND '.join(conditions)}" if conditions else ""), params
