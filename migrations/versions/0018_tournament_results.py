"""Tournament results: `tournaments` (one row per site and tournament number, from its summary
file: the buy-in split into its prize pool part, bounty part and fee, the money, the start,
entrants and prize pool) and `tournament_entries` (each player's place, prize, bounties,
re-entries, rebuys and add-ons and what the entry cost), and the views tournament_hands,
player_tournaments and player_buy_in_tournaments (pokerdb.storage.tournament_views). Nothing
stored before changes; an existing database gains empty tables.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.storage.tournament_views import VIEWS, create_views

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("dataset_id", sa.Integer(), nullable=False),
        sa.Column("site", sa.String(), nullable=False),
        sa.Column("number", sa.String(), nullable=False),
        sa.Column("name", sa.String()),
        sa.Column("game", sa.String()),
        sa.Column("currency", sa.String(), nullable=False),
        *(sa.Column(name, sa.BigInteger(), nullable=False)
          for name in ("prize_part", "bounty_part", "fee", "buy_in")),
        sa.Column("entrants", sa.Integer()),
        sa.Column("prize_pool", sa.BigInteger()),
        sa.Column("date", sa.Date()),
        sa.Column("time", sa.Time()),
        sa.Column("time_zone", sa.String()),
        sa.Column("started_at", sa.DateTime(timezone=True)),
        sa.Column("source", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["dataset_id"], ["datasets.id"],
                                name="fk_tournaments_dataset_id_datasets", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_tournaments"),
        sa.UniqueConstraint("site", "number", name="uq_tournaments_site_number"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_tournaments_dataset_id", "tournaments", ["dataset_id"])
    op.create_table(
        "tournament_entries",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(), nullable=False),
        sa.Column("currency", sa.String(), nullable=False),
        sa.Column("place", sa.Integer()),
        sa.Column("prize", sa.BigInteger(), nullable=False),
        sa.Column("bounties", sa.BigInteger()),
        sa.Column("knockouts", sa.Integer()),
        sa.Column("re_entries", sa.Integer()),
        sa.Column("rebuys", sa.Integer()),
        sa.Column("add_ons", sa.Integer()),
        sa.Column("rebuy_cost", sa.BigInteger()),
        sa.Column("cost", sa.BigInteger(), nullable=False),
        sa.Column("hero", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"],
                                name="fk_tournament_entries_tournament_id_tournaments",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("tournament_id", "player", name="pk_tournament_entries"),
    )
    op.create_index("ix_tournament_entries_player_currency", "tournament_entries",
                    ["player", "currency"])
    for statement in create_views(op.get_bind().dialect.name, numbered=False):
        op.execute(statement)


def downgrade() -> None:
    for name in reversed(VIEWS):
        op.execute(f"DROP VIEW {name}")
    op.drop_table("tournament_entries")
    op.drop_table("tournaments")
