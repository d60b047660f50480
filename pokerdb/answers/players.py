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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final

from sqlalchemy import BigInteger, Engine, and_, func, select, text, type_coerce

from pokerdb.answers.rendering import Table, Written
from pokerdb.answers.results import category_label
from pokerdb.errors import PokerdbError
from pokerdb.rules.money import AMOUNT_SCALE, is_currency
from pokerdb.storage.engines import reading, reading_one
from pokerdb.storage.hand_filters import HandFilter
from pokerdb.storage.player_names import named
from pokerdb.storage.player_stats import GROUPINGS, SUMS_PART, sums_select
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


@dataclass
class _Sums:
    """One row's integer sums: hands (and of them those of unknown result), the tracker
    counts by name, the net in ten-thousandths (over the hands whose result is known), net
    over big blind (exact) and the hands with a big blind and a known result, the all-in
    seats' delta."""

    hands: int = 0
    unknown: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TRACKER_COUNTS, 0))
    net: int = 0
    net_bb: Fraction = Fraction(0)
    hands_with_big_blind: int = 0
    allin_delta: int = 0


def player_results(engine: Engine, within: HandFilter | None = None, by: str | None = None,
                   min_hands: int = 1, sort: str = "net") -> Table:
    """The tracker statistics per player and money (and per `by`: "position", "stakes", or
    "category" for the net by the category of the hand shown) of the players with at least
    `min_hands` hands, largest `sort` first."""
    if by is not None and by not in BY:
        raise PokerdbError(f"--by is {', '.join(BY)}, not {by!r}")
    if by == "category":
        return _net_by_category(engine, within)
    if sort not in SORT_COLUMNS:
        raise PokerdbError(f"cannot sort by {sort!r}: the columns are "
                           f"{', '.join(SORT_COLUMNS)}")
    sums: dict[tuple[str, str, str], _Sums] = {}
    allin: dict[tuple[str, str, str], int] = {}
    for part, name, money, key, big_blind, hands, *counts, unknown, net in _sums(engine, by,
                                                                                within):
        if part != SUMS_PART:  # the all-in seats' delta, in the net's column
            allin[name, money, key] = int(net)
            continue
        row = sums.setdefault((name, money, key), _Sums())
        row.hands += int(hands)
        row.unknown += int(unknown)
        for count_name, count in zip(TRACKER_COUNTS, counts, strict=True):
            row.counts[count_name] += int(count)
        row.net += int(net)
        if big_blind:
            row.net_bb += Fraction(int(net), int(big_blind))
            row.hands_with_big_blind += int(hands) - int(unknown)
    for group, delta in allin.items():
        if group in sums:
            sums[group].allin_delta += delta
    rows = [(name, money, key, _figures(row, money, sort)) for (name, money, key), row
            in sums.items() if row.hands >= min_hands]
    rows.sort(key=_order(sort))
    keys = ("player", "currency", *([by] if by else []))
    return Table((*keys, *SHOWN),
                 [(name, money, *([key or None] if by else []), *(shown for shown, _ in figures))
                  for name, money, key, figures in rows], "players")


def _sums(engine: Engine, by: str | None, within: HandFilter | None) -> Sequence[Sequence[Any]]:
    """sums_select's rows: without the all-in seats where the database holds no equity (one
    round trip on PostgreSQL, and a statement planned in a fifth of the time), else all of
    them, read again in one snapshot (two round trips)."""
    params = within.params() if within else {}
    with reading_one(engine) as connection:
        found = connection.execute(text(sums_select(by, within, allin=False)), params).all()
    if all(row[0] == SUMS_PART for row in found):
        return found
    with reading_one(engine) as connection:
        return connection.execute(text(sums_select(by, within)), params).all()


Figure = tuple[Any, Any]  # as shown, and the exact value it sorts by (None last)


def _figures(row: _Sums, money: str, sort: str) -> list[Figure]:
    """The row's figures, each as shown and its exact value, which only the column sorted by
    needs (the others' are 0, or None where the figure is)."""
    counts = row.counts
    exact_share = sort not in ("player", "currency", "hands", "net", "allin_adjusted_net")

    def share(count: int, chances: int, scale: int = 100, places: int = 1) -> Figure:
        if not chances:
            return None, None
        return (rounded_ratio(scale * count, chances, places),
                Fraction(scale * count, chances) if exact_share else 0)

    def amount(stored: int) -> Figure:
        return money_shown(stored, money), stored

    return [
        (row.hands, row.hands),
        (row.unknown, row.unknown),
        share(counts["vpip"], counts["preflop_acted"]),
        share(counts["pfr"], counts["preflop_acted"]),
        share(counts["three_bet"], counts["three_bet_chance"]),
        share(counts["folded_to_three_bet"], counts["faced_three_bet"]),
        share(counts["cbet"], counts["cbet_chance"]),
        share(counts["folded_to_cbet"], counts["faced_cbet"]),
        share(counts["postflop_aggressive"], counts["postflop_calls"], 1, 2),
        share(counts["postflop_aggressive"], counts["postflop_aggressive"]
              + counts["postflop_calls"] + counts["postflop_folds"]),
        share(counts["went_to_showdown"], counts["saw_flop"]),
        share(counts["won_at_showdown"], counts["went_to_showdown"] - row.unknown),
        amount(row.net),
        (rounded(100 * row.net_bb / row.hands_with_big_blind, 2),
         100 * row.net_bb / row.hands_with_big_blind) if row.hands_with_big_blind
        else (None, None),
        amount(row.net + row.allin_delta),
    ]


def _order(sort: str) -> Callable[[tuple[str, str, str, list[Figure]]], tuple[Any, ...]]:
    """The sort key of a row: `sort` largest first (missing last), then player, money, key."""
    if sort in ("player", "currency"):
        return lambda row: (row[0], row[1], row[2]) if sort == "player" else (
            row[1], row[0], row[2])
    index = SHOWN.index(sort)

    def key(row: tuple[str, str, str, list[Figure]]) -> tuple[Any, ...]:
        exact = row[3][index][1]
        return (exact is None, -(exact or 0), row[0], row[1], row[2])

    return key


def rounded(value: Fraction, places: int) -> Written:
    """`value` to `places` decimals, half away from zero, exactly."""
    return rounded_ratio(value.numerator, value.denominator, places)


def rounded_ratio(numerator: int, denominator: int, places: int) -> Written:
    """numerator / denominator (a positive one) to `places` decimals, half away from zero, in
    integers: a tenth of the time of the same in fractions, for every share of every player."""
    whole, rest = divmod(abs(numerator) * 10 ** places, denominator)
    if 2 * rest >= denominator:
        whole += 1
    return Written(Decimal(-whole if numerator < 0 else whole).scaleb(-places))


def money_shown(stored: int, money: str) -> Written | int:
    """A stored amount (ten-thousandths) as its money writes it: a currency's to the cent or
    finer where it is finer (1.50, 0.005), chips and play money whole where whole."""
    whole, part = divmod(stored, AMOUNT_SCALE)
    if not is_currency(money) and not part:
        return whole
    amount = Decimal(stored).scaleb(-4)
    places = 2 if is_currency(money) else 0
    while places < 4 and amount != amount.quantize(Decimal(1).scaleb(-places)):
        places += 1
    return Written(amount.quantize(Decimal(1).scaleb(-places)))


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
                 money_shown(int(net), kind_of_money))
                for name, kind_of_money, category_name, kind, showdowns, net
                in connection.execute(statement, within.params() if within else {})]
    return Table(("player", "currency", "category", "showdowns", "net"), rows,
                 "net_by_category")
