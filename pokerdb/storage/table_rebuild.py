"""A table made again by a revision that turns stored columns into generated ones or back
(revisions 0034, seats.packed; 0035, seats.extras; 0037, deals.extras): SQLite cannot add a
generated column to a table with rows, so the table is made anew from its own CREATE TABLE as
the revision writes it, and its rows copied (`rebuilt_table`); PostgreSQL alters it in place
(`generated_in_place`, `stored_in_place`), its views dropped first and made again after
(`dropped_views`). Each first refuses rows whose values the new column would not give back
exactly (`refuse_unfit`).
"""

import re
from collections.abc import Callable, Mapping, Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.errors import PokerdbError

# A seat's key, and how refuse_unfit names its values; a deal's.
SEAT_KEY = {"deal_id": "deal", "player": "player"}
DEAL_KEY = {"id": "deal"}


def replaced(table: str, old: str, new: str) -> str:
    """`table` (a CREATE TABLE) with its one `old` (a column's definition: whole, not the end
    of another column's name) written as `new`."""
    pattern = re.compile(rf"(?<!\w){re.escape(old)}")
    assert len(pattern.findall(table)) == 1, f"{old} as the schema writes it"
    return pattern.sub(lambda _: new, table)


def refuse_unfit(bind: sa.Connection, revision: str, table: str, keys: Mapping[str, str],
                 what: str, column: str, column_sql: str, generated: Mapping[str, str],
                 read: Sequence[str]) -> None:
    """Refuse the revision (PokerdbError naming the first row, by the labels of its `keys`,
    and how many) where a row's stored columns `generated` (each name's SQL over `column`)
    would not read back the same from `column` as the SQL `column_sql` makes it of the columns
    `read`; `what` names them."""
    same = " IS " if bind.dialect.name == "sqlite" else " IS NOT DISTINCT FROM "
    differ = " OR ".join(f"NOT (({sql}){same}{name})" for name, sql in generated.items())
    key = ", ".join(keys)
    first = bind.execute(sa.text(
        f"SELECT {key}, count(*) OVER () FROM (SELECT {key}, {', '.join(read)}, "
        f"{column_sql} AS {column} FROM {table}) s WHERE {differ} ORDER BY {key} LIMIT 1")
    ).first()
    if first is not None:
        *values, count = first
        named = ", ".join(f"{label} {value}"
                          for label, value in zip(keys.values(), values, strict=True))
        raise PokerdbError(f"revision {revision}: {count} {table}' {what} do not fit "
                           f"{table}.{column} (the first: {named})")


def _as_it_was(_: str, sql: str) -> str:
    """A view made again as it was."""
    return sql


def rebuilt_table(bind: sa.Connection, name: str, made: Callable[[str], str],
                  copied: Callable[[str], str], indexes: Mapping[str, str],
                  view: Callable[[str, str], str] = _as_it_was) -> None:
    """SQLite: the table `name` made again from its own CREATE TABLE as `made` writes it, with
    its rows (each stored column of the new table the SQL `copied` of its name, over the old
    table), its `indexes` (each one's name and CREATE INDEX) made again, and every view
    (SQLite's RENAME rewrites the views that name a table) as `view` makes it of its name and
    its CREATE VIEW (as it was, by default). The other tables' keys that refer to it keep its
    name (SQLite's legacy RENAME, foreign keys being off, as pokerdb leaves them:
    storage.engines)."""
    assert bind.execute(sa.text("PRAGMA foreign_keys")).scalar() == 0, "foreign keys are off"
    views = bind.execute(sa.text("SELECT name, sql FROM sqlite_master WHERE type = 'view' "
                                 "ORDER BY rowid")).all()
    for each, _ in views:
        op.execute(f"DROP VIEW {each}")
    table = bind.execute(sa.text("SELECT sql FROM sqlite_master WHERE name = :name"),
                         {"name": name}).scalar()
    assert table is not None
    aside = f"{name}_aside"  # the table while its rows are copied
    op.execute("PRAGMA legacy_alter_table = ON")
    op.execute(f"ALTER TABLE {name} RENAME TO {aside}")
    op.execute("PRAGMA legacy_alter_table = OFF")
    for index in indexes:  # went with the table: its name is free once dropped
        op.execute(f"DROP INDEX {index}")
    op.execute(made(table))
    stored = [column for column, hidden in bind.execute(sa.text(
        "SELECT name, hidden FROM pragma_table_xinfo(:name)"), {"name": name}) if hidden == 0]
    op.execute(f"INSERT INTO {name} ({', '.join(stored)}) "
               f"SELECT {', '.join(map(copied, stored))} FROM {aside}")
    op.execute(f"DROP TABLE {aside}")
    for sql in indexes.values():
        op.execute(sql)
    for each, sql in views:
        op.execute(view(each, sql))


def generated_in_place(bind: sa.Connection, table: str, defined: str, column: str,
                       column_sql: str, generated: Mapping[str, tuple[str, str]]) -> None:
    """PostgreSQL: `table` given the column `column` (as `defined`), set to the SQL
    `column_sql` of each row's stored columns `generated`, which are then dropped and added
    again (in one rewrite of the table) generated from it, each of its type and SQL there."""
    views = [sql for _, sql in dropped_views(bind)]
    op.execute(f"ALTER TABLE {table} ADD COLUMN {defined}")
    op.execute(f"UPDATE {table} SET {column} = {column_sql}")
    op.execute(f"ALTER TABLE {table} " + ", ".join(
        [f"DROP COLUMN {name}" for name in generated]
        + [f"ADD COLUMN {name} {kind} GENERATED ALWAYS AS ({sql}) STORED"
           for name, (kind, sql) in generated.items()]))
    for sql in views:
        op.execute(sql)


def stored_in_place(bind: sa.Connection, table: str, kinds: Mapping[str, str],
                    column: str) -> None:
    """PostgreSQL: `table`'s columns generated from `column` stored again, each of its type in
    `kinds`, and `column` dropped (generated_in_place undone)."""
    views = [sql for _, sql in dropped_views(bind)]
    op.execute(f"ALTER TABLE {table} " + ", ".join(
        f"ADD COLUMN {name}_stored {kind}" for name, kind in kinds.items()))
    op.execute(f"UPDATE {table} SET " + ", ".join(f"{name}_stored = {name}" for name in kinds))
    op.execute(f"ALTER TABLE {table} " + ", ".join(
        f"DROP COLUMN {name}" for name in [*kinds, column]))
    for name in kinds:
        op.execute(f"ALTER TABLE {table} RENAME COLUMN {name}_stored TO {name}")
    for sql in views:
        op.execute(sql)


def dropped_views(bind: sa.Connection) -> list[tuple[str, str]]:
    """PostgreSQL: every view of the schema dropped, the last made first; returns each one's
    name and the statement that makes it again, in the order they were made."""
    views = bind.execute(sa.text(
        "SELECT c.relname, pg_get_viewdef(c.oid) FROM pg_class c "
        "WHERE c.relkind = 'v' AND c.relnamespace = current_schema()::regnamespace "
        "ORDER BY c.oid")).all()
    for name, _ in reversed(views):
        op.execute(f"DROP VIEW {name}")
    return [(name, f"CREATE VIEW {name} AS {sql}") for name, sql in views]
