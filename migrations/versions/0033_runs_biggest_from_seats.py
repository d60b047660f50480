"""The players' summaries in fewer bytes, what they answer unchanged:

- player_days and player_runs hold their site, money, stakes and big blind as one number, a
  row of a new table, summary_keys (a few dozen rows), instead of the texts and the amount (a
  fifth of those rows' bytes); readers join it (storage.summary_keys);
- player_runs keeps the biggest hands only of a row whose deals span run_biggest.KEPT_SPAN
  deal ids or more: a narrower row's are read from its seats when a player's page asks for
  them (storage.run_hands), a few thousand seats at most. HandHQ's hands have no time of play
  in UTC, so their rows span fewer than a thousand deal ids each, and their lists took 19 of
  the 100 bytes a deal of the three summaries.

Each table is made again and its rows copied (a WITHOUT ROWID table's key cannot change in place
on SQLite). The downgrade copies them back with the texts, and reads the narrow rows' biggest
hands again from their seats, as revision 0031 kept them ('' for a row of one hand).

Revision ID: 0033
Revises: 0032
Create Date: 2026-12-07
"""

from collections.abc import Mapping, Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.storage import run_biggest
from pokerdb.storage.column_types import Amount
from pokerdb.storage.remade_tables import made_column, remade
from pokerdb.storage.run_biggest import biggest_value
from pokerdb.storage.run_hands import ROW_COLUMNS, seat_hands_sql
from pokerdb.storage.schema import player_days, player_runs
from pokerdb.storage.summary_keys import TEXTED_DAYS, TEXTED_RUNS

revision: str = "0033"
down_revision: str | None = "0032"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TEXTS = ("site", "currency", "stakes")
# A row's summary_keys row, `k`, of its texts in `o` (player_days' big blind NULL for none).
_JOINED = ("k.site = o.site AND k.currency = o.currency AND k.stakes = o.stakes "
           "AND k.big_blind = COALESCE(o.big_blind, 0)")


def upgrade() -> None:
    op.create_table(
        "summary_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        *(sa.Column(name, sa.String(), nullable=False) for name in _TEXTS),
        sa.Column("big_blind", Amount(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_summary_keys"),
        sa.UniqueConstraint(*_TEXTS, "big_blind",
                            name="uq_summary_keys_site_currency_stakes_big_blind"),
    )
    op.execute("INSERT INTO summary_keys (site, currency, stakes, big_blind)\n"
               "SELECT site, currency, stakes, COALESCE(big_blind, 0) FROM player_days\n"
               "UNION SELECT site, currency, stakes, big_blind FROM player_runs\n"
               "ORDER BY 1, 2, 3, 4")
    for table in (player_days, player_runs):
        _copied(table, {"key_id": "k.id"}, _JOINED)
    op.execute(f"UPDATE player_runs SET biggest = '' "
               f"WHERE last_deal - first_deal < {run_biggest.KEPT_SPAN}")


def downgrade() -> None:
    for table in (TEXTED_DAYS, TEXTED_RUNS):
        big_blind = "NULLIF(k.big_blind, 0)" if table is TEXTED_DAYS else "k.big_blind"
        _copied(table, {**{name: f"k.{name}" for name in _TEXTS}, "big_blind": big_blind},
                "k.id = o.key_id")
    op.drop_table("summary_keys")
    dialect = op.get_bind().dialect.name
    hands = seat_hands_sql(dialect, {name: f"player_runs.{name}" for name in ROW_COLUMNS})
    op.execute(f"UPDATE player_runs SET biggest = "
               f"{biggest_value(dialect, hands, 'player_runs.first_deal')}\n"
               f"WHERE biggest = '' AND hands > 1 AND known > 0")


def _copied(table: sa.Table, values: Mapping[str, str], joined: str) -> None:
    """`table` made again as given, its rows copied in its key's order from the table as it
    was (`o`), joined to summary_keys (`k`) on `joined`: each column the same column of `o`,
    or as `values` gives it."""
    remade(table.name, [made_column(column) for column in table.columns],
           [column.name for column in table.primary_key.columns],
           {column.name: values.get(column.name, f"o.{column.name}") for column in table.columns},
           f"JOIN summary_keys k ON {joined}")
