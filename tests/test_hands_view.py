"""The `hands` view of revision 0036 (on SQLite, each value of a hand's cards a subquery read only
where a query reads it) shows what revision 0030's showed: every row and column, with the same
declared types, on hands with lows, ties, unknown cards, equities and every variant."""

from pathlib import Path
from typing import Any

from alembic import command
from sqlalchemy import Engine, create_engine, text
from support import PHH_DATA, REPO
from typer.testing import CliRunner

from pokerdb.cli import app
from pokerdb.storage.engines import alembic_config

HANDHQ = REPO / "tests" / "data" / "handhq"
# What queries read of the view: every column, a few columns as aggregates read them, one
# deal, one player, and the view joined to a table.
ASKED = (
    "SELECT * FROM hands ORDER BY deal_id, player",
    "SELECT coalesce(low_category_name, 'No Low'), count(*), max(low_strength) FROM hands "
    "GROUP BY coalesce(low_category_name, 'No Low') ORDER BY 1",
    "SELECT category, category_name, count(*), sum(k1), sum(k5), count(description) "
    "FROM hands GROUP BY category, category_name ORDER BY 1, 2",
    "SELECT count(*), count(cards), count(best), count(label), count(equity), "
    "count(allin_net), count(name), count(net) FROM hands",
    "SELECT * FROM hands WHERE deal_id = 3 ORDER BY player",
    "SELECT deal_id, player, net, best FROM hands WHERE name = 'Brian Rast' "
    "ORDER BY deal_id, player",
    "SELECT d.id, h.player, h.description, h.low_description FROM deals d "
    "JOIN hands h ON h.deal_id = d.id AND h.player = d.winner ORDER BY d.id",
)


def _import(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """Stud hi/lo deals (lows and split pots), Hold'em deals evaluated and with equities,
    the PHH hands of nine variants and HandHQ's hands (most cards never shown)."""
    for line in (["generate", "300", "--game", "stud-hi-lo", "--players", "3", "--seed", "8",
                  "-o", str(tmp_path / "studhl.txt")],
                 ["generate", "200", "--game", "holdem", "--players", "3", "--seed", "1",
                  "-o", str(tmp_path / "holdem.txt")],
                 ["import", str(tmp_path / "studhl.txt"), "--format", "hands", "--game",
                  "stud-hi-lo"],
                 ["import", str(tmp_path / "holdem.txt"), "--format", "holdem", "--evaluate"],
                 ["import", str(PHH_DATA)],
                 ["import", str(HANDHQ), "--skip-invalid"],
                 ["equity"]):
        database = [] if line[0] == "generate" else ["--db", db_url, "--quiet"]
        result = runner.invoke(app, [*line, *database])
        assert result.exit_code == 0, result.output


def _migrated(engine: Engine, target: str, down: bool = False) -> None:
    with engine.begin() as connection:
        (command.downgrade if down else command.upgrade)(alembic_config(connection), target)


def test_revision_0036_shows_the_hands_0030_showed(runner: CliRunner, db_url: str,
                                                   tmp_path: Path) -> None:
    _import(runner, db_url, tmp_path)
    engine = create_engine(db_url)

    def read() -> list[list[Any]]:
        with engine.connect() as connection:
            answers = [[tuple(row) for row in connection.execute(text(sql))] for sql in ASKED]
            if engine.dialect.name == "sqlite":
                answers.append([tuple(row) for row in connection.execute(text(
                    "SELECT name, type FROM pragma_table_info('hands')"))])
            return answers

    try:
        at_head = read()
        # The hands hold what the view reads: lows, a deal split (winner 0), seats of unknown
        # cards, hands without a seat (deal files), equities, and several variants.
        with engine.connect() as connection:
            assert connection.execute(text(
                "SELECT count(DISTINCT low_category_name) >= 4, "
                "sum(CASE WHEN cards IS NULL THEN 1 ELSE 0 END) > 1000, "
                "sum(CASE WHEN name IS NULL THEN 1 ELSE 0 END) > 1000, count(equity) > 500 "
                "FROM hands")).one() == (True, True, True, True)
            assert connection.scalar(text("SELECT count(*) FROM deals WHERE winner = 0")) > 10
            assert connection.scalar(text("SELECT count(DISTINCT variant) FROM deals")) >= 8
        assert len(at_head[0]) == 3764
        _migrated(engine, "0034", down=True)
        assert read() == at_head
        _migrated(engine, "head")
        assert read() == at_head
    finally:
        engine.dispose()
