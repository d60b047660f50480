"""`pokerdb export` writes a new folder whole or not at all (pokerdb.exports.folders): it
follows no link and writes over nothing it was not asked to replace, and a failed,
interrupted or killed export leaves nothing behind; an output it cannot write, a long dataset
name and a stored level PHH cannot hold are one line or written as they can be."""

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, select, text
from support import PHH_DATA, REPO, fails, invoke, succeeds
from typer.testing import CliRunner

from pokerdb.exports import phh
from pokerdb.storage.schema import deals
from pokerdb.storage.schema.deal_extras import DEAL_EXTRAS, deal_extras
from pokerdb.storage.schema.held_values import EXTRAS

SAMPLES = ("antonius-blom-2009.phh", "dwan-ivey-2009.phh", "phua-xuan-2019.phh")


@pytest.fixture
def hands(runner: CliRunner, db_url: str, tmp_path: Path) -> str:
    """Three recorded hands, in the dataset 'three'."""
    folder = tmp_path / "three"
    folder.mkdir()
    for name in SAMPLES:
        shutil.copy(PHH_DATA / name, folder)
    succeeds(runner, "import", str(folder), "--db", db_url, "--quiet")
    return db_url


def left_behind(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name.startswith("."))


def test_an_export_replaces_nothing_unasked_and_follows_no_link(
        runner: CliRunner, hands: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    target = tmp_path / "target.txt"
    target.write_text("mine")
    (out / "1.phh").symlink_to(target)  # planted where a hand's file would go
    result = fails(runner, "export", "-o", str(out), "--db", hands)
    assert result.stderr == (f"Error: {out}: already exists and is not empty; an export "
                             f"writes a new folder (--overwrite replaces it)\n")
    result = succeeds(runner, "export", "-o", str(out), "--db", hands, "--overwrite")
    assert result.stdout == f"{out / '1-three'}: 3 PHH hands\n"
    assert target.read_text() == "mine"
    assert [path.name for path in out.iterdir()] == ["1-three"]
    assert sorted(path.name for path in (out / "1-three").iterdir()) == [
        "1.phh", "2.phh", "3.phh"]
    link = tmp_path / "link"
    link.symlink_to(out)
    for given, said in ((link, "is a symbolic link; give the folder to write itself"),
                        (target, "is a file; give a folder to write")):
        for export_format in ("phh", "parquet"):
            result = fails(runner, "export", "--format", export_format, "-o", str(given),
                           "--db", hands, "--overwrite")
            assert result.stderr == f"Error: {given}: {said}\n"
    long = tmp_path / ("x" * 300)
    result = fails(runner, "export", "-o", str(long), "--db", hands)
    assert result.stderr == (f"Error: {long}: cannot write the export: File name too long; "
                             f"nothing was written\n")
    assert target.read_text() == "mine"
    assert left_behind(tmp_path) == []


@pytest.mark.parametrize(("raised", "code", "said"), [
    (OSError(errno.ENOSPC, "No space left on device"), 1,
     "Error: {out}: cannot write the export: No space left on device; nothing was written"),
    (KeyboardInterrupt(), 130, "Interrupted: nothing was exported"),
])
def test_a_failed_or_interrupted_export_leaves_nothing(
        runner: CliRunner, hands: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        raised: BaseException, code: int, said: str) -> None:
    """A full disk or Ctrl-C at the third hand: one line, no output, no partial folder, and
    the folders the export would have made for the output are not left either."""
    calls = [0]
    original = phh.phh_text

    def third_fails(*args: Any) -> str:
        calls[0] += 1
        if calls[0] == 3:
            raise raised
        return original(*args)

    monkeypatch.setattr(phh, "phh_text", third_fails)
    out = tmp_path / "new" / "out"
    result = invoke(runner, "export", "-o", str(out), "--db", hands)
    assert (result.exit_code, result.stdout, result.stderr) == (
        code, "", said.format(out=out) + "\n")
    assert calls[0] == 3
    assert not (tmp_path / "new").exists()
    assert left_behind(tmp_path) == []


def test_long_names_and_levels_phh_cannot_hold(runner: CliRunner, db_url: str,
                                               tmp_path: Path) -> None:
    """A dataset's name of 80 letters of 4 bytes each (the folder's name cut to 80 bytes of
    it), and stored levels of a superscript digit or 5,000 digits, which PHH's integer
    `level` cannot hold (left out, as a level in words is); a level of digits is written."""
    name = "\U0001d400" * 80  # MATHEMATICAL BOLD CAPITAL A: a letter, 4 bytes in UTF-8
    folder = tmp_path / "three"
    folder.mkdir()
    for sample in SAMPLES:
        shutil.copy(PHH_DATA / sample, folder)
    succeeds(runner, "import", str(folder), "--db", db_url, "--name", name, "--quiet")
    engine = create_engine(db_url)
    held = "CAST(:extras AS JSONB)" if engine.dialect.name == "postgresql" else ":extras"
    with engine.begin() as connection:  # the level held by deals.extras (revision 0037)
        for line_no, level in ((1, "\u00b2"), (2, "9" * 5000 + "\u0663"), (3, "12")):
            kept = connection.execute(select(*(deals.c[name] for name in DEAL_EXTRAS))
                                      .where(deals.c.line_no == line_no)).one()._asdict()
            connection.execute(text(f"UPDATE deals SET {EXTRAS} = {held} WHERE line_no = :line"),
                               {"extras": deal_extras(**{**kept, "level": level}),
                                "line": line_no})
    engine.dispose()
    out = tmp_path / "out"
    result = succeeds(runner, "export", "-o", str(out), "--db", db_url)
    written = out / f"1-{name[:20]}"
    assert result.stdout == f"{written}: 3 PHH hands\n"
    levels = [[line for line in (written / f"{position}.phh").read_text().splitlines()
               if line.startswith("level")] for position in (1, 2, 3)]
    assert levels == [[], [], ["level = 12"]]


@pytest.mark.parametrize(("name", "shown"), [
    ("B" * 256, "a string of 256 characters ('BBBBBBBBBBBBBBBBBBBBBBBB'...), more than the "
                "255 an import takes"),
    ("A\x00B", "NUL ('A\\x00B'), which an import refuses"),
])
def test_a_text_pokerdb_would_not_import_back_is_refused_at_export(
        runner: CliRunner, hands: str, tmp_path: Path, name: str, shown: str) -> None:
    """What export writes, import reads back: a stored name longer than import takes (or
    holding NUL, which only SQLite can store) is one line naming the hand, and no folder."""
    if "\x00" in name and not hands.startswith("sqlite"):
        pytest.skip("PostgreSQL text cannot hold NUL")
    engine = create_engine(hands)
    with engine.begin() as connection:
        # The seat's name its own (names are stored once, in player_names: revision 0027).
        connection.execute(text("INSERT INTO player_names (id, name) SELECT max(id) + 1, :name "
                                "FROM player_names"), {"name": name})
        connection.execute(text("UPDATE seats SET name_id = (SELECT max(id) FROM player_names) "
                                "WHERE player = 2 AND deal_id = "
                                "(SELECT id FROM deals WHERE line_no = 2)"))
    engine.dispose()
    out = tmp_path / "out"
    result = fails(runner, "export", "-o", str(out), "--db", hands)
    assert result.stderr == (f"Error: 1-three/2.phh would not import back: field 'players' "
                             f"holds {shown}\n")
    assert not out.exists()
    assert left_behind(tmp_path) == []


# An export whose process is killed (SIGKILL: no handler runs) while it writes its second
# Parquet file.
_KILLED_EXPORT = """
import os, signal, sys
from pokerdb.cli import app
from pokerdb.exports import parquet
original, calls = parquet._write, [0]
def killed(*args):
    calls[0] += 1
    if calls[0] == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    return original(*args)
parquet._write = killed
app(["export", "--format", "parquet", "-o", sys.argv[1], "--db", sys.argv[2]],
    prog_name="pokerdb")
"""


def test_a_killed_export_is_cleared_by_the_next(runner: CliRunner, hands: str,
                                                tmp_path: Path) -> None:
    out = tmp_path / "exports" / "first"
    killed = subprocess.run([sys.executable, "-c", _KILLED_EXPORT, str(out), hands], cwd=REPO,
                            capture_output=True, text=True, timeout=120, check=False)
    assert (killed.returncode, killed.stdout, killed.stderr) == (-9, "", "")
    assert not out.exists()
    assert len(left_behind(out.parent)) == 1  # its partial folder: no handler ran
    second = out.parent / "second"
    succeeds(runner, "export", "--format", "parquet", "-o", str(second), "--db", hands)
    assert left_behind(out.parent) == []
    assert sorted(path.name for path in out.parent.iterdir()) == ["second"]
    assert os.listdir(second)


def test_a_killed_append_leaves_the_export_as_it_was(runner: CliRunner, hands: str,
                                                     tmp_path: Path) -> None:
    """Killed while it appends a new dataset's rows: the export folder is the one before, file
    for file; the next export clears the partial folder and appends the dataset once."""
    out = tmp_path / "export"
    succeeds(runner, "export", "--format", "parquet", "-o", str(out), "--db", hands)
    before = {path: path.read_bytes() for path in out.rglob("*") if path.is_file()}
    succeeds(runner, "import", str(PHH_DATA / "alice-carol-wikipedia.phh"), "--db", hands, "-q")
    killed = subprocess.run([sys.executable, "-c", _KILLED_EXPORT, str(out), hands], cwd=REPO,
                            capture_output=True, text=True, timeout=120, check=False)
    assert (killed.returncode, killed.stdout, killed.stderr) == (-9, "", "")
    assert {path: path.read_bytes() for path in out.rglob("*") if path.is_file()} == before
    assert len(left_behind(tmp_path)) == 1
    result = succeeds(runner, "export", "--format", "parquet", "-o", str(out), "--db", hands)
    assert result.stdout.splitlines()[:2] == [f"{out / 'datasets'}: 1 row",
                                              f"{out / 'deals'}: 1 row"]
    assert left_behind(tmp_path) == []
    assert len(list((out / "deals").rglob("*.parquet"))) == 2  # the first export's, the new
