"""Three ways a large write runs faster without changing what it stores: indexes and keys built
once after the rows are in (keys_built_after, PostgreSQL), foreign keys checked once after a
large write or delete instead of row by row (foreign_keys_checked_after, PostgreSQL), and
Python's cyclic garbage collector kept out of the way (without_cycle_collection).
"""

import gc
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext

from sqlalchemy import Connection, Table, text

from pokerdb.storage.write_locks import skips_reference_triggers


@contextmanager
def keys_built_after(connection: Connection, keys: Sequence[Table],
                     indexes: Sequence[Table] = ()) -> Iterator[None]:
    """For a bulk writer filling tables that hold no rows yet (the first import into a
    database), on PostgreSQL: the primary keys of `keys` (with the foreign keys that refer to
    them) and the other indexes of `keys` and `indexes` are dropped, and built again once the
    rows are in, in the same transaction, from the definitions the database had. One sorted
    build costs a third of adding each row to a B-tree (2,000,000 hands: 0.4 s against 1.2
    s), which is how pg_restore loads too. Building them checks every row as adding each row
    would have. The tables are locked (ACCESS EXCLUSIVE) until the transaction ends: readers
    wait for the first import instead of seeing nothing. Nothing happens on SQLite, or after
    the block fails: the transaction rolls the drops back."""
    if connection.dialect.name != "postgresql" or not (keys or indexes):
        yield
        return
    names = {"keys": [table.name for table in keys],
             "tables": [table.name for table in (*keys, *indexes)]}
    # Only a table's owner may alter it; every other role adds each row to the indexes.
    if not _owns(connection, names):
        yield
        return
    connection.exec_driver_sql(f"LOCK TABLE {', '.join(names['tables'])} IN ACCESS EXCLUSIVE MODE")
    # (table, name, definition) of the constraints to build again, primary keys first.
    constraints = connection.execute(text(
        "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE (contype = 'p' AND conrelid = ANY(CAST(:keys AS regclass[]))) "
        "OR (contype = 'f' AND confrelid = ANY(CAST(:keys AS regclass[]))) "
        "ORDER BY contype DESC, conname"), names).all()
    plain_indexes = connection.execute(text(
        "SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index "
        "WHERE indrelid = ANY(CAST(:tables AS regclass[])) AND NOT EXISTS "
        "(SELECT FROM pg_constraint WHERE conindid = indexrelid) ORDER BY 1"), names).all()
    for table, name, _ in reversed(constraints):
        connection.exec_driver_sql(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
    for name, _ in plain_indexes:
        connection.exec_driver_sql(f"DROP INDEX {name}")
    yield
    # Sorting a B-tree's entries in memory instead of in files on disk.
    connection.exec_driver_sql("SET LOCAL maintenance_work_mem = '256MB'")
    for table, name, definition in constraints:
        connection.exec_driver_sql(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')
    for _, definition in plain_indexes:
        connection.exec_driver_sql(definition)


# A bulk write or delete of at least 1 / CHECK_AFTER_SHARE as many deals as the database holds
# besides has its foreign keys checked once, after (foreign_keys_checked_after): checking the
# rows of a key once costs about a ninth of checking each row as it is written or deleted
# (PostgreSQL: 1 us against 9 us a row and key, with the row locks the per-row check takes).
CHECK_AFTER_SHARE = 8


@contextmanager
def foreign_keys_checked_after(connection: Connection, *, referring_to: Sequence[Table] = (),
                               held_by: Sequence[Table] = ()) -> Iterator[None]:
    """For a large write or delete on PostgreSQL, by the tables' owner: the foreign keys that
    refer to the tables `referring_to` (checked as their rows are deleted) and those held by
    the tables `held_by` (checked as their rows are written) are dropped, and added back once
    the block is done, in the same transaction, from the definitions the database had: each
    checks every row in one set-based pass, where row by row each key runs a trigger a row (a
    200,000-deal Hold'em dataset deleted: 2.4 million trigger queries, 25 s). The tables are
    locked (ACCESS EXCLUSIVE) until the transaction ends. Nothing happens on SQLite, for a role
    that does not own the tables, or after the block fails: the transaction rolls the drops
    back."""
    names = {"keys": [table.name for table in referring_to],
             "tables": [table.name for table in held_by]}
    if connection.dialect.name != "postgresql" or not _owns(connection, names):
        yield
        return
    constraints = connection.execute(text(
        "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid), "
        "confrelid::regclass::text FROM pg_constraint WHERE contype = 'f' AND "
        "(confrelid = ANY(CAST(:keys AS regclass[])) OR conrelid = ANY(CAST(:tables AS "
        "regclass[]))) ORDER BY conname"), names).all()
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
    return foreign_keys_checked_after(connection, held_by=held_by)


@contextmanager
def checked_after_once_large(connection: Connection, held_by: Sequence[Table],
                             held: int) -> Iterator[Callable[[int], None]]:
    """For a bulk writer adding deals to a database that holds `held` deals: yields wrote(n),
    to be called after each n deals written. From the call that brings the deals written to
    at least held / CHECK_AFTER_SHARE on, the foreign keys held by `held_by` are checked once,
    after the block (foreign_keys_checked_after), instead of row by row: the rows written so
    far were checked already. Not for a role that skips the per-row checks anyway
    (write_locks.skips_reference_triggers)."""
    with ExitStack() as later:
        written = 0
        switched = skips_reference_triggers(connection)

        def wrote(deals: int) -> None:
            nonlocal written, switched
            written += deals
            if not switched and written * CHECK_AFTER_SHARE >= held:
                later.enter_context(foreign_keys_checked_after(connection, held_by=held_by))
                switched = True

        yield wrote


def _owns(connection: Connection, names: dict[str, list[str]]) -> bool:
    """Whether the connecting role owns the tables named in names["tables"], those named in
    names["keys"] and every table whose foreign keys refer to these."""
    return bool(connection.scalar(text(
        "SELECT bool_and(pg_has_role(relowner, 'USAGE')) FROM pg_class WHERE oid IN "
        "(SELECT unnest(CAST(:tables AS regclass[])) UNION "
        "SELECT unnest(CAST(:keys AS regclass[])) UNION SELECT conrelid "
        "FROM pg_constraint WHERE confrelid = ANY(CAST(:keys AS regclass[])))"), names))


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
