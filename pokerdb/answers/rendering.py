"""One renderer for every tabular result: a terminal table, CSV or JSON.

JSON is stable: a result table is a list of objects keyed by column name, in column order.
CSV and JSON are written row by row as the rows arrive, so a result of any size streams in
constant memory; a terminal table shows its first TABLE_ROWS rows and says so.

Values are data, whatever they hold (docs/output.md): nothing in them may drive the terminal
they are printed on. A table escapes every character a terminal acts on (errors.shown) and
never reads rich markup in them. JSON writes those characters as \\u escapes, which read back
to the same text, wherever it goes. CSV written to a file or a pipe keeps every value exactly
(quoted where CSV must); CSV written to a terminal escapes them as a table does.
"""

import csv
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from itertools import chain, islice
from typing import IO, Any

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from pokerdb.errors import json_shown, shown

# Rows a terminal table shows at most: a screenful many times over, drawn in a blink.
TABLE_ROWS = 1000
CSV_BYTES = 1 << 16  # characters of CSV written at once, at least (elsewhere than a terminal)
_JSON_INDENT = 2


class OutputFormat(StrEnum):
    TABLE = "table"
    CSV = "csv"
    JSON = "json"


class TextFormat(StrEnum):
    """The formats of an answer that is not a table (explain's verdict): text, or JSON."""

    TABLE = "table"
    JSON = "json"


@dataclass(frozen=True)
class Table:
    """A result to render: column names and rows (which may be read only once)."""

    columns: Sequence[str]
    rows: Iterable[Sequence[Any]]
    title: str | None = None
    # Rows of SQL run on either backend (`pokerdb query`): numbers printed as number_text
    # writes them, the same whichever backend computed them.
    backend_numbers: bool = False

    def records(self) -> Iterator[dict[str, Any]]:
        return (dict(zip(self.columns, map(_plain, row), strict=True)) for row in self.rows)


def _plain(value: Any) -> Any:
    """A JSON-friendly form of a database value."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Written):
        value = Decimal(value)
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
           console: Console | None = None) -> list[str]:
    """Print tables in the chosen format; several tables in JSON form an object by title.
    Returns notes for the reader: what a table left out."""
    console = console or _stdout()
    out = console.file
    if fmt is OutputFormat.JSON:
        if len(tables) == 1:
            _write_json_list(out, tables[0].records(), 0)
        else:
            _write_json_object(out, {table.title or "": table.records() for table in tables})
        out.write("\n")
        out.flush()
        return []
    notes = []
    for index, table in enumerate(tables):
        if index:
            console.print()
        if fmt is OutputFormat.CSV:
            _write_csv(out, table, headers, escaped=console.is_terminal)
        else:
            notes += _print_table(console, table)
    return notes


def render_object(record: dict[str, Any], fmt: OutputFormat, *, headers: bool = True,
                  console: Console | None = None) -> None:
    """Print one record: a JSON object, or a one-row table."""
    console = console or _stdout()
    if fmt is OutputFormat.JSON:
        console.file.write(json_shown(json.dumps(record, indent=_JSON_INDENT)) + "\n")
        console.file.flush()
    else:
        render([Table(list(record), [list(record.values())])], fmt, headers=headers,
               console=console)


def _write_json_list(out: IO[str], records: Iterable[dict[str, Any]], depth: int) -> None:
    """A JSON array of `records` as json.dumps(..., indent=2) would lay it out `depth` levels
    deep, written one record at a time."""
    pad = " " * (_JSON_INDENT * (depth + 1))
    separator = "[\n"
    for record in records:
        out.write(separator + pad + json_shown(json.dumps(
            record, indent=_JSON_INDENT, ensure_ascii=False)).replace("\n", "\n" + pad))
        separator = ",\n"
    out.write("[]" if separator == "[\n" else "\n" + pad[_JSON_INDENT:] + "]")


def _write_json_object(out: IO[str], lists: dict[str, Iterable[dict[str, Any]]]) -> None:
    separator = "{\n"
    for title, records in lists.items():
        out.write(f"{separator}{' ' * _JSON_INDENT}{json.dumps(title)}: ")
        _write_json_list(out, records, 1)
        separator = ",\n"
    out.write("{}" if separator == "{\n" else "\n}")


def _write_csv(out: IO[str], table: Table, headers: bool, escaped: bool) -> None:
    """`escaped`: for a terminal, every text escaped as a table's cells are, and each row
    written as it comes. Elsewhere the rows are written CSV_BYTES or more at a time (a longer
    row alone): a write a row, csv.writer's, is a system call a row where the output is
    unbuffered (PYTHONUNBUFFERED), a second for 544,103 rows. What is held is written before
    an error ends the rows (a query's rows read before a fetch it refuses)."""
    held = _HeldLines()
    writer = csv.writer(held, lineterminator="\n")
    if headers:
        writer.writerow(map(shown, table.columns) if escaped else table.columns)
    most = 0 if escaped else CSV_BYTES
    try:
        rows = iter(table.rows)
        first = next(rows, None)
        if first is None:
            return
        # Times as JSON and tables print them (ISO 8601), in the columns that hold them.
        times = [i for i, value in enumerate(first) if isinstance(value, datetime | date)]
        every: Iterable[Sequence[Any]] = chain([first], rows)
        if table.backend_numbers:
            every = map(_plain_numbers, every)
        if times:
            every = map(_times_in_iso(times), every)
        for row in map(_escaped_texts, every) if escaped else every:
            writer.writerow(row)
            if held.size >= most:
                held.written_to(out)
    finally:
        held.written_to(out)  # the rows held, or the header of a table without rows
        out.flush()


class _HeldLines:
    """The lines csv.writer writes, held until written out at once (a single line as it is:
    no copy of a row of many megabytes)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.size = 0

    def write(self, line: str) -> int:
        self.lines.append(line)
        self.size += len(line)
        return len(line)

    def written_to(self, out: IO[str]) -> None:
        if self.lines:
            out.write(self.lines[0] if len(self.lines) == 1 else "".join(self.lines))
        self.lines.clear()
        self.size = 0


def _escaped_texts(row: Sequence[Any]) -> list[Any]:
    return [shown(value) if isinstance(value, str) else value for value in row]


def _plain_numbers(row: Sequence[Any]) -> list[Any]:
    return [number_text(value) if isinstance(value, float | Decimal) else value
            for value in row]


class Written(str):
    """A decimal number written with the places it is to be shown with (an amount to the
    cent, 1.50; a percentage to one place, 40.0): printed as it is, in a table (lined up as a
    number), CSV (text already: a million rows are written without a conversion each) and
    JSON (a number, as the Decimal it writes: 40.0 as 40)."""

    __slots__ = ()


def number_text(value: float | Decimal) -> str:
    """A number as text and CSV print it, the same whichever backend computed it: a decimal
    without trailing zeros or exponent (PostgreSQL's 1.5000 as 1.5), a whole double without
    its `.0` (SQLite's 25200000.0 as 25200000), any other double as Python writes it."""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 2 ** 53 else repr(value)
    if not value.is_finite():
        return str(value)
    if value == value.to_integral_value():
        return str(int(value))
    return format(value.normalize(), "f")


def _times_in_iso(columns: list[int]) -> Callable[[Sequence[Any]], list[Any]]:
    def convert(row: Sequence[Any]) -> list[Any]:
        values = list(row)
        for i in columns:
            if isinstance(values[i], datetime | date):
                values[i] = values[i].isoformat()
        return values

    return convert


def _print_table(console: Console, table: Table) -> list[str]:
    rows = list(islice(table.rows, TABLE_ROWS + 1))
    notes = []
    if len(rows) > TABLE_ROWS:
        rows.pop()
        notes.append(f"showing the first {TABLE_ROWS:,} rows; --format csv or --format json "
                     f"prints them all")
    console.print(_rich(table, rows, console.width))
    return notes


def _cell(value: Any, backend_numbers: bool = False) -> Text:
    """A value as plain text: rich markup in it is not read, control characters escaped."""
    if isinstance(value, datetime | date):
        value = value.isoformat()
    elif backend_numbers and isinstance(value, float | Decimal):
        value = number_text(value)
    return Text(shown(str(value)))


def _rich(table: Table, rows: list[Sequence[Any]], width: int) -> RichTable:
    """The table for a terminal `width` columns wide. Where every word of every heading and
    cell fits, none is cut: a narrow column wraps between words (`Straight Flush` on two
    lines) instead of cutting both `Straight` and `Straight Flush` to `Strai…`."""
    rich_table = RichTable(title=None if table.title is None else _cell(table.title),
                           title_justify="left")
    cells = [[Text("") if value is None else _cell(value, table.backend_numbers)
              for value in row] for row in rows]
    headings = [_cell(column) for column in table.columns]
    texts = [[heading, *(row[position] for row in cells)]
             for position, heading in enumerate(headings)]
    whole = [max(len(text.plain) for text in column) for column in texts]
    words = [max((len(word) for text in column for word in text.plain.split()), default=1)
             for column in texts]
    widths = _widths(whole, words, width)
    for position, heading in enumerate(headings):
        # Empty cells (NULL) do not stop a column of numbers from lining up on the right.
        values = [row[position] for row in rows if row[position] is not None]
        numeric = values and all(isinstance(value, int | float | Decimal | Written)
                                 for value in values)
        rich_table.add_column(heading, justify="right" if numeric else "left",
                              width=None if widths is None else widths[position])
    for row in cells:
        rich_table.add_row(*row)
    return rich_table


def _widths(whole: list[int], words: list[int], width: int) -> list[int] | None:
    """Column widths for a table whose texts are `whole` characters long at most, and whose
    longest words are `words` long, on `width` columns: None where rich's own fit (every text
    on one line) does, or where no width keeps every word whole; else each column its
    longest word, and what is left shared out, a column at a time, up to its longest text."""
    # Each column takes its padding and one border besides its text; the table one more.
    frame = 3 * len(whole) + 1
    if sum(whole) + frame <= width or sum(words) + frame > width:
        return None
    widths = list(words)
    left = width - frame - sum(widths)
    for position, longest in enumerate(whole):
        grown = min(longest - widths[position], left)
        widths[position] += grown
        left -= grown
    return widths
