"""Dataset ids are never reused; a rejected line keeps its length; the query reader role;
times on SQLite as on PostgreSQL.

SQLite gives `datasets.id` AUTOINCREMENT, its counter started above every dataset id any row
still names (orphans left by a DELETE made by hand are never adopted by a new dataset).
PostgreSQL's sequence never reused one. `rejects.line_bytes` holds the whole rejected line's
length (raw keeps its beginning); rows from before get their stored text's. On PostgreSQL the
role pokerdb_reader and the functions `pokerdb query` runs statements through are set up
where the connecting role may (see pokerdb.storage.reader_role.install_reader). SQLite's
imported_at becomes the text PostgreSQL prints, '2026-11-30T18:31:16.353453+00:00'.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Every table whose rows name a dataset.
DATASET_REFERENCES = ("deals", "win_counts", "rejects")


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        _rebuild_datasets(autoincrement=True)
        highest = " , ".join(f"(SELECT coalesce(max(dataset_id), 0) FROM {table})"
                             for table in DATASET_REFERENCES)
        op.execute("DELETE FROM sqlite_sequence WHERE name = 'datasets'")
        op.execute(f"INSERT INTO sqlite_sequence (name, seq) SELECT 'datasets', "
                   f"max((SELECT coalesce(max(id), 0) FROM datasets), {highest})")
        # As PostgreSQL prints a time in UTC (schema.UtcDateTime).
        op.execute("UPDATE datasets SET imported_at = replace(imported_at, ' ', 'T') || "
                   "'+00:00' WHERE imported_at NOT LIKE '%+00:00'")
    with op.batch_alter_table("rejects") as batch:
        batch.add_column(sa.Column("line_bytes", sa.Integer(), nullable=True))
    length = "length(CAST(raw AS BLOB))" if bind.dialect.name == "sqlite" else "octet_length(raw)"
    op.execute(f"UPDATE rejects SET line_bytes = {length}")
    with op.batch_alter_table("rejects") as batch:
        batch.alter_column("line_bytes", existing_type=sa.Integer(), nullable=False)
    if bind.dialect.name == "postgresql":
        from pokerdb.storage.reader_role import install_reader

        install_reader(bind)  # where the connecting role may; else on first use, or by hand


def downgrade() -> None:
    with op.batch_alter_table("rejects") as batch:
        batch.drop_column("line_bytes")
    if op.get_bind().dialect.name == "sqlite":
        _rebuild_datasets(autoincrement=False)
        op.execute("UPDATE datasets SET imported_at = "
                   "replace(substr(imported_at, 1, length(imported_at) - 6), 'T', ' ')")


def _rebuild_datasets(autoincrement: bool) -> None:
    """SQLite sets AUTOINCREMENT only when it creates a table: datasets is copied into a new
    one. The views that read it are dropped meanwhile and made again as they were."""
    views = op.get_bind().execute(sa.text(
        "SELECT name, sql FROM sqlite_master WHERE type = 'view' ORDER BY rowid")).all()
    for name, _ in views:
        op.execute(f"DROP VIEW {name}")
    with op.batch_alter_table("datasets", recreate="always",
                              table_kwargs={"sqlite_autoincrement": autoincrement}):
        pass
    for _, sql in views:
        op.execute(sql)
