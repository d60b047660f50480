"""Opening a database: SQLite settings, and bringing the schema to head (the URL comes from
pokerdb.location)."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, make_url, text
from sqlalchemy.exc import ArgumentError, OperationalError, ProgrammingError

from pokerdb import bulk
from pokerdb.errors import PokerdbError
from pokerdb.location import SQLITE_BUSY_TIMEOUT_MS, database_url, head_revision, migrations_dir

if TYPE_CHECKING:
    from alembic.config import Config


def alembic_config(connection: Connection | None = None) -> "Config":
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    config.attributes["connection"] = connection
    return config


def _configure_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the driver, decide when transactions begin (see on_begin).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        # Pages of 16 KiB make bulk inserts a tenth faster than 4 KiB. Only a new file takes
        # them (before WAL is on); an existing one keeps its own.
        cursor.execute("PRAGMA page_size = 16384")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
        # Foreign keys stay unenforced, SQLite's default: pokerdb's writers keep references whole
        # by construction (a file in one transaction), and checking each row costs a fifth of
        # import and evaluate. PostgreSQL enforces them.
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Connection) -> None:
        # Writers take the write lock up front, so a second writer waits (busy_timeout) instead
        # of failing when it tries to upgrade a read lock mid-transaction.
        mode = connection.get_execution_options().get("sqlite_begin", "IMMEDIATE")
        connection.exec_driver_sql(f"BEGIN {mode}")


def open_engine(db: str | None = None) -> Engine:
    """An engine for the database, with the schema brought to head."""
    url = database_url(db)
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise PokerdbError(f"--db {url!r} is neither a file path nor a database URL") from exc
    if parsed.get_backend_name() == "sqlite" and parsed.database:
        folder = Path(parsed.database).parent
        if not folder.is_dir():
            raise PokerdbError(f"cannot create the database {parsed.database}: "
                               f"folder {folder} does not exist")
    try:
        engine = create_engine(parsed)
    except Exception as exc:
        raise PokerdbError(f"cannot open database {parsed.render_as_string()}: {exc}") from exc
    if parsed.get_backend_name() == "sqlite":
        _configure_sqlite(engine)
    upgrade_to_head(engine)
    return engine


@contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    """A connection for queries that only read; on SQLite it takes no write lock."""
    with (engine.connect().execution_options(sqlite_begin="DEFERRED") as connection,
          connection.begin()):
        yield connection


def _current_revision(engine: Engine) -> str | None:
    try:
        with reading(engine) as connection:
            revision: str | None = connection.scalar(
                text("SELECT version_num FROM alembic_version"))
            return revision
    except (OperationalError, ProgrammingError):
        return None  # a new database: no alembic_version table yet


def upgrade_to_head(engine: Engine) -> None:
    """Apply pending migrations; one cheap query when the database is already at head."""
    if _current_revision(engine) == head_revision():
        return
    from alembic import command

    with engine.begin() as connection:
        bulk.lock_for_migration(connection)
        command.upgrade(alembic_config(connection), "head")
