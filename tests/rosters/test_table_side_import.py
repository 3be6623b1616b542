"""Issue 14, part 2: the import page names the model a problem is about, not its path in the
document; the API keeps the path in ``field`` (docs/formats.md, a public contract)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from django.utils.html import escape

from rosters.demo import demo_rosters
from rosters.models import Squad
from rules.documents import roster_to_document
from tests.api.conftest import token_client

pytestmark = pytest.mark.django_db


def us_document() -> dict:
    return roster_to_document(demo_rosters()[0])


def import_page(client, document: dict) -> str:
    response = client.post(reverse("rosters:import"), {"text": json.dumps(document)})
    assert response.status_code == 400 and not Squad.objects.exists()
    return response.content.decode()


def test_an_unknown_item_names_the_model_and_its_line(owner_client):
    document = us_document()
    document["members"][0]["equipment"][0]["item"] = "x"
    page = import_page(owner_client, document)
    assert escape("Capt. Steven Mint, equipment 1: unknown item 'x'") in page
    assert "members[0]" not in page


def test_an_ability_and_a_record_value_name_the_model(owner_client):
    document = us_document()
    document["members"][1]["abilities"][0] = "flying"
    document["members"][2]["cv_loss"] = 11
    page = import_page(owner_client, document)
    assert escape("Sgt. Harry Pierce, ability 1: unknown ability 'flying'") in page
    assert escape("Cpl. Tyrone Jackson, CV lost: must be from 0 to 10, not 11") in page


def test_a_model_without_a_readable_name_keeps_its_path(owner_client):
    document = us_document()
    document["members"][3]["name"] = ""
    page = import_page(owner_client, document)
    assert "members[3].name: must not be empty" in page


def test_a_name_given_twice_names_the_model(owner_client):
    document = us_document()
    document["members"][2]["name"] = document["members"][1]["name"]
    page = import_page(owner_client, document)
    assert escape("Sgt. Harry Pierce, name: another model is already named") in page
    assert "members[2]" not in page


def test_the_api_keeps_the_path(user):
    document = us_document()
    document["members"][0]["equipment"][0]["item"] = "x"
    response = token_client(user).post("/api/squads/import/", document, format="json")
    [error] = response.json()["errors"]
    assert error["field"] == "members[0].equipment[0].item"
    assert error["message"].startswith("unknown item 'x'")
