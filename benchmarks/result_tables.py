"""A row's detail tables: kept as data in the run's JSON file, and shown on a terminal (rich)."""

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table as RichTable


@dataclass(frozen=True)
class Table:
    title: str
    columns: Sequence[str]
    rows: Sequence[Sequence[str]]
    right: frozenset[int] = frozenset()  # columns to right-align (numbers)


def render_rich(console: Console, tables: Sequence[Table]) -> None:
    for table in tables:
        rich_table = RichTable(title=table.title, title_justify="left")
        for index, column in enumerate(table.columns):
            rich_table.add_column(column, justify="right" if index in table.right else "left")
        for row in table.rows:
            rich_table.add_row(*row)
        console.print()
        console.print(rich_table)
