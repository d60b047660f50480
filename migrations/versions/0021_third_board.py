"""The third board of a hand run three times (GGPoker's `*** THIRD RIVER ***`, `THIRD Board`):
deals gains third_board, NULL for every other hand, beside second_board.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("deals", sa.Column("third_board", sa.String(14)))


def downgrade() -> None:
    op.drop_column("deals", "third_board")
