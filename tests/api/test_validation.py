"""Validation of stored squads and posted documents: the command line's answer, over HTTP."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from rules.documents import parse_roster
from tests.api.conftest import document, errors

pytestmark = pytest.mark.django_db


def broken_document() -> dict:
    """Over its limit, with a Recruit in body armour and a Grunt carrying RP."""
    doc = document(0)
    doc["points_limit"] = 150
    doc["members"].append(
        {"name": "Hicks", "type": "recruit", "equipment": [{"item": "body-armour"}]}
    )
    doc["members"][-2]["rp"] = 3
    return doc


def command_result(tmp_path, doc: dict) -> dict:
    """What ``manage.py validate_roster FILE --json`` prints for ``doc``."""
    path = tmp_path / "roster.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = io.StringIO()
    try:
        call_command("validate_roster", str(path), "--json", stdout=out)
    except SystemExit as stop:
        assert stop.code == 1
    return json.loads(out.getvalue())


def test_a_legal_document_is_valid(anon_api):
    response = anon_api.post("/api/squads/validate/", document(1), format="json")

    assert response.json() == {"valid": True, "points": 200, "limit": 200, "violations": []}


def test_a_broken_document_gets_the_command_lines_answer(anon_api, tmp_path):
    doc = broken_document()

    result = anon_api.post("/api/squads/validate/", doc, format="json").json()

    expected = command_result(tmp_path, doc)
    assert result == {**expected, "limit": 150}
    assert {v["code"] for v in result["violations"]} >= {
        "points-limit", "recruit-armour", "rp-base-character"}  # fmt: skip
    armour = next(v for v in result["violations"] if v["code"] == "recruit-armour")
    assert armour["member"] == "Hicks"
    assert armour["message"] == "Hicks is a Recruit and cannot wear Body armour (flak vest)."


def test_a_stored_squad_validates_as_its_document(owner_api, make_squad, tmp_path):
    squad = make_squad(roster=parse_roster(broken_document()))

    result = owner_api.get(f"/api/squads/{squad.pk}/validate/").json()

    assert result == {**command_result(tmp_path, broken_document()), "limit": 150}
    assert result["valid"] is False


def test_an_unreadable_document_is_a_400_that_says_where(anon_api):
    doc = document(0)
    doc["members"][2]["type"] = "general"
    del doc["faction"]

    response = anon_api.post("/api/squads/validate/", doc, format="json")

    assert response.status_code == 400
    by_field = {e["field"]: e["message"] for e in errors(response)}
    assert by_field["faction"] == "is required"
    assert by_field["members[2].type"].startswith("unknown model type 'general' (expected one of")


def test_validation_stores_nothing(anon_api, django_assert_num_queries):
    with django_assert_num_queries(0):
        anon_api.post("/api/squads/validate/", broken_document(), format="json")
