"""A new SQLite database made at head in one step: the statements the migrations' result dumps
to, run in the creating transaction instead of the revisions one by one.

The migrations stay the only way the schema changes. `migrations/sqlite_head.sql` is what
running every revision on an empty SQLite file leaves there (`dumped`: tables, indexes, views,
the rows the revisions seed, alembic_version), written by `scripts/write-sqlite-snapshot.py`
and checked against the migrations by tests/test_schema_snapshot.py. Running it takes a few
milliseconds where the sixteen revisions took 0.3 to 0.6 s, which every import into a new
file paid before its first hand. A snapshot whose revision is not the head (a revision added
without writing it again) is not used: the migrations run as they always did.
"""

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from sqlalchemy import Connection

from pokerdb.storage.location import head_revision, migrations_dir

SNAPSHOT_FILE: Final = "sqlite_head.sql"
# The snapshot's first line: HEADER and the revision it is the schema of.
HEADER: Final = "-- pokerdb's SQLite schema at revision "
WRITTEN_BY: Final = ("-- What the migrations make of an empty file "
                     "(scripts/write-sqlite-snapshot.py; tests/test_schema_snapshot.py checks "
                     "it): do not edit.")


def snapshot_path() -> Path:
    return migrations_dir() / SNAPSHOT_FILE


def create_from_snapshot(connection: Connection) -> bool:
    """Make the schema of an SQLite database that has none (no table yet) from the snapshot,
    in the caller's transaction; False, having done nothing, where there is no snapshot of the
    head revision to make it from."""
    try:
        text = snapshot_path().read_text(encoding="utf-8")
    except FileNotFoundError:
        return False
    first, _, rest = text.partition("\n")
    if first != HEADER + head_revision():
        return False
    cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
    try:
        for statement in statements(rest):
            cursor.execute(statement)
    finally:
        cursor.close()
    return True


def statements(script: str) -> Iterator[str]:
    """The SQL statements of a script, each whole (a view's text may span lines), its
    comment lines left out."""
    pending: list[str] = []
    for line in script.splitlines(keepends=True):
        if not pending and (line.startswith("--") or not line.strip()):
            continue
        pending.append(line)
        statement = "".join(pending)
        if sqlite3.complete_statement(statement):
            yield statement
            pending = []
    if "".join(pending).strip():
        raise ValueError(f"the snapshot ends inside a statement: {''.join(pending)[:80]!r}")


def dumped(path: str) -> str:
    """The snapshot text of the SQLite database at `path`: HEADER line, then every statement
    that makes its schema and rows (sqlite3's iterdump, without its transaction)."""
    connection = sqlite3.connect(path)
    try:
        revision = connection.execute("SELECT version_num FROM alembic_version").fetchone()[0]
        lines = [line for line in connection.iterdump()
                 if line not in ("BEGIN TRANSACTION;", "COMMIT;")]
    finally:
        connection.close()
    return "\n".join([HEADER + revision, WRITTEN_BY, *lines]) + "\n"

