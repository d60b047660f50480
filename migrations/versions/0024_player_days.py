"""player_days: player_totals by day and site too, kept by import beside it, so that `pokerdb
players` and a player's page under dates or a site sum these rows instead of every seat
(storage.player_stats). Filled here from the stored seats, by ranges of deal ids as an import
adds them.

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.storage.packed_counts import seat_stats_select
from pokerdb.storage.player_stats import add_totals
from pokerdb.storage.schema import TRACKER_COUNTS

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FILL_DEALS = 100_000  # deal ids a statement of the fill spans


def upgrade() -> None:
    op.create_table(
        "player_days",
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("site", sa.String(), nullable=False),
        sa.Column("currency", sa.String(), nullable=False),
        sa.Column("position", sa.String(6), nullable=False),
        sa.Column("stakes", sa.String(), nullable=False),
        sa.Column("dataset_id", sa.Integer(), nullable=False),
        sa.Column("hands", sa.BigInteger(), nullable=False),
        *(sa.Column(name, sa.BigInteger(), nullable=False) for name in TRACKER_COUNTS),
        sa.Column("net", sa.BigInteger(), nullable=False),
        sa.Column("big_blind", sa.BigInteger()),
        sa.Column("hands_result_unknown", sa.BigInteger(), nullable=False, server_default="0"),
        sa.ForeignKeyConstraint(["dataset_id"], ["datasets.id"],
                                name="fk_player_days_dataset_id_datasets", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("name", "day", "site", "currency", "position", "stakes",
                                "dataset_id", name="pk_player_days"),
        sqlite_with_rowid=False,
    )
    connection = op.get_bind()
    first, last = connection.execute(sa.text("SELECT MIN(id), MAX(id) FROM deals")).one()
    if first is None:
        return
    for start in range(int(first), int(last) + 1, FILL_DEALS):
        add_totals(connection, start, min(start + FILL_DEALS - 1, int(last)),
                   seats=f"({seat_stats_select('seat_counts')})", table="player_days",
                   numbered=False)


def downgrade() -> None:
    op.drop_table("player_days")
