"""A campaign's name is refused with control characters by the service (so by the page and
the API alike), and the campaign list page shows the user's own campaigns first."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns import selectors, services


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["Bad\x00name", "tab\tinside", "bell\x07"])
def test_campaign_create_refuses_control_characters(organiser, name):
    with pytest.raises(services.ServiceError) as refused:
        services.campaign_create(organiser=organiser, name=name)
    assert refused.value.field == "name"


@pytest.mark.django_db
def test_campaign_update_refuses_control_characters(campaign):
    with pytest.raises(services.ServiceError) as refused:
        services.campaign_update(
            campaign=campaign, name="Mekong\x1b", description="",
            points_limit=campaign.points_limit, is_public=False, apply_at_once=False,
            house_rules=campaign.house_rules,
        )  # fmt: skip
    assert refused.value.field == "name"


@pytest.mark.django_db
def test_the_page_form_refuses_a_name_with_control_characters(client, organiser):
    client.force_login(organiser)
    response = client.post(reverse("campaigns:create"), {"name": "Bad\x07name"})
    assert response.status_code == 400
    assert not selectors.readable_campaigns(organiser).filter(name__startswith="Bad").exists()


@pytest.mark.django_db
def test_the_list_shows_my_campaigns_before_newer_public_ones(client, organiser, user, campaign):
    public = services.campaign_create(organiser=user, name="Somebody's open war", is_public=True)
    assert public.created >= campaign.created
    assert list(selectors.readable_campaigns(organiser)) == [campaign, public]
    client.force_login(organiser)
    html = client.get(reverse("campaigns:list")).content.decode()
    assert html.index("Mekong Delta 1968") < html.index("Somebody&#x27;s open war")
