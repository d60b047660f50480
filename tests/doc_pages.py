"""Reading the documentation's examples, so that tests run them as printed: the cookbook's
queries and results (docs/cookbook.md), and the shell sessions of the README."""

import csv
import io
import math
import re
import shlex
import subprocess
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

from support import REPO, invoke, succeeds
from typer.testing import CliRunner

FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", flags=re.DOTALL | re.MULTILINE)
MORE_ROWS = "..."  # a result's last line: the rows shown are its first ones
# What a command prints about its speed ("in 0.13 s (7,469 deals/s)"), which no two runs share.
TIMING = re.compile(r"\bin \d[\d,]*\.\d+ s( \([\d,]+ (deals|hands)/s\))?")


@dataclass(frozen=True)
class Block:
    language: str
    text: str


def blocks(page: str) -> list[Block]:
    """The fenced code blocks of a Markdown page, in order."""
    return [Block(match[1], match[2]) for match in FENCE.finditer(page)]


@dataclass(frozen=True)
class Example:
    sql: str
    result: str  # as `pokerdb query --format csv` prints it, MORE_ROWS ending a first part


@dataclass(frozen=True)
class Section:
    title: str
    setup: list[str]  # shell commands run from the repository's root
    examples: list[Example]


def cookbook_sections(page: str) -> list[Section]:
    """Each `## ` section of the cookbook: the sh blocks before its first query build its
    database; every sql block is followed by a text block, its result."""
    sections = []
    for part in re.split(r"^## ", page, flags=re.MULTILINE)[1:]:
        title = part.partition("\n")[0].strip()
        setup: list[str] = []
        examples: list[Example] = []
        found = blocks(part)
        for index, block in enumerate(found):
            if block.language == "sh":
                assert not examples, f"{title}: commands after a query"
                setup += block.text.splitlines()
            elif block.language == "sql":
                following = found[index + 1] if index + 1 < len(found) else None
                assert following is not None and following.language == "text", (
                    f"{title}: a query without its result under it:\n{block.text}")
                examples.append(Example(block.text.strip(), following.text))
        assert setup, f"{title}: no commands build its database"
        sections.append(Section(title, setup, examples))
    return sections


def workspace(path: Path) -> Path:
    """A folder where the repository's data is where the docs say (data/, tests/data/) and
    files the commands write stay out of the repository."""
    for name in ("data", "tests"):
        (path / name).symlink_to(REPO / name)
    return path


def run_command(runner: CliRunner, line: str, db_url: str) -> str:
    """One line of a documented shell session, run in the current folder on `db_url` (as
    POKERDB_DB): a `pokerdb` command through the CLI, anything else by the shell. Returns
    what it printed."""
    args = shlex.split(line, comments=True)
    if not args:
        return ""
    if args[0] == "pokerdb":
        return succeeds(runner, *args[1:], env={"POKERDB_DB": db_url}).output
    completed = subprocess.run(line, shell=True, check=True, capture_output=True, text=True)
    return completed.stdout


def csv_rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def same_cell(shown: str, found: str) -> bool:
    """A value as the page shows it and as the query gave it: the same text, or the same
    number (PostgreSQL's NUMERIC keeps trailing zeros, and sums of doubles may differ in the
    last digits with the order rows are added in)."""
    if shown == found:
        return True
    try:
        left, right = Decimal(shown), Decimal(found)
    except InvalidOperation:
        return False
    return math.isclose(float(left), float(right), rel_tol=1e-12)


def same_result(shown: str, found: str) -> bool:
    """Whether a query's CSV output `found` is the result the page shows."""
    expected, actual = csv_rows(shown), csv_rows(found)
    if expected and expected[-1] == [MORE_ROWS]:
        expected = expected[:-1]
        if len(actual) <= len(expected):
            return False
        actual = actual[:len(expected)]
    return len(expected) == len(actual) and all(
        len(want) == len(got) and all(map(same_cell, want, got))
        for want, got in zip(expected, actual, strict=True))


@dataclass(frozen=True)
class ShellStep:
    command: str
    output: str


def shell_session(block: str) -> list[ShellStep]:
    """`$ command` lines (continued on `> ` lines) and what each printed, as a console block
    shows them."""
    steps: list[ShellStep] = []
    for line in block.splitlines(keepends=True):
        if line.startswith("$ "):
            steps.append(ShellStep(line[2:].rstrip("\n"), ""))
        elif line.startswith("> ") and steps and not steps[-1].output:
            steps[-1] = ShellStep(steps[-1].command + "\n" + line[2:].rstrip("\n"), "")
        else:
            assert steps, f"output before any command: {line!r}"
            steps[-1] = ShellStep(steps[-1].command, steps[-1].output + line)
    return steps


def without_timings(text: str) -> str:
    return TIMING.sub("in (time)", text)


def run_shown(runner: CliRunner, command: str) -> str:
    """What a command of a shell session prints, stdout and stderr as a terminal shows them;
    a `pokerdb` command may fail, as pages show errors too."""
    args = shlex.split(command, comments=True)
    if args and args[0] == "pokerdb":
        return invoke(runner, *args[1:]).output
    completed = subprocess.run(command, shell=True, capture_output=True, text=True,
                               check=False)
    return completed.stdout + completed.stderr
