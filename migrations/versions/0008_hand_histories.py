"""Hand histories: recorded hands (PHH) with their seats, actions and descriptive fields.

Each deal may come from a hand history: `deals` gains where it comes from (`source`), its
variant, the file's descriptive fields and the board at an all-in before the river. A hand's
hole cards may be unknown, so hand_cards.cards may now be NULL. `seats` holds each player's
name, stacks, chips put in and net result, and `actions` every action as written. The `hands`
view gains the seats' columns.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DealId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
KEY_COLUMNS = ("k1", "k2", "k3", "k4", "k5")
EQUITY_COLUMNS = ("equity", "allin_equity", "allin_net")
DEAL_COLUMNS: dict[str, sa.types.TypeEngine[object]] = {
    "source": sa.String(), "variant": sa.String(length=8), "hand_number": sa.String(),
    "event": sa.String(), "venue": sa.String(), "table_name": sa.String(), "date": sa.Date(),
    "time": sa.Time(), "time_zone": sa.String(), "currency": sa.String(),
    "allin_board": sa.String(length=14),
}
SEAT_COLUMNS = ("name", "starting_stack", "showed", "put_in", "net", "winnings",
                "finishing_stack", "allin_stake", "allin_pot")


def _card_at(best_slot: int) -> str:
    """SQL for the text of the card at the position that `best` holds in slot 0..4 (three bits
    each, slot 0 highest), among the hand's cards followed by the board."""
    position = f"((v.best >> {3 * (4 - best_slot)}) & 7)"
    return f"substr(c.cards || ' ' || dl.board, 3 * {position} + 1, 2)"


BEST = " || ' ' || ".join(_card_at(slot) for slot in range(5))


def _hands_view(with_seats: bool) -> str:
    """The `hands` view of this revision (with the seats' columns), or of 0005 to 0007."""
    # A five-card hand is its own best five; a recorded hand without a board known to the
    # river has none.
    five_card = "dl.board IS NULL AND dl.variant IS NULL" if with_seats else "dl.board IS NULL"
    equity_columns = "".join(f",\n       e.{column}" for column in EQUITY_COLUMNS)
    seat_columns = "".join(f",\n       s.{column}" for column in SEAT_COLUMNS) if with_seats else ""
    seat_join = ("\nLEFT JOIN seats s ON s.deal_id = c.deal_id AND s.player = c.player"
                 if with_seats else "")
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
       CASE WHEN {five_card} THEN c.cards
            WHEN v.best IS NOT NULL THEN {BEST} END AS best{equity_columns}{seat_columns}
FROM hand_cards c
JOIN deals dl ON dl.id = c.deal_id
LEFT JOIN hand_values v ON v.deal_id = c.deal_id AND v.player = c.player
LEFT JOIN hand_descriptions d ON d.strength = v.strength
LEFT JOIN hand_labels l ON l.deal_id = c.deal_id AND l.player = c.player
LEFT JOIN hand_equities e ON e.deal_id = c.deal_id AND e.player = c.player{seat_join}
"""


DEAL_RESULTS_VIEW = """
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
       CASE WHEN d.winner IS NULL THEN NULL
            WHEN d.winner = 0 THEN 'Tie'
            ELSE 'Player ' || d.winner END AS result
FROM deals d
JOIN datasets ds ON ds.id = d.dataset_id
LEFT JOIN hand_cards h1 ON h1.deal_id = d.id AND h1.player = 1
LEFT JOIN hand_values v1 ON v1.deal_id = d.id AND v1.player = 1
LEFT JOIN categories c1 ON c1.id = v1.category
LEFT JOIN hand_cards h2 ON h2.deal_id = d.id AND h2.player = 2
LEFT JOIN hand_values v2 ON v2.deal_id = d.id AND v2.player = 2
LEFT JOIN categories c2 ON c2.id = v2.category
"""


def _rebuild_hand_cards(cards_nullable: bool) -> None:
    """SQLite cannot change a column's NOT NULL in place: hand_cards is built anew beside the
    old one, filled from it, and takes its name. Foreign keys stay unenforced on SQLite (see
    pokerdb.db), so the tables referring to hand_cards keep their rows, and refer to the new
    table by its name."""
    op.create_table(
        "hand_cards_rebuilt",
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=False),
        sa.Column("cards", sa.String(length=14), nullable=cards_nullable),
        sa.ForeignKeyConstraint(["deal_id"], ["deals.id"], name="fk_hand_cards_deal_id_deals",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "player", name="pk_hand_cards"),
        sqlite_with_rowid=False,
    )
    op.execute("INSERT INTO hand_cards_rebuilt (deal_id, player, cards) "
               "SELECT deal_id, player, cards FROM hand_cards")
    op.drop_table("hand_cards")
    op.rename_table("hand_cards_rebuilt", "hand_cards")


def _hand_key(table: str) -> list[sa.Column[int] | sa.Constraint]:
    """deal_id and player, the primary key, referring to hand_cards' (deleted with it)."""
    return [
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=False),
        sa.ForeignKeyConstraint(["deal_id", "player"], ["hand_cards.deal_id", "hand_cards.player"],
                                name=f"fk_{table}_deal_id_hand_cards", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "player", name=f"pk_{table}"),
    ]


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    op.execute("DROP VIEW deal_results")
    op.execute("DROP VIEW hands")
    with op.batch_alter_table("deals", recreate="never") as batch:
        for name, column_type in DEAL_COLUMNS.items():
            batch.add_column(sa.Column(name, column_type, nullable=True))
    if sqlite:
        _rebuild_hand_cards(cards_nullable=True)
    else:
        op.alter_column("hand_cards", "cards", existing_type=sa.String(length=14), nullable=True)
    amount = sa.Numeric()
    op.create_table(
        "seats",
        *_hand_key("seats"),
        sa.Column("name", sa.String(), nullable=True),
        sa.Column("starting_stack", amount, nullable=True),
        sa.Column("showed", sa.Boolean(), nullable=False),
        sa.Column("put_in", amount, nullable=False),
        sa.Column("net", amount, nullable=False),
        sa.Column("winnings", amount, nullable=True),
        sa.Column("finishing_stack", amount, nullable=True),
        sa.Column("allin_stake", amount, nullable=True),
        sa.Column("allin_pot", amount, nullable=True),
        sqlite_with_rowid=False,
    )
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
    )
    op.execute(_hands_view(with_seats=True))
    op.execute(DEAL_RESULTS_VIEW)


def downgrade() -> None:
    """Back to no hand histories: PHH datasets are deleted with everything of theirs."""
    sqlite = op.get_bind().dialect.name == "sqlite"
    op.execute("DROP VIEW deal_results")
    op.execute("DROP VIEW hands")
    op.drop_table("actions")
    op.drop_table("seats")
    recorded = "SELECT id FROM deals WHERE variant IS NOT NULL"
    for table in ("hand_labels", "hand_values", "hand_equities", "hand_cards"):
        op.execute(f"DELETE FROM {table} WHERE deal_id IN ({recorded})")
    op.execute("DELETE FROM deals WHERE variant IS NOT NULL")
    for table in ("win_counts", "rejects"):
        op.execute(f"DELETE FROM {table} WHERE dataset_id IN "
                   f"(SELECT id FROM datasets WHERE format = 'phh')")
    op.execute("DELETE FROM datasets WHERE format = 'phh'")
    if sqlite:
        _rebuild_hand_cards(cards_nullable=False)
    else:
        op.alter_column("hand_cards", "cards", existing_type=sa.String(length=14),
                        nullable=False)
    with op.batch_alter_table("deals", recreate="never") as batch:
        for name in reversed(DEAL_COLUMNS):
            batch.drop_column(name)
    op.execute(_hands_view(with_seats=False))
    op.execute(DEAL_RESULTS_VIEW)
