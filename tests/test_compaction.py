"""`pokerdb compact` (storage.compaction): the database rewritten with its pages full and the
space of a deleted dataset given back, every row as it was, on both backends."""

import re
from pathlib import Path

from handhq_hands import write_handhq  # benchmarks/, on the path (conftest)
from support import PE54_FILE, REPO, every_row, fails, rows, succeeds
from typer.testing import CliRunner

from pokerdb.storage.compaction import compact
from pokerdb.storage.engines import open_engine

HANDHQ = REPO / "tests" / "data" / "handhq"


def test_compact_keeps_every_row_and_gives_back_a_deleted_datasets_pages(
        runner: CliRunner, db_url: str) -> None:
    succeeds(runner, "import", str(HANDHQ), "--db", db_url, "--skip-invalid", "--quiet")
    succeeds(runner, "import", str(PE54_FILE), "--db", db_url, "--evaluate", "--quiet")
    succeeds(runner, "delete", "p054_poker.txt", "--db", db_url)
    kept = every_row(db_url)
    assert (len(kept["deals"]), len(kept["seats"]), len(kept["datasets"])) == (391, 1859, 1)
    engine = open_engine(db_url, create=False)
    try:
        done = compact(engine)
        assert every_row(db_url) == kept
        assert done.after < done.before
        again = compact(engine)
    finally:
        engine.dispose()
    assert every_row(db_url) == kept
    if db_url.startswith("sqlite"):
        # Every page in use and as full as SQLite packs it: a second compact finds nothing.
        assert rows(db_url, "PRAGMA freelist_count") == [(0,)]
        assert again.before == again.after == done.after


def test_compact_packs_the_pages_an_import_left_part_empty(runner: CliRunner,
                                                           tmp_path: Path) -> None:
    write_handhq(tmp_path / "hands", 3000, 37)
    url = f"sqlite:///{tmp_path}/hands.sqlite"
    succeeds(runner, "import", str(tmp_path / "hands"), "--db", url, "--skip-invalid", "--quiet")
    # The share of seats' leaf pages left empty, the emptiest (the last, filled as far as the
    # rows go) aside.
    free = ("SELECT (sum(unused) - max(unused)) * 100 / sum(pgsize), count(*) FROM dbstat "
            "WHERE name = 'seats' AND pagetype = 'leaf'")
    share, pages = rows(url, free)[0]
    assert share >= 10  # an import writes seats in key order: their pages 7/8 full
    result = succeeds(runner, "compact", "--db", url)
    assert re.fullmatch(r"compacted: [\d.]+ to [\d.]+ MiB \(\d+\.\d% smaller\)\n",
                        result.stdout), result.stdout
    share_after, pages_after = rows(url, free)[0]
    assert share_after <= 5 and pages_after < pages


def test_compact_of_a_missing_database_says_so(runner: CliRunner, tmp_path: Path) -> None:
    result = fails(runner, "compact", "--db", f"{tmp_path}/none.sqlite")
    assert result.stderr.startswith("Error: ") and "none.sqlite" in result.stderr
