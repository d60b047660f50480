"""`pokerdb serve`: a local web page to browse a pokerdb database, built on datasette (the
optional `serve` extra). The database is opened without being changed: read-only (seeing
what another pokerdb, such as `pokerdb watch`, commits meanwhile), or immutable (no lock, no
journal) where nothing can change it: its folder cannot be written and no write-ahead log is
pending. It must already be at pokerdb's schema head.

datasette browses SQLite files only: a PostgreSQL database is served with pokerdb's own pages
alone (serve.pages.PagesApp: the players, each player's page and each hand's), read in
read-only transactions.
"""

import os
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pokerdb.errors import PokerdbError
from pokerdb.serve.gate import PAGE_THREADS, QUERY_SLOTS, Gate, served_hosts
from pokerdb.serve.metadata import QUERIES, datasette_metadata
from pokerdb.storage.location import database_url, head_revision, sqlite_path

NEEDS = "pokerdb serve needs datasette: pip install 'pokerdb[serve]'"
# datasette stops a query after this long by default (1 s): too short for the statistics of
# a million hands (the canned queries).
TIME_LIMIT_MS = 60_000
# SQL of the user's own (?sql=, ?_where=) stops sooner: it holds one of the gate's few slots.
SQL_TIME_LIMIT_MS = 20_000


@dataclass(frozen=True)
class Served:
    """An SQLite file (`path`), or a server's database (`url`, path None)."""

    path: Path | None
    immutable: bool  # False: read-only, the database may change while it is served
    url: str = ""

    @property
    def database(self) -> str:
        """What serve.page_html.engine_of opens: the file's path, or the URL."""
        return self.url if self.path is None else str(self.path)


def served_database(db: str | None) -> Served:
    """The SQLite file or server's database --db names, checked to be at head without
    changing it."""
    url = database_url(db)
    path = sqlite_path(url)
    if path is None:
        return _served_server(url)
    if not os.path.isfile(path):
        raise PokerdbError(f"no database at {path}: import something first (pokerdb import "
                           f"FILE)")
    log = Path(path + "-wal")
    # Immutable only where nothing can change it (no write-ahead log pending, and a folder no
    # one may write in); else read-only, seeing what `pokerdb watch` or an import commits.
    immutable = not (log.exists() and log.stat().st_size > 0) and not os.access(
        Path(path).resolve().parent, os.W_OK)
    mode = "immutable=1" if immutable else "mode=ro"
    connection = sqlite3.connect(f"file:{Path(path).resolve()}?{mode}", uri=True)
    try:
        revision = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError as error:
        raise PokerdbError(f"{path} is not a pokerdb database ({error})") from None
    finally:
        connection.close()
    _at_head(path, revision and revision[0])
    return Served(Path(path), immutable)


def _served_server(url: str) -> Served:
    """A PostgreSQL database, at head, read by pokerdb's pages."""
    from sqlalchemy import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from pokerdb.serve.page_html import engine_of
    from pokerdb.storage.engines import reading

    where = make_url(url).render_as_string(hide_password=True)
    try:
        with reading(engine_of(url)) as connection:
            revision = connection.exec_driver_sql(
                "SELECT version_num FROM alembic_version").scalar()
    except (SQLAlchemyError, ImportError) as error:
        message = str(getattr(error, "orig", None) or error).strip().splitlines()
        raise PokerdbError(f"cannot read {where}: {message[0] if message else error}") \
            from None
    _at_head(where, revision)
    return Served(None, False, url)


def _at_head(where: str, revision: str | None) -> None:
    if revision != head_revision():
        raise PokerdbError(
            f"{where} is at schema revision {revision!r}, not {head_revision()!r}: pokerdb "
            f"serve does not change it; bring it up to date with any other command first "
            f"(pokerdb datasets --db {where})")


def datasette_app(served: Served) -> Any:
    """The datasette application serving the database, with pokerdb's metadata and charts,
    each connection guarded (serve.connections)."""
    try:
        from datasette.app import Datasette
        from datasette.plugins import pm
    except ImportError:
        raise PokerdbError(NEEDS) from None
    from pokerdb.serve import charts, connections, page_routes

    assert served.path is not None, "datasette serves SQLite files"
    for plugin, name in ((charts, "pokerdb-charts"), (connections, "pokerdb-connections"),
                         (page_routes, "pokerdb-pages")):
        if not pm.is_registered(plugin):
            pm.register(plugin, name=name)
    path = str(served.path)
    datasette = Datasette(
        immutables=[path] if served.immutable else [], files=[] if served.immutable else [path],
        metadata=datasette_metadata(served.path.stem),
        settings={"sql_time_limit_ms": TIME_LIMIT_MS, "facet_time_limit_ms": 1_000,
                  "allow_download": False, "suggest_facets": False,
                  "num_sql_threads": QUERY_SLOTS + PAGE_THREADS},
    )
    return datasette


def asgi_app(served: Served, hosts: frozenset[str],
             sql_ms: int = SQL_TIME_LIMIT_MS) -> Gate:
    """The application `serve` runs: datasette's (or pokerdb's pages alone, on PostgreSQL),
    answering requests addressed to `hosts` (serve.gate.served_hosts) and running SQL of the
    user's for `sql_ms` at most."""
    if served.path is None:
        from pokerdb.serve.page_html import engine_of
        from pokerdb.serve.pages import PagesApp

        return Gate(PagesApp(engine_of(served.url)), hosts, (), sql_ms)
    return Gate(datasette_app(served).app(), hosts, QUERIES, sql_ms)


def serve(served: Served, host: str, port: int, names: Iterable[str] = ()) -> None:
    """Serve the database until interrupted, to requests addressed to `host`:`port` (or, on
    the loopback or every address, to localhost) or to one of `names`."""
    app = asgi_app(served, served_hosts(host, port, names))
    try:
        import uvicorn
    except ImportError:
        raise PokerdbError(NEEDS) from None

    from pokerdb.serve.connections import limit_sqlite_heap

    limit_sqlite_heap()
    uvicorn.run(app, host=host, port=port, log_level="warning")
