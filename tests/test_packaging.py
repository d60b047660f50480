"""The wheel ships everything an installed pokerdb needs, its Alembic migrations included."""

import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from support import PE54_FILE, REPO

from pokerdb import __version__


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None,
        timeout: float = 300) -> subprocess.CompletedProcess[str]:
    completed = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True,
                               timeout=timeout, check=False)
    assert completed.returncode == 0, (args, completed.stdout, completed.stderr)
    return completed


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from the checkout. With hatchling at hand the build needs no network;
    otherwise pip fetches it into an isolated build environment."""
    out = tmp_path_factory.mktemp("wheel")
    isolation = [] if importlib.util.find_spec("hatchling") is None else ["--no-build-isolation"]
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", *isolation,
         "-w", str(out), str(REPO)], cwd=out)
    (built,) = out.glob("pokerdb-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel installed into a directory of its own (its dependencies come from the running
    interpreter's environment)."""
    site = tmp_path_factory.mktemp("site")
    run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-compile", "--quiet",
         "--target", str(site), str(wheel)], cwd=site)
    return site


def test_wheel_contents(wheel: Path) -> None:
    assert wheel.name == f"pokerdb-{__version__}-py3-none-any.whl"
    names = set(zipfile.ZipFile(wheel).namelist())
    versions = sorted(path.name for path in (REPO / "migrations" / "versions").glob("*.py"))
    assert versions
    expected = {"pokerdb/_migrations/env.py", "pokerdb/_migrations/script.py.mako",
                *(f"pokerdb/_migrations/versions/{name}" for name in versions),
                *(f"pokerdb/{path.name}" for path in (REPO / "pokerdb").glob("*.py"))}
    assert expected <= names, sorted(expected - names)
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]
    assert not [name for name in names if name.startswith(("tests/", "data/", "migrations/"))]
    entry_points = zipfile.ZipFile(wheel).read(
        f"pokerdb-{__version__}.dist-info/entry_points.txt").decode()
    assert "pokerdb = pokerdb.cli:app" in entry_points


def test_installed_package_runs_from_anywhere(installed: Path, tmp_path: Path) -> None:
    """Import, evaluate and report with the installed package from a directory that is not the
    checkout: the migrations come from inside the package."""
    work = tmp_path / "elsewhere"
    work.mkdir()
    # The installed copy first on the path; the checkout (an editable install, or pytest's
    # rootdir) must not be what is imported.
    env = {**os.environ, "PYTHONPATH": str(installed), "PYTHONSAFEPATH": "1"}
    env.pop("POKERDB_DB", None)

    where = run([sys.executable, "-c",
                 "import json, pokerdb, pokerdb.storage.location; print(json.dumps("
                 "[pokerdb.__file__, str(pokerdb.storage.location.migrations_dir())]))"],
                cwd=work, env=env)
    module_file, migrations = json.loads(where.stdout)
    assert Path(module_file) == installed / "pokerdb" / "__init__.py"
    assert Path(migrations) == installed / "pokerdb" / "_migrations"

    def pokerdb(*args: str) -> str:
        return run([sys.executable, "-m", "pokerdb", *args, "--db", "deals.sqlite"], cwd=work,
                   env=env).stdout

    pokerdb("import", str(PE54_FILE), "--quiet")
    pokerdb("evaluate", "--quiet")
    assert json.loads(pokerdb("wins", "--format", "json")) == {
        "deals": 1000, "player1": 376, "player2": 624, "ties": 0}
    assert pokerdb("query", "SELECT version_num FROM alembic_version",
                   "--format", "csv", "--no-headers").strip() == sorted(
        path.name[:4] for path in (installed / "pokerdb/_migrations/versions").glob("*.py"))[-1]
    assert sorted(path.name for path in work.iterdir() if not path.name.startswith(
        "deals.sqlite-")) == ["deals.sqlite"]

    version = run([sys.executable, "-m", "pokerdb", "--version"], cwd=work, env=env)
    assert version.stdout == f"pokerdb {__version__}\n"
