"""Issue #17, part 5: scripts/fuzz_live.py serves the project on a fresh database, seeds it,
and runs schemathesis against it over HTTP with the project's schemathesis.toml; here on a
tiny bound (one game's catalogue operations, a handful of requests)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from schemathesis.config import SchemathesisConfig

ROOT = Path(__file__).resolve().parents[2]
CHECKS = (
    "not_a_server_error", "status_code_conformance", "content_type_conformance",
    "response_headers_conformance", "response_schema_conformance", "positive_data_acceptance",
    "negative_data_rejection", "use_after_free", "ensure_resource_availability",
    "missing_required_header", "ignored_auth", "object_level_authorization",
    "unsupported_method", "allow_header_conformance",
)  # fmt: skip


@pytest.fixture
def fuzz_live(monkeypatch):
    """The script as a module (it is not in a package)."""
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    spec = importlib.util.spec_from_file_location("fuzz_live", ROOT / "scripts" / "fuzz_live.py")
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "fuzz_live", module)  # its dataclasses look it up
    spec.loader.exec_module(module)
    return module


def test_the_aimed_configuration_is_the_project_s_with_the_seeded_ids(
    fuzz_live, tmp_path, monkeypatch
):
    seeded = fuzz_live.Seeded(
        {"fuzzer": "t0k3n"}, squads=[1, 2], doomed=[3], campaigns=[4], campaign_squads=[5, 6],
        invites=["-abc"], players=[7], members=[8, 9], public=["f00"],
    )  # fmt: skip
    path = tmp_path / "schemathesis.toml"
    path.write_text(fuzz_live.aimed_config(seeded), encoding="utf-8")
    monkeypatch.setenv("FUZZ_TOKEN", "t0k3n")

    config = SchemathesisConfig.from_path(str(path))

    assert {name: [e.value for e in d.entries] for name, d in config.dictionaries.items()} == {
        "squads": [1, 2], "doomed": [3], "campaigns": [4], "campaign_squads": [5, 6],
        "invites": ["-abc"], "players": [7], "members": [8, 9], "public": ["f00"],
        "numbers": [1, 2],
    }  # fmt: skip
    assert path.read_text().startswith((ROOT / "schemathesis.toml").read_text())


def test_the_project_s_configuration_turns_no_check_off_everywhere(monkeypatch):
    monkeypatch.setenv("FUZZ_TOKEN", "t0k3n")
    text = (ROOT / "schemathesis.toml").read_text()

    config = SchemathesisConfig.from_path(str(ROOT / "schemathesis.toml"))

    checks = config.projects.get_default().checks
    names = [name for name in CHECKS if name != "max_response_time"]  # off unless given a limit
    assert all(checks.get_by_name(name=name).enabled for name in names)
    assert "exclude-checks" not in text and "enabled = false" in text  # one operation only
    assert text.count("enabled = false") == 1


def test_a_tiny_run_answers_over_http_without_a_failure(fuzz_live, tmp_path):
    options = fuzz_live.Options(
        max_examples=1, phases="examples,coverage", workers=1, keep=tmp_path,
        extra=["--include-path-regex", "^/api/systems/$"],
    )  # fmt: skip

    outcome = fuzz_live.fuzz(options)

    assert outcome.ok, outcome.failures
    assert outcome.requests >= 5 and outcome.server_errors == 0
    assert "GET /api/schema/" in (tmp_path / "access.log").read_text()
    assert "[dictionaries.squads]" in (tmp_path / "schemathesis.toml").read_text()
