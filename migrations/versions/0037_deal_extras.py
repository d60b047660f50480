"""deals' columns that a HandHQ hand leaves NULL held by one nullable stored value, deals.extras
(storage.schema.deal_extras: NULL for a deal with none of them, else a JSON array), and
generated from it as the columns of their old names, with the same types and values: on SQLite
computed as they are read (VIRTUAL), stored by none; on PostgreSQL STORED, after the table's
other columns. Each stored column took a byte of every row's header, NULL or not.

The upgrade first checks that `extras` gives back every value exactly (refusing, naming the
first deal that it does not). SQLite cannot add a generated column to a table with rows: deals
is made anew from its own CREATE TABLE with its rows copied in order (so that an upgraded
database's deals take the room a new one's do), its views dropped and made again; the other
tables' keys keep referring to it. PostgreSQL drops the columns (its views first, made again
from their definitions) and adds them generated. The downgrade stores them again, and drops
`extras`.

Revision ID: 0037
Revises: 0036
Create Date: 2026-12-07
"""

from collections.abc import Sequence

from alembic import op

from pokerdb.storage.schema.deal_extras import DEAL_EXTRAS, deal_extra_sql, deal_extras_sql
from pokerdb.storage.schema.held_values import EXTRAS, EXTRAS_DEFINED
from pokerdb.storage.table_rebuild import (
    DEAL_KEY,
    generated_in_place,
    rebuilt_table,
    refuse_unfit,
    replaced,
    stored_in_place,
)

revision: str = "0037"
down_revision: str | None = "0036"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Each column's type, as both backends' CREATE TABLE write it.
_KINDS = {"allin_board": "VARCHAR(14)", "small_bet": "BIGINT", "big_bet": "BIGINT",
          "level": "VARCHAR", "tournament": "VARCHAR", "buy_in": "VARCHAR",
          "second_board": "VARCHAR(14)", "third_board": "VARCHAR(14)", "event": "VARCHAR",
          "bring_in": "BIGINT"}
assert list(_KINDS) == list(DEAL_EXTRAS)
_INDEX = {"ix_deals_dataset_id": "CREATE INDEX ix_deals_dataset_id ON deals (dataset_id)"}


def upgrade() -> None:
    bind = op.get_bind()
    dialect = bind.dialect.name
    refuse_unfit(bind, "0037", "deals", DEAL_KEY, "rarely filled values", EXTRAS,
                 deal_extras_sql(dialect),
                 {name: deal_extra_sql(name, dialect) for name in DEAL_EXTRAS}, list(DEAL_EXTRAS))
    if dialect == "sqlite":
        rebuilt_table(bind, "deals", _generated_table,
                      lambda name: deal_extras_sql(dialect) if name == EXTRAS else name, _INDEX)
        return
    generated_in_place(bind, "deals", EXTRAS_DEFINED[dialect], EXTRAS, deal_extras_sql(dialect),
                       {name: (kind, deal_extra_sql(name, dialect))
                        for name, kind in _KINDS.items()})


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        rebuilt_table(bind, "deals", _stored_table, lambda name: name, _INDEX)
        return
    stored_in_place(bind, "deals", _KINDS, EXTRAS)


def _generated_table(table: str) -> str:
    """SQLite: deals' CREATE TABLE with the columns generated from `extras`, and `extras`."""
    for name, kind in _KINDS.items():
        table = replaced(table, f"{name} {kind}, ", _generated(name, kind))
    return replaced(table, "CONSTRAINT pk_deals",
                    f"{EXTRAS_DEFINED['sqlite']}, \n\tCONSTRAINT pk_deals")


def _stored_table(table: str) -> str:
    """SQLite: deals' CREATE TABLE as _generated_table had it."""
    table = replaced(table, f"{EXTRAS_DEFINED['sqlite']}, \n\t", "")
    for name, kind in _KINDS.items():
        table = replaced(table, _generated(name, kind), f"{name} {kind}, ")
    return table


def _generated(name: str, kind: str) -> str:
    """SQLite: the column `name` generated from `extras`, on a line of its own (SQLAlchemy's
    reflection reads a generated column's SQL to the last parenthesis of its line)."""
    return (f"\n\t{name} {kind} GENERATED ALWAYS AS ({deal_extra_sql(name, 'sqlite')}) "
            f"VIRTUAL, \n\t")

