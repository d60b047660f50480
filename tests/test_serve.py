"""`pokerdb serve`, in a real browser: Debian's chromium driven by Playwright (never a browser
of its own) opens the pages of a served database of known hands. Every page loads without a
script error, the canned queries show the database's rows, the charts draw, and the database
file is left exactly as it was."""

import hashlib
import math
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from served import chromium, serving
from support import PE54_FILE, PHH_DATA, fails
from typer.testing import CliRunner

from pokerdb.serve.metadata import QUERIES, TABLES

PLAYER_QUERIES = {"player_results", "player_net_over_hands", "player_hands"}

pytestmark = pytest.mark.slow


# Games of low hands, and split games with a low half, dealt (pokerdb generate) for the chart
# of categories against their odds: each game's seed and the format its deals are written in.
LOW_GAMES = {"razz": (1, "hands"), "deuce-to-seven": (2, "hands"), "badugi": (3, "hands"),
             "stud-hi-lo": (4, "hands"), "omaha-hi-lo": (5, "holdem")}


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled hand histories, 400 five-card deals and 200 deals of each of LOW_GAMES,
    evaluated, by pokerdb processes that have ended (so the file holds everything: no
    write-ahead log is left)."""
    folder = tmp_path_factory.mktemp("served")
    path = folder / "poker.db"
    five = folder / "five.txt"
    five.write_text("\n".join(PE54_FILE.read_text().splitlines()[:400]) + "\n")
    imports = [[str(PHH_DATA), "--skip-invalid"], [str(five), "--evaluate"]]
    for game, (seed, written_as) in LOW_GAMES.items():
        dealt = folder / f"{game}.txt"
        subprocess.run([sys.executable, "-m", "pokerdb", "generate", "200", "--seed",
                        str(seed), "--game", game, "-o", str(dealt), "-q"], check=True)
        imports.append([str(dealt), "--format", written_as, "--game", game, "--evaluate"])
    for arguments in imports:
        subprocess.run([sys.executable, "-m", "pokerdb", "import", *arguments, "-q", "--db",
                        str(path)], check=True)
    assert not Path(f"{path}-wal").exists()
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def server(database: Path) -> Iterator[str]:
    with serving(str(database)) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with chromium() as launched:
        yield launched


def page_rows(page: object, columns: list[str]) -> list[tuple[str, ...]]:
    """The cells of the named columns of the page's result table, row by row."""
    cells = [page.locator(f"table.rows-and-columns td.col-{name}")  # type: ignore[attr-defined]
             .all_inner_texts() for name in columns]
    return list(zip(*cells, strict=True))


def database_rows(path: Path, sql: str, parameters: dict[str, str]) -> list[tuple[str, ...]]:
    with sqlite3.connect(f"file:{path}?immutable=1", uri=True) as connection:
        found = connection.execute(sql, parameters).fetchall()
    connection.close()
    return found


def test_pages_load_and_canned_queries_show_the_rows(server: str, browser: object,
                                                     database: Path, tmp_path: Path) -> None:
    before = digest(database)
    page = browser.new_page(viewport={"width": 1100, "height": 900})  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
    page.on("console", lambda message: errors.append(f"{page.url}: {message.text}")
            if message.type == "error" else None)
    parameters = {"player": "Brian Rast", "currency": "chips", "position": "", "stakes": "",
                  "showdown": ""}
    pages = ["/", "/poker", *(f"/poker/{name}" for name in TABLES)]
    for path in pages:
        response = page.goto(server + path)
        assert response is not None and response.status == 200, path
    for name, query in QUERIES.items():
        arguments = parameters if name in PLAYER_QUERIES else {}
        response = page.goto(f"{server}/poker/{name}", wait_until="load") if not arguments \
            else page.goto(f"{server}/poker/{name}?" + "&".join(
                f"{key}={value.replace(' ', '+')}" for key, value in arguments.items()
                if f":{key}" in query["sql"]))
        assert response is not None and response.status == 200, name
        expected = database_rows(database, query["sql"], {
            key: value for key, value in arguments.items() if f":{key}" in query["sql"]})
        columns = page.locator("table.rows-and-columns th").all_inner_texts()
        shown = page_rows(page, [column.strip() for column in columns])
        assert len(shown) == len(expected) > 0, name
        assert [row[0] for row in shown] == [str(row[0]) for row in expected], name
    assert errors == []
    # Brian Rast's overall row: 83 hands, 25,200,000 chips.
    page.goto(f"{server}/poker/player_results?player=Brian+Rast")
    assert page_rows(page, ["position", "hands", "net"])[0] == ("all", "83", "25200000")
    assert digest(database) == before


def test_the_charts_draw(server: str, browser: object, database: Path, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})  # type: ignore[attr-defined]
    page.goto(f"{server}/poker/player_net_over_hands?player=Brian+Rast&currency=chips"
              "&_hide_sql=1")
    line = page.locator("#pokerdb-chart polyline.net-line")
    assert line.count() == 1
    points = (line.get_attribute("points") or "").split()
    assert len(points) == 83 + 1  # every hand, from zero
    page.locator("#pokerdb-chart").screenshot(path=str(tmp_path / "net.png"))
    page.goto(f"{server}/poker/categories_against_odds?_hide_sql=1")
    page.locator("#pokerdb-chart").screenshot(path=str(tmp_path / "odds.png"))
    assert (tmp_path / "odds.png").stat().st_size > 5_000
    # Every category of every game dealt, of its own kind of hand: five-card's, stud hi/lo's
    # and Omaha hi/lo's high halves, razz's, deuce-to-seven's and badugi's lows, and both
    # split games' eight-or-better low halves.
    bars = {kind: [bar_of(page, kind, index) for index in range(
        page.locator(f"#pokerdb-chart rect.bar.{kind}").count())]
        for kind in ("observed", "exact")}
    kinds = [kind for kind, _ in bars["exact"]]
    assert {kind: kinds.count(kind) for kind in set(kinds)} == {
        "high": 30, "ace-to-five": 14, "deuce-to-seven": 16, "badugi": 4, "eight-or-better": 10}
    assert [kind for kind, _ in bars["observed"]] == kinds
    # Each bar as tall as its row's percent on the chart's log scale, low halves alike.
    expected = database_rows(database, QUERIES["categories_against_odds"]["sql"], {})
    assert [row[1] for row in expected] == kinds
    for kind, column in (("observed", 4), ("exact", 5)):
        assert [height for _, height in bars[kind]] == pytest.approx(
            [log_height(row[column]) for row in expected], abs=0.01)
    five_card = [height for (_, height), row in zip(bars["exact"], expected, strict=True)
                 if row[0] == "five-card"]
    assert len(five_card) == 10
    assert five_card == sorted(five_card, reverse=True) and five_card[-1] > 0  # rarer, lower
    assert page.locator("#pokerdb-chart text.game-name").all_text_contents() == [
        "badugi", "deuce-to-seven", "five-card", "omaha-hi-lo", "razz", "stud-hi-lo"]
    no_lows = [row[4] for row in expected if row[2] == "No Low"]
    assert len(no_lows) == 2 and all(50 < percent < 100 for percent in no_lows)


def bar_of(page: object, kind: str, index: int) -> tuple[str, float]:
    """The kind of hand and the height of the chart's `index`-th bar of `kind`."""
    bar = page.locator(f"#pokerdb-chart rect.bar.{kind}").nth(index)  # type: ignore[attr-defined]
    return bar.get_attribute("data-kind"), float(bar.get_attribute("height"))


def log_height(percent: float) -> float:
    """A bar's height for `percent` on the chart's scale: 1e-5 % to 100 % over 214 pixels."""
    return 214 * (math.log10(max(percent, 1e-5)) + 5) / 7


def test_serve_refuses_what_it_cannot_serve(runner: CliRunner, tmp_path: Path) -> None:
    result = fails(runner, "serve", "--db", "postgresql+psycopg://user:secret@127.0.0.1:1/poker")
    assert result.stderr.startswith("Error: cannot read postgresql+psycopg://user:***@127.0.0.1:"
                                    "1/poker: "), result.stderr
    result = fails(runner, "serve", "--db", str(tmp_path / "none.db"))
    assert result.stderr.strip() == (f"Error: no database at {tmp_path / 'none.db'}: import "
                                      f"something first (pokerdb import FILE)")
    old = tmp_path / "old.db"
    with sqlite3.connect(old) as connection:
        connection.execute("CREATE TABLE alembic_version (version_num TEXT)")
        connection.execute("INSERT INTO alembic_version VALUES ('0010')")
    connection.close()
    before = digest(old)
    result = fails(runner, "serve", "--db", str(old))
    assert "pokerdb serve does not change it" in result.stderr
    assert digest(old) == before


def test_every_table_and_view_is_described() -> None:
    from pokerdb.serve.metadata import COLUMNS, datasette_metadata
    from pokerdb.storage.packed_counts import seat_stats_view
    from pokerdb.storage.player_stats import described_view
    from pokerdb.storage.schema import metadata
    from pokerdb.storage.view_columns import VIEW_NAMES, hands

    assert set(TABLES) == set(metadata.tables) | set(VIEW_NAMES)
    columns_of = {name: set(table.c.keys()) for name, table in metadata.tables.items()}
    columns_of["hands"] = set(hands.c.keys())
    columns_of["seat_stats"] = set(seat_stats_view.c.keys())
    for by, view in (("position", "player_position_stats"), ("stakes", "player_stakes_stats"),
                     (None, "player_stats")):
        columns_of[view] = set(described_view(by).c.keys())
    for name, described in COLUMNS.items():
        assert set(described) <= columns_of[name], name
    tables = datasette_metadata("poker")["databases"]["poker"]["tables"]
    assert tables["alembic_version"] == {"hidden": True}
