"""The player and hand pages of `pokerdb serve` in a real browser (Debian's chromium through
Playwright, scripts off: the pages are read without JavaScript), served from every sample the
tests hold: PokerStars (hold'em, Omaha, the draw games, Courchevel), GGPoker, PHH files and
the HandHQ sites' hands. A hand page of each site and variant lists its actions in order and
its amounts add up; a player page of each site shows what `pokerdb players --site` prints;
names are shown as written, never as markup. Screenshots go to the test's folder, and to
POKERDB_SCREENSHOTS when it names one (docs/images: the docs' screenshots)."""

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from cash_hands import cash_hand
from served import chromium, serving
from support import PHH_DATA, REPO, TEXTED_DEALS, rows, succeeds
from typer.testing import CliRunner

from pokerdb.storage.player_runs import bucket_sql

pytestmark = pytest.mark.slow

SAMPLES = [REPO / "tests" / "data" / name for name in (
    "pokerstars", "pokerstars-draw", "ggpoker/gg_hands_example.txt", "handhq")] + [PHH_DATA]
HOSTILE = ("<script>alert(1)</script>", "50%41 off", "a/b c")


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every sample, a hand of players with hostile names, and the all-in equities."""
    folder = tmp_path_factory.mktemp("pages")
    path = folder / "poker.db"
    (folder / "hostile.txt").write_text(cash_hand(9001, "2024/01/02 10:00:00",
                                                  names=HOSTILE))
    for arguments in ([*map(str, SAMPLES), "--skip-invalid"], [str(folder / "hostile.txt")]):
        subprocess.run([sys.executable, "-m", "pokerdb", "import", *arguments, "-q", "--db",
                        str(path)], check=True)
    subprocess.run([sys.executable, "-m", "pokerdb", "equity", "-q", "--db", str(path)],
                   check=True)
    return path


@pytest.fixture(scope="module")
def pages(database: Path) -> Iterator[tuple[str, Any]]:
    """The server's base URL and a browser page with JavaScript off."""
    with serving(str(database)) as base, chromium() as browser:
        context = browser.new_context(java_script_enabled=False,
                                      viewport={"width": 1100, "height": 900})
        yield base, context.new_page()
        context.close()


def screenshot(page: Any, tmp_path: Path, name: str, docs: bool = True) -> None:
    page.screenshot(path=str(tmp_path / name), full_page=True)
    if docs and os.environ.get("POKERDB_SCREENSHOTS"):
        page.screenshot(path=str(Path(os.environ["POKERDB_SCREENSHOTS"]) / name),
                        full_page=True)


def table_rows(page: Any, table_id: str) -> list[list[str]]:
    """The cells of a table of the page, row by row, as the browser shows them."""
    return [[cell.strip() for cell in row.locator("td").all_inner_texts()]
            for row in page.locator(f"table#{table_id} tr").all()][1:]


def amount(text: str) -> Decimal:
    return Decimal(text or "0")


def test_a_hand_of_every_site_and_variant_adds_up(database: Path, pages: tuple[str, Any],
                                                  tmp_path: Path) -> None:
    base, page = pages
    firsts = rows(f"sqlite:///{database}",
                  f"SELECT COALESCE(site, venue, ''), variant, MIN(id) FROM {TEXTED_DEALS} d "
                  "WHERE result_known GROUP BY 1, 2 ORDER BY 1, 2")
    sites = {site for site, _, _ in firsts}
    assert {"PokerStars", "GGPoker", "Full Tilt Poker", "PartyPoker", ""} <= sites
    assert len(firsts) >= 25
    for site, variant, deal_id in firsts:
        response = page.goto(f"{base}/hand/{deal_id}")
        assert response.status == 200, (site, variant)
        assert page.locator("h1").inner_text() == f"Hand {deal_id}"
        actions = table_rows(page, "actions")
        stored = rows(f"sqlite:///{database}",
                      f"SELECT seq, action FROM actions WHERE deal_id = {deal_id} ORDER BY seq")
        assert [(int(row[0]), row[2]) for row in actions] == stored, (site, variant)
        results = table_rows(page, "results")
        put_in, won, raked, _, net = (sum(amount(row[index]) for row in results)
                                      for index in range(1, 6))
        totals = page.locator("#totals").inner_text()
        shown = re.match(r"Put in (\S+) = won (\S+) \+ rake (\S+) \+ fees (\S+);", totals)
        assert shown is not None, totals
        assert amount(shown[1]) == put_in == amount(shown[2]) + amount(shown[3]) + amount(
            shown[4]), (site, variant, totals)
        assert won == amount(shown[2]) and raked <= amount(shown[3]) + amount(shown[4])
        assert net == won - put_in, (site, variant)
        for row in results:  # each seat: net = won - put in
            assert amount(row[5]) == amount(row[2]) - amount(row[1]), (site, variant, row)
    # A hand whose result is unknown (???? at the showdown, no winnings): its nets are so.
    [(unknown,)] = rows(f"sqlite:///{database}", "SELECT MIN(id) FROM deals WHERE NOT result_known")
    assert page.goto(f"{base}/hand/{unknown}").status == 200
    assert "unknown" in {row[5] for row in table_rows(page, "results")}
    assert "Who won it is unknown" in page.locator("#totals").inner_text()
    [(shown_down,)] = rows(f"sqlite:///{database}",
                           "SELECT MIN(d.id) FROM deals d JOIN actions a ON a.deal_id = d.id "
                           "WHERE d.site = 'GGPoker' AND a.action LIKE '% sm %'")
    page.goto(f"{base}/hand/{shown_down}")
    screenshot(page, tmp_path, "hand-page.png")


def cli_rows(runner: CliRunner, database: Path, name: str, *options: str) -> list[list[str]]:
    printed = succeeds(runner, "players", *options, "-f", "csv", "--no-headers", "--db",
                       str(database)).stdout.splitlines()
    return [line.split(",")[1:] for line in printed if line.split(",")[0] == name]


def test_each_sites_player_page_shows_what_players_prints(
        runner: CliRunner, database: Path, pages: tuple[str, Any], tmp_path: Path) -> None:
    base, page = pages
    # The player with the most hands at each site (or PHH venue: '' for none).
    busiest = rows(f"sqlite:///{database}",
                   "SELECT site, name FROM (SELECT COALESCE(d.site, d.venue, '') AS site, "
                   "s.name, ROW_NUMBER() OVER (PARTITION BY COALESCE(d.site, d.venue, '') "
                   "ORDER BY COUNT(*) DESC, s.name) AS r "
                   f"FROM seat_stats s JOIN {TEXTED_DEALS} d ON "
                   "d.id = s.deal_id GROUP BY 1, 2) WHERE r = 1 AND site <> '' ORDER BY site")
    assert len(busiest) >= 7
    for site, name in busiest:
        response = page.goto(f"{base}/player/{quote(name, safe='')}?site={quote(site)}")
        assert response.status == 200, site
        assert page.locator("h1").inner_text() == f"Player {name}"
        options = ["--site", site]
        for table_id, by in (("results-all", []), ("results-stakes", ["--by", "stakes"]),
                             ("results-position", ["--by", "position"])):
            assert table_rows(page, table_id) == cli_rows(runner, database, name, *options,
                                                          *by), (site, table_id)
        # Each money's graphs: both totals as players prints them, a point per half hour of
        # play of a dataset (per thousand deals without a time of play: player_runs).
        overall = {row[0]: row for row in cli_rows(runner, database, name, *options)}
        headings = page.locator("h3.money").all_inner_texts()
        # (hands, hands_result_unknown, ..., net, bb_per_100, allin_adjusted_net): the graphs
        # are of the hands whose result is known.
        known = {money: int(row[1]) - int(row[2]) for money, row in overall.items()}
        assert headings == [f"{money}: net {row[13]}, all-in adjusted {row[15]} over "
                            f"{known[money]:,} hand{'s' if known[money] != 1 else ''}"
                            for money, row in sorted(overall.items())], site
        lines = page.locator("svg.graph polyline.net-line")
        assert lines.count() >= len(overall)
        money = min(overall)  # the first graph's money
        player, kept_money, kept_site = (value.replace("'", "''") for value in (name, money,
                                                                                  site))
        [(halves,)] = rows(f"sqlite:///{database}", (
            f"SELECT COUNT(*) FROM (SELECT DISTINCT d.dataset_id, {bucket_sql('sqlite')} "
            f"FROM seat_stats s JOIN {TEXTED_DEALS} d ON d.id = s.deal_id "
            f"WHERE s.net IS NOT NULL "
            f"AND s.name = '{player}' AND COALESCE(d.currency, '') = '{kept_money}' "
            f"AND lower(COALESCE(d.site, d.venue)) = lower('{kept_site}'))"))
        assert 0 < halves <= known[money]
        points = page.locator("svg.graph").first.locator("polyline.adjusted-line")
        assert len((points.get_attribute("points") or "").split()) == halves + 1
        assert page.locator("table#results-all").is_visible()
    page.goto(f"{base}/player/Hero")
    screenshot(page, tmp_path, "player-page.png")


def test_a_player_page_draws_the_all_in_adjusted_net(database: Path,
                                                     pages: tuple[str, Any]) -> None:
    """A player whose all-in hands' equity differs from their result: the two lines part."""
    [(name, delta)] = rows(
        f"sqlite:///{database}",
        "SELECT s.name, SUM(e.allin_net - s.net) FROM seat_stats s JOIN hand_equities e ON "
        "e.deal_id = s.deal_id AND e.player = s.player WHERE s.allin = 1 GROUP BY s.name "
        "ORDER BY ABS(SUM(e.allin_net - s.net)) DESC, s.name LIMIT 1")
    assert delta != 0
    base, page = pages
    page.goto(f"{base}/player/{quote(name, safe='')}")
    graph = page.locator("svg.graph").first
    net = (graph.locator("polyline.net-line").get_attribute("points") or "").split()
    adjusted = (graph.locator("polyline.adjusted-line").get_attribute("points") or "").split()
    assert net[0] == adjusted[0] and net[-1] != adjusted[-1]
    heading = page.locator("h3.money").first.inner_text()
    net_text, adjusted_text = re.findall(r"(?:net|adjusted) (-?[0-9.]+),? ", heading)
    assert amount(adjusted_text) - amount(net_text) == Decimal(delta) / 10_000


def test_names_are_shown_as_written(database: Path, pages: tuple[str, Any],
                                   tmp_path: Path) -> None:
    base, page = pages
    [(deal_id,)] = rows(f"sqlite:///{database}",
                        "SELECT id FROM deals WHERE hand_number = '9001'")
    page.goto(f"{base}/hand/{deal_id}")
    shown = page.locator("table#seats td.col-name").all_inner_texts()
    assert sorted(shown) == sorted(HOSTILE)
    assert page.locator("script").count() == 0
    for name in HOSTILE:  # each name's link leads to its page
        page.goto(f"{base}/hand/{deal_id}")
        page.locator("table#seats a.player", has_text=name).click()
        assert page.locator("h1").inner_text() == f"Player {name}"
        assert table_rows(page, "results-all")[0][:2] == ["USD", "1"]
    screenshot(page, tmp_path, "hostile.png", docs=False)

