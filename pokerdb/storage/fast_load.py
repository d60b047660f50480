"""Three ways a large write runs faster without changing what it stores: indexes and keys built
once after the rows are in (keys_built_after, PostgreSQL), foreign keys checked once after a
large delete instead of row by row (references_checked_after, PostgreSQL), and Python's cyclic
garbage collector kept out of the way (without_cycle_collection).
"""

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from sqlalchemy import Connection, Table, text


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


@contextmanager
def references_checked_after(connection: Connection, referred: Sequence[Table]
                             ) -> Iterator[None]:
    """For a delete of many rows of the tables `referred` on PostgreSQL, by their owner: the
    foreign keys that refer to them are dropped, and added back once the block is done, in the
    same transaction, from the definitions the database had: each checks the rows left in one
    set-based pass, where deleting row by row runs every key's ON DELETE trigger once a row (a
    200,000-deal Hold'em dataset: 2.4 million trigger queries, 25 s). The tables are locked
    (ACCESS EXCLUSIVE) until the transaction ends. Nothing happens on SQLite, for a role that
    does not own the tables, or after the block fails: the transaction rolls the drops back."""
    if connection.dialect.name != "postgresql" or not referred:
        yield
        return
    names = {"keys": [table.name for table in referred], "tables": []}
    if not _owns(connection, names):
        yield
        return
    constraints = connection.execute(text(
        "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE contype = 'f' AND confrelid = ANY(CAST(:keys AS regclass[])) ORDER BY conname"),
        names).all()
    tables = sorted({*names["keys"], *(table for table, _, _ in constraints)})
    connection.exec_driver_sql(f"LOCK TABLE {', '.join(tables)} IN ACCESS EXCLUSIVE MODE")
    for table, name, _ in constraints:
        connection.exec_driver_sql(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
    yield
    for table, name, definition in constraints:
        connection.exec_driver_sql(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')


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
