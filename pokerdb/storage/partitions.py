"""On PostgreSQL each dataset's rows of the deal tables (deals and DEAL_ROWS, partitioned by
range of the deal id in storage.schema) are partitions of their own, in a schema of their own
(`pokerdb_dataset_<id>`, tables named as their parents). Deal ids are given per dataset in one
run (storage.deal_ids), so the dataset's run is its partitions' range.

An import writes its rows into plain tables without keys or indexes (own_partitions): the
dataset's schema is put first on the transaction's search path, so that every statement of
the import naming `deals` or `hand_cards` reads and writes the dataset's own table. Once the
rows are in, each table is attached to its parent: the parent's indexes are built on it once,
sorted, and its foreign keys checked in one query over this partition alone, where rows
written through the parent add themselves to each index and run each key's trigger one by
one (a 200,000-deal Hold'em file beside 80,000 deals, as a role with ordinary rights: 5.3 s
against 1.36 s for deals, hand_cards and hand_values). A delete detaches and drops the
partitions (drop_partitions): 0.35 s where deleting the rows took 4.4 s. An import that
stores no hand values leaves hand_values without a partition of the dataset: each evaluate
window COPYs its values into a table of its own, attached as the partition of its deals
(values_partition).

Attaching a partition needs the role that owns the tables (may_attach): any other gets one
line saying so.
"""

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from sqlalchemy import Connection, text

from pokerdb.errors import PokerdbError
from pokerdb.storage.schema import DEAL_ROWS, deals, hand_cards, hand_values

# Each table before those whose rows refer to it: the order of attaching; detaching goes back.
PARTITIONED = (deals, hand_cards, *(table for table in DEAL_ROWS if table is not hand_cards))
PARTITIONED_NAMES = tuple(table.name for table in PARTITIONED)
# For the rest of a transaction that attaches partitions. Each foreign key's check is a query
# planned without statistics of the rows just written: compiling it (JIT) took longer than
# running it (1.0 s of 1.4 s over 560,000 hand values), and its hash of the referred table's
# keys, held in memory instead of in batches on disk, took 0.58-0.73 s instead of 0.68-0.81 s
# (400,000 hand cards against 480,000 deals). Each index is sorted in memory too.
ATTACHING = ("SET LOCAL jit = off", "SET LOCAL work_mem = '64MB'",
             "SET LOCAL maintenance_work_mem = '256MB'")
# For attaching an evaluate window's hand values: their key's check joins the window's rows to
# hand_cards, the whole partitioned table, which a hash or merge join reads end to end (every
# dataset's hands, for every window: 217 s to evaluate 3,000,000 deals in 30 windows, the last
# attaches reading 6 million hand cards each); a nested loop looks each hand up in the index
# of its own partition (40 s, the same rows; 2026-12-06, load 7).
PROBING = ("SET LOCAL enable_hashjoin = off", "SET LOCAL enable_mergejoin = off")
# Storage parameters of a table's partitions (a partitioned table holds none itself): see
# schema.deals.
STORAGE = {"deals": " WITH (fillfactor = 45)"}
# What a dataset's table takes of its parent's: the columns' defaults and generated columns
# (seats', revision 0034: a partition's column is generated where its parent's is).
_LIKE = "INCLUDING DEFAULTS INCLUDING GENERATED"


def dataset_schema(dataset_id: int) -> str:
    """The schema holding the partitions of a dataset's rows."""
    return f"pokerdb_dataset_{int(dataset_id)}"


def is_partitioned(connection: Connection) -> bool:
    """Whether the deal tables are partitioned (PostgreSQL, revision 0016 on)."""
    return connection.dialect.name == "postgresql" and bool(connection.scalar(text(
        "SELECT relkind = 'p' FROM pg_class WHERE oid = to_regclass('deals')")))


def may_attach(connection: Connection, doing: str) -> None:
    """Refuse, in one line, a role that may not add or drop partitions: one that does not own
    the deal tables, or may not create a schema in the database."""
    owner, owns, creates = connection.execute(text(
        "SELECT pg_get_userbyid(relowner), pg_has_role(relowner, 'USAGE'), "
        "has_database_privilege(current_database(), 'CREATE') FROM pg_class "
        "WHERE oid = to_regclass('deals')")).one()
    if not (owns and creates):
        role = connection.scalar(text("SELECT current_user"))
        why = ("does not own the deal tables" if not owns
               else "may not create a schema in this database")
        raise PokerdbError(
            f"PostgreSQL: {doing} adds or drops the dataset's own partitions of the deal "
            f"tables, which only their owner may do, with the right to create a schema in "
            f"the database; role {role} {why} (they belong to {owner}): connect as {owner}")


@contextmanager
def own_partitions(connection: Connection, dataset_id: int) -> Iterator[None]:
    """For an import of the dataset, on PostgreSQL: the block writes the dataset's rows into
    tables of its own (every statement naming a deal table reads and writes the dataset's
    own), which are attached to their parents after it, in the caller's transaction. Nothing
    happens on SQLite, or after the block fails: the transaction rolls it all back."""
    if not is_partitioned(connection):
        yield
        return
    may_attach(connection, "an import")
    schema = dataset_schema(dataset_id)
    parent = connection.scalar(text("SELECT current_schema()"))
    path = connection.scalar(text("SELECT current_setting('search_path')"))
    create_tables(connection, schema, parent)
    connection.execute(text("SELECT set_config('search_path', :path, true)"),
                       {"path": f"{schema}, {path}"})
    yield
    connection.execute(text("SELECT set_config('search_path', :path, true)"), {"path": path})
    first, last = connection.execute(text(f"SELECT min(id), max(id) FROM {schema}.deals")).one()
    attach_tables(connection, schema, parent, first, last)


def create_tables(connection: Connection, schema: str, parent: str,
                  names: Sequence[str] = PARTITIONED_NAMES) -> None:
    """The schema and, in it, an empty plain table like each partitioned one of `parent` (its
    columns, with their defaults and NOT NULL; no key, index or foreign key): those `names`
    (a revision's own, where they differ from the head's)."""
    statements = [f"CREATE SCHEMA {schema}"] + [
        f"CREATE TABLE {schema}.{name} (LIKE {parent}.{name} {_LIKE})"
        f"{STORAGE.get(name, '')}" for name in names]
    connection.exec_driver_sql("; ".join(statements))


def attach_tables(connection: Connection, schema: str, parent: str, first: int | None,
                  last: int | None, names: Sequence[str] = PARTITIONED_NAMES) -> None:
    """Attach the schema's tables (create_tables) to their parents as the partitions of deal
    ids first..last, which must hold every row written to them: each is checked, has the
    parents' indexes built and its foreign keys checked, once; but hand_values, dropped when
    it holds no rows (values_partition). No deals (first None): the schema is dropped
    instead."""
    if first is None or last is None:
        connection.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        return
    valued = connection.scalar(text(f"SELECT EXISTS (SELECT FROM {schema}.hand_values)"))
    statements = [*ATTACHING] + [_attach(parent, schema, name, first, last) for name in names
                                 if valued or name != hand_values.name]
    if not valued:  # evaluate's windows add partitions of their own (values_partition)
        statements.append(f"DROP TABLE {schema}.hand_values")
    connection.exec_driver_sql("; ".join(statements))


def _attach(parent: str, schema: str, name: str, first: int, last: int) -> str:
    """ALTER TABLE ... ATTACH PARTITION: the schema's table `name` as the partition of its
    parent holding deal ids first..last."""
    return (f"ALTER TABLE {parent}.{name} ATTACH PARTITION {schema}.{name} "
            f"FOR VALUES FROM ({int(first)}) TO ({int(last) + 1})")


def refill(connection: Connection, name: str, rows: Callable[[int, int], str]) -> None:
    """For a revision that makes a deal table anew (`name`, partitioned and empty): each
    dataset's rows in a table of its own in the dataset's schema, the SELECT `rows(first,
    last)` of its deal ids first..last, attached as the partition of its deals."""
    parent = connection.scalar(text("SELECT current_schema()"))
    for dataset_id, first, last in connection.execute(text(
            "SELECT dataset_id, min(id), max(id) FROM deals GROUP BY dataset_id")).all():
        schema = dataset_schema(dataset_id)
        connection.exec_driver_sql("; ".join([
            *ATTACHING,
            f"CREATE TABLE {schema}.{name} (LIKE {parent}.{name} {_LIKE})",
            f"INSERT INTO {schema}.{name} {rows(int(first), int(last))}",
            _attach(parent, schema, name, first, last)]))


def last_deal_of_dataset(connection: Connection, deal_id: int) -> int | None:
    """The highest id the partition of deals holding the deal may hold (None: no such deal),
    read from the catalog, which every role may read (is_partitioned)."""
    bound = connection.scalar(text(
        "SELECT pg_get_expr(c.relpartbound, c.oid) FROM pg_inherits i "
        "JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_namespace n ON n.oid = c.relnamespace "
        "WHERE i.inhparent = to_regclass('deals') AND n.nspname = 'pokerdb_dataset_' || "
        "(SELECT dataset_id FROM deals WHERE id = :id)"), {"id": deal_id})
    return None if bound is None else _bounds(bound)[1] - 1


def _bounds(bound: str) -> tuple[int, int]:
    """The first deal id and the one past the last of a partition's bound, as PostgreSQL
    writes it: FOR VALUES FROM ('1') TO ('1001')."""
    low, high = map(int, re.findall(r"\d+", bound))
    return low, high


@contextmanager
def values_partition(connection: Connection, first: int, last: int) -> Iterator[str | None]:
    """For an evaluate window of deals first..last of one dataset, on PostgreSQL: yields the
    name of a table of its own for the window's hand values, attached to hand_values as the
    partition of those deal ids after the block, which checks their foreign key in one query
    over the window alone (where through hand_values each value runs its key's check: 44 us
    a row on a partitioned hand_cards). Yields None, for the values to go through
    hand_values, on SQLite, and where a partition of hand_values holds some of these deals
    already (an import that evaluated them, a dataset partly evaluated before revision
    0016)."""
    dataset_id = (connection.scalar(text("SELECT dataset_id FROM deals WHERE id = :id"),
                                    {"id": first}) if is_partitioned(connection) else None)
    if dataset_id is None:
        yield None
        return
    schema = dataset_schema(dataset_id)
    bounds = connection.scalars(text(
        "SELECT pg_get_expr(c.relpartbound, c.oid) FROM pg_inherits i "
        "JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = to_regclass('hand_values') "
        "AND c.relnamespace = to_regnamespace(:schema)"), {"schema": schema}).all()
    for bound in bounds:
        low, high = _bounds(bound)
        if low <= last and first < high:
            yield None
            return
    may_attach(connection, "evaluate")
    parent = connection.scalar(text("SELECT current_schema()"))
    table = f"{schema}.hand_values_{int(first)}"
    connection.exec_driver_sql(
        f"CREATE TABLE {table} (LIKE {parent}.hand_values {_LIKE})")
    yield table
    connection.exec_driver_sql("; ".join([
        *ATTACHING, *PROBING, f"ALTER TABLE {parent}.hand_values ATTACH PARTITION {table} "
                    f"FOR VALUES FROM ({int(first)}) TO ({int(last) + 1})"]))


def drop_partitions(connection: Connection, dataset_id: int) -> None:
    """Detach and drop the dataset's partitions (those that exist), the tables whose rows
    refer to others first, in the caller's transaction (is_partitioned)."""
    may_attach(connection, "a delete")
    schema = dataset_schema(dataset_id)
    parent = connection.scalar(text("SELECT current_schema()"))
    # Each partition in the schema by its parent (hand_values may have one for each window
    # evaluate stored).
    held = connection.execute(text(
        "SELECT parent.relname, c.relname FROM pg_inherits i "
        "JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class parent ON parent.oid = i.inhparent "
        "WHERE c.relnamespace = to_regnamespace(:schema) AND c.relkind = 'r' ORDER BY 2"),
        {"schema": schema}).all()
    # Every parent locked at once, in the order detaching goes (hand_equities before
    # hand_cards): dropping a partition's foreign key locks the table it refers to, which an
    # equity window holding hand_equities could be waiting to read.
    parents = ", ".join(f"{parent}.{table.name}" for table in reversed(PARTITIONED))
    statements = [f"LOCK TABLE {parents} IN ACCESS EXCLUSIVE MODE"]
    statements += [statement for table in reversed(PARTITIONED)
                   for parent_name, name in held if parent_name == table.name
                   for statement in (
                       f"ALTER TABLE {parent}.{table.name} DETACH PARTITION {schema}.{name}",
                       f"DROP TABLE {schema}.{name}")]
    if held or connection.scalar(text("SELECT to_regnamespace(:schema) IS NOT NULL"),
                                 {"schema": schema}):
        statements.append(f"DROP SCHEMA {schema} CASCADE")
    connection.exec_driver_sql("; ".join(statements))
