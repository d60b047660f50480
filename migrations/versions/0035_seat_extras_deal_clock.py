"""Values that most rows leave NULL, or store as long texts, held by fewer and smaller stored
columns, and generated from them as the columns of their old names, with the same types and
values: on SQLite computed as they are read (VIRTUAL), stored by none; on PostgreSQL STORED,
after the table's other columns. Each stored column took a byte of every row's header.

seats' allin_stake, allin_pot and cashed_out are held by one value, seats.extras
(storage.schema.seat_extras: NULL for a seat with none of them, else a JSON array): 98.8 % of
HandHQ-shaped seats have none of the three, and a site's seats a cash-out of 0. deals' date and
time are held by two integers, deals.day (the date's ordinal) and deals.clock (the seconds of
the day; schema.deal_clock), where SQLite stored texts of 10 and 8 characters.

The upgrade first checks that the new columns give back every value exactly (refusing, naming
the first seat or deal that they do not; a time SQLAlchemy wrote with zero microseconds is read
back without them, the same time). SQLite cannot add a generated column to a table with rows
but a virtual one at its end: seats is made anew, as revision 0034 made it, its views dropped
and made again; deals gains `day` and `clock`, loses `date` and `time`, and gains them
generated. PostgreSQL drops the columns (its views first, made again from their definitions)
and adds them generated. The downgrade stores them again, and drops the new columns.

Revision ID: 0035
Revises: 0034
Create Date: 2026-12-07
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.errors import PokerdbError
from pokerdb.storage.schema.deal_clock import CLOCK, DATE_SQL, DAY, TIME_SQL
from pokerdb.storage.schema.held_values import EXTRAS, EXTRAS_DEFINED
from pokerdb.storage.schema.seat_extras import EXTRA_AMOUNTS, extra_sql, extras_sql
from pokerdb.storage.table_rebuild import (
    SEAT_KEY,
    dropped_views,
    generated_in_place,
    rebuilt_table,
    refuse_unfit,
    replaced,
    stored_in_place,
)

revision: str = "0035"
down_revision: str | None = "0034"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_STORED = "BIGINT"  # each amount's type, as SQLite's CREATE TABLE holds it (revision 0011)
_INDEX = {"ix_seats_allin": "CREATE INDEX ix_seats_allin ON seats (name_id, packed, net, "
                            "allin) WHERE allin = 1"}


def upgrade() -> None:
    bind = op.get_bind()
    dialect = bind.dialect.name
    refuse_unfit(bind, "0035", "seats", SEAT_KEY,
                 "all-in or cash-out amounts", EXTRAS, extras_sql(dialect),
                 {name: extra_sql(name, dialect) for name in EXTRA_AMOUNTS},
                 ["collected", *EXTRA_AMOUNTS])
    _check_moments(bind)
    _moments_up(bind)
    _seats_up(bind)


def _seats_up(bind: sa.Connection) -> None:
    """seats' amounts as `extras`."""
    dialect = bind.dialect.name
    if dialect == "sqlite":
        rebuilt_table(bind, "seats", _generated_table,
                      lambda name: extras_sql(dialect) if name == EXTRAS else name, _INDEX)
        return
    generated_in_place(bind, "seats", EXTRAS_DEFINED[dialect], EXTRAS, extras_sql(dialect),
                       {name: (_STORED, extra_sql(name, dialect)) for name in EXTRA_AMOUNTS})


def downgrade() -> None:
    bind = op.get_bind()
    _moments_down(bind)
    _seats_down(bind)


def _seats_down(bind: sa.Connection) -> None:
    """seats' amounts stored again."""
    if bind.dialect.name == "sqlite":
        rebuilt_table(bind, "seats", _stored_table, lambda name: name, _INDEX)
        return
    stored_in_place(bind, "seats", dict.fromkeys(EXTRA_AMOUNTS, _STORED), EXTRAS)


def _generated_table(table: str) -> str:
    """SQLite: seats' CREATE TABLE with the amounts generated from `extras`, and `extras`."""
    for name in EXTRA_AMOUNTS:
        table = replaced(table, f"{name} {_STORED}", _generated(name))
    return replaced(table, "CONSTRAINT pk_seats",
                     f"{EXTRAS_DEFINED['sqlite']}, \n\tCONSTRAINT pk_seats")


def _stored_table(table: str) -> str:
    """SQLite: seats' CREATE TABLE as _generated_table had it."""
    table = replaced(table, f"{EXTRAS_DEFINED['sqlite']}, \n\t", "")
    for name in EXTRA_AMOUNTS:
        table = replaced(table, _generated(name), f"{name} {_STORED}")
    return table


def _generated(name: str) -> str:
    """SQLite: the amount `name` generated from `extras`, on a line of its own (SQLAlchemy's
    reflection reads a generated column's SQL to the last parenthesis of its line)."""
    return f"\n\t{name} {_STORED} GENERATED ALWAYS AS ({extra_sql(name, 'sqlite')}) VIRTUAL"


# deals' date and time: each one's type and the integer that holds it (deal_clock).
_MOMENTS = {"date": ("DATE", DAY, DATE_SQL), "time": ("TIME", CLOCK, TIME_SQL)}


def _moments_sql(dialect: str) -> dict[str, str]:
    """SQL for deals.day and deals.clock of the stored date and time, as deal_clock's
    stored_day and stored_clock make them (SQLite's time a text of 8 characters, or 15 with
    its microseconds)."""
    if dialect == "sqlite":
        seconds = ("(CAST(substr(time, 1, 2) AS INTEGER) * 3600 + CAST(substr(time, 4, 2) AS "
                   "INTEGER) * 60 + CAST(substr(time, 7, 2) AS INTEGER))")
        fraction = "CAST(substr(time || '000000', 10, 6) AS INTEGER)"
        return {DAY: "CAST(julianday(date) - 1721424.5 AS INTEGER)",
                CLOCK: f"CASE WHEN {fraction} = 0 THEN {seconds} "
                       f"ELSE -1 - ({seconds} * 1000000 + {fraction}) END"}
    micro = "CAST(EXTRACT(EPOCH FROM time) * 1000000 AS BIGINT)"
    return {DAY: "date - DATE '0001-01-01' + 1",
            CLOCK: f"CASE WHEN {micro} % 1000000 = 0 THEN {micro} / 1000000 "
                   f"ELSE -1 - {micro} END"}


def _check_moments(bind: sa.Connection) -> None:
    """Refuse to hold as integers a date or time that they cannot give back: on SQLite one
    whose text is not as Date and Time write it (a time's zero microseconds, as SQLAlchemy
    wrote them, read back without them: the same time)."""
    dialect = bind.dialect.name
    moments = _moments_sql(dialect)
    if dialect == "sqlite":
        differ = (f"NOT ({DATE_SQL[dialect]} IS date) OR NOT ({TIME_SQL[dialect]} IS time "
                  f"OR {TIME_SQL[dialect]} || '.000000' = time)")
    else:
        differ = (f"({DATE_SQL[dialect]}) IS DISTINCT FROM date "
                  f"OR ({TIME_SQL[dialect]}) IS DISTINCT FROM time")
    first = bind.execute(sa.text(
        f"SELECT id, count(*) OVER () FROM (SELECT id, date, time, {moments[DAY]} AS {DAY}, "
        f"{moments[CLOCK]} AS {CLOCK} FROM deals) d WHERE {differ} ORDER BY id LIMIT 1")).first()
    if first is not None:
        deal, count = first
        raise PokerdbError(f"revision 0035: {count} deals' date or time do not fit deals.day "
                           f"and deals.clock (the first: deal {deal})")


def _moments_up(bind: sa.Connection) -> None:
    """deals' date and time as `day` and `clock`, and generated from them (SQLite adds a
    virtual generated column to a table with rows, at its end)."""
    dialect = bind.dialect.name
    views = [] if dialect == "sqlite" else [sql for _, sql in dropped_views(bind)]
    moments = _moments_sql(dialect)
    for name, kind in ((DAY, "INTEGER"), (CLOCK, "BIGINT")):  # microseconds: 37 bits
        op.execute(f"ALTER TABLE deals ADD COLUMN {name} {kind}")
    op.execute(f"UPDATE deals SET {DAY} = {moments[DAY]}, {CLOCK} = {moments[CLOCK]}")
    kept = "VIRTUAL" if dialect == "sqlite" else "STORED"
    for name, (kind, _, sql) in _MOMENTS.items():
        op.execute(f"ALTER TABLE deals DROP COLUMN {name}")
        op.execute(f"ALTER TABLE deals ADD COLUMN {name} {kind} GENERATED ALWAYS AS "
                   f"({sql[dialect]}) {kept}")
    for statement in views:
        op.execute(statement)


def _moments_down(bind: sa.Connection) -> None:
    """deals' date and time stored again, `day` and `clock` dropped."""
    views = [] if bind.dialect.name == "sqlite" else [sql for _, sql in dropped_views(bind)]
    for name, (kind, _, _) in _MOMENTS.items():
        op.execute(f"ALTER TABLE deals ADD COLUMN {name}_stored {kind}")
    op.execute("UPDATE deals SET " + ", ".join(f"{name}_stored = {name}" for name in _MOMENTS))
    for name in (*_MOMENTS, DAY, CLOCK):
        op.execute(f"ALTER TABLE deals DROP COLUMN {name}")
    for name in _MOMENTS:
        op.execute(f"ALTER TABLE deals RENAME COLUMN {name}_stored TO {name}")
    for statement in views:
        op.execute(statement)
