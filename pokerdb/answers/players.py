"""Who won what in recorded hands, per player name and money: `pokerdb players`, the tracker
statistics of the player_stats views (pokerdb.storage.player_stats), per position, stakes or
category of the hand shown, under the filters of storage.hand_filters.

Every figure is computed here, exactly, from the integers the database sums (counts, and
amounts in ten-thousandths), and rounded once: the same bytes on SQLite and PostgreSQL. Money
of two kinds is never added: a row is one player's in one money (its `currency`). Amounts are
shown as their money writes them: a currency's to the cent (finer where an amount is), chips
and play money whole where they are whole. Percentages are shown to one decimal, ratios and
big blinds per 100 hands to two, each rounded half away from zero. Ties of the sorted column
are ordered by player, money, then the row's key.

A hand whose file does not tell its result (a showdown of `????` cards, no winnings:
deals.result_known) counts in `hands` and in `hands_result_unknown`; the net, bb/100 and
won at showdown are over the others.
"""

import heapq
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from fractions import Fraction
from operator import itemgetter
from typing import Any, Final

from sqlalchemy import (
    BigInteger,
    Connection,
    Engine,
    TextClause,
    and_,
    func,
    select,
    text,
    type_coerce,
)

from pokerdb.answers.player_figures import money_shown, shown_row
from pokerdb.answers.rendering import Table
from pokerdb.answers.results import category_label
from pokerdb.errors import PokerdbError
from pokerdb.storage.engines import reading, reading_one, reading_together, reads_in_parallel
from pokerdb.storage.hand_filters import HandFilter
from pokerdb.storage.player_names import named
from pokerdb.storage.player_stats import (
    ALLIN_PART,
    EQUITIES_PART,
    GROUPINGS,
    SUMS_PART,
    allin_deltas_select,
    big_blinds_select,
    everyone_select,
    sums_select,
)
from pokerdb.storage.reading import prepared_fetch
from pokerdb.storage.schema import (
    TRACKER_COUNTS,
    categories,
    deals,
    hand_values,
    seats,
)
from pokerdb.storage.view_columns import category_id

BY: Final = (*(key for key in GROUPINGS if key), "category")
SHOWN: Final = ("hands", "hands_result_unknown", "vpip", "pfr", "three_bet",
                "fold_to_three_bet", "cbet", "fold_to_cbet", "aggression_factor",
                "aggression_frequency", "went_to_showdown", "won_at_showdown", "net",
                "bb_per_100", "allin_adjusted_net")
SORT_COLUMNS: Final = ("player", "currency", *SHOWN)
# The tracker counts the figures divide, in the order of a group's sums (_Group).
COUNTS: Final = ("preflop_acted", "vpip", "pfr", "three_bet_chance", "three_bet",
                 "faced_three_bet", "folded_to_three_bet", "saw_flop", "cbet_chance", "cbet",
                 "faced_cbet", "folded_to_cbet", "postflop_aggressive", "postflop_calls",
                 "postflop_folds", "went_to_showdown", "won_at_showdown")
# A group's integer sums: name, money, key ('' for none), hands, those of unknown result,
# COUNTS, the net (ten-thousandths, over the hands whose result is known), the hands with a
# big blind and a known result, their net in big blinds as whole + rest / denominator, and
# the all-in seats' delta (the all-in adjusted net less the net).
_Group = Sequence[Any]
_NET: Final = 5 + len(COUNTS)
# The sums of everyone_select's rows, after name, money and key.
_SUMMED: Final = ("hands", "hands_result_unknown", *COUNTS, "net")
# The columns the database sorts by (their sums, exact integers), and the sum each is.
_SORTED_BY_SQL: Final = {"player": "name", "currency": "currency", "hands": "hands",
                         "hands_result_unknown": "hands_result_unknown", "net": "net"}
_BATCH: Final = 10_000  # rows fetched at once from a cursor of PostgreSQL's
# A common multiple of the big blinds larger than this sums its rests per big blind instead.
_DENOMINATOR_LIMIT: Final = 2 ** 32


def player_results(engine: Engine, within: HandFilter | None = None, by: str | None = None,
                   min_hands: int = 1, sort: str = "net") -> Table:
    """The tracker statistics per player and money (and per `by`: "position", "stakes", or
    "category" for the net by the category of the hand shown) of the players with at least
    `min_hands` hands, largest `sort` first. The rows are read as they are iterated (once):
    for everyone, in the order shown, straight from the database where it sorts them (by
    player, money, hands or net), so they are never all held."""
    if by is not None and by not in BY:
        raise PokerdbError(f"--by is {', '.join(BY)}, not {by!r}")
    if by == "category":
        return _net_by_category(engine, within)
    if sort not in SORT_COLUMNS:
        raise PokerdbError(f"cannot sort by {sort!r}: the columns are "
                           f"{', '.join(SORT_COLUMNS)}")
    keys = ("player", "currency", *([by] if by else []))
    return Table((*keys, *SHOWN), _shown_rows(engine, within, by, min_hands, sort), "players")


def _shown_rows(engine: Engine, within: HandFilter | None, by: str | None, min_hands: int,
                sort: str) -> Iterator[tuple[Any, ...]]:
    groups: Iterable[_Group]
    if within is not None and within.player is not None:
        groups = _sorted(_per_big_blind(engine, by, within, min_hands), sort)
    else:
        groups = _everyone(engine, by, within, min_hands, sort)
    keyed = by is not None
    return (shown_row(group, keyed) for group in groups)


def _everyone(engine: Engine, by: str | None, within: HandFilter | None, min_hands: int,
              sort: str) -> Iterator[_Group]:
    """Every group's sums in the order shown, read in one snapshot: the big blinds first (the
    rests of the net in big blinds are summed over their least common multiple), then the
    all-in seats' deltas (where the database holds equities), then the sums, sorted by the
    database where it can (then streamed, never all held), else here."""
    params = {**(within.params() if within else {}), "min_hands": min_hands}
    groups: Iterable[_Group]
    with _readers(engine) as (connection, beside):
        found = connection.execute(text(big_blinds_select(within)), params).all()
        denominator = math.lcm(*(int(bb) for part, bb in found
                                 if part == SUMS_PART and bb is not None))
        if denominator > _DENOMINATOR_LIMIT:
            groups = _sorted(_per_big_blind(engine, by, within, min_hands), sort)
        else:
            deltas = {}
            if any(part == EQUITIES_PART for part, _ in found):
                deltas = {(name, money, key): int(delta) for name, money, key, delta
                          in connection.execute(text(allin_deltas_select(by, within)), params)}
            # Without equities, the all-in adjusted net is the net.
            order = _SORTED_BY_SQL.get("net" if sort == "allin_adjusted_net" and not deltas
                                       else sort)
            values = {**params, "denominator": denominator}
            rows = _summed(connection, beside if by is None and order else None, by, within,
                           order, values)
            found_groups: Iterable[_Group] = ((*row[:-1], deltas.get(tuple(row[:3]), 0))
                                              for row in rows) if deltas else rows
            groups = found_groups if order is not None else _sorted(found_groups, sort)
        yield from groups


@contextmanager
def _readers(engine: Engine) -> Iterator[tuple[Connection, Connection | None]]:
    """A connection reading one snapshot, and a second reading the same one beside it where
    the database can (an SQLite file), else None."""
    if reads_in_parallel(engine):
        with reading_together(engine) as connections:
            yield connections
    else:
        with reading(engine) as connection:
            yield connection, None


def _summed(connection: Connection, beside: Connection | None, by: str | None,
            within: HandFilter | None, order: str | None,
            values: dict[str, Any]) -> Iterable[Sequence[Any]]:
    """everyone_select's rows (sorted by `order` where it is not None). With a connection
    `beside` reading the same snapshot, the players are summed in two halves at once, one on
    each (SQLite sums and sorts each half's groups before its first row, while the other's
    runs on the other core: for the HandHQ corpus's 544,103 players 5.19 s against 7.05 on
    one connection, idle), and their rows merged in the same order."""
    dialect = connection.dialect.name
    if beside is not None:
        middle = int(connection.scalar(text("SELECT max(id) FROM player_names")) or 0) // 2
        halves = [text(everyone_select(by, COUNTS, dialect, within, order, players))
                  for players in ("t.name_id <= :middle", "t.name_id > :middle")]
        with ThreadPoolExecutor(1) as pool:
            high = pool.submit(_driver_rows, beside, halves[1], {**values, "middle": middle})
            low = _driver_rows(connection, halves[0], {**values, "middle": middle})
            return heapq.merge(low, high.result(), key=_merged_by(order))
    statement = text(everyone_select(by, COUNTS, dialect, within, order))
    if dialect == "postgresql":
        # Else PostgreSQL sorts every row (on disk) in parallel workers before it sums them:
        # read in its key's order through the primary key, as SQLite reads them, 5.97
        # million rows took 4.8 s against 8 to 17 (two busy cores).
        connection.exec_driver_sql("SET LOCAL max_parallel_workers_per_gather = 0")
        # a cursor of the server's: its rows are not all held here either
        return connection.execution_options(yield_per=_BATCH).execute(statement, values)
    return _driver_rows(connection, statement, values)


def _driver_rows(connection: Connection, statement: TextClause,
                 values: dict[str, Any]) -> Iterator[Sequence[Any]]:
    """The rows of `statement` as the driver's tuples, without a Row made of each; on SQLite
    run to its first row (every sum, where it sorts them) before this returns."""
    cursor: Iterator[Sequence[Any]] = connection.execute(statement, values).cursor  # type: ignore[assignment]
    return cursor


def _merged_by(order: str | None) -> Callable[[Sequence[Any]], Any]:
    """The key everyone_select sorts its rows by (without `by`'s key), `order`'s sum largest
    first (a NULL last), then name and money; as SQLite compares texts (their UTF-8 bytes,
    the order of their code points)."""
    if order in (None, "name"):
        return itemgetter(0, 1)
    if order == "currency":
        return itemgetter(1, 0)
    at = 3 + _SUMMED.index(str(order))

    def largest_first(row: Sequence[Any]) -> tuple[Any, ...]:
        value = row[at]
        return value is None, -(value or 0), row[0], row[1]

    return largest_first


def _per_big_blind(engine: Engine, by: str | None, within: HandFilter | None,
                   min_hands: int) -> list[_Group]:
    """The groups' sums from sums_select's rows per big blind, in one statement (one round
    trip on PostgreSQL: one player's rows, read through its key), or two where the database
    holds equities. On PostgreSQL one player's are read with `by` bound (sums_select): one
    prepared statement for every `by`, which the server plans at each of its first five runs
    on a connection (planning is most of its time), then runs on the plan it keeps. One
    player's figures overall, by position and by stakes, best of five rounds on a new
    connection, took 1.23 ms against 1.68 with a statement for each `by` (50,000 hands,
    compiled; SQLite 1.23). SQLite plans no statement again once compiled (the driver keeps
    it): there the statement of `by`, whose key is a column, not a CASE (3% faster)."""
    bound = (within is not None and within.player is not None
             and engine.dialect.name == "postgresql")
    params = {**(within.params() if within else {}), **({"by": by or ""} if bound else {})}
    with reading_one(engine) as connection:
        fetch = prepared_fetch(connection)
        found = fetch(sums_select(by, within, allin=False, bound=bound), params)
        if any(row[0] != SUMS_PART for row in found):
            found = fetch(sums_select(by, within, bound=bound), params)
    counted = [TRACKER_COUNTS.index(name) for name in COUNTS]
    rows: dict[tuple[str, str, str], list[Any]] = {}
    deltas: dict[tuple[str, str, str], int] = {}
    for part, name, money, key, big_blind, hands, *counts, unknown, net in found:
        if part == ALLIN_PART:  # the all-in seats' delta, in the net's column
            deltas[name, money, key] = int(net)
            continue
        row = rows.setdefault((name, money, key), [0] * (len(COUNTS) + 4) + [[]])
        row[0] += int(hands)
        row[1] += int(unknown)
        for at, index in enumerate(counted, 2):
            row[at] += int(counts[index])
        row[-3] += int(net)
        if big_blind:
            row[-2] += int(hands) - int(unknown)
            row[-1].append((int(net), int(big_blind)))
    groups: list[_Group] = []
    for group, (hands, unknown, *sums, net, with_big_blind, nets) in rows.items():
        if hands >= min_hands:
            denominator = math.lcm(*(big_blind for _, big_blind in nets))
            whole = sum(net_bb // big_blind for net_bb, big_blind in nets)
            rest = sum(net_bb % big_blind * (denominator // big_blind)
                       for net_bb, big_blind in nets)
            groups.append((*group, hands, unknown, *sums, net, with_big_blind, whole, rest,
                           denominator, deltas.get(group, 0)))
    groups.sort(key=lambda group: tuple(group[:3]))
    return groups


def _sorted(groups: Iterable[_Group], sort: str) -> list[_Group]:
    """The groups largest `sort` first (its exact value; missing last), then by player,
    money, key (the order the groups come in, which a sort keeps)."""
    listed = list(groups)
    if sort == "player":
        listed.sort(key=lambda group: tuple(group[:3]))
    elif sort == "currency":
        listed.sort(key=lambda group: (group[1], group[0], group[2]))
    else:
        exact = _exact(sort)

        def largest_first(group: _Group) -> tuple[bool, Any]:
            value = exact(group)
            return value is None, -(value or 0)

        listed.sort(key=lambda group: tuple(group[:3]))
        listed.sort(key=largest_first)
    return listed


def _exact(sort: str) -> Callable[[_Group], Fraction | int | None]:
    """The exact value of the figure `sort` of a group's sums."""
    def share(count: str, *chances: str, scale: int = 100) -> Callable[[_Group], Any]:
        at = 5 + COUNTS.index(count)
        under = [5 + COUNTS.index(name) for name in chances]

        def value(group: _Group) -> Fraction | None:
            total = sum(group[index] for index in under) - (
                group[4] if count == "won_at_showdown" else 0)
            return Fraction(scale * group[at], total) if total else None

        return value

    def bb_per_100(group: _Group) -> Fraction | None:
        with_big_blind, whole, rest, denominator = group[_NET + 1:_NET + 5]
        return (Fraction(100 * (whole * denominator + rest), denominator * with_big_blind)
                if with_big_blind else None)

    figures: dict[str, Callable[[_Group], Any]] = {
        "hands": lambda group: group[3], "hands_result_unknown": lambda group: group[4],
        "vpip": share("vpip", "preflop_acted"), "pfr": share("pfr", "preflop_acted"),
        "three_bet": share("three_bet", "three_bet_chance"),
        "fold_to_three_bet": share("folded_to_three_bet", "faced_three_bet"),
        "cbet": share("cbet", "cbet_chance"),
        "fold_to_cbet": share("folded_to_cbet", "faced_cbet"),
        "aggression_factor": share("postflop_aggressive", "postflop_calls", scale=1),
        "aggression_frequency": share("postflop_aggressive", "postflop_aggressive",
                                      "postflop_calls", "postflop_folds"),
        "went_to_showdown": share("went_to_showdown", "saw_flop"),
        "won_at_showdown": share("won_at_showdown", "went_to_showdown"),
        "net": lambda group: group[_NET],
        "bb_per_100": bb_per_100,
        "allin_adjusted_net": lambda group: group[_NET] + group[-1],
    }
    return figures[sort]


def _net_by_category(engine: Engine, within: HandFilter | None) -> Table:
    """Showdowns and net per player, money and category of the hand shown."""
    money = func.coalesce(deals.c.currency, "")
    named_seats, name = named(seats)
    shown, category = category_id(
        select(name, money, categories.c.name, categories.c.kind, func.count(),
               func.sum(type_coerce(seats.c.net, BigInteger)))
        .select_from(named_seats).join(deals, deals.c.id == seats.c.deal_id)
        .join(hand_values, and_(hand_values.c.deal_id == seats.c.deal_id,
                                hand_values.c.player == seats.c.player)), hand_values)
    conditions = within.on_seats("seats", "deals") if within else []
    statement = (shown.join(categories, categories.c.id == category)
                 .where(seats.c.name_id.is_not(None), seats.c.showed,
                        *(text(condition) for condition in conditions))
                 .group_by(name, money, categories.c.id, categories.c.name,
                           categories.c.kind)
                 .order_by(name, money, categories.c.id))
    with reading(engine) as connection:
        rows = [(name, kind_of_money, category_label(category_name, kind), showdowns,
                 None if net is None else money_shown(int(net), kind_of_money))
                for name, kind_of_money, category_name, kind, showdowns, net
                in connection.execute(statement, within.params() if within else {})]
    return Table(("player", "currency", "category", "showdowns", "net"), rows,
                 "net_by_category")
