"""A new adventure pack (``solo new pack NAME``): a Python project that ships adventures.

The folder holds a ``pyproject.toml`` (hatchling, an entry point in the ``solo.adventures``
group), the package with a folder of adventures and one sample adventure in it, a test that
validates every file of that folder, and a README saying how to build and publish it. It builds
with ``pip wheel`` as it stands; once installed, ``solo list`` shows its adventures.
"""

from __future__ import annotations

import re
from pathlib import Path

from solo import __version__
from solo.adventure.packs import ENTRY_POINT_GROUP
from solo.publish.starter import StarterError, slug, starter_text

__all__ = ["scaffold_pack", "module_name"]


def module_name(pack: str) -> str:
    """The Python package name of a pack: its name with dashes as underscores."""
    return slug(pack).replace("-", "_")


def _pyproject(name: str, module: str) -> str:
    return f"""\
[build-system]
requires = ["hatchling>=1.18"]
build-backend = "hatchling.build"

[project]
name = "{name}"
version = "0.1.0"
description = "Adventures for solo."
requires-python = ">=3.11"
dependencies = ["solo>={__version__}"]

[project.optional-dependencies]
test = ["pytest>=7.4"]

# `solo list` finds the adventures through this entry point: NAME = "package:folder"
[project.entry-points."{ENTRY_POINT_GROUP}"]
{name} = "{module}:adventures"

[tool.hatch.build.targets.wheel]
packages = ["{module}"]
"""


def _test(module: str) -> str:
    return f'''\
"""Every adventure of the pack validates as `solo validate` sees it (warnings are allowed)."""

from pathlib import Path

import pytest

from solo.adventure.validate import validate_path

FOLDER = Path(__file__).resolve().parents[1] / "{module}" / "adventures"
FILES = sorted(FOLDER.glob("*.yaml"))


def test_the_pack_has_adventures():
    assert FILES, f"no .yaml files in {{FOLDER}}"


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_adventure_validates(path):
    errors = [problem for problem in validate_path(path) if problem.severity == "error"]
    assert not errors, "\\n".join(str(problem) for problem in errors)
'''


def _readme(name: str, module: str, sample: str) -> str:
    return f"""\
# {name}

Adventures for [solo](https://pypi.org/project/solo/). Each `.yaml` file in `{module}/adventures/`
is one adventure; its file name is the id players type (`solo play {sample}`).

    pip install -e ".[test]"        # then `solo list` shows the pack
    solo validate {module}/adventures/*.yaml
    pytest                          # every file validates
    pip wheel --no-deps -w dist .   # the wheel to publish (or: python -m build)
"""


def scaffold_pack(name: str, parent: str | Path = ".", *, system: str | None = None) -> Path:
    """Create the pack ``name`` in a new folder under ``parent``; never writes into an existing one.
    Its sample adventure is of ``system``, by default the first registered (the first built-in)."""
    if system is None:
        from solo.rules import registry

        system = registry.available()[0]
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9._-]*", name):
        raise StarterError(f"{name!r} is not a pack name: letters, digits, '.', '-' and '_', starting with a letter")
    pack = slug(name)
    module = module_name(name)
    root = Path(parent) / pack
    if root.exists():
        raise StarterError(f"{root} already exists; choose another name or folder")
    sample = f"{pack}-first"
    folder = root / module / "adventures"
    folder.mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "pyproject.toml").write_text(_pyproject(pack, module), encoding="utf-8")
    (root / "README.md").write_text(_readme(pack, module, sample), encoding="utf-8")
    (root / module / "__init__.py").write_text(f'"""The {pack} adventure pack for solo."""\n', encoding="utf-8")
    (folder / f"{sample}.yaml").write_text(starter_text(system, sample, "The Gate"), encoding="utf-8")
    (root / "tests" / "test_adventures.py").write_text(_test(module), encoding="utf-8")
    return root
