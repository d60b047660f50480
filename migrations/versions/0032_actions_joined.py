"""hand_actions holds a hand's actions joined by `|` where it can (storage.packed_actions): a
player's action without its `p`, the dealer's without its `d `, a dealing of unknown cards its
player's number, and no JSON quotes (at 100,000 HandHQ-shaped hands, 92 to 62 bytes a hand of
values, 102 to 72 of the table's pages), the JSON array kept for a hand that the joined text
cannot hold exactly. The column is text (JSON before), and the view `actions` reads both.

The upgrade makes the column text (on SQLite, the table made anew: SQLite cannot change a
column's type in place), then rewrites each hand's value a batch of deals at a time, in Python
with the code that writes them (`packed` of what `unpacked` reads: the same actions, exactly).
The downgrade writes every value as the JSON array again, and the column JSON.

Revision ID: 0032
Revises: 0031
Create Date: 2026-12-07
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.storage.column_types import DealId
from pokerdb.storage.packed_actions import actions_view_sql, packed, unpacked

revision: str = "0032"
down_revision: str | None = "0031"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_BATCH = 10_000  # hands rewritten a statement
_REMADE = "hand_actions_remade"  # on SQLite, the table while its rows are copied


def upgrade() -> None:
    _retype(sa.Text(), delimited=True)


def downgrade() -> None:
    _retype(sa.JSON(), delimited=False)


def _retype(kind: sa.types.TypeEngine[object], *, delimited: bool) -> None:
    """hand_actions.actions of type `kind`, each value written anew (`delimited` or JSON)."""
    bind = op.get_bind()
    op.execute("DROP VIEW actions")
    if bind.dialect.name == "sqlite":
        op.create_table(
            _REMADE,
            sa.Column("deal_id", DealId, autoincrement=False, nullable=False),
            sa.Column("actions", kind, nullable=False),
            sa.ForeignKeyConstraint(["deal_id"], ["deals.id"],
                                    name="fk_hand_actions_deal_id_deals", ondelete="CASCADE"),
            sa.PrimaryKeyConstraint("deal_id", name="pk_hand_actions"),
        )
        _rewrite(bind, "hand_actions", f"INSERT INTO {_REMADE} (deal_id, actions) "
                 "VALUES (:deal_id, :actions)", delimited, every=True)
        op.drop_table("hand_actions")
        op.rename_table(_REMADE, "hand_actions")
    else:
        using = "actions::text" if delimited else "actions::json"
        # the JSON text of a value the upgrade has not rewritten yet is JSON still
        if not delimited:
            _rewrite(bind, "hand_actions", "UPDATE hand_actions SET actions = :actions "
                     "WHERE deal_id = :deal_id", delimited, every=False)
        op.execute(f"ALTER TABLE hand_actions ALTER COLUMN actions TYPE "
                   f"{'TEXT' if delimited else 'JSON'} USING {using}")
        if delimited:
            _rewrite(bind, "hand_actions", "UPDATE hand_actions SET actions = :actions "
                     "WHERE deal_id = :deal_id", delimited, every=False)
    op.execute(actions_view_sql(bind.dialect.name))


def _rewrite(bind: sa.Connection, table: str, write: str, delimited: bool, *,
             every: bool) -> None:
    """Each value of `table` read in deal order, a batch at a time, and written by `write`
    (deal_id, actions) as `packed` writes it (`delimited` or JSON): `every` value, or those that
    change."""
    last = 0
    while True:
        found = bind.execute(sa.text(
            f"SELECT deal_id, CAST(actions AS TEXT) FROM {table} WHERE deal_id > :last "
            f"ORDER BY deal_id LIMIT {_BATCH}"), {"last": last}).all()
        if not found:
            return
        written = []
        for deal_id, value in found:
            acted = unpacked(value)
            again = packed([action for _, action in acted], [player for player, _ in acted],
                           delimited=delimited)
            if every or again != value:
                written.append({"deal_id": deal_id, "actions": again})
        if written:
            bind.execute(sa.text(write), written)
        last = found[-1][0]
