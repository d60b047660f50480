"""Where the database and the migrations are, without loading SQLAlchemy or Alembic.

`pokerdb wins` on an SQLite file already at head reads it with the stdlib's sqlite3 (see
readers.py): deciding that may not import SQLAlchemy, which costs more than the query.
"""

import os
import re
from pathlib import Path
from urllib.parse import quote, unquote

from pokerdb.errors import PokerdbError

DB_ENV_VAR = "POKERDB_DB"
DEFAULT_DB = "pokerdb.sqlite"
# A writer holds the lock for a whole file's import; others wait for it rather than fail.
SQLITE_BUSY_TIMEOUT_MS = 10 * 60 * 1000


SQLITE_FILE_URL = "sqlite:///"
# A URL starts with a scheme (RFC 3986); anything else is a file path, taken literally.
_URL_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")


def database_url(db: str | None = None) -> str:
    """The SQLAlchemy URL for --db (a file path or a URL), else $POKERDB_DB, else the default.
    A path is taken literally: its '?' and '%' are escaped, as SQLAlchemy reads them back."""
    if db == "":
        raise PokerdbError("--db is empty: give a file path or a database URL")
    value = db or os.environ.get(DB_ENV_VAR) or DEFAULT_DB
    if _URL_SCHEME.match(value):
        return value
    return SQLITE_FILE_URL + quote(str(Path(value).expanduser()), safe="/")


def sqlite_path(url: str) -> str | None:
    """The file an `sqlite:///path` URL names, as SQLAlchemy reads it; None for any other
    URL, one with query options, or an in-memory database."""
    if not url.startswith(SQLITE_FILE_URL) or "?" in url:
        return None
    path = unquote(url.removeprefix(SQLITE_FILE_URL))
    return None if path in ("", ":memory:") else path


def missing_database(url: str) -> str | None:
    """Why there is no database at `url` to read (an SQLite file that does not exist), or
    None. Commands that only read refuse then, instead of creating an empty file."""
    path = sqlite_path(url)
    if path is None or os.path.exists(path):
        return None
    return f"no database at {path}: import something first (pokerdb import FILE)"


def known_revisions() -> list[str]:
    """Every schema revision this pokerdb has, oldest first (see head_revision)."""
    return sorted(path.name.partition("_")[0]
                  for path in (migrations_dir() / "versions").glob("[0-9]*_*.py"))


def migrations_dir() -> Path:
    """The Alembic scripts: inside the installed package, or beside it in a source checkout."""
    package = Path(__file__).parent.parent
    packaged = package / "_migrations"
    return packaged if packaged.is_dir() else package.parent / "migrations"


def head_revision() -> str:
    """The newest revision. Revisions form one line and are named NNNN_*.py with revision id
    NNNN (tests hold Alembic to that), so the head is read off the file names without loading
    Alembic: every command checks it, and `pokerdb wins` should start in a blink."""
    return known_revisions()[-1]
