"""Data as data (docs/output.md): a name holding what would drive a terminal (an escape sequence
setting its title, a bell, a carriage return, a bidi override, a line separator, a C1 control)
never reaches the terminal as it is, in any format or command; a CSV written to a file and any
JSON keep it exactly."""

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from support import succeeds
from typer.testing import CliRunner

from pokerdb.answers.rendering import OutputFormat, Table, render, render_object

# Each a kind of character a terminal acts on, inside a name.
HOSTILE = {
    "title": "Ann\x1b]0;pwned\x07",
    "return": "Bo\r\nb",
    "bidi": "Cy\u202eevil",
    "separator": "Di\u2028x",
    "c1": "Ed\x9b31m",
    "delete": "Fa\x7f",
}
# What a terminal acts on: C0 and C1 controls, DEL, separators, bidi marks.
ACTING = {chr(code) for code in (*range(0x20), *range(0x7f, 0xa0), 0x61c, 0x200e, 0x200f,
                                 *range(0x2028, 0x202f), *range(0x2066, 0x206a))}


def acting(text: str) -> set[str]:
    """The characters of printed text a terminal would act on (line breaks between lines
    aside)."""
    return {char for line in text.split("\n") for char in line if char in ACTING}


def hand_file(folder: Path, names: list[str]) -> Path:
    """Six players, named; everyone folds to the big blind."""
    assert len(names) == 6
    players = ", ".join(json.dumps(name) for name in names)  # a JSON string is a TOML one
    actions = [f"d dh p{seat} ????" for seat in range(1, 7)] + [
        f"p{seat} f" for seat in (3, 4, 5, 6, 1)]
    file = folder / "hand.phh"
    file.write_text(f'variant = "NT"\nantes = [0, 0, 0, 0, 0, 0]\n'
                    f"blinds_or_straddles = [1, 2, 0, 0, 0, 0]\nmin_bet = 2\n"
                    f"starting_stacks = [200, 200, 200, 200, 200, 200]\n"
                    f"players = [{players}]\nactions = {json.dumps(actions)}\n")
    return file


@pytest.fixture
def hostile_db(runner: CliRunner, db_url: str, tmp_path: Path) -> str:
    """A recorded hand whose players and dataset are named with every kind."""
    file = hand_file(tmp_path, list(HOSTILE.values()))
    succeeds(runner, "import", str(file), "--db", db_url, "--name",
             "set\x1b]0;title\x07 \u202eset", "--quiet")
    return db_url


def test_explain_prints_names_escaped_and_json_keeps_them(runner: CliRunner,
                                                          hostile_db: str) -> None:
    text = succeeds(runner, "explain", "1", "--db", hostile_db).stdout
    assert acting(text) == set()
    assert "Ann\\x1b]0;pwned\\x07 (player 1)" in text and "Bo\\x0d\\x0ab (player 2)" in text
    assert "Cy\\u202eevil" in text and "set\\x1b]0;title\\x07 \\u202eset" in text
    printed = succeeds(runner, "explain", "1", "--db", hostile_db, "--format", "json").stdout
    assert acting(printed) == set()
    record = json.loads(printed)
    assert [seat["name"] for seat in record["results"]] == list(HOSTILE.values())
    assert "set\x1b]0;title\x07 \u202eset" in record["deal"]


@pytest.mark.parametrize("command", [["query", "SELECT player, name FROM hands ORDER BY player"],
                                     ["players"], ["datasets"]])
def test_every_format_keeps_names_as_data(runner: CliRunner, hostile_db: str,
                                          command: list[str]) -> None:
    args = [*command, "--db", hostile_db]
    table = succeeds(runner, *args).stdout
    assert acting(table) == set()
    for format_ in ("csv", "json"):
        # As written: click's Result.stdout reads CRLF as LF.
        printed = succeeds(runner, *args, "--format", format_).stdout_bytes.decode()
        if format_ == "json":
            assert acting(printed) == set()
            values = list(strings(json.loads(printed)))
        else:  # to a file or a pipe: the data exactly, quoted as CSV must
            values = [value for row in csv.reader(io.StringIO(printed)) for value in row]
        if command[0] == "datasets":
            assert "set\x1b]0;title\x07 \u202eset" in values
        else:
            assert set(HOSTILE.values()) <= set(values)


def strings(value: object) -> Iterator[str]:
    """Every string a JSON document holds, at any depth."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def terminal(render_to: object) -> str:
    """What a renderer prints to a terminal."""
    buffer = io.StringIO()
    assert callable(render_to)
    render_to(Console(file=buffer, force_terminal=True, width=200))
    return buffer.getvalue()


def test_csv_to_a_terminal_is_escaped_and_to_a_file_kept() -> None:
    table = Table(("name\x1b[31m", "n"), [(name, 1) for name in HOSTILE.values()])
    shown = terminal(lambda console: render([table], OutputFormat.CSV, console=console))
    assert acting(shown) == set()
    assert shown.splitlines() == ["name\\x1b[31m,n", "Ann\\x1b]0;pwned\\x07,1", "Bo\\x0d\\x0ab,1",
                                  "Cy\\u202eevil,1", "Di\\u2028x,1", "Ed\\x9b31m,1", "Fa\\x7f,1"]
    kept = io.StringIO()
    render([table], OutputFormat.CSV, console=Console(file=kept, width=200))
    assert list(csv.reader(io.StringIO(kept.getvalue()))) == [
        ["name\x1b[31m", "n"], *([name, "1"] for name in HOSTILE.values())]


def test_json_escapes_what_it_would_leave_raw_and_reads_back_the_same() -> None:
    values = [*HOSTILE.values(), "caf\u00e9 \u2603", "\udc80 an undecodable byte"]
    table = Table(("v",), [(value,) for value in values])
    for printed in (terminal(lambda console: render([table], OutputFormat.JSON, console=console)),
                    terminal(lambda console: render_object({"v": values}, OutputFormat.JSON,
                                                           console=console))):
        assert acting(printed) == set()
        assert "caf\u00e9 \u2603" in printed or "caf\\u00e9" in printed  # printable text stays
        loaded = json.loads(printed)
        assert (loaded == [{"v": value} for value in values]) or loaded == {"v": values}
