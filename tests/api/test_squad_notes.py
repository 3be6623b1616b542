"""Notes through the API (issue #17, parity): the squad's own notes and each model's, read
on the squad resource and changed with PATCH, checked by the same service as the builder.
The squad-roster/1 document holds none (docs/formats.md: its keys are a contract)."""

from __future__ import annotations

import re

import pytest

from rosters import services
from rosters.models import Member, Squad
from tests.api.conftest import errors

pytestmark = pytest.mark.django_db


def test_a_squad_reads_its_notes_and_its_models_notes(owner_api, squad):
    services.squad_update(
        squad=squad, name=squad.name, faction=squad.faction, points_limit=squad.points_limit,
        notes="Deploy last.",
    )  # fmt: skip
    ling = squad.members.get(name="Ling")
    services.member_update(
        member=ling, name="Ling", type=ling.type, status=ling.status, notes="Radio"
    )

    body = owner_api.get(f"/api/squads/{squad.pk}/").json()

    assert body["notes"] == {"squad": "Deploy last.", "members": {"Ling": "Radio"}}
    assert "notes" not in body["roster"]  # the document holds none
    assert all("notes" not in member for member in body["roster"]["members"])


def test_patch_changes_the_squads_notes_and_keeps_the_models(owner_api, squad):
    response = owner_api.patch(
        f"/api/squads/{squad.pk}/", {"notes": {"squad": "Hold the bridge.\r\nThen go."}},
        format="json",
    )  # fmt: skip

    assert response.status_code == 200, response.content
    assert response.json()["notes"] == {"squad": "Hold the bridge.\nThen go.", "members": {}}
    assert Squad.objects.get(pk=squad.pk).notes == "Hold the bridge.\nThen go."


def test_patch_changes_the_named_models_notes_and_only_theirs(owner_api, squad):
    Member.objects.filter(squad=squad, name="Song").update(notes="Keep")
    version = squad.version

    response = owner_api.patch(
        f"/api/squads/{squad.pk}/", {"notes": {"members": {"Ling": "Radio", "Song": ""}}},
        format="json",
    )  # fmt: skip

    assert response.status_code == 200, response.content
    assert response.json()["notes"]["members"] == {"Ling": "Radio"}
    assert response.json()["version"] > version
    assert Squad.objects.get(pk=squad.pk).notes == ""


def test_notes_are_refused_as_the_builder_refuses_them(owner_api, squad):
    long = owner_api.patch(
        f"/api/squads/{squad.pk}/", {"notes": {"squad": "x" * 2001}}, format="json"
    )
    control = owner_api.patch(
        f"/api/squads/{squad.pk}/", {"notes": {"members": {"Ling": "a\x07"}}}, format="json"
    )
    nobody = owner_api.patch(
        f"/api/squads/{squad.pk}/", {"notes": {"members": {"Nobody": "x"}}}, format="json"
    )
    typo = owner_api.patch(f"/api/squads/{squad.pk}/", {"notes": {"sqaud": "x"}}, format="json")

    assert long.status_code == 400 and errors(long)[0]["field"] == "notes.squad"
    assert control.status_code == 400
    assert errors(control)[0] == {
        "code": "invalid", "message": "Notes cannot hold control characters.",
        "field": "notes.members.Ling",
    }  # fmt: skip
    assert nobody.status_code == 422  # the body's shape is right: the squad has no Nobody
    assert errors(nobody) == [{
        "code": "unknown-member", "message": "This squad has no model named Nobody.",
        "field": "notes.members.Nobody",
    }]  # fmt: skip
    assert typo.status_code == 400 and errors(typo)[0]["code"] == "unknown-key"
    assert Member.objects.get(squad=squad, name="Ling").notes == ""


def test_a_campaign_squad_keeps_notes_too(owner_api, campaign, enrolled):
    squad_id = enrolled[0].squad_id

    response = owner_api.patch(
        f"/api/squads/{squad_id}/",
        {"notes": {"squad": "Veterans now.", "members": {"Ling": "Lost an eye"}}},
        format="json",
    )

    assert response.status_code == 200, response.content
    assert response.json()["notes"] == {
        "squad": "Veterans now.",
        "members": {"Ling": "Lost an eye"},
    }


def test_the_schema_says_the_limits(anon_api):
    parts = anon_api.get("/api/schema/").json()["components"]["schemas"]
    notes = parts["PatchedSquadChangeRequest"]["properties"]["notes"]
    notes = parts[notes["allOf"][0]["$ref"].rsplit("/", 1)[1]]

    assert notes["properties"]["squad"]["maxLength"] == 2000  # "" too: the pattern takes it
    assert notes["properties"]["members"]["additionalProperties"]["maxLength"] == 300
    assert re.search(notes["properties"]["squad"]["pattern"], "") is not None
    assert notes["additionalProperties"] is False
    operation = anon_api.get("/api/schema/").json()["paths"]["/api/squads/{id}/"]["patch"]
    assert {"400", "404", "409", "422"} <= set(operation["responses"])
