"""The builder's other buttons through the API (issue #17, part 1): duplicate a squad, copy
it as plain text, and read a squad shared by its public link, with its sheet."""

from __future__ import annotations

import pytest

from rosters import services
from rosters.builder import squad_text
from rosters.models import Squad
from tests.api.conftest import errors

pytestmark = pytest.mark.django_db


def test_a_squad_is_duplicated_as_on_the_page(owner_api, squad, user):
    response = owner_api.post(f"/api/squads/{squad.pk}/duplicate/")

    assert response.status_code == 201, response.content
    body = response.json()
    copy = Squad.objects.get(pk=body["id"])
    assert response["Location"] == f"http://testserver/api/squads/{copy.pk}/"
    assert copy.owner == user and copy.pk != squad.pk
    original = owner_api.get(f"/api/squads/{squad.pk}/").json()["roster"]
    assert body["roster"]["members"] == original["members"]
    assert body["name"] == f"{squad.name} (copy)"


def test_only_the_owner_duplicates_a_squad(other_api, anon_api, squad):
    assert other_api.post(f"/api/squads/{squad.pk}/duplicate/").status_code == 404
    assert anon_api.post(f"/api/squads/{squad.pk}/duplicate/").status_code == 401
    assert Squad.objects.count() == 1


def test_the_plain_text_is_the_builder_s(owner_api, other_api, squad, user):
    response = owner_api.get(f"/api/squads/{squad.pk}/text/")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == squad_text(squad.pk, owner=user)
    assert squad.name in response.content.decode()
    refused = other_api.get(f"/api/squads/{squad.pk}/text/")
    assert refused.status_code == 404 and errors(refused)  # errors stay JSON


def test_a_shared_squad_is_read_by_anyone_while_its_link_is_on(anon_api, owner_api, squad):
    url = f"/api/shared/{squad.public_id}/"
    assert anon_api.get(url).status_code == 404  # the link is off

    services.squad_set_public(squad=squad, public=True)
    response = anon_api.get(url)

    assert response.status_code == 200
    assert response.json() == owner_api.get(f"/api/squads/{squad.pk}/export/").json()


def test_a_shared_squad_s_sheet_is_the_owner_s_sheet(anon_api, squad):
    services.squad_set_public(squad=squad, public=True)

    sheet = anon_api.get(f"/api/shared/{squad.public_id}/sheet/")
    cards = anon_api.get(f"/api/shared/{squad.public_id}/sheet/?cards=true&paper=letter")
    services.squad_set_public(squad=squad, public=False)
    hidden = anon_api.get(f"/api/shared/{squad.public_id}/sheet/")

    assert sheet.status_code == 200 and sheet.content.startswith(b"%PDF-")
    assert cards.status_code == 200 and cards["Content-Type"] == "application/pdf"
    assert hidden.status_code == 404 and errors(hidden)
