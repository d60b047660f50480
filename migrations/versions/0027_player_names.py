"""Each player's name stored once: a new table player_names numbers the names, and seats holds
the number (name_id) instead of the text (HandHQ's names are 22-character hashes, about a
hundred bytes of a hand's 4.55 seats, for some 544,000 players in 97 million seats). The
views that show seats' names (seat_stats, with the number too; the player_stats views over
it; hands; player_tournaments and player_buy_in_tournaments) read them through player_names,
and the partial index of the all-in seats holds the number. The downgrade writes the names
back into seats. The upgrade rewrites every row of seats: on SQLite the pages freed stay in
the file until VACUUM, on PostgreSQL each row leaves its old version behind, which VACUUM
makes room of (VACUUM FULL gives the space back to the system).

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.storage.packed_counts import seat_stats_view_sql
from pokerdb.storage.player_stats import GROUPINGS, create_view
from pokerdb.storage.tournament_views import VIEWS, create_views
from pokerdb.storage.view_columns import amount_sql

revision: str = "0027"
down_revision: str | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ALLIN_WHERE = sa.text("allin = 1")
ALLIN_REST = ("position", "tracker_position", "net", "allin")  # after the name in the index


def upgrade() -> None:
    _drop_views()
    op.create_table(
        "player_names",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_player_names"),
        sa.UniqueConstraint("name", name="uq_player_names_name"),
    )
    # Numbered as import numbers them (storage.named_seats): by their first deal, then text.
    op.execute("INSERT INTO player_names (name) SELECT name FROM seats "
               "WHERE name IS NOT NULL GROUP BY name ORDER BY min(deal_id), name")
    _move_names(sa.Column("name_id", sa.Integer(), nullable=True),
                "UPDATE seats SET name_id = n.id FROM player_names n WHERE n.name = seats.name",
                "name")
    _create_views(numbered=True)


def downgrade() -> None:
    _drop_views()
    _move_names(sa.Column("name", sa.String(), nullable=True),
                "UPDATE seats SET name = n.name FROM player_names n WHERE n.id = seats.name_id",
                "name_id")
    op.drop_table("player_names")
    _create_views(numbered=False)


def _move_names(added: sa.Column[object], fill: str, dropped: str) -> None:
    """seats' column of the names (`dropped`) made again as `added`, filled by the UPDATE
    `fill`, and the index of the all-in seats by it."""
    op.add_column("seats", added)
    op.execute(fill)
    op.drop_index("ix_seats_allin", "seats")
    op.execute(f"ALTER TABLE seats DROP COLUMN {dropped}")
    op.create_index("ix_seats_allin", "seats", [added.name, *ALLIN_REST],
                    sqlite_where=ALLIN_WHERE, postgresql_where=ALLIN_WHERE)


def _drop_views() -> None:
    """The views over seats' names, each before those it depends on."""
    for name in (*GROUPINGS.values(), "seat_stats", "hands", *reversed(VIEWS)):
        op.execute(f"DROP VIEW {name}")


def _create_views(numbered: bool) -> None:
    """The views over seats' names, reading them through player_names (`numbered`) or from
    seats (before this revision)."""
    dialect = op.get_bind().dialect.name
    op.execute(seat_stats_view_sql(numbered=numbered, texts=False, packed=False))
    for by in GROUPINGS:
        op.execute(create_view(by, dialect, numbered=False))
    op.execute(_hands_view(dialect, numbered))
    for statement in create_views(dialect, numbered):
        op.execute(statement)


def _hands_view(dialect: str, numbered: bool) -> str:
    """The `hands` view as revision 0017 made it, its seat's name read through player_names
    (`numbered`)."""
    made = op.get_context().script.get_revision("0017")
    assert made is not None
    view: str = made.module._hands_view(lambda column: amount_sql(column, dialect),
                                        currency=True)
    if not numbered:
        return view
    name = "\n       s.name,\n"
    seats = "\nLEFT JOIN seats s ON s.deal_id = c.deal_id AND s.player = c.player"
    assert view.count(name) == 1 and view.endswith(seats), "revision 0017's hands view"
    return (view.replace(name, "\n       n.name,\n")
            + "\nLEFT JOIN player_names n ON n.id = s.name_id")
