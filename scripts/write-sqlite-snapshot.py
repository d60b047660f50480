"""Write migrations/sqlite_head.sql again: what the migrations make of a new SQLite file, which
`pokerdb` runs to make a new file at head in one step (pokerdb.storage.schema_snapshot).

Run it after adding a revision: `python scripts/write-sqlite-snapshot.py`
(tests/test_schema_snapshot.py fails until the snapshot is the migrations' result again).
"""

from pathlib import Path

from pokerdb.storage.engines import migrated_snapshot
from pokerdb.storage.schema_snapshot import SNAPSHOT_FILE

TARGET = Path(__file__).resolve().parent.parent / "migrations" / SNAPSHOT_FILE

if __name__ == "__main__":
    TARGET.write_text(migrated_snapshot(), encoding="utf-8")
    print(f"wrote {TARGET}")
