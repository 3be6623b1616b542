"""The organiser regenerates a campaign's invitation code (issue #17, parity): the old link
and code stop working, the players stay. The settings page's button posts (CSRF, htmx or
not), the service is ``campaigns.services.campaign_invite_regenerate``."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns import services
from campaigns.models import Campaign, Player
from core.errors import NotAllowed

pytestmark = pytest.mark.django_db


def test_the_organiser_gets_a_new_code_and_the_old_one_stops_working(campaign, organiser):
    old = campaign.invite_code

    regenerated = services.campaign_invite_regenerate(campaign=campaign, user=organiser)

    assert regenerated.invite_code != old and len(regenerated.invite_code) >= 12
    assert Campaign.objects.get(pk=campaign.pk).invite_code == regenerated.invite_code
    assert not Campaign.objects.filter(invite_code=old).exists()


def test_the_players_stay_when_the_code_changes(campaign, organiser, user):
    services.campaign_join(campaign=campaign, user=user)

    services.campaign_invite_regenerate(campaign=campaign, user=organiser)

    assert Player.objects.filter(campaign=campaign, user=user).exists()


def test_only_the_organiser_regenerates(campaign, user):
    services.campaign_join(campaign=campaign, user=user)
    old = campaign.invite_code

    with pytest.raises(NotAllowed):
        services.campaign_invite_regenerate(campaign=campaign, user=user)

    assert Campaign.objects.get(pk=campaign.pk).invite_code == old


def test_the_settings_page_has_the_button(client, campaign, organiser):
    client.force_login(organiser)

    html = client.get(reverse("campaigns:settings", args=[campaign.pk])).content.decode()

    url = reverse("campaigns:invite_regenerate", args=[campaign.pk])
    form = html[html.index(f'action="{url}"') :]
    assert 'method="post"' in html and "csrfmiddlewaretoken" in form.split("</form>")[0]
    assert "New invitation code" in form.split("</form>")[0]


def test_the_button_posts_and_the_page_says_so(client, campaign, organiser):
    client.force_login(organiser)
    old = campaign.invite_code

    response = client.post(reverse("campaigns:invite_regenerate", args=[campaign.pk]))

    campaign.refresh_from_db()
    assert response.status_code == 302
    assert response["Location"] == reverse("campaigns:settings", args=[campaign.pk])
    assert campaign.invite_code != old
    page = client.get(response["Location"]).content.decode()
    assert "A new invitation code is made: the old link no longer works." in page
    assert client.get(reverse("campaigns:join_link", args=[old])).status_code == 404


def test_the_button_works_through_htmx(client, campaign, organiser):
    client.force_login(organiser)

    response = client.post(
        reverse("campaigns:invite_regenerate", args=[campaign.pk]), HTTP_HX_REQUEST="true"
    )

    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("campaigns:settings", args=[campaign.pk])


def test_only_the_organiser_may_post_and_only_a_post(client, campaign, organiser, user):
    services.campaign_join(campaign=campaign, user=user)
    url = reverse("campaigns:invite_regenerate", args=[campaign.pk])
    old = campaign.invite_code

    client.force_login(user)
    assert client.post(url).status_code == 404  # as the settings page: not theirs
    client.force_login(organiser)
    assert client.get(url).status_code == 405
    client.logout()
    assert client.post(url).status_code == 302  # to the log-in page

    assert Campaign.objects.get(pk=campaign.pk).invite_code == old
