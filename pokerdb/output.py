"""One renderer for every tabular result: a terminal table, CSV or JSON.

JSON is stable: a result table is a list of objects keyed by column name, in column order.
"""

import csv
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable


class OutputFormat(StrEnum):
    TABLE = "table"
    CSV = "csv"
    JSON = "json"


@dataclass(frozen=True)
class Table:
    """A result to render: column names and rows."""

    columns: Sequence[str]
    rows: Iterable[Sequence[Any]]
    title: str | None = None

    def records(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, map(_plain, row), strict=True)) for row in self.rows]


def _plain(value: Any) -> Any:
    """A JSON-friendly form of a database value."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, bytes):
        return value.hex()
    return value


def _stdout() -> Console:
    """A console for results; unbounded width when piped, so tables are never squeezed."""
    console = Console(soft_wrap=True)
    return console if console.is_terminal else Console(soft_wrap=True, width=10_000)


def render(tables: Sequence[Table], fmt: OutputFormat, *, headers: bool = True,
           console: Console | None = None) -> None:
    """Print tables in the chosen format; several tables in JSON form an object by title."""
    console = console or _stdout()
    if fmt is OutputFormat.JSON:
        if len(tables) == 1:
            console.print_json(json.dumps(tables[0].records()), indent=2)
        else:
            console.print_json(json.dumps({t.title: t.records() for t in tables}), indent=2)
        return
    for index, table in enumerate(tables):
        if index:
            console.print()
        if fmt is OutputFormat.CSV:
            console.out(_csv(table, headers), end="", highlight=False)
        else:
            console.print(_rich(table))


def render_object(record: dict[str, Any], fmt: OutputFormat, *, headers: bool = True,
                  console: Console | None = None) -> None:
    """Print one record: a JSON object, or a one-row table."""
    console = console or _stdout()
    if fmt is OutputFormat.JSON:
        console.print_json(json.dumps(record), indent=2)
    else:
        render([Table(list(record), [list(record.values())])], fmt, headers=headers,
               console=console)


def _csv(table: Table, headers: bool) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    if headers:
        writer.writerow(table.columns)
    writer.writerows(table.rows)
    return buffer.getvalue()


def _rich(table: Table) -> RichTable:
    rich_table = RichTable(title=table.title, title_justify="left")
    rows = [list(row) for row in table.rows]
    for position, column in enumerate(table.columns):
        # Empty cells (NULL) do not stop a column of numbers from lining up on the right.
        values = [row[position] for row in rows if row[position] is not None]
        numeric = values and all(isinstance(value, int | float | Decimal) for value in values)
        rich_table.add_column(column, justify="right" if numeric else "left")
    for row in rows:
        rich_table.add_row(*("" if value is None else str(value) for value in row))
    return rich_table
