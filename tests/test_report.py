"""The self-contained HTML report: `pokerdb report`."""

import html
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine
from typer.testing import CliRunner

from pokerdb.cli import app
from pokerdb.errors import PokerdbError
from pokerdb.formats.deals.generate import generate_lines
from pokerdb.steps.evaluation import evaluate_pending
from pokerdb.steps.importer import import_file

pytest.importorskip("matplotlib", reason="the report needs the `report` extra (matplotlib)")
from support import PE54_FILE

from pokerdb.answers.html_report import build_report

PE54_SHA256 = "0ecdf24e712750ac0797faf808726a6da149ab49dc3563a75af124af3cc3af16"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync")

# Added to a copy of the report: after layout, write what the browser drew into the page.
PROBE = """<script>
addEventListener("load", () => {
  const probe = document.createElement("pre");
  probe.id = "probe";
  probe.textContent = JSON.stringify({
    charts: [...document.querySelectorAll("figure svg")].map(svg => {
      const box = svg.getBoundingClientRect();
      return {width: Math.round(box.width), height: Math.round(box.height),
              texts: [...svg.querySelectorAll("text")].map(t => t.textContent.trim())};
    }),
    wins: [...document.querySelectorAll("#wins td")].map(td => td.textContent),
    provenance: [...document.querySelectorAll("#provenance td")].map(td => td.textContent),
  });
  document.body.append(probe);
});
</script>"""


@pytest.fixture
def pe54(engine: Engine) -> Engine:
    import_file(engine, str(PE54_FILE))
    evaluate_pending(engine)
    return engine


def test_report_has_the_numbers_and_two_inline_charts(pe54: Engine) -> None:
    page = build_report(pe54)
    assert page.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert "<title>pokerdb report: all datasets</title>" in page
    assert page.count("<svg") == 2
    assert ('<tr><td>player 1</td><td class="number">376</td><td>37.6%</td></tr>\n'
            '<tr><td>player 2</td><td class="number">624</td><td>62.4%</td></tr>\n'
            '<tr><td>ties</td><td class="number">0</td><td>0.0%</td></tr>\n'
            '<tr><td>all deals</td><td class="number">1,000</td><td></td></tr>') in page
    assert ('<tr><td>Three of a Kind</td><td class="number">36</td><td class="number">1.8</td>'
            '<td class="number">2.11285</td><td class="number">42.2569</td></tr>') in page
    assert "<tr><th>dataset</th><th>p054_poker.txt</th></tr>" in page
    assert f"<tr><td>sha256</td><td>{PE54_SHA256}</td></tr>" in page


def test_report_is_self_contained(pe54: Engine) -> None:
    page = build_report(pe54)
    assert "<script" not in page
    assert "<link" not in page
    references = re.findall(r'\b(?:src|href)="([^"]*)"|url\(([^)]*)\)', page)
    references = [attribute or css for attribute, css in references]
    assert references, "the charts refer to their own parts"
    # only parts of the page itself and images inside it (the heat map's pixels)
    assert all(reference.startswith(("#", "data:image/png;base64,")) for reference in references)


def test_report_for_one_dataset(pe54: Engine, tmp_path: Path) -> None:
    other = tmp_path / "random.txt"
    other.write_text("".join(generate_lines(300, seed=6)))
    import_file(pe54, str(other))
    evaluate_pending(pe54)
    page = build_report(pe54, "p054_poker.txt")
    assert "<title>pokerdb report: p054_poker.txt</title>" in page
    assert '<td>all deals</td><td class="number">1,000</td>' in page
    assert "random.txt" not in page
    assert "random.txt" in build_report(pe54)
    with pytest.raises(PokerdbError, match=r"^no dataset named 'nope'"):
        build_report(pe54, "nope")


def test_report_needs_evaluated_hands(engine: Engine) -> None:
    import_file(engine, str(PE54_FILE))
    with pytest.raises(PokerdbError, match=r"^no evaluated hands to report on "
                                           r"\(run: pokerdb evaluate\)$"):
        build_report(engine)


def test_report_without_two_player_deals(engine: Engine, tmp_path: Path) -> None:
    solo = tmp_path / "solo.txt"
    solo.write_text("".join(generate_lines(40, seed=2, players=1)))
    import_file(engine, str(solo))
    evaluate_pending(engine)
    page = build_report(engine)
    assert page.count("<svg") == 1
    assert "<p>No deal has two evaluated players to compare.</p>" in page


def test_cli_report(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    db, output = "r.sqlite", Path("report.html")
    for command in (["import", str(PE54_FILE)], ["evaluate"]):
        assert runner.invoke(app, [*command, "--db", db, "-q"]).exit_code == 0
    result = runner.invoke(app, ["report", "--db", db, "-o", str(output)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {output} ({output.stat().st_size:,} bytes)\n"
    assert output.read_text(encoding="utf-8").count("<svg") == 2
    result = runner.invoke(app, ["report", "--db", db, "-o", "no/r.html"])
    assert result.exit_code == 1
    assert result.stderr == "Error: cannot write no/r.html: No such file or directory\n"


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed "
                                             "(Debian: apt-get install chromium)")
def test_report_renders_in_headless_chromium(pe54: Engine, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    page.write_text(build_report(pe54).replace("</body>", PROBE + "</body>"), encoding="utf-8")
    drawn = _rendered(page, tmp_path / "profile")
    categories, matrix = drawn["charts"]
    for chart in (categories, matrix):
        assert chart["width"] >= 400 and chart["height"] >= 300
    assert {"High Card", "Royal Flush", "random five-card hand",
            "this data (2,000 hands)"} <= set(categories["texts"])
    # heat-map cells: player 1's High Card against player 2's High Card (214), One Pair (301)
    assert {"player 1's category", "player 2's category", "301", "214"} <= set(matrix["texts"])
    assert drawn["wins"] == ["player 1", "376", "37.6%", "player 2", "624", "62.4%",
                             "ties", "0", "0.0%", "all deals", "1,000", ""]
    assert drawn["provenance"][:10] == ["id", "1", "format", "pe54", "game", "five-card",
                                        "deals", "1,000", "sha256", PE54_SHA256]


def _rendered(page: Path, profile: Path) -> dict[str, Any]:
    """What Chromium drew: the probe's JSON from the DOM after the page loaded."""
    assert CHROMIUM is not None
    dom = subprocess.run(
        [CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--dump-dom", page.as_uri()],
        capture_output=True, text=True, timeout=120, check=True).stdout
    probe = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.DOTALL)
    assert probe, f"the page did not finish loading:\n{dom[:500]}"
    result: dict[str, Any] = json.loads(html.unescape(probe.group(1)))
    return result
