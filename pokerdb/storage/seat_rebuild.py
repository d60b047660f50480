"""seats made again by a revision that turns stored columns into generated ones or back
(revisions 0034, seats.packed, and 0035, seats.extras): SQLite cannot add a generated column to
a table with rows, so the table is made anew from its own CREATE TABLE as the revision writes
it, and its rows copied (`rebuilt_seats`); PostgreSQL alters it in place, its views dropped
first and made again after (`dropped_views`). Each first refuses seats whose values the new
column would not give back exactly (`refuse_unfit`).
"""

import re
from collections.abc import Callable, Mapping, Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.errors import PokerdbError

_ASIDE = "seats_aside"  # on SQLite, the table while its rows are copied


def replaced(table: str, old: str, new: str) -> str:
    """`table` (seats' CREATE TABLE) with its one `old` (a column's definition: whole, not the
    end of another column's name) written as `new`."""
    pattern = re.compile(rf"(?<!\w){re.escape(old)}")
    assert len(pattern.findall(table)) == 1, f"seats' {old} as the schema writes it"
    return pattern.sub(lambda _: new, table)


def refuse_unfit(bind: sa.Connection, revision: str, what: str, column: str, column_sql: str,
                 generated: Mapping[str, str], read: Sequence[str]) -> None:
    """Refuse the revision (PokerdbError naming the first seat and how many) where a seat's
    stored columns `generated` (each name's SQL over `column`) would not read back the same from
    `column` as the SQL `column_sql` makes it of the columns `read`; `what` names them."""
    same = " IS " if bind.dialect.name == "sqlite" else " IS NOT DISTINCT FROM "
    differ = " OR ".join(f"NOT (({sql}){same}{name})" for name, sql in generated.items())
    first = bind.execute(sa.text(
        f"SELECT deal_id, player, count(*) OVER () FROM (SELECT deal_id, player, "
        f"{', '.join(read)}, {column_sql} AS {column} FROM seats) s "
        f"WHERE {differ} ORDER BY deal_id, player LIMIT 1")).first()
    if first is not None:
        deal, player, count = first
        raise PokerdbError(f"revision {revision}: {count} seats' {what} do not fit "
                           f"seats.{column} (the first: deal {deal}, player {player})")


def rebuilt_seats(bind: sa.Connection, made: Callable[[str], str],
                  copied: Callable[[str], str], index: str,
                  view: Callable[[str, str], str]) -> None:
    """SQLite: seats made again from its own CREATE TABLE as `made` writes it, with its rows
    (each stored column of the new table the SQL `copied` of its name, over the old table),
    its all-in seats' index as `index` makes it, and every view (SQLite's RENAME rewrites the
    views that name a table) as `view` makes it of its name and its CREATE VIEW."""
    views = bind.execute(sa.text("SELECT name, sql FROM sqlite_master WHERE type = 'view' "
                                 "ORDER BY rowid")).all()
    for name, _ in views:
        op.execute(f"DROP VIEW {name}")
    table = bind.execute(sa.text("SELECT sql FROM sqlite_master WHERE name = 'seats'")).scalar()
    assert table is not None
    op.execute(f"ALTER TABLE seats RENAME TO {_ASIDE}")
    op.execute("DROP INDEX ix_seats_allin")  # went with the table: its name is free once dropped
    op.execute(made(table))
    stored = [name for name, hidden in bind.execute(sa.text(
        "SELECT name, hidden FROM pragma_table_xinfo('seats')")) if hidden == 0]
    op.execute(f"INSERT INTO seats ({', '.join(stored)}) "
               f"SELECT {', '.join(map(copied, stored))} FROM {_ASIDE}")
    op.execute(f"DROP TABLE {_ASIDE}")
    op.execute(index)
    for name, sql in views:
        op.execute(view(name, sql))


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
