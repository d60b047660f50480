"""Equity: each Hold'em hand's exact share of the pot over every completion of its board
(written by `pokerdb equity`), beside room for the all-in figures of recorded hands.

hand_equities is append-only like hand_values: one row per hand, keyed and deleted with its
hand_cards row. The `hands` view gains its columns.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DealId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
KEY_COLUMNS = ("k1", "k2", "k3", "k4", "k5")
EQUITY_COLUMNS = ("equity", "allin_equity", "allin_net")


def _card_at(best_slot: int) -> str:
    """SQL for the text of the card at the position that `best` holds in slot 0..4 (three bits
    each, slot 0 highest), among the hand's cards followed by the board."""
    position = f"((v.best >> {3 * (4 - best_slot)}) & 7)"
    return f"substr(c.cards || ' ' || dl.board, 3 * {position} + 1, 2)"


BEST = " || ' ' || ".join(_card_at(slot) for slot in range(5))


def _hands_view(with_equity: bool) -> str:
    """The `hands` view of this revision, or of 0004 (without the equity columns)."""
    equity = "".join(f",\n       e.{column}" for column in EQUITY_COLUMNS) if with_equity else ""
    join = ("\nLEFT JOIN hand_equities e ON e.deal_id = c.deal_id AND e.player = c.player"
            if with_equity else "")
    return f"""
CREATE VIEW hands AS
SELECT c.deal_id,
       c.player,
       c.cards,
       v.category,
       {", ".join(f"v.{k}" for k in KEY_COLUMNS)},
       v.strength,
       d.description,
       l.label,
       CASE WHEN dl.board IS NULL THEN c.cards
            WHEN v.best IS NOT NULL THEN {BEST} END AS best{equity}
FROM hand_cards c
JOIN deals dl ON dl.id = c.deal_id
LEFT JOIN hand_values v ON v.deal_id = c.deal_id AND v.player = c.player
LEFT JOIN hand_descriptions d ON d.strength = v.strength
LEFT JOIN hand_labels l ON l.deal_id = c.deal_id AND l.player = c.player{join}
"""


def upgrade() -> None:
    op.create_table(
        "hand_equities",
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=False),
        sa.Column("equity", sa.Double(), nullable=False),
        sa.Column("allin_equity", sa.Double(), nullable=True),
        sa.Column("allin_net", sa.Double(), nullable=True),
        sa.ForeignKeyConstraint(["deal_id", "player"], ["hand_cards.deal_id", "hand_cards.player"],
                                name="fk_hand_equities_deal_id_hand_cards", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "player", name="pk_hand_equities"),
        sqlite_with_rowid=False,
    )
    op.execute("DROP VIEW hands")
    op.execute(_hands_view(with_equity=True))


def downgrade() -> None:
    op.execute("DROP VIEW hands")
    op.execute(_hands_view(with_equity=False))
    op.drop_table("hand_equities")
