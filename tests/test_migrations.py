"""Alembic migrations: up and down on every backend, and in agreement with
pokerdb.storage.schema."""

import json
import os
import re
import subprocess
import sys
import warnings
from decimal import Decimal
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, inspect, make_url, text
from support import PE54_FILE, PHH_DATA, REPO, named_rows, stored_and_recounted_wins, write_lines
from typer.testing import CliRunner

from pokerdb.cli import app
from pokerdb.errors import PokerdbError
from pokerdb.rules.evaluators import Category
from pokerdb.rules.hand_words import every_category
from pokerdb.rules.variants import VARIANTS
from pokerdb.storage import run_biggest
from pokerdb.storage.engines import alembic_config
from pokerdb.storage.location import migrations_dir
from pokerdb.storage.packed_actions import packed, unpacked
from pokerdb.storage.packed_counts import seat_stats_view
from pokerdb.storage.schema import metadata
from pokerdb.storage.summary_keys import texted
from pokerdb.storage.view_columns import VIEW_NAMES

SCHEMA_TABLES = {"alembic_version", "categories", "datasets", "deals", "hand_cards", "hand_values",
                 "hand_equities", "hand_descriptions", "hand_labels", "rejects", "win_counts",
                 "seats", "hand_actions", "variants", "variant_values", "id_marks",
                 "player_totals", "player_days", "player_runs", "table_names", "site_hands",
                 "tournaments", "tournament_entries", "player_names", "venue_names",
                 "stakes_names", "source_names", "summary_keys"}
# The columns of seat_stats that every revision's has (0027 adds name_id, the name's number).
SEAT_STATS = (f"SELECT {', '.join(seat_stats_view.c.keys())} FROM seat_stats "
              f"ORDER BY deal_id, player")
# The columns of seats from revision 0027 (0034 adds `packed`, which holds some of them).
SEATS = ("SELECT deal_id, player, name_id, starting_stack, showed, put_in, net, winnings, "
         "finishing_stack, allin_stake, allin_pot, ante, blind, seat_number, position, "
         "collected, raked, cashed_out, tracker_position, flags, postflop_aggressive, "
         "postflop_calls, postflop_folds, allin FROM seats ORDER BY deal_id, player")


def head() -> str:
    revision = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert revision is not None
    return revision


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, target: str = "head") -> None:
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), target)


def downgrade(engine: Engine, target: str = "base") -> None:
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), target)


def schema_differences(engine: Engine) -> list[object]:
    """What differs between the database and the metadata. On PostgreSQL a foreign key that
    refers to a partitioned table also has a constraint row for each partition it refers to
    (PostgreSQL's own, pg_constraint.conparentid set), which SQLAlchemy reflects as keys of
    the referring table naming the partitions (storage.partitions): left out."""
    with engine.connect() as connection, warnings.catch_warnings():
        # Alembic compares a generated column's SQL (seats', revisions 0034 and 0035; deals',
        # 0035) only by its text, warning where the database's differs: PostgreSQL writes it
        # anew, and SQLAlchemy reads SQLite's from the text to the last parenthesis of its
        # line, which may end another column's. The tests of 0034 and 0035 compare the
        # columns' values instead.
        warnings.filterwarnings("ignore", "Computed default on (seats|deals)[.]")
        context = MigrationContext.configure(
            connection, opts={"compare_type": True, "compare_server_default": True})
        return [difference for difference in compare_metadata(context, metadata)
                if not _refers_to_a_partition(difference)]


def _refers_to_a_partition(difference: object) -> bool:
    if not (isinstance(difference, tuple) and difference[0] == "remove_fk"):
        return False
    return all(key.target_fullname.startswith("pokerdb_dataset_")
               for key in difference[1].elements)


def tables_and_views(engine: Engine) -> tuple[set[str], set[str]]:
    inspector = inspect(engine)
    return set(inspector.get_table_names()), set(inspector.get_view_names())


def listed(biggest: str, known: int, net: object) -> str:
    """player_runs.biggest as revision 0031 packs it, as JSON: [[deal id less first_deal,
    net], ...] ('' for none, and for a row of one hand of known result: [[0, net]])."""
    if biggest:
        return f"[[{biggest.replace(';', '],[')}]]"
    return f"[[0,{net}]]" if known else "[]"


def test_upgrade_matches_the_schema(fresh: Engine) -> None:
    assert current_revision(fresh) is None
    upgrade(fresh)
    assert current_revision(fresh) == head()
    assert schema_differences(fresh) == []
    tables, views = tables_and_views(fresh)
    assert tables == SCHEMA_TABLES == set(metadata.tables) | {"alembic_version"}
    assert views == set(VIEW_NAMES) == {"deal_results", "hands", "player_stats",
                                        "player_position_stats", "player_stakes_stats",
                                        "tournament_hands", "player_tournaments",
                                        "player_buy_in_tournaments", "actions",
                                        "seat_stats"}


def test_categories_hold_every_label_of_every_kind(fresh: Engine) -> None:
    upgrade(fresh)
    with fresh.connect() as connection:
        stored = connection.execute(text("SELECT id, name, kind FROM categories ORDER BY id")
                                    ).all()
    assert [tuple(row) for row in stored] == every_category()
    assert [tuple(row) for row in stored[:10]] == [(c.value, c.label, "high") for c in Category]
    assert len(stored) == 10 + 10 + 5 + 14 + 16 + 4


def test_variants_hold_the_variants_of_the_code(fresh: Engine) -> None:
    upgrade(fresh)
    with fresh.connect() as connection:
        stored = connection.execute(text(
            "SELECT code, name, high, high_naming, low, low_naming FROM variants")).all()
    assert sorted(tuple(row) for row in stored) == sorted(
        (variant.code, variant.name, variant.high.value, variant.high.naming,
         None if variant.low is None else variant.low.value,
         None if variant.low is None else variant.low.naming) for variant in VARIANTS.values())


def test_view_answers_on_an_empty_database(fresh: Engine) -> None:
    upgrade(fresh)
    with fresh.connect() as connection:
        result = connection.execute(text("SELECT * FROM deal_results"))
        assert list(result.keys()) == [
            "deal_id", "dataset", "line_no", "board", "player1_cards", "player1_category",
            "player2_cards", "player2_category", "winner", "result"]
        assert result.all() == []


def test_downgrade_to_base_and_back(fresh: Engine) -> None:
    upgrade(fresh)
    downgrade(fresh)
    assert current_revision(fresh) is None
    tables, views = tables_and_views(fresh)
    assert tables <= {"alembic_version"}
    assert views == set()
    # ... and up again from nothing, to exactly the schema
    upgrade(fresh)
    assert current_revision(fresh) == head()
    assert schema_differences(fresh) == []
    assert tables_and_views(fresh) == (SCHEMA_TABLES, set(VIEW_NAMES))


def test_every_revision_steps_down_and_up(fresh: Engine) -> None:
    """One revision at a time, down from head to base and up again."""
    script = ScriptDirectory.from_config(alembic_config())
    revisions = [r.revision for r in script.walk_revisions()]  # head first
    upgrade(fresh)
    for expected in [*revisions[1:], None]:
        downgrade(fresh, "-1")
        assert current_revision(fresh) == expected
    for expected in reversed(revisions):
        upgrade(fresh, "+1")
        assert current_revision(fresh) == expected
    assert schema_differences(fresh) == []


def test_downgrade_with_data_then_upgrade(runner: CliRunner, db_url: str,
                                          fresh: Engine) -> None:
    """Stepping below head and back keeps every imported and evaluated row: the newest
    revision moves hands into tables behind a view, and back into one table."""
    for command_args in (["import", str(PE54_FILE)], ["evaluate"]):
        result = runner.invoke(app, [*command_args, "--db", db_url, "--quiet"])
        assert result.exit_code == 0, result.output
    # The columns every revision's views have (0004 adds hands.best and deal_results.board).
    everything = ("SELECT deal_id, player, cards, category, k1, k2, k3, k4, k5, strength, "
                  "description, label FROM hands ORDER BY deal_id, player",
                  "SELECT deal_id, dataset, line_no, player1_cards, player1_category, "
                  "player2_cards, player2_category, winner, result "
                  "FROM deal_results ORDER BY deal_id")

    def contents() -> list[list[tuple[object, ...]]]:
        with fresh.connect() as connection:
            return [[tuple(row) for row in connection.execute(text(sql))] for sql in everything]

    at_head = contents()
    assert [len(rows) for rows in at_head] == [2000, 1000]
    assert at_head[0][0][-2:] == ("High Card, King high", None)  # description, label
    downgrade(fresh, "-1")
    assert contents() == at_head
    upgrade(fresh)
    assert schema_differences(fresh) == []
    assert contents() == at_head
    with fresh.connect() as connection:
        # Five-card deals have no board; their best five cards are the hand itself.
        assert connection.execute(text(
            "SELECT count(*) FROM hands JOIN deals ON deals.id = hands.deal_id "
            "WHERE best = cards AND board IS NULL")).scalar() == 2000
        assert connection.execute(text("SELECT game FROM datasets")).all() == [("five-card",)]
    # win_counts is rebuilt from the winners the older schema kept.
    assert stored_and_recounted_wins(db_url) == ([(1, 1, 376), (1, 2, 624)],) * 2


def test_alembic_command_line_from_the_repository(db_url: str) -> None:
    """`alembic upgrade head` from the repository root, the database from $POKERDB_DB."""
    env = {**os.environ, "POKERDB_DB": db_url}

    def alembic(*args: str) -> subprocess.CompletedProcess[str]:
        completed = subprocess.run([sys.executable, "-m", "alembic", *args], cwd=REPO, env=env,
                                   capture_output=True, text=True, timeout=120, check=False)
        assert completed.returncode == 0, completed.stderr
        return completed

    alembic("upgrade", "head")
    assert alembic("current").stdout.strip() == f"{head()} (head)"
    if db_url.startswith("sqlite"):  # made as pokerdb makes a file
        with create_engine(db_url).connect() as connection:
            assert connection.exec_driver_sql("PRAGMA page_size").scalar() == 16384
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    engine = create_engine(db_url)
    try:
        assert schema_differences(engine) == []
        alembic("downgrade", "base")
        assert alembic("current").stdout.strip() == ""
        tables, views = tables_and_views(engine)
        assert tables <= {"alembic_version"}
        assert views == set()
    finally:
        engine.dispose()


@pytest.mark.parametrize("args", [
    ["wins"],
    ["breakdown"],
    ["datasets"],
    ["evaluate"],
    ["query", "SELECT 1 AS one"],
    ["import", str(PE54_FILE)],
], ids=lambda args: args[0])
def test_every_command_brings_a_new_database_to_head(runner: CliRunner, db_url: str,
                                                     args: list[str]) -> None:
    """An empty database (on SQLite, an empty file): each command migrates it, whether it
    then has something to say or says there are no deals."""
    if db_url.startswith("sqlite"):
        Path(make_url(db_url).database or "").touch()
    result = runner.invoke(app, [*args, "--db", db_url])
    assert result.exit_code in (0, 1), (result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    engine = create_engine(db_url)
    try:
        assert current_revision(engine) == head()
        assert schema_differences(engine) == []
    finally:
        engine.dispose()


@pytest.mark.parametrize("args", [["wins"], ["breakdown"], ["datasets"], ["evaluate"],
                                  ["query", "SELECT 1 AS one"], ["explain", "1"], ["stats"],
                                  ["report"], ["delete", "x"]], ids=lambda args: args[0])
def test_only_import_creates_a_database(runner: CliRunner, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    """A command that reads refuses a path with no database instead of creating one."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*args, "--db", "pokrdb.sqlite"])
    assert (result.exit_code, result.stdout, result.stderr) == (
        1, "", "Error: no database at pokrdb.sqlite: import something first "
               "(pokerdb import FILE)\n")
    assert list(tmp_path.iterdir()) == []
    result = runner.invoke(app, ["import", str(PE54_FILE), "--db", "pokrdb.sqlite", "-q"])
    assert result.exit_code == 0, result.output
    engine = create_engine("sqlite:///pokrdb.sqlite")
    try:
        assert current_revision(engine) == head()
    finally:
        engine.dispose()


def test_revision_files_are_one_numbered_line() -> None:
    """Revisions are named NNNN_*.py with revision id NNNN, numbered 0001, 0002, ..., each
    revising the one before; the CLI reads the head off the file names."""
    script = ScriptDirectory.from_config(alembic_config())
    files = sorted((migrations_dir() / "versions").glob("*.py"))
    assert files, "no revisions"
    previous: str | None = None
    for number, path in enumerate(files, start=1):
        match = re.fullmatch(r"(\d{4})_\w+\.py", path.name)
        assert match, path.name
        assert match.group(1) == f"{number:04d}"
        revision = script.get_revision(match.group(1))
        assert revision is not None
        assert Path(revision.path).name == path.name
        assert revision.down_revision == previous
        previous = revision.revision
    assert previous == head()
    assert len(script.get_heads()) == 1


def test_head_revision_agrees_with_alembic() -> None:
    from pokerdb.storage.location import head_revision

    assert head_revision() == head()



# Every row of the statistics views.
STATS = [f"SELECT * FROM {view} ORDER BY 1, 2, 3" for view in
         ("player_stats", "player_position_stats", "player_stakes_stats")]


def import_phh_and_pokerstars(runner: CliRunner, db_url: str) -> None:
    """A PHH hand (no site, no button) and ten PokerStars hands."""
    for source in (REPO / "tests" / "data" / "phh" / "dwan-ivey-2009.phh",
                   REPO / "tests" / "data" / "pokerstars" / "CashGame" / "MultipleHandsTests"
                   / "10MultipleHands.txt"):
        result = runner.invoke(app, ["import", str(source), "--db", db_url, "--quiet"])
        assert result.exit_code == 0, result.output


def test_revision_0011_keeps_recorded_hands_down_and_up(runner: CliRunner, db_url: str,
                                                        fresh: Engine) -> None:
    """0011's columns (a site's hand, each hand's betting) go and come back with their
    revision; every other column of the recorded hands stays, and the hands view with it."""
    import_phh_and_pokerstars(runner, db_url)
    kept = ("SELECT d.id, d.hand_number, d.table_name, d.date, d.time, d.board, s.player, s.name, "
            "s.starting_stack, s.put_in, s.net, s.showed FROM deals d JOIN seats s "
            "ON s.deal_id = d.id ORDER BY d.id, s.player")
    added = ("SELECT count(site), count(played_at), count(min_bet), sum(CASE WHEN site IS NULL "
             "THEN 0 ELSE 1 END) FROM deals")

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    downgrade(fresh, "0016")  # amounts as decimals, as 0011 to 0016 keep them
    before = read(kept)
    assert len(before) == 3 + 80 and read(added) == [(10, 10, 11, 10)]
    downgrade(fresh, "0010")
    assert read(kept) == before
    with fresh.connect() as connection:
        columns = {column["name"] for column in inspect(connection).get_columns("seats")}
    assert "position" not in columns and "net" in columns
    upgrade(fresh, "0016")
    assert read(kept) == before
    upgrade(fresh)
    assert schema_differences(fresh) == []
    assert read(added) == [(0, 0, 0, 0)]  # what 0010 could not hold is gone, nothing else
    assert read("SELECT count(*), count(position) FROM hands") == [(83, 0)]


def test_revision_0018_adds_tournament_results_to_a_database_with_data(
        runner: CliRunner, db_url: str, fresh: Engine) -> None:
    """A database at 0017 holding a tournament's hand upgrades in place: its rows stay, the
    tournament tables come empty, and a summary imported then is linked to the stored hand."""
    summaries = REPO / "tests" / "data" / "summaries" / "pokerstars"
    hand = REPO / "tests" / "data" / "pokerstars" / "CashGame" / "MultipleHandsTests"
    result = runner.invoke(app, ["import", str(hand / "10MultipleHands.txt"), "--db", db_url,
                                 "--quiet"])
    assert result.exit_code == 0, result.output
    kept = "SELECT id, hand_number, site, currency, total_pot FROM deals ORDER BY id"

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    before = read(kept)
    downgrade(fresh, "0017")
    assert "tournaments" not in tables_and_views(fresh)[0]
    with fresh.begin() as connection:  # a tournament's hand, stored at 0017
        connection.execute(text("UPDATE deals SET tournament = '1495192630', currency = "
                                "'chips' WHERE id = (SELECT min(id) FROM deals)"))
    upgrade(fresh)
    assert schema_differences(fresh) == []
    assert read(kept) == [(*before[0][:3], "chips", *before[0][4:]), *before[1:]]
    assert read("SELECT count(*) FROM tournaments") == [(0,)]
    result = runner.invoke(app, ["import", str(summaries / "TS20160229_T1495192630.txt"),
                                 "--db", db_url, "--quiet"])
    assert result.exit_code == 0, result.output
    assert read("SELECT h.deal_id FROM tournament_hands h") == [(before[0][0],)]


def test_revision_0019_clusters_player_totals_with_its_rows(runner: CliRunner, db_url: str,
                                                            fresh: Engine) -> None:
    """0019 makes player_totals a WITHOUT ROWID table on SQLite (its key stored once), with
    every row and the statistics views as they were; down, a rowid table again, the same rows.
    PostgreSQL's table has no rowid: it stays as it is."""
    result = runner.invoke(app, ["import", str(REPO / "tests" / "data" / "pokerstars"),
                                 "--skip-invalid", "--db", db_url, "--quiet"])
    assert result.exit_code == 0, result.output
    sqlite = fresh.dialect.name == "sqlite"

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    def clustered() -> bool:
        return "WITHOUT ROWID" in str(read("SELECT sql FROM sqlite_master "
                                           "WHERE name = 'player_totals'")[0][0])

    totals = "SELECT * FROM player_totals ORDER BY name, currency, position, stakes"
    views = [f"SELECT * FROM {view} ORDER BY 1, 2, 3" for view in
             ("player_stats", "player_position_stats", "player_stakes_stats")]
    downgrade(fresh, "0019")
    at_0019 = [read(totals), *map(read, views)]
    assert len(at_0019[0]) > 100 and (not sqlite or clustered())
    downgrade(fresh, "0018")
    assert [read(totals), *map(read, views)] == at_0019
    assert not sqlite or not clustered()
    upgrade(fresh, "0019")
    assert [read(totals), *map(read, views)] == at_0019
    assert not sqlite or clustered()
    upgrade(fresh)
    assert schema_differences(fresh) == []


def test_revision_0020_keeps_the_nets_and_adds_hands_of_unknown_result(
        runner: CliRunner, db_url: str, fresh: Engine, tmp_path: Path) -> None:
    """An existing database at 0019 upgrades in place: every hand's result known, its nets
    and player_totals as they were, the views with their count of hands of unknown result
    (none); then it stores such hands. Back at 0019 they cannot be held: the downgrade
    refuses, naming them."""
    from test_unknown_results import write_hands

    source = REPO / "tests" / "data" / "phh" / "dwan-ivey-2009.phh"
    result = runner.invoke(app, ["import", str(source), "--db", db_url, "--quiet"])
    assert result.exit_code == 0, result.output
    downgrade(fresh, "0019")
    kept = ("SELECT s.deal_id, s.player, s.net, t.net, t.vpip FROM seats s JOIN "
            "seat_stats t ON t.deal_id = s.deal_id AND t.player = s.player ORDER BY 1, 2")
    totals = "SELECT name, hands, net FROM {} t ORDER BY name"

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    before, before_totals = read(kept), read(totals.format("player_totals"))
    assert len(before) == 3 and len(before_totals) == 3
    upgrade(fresh)
    assert schema_differences(fresh) == []
    assert read(kept) == before
    assert read(totals.format(named_rows("player_totals"))) == before_totals
    assert read("SELECT count(*) FROM deals WHERE result_known") == [(1,)]
    assert read("SELECT sum(hands_result_unknown) FROM player_stats") == [(0,)]
    result = runner.invoke(app, ["import", str(write_hands(tmp_path / "hands")), "--db", db_url,
                                 "--quiet"])
    assert result.exit_code == 0, result.output
    assert read("SELECT count(*) FROM seats WHERE net IS NULL") == [(2,)]
    with pytest.raises(Exception, match="1 hands of unknown result have no nets"):
        downgrade(fresh, "0019")
    assert current_revision(fresh) == head()


def test_revision_0021_adds_the_third_board_keeping_every_hand(runner: CliRunner, db_url: str,
                                                              fresh: Engine) -> None:
    """Down to 0020 a hand run three times keeps all but its third board; up again, every row
    is as it was, the third board NULL (an import stores it)."""
    source = REPO / "tests" / "data" / "sites" / "ggpoker-written" / "run-three-times.txt"
    result = runner.invoke(app, ["import", str(source), "--db", db_url, "--quiet"])
    assert result.exit_code == 0, result.output
    kept = ("SELECT d.id, d.hand_number, d.board, d.second_board, d.total_pot, s.player, "
            "h.name, s.net, s.collected, s.raked FROM deals d JOIN seats s "
            "ON s.deal_id = d.id JOIN hands h ON h.deal_id = s.deal_id AND h.player = s.player "
            "ORDER BY d.id, s.player")

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    before = read(kept)
    assert len(before) == 3 and read("SELECT third_board FROM deals") == [("KC 7D 2H 4C AC",)]
    downgrade(fresh, "0020")
    with fresh.connect() as connection:
        columns = {column["name"] for column in inspect(connection).get_columns("deals")}
    assert "third_board" not in columns and "second_board" in columns
    assert read(kept) == before
    upgrade(fresh)
    assert schema_differences(fresh) == []
    assert read(kept) == before
    assert read("SELECT third_board FROM deals") == [(None,)]


def test_revision_0022_packs_actions_and_counts_keeping_every_row(runner: CliRunner,
                                                                 db_url: str,
                                                                 fresh: Engine) -> None:
    """Up from 0021 every hand's action rows become one value of hand_actions, and the view
    `actions` gives the same rows, an action whose text does not tell its player the plain way
    (a space first) with its player still; each seat's counts a row of seat_counts, its flags
    packed, and the view seat_stats and the statistics views the same rows; down again, the
    same rows in the tables."""
    import_phh_and_pokerstars(runner, db_url)
    every = "SELECT deal_id, seq, player, action FROM actions ORDER BY deal_id, seq"
    counts = SEAT_STATS

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    seat_rows, figures = read(counts), [read(sql) for sql in STATS]
    assert len(seat_rows) == 3 + 80 and len(seat_rows[0]) == 25
    # preflop_acted, vpip, saw_flop, postflop_calls, won_at_showdown
    assert [sum(row[column] for row in seat_rows) for column in (7, 8, 14, 20, 23)] == [
        82, 16, 12, 6, 3]
    assert read("SELECT count(*) FROM seats WHERE flags & 2 = 2") == [(16,)]  # vpip
    at_head = read(every)
    assert len(at_head) == 18 + 204 and at_head[3] == (1, 4, 3, "p3 cbr 7000")
    assert at_head[0] == (1, 1, None, "d dh p1 Ac2d")
    downgrade(fresh, "0021")
    assert "actions" in tables_and_views(fresh)[0] and read(every) == at_head
    with fresh.begin() as connection:
        connection.execute(text("UPDATE actions SET action = ' p2 f' WHERE deal_id = 1 "
                                "AND seq = 6"))
    upgrade(fresh)
    assert schema_differences(fresh) == []
    changed = [*at_head[:5], (1, 6, 2, " p2 f"), *at_head[6:]]
    assert read(every) == changed
    assert read("SELECT count(*) FROM hand_actions") == [(11,)]
    # Each unknown hand dealt ('d dh pN ????') is the number N.
    (value,) = read("SELECT actions FROM hand_actions WHERE deal_id = 2")[0]
    assert value.split("|")[:8] == ["1", "2", "3", "4", "5", "6", "7", "3 cbr 26"]
    downgrade(fresh, "0021")
    assert read(every) == changed
    assert "seat_stats" in tables_and_views(fresh)[0] and read(counts) == seat_rows
    assert [read(sql) for sql in STATS] == figures
    upgrade(fresh)
    assert read(every) == changed
    assert read(counts) == seat_rows and [read(sql) for sql in STATS] == figures


def test_revision_0023_fills_player_runs_from_the_seats(runner: CliRunner, db_url: str,
                                                        fresh: Engine, tmp_path: Path) -> None:
    """A database at 0022 upgrades in place: player_runs is filled from the seats stored, the
    rows an import of the same hands keeps; down again, it goes, every other row kept."""
    from cash_hands import cash_hand
    from test_player_runs import kept

    (tmp_path / "stars.txt").write_text(
        cash_hand(1, "2024/01/02 10:00:00") + cash_hand(2, "2024/01/02 10:40:00", "Beta", "Bo")
        + cash_hand(3, "2024/01/02 10:50:00"))
    result = runner.invoke(app, ["import", str(tmp_path / "stars.txt"), "--db", db_url,
                                 "--quiet"])
    assert result.exit_code == 0, result.output
    imported = kept(fresh)
    assert len(imported) == 6  # three players, in two half hours
    seats = "SELECT deal_id, player, net FROM seat_stats ORDER BY 1, 2"
    with fresh.connect() as connection:
        before = connection.execute(text(seats)).all()
    downgrade(fresh, "0022")
    with fresh.connect() as connection:
        assert "player_runs" not in inspect(connection).get_table_names()
        assert connection.execute(text(seats)).all() == before
    upgrade(fresh)
    assert schema_differences(fresh) == []
    assert kept(fresh) == imported


def test_revision_0024_fills_player_days_from_the_seats(runner: CliRunner, db_url: str,
                                                        fresh: Engine, tmp_path: Path) -> None:
    """A database at 0023 upgrades in place: player_days is filled from the seats stored, the
    rows an import of the same hands keeps; down again, it goes, player_totals kept."""
    from cash_hands import cash_hand

    (tmp_path / "stars.txt").write_text(
        cash_hand(1, "2024/01/02 10:00:00") + cash_hand(2, "2024/01/03 10:40:00", "Beta", "Bo")
        + cash_hand(3, "2024/01/03 10:50:00"))
    result = runner.invoke(app, ["import", str(tmp_path / "stars.txt"), "--db", db_url,
                                 "--quiet"])
    assert result.exit_code == 0, result.output
    days = ("SELECT name_id, day, site, currency, position, stakes, dataset_id, hands, vpip, "
            f"net, big_blind, hands_result_unknown FROM {texted('player_days')} t "
            "ORDER BY name_id, day, currency, position, stakes")
    totals = ("SELECT name, currency, position, stakes, dataset_id, hands, vpip, net, "
              "hands_result_unknown FROM {} t ORDER BY name, currency, position, stakes")
    with fresh.connect() as connection:
        imported, kept = (connection.execute(text(sql)).all() for sql in (
            days, totals.format(named_rows("player_totals"))))
    assert len({row.day for row in imported}) == 2 and sum(row.hands for row in imported) == 9
    downgrade(fresh, "0023")
    with fresh.connect() as connection:
        assert "player_days" not in inspect(connection).get_table_names()
        assert connection.execute(text(totals.format("player_totals"))).all() == kept
    upgrade(fresh)
    assert schema_differences(fresh) == []
    with fresh.connect() as connection:
        assert connection.execute(text(days)).all() == imported


def test_revision_0025_folds_seat_counts_into_seats_and_deals(runner: CliRunner, db_url: str,
                                                             fresh: Engine) -> None:
    """Up from 0024 each seat's counts move into its row of seats (its position too, where
    seats.position does not say it: a PHH hand's) and the stakes into deals, seat_counts goes,
    and the view seat_stats and the statistics views give the same rows; down again,
    seat_counts holds them as before."""
    import_phh_and_pokerstars(runner, db_url)
    counts = SEAT_STATS
    positions = "SELECT count(position) FROM seats"
    trackers = ("SELECT COALESCE(tracker_position, '-'), count(*) FROM seats GROUP BY 1 "
                "ORDER BY 1")

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    seat_rows, figures = read(counts), [read(sql) for sql in STATS]
    assert len(seat_rows) == 3 + 80 and read(positions) == [(80,)]  # PokerStars' seats
    assert read(trackers) == [("-", 80), ("BB", 1), ("BTN", 1), ("SB", 1)]
    assert read("SELECT count(*) FROM seats WHERE flags & 2 = 2") == [(16,)]  # vpip
    assert read("SELECT n.name, count(*) FROM deals d JOIN stakes_names n "
                "ON n.id = d.stakes_id GROUP BY n.name ORDER BY 1") == [
        ("NT 1000/2000 ante 500", 1), ("NT 5/10", 10)]  # by number since revision 0029
    downgrade(fresh, "0024")
    assert "seat_counts" in tables_and_views(fresh)[0]
    assert read(positions) == [(80,)]
    assert read("SELECT count(*) FROM seat_counts WHERE flags & 2 = 2") == [(16,)]
    assert read(counts) == seat_rows and [read(sql) for sql in STATS] == figures
    upgrade(fresh)
    assert schema_differences(fresh) == []
    assert "seat_counts" not in tables_and_views(fresh)[0]
    assert read(positions) == [(80,)] and read(trackers) == [
        ("-", 80), ("BB", 1), ("BTN", 1), ("SB", 1)]
    assert read(counts) == seat_rows and [read(sql) for sql in STATS] == figures


def test_revision_0026_numbers_the_tables_of_player_runs(runner: CliRunner, db_url: str,
                                                         fresh: Engine, tmp_path: Path) -> None:
    """A database at 0025 upgrades in place: player_runs' tables by their numbers in
    table_names, the biggest of a row of one hand of known result '', the others' JSON without
    spaces, its index of dataset_id gone: the rows an import keeps; down again, the tables'
    names and every row's biggest hands, as 0025 kept them."""
    from cash_hands import cash_hand

    (tmp_path / "stars.txt").write_text(
        cash_hand(1, "2024/01/02 10:00:00") + cash_hand(2, "2024/01/02 10:10:00", "Beta", "Bo")
        + cash_hand(3, "2024/01/02 10:50:00", "Gamma"))
    result = runner.invoke(app, ["import", str(tmp_path / "stars.txt"), "--db", db_url,
                                 "--quiet"])
    assert result.exit_code == 0, result.output
    downgrade(fresh, "0031")  # every row's biggest hands kept (since 0033, a wide row's)
    runs = ("SELECT name, bucket, hands, known, net, first_deal, biggest, tables "
            "FROM {} t ORDER BY name, bucket")
    at_head = runs.format(named_rows("player_runs", texts=False))
    numbers = "SELECT id, name FROM table_names ORDER BY id"

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    imported, named = read(at_head), dict(read(numbers))
    assert named == {1: "Alpha", 2: "Beta", 3: "Gamma"}
    # The biggest hands packed, their deal ids less first_deal (revision 0031).
    assert [row[2:] for row in imported if row[0] == "Ann"] == [
        (2, 2, 300, 1, "0,300;1,0", "[1,2]"), (1, 1, 300, 3, "", "[3]")]
    downgrade(fresh, "0025")
    with fresh.connect() as connection:
        assert "table_names" not in inspect(connection).get_table_names()
        assert [index["name"] for index in inspect(connection).get_indexes("player_runs")] == [
            "ix_player_runs_dataset_id"]
    assert [(*row[:6], json.loads(row[6]), json.loads(row[7]))
            for row in read(runs.format("player_runs"))] == [
        (*row[:6], [[row[5] + deal, net] for deal, net in json.loads(listed(row[6], 1, row[4]))],
         sorted(named[number] for number in json.loads(row[7]))) for row in imported]
    upgrade(fresh, "0031")
    assert read(at_head) == imported and dict(read(numbers)) == named
    upgrade(fresh)
    assert schema_differences(fresh) == []


def test_revision_0028_keeps_a_value_row_only_for_a_hand_with_a_value(
        runner: CliRunner, db_url: str, fresh: Engine, tmp_path: Path) -> None:
    """Down at 0027 every hand of an evaluated deal has a hand_values row, NULL without a value
    (a recorded hand's cards never shown, a board short of the river), and a deal file not
    evaluated yet has none: 0027's evaluate would value it alone. 0028 deletes the rows of
    NULLs; the hands view reads the same at both, and evaluate at head values the same
    deal."""
    from test_value_rows import BY_DATASET, HANDHQ

    # Deals 1-3 evaluated at import; 4-5 by evaluate (on PostgreSQL a partition of hand_values
    # for its window alone: deal 5, the short board of deal 4 valuing nothing); 6-7 pending.
    short, showdown = "2H 3H 4H 9D | AC KC | 7D 7S", "AS AD KS KD 7C | QH QC | 2H 2C"
    for path, args in (
            (write_lines(tmp_path / "evaluated.txt", "7C 2D 9S 4H 5S | AH KH | QS QD",
                         "| AH KH | QS QD", "2H 3H 4H | AC KC | 7D 7S"), ["--evaluate"]),
            (write_lines(tmp_path / "windowed.txt", short, showdown), []), (None, []),
            (write_lines(tmp_path / "pending.txt", showdown, short), []),
            (str(HANDHQ), ["--skip-invalid"])):
        command_args = ["evaluate"] if path is None else [
            "import", path, *args, *([] if path == str(HANDHQ) else ["--format", "holdem"])]
        result = runner.invoke(app, [*command_args, "--db", db_url, "--quiet"])
        assert result.exit_code == 0, result.output

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    hands = "SELECT * FROM hands ORDER BY deal_id, player"
    viewed = read(hands)
    at_head = [("evaluated.txt", 6, 2, 2, 2), ("handhq", 1859, 96, 96, 96),
               ("pending.txt", 4, 0, 0, 0), ("windowed.txt", 4, 2, 2, 2)]
    assert read(BY_DATASET) == at_head
    downgrade(fresh, "0027")
    assert read(BY_DATASET) == [("evaluated.txt", 6, 6, 2, 2), ("handhq", 1859, 1859, 96, 96),
                                ("pending.txt", 4, 2, 0, 0), ("windowed.txt", 4, 4, 2, 2)]
    # 0027 evaluates the hands without a row: the pending file's showdown.
    assert read("SELECT c.deal_id, c.player FROM hand_cards c WHERE NOT EXISTS (SELECT 1 FROM "
                "hand_values v WHERE v.deal_id = c.deal_id AND v.player = c.player)") == [
        (6, 1), (6, 2)]
    assert read(hands) == viewed
    upgrade(fresh)
    assert schema_differences(fresh) == []
    assert read(BY_DATASET) == at_head and read(hands) == viewed
    result = runner.invoke(app, ["evaluate", "--db", db_url])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("evaluated 2 hands in 1 deal in ")
    assert read(BY_DATASET)[2] == ("pending.txt", 4, 2, 2, 2)


def test_revision_0027_numbers_the_players_names(runner: CliRunner, db_url: str,
                                                 fresh: Engine, tmp_path: Path) -> None:
    """A database at 0026 upgrades in place: each seat's name is its number in player_names
    (each name once, numbered as import numbers them), a seat without one NULL, the all-in
    seats' index by the number, and the views show the same rows; down again, the names in
    seats as before."""
    import_phh_and_pokerstars(runner, db_url)
    unnamed = tmp_path / "unnamed.phh"  # a hand whose file names no player
    unnamed.write_text("\n".join(
        line for line in (REPO / "tests" / "data" / "phh" / "dwan-ivey-2009.phh").read_text()
        .splitlines() if not line.startswith(("players", "event"))) + "\n")
    result = runner.invoke(app, ["import", str(unnamed), "--db", db_url, "--quiet"])
    assert result.exit_code == 0, result.output
    shown = [SEAT_STATS, *STATS,
             "SELECT deal_id, player, name, net FROM hands ORDER BY deal_id, player",
             "SELECT * FROM player_tournaments ORDER BY 1, 2"]
    numbers = "SELECT id, name FROM player_names ORDER BY id"

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    def allin_index() -> list[str | None]:
        with fresh.connect() as connection:
            indexes = inspect(connection).get_indexes("seats")
        return next(index["column_names"] for index in indexes
                    if index["name"] == "ix_seats_allin")

    at_head, named = [read(sql) for sql in shown], read(numbers)
    assert len(at_head[0]) == 3 + 80 + 3
    # Numbered by their first hand, then their text.
    assert named[:3] == [(1, "Patrik Antonius"), (2, "Phil Ivey"), (3, "Tom Dwan")]
    assert sorted(name for _, name in named) == sorted({str(row[2]) for row in at_head[0]
                                                        if row[2] is not None})
    assert [number for number, _ in named] == list(range(1, len(named) + 1))
    assert read("SELECT count(*), count(name_id), count(DISTINCT name_id) FROM seats") == [
        (86, 83, len(named))]
    assert read("SELECT n.name FROM seats s JOIN player_names n ON n.id = s.name_id "
                "WHERE s.deal_id = 1 ORDER BY s.player") == [
        ("Phil Ivey",), ("Patrik Antonius",), ("Tom Dwan",)]
    assert allin_index()[0] == "name_id"
    downgrade(fresh, "0026")
    assert "player_names" not in tables_and_views(fresh)[0]
    assert read("SELECT count(*), count(name), count(DISTINCT name) FROM seats") == [
        (86, 83, len(named))]
    assert allin_index()[0] == "name"
    assert [read(sql) for sql in shown] == at_head
    upgrade(fresh)
    assert schema_differences(fresh) == []
    assert read(numbers) == named and [read(sql) for sql in shown] == at_head


def test_revision_0029_numbers_the_texts_of_deals(runner: CliRunner, db_url: str,
                                                  fresh: Engine) -> None:
    """A database at 0028 upgrades in place: each deal's source file, venue, table and stakes
    are their numbers in source_names, venue_names, table_names and stakes_names (each text
    once, numbered as import numbers them), a .phhs hand's key in source_key, and seat_stats
    shows the same stakes; down again, the texts in deals as before."""
    for source in (REPO / "tests" / "data" / "handhq",
                   REPO / "tests" / "data" / "phh" / "dwan-ivey-2009.phh"):
        result = runner.invoke(app, ["import", str(source), "--db", db_url, "--quiet",
                                     "--skip-invalid"])
        assert result.exit_code == 0, result.output
    joined = ("SELECT d.id, f.name || COALESCE('#' || d.source_key, ''), v.name, t.name, "
              "st.name FROM deals d LEFT JOIN source_names f ON f.id = d.source_id "
              "LEFT JOIN venue_names v ON v.id = d.venue_id "
              "LEFT JOIN table_names t ON t.id = d.table_name_id "
              "LEFT JOIN stakes_names st ON st.id = d.stakes_id ORDER BY d.id")
    numbers = [f"SELECT id, name FROM {names} ORDER BY id"
               for names in ("source_names", "venue_names", "table_names", "stakes_names")]

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    at_head, numbered, stats = read(joined), [read(sql) for sql in numbers], read(SEAT_STATS)
    assert len(at_head) == 392
    assert at_head[0] == (1, "ABS/100NLH/abs NLH handhq_1-OBFUSCATED.part.phhs#1",
                          "Absolute Poker", "INDIANA ST", "NT 0.5/1")
    assert at_head[-1] == (392, "dwan-ivey-2009.phh", None, None, "NT 1000/2000 ante 500")
    # Numbered by their first deal, then their text.
    assert numbered[1] == [(1, "Absolute Poker"), (2, "Full Tilt Poker"), (3, "iPoker Network"),
                           (4, "Ongame Network"), (5, "PokerStars"), (6, "PartyPoker")]
    assert numbered[3][:3] == [(1, "NT 0.5/1"), (2, "NT 0.5/1 ante 0.25"), (3, "NT 0.25/0.5")]
    assert read("SELECT count(source_id), count(source_key), count(DISTINCT source_id), "
                "count(venue_id), count(table_name_id), count(stakes_id), "
                "count(DISTINCT stakes_id) FROM deals") == [(392, 391, 7, 391, 388, 392, 8)]
    downgrade(fresh, "0028")
    assert not {"source_names", "venue_names", "stakes_names"} & tables_and_views(fresh)[0]
    assert read("SELECT id, source, venue, table_name, stakes FROM deals ORDER BY id") == at_head
    assert read(SEAT_STATS) == stats
    upgrade(fresh)
    assert schema_differences(fresh) == []
    assert [read(sql) for sql in numbers] == numbered
    assert read(joined) == at_head and read(SEAT_STATS) == stats


def test_revision_0030_keeps_a_card_row_only_where_the_cards_are_known(
        runner: CliRunner, db_url: str, fresh: Engine, tmp_path: Path) -> None:
    """Down at 0029 every seat has a hand_cards row, NULL where its cards are unknown (1,756 of
    HandHQ's 1,859), and seats refers to it; 0030 deletes those rows, keys seats to its deal,
    and the hands view (equities, names and money with it) reads the same at both."""
    from test_value_rows import HANDHQ

    holdem = write_lines(tmp_path / "holdem.txt", "7C 2D 9S 4H 5S | AH KH | QS QD",
                         "| AS AD | KS KD")
    for args in (["import", str(HANDHQ), "--skip-invalid"],
                 ["import", holdem, "--format", "holdem", "--evaluate"], ["equity"]):
        result = runner.invoke(app, [*args, "--db", db_url, "--quiet"])
        assert result.exit_code == 0, result.output

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    def seats_key() -> list[tuple[str, list[str]]]:
        with fresh.connect() as connection:
            return [(key["referred_table"], key["constrained_columns"])
                    for key in inspect(connection).get_foreign_keys("seats")
                    if key["referred_schema"] is None]  # not a partition's (PostgreSQL)

    cards = "SELECT count(*), count(cards) FROM hand_cards"
    hands, seats = "SELECT * FROM hands ORDER BY deal_id, player", SEATS
    viewed, seated = read(hands), read(seats)
    assert len(viewed) == 1859 + 4 and len(seated) == 1859
    assert read("SELECT count(*), count(equity) FROM hands WHERE equity IS NOT NULL "
                "OR allin_equity IS NOT NULL") == [(30, 16)]
    assert read(cards) == [(103 + 4, 103 + 4)] and seats_key() == [("deals", ["deal_id"])]
    downgrade(fresh, "0029")
    assert read(cards) == [(1859 + 4, 103 + 4)]
    assert seats_key() == [("hand_cards", ["deal_id", "player"])]
    assert read(hands) == viewed and read(seats) == seated
    upgrade(fresh)
    assert schema_differences(fresh) == []
    assert read(cards) == [(103 + 4, 103 + 4)] and seats_key() == [("deals", ["deal_id"])]
    assert read(hands) == viewed and read(seats) == seated


def test_revision_0031_keys_the_summaries_by_the_numbers_of_the_names(
        runner: CliRunner, db_url: str, fresh: Engine, tmp_path: Path) -> None:
    """A database at 0030 upgrades in place: player_totals, player_days and player_runs keyed
    by the number of the player's name in player_names, player_runs' biggest hands by their
    deal ids less the row's first_deal, and the statistics views the same rows; down again,
    the names' text and the whole deal ids, every row as 0030 kept it."""
    from cash_hands import cash_hand
    from test_unknown_results import UNKNOWN, hand

    (tmp_path / "stars.txt").write_text(
        cash_hand(1, "2024/01/02 10:00:00") + cash_hand(2, "2024/01/02 10:10:00", "Beta", "Bo")
        + cash_hand(3, "2024/01/03 10:50:00", "Gamma"))
    (tmp_path / "unknown.phh").write_text(hand(UNKNOWN, ""))  # rows of no hand's net known
    for path in ("stars.txt", "unknown.phh"):
        result = runner.invoke(app, ["import", str(tmp_path / path), "--db", db_url, "--quiet"])
        assert result.exit_code == 0, result.output
    totals = ("SELECT name, currency, position, stakes, dataset_id, hands, vpip, net, big_blind "
              "FROM {} t ORDER BY name, position")
    days = "SELECT name, day, site, position, hands, net FROM {} t ORDER BY name, day, position"
    runs = ("SELECT name, bucket, hands, known, net, first_deal, biggest FROM {} t "
            "ORDER BY name, bucket")
    shown = [*STATS, "SELECT * FROM player_position_stats ORDER BY player, position"]

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(int(value) if isinstance(value, Decimal) else value
                          for value in row) for row in connection.execute(text(sql))]

    def tables(named: bool) -> list[list[tuple[object, ...]]]:
        return [read(sql.format(named_rows(table, texts=False) if named else table))
                for sql, table in ((totals, "player_totals"), (days, "player_days"),
                                   (runs, "player_runs"))]

    downgrade(fresh, "0031")  # every row's biggest hands kept (since 0033, a wide row's)
    at_head, figures = tables(True), [read(sql) for sql in shown]
    assert read("SELECT id, name FROM player_names ORDER BY id") == [
        (1, "Ann"), (2, "Bo"), (3, "Cy")]
    assert read("SELECT name_id, position, hands, net FROM player_totals "
                "ORDER BY name_id, position") == [
        (1, "BTN", 3, 600), (1, "SB", 1, 0), (2, "BB", 1, -20000), (2, "SB", 3, 0),
        (3, "BB", 3, -600), (3, "BTN", 1, 0)]
    # The biggest hands packed, their deal ids less first_deal; a row of one hand's ''.
    # '' too for a row of no hand of known result (the PHH hand's Ann and Cy, bucket -1).
    assert [(row[0], row[2:]) for row in at_head[2]] == [
        ("Ann", (1, 0, 0, 4, "")), ("Ann", (2, 2, 300, 1, "0,300;1,0")),
        ("Ann", (1, 1, 300, 3, "")), ("Bo", (1, 1, -20000, 4, "")),
        ("Bo", (2, 2, 100, 1, "1,200;0,-100")), ("Bo", (1, 1, -100, 3, "")),
        ("Cy", (1, 0, 0, 4, "")), ("Cy", (2, 2, -400, 1, "0,-200;1,-200")),
        ("Cy", (1, 1, -200, 3, ""))]
    downgrade(fresh, "0030")
    with fresh.connect() as connection:
        columns = inspect(connection).get_columns("player_totals")
    assert columns[0]["name"] == "name"
    at_0030 = tables(False)
    assert at_0030[:2] == at_head[:2]
    assert at_0030[2] == [
        (*row[:6], "" if not row[6] and row[3] else json.dumps(
            [[row[5] + deal, net] for deal, net in json.loads(listed(row[6], row[3], row[4]))],
            separators=(",", ":")))
        for row in at_head[2]]
    assert [row[6] for row in at_0030[2]][:2] == ["[]", "[[1,300],[2,0]]"]
    assert [read(sql) for sql in shown] == figures
    upgrade(fresh, "0031")
    assert tables(True) == at_head and [read(sql) for sql in shown] == figures
    upgrade(fresh)
    assert schema_differences(fresh) == []


def test_revision_0032_joins_the_actions_where_it_can(runner: CliRunner, db_url: str,
                                                      fresh: Engine) -> None:
    """HandHQ's hands and PHH's (whose actions' texts do not all tell their player) at head:
    most values joined by `|`, the rest JSON; down at 0031 every value the JSON array that
    revision kept; up again, the values of head; the view `actions` the same rows at each."""
    from test_value_rows import HANDHQ

    for path in (HANDHQ, PHH_DATA):
        result = runner.invoke(app, ["import", str(path), "--skip-invalid", "--db", db_url,
                                     "--quiet"])
        assert result.exit_code == 0, result.output

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    # A hand whose second action's text does not tell its player as pokerdb reads it (the
    # replay reads words): its value is JSON.
    with fresh.begin() as connection:
        deal, first = connection.execute(text(
            "SELECT deal_id, actions FROM hand_actions ORDER BY deal_id LIMIT 1")).one()
        acted = unpacked(first)
        told = next(seq for seq, (player, _) in enumerate(acted) if player is not None)
        acted[told] = (acted[told][0], f" {acted[told][1]}")
        connection.execute(text("UPDATE hand_actions SET actions = :value "
                                "WHERE deal_id = :deal"),
                           {"deal": deal, "value": packed([action for _, action in acted],
                                                          [player for player, _ in acted])})
    values = "SELECT deal_id, CAST(actions AS TEXT) FROM hand_actions ORDER BY deal_id"
    viewed = read("SELECT * FROM actions ORDER BY deal_id, seq")
    at_head = read(values)
    joined = [value for _, value in at_head if not value.startswith("[")]
    assert (len(at_head), len(joined)) == (479, 478)
    assert first.startswith("1|2|3|3 f|") and at_head[0][1].startswith('[1,2,3,[3," p3 f"],')
    assert viewed[3] == (deal, 4, 3, " p3 f")
    downgrade(fresh, "0031")
    at_0031 = read(values)
    assert all(value.startswith("[") for _, value in at_0031)
    assert at_0031 == [(deal, packed([action for _, action in unpacked(value)],
                                     [player for player, _ in unpacked(value)],
                                     delimited=False)) for deal, value in at_head]
    assert read("SELECT * FROM actions ORDER BY deal_id, seq") == viewed
    upgrade(fresh)
    assert schema_differences(fresh) == []
    assert read(values) == at_head
    assert read("SELECT * FROM actions ORDER BY deal_id, seq") == viewed


@pytest.mark.parametrize("span", [1_000, 1])
def test_revision_0033_numbers_the_summaries_keys_and_reads_narrow_rows_biggest_from_seats(
        runner: CliRunner, db_url: str, fresh: Engine, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, span: int) -> None:
    """At head player_days and player_runs hold their site, money, stakes and big blind by
    number in summary_keys, and a row of player_runs whose deals span fewer than KEPT_SPAN ids
    keeps no biggest hands (its page reads them from its seats); down at 0031 the texts in
    each row, and every row of two hands or more keeps its biggest hands again, read from the
    seats, as 0031 kept them; up again, as imported."""
    from cash_hands import cash_hand
    from test_unknown_results import UNKNOWN, hand

    monkeypatch.setattr(run_biggest, "KEPT_SPAN", span)
    (tmp_path / "stars.txt").write_text(
        cash_hand(1, "2024/01/02 10:00:00") + cash_hand(2, "2024/01/02 10:10:00", "Beta", "Bo")
        + cash_hand(3, "2024/01/03 10:50:00", "Gamma"))
    (tmp_path / "unknown.phh").write_text(hand(UNKNOWN, ""))
    for path in ("stars.txt", "unknown.phh"):
        result = runner.invoke(app, ["import", str(tmp_path / path), "--db", db_url, "--quiet"])
        assert result.exit_code == 0, result.output
    runs = ("SELECT name, dataset_id, site, currency, stakes, day, bucket, big_blind, hands, "
            "known, net, first_deal, tables, biggest FROM {} t ORDER BY name, bucket")
    days = ("SELECT name, day, site, currency, position, stakes, dataset_id, hands, vpip, net, "
            "big_blind, hands_result_unknown FROM {} t ORDER BY name, day, site, position")

    def read(texts: bool) -> list[list[tuple[object, ...]]]:
        with fresh.connect() as connection:
            return [[tuple(int(value) if isinstance(value, Decimal) else value for value in row)
                     for row in connection.execute(text(sql.format(named_rows(table, texts))))]
                    for sql, table in ((runs, "player_runs"), (days, "player_days"))]

    at_head = read(True)
    with fresh.connect() as connection:
        assert connection.execute(text("SELECT id, site, currency, stakes, big_blind "
                                       "FROM summary_keys ORDER BY id")).all() == [
            (1, "PokerStars", "USD", "NT 0.01/0.02", 200), (2, "", "chips", "NT 1/2", 20000)]
    assert {row[2:8] for row in at_head[0]} == {
        ("PokerStars", "USD", "NT 0.01/0.02", 738887, 946782, 200),
        ("PokerStars", "USD", "NT 0.01/0.02", 738888, 946831, 200),
        ("", "chips", "NT 1/2", 0, -1, 20000)}
    kept = {"Ann": "0,300;1,0", "Bo": "1,200;0,-100", "Cy": "0,-200;1,-200"}
    assert [row[-1] for row in at_head[0]] == [
        kept[row[0]] if span == 1 and row[8] == 2 else "" for row in at_head[0]]
    downgrade(fresh, "0031")
    at_0031 = read(False)
    assert at_0031[0] == [(*row[:-1], kept[row[0]] if row[8] == 2 else "")
                          for row in at_head[0]]
    assert at_0031[1] == at_head[1]
    upgrade(fresh)
    assert read(True) == at_head and schema_differences(fresh) == []


def test_revision_0034_packs_the_seats_columns_into_one_keeping_every_value(
        runner: CliRunner, db_url: str, fresh: Engine, tmp_path: Path) -> None:
    """A database at 0033 upgrades in place: showed, position, tracker_position, flags and
    postflop_folds become columns generated from seats.packed (SQLite stores none of them),
    every seat's values and the views' the same, the views' all-in seats read from their index
    alone on SQLite; down again, stored columns of the same values."""
    from cash_hands import cash_hand
    from test_value_rows import HANDHQ

    (tmp_path / "stars.txt").write_text(cash_hand(1, "2024/01/02 10:00:00")
                                        + cash_hand(2, "2024/01/02 10:10:00", winner="Bo"))
    for path in (str(HANDHQ), str(tmp_path / "stars.txt")):
        result = runner.invoke(app, ["import", path, "--skip-invalid", "--db", db_url,
                                     "--quiet"])
        assert result.exit_code == 0, result.output
    sqlite = fresh.dialect.name == "sqlite"

    def read(sql: str) -> list[tuple[object, ...]]:
        with fresh.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    def generated() -> list[str]:  # those of `packed` (0035 generates others from `extras`)
        with fresh.connect() as connection:
            return sorted(column["name"] for column in inspect(connection).get_columns("seats")
                          if column.get("computed")
                          and "packed" in column["computed"]["sqltext"])

    shown = [SEATS, SEAT_STATS, "SELECT * FROM hands ORDER BY deal_id, player",
             "SELECT * FROM player_position_stats ORDER BY player, currency, position"]
    at_head = [read(sql) for sql in shown]
    assert len(at_head[0]) == 1859 + 6
    assert read("SELECT count(*) FROM seat_stats WHERE allin = 1") == [(22,)]
    assert read("SELECT position, tracker_position, count(*), min(packed & 63) FROM seats "
                "GROUP BY position, tracker_position ORDER BY 3 DESC, 1, 2") == [
        (None, "BB", 391, 1), (None, "BTN", 391, 2), (None, "SB", 302, 3),
        (None, "UTG", 285, 4), (None, "CO", 217, 5), (None, "HJ", 146, 6), (None, "LJ", 63, 7),
        (None, "UTG+1", 41, 8), (None, "UTG+2", 22, 9), ("BB", None, 2, 33),
        ("BTN", None, 2, 34), ("SB", None, 2, 35), (None, "UTG+3", 1, 10)]
    # 0034's five, and the postflop counts since 0038
    assert generated() == ["flags", "position", "postflop_aggressive", "postflop_calls",
                           "postflop_folds", "showed", "tracker_position"]
    if sqlite:  # 2: virtual, computed as read; the all-in seats from the index alone
        assert read("SELECT name, hidden FROM pragma_table_xinfo('seats') WHERE hidden <> 0 "
                    "AND name NOT IN ('allin_stake', 'allin_pot', 'cashed_out') "
                    "ORDER BY name") == [(name, 2) for name in generated()]
        assert [row[3] for row in read("EXPLAIN QUERY PLAN SELECT * FROM player_stats")
                if row[3].startswith("SEARCH s ")] == [
            "SEARCH s USING COVERING INDEX ix_seats_allin (name_id>?)"]
    downgrade(fresh, "0033")
    assert generated() == [] and "packed" not in read(
        "SELECT * FROM seats LIMIT 0") and [read(sql) for sql in shown] == at_head
    upgrade(fresh)
    assert schema_differences(fresh) == [] and generated() == [
        "flags", "position", "postflop_aggressive", "postflop_calls", "postflop_folds",
        "showed", "tracker_position"]
    assert [read(sql) for sql in shown] == at_head


def test_revision_0034_refuses_a_position_it_cannot_pack(runner: CliRunner, db_url: str,
                                                         fresh: Engine) -> None:
    """A seat whose stored position packed cannot hold (no revision wrote one) refuses the
    upgrade, naming it, and leaves the database at 0033 with its rows."""
    from test_value_rows import HANDHQ

    result = runner.invoke(app, ["import", str(HANDHQ), "--skip-invalid", "--db", db_url,
                                 "--quiet"])
    assert result.exit_code == 0, result.output
    downgrade(fresh, "0033")
    with fresh.begin() as connection:
        deal = connection.scalar(text("SELECT min(deal_id) FROM seats"))
        connection.execute(text("UPDATE seats SET tracker_position = 'MP' WHERE deal_id = :deal "
                                "AND player = 2"), {"deal": deal})
    with pytest.raises(PokerdbError, match=rf"^revision 0034: 1 seats' position, flags or "
                                           rf"counts do not fit seats.packed \(the first: deal "
                                           rf"{deal}, player 2\)$"):
        upgrade(fresh)
    assert current_revision(fresh) == "0033"
    with fresh.connect() as connection:
        assert connection.execute(text("SELECT tracker_position, count(*) FROM seats "
                                       "GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 3")).all() == [
            ("BTN", 391), ("BB", 390), ("SB", 302)]
        assert connection.scalar(text("SELECT tracker_position FROM seats WHERE deal_id = "
                                      ":deal AND player = 2"), {"deal": deal}) == "MP"
