"""deals.day and deals.clock (revision 0035, storage.schema.deal_clock): a deal's date and time
as integers, and the columns `date` and `time` generated from them. What import writes reads
back through them exactly, on each backend (SQLite's texts as import wrote them before); revision
0035 upgrades a database of every kind of date and time in place, and downgrades it."""

import datetime
import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, MetaData, Table, select, text
from test_migrations import (
    current_revision,
    downgrade,
    schema_differences,
)
from test_migrations import upgrade as upgraded
from test_seat_extras import imported, probe_table
from typer.testing import CliRunner

from pokerdb.errors import PokerdbError
from pokerdb.storage.schema import deals
from pokerdb.storage.schema.deal_clock import CLOCK, DAY, stored_clock, stored_day

times = st.none() | st.times() | st.times().map(lambda moment: moment.replace(microsecond=0))
moments = st.tuples(st.none() | st.dates(), times)


@pytest.fixture
def probe(db_url: str) -> Iterator[Engine]:
    """deals' `day` and `clock` and the columns generated from them (probe_table)."""
    yield from probe_table(db_url, deals, (DAY, CLOCK, "date", "time"))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(moments, min_size=1, max_size=20))
def test_generated_date_and_time_read_back_what_import_writes(
        probe: Engine,
        rows: list[tuple[datetime.date | None, datetime.time | None]]) -> None:
    """Each deal's date and time, written as day and clock the way import writes them, read
    back exactly through the generated columns (as Date and Time; on SQLite as the texts that
    import wrote before, their isoformat)."""
    engine = probe
    table = Table("probe", MetaData(), autoload_with=engine)
    with engine.begin() as connection:
        connection.execute(table.delete())
        connection.execute(table.insert(), [
            {"id": index, DAY: stored_day(day), CLOCK: stored_clock(moment)}
            for index, (day, moment) in enumerate(rows)])
        read = connection.execute(select(table.c.date, table.c.time).order_by(table.c.id)).all()
        texts = connection.execute(text(
            "SELECT CAST(date AS TEXT), CAST(time AS TEXT) FROM probe ORDER BY id")).all()
    assert [tuple(row) for row in read] == rows
    if engine.dialect.name == "sqlite":
        assert [tuple(row) for row in texts] == [
            (None if day is None else day.isoformat(), None if moment is None
             else moment.isoformat()) for day, moment in rows]


# Dates and times set on the first deals of a database at 0034, every kind day and clock hold:
# the stored text on SQLite (a time's zero microseconds as SQLAlchemy wrote them too), and the
# day and clock each is held by.
_SET = [(("2009-07-01", "00:00:06"), (733589, 6)),
        ((None, "23:59:59.999999"), (None, -86_400_000_000)),
        (("0001-01-01", None), (1, None)),
        (("9999-12-31", "12:34:56.000000"), (3652059, 45296)),
        ((None, None), (None, None)),
        (("2024-02-29", "00:00:00.000001"), (738945, -2))]


def test_revision_0035_holds_dates_and_times_as_integers_keeping_every_value(
        runner: CliRunner, db_url: str, fresh: Engine) -> None:
    """A database at 0034 upgrades in place: deals' date and time become columns generated
    from deals.day and deals.clock, every deal's values the same as Date and Time read them;
    down again, stored columns of the same values, and up again."""
    from test_value_rows import HANDHQ

    imported(runner, db_url, HANDHQ)
    postgres = fresh.dialect.name == "postgresql"
    downgrade(fresh, "0034")
    with fresh.begin() as connection:
        ids = connection.scalars(text(f"SELECT id FROM deals ORDER BY id "
                                      f"LIMIT {len(_SET)}")).all()
        for deal, ((day, moment), _) in zip(ids, _SET, strict=True):
            connection.execute(text(
                f"UPDATE deals SET date = {'CAST(:day AS DATE)' if postgres else ':day'}, "
                f"time = {'CAST(:moment AS TIME)' if postgres else ':moment'} WHERE id = :id"),
                {"day": day, "moment": moment, "id": deal})

    def read() -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(
                select(deals.c.id, deals.c.date, deals.c.time).order_by(deals.c.id))]

    at_0034 = read()
    assert at_0034[:len(_SET)] == [
        (deal, None if day is None else datetime.date.fromisoformat(day),
         None if moment is None else datetime.time.fromisoformat(moment))
        for deal, ((day, moment), _) in zip(ids, _SET, strict=True)]
    assert sum(row[1] is not None for row in at_0034) == 389
    upgraded(fresh)
    assert read() == at_0034 and schema_differences(fresh) == []
    with fresh.connect() as connection:
        assert connection.execute(text(f"SELECT {DAY}, {CLOCK} FROM deals ORDER BY id "
                                       f"LIMIT {len(_SET)}")).all() == [
            held for _, held in _SET]
    downgrade(fresh, "0034")
    assert read() == at_0034
    upgraded(fresh)
    assert read() == at_0034 and schema_differences(fresh) == []


# SQLite only: PostgreSQL stores no value the new form cannot hold (the docstring).
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_revision_0035_refuses_a_date_it_cannot_hold(runner: CliRunner, db_url: str,
                                                    fresh: Engine) -> None:
    """A deal whose stored date is not a date's text (no revision wrote one) refuses the
    upgrade, naming it, and leaves the database at 0034 with its rows. PostgreSQL's dates and
    times are of their types, which the integers hold exactly."""
    refuses_a_deal(runner, db_url, fresh, ("0034", "0035"), "date", "2009-7-1",
                   "date or time do not fit deals.day and deals.clock")


def refuses_a_deal(runner: CliRunner, db_url: str, fresh: Engine, revisions: tuple[str, str],
                   column: str, value: object, unfit: str) -> None:
    """The tests' HandHQ sample at the first of `revisions`, its last deal's `column` set to
    `value`, refuses the upgrade to the second, naming that deal (`unfit` saying why), and
    stays at the first with the value."""
    from test_value_rows import HANDHQ

    before, refusing = revisions
    imported(runner, db_url, HANDHQ)
    downgrade(fresh, before)
    with fresh.begin() as connection:
        deal = connection.scalar(text("SELECT max(id) FROM deals"))
        connection.execute(text(f"UPDATE deals SET {column} = :value WHERE id = :id"),
                           {"value": value, "id": deal})
    with pytest.raises(PokerdbError, match=rf"^revision {refusing}: 1 deals' {re.escape(unfit)} "
                                           rf"\(the first: deal {deal}\)$"):
        upgraded(fresh)
    assert current_revision(fresh) == before
    with fresh.connect() as connection:
        assert connection.scalar(text(f"SELECT {column} FROM deals WHERE id = :id"),
                                 {"id": deal}) == value
