"""Hatchling's build hook: the wheel's hot modules compiled to C extensions with mypyc.

mypyc compiles the package's own type-annotated Python (the modules named by `compile` in
pyproject's [tool.hatch.build.targets.wheel.hooks.custom]) into extension modules that sit
beside their .py files in the wheel; Python imports an extension before a source file, so the
installed package runs the compiled modules and behaves as the pure one does (the tests run on
both). POKERDB_PURE_PYTHON=1 builds a pure wheel (no C compiler or mypyc needed), as does an
editable install. docs/development.md says how to build either.
"""

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PURE_VARIABLE = "POKERDB_PURE_PYTHON"
# The compiler, pinned: another mypyc version makes other C of the same code.
COMPILER = ("mypy==2.4.1", "setuptools")


def pure() -> bool:
    """Whether the build is asked for a pure-Python wheel."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


class MypycBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles the configured modules with mypyc into the wheel (see the module's text)."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """The build's extra requirements: the compiler, and the package's own dependencies,
        which mypyc type-checks the compiled modules against."""
        if pure():
            return []
        return [*COMPILER, *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable" or pure():
            return
        self._scratch = Path(tempfile.mkdtemp(prefix="pokerdb-mypyc-"))
        built = self._scratch / "lib"
        for extension in self._compiled(built):
            build_data["force_include"][str(extension)] = str(extension.relative_to(built))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True  # this interpreter's and platform's wheel

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        scratch = getattr(self, "_scratch", None)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)

    def _compiled(self, built: Path) -> list[Path]:
        """Compile the modules into extension modules under `built` (mypyc's C, mypy's cache
        and the compiler's objects in the scratch folder, none in the source tree)."""
        from mypyc.build import mypycify
        from setuptools import Distribution

        modules = self.config.get("compile", [])
        if not modules or not all(isinstance(module, str) for module in modules):
            raise ValueError("the mypyc build hook's `compile` must list the modules' files")
        here = os.getcwd()
        os.chdir(self.root)  # mypyc names the modules by their paths from the project's root
        try:
            extensions = mypycify(["--cache-dir", str(self._scratch / "mypy_cache"), *modules],
                                  target_dir=str(self._scratch / "c"), group_name="pokerdb")
            distribution = Distribution({"name": "pokerdb", "ext_modules": extensions})
            command: Any = distribution.get_command_obj("build_ext")
            command.build_lib = str(built)
            command.build_temp = str(self._scratch / "objects")
            distribution.run_command("build_ext")
        finally:
            os.chdir(here)
        return sorted(built.rglob("*.so")) + sorted(built.rglob("*.pyd"))
