"""The options many commands share, each defined once (an Annotated alias per option), and the
database --db names, opened."""

from typing import TYPE_CHECKING, Annotated

import typer

from pokerdb.answers.rendering import OutputFormat
from pokerdb.storage.location import DB_ENV_VAR, DEFAULT_DB

if TYPE_CHECKING:
    from sqlalchemy import Engine

DbOption = Annotated[str | None, typer.Option(
    "--db", envvar=DB_ENV_VAR, show_default=False,
    help=f"Database: a file path or a SQLAlchemy URL (env {DB_ENV_VAR}; default {DEFAULT_DB})")]
FormatOption = Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")]
NoHeadersOption = Annotated[bool, typer.Option("--no-headers", help="CSV without a header row.")]
DatasetOption = Annotated[str | None, typer.Option(
    "--dataset", help="Only this dataset (by name); default all.")]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar or summary.")]


def open_database(db: str | None) -> "Engine":
    """The database --db names, at head; it must exist (only import creates one). SQLAlchemy is
    loaded here, by the commands that need it, not when the command line starts."""
    from pokerdb.storage.engines import open_engine

    return open_engine(db, create=False)
