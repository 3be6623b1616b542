"""Regenerating a campaign's invitation code through the API (issue #17, parity): the
organiser only, as on the settings page."""

from __future__ import annotations

import pytest

from campaigns import services as campaign_services
from campaigns.models import Campaign
from tests.api.conftest import errors, token_client

pytestmark = pytest.mark.django_db


def url(campaign) -> str:
    return f"/api/campaigns/{campaign.pk}/invite-code/"


def test_the_organiser_regenerates_the_invitation_code(campaign, organiser, other_api):
    old = campaign.invite_code

    response = token_client(organiser).post(url(campaign))

    assert response.status_code == 200, response.content
    new = response.json()["invite_code"]
    assert new != old and Campaign.objects.get(pk=campaign.pk).invite_code == new
    joined = other_api.post("/api/campaigns/join/", {"code": old}, format="json")
    assert joined.status_code == 404 and errors(joined)[0]["field"] == "code"


def test_only_the_organiser_regenerates_it(campaign, owner_api, other_api, anon_api, user):
    campaign_services.campaign_join(campaign=campaign, user=user)
    old = campaign.invite_code

    assert owner_api.post(url(campaign)).status_code == 403  # a player
    assert other_api.post(url(campaign)).status_code == 404  # cannot read it
    assert anon_api.post(url(campaign)).status_code == 401
    assert Campaign.objects.get(pk=campaign.pk).invite_code == old


def test_the_operation_is_documented(anon_api):
    schema = anon_api.get("/api/schema/").json()
    operation = schema["paths"]["/api/campaigns/{id}/invite-code/"]["post"]

    assert operation["operationId"] == "campaigns_invite_code_create"
    assert {"200", "401", "403", "404", "429"} <= set(operation["responses"])
    assert "requestBody" not in operation
