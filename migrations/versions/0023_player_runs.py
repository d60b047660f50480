"""player_runs: each player's hands summed per dataset, site, money, stakes, day, half hour of
play and big blind, with their tables, kept by import beside player_totals, for a player's
sessions and graphs (storage.player_runs). Filled here from the stored seats, by ranges of deal
ids as an import adds them.

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.storage.player_runs import RunSums

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FILL_DEALS = 100_000  # deal ids a statement of the fill spans


def upgrade() -> None:
    deal_id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.create_table(
        "player_runs",
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("dataset_id", sa.Integer(), nullable=False),
        sa.Column("site", sa.String(), nullable=False),
        sa.Column("currency", sa.String(), nullable=False),
        sa.Column("stakes", sa.String(), nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("bucket", sa.BigInteger(), nullable=False),
        sa.Column("big_blind", sa.BigInteger(), nullable=False),
        sa.Column("hands", sa.BigInteger(), nullable=False),
        sa.Column("known", sa.BigInteger(), nullable=False),
        sa.Column("net", sa.BigInteger(), nullable=False),
        sa.Column("peak", sa.BigInteger(), nullable=False),
        sa.Column("biggest", sa.String(), nullable=False),
        sa.Column("first_deal", deal_id, nullable=False),
        sa.Column("last_deal", deal_id, nullable=False),
        sa.Column("started", sa.BigInteger()),
        sa.Column("ended", sa.BigInteger()),
        sa.Column("tables", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["dataset_id"], ["datasets.id"],
                                name="fk_player_runs_dataset_id_datasets", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("name", "dataset_id", "site", "currency", "stakes", "day",
                                "bucket", "big_blind", name="pk_player_runs"),
        sqlite_with_rowid=False,
    )
    op.create_index("ix_player_runs_dataset_id", "player_runs", ["dataset_id"])
    connection = op.get_bind()
    first, last = connection.execute(sa.text("SELECT MIN(id), MAX(id) FROM deals")).one()
    if first is None:
        return
    sums = RunSums(numbered=False)  # the tables by name, as this revision kept them
    for start in range(int(first), int(last) + 1, FILL_DEALS):
        sums.add(connection, start, min(start + FILL_DEALS - 1, int(last)), "seat_counts")
    sums.flush(connection)


def downgrade() -> None:
    op.drop_table("player_runs")
