"""The wheel ships everything an installed pokerdb needs, its Alembic migrations included, and
its hot modules compiled with mypyc (hatch_build.py) unless POKERDB_PURE_PYTHON asks for a pure
wheel."""

import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import tomllib
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


# The modules the wheel compiles (pyproject's mypyc build hook), as paths in the package
COMPILED: list[str] = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["hatch"][
    "build"]["targets"]["wheel"]["hooks"]["custom"]["compile"]


def built_wheel(out: Path, env: dict[str, str] | None = None) -> Path:
    """A wheel built from the checkout into `out`. With hatchling at hand the build needs no
    network; otherwise pip fetches it (and mypy) into an isolated build environment."""
    isolation = [] if importlib.util.find_spec("hatchling") is None else ["--no-build-isolation"]
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", *isolation,
         "-w", str(out), str(REPO)], cwd=out, env=env, timeout=900)
    (built,) = out.glob("pokerdb-*.whl")
    return built


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel as `pip install .` builds it: compiled."""
    env = {**os.environ}
    env.pop("POKERDB_PURE_PYTHON", None)
    return built_wheel(tmp_path_factory.mktemp("wheel"), env)


def extensions(names: set[str]) -> set[str]:
    """The compiled modules among a wheel's files, as the paths of their .py files."""
    return {name.split(".", 1)[0] + ".py" for name in names
            if name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
            and name.startswith("pokerdb/")}


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel installed into a directory of its own (its dependencies come from the running
    interpreter's environment)."""
    site = tmp_path_factory.mktemp("site")
    run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-compile", "--quiet",
         "--target", str(site), str(wheel)], cwd=site)
    return site


def test_wheel_contents(wheel: Path) -> None:
    tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert wheel.name.startswith(f"pokerdb-{__version__}-{tag}-{tag}-"), wheel.name
    names = set(zipfile.ZipFile(wheel).namelist())
    assert COMPILED and extensions(names) == set(COMPILED)  # each beside its .py file
    assert set(COMPILED) <= names
    # mypyc's shared runtime of the compiled modules, at the top of the wheel
    assert [name for name in names if name.startswith("pokerdb__mypyc.")], sorted(names)
    versions = sorted(path.name for path in (REPO / "migrations" / "versions").glob("*.py"))
    assert versions
    expected = {"pokerdb/_migrations/env.py", "pokerdb/_migrations/script.py.mako",
                *(f"pokerdb/_migrations/versions/{name}" for name in versions),
                *(f"pokerdb/{path.name}" for path in (REPO / "pokerdb").glob("*.py"))}
    assert expected <= names, sorted(expected - names)
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]
    assert not [name for name in names if name.startswith(("tests/", "data/", "migrations/"))]
    # the SQL a user runs on the Parquet export with DuckDB or Spark
    assert {f"pokerdb/exports/sql/{path.name}"
            for path in (REPO / "pokerdb" / "exports" / "sql").glob("*.sql")} <= names
    entry_points = zipfile.ZipFile(wheel).read(
        f"pokerdb-{__version__}.dist-info/entry_points.txt").decode()
    assert "pokerdb = pokerdb.launch:main" in entry_points


def test_installed_package_runs_from_anywhere(installed: Path, tmp_path: Path) -> None:
    """Import, evaluate and report with the installed package from a directory that is not the
    checkout: the migrations come from inside the package."""
    work = tmp_path / "elsewhere"
    work.mkdir()
    # The installed copy first on the path; the checkout (an editable install, or pytest's
    # rootdir) must not be what is imported.
    env = {**os.environ, "PYTHONPATH": str(installed), "PYTHONSAFEPATH": "1"}
    env.pop("POKERDB_DB", None)

    modules = [path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
               for path in COMPILED]
    where = run([sys.executable, "-c",
                 "import importlib, json, pokerdb, pokerdb.storage.location; print(json.dumps("
                 "[pokerdb.__file__, str(pokerdb.storage.location.migrations_dir()), "
                 f"[importlib.import_module(name).__file__ for name in {modules!r}]]))"],
                cwd=work, env=env)
    module_file, migrations, compiled = json.loads(where.stdout)
    assert Path(module_file) == installed / "pokerdb" / "__init__.py"
    assert Path(migrations) == installed / "pokerdb" / "_migrations"
    # what is imported of each compiled module is its extension module, from the installed copy
    assert extensions({str(Path(path).relative_to(installed)) for path in compiled}) == set(
        COMPILED)

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


def test_pure_wheel(tmp_path: Path) -> None:
    """POKERDB_PURE_PYTHON=1 builds the pure-Python wheel, for any interpreter and platform:
    the same files, nothing compiled."""
    pure = built_wheel(tmp_path, {**os.environ, "POKERDB_PURE_PYTHON": "1"})
    assert pure.name == f"pokerdb-{__version__}-py3-none-any.whl"
    names = set(zipfile.ZipFile(pure).namelist())
    assert set(COMPILED) <= names
    assert not [name for name in names if name.endswith((".so", ".pyd", ".c"))]
