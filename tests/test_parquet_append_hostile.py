"""A Parquet export folder tampered with between two exports: an append refuses it in one
line and leaves it as it was (a manifest naming other datasets than its files hold, or
fewer exports, would export datasets twice or never; a count past what JSON's floats hold
was a traceback; a partition's folder put elsewhere behind a link was dropped from the
export whose manifest still named it); a Ctrl-C as an append is moved into place says it was
written."""

import json
from pathlib import Path

import pytest
from support import PHH_DATA, fails, invoke, succeeds
from test_export_parquet import files_of
from typer.testing import CliRunner

from pokerdb.exports.parquet_manifest import MANIFEST


@pytest.fixture
def exported(runner: CliRunner, db_url: str, tmp_path: Path) -> tuple[str, Path]:
    """A database of two datasets, exported once (the first), the second imported since."""
    db = db_url
    files = sorted(PHH_DATA.glob("*.phh"))[:2]
    for file in files:
        succeeds(runner, "import", str(file), "--skip-invalid", "--db", db)
    out = tmp_path / "export"
    succeeds(runner, "export", "--format", "parquet", "-o", str(out), "--dataset",
             files[0].name, "--db", db)
    return db, out


def test_a_manifest_that_does_not_name_what_the_folder_holds(
        runner: CliRunner, exported: tuple[str, Path]) -> None:
    db, out = exported
    manifest = json.loads((out / MANIFEST).read_text())
    (dataset, sha256), = manifest["datasets"].items()
    named = out / MANIFEST
    for changed, message in [
            ({"datasets": {}}, "its files hold 1 dataset and export 1, the manifest names 0 "
                               "datasets and export 1"),
            ({"datasets": {dataset: sha256, "7": "f" * 64}},
             "its files hold 1 dataset and export 1, the manifest names 2 datasets and "
             "export 1"),
            ({"exports": 0}, "its files hold 1 dataset and export 1, the manifest names 1 "
                             "dataset and export 0")]:
        named.write_text(json.dumps(manifest | changed))
        before = files_of(out)
        assert fails(runner, "export", "--format", "parquet", "-o", str(out),
                     "--db", db).stderr == (
            f"Error: {named}: does not name what the folder holds ({message}); export to a new "
            f"folder (--overwrite replaces it)\n")
        assert files_of(out) == before
    for written in ('{"version": 1, "exports": 1e400, "datasets": {}}',
                    '{"version": 1, "exports": -3, "datasets": {}}', "[1]"):
        named.write_text(written)
        assert fails(runner, "export", "--format", "parquet", "-o", str(out),
                     "--db", db).stderr == (
            f"Error: {named}: is not a manifest of pokerdb's Parquet export; give another "
            f"folder (--overwrite replaces it)\n")


def test_a_partition_folder_behind_a_link(runner: CliRunner, exported: tuple[str, Path],
                                          tmp_path: Path) -> None:
    db, out = exported
    [partition] = [path for path in (out / "deals").glob("format=*/month=*")]
    moved = tmp_path / "moved"
    partition.rename(moved)
    partition.symlink_to(moved)
    before = files_of(out)
    assert fails(runner, "export", "--format", "parquet", "-o", str(out), "--db", db).stderr == (
        f"Error: {partition}: a symbolic link inside the export, which an export that appends "
        f"does not follow; put the files back in its place (or --overwrite); nothing was "
        f"written\n")
    assert files_of(out) == before and partition.is_symlink()


def test_ctrl_c_as_the_append_is_moved_into_place(runner: CliRunner,
                                                  exported: tuple[str, Path],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGINT is held while the folder is moved into place and arrives as the move ends: the
    export is written, which the line said it was not, and the old folder was left behind."""
    from pokerdb.exports import folders

    db, out = exported
    holding = folders.signal.pthread_sigmask

    def arrives_when_released(how: int, mask: object) -> object:
        held = holding(how, mask)  # type: ignore[arg-type]
        if how == folders.signal.SIG_SETMASK:
            raise KeyboardInterrupt
        return held

    monkeypatch.setattr(folders.signal, "pthread_sigmask", arrives_when_released)
    result = invoke(runner, "export", "--format", "parquet", "-o", str(out), "--db", db)
    assert (result.exit_code, result.stderr) == (130, f"Interrupted: {out} was written\n")
    assert len(list((out / "datasets").iterdir())) == 2  # the first export's and this one's
    assert [path.name for path in out.parent.iterdir() if path.name.startswith(".")] == []
