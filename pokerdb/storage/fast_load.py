"""Two ways a large write runs faster without changing what it stores: foreign keys checked once
after a large write into tables that hold rows already (evaluate's window: hand values stored
into a dataset's partition) instead of row by row (foreign_keys_checked_after, PostgreSQL), and
Python's cyclic garbage collector kept out of the way (without_cycle_collection). An import
fills tables of its own instead (storage.partitions).
"""

import gc
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext

from sqlalchemy import Connection, Table, text

from pokerdb.storage.write_locks import skips_reference_triggers

# A bulk write of at least 1 / CHECK_AFTER_SHARE as many deals as the database holds
# besides has its foreign keys checked once, after (foreign_keys_checked_after): checking the
# rows of a key once costs about a ninth of checking each row as it is written
# (PostgreSQL: 1 us against 9 us a row and key, with the row locks the per-row check takes).
CHECK_AFTER_SHARE = 8


@contextmanager
def foreign_keys_checked_after(connection: Connection, held_by: Sequence[Table]
                               ) -> Iterator[None]:
    """For a large write on PostgreSQL, by the tables' owner: the foreign keys held by the
    tables `held_by` (checked as their rows are written) are dropped, and added back once the
    block is done, in the same transaction, from the definitions the database had: each checks
    every row in one set-based pass, where row by row each key runs a trigger a row. The
    tables are locked (ACCESS EXCLUSIVE) until the transaction ends. Nothing happens on
    SQLite, for a role that does not own the tables, or after the block fails: the
    transaction rolls the drops back."""
    names = [table.name for table in held_by]
    if connection.dialect.name != "postgresql" or not _owns(connection, names):
        yield
        return
    # A partitioned table's own keys (not those PostgreSQL keeps for each partition).
    constraints = connection.execute(text(
        "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid), "
        "confrelid::regclass::text FROM pg_constraint WHERE contype = 'f' AND "
        "conparentid = 0 AND conrelid = ANY(CAST(:tables AS regclass[])) ORDER BY conname"),
        {"tables": names}).all()
    if not constraints:
        yield
        return
    tables = sorted({name for table, _, _, referred in constraints for name in (table, referred)})
    connection.exec_driver_sql(f"LOCK TABLE {', '.join(tables)} IN ACCESS EXCLUSIVE MODE")
    for table, name, _, _ in constraints:
        connection.exec_driver_sql(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
    yield
    # Each check is one query planned without statistics of the rows just written: compiling
    # it (JIT) took longer than running it (1.0 s of 1.4 s over 560,000 hand values).
    connection.exec_driver_sql("SET LOCAL jit = off")
    for table, name, definition, _ in constraints:
        connection.exec_driver_sql(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')


def checked_after_if_large(connection: Connection, held_by: Sequence[Table], written: int,
                           held: int) -> AbstractContextManager[None]:
    """foreign_keys_checked_after for the keys held by `held_by`, for a block writing rows of
    `written` deals into a database holding `held`, if that is at least held /
    CHECK_AFTER_SHARE and the role checks each row otherwise
    (write_locks.skips_reference_triggers); else a block that changes nothing."""
    if written * CHECK_AFTER_SHARE < held or skips_reference_triggers(connection):
        return nullcontext()
    return foreign_keys_checked_after(connection, held_by)


def _owns(connection: Connection, tables: list[str]) -> bool:
    """Whether the connecting role owns the tables."""
    return bool(connection.scalar(text(
        "SELECT bool_and(pg_has_role(relowner, 'USAGE')) FROM pg_class "
        "WHERE oid = ANY(CAST(:tables AS regclass[]))"), {"tables": tables}))


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """For a bulk load or rewrite: millions of small row objects, none of them in reference
    cycles, over which the cyclic garbage collector's passes cost a third of an import
    (2.3 s per million deals)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
