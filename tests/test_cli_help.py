"""Every command's --help: help for the command and each of its options, a usage line that
names the arguments as one types them, and text that reads as written at any width (wrapped
by the terminal, never at the docstring's own line breaks)."""

import inspect
from typing import Any

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from pokerdb.cli import app

USAGE = {
    "import": "pokerdb import [OPTIONS] FILES...",
    "evaluate": "pokerdb evaluate [OPTIONS]",
    "equity": "pokerdb equity [OPTIONS]",
    "delete": "pokerdb delete [OPTIONS] DATASET",
    "compact": "pokerdb compact [OPTIONS]",
    "wins": "pokerdb wins [OPTIONS]",
    "breakdown": "pokerdb breakdown [OPTIONS]",
    "players": "pokerdb players [OPTIONS]",
    "watch": "pokerdb watch [OPTIONS] FOLDERS...",
    "sessions": "pokerdb sessions [OPTIONS]",
    "query": "pokerdb query [OPTIONS] SQL",
    "datasets": "pokerdb datasets [OPTIONS]",
    "explain": "pokerdb explain [OPTIONS] [DEAL_ID]",
    "stats": "pokerdb stats [OPTIONS]",
    "report": "pokerdb report [OPTIONS]",
    "generate": "pokerdb generate [OPTIONS] DEALS",
    "export": "pokerdb export [OPTIONS]",
    "serve": "pokerdb serve [OPTIONS]",
}
WIDE = 250  # columns: wider than any paragraph of help with the table around it


def _commands() -> dict[str, Any]:
    return dict(get_command(app).commands)  # type: ignore[attr-defined]


def _help(runner: CliRunner, columns: int, *args: str) -> list[str]:
    """The lines of `pokerdb ARGS --help` in a terminal `columns` wide, without the boxes'
    borders and the margins."""
    result = runner.invoke(app, [*args, "--help"], prog_name="pokerdb",
                           env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(map(len, lines)) <= columns
    return [line.strip(" │╭╮╰╯─") for line in lines]


def _paragraphs(docstring: str) -> list[str]:
    return [" ".join(paragraph.split()) for paragraph in inspect.cleandoc(docstring).split("\n\n")]


def test_every_command_and_option_has_help() -> None:
    assert set(_commands()) == set(USAGE)
    for name, command in _commands().items():
        assert command.help and command.help.strip(), name
        for param in command.params:
            assert getattr(param, "help", None), (name, param.name)


@pytest.mark.parametrize("name", sorted(USAGE))
@pytest.mark.parametrize("columns", [80, 120])
def test_usage_names_the_arguments(runner: CliRunner, name: str, columns: int) -> None:
    usage = [line for line in _help(runner, columns, name) if line.startswith("Usage:")]
    assert usage == [f"Usage: {USAGE[name]}"]


@pytest.mark.parametrize("name", sorted(USAGE))
def test_help_paragraphs_are_not_broken_where_the_docstring_breaks(runner: CliRunner,
                                                                   name: str) -> None:
    """In a terminal wide enough, each paragraph of a command's help is one line, in its own
    --help and in the list of commands (rich kept the docstring's line breaks there)."""
    paragraphs = _paragraphs(_commands()[name].callback.__doc__)
    assert [line for line in _help(runner, WIDE, name) if line in paragraphs] == paragraphs
    listed = [line for line in _help(runner, WIDE) if line.startswith(f"{name} ")]
    assert [" ".join(line.split()) for line in listed] == [f"{name} {paragraphs[0]}"]


@pytest.mark.parametrize("columns", [80, 120])
def test_help_wraps_at_the_terminal_width(runner: CliRunner, columns: int) -> None:
    """Narrower, the words are those of the docstrings, in order: only the wrapping differs."""
    flat = " ".join(" ".join(_help(runner, columns)).split())
    for name, command in _commands().items():
        assert f"{name} {_paragraphs(command.callback.__doc__)[0]}" in flat
    flat = " ".join(" ".join(_help(runner, columns, "equity")).split())
    assert " ".join(_paragraphs(_commands()["equity"].callback.__doc__)) in flat


@pytest.mark.parametrize("columns", [80, 120])
def test_an_options_paragraphs_each_begin_a_line(runner: CliRunner, columns: int) -> None:
    """import --format's help describes each format in a paragraph of its own."""
    lines = _help(runner, columns, "import")
    starts = [line.split()[0] for line in lines if line]
    for word in ("uci:", "holdem:", "phh:", "Default:"):
        assert word in starts
