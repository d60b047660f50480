"""Fresh, empty databases for the pokerdb steps: SQLite files in the work folder by default, or
scratch databases on the PostgreSQL server named by --db (created and dropped here, so the
database in the URL itself is never written)."""

import uuid
from pathlib import Path

from sqlalchemy import create_engine, make_url, text

SCRATCH_PREFIX = "pokerdb_bench_"


class Databases:
    def __init__(self, workdir: Path, server_url: str | None = None,
                 owner: tuple[str, str] | None = None) -> None:
        """`owner`: (role, password) of an existing role that owns each database made, and
        that the --db values connect as (the server URL's role only creates and drops them)."""
        self.workdir = workdir
        self.server_url = server_url
        self.owner = owner
        self.created: list[str] = []
        if server_url is not None and make_url(server_url).get_backend_name() != "postgresql":
            raise ValueError("--db takes a PostgreSQL URL; SQLite runs use fresh files by default")

    @property
    def backend(self) -> str:
        return "sqlite" if self.server_url is None else "postgresql"

    def fresh(self, label: str) -> str:
        """The --db value of a new, empty database."""
        if self.server_url is None:
            path = self.workdir / f"{label}.sqlite"
            path.unlink(missing_ok=True)
            return str(path)
        name = f"{SCRATCH_PREFIX}{label}_{uuid.uuid4().hex[:8]}"
        owned = f' OWNER "{self.owner[0]}"' if self.owner else ""
        self._admin(f'CREATE DATABASE "{name}"{owned}')
        self.created.append(name)
        url = make_url(self.server_url).set(database=name)
        if self.owner is not None:
            url = url.set(username=self.owner[0], password=self.owner[1])
        return url.render_as_string(hide_password=False)

    def server_version(self) -> str | None:
        if self.server_url is None:
            return None
        engine = create_engine(self.server_url)
        try:
            with engine.connect() as connection:
                return str(connection.scalar(text("SHOW server_version")))
        finally:
            engine.dispose()

    def drop_all(self) -> None:
        for name in self.created:
            self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.created.clear()

    def _admin(self, statement: str) -> None:
        engine = create_engine(str(self.server_url), isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as connection:
                connection.execute(text(statement))
        finally:
            engine.dispose()
