"""The tracker statistics of every player, as SQL: the views player_stats (per player name and
money), player_position_stats (and position) and player_stakes_stats (and stakes) that the
migrations create; player_totals, the per-seat counts of seat_stats summed per dataset, player,
money, position and stakes, on which the views stand, and player_days, the same by day and site
too: their keys and sums, their upsert (`totals_added`, for storage.player_sums, which an
import writes them with) and their rows summed from the stored seats by SQL (`totals_of_seats`,
`add_totals`: the revisions' fills); and the exact sums `pokerdb players` computes its
figures from (`sums_select`), under any HandFilter: from player_totals, or from player_days
when the filter names dates or a site.

A view sums the few rows player_totals has for each player, so it does not read every seat
(docs/player-stats.md gives the definitions and the SQL). Only the all-in adjusted net reads
seats: those of the player all in before the river, through a partial index, with their
equity's all-in net once `pokerdb equity` has computed it. Amounts are summed as the integers
they are stored as and turned into an amount once, at the end (view_columns.amount_sql); money
of two kinds is never added. Percentages and ratios are NULL where the player never had the
chance (a zero denominator).
"""
from collections.abc import Sequence
from typing import Any, Final

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    Double,
    Engine,
    MetaData,
    Numeric,
    String,
    Table,
    func,
    select,
    text,
)

from pokerdb.storage import win_counts
from pokerdb.storage.engines import reading
from pokerdb.storage.hand_filters import HandFilter, where
from pokerdb.storage.packed_counts import seat_stats_select
from pokerdb.storage.reading import engine_reader
from pokerdb.storage.schema import TRACKER_COUNTS, deals, player_days, player_totals
from pokerdb.storage.summary_keys import texted
from pokerdb.storage.view_columns import amount_sql


def _share(count: str, chances: str, scale: str = "100.0", places: int = 1) -> str:
    """A percentage (or a ratio, `scale` 1.0) rounded to `places`, as `pokerdb players` shows
    it: to one place, a ratio and bb/100 to two."""
    return (f"CAST(ROUND(CAST({scale} * SUM({count}) / NULLIF(SUM({chances}), 0) AS NUMERIC), "
            f"{places}) AS DOUBLE PRECISION)")


_UNKNOWN: Final = "hands_result_unknown"


def _figures(unknown: bool = True) -> tuple[tuple[str, str], ...]:
    """The figures, in the views' order: name and SQL over player_totals `t` ("amount": a sum
    of stored amounts, turned into an amount by the view). The net, bb/100 and won at
    showdown are over the hands whose result is known: those of unknown result (revision
    0020, `unknown`) are counted apart."""
    known = f"t.hands - t.{_UNKNOWN}" if unknown else "t.hands"
    with_big_blind = f"CASE WHEN t.big_blind IS NOT NULL THEN {known} ELSE 0 END"
    showdowns = f"t.went_to_showdown - t.{_UNKNOWN}" if unknown else "t.went_to_showdown"
    return (
        ("hands", "SUM(t.hands)"),
        *([(_UNKNOWN, f"SUM(t.{_UNKNOWN})")] if unknown else []),
        ("vpip", _share("t.vpip", "t.preflop_acted")),
        ("pfr", _share("t.pfr", "t.preflop_acted")),
        ("three_bet", _share("t.three_bet", "t.three_bet_chance")),
        ("fold_to_three_bet", _share("t.folded_to_three_bet", "t.faced_three_bet")),
        ("cbet", _share("t.cbet", "t.cbet_chance")),
        ("fold_to_cbet", _share("t.folded_to_cbet", "t.faced_cbet")),
        ("aggression_factor", _share("t.postflop_aggressive", "t.postflop_calls", "1.0", 2)),
        ("aggression_frequency", _share(
            "t.postflop_aggressive",
            "t.postflop_aggressive + t.postflop_calls + t.postflop_folds")),
        ("went_to_showdown", _share("t.went_to_showdown", "t.saw_flop")),
        ("won_at_showdown", _share("t.won_at_showdown", showdowns)),
        ("net", "amount"),
        ("bb_per_100", _share("1.0 * t.net / t.big_blind", with_big_blind, places=2)),
        ("allin_adjusted_net", "allin"),  # written by stats_select
        # The counts behind the figures, for a sample's size and for sums over groups.
        ("hands_with_big_blind", f"SUM({with_big_blind})"),
        *((f"n_{name}", f"SUM(t.{name})") for name in TRACKER_COUNTS),
    )


FIGURES: Final = _figures()
FIGURE_NAMES: Final = tuple(name for name, _ in FIGURES)

# Each view: its name and the column it groups by beside the player's name and money.
GROUPINGS: Final = {None: "player_stats", "position": "player_position_stats",
                    "stakes": "player_stakes_stats"}
# What seat_stats `s` (joined to its deal `d`) groups by for each key of player_totals (the
# player by the number of its name, name_id; or by the name, as before revision 0031).
_SEAT_KEYS: Final = {"name_id": "s.name_id", "name": "s.name",
                     "currency": "COALESCE(d.currency, '')", "position": "s.position",
                     "stakes": "COALESCE(s.stakes, '')"}
_NAMES: Final = "JOIN player_names n ON n.id = {}.name_id"  # the name of a player's number


def _player(numbered: bool) -> str:
    """The key of the player in player_totals and player_days: the number of its name
    (revision 0031 on), or the name."""
    return "name_id" if numbered else "name"


def one_dataset(engine: Engine, name: str) -> HandFilter:
    """The filter of the dataset named `name` (PokerdbError if there is none): its totals, and
    its deals, one run of ids."""
    with engine_reader(engine) as fetch:
        dataset_id = int(win_counts.find_dataset(fetch, name) or 0)
    with reading(engine) as connection:
        first, last = connection.execute(select(func.min(deals.c.id), func.max(deals.c.id))
                                         .where(deals.c.dataset_id == dataset_id)).one()
    return HandFilter(deals=(first or 0, last if last is not None else -1),
                      dataset_id=dataset_id)


def stats_select(by: str | None, dialect: str, within: HandFilter | None = None, *,
                 unknown: bool = True, numbered: bool = True) -> str:
    """The SELECT of a view (`by`: None, "position" or "stakes") on `dialect`, or of the hands
    `within` selects (bound by `within.params()`); without `unknown`, as revision 0017 made
    it (before hands of unknown result); not `numbered`, over player_totals keyed by the
    players' names (before revision 0031), else by their numbers, the name read once a group.

    The all-in adjusted net is the net plus, for the group's seats all in before the river
    whose equity is known, their all-in net less their net: one pass over the all-in seats
    (a partial index holds them), grouped as the view is and joined to its rows."""
    keys = [_player(numbered), "currency", *([by] if by else [])]
    group = ", ".join(f"t.{key}" for key in keys)
    figures = _figures(unknown)
    columns = ",\n       ".join(
        f"{'SUM(t.net)' if sql == 'amount' else sql} AS {name}" for name, sql in figures
        if sql != "allin")
    outer = ",\n       ".join(
        f"{amount_sql('f.net + COALESCE(a.allin_delta, 0)', dialect)} AS allin_adjusted_net"
        if sql == "allin" else f"{amount_sql('f.net', dialect)} AS net" if sql == "amount"
        else f"f.{name}" for name, sql in figures)
    seat_group = ", ".join(_SEAT_KEYS[key] for key in keys)
    on = " AND ".join(f"a.{key} = f.{key}" for key in keys)
    shown_key = ("NULLIF(f.stakes, '') AS stakes" if by == "stakes" else f"f.{by}") if by else ""
    totals = _totals_from(within)
    seats_where = where(["s.allin = 1", f"{_SEAT_KEYS[keys[0]]} IS NOT NULL",
                         *(within.on_seats("s", "d") if within else [])])
    return (
        f"SELECT {'n' if numbered else 'f'}.name AS player, "
        f"f.currency{f', {shown_key}' if by else ''},\n"
        f"       {outer}\n"
        f"FROM (\n  SELECT {group},\n       {columns}\n  FROM {totals}\n"
        f"  GROUP BY {group}) f\n{_NAMES.format('f') + chr(10) if numbered else ''}"
        f"LEFT JOIN (\n  SELECT {', '.join(f'{_SEAT_KEYS[key]} AS {key}' for key in keys)}, "
        f"SUM(e.allin_net - s.net) AS allin_delta\n"
        f"  FROM seat_stats s JOIN hand_equities e ON e.deal_id = s.deal_id "
        f"AND e.player = s.player\n  JOIN deals d ON d.id = s.deal_id\n"
        f" {seats_where}\n"
        f"  GROUP BY {seat_group}) a ON {on}")


def _totals_from(within: HandFilter | None, named: bool = False,
                 players: str | None = None) -> str:
    """player_totals `t` as the filter sees it: its rows, or, for dates or a site, player_days'
    with their texts (summary_keys.texted; each filter selects whole rows of it); `named`,
    joined to the players' names `n`; `players`, a condition on t.name_id too."""
    joined = f" {_NAMES.format('t')}" if named else ""
    more = [players] if players else []
    if within is None:
        return f"player_totals t{joined}{where(more)}"
    if within.needs_deals:
        return f"{texted('player_days')} t{joined}{where([*within.on_runs('t'), *more])}"
    return f"player_totals t{joined}{where([*within.on_totals('t'), *more])}"


def create_view(by: str | None, dialect: str, *, unknown: bool = True,
                numbered: bool = True) -> str:
    """A view's CREATE VIEW, as stats_select's arguments make it."""
    return (f"CREATE VIEW {GROUPINGS[by]} AS\n"
            f"{stats_select(by, dialect, unknown=unknown, numbered=numbered)}")


def described_view(by: str | None) -> Table:
    """A view's columns with their types, for reading it (as view_columns.hands describes `hands`):
    counts are integers, the percentages and ratios doubles, the net and all-in adjusted net
    amounts."""
    def typed(name: str) -> Column[Any]:
        if name in ("net", "allin_adjusted_net"):
            return Column(name, Numeric)
        if name == "hands" or name.startswith(("n_", "hands_")):
            return Column(name, BigInteger)
        return Column(name, Double)

    keys = [Column("player", String), Column("currency", String),
            *([Column(by, String)] if by else [])]
    return Table(GROUPINGS[by], MetaData(), *keys, *(typed(name) for name in FIGURE_NAMES))


# The tables of seats summed that an import keeps, each with its key.
KEPT: Final = {table.name: tuple(column.name for column in table.primary_key.columns)
               for table in (player_totals, player_days)}
TOTAL_COLUMNS: Final = tuple(column.name for column in player_totals.c)
TOTAL_SUMS: Final = TOTAL_COLUMNS[len(KEPT["player_totals"]):]  # after the key, in its order
# player_days' (revision 0033: its big blind its summary_keys row's).
DAY_SUMS: Final = tuple(column.name for column in player_days.c)[len(KEPT["player_days"]):]
# A deal's (`d`) date as date.toordinal() (NULL for none).
DAY_SQL: Final = {"sqlite": "CAST(julianday(d.date) - 1721424.5 AS INTEGER)",
                  "postgresql": "d.date - DATE '0001-01-01' + 1"}


def _key_sql(key: str, dialect: str, numbered: bool) -> str:
    """A key of player_totals or player_days as the seats `s` and their deals `d` give it
    (the venue by its number in venue_names: `numbered`, since revision 0029)."""
    if key == "day":  # date.toordinal(), 0 for none
        return f"COALESCE({DAY_SQL[dialect]}, 0)"
    if key == "site":
        venue = "(SELECT v.name FROM venue_names v WHERE v.id = d.venue_id)" if numbered \
            else "d.venue"
        return f"COALESCE(d.site, {venue}, '')"
    return "d.dataset_id" if key == "dataset_id" else _SEAT_KEYS[key]


def totals_of_seats(conditions: list[str] | None = None, *, unknown: bool = True,
                    seats: str | None = None, table: str = "player_totals",
                    dialect: str = "sqlite", numbered: bool = True) -> str:
    """The rows of `table` (player_totals, or player_days on `dialect`) summed from the seats
    `s` and their deals `d` (where `conditions`); the net over the seats whose net is known,
    the others counted apart (without `unknown`: revision 0017's rows, before there were such
    seats). The seats are seat_stats' rows as packed_counts.seat_stats_select reads them
    (within an import, its own), or the table `seats` names (a revision's, before the flags
    were packed, when deals held their venues' text). Each player by the number of its name,
    or, not `numbered`, by its name (before revision 0031)."""
    sums = ", ".join(f"SUM(s.{name}) AS {name}" for name in TRACKER_COUNTS)
    kept = _kept(table, numbered)
    keys = [_key_sql(key, dialect, seats is None) for key in kept]
    named = ", ".join(f"{sql} AS {key}" for sql, key in zip(keys, kept, strict=True))
    return (f"SELECT {named}, COUNT(*) AS hands, "
            f"{sums}, COALESCE(SUM(s.net), 0) AS net, MAX(s.big_blind) AS big_blind"
            f"{f', COUNT(*) - COUNT(s.net) AS {_UNKNOWN}' if unknown else ''}\n"
            f"FROM {seats or f'({seat_stats_select()})'} s JOIN deals d ON d.id = s.deal_id\n"
            f"{where(['s.name IS NOT NULL', *(conditions or [])])}\n"
            f"GROUP BY {', '.join(keys)}")


# player_days' key with its texts (before revision 0033, and as summary_keys.texted shows it).
DAY_TEXTS: Final = ("name_id", "day", "site", "currency", "position", "stakes", "dataset_id")


def _kept(table: str, numbered: bool) -> tuple[str, ...]:
    """The key of `table` (KEPT) with its texts, the player by its name where not
    `numbered`."""
    key = DAY_TEXTS if table == "player_days" else KEPT[table]
    return key if numbered else ("name", *key[1:])


def add_totals(connection: Connection, first_deal: int, last_deal: int, *, seats: str,
               unknown: bool = True, table: str = "player_totals",
               numbered: bool = True) -> None:
    """Add the stored seats of deals first_deal..last_deal to `table`, player_totals or
    player_days, as a revision fills it (without `unknown`: revision 0017's player_totals,
    which has no hands_result_unknown; `seats` and `numbered` as totals_of_seats takes). An
    import sums its seats where it lays their rows out instead (storage.player_sums)."""
    columns = [*_kept(table, numbered),
               *(name for name in TOTAL_SUMS if unknown or name != _UNKNOWN)]
    summed = totals_of_seats(["s.deal_id BETWEEN :first AND :last"], unknown=unknown,
                             seats=seats, table=table, dialect=connection.dialect.name,
                             numbered=numbered)
    connection.execute(text(
        f"INSERT INTO {table} ({', '.join(columns)})\n"
        f"SELECT {', '.join(columns)} FROM (\n"
        f"{summed}) seats_summed WHERE true{totals_added(table, columns, numbered)}"),
        {"first": first_deal, "last": last_deal})


def totals_added(table: str, columns: Sequence[str], numbered: bool = True) -> str:
    """The ON CONFLICT clause of an INSERT of rows of `table` (player_totals or player_days;
    `columns`, its key's first) that adds their sums to the rows there (the big blind is the
    stakes', the same); not `numbered`, of a table of the players' names (before revision
    0031), and player_days' texts (before 0033)."""
    key = KEPT[table] if numbered else _kept(table, numbered)
    added = ", ".join(f"{name} = {table}.{name} + excluded.{name}"
                      for name in columns[len(key):] if name != "big_blind")
    return f"\nON CONFLICT ({', '.join(key)}) DO UPDATE SET {added}"


_NO_KEY: Final = ", ''"  # the key of rows without one (`by` None)
# The parts of sums_select's rows, each row's first column.
SUMS_PART, ALLIN_PART, EQUITIES_PART = 0, 1, 2


def sums_select(by: str | None, within: HandFilter | None = None, *, allin: bool = True,
                bound: bool = False) -> str:
    """The exact sums `pokerdb players` computes its figures from, under `within`, as one SELECT
    (one statement: on PostgreSQL one round trip, its own snapshot), each row first saying its
    part: SUMS_PART, player_totals' sums per big blind (name, currency, `by`'s key or '',
    big_blind, hands, the TRACKER_COUNTS, the hands of unknown result, net: integers);
    ALLIN_PART, the all-in seats' (name, currency, key, NULL in every column of sums, then
    allin_delta in the net's place). The parts come in no set order. `bound`: the `by` bound to
    :by instead ('position', 'stakes', or '' for none), one statement for every `by`.

    Without `allin`, the all-in seats are not read (the join of three tables that PostgreSQL
    plans in most of the statement's time) and the rows of sums say EQUITIES_PART instead where
    the database holds equities, whose all-in seats then want the whole SELECT (a part of its
    own saying so, a UNION of a row of NULLs, took PostgreSQL longer to plan than the sums)."""
    key = _bound_key("t.position", "t.stakes") if bound else f"t.{by}" if by else None
    keys = ["n.name", "t.currency", *([key] if key else [])]
    shown = ", ".join(keys) + ("" if key else _NO_KEY)
    group = ", ".join(keys)
    summed = ("hands", *TRACKER_COUNTS, _UNKNOWN)
    # As BIGINT: PostgreSQL sums BIGINT as NUMERIC, which the driver reads as Decimal, three
    # times slower than an integer.
    sums = ", ".join(f"CAST(SUM(t.{name}) AS BIGINT)" for name in (*summed, "net"))
    part = (str(SUMS_PART) if allin else f"CASE WHEN EXISTS (SELECT 1 FROM hand_equities) "
            f"THEN {EQUITIES_PART} ELSE {SUMS_PART} END")
    totals = (f"SELECT {part} AS part, {shown}, t.big_blind, {sums}\n"
              f"FROM {_totals_from(within, named=True)}\nGROUP BY {group}, t.big_blind")
    if not allin:
        return totals
    no_sums = ", ".join(["NULL"] * (1 + len(summed)))  # big_blind and the sums but the net
    seat_key = (_bound_key(_SEAT_KEYS["position"], _SEAT_KEYS["stakes"]) if bound
                else _SEAT_KEYS[by] if by else None)
    return (f"{totals}\nUNION ALL\n"
            f"{_allin_deltas(seat_key, within, f'{ALLIN_PART}, ', no_sums + ', ')}")


def _bound_key(position: str, stakes: str) -> str:
    """The key of the `by` bound to :by ('position', 'stakes' or '' for none), whose values
    are `position` and `stakes`."""
    return f"CASE :by WHEN 'position' THEN {position} WHEN 'stakes' THEN {stakes} ELSE '' END"


def big_blinds_select(within: HandFilter | None = None) -> str:
    """The big blinds of the rows `everyone_select` sums (SUMS_PART, big_blind: NULL for the
    rows without one), and one row of EQUITIES_PART where the database holds equities."""
    return (f"SELECT DISTINCT {SUMS_PART} AS part, t.big_blind FROM {_totals_from(within)}\n"
            f"UNION ALL\nSELECT {EQUITIES_PART}, NULL "
            f"WHERE EXISTS (SELECT 1 FROM hand_equities)")


def everyone_select(by: str | None, counts: tuple[str, ...], dialect: str,
                    within: HandFilter | None = None, order: str | None = None,
                    players: str | None = None) -> str:
    """The exact sums of each player, money and `by`'s key (or '') under `within`, a row each
    in key order (of `order`, a figure's sum, largest first, then of the key): name, currency,
    key, hands, the hands of unknown result, `counts`, net, then the hands with a big blind
    and a known result and their net in big blinds as whole big blinds (each row's, rounded
    towards zero) and a rest over :denominator, a common multiple of every big blind summed
    (integers: no row's rest times its share of :denominator exceeds it, so no sum of them
    overflows), then :denominator and a 0 (for the all-in seats' delta: a row as `pokerdb
    players` writes it, where no seat's equity is known).

    player_totals is read in its key's order (the player's number, currency, position,
    stakes), so grouping without the big blind and without stakes streams: no sort of its
    rows; each group's name is read once, and the groups sorted (by name, or `order`). Rows of
    fewer than :min_hands hands are left out; `players`: those of t.name_id it says alone."""
    keys = ["name_id", "currency", *([by] if by else [])]
    group = ", ".join(f"t.{key}" for key in keys)
    known = f"t.hands - t.{_UNKNOWN}"
    denominator = "CAST(:denominator AS BIGINT)"
    server = dialect == "postgresql"
    # Divided as integers on PostgreSQL too, whatever sums the rows are (NUMERIC, seats summed).
    net = "CAST(t.net AS BIGINT)" if server else "t.net"
    summed = ("hands", _UNKNOWN, *counts, "net")
    sums = ", ".join(f"CAST(SUM({sql}) AS BIGINT) AS s{at}" for at, sql in enumerate((
        *(f"t.{name}" for name in summed),
        f"CASE WHEN t.big_blind IS NOT NULL THEN {known} ELSE 0 END",
        f"{net} / t.big_blind", f"{net} % t.big_blind * ({denominator} / t.big_blind)")))
    collate = ' COLLATE "C"' if server else ""
    shown = ["n.name", *(f"f.{key}" for key in keys[1:])]
    ordered = ", ".join(f"{key}{collate}" for key in shown)
    if order == "currency":
        ordered = ", ".join(f"{key}{collate}" for key in (shown[1], shown[0], *shown[2:]))
    elif order not in (None, "name"):
        ordered = f"f.s{summed.index(order)} DESC, {ordered}"
    return (f"SELECT {', '.join(shown)}{'' if by else _NO_KEY}, "
            f"{', '.join(f'f.s{at}' for at in range(len(summed) + 3))}, {denominator}, 0"
            f"\nFROM (\n"
            f"  SELECT {group}, {sums}\n  FROM {_totals_from(within, players=players)}\n"
            f"  GROUP BY {group}\n"
            f"  HAVING SUM(t.hands) >= :min_hands) f\n{_NAMES.format('f')}\nORDER BY {ordered}")


def allin_deltas_select(by: str | None, within: HandFilter | None = None) -> str:
    """Each player's, money's and `by`'s key's (or '') all-in adjusted net less its net."""
    return _allin_deltas(_SEAT_KEYS[by] if by else None, within)


def _allin_deltas(key: str | None, within: HandFilter | None, part: str = "",
                  sums: str = "") -> str:
    """The all-in seats' (name, currency, `key`, the SQL of a key of the seats `s` and their
    deals `d`, or '', then `sums`, then the all-in adjusted net less the net), after `part`:
    one pass over the seats all in before the river (a partial index holds them) whose equity
    is known."""
    seat_keys = ", ".join([_SEAT_KEYS["name"], _SEAT_KEYS["currency"], *([key] if key else [])])
    conditions = ["s.allin = 1", "s.name IS NOT NULL",
                  *(within.on_seats("s", "d") if within else [])]
    return (f"SELECT {part}{seat_keys}{'' if key else _NO_KEY}, {sums}"
            f"SUM(e.allin_net - s.net)\n"
            f"FROM seat_stats s JOIN hand_equities e ON e.deal_id = s.deal_id "
            f"AND e.player = s.player JOIN deals d ON d.id = s.deal_id\n"
            f"{where(conditions)}\nGROUP BY {seat_keys}")
