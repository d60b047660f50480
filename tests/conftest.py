"""Shared fixtures: databases on every backend and a CLI runner; and what lets the tests run
in parallel (pytest-xdist, `-n logical` in pyproject's addopts): the PostgreSQL reader role
set up once before the workers start, and each module's tests that share a module-scoped
fixture kept on one worker, so that the fixture is built once, as in a serial run."""

import os
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from typer.testing import CliRunner

from pokerdb.storage.engines import open_engine
from pokerdb.storage.reader_role import install_reader

# benchmarks/ holds the random PHH hands and the reference helpers some tests share with it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
PG_URL_VAR = "POKERDB_TEST_PG_URL"
# Set by .ci/run: there a missing server fails the PostgreSQL tests instead of skipping them.
REQUIRE_PG_VAR = "POKERDB_TEST_REQUIRE_PG"


def _needs_postgres(item: pytest.Item) -> bool:
    callspec = getattr(item, "callspec", None)
    on_server = callspec is not None and callspec.params.get("db_url") == "postgresql"
    return on_server or "pg_url" in getattr(item, "fixturenames", ())


def _module_sharing_a_fixture(item: pytest.Item) -> pytest.Module | None:
    """The test's module, if the test uses a module-scoped fixture of that module."""
    module = item.getparent(pytest.Module)
    info = getattr(item, "_fixtureinfo", None)
    if module is None or info is None:
        return None
    shares = any(definition.scope == "module" and definition.baseid == module.nodeid
                 for definitions in info.name2fixturedefs.values()
                 for definition in definitions)
    return module if shares else None


@pytest.hookimpl(tryfirst=True)  # before xdist's worker reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A module's tests that share a module-scoped fixture (a built wheel, a Spark session, an
    imported database) run on one worker (`--dist loadgroup`). Without a server, the PostgreSQL
    tests are left out and said so once (at the end), not skipped one line each."""
    for item in items:
        module = _module_sharing_a_fixture(item)
        if module is not None:
            item.add_marker(pytest.mark.xdist_group(module.nodeid))
    if os.environ.get(PG_URL_VAR) or os.environ.get(REQUIRE_PG_VAR):
        return
    left_out = [item for item in items if _needs_postgres(item)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not _needs_postgres(item)]
        config.stash[_LEFT_OUT] = len(left_out)


_LEFT_OUT = pytest.StashKey[int]()


def pytest_sessionstart(session: pytest.Session) -> None:
    """The role `pokerdb query` runs as on PostgreSQL (pokerdb_reader) is one for the whole
    server, created by the first database brought to head: set up here, once, before any
    worker runs a test, so that two workers' first databases do not both create it."""
    base = os.environ.get(PG_URL_VAR)
    if not base or hasattr(session.config, "workerinput"):
        return
    for url in _postgres_database(base):  # a database of its own, dropped after
        engine = create_engine(url)
        try:
            with engine.begin() as connection:
                why = install_reader(connection)
            assert why is None, why
        finally:
            engine.dispose()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter,
                            config: pytest.Config) -> None:
    left_out = config.stash.get(_LEFT_OUT, 0)
    if left_out:
        terminalreporter.write_line(
            f"{left_out} PostgreSQL tests left out: {PG_URL_VAR} is not set (see "
            f"docs/development.md, 'Running the PostgreSQL tests')")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _postgres_database(base_url: str) -> Iterator[str]:
    """A fresh database on the test server, dropped afterwards."""
    name = f"pokerdb_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield str(admin.url.set(database=name).render_as_string(hide_password=False))
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database URL on each backend; PostgreSQL needs $POKERDB_TEST_PG_URL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.sqlite'}"
        return
    yield from _postgres_database(_postgres_server())


@pytest.fixture
def other_url(request: pytest.FixtureRequest, db_url: str, tmp_path: Path) -> str:
    """A second empty database on db_url's backend."""
    if db_url.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'other.sqlite'}"
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def pg_url() -> Iterator[str]:
    """An empty PostgreSQL database URL, for tests of PostgreSQL alone."""
    yield from _postgres_database(_postgres_server())


def _postgres_server() -> str:
    base = os.environ.get(PG_URL_VAR)
    if base:
        return base
    if os.environ.get(REQUIRE_PG_VAR):
        pytest.fail(f"{PG_URL_VAR} is not set, and {REQUIRE_PG_VAR} says PostgreSQL tests "
                    f"must run here")
    pytest.skip(f"{PG_URL_VAR} is not set: PostgreSQL tests need a server "
                f"(see docs/development.md, 'Running the PostgreSQL tests')")


@pytest.fixture
def fresh(db_url: str) -> Iterator[Engine]:
    """A plain engine on an empty database: no pokerdb set-up, no migrations run."""
    engine = create_engine(db_url)
    yield engine
    engine.dispose()


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """A database at head on each backend."""
    engine = open_engine(db_url)
    yield engine
    engine.dispose()
