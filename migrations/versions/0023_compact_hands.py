"""A recorded hand in fewer, narrower rows (a HandHQ-shaped hand took 1,305 bytes of SQLite).

A hand's actions are one row of hand_actions, its actions one JSON array (each the action's
text, or [player, text] where the text does not tell its player the plain way:
storage.packed_actions), and `actions` a view with the columns the table had (deal_id, seq,
player, action), unpacking them. The upgrade packs every hand's rows in SQL (on PostgreSQL,
into each dataset's own partition of hand_actions); the downgrade unpacks them back into the
table.

Revision ID: 0023
Revises: 0021
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.storage.column_types import DealId
from pokerdb.storage.packed_actions import actions_view_sql, packing_select
from pokerdb.storage.partitions import is_partitioned, refill

revision: str = "0023"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_UNPACKED = "actions_unpacked"  # the view's rows, held while the table is made again


def upgrade() -> None:
    bind = op.get_bind()
    dialect = bind.dialect.name
    op.create_table(
        "hand_actions",
        sa.Column("deal_id", DealId, autoincrement=False, nullable=False),
        sa.Column("actions", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["deal_id"], ["deals.id"],
                                name="fk_hand_actions_deal_id_deals", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", name="pk_hand_actions"),
        **_partitioned(bind),
    )
    if is_partitioned(bind):
        refill(bind, "hand_actions", lambda first, last: packing_select(
            "actions", dialect, f"WHERE deal_id BETWEEN {first} AND {last}"))
    else:
        op.execute(f"INSERT INTO hand_actions (deal_id, actions) "
                   f"{packing_select('actions', dialect)}")
    op.drop_table("actions")
    op.execute(actions_view_sql(dialect))


def downgrade() -> None:
    bind = op.get_bind()
    op.execute(f"CREATE TABLE {_UNPACKED} AS SELECT deal_id, seq, player, action FROM actions")
    op.execute("DROP VIEW actions")
    op.create_table(
        "actions",
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=True),
        sa.Column("action", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["deal_id"], ["deals.id"], name="fk_actions_deal_id_deals",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "seq", name="pk_actions"),
        sqlite_with_rowid=False,
        **_partitioned(bind),
    )
    rows = f"SELECT deal_id, seq, player, action FROM {_UNPACKED}"
    if is_partitioned(bind):
        refill(bind, "actions",
               lambda first, last: f"{rows} WHERE deal_id BETWEEN {first} AND {last}")
    else:
        op.execute(f"INSERT INTO actions (deal_id, seq, player, action) {rows}")
    op.drop_table(_UNPACKED)
    op.drop_table("hand_actions")


def _partitioned(bind: sa.Connection) -> dict[str, str]:
    """A deal table's partitioning on PostgreSQL (revision 0016 on)."""
    return ({"postgresql_partition_by": "RANGE (deal_id)"}
            if bind.dialect.name == "postgresql" else {})
