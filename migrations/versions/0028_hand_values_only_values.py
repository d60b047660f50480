"""hand_values keeps a row only for a hand with a value (a strength, or a best five): a recorded
hand's cards never shown, or folded, and a board short of the river have none. At 100,000
HandHQ-shaped hands, 431,195 of the 455,277 rows were all NULL (55 of the 61 bytes a hand of
the table). The `hands` view LEFT JOINs hand_values, so it reads the same: NULLs.

The upgrade deletes the rows without a value (SQLite keeps the pages freed for the rows to come
until a VACUUM; PostgreSQL reuses the space once vacuumed). The downgrade puts a row of NULLs
back for every hand of an evaluated deal without one, as the earlier code wrote them: a
hand_values row for every hand of a deal evaluated, none for a deal not evaluated yet (of a
deal file imported without --evaluate, still without a row of its own: its winner NULL, its
board, if any, complete). A Hold'em deal whose board stops before the river gets its rows of
NULLs evaluated or not: evaluating it would write just those. On PostgreSQL the rows go into a
partition of each dataset's deals made anew, as some datasets have no partition of
hand_values to hold them (an import storing no value, evaluate's windows).

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-06
"""

from collections.abc import Sequence

from alembic import op
from sqlalchemy import text

from pokerdb.storage.partitions import is_partitioned, refill

revision: str = "0028"
down_revision: str | None = "0027"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Deals that revision 0026's code had evaluated, every hand with its row: a winner; a variant
# (recorded hands, a variant's deal files: evaluated as they are imported); a board short of
# the river; or some hand's value.
_EVALUATED = ("d.winner IS NOT NULL OR d.variant IS NOT NULL "
              "OR (d.board IS NOT NULL AND length(d.board) < 14) "
              "OR EXISTS (SELECT 1 FROM hand_values e WHERE e.deal_id = d.id)")
# The rows of NULLs the downgrade puts back.
_EMPTY_ROWS = ("SELECT c.deal_id, c.player, NULL, NULL FROM hand_cards c "
               f"JOIN deals d ON d.id = c.deal_id WHERE ({_EVALUATED}) AND NOT EXISTS "
               "(SELECT 1 FROM hand_values v WHERE v.deal_id = c.deal_id "
               "AND v.player = c.player)")
_RESTORED = "hand_values_restored"  # on PostgreSQL, the rows while their partitions are made


def upgrade() -> None:
    op.execute("DELETE FROM hand_values WHERE strength IS NULL AND best IS NULL")


def downgrade() -> None:
    bind = op.get_bind()
    if not is_partitioned(bind):
        op.execute(f"INSERT INTO hand_values (deal_id, player, strength, best) {_EMPTY_ROWS}")
        return
    op.execute(f"CREATE TEMPORARY TABLE {_RESTORED} AS SELECT deal_id, player, strength, best "
               f"FROM hand_values UNION ALL {_EMPTY_ROWS}")
    held = bind.execute(text(
        "SELECT c.oid::regclass::text FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
        "WHERE i.inhparent = to_regclass('hand_values') ORDER BY 1")).scalars().all()
    if held:
        bind.exec_driver_sql("; ".join(
            statement for name in held for statement in (
                f"ALTER TABLE hand_values DETACH PARTITION {name}", f"DROP TABLE {name}")))
    refill(bind, "hand_values", lambda first, last: (
        f"SELECT deal_id, player, strength, best FROM {_RESTORED} "
        f"WHERE deal_id BETWEEN {first} AND {last}"))
    op.execute(f"DROP TABLE {_RESTORED}")
