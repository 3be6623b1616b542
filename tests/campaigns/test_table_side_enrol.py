"""Enrolling squads at the table (issue #14, part 2): an invalid squad is enrolled with a
warning, or refused where the organiser requires valid squads; squads that share a name
are told apart in the enrol list; a player with no squad enrolled is told what to do next."""

from __future__ import annotations

import dataclasses

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from campaigns import services
from campaigns.models import Entry
from core.errors import Invalid
from rosters import services as roster_services
from rosters.demo import demo_rosters
from rosters.models import Squad
from rules import get_system

pytestmark = pytest.mark.django_db


def demo(faction: str):
    return next(r for r in demo_rosters() if r.faction == faction)


@pytest.fixture
def invalid_squad(user):
    """Mint's Marauders cut down to three models: a squad has 6 to 15 (squad-size)."""
    roster = demo("us-army")
    roster = dataclasses.replace(roster, name="Three Men", members=roster.members[:3])
    return roster_services.squad_import(owner=user, roster=roster)


@pytest.fixture
def player(client, campaign, user):
    services.campaign_join(campaign=campaign, user=user)
    client.force_login(user)
    return client


def enrol_url(campaign) -> str:
    return reverse("campaigns:enrol", args=[campaign.pk])


def require_valid(campaign) -> None:
    campaign.require_valid_squads = True
    campaign.save()


# --- 1. an invalid squad: a warning, or refused where the campaign requires valid squads -------


def test_enrolling_an_invalid_squad_warns_with_the_rule_it_breaks(player, campaign, invalid_squad):
    response = player.post(enrol_url(campaign), {"squad": invalid_squad.pk}, follow=True)

    page = response.content.decode()
    assert Entry.objects.filter(campaign=campaign, original=invalid_squad).exists()
    assert 'class="warning"' in page
    assert "Three Men is enrolled but breaks 1 rule" in page
    assert "6 to 15 models" in page  # the rule, in words


def test_a_valid_squad_is_enrolled_without_a_warning(player, campaign, user, make_squad_for):
    squad = make_squad_for(user)

    page = player.post(enrol_url(campaign), {"squad": squad.pk}, follow=True).content.decode()

    assert "is enrolled" in page and 'class="warning"' not in page


def test_a_campaign_requiring_valid_squads_refuses_an_invalid_one_saying_why(
    campaign, user, invalid_squad
):
    services.campaign_join(campaign=campaign, user=user)
    require_valid(campaign)
    squads_before = Squad.objects.count()

    with pytest.raises(Invalid) as refused:
        services.enrol(campaign=campaign, user=user, squad=invalid_squad)

    assert refused.value.field == "squad" and refused.value.code == "squad-not-valid"
    assert "this campaign enrols valid squads only" in refused.value.message
    assert "Three Men" in refused.value.message and "6 to 15 models" in refused.value.message
    assert not Entry.objects.exists() and Squad.objects.count() == squads_before  # no copy


def test_a_campaign_requiring_valid_squads_still_enrols_a_valid_one(campaign, user, make_squad_for):
    services.campaign_join(campaign=campaign, user=user)
    require_valid(campaign)

    entry = services.enrol(campaign=campaign, user=user, squad=make_squad_for(user))

    assert entry.squad.name == "Mint's Marauders"


def test_the_enrol_page_says_why_an_invalid_squad_is_refused(player, campaign, invalid_squad):
    require_valid(campaign)

    response = player.post(enrol_url(campaign), {"squad": invalid_squad.pk}, follow=True)

    page = response.content.decode()
    assert not Entry.objects.exists()
    assert "this campaign enrols valid squads only" in page and "6 to 15 models" in page
    assert response.redirect_chain[-1][0] == enrol_url(campaign)  # back to the choice


def test_the_api_enrol_answers_the_rules_an_enrolled_squad_breaks(campaign, user, invalid_squad):
    services.campaign_join(campaign=campaign, user=user)
    api = APIClient()
    api.force_authenticate(user)

    response = api.post(f"/api/campaigns/{campaign.pk}/enrol/", {"squad_id": invalid_squad.pk},
                        format="json")  # fmt: skip

    assert response.status_code == 201
    body = response.json()
    assert body["valid"] is False
    assert [v["code"] for v in body["violations"]] == ["squad-size"]
    assert "6 to 15 models" in body["violations"][0]["message"]


def test_the_api_enrol_refuses_an_invalid_squad_where_valid_ones_are_required(
    campaign, user, invalid_squad
):
    services.campaign_join(campaign=campaign, user=user)
    require_valid(campaign)
    api = APIClient()
    api.force_authenticate(user)

    response = api.post(f"/api/campaigns/{campaign.pk}/enrol/", {"squad_id": invalid_squad.pk},
                        format="json")  # fmt: skip

    assert response.status_code == 422  # the stored squad breaks a rule: no schema knows it
    [error] = response.json()["errors"]
    assert (error["field"], error["code"]) == ("squad_id", "squad-not-valid")
    assert "6 to 15 models" in error["message"]
    assert not Entry.objects.exists()


def test_the_organiser_requires_valid_squads_on_the_settings_page(client, campaign, organiser):
    client.force_login(organiser)
    url = reverse("campaigns:settings", args=[campaign.pk])
    assert 'name="require_valid_squads"' in client.get(url).content.decode()

    response = client.post(url, {"name": campaign.name, "points_limit": 200,
                                 "require_valid_squads": "on"})  # fmt: skip

    assert response.status_code == 302
    campaign.refresh_from_db()
    assert campaign.require_valid_squads is True


def test_a_new_campaign_enrols_invalid_squads_with_a_warning(campaign):
    assert campaign.require_valid_squads is False


def test_a_reader_who_does_not_play_is_asked_to_join_before_enrolling(
    client, campaign, user, make_squad_for
):
    campaign.is_public = True
    campaign.save()
    make_squad_for(user)
    client.force_login(user)

    response = client.get(enrol_url(campaign), follow=True)

    assert response.redirect_chain[-1][0] == reverse("campaigns:detail", args=[campaign.pk])
    assert "Join the campaign before enrolling a squad." in response.content.decode()


# --- 2. squads that share a name, told apart -------------------------------------------------


def test_the_enrol_list_tells_apart_two_squads_of_the_same_name(player, campaign, user):
    us = roster_services.squad_import(
        owner=user, roster=dataclasses.replace(demo("us-army"), name="Twins")
    )
    vc = dataclasses.replace(demo("viet-cong"), name="Twins", members=demo("viet-cong").members[:4])
    cut = roster_services.squad_import(owner=user, roster=vc)
    cut_points = get_system("black-sun").points(vc)  # 115: fewer models, fewer points

    page = player.get(enrol_url(campaign)).content.decode()

    for squad, faction, points, models in (
        (us, "US Army", 200, 12),
        (cut, "Viet Cong", cut_points, 4),
    ):
        start = page.index(f'value="{squad.pk}"')
        line = page[start : page.index("</li>", start)]
        assert "Twins" in line and faction in line
        assert f"{models} models" in line
        assert f"{points} / 200 pts" in line
    us_line = page[page.index(f'value="{us.pk}"') :]
    cut_line = page[page.index(f'value="{cut.pk}"') :]
    assert "valid" in us_line[: us_line.index("</li>")]
    assert "breaks 2 rules" in cut_line[: cut_line.index("</li>")]


def test_the_enrol_list_offers_no_invalid_squad_where_valid_ones_are_required(
    player, campaign, invalid_squad
):
    require_valid(campaign)

    page = player.get(enrol_url(campaign)).content.decode()

    start = page.index(f'value="{invalid_squad.pk}"')
    assert "disabled" in page[start : page.index(">", start)]
    assert "This campaign enrols valid squads only" in page


# --- 4. a player with no squad enrolled is told what to do next -----------------------------


def test_a_player_with_a_squad_to_enrol_is_sent_to_the_enrol_page(player, campaign, user,
                                                                   make_squad_for):  # fmt: skip
    make_squad_for(user)

    page = player.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()

    assert "No squad of yours plays in this campaign yet" in page
    assert f'href="{enrol_url(campaign)}"' in page


def test_a_player_with_no_squad_is_told_to_create_one_first(player, campaign):
    page = player.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()

    assert "No squad of yours plays in this campaign yet" in page
    assert "create one first" in page
    assert f'href="{reverse("rosters:list")}"' in page


def test_a_player_with_a_squad_enrolled_is_not_told_again(client, campaign, enrolled, user):
    client.force_login(user)

    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()

    assert "No squad of yours plays in this campaign yet" not in page
