"""Hand descriptions, input labels, and the rejects table for --skip-invalid.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("hands") as batch:
        batch.add_column(sa.Column("description", sa.String(length=80), nullable=True))
        batch.add_column(sa.Column("label", sa.SmallInteger(), nullable=True))
    op.create_table(
        "rejects",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("dataset_id", sa.Integer(), nullable=False),
        sa.Column("line_no", sa.Integer(), nullable=False),
        sa.Column("raw", sa.String(), nullable=False),
        sa.Column("reason", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["dataset_id"], ["datasets.id"],
                                name=op.f("fk_rejects_dataset_id_datasets"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rejects")),
    )
    op.create_index(op.f("ix_rejects_dataset_id"), "rejects", ["dataset_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_rejects_dataset_id"), table_name="rejects")
    op.drop_table("rejects")
    # Native DROP COLUMN (SQLite 3.35+): rebuilding the table would break the deal_results view.
    with op.batch_alter_table("hands", recreate="never") as batch:
        batch.drop_column("label")
        batch.drop_column("description")
