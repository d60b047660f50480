"""What pokerdb's views read and show, on top of the tables of storage.schema: the category a
hand's strength packs (category_of, category_id), the views' names (VIEW_NAMES; the
migrations create them), and the `hands` view described for queries."""

from typing import Any

from sqlalchemy import (
    Column,
    ColumnElement,
    Double,
    FromClause,
    Integer,
    MetaData,
    Select,
    SmallInteger,
    String,
    Table,
    and_,
    case,
    func,
    literal_column,
)

from pokerdb.rules.money import AMOUNT_SCALE
from pokerdb.storage.column_types import Amount, DealId, ShownAmount
from pokerdb.storage.schema import SEAT_LEFT_OUT, deals, hand_descriptions, seats, variants


# Strength packs the category and k1..k5 four bits each (evaluator.pack_strength): the `hands`
# view reads them out of it (category_of), so they cannot disagree with it, and evaluate writes
# one value per hand instead of seven. Stored generated columns took a fifth of PostgreSQL's
# time to append a hand value (revision 0010).
def category_of(strength: ColumnElement[Any]) -> ColumnElement[Any]:
    """The category a strength packs (0 High Card .. 9 Royal Flush), as the views read it:
    above its five 4-bit tie-break ranks (evaluator.pack_strength)."""
    return strength.op(">>")(literal_column("20"))  # not a parameter: GROUP BY repeats it


def category_id(statement: Select[Any], values: FromClause
                ) -> tuple[Select[Any], ColumnElement[Any]]:
    """`statement`, which selects from `deals` and the hand values `values` (hand_values or an
    alias), joined to what tells each hand's category by its kind, and that category's
    categories.id: read out of a high strength (0-9), or the description's category for the
    other kinds (razz, deuce-to-seven, badugi, short-deck)."""
    variant = variants.alias()
    described = hand_descriptions.alias()
    naming = func.coalesce(variant.c.high_naming, 0)
    statement = statement.outerjoin(variant, variant.c.code == deals.c.variant).outerjoin(
        described, and_(naming != 0, described.c.strength
                        == naming * literal_column(str(1 << 24)) + values.c.strength))
    return statement, case((naming == 0, category_of(values.c.strength)),
                           else_=described.c.category)


def amount_sql(stored: str, dialect: str) -> str:
    """SQL for the amount that `stored`, a count of ten-thousandths (or a sum of them), stands
    for, divided once: exact on PostgreSQL (numeric, without trailing zeros); on SQLite, which
    has no decimals, an integer where the amount is whole, else the nearest double (1.5 for
    15000: 15 significant digits print as written)."""
    if dialect == "postgresql":
        return f"trim_scale(({stored}) * 0.0001)"
    return (f"(CASE WHEN ({stored}) % {AMOUNT_SCALE} = 0 THEN ({stored}) / {AMOUNT_SCALE} "
            f"ELSE ({stored}) / {AMOUNT_SCALE}.0 END)")


VIEW_NAMES = ("deal_results", "hands", "player_stats", "player_position_stats",
              "player_stakes_stats", "tournament_hands", "player_tournaments",
              "player_buy_in_tournaments", "actions", "seat_stats")

# The `hands` view, described for queries; the migrations create it.
hands = Table(
    "hands",
    MetaData(),
    Column("deal_id", DealId),
    Column("player", SmallInteger),
    Column("cards", String(20)),
    Column("category", SmallInteger),
    Column("k1", SmallInteger),
    Column("k2", SmallInteger),
    Column("k3", SmallInteger),
    Column("k4", SmallInteger),
    Column("k5", SmallInteger),
    Column("strength", Integer),
    Column("description", String(80)),
    Column("label", SmallInteger),
    Column("best", String(14)),
    Column("category_name", String(20)),
    Column("low_strength", Integer),
    Column("low_category", SmallInteger),
    Column("low_category_name", String(20)),
    Column("low_description", String(80)),
    Column("low_best", String(14)),
    Column("equity", Double),
    Column("allin_equity", Double),
    Column("allin_net", ShownAmount),
    # The seat's columns (its name's text where seats has its number, revision 0027).
    *(Column("name", String) if column.name == "name_id" else
      Column(column.name, ShownAmount if isinstance(column.type, Amount) else column.type)
      for column in seats.columns
      if column.name not in ("deal_id", "player", *SEAT_LEFT_OUT)),  # seat_stats shows counts
    Column("currency", String),
)
