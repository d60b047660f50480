"""Initial schema: datasets, deals, hands, categories and the deal_results view.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DealId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

CATEGORY_NAMES = (
    "High Card", "One Pair", "Two Pairs", "Three of a Kind", "Straight",
    "Flush", "Full House", "Four of a Kind", "Straight Flush", "Royal Flush",
)

DEAL_RESULTS = """
CREATE VIEW deal_results AS
SELECT d.id AS deal_id,
       ds.name AS dataset,
       d.line_no,
       h1.cards AS player1_cards,
       c1.name AS player1_category,
       h2.cards AS player2_cards,
       c2.name AS player2_category,
       d.winner,
       CASE WHEN d.winner IS NULL THEN NULL
            WHEN d.winner = 0 THEN 'Tie'
            ELSE 'Player ' || d.winner END AS result
FROM deals d
JOIN datasets ds ON ds.id = d.dataset_id
LEFT JOIN hands h1 ON h1.deal_id = d.id AND h1.player = 1
LEFT JOIN categories c1 ON c1.id = h1.category
LEFT JOIN hands h2 ON h2.deal_id = d.id AND h2.player = 2
LEFT JOIN categories c2 ON c2.id = h2.category
"""


def upgrade() -> None:
    categories = op.create_table(
        "categories",
        sa.Column("id", sa.SmallInteger(), autoincrement=False, nullable=False),
        sa.Column("name", sa.String(length=20), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_categories")),
        sa.UniqueConstraint("name", name=op.f("uq_categories_name")),
    )
    op.bulk_insert(categories, [{"id": i, "name": n} for i, n in enumerate(CATEGORY_NAMES)])
    op.create_table(
        "datasets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("format", sa.String(length=16), nullable=False),
        sa.Column("deals", sa.Integer(), nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_datasets")),
        sa.UniqueConstraint("name", name=op.f("uq_datasets_name")),
        sa.UniqueConstraint("sha256", name=op.f("uq_datasets_sha256")),
    )
    op.create_table(
        "deals",
        sa.Column("id", DealId, autoincrement=False, nullable=False),
        sa.Column("dataset_id", sa.Integer(), nullable=False),
        sa.Column("line_no", sa.Integer(), nullable=False),
        sa.Column("winner", sa.SmallInteger(), nullable=True),
        sa.ForeignKeyConstraint(["dataset_id"], ["datasets.id"],
                                name=op.f("fk_deals_dataset_id_datasets"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deals")),
    )
    op.create_index(op.f("ix_deals_dataset_id"), "deals", ["dataset_id"])
    op.create_table(
        "hands",
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=False),
        sa.Column("cards", sa.String(length=14), nullable=False),
        sa.Column("category", sa.SmallInteger(), nullable=True),
        sa.Column("k1", sa.SmallInteger(), nullable=True),
        sa.Column("k2", sa.SmallInteger(), nullable=True),
        sa.Column("k3", sa.SmallInteger(), nullable=True),
        sa.Column("k4", sa.SmallInteger(), nullable=True),
        sa.Column("k5", sa.SmallInteger(), nullable=True),
        sa.Column("strength", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["category"], ["categories.id"],
                                name=op.f("fk_hands_category_categories")),
        sa.ForeignKeyConstraint(["deal_id"], ["deals.id"],
                                name=op.f("fk_hands_deal_id_deals"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "player", name=op.f("pk_hands")),
        sqlite_with_rowid=False,
    )
    op.execute(DEAL_RESULTS)


def downgrade() -> None:
    op.execute("DROP VIEW deal_results")
    op.drop_table("hands")
    op.drop_table("deals")
    op.drop_table("datasets")
    op.drop_table("categories")
