"""The tracker statistics of every player over the seat_stats table, as SQL: the views
player_stats (per player name), player_position_stats (per name and position) and
player_stakes_stats (per name and stakes) that revision 0013 creates, and the same query for
one dataset's hands (`pokerdb players --dataset`).

Each figure is one aggregate over seat_stats alone, so a view is one scan of one table
(docs/player-stats.md gives the definitions and the SQL). Percentages and ratios are NULL
where the player never had the chance (a zero denominator).
"""

from typing import Final

from sqlalchemy import BigInteger, Column, Double, MetaData, String, Table

from pokerdb.storage.schema import TRACKER_COUNTS, Amount


def _share(count: str, chances: str, scale: str = "100.0") -> str:
    return f"CAST({scale} * SUM({count}) / NULLIF(SUM({chances}), 0) AS DOUBLE PRECISION)"


# seat_stats joined to no other table but, for the few seats all in before the river, their
# equity's all-in net (hands.allin_net) once `pokerdb equity` has computed it.
_ALLIN_NET: Final = ("SUM(CASE WHEN s.allin = 1 THEN COALESCE((SELECT e.allin_net FROM "
                     "hand_equities e WHERE e.deal_id = s.deal_id AND e.player = s.player), "
                     "s.net) ELSE s.net END)")

# The figures, in the views' order: name and SQL over seat_stats `s`.
FIGURES: Final = (
    ("hands", "COUNT(*)"),
    ("vpip", _share("s.vpip", "s.preflop_acted")),
    ("pfr", _share("s.pfr", "s.preflop_acted")),
    ("three_bet", _share("s.three_bet", "s.three_bet_chance")),
    ("fold_to_three_bet", _share("s.folded_to_three_bet", "s.faced_three_bet")),
    ("cbet", _share("s.cbet", "s.cbet_chance")),
    ("fold_to_cbet", _share("s.folded_to_cbet", "s.faced_cbet")),
    ("aggression_factor", _share("s.postflop_aggressive", "s.postflop_calls", "1.0")),
    ("aggression_frequency", _share(
        "s.postflop_aggressive", "s.postflop_aggressive + s.postflop_calls + s.postflop_folds")),
    ("went_to_showdown", _share("s.went_to_showdown", "s.saw_flop")),
    ("won_at_showdown", _share("s.won_at_showdown", "s.went_to_showdown")),
    ("net", "SUM(s.net)"),
    ("bb_per_100", "CAST(100.0 * SUM(1.0 * s.net / s.big_blind) / NULLIF(COUNT(s.big_blind), 0)"
                   " AS DOUBLE PRECISION)"),
    ("allin_adjusted_net", _ALLIN_NET),
    # The counts behind the figures, for a sample's size and for sums over groups.
    ("hands_with_big_blind", "COUNT(s.big_blind)"),
    *((f"n_{name}", f"SUM(s.{name})") for name in TRACKER_COUNTS),
)
FIGURE_NAMES: Final = tuple(name for name, _ in FIGURES)

# Each view: its name and the seat_stats column it groups by beside the player's name.
GROUPINGS: Final = {None: "player_stats", "position": "player_position_stats",
                    "stakes": "player_stakes_stats"}


def stats_select(by: str | None = None, where: str = "") -> str:
    """The SELECT of a view (`by`: None, "position" or "stakes"), with `where` (SQL over `s`,
    e.g. a range of deal ids) added to its WHERE."""
    group = "s.name" + (f", s.{by}" if by else "")
    columns = ",\n       ".join(f"{sql} AS {name}" for name, sql in FIGURES)
    key = "s.name AS player" + (f",\n       s.{by}" if by else "")
    condition = "s.name IS NOT NULL" + (f" AND {where}" if where else "")
    return (f"SELECT {key},\n       {columns}\nFROM seat_stats s\nWHERE {condition}\n"
            f"GROUP BY {group}")


def create_view(by: str | None) -> str:
    return f"CREATE VIEW {GROUPINGS[by]} AS\n{stats_select(by)}"


def described_view(by: str | None) -> Table:
    """A view's columns with their types, for reading it (as schema.hands describes `hands`):
    counts are integers, the percentages, ratios and the all-in adjusted net doubles, the net
    an amount."""
    def typed(name: str) -> Column[object]:
        if name == "net":
            return Column(name, Amount)
        if name == "hands" or name.startswith(("n_", "hands_")):
            return Column(name, BigInteger)
        return Column(name, Double)

    keys = [Column("player", String), *([Column(by, String)] if by else [])]
    return Table(GROUPINGS[by], MetaData(), *keys, *(typed(name) for name in FIGURE_NAMES))
