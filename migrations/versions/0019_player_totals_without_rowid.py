"""player_totals clustered on its key in SQLite (WITHOUT ROWID): the table was a rowid table
beside an index of its five-column key (name, currency, position, stakes, dataset_id), the
same columns stored twice; 76 of the 1,378 bytes a HandHQ-shaped hand took (100,000 hands of
5,000 players, benchmarks/handhq_bench.py), and every import's upsert of the totals wrote both.
Its rows are copied into the new table with the views on it made again; PostgreSQL has no
rowid, and is left as it is.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-06
"""

from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.storage.player_stats import GROUPINGS, create_view

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CLUSTERED = " WITHOUT ROWID"


def upgrade() -> None:
    _rebuilt(lambda sql: sql.rstrip() + CLUSTERED)


def downgrade() -> None:
    _rebuilt(lambda sql: sql.rstrip().removesuffix(CLUSTERED.strip()).rstrip())


def _rebuilt(made: Callable[[str], str]) -> None:
    """player_totals made again from its own CREATE TABLE as `made` writes it, with its rows
    (SQLite; PostgreSQL keeps its table)."""
    bind = op.get_bind()
    if bind.dialect.name != "sqlite":
        return
    sql = bind.scalar(sa.text("SELECT sql FROM sqlite_master WHERE type = 'table' "
                              "AND name = 'player_totals'"))
    assert isinstance(sql, str)
    for name in GROUPINGS.values():
        op.execute(f"DROP VIEW {name}")
    op.execute("ALTER TABLE player_totals RENAME TO player_totals_rowid")
    op.execute(made(sql))
    op.execute("INSERT INTO player_totals SELECT * FROM player_totals_rowid")
    op.execute("DROP TABLE player_totals_rowid")
    for by in GROUPINGS:
        # the views before 0020
        op.execute(create_view(by, "sqlite", unknown=False, numbered=False))
