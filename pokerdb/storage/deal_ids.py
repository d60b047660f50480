"""Deal ids are given once. An import numbers its deals on from the highest id ever given
(schema.id_marks), not from the highest one stored: after a delete of the newest dataset the
next import would otherwise take its ids again, and a window of results that evaluate or
equity read for the deleted deals (before the delete) would be stored onto the new ones.
Both run in the import's transaction, under its lock on deals (bulk.lock_for_bulk_write),
so two imports cannot take the same ids.
"""

from sqlalchemy import Connection, func, select, text

from pokerdb.storage.schema import deals, id_marks

MARK = "deals"  # id_marks.name of the deal ids' mark


def next_deal_id(connection: Connection) -> int:
    """The id of the first deal an import adds: above every id given so far, and above every
    deal stored (a row added by hand is not taken over either)."""
    highest, stored = connection.execute(select(
        select(id_marks.c.highest).where(id_marks.c.name == MARK).scalar_subquery(),
        select(func.max(deals.c.id)).scalar_subquery())).one()
    return max(highest or 0, stored or 0) + 1


def keep_deal_ids(connection: Connection, last: int) -> None:
    """Record that ids up to `last` are given, in the caller's transaction."""
    connection.execute(text(
        "INSERT INTO id_marks (name, highest) VALUES (:name, :last) ON CONFLICT (name) "
        "DO UPDATE SET highest = excluded.highest WHERE id_marks.highest < excluded.highest"),
        {"name": MARK, "last": last})
