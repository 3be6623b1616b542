"""WeasyPrint is imported by what prints, never by what writes or shows a squad (#29 item 1):
the services, the API, the pages, the admin and the URL conf load without it (it took 0.5-0.7
s at start), each in a fresh interpreter, since this one has printed already."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def loaded(*modules: str) -> set[str]:
    """Which of weasyprint and its engine are imported after ``django.setup()`` and
    importing ``modules``, in a new interpreter."""
    code = "\n".join([
        "import sys, importlib, django",
        "django.setup()",
        *(f"importlib.import_module({m!r})" for m in modules),
        "print(' '.join(m for m in ('weasyprint', 'printing.engine') if m in sys.modules))",
    ])  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


@pytest.mark.parametrize(
    "modules",
    [
        ("rosters.services", "campaigns.services"),
        ("rosters.api", "campaigns.views", "rosters.views", "campaigns.api"),
        ("rosters.admin", "campaigns.admin", "django.contrib.admin"),
        ("config.urls",),  # every view, the print views and the API's PDF actions included
    ],
)
def test_no_weasyprint_without_a_print(modules):
    assert loaded(*modules) == set()


def test_the_print_engine_brings_it():
    """What the check above looks for is there once something prints."""
    assert loaded("printing.engine") == {"weasyprint", "printing.engine"}
