"""A campaign's pack's scenarios are offered where a scenario is typed (issue #31: "the
scenario is chosen from the campaign's list (a pack's scenarios) or typed"): a datalist on the
round page's scenario forms and on the report screen; typing stays free."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns import selectors, services
from rosters import services as roster_services
from tests.campaigns.test_round_pages import enrol_many, round_url

pytestmark = pytest.mark.django_db

SCENARIOS = [
    {"scenario": "hold", "name": "Hold the <line>", "win": 3, "draw": 1, "loss": 0},
    {"scenario": "raid", "name": "Night raid", "win": 3, "draw": 1, "loss": 0},
]


@pytest.fixture
def with_pack(campaign, organiser):
    pack = roster_services.pack_create(
        owner=organiser, system=campaign.system, name="Club", tables={"scenarios": SCENARIOS}
    )
    services.campaign_pack_set(campaign=campaign, user=organiser, pack=pack)
    campaign.refresh_from_db()
    return campaign


def test_the_names_come_from_the_campaign_s_pack_and_none_without_one(
    campaign, with_pack, django_assert_num_queries
):
    with django_assert_num_queries(1):
        assert selectors.scenario_names(with_pack) == ["Hold the <line>", "Night raid"]
    services.campaign_pack_set(campaign=campaign, user=campaign.organiser, pack=None)
    campaign.refresh_from_db()
    with django_assert_num_queries(0):
        assert selectors.scenario_names(campaign) == []


def test_the_round_page_offers_them_to_the_organiser_escaped(
    client, with_pack, organiser, django_user_model
):
    enrol_many(with_pack, django_user_model, 4)
    client.force_login(organiser)
    client.post(reverse("campaigns:rounds", args=[with_pack.pk]), {"mode": "random", "seed": "3"})
    page = client.get(round_url(with_pack)).content.decode()
    assert '<datalist id="scenarios">' in page
    assert '<option value="Hold the &lt;line&gt;">' in page and "Hold the <line>" not in page
    assert page.count('list="scenarios"') == 2  # one scenario form per table


def test_the_report_screen_offers_them(client, with_pack, django_user_model):
    entries = enrol_many(with_pack, django_user_model, 2)
    player = entries[0].player
    client.force_login(player)
    url = reverse("campaigns:battle_new", args=[with_pack.pk])
    page = client.get(f"{url}?side={entries[0].pk}&side={entries[1].pk}").content.decode()
    assert 'list="scenarios"' in page and '<option value="Night raid">' in page
