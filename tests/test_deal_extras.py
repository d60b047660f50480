"""deals.extras (revision 0037, storage.schema.deal_extras): the columns of a deal that a HandHQ
hand leaves NULL held by one value, and the columns of those names generated from it. What
import writes reads back through them exactly, on each backend; revision 0037 upgrades a
database with every kind of those values in place, and downgrades it, every value the same."""

import inspect as python_inspect
import json
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, text
from test_deal_clock import refuses_a_deal
from test_migrations import downgrade, schema_differences
from test_migrations import upgrade as upgraded
from test_seat_extras import generated_columns, imported, probe_table, read_rows
from typer.testing import CliRunner

from pokerdb.storage.schema import deals
from pokerdb.storage.schema.deal_extras import DEAL_EXTRAS, deal_extras, deal_extras_sql
from pokerdb.storage.schema.deal_min_bet import MIN_BET_DELTA
from pokerdb.storage.schema.held_values import EXTRAS
from pokerdb.storage.schema.site_values import SITE_VALUES

_INT64 = 1 << 63
amounts = st.none() | st.just(0) | st.integers(-10**6, 10**8) | st.integers(-_INT64, _INT64 - 1)
# Any text either backend holds (PostgreSQL's hold no NUL), quotes, backslashes, controls and
# letters beyond ASCII among them; a board's of at most 14 characters, as its column.
_CHARACTERS = st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00")
_TEXTS = {"allin_board": 14, "second_board": 14, "third_board": 14}
# A deal's values of DEAL_EXTRAS, in its order.
deal_values = st.tuples(*(
    amounts if kind == "BIGINT" else st.none() | st.text(_CHARACTERS, max_size=_TEXTS.get(name, 40))
    for name, kind in DEAL_EXTRAS.items()))


@pytest.fixture
def probe(db_url: str) -> Iterator[Engine]:
    """deals' `extras` and the columns generated from it (probe_table)."""
    yield from probe_table(db_url, deals, (EXTRAS, *DEAL_EXTRAS))


def test_deal_extras_takes_the_values_in_the_arrays_order() -> None:
    assert list(python_inspect.signature(deal_extras).parameters) == list(DEAL_EXTRAS)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(deal_values, min_size=1, max_size=20))
def test_generated_columns_read_back_what_import_writes(probe: Engine,
                                                        rows: list[tuple[Any, ...]]) -> None:
    """Each deal's values, written as extras the way import writes them (deal_extras), read
    back exactly through the generated columns; extras is NULL for a deal with none of them
    and holds no trailing null; and revision 0037's SQL makes the same extras of the values as
    columns."""
    reads_back(probe, rows, EXTRAS, list(DEAL_EXTRAS), deal_extras, deal_extras_sql)


def reads_back(engine: Engine, rows: list[tuple[Any, ...]], column: str, names: list[str],
               writer: Callable[..., str | None], column_sql: Callable[[str], str]) -> None:
    """Each row's values of `names`, written as `column` the way import writes them
    (`writer`), read back exactly through the generated columns of the table `probe`;
    `column` is NULL for a row with none of them and holds no trailing null; and a revision's
    SQL (`column_sql` of the dialect) makes the same `column` of the values as columns."""
    postgres = engine.dialect.name == "postgresql"
    written = [{"id": index, column: writer(*values)} for index, values in enumerate(rows)]
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM probe"))
        for row in written:  # JSON text, bound as text on both backends
            connection.execute(text(
                f"INSERT INTO probe (id, {column}) VALUES (:id, "
                f"{f'CAST(:{column} AS JSONB)' if postgres else f':{column}'})"), row)
        read = connection.execute(text(
            f"SELECT {', '.join(names)}, {column_sql(engine.dialect.name)} "
            f"{'= ' + column if postgres else ''} FROM probe ORDER BY id")).all()
    assert [tuple(row[:-1]) for row in read] == rows
    assert [row[-1] for row in read] == ([True if row[column] is not None else None
                                          for row in written] if postgres
                                         else [row[column] for row in written])
    for values, row in zip(rows, written, strict=True):
        held = row[column]
        if held is None:
            assert all(value is None for value in values)
        else:
            array = json.loads(held)
            assert array[-1] is not None and array == list(values[:len(array)])
            assert all(value is None for value in values[len(array):])


_A_TEXT = 'WSOP "Main" \\ Event\n\tü €'
# Values set on the first deals of a database at 0036, every kind extras holds: each deal's
# DEAL_EXTRAS by name (the others NULL), and the extras each is held by.
_SET = [({}, None),
        ({"allin_board": ""}, '[""]'),
        ({"allin_board": "AH KD 7C 2S"}, '["AH KD 7C 2S"]'),
        ({"event": _A_TEXT},
         '[null,null,null,null,null,null,null,null,"WSOP \\"Main\\" \\\\ Event\\n\\tü €"]'),
        ({"level": "III", "tournament": "3305451893", "buy_in": "$1.00+$0.10 USD"},
         '[null,null,null,"III","3305451893","$1.00+$0.10 USD"]'),
        ({"small_bet": 0, "bring_in": -_INT64, "big_bet": _INT64 - 1},
         f'[null,0,{_INT64 - 1},null,null,null,null,null,null,{-_INT64}]'),
        ({"second_board": "2C 3C 4C 5C 6C", "third_board": "AS KS QS JS TS", "big_bet": 40000},
         '[null,null,40000,null,null,null,"2C 3C 4C 5C 6C","AS KS QS JS TS"]'),
        ({"allin_board": "7D 8D 9D", "small_bet": 20000, "big_bet": 40000},
         '["7D 8D 9D",20000,40000]')]


def _deals_columns() -> str:
    """Every column of deals that revision 0036's deals have too: all but `extras`,
    `site_values` (revision 0038) and `min_bet_delta` (revision 0039)."""
    return ", ".join(column.name for column in deals.columns
                     if column.name not in (EXTRAS, SITE_VALUES, MIN_BET_DELTA))


def test_revision_0037_holds_the_rarely_filled_columns_in_one_value_keeping_every_value(
        runner: CliRunner, db_url: str, fresh: Engine, tmp_path: Path) -> None:
    """A database at 0036 upgrades in place: DEAL_EXTRAS become columns generated from
    deals.extras, every deal's values and the views' the same; down again, stored columns of
    the same values, and up again."""
    from cash_hands import cash_hand
    from test_tournaments import stars_folder
    from test_value_rows import HANDHQ

    (tmp_path / "stars.txt").write_text(cash_hand(1, "2024/01/02 10:00:00")
                                        + cash_hand(2, "2024/01/02 10:10:00", winner="Bo"))
    imported(runner, db_url, HANDHQ, tmp_path / "stars.txt", stars_folder(tmp_path))
    postgres = fresh.dialect.name == "postgresql"
    read = partial(read_rows, fresh)
    generated = partial(generated_columns, fresh, "deals", list(DEAL_EXTRAS))

    assert generated() == sorted(DEAL_EXTRAS)
    downgrade(fresh, "0036")
    assert generated() == [] and EXTRAS not in read("SELECT * FROM deals LIMIT 0")
    first = [deal for deal, in read(f"SELECT id FROM deals ORDER BY id LIMIT {len(_SET)}")]
    with fresh.begin() as connection:
        for deal, (values, _) in zip(first, _SET, strict=True):
            connection.execute(text(
                f"UPDATE deals SET {', '.join(f'{name} = :{name}' for name in DEAL_EXTRAS)} "
                f"WHERE id = :deal"), {**dict.fromkeys(DEAL_EXTRAS), **values, "deal": deal})
    shown = [f"SELECT {_deals_columns()} FROM deals ORDER BY id",
             "SELECT * FROM tournament_hands ORDER BY deal_id",
             "SELECT * FROM player_tournaments ORDER BY player, currency",
             "SELECT * FROM hands ORDER BY deal_id, player"]
    at_0036 = [read(sql) for sql in shown]
    filled = read(f"SELECT count(*) FROM deals WHERE "
                  f"{' OR '.join(f'{name} IS NOT NULL' for name in DEAL_EXTRAS)}")
    assert len(at_0036[1]) > 0 and filled[0][0] > len(_SET)
    upgraded(fresh)
    assert schema_differences(fresh) == [] and generated() == sorted(DEAL_EXTRAS)
    assert [read(sql) for sql in shown] == at_0036
    held = [row[0] for row in read(f"SELECT {EXTRAS} FROM deals ORDER BY id LIMIT {len(_SET)}")]
    expected = [extras for _, extras in _SET]
    assert held == ([None if extras is None else json.loads(extras) for extras in expected]
                    if postgres else expected)
    # NULL for a deal of none of them: the others.
    assert read(f"SELECT count(*) FROM deals WHERE {EXTRAS} IS NOT NULL") == filled
    if not postgres:  # virtual: computed as read, stored by none
        assert read(f"SELECT name, hidden FROM pragma_table_xinfo('deals') WHERE name IN "
                    f"({', '.join(map(repr, DEAL_EXTRAS))}) ORDER BY name") == [
            (name, 2) for name in sorted(DEAL_EXTRAS)]
        # The other tables' keys still refer to deals.
        assert read("SELECT DISTINCT \"table\" FROM pragma_foreign_key_list('seats')") == [
            ("deals",)]
    downgrade(fresh, "0036")
    assert generated() == [] and [read(sql) for sql in shown] == at_0036
    upgraded(fresh)
    assert [read(sql) for sql in shown] == at_0036 and schema_differences(fresh) == []


# SQLite only: PostgreSQL stores no value the new form cannot hold (the docstring).
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_revision_0037_refuses_a_value_it_cannot_hold(runner: CliRunner, db_url: str,
                                                     fresh: Engine) -> None:
    """A deal whose value extras cannot give back exactly (a fraction SQLite's JSON rounds: no
    revision wrote one) refuses the upgrade, naming it, and leaves the database at 0036 with
    its rows. PostgreSQL's columns are 64-bit integers and texts, which JSONB holds exactly."""
    refuses_a_deal(runner, db_url, fresh, ("0036", "0037"), "bring_in", 0.30000000000000004,
                   "rarely filled values do not fit deals.extras")
