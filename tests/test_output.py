"""The one renderer behind every tabular command: table, CSV and JSON."""

import csv
import io
import json
from collections.abc import Iterator
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from rich.console import Console

from pokerdb.answers.rendering import CSV_BYTES, OutputFormat, Table, render, render_object

CATEGORIES = Table(("category", "hands", "share"),
                   [("High Card", 1000, 50.0), ("Royal Flush", 0, None)], "categories")
FIT = Table(("chi-square", "verdict"), [(5.29, "consistent")], "goodness_of_fit")


def _printed(tables: list[Table], fmt: OutputFormat, *, headers: bool = True) -> str:
    buffer = io.StringIO()
    render(tables, fmt, headers=headers, console=Console(file=buffer, width=100))
    return buffer.getvalue()


def test_table_right_aligns_numbers_and_leaves_null_empty() -> None:
    assert _printed([CATEGORIES], OutputFormat.TABLE) == (
        "categories                     \n"
        "┏━━━━━━━━━━━━━┳━━━━━━━┳━━━━━━━┓\n"
        "┃ category    ┃ hands ┃ share ┃\n"
        "┡━━━━━━━━━━━━━╇━━━━━━━╇━━━━━━━┩\n"
        "│ High Card   │  1000 │  50.0 │\n"
        "│ Royal Flush │     0 │       │\n"
        "└─────────────┴───────┴───────┘\n")


def test_csv_with_and_without_headers() -> None:
    assert _printed([CATEGORIES], OutputFormat.CSV) == (
        "category,hands,share\nHigh Card,1000,50.0\nRoyal Flush,0,\n")
    assert _printed([CATEGORIES], OutputFormat.CSV, headers=False) == (
        "High Card,1000,50.0\nRoyal Flush,0,\n")


def test_csv_quotes_what_needs_quoting() -> None:
    table = Table(("pooled",), [("Flush + Full House, pooled",), ('say "why"',)])
    assert _printed([table], OutputFormat.CSV) == (
        'pooled\n"Flush + Full House, pooled"\n"say ""why"""\n')


def test_several_tables_are_separated_by_a_blank_line_in_csv() -> None:
    assert _printed([CATEGORIES, FIT], OutputFormat.CSV, headers=False) == (
        "High Card,1000,50.0\nRoyal Flush,0,\n\n5.29,consistent\n")


class _Writes(io.StringIO):
    """An output that keeps each write's text."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[str] = []

    def write(self, text: str) -> int:
        self.writes.append(text)
        return super().write(text)


@pytest.mark.parametrize("count", [0, 1, 4000, 4500, 20000])
def test_csv_is_written_some_64_kib_a_write(count: int) -> None:
    """Every row, in order, as csv.writer writes them one at a time, in writes of CSV_BYTES or
    more (a row past them ends one), the last with what is left (the header alone without
    rows)."""
    rows = [(number, f"p{number}", None if number % 3 else f"{number},5")
            for number in range(count)]
    expected = io.StringIO()
    writer = csv.writer(expected, lineterminator="\n")
    writer.writerow(("n", "name", "note"))
    writer.writerows(rows)
    out = _Writes()
    render([Table(("n", "name", "note"), iter(rows))], OutputFormat.CSV,
           console=Console(file=out, width=100))
    assert out.getvalue() == expected.getvalue()
    writes = [text for text in out.writes if text]
    assert writes[0].startswith("n,name,note\n")
    longest = max(len(line) + 1 for line in expected.getvalue().splitlines())
    assert all(CSV_BYTES <= len(text) < CSV_BYTES + longest for text in writes[:-1])
    assert len(writes[-1]) < CSV_BYTES + longest
    assert len(writes) > len(expected.getvalue()) // (CSV_BYTES + longest)


def test_csv_rows_before_an_error_are_written() -> None:
    """The rows held are written before an error that ends the rows goes on up."""
    def rows() -> Iterator[tuple[int, str]]:
        yield from ((number, "x") for number in range(3))
        raise RuntimeError("a fetch refused")

    out = _Writes()
    with pytest.raises(RuntimeError, match="a fetch refused"):
        render([Table(("n", "v"), rows())], OutputFormat.CSV,
               console=Console(file=out, width=100))
    assert out.getvalue() == "n,v\n0,x\n1,x\n2,x\n"


def test_json_of_one_table_is_a_list_of_objects_in_column_order() -> None:
    printed = _printed([CATEGORIES], OutputFormat.JSON)
    assert json.loads(printed) == [
        {"category": "High Card", "hands": 1000, "share": 50.0},
        {"category": "Royal Flush", "hands": 0, "share": None}]
    assert printed.index('"category"') < printed.index('"hands"') < printed.index('"share"')


def test_json_of_several_tables_is_an_object_by_title() -> None:
    assert json.loads(_printed([CATEGORIES, FIT], OutputFormat.JSON)) == {
        "categories": [{"category": "High Card", "hands": 1000, "share": 50.0},
                       {"category": "Royal Flush", "hands": 0, "share": None}],
        "goodness_of_fit": [{"chi-square": 5.29, "verdict": "consistent"}]}


def test_json_turns_database_values_into_plain_ones() -> None:
    table = Table(("at", "day", "whole", "part", "raw"),
                  [(datetime(2026, 11, 29, 20, 6, 51, tzinfo=UTC), date(2026, 11, 29),
                    Decimal("376"), Decimal("0.376"), b"\x0e\xcd")])
    assert json.loads(_printed([table], OutputFormat.JSON)) == [
        {"at": "2026-11-29T20:06:51+00:00", "day": "2026-11-29", "whole": 376, "part": 0.376,
         "raw": "0ecd"}]


@pytest.mark.parametrize(("fmt", "headers", "printed"), [
    (OutputFormat.JSON, True, '{\n  "deals": 1000,\n  "player1": 376,\n  "player2": 624,\n'
                              '  "ties": 0\n}\n'),
    (OutputFormat.CSV, True, "deals,player1,player2,ties\n1000,376,624,0\n"),
    (OutputFormat.CSV, False, "1000,376,624,0\n"),
])
def test_render_object(fmt: OutputFormat, headers: bool, printed: str) -> None:
    buffer = io.StringIO()
    render_object({"deals": 1000, "player1": 376, "player2": 624, "ties": 0}, fmt,
                  headers=headers, console=Console(file=buffer, width=100))
    assert buffer.getvalue() == printed
