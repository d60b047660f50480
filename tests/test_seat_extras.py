"""seats.extras (revision 0035, storage.schema.seat_extras): a seat's all-in stake and pot and
its cash-out held by one value, and the columns of those names generated from it. What import
writes reads back through them exactly, on each backend; revision 0035 upgrades a database with
every kind of those amounts in place, and downgrades it, every value the same."""

import warnings
from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Column, Engine, Integer, MetaData, Table, create_engine, inspect, text
from test_migrations import (
    SEAT_STATS,
    SEATS,
    current_revision,
    downgrade,
    schema_differences,
)
from test_migrations import upgrade as upgraded
from typer.testing import CliRunner

from pokerdb.cli import app
from pokerdb.errors import PokerdbError
from pokerdb.storage.schema import seats
from pokerdb.storage.schema.held_values import EXTRAS
from pokerdb.storage.schema.seat_extras import EXTRA_AMOUNTS, extras_sql, seat_extras

_INT64 = 1 << 63
amounts = st.none() | st.integers(-10**6, 10**8) | st.integers(-_INT64, _INT64 - 1) | st.just(0)
# A seat's (collected, allin_stake, allin_pot, cashed_out).
seat_amounts = st.tuples(amounts, amounts, amounts, amounts)
_GENERATED = sorted(EXTRA_AMOUNTS)


def probe_table(db_url: str, source: Table, names: Sequence[str]) -> Iterator[Engine]:
    """An engine on a database holding `probe`: `source`'s columns `names` as the schema
    defines them (a generated column too, its SQL of its backend), without its partitions and
    keys."""
    engine = create_engine(db_url)
    table = Table("probe", MetaData(), Column("id", Integer, primary_key=True),
                  *(source.c[name]._copy() for name in names))
    with warnings.catch_warnings():  # STORED on PostgreSQL before 18, as the schema's are
        warnings.filterwarnings("ignore", "Computed column probe[.]")
        table.create(engine)
    yield engine
    engine.dispose()


def read_rows(engine: Engine, sql: str) -> list[tuple[object, ...]]:
    """The rows `sql` reads, each a tuple."""
    with engine.connect() as connection:
        return [tuple(row) for row in connection.execute(text(sql))]


def generated_columns(engine: Engine, table: str, names: Sequence[str]) -> list[str]:
    """Those of `names` that are generated columns of `table`, sorted."""
    with engine.connect() as connection:
        return sorted(column["name"] for column in inspect(connection).get_columns(table)
                      if column.get("computed") and column["name"] in names)


def imported(runner: CliRunner, db_url: str, *paths: Path) -> None:
    """The files or folders `paths` imported into the database (--skip-invalid)."""
    for path in paths:
        result = runner.invoke(app, ["import", str(path), "--skip-invalid", "--db", db_url,
                                     "--quiet"])
        assert result.exit_code == 0, result.output


@pytest.fixture
def probe(db_url: str) -> Iterator[Engine]:
    """seats' `collected`, `extras` and the columns generated from it (probe_table)."""
    yield from probe_table(db_url, seats, ("collected", EXTRAS, *EXTRA_AMOUNTS))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(seat_amounts, min_size=1, max_size=20))
def test_generated_amounts_read_back_what_import_writes(probe: Engine,
                                                        rows: list[tuple[int | None, ...]]
                                                        ) -> None:
    """Each seat's amounts, written as extras the way import writes them (seat_extras), read
    back exactly through the generated columns; extras is NULL for a seat with none of them
    (cashed_out 0 for a site's seat, whose collected is not NULL); and revision 0035's SQL
    makes the same extras of the amounts as columns."""
    engine = probe
    postgres = engine.dialect.name == "postgresql"
    written = [{"id": index, "collected": collected,
                EXTRAS: seat_extras(stake, pot, cashed_out, collected)}
               for index, (collected, stake, pot, cashed_out) in enumerate(rows)]
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM probe"))
        for row in written:  # JSON text, bound as text on both backends
            connection.execute(text(
                f"INSERT INTO probe (id, collected, {EXTRAS}) VALUES (:id, :collected, "
                f"{'CAST(:extras AS JSONB)' if postgres else ':extras'})"), row)
        read = connection.execute(text(
            "SELECT collected, allin_stake, allin_pot, cashed_out, "
            f"{extras_sql(engine.dialect.name)} "
            f"{'= ' + EXTRAS if postgres else ''} FROM probe ORDER BY id")).all()
    assert [tuple(row[:4]) for row in read] == rows
    assert [row[4] for row in read] == ([True if row[EXTRAS] is not None else None
                                         for row in written] if postgres
                                        else [row[EXTRAS] for row in written])
    assert [row[EXTRAS] is None for row in written] == [
        stake is None and pot is None and cashed_out == (None if collected is None else 0)
        for collected, stake, pot, cashed_out in rows]


# Amounts set on the first seats of a database at 0034, every kind extras holds:
# (collected, cashed_out, allin_stake, allin_pot), and the extras each is held by.
_SET = [((5000, 12, None, None), "[null,null,12]"), ((0, None, None, None), "[null,null,null]"),
        ((None, -7, None, None), "[null,null,-7]"), ((None, None, None, 300), "[null,300]"),
        ((None, None, _INT64 - 1, -_INT64), f"[{_INT64 - 1},{-_INT64}]"),
        ((7, 0, 1, 2), "[1,2]"), ((7, 0, None, None), None), ((None, None, 45, None), "[45]")]


def test_revision_0035_holds_the_rare_amounts_in_one_value_keeping_every_value(
        runner: CliRunner, db_url: str, fresh: Engine, tmp_path: Path) -> None:
    """A database at 0034 upgrades in place: allin_stake, allin_pot and cashed_out become
    columns generated from seats.extras, every seat's values and the views' the same; down
    again, stored columns of the same values, and up again."""
    from cash_hands import cash_hand
    from test_value_rows import HANDHQ

    (tmp_path / "stars.txt").write_text(cash_hand(1, "2024/01/02 10:00:00")
                                        + cash_hand(2, "2024/01/02 10:10:00", winner="Bo"))
    imported(runner, db_url, HANDHQ, tmp_path / "stars.txt")
    postgres = fresh.dialect.name == "postgresql"
    read = partial(read_rows, fresh)
    generated = partial(generated_columns, fresh, "seats", EXTRA_AMOUNTS)

    assert generated() == _GENERATED
    downgrade(fresh, "0034")
    assert generated() == [] and EXTRAS not in read("SELECT * FROM seats LIMIT 0")
    first = read(f"SELECT deal_id, player FROM seats ORDER BY deal_id, player LIMIT {len(_SET)}")
    with fresh.begin() as connection:
        for (deal, player), ((collected, cashed_out, stake, pot), _) in zip(first, _SET,
                                                                          strict=True):
            connection.execute(text(
                "UPDATE seats SET collected = :collected, cashed_out = :cashed_out, "
                "allin_stake = :stake, allin_pot = :pot WHERE deal_id = :deal AND "
                "player = :player"), {"collected": collected, "cashed_out": cashed_out,
                                      "stake": stake, "pot": pot, "deal": deal,
                                      "player": player})
    shown = [SEATS, SEAT_STATS, "SELECT * FROM hands ORDER BY deal_id, player",
             "SELECT * FROM player_position_stats ORDER BY player, currency, position"]
    at_0034 = [read(sql) for sql in shown]
    assert len(at_0034[0]) == 1859 + 6
    upgraded(fresh)
    assert schema_differences(fresh) == [] and generated() == _GENERATED
    assert [read(sql) for sql in shown] == at_0034
    extras = read(f"SELECT {EXTRAS}{'::text' if postgres else ''} FROM seats "
                  f"ORDER BY deal_id, player")
    expected = [held for _, held in _SET]
    if postgres:  # jsonb's text: a space after each comma
        expected = [None if held is None else held.replace(",", ", ") for held in expected]
    assert [row[0] for row in extras[:len(_SET)]] == expected
    # NULL for a seat of none of the three (a site's with a cash-out of 0): most seats.
    assert read(f"SELECT count(*) FROM seats WHERE {EXTRAS} IS NULL") == [(sum(
        stake is None and pot is None and cashed_out == (None if collected is None else 0)
        for stake, pot, collected, cashed_out in (
            (row[9], row[10], row[15], row[17]) for row in at_0034[0])),)] == [(1859 + 6 - 29,)]
    if not postgres:  # virtual: computed as read, stored by none
        assert read("SELECT name, hidden FROM pragma_table_xinfo('seats') WHERE name IN "
                    "('allin_stake', 'allin_pot', 'cashed_out') ORDER BY name") == [
            (name, 2) for name in _GENERATED]
    downgrade(fresh, "0034")
    assert generated() == [] and [read(sql) for sql in shown] == at_0034
    upgraded(fresh)
    assert [read(sql) for sql in shown] == at_0034 and schema_differences(fresh) == []


# SQLite only: PostgreSQL stores no value the new form cannot hold (the docstring).
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_revision_0035_refuses_an_amount_it_cannot_hold(runner: CliRunner, db_url: str,
                                                       fresh: Engine) -> None:
    """A seat whose amount extras cannot give back exactly (a fraction SQLite's JSON rounds:
    no revision wrote one) refuses the upgrade, naming it, and leaves the database at 0034
    with its rows. PostgreSQL's amounts are 64-bit integers, which JSONB holds exactly."""
    from test_value_rows import HANDHQ

    imported(runner, db_url, HANDHQ)
    downgrade(fresh, "0034")
    with fresh.begin() as connection:
        deal = connection.scalar(text("SELECT min(deal_id) FROM seats"))
        connection.execute(text("UPDATE seats SET allin_pot = 0.30000000000000004 "
                                "WHERE deal_id = :deal AND player = 2"), {"deal": deal})
    with pytest.raises(PokerdbError, match=rf"^revision 0035: 1 seats' all-in or cash-out "
                                           rf"amounts do not fit seats.extras \(the first: "
                                           rf"deal {deal}, player 2\)$"):
        upgraded(fresh)
    assert current_revision(fresh) == "0034"
    with fresh.connect() as connection:
        assert connection.scalar(text("SELECT allin_pot FROM seats WHERE deal_id = :deal "
                                      "AND player = 2"), {"deal": deal}) == 0.30000000000000004
