"""Where the database and the migrations are, without loading SQLAlchemy or Alembic.

`pokerdb wins` on an SQLite file already at head reads it with the stdlib's sqlite3 (see
readers.py): deciding that may not import SQLAlchemy, which costs more than the query.
"""

import os
from pathlib import Path

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


def head_revision() -> str:
    """The newest revision. Revisions form one line and are named NNNN_*.py with revision id
    NNNN (tests hold Alembic to that), so the head is read off the file names without loading
    Alembic: every command checks it, and `pokerdb wins` should start in a blink."""
    return max(path.name.partition("_")[0]
               for path in (migrations_dir() / "versions").glob("[0-9]*_*.py"))
