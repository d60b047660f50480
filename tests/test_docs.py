"""The documentation as printed: the README's and the pages' shell sessions give the output they
show, the README's links lead somewhere, and the tables page lists every column there is."""

import re
import unicodedata
from itertools import takewhile
from pathlib import Path

import pytest
from doc_pages import blocks, run_shown, shell_session, without_timings, workspace
from sqlalchemy import inspect
from support import REPO
from typer.testing import CliRunner

from pokerdb.storage.engines import open_engine

README = REPO / "README.md"
DOCS = REPO / "docs"
PAGES = sorted(DOCS.glob("*.md"))
# Pages whose `console` blocks are shell sessions run as printed, each page in one folder.
SESSIONS = [page for page in [README, *PAGES] if any(
    block.language == "console" for block in blocks(page.read_text()))]
ANY_LINES = "..."  # in a session's output: any lines, or none
TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+\+00:00")


def test_the_readme_is_short() -> None:
    assert len(README.read_text().splitlines()) <= 150


def slug(heading: str) -> str:
    """A heading's anchor, as MkDocs (Python-Markdown's toc) makes it."""
    text = re.sub(r"<[^>]+>|`", "", heading)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", text).strip().lower())


def anchors(page: Path) -> set[str]:
    return {slug(line.lstrip("#")) for line in page.read_text().splitlines()
            if re.match(r"#{1,6} ", line)}


def test_the_readme_links_lead_to_pages_and_their_headings() -> None:
    links = re.findall(r"\]\(([^)\s]+)\)", README.read_text())
    local = [link for link in links if not re.match(r"[a-z]+:", link)]
    assert any(link.startswith("docs/") for link in local)
    for link in local:
        path, _, anchor = link.partition("#")
        target = (REPO / path).resolve() if path else README
        assert target.is_file(), f"README links to {link}: no such file"
        if anchor:
            assert anchor in anchors(target), f"README links to {link}: no such heading"


def test_user_docs_cite_no_internal_issue_numbers() -> None:
    for page in [README, *PAGES]:
        found = re.findall(r"\bissues? #?\d+", page.read_text(), flags=re.IGNORECASE)
        assert not found, f"{page.name}: {found}"


def documented_columns() -> dict[str, list[str]]:
    """Each relation of docs/tables.md (a `### ` heading naming it) and the columns listed in
    the first table under that heading."""
    found: dict[str, list[str]] = {}
    for part in re.split(r"^### ", (DOCS / "tables.md").read_text(), flags=re.MULTILINE)[1:]:
        heading, _, body = part.partition("\n")
        named = re.fullmatch(r"(?:View )?`(\w+)`", heading.strip())
        if named is None:
            continue
        lines = body.splitlines()
        start = next(index for index, line in enumerate(lines) if line.startswith("|"))
        table = takewhile(lambda line: line.startswith("|"), lines[start:])
        found[named[1]] = [row[1] for line in table
                           if (row := re.match(r"\| `(\w+)` \|", line))]
    return found


def test_the_tables_page_lists_every_column(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'empty.sqlite'}")
    try:
        inspector = inspect(engine)
        relations = [*inspector.get_table_names(), *inspector.get_view_names()]
        columns = {name: [column["name"] for column in inspector.get_columns(name)]
                   for name in relations}
    finally:
        engine.dispose()
    documented = documented_columns()
    assert sorted(documented) == sorted(columns)
    for name, names in columns.items():
        assert sorted(documented[name]) == sorted(names), name


def matches(shown: str, printed: str) -> bool:
    """Whether a command printed what the page shows: the same lines, a line `...` standing
    for any lines, timings and import times standing for any."""
    def normal(text: str) -> str:
        return TIMESTAMP.sub("(time)", without_timings(text))

    parts = [re.escape(normal(part)) for part in
             re.split(rf"^{re.escape(ANY_LINES)}\n", shown, flags=re.MULTILINE)]
    return re.fullmatch("(?:.*\n)?".join(parts), normal(printed), flags=re.DOTALL) is not None


@pytest.mark.slow
@pytest.mark.parametrize("page", SESSIONS, ids=[page.name for page in SESSIONS])
def test_shell_sessions_print_what_the_page_shows(page: Path, runner: CliRunner,
                                                  tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Every `$ pokerdb ...` of the page's console blocks, in order in one folder (the
    database being pokerdb.sqlite there, the default), prints what the page shows under it."""
    monkeypatch.chdir(workspace(tmp_path))
    monkeypatch.delenv("POKERDB_DB", raising=False)
    for block in blocks(page.read_text()):
        if block.language != "console":
            continue
        for step in shell_session(block.text):
            printed = run_shown(runner, step.command)
            assert matches(step.output, printed), (
                f"{page.name}: `{step.command}` shows\n{step.output}\nbut prints\n{printed}")

