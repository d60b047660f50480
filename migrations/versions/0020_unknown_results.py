"""Hands whose result is unknown: a recorded hand whose file shows cards it does not know at
the showdown (`sm ????`) and records no winnings is stored with deals.result_known false and
NULL as the net of each seat at that showdown (seats.net, seat_stats.net), never guessed.
player_totals counts such seats apart (hands_result_unknown), its net over the others, and the
player_* views show that count, their net, bb/100 and won at showdown over the hands whose
result is known.

Every deal stored before is one whose result is known: the new columns' defaults say so, and
player_totals needs no summing again (its new count is 0 everywhere).

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-06
"""

import re
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.errors import PokerdbError
from pokerdb.storage.player_stats import GROUPINGS, create_view

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NETS = ("seats", "seat_stats")


def upgrade() -> None:
    bind = op.get_bind()
    dialect = bind.dialect.name
    for name in GROUPINGS.values():
        op.execute(f"DROP VIEW {name}")
    op.add_column("deals", sa.Column("result_known", sa.Boolean(), nullable=False,
                                     server_default=sa.true()))
    op.add_column("player_totals", sa.Column("hands_result_unknown", sa.BigInteger(),
                                             nullable=False, server_default="0"))
    for table in NETS:
        _net_nullable(bind, table, nullable=True)
    for by in GROUPINGS:
        op.execute(create_view(by, dialect, numbered=False))


def downgrade() -> None:
    bind = op.get_bind()
    dialect = bind.dialect.name
    unknown = bind.execute(sa.text("SELECT count(*) FROM deals WHERE NOT result_known")).scalar()
    if unknown:
        # Revision 0019 has no way to store a hand without its nets.
        raise PokerdbError(f"{unknown} hands of unknown result have no nets, which revision "
                           f"0019 needs: delete their datasets first; the database is left "
                           f"at revision 0020")
    for name in GROUPINGS.values():
        op.execute(f"DROP VIEW {name}")
    for table in NETS:
        _net_nullable(bind, table, nullable=False)
    if dialect == "sqlite":
        op.execute("ALTER TABLE player_totals DROP COLUMN hands_result_unknown")
        op.execute("ALTER TABLE deals DROP COLUMN result_known")
    else:
        op.drop_column("player_totals", "hands_result_unknown")
        op.drop_column("deals", "result_known")
    for by in GROUPINGS:
        op.execute(create_view(by, dialect, unknown=False, numbered=False))


def _net_nullable(bind: sa.Connection, table: str, *, nullable: bool) -> None:
    """`table`.net NULL or NOT NULL: on PostgreSQL by ALTER COLUMN (every partition follows);
    on SQLite by the table's text (a constraint dropped is the change SQLite's documentation
    allows; one added holds, the downgrade having refused any NULL)."""
    if bind.dialect.name == "postgresql":
        op.execute(f"ALTER TABLE {table} ALTER COLUMN net "
                   f"{'DROP' if nullable else 'SET'} NOT NULL")
        return

    def edited(sql: str) -> str:
        sql, found = re.subn(r"(\bnet BIGINT) NOT NULL\b" if nullable
                             else r"(\bnet BIGINT)(?=,)", r"\1" if nullable
                             else r"\1 NOT NULL", sql)
        assert found == 1, (table, sql)
        return sql

    revision = op.get_context().script.get_revision("0017")
    assert revision is not None
    revision.module.rewrite_table(bind, table, edited)
