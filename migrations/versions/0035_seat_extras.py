"""seats' allin_stake, allin_pot and cashed_out held by one value, seats.extras
(storage.schema.seat_extras: NULL for a seat with none of them, else a JSON array), and
generated from it as the columns of those names, with the same types and values: on SQLite
computed as they are read (VIRTUAL), stored by none; on PostgreSQL STORED, after the table's
other columns. Each stored column took a byte of every row's header, though 98.8 % of
HandHQ-shaped seats have none of the three, and a site's seats a cash-out of 0.

The upgrade first checks that `extras` gives back every seat's amounts exactly (refusing,
naming the first seat that it does not). SQLite cannot add a generated column to a table with
rows: seats is made anew, as revision 0034 made it, its views dropped and made again.
PostgreSQL drops the three columns (its views first, made again from their definitions) and
adds them generated. The downgrade stores them again from `extras`, and drops it.

Revision ID: 0035
Revises: 0034
Create Date: 2026-12-07
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.errors import PokerdbError
from pokerdb.storage.schema.seat_extras import EXTRA_AMOUNTS, EXTRAS, extra_sql, extras_sql
from pokerdb.storage.seat_rebuild import dropped_views, rebuilt_seats, replaced

revision: str = "0035"
down_revision: str | None = "0034"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_STORED = "BIGINT"  # each amount's type, as SQLite's CREATE TABLE holds it (revision 0011)
_EXTRAS = {"sqlite": f"{EXTRAS} TEXT", "postgresql": f"{EXTRAS} JSONB"}
_INDEX = ("CREATE INDEX ix_seats_allin ON seats (name_id, packed, net, allin) "
          "WHERE allin = 1")


def upgrade() -> None:
    bind = op.get_bind()
    dialect = bind.dialect.name
    _check(bind)
    if dialect == "sqlite":
        rebuilt_seats(bind, _generated_table,
                      lambda name: extras_sql(dialect) if name == EXTRAS else name, _INDEX,
                      _same_view)
        return
    views = [sql for _, sql in dropped_views(bind)]
    op.execute(f"ALTER TABLE seats ADD COLUMN {_EXTRAS[dialect]}")
    op.execute(f"UPDATE seats SET {EXTRAS} = {extras_sql(dialect)}")
    op.execute("ALTER TABLE seats " + ", ".join(
        [f"DROP COLUMN {name}" for name in EXTRA_AMOUNTS]
        + [f"ADD COLUMN {name} {_STORED} GENERATED ALWAYS AS ({extra_sql(name, dialect)}) "
           f"STORED" for name in EXTRA_AMOUNTS]))
    for sql in views:
        op.execute(sql)


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        rebuilt_seats(bind, _stored_table, lambda name: name, _INDEX, _same_view)
        return
    views = [sql for _, sql in dropped_views(bind)]
    op.execute("ALTER TABLE seats " + ", ".join(
        f"ADD COLUMN {name}_stored {_STORED}" for name in EXTRA_AMOUNTS))
    op.execute("UPDATE seats SET " + ", ".join(f"{name}_stored = {name}"
                                               for name in EXTRA_AMOUNTS))
    op.execute("ALTER TABLE seats " + ", ".join(
        f"DROP COLUMN {name}" for name in [*EXTRA_AMOUNTS, EXTRAS]))
    for name in EXTRA_AMOUNTS:
        op.execute(f"ALTER TABLE seats RENAME COLUMN {name}_stored TO {name}")
    for sql in views:
        op.execute(sql)


def _check(bind: sa.Connection) -> None:
    """Refuse to hold in `extras` amounts that it cannot give back exactly."""
    dialect = bind.dialect.name
    same = " IS " if dialect == "sqlite" else " IS NOT DISTINCT FROM "
    differ = " OR ".join(f"NOT (({extra_sql(name, dialect)}){same}{name})"
                         for name in EXTRA_AMOUNTS)
    first = bind.execute(sa.text(
        f"SELECT deal_id, player, count(*) OVER () FROM (SELECT deal_id, player, collected, "
        f"{', '.join(EXTRA_AMOUNTS)}, {extras_sql(dialect)} AS {EXTRAS} FROM seats) s "
        f"WHERE {differ} ORDER BY deal_id, player LIMIT 1")).first()
    if first is not None:
        deal, player, count = first
        raise PokerdbError(f"revision 0035: {count} seats' all-in or cash-out amounts do not "
                           f"fit seats.extras (the first: deal {deal}, player {player})")


def _generated_table(table: str) -> str:
    """SQLite: seats' CREATE TABLE with the amounts generated from `extras`, and `extras`."""
    for name in EXTRA_AMOUNTS:
        table = replaced(table, f"{name} {_STORED}", _generated(name))
    return replaced(table, "CONSTRAINT pk_seats",
                     f"{_EXTRAS['sqlite']}, \n\tCONSTRAINT pk_seats")


def _stored_table(table: str) -> str:
    """SQLite: seats' CREATE TABLE as _generated_table had it."""
    table = replaced(table, f"{_EXTRAS['sqlite']}, \n\t", "")
    for name in EXTRA_AMOUNTS:
        table = replaced(table, _generated(name), f"{name} {_STORED}")
    return table


def _generated(name: str) -> str:
    """SQLite: the amount `name` generated from `extras`, on a line of its own (SQLAlchemy's
    reflection reads a generated column's SQL to the last parenthesis of its line)."""
    return f"\n\t{name} {_STORED} GENERATED ALWAYS AS ({extra_sql(name, 'sqlite')}) VIRTUAL"


def _same_view(_: str, sql: str) -> str:
    """A view made again as it was."""
    return sql
