"""The rules core is pure Python: importing it must not load Django."""

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import rules

ROOT = Path(__file__).resolve().parents[2]


def rules_modules() -> list[str]:
    return ["rules"] + [
        info.name for info in pkgutil.walk_packages(rules.__path__, prefix="rules.")
    ]


def test_every_rules_module_is_found():
    names = rules_modules()

    assert Path(rules.__file__).parent == ROOT / "rules"  # not shadowed by tests/rules

    for expected in (
        "rules.types",
        "rules.documents",
        "rules.registry",
        "rules.black_sun.data",
        "rules.black_sun.tables",
        "rules.black_sun.validation",
        "rules.black_sun.costs",
        "rules.black_sun.battle",
    ):
        assert expected in names


def test_importing_every_rules_module_loads_no_django_in_a_fresh_interpreter():
    script = (
        "import importlib, json, sys\n"
        f"for name in {rules_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )

    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )

    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert "rules.black_sun.battle" in loaded  # the imports really ran
    assert [name for name in loaded if name.startswith("django")] == []
