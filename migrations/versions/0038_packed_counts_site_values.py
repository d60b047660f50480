"""seats' postflop_aggressive and postflop_calls held by seats.packed's bits above those it held
(storage.schema.seat_bits.COUNT_BITS), and deals' site, button_seat, total_pot, fees, time_zone
and hero (which a HandHQ hand leaves NULL) by one nullable value, deals.site_values
(storage.schema.site_values): each generated as the columns of their old names, with the same
types and values, on SQLite computed as they are read (VIRTUAL), stored by none; on PostgreSQL
STORED, after the table's other columns. Each stored column took a byte of every row's header,
0, NULL or not.

The upgrade first checks that `packed` gives back every count, and `site_values` every value,
exactly (refusing, naming the first seat whose count is beyond its width, or the first deal).
SQLite cannot add a generated column to a table with rows: seats and deals are made anew from
their own CREATE TABLE with their rows copied in order (so that an upgraded database's tables
take the room a new one's do), the views dropped and made again. PostgreSQL sets `packed` and
adds `site_values`, drops the columns (its views first, made again from their definitions) and
adds them generated. The downgrade stores them again, clears the counts' bits of `packed` and
drops `site_values`.

Revision ID: 0038
Revises: 0037
Create Date: 2026-12-07
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.storage.schema.seat_bits import COUNT_BITS, GENERATED_COUNTS, PACKED
from pokerdb.storage.schema.site_values import (
    SITE_COLUMNS,
    SITE_VALUES,
    site_value_sql,
    site_values_sql,
)
from pokerdb.storage.table_rebuild import (
    DEAL_KEY,
    SEAT_KEY,
    dropped_views,
    generated_in_place,
    rebuilt_table,
    refuse_unfit,
    replaced,
    stored_in_place,
)

revision: str = "0038"
down_revision: str | None = "0037"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_STORED = "SMALLINT DEFAULT '0' NOT NULL"  # each count's definition, as SQLite's table has it
# `packed` without the counts' bits (all of them above the others').
_BELOW = (1 << min(at for at, _ in COUNT_BITS.values())) - 1
# Each of deals' columns' type, as both backends' CREATE TABLE write it.
_KINDS = {"site": "VARCHAR", "button_seat": "SMALLINT", "total_pot": "BIGINT", "fees": "BIGINT",
          "time_zone": "VARCHAR", "hero": "SMALLINT"}
assert list(_KINDS) == list(SITE_COLUMNS)
_DEAL_INDEX = {"ix_deals_dataset_id": "CREATE INDEX ix_deals_dataset_id ON deals (dataset_id)"}
_SEAT_INDEX = {"ix_seats_allin": "CREATE INDEX ix_seats_allin ON seats (name_id, packed, net, "
                                 "allin) WHERE allin = 1"}


def upgrade() -> None:
    bind = op.get_bind()
    dialect = bind.dialect.name
    refuse_unfit(bind, "0038", "seats", SEAT_KEY, "postflop counts", PACKED, _packed_sql(),
                 GENERATED_COUNTS, list(COUNT_BITS))
    refuse_unfit(bind, "0038", "deals", DEAL_KEY, "site values", SITE_VALUES,
                 site_values_sql(dialect),
                 {name: site_value_sql(name, dialect) for name in SITE_COLUMNS},
                 list(SITE_COLUMNS))
    _seats_up(bind)
    if dialect == "sqlite":
        rebuilt_table(bind, "deals", _generated_deals,
                      lambda name: site_values_sql(dialect) if name == SITE_VALUES else name,
                      _DEAL_INDEX)
        return
    generated_in_place(bind, "deals", f"{SITE_VALUES} JSONB", SITE_VALUES,
                       site_values_sql(dialect),
                       {name: (kind, site_value_sql(name, dialect))
                        for name, kind in _KINDS.items()})


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        rebuilt_table(bind, "deals", _stored_deals, lambda name: name, _DEAL_INDEX)
    else:
        stored_in_place(bind, "deals", _KINDS, SITE_VALUES)
    _seats_down(bind)


def _packed_sql() -> str:
    """SQL for seats.packed holding a seat's stored counts too."""
    return f"({PACKED} | " + " | ".join(f"(CAST({name} AS INTEGER) << {at})"
                                        for name, (at, _) in COUNT_BITS.items()) + ")"


def _seats_up(bind: sa.Connection) -> None:
    """seats' counts generated from `packed`."""
    if bind.dialect.name == "sqlite":
        rebuilt_table(bind, "seats", _generated_seats,
                      lambda name: _packed_sql() if name == PACKED else name, _SEAT_INDEX)
        return
    views = [sql for _, sql in dropped_views(bind)]
    op.execute(f"UPDATE seats SET {PACKED} = {_packed_sql()}")
    op.execute("ALTER TABLE seats " + ", ".join(
        [f"DROP COLUMN {name}" for name in COUNT_BITS]
        + [f"ADD COLUMN {name} SMALLINT GENERATED ALWAYS AS ({sql}) STORED NOT NULL"
           for name, sql in GENERATED_COUNTS.items()]))
    for sql in views:
        op.execute(sql)


def _seats_down(bind: sa.Connection) -> None:
    """seats' counts stored again, and cleared of `packed`."""
    if bind.dialect.name == "sqlite":
        rebuilt_table(bind, "seats", _stored_seats,
                      lambda name: f"{PACKED} & {_BELOW}" if name == PACKED else name,
                      _SEAT_INDEX)
        return
    views = [sql for _, sql in dropped_views(bind)]
    op.execute("ALTER TABLE seats " + ", ".join(
        f"ADD COLUMN {name}_stored SMALLINT NOT NULL DEFAULT 0" for name in COUNT_BITS))
    op.execute("UPDATE seats SET " + ", ".join(f"{name}_stored = {name}" for name in COUNT_BITS)
               + f", {PACKED} = {PACKED} & {_BELOW}")
    op.execute("ALTER TABLE seats " + ", ".join(f"DROP COLUMN {name}" for name in COUNT_BITS))
    for name in COUNT_BITS:
        op.execute(f"ALTER TABLE seats RENAME COLUMN {name}_stored TO {name}")
    for sql in views:
        op.execute(sql)


def _generated_seats(table: str) -> str:
    """SQLite: seats' CREATE TABLE with the counts generated from `packed`."""
    for name in COUNT_BITS:
        table = replaced(table, f"{name} {_STORED}, ", _generated_count(name))
    return table


def _stored_seats(table: str) -> str:
    """SQLite: seats' CREATE TABLE as _generated_seats had it."""
    for name in COUNT_BITS:
        table = replaced(table, _generated_count(name), f"{name} {_STORED}, ")
    return table


def _generated_count(name: str) -> str:
    """SQLite: the count `name` generated from `packed`, on a line of its own (SQLAlchemy's
    reflection reads a generated column's SQL to the last parenthesis of its line)."""
    return (f"\n\t{name} SMALLINT GENERATED ALWAYS AS ({GENERATED_COUNTS[name]}) VIRTUAL "
            f"NOT NULL, \n\t")


def _generated_deals(table: str) -> str:
    """SQLite: deals' CREATE TABLE with the columns generated from `site_values`, and
    `site_values`."""
    for name, kind in _KINDS.items():
        table = replaced(table, f"{name} {kind}, ", _generated_value(name, kind))
    return replaced(table, "CONSTRAINT pk_deals", f"{SITE_VALUES} TEXT, \n\tCONSTRAINT pk_deals")


def _stored_deals(table: str) -> str:
    """SQLite: deals' CREATE TABLE as _generated_deals had it."""
    table = replaced(table, f"{SITE_VALUES} TEXT, \n\t", "")
    for name, kind in _KINDS.items():
        table = replaced(table, _generated_value(name, kind), f"{name} {kind}, ")
    return table


def _generated_value(name: str, kind: str) -> str:
    """SQLite: the column `name` generated from `site_values`, on a line of its own."""
    return (f"\n\t{name} {kind} GENERATED ALWAYS AS ({site_value_sql(name, 'sqlite')}) "
            f"VIRTUAL, \n\t")
