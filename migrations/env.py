"""Alembic environment: runs on the connection pokerdb hands over, or opens the CLI's database."""

from logging.config import fileConfig

from alembic import context
from sqlalchemy import Connection, pool

from pokerdb.storage.engines import configured_engine
from pokerdb.storage.location import database_url
from pokerdb.storage.schema import metadata

config = context.config
if config.config_file_name is not None:
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def run_migrations(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        # SQLite cannot ALTER most things in place; batch mode rebuilds the table instead.
        render_as_batch=connection.dialect.name == "sqlite",
        transaction_per_migration=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    shared = config.attributes.get("connection")
    if shared is not None:
        run_migrations(shared)
        return
    # pokerdb's settings, so a file made here is made as pokerdb makes one (16 KiB pages).
    engine = configured_engine(database_url(), poolclass=pool.NullPool)
    with engine.connect() as connection:
        run_migrations(connection)


if context.is_offline_mode():
    raise SystemExit("pokerdb migrations run online only: set POKERDB_DB and run upgrade")
run_online()
