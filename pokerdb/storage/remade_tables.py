"""A players' summary made again by a revision and its rows copied, for a key that changes (a
WITHOUT ROWID table's key cannot change in place on SQLite): revisions 0031 (the player by
number) and 0033 (the site, money, stakes and big blind by number)."""

from collections.abc import Mapping, Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op


def made_column(column: sa.Column[Any]) -> sa.Column[Any]:
    """A column of a table as given (the schema's, or a revision's shape), as a column of a
    table made here."""
    default = column.server_default
    return sa.Column(column.name, column.type, nullable=column.nullable,
                     server_default=getattr(default, "arg", None))


def remade(name: str, columns: Sequence[sa.Column[Any]], keys: Sequence[str],
           values: Mapping[str, str], joins: str) -> None:
    """The table `name` (with dataset_id) made again of `columns`, keyed by `keys`, its rows
    copied in its key's order from the table as it was (`o`, with `joins`): each column as
    `values` gives it (SQL)."""
    old = f"{name}_old"
    op.rename_table(name, old)
    if op.get_bind().dialect.name == "postgresql":  # its key's index keeps its name
        op.execute(f"ALTER TABLE {old} DROP CONSTRAINT pk_{name}")
    op.create_table(
        name, *columns,
        sa.ForeignKeyConstraint(["dataset_id"], ["datasets.id"],
                                name=f"fk_{name}_dataset_id_datasets", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint(*keys, name=f"pk_{name}"),
        sqlite_with_rowid=False,
    )
    op.execute(f"INSERT INTO {name} ({', '.join(values)})\n"
               f"SELECT {', '.join(values.values())}\n"
               f"FROM {old} o {joins}\n"
               f"ORDER BY {', '.join(values[key] for key in keys)}")
    op.drop_table(old)
