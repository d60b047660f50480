"""The pages of `pokerdb serve`, at the HTTP level (httpx against the ASGI application): a
player's page shows exactly what `pokerdb players` and `pokerdb sessions` print for the same
filters; a hand's page lists its actions in order, and its amounts add up; hostile names are
shown as data."""

import asyncio
import re
from html import escape, unescape
from pathlib import Path

import httpx
import pytest
from cash_hands import cash_hand
from sqlalchemy import text
from support import succeeds
from test_player_stats import phh
from test_sessions import HANDS
from typer.testing import CliRunner

from pokerdb.serve.app import asgi_app, served_database
from pokerdb.serve.gate import served_hosts
from pokerdb.storage.engines import open_engine

HOSTILE = "<script>alert(1)</script>"


@pytest.fixture
def database(runner: CliRunner, db_url: str, tmp_path: Path) -> str:
    """The hands of test_sessions, a hand of hostile names and a PHH hand, on either backend."""
    path = db_url
    (tmp_path / "stars.txt").write_text(HANDS + cash_hand(
        2001, "2024/01/04 09:00:00", names=("Ann", HOSTILE, "Cy"), winner="Bo"))
    succeeds(runner, "import", str(tmp_path / "stars.txt"), "--db", str(path))
    folder = tmp_path / "phh"
    folder.mkdir()
    (folder / "a.phh").write_text(phh("NT", ["Ann", "Bo"], [1, 2], ["p2 f"]).replace(
        "players = ['Ann', 'Bo']", 'players = ["Ann", "Bo\\u001b[31m"]'))
    succeeds(runner, "import", str(folder), "--db", str(path))
    return path


def get(database: str, *paths: str) -> list[httpx.Response]:
    """The responses of the application `pokerdb serve` runs on the database (datasette and
    pokerdb's pages on SQLite, pokerdb's pages alone on PostgreSQL)."""
    async def fetch() -> list[httpx.Response]:
        app = asgi_app(served_database(database), served_hosts("127.0.0.1", 80))
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://localhost") as client:
            return [await client.get(path) for path in paths]

    return asyncio.run(fetch())


def cells(page: str, table_id: str) -> list[list[str]]:
    """The rows of a table of the page, each cell's text."""
    found = re.search(f'<table id="{table_id}">(.*?)</table>', page, re.DOTALL)
    assert found is not None, table_id
    return [[unescape(re.sub("<[^>]+>", "", cell)) for cell in re.findall(
        "<td[^>]*>(.*?)</td>", row, re.DOTALL)]
        for row in re.findall("<tr>(.*?)</tr>", found.group(1), re.DOTALL)][1:]


def csv_rows(runner: CliRunner, *args: str) -> list[list[str]]:
    return [line.split(",") for line in
            succeeds(runner, *args, "-f", "csv", "--no-headers").stdout.splitlines()]


@pytest.mark.parametrize(("query", "options"), [
    ("", []), ("?since=2024-01-03", ["--since", "2024-01-03"]),
    ("?currency=chips", ["--currency", "chips"]), ("?kind=cash", ["--cash"])])
def test_a_players_page_shows_what_players_prints(runner: CliRunner, database: str,
                                                  query: str, options: list[str]) -> None:
    [response] = get(database, f"/player/Ann{query}")
    assert response.status_code == 200
    db = ["--db", str(database)]
    for table_id, by in (("results-all", []), ("results-stakes", ["--by", "stakes"]),
                         ("results-position", ["--by", "position"])):
        expected = [row[1:] for row in csv_rows(runner, "players", *by, *options, *db)
                    if row[0] == "Ann"]
        assert cells(response.text, table_id) == expected, table_id
    sessions = [row[1:-1] for row in csv_rows(runner, "sessions", "--player", "Ann",
                                               *options, *db)]
    assert [row[:-1] for row in cells(response.text, "sessions")] == sessions
    assert len(sessions) == (0 if "chips" in query else 2 if "since" in query else 4)


def test_a_hands_page_adds_up(database: str) -> None:
    [response] = get(database, "/hand/2")
    page = response.text
    assert [row[1:3] for row in cells(page, "actions")] == [
        ["dealer", "d dh p1 ????"], ["dealer", "d dh p2 ????"], ["dealer", "d dh p3 ????"],
        ["Ann", "p3 f"], ["Bo", "p1 cbr 0.06"], ["Cy", "p2 f"]]
    assert [row[3] for row in cells(page, "actions")] == [
        "0.03", "0.03", "0.03", "0.03", "0.08", "0.08"]
    # Bo's raise to 0.06 less the 0.04 no one called: Bo put in 0.02, Cy 0.02, Bo won 0.04.
    assert cells(page, "results") == [["Bo", "0.02", "0.04", "0.00", "0.00", "0.02"],
                                      ["Cy", "0.02", "0.00", "0.00", "0.00", "-0.02"],
                                      ["Ann", "0.00", "0.00", "0.00", "0.00", "0.00"]]
    assert ('<p id="totals">Put in 0.04 = won 0.04 + rake 0.00 + fees 0.00; the pot after '
            'the last action 0.08, less 0.04 returned.</p>') in page
    assert "Player 1 wins: everyone else folded" in page
    assert '<a href="/hand/1">previous hand</a><a href="/hand/3">next hand</a>' in page
    assert "From stars.txt#1002 (hand 2 of dataset stars.txt)" in page


def test_hostile_names_are_data(database: str) -> None:
    hand, player, unknown = get(database, "/hand/6",
                                "/player/%3Cscript%3Ealert(1)%3C%2Fscript%3E", "/hand/99")
    for page in (hand.text, player.text):
        assert "<script>" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert 'href="/player/%3Cscript%3Ealert%281%29%3C%2Fscript%3E"' in hand.text
    assert cells(player.text, "results-all")[0][:2] == ["USD", "1"]
    assert f"<h1>Player {escape(HOSTILE)}</h1>" in player.text
    [phh_hand] = get(database, "/hand/7")
    assert "\x1b" not in phh_hand.text and "Bo\\x1b[31m" in phh_hand.text
    assert unknown.status_code == 404


def test_the_first_page_lists_the_players(database: str) -> None:
    """On PostgreSQL, where datasette is not in front, `/` lists the players; on SQLite it is
    datasette's, and the pokerdb pages are beside it. A path pokerdb has no page for is 404."""
    first, unknown = get(database, "/", "/players/Ann")
    assert first.status_code == 200 and unknown.status_code == 404
    if database.startswith("postgresql"):
        listed = cells(first.text, "players")
        assert listed[:3] == [["Ann", "7"], ["Cy", "5"], ["Bo", "4"]]  # most hands first
        assert sorted(listed[3:]) == sorted([[HOSTILE, "1"], ["Bo\\x1b[31m", "1"], ["Di", "1"],
                                             ["Ed", "1"]])
        assert '<a class="player" href="/player/Bo">Bo</a>' in first.text


def test_a_hands_page_lists_any_stored_actions(database: str) -> None:
    """Values import never writes (a dealer's `d ` alone, joined: ''; an empty action between
    two) are listed as they read, the pot unchanged by them."""
    engine = open_engine(database)
    try:
        with engine.begin() as connection:
            connection.execute(text("UPDATE hand_actions SET actions = :value "
                                    "WHERE deal_id = 2"), {"value": "|1 f"})
    finally:
        engine.dispose()
    [response] = get(database, "/hand/2")
    assert [row[1:4] for row in cells(response.text, "actions")] == [
        ["dealer", "d ", "0.03"], ["Bo", "p1 f", "0.03"]]
