"""Revision 0038: seats' postflop_aggressive and postflop_calls held by seats.packed
(storage.schema.seat_bits.COUNT_BITS), deals' site columns by deals.site_values
(storage.schema.site_values). A database at 0037 with hands of PHH and of a site upgrades in
place to the rows a fresh import makes (every view and table it changes); with counts up to the
widest each holds and every kind of site value, it upgrades and downgrades keeping every row;
an upgrade that cannot hold a count or a value refuses, naming the seat or the deal."""

import json
from functools import partial
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from test_deal_clock import refuses_a_deal
from test_migrations import current_revision, downgrade, schema_differences
from test_migrations import upgrade as upgraded
from test_seat_extras import generated_columns, imported, read_rows
from typer.testing import CliRunner

from pokerdb.errors import PokerdbError
from pokerdb.storage.schema.deal_min_bet import MIN_BET_DELTA
from pokerdb.storage.schema.seat_bits import COUNT_BITS
from pokerdb.storage.schema.site_values import SITE_COLUMNS, SITE_VALUES

_COUNTS = list(COUNT_BITS)
# What every user reads: the views and the summaries (seats and deals are read by _table_sql).
_SHOWN = ["hands", "seat_stats", "player_stats", "actions", "deal_results",
          "player_position_stats", "player_stakes_stats", "player_tournaments",
          "tournament_hands", "player_totals", "player_days", "player_runs"]


_INT64 = 1 << 63
# Values set on the first deals of a database at 0037, every kind site_values holds: each
# deal's SITE_COLUMNS by name (the others NULL), and the site_values each is held by.
_SET = [({}, None),
        ({"time_zone": "ET"}, '[null,null,null,null,"ET"]'),
        ({"site": 'Poker "Stars" \\ Zoom\n\tü €', "hero": -32768},
         '["Poker \\"Stars\\" \\\\ Zoom\\n\\tü €",null,null,null,null,-32768]'),
        ({"total_pot": _INT64 - 1, "fees": -_INT64, "button_seat": 9},
         f'[null,9,{_INT64 - 1},{-_INT64}]'),
        ({"site": "", "fees": 0}, '["",null,null,0]')]


def _rows(engine: Engine, sql: str) -> list[tuple[object, ...]]:
    """The rows `sql` reads, in one order whatever order it reads them in."""
    return sorted(read_rows(engine, sql), key=repr)


def _hands(tmp_path: Path) -> list[Path]:
    """The tests' HandHQ sample, two PokerStars cash hands, a tournament's folder, and a PHH
    hand whose seats bet and raise 15 times after the flop (the most `packed` holds)."""
    from cash_hands import cash_hand
    from raise_wars import raises_hand
    from test_tournaments import stars_folder
    from test_value_rows import HANDHQ

    (tmp_path / "stars.txt").write_text(cash_hand(1, "2024/01/02 10:00:00")
                                        + cash_hand(2, "2024/01/02 10:10:00", winner="Bo"))
    (tmp_path / "fifteen.phh").write_text(raises_hand(30))
    return [HANDHQ, tmp_path / "stars.txt", stars_folder(tmp_path), tmp_path / "fifteen.phh"]


def _table_sql(engine: Engine, table: str, *left_out: str) -> str:
    """Every column of `table` but those `left_out` (which hold others since revision 0038
    or later), by name."""
    with engine.connect() as connection:
        names = [name for name, in connection.execute(text(
            f"SELECT column_name FROM information_schema.columns WHERE table_name = '{table}' "
            f"ORDER BY column_name") if engine.dialect.name == "postgresql" else text(
            f"SELECT name FROM pragma_table_xinfo('{table}') ORDER BY name"))]
    return f"SELECT {', '.join(name for name in names if name not in left_out)} FROM {table}"


def test_revision_0038_holds_the_postflop_counts_in_packed_as_a_fresh_import_does(
        runner: CliRunner, db_url: str, other_url: str, fresh: Engine, tmp_path: Path) -> None:
    """A database at 0037 upgrades in place to what a fresh import of the same files reads,
    every table's and view's rows, `packed` too; with the largest counts each holds, down and
    up again, every row the same."""
    hands = _hands(tmp_path)
    imported(runner, db_url, *hands)
    imported(runner, other_url, *hands)
    read = partial(_rows, fresh)
    generated = partial(generated_columns, fresh, "seats", _COUNTS)
    shown = [*(f"SELECT * FROM {name}" for name in _SHOWN), _table_sql(fresh, "seats", "packed"),
             _table_sql(fresh, "deals", SITE_VALUES, MIN_BET_DELTA)]
    at_head = [read(sql) for sql in shown]
    assert generated() == sorted(_COUNTS)
    downgrade(fresh, "0037")
    assert generated() == [] and current_revision(fresh) == "0037"
    assert [read(sql) for sql in shown] == at_head
    assert read("SELECT count(*) FROM seats WHERE packed >= 4194304") == [(0,)]
    assert read("SELECT max(postflop_aggressive) FROM seats") == [(15,)]
    # Some counts of 1 to 3 among the sample's seats, as stored columns.
    assert read("SELECT count(*) FROM seats WHERE postflop_aggressive > 0 AND "
                "postflop_calls > 0") > [(3,)]
    upgraded(fresh)
    assert schema_differences(fresh) == [] and generated() == sorted(_COUNTS)
    other = create_engine(other_url)
    for sql in [*shown, "SELECT deal_id, player, packed FROM seats",
                f"SELECT id, {SITE_VALUES} FROM deals"]:
        assert read(sql) == _rows(other, sql), sql
    other.dispose()
    downgrade(fresh, "0037")
    first = [deal for deal, in read_rows(fresh, f"SELECT id FROM deals ORDER BY id "
                                                f"LIMIT {len(_SET)}")]
    with fresh.begin() as connection:  # the widest counts, on the first seat
        connection.execute(text(
            "UPDATE seats SET postflop_aggressive = 15, postflop_calls = 31 WHERE deal_id = "
            "(SELECT min(deal_id) FROM seats) AND player = 1"))
        for deal, (values, _) in zip(first, _SET, strict=True):
            connection.execute(text(
                f"UPDATE deals SET {', '.join(f'{name} = :{name}' for name in SITE_COLUMNS)} "
                f"WHERE id = :deal"), {**dict.fromkeys(SITE_COLUMNS), **values, "deal": deal})
    at_0037 = [read(sql) for sql in shown]
    assert at_0037 != at_head
    upgraded(fresh)
    assert [read(sql) for sql in shown] == at_0037
    assert read("SELECT postflop_aggressive, postflop_calls, packed >> 22 FROM seats WHERE "
                "deal_id = (SELECT min(deal_id) FROM seats) AND player = 1") == [
        (15, 31, 15 | 31 << 4)]
    held = [row[0] for row in read_rows(fresh, f"SELECT {SITE_VALUES} FROM deals ORDER BY id "
                                               f"LIMIT {len(_SET)}")]
    expected = [value for _, value in _SET]
    assert held == ([None if value is None else json.loads(value) for value in expected]
                    if fresh.dialect.name == "postgresql" else expected)
    if fresh.dialect.name == "sqlite":  # virtual: computed as read, stored by none
        assert read(f"SELECT name, hidden FROM pragma_table_xinfo('deals') WHERE name IN "
                    f"({', '.join(map(repr, SITE_COLUMNS))})") == [
            (name, 2) for name in sorted(SITE_COLUMNS)]
    downgrade(fresh, "0037")
    assert generated() == [] and [read(sql) for sql in shown] == at_0037
    upgraded(fresh)
    assert [read(sql) for sql in shown] == at_0037 and schema_differences(fresh) == []


@pytest.mark.parametrize(("column", "count"), [("postflop_aggressive", 16),
                                               ("postflop_calls", 32)])
def test_revision_0038_refuses_a_count_beyond_its_bits(runner: CliRunner, db_url: str,
                                                       fresh: Engine, column: str,
                                                       count: int) -> None:
    """A seat whose count `packed` cannot hold refuses the upgrade, naming it, and leaves the
    database at 0037 with its rows."""
    from test_value_rows import HANDHQ

    imported(runner, db_url, HANDHQ)
    downgrade(fresh, "0037")
    with fresh.begin() as connection:
        deal = connection.scalar(text("SELECT max(deal_id) FROM seats"))
        connection.execute(text(f"UPDATE seats SET {column} = :count WHERE deal_id = :deal "
                                f"AND player = 2"), {"count": count, "deal": deal})
    with pytest.raises(PokerdbError, match=rf"^revision 0038: 1 seats' postflop counts do not "
                                           rf"fit seats.packed \(the first: deal {deal}, "
                                           rf"player 2\)$"):
        upgraded(fresh)
    assert current_revision(fresh) == "0037"
    assert read_rows(fresh, f"SELECT {column} FROM seats WHERE deal_id = {deal} AND "
                            f"player = 2") == [(count,)]


# SQLite only: PostgreSQL stores no value the new form cannot hold (its columns are integers
# and texts, which JSONB holds exactly).
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_revision_0038_refuses_a_site_value_it_cannot_hold(runner: CliRunner, db_url: str,
                                                          fresh: Engine) -> None:
    """A deal whose value site_values cannot give back exactly (a fraction SQLite's JSON
    rounds: no revision wrote one) refuses the upgrade, naming it, and leaves the database at
    0037 with its rows."""
    refuses_a_deal(runner, db_url, fresh, ("0037", "0038"), "total_pot", 0.30000000000000004,
                   "site values do not fit deals.site_values")
