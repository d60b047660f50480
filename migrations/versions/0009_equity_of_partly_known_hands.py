"""All-in figures of a recorded hand with a folded player's cards unknown: its players still in
get hand_equities rows for allin_equity and allin_net, with `equity` NULL (it needs every
player's cards), so hand_equities.equity may now be NULL.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DealId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def _rebuild_hand_equities(equity_nullable: bool) -> None:
    """SQLite cannot change a column's NOT NULL in place: hand_equities is built anew beside
    the old one, filled from it, and takes its name; the `hands` view that reads it is dropped
    meanwhile and made again as it was (its SQL read back from sqlite_master)."""
    bind = op.get_bind()
    view = bind.exec_driver_sql(
        "SELECT sql FROM sqlite_master WHERE type = 'view' AND name = 'hands'").scalar_one()
    op.execute("DROP VIEW hands")
    op.create_table(
        "hand_equities_rebuilt",
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=False),
        sa.Column("equity", sa.Double(), nullable=equity_nullable),
        sa.Column("allin_equity", sa.Double(), nullable=True),
        sa.Column("allin_net", sa.Double(), nullable=True),
        sa.ForeignKeyConstraint(["deal_id", "player"], ["hand_cards.deal_id", "hand_cards.player"],
                                name="fk_hand_equities_deal_id_hand_cards", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "player", name="pk_hand_equities"),
        sqlite_with_rowid=False,
    )
    op.execute("INSERT INTO hand_equities_rebuilt (deal_id, player, equity, allin_equity, "
               "allin_net) SELECT deal_id, player, equity, allin_equity, allin_net "
               "FROM hand_equities")
    op.drop_table("hand_equities")
    op.rename_table("hand_equities_rebuilt", "hand_equities")
    op.execute(view)


def _equity_nullable(nullable: bool) -> None:
    if op.get_bind().dialect.name == "sqlite":
        _rebuild_hand_equities(nullable)
    else:
        op.alter_column("hand_equities", "equity", existing_type=sa.Double(), nullable=nullable)


def upgrade() -> None:
    _equity_nullable(True)


def downgrade() -> None:
    """Back to an equity for every row: the deals with rows of no equity lose their rows (a
    rerun of `pokerdb equity` at that revision leaves them out)."""
    op.execute("DELETE FROM hand_equities WHERE deal_id IN "
               "(SELECT deal_id FROM hand_equities WHERE equity IS NULL)")
    _equity_nullable(False)
