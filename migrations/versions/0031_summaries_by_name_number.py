"""The players' summaries (player_totals, player_days, player_runs) keyed by the number of the
player's name in player_names (name_id, as seats has been since revision 0027) instead of its
text: HandHQ's names are 22-character hashes, held in each row and again in each table's key.
player_runs' biggest hands are packed: each "deal,net" with its deal id less the row's
first_deal (a few digits instead of up to nine), ';' between them, instead of JSON of the ids
('' for none too, as for a row of one hand of known result). The views player_stats,
player_position_stats and player_stakes_stats read the names through player_names, one a
group. Each table is made again and its rows copied (a
WITHOUT ROWID table's key cannot change in place on SQLite); the downgrade copies them back
with the names' text and the whole deal ids.

Revision ID: 0031
Revises: 0030
Create Date: 2026-12-07
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.storage.player_stats import GROUPINGS, create_view
from pokerdb.storage.remade_tables import made_column, remade
from pokerdb.storage.run_biggest import biggest_value, hands_sql
from pokerdb.storage.schema import player_totals
from pokerdb.storage.summary_keys import TEXTED_DAYS, TEXTED_RUNS

revision: str = "0031"
down_revision: str | None = "0030"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# player_days and player_runs as this revision keeps them (their texts by number since 0033).
TABLES = (player_totals, TEXTED_DAYS, TEXTED_RUNS)


def upgrade() -> None:
    _drop_views()
    # Every name is there already (import and revision 0027 number the seats' names, and the
    # rows summed are of named seats), but a row whose name were not would be lost.
    for table in TABLES:
        op.execute(f"INSERT INTO player_names (name) SELECT DISTINCT t.name FROM {table.name} t "
                   f"WHERE NOT EXISTS (SELECT 1 FROM player_names n WHERE n.name = t.name) "
                   f"ORDER BY 1")
        _copied(table, numbered=True)
    _create_views(numbered=True)


def downgrade() -> None:
    _drop_views()
    for table in TABLES:
        _copied(table, numbered=False)
    _create_views(numbered=False)


def _drop_views() -> None:
    for name in GROUPINGS.values():
        op.execute(f"DROP VIEW {name}")


def _create_views(numbered: bool) -> None:
    dialect = op.get_bind().dialect.name
    for by in GROUPINGS:
        op.execute(create_view(by, dialect, numbered=numbered))


def _copied(table: sa.Table, numbered: bool) -> None:
    """`table` made again, its player by the number of its name (`numbered`) or by the name,
    and its rows copied in its key's order; player_runs' biggest hands by their deal ids less
    first_deal (`numbered`), or whole."""
    dialect = op.get_bind().dialect.name
    player = (sa.Column("name_id", sa.Integer(), nullable=False) if numbered
              else sa.Column("name", sa.String(), nullable=False))
    columns = [player if column.name == "name_id" else made_column(column)
               for column in table.columns]
    keys = [player.name if column.name == "name_id" else column.name
            for column in table.primary_key.columns]
    values = {column.name: f"o.{column.name}" for column in columns}
    values[player.name] = "n.id" if numbered else "n.name"
    if "biggest" in values:
        values["biggest"] = _biggest(dialect, numbered)
    joined = "n.name = o.name" if numbered else "n.id = o.name_id"
    remade(table.name, columns, keys, values, f"JOIN player_names n ON {joined}")


def _biggest(dialect: str, numbered: bool) -> str:
    """player_runs.biggest (of `o`) packed, by their deal ids less first_deal (`numbered`), or
    as JSON again, the deal ids whole: '' stays for a row of one hand of known result, and
    is a row's of none once packed ('[]' in JSON)."""
    if numbered:
        hands = hands_sql(dialect, "o", packed=False)
        return (f"CASE WHEN o.biggest = '' THEN '' "
                f"ELSE {biggest_value(dialect, hands, 'o.first_deal')} END")
    hands = hands_sql(dialect, "o", packed=True)
    return (f"CASE WHEN o.biggest = '' AND o.known > 0 THEN '' "
            f"ELSE {biggest_value(dialect, hands, '0', packed=False)} END")
