"""seats' position, flags, showed and postflop_folds held by one integer, seats.packed
(storage.schema.seat_bits), and generated from it as the columns of those names, with the same
types and values: on SQLite computed as they are read (VIRTUAL), stored by none; on PostgreSQL
STORED (its only kind before 18), after the table's other columns. Every column left 0 or 1 or
NULL took a byte of each row's header, and the positions their text: at 100,000 HandHQ-shaped
hands, the five columns took 38 bytes a deal of SQLite, `packed` takes 13 (seats 207 bytes a
deal of pages where they took 236, the file 540 where it took 569). The partial index
ix_seats_allin holds `packed` instead of the positions, and the view seat_stats reads the
positions and counts from `packed`: SQLite reads the all-in seats from the index alone only
where a query reads no generated column (allin, the index's condition, stays a column: SQLite
does not see that a view's expression is the condition of a partial index).

The upgrade first checks that `packed` holds every seat's values exactly (a position pokerdb
never wrote, or a count beyond its bits, refuses the upgrade, naming the first such seat).
SQLite cannot add a generated column to a table with rows: seats is made anew, as revision
0030 made it, its views dropped and made again (at 100,000 HandHQ-shaped hands, 1.8 s; the
file keeps the pages freed, 56 MB before, 77 MB after, 50 MB vacuumed). PostgreSQL drops the
five columns (its views
first, made again from their definitions) and adds them generated. The downgrade stores them
again from `packed`, and drops it.

Revision ID: 0034
Revises: 0033
Create Date: 2026-12-07
"""

from collections.abc import Callable, Sequence

from alembic import op

from pokerdb.storage.packed_counts import seat_stats_view_sql
from pokerdb.storage.schema.seat_bits import (
    FLAGS_SHIFT,
    FOLDS_BIT,
    GENERATED,
    POSITION_NAMES,
    SHOWED_BIT,
    SITE_POSITION,
)
from pokerdb.storage.table_rebuild import (
    SEAT_KEY,
    dropped_views,
    rebuilt_table,
    refuse_unfit,
    replaced,
)

revision: str = "0034"
down_revision: str | None = "0033"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Each generated column's type and its definition as stored until this revision: as SQLite's
# CREATE TABLE holds it (revisions 0011 and 0025 wrote it), and as PostgreSQL adds it back.
_STORED = {"showed": ("BOOLEAN", "NOT NULL"), "position": ("VARCHAR(8)", ""),
           "tracker_position": ("VARCHAR(8)", ""), "flags": ("INTEGER", "DEFAULT '0' NOT NULL"),
           "postflop_folds": ("SMALLINT", "DEFAULT '0' NOT NULL")}
_PACKED = "packed INTEGER DEFAULT '0' NOT NULL"
# The all-in seats' index, of the stored positions before, of `packed` since (SQLite reads the
# row of a seat whose generated column a query reads).
_INDEXES = {False: "CREATE INDEX ix_seats_allin ON seats (name_id, position, tracker_position, "
                   "net, allin) WHERE allin = 1",
            True: "CREATE INDEX ix_seats_allin ON seats (name_id, packed, net, allin) "
                  "WHERE allin = 1"}


def upgrade() -> None:
    bind = op.get_bind()
    refuse_unfit(bind, "0034", "seats", SEAT_KEY, "position, flags or counts", "packed",
                 _packed_sql(), GENERATED, list(GENERATED))
    if bind.dialect.name == "sqlite":
        rebuilt_table(bind, "seats", _generated_table,
                      lambda name: _packed_sql() if name == "packed" else name,
                      {"ix_seats_allin": _INDEXES[True]}, _views(packed=True))
        return
    views = [_views(packed=True)(name, sql) for name, sql in dropped_views(bind)]
    op.execute("ALTER TABLE seats ADD COLUMN packed INTEGER NOT NULL DEFAULT 0")
    op.execute(f"UPDATE seats SET packed = {_packed_sql()}")
    op.execute("DROP INDEX ix_seats_allin")
    op.execute("ALTER TABLE seats " + ", ".join(
        [f"DROP COLUMN {name}" for name in GENERATED]
        + [f"ADD COLUMN {name} {_STORED[name][0]} GENERATED ALWAYS AS ({sql}) STORED"
           f"{' NOT NULL' if 'NOT NULL' in _STORED[name][1] else ''}"
           for name, sql in GENERATED.items()]))
    op.execute(_INDEXES[True])
    for sql in views:
        op.execute(sql)


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        rebuilt_table(bind, "seats", _stored_table, lambda name: name,
                      {"ix_seats_allin": _INDEXES[False]}, _views(packed=False))
        return
    views = [_views(packed=False)(name, sql) for name, sql in dropped_views(bind)]
    op.execute("DROP INDEX ix_seats_allin")
    op.execute("ALTER TABLE seats " + ", ".join(
        [f"ADD COLUMN {name}_stored {kind} {defined.replace('NOT NULL', '')}"
         for name, (kind, defined) in _STORED.items()]))
    op.execute("UPDATE seats SET " + ", ".join(f"{name}_stored = {sql}"
                                               for name, sql in GENERATED.items()))
    op.execute("ALTER TABLE seats " + ", ".join(
        [f"DROP COLUMN {name}" for name in [*GENERATED, "packed"]]))
    for name, (_, defined) in _STORED.items():
        op.execute(f"ALTER TABLE seats RENAME COLUMN {name}_stored TO {name}")
        if "NOT NULL" in defined:
            op.execute(f"ALTER TABLE seats ALTER COLUMN {name} SET NOT NULL")
    op.execute(_INDEXES[False])
    for sql in views:
        op.execute(sql)


def _number_sql(column: str) -> str:
    """SQL for the number seat_bits gives the position `column` names (NULL for none)."""
    named = " ".join(f"WHEN '{name}' THEN {number}"
                     for number, name in enumerate(POSITION_NAMES, start=1))
    return (f"CASE {column} {named} ELSE CASE WHEN {column} LIKE 'UTG+%' "
            f"THEN {len(POSITION_NAMES)} + CAST(substr({column}, 5) AS INTEGER) END END")


def _packed_sql() -> str:
    """SQL for seats.packed of a seat's stored columns."""
    return (f"(COALESCE({_number_sql('tracker_position')}, "
            f"{_number_sql('position')} | {SITE_POSITION}, 0)"
            f" | (CAST(flags AS INTEGER) << {FLAGS_SHIFT})"
            f" | (CAST(showed AS INTEGER) << {SHOWED_BIT})"
            f" | (CAST(postflop_folds AS INTEGER) << {FOLDS_BIT}))")


def _generated_table(table: str) -> str:
    """SQLite: seats' CREATE TABLE with the columns generated from `packed`, and `packed`."""
    for name, (kind, defined) in _STORED.items():
        table = replaced(table, f"{name} {kind} {defined}".rstrip(), _generated(name))
    return replaced(table, "CONSTRAINT pk_seats", f"{_PACKED}, \n\tCONSTRAINT pk_seats")


def _stored_table(table: str) -> str:
    """SQLite: seats' CREATE TABLE as _generated_table had it."""
    table = replaced(table, f"{_PACKED}, \n\t", "")
    for name, (kind, defined) in _STORED.items():
        table = replaced(table, _generated(name), f"{name} {kind} {defined}".rstrip())
    return table


def _generated(name: str) -> str:
    """SQLite: the column `name` generated from `packed`, on a line of its own (SQLAlchemy's
    reflection reads a generated column's SQL to the last parenthesis of its line)."""
    kind, defined = _STORED[name]
    return (f"\n\t{name} {kind} GENERATED ALWAYS AS ({GENERATED[name]}) VIRTUAL"
            f"{' NOT NULL' if 'NOT NULL' in defined else ''}")


def _views(*, packed: bool) -> Callable[[str, str], str]:
    """The statement that makes a view again of its name and its own statement: seat_stats
    reading `packed` or not, the others as they were."""
    return lambda name, sql: seat_stats_view_sql(packed=packed) if name == "seat_stats" else sql
