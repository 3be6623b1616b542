"""The floors of the code (issue #29): a package imports only from the floors below it.

- ``rules/``, the games' rules in plain Python, imports no app (and no Django:
  ``tests/rules/test_no_django.py``).
- ``core/`` and ``api/``, the ground floor, are the glue every app shares: they import
  ``rules`` and each other, never an app.
- The apps (``accounts``, ``rosters``, ``campaigns``, ``games``, ``printing``) import the
  floors below and each other, never ``config``.
- ``config/`` (settings, the URL hubs, the API's schema and docs) is the top: the one
  package that names every app.

Every module is read with ``ast``, imports inside functions included, so an import made late
to dodge a circle still counts.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ("accounts", "rosters", "campaigns", "games", "printing")
GROUND = ("core", "api")
# package: the top-level packages none of its modules may import
FORBIDDEN = {
    "rules": {*GROUND, *APPS, "config"},
    **{package: {*APPS, "config"} for package in GROUND},
    **{app: {"config"} for app in APPS},
}


def imported(path: Path) -> list[tuple[int, str]]:
    """The top-level package of each absolute import in ``path``, with its line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module.split(".")[0]))
    return found


def upward_imports(package: str) -> list[str]:
    forbidden = FORBIDDEN[package]
    return [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for line, name in imported(path)
        if name in forbidden
    ]


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_import_runs_up_a_floor(package):
    assert upward_imports(package) == []


def test_the_floors_are_read(tmp_path):
    """The reader sees every form of import: plain, dotted, from, and inside a function."""
    module = tmp_path / "m.py"
    module.write_text(
        "import os.path\nfrom rosters import models\n"
        "def f():\n    import campaigns.api\n    from . import sibling\n"
    )
    assert imported(module) == [(1, "os"), (2, "rosters"), (4, "campaigns")]
    assert {p for p in FORBIDDEN if (ROOT / p).is_dir()} >= {"rules", "core", "api", "rosters"}
