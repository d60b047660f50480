"""Deal ids are never reused: `id_marks` keeps the highest deal id ever given, which each
import raises and numbers its deals on from (pokerdb.storage.deal_ids). Before, an import
started from the highest id stored, so after a delete of the newest dataset it took the
deleted deals' ids, and results read for those deals by an evaluate or equity running at the
time were stored onto the new ones. The mark starts above every deal id any row still names,
so rows a delete left behind (an equity stored during one, on SQLite) are never adopted.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Every table whose rows name a deal, by the column that does.
DEAL_REFERENCES = {"deals": "id", "hand_cards": "deal_id", "hand_values": "deal_id",
                   "hand_equities": "deal_id", "hand_labels": "deal_id", "seats": "deal_id",
                   "actions": "deal_id"}


def upgrade() -> None:
    op.create_table(
        "id_marks",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("highest", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("name", name="pk_id_marks"),
    )
    highest = ", ".join(f"(SELECT coalesce(max({column}), 0) FROM {table})"
                        for table, column in DEAL_REFERENCES.items())
    greatest = "max" if op.get_bind().dialect.name == "sqlite" else "greatest"
    op.execute(f"INSERT INTO id_marks (name, highest) SELECT 'deals', {greatest}({highest})")


def downgrade() -> None:
    op.drop_table("id_marks")
