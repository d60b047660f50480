"""PostgreSQL for a role with ordinary rights: it owns its database, and may not switch off the
foreign keys' triggers (session_replication_role). A file, an evaluate window or a deleted
dataset large beside the database has its rows' keys checked once, after (the keys dropped and
added back: new constraints), a small one row by row (the same constraints); the keys end as
they were, enforced, and the answers are SQLite's."""

import json
import os
import secrets
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.exc import IntegrityError
from support import PE54_FILE, rows, succeeds, write_lines
from typer.testing import CliRunner

from pokerdb.storage.schema import metadata

# Each foreign key's table, name, definition and whether it is validated, by the oid of its
# constraint: a key dropped and added back has a new one.
# The tables' own (not the rows PostgreSQL keeps of a key for each partition: conparentid).
FOREIGN_KEYS = ("SELECT oid, conrelid::regclass::text, conname, pg_get_constraintdef(oid), "
                "convalidated FROM pg_constraint WHERE contype = 'f' AND conparentid = 0 "
                "AND connamespace = 'public'::regnamespace ORDER BY conname")
WINDOW_PARTITIONS = ("SELECT n.nspname, c.relname, pg_get_expr(c.relpartbound, c.oid) "
                     "FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
                     "JOIN pg_namespace n ON n.oid = c.relnamespace "
                     "WHERE i.inhparent = 'hand_values'::regclass ORDER BY 1, 2")
SMALL = ["2C 3C 4C 5C 7D 8H 9H TH JH KS", "AH KH QH JH TH 2C 3D 4H 5S 7C"]


@pytest.fixture
def ordinary_url() -> Iterator[str]:
    """An empty database owned by a new role that may log in, and do nothing else."""
    base = os.environ.get("POKERDB_TEST_PG_URL")
    if not base:
        pytest.skip("needs POKERDB_TEST_PG_URL (a role that may create roles and databases)")
    role, password = f"pokerdb_ordinary_{uuid.uuid4().hex[:8]}", secrets.token_hex(8)
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE ROLE {role} LOGIN PASSWORD '{password}'")
        connection.exec_driver_sql(f"GRANT {role} TO CURRENT_USER")  # to give it a database
        connection.exec_driver_sql(f'CREATE DATABASE "{role}" OWNER {role}')
        assert not connection.scalar(text(
            "SELECT has_parameter_privilege(:role, 'session_replication_role', 'SET')"),
            {"role": role})
    try:
        yield make_url(base).set(username=role, password=password, database=role) \
            .render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{role}" WITH (FORCE)')
            connection.exec_driver_sql(f"DROP ROLE IF EXISTS {role}")
        admin.dispose()


def keys(url: str) -> dict[str, tuple[int, tuple[object, ...]]]:
    """Each foreign key by name: its constraint's oid, and the rest of its row."""
    return {row[2]: (row[0], row[1:]) for row in rows(url, FOREIGN_KEYS)}


def renewed(before: dict[str, tuple[int, tuple[object, ...]]],
            after: dict[str, tuple[int, tuple[object, ...]]]) -> set[str]:
    """The keys dropped and added back between two readings; every key's definition the same,
    validated."""
    assert {name: rest for name, (_, rest) in after.items()} == {
        name: rest for name, (_, rest) in before.items()}
    assert {rest[-1] for _, rest in after.values()} == {True}
    return {name for name in after if after[name][0] != before[name][0]}


def test_large_writes_check_keys_once_and_small_ones_row_by_row(
        runner: CliRunner, ordinary_url: str, tmp_path: Path) -> None:
    small = write_lines(tmp_path / "small.txt", *SMALL)
    succeeds(runner, "import", small, "--db", ordinary_url, "-q")
    start = keys(ordinary_url)
    assert len(start) == sum(len(table.foreign_key_constraints)
                             for table in metadata.tables.values())
    # 1,000 deals beside 2: the dataset's own partitions, attached (each checked once), leave
    # the tables' keys as they were.
    succeeds(runner, "import", str(PE54_FILE), "--db", ordinary_url, "-q")
    imported = keys(ordinary_url)
    assert renewed(start, imported) == set()
    # evaluate: each window (a dataset's deals) its partition of hand_values, checked once as
    # it is attached.
    assert succeeds(runner, "evaluate", "--db", ordinary_url).stdout.startswith(
        "evaluated 2,004 hands in 1,002 deals in ")
    evaluated = keys(ordinary_url)
    assert renewed(imported, evaluated) == set()
    assert rows(ordinary_url, WINDOW_PARTITIONS) == [
        ("pokerdb_dataset_1", "hand_values_1", "FOR VALUES FROM ('1') TO ('3')"),
        ("pokerdb_dataset_2", "hand_values_3", "FOR VALUES FROM ('3') TO ('1003')")]
    # 2 deals beside 1,002, in one pass: row by row.
    other = write_lines(tmp_path / "other.txt", *reversed(SMALL))
    succeeds(runner, "import", other, "--db", ordinary_url, "-q", "--evaluate")
    assert renewed(evaluated, keys(ordinary_url)) == set()
    succeeds(runner, "delete", "other.txt", "--db", ordinary_url)
    assert renewed(evaluated, keys(ordinary_url)) == set()
    result = succeeds(runner, "wins", "--db", ordinary_url, "--format", "json")
    assert json.loads(result.stdout) == {"deals": 1002, "player1": 377, "player2": 625,
                                         "ties": 0}
    # The keys are enforced: a hand of no deal is refused, a deal deleted takes its hands.
    engine = create_engine(ordinary_url)
    try:
        with pytest.raises(IntegrityError), engine.begin() as connection:
            connection.execute(text("INSERT INTO hand_cards VALUES (999999, 1, 'AH KH')"))
        # Its partitions detached and dropped: the keys stay.
        succeeds(runner, "delete", "p054_poker.txt", "--db", ordinary_url)
        assert renewed(evaluated, keys(ordinary_url)) == set()
        assert rows(ordinary_url, "SELECT nspname FROM pg_namespace "
                                  "WHERE nspname LIKE 'pokerdb_dataset_%'") == [
            ("pokerdb_dataset_1",)]
        with engine.begin() as connection:
            connection.execute(text("DELETE FROM deals"))
        assert rows(ordinary_url, "SELECT count(*) FROM hand_cards") == [(0,)]
        assert rows(ordinary_url, "SELECT count(*) FROM hand_values") == [(0,)]
    finally:
        engine.dispose()
