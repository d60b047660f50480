"""Games: Texas Hold'em beside the five-card games. Each dataset has a game, each deal of a game
with a board has its board, and each evaluated hand the five cards that make it (`best`).

A hand whose deal never reached a showdown (a Hold'em all-in before the river) is evaluated to
no value: hand_values.strength may now be NULL, so that evaluate does not come back to it.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DealId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
KEY_COLUMNS = ("k1", "k2", "k3", "k4", "k5")


def _card_at(best_slot: int) -> str:
    """SQL for the text of the card at the position that `best` holds in slot 0..4 (three bits
    each, slot 0 highest), among the hand's cards followed by the board."""
    position = f"((v.best >> {3 * (4 - best_slot)}) & 7)"
    return f"substr(c.cards || ' ' || dl.board, 3 * {position} + 1, 2)"


BEST = " || ' ' || ".join(_card_at(slot) for slot in range(5))

HANDS_VIEW = f"""
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
            WHEN v.best IS NOT NULL THEN {BEST} END AS best
FROM hand_cards c
JOIN deals dl ON dl.id = c.deal_id
LEFT JOIN hand_values v ON v.deal_id = c.deal_id AND v.player = c.player
LEFT JOIN hand_descriptions d ON d.strength = v.strength
LEFT JOIN hand_labels l ON l.deal_id = c.deal_id AND l.player = c.player
"""
OLD_HANDS_VIEW = f"""
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

DEAL_RESULTS_HANDS = """
LEFT JOIN hand_cards h1 ON h1.deal_id = d.id AND h1.player = 1
LEFT JOIN hand_values v1 ON v1.deal_id = d.id AND v1.player = 1
LEFT JOIN categories c1 ON c1.id = v1.category
LEFT JOIN hand_cards h2 ON h2.deal_id = d.id AND h2.player = 2
LEFT JOIN hand_values v2 ON v2.deal_id = d.id AND v2.player = 2
LEFT JOIN categories c2 ON c2.id = v2.category
"""
RESULT = """CASE WHEN d.winner IS NULL THEN NULL
            WHEN d.winner = 0 THEN 'Tie'
            ELSE 'Player ' || d.winner END AS result"""
DEAL_RESULTS_VIEW = f"""
CREATE VIEW deal_results AS
SELECT d.id AS deal_id,
       ds.name AS dataset,
       d.line_no,
       d.board,
       h1.cards AS player1_cards,
       c1.name AS player1_category,
       h2.cards AS player2_cards,
       c2.name AS player2_category,
       d.winner,
       {RESULT}
FROM deals d
JOIN datasets ds ON ds.id = d.dataset_id
{DEAL_RESULTS_HANDS}"""
OLD_DEAL_RESULTS_VIEW = f"""
CREATE VIEW deal_results AS
SELECT d.id AS deal_id,
       ds.name AS dataset,
       d.line_no,
       h1.cards AS player1_cards,
       c1.name AS player1_category,
       h2.cards AS player2_cards,
       c2.name AS player2_category,
       d.winner,
       {RESULT}
FROM deals d
JOIN datasets ds ON ds.id = d.dataset_id
{DEAL_RESULTS_HANDS}"""


def _hand_values(name: str, *, stored: bool, with_best: bool) -> None:
    """Create a table of hand_values' shape named `name`: this revision's (with `best`, and
    strength NULL for no showdown) or the one before."""
    op.create_table(
        name,
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=False),
        sa.Column("strength", sa.Integer(), nullable=with_best),
        sa.Column("category", sa.SmallInteger(), sa.Computed("strength >> 20", persisted=stored),
                  nullable=True),
        *(sa.Column(k, sa.SmallInteger(), sa.Computed(
            f"NULLIF((strength >> {16 - 4 * i}) & 15, 0)", persisted=stored), nullable=True)
          for i, k in enumerate(KEY_COLUMNS)),
        *([sa.Column("best", sa.SmallInteger(), nullable=True)] if with_best else []),
        sa.ForeignKeyConstraint(["deal_id", "player"], ["hand_cards.deal_id", "hand_cards.player"],
                                name="fk_hand_values_deal_id_hand_cards", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "player", name="pk_hand_values"),
        sqlite_with_rowid=False,
    )


def _rebuild_hand_values(with_best: bool) -> None:
    """SQLite cannot change a column's NOT NULL in place: hand_values is built anew beside the
    old one, filled from it, and takes its name."""
    columns = "deal_id, player, strength"
    _hand_values("hand_values_rebuilt", stored=False, with_best=with_best)
    op.execute(f"INSERT INTO hand_values_rebuilt ({columns}) SELECT {columns} FROM hand_values"
               + ("" if with_best else " WHERE strength IS NOT NULL"))
    op.drop_table("hand_values")
    op.rename_table("hand_values_rebuilt", "hand_values")


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    op.execute("DROP VIEW deal_results")
    op.execute("DROP VIEW hands")
    with op.batch_alter_table("datasets", recreate="never") as batch:
        batch.add_column(sa.Column("game", sa.String(length=16), nullable=False,
                                   server_default="five-card"))
    with op.batch_alter_table("deals", recreate="never") as batch:
        batch.add_column(sa.Column("board", sa.String(length=14), nullable=True))
    if sqlite:
        _rebuild_hand_values(with_best=True)
    else:
        op.alter_column("hand_values", "strength", existing_type=sa.Integer(), nullable=True)
        op.add_column("hand_values", sa.Column("best", sa.SmallInteger(), nullable=True))
    op.execute(HANDS_VIEW)
    op.execute(DEAL_RESULTS_VIEW)


def downgrade() -> None:
    """Back to five-card games only: Hold'em datasets are deleted with everything of theirs."""
    sqlite = op.get_bind().dialect.name == "sqlite"
    op.execute("DROP VIEW deal_results")
    op.execute("DROP VIEW hands")
    for table in ("hand_labels", "hand_values", "hand_cards"):
        op.execute(f"DELETE FROM {table} WHERE deal_id IN "
                   f"(SELECT id FROM deals WHERE board IS NOT NULL)")
    op.execute("DELETE FROM deals WHERE board IS NOT NULL")
    for table in ("win_counts", "rejects"):
        op.execute(f"DELETE FROM {table} WHERE dataset_id IN "
                   f"(SELECT id FROM datasets WHERE game <> 'five-card')")
    op.execute("DELETE FROM datasets WHERE game <> 'five-card'")
    if sqlite:
        _rebuild_hand_values(with_best=False)
    else:
        op.execute("DELETE FROM hand_values WHERE strength IS NULL")
        op.drop_column("hand_values", "best")
        op.alter_column("hand_values", "strength", existing_type=sa.Integer(), nullable=False)
    with op.batch_alter_table("deals", recreate="never") as batch:
        batch.drop_column("board")
    with op.batch_alter_table("datasets", recreate="never") as batch:
        batch.drop_column("game")
    op.execute(OLD_HANDS_VIEW)
    op.execute(OLD_DEAL_RESULTS_VIEW)
