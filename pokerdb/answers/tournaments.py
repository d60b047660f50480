"""What each player won in tournaments, per money (and buy-in): `pokerdb players
--tournaments`, from the results of the tournament summaries imported (the tournament_entries
table; the player_tournaments views show the same).

Every figure is worked out here, exactly, from the integers the database sums, and rounded
once, as `pokerdb players` rounds its own (answers.players): the hands of the tournaments
stored (the player's seats in their deals), the cost (buy-ins, re-entries,
rebuys and add-ons), what was won (prizes and bounties), the profit, the return on investment
(profit over cost, %), the share of tournaments in the money (a prize won, %) and the average
finish. Money of two kinds is never added. Of the filters of recorded hands, the dataset, the
money, the dates (the tournament's start, as written) and the site apply; the game and the
stakes are those of hands, and a tournament has neither.
"""

from fractions import Fraction
from typing import Any, Final

from sqlalchemy import Engine, text

from pokerdb.answers.player_figures import money_shown, rounded
from pokerdb.answers.rendering import Table
from pokerdb.errors import PokerdbError
from pokerdb.storage.engines import reading
from pokerdb.storage.hand_filters import HandFilter, where
from pokerdb.storage.tournament_views import IN_THE_MONEY, WON, played

SHOWN: Final = ("tournaments", "hands", "cost", "won", "profit", "roi", "itm",
                "average_finish")
SORT_COLUMNS: Final = ("player", "currency", *SHOWN)
BY: Final = ("buy-in",)


def tournament_results(engine: Engine, within: HandFilter | None = None, by: str | None = None,
                       sort: str = "profit") -> Table:
    """Per player and money (and buy-in, `by`="buy-in"), the tournaments and their results,
    largest `sort` first."""
    if by is not None and by not in BY:
        raise PokerdbError(f"--by with --tournaments is {', '.join(BY)}, not {by!r}")
    if sort not in SORT_COLUMNS:
        raise PokerdbError(f"cannot sort by {sort!r}: the columns are "
                           f"{', '.join(SORT_COLUMNS)}")
    conditions = _conditions(within)
    buy_in = "t.buy_in" if by else "0"
    sql = (f"SELECT e.player, e.currency, {buy_in}, COUNT(*), SUM(p.hands), SUM(e.cost), "
           f"SUM({WON}), SUM({IN_THE_MONEY}), SUM(e.place), COUNT(e.place) "
           f"FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id {played()}"
           f"{where(conditions)} GROUP BY e.player, e.currency{', t.buy_in' if by else ''}")
    with reading(engine) as connection:
        found = [(player, money, int(buy), _figures(money, *map(_whole, sums)))
                 for player, money, buy, *sums in connection.execute(
                     text(sql), within.params() if within else {})]
    found.sort(key=_order(sort))
    keys = ("player", "currency", *(["buy_in"] if by else []))
    return Table((*keys, *SHOWN), [
        (player, money, *([money_shown(buy, money)] if by else []),
         *(shown for shown, _ in figures)) for player, money, buy, figures in found],
        "tournaments")


def _whole(value: Any) -> int:
    return 0 if value is None else int(value)


Figure = tuple[Any, Any]  # as shown, and the exact value it sorts by (None last)


def _figures(money: str, count: int, hands: int, cost: int, won: int, in_the_money: int,
             places: int, placed: int) -> list[Figure]:
    profit = won - cost
    roi = Fraction(100 * profit, cost) if cost else None
    itm = Fraction(100 * in_the_money, count)
    finish = Fraction(places, placed) if placed else None
    return [(count, count), (hands, hands), (money_shown(cost, money), cost),
            (money_shown(won, money), won), (money_shown(profit, money), profit),
            (None, None) if roi is None else (rounded(roi, 1), roi), (rounded(itm, 1), itm),
            (None, None) if finish is None else (rounded(finish, 2), finish)]


def _order(sort: str) -> Any:
    """The sort key of a row: `sort` largest first (missing last), then player, money,
    buy-in; by player or money, in their order."""
    if sort in ("player", "currency"):
        first = 0 if sort == "player" else 1
        return lambda row: (row[first], row[1 - first], row[2])
    index = SHOWN.index(sort)
    return lambda row: (row[3][index][1] is None, -(row[3][index][1] or 0), row[0], row[1],
                        row[2])


def _conditions(within: HandFilter | None) -> list[str]:
    """The conditions on entries `e` and their tournaments `t` of the filters that apply."""
    if within is None:
        return []
    if within.kind == "cash":
        raise PokerdbError("--cash chooses cash games' hands; tournament results are of "
                           "tournaments alone")
    for name, option in (("game", "--game"), ("stakes", "--stakes")):
        if getattr(within, name) is not None:
            raise PokerdbError(f"{option} chooses hands; tournament results are kept per "
                               f"tournament, whose summary names no {name}")
    conditions = []
    if within.currency is not None:
        conditions.append("e.currency = :f_currency")
    if within.since is not None:
        conditions.append("t.date >= :f_since")
    if within.until is not None:
        conditions.append("t.date <= :f_until")
    if within.site is not None:
        conditions.append("lower(t.site) = lower(:f_site)")
    if within.dataset_id is not None:
        conditions.append(f"t.dataset_id = {int(within.dataset_id)}")
    return conditions
