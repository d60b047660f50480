"""Split hands into append-only tables behind a `hands` view; count wins per dataset.

Import appends hand_cards and evaluate appends hand_values, instead of evaluate growing every
imported row in place. Descriptions are stored once per strength, labels only where a file
has them. The `hands` view keeps the public columns as they were. win_counts keeps each
dataset's wins per player as evaluate sets the winners.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DealId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
KEY_COLUMNS = ("k1", "k2", "k3", "k4", "k5")
KEYS = ", ".join(KEY_COLUMNS)

HANDS_VIEW = f"""
CREATE VIEW hands AS
SELECT c.deal_id,
       c.player,
       c.cards,
       v.category,
       {", ".join(f"v.{k}" for k in KEY_COLUMNS)},
       v.strength,
       d.description,
       l.label
FROM hand_cards c
LEFT JOIN hand_values v ON v.deal_id = c.deal_id AND v.player = c.player
LEFT JOIN hand_descriptions d ON d.strength = v.strength
LEFT JOIN hand_labels l ON l.deal_id = c.deal_id AND l.player = c.player
"""

# deal_results reads as before; only where it finds the hands changes.
DEAL_RESULTS_COLUMNS = """
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
"""
DEAL_RESULTS_VIEW = DEAL_RESULTS_COLUMNS + """
LEFT JOIN hand_cards h1 ON h1.deal_id = d.id AND h1.player = 1
LEFT JOIN hand_values v1 ON v1.deal_id = d.id AND v1.player = 1
LEFT JOIN categories c1 ON c1.id = v1.category
LEFT JOIN hand_cards h2 ON h2.deal_id = d.id AND h2.player = 2
LEFT JOIN hand_values v2 ON v2.deal_id = d.id AND v2.player = 2
LEFT JOIN categories c2 ON c2.id = v2.category
"""
OLD_DEAL_RESULTS_VIEW = DEAL_RESULTS_COLUMNS + """
LEFT JOIN hands h1 ON h1.deal_id = d.id AND h1.player = 1
LEFT JOIN categories c1 ON c1.id = h1.category
LEFT JOIN hands h2 ON h2.deal_id = d.id AND h2.player = 2
LEFT JOIN categories c2 ON c2.id = h2.category
"""


def _hand_key(table: str) -> list[sa.Column[int] | sa.Constraint]:
    """deal_id and player, the primary key, referring to hand_cards' (deleted with it)."""
    return [
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=False),
        sa.ForeignKeyConstraint(["deal_id", "player"], ["hand_cards.deal_id", "hand_cards.player"],
                                name=op.f(f"fk_{table}_deal_id_hand_cards"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "player", name=op.f(f"pk_{table}")),
    ]


def upgrade() -> None:
    op.execute("DROP VIEW deal_results")
    op.create_table(
        "hand_cards",
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=False),
        sa.Column("cards", sa.String(length=14), nullable=False),
        sa.ForeignKeyConstraint(["deal_id"], ["deals.id"],
                                name=op.f("fk_hand_cards_deal_id_deals"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "player", name=op.f("pk_hand_cards")),
        sqlite_with_rowid=False,
    )
    # Generated from strength's four-bit fields, category << 20 | k1 << 16 | ... | k5: computed
    # when read on SQLite; PostgreSQL before 18 can only store them.
    stored = op.get_bind().dialect.name != "sqlite"
    op.create_table(
        "hand_values",
        *_hand_key("hand_values"),
        sa.Column("strength", sa.Integer(), nullable=False),
        sa.Column("category", sa.SmallInteger(), sa.Computed("strength >> 20", persisted=stored),
                  nullable=True),
        *(sa.Column(k, sa.SmallInteger(), sa.Computed(
            f"NULLIF((strength >> {16 - 4 * i}) & 15, 0)", persisted=stored), nullable=True)
          for i, k in enumerate(KEY_COLUMNS)),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "hand_descriptions",
        sa.Column("strength", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("description", sa.String(length=80), nullable=False),
        sa.PrimaryKeyConstraint("strength", name=op.f("pk_hand_descriptions")),
    )
    op.create_table(
        "hand_labels",
        *_hand_key("hand_labels"),
        sa.Column("label", sa.SmallInteger(), nullable=False),
        sqlite_with_rowid=False,
    )
    op.execute("INSERT INTO hand_cards (deal_id, player, cards) "
               "SELECT deal_id, player, cards FROM hands")
    op.execute("INSERT INTO hand_values (deal_id, player, strength) "
               "SELECT deal_id, player, strength FROM hands WHERE strength IS NOT NULL")
    op.execute("INSERT INTO hand_descriptions (strength, description) "
               "SELECT strength, min(description) FROM hands "
               "WHERE strength IS NOT NULL AND description IS NOT NULL GROUP BY strength")
    op.execute("INSERT INTO hand_labels (deal_id, player, label) "
               "SELECT deal_id, player, label FROM hands WHERE label IS NOT NULL")
    op.drop_table("hands")
    op.execute(HANDS_VIEW)
    op.execute(DEAL_RESULTS_VIEW)
    op.create_table(
        "win_counts",
        sa.Column("dataset_id", sa.Integer(), nullable=False),
        sa.Column("winner", sa.SmallInteger(), autoincrement=False, nullable=False),
        sa.Column("deals", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["dataset_id"], ["datasets.id"],
                                name=op.f("fk_win_counts_dataset_id_datasets"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("dataset_id", "winner", name=op.f("pk_win_counts")),
    )
    op.execute("INSERT INTO win_counts (dataset_id, winner, deals) "
               "SELECT dataset_id, winner, count(*) FROM deals WHERE winner IS NOT NULL "
               "GROUP BY dataset_id, winner")


def downgrade() -> None:
    op.drop_table("win_counts")
    op.execute("DROP VIEW deal_results")
    # Built beside the view it replaces, then given its name.
    op.create_table(
        "hands_restored",
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=False),
        sa.Column("cards", sa.String(length=14), nullable=False),
        sa.Column("category", sa.SmallInteger(), nullable=True),
        *(sa.Column(k, sa.SmallInteger(), nullable=True) for k in KEY_COLUMNS),
        sa.Column("strength", sa.Integer(), nullable=True),
        sa.Column("description", sa.String(length=80), nullable=True),
        sa.Column("label", sa.SmallInteger(), nullable=True),
        sa.ForeignKeyConstraint(["category"], ["categories.id"],
                                name=op.f("fk_hands_category_categories")),
        sa.ForeignKeyConstraint(["deal_id"], ["deals.id"],
                                name=op.f("fk_hands_deal_id_deals"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "player", name=op.f("pk_hands")),
        sqlite_with_rowid=False,
    )
    columns = f"deal_id, player, cards, category, {KEYS}, strength, description, label"
    op.execute(f"INSERT INTO hands_restored ({columns}) SELECT {columns} FROM hands")
    op.execute("DROP VIEW hands")
    for table in ("hand_labels", "hand_descriptions", "hand_values", "hand_cards"):
        op.drop_table(table)
    op.rename_table("hands_restored", "hands")
    op.execute(OLD_DEAL_RESULTS_VIEW)
