"""The SQL cookbook (docs/cookbook.md) as printed: each section's commands build its database
from the repository's data, and each query gives the result shown under it, on both backends."""

from pathlib import Path

import pytest
from doc_pages import Section, cookbook_sections, run_command, same_result, workspace
from support import COOKBOOK, succeeds
from typer.testing import CliRunner

SECTIONS = cookbook_sections(COOKBOOK.read_text())


def test_the_cookbook_has_its_sections() -> None:
    assert [section.title for section in SECTIONS] == [
        "Five-card deals", "Texas Hold'em", "Split games", "Hand histories", "Equity"]
    assert [len(section.examples) for section in SECTIONS] == [6, 2, 2, 8, 2]


@pytest.mark.slow
@pytest.mark.parametrize("section", SECTIONS, ids=[section.title for section in SECTIONS])
def test_cookbook_results_as_printed(section: Section, runner: CliRunner, db_url: str,
                                     tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(workspace(tmp_path))
    for line in section.setup:
        run_command(runner, line, db_url)
    for example in section.examples:
        found = succeeds(runner, "query", "--format", "csv", "--db", db_url, "--",
                         example.sql).stdout
        assert same_result(example.result, found), (
            f"{section.title}: the page shows\n{example.result}\nfor\n{example.sql}\n"
            f"but the query gives\n{found}")
