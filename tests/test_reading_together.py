"""Two connections of an SQLite file reading one snapshot (storage.engines.reading_together),
as `pokerdb players` sums everyone's halves on them: the second is given only where no commit
came between the two snapshots' beginnings, and then both read the same rows, whatever is
committed after; the halves' rows merged in the order the database sorts them."""

import heapq
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection, Engine, text

from pokerdb.answers import players
from pokerdb.storage import engines
from pokerdb.storage.engines import open_engine, reading_together, reads_in_parallel


def _counted(connection: Connection) -> int:
    return int(connection.scalar(text("SELECT count(*) FROM player_names")) or 0)


def _add_player(engine: Engine, name: str) -> None:
    with engine.begin() as writing:
        writing.execute(text("INSERT INTO player_names (name) VALUES (:name)"), {"name": name})


def test_both_read_one_snapshot_whatever_is_committed_after(tmp_path: Path) -> None:
    engine = open_engine(str(tmp_path / "one.sqlite"))
    try:
        assert reads_in_parallel(engine)
        _add_player(engine, "Ann")
        with reading_together(engine) as (first, second):
            assert second is not None
            _add_player(engine, "Bo")  # committed after both snapshots began
            assert (_counted(first), _counted(second)) == (1, 1)
        with reading_together(engine) as (first, second):
            assert second is not None and (_counted(first), _counted(second)) == (2, 2)
    finally:
        engine.dispose()


def test_a_commit_between_the_snapshots_leaves_the_first_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = open_engine(str(tmp_path / "two.sqlite"))
    real = engines.reading

    @contextmanager
    def committed_first(opened: Engine) -> Iterator[Connection]:
        """A writer commits after the second connection's first look, before the first's
        snapshot begins."""
        _add_player(opened, "Cy")
        with real(opened) as connection:
            yield connection

    try:
        with monkeypatch.context() as patched:
            patched.setattr(engines, "reading", committed_first)
            with reading_together(engine) as (first, second):
                assert second is None
                assert _counted(first) == 1
        with reading_together(engine) as (first, second):  # nothing committed between
            assert second is not None and _counted(second) == 1
    finally:
        engine.dispose()


def test_an_in_memory_database_is_read_on_one_connection() -> None:
    engine = open_engine("sqlite://")
    try:
        assert not reads_in_parallel(engine)
    finally:
        engine.dispose()


_ROWS = st.lists(st.tuples(st.text(max_size=4), st.sampled_from(["", "USD", "EUR", "chips"]),
                           st.integers(-5, 5)), max_size=30)


@settings(max_examples=200, deadline=None)
@given(rows=_ROWS, middle=st.integers(0, 30))
def test_two_halves_merged_are_in_the_databases_order(rows: list[tuple[str, str, int]],
                                                      middle: int) -> None:
    """For each order `pokerdb players` sorts in SQL, the rows of any two halves, each sorted
    by SQLite, merged by players._merged_by, are all of them as SQLite sorts them (texts by
    their bytes: their code points)."""
    database = sqlite3.connect(":memory:")
    # as everyone_select's: name, money, key, hands, ..., net; unique by name and money
    database.execute("CREATE TABLE f (id INTEGER PRIMARY KEY, name, money, hands, net, "
                     "UNIQUE (name, money))")
    database.executemany("INSERT OR IGNORE INTO f (name, money, hands, net) VALUES (?, ?, ?, ?)",
                         [(name, money, abs(net), net) for name, money, net in rows])
    orders = {None: "name, money", "currency": "money, name",
              "hands": "hands DESC, name, money", "net": "net DESC, name, money"}
    columns = "name, money, '', hands" + ", 0" * (len(players._SUMMED) - 2) + ", net"
    for order, sql in orders.items():
        low, high, every = (database.execute(f"SELECT {columns} FROM f WHERE {where} "
                                             f"ORDER BY {sql}", {"middle": middle}).fetchall()
                            for where in ("id <= :middle", "id > :middle", "true"))
        assert list(heapq.merge(low, high, key=players._merged_by(order))) == every, order
