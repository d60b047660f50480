"""Each dataset its own partition of the deal tables, on PostgreSQL: deals and every table keyed
by a deal id become partitioned by range of that id, each dataset's rows (one run of ids) the
partitions in a schema of its own (pokerdb.storage.partitions), so that an import attaches
tables it filled without keys and a delete drops them. A unique key of a partitioned table
must hold the partition key, so a site's hand is kept once by a table of its own, site_hands
(site, hand_number), on both backends, instead of the unique index on deals.

The upgrade rebuilds the deal tables of a PostgreSQL database with their rows: the old tables
are moved aside, partitioned ones made like them (columns, keys, foreign keys, indexes), each
dataset's rows copied into its partitions, which are then attached; the views are made again
as they were. The downgrade rebuilds plain tables from the partitioned ones the same way.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy import Connection

from pokerdb.storage.partitions import STORAGE, attach_tables, create_tables, dataset_schema

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The tables keyed by a deal id, by that column: the order of storage.partitions.PARTITIONED.
DEAL_TABLES = {"deals": "id", "hand_cards": "deal_id", "hand_values": "deal_id",
               "hand_labels": "deal_id", "hand_equities": "deal_id", "seat_stats": "deal_id",
               "seats": "deal_id", "variant_values": "deal_id", "actions": "deal_id"}
ASIDE = "pokerdb_rebuilt_tables"  # the schema the tables being rebuilt are moved to
SITE_INDEX = "ix_deals_site_hand_number"


def upgrade() -> None:
    op.create_table(
        "site_hands",
        sa.Column("site", sa.String(), nullable=False),
        sa.Column("hand_number", sa.String(), nullable=False),
        sa.Column("dataset_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["dataset_id"], ["datasets.id"],
                                name="fk_site_hands_dataset_id_datasets", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("site", "hand_number", name="pk_site_hands"),
    )
    op.execute("INSERT INTO site_hands (site, hand_number, dataset_id) "
               "SELECT site, coalesce(hand_number, ''), min(dataset_id) FROM deals "
               "WHERE site IS NOT NULL GROUP BY site, coalesce(hand_number, '')")
    op.drop_index(SITE_INDEX, table_name="deals")
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        _rebuild(bind, partitioned=True)


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        _rebuild(bind, partitioned=False)
    op.create_index(SITE_INDEX, "deals", ["site", "hand_number"], unique=True,
                    sqlite_where=sa.text("site IS NOT NULL"),
                    postgresql_where=sa.text("site IS NOT NULL"))
    op.drop_table("site_hands")


def _rebuild(bind: Connection, *, partitioned: bool) -> None:
    """Make the deal tables partitioned ones (or plain ones again) holding the same rows."""
    names = list(DEAL_TABLES)
    views = bind.execute(sa.text(
        "SELECT relname, pg_get_viewdef(oid) FROM pg_class WHERE relkind = 'v' "
        "AND relnamespace = CAST(current_schema() AS regnamespace) ORDER BY oid")).all()
    # Each table's own keys and foreign keys (not those a partition holds as its parent's
    # copies), primary keys first, and its other indexes, as the database has them.
    constraints = bind.execute(sa.text(
        "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE conrelid = ANY(CAST(:tables AS regclass[])) AND contype IN ('p', 'f') "
        "AND conparentid = 0 ORDER BY contype DESC, conname"), {"tables": names}).all()
    indexes = bind.execute(sa.text(
        "SELECT pg_get_indexdef(indexrelid) FROM pg_index "
        "WHERE indrelid = ANY(CAST(:tables AS regclass[])) AND NOT EXISTS "
        "(SELECT FROM pg_constraint WHERE conindid = indexrelid) "
        "ORDER BY indexrelid::regclass::text"),
        {"tables": names}).scalars().all()
    parent = bind.scalar(sa.text("SELECT current_schema()"))
    datasets = bind.execute(sa.text(
        "SELECT dataset_id, min(id), max(id) FROM deals GROUP BY dataset_id ORDER BY 2")).all()
    dataset_schemas = bind.execute(sa.text(
        "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'pokerdb\\_dataset\\_%'")
    ).scalars().all()
    statements = [f"DROP VIEW {name}" for name, _ in reversed(views)]
    statements += [f"CREATE SCHEMA {ASIDE}"]
    statements += [f"ALTER TABLE {name} SET SCHEMA {ASIDE}" for name in names]
    for name, key in DEAL_TABLES.items():
        made = f"CREATE TABLE {parent}.{name} (LIKE {ASIDE}.{name} INCLUDING DEFAULTS)"
        statements.append(f"{made} PARTITION BY RANGE ({key})" if partitioned
                          else f"{made}{STORAGE.get(name, '')}")
    if not partitioned:
        # Rows copied before the keys are made: each key checks every row once.
        statements += [f"INSERT INTO {parent}.{name} SELECT * FROM {ASIDE}.{name}"
                       for name in names]
    statements += [f'ALTER TABLE {parent}.{table} ADD CONSTRAINT "{name}" {definition}'
                   for table, name, definition in constraints]
    statements += [definition.replace(" ON ONLY ", " ON ") for definition in indexes]
    bind.exec_driver_sql("; ".join(statements))
    if partitioned:
        for dataset_id, first, last in datasets:
            schema = dataset_schema(dataset_id)
            create_tables(bind, schema, parent, names)
            bind.exec_driver_sql("; ".join(
                f"INSERT INTO {schema}.{name} SELECT * FROM {ASIDE}.{name} "
                f"WHERE {key} BETWEEN {int(first)} AND {int(last)}"
                for name, key in DEAL_TABLES.items()))
            attach_tables(bind, schema, parent, first, last, names)
    statements = [f"DROP SCHEMA {ASIDE} CASCADE"]
    if not partitioned:
        statements += [f"DROP SCHEMA {schema} CASCADE" for schema in dataset_schemas]
    statements += [f"CREATE VIEW {name} AS {definition}" for name, definition in views]
    bind.exec_driver_sql("; ".join(statements))
