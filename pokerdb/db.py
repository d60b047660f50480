"""Opening a database: URL resolution, SQLite settings, and bringing the schema to head."""

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, make_url, text
from sqlalchemy.exc import ArgumentError, OperationalError, ProgrammingError

from pokerdb import bulk
from pokerdb.errors import PokerdbError

if TYPE_CHECKING:
    from alembic.config import Config

DB_ENV_VAR = "POKERDB_DB"
DEFAULT_DB = "pokerdb.sqlite"
# A writer holds the lock for a whole file's import; others wait for it rather than fail.
SQLITE_BUSY_TIMEOUT_MS = 10 * 60 * 1000


def database_url(db: str | None = None) -> str:
    """The SQLAlchemy URL for --db (a file path or a URL), else $POKERDB_DB, else the default."""
    value = db or os.environ.get(DB_ENV_VAR) or DEFAULT_DB
    if "://" in value:
        return value
    return f"sqlite:///{Path(value).expanduser()}"


def migrations_dir() -> Path:
    """The Alembic scripts: inside the installed package, or beside it in a source checkout."""
    packaged = Path(__file__).parent / "_migrations"
    return packaged if packaged.is_dir() else Path(__file__).parent.parent / "migrations"


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


def head_revision() -> str:
    """The newest revision. Revisions form one line and are named NNNN_*.py with revision id
    NNNN (tests hold Alembic to that), so the head is read off the file names without loading
    Alembic: every command checks it, and `pokerdb wins` should start in a blink."""
    return max(path.name.partition("_")[0]
               for path in (migrations_dir() / "versions").glob("[0-9]*_*.py"))


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
