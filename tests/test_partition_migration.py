"""Revision 0016 on a database holding datasets: on PostgreSQL the deal tables are rebuilt as
partitioned ones, each dataset's rows its partitions, and back; on both backends a site's hands
move from a unique index on deals to site_hands, and back. Every row is found at each step."""

from pathlib import Path

from sqlalchemy import create_engine
from support import PE54_FILE, REPO, rows, succeeds
from typer.testing import CliRunner

from pokerdb.formats.deals.generate import generate_lines
from pokerdb.rules.games import HOLDEM
from pokerdb.storage.engines import alembic_config

POKERSTARS = REPO / "tests" / "data" / "pokerstars" / "CashGame" / "MultipleHandsTests" / \
    "10MultipleHands.txt"
# The tables keyed by a deal at revision 0016: deals, and its DEAL_ROWS then.
DEAL_TABLES = ("deals", "hand_values", "hand_labels", "hand_equities", "seat_stats", "seats",
               "variant_values", "hand_cards", "actions")
# Every row of every table keyed by a deal, and what the views show.
EVERYTHING = [f"SELECT * FROM {name} ORDER BY 1, 2" for name in DEAL_TABLES] + [
    "SELECT * FROM hands ORDER BY deal_id, player", "SELECT * FROM deal_results ORDER BY 1",
    "SELECT * FROM player_stats ORDER BY 1"]
PARTITIONS = ("SELECT parent.relname, n.nspname, pg_get_expr(c.relpartbound, c.oid) "
              "FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
              "JOIN pg_class parent ON parent.oid = i.inhparent "
              "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'r' ORDER BY 1, 2")


def step(url: str, down: bool, target: str | None = None) -> None:
    """Down to 0015, or up to `target` (0016)."""
    from alembic import command

    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            if down:
                command.downgrade(alembic_config(connection), target or "0015")
            else:
                command.upgrade(alembic_config(connection), target or "0016")
    finally:
        engine.dispose()


def test_upgrade_of_a_database_holding_datasets_keeps_every_row(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    holdem = tmp_path / "holdem.txt"
    holdem.write_text("".join(generate_lines(300, seed=7, players=3, game=HOLDEM)))
    succeeds(runner, "import", str(PE54_FILE), "--evaluate", "--db", db_url, "-q")
    succeeds(runner, "import", str(holdem), "--format", "holdem", "--players", "3", "--db",
             db_url, "-q")
    succeeds(runner, "evaluate", "--db", db_url, "-q")
    succeeds(runner, "equity", "--db", db_url, "-q")
    succeeds(runner, "import", str(POKERSTARS), "--format", "pokerstars", "--db", db_url, "-q")
    step(db_url, down=True, target="0016")  # amounts as 0016 keeps them (0017: in units)
    at_head = [rows(db_url, sql) for sql in EVERYTHING]
    # deals; hand_values, hand_labels, hand_equities, seat_stats, seats, variant_values,
    # hand_cards, actions (schema.DEAL_ROWS); the views.
    assert [len(table) for table in at_head] == [
        1000 + 300 + 10, 2000 + 900 + 80, 0, 900, 80, 80, 0, 2000 + 900 + 80, 204,
        2000 + 900 + 80, 1310, 12]
    sites = rows(db_url, "SELECT * FROM site_hands ORDER BY 1, 2")
    assert sites == rows(db_url, "SELECT site, hand_number, 3 FROM deals "
                                 "WHERE site IS NOT NULL ORDER BY 1, 2")
    assert len(sites) == 10
    postgres = db_url.startswith("postgresql")
    if postgres:
        # Three datasets, each its partition of each of the nine tables, on its run of ids.
        partitions = rows(db_url, PARTITIONS)
        assert len(partitions) == 27
        assert {(parent, bounds) for parent, schema, bounds in partitions
                if schema == "pokerdb_dataset_2"} == {
            (name, "FOR VALUES FROM ('1001') TO ('1301')") for name in DEAL_TABLES}

    step(db_url, down=True)
    assert [rows(db_url, sql) for sql in EVERYTHING] == at_head
    if postgres:
        assert rows(db_url, PARTITIONS) == []
        assert rows(db_url, "SELECT count(*) FROM pg_namespace "
                            "WHERE nspname LIKE 'pokerdb_dataset_%'") == [(0,)]
        assert rows(db_url, "SELECT reloptions FROM pg_class WHERE relname = 'deals'") == [
            (["fillfactor=45"],)]
    # The unique index is back: a site's hand once.
    assert rows(db_url, "SELECT count(*) FROM deals WHERE site IS NOT NULL") == [(10,)]

    step(db_url, down=False)
    assert [rows(db_url, sql) for sql in EVERYTHING] == at_head
    assert rows(db_url, "SELECT * FROM site_hands ORDER BY 1, 2") == sites
    if postgres:
        assert rows(db_url, PARTITIONS) == partitions
    step(db_url, down=False, target="head")
    # And the datasets go on working: one deleted (its partitions dropped), one imported.
    succeeds(runner, "delete", "holdem.txt", "--db", db_url)
    other = tmp_path / "other.txt"
    other.write_text("".join(generate_lines(5, seed=8, players=2, game=HOLDEM)))
    succeeds(runner, "import", str(other), "--format", "holdem", "--players", "2", "--evaluate",
             "--db", db_url, "-q")
    assert rows(db_url, "SELECT dataset_id, count(*), min(id) FROM deals "
                        "GROUP BY dataset_id ORDER BY 1") == [(1, 1000, 1), (3, 10, 1301),
                                                               (4, 5, 1311)]
    if postgres:  # three datasets, each its partition of each of head's eight tables
        assert len(rows(db_url, PARTITIONS)) == 24
