"""PostgreSQL alone: migrations in the catalog, `pokerdb query`'s read-only transaction, COPY, and
several pokerdb processes writing one database at once. Needs $POKERDB_TEST_PG_URL."""

import json
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import Connection, Engine, create_engine, text
from sqlalchemy.exc import IntegrityError
from support import (
    PE54_FILE,
    PHH_DATA,
    REPO,
    fails,
    query_rows,
    rows,
    stored_and_recounted_wins,
    succeeds,
)
from typer.testing import CliRunner

from pokerdb.answers.query_errors import REFUSED
from pokerdb.answers.server_query import NOT_GRANTED
from pokerdb.cli import app
from pokerdb.errors import ReadOnlyError
from pokerdb.formats.deals.generate import generate_lines
from pokerdb.rules.games import HOLDEM
from pokerdb.storage import write_locks
from pokerdb.storage.engines import alembic_config, open_engine
from pokerdb.storage.location import DB_ENV_VAR, head_revision
from pokerdb.storage.schema import deals

TABLES = ("datasets", "deals", "hand_cards", "hand_labels", "rejects")
# Everything the migrations create in schema public, by name and pg_class.relkind (p: a
# partitioned table, I: its index; each dataset's partitions are in a schema of their own).
SCHEMA_RELATIONS = {
    ("alembic_version", "r"), ("alembic_version_pkc", "i"),
    ("categories", "r"), ("pk_categories", "i"), ("uq_categories_kind_name", "i"),
    ("variants", "r"), ("pk_variants", "i"), ("variant_values", "p"), ("pk_variant_values", "I"),
    ("datasets", "r"), ("datasets_id_seq", "S"), ("pk_datasets", "i"),
    ("uq_datasets_name", "i"), ("uq_datasets_sha256", "i"),
    ("deals", "p"), ("pk_deals", "I"), ("ix_deals_dataset_id", "I"),
    ("site_hands", "r"), ("pk_site_hands", "i"),
    ("tournaments", "r"), ("tournaments_id_seq", "S"), ("pk_tournaments", "i"),
    ("uq_tournaments_site_number", "i"), ("ix_tournaments_dataset_id", "i"),
    ("tournament_entries", "r"), ("pk_tournament_entries", "i"),
    ("ix_tournament_entries_player_currency", "i"), ("tournament_hands", "v"),
    ("player_tournaments", "v"), ("player_buy_in_tournaments", "v"),
    ("win_counts", "r"), ("pk_win_counts", "i"),
    ("hand_cards", "p"), ("pk_hand_cards", "I"), ("hand_values", "p"), ("pk_hand_values", "I"),
    ("hand_descriptions", "r"), ("pk_hand_descriptions", "i"),
    ("hand_labels", "p"), ("pk_hand_labels", "I"), ("hands", "v"),
    ("hand_equities", "p"), ("pk_hand_equities", "I"),
    ("seats", "p"), ("pk_seats", "I"), ("ix_seats_allin", "I"),
    ("hand_actions", "p"), ("pk_hand_actions", "I"),
    ("actions", "v"),
    ("id_marks", "r"), ("pk_id_marks", "i"),
    ("rejects", "r"), ("rejects_id_seq", "S"), ("pk_rejects", "i"), ("ix_rejects_dataset_id", "i"),
    ("deal_results", "v"),
    ("seat_stats", "v"),
    ("player_totals", "r"), ("pk_player_totals", "i"),
    ("player_days", "r"), ("pk_player_days", "i"),
    ("player_runs", "r"), ("pk_player_runs", "i"),
    ("table_names", "r"), ("table_names_id_seq", "S"), ("pk_table_names", "i"),
    ("uq_table_names_name", "i"),
    ("player_names", "r"), ("player_names_id_seq", "S"), ("pk_player_names", "i"),
    ("uq_player_names_name", "i"),
    ("summary_keys", "r"), ("summary_keys_id_seq", "S"), ("pk_summary_keys", "i"),
    ("uq_summary_keys_site_currency_stakes_big_blind", "i"),
    *((table, "r") for table in ("venue_names", "stakes_names", "source_names")),
    *((f"{table}_id_seq", "S") for table in ("venue_names", "stakes_names", "source_names")),
    *((f"{key}_{table}{name}", "i") for table in ("venue_names", "stakes_names", "source_names")
      for key, name in (("pk", ""), ("uq", "_name"))),
    ("player_stats", "v"), ("player_position_stats", "v"), ("player_stakes_stats", "v"),
}
BASE_RELATIONS = {("alembic_version", "r"), ("alembic_version_pkc", "i")}


@pytest.fixture
def pg(pg_url: str) -> Iterator[Engine]:
    """A plain engine on the test's PostgreSQL database, for looking at it from outside."""
    engine = create_engine(pg_url)
    yield engine
    engine.dispose()


def relations(engine: Engine) -> set[tuple[str, str]]:
    with engine.connect() as connection:
        found = connection.execute(text(
            "SELECT c.relname, c.relkind::text FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'"))
        return {(name, kind) for name, kind in found}


def column_types(engine: Engine, *columns: str) -> dict[str, str]:
    with engine.connect() as connection:
        found = connection.execute(text(
            "SELECT table_name || '.' || column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = 'public'"))
        return {column: kind for column, kind in found if column in columns}


def storage(engine: Engine) -> tuple[list[str] | None, str]:
    """The storage parameters of deals, and the definition of its index on dataset_id."""
    return (scalar(engine, "SELECT reloptions FROM pg_class WHERE relname = 'deals'"),
            scalar(engine, "SELECT pg_get_indexdef('ix_deals_dataset_id'::regclass)"))


def scalar(engine: Engine, sql: str) -> Any:
    with engine.connect() as connection:
        return connection.execute(text(sql)).scalar()


def contents(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every pokerdb table, and the relations there are."""
    with engine.connect() as connection:
        rows = {table: [tuple(row) for row in connection.execute(
                    text(f"SELECT * FROM {table} ORDER BY 1, 2"))] for table in TABLES}
    return {**rows, "relations": sorted(relations(engine))}


def test_migrations_up_down_and_up_again(pg_url: str, pg: Engine,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Through Alembic's own env (the database from $POKERDB_DB, as `alembic upgrade head`)."""
    monkeypatch.setenv(DB_ENV_VAR, pg_url)
    assert relations(pg) == set()
    command.upgrade(alembic_config(), "head")
    assert scalar(pg, "SELECT version_num FROM alembic_version") == head_revision()
    assert relations(pg) == SCHEMA_RELATIONS
    # Deal ids outgrow 32 bits on a server; times keep their zone; equities are doubles;
    # recorded amounts are exact: whole ten-thousandths.
    assert column_types(pg, "deals.id", "hand_cards.deal_id", "hand_cards.player",
                        "hand_cards.cards", "datasets.imported_at", "hand_equities.equity",
                        "seats.net") == {
        "deals.id": "bigint", "hand_cards.deal_id": "bigint", "hand_cards.player": "smallint",
        "hand_cards.cards": "character varying",
        "datasets.imported_at": "timestamp with time zone",
        "hand_equities.equity": "double precision", "seats.net": "bigint"}
    # Datasets' deals indexed by block ranges (revision 0007), on every partition of deals
    # (revision 0016), whose pages keep room for evaluate's winners.
    assert storage(pg) == (None, "CREATE INDEX ix_deals_dataset_id ON ONLY public.deals "
                                 "USING brin (dataset_id) WITH (autosummarize='on')")
    command.downgrade(alembic_config(), "0006")
    assert storage(pg) == (None, "CREATE INDEX ix_deals_dataset_id ON public.deals "
                                 "USING btree (dataset_id)")
    command.downgrade(alembic_config(), "base")
    assert relations(pg) == BASE_RELATIONS
    assert scalar(pg, "SELECT count(*) FROM alembic_version") == 0
    command.upgrade(alembic_config(), "head")
    assert relations(pg) == SCHEMA_RELATIONS


@pytest.fixture
def p054(runner: CliRunner, pg_url: str) -> str:
    """The PE54 file imported and evaluated."""
    for args in (["import", str(PE54_FILE)], ["evaluate"]):
        result = runner.invoke(app, [*args, "--db", pg_url, "--quiet"])
        assert result.exit_code == 0, result.output
    return pg_url


REFUSED_STATEMENTS = [
    "INSERT INTO categories VALUES (10, 'Five of a Kind')",
    "UPDATE deals SET winner = 1",
    "DELETE FROM hand_cards",
    "TRUNCATE deals CASCADE",
    "DROP TABLE deals CASCADE",
    "CREATE TABLE sneaky (x integer)",
    "CREATE TEMPORARY TABLE sneaky (x integer)",
    "SELECT * INTO sneaky FROM deals",
    "WITH gone AS (DELETE FROM hand_cards RETURNING 1) SELECT count(*) FROM gone",
    "SELECT * FROM deals FOR UPDATE",
    "DO $$ BEGIN DELETE FROM hand_cards; END $$",
    "SET TRANSACTION READ WRITE",
    "SET default_transaction_read_only = off",
    "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE",
    "COMMIT",
    "BEGIN",
    "LOCK TABLE deals IN ACCESS EXCLUSIVE MODE",
    "ANALYZE deals",
    "VACUUM deals",
]
# Ending the read-only transaction from inside would need a second statement.
SEVERAL_STATEMENTS = [
    "COMMIT; DROP TABLE deals CASCADE",
    "ROLLBACK; DELETE FROM hand_cards",
    "SELECT 1; SET TRANSACTION READ WRITE; DELETE FROM hand_cards",
]


def refused(runner: CliRunner, url: str, statement: str) -> str:
    """The error `pokerdb query` gives for a statement, once sure it changed nothing."""
    engine = create_engine(url)
    try:
        before = contents(engine)
        result = runner.invoke(app, ["query", statement, "--db", url])
        assert (result.exit_code, result.stdout) == (1, "")
        assert contents(engine) == before
        return result.stderr
    finally:
        engine.dispose()


@pytest.mark.parametrize("statement", REFUSED_STATEMENTS)
def test_query_refuses_writes(runner: CliRunner, p054: str, statement: str) -> None:
    assert refused(runner, p054, statement) == f"Error: {REFUSED}\n"


@pytest.mark.parametrize(("statement", "denied"), [
    ("SELECT nextval('datasets_id_seq')", "permission denied for sequence datasets_id_seq"),
    ("SELECT * FROM pg_authid", "permission denied for table pg_authid"),
    ("SELECT pg_read_file('/etc/hostname')", "permission denied for function pg_read_file"),
])
def test_query_reads_only_what_pokerdb_reader_is_granted(runner: CliRunner, p054: str,
                                                          statement: str, denied: str) -> None:
    assert refused(runner, p054, statement) == f"Error: {NOT_GRANTED}: {denied}\n"


@pytest.mark.parametrize("statement", SEVERAL_STATEMENTS)
def test_query_refuses_several_statements(runner: CliRunner, p054: str, statement: str) -> None:
    assert refused(runner, p054, statement) == (
        "Error: SQL error: you can only execute one statement at a time\n")


def test_query_reads(runner: CliRunner, p054: str) -> None:
    aces_of_spades = sum(line.split().count("AS") for line in PE54_FILE.read_text().splitlines())
    statements = {
        # '%' is a literal, not a driver placeholder.
        "SELECT count(*) AS n FROM hands WHERE cards LIKE '%AS%'": [{"n": aces_of_spades}],
        "SELECT count(*) FILTER (WHERE winner = 1) AS p1 FROM deals": [{"p1": 376}],
        "VALUES (1, 'a')": [{"column1": 1, "column2": "a"}],
        "SHOW default_transaction_read_only": [{"default_transaction_read_only": "off"}],
        "SELECT result, count(*) AS n FROM deal_results GROUP BY result ORDER BY result":
            [{"result": "Player 1", "n": 376}, {"result": "Player 2", "n": 624}],
    }
    for statement, expected in statements.items():
        result = runner.invoke(app, ["query", statement, "--db", p054, "--format", "json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout) == expected


def test_query_hands_no_session_state_to_the_pool(p054: str, pg: Engine) -> None:
    """A session-level advisory lock taken by a query ends with it: its connection is closed."""
    engine = open_engine(p054)
    try:
        assert query_rows(engine, "SELECT pg_try_advisory_lock(54)") == [(True,)]
        assert scalar(pg, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND "
                          "objid = 54 AND database = (SELECT oid FROM pg_database "
                          "WHERE datname = current_database())") == 0
        with pytest.raises(ReadOnlyError):
            query_rows(engine, "DELETE FROM deals")
        assert query_rows(engine, "SELECT count(*) FROM deals") == [(1000,)]
    finally:
        engine.dispose()


def test_copy_import_with_a_bad_line_leaves_nothing(runner: CliRunner, pg_url: str, pg: Engine,
                                                    tmp_path: Path) -> None:
    """The bad line comes after more deals than one COPY batch, so rows were already sent."""
    bad = tmp_path / "bad.txt"
    generate(bad, 25_000, seed=3)
    with bad.open("a") as file:
        file.write("8C TS KC 9H 4S 7D 2S 5D 3S 1C\n")
    result = runner.invoke(app, ["import", str(bad), "--db", pg_url])
    assert (result.exit_code, result.stderr) == (
        1, f"Error: {bad}, line 25001: unknown rank '1' in card '1C' (ranks are 2-9 T J Q K A)\n")
    assert {table: scalar(pg, f"SELECT count(*) FROM {table}") for table in TABLES} == {
        "datasets": 0, "deals": 0, "hand_cards": 0, "hand_labels": 0, "rejects": 0}
    good = runner.invoke(app, ["import", str(PE54_FILE), "--db", pg_url, "--quiet"])
    assert good.exit_code == 0, good.output
    assert scalar(pg, "SELECT min(id) || '-' || max(id) FROM deals") == "1-1000"


# A hand value of a stored deal (its dataset's partition) without a hand.
ORPHAN_VALUE = "INSERT INTO hand_values (deal_id, player, strength) VALUES (1, 9, 1)"


def stored(url: str) -> list[list[tuple[Any, ...]]]:
    """Every row pokerdb stores but the import times."""
    return [rows(url, sql) for sql in (
        "SELECT id, name, sha256, format, game, deals FROM datasets ORDER BY id",
        "SELECT * FROM deals ORDER BY id", "SELECT * FROM hands ORDER BY deal_id, player",
        "SELECT * FROM win_counts ORDER BY dataset_id, winner",
        "SELECT * FROM hand_descriptions ORDER BY strength")]


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_bulk_writes_with_and_without_the_right_to_skip_reference_triggers(
        runner: CliRunner, db_url: str, other_url: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The test server's role may skip the foreign keys' per-row triggers (see
    scripts/pg-test-server.sh), and pokerdb's bulk writers do, in their own transaction only;
    a role that may not has every row checked. Both store the same rows."""
    holdem = tmp_path / "holdem.txt"
    holdem.write_text("".join(generate_lines(3_000, seed=5, players=3, game=HOLDEM)))

    def load(url: str) -> list[list[tuple[Any, ...]]]:
        succeeds(runner, "import", str(PE54_FILE), "--db", url, "--quiet")
        succeeds(runner, "evaluate", "--db", url, "--quiet")
        succeeds(runner, "import", str(holdem), "--format", "holdem", "--players", "3",
                 "--evaluate", "--db", url, "--quiet")
        return stored(url)

    skipping = load(db_url)
    engine = open_engine(db_url)
    try:
        with engine.connect() as connection:
            with connection.begin() as transaction:
                assert write_locks.may_skip_reference_triggers(connection)
                write_locks.lock_for_bulk_write(connection)
                connection.execute(text(ORPHAN_VALUE))  # not checked
                transaction.rollback()
            with pytest.raises(IntegrityError, match="fk_hand_values_deal_id_hand_cards"):
                connection.execute(text(ORPHAN_VALUE))
    finally:
        engine.dispose()
    monkeypatch.setattr(write_locks, "may_skip_reference_triggers", lambda connection: False)
    checking = load(other_url)
    assert checking == skipping
    assert [len(table) for table in checking] == [2, 4_000, 11_000, 6, len(checking[4])]


def test_skipped_lines_keep_every_byte_through_copy(runner: CliRunner, pg_url: str, pg: Engine,
                                                    tmp_path: Path) -> None:
    """COPY's text format gives tab and backslash a meaning; the rejects table must not."""
    odd = tmp_path / "odd.txt"
    odd.write_bytes(b"8C TS KC 9H 4S 7D 2S 5D 3S AC\nAS\tKS \\\\ \x00 \xff QS\n")
    result = runner.invoke(app, ["import", str(odd), "--skip-invalid", "--db", pg_url])
    assert result.exit_code == 0, result.output
    with pg.connect() as connection:
        stored = connection.execute(text("SELECT line_no, raw, reason FROM rejects")).all()
    assert [tuple(row) for row in stored] == [
        (2, "AS\tKS \\\\ \\x00 \\xff QS", "not UTF-8 text: byte 0xff at column 12")]


def generate(path: Path, count: int, seed: int) -> None:
    subprocess.run([sys.executable, "-m", "pokerdb", "generate", str(count), "--seed", str(seed),
                    "-o", str(path)], check=True, timeout=120)


def start(url: str, cwd: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "pokerdb", *args, "--db", url], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(processes: list[subprocess.Popen[str]]) -> list[str]:
    """Each process's output, once all have exited 0."""
    outputs = []
    for process in processes:
        stdout, stderr = process.communicate(timeout=300)
        assert process.returncode == 0, stderr
        outputs.append(stdout)
    return outputs


def holding(lock: Callable[[Connection], None], connection: Connection, waiters: int,
            processes: list[subprocess.Popen[str]]) -> None:
    """Hold a lock pokerdb's writers take until `waiters` sessions wait for it, so that they
    surely all run at once when it is released."""
    with connection.begin():
        lock(connection)
        deadline = time.monotonic() + 120
        while scalar(connection.engine, "SELECT count(*) FROM pg_stat_activity "
                     "WHERE datname = current_database() AND wait_event_type = 'Lock'") < waiters:
            assert all(p.poll() is None for p in processes), "a writer exited before waiting"
            assert time.monotonic() < deadline, "the writers never waited for the lock"
            time.sleep(0.1)


def appending(connection: Connection) -> None:
    write_locks.lock_for_append(connection, deals)


def test_concurrent_imports_on_a_new_database(pg_url: str, pg: Engine, tmp_path: Path) -> None:
    """Four processes at once on an empty database: one brings it to head, each imports its
    file, and every deal gets its own id."""
    files = [tmp_path / f"part{seed}.txt" for seed in range(4)]
    for seed, file in enumerate(files):
        generate(file, 3_000 + seed, seed)
    processes = [start(pg_url, tmp_path, "import", str(file), "--quiet") for file in files]
    with pg.connect() as connection:
        holding(write_locks.lock_for_migration, connection, 4, processes)
    assert finish(processes) == [""] * 4
    with pg.connect() as connection:
        per_dataset = connection.execute(text(
            "SELECT ds.name, ds.deals, count(*), max(d.id) - min(d.id) + 1, max(d.line_no), "
            "(SELECT count(*) FROM hands h JOIN deals e ON e.id = h.deal_id "
            " WHERE e.dataset_id = ds.id) "
            "FROM datasets ds JOIN deals d ON d.dataset_id = ds.id "
            "GROUP BY ds.id, ds.name, ds.deals ORDER BY ds.name")).all()
    # Each file's deals hold one unbroken run of ids.
    assert [tuple(row) for row in per_dataset] == [
        (f"part{seed}.txt", n, n, n, n, 2 * n) for seed, n in enumerate(range(3_000, 3_004))]
    assert scalar(pg, "SELECT count(DISTINCT id) || ' ' || max(id) FROM deals") == "12006 12006"


def test_imports_waiting_on_each_other(pg_url: str, pg: Engine, tmp_path: Path) -> None:
    open_engine(pg_url).dispose()
    files = [tmp_path / f"part{seed}.txt" for seed in range(3)]
    for seed, file in enumerate(files):
        generate(file, 2_000, seed)
    processes = [start(pg_url, tmp_path, "import", str(file), "--quiet") for file in files]
    with pg.connect() as connection:
        holding(appending, connection, 3, processes)
    finish(processes)
    assert scalar(pg, "SELECT count(*) || ' ' || count(DISTINCT id) || ' ' || max(id) "
                      "FROM deals") == "6000 6000 6000"
    assert scalar(pg, "SELECT count(*) FROM hands") == 12_000


def test_same_file_from_two_processes_is_imported_once(pg_url: str, pg: Engine,
                                                       tmp_path: Path) -> None:
    """Both pass the "seen before?" check; the second then meets the first's sha256."""
    open_engine(pg_url).dispose()
    same = tmp_path / "same.txt"
    generate(same, 3_000, 7)
    processes = [start(pg_url, tmp_path, "import", str(same)) for _ in range(2)]
    with pg.connect() as connection:
        holding(appending, connection, 2, processes)
    outputs = sorted(finish(processes))
    assert outputs[0] == f"{same}: already imported as dataset 'same.txt', skipped\n"
    assert re.fullmatch(rf"{re.escape(str(same))}: imported 3,000 deals \(6,000 hands\) as "
                        rf"dataset 'same.txt' in .*\n", outputs[1])
    assert scalar(pg, "SELECT count(*) || ' ' || sum(deals) FROM datasets") == "1 3000"
    assert scalar(pg, "SELECT count(*) FROM hands") == 6_000


def test_concurrent_evaluates_each_take_their_turn(pg_url: str, pg: Engine,
                                                   tmp_path: Path) -> None:
    """Two evaluates that start together would rewrite the same window's hands."""
    finish([start(pg_url, tmp_path, "import", str(PE54_FILE), "--quiet")])
    processes = [start(pg_url, tmp_path, "evaluate") for _ in range(2)]
    with pg.connect() as connection:
        holding(appending, connection, 2, processes)
    outputs = sorted(output.split(" in ")[0] for output in finish(processes))
    assert outputs == ["evaluated 2,000 hands", "nothing to evaluate: every hand is evaluated "
                                                "already\n"]
    assert scalar(pg, "SELECT count(*) || ' ' || count(strength) FROM hands") == "2000 2000"
    assert scalar(pg, "SELECT count(*) FROM deals WHERE winner = 1") == 376
    assert stored_and_recounted_wins(pg_url) == ([(1, 1, 376), (1, 2, 624)],) * 2


def keys_and_indexes(engine: Engine) -> tuple[set[tuple[Any, ...]], dict[str, int]]:
    """Every constraint of schema public (table, name, definition, whether checked) and every
    index (its definition), and each index's pg_class oid (new once it is built again). Not
    the constraint rows PostgreSQL keeps of a foreign key for each partition it refers to
    (conparentid set)."""
    with engine.connect() as connection:
        constraints = connection.execute(text(
            "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid), convalidated "
            "FROM pg_constraint WHERE connamespace = 'public'::regnamespace "
            "AND conparentid = 0")).all()
        indexes = connection.execute(text(
            "SELECT c.relname, pg_get_indexdef(c.oid), c.oid::bigint FROM pg_class c "
            "WHERE c.relkind IN ('i', 'I') AND c.relnamespace = 'public'::regnamespace")).all()
    return ({tuple(row) for row in constraints} | {(name, definition)
                                                  for name, definition, _ in indexes},
            {name: oid for name, _, oid in indexes})


IMPORTS = {  # the options and two files of each kind of import
    "pe54": (), "pe54 --evaluate": ("--evaluate",), "uci": ("--format", "uci"),
    "phh": ("--format", "phh"), "pokerstars": ("--format", "pokerstars")}
# Each partition's keys, foreign keys and indexes (those of its parent), and whether each
# constraint is validated.
PARTITION_KEYS = ("SELECT n.nspname, c.relname, k.conname, k.contype::text, k.convalidated "
                  "FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid "
                  "JOIN pg_namespace n ON n.oid = c.relnamespace "
                  "WHERE n.nspname LIKE 'pokerdb_dataset_%' AND k.contype IN ('p', 'f') "
                  "ORDER BY 1, 2, 3")
PARTITION_INDEXES = ("SELECT n.nspname, count(*) FROM pg_index i "
                     "JOIN pg_class c ON c.oid = i.indexrelid "
                     "JOIN pg_namespace n ON n.oid = c.relnamespace "
                     "WHERE n.nspname LIKE 'pokerdb_dataset_%' GROUP BY 1 ORDER BY 1")


@pytest.mark.parametrize("kind", IMPORTS)
def test_each_import_attaches_partitions_with_every_key(
        runner: CliRunner, pg_url: str, pg: Engine, tmp_path: Path, kind: str) -> None:
    """Each import's rows are its dataset's partitions (a schema of their own), attached with
    every key, foreign key and index of their parents, each validated; the parents' keys and
    indexes stay as the migrations made them."""
    options = IMPORTS[kind]
    if kind == "uci":
        file = tmp_path / "hands.data"
        file.write_text("1,1,1,13,2,4,2,3,1,12,0\n1,10,1,11,1,13,1,12,1,1,9\n")
        files = [file, tmp_path / "more.data"]
        files[1].write_text("2,2,2,13,3,4,3,3,2,12,0\n")
    elif kind == "phh":
        files = [PHH_DATA / "dwan-ivey-2009.phh", PHH_DATA / "wsop/2023/43/5/63.phh"]
    elif kind == "pokerstars":
        samples = REPO / "tests" / "data" / "pokerstars" / "CashGame"
        files = [samples / "MultipleHandsTests" / "10MultipleHands.txt",
                 samples / "GeneralHands" / "GeneralHand.txt"]
    else:
        files = [PE54_FILE, tmp_path / "more.txt"]
        generate(files[1], 3, seed=1)
    succeeds(runner, "datasets", "--db", pg_url)  # migrates the new database
    migrated = keys_and_indexes(pg)
    for file in files:
        succeeds(runner, "import", str(file), *options, "--db", pg_url, "-q")
    assert keys_and_indexes(pg) == migrated
    keys = rows(pg_url, PARTITION_KEYS)
    # deals: its key and dataset's; hand_cards: its key and deal's; six tables a key and a
    # hand's: 2 + 2 + 6 * 2 for each dataset. An import that stores no hand values (deals
    # left to evaluate; recorded hands without a showdown, the second file's) has no
    # partition of hand_values: evaluate's windows add theirs.
    valued = {"pe54 --evaluate": (1, 1), "phh": (1, 0), "pokerstars": (1, 0)}.get(kind, (0, 0))
    assert [(schema, count) for schema, count in Counter(key[0] for key in keys).items()] == [
        (f"pokerdb_dataset_{number}", 14 + 2 * each)
        for number, each in enumerate(valued, start=1)]
    assert all(validated for *_, validated in keys)
    # A key each, deals' index on its dataset and seats' of all-in seats.
    assert rows(pg_url, PARTITION_INDEXES) == [
        (f"pokerdb_dataset_{number}", 9 + each) for number, each in enumerate(valued, start=1)]
    assert scalar(pg, "SELECT reloptions FROM pg_class WHERE oid = "
                      "'pokerdb_dataset_2.deals'::regclass") == ["fillfactor=45"]


def test_first_import_that_fails_leaves_every_key_as_it_was(
        runner: CliRunner, pg_url: str, pg: Engine, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    generate(bad, 25_000, seed=3)
    with bad.open("a") as file:
        file.write("8C TS KC 9H 4S 7D 2S 5D 3S 1C\n")
    succeeds(runner, "datasets", "--db", pg_url)
    migrated = keys_and_indexes(pg)
    fails(runner, "import", str(bad), "--db", pg_url)
    assert keys_and_indexes(pg) == migrated


def test_an_import_by_a_role_that_does_not_own_the_tables(
        runner: CliRunner, pg_url: str, pg: Engine) -> None:
    """Only the owner may attach partitions: any other role granted the writes gets one line
    saying who may, and nothing is stored."""
    role = f"pokerdb_test_writer_{pg.url.database}"
    succeeds(runner, "datasets", "--db", pg_url)
    with pg.begin() as connection:
        connection.exec_driver_sql(f"CREATE ROLE {role} LOGIN PASSWORD 'writer'")
        connection.exec_driver_sql(f"GRANT ALL ON ALL TABLES IN SCHEMA public TO {role}")
        connection.exec_driver_sql(f"GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO {role}")
    try:
        migrated = keys_and_indexes(pg)
        writer_url = pg.url.set(username=role, password="writer")
        # In a process of its own, whose connections end with it.
        done = subprocess.run([sys.executable, "-m", "pokerdb", "import", str(PE54_FILE),
                               "--db", writer_url.render_as_string(hide_password=False), "-q"],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 1
        owner = pg.url.username
        assert done.stderr == (
            "Error: PostgreSQL: an import adds or drops the dataset's own partitions of the "
            "deal tables, which only their owner may do, with the right to create a schema in "
            f"the database; role {role} does not own the deal tables (they belong to "
            f"{owner}): connect as {owner}\n")
        assert keys_and_indexes(pg) == migrated
        assert scalar(pg, "SELECT count(*) FROM datasets") == 0
        # The owner's dataset: the other role may not evaluate it (a window is a partition of
        # hand_values) or delete it either, and reads it.
        succeeds(runner, "import", str(PE54_FILE), "--db", pg_url, "-q")
        for step, doing in ((["evaluate", "-q"], "evaluate"),
                            (["delete", "p054_poker.txt"], "a delete")):
            done = subprocess.run([sys.executable, "-m", "pokerdb", *step, "--db",
                                   writer_url.render_as_string(hide_password=False)],
                                  capture_output=True, text=True, timeout=120)
            assert (done.returncode, done.stderr) == (1, (
                f"Error: PostgreSQL: {doing} adds or drops the dataset's own partitions of the "
                "deal tables, which only their owner may do, with the right to create a schema "
                f"in the database; role {role} does not own the deal tables (they belong to "
                f"{owner}): connect as {owner}\n"))
        assert scalar(pg, "SELECT count(*) FROM hand_values") == 0
        assert scalar(pg, "SELECT count(*) FROM deals") == 1000
    finally:
        with pg.begin() as connection:
            connection.exec_driver_sql(f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {role}")
            connection.exec_driver_sql(
                f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM {role}")
            connection.exec_driver_sql(f"DROP ROLE {role}")
