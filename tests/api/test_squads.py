"""The squads endpoints: a squad read and written as a whole squad-roster/1 document."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.urls import reverse

from rosters.adapters import squad_to_roster, squads_with_members
from rosters.demo import demo_rosters
from rosters.models import Squad
from rules.documents import roster_to_document
from rules.types import Roster
from tests.api.conftest import document, errors

pytestmark = pytest.mark.django_db


def stored_document(squad: Squad) -> dict:
    return roster_to_document(squad_to_roster(squads_with_members().get(pk=squad.pk)))


# --- list and create ------------------------------------------------------------------------


def test_the_list_is_paged_by_name(owner_api, make_squad):
    for i in (3, 1, 2):
        make_squad(roster=Roster("black-sun", f"Squad {i}", "us-army"))

    first = owner_api.get("/api/squads/", {"page_size": 2}).json()
    second = owner_api.get(first["next"]).json()

    assert first["count"] == 3
    assert [s["name"] for s in first["results"]] == ["Squad 1", "Squad 2"]
    assert [s["name"] for s in second["results"]] == ["Squad 3"]
    assert second["next"] is None


def test_a_page_past_the_end_is_404_and_a_bad_page_size_400(owner_api, squad):
    past = owner_api.get("/api/squads/", {"page": 9})
    too_big = owner_api.get("/api/squads/", {"page_size": 101})

    assert past.status_code == 404 and errors(past)[0]["code"] == "not-found"
    assert too_big.status_code == 400
    assert errors(too_big) == [
        {"code": "invalid", "message": "must be a whole number from 1 to 100", "field": "page_size"}
    ]


def test_create_stores_an_empty_squad_and_says_where(owner_api, user):
    response = owner_api.post(
        "/api/squads/", {"name": "Hill 937", "faction": "viet-cong"}, format="json"
    )

    assert response.status_code == 201
    body = response.json()
    squad = Squad.objects.get(pk=body["id"])
    assert squad.owner == user and squad.name == "Hill 937" and squad.points_limit == 200
    assert response["Location"].endswith(f"/api/squads/{squad.pk}/")
    assert body["roster"]["members"] == [] and body["roster"]["faction"] == "viet-cong"


def test_create_gives_the_web_pages_message_for_a_blank_name(owner_api):
    response = owner_api.post("/api/squads/", {"name": "  ", "faction": "us-army"}, format="json")

    assert response.status_code == 400
    assert errors(response) == [
        {"code": "invalid", "message": "A squad needs a name.", "field": "name"}
    ]
    assert not Squad.objects.exists()


def test_create_refuses_an_unknown_key_and_an_unknown_faction(owner_api):
    response = owner_api.post(
        "/api/squads/", {"name": "X", "faction": "marines", "colour": "red"}, format="json"
    )

    assert response.status_code == 400
    assert {(e["field"], e["code"]) for e in errors(response)} == {("colour", "unknown-key")}
    response = owner_api.post("/api/squads/", {"name": "X", "faction": "marines"}, format="json")
    assert [(e["field"], e["code"]) for e in errors(response)] == [("faction", "invalid-choice")]


# --- read, import, export -------------------------------------------------------------------


def test_a_squad_reads_as_its_export_document(owner_api, squad):
    body = owner_api.get(f"/api/squads/{squad.pk}/").json()

    assert body["id"] == squad.pk and body["version"] == squad.version
    assert body["in_campaign"] is False and body["public_url"] is None
    assert body["roster"] == stored_document(squad) == document(0)


def test_import_stores_the_document_as_a_new_squad(owner_api, user):
    response = owner_api.post("/api/squads/import/", document(1), format="json")

    assert response.status_code == 201
    squad = Squad.objects.get(pk=response.json()["id"])
    assert squad.owner == user
    assert stored_document(squad) == document(1)


def test_import_reports_every_problem_of_the_document_with_its_path(owner_api):
    doc = document(0)
    doc["members"][0]["equipment"][0]["item"] = "laser"
    doc["members"][1]["rp"] = -1
    doc["colour"] = "green"

    response = owner_api.post("/api/squads/import/", doc, format="json")

    assert response.status_code == 400
    assert {(e["field"], e["code"]) for e in errors(response)} == {
        ("colour", "invalid-document"),
        ("members[0].equipment[0].item", "invalid-document"),
        ("members[1].rp", "invalid-document"),
    }
    messages = {e["field"]: e["message"] for e in errors(response)}
    assert messages["colour"] == "unknown key 'colour'"  # as the web import and the CLI say
    assert messages["members[1].rp"] == "must be from 0 to 10000, not -1"
    assert not Squad.objects.exists()


def test_import_reports_a_name_clash_where_it_is(owner_api):
    doc = document(0)
    doc["members"][2]["name"] = doc["members"][1]["name"]

    response = owner_api.post("/api/squads/import/", doc, format="json")

    assert response.status_code == 422  # names unique across a list: no schema says it
    assert errors(response) == [{
        "code": "invalid",
        "message": f"another model is already named {doc['members'][1]['name']}",
        "field": "members[2].name",
    }]  # fmt: skip
    assert not Squad.objects.exists()


def test_export_is_the_web_export_byte_for_byte(owner_api, client, user, make_squad):
    squad = make_squad(roster=replace(demo_rosters()[0], name="Ngô's \u2028 «Rats»"))
    client.force_login(user)

    web = client.get(reverse("rosters:export", args=[squad.pk]))
    api = owner_api.get(f"/api/squads/{squad.pk}/export/", HTTP_ACCEPT="text/html")

    assert api.status_code == 200
    assert api.content == web.content
    assert api["Content-Type"] == web["Content-Type"] == "application/json"
    assert api["Content-Disposition"] == web["Content-Disposition"]


def test_export_then_import_gives_back_the_same_squad(owner_api, squad):
    exported = owner_api.get(f"/api/squads/{squad.pk}/export/").json()

    copy = owner_api.post("/api/squads/import/", exported, format="json").json()

    assert copy["id"] != squad.pk
    assert copy["roster"] == exported == stored_document(squad)


# --- replace (PUT) and change (PATCH) -------------------------------------------------------


def test_put_replaces_the_models_and_keeps_the_squads_identity(owner_api, squad):
    squad.is_public = True
    squad.save()

    response = owner_api.put(f"/api/squads/{squad.pk}/", document(3), format="json")

    assert response.status_code == 200
    stored = Squad.objects.get(pk=squad.pk)
    assert (stored.owner_id, stored.public_id, stored.is_public) == (
        squad.owner_id, squad.public_id, True)  # fmt: skip
    assert stored.version > squad.version
    assert stored.name == document(3)["name"] and stored.faction == document(3)["faction"]
    assert stored_document(stored) == document(3) == response.json()["roster"]
    assert Squad.objects.count() == 1  # nothing left over


def test_a_refused_put_changes_nothing(owner_api, squad):
    doc = document(2)
    doc["members"][3]["assists"] = "Nobody"

    response = owner_api.put(f"/api/squads/{squad.pk}/", doc, format="json")

    assert response.status_code == 422  # the schema's shape; no schema says who is in it
    assert errors(response) == [{
        "code": "invalid",
        "message": "no model named Nobody in this squad",
        "field": "members[3].assists",
    }]  # fmt: skip
    stored = Squad.objects.get(pk=squad.pk)
    assert stored.version == squad.version
    assert stored_document(stored) == document(0)
    assert Squad.objects.count() == 1


def test_a_campaign_squad_refuses_replacement(owner_api, squad):
    Squad.objects.filter(pk=squad.pk).update(in_campaign=True)

    response = owner_api.put(f"/api/squads/{squad.pk}/", document(2), format="json")

    assert response.status_code == 409
    [error] = errors(response)
    assert error["code"] == "campaign-squad" and "campaign" in error["message"]
    assert stored_document(squad) == document(0)


def test_a_campaign_squad_keeps_the_services_rules(owner_api, squad):
    """409 like PUT on it: the squad's state (its campaign) forbids it, not the input."""
    Squad.objects.filter(pk=squad.pk).update(in_campaign=True)

    delete = owner_api.delete(f"/api/squads/{squad.pk}/")
    patch = owner_api.patch(f"/api/squads/{squad.pk}/", {"faction": "adaro"}, format="json")

    assert (delete.status_code, patch.status_code) == (409, 409)
    assert errors(delete) == [{
        "code": "campaign-squad",
        "message": "Mint's Marauders plays in a campaign: it cannot be deleted.",
        "field": "squad",
    }]  # fmt: skip
    assert errors(patch)[0]["message"] == "A campaign squad keeps its faction."
    assert Squad.objects.get(pk=squad.pk).faction == "us-army"


def test_patch_changes_the_settings_and_bumps_the_version(owner_api, squad):
    response = owner_api.patch(
        f"/api/squads/{squad.pk}/", {"points_limit": 250, "is_public": True}, format="json"
    )

    assert response.status_code == 200
    body = response.json()
    stored = Squad.objects.get(pk=squad.pk)
    assert stored.points_limit == 250 and stored.name == squad.name and stored.is_public
    assert stored.version == squad.version + 1 == body["version"]
    assert body["public_url"] == f"http://testserver/s/{squad.public_id}/"


def test_patch_refuses_a_blank_name_with_the_web_message(owner_api, squad):
    response = owner_api.patch(f"/api/squads/{squad.pk}/", {"name": ""}, format="json")

    assert response.status_code == 400
    assert errors(response) == [
        {"code": "invalid", "message": "A squad needs a name.", "field": "name"}
    ]
    assert Squad.objects.get(pk=squad.pk).name == squad.name


def test_delete_removes_the_squad(owner_api, squad):
    response = owner_api.delete(f"/api/squads/{squad.pk}/")

    assert response.status_code == 204 and response.content == b""
    assert not Squad.objects.exists()
