"""SQLite's `hands` view reads a hand's values only where a query reads them: the same rows and
columns as revision 0030's, in a form SQLite answers faster.

SQLite leaves out a view's unused LEFT JOIN only in a query that is not an aggregate: a count or
a GROUP BY over `hands` joined every seat to its hand's values, descriptions, categories,
label and equities, whichever columns it read (at 1,000,000 HandHQ-shaped hands, 4.7 million
seats: `SELECT count(*) FROM hands` 7.2 s of CPU). Now each of those values is a subquery of
its own, which SQLite runs only where a query reads its column, keyed on the seat's `known`
(hand_cards' player: the tables of values refer to hand_cards), so that a seat whose cards were
never shown (most of a site's) skips it at the cost of a test. The hands themselves, their
deal and seat are read as before (every seat with its name and cards, then every hand of a deal
file). The count takes 4.3 s. A subquery's column keeps its declared type, so each column of
the view keeps its own.

PostgreSQL leaves out the joins a query does not read by itself: it keeps revision 0030's view.
The downgrade makes 0030's view again.

Revision ID: 0036
Revises: 0035
Create Date: 2026-12-07
"""

from collections.abc import Sequence

from alembic import op

from pokerdb.storage.view_columns import amount_sql

revision: str = "0036"
down_revision: str | None = "0035"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The seat's columns the view shows after its name, in order, and which are amounts.
_SEAT_COLUMNS = ("starting_stack", "showed", "put_in", "net", "winnings", "finishing_stack",
                 "allin_stake", "allin_pot", "ante", "blind", "seat_number", "position",
                 "collected", "raked", "cashed_out")
_SEAT_AMOUNTS = frozenset(_SEAT_COLUMNS) - {"showed", "seat_number", "position"}


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP VIEW hands")
        op.execute(hands_view_sql())


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        made = op.get_context().script.get_revision("0030")
        assert made is not None
        op.execute("DROP VIEW hands")
        op.execute(made.module._hands_view("sqlite"))


def _of(table: str, alias: str, value: str) -> str:
    """SQL for `value` of the row of `table` (as `alias`) of the hand c, NULL where there is none
    or the hand's cards are unknown. SQLite tests `c.known IS NOT NULL`, which reads no row of
    `table`, before it opens the table: a seat without known cards costs a test."""
    return (f"(SELECT {value} FROM {table} {alias} WHERE c.known IS NOT NULL "
            f"AND {alias}.deal_id = c.deal_id AND {alias}.player = c.known)")


def _described(naming: str, strength: str, value: str, categories: str = "") -> str:
    """SQL for `value` of the hand_descriptions row (d) of `strength` as the naming `naming`
    (SQL) names it, joined to `categories` if given."""
    return (f"(SELECT {value} FROM hand_descriptions d {categories}"
            f"WHERE d.strength = {naming} * 16777216 + {strength})")


def hands_view_sql() -> str:
    """SQLite's `hands` view since this revision."""
    variant = "FROM variants vr WHERE vr.code = dl.variant"
    high = f"COALESCE((SELECT vr.high_naming {variant}), 0)"
    category = (f"CASE WHEN {high} = 0 THEN CAST(v.strength >> 20 AS SMALLINT) "
                f"ELSE {_described(high, 'v.strength', 'd.category')} END")
    ranks = [f"CASE WHEN {high} = 0 THEN CAST(NULLIF((v.strength >> {shift}) & 15, 0) "
             f"AS SMALLINT) END" for shift in range(16, -1, -4)]
    keys = ",\n".join(f"       {_of('hand_values', 'v', rank)} AS k{slot}"
                      for slot, rank in enumerate(ranks, start=1))
    best = " || ' ' || ".join(f"substr(c.cards || ' ' || dl.board, 3 * ((v.best >> {shift}) "
                              f"& 7) + 1, 2)" for shift in range(12, -1, -3))
    low, low_naming = "vv.low_strength", f"(SELECT vr.low_naming {variant})"
    seats = ",\n".join(f"       {amount_sql('s.' + name, 'sqlite')} AS {name}"
                       if name in _SEAT_AMOUNTS else f"       s.{name}"
                       for name in _SEAT_COLUMNS)
    return f"""
CREATE VIEW hands AS
SELECT c.deal_id,
       c.player,
       c.cards,
       {_of('hand_values', 'v', category)} AS category,
{keys},
       {_of('hand_values', 'v', 'v.strength')} AS strength,
       {_of('hand_values', 'v', _described(high, 'v.strength', 'd.description'))
        } AS description,
       {_of('hand_labels', 'l', 'l.label')} AS label,
       COALESCE({_of('variant_values', 'vv', 'vv.best')},
                CASE WHEN dl.board IS NULL AND dl.variant IS NULL THEN c.cards
                     ELSE {_of('hand_values', 'v', best)} END) AS best,
       {_of('hand_values', 'v', f"(SELECT hc.name FROM categories hc WHERE hc.id = {category})")
        } AS category_name,
       {_of('variant_values', 'vv', low)} AS low_strength,
       {_of('variant_values', 'vv', _described(low_naming, low, 'd.category'))
        } AS low_category,
       {_of('variant_values', 'vv', _described(low_naming, low, 'lc.name',
                                               'JOIN categories lc ON lc.id = d.category '))
        } AS low_category_name,
       {_of('variant_values', 'vv', _described(low_naming, low, 'd.description'))
        } AS low_description,
       {_of('variant_values', 'vv', 'vv.low_best')} AS low_best,
       {_of('hand_equities', 'e', 'e.equity')} AS equity,
       {_of('hand_equities', 'e', 'e.allin_equity')} AS allin_equity,
       {_of('hand_equities', 'e', amount_sql('e.allin_net', 'sqlite'))} AS allin_net,
       c.name,
{seats},
       dl.currency
FROM (SELECT s.deal_id, s.player, h.player AS known, h.cards, n.name FROM seats s
      LEFT JOIN player_names n ON n.id = s.name_id
      LEFT JOIN hand_cards h ON h.deal_id = s.deal_id AND h.player = s.player
      UNION ALL
      SELECT h.deal_id, h.player, h.player, h.cards, NULL FROM hand_cards h WHERE NOT EXISTS
      (SELECT 1 FROM seats s WHERE s.deal_id = h.deal_id AND s.player = h.player)) c
JOIN deals dl ON dl.id = c.deal_id
LEFT JOIN seats s ON s.deal_id = c.deal_id AND s.player = c.player"""
