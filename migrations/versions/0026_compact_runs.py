"""player_runs in fewer bytes: its tables by their numbers in a new table, table_names, instead
of their names; the biggest hands of a row of one hand of known result left to its first_deal
and net (''), the others' JSON without spaces; and no index of dataset_id (a dataset's removal
reads the table through, as it does player_totals). What the rows answer is unchanged.

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.storage.run_biggest import biggest_sql

revision: str = "0026"
down_revision: str | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "table_names",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_table_names"),
        sa.UniqueConstraint("name", name="uq_table_names_name"),
    )
    sqlite = op.get_bind().dialect.name == "sqlite"
    if sqlite:
        op.execute("INSERT INTO table_names (name) SELECT DISTINCT j.value FROM player_runs r, "
                   "json_each(r.tables) j ORDER BY 1")
        numbers = ("(SELECT json_group_array(id) FROM (SELECT t.id FROM json_each("
                   "player_runs.tables) j JOIN table_names t ON t.name = j.value ORDER BY 1))")
    else:
        op.execute("INSERT INTO table_names (name) SELECT DISTINCT "
                   "json_array_elements_text(tables::json) FROM player_runs ORDER BY 1")
        numbers = ("(SELECT replace(COALESCE(json_agg(t.id ORDER BY t.id)::text, '[]'), ' ', "
                   "'') FROM json_array_elements_text(player_runs.tables::json) j(name) "
                   "JOIN table_names t ON t.name = j.name)")
    op.execute(f"UPDATE player_runs SET tables = {numbers}, biggest = CASE WHEN hands = 1 AND "
               f"known = 1 THEN '' ELSE replace(biggest, ' ', '') END")
    op.drop_index("ix_player_runs_dataset_id", table_name="player_runs")


def downgrade() -> None:
    op.create_index("ix_player_runs_dataset_id", "player_runs", ["dataset_id"])
    if op.get_bind().dialect.name == "sqlite":
        names = ("(SELECT json_group_array(name) FROM (SELECT t.name FROM json_each("
                 "player_runs.tables) j JOIN table_names t ON t.id = j.value ORDER BY 1))")
    else:
        names = ("(SELECT COALESCE(json_agg(t.name ORDER BY t.name)::text, '[]') FROM "
                 "json_array_elements_text(player_runs.tables::json) j(id) "
                 "JOIN table_names t ON t.id = j.id::integer)")
    op.execute(f"UPDATE player_runs SET tables = {names}, biggest = {biggest_sql('player_runs')}")
    op.drop_table("table_names")
