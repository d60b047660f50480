"""The texts of deals repeated from hand to hand stored by number (storage.deal_texts): the venue
in a new table venue_names, the stakes in stakes_names, the file a hand comes from in
source_names (its "#KEY" in a .phhs kept in deals.source_key, the text after the first "#"),
the table in table_names (revision 0026's, which numbers player_runs' tables). HandHQ's
deals held some 60 bytes of them a hand. The view seat_stats shows the stakes through
stakes_names. The downgrade writes the texts back into deals (table_names keeps its rows).
The upgrade rewrites every row of deals: on SQLite the pages freed stay in the file until
VACUUM, on PostgreSQL each row leaves its old version behind.

Revision ID: 0029
Revises: 0028
Create Date: 2026-12-07
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.storage.packed_counts import seat_stats_view_sql
from pokerdb.storage.player_stats import GROUPINGS, create_view

revision: str = "0029"
down_revision: str | None = "0028"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NEW_TABLES = ("source_names", "venue_names", "stakes_names")
# Each text's column in deals before, its number's column, and the table numbering it.
TEXTS = (("source", "source_id", "source_names"), ("venue", "venue_id", "venue_names"),
         ("table_name", "table_name_id", "table_names"), ("stakes", "stakes_id", "stakes_names"))


def upgrade() -> None:
    _drop_views()
    for name in NEW_TABLES:
        op.create_table(
            name,
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("name", sa.String(), nullable=False),
            sa.PrimaryKeyConstraint("id", name=f"pk_{name}"),
            sa.UniqueConstraint("name", name=f"uq_{name}_name"),
        )
    for _, number, _ in TEXTS:
        op.add_column("deals", sa.Column(number, sa.Integer(), nullable=True))
    op.add_column("deals", sa.Column("source_key", sa.String(), nullable=True))
    find = "instr(source, '#')" if op.get_bind().dialect.name == "sqlite" else \
        "strpos(source, '#')"
    op.execute(f"UPDATE deals SET source_key = substr(source, {find} + 1), "
               f"source = substr(source, 1, {find} - 1) WHERE {find} > 0")
    for text, number, names in TEXTS:
        # Numbered as import numbers them (storage.numbered_texts): by first deal, then text.
        op.execute(f"INSERT INTO {names} (name) SELECT {text} FROM deals d "
                   f"WHERE {text} IS NOT NULL AND NOT EXISTS "
                   f"(SELECT 1 FROM {names} n WHERE n.name = d.{text}) "
                   f"GROUP BY {text} ORDER BY min(id), {text}")
        op.execute(f"UPDATE deals SET {number} = (SELECT n.id FROM {names} n "
                   f"WHERE n.name = deals.{text}) WHERE {text} IS NOT NULL")
    for text, _, _ in TEXTS:
        op.execute(f"ALTER TABLE deals DROP COLUMN {text}")
    _create_views(texts=True)


def downgrade() -> None:
    _drop_views()
    for text, number, names in TEXTS:
        op.add_column("deals", sa.Column(text, sa.String(), nullable=True))
        op.execute(f"UPDATE deals SET {text} = (SELECT n.name FROM {names} n "
                   f"WHERE n.id = deals.{number}) WHERE {number} IS NOT NULL")
    op.execute("UPDATE deals SET source = source || '#' || source_key "
               "WHERE source_key IS NOT NULL")
    for _, number, _ in TEXTS:
        op.execute(f"ALTER TABLE deals DROP COLUMN {number}")
    op.execute("ALTER TABLE deals DROP COLUMN source_key")
    for name in NEW_TABLES:
        op.drop_table(name)
    _create_views(texts=False)


def _drop_views() -> None:
    """The views over deals' stakes, each before those it depends on."""
    for name in (*GROUPINGS.values(), "seat_stats"):
        op.execute(f"DROP VIEW {name}")


def _create_views(texts: bool) -> None:
    """The views over deals' stakes, reading them through stakes_names (`texts`); the players'
    statistics over the summaries keyed by the names' text, as they are until revision 0031."""
    dialect = op.get_bind().dialect.name
    op.execute(seat_stats_view_sql(texts=texts, packed=False))
    for by in GROUPINGS:
        op.execute(create_view(by, dialect, numbered=False))
