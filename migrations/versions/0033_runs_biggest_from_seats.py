"""player_runs keeps the biggest hands only of a row whose deals span run_biggest.KEPT_SPAN
deal ids or more: a narrower row's are read from its seats when a player's page asks for them
(storage.run_hands), a few thousand seats at most. HandHQ's hands have no time of play in UTC,
so their rows span fewer than a thousand deal ids each, and their lists took 19 of the 100 bytes
a deal of the three summaries. The upgrade empties the narrow rows' lists; the downgrade reads
them again from the seats, as revision 0031 kept them ('' for a row of one hand).

Revision ID: 0033
Revises: 0031
Create Date: 2026-12-07
"""

from collections.abc import Sequence

from alembic import op

from pokerdb.storage import run_biggest
from pokerdb.storage.run_biggest import biggest_value
from pokerdb.storage.run_hands import ROW_COLUMNS, seat_hands_sql

revision: str = "0033"
down_revision: str | None = "0031"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(f"UPDATE player_runs SET biggest = '' "
               f"WHERE last_deal - first_deal < {run_biggest.KEPT_SPAN}")


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    hands = seat_hands_sql(dialect, {name: f"player_runs.{name}" for name in ROW_COLUMNS})
    op.execute(f"UPDATE player_runs SET biggest = "
               f"{biggest_value(dialect, hands, 'player_runs.first_deal')}\n"
               f"WHERE biggest = '' AND hands > 1 AND known > 0")
