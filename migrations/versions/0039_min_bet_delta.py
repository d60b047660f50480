"""deals.min_bet held as its difference from the deal's big blind, deals.min_bet_delta
(storage.schema.deal_min_bet): 0 where the two are equal, as in every HandHQ hand, which SQLite
stores in the record's header alone. min_bet is generated from it with the same type and
values: on SQLite computed as it is read (VIRTUAL), on PostgreSQL STORED, after the table's
other columns. The difference of two amounts gives each min_bet back exactly.

SQLite cannot add a generated column to a table with rows: deals is made anew from its own
CREATE TABLE with its rows copied in order (so that an upgraded database's table takes the room
a new one's does), the views dropped and made again. PostgreSQL adds `min_bet_delta`, drops
`min_bet` (its views first, made again from their definitions) and adds it generated. The
downgrade stores min_bet again and drops `min_bet_delta`.

Revision ID: 0039
Revises: 0038
Create Date: 2026-12-07
"""

from collections.abc import Sequence

from alembic import op

from pokerdb.storage.schema.deal_min_bet import GENERATED_MIN_BET, MIN_BET_DELTA, MIN_BET_DELTA_SQL
from pokerdb.storage.table_rebuild import (
    generated_in_place,
    rebuilt_table,
    replaced,
    stored_in_place,
)

revision: str = "0039"
down_revision: str | None = "0038"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_STORED = "min_bet BIGINT, "  # as SQLite's CREATE TABLE writes the stored column
# SQLite: min_bet generated, as _generated_deals writes it.
_GENERATED = f"\n\tmin_bet BIGINT GENERATED ALWAYS AS ({GENERATED_MIN_BET}) VIRTUAL, \n\t"
_DEAL_INDEX = {"ix_deals_dataset_id": "CREATE INDEX ix_deals_dataset_id ON deals (dataset_id)"}


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        rebuilt_table(bind, "deals", _generated_deals,
                      lambda name: MIN_BET_DELTA_SQL if name == MIN_BET_DELTA else name,
                      _DEAL_INDEX)
        return
    generated_in_place(bind, "deals", f"{MIN_BET_DELTA} BIGINT", MIN_BET_DELTA,
                       MIN_BET_DELTA_SQL, {"min_bet": ("BIGINT", GENERATED_MIN_BET)})


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        rebuilt_table(bind, "deals", _stored_deals, lambda name: name, _DEAL_INDEX)
    else:
        stored_in_place(bind, "deals", {"min_bet": "BIGINT"}, MIN_BET_DELTA)



def _generated_deals(table: str) -> str:
    """SQLite: deals' CREATE TABLE with min_bet generated from `min_bet_delta` (on a line of its
    own: SQLAlchemy's reflection reads a generated column's SQL to the last parenthesis of its
    line), and `min_bet_delta` last."""
    table = replaced(table, _STORED, _GENERATED)
    return replaced(table, "CONSTRAINT pk_deals",
                    f"{MIN_BET_DELTA} BIGINT, \n\tCONSTRAINT pk_deals")


def _stored_deals(table: str) -> str:
    """SQLite: deals' CREATE TABLE as _generated_deals had it."""
    table = replaced(table, f"{MIN_BET_DELTA} BIGINT, \n\t", "")
    return replaced(table, _GENERATED, _STORED)
