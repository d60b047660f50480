"""Write the schema snapshots again: what the migrations make of a new SQLite file
(migrations/sqlite_head.sql) and of an empty PostgreSQL database (migrations/postgresql_head.sql),
which `pokerdb` runs to make a new database at head in one step (pokerdb.storage.schema_snapshot).

Run it after adding a revision, with a PostgreSQL server whose role may create databases (and
its pg_dump) for the second:

    python scripts/write-schema-snapshots.py [POSTGRESQL_URL]

The URL defaults to $POKERDB_TEST_PG_URL (scripts/pg-test-server.sh sets it); without either,
only the SQLite snapshot is written. tests/test_schema_snapshot.py fails until each snapshot is
the migrations' result again.
"""

import os
import sys
from pathlib import Path

from pokerdb.storage.engines import migrated_pg_snapshot, migrated_snapshot
from pokerdb.storage.schema_snapshot import SNAPSHOT_FILES

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


def write(dialect: str, snapshot: str) -> None:
    target = MIGRATIONS / SNAPSHOT_FILES[dialect]
    target.write_text(snapshot, encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    write("sqlite", migrated_snapshot())
    server = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("POKERDB_TEST_PG_URL")
    if server:
        write("postgresql", migrated_pg_snapshot(server))
    else:
        print("no PostgreSQL URL (an argument or $POKERDB_TEST_PG_URL): "
              "migrations/postgresql_head.sql left as it was", file=sys.stderr)
