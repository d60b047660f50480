"""The Parquet export read by other engines: exported in two steps (the second appends), its
Hive partitions hold each hand once, and every SQL file the package ships
(pokerdb/exports/sql) gives on DuckDB, and on Spark in local mode where Java is present, every
figure SQLite gives: `pokerdb players` for the player statistics (percentages to the places it
shows, amounts exactly), the same question asked of the database for the others."""

import json
import os
import shutil
from collections.abc import Callable, Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import duckdb
import pytest
from sqlalchemy import create_engine
from support import PE54_FILE, PHH_DATA, REPO, rows, succeeds
from typer.testing import CliRunner

from pokerdb import exports
from pokerdb.answers.player_figures import rounded
from pokerdb.answers.players import SHOWN, player_results
from pokerdb.answers.rendering import Written
from pokerdb.exports.parquet_manifest import MANIFEST
from pokerdb.storage.schema import TRACKER_COUNTS

# The installed package's (CI installs the wheel): the files a user runs on a cluster.
SQL = Path(exports.__file__).parent / "sql"
RELATIONS = ("datasets", "deals", "hands", "seats", "actions", "seat_stats")
BY_DEAL = RELATIONS[1:]
# Each SQL file's question asked of the database (amounts as the integers stored), and which
# of its columns are amounts.
MONTH = "coalesce(substr(d.date, 1, 7), substr(d.played_at, 1, 7), 'undated')"
PG_MONTH = ("coalesce(to_char(d.date, 'YYYY-MM'), "
            "to_char(d.played_at AT TIME ZONE 'UTC', 'YYYY-MM'), 'undated')")
ASKED: dict[str, tuple[str, set[int]]] = {
    "showdowns": (
        "SELECT n.name, d.currency, count(*), sum(s.net), "
        "sum(CASE WHEN s.showed THEN 1 ELSE 0 END), "
        "sum(CASE WHEN s.showed AND s.put_in + s.net > 0 THEN 1 ELSE 0 END) "
        "FROM seat_stats n JOIN seats s ON s.deal_id = n.deal_id AND s.player = n.player "
        "JOIN deals d ON d.id = s.deal_id WHERE n.name IS NOT NULL "
        "GROUP BY n.name, d.currency ORDER BY sum(s.net) DESC, n.name, d.currency", {3}),
    "net_by_category": (
        "SELECT h.name, h.currency, h.category, h.category_name, count(*), sum(s.net) "
        "FROM hands h JOIN seats s ON s.deal_id = h.deal_id AND s.player = h.player "
        "WHERE h.showed AND h.name IS NOT NULL "
        "GROUP BY h.name, h.currency, h.category, h.category_name "
        "ORDER BY h.name, h.currency, h.category", {5}),
    "biggest_pots": (
        "SELECT d.id, f.name || COALESCE('#' || d.source_key, ''), d.currency, "
        "sum(s.put_in), d.winner FROM deals d JOIN seats s ON s.deal_id = d.id "
        "LEFT JOIN source_names f ON f.id = d.source_id "  # by number (revision 0029)
        "GROUP BY d.id, f.name, d.source_key, d.currency, d.winner "
        "ORDER BY sum(s.put_in) DESC, d.id LIMIT 5", {3}),
    "best_hand_all_in": (
        "SELECT count(*), sum(CASE WHEN s.allin_stake = s.starting_stack THEN 1 ELSE 0 END) "
        "FROM deals d JOIN seats s ON s.deal_id = d.id AND s.player = d.winner "
        "WHERE s.showed", set()),
    "wins_by_category": (
        "SELECT h.category, h.category_name, count(*) FROM deals d "
        "JOIN hands h ON h.deal_id = d.id AND h.player = d.winner "
        "WHERE h.category IS NOT NULL GROUP BY h.category, h.category_name "
        "ORDER BY h.category", set()),
    "hands_by_month": (
        f"SELECT ds.format, {MONTH}, count(*), count(DISTINCT d.dataset_id) "
        f"FROM deals d JOIN datasets ds ON ds.id = d.dataset_id "
        f"GROUP BY ds.format, {MONTH} ORDER BY ds.format, {MONTH}", set()),
}
# The player statistics' amounts, among `pokerdb players`' figures.
STATS_AMOUNTS = {"net", "allin_adjusted_net"}
Run = Callable[[str], list[tuple[Any, ...]]]


def build(runner: CliRunner, db_url: str, out: Path, tmp_path: Path) -> None:
    """Hands of three formats, several months and four moneys, exported in two steps: the PHH
    samples first, then PokerStars and GGPoker files and five-card deals, appended."""
    succeeds(runner, "import", str(PHH_DATA), "--name", "phh", "--db", db_url, "-q")
    succeeds(runner, "equity", "--db", db_url)
    succeeds(runner, "export", "--format", "parquet", "-o", str(out), "--db", db_url)
    for folder in ("pokerstars/CashGame", "ggpoker"):
        succeeds(runner, "import", str(REPO / "tests" / "data" / folder), "--skip-invalid",
                 "--db", db_url, "-q")
    five = tmp_path / "five.txt"
    five.write_text("".join(PE54_FILE.read_text().splitlines(keepends=True)[:60]))
    succeeds(runner, "import", str(five), "--evaluate", "--db", db_url, "-q")
    succeeds(runner, "equity", "--db", db_url)
    succeeds(runner, "export", "--format", "parquet", "-o", str(out), "--db", db_url)


@pytest.fixture
def exported(runner: CliRunner, db_url: str, tmp_path: Path) -> Path:
    out = tmp_path / "export"
    build(runner, db_url, out, tmp_path)
    return out


def statements() -> Iterator[tuple[str, str]]:
    for path in sorted(SQL.glob("*.sql")):
        yield path.stem, path.read_text()


def duckdb_run(out: Path) -> Run:
    """The SQL run by DuckDB on the export, each relation a view of its files."""
    connection = duckdb.connect()
    for name in BY_DEAL:
        connection.execute(f"CREATE VIEW {name} AS SELECT * FROM read_parquet("
                           f"'{out / name}/*/*/*.parquet', hive_partitioning = true)")
    connection.execute(f"CREATE VIEW datasets AS SELECT * FROM '{out}/datasets/*.parquet'")
    return lambda sql: connection.sql(sql).fetchall()


def test_an_export_appends_each_hand_once(runner: CliRunner, exported: Path,
                                          db_url: str) -> None:
    run = duckdb_run(exported)
    for relation in RELATIONS:
        assert run(f"SELECT count(*) FROM {relation}") == rows(
            db_url, f"SELECT count(*) FROM {relation}"), relation
    (deals, distinct), = run("SELECT count(*), count(DISTINCT id) FROM deals")
    assert deals == distinct == rows(db_url, "SELECT count(*) FROM deals")[0][0] > 0
    assert run("SELECT count(*) FROM (SELECT DISTINCT deal_id, seq FROM actions)") == \
        run("SELECT count(*) FROM actions")
    names = sorted(str(path.relative_to(exported)) for path in exported.rglob("*.parquet"))
    assert names[:2] == ["actions/format=ggpoker/month=2025-01/part-00002-0.parquet",
                         "actions/format=phh/month=2019-06/part-00001-0.parquet"]
    assert sorted({name.split("/", 1)[1].rsplit("/", 1)[0] for name in names
                   if name.startswith("deals/")}) == [
        "format=ggpoker/month=2025-01", "format=pe54/month=undated",
        "format=phh/month=2019-06", "format=phh/month=2023-06", "format=phh/month=undated",
        *(f"format=pokerstars/month={month}" for month in (
            "2011-05", "2012-04", "2012-07", "2012-09", "2013-03", "2014-01", "2014-02",
            "2014-03", "2014-11", "2015-04"))]
    manifest = json.loads((exported / MANIFEST).read_text())
    assert manifest["exports"] == 2 and manifest["amount_places"] == 4
    assert sorted(map(int, manifest["datasets"])) == [row[0] for row in rows(
        db_url, "SELECT id FROM datasets ORDER BY id")]
    again = succeeds(runner, "export", "--format", "parquet", "-o", str(exported), "--db",
                     db_url)
    assert again.stdout.splitlines()[1] == f"{exported / 'deals'}: 0 rows"
    assert sorted(str(path.relative_to(exported))
                  for path in exported.rglob("*.parquet")) == names


def exact(value: Any, amount: bool) -> Any:
    """A figure as compared: an amount as whole ten-thousandths (never rounded), a decimal
    with its places (`pokerdb players` writes it as text), anything else as it is."""
    if isinstance(value, Written):
        value = Decimal(value)
    if value is None or not amount:
        return value
    stored = Decimal(value).scaleb(4)
    assert stored == stored.to_integral_value(), value
    return int(stored)


def stats_rows(found: list[tuple[Any, ...]], keyed: bool) -> list[tuple[Any, ...]]:
    """Rows of player statistics as compared: player, money, key ('' for none; None where
    `pokerdb players` shows none), then the figures, amounts as whole ten-thousandths."""
    return [(*row[:2], row[2] or "" if keyed else "", *(
        exact(value, name in STATS_AMOUNTS)
        for name, value in zip(SHOWN, row[3 if keyed else 2:], strict=True))) for row in found]


def check_answers(run: Run, db_url: str) -> None:
    """Every SQL file's rows, figure by figure, are SQLite's: the player statistics per player
    (the file as shipped), per position and per stakes (its one word changed)."""
    files = dict(statements())
    assert set(files) == {*ASKED, "player_stats"}
    engine = create_engine(db_url)
    try:
        for by in (None, "position", "stakes"):
            expected = stats_rows(player_results(engine, by=by).rows, by is not None)
            sql = files["player_stats"].replace("'player' AS grouped_by",
                                                f"'{by or 'player'}' AS grouped_by")
            got = stats_rows(run(sql), True)
            assert len(got) == len(expected) > 20, by
            assert got == expected, by  # written figures as decimals; None: no chance
    finally:
        engine.dispose()
    for name, (sql, amounts) in ASKED.items():
        got = [tuple(exact(value, index in amounts) for index, value in enumerate(row))
               for row in run(files[name])]
        if db_url.startswith("postgresql"):
            sql = sql.replace(MONTH, PG_MONTH)
        expected = rows(db_url, sql)  # amounts: the integers stored
        assert got == expected and expected, name


def test_the_sql_gives_sqlite_answers_on_duckdb(exported: Path, db_url: str) -> None:
    check_answers(duckdb_run(exported), db_url)


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    """A Spark session in local mode, one for the module (its JVM takes seconds to start)."""
    home = os.environ.get("JAVA_HOME")
    if shutil.which("java") is None and not (home and (Path(home) / "bin" / "java").exists()):
        pytest.skip("Java is missing (no java on PATH or in JAVA_HOME): Spark runs in a JVM; "
                    "install a JDK, 17 or later")
    pyspark_sql = pytest.importorskip(
        "pyspark.sql", reason="pyspark is not installed: pip install 'pokerdb[spark]'")
    session = (pyspark_sql.SparkSession.builder.master("local[1]").appName("pokerdb-test")
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.shuffle.partitions", "2")
               .config("spark.driver.bindAddress", "127.0.0.1")
               .config("spark.driver.host", "127.0.0.1").getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.mark.slow
def test_the_sql_gives_sqlite_answers_on_spark(runner: CliRunner, spark: Any,
                                               tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'spark.sqlite'}"
    out = tmp_path / "export"
    build(runner, db_url, out, tmp_path)
    for name in RELATIONS:
        spark.read.parquet(str(out / name)).createOrReplaceTempView(name)
    check_answers(lambda sql: [tuple(row) for row in
                               spark.sql(sql.strip().removesuffix(";")).collect()], db_url)


def test_a_half_is_rounded_away_from_zero_as_players_rounds_it() -> None:
    """Sixteen hands of one player: VPIP 1 in 16 (6.25 %) and a net of -0.02 big blinds
    (-0.125 bb/100), each a half at the places shown, are 6.3 and -0.13 as `pokerdb players`
    rounds them, not the even neighbours a banker's rounding gives."""
    import pyarrow as pa

    amount = pa.decimal128(38, 4)
    counts = {name: pa.array([0] * 16, pa.int16()) for name in TRACKER_COUNTS}
    counts["preflop_acted"] = pa.array([1] * 16, pa.int16())
    counts["vpip"] = pa.array([1] + [0] * 15, pa.int16())
    seat_stats = pa.table({
        "deal_id": pa.array(range(16), pa.int64()), "player": pa.array([1] * 16, pa.int16()),
        "name": ["Ann"] * 16, "currency": ["USD"] * 16, "position": ["BTN"] * 16,
        "stakes": ["NT 0.5/1"] * 16,
        "big_blind": pa.array([Decimal(1)] * 16, amount),
        "net": pa.array([Decimal("-0.02")] + [Decimal(0)] * 15, amount), **counts})
    hands = pa.table({"deal_id": pa.array([], pa.int64()), "player": pa.array([], pa.int16()),
                      "allin_net": pa.array([], amount)})
    connection = duckdb.connect()
    connection.register("seat_stats", seat_stats)
    connection.register("hands", hands)
    cursor = connection.execute(dict(statements())["player_stats"])
    names = [column[0] for column in cursor.description]
    (row,) = cursor.fetchall()
    figures = dict(zip(names, row, strict=True))
    assert (figures["vpip"], figures["bb_per_100"]) == (
        Decimal(rounded(Fraction(100 * 1, 16), 1)),
        Decimal(rounded(Fraction(-2, 100) * 100 / 16, 2))) == (Decimal("6.3"), Decimal("-0.13"))
    assert (rounded(Fraction(100 * 1, 16), 1), rounded(Fraction(-2, 100) * 100 / 16, 2)) == (
        "6.3", "-0.13")  # as written
