"""The tracker statistics of every player, as SQL: the views player_stats (per player name),
player_position_stats (per name and position) and player_stakes_stats (per name and stakes)
that revision 0013 creates, the same query for one dataset (`pokerdb players --dataset`), and
the upkeep of player_totals, the per-seat counts of seat_stats summed per dataset, player,
position and stakes, on which the views stand.

A view sums the few rows player_totals has for each player, so it does not read every seat
(docs/player-stats.md gives the definitions and the SQL). Only the all-in adjusted net reads
seats: those of the player all in before the river, through a partial index, with their
equity's all-in net once `pokerdb equity` has computed it. Percentages and ratios are NULL
where the player never had the chance (a zero denominator).
"""

from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    Double,
    Engine,
    MetaData,
    String,
    Table,
    func,
    select,
    text,
)

from pokerdb.storage import win_counts
from pokerdb.storage.column_types import Amount
from pokerdb.storage.engines import reading
from pokerdb.storage.reading import engine_reader
from pokerdb.storage.schema import TRACKER_COUNTS, deals, player_totals


def _share(count: str, chances: str, scale: str = "100.0") -> str:
    return f"CAST({scale} * SUM({count}) / NULLIF(SUM({chances}), 0) AS DOUBLE PRECISION)"


# The figures, in the views' order: name and SQL over player_totals `t`.
FIGURES: Final = (
    ("hands", "SUM(t.hands)"),
    ("vpip", _share("t.vpip", "t.preflop_acted")),
    ("pfr", _share("t.pfr", "t.preflop_acted")),
    ("three_bet", _share("t.three_bet", "t.three_bet_chance")),
    ("fold_to_three_bet", _share("t.folded_to_three_bet", "t.faced_three_bet")),
    ("cbet", _share("t.cbet", "t.cbet_chance")),
    ("fold_to_cbet", _share("t.folded_to_cbet", "t.faced_cbet")),
    ("aggression_factor", _share("t.postflop_aggressive", "t.postflop_calls", "1.0")),
    ("aggression_frequency", _share(
        "t.postflop_aggressive", "t.postflop_aggressive + t.postflop_calls + t.postflop_folds")),
    ("went_to_showdown", _share("t.went_to_showdown", "t.saw_flop")),
    ("won_at_showdown", _share("t.won_at_showdown", "t.went_to_showdown")),
    ("net", "SUM(t.net)"),
    ("bb_per_100", _share("t.net_bb", "t.hands_with_big_blind")),
    ("allin_adjusted_net", "allin"),  # written by stats_select
    # The counts behind the figures, for a sample's size and for sums over groups.
    ("hands_with_big_blind", "SUM(t.hands_with_big_blind)"),
    *((f"n_{name}", f"SUM(t.{name})") for name in TRACKER_COUNTS),
)
FIGURE_NAMES: Final = tuple(name for name, _ in FIGURES)

# Each view: its name and the column it groups by beside the player's name.
GROUPINGS: Final = {None: "player_stats", "position": "player_position_stats",
                    "stakes": "player_stakes_stats"}


@dataclass(frozen=True)
class OneDataset:
    """One dataset's part of the statistics: its totals, and its deals, one run of ids."""

    dataset_id: int
    first_deal: int
    last_deal: int

    @property
    def totals_where(self) -> str:
        return f"t.dataset_id = {self.dataset_id}"

    @property
    def seats_where(self) -> str:
        return f"s.deal_id BETWEEN {self.first_deal} AND {self.last_deal}"


def one_dataset(engine: Engine, name: str) -> OneDataset:
    """The dataset named `name` (PokerdbError if there is none)."""
    with engine_reader(engine) as fetch:
        dataset_id = int(win_counts.find_dataset(fetch, name) or 0)
    with reading(engine) as connection:
        first, last = connection.execute(select(func.min(deals.c.id), func.max(deals.c.id))
                                         .where(deals.c.dataset_id == dataset_id)).one()
    return OneDataset(dataset_id, first or 0, last if last is not None else -1)


def stats_select(by: str | None = None, within: OneDataset | None = None) -> str:
    """The SELECT of a view (`by`: None, "position" or "stakes"), or of one dataset's part.

    The all-in adjusted net is the net plus, for the group's seats all in before the river
    whose equity is known, their all-in net less their net: one pass over the all-in seats
    (a partial index holds them), grouped as the view is and joined to its rows."""
    keys = ["name", *([by] if by else [])]
    group = ", ".join(f"t.{key}" for key in keys)
    columns = ",\n       ".join(f"{sql} AS {name}" for name, sql in FIGURES if sql != "allin")
    outer = ",\n       ".join(
        "f.net + COALESCE(a.allin_delta, 0) AS allin_adjusted_net" if sql == "allin"
        else f"f.{name}" for name, sql in FIGURES)
    seat_key = {"name": "s.name", "position": "s.position",
                "stakes": "COALESCE(s.stakes, '')"}
    seat_group = ", ".join(f"{seat_key[key]}" for key in keys)
    on = " AND ".join(f"a.{key} = f.{key}" for key in keys)
    shown_key = ("NULLIF(f.stakes, '') AS stakes" if by == "stakes" else f"f.{by}") if by else ""
    where = f"\n  WHERE {within.totals_where}" if within else ""
    seats_condition = f" AND {within.seats_where}" if within else ""
    return (
        f"SELECT f.name AS player{f', {shown_key}' if by else ''},\n       {outer}\n"
        f"FROM (\n  SELECT {group},\n       {columns}\n  FROM player_totals t{where}\n"
        f"  GROUP BY {group}) f\n"
        f"LEFT JOIN (\n  SELECT {', '.join(f'{seat_key[key]} AS {key}' for key in keys)}, "
        f"SUM(e.allin_net - s.net) AS allin_delta\n"
        f"  FROM seat_stats s JOIN hand_equities e ON e.deal_id = s.deal_id "
        f"AND e.player = s.player\n"
        f"  WHERE s.allin = 1 AND s.name IS NOT NULL{seats_condition}\n"
        f"  GROUP BY {seat_group}) a ON {on}")


def create_view(by: str | None) -> str:
    return f"CREATE VIEW {GROUPINGS[by]} AS\n{stats_select(by)}"


def described_view(by: str | None) -> Table:
    """A view's columns with their types, for reading it (as view_columns.hands describes `hands`):
    counts are integers, the percentages, ratios and the all-in adjusted net doubles, the net
    an amount."""
    def typed(name: str) -> Column[Any]:
        if name == "net":
            return Column(name, Amount)
        if name == "hands" or name.startswith(("n_", "hands_")):
            return Column(name, BigInteger)
        return Column(name, Double)

    keys = [Column("player", String), *([Column(by, String)] if by else [])]
    return Table(GROUPINGS[by], MetaData(), *keys, *(typed(name) for name in FIGURE_NAMES))


TOTAL_COLUMNS: Final = tuple(column.name for column in player_totals.c)


def totals_of_seats(where: str = "") -> str:
    """player_totals' rows summed from seat_stats `s` (restricted by `where`)."""
    sums = ", ".join(f"SUM(s.{name})" for name in TRACKER_COUNTS)
    condition = "s.name IS NOT NULL" + (f" AND {where}" if where else "")
    return (f"SELECT s.name, s.position, COALESCE(s.stakes, ''), d.dataset_id, COUNT(*), "
            f"{sums}, SUM(s.net), COALESCE(SUM(1.0 * s.net / s.big_blind), 0), "
            f"COUNT(s.big_blind)\nFROM seat_stats s JOIN deals d ON d.id = s.deal_id\n"
            f"WHERE {condition}\n"
            f"GROUP BY s.name, s.position, COALESCE(s.stakes, ''), d.dataset_id")


def add_totals(connection: Connection, first_deal: int, last_deal: int) -> None:
    """Add the seats of deals first_deal..last_deal, stored in seat_stats, to player_totals."""
    added = ", ".join(f"{name} = player_totals.{name} + excluded.{name}"
                      for name in TOTAL_COLUMNS[4:])
    connection.execute(text(
        f"INSERT INTO player_totals ({', '.join(TOTAL_COLUMNS)})\n"
        f"{totals_of_seats('s.deal_id BETWEEN :first AND :last')}\n"
        f"ON CONFLICT (name, position, stakes, dataset_id) DO UPDATE SET {added}"),
        {"first": first_deal, "last": last_deal})
