"""hand_values without generated columns: category and k1..k5 are read out of `strength` by the
`hands` and `deal_results` views instead of being columns of hand_values. On PostgreSQL they
were stored: computing them took a fifth of the COPY of each hand value, and 12 of a row's 56
bytes on disk (evaluate of 1,000,000 deals: 4.4-4.6 s without them against 5.2-5.6 s with
them). On SQLite they were virtual, so nothing changes there but where they are computed.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-30
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KEY_SLOTS = 5
KEY_BITS = 4
CATEGORY_SHIFT = KEY_BITS * KEY_SLOTS  # strength packs the category above five 4-bit ranks
EQUITY_COLUMNS = ("equity", "allin_equity", "allin_net")
SEAT_COLUMNS = ("name", "starting_stack", "showed", "put_in", "net", "winnings",
                "finishing_stack", "allin_stake", "allin_pot")


def _category(alias: str, generated: bool) -> str:
    """The category of the hand value `alias`, a column of it or read out of its strength."""
    if generated:
        return f"{alias}.category"
    return f"CAST({alias}.strength >> {CATEGORY_SHIFT} AS SMALLINT)"


def _rank(slot: int) -> str:
    """Tie-break rank k1..k5 out of strength; NULL where absent (0)."""
    return f"CAST(NULLIF((v.strength >> {KEY_BITS * (KEY_SLOTS - slot)}) & 15, 0) AS SMALLINT)"


def _card_at(best_slot: int) -> str:
    """SQL for the text of the card at the position that `best` holds in slot 0..4 (three bits
    each, slot 0 highest), among the hand's cards followed by the board."""
    position = f"((v.best >> {3 * (4 - best_slot)}) & 7)"
    return f"substr(c.cards || ' ' || dl.board, 3 * {position} + 1, 2)"


def _hands_view(generated: bool) -> str:
    """The `hands` view, reading category and k1..k5 from hand_values' generated columns (as
    revision 0008 made it) or out of strength."""
    keys = ", ".join(f"v.k{slot}" if generated else f"{_rank(slot)} AS k{slot}"
                     for slot in range(1, KEY_SLOTS + 1))
    category = _category("v", generated) + ("" if generated else " AS category")
    best = " || ' ' || ".join(_card_at(slot) for slot in range(5))
    equity_columns = "".join(f",\n       e.{column}" for column in EQUITY_COLUMNS)
    seat_columns = "".join(f",\n       s.{column}" for column in SEAT_COLUMNS)
    return f"""
CREATE VIEW hands AS
SELECT c.deal_id,
       c.player,
       c.cards,
       {category},
       {keys},
       v.strength,
       d.description,
       l.label,
       CASE WHEN dl.board IS NULL AND dl.variant IS NULL THEN c.cards
            WHEN v.best IS NOT NULL THEN {best} END AS best{equity_columns}{seat_columns}
FROM hand_cards c
JOIN deals dl ON dl.id = c.deal_id
LEFT JOIN hand_values v ON v.deal_id = c.deal_id AND v.player = c.player
LEFT JOIN hand_descriptions d ON d.strength = v.strength
LEFT JOIN hand_labels l ON l.deal_id = c.deal_id AND l.player = c.player
LEFT JOIN hand_equities e ON e.deal_id = c.deal_id AND e.player = c.player
LEFT JOIN seats s ON s.deal_id = c.deal_id AND s.player = c.player
"""


def _deal_results_view(generated: bool) -> str:
    return f"""
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
LEFT JOIN categories c1 ON c1.id = {_category("v1", generated)}
LEFT JOIN hand_cards h2 ON h2.deal_id = d.id AND h2.player = 2
LEFT JOIN hand_values v2 ON v2.deal_id = d.id AND v2.player = 2
LEFT JOIN categories c2 ON c2.id = {_category("v2", generated)}
"""


def upgrade() -> None:
    op.execute("DROP VIEW deal_results")
    op.execute("DROP VIEW hands")
    for column in (*(f"k{slot}" for slot in range(KEY_SLOTS, 0, -1)), "category"):
        op.execute(f"ALTER TABLE hand_values DROP COLUMN {column}")
    op.execute(_hands_view(generated=False))
    op.execute(_deal_results_view(generated=False))


def downgrade() -> None:
    """The columns generated again: stored on PostgreSQL (which rewrites the table), virtual on
    SQLite."""
    kind = "VIRTUAL" if op.get_bind().dialect.name == "sqlite" else "STORED"
    op.execute("DROP VIEW deal_results")
    op.execute("DROP VIEW hands")
    op.execute(f"ALTER TABLE hand_values ADD COLUMN category SMALLINT GENERATED ALWAYS AS "
               f"(strength >> {CATEGORY_SHIFT}) {kind}")
    for slot in range(1, KEY_SLOTS + 1):
        op.execute(f"ALTER TABLE hand_values ADD COLUMN k{slot} SMALLINT GENERATED ALWAYS AS "
                   f"(NULLIF((strength >> {KEY_BITS * (KEY_SLOTS - slot)}) & 15, 0)) {kind}")
    op.execute(_hands_view(generated=True))
    op.execute(_deal_results_view(generated=True))
