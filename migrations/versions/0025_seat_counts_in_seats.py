"""A seat's tracker counts in its row of seats, the stakes in the hand's row of deals (issue 37: a
HandHQ-shaped hand's seat_counts took 308 bytes of SQLite, repeating per seat the name,
position and net seats holds, and the stakes and big blind, one value a hand).

seats gains seat_counts' `flags` (schema.SEAT_FLAGS' bits) and its counts (postflop_aggressive,
postflop_calls, postflop_folds, allin), and `tracker_position`, seat_counts' position where
seats.position does not say it (a hand of PHH or without a button); deals gains `stakes` and
`big_blind`. The table seat_counts goes, its partial index of the all-in seats is seats', and
the view seat_stats keeps its columns, reading seats joined to their deals; the player_stats
views are made again over it. The downgrade makes seat_counts again from seats and deals.
The upgrade rewrites every row of seats and deals: on PostgreSQL each leaves its old version
behind, which VACUUM makes room of (VACUUM FULL gives the space back to the system).

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.storage.column_types import DealId
from pokerdb.storage.packed_counts import seat_stats_view_sql
from pokerdb.storage.partitions import is_partitioned, refill
from pokerdb.storage.player_stats import GROUPINGS, create_view

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COUNTS = ("flags", "postflop_aggressive", "postflop_calls", "postflop_folds", "allin")
STAKES = ("stakes", "big_blind")
SEAT_COUNTS = ("deal_id", "player", "name", "position", *STAKES, "net", *COUNTS)
ALLIN_SEATS = ("name", "position", "tracker_position", "net", "allin")
ALLIN_WHERE = sa.text("allin = 1")


def upgrade() -> None:
    bind = op.get_bind()
    _drop_views()
    op.add_column("seats", sa.Column("tracker_position", sa.String(length=8), nullable=True))
    for name in COUNTS:
        op.add_column("seats", sa.Column(name, sa.Integer() if name == "flags"
                                         else sa.SmallInteger(), nullable=False,
                                         server_default="0"))
    op.add_column("deals", sa.Column("stakes", sa.String(), nullable=True))
    op.add_column("deals", sa.Column("big_blind", sa.BigInteger(), nullable=True))
    copied = ", ".join(f"{name} = c.{name}" for name in COUNTS)
    op.execute(f"UPDATE seats SET {copied}, tracker_position = CASE WHEN seats.position IS NULL "
               f"OR seats.position <> c.position THEN c.position END FROM seat_counts c "
               f"WHERE c.deal_id = seats.deal_id AND c.player = seats.player")
    op.execute("UPDATE deals SET stakes = c.stakes, big_blind = c.big_blind FROM seat_counts c "
               "WHERE c.deal_id = deals.id AND c.player = 1")
    op.drop_index("ix_seat_counts_allin", "seat_counts")
    op.drop_table("seat_counts")
    op.create_index("ix_seats_allin", "seats", list(ALLIN_SEATS),
                    sqlite_where=ALLIN_WHERE, postgresql_where=ALLIN_WHERE)
    _create_views(bind, None)


def downgrade() -> None:
    bind = op.get_bind()
    _drop_views()
    op.create_table(
        "seat_counts",
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=False),
        sa.Column("name", sa.String(), nullable=True),
        sa.Column("position", sa.String(length=6), nullable=False),
        sa.Column("stakes", sa.String(), nullable=True),
        sa.Column("big_blind", sa.BigInteger(), nullable=True),
        sa.Column("net", sa.BigInteger(), nullable=True),
        sa.Column("flags", sa.Integer(), nullable=False),
        *(sa.Column(name, sa.SmallInteger(), nullable=False) for name in COUNTS[1:]),
        sa.ForeignKeyConstraint(["deal_id", "player"],
                                ["hand_cards.deal_id", "hand_cards.player"],
                                name="fk_seat_counts_deal_id_hand_cards", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "player", name="pk_seat_counts"),
        sqlite_with_rowid=False,
        **({"postgresql_partition_by": "RANGE (deal_id)"}
           if bind.dialect.name == "postgresql" else {}),
    )
    columns = ", ".join("COALESCE(s.tracker_position, s.position)" if name == "position"
                        else f"{'d' if name in STAKES else 's'}.{name}" for name in SEAT_COUNTS)
    rows = f"SELECT {columns} FROM seats s JOIN deals d ON d.id = s.deal_id"
    if is_partitioned(bind):
        refill(bind, "seat_counts",
               lambda first, last: f"{rows} WHERE s.deal_id BETWEEN {first} AND {last}")
    else:
        op.execute(f"INSERT INTO seat_counts ({', '.join(SEAT_COUNTS)}) {rows}")
    op.create_index("ix_seat_counts_allin", "seat_counts",
                    ["name", "position", "stakes", "net", "allin"],
                    sqlite_where=ALLIN_WHERE, postgresql_where=ALLIN_WHERE)
    op.drop_index("ix_seats_allin", "seats")
    for table, names in (("seats", ("tracker_position", *COUNTS)), ("deals", STAKES)):
        for name in names:
            op.execute(f"ALTER TABLE {table} DROP COLUMN {name}")
    _create_views(bind, "seat_counts")


def _drop_views() -> None:
    for name in (*GROUPINGS.values(), "seat_stats"):
        op.execute(f"DROP VIEW {name}")


def _create_views(bind: sa.Connection, counts: str | None) -> None:
    """seat_stats (over seat_counts, `counts`, before this revision) and the player_stats
    views over it."""
    op.execute(seat_stats_view_sql(counts, numbered=False, texts=False, packed=False))
    for by in GROUPINGS:
        op.execute(create_view(by, bind.dialect.name, numbered=False))
