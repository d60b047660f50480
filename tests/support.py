"""Helpers shared by the tests: the bundled data, running the CLI, reading a database back."""

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from phh_reference import reference_award  # benchmarks/, on the path (conftest)
from sqlalchemy import Engine, create_engine, make_url, text
from typer.testing import CliRunner, Result

from pokerdb.answers.query import run_query
from pokerdb.cli import app
from pokerdb.rules.hand_record import PhhHand
from pokerdb.rules.settlement import Replayed, Settlement, replay
from pokerdb.storage.deal_texts import texts_sql
from pokerdb.storage.engines import open_engine
from pokerdb.storage.schema import metadata
from pokerdb.storage.summary_keys import texted

REPO = Path(__file__).resolve().parent.parent
# seats with each seat's name beside its number (revision 0027 keeps the names once, in
# player_names): a derived table for tests that read a seat's stored columns by its player's
# name, as a user joins them.
NAMED_SEATS = ("(SELECT seats.*, n.name FROM seats "
               "LEFT JOIN player_names n ON n.id = seats.name_id)")


def named_rows(table: str, texts: bool = True) -> str:
    """The rows of a players' summary (player_totals, player_days, player_runs: keyed by the
    name's number since revision 0031) with the player's name, a derived table; player_days'
    and player_runs' with their texts (by number since revision 0033; not `texts`: as
    0031 kept them)."""
    rows = texted(table) if texts and table != "player_totals" else table
    return f"(SELECT n.name, t.* FROM {rows} t JOIN player_names n ON n.id = t.name_id)"
PE54_FILE = REPO / "data" / "p054_poker.txt"
TABLES = ("datasets", "deals", "hands", "rejects")
HEAVY_PACKAGES = ("sqlalchemy", "alembic", "numpy")  # what the sqlite3 fast paths avoid


def invoke(runner: CliRunner, *args: str, stdin: bytes | None = None,
           env: dict[str, str] | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin, env=env, prog_name="pokerdb")


def succeeds(runner: CliRunner, *args: str, stdin: bytes | None = None,
             env: dict[str, str] | None = None) -> Result:
    result = invoke(runner, *args, stdin=stdin, env=env)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    assert result.exception is None
    return result


def fails(runner: CliRunner, *args: str, stdin: bytes | None = None) -> Result:
    """A user error: exit code 1 from the CLI's own handling, not an uncaught exception."""
    result = invoke(runner, *args, stdin=stdin)
    assert result.exit_code == 1, (result.stdout, result.stderr, result.exception)
    assert isinstance(result.exception, SystemExit), result.exception
    return result


def query_rows(engine: Engine, sql: str) -> list[tuple[Any, ...]]:
    """The rows `pokerdb query` gives for `sql`, read while its statement is open."""
    with run_query(engine, sql) as table:
        return [tuple(row) for row in table.rows]


_JOINS, _TEXTS = texts_sql("d", "source", "venue", "table_name", "stakes")
# deals with its texts (by number since revision 0029) as columns of their own again, for a
# test's SQL: FROM {TEXTED_DEALS} d.
TEXTED_DEALS = (f"(SELECT d.*, {', '.join(f'{sql} AS {name}' for name, sql in _TEXTS.items())} "
                f"FROM deals d{_JOINS})")


def rows(db_url: str, sql: str) -> list[tuple[Any, ...]]:
    """The rows of `sql`. An SQLite file that a failed import removed (it made the file and
    stored nothing) reads as what it was: a database holding nothing."""
    database = make_url(db_url).database
    if db_url.startswith("sqlite") and database and not Path(database).exists():
        open_engine(db_url, create=True).dispose()
    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]
    finally:
        engine.dispose()


def row_counts(db_url: str) -> dict[str, int]:
    return {table: rows(db_url, f"SELECT count(*) FROM {table}")[0][0] for table in TABLES}


def snapshot(db_url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in a fixed order."""
    return {
        "datasets": rows(db_url, "SELECT * FROM datasets ORDER BY id"),
        "deals": rows(db_url, "SELECT * FROM deals ORDER BY id"),
        "hands": rows(db_url, "SELECT * FROM hands ORDER BY deal_id, player"),
        "rejects": rows(db_url, "SELECT * FROM rejects ORDER BY id"),
    }


def every_row(db_url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table (the datasets' import times aside), sorted."""
    tables: dict[str, list[tuple[Any, ...]]] = {}
    for table in metadata.sorted_tables:
        columns = ", ".join(column.name for column in table.columns
                            if column.name != "imported_at")
        tables[table.name] = sorted(rows(db_url, f"SELECT {columns} FROM {table.name}"),
                                    key=repr)
    return tables


def stored_and_recounted_wins(db_url: str) -> tuple[list[tuple[Any, ...]], ...]:
    """win_counts as evaluate kept it, and as counted afresh from deals.winner."""
    return (rows(db_url, "SELECT dataset_id, winner, deals FROM win_counts "
                         "ORDER BY dataset_id, winner"),
            rows(db_url, "SELECT dataset_id, winner, count(*) FROM deals "
                         "WHERE winner IS NOT NULL GROUP BY dataset_id, winner "
                         "ORDER BY dataset_id, winner"))


COOKBOOK = REPO / "docs" / "cookbook.md"


def cookbook_queries() -> list[str]:
    """The SQL statements of the cookbook's sql blocks (docs/cookbook.md), in order."""
    page = COOKBOOK.read_text()
    blocks = re.findall(r"```sql\n(.*?)```", page, flags=re.DOTALL)
    statements = [statement.strip() for block in blocks for statement in block.split(";")]
    return [statement for statement in statements if statement]


def about_recorded_hands(sql: str) -> bool:
    """Whether a cookbook query asks about recorded hands (PHH): it reads their sources, seats
    or actions."""
    return re.search(r"\b(source|showed|put_in|net|actions)\b", sql) is not None


def write_lines(path: Path, *lines: str) -> str:
    path.write_text("".join(f"{line}\n" for line in lines))
    return str(path)


def pokerdb_importing(*args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """`python -X importtime -m pokerdb ARGS` and the modules it imported."""
    env = {key: value for key, value in os.environ.items() if key != "POKERDB_DB"}
    completed = subprocess.run([sys.executable, "-X", "importtime", "-m", "pokerdb", *args],
                               cwd=REPO, env=env, capture_output=True, text=True, timeout=120,
                               check=False)
    modules = {line.rpartition("|")[2].strip() for line in completed.stderr.splitlines()
               if line.startswith("import time:")}
    return completed, modules


def heavy(modules: set[str]) -> list[str]:
    return sorted(name for name in modules if name.partition(".")[0] in HEAVY_PACKAGES)



PHH_DATA = REPO / "tests" / "data" / "phh"


def holdem_sample(folder: Path) -> Path:
    """A copy of the shared sample's Hold'em hands (NT, FT) under `folder`, in the same
    folders, so that they import in the order, and with the deal ids, they have among
    themselves."""
    for path in sorted(PHH_DATA.rglob("*.phh")):
        if re.search(r"""^variant = ['"](NT|FT)['"]""", path.read_text(), re.MULTILINE):
            copy = folder / path.relative_to(PHH_DATA)
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_bytes(path.read_bytes())
    return folder


def settle(hand: PhhHand) -> tuple[Replayed, Settlement]:
    """A hand replayed and awarded, its shown hands evaluated one by one."""
    replayed = replay(hand)
    return replayed, reference_award(replayed)
