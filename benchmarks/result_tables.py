"""Result tables, rendered for a terminal (rich) or as Markdown for docs/benchmarks.md."""

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


def render_rich(console: Console, header: Sequence[str], tables: Sequence[Table]) -> None:
    for line in header:
        console.print(line, highlight=False, markup=False)
    for table in tables:
        rich_table = RichTable(title=table.title, title_justify="left")
        for index, column in enumerate(table.columns):
            rich_table.add_column(column, justify="right" if index in table.right else "left")
        for row in table.rows:
            rich_table.add_row(*row)
        console.print()
        console.print(rich_table)


def render_markdown(header: Sequence[str], tables: Sequence[Table]) -> str:
    lines = [f"{line}  " for line in header]  # two spaces: a Markdown line break
    for table in tables:
        align = [("---:" if i in table.right else "---") for i in range(len(table.columns))]
        lines += ["", f"**{table.title}**", "", _md_row(table.columns), _md_row(align)]
        lines += [_md_row(row) for row in table.rows]
    return "\n".join(lines) + "\n"


def _md_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"
