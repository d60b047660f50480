"""Opening a database: SQLite settings, and bringing the schema to head (the URL comes from
pokerdb.storage.location)."""

import atexit
import os
import tempfile
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import URL, Connection, Engine, create_engine, event, make_url, text
from sqlalchemy.exc import (
    ArgumentError,
    DBAPIError,
    NoSuchModuleError,
    OperationalError,
    ProgrammingError,
)
from sqlalchemy.pool import NullPool, QueuePool

from pokerdb import __version__
from pokerdb.errors import PokerdbError
from pokerdb.storage.location import (
    SQLITE_BUSY_TIMEOUT_MS,
    SQLITE_FILE_URL,
    database_url,
    head_revision,
    known_revisions,
    migrations_dir,
    missing_database,
    sqlite_path,
)
from pokerdb.storage.schema_snapshot import create_from_snapshot, dumped, pg_dumped
from pokerdb.storage.write_locks import lock_for_migration

if TYPE_CHECKING:
    from alembic.config import Config

# Every engine made here and not yet collected, closed at exit (_close_at_exit).
_made: "weakref.WeakSet[Engine]" = weakref.WeakSet()


@atexit.register
def _close_at_exit() -> None:
    """Every engine still open closed as the process exits: SQLite folds its write-ahead log
    into the file and removes it, a server ends its sessions. The `pokerdb` program ends
    without tearing the interpreter down (cli.main), where an engine would be closed only as
    it is collected."""
    for engine in list(_made):
        engine.dispose()


def alembic_config(connection: Connection | None = None) -> "Config":
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    config.attributes["connection"] = connection
    return config


def _configure_sqlite(engine: Engine, read_only: bool = False) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the driver, decide when transactions begin (see on_begin).
        dbapi_connection.isolation_level = None
        if read_only:
            return
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


def _configure_server(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Times read as UTC whatever the server's zone, as on SQLite (imported_at).
        with dbapi_connection.cursor() as cursor:
            cursor.execute("SET TIME ZONE 'UTC'")
        dbapi_connection.commit()


def configured_engine(url: str | URL, *, read_only: bool = False, **options: Any) -> Engine:
    """An engine with pokerdb's settings (SQLite: pages of 16 KiB for a new file, WAL, busy
    timeout; PostgreSQL: UTC), without touching the schema: for the migrations' own use."""
    engine = create_engine(url, **options)
    _made.add(engine)
    if engine.dialect.name == "sqlite":
        _configure_sqlite(engine, read_only)
    elif engine.dialect.name == "postgresql":
        _configure_server(engine)
    return engine


def open_engine(db: str | None = None, *, create: bool = True) -> Engine:
    """An engine for the database, with the schema brought to head. `create=False` refuses
    a database that does not exist yet (an SQLite file) instead of creating it; an SQLite
    file on a read-only medium (or folder) is opened read-only."""
    url = database_url(db)
    missing = None if create else missing_database(url)
    if missing is not None:
        raise PokerdbError(missing)
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise PokerdbError(f"--db {url!r} is neither a file path nor a database URL") from exc
    path = sqlite_path(url)
    read_only = path is not None and _read_only_file(path)
    if path is not None and read_only:
        # No lock and no write-ahead log to create: the medium cannot change under us.
        parsed = URL.create("sqlite", database=f"file:{os.path.abspath(path)}",
                            query={"immutable": "1", "uri": "true"})
    elif path is not None:
        folder = Path(path).parent
        if not folder.is_dir():
            raise PokerdbError(f"cannot create the database {path}: "
                               f"folder {folder} does not exist")
    where = path if path is not None else parsed.render_as_string(hide_password=True)
    try:
        engine = configured_engine(parsed, read_only=read_only)
    except Exception as exc:
        raise PokerdbError(f"cannot open database {where}: {_unopenable(parsed, exc)}") from exc
    try:
        upgrade_to_head(engine, where)
    except DBAPIError as exc:
        engine.dispose()
        raise PokerdbError(f"database {where}: {_first_line(exc.orig)}") from None
    except PokerdbError:
        engine.dispose()
        raise
    return engine


# The URLs pokerdb is made for, as a message suggests them.
URL_FORMS = "a file path (SQLite), or postgresql+psycopg://USER:PASSWORD@HOST:PORT/DATABASE"


def _unopenable(url: URL, exc: Exception) -> str:
    """What to do about a URL SQLAlchemy cannot open: the URL to write instead, where one is
    plainly meant (`postgres://`, as psql and many hosts write it), else the forms pokerdb
    takes; its own words for anything else (a malformed SQLite URL, say)."""
    backend = url.get_backend_name()
    if backend == "postgres":
        meant = url.set(drivername="postgresql+psycopg").render_as_string(hide_password=True)
        return f"SQLAlchemy calls PostgreSQL 'postgresql': write {meant}"
    if isinstance(exc, NoSuchModuleError):
        return f"no database type {backend!r}: give {URL_FORMS}"
    if isinstance(exc, ModuleNotFoundError):
        return (f"the driver for {url.drivername!r} is not installed ({exc}); pokerdb is "
                f"made for {URL_FORMS}")
    if backend == "sqlite":
        return (f"{_first_line(exc)}: write sqlite:///relative/path or "
                f"sqlite:////absolute/path, or give the file's path alone")
    return _first_line(exc)


def _read_only_file(path: str) -> bool:
    """Whether an existing SQLite file cannot be written (or its folder, where SQLite keeps
    its write-ahead log): a read-only medium, or no permission."""
    return os.path.exists(path) and not (
        os.access(path, os.W_OK) and os.access(os.path.dirname(os.path.abspath(path)), os.W_OK))


def _first_line(exc: BaseException | None) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__


@contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    """A connection for queries that only read, all of them in one snapshot: on SQLite a
    deferred transaction (no write lock), on PostgreSQL a read-only REPEATABLE READ one. A
    reader of several statements (a window of evaluate or equity) cannot see a commit land
    between two of them, such as an import's deals without their boards or another equity's
    rows for deals it has just read as pending."""
    server = engine.dialect.name == "postgresql"
    options: dict[str, Any] = {} if server else {"sqlite_begin": "DEFERRED"}
    with engine.connect().execution_options(**options) as connection, connection.begin():
        if server:
            # Said in the transaction, not as connection settings: SQLAlchemy resets those to
            # READ WRITE on the connection's return, which would override a session that may
            # not write (default_transaction_read_only).
            connection.exec_driver_sql(
                "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield connection


@contextmanager
def reading_one(engine: Engine) -> Iterator[Connection]:
    """A connection for ONE statement that only reads (a statement is its own snapshot): on
    PostgreSQL outside any transaction, so the statement is the answer's one round trip
    (reading's BEGIN, SET TRANSACTION and COMMIT are three more, most of a short answer's time
    on a busy machine); on SQLite as reading()."""
    if engine.dialect.name != "postgresql":
        with reading(engine) as connection:
            yield connection
        return
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        yield connection


def reads_in_parallel(engine: Engine) -> bool:
    """Whether `reading_together` can give two connections of their own to one SQLite file
    (not an in-memory database, whose pool gives out the one connection there is)."""
    return engine.dialect.name == "sqlite" and isinstance(engine.pool, QueuePool | NullPool)


@contextmanager
def reading_together(engine: Engine) -> Iterator[tuple[Connection, Connection | None]]:
    """Two connections of an SQLite file (reads_in_parallel) reading one snapshot, each as
    reading() reads, for two statements at once on two cores; the second None where a commit
    may have landed between the two snapshots' beginnings (then read on the first alone).

    In WAL mode each connection's snapshot begins at its transaction's first read. The second
    reads PRAGMA data_version (which changes when another connection has committed) before
    the first begins its snapshot, and again as its own begins: the same value, no commit
    came between them, so both read the same database (neither of them writes)."""
    with engine.connect() as second:
        # The driver's, outside any transaction (SQLAlchemy would begin one, on SQLite
        # IMMEDIATE: the write lock).
        driver: Any = second.connection.driver_connection
        before = driver.execute("PRAGMA data_version").fetchone()[0]
        with reading(engine) as first:
            first.exec_driver_sql("PRAGMA data_version")  # its snapshot begins
            with second.execution_options(sqlite_begin="DEFERRED").begin():
                after = second.exec_driver_sql("PRAGMA data_version").scalar()
                yield first, second if after == before else None


def _current_revision(engine: Engine) -> str | None:
    try:
        with reading(engine) as connection:
            revision: str | None = connection.scalar(
                text("SELECT version_num FROM alembic_version"))
            return revision
    except (OperationalError, ProgrammingError):
        return None  # a new database: no alembic_version table yet


def upgrade_to_head(engine: Engine, where: str = "") -> None:
    """Apply pending migrations; one cheap query when the database is already at head. A
    revision this pokerdb does not know (a newer pokerdb's, another program's) is refused."""
    current = _current_revision(engine)
    if current == head_revision():
        return
    if current is not None and current not in known_revisions():
        raise PokerdbError(
            f"database {where or engine.url.render_as_string()} is at schema revision "
            f"{current!r}, which pokerdb {__version__} does not know (its newest is "
            f"{head_revision()!r}): it was written by a newer pokerdb (upgrade pokerdb) or by "
            f"another program (choose another database with --db)")
    with engine.begin() as connection:
        lock_for_migration(connection)
        # A new database is made at head from the migrations' snapshot (schema_snapshot);
        # checked again under the lock, which another process creating it may have held.
        if current is None and _without_tables(connection) and _made_from_snapshot(connection):
            return
        from alembic import command

        command.upgrade(alembic_config(connection), "head")


def _made_from_snapshot(connection: Connection) -> bool:
    """create_from_snapshot, and on PostgreSQL the reader set up after it, where the role may,
    as revision 0006 sets it up. A PostgreSQL server that refuses the snapshot (pg_dump's SQL
    of the version that wrote it; an older server, say) leaves the transaction as it was, and
    the migrations make the schema instead."""
    if connection.dialect.name != "postgresql":
        return create_from_snapshot(connection)
    from pokerdb.storage.reader_role import install_reader

    try:
        with connection.begin_nested():
            if not create_from_snapshot(connection):
                return False
    except connection.dialect.loaded_dbapi.Error:  # the driver's own (run on its cursor)
        return False
    install_reader(connection)
    return True


def _without_tables(connection: Connection) -> bool:
    """Whether the database has nothing in it yet (PostgreSQL: no table or view in the schema
    the migrations would make theirs in, the current one)."""
    query = {"sqlite": "SELECT 1 FROM sqlite_master LIMIT 1",
             "postgresql": "SELECT 1 FROM information_schema.tables "
                           "WHERE table_schema = current_schema() LIMIT 1"}
    dialect = connection.dialect.name
    return dialect in query and not connection.exec_driver_sql(query[dialect]).first()


def migrated_snapshot() -> str:
    """The schema snapshot (storage.schema_snapshot) of a new SQLite file brought to head by
    the migrations themselves, revision by revision."""
    from alembic import command

    with tempfile.TemporaryDirectory(prefix="pokerdb-snapshot-") as folder:
        path = str(Path(folder) / "head.sqlite")
        engine = configured_engine(SQLITE_FILE_URL + path)
        try:
            with engine.begin() as connection:
                command.upgrade(alembic_config(connection), "head")
        finally:
            engine.dispose()
        return dumped(path)


def migrated_pg_snapshot(server: str) -> str:
    """The schema snapshot (storage.schema_snapshot) of an empty PostgreSQL database brought to
    head by the migrations themselves, made on the server of the URL `server` (a role that may
    create databases) and dropped after; the reader's functions, which the migrations add
    where the role may, left out (made after the snapshot, where the role may)."""
    from alembic import command

    from pokerdb.storage.reader_role import READER_FUNCTIONS

    admin = configured_engine(server, isolation_level="AUTOCOMMIT")
    name = f"pokerdb_snapshot_{os.getpid()}"
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    url = admin.url.set(database=name)
    try:
        engine = configured_engine(url)
        try:
            with engine.begin() as connection:
                command.upgrade(alembic_config(connection), "head")
                for signature in READER_FUNCTIONS:
                    connection.exec_driver_sql(f"DROP FUNCTION IF EXISTS {signature}")
        finally:
            engine.dispose()
        return pg_dumped(url.set(drivername="postgresql").render_as_string(hide_password=False),
                         head_revision())
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()
