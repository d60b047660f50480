"""hand_cards keeps a row only where the cards are known: a recorded hand's seat whose hole cards
were never shown ('????') had a row of NULL cards (at 100,000 HandHQ-shaped hands, 429,409 of
the 455,277 rows: 51 of the 57 bytes a hand of the table). seats referred to hand_cards for its
key, and the `hands` view listed every hand from hand_cards; now seats refers to its deal
(deals.id, deleted with it), and the view lists every seat from seats, its cards from
hand_cards where known (NULL otherwise, as before), and the hands without a seat (deal files)
from hand_cards: the same rows and columns. A query of one deal reads each part by its key, and
one of a player by name reads seats with each seat's name first.

The upgrade deletes the rows of NULL cards: on SQLite after seats is made anew with its new
key (SQLite cannot change a table's foreign key in place; its views, which name seats, are
dropped and made again: at 100,000 HandHQ-shaped hands, 1 s, the file 70.1 MB before, 90.4
MB after, 60.3 MB vacuumed), on PostgreSQL after seats' key to hand_cards is dropped, and before
its key to deals is added (on the partitioned table: each dataset's partitions with it). The
downgrade puts a row of NULL cards back for every seat without one, and seats' key back.
SQLite keeps the pages freed for the rows to come until a VACUUM; PostgreSQL reuses the space
once vacuumed.

Revision ID: 0030
Revises: 0029
Create Date: 2026-12-07
"""

from collections.abc import Sequence
from typing import NamedTuple

import sqlalchemy as sa
from alembic import op

revision: str = "0030"
down_revision: str | None = "0029"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


class _Key(NamedTuple):
    """A foreign key of seats: its name, the table it refers to, its columns and theirs."""

    name: str
    table: str
    columns: list[str]
    referred: list[str]

    def sql(self) -> str:
        """The key as SQLite's schema text (SQLAlchemy's CREATE TABLE) writes it."""
        return (f"CONSTRAINT {self.name} FOREIGN KEY({', '.join(self.columns)}) REFERENCES "
                f"{self.table} ({', '.join(self.referred)}) ON DELETE CASCADE")


_TO_CARDS = _Key("fk_seats_deal_id_hand_cards", "hand_cards", ["deal_id", "player"],
                 ["deal_id", "player"])
_TO_DEALS = _Key("fk_seats_deal_id_deals", "deals", ["deal_id"], ["id"])
_OLD_SEATS = "seats_rekeyed"  # on SQLite, the table while its rows are copied


def upgrade() -> None:
    _rekey_seats(_TO_CARDS, _TO_DEALS, _hands_view(op.get_bind().dialect.name),
                 after="DELETE FROM hand_cards WHERE cards IS NULL")


def downgrade() -> None:
    _rekey_seats(_TO_DEALS, _TO_CARDS, _earlier_hands_view(op.get_bind().dialect.name),
                 before="INSERT INTO hand_cards (deal_id, player, cards) "
                        "SELECT s.deal_id, s.player, NULL FROM seats s WHERE NOT EXISTS "
                        "(SELECT 1 FROM hand_cards c WHERE c.deal_id = s.deal_id "
                        "AND c.player = s.player)")


def _rekey_seats(old: _Key, new: _Key, hands: str, before: str | None = None,
                 after: str | None = None) -> None:
    """seats' foreign key `old` replaced by `new`, the statement `before` run while seats has
    its old key, `after` once it has neither, and the `hands` view made anew as `hands`."""
    bind = op.get_bind()
    if bind.dialect.name != "sqlite":
        op.execute("DROP VIEW hands")
        if before:
            op.execute(before)
        op.drop_constraint(old.name, "seats", type_="foreignkey")
        if after:
            op.execute(after)
        op.create_foreign_key(new.name, "seats", new.table, new.columns, new.referred,
                              ondelete="CASCADE")
        op.execute(hands)
        return
    # Every view, made again as it was (but hands): SQLite's RENAME rewrites the views that
    # name a table, and renames none while a view names a table missing.
    views = bind.execute(sa.text("SELECT name, sql FROM sqlite_master WHERE type = 'view' "
                                 "ORDER BY rowid")).all()
    for name, _ in views:
        op.execute(f"DROP VIEW {name}")
    if before:
        op.execute(before)
    _rebuild_seats(bind, old, new)
    if after:
        op.execute(after)
    for name, sql in views:
        op.execute(hands if name == "hands" else sql)


def _rebuild_seats(bind: sa.Connection, old: _Key, new: _Key) -> None:
    """SQLite: seats made again from its own CREATE TABLE, its foreign key `old` written as
    `new`, with its rows and indexes."""
    table, *indexes = bind.execute(sa.text(
        "SELECT sql FROM sqlite_master WHERE tbl_name = 'seats' AND sql IS NOT NULL "
        "ORDER BY type = 'index', name")).scalars().all()
    assert table.count(old.sql()) == 1, "seats' foreign key as the schema writes it"
    op.execute(f"ALTER TABLE seats RENAME TO {_OLD_SEATS}")
    for sql in indexes:  # each went with the table: its name is free once dropped
        op.execute(f"DROP INDEX {sql.split()[2]}")
    op.execute(table.replace(old.sql(), new.sql()))
    op.execute(f"INSERT INTO seats SELECT * FROM {_OLD_SEATS}")
    op.execute(f"DROP TABLE {_OLD_SEATS}")
    for sql in indexes:
        op.execute(sql)


def _earlier_hands_view(dialect: str) -> str:
    """The `hands` view as revision 0027 made it (and 0028 kept it): every hand listed from
    hand_cards."""
    made = op.get_context().script.get_revision("0027")
    assert made is not None
    view: str = made.module._hands_view(dialect, numbered=True)
    return view


def _hands_view(dialect: str) -> str:
    """The `hands` view of revision 0027's rows and columns, where hand_cards has no row for a
    seat whose cards are unknown: its hands are every seat (from seats, with its name and its
    cards, NULL where hand_cards has none), then every hand without a seat (a deal file's), as
    0027's view lists them. The name is read with its seat, so that a query of one player's
    hands finds them there (SQLite reads the name's number by the name first, then seats)."""
    view = _earlier_hands_view(dialect)
    create = "\nCREATE VIEW hands AS\n"
    name, named = "\n       n.name,\n", "\nLEFT JOIN player_names n ON n.id = s.name_id"
    assert view.startswith(create) and view.count(name) == 1 and view.endswith(named), \
        "revision 0027's hands view"
    columns, joins = view.removeprefix(create).split("\nFROM hand_cards c\n")
    hands = ("(SELECT s.deal_id, s.player, h.cards, n.name FROM seats s\n"
             "      LEFT JOIN player_names n ON n.id = s.name_id\n"
             "      LEFT JOIN hand_cards h ON h.deal_id = s.deal_id AND h.player = s.player\n"
             "      UNION ALL\n"
             "      SELECT h.deal_id, h.player, h.cards, NULL FROM hand_cards h WHERE NOT EXISTS\n"
             "      (SELECT 1 FROM seats s WHERE s.deal_id = h.deal_id AND s.player = h.player))")
    columns = columns.replace(name, "\n       c.name,\n")
    return f"{create}{columns}\nFROM {hands} c\n{joins.removesuffix(named)}"
