"""A recorded hand in fewer, narrower rows (a HandHQ-shaped hand took 1,305 bytes of SQLite).

A hand's actions are one row of hand_actions, its actions one JSON array (each the action's
text, or [player, text] where the text does not tell its player the plain way:
storage.packed_actions), and `actions` a view with the columns the table had (deal_id, seq,
player, action), unpacking them.

A seat's tracker counts are a row of seat_counts, the flags among them one integer's bits
(storage.packed_counts), and `seat_stats` a view with the columns the table had; the partial
index of the all-in seats is seat_counts'. The player_stats views are made again over it.

The upgrade packs every hand's rows in SQL (on PostgreSQL, into each dataset's own partition of
the new tables); the downgrade unpacks them back into the tables.

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-06
"""

from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.storage.column_types import DealId
from pokerdb.storage.packed_actions import actions_view_sql, packing_select
from pokerdb.storage.packed_counts import seat_stats_view_sql
from pokerdb.storage.partitions import is_partitioned, refill
from pokerdb.storage.player_stats import GROUPINGS, create_view

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_UNPACKED = "actions_unpacked"  # the view's rows, held while the table is made again
_UNPACKED_SEATS = "seat_stats_unpacked"
COUNTS = ("preflop_acted", "vpip", "pfr", "three_bet_chance", "three_bet", "faced_three_bet",
          "folded_to_three_bet", "saw_flop", "cbet_chance", "cbet", "faced_cbet",
          "folded_to_cbet", "postflop_aggressive", "postflop_calls", "postflop_folds",
          "went_to_showdown", "won_at_showdown", "allin")
SEAT_STATS_COLUMNS = ("deal_id", "player", "name", "position", "stakes", "big_blind", "net",
                      *COUNTS)
POSTFLOP = ("postflop_aggressive", "postflop_calls", "postflop_folds")
FLAGS = tuple(name for name in COUNTS if name not in (*POSTFLOP, "allin"))
COUNT_COLUMNS = ("deal_id", "player", "name", "position", "stakes", "big_blind", "net", "flags",
                 *POSTFLOP, "allin")  # seat_counts'
ALLIN_WHERE = sa.text("allin = 1")


def upgrade() -> None:
    bind = op.get_bind()
    dialect = bind.dialect.name
    op.create_table(
        "hand_actions",
        sa.Column("deal_id", DealId, autoincrement=False, nullable=False),
        sa.Column("actions", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["deal_id"], ["deals.id"],
                                name="fk_hand_actions_deal_id_deals", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", name="pk_hand_actions"),
        **_partitioned(bind),
    )
    _fill(bind, "hand_actions", ("deal_id", "actions"),
          lambda where: packing_select("actions", dialect, where))
    op.drop_table("actions")
    op.execute(actions_view_sql(dialect))
    _pack_counts(bind)


def downgrade() -> None:
    bind = op.get_bind()
    _unpack_counts(bind)
    op.execute(f"CREATE TABLE {_UNPACKED} AS SELECT deal_id, seq, player, action FROM actions")
    op.execute("DROP VIEW actions")
    op.create_table(
        "actions",
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=True),
        sa.Column("action", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["deal_id"], ["deals.id"], name="fk_actions_deal_id_deals",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "seq", name="pk_actions"),
        sqlite_with_rowid=False,
        **_partitioned(bind),
    )
    columns = ("deal_id", "seq", "player", "action")
    _fill(bind, "actions", columns,
          lambda where: f"SELECT {', '.join(columns)} FROM {_UNPACKED} {where}")
    op.drop_table(_UNPACKED)
    op.drop_table("hand_actions")


def _fill(bind: sa.Connection, table: str, columns: Sequence[str],
          rows: Callable[[str], str]) -> None:
    """The new table's rows, the SELECT of its `columns` that `rows(where)` makes, `where` a
    condition on deal ids: on PostgreSQL each dataset's into a partition of its own."""
    if is_partitioned(bind):
        refill(bind, table, lambda first, last: rows(
            f"WHERE deal_id BETWEEN {first} AND {last}"))
    else:
        op.execute(f"INSERT INTO {table} ({', '.join(columns)}) {rows('')}")


def _partitioned(bind: sa.Connection) -> dict[str, str]:
    """A deal table's partitioning on PostgreSQL (revision 0016 on)."""
    return ({"postgresql_partition_by": "RANGE (deal_id)"}
            if bind.dialect.name == "postgresql" else {})


def _pack_counts(bind: sa.Connection) -> None:
    """seat_stats' rows into seat_counts, their flags packed; seat_stats a view of it."""
    for name in GROUPINGS.values():
        op.execute(f"DROP VIEW {name}")
    _seat_table("seat_counts", bind, packed=True)
    _fill(bind, "seat_counts", COUNT_COLUMNS, lambda where: _packing_select(where))
    op.drop_table("seat_stats")
    op.execute(seat_stats_view_sql("seat_counts"))
    for by in GROUPINGS:
        op.execute(create_view(by, bind.dialect.name, numbered=False))


def _packing_select(where: str) -> str:
    """SELECT of seat_counts' columns from the rows of the table seat_stats (`where` their
    condition), each flag its bit of `flags`."""
    flags = " + ".join(f"{name} * {1 << bit}" for bit, name in enumerate(FLAGS))
    columns = [flags if name == "flags" else name for name in COUNT_COLUMNS]
    return f"SELECT {', '.join(columns)} FROM seat_stats {where}"


def _unpack_counts(bind: sa.Connection) -> None:
    """The view seat_stats' rows into the table seat_stats, as revision 0021 has it."""
    op.execute(f"CREATE TABLE {_UNPACKED_SEATS} AS SELECT * FROM seat_stats")
    for name in (*GROUPINGS.values(), "seat_stats"):
        op.execute(f"DROP VIEW {name}")
    _seat_table("seat_stats", bind, packed=False)
    _fill(bind, "seat_stats", SEAT_STATS_COLUMNS,
          lambda where: f"SELECT {', '.join(SEAT_STATS_COLUMNS)} FROM {_UNPACKED_SEATS} {where}")
    op.drop_table(_UNPACKED_SEATS)
    op.drop_table("seat_counts")
    for by in GROUPINGS:
        op.execute(create_view(by, bind.dialect.name, numbered=False))


def _seat_table(name: str, bind: sa.Connection, *, packed: bool) -> None:
    """seat_counts (`packed`), or seat_stats as revision 0021 has it, with its partial index of
    the all-in seats."""
    counts = [sa.Column("flags", sa.Integer(), nullable=False),
              *(sa.Column(count, sa.SmallInteger(), nullable=False)
                for count in (*POSTFLOP, "allin"))] if packed else [
        sa.Column(count, sa.SmallInteger(), nullable=False) for count in COUNTS]
    op.create_table(
        name,
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=False),
        sa.Column("name", sa.String(), nullable=True),
        sa.Column("position", sa.String(length=6), nullable=False),
        sa.Column("stakes", sa.String(), nullable=True),
        sa.Column("big_blind", sa.BigInteger(), nullable=True),
        sa.Column("net", sa.BigInteger(), nullable=True),
        *counts,
        sa.ForeignKeyConstraint(["deal_id", "player"],
                                ["hand_cards.deal_id", "hand_cards.player"],
                                name=f"fk_{name}_deal_id_hand_cards", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "player", name=f"pk_{name}"),
        sqlite_with_rowid=False,
        **_partitioned(bind),
    )
    op.create_index(f"ix_{name}_allin", name, ["name", "position", "stakes", "net", "allin"],
                    sqlite_where=ALLIN_WHERE, postgresql_where=ALLIN_WHERE)
