"""Money as exact data: every amount a whole number of ten-thousandths of its money (BIGINT on
both backends, where SQLite kept decimals as doubles), each recorded hand's money in
deals.currency ("USD", "play", "chips"), player_totals per money, and views that add amounts
as the integers they are and show them as amounts, never adding two kinds of money.

The upgrade converts every amount in place: on PostgreSQL by ALTER ... TYPE (numeric to
bigint, exact); on SQLite by rewriting each value (an integer times 10,000, a double rounded to
the nearest ten-thousandth: its 15 digits) and the column's declared type (the table's text in
sqlite_schema, as SQLite's documentation allows for a type name). An amount finer than a
ten-thousandth cannot be kept: the upgrade then stops, naming it, and changes nothing.
player_totals is summed again from seat_stats. The all-in net of `pokerdb equity` (a double)
is kept to the ten-thousandth too. site_hands is keyed as import keys a site's hand now: by
its site's numbering (a Zoom hand's number is PokerStars'), the number without leading zeros.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-06
"""

import re
from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op

from pokerdb.errors import PokerdbError
from pokerdb.formats.sites.stars_shape.lines import numbering
from pokerdb.steps.hand_histories import hand_number
from pokerdb.storage.player_stats import GROUPINGS, add_totals, create_view
from pokerdb.storage.view_columns import amount_sql

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SCALE = 10_000
AMOUNTS = {
    "deals": ("min_bet", "small_bet", "big_bet", "bring_in", "total_pot", "rake", "fees"),
    "seats": ("starting_stack", "put_in", "net", "winnings", "finishing_stack", "allin_stake",
              "allin_pot", "ante", "blind", "collected", "raked", "cashed_out"),
    "seat_stats": ("big_blind", "net"),
    "hand_equities": ("allin_net",),
}
COUNTS = ("preflop_acted", "vpip", "pfr", "three_bet_chance", "three_bet", "faced_three_bet",
          "folded_to_three_bet", "saw_flop", "cbet_chance", "cbet", "faced_cbet",
          "folded_to_cbet", "postflop_aggressive", "postflop_calls", "postflop_folds",
          "went_to_showdown", "won_at_showdown", "allin")
SEAT_COLUMNS = ("name", "starting_stack", "showed", "put_in", "net", "winnings",
                "finishing_stack", "allin_stake", "allin_pot", "ante", "blind", "seat_number",
                "position", "collected", "raked", "cashed_out")
SEAT_AMOUNTS = frozenset(AMOUNTS["seats"])


def upgrade() -> None:
    bind = op.get_bind()
    dialect = bind.dialect.name
    _refuse_finer_amounts(bind)
    for name in (*GROUPINGS.values(), "hands"):
        op.execute(f"DROP VIEW {name}")
    for table, columns in AMOUNTS.items():
        _to_stored_units(bind, table, columns)
    # Each recorded hand's money: PokerStars' cash games without a currency are play money.
    op.execute("UPDATE deals SET currency = CASE "
               "WHEN tournament IS NOT NULL THEN 'chips' "
               "WHEN currency IS NOT NULL THEN currency "
               "WHEN site LIKE 'PokerStars%' THEN 'play' ELSE 'chips' END "
               "WHERE variant IS NOT NULL")
    _key_site_hands_by_numbering(bind)
    op.drop_table("player_totals")
    _create_totals(money=True)
    first, last = bind.execute(sa.text("SELECT min(id), max(id) FROM deals")).one()
    if first is not None:
        add_totals(bind, first, last, unknown=False, seats="seat_stats",
                   numbered=False)  # a table then
    op.execute(_hands_view(lambda column: amount_sql(column, dialect), currency=True))
    for by in GROUPINGS:
        op.execute(create_view(by, dialect, unknown=False, numbered=False))


def downgrade() -> None:
    bind = op.get_bind()
    for name in (*GROUPINGS.values(), "hands"):
        op.execute(f"DROP VIEW {name}")
    for table, columns in AMOUNTS.items():
        _to_decimals(bind, table, columns)
    op.drop_table("player_totals")
    _create_totals(money=False)
    # Revision 0013's sums and views, as it made them.
    old = op.get_context().script.get_revision("0013")
    assert old is not None
    old.module._fill_totals()
    op.execute(_hands_view(lambda column: column, currency=False))
    for by in GROUPINGS:
        op.execute(old.module._view(by))


def _key_site_hands_by_numbering(bind: sa.Connection) -> None:
    """site_hands keyed as import now keys a site's hand: by the sequence its number is in
    (a Zoom hand's is PokerStars'), the number in ASCII digits without leading zeros; where
    two rows become one, the first dataset's is kept."""
    rows = bind.execute(sa.text("SELECT site, hand_number, dataset_id FROM site_hands")).all()
    kept: dict[tuple[str, str], int] = {}
    for site, number, dataset_id in rows:
        key = (numbering(site), hand_number(number))
        kept[key] = min(dataset_id, kept.get(key, dataset_id))
    if [(site, number) for site, number, _ in rows] == list(kept):
        return
    op.execute("DELETE FROM site_hands")
    bind.execute(sa.text("INSERT INTO site_hands (site, hand_number, dataset_id) "
                         "VALUES (:site, :number, :dataset)"),
                 [{"site": site, "number": number, "dataset": dataset}
                  for (site, number), dataset in kept.items()])


def _refuse_finer_amounts(bind: sa.Connection) -> None:
    """Stop, naming the first amount finer than a ten-thousandth, before changing anything."""
    for table, columns in AMOUNTS.items():
        if table == "hand_equities":
            continue  # an expectation: rounded to the unit
        for column in columns:
            finer = (f"{column} <> round({column}, 4)" if bind.dialect.name == "postgresql"
                     else f"typeof({column}) = 'real' AND abs({column} * {SCALE} - "
                          f"round({column} * {SCALE})) > abs({column} * {SCALE}) * 1e-14 "
                          f"+ 1e-9")
            key = "id" if table == "deals" else "deal_id"
            found = bind.execute(sa.text(
                f"SELECT {key}, {column} FROM {table} WHERE {finer} LIMIT 1")).first()
            if found is not None:
                raise PokerdbError(
                    f"deal {found[0]}: {table}.{column} is {found[1]}, finer than the "
                    f"ten-thousandth pokerdb keeps: the database is left at revision 0016")


def _to_stored_units(bind: sa.Connection, table: str, columns: Sequence[str]) -> None:
    if bind.dialect.name == "postgresql":
        op.execute(f"ALTER TABLE {table} " + ", ".join(
            f"ALTER COLUMN {column} TYPE BIGINT USING round({column} * {SCALE})::bigint"
            for column in columns))
        return
    op.execute(f"UPDATE {table} SET " + ", ".join(
        f"{column} = CASE WHEN typeof({column}) = 'integer' THEN {column} * {SCALE} "
        f"ELSE CAST(round({column} * {SCALE}) AS INTEGER) END" for column in columns))
    _declare(bind, table, columns, "BIGINT")


def _to_decimals(bind: sa.Connection, table: str, columns: Sequence[str]) -> None:
    kind = "DOUBLE" if table == "hand_equities" else "NUMERIC"
    if bind.dialect.name == "postgresql":
        target = "DOUBLE PRECISION" if kind == "DOUBLE" else kind
        op.execute(f"ALTER TABLE {table} " + ", ".join(
            f"ALTER COLUMN {column} TYPE {target} USING {column}::numeric / {SCALE}"
            for column in columns))
        return
    op.execute(f"UPDATE {table} SET " + ", ".join(
        f"{column} = CASE WHEN {column} % {SCALE} = 0 THEN {column} / {SCALE} "
        f"ELSE {column} / {SCALE}.0 END" for column in columns))
    _declare(bind, table, columns, kind)


def _declare(bind: sa.Connection, table: str, columns: Sequence[str], kind: str) -> None:
    """Give SQLite `columns` of `table` the declared type `kind`, by the table's text."""
    def declared(sql: str) -> str:
        for column in columns:
            sql, found = re.subn(rf"(\b{column}) (?:NUMERIC|BIGINT|DOUBLE)\b", rf"\1 {kind}",
                                 sql)
            assert found == 1, (table, column)
        return sql

    rewrite_table(bind, table, declared)


def rewrite_table(bind: sa.Connection, table: str, edit: Callable[[str], str]) -> None:
    """SQLite: `table`'s text in sqlite_schema changed by `edit` (a column's declared type, or
    a constraint dropped: the changes SQLite's documentation allows), its schema version
    raised so that every connection reads it again (revision 0018 uses it too)."""
    sql = edit(bind.execute(sa.text("SELECT sql FROM sqlite_master WHERE type = 'table' AND "
                                    "name = :name"), {"name": table}).scalar_one())
    version = bind.execute(sa.text("PRAGMA schema_version")).scalar_one()
    bind.exec_driver_sql("PRAGMA writable_schema = ON")
    bind.execute(sa.text("UPDATE sqlite_master SET sql = :sql WHERE type = 'table' AND "
                         "name = :name"), {"sql": sql, "name": table})
    bind.exec_driver_sql(f"PRAGMA schema_version = {int(version) + 1}")
    bind.exec_driver_sql("PRAGMA writable_schema = OFF")


def _create_totals(*, money: bool) -> None:
    amount = sa.BigInteger() if money else sa.Numeric()
    op.create_table(
        "player_totals",
        sa.Column("name", sa.String(), nullable=False),
        *([sa.Column("currency", sa.String(), nullable=False)] if money else []),
        sa.Column("position", sa.String(length=6), nullable=False),
        sa.Column("stakes", sa.String(), nullable=False),
        sa.Column("dataset_id", sa.Integer(), nullable=False),
        sa.Column("hands", sa.BigInteger(), nullable=False),
        *(sa.Column(name, sa.BigInteger(), nullable=False) for name in COUNTS),
        sa.Column("net", amount, nullable=False),
        *([sa.Column("big_blind", amount, nullable=True)] if money else [
            sa.Column("net_bb", sa.Double(), nullable=False),
            sa.Column("hands_with_big_blind", sa.BigInteger(), nullable=False)]),
        sa.ForeignKeyConstraint(["dataset_id"], ["datasets.id"],
                                name="fk_player_totals_dataset_id_datasets", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("name", *(["currency"] if money else []), "position",
                                "stakes", "dataset_id", name="pk_player_totals"),
    )


def _hands_view(shown: Callable[[str], str], *, currency: bool) -> str:
    """The `hands` view, each amount column as `shown` writes it, with the deal's money
    (`currency`) or without."""
    seats = ",\n".join(f"       {shown('s.' + column)} AS {column}" if column in SEAT_AMOUNTS
                       else f"       s.{column}" for column in SEAT_COLUMNS)
    if currency:
        seats += ",\n       dl.currency"
    allin_net = f"{shown('e.allin_net')} AS allin_net"
    keys = ", ".join(f"CASE WHEN COALESCE(vr.high_naming, 0) = 0 THEN CAST(NULLIF((v.strength "
                     f">> {shift}) & 15, 0) AS SMALLINT) END AS k{slot}"
                     for slot, shift in enumerate(range(16, -1, -4), start=1))
    best = " || ' ' || ".join(f"substr(c.cards || ' ' || dl.board, 3 * ((v.best >> {shift}) "
                              f"& 7) + 1, 2)" for shift in range(12, -1, -3))
    return f"""
CREATE VIEW hands AS
SELECT c.deal_id,
       c.player,
       c.cards,
       CASE WHEN COALESCE(vr.high_naming, 0) = 0 THEN CAST(v.strength >> 20 AS SMALLINT)
            ELSE d.category END AS category,
       {keys},
       v.strength,
       d.description,
       l.label,
       CASE WHEN vv.best IS NOT NULL THEN vv.best
            WHEN dl.board IS NULL AND dl.variant IS NULL THEN c.cards
            WHEN v.best IS NOT NULL THEN {best} END AS best,
       hc.name AS category_name,
       vv.low_strength,
       ld.category AS low_category,
       lc.name AS low_category_name,
       ld.description AS low_description,
       vv.low_best,
       e.equity,
       e.allin_equity,
       {allin_net},
{seats}
FROM hand_cards c
JOIN deals dl ON dl.id = c.deal_id
LEFT JOIN variants vr ON vr.code = dl.variant
LEFT JOIN hand_values v ON v.deal_id = c.deal_id AND v.player = c.player
LEFT JOIN hand_descriptions d
    ON d.strength = COALESCE(vr.high_naming, 0) * 16777216 + v.strength
LEFT JOIN categories hc ON hc.id = CASE WHEN COALESCE(vr.high_naming, 0) = 0
    THEN CAST(v.strength >> 20 AS SMALLINT) ELSE d.category END
LEFT JOIN variant_values vv ON vv.deal_id = c.deal_id AND vv.player = c.player
LEFT JOIN hand_descriptions ld ON ld.strength = vr.low_naming * 16777216 + vv.low_strength
LEFT JOIN categories lc ON lc.id = ld.category
LEFT JOIN hand_labels l ON l.deal_id = c.deal_id AND l.player = c.player
LEFT JOIN hand_equities e ON e.deal_id = c.deal_id AND e.player = c.player
LEFT JOIN seats s ON s.deal_id = c.deal_id AND s.player = c.player"""
