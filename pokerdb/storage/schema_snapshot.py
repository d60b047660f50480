"""A new database made at head in one step: the statements the migrations' result dumps to, run
in the creating transaction instead of the revisions one by one.

The migrations stay the only way the schema changes. A snapshot is what running every revision
on an empty database leaves there (tables, indexes, views, the rows the revisions seed,
alembic_version): `migrations/sqlite_head.sql` for a new SQLite file (`dumped`: sqlite3's
iterdump), `migrations/postgresql_head.sql` for an empty PostgreSQL database (`pg_dumped`:
pg_dump's, without owners, privileges and session settings, its names unqualified so that it
makes the schema where the migrations would, the current one). Both are written by
`scripts/write-schema-snapshots.py` and checked against the migrations by
tests/test_schema_snapshot.py. Running one takes milliseconds on SQLite and 0.1 s on
PostgreSQL, where the revisions took 0.3 to 0.6 s and 1.6 s, which every import into a new
database paid before its first hand (and every PostgreSQL test its database). A snapshot
whose revision is not the head (a revision added without writing it again) is not used: the
migrations run as they always did.
"""

import glob
import os
import re
import shutil
import sqlite3
import subprocess
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from sqlalchemy import Connection

from pokerdb.storage.location import head_revision, migrations_dir

# Each backend's snapshot, and its name in the snapshot's first line.
SNAPSHOT_FILES: Final = {"sqlite": "sqlite_head.sql", "postgresql": "postgresql_head.sql"}
_BACKENDS: Final = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
# The snapshot's first line: HEADER with the backend's name, and the revision it is the schema of.
HEADER: Final = "-- pokerdb's {} schema at revision "
WRITTEN_BY: Final = ("-- What the migrations make of an empty database "
                     "(scripts/write-schema-snapshots.py; tests/test_schema_snapshot.py checks "
                     "it): do not edit.")
# pg_dump's lines that are not the schema: comments, psql's commands (\\restrict, with a key of
# its own each run), and the settings of its session (search_path '' among them).
_NOT_SCHEMA: Final = ("--", "\\", "SET ", "SELECT pg_catalog.set_config(")
# The public schema's name where it qualifies another's (pg_dump writes every name qualified).
_PUBLIC: Final = re.compile(r"\bpublic\.(?=[a-z_\"])")


def snapshot_path(dialect: str = "sqlite") -> Path:
    return migrations_dir() / SNAPSHOT_FILES[dialect]


def header(dialect: str) -> str:
    """The first line of a snapshot of the head revision for the backend `dialect`."""
    return HEADER.format(_BACKENDS[dialect]) + head_revision()


def create_from_snapshot(connection: Connection) -> bool:
    """Make the schema of a database that has none (no table yet) from its backend's snapshot,
    in the caller's transaction; False, having done nothing, where there is no snapshot of the
    head revision to make it from."""
    dialect = connection.dialect.name
    try:
        text = snapshot_path(dialect).read_text(encoding="utf-8")
    except (FileNotFoundError, KeyError):
        return False
    first, _, rest = text.partition("\n")
    if first != header(dialect):
        return False
    cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
    try:
        if dialect == "postgresql":  # the whole script in one round trip (no parameters)
            cursor.execute(rest)
        else:
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
    return "\n".join([HEADER.format(_BACKENDS["sqlite"]) + revision, WRITTEN_BY, *lines]) + "\n"


def pg_dumped(url: str, revision: str) -> str:
    """The snapshot text of the PostgreSQL database at `url` (libpq's form, password included)
    at `revision`: HEADER line, then pg_dump's statements without owners, privileges and what
    is not the schema (_NOT_SCHEMA), rows as INSERTs, the names of the public schema
    unqualified."""
    dump = pg_dump(url, "--no-owner", "--no-privileges", "--inserts")
    lines = [_PUBLIC.sub("", line) for line in dump.splitlines()
             if line.strip() and not line.startswith(_NOT_SCHEMA)]
    return "\n".join([HEADER.format(_BACKENDS["postgresql"]) + revision, WRITTEN_BY, *lines]) + "\n"


def pg_dump(url: str, *options: str) -> str:
    """pg_dump's SQL of the PostgreSQL database at `url` (libpq's form), its password given
    through the environment, not the command line."""
    parts = urllib.parse.urlsplit(url)
    address = parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", "@", 1)
                             if parts.password else parts.netloc).geturl()
    environment = {**os.environ, "PGPASSWORD": urllib.parse.unquote(parts.password or "")}
    return subprocess.run([pg_dump_program(), *options, address], check=True,
                          capture_output=True, text=True, env=environment).stdout


def pg_dump_program() -> str:
    """pg_dump: on the PATH, else that of the newest of Debian's PostgreSQL installs."""
    installed = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_dump"),
                       key=lambda path: [int(part) for part in
                                         re.findall(r"[0-9]+", Path(path).parent.parent.name)])
    found = shutil.which("pg_dump") or (installed[-1] if installed else None)
    if found is None:
        raise FileNotFoundError("pg_dump is not installed (Debian: postgresql-client)")
    return found
