"""The battle report screen at the table (issue #14, parts 3 and 4): it opens on the two
squads when the campaign has no other choice, and previews each side's VP before it is sent
(computed by the game's rules on the server, an htmx partial or a "Preview" button)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from campaigns import services
from campaigns.models import Battle
from rosters.models import Member

pytestmark = pytest.mark.django_db


def new_url(campaign) -> str:
    return reverse("campaigns:battle_new", args=[campaign.pk])


def ticked(html: str) -> list[str]:
    return re.findall(r'name="side" value="(\d+)" checked', html)


def test_the_choice_of_squads_starts_on_the_player_s_and_its_only_opponent(
    client, campaign, enrolled, user
):
    us, vc = enrolled
    client.force_login(user)
    html = client.get(new_url(campaign)).content.decode()
    assert ticked(html) == [str(us.pk), str(vc.pk)]


def test_with_more_squads_only_the_player_s_own_is_ticked(
    client, campaign, enrolled, other_user, organiser, make_squad_for
):
    us, vc = enrolled
    services.campaign_join(campaign=campaign, user=organiser)
    services.enrol(campaign=campaign, user=organiser, squad=make_squad_for(organiser))
    client.force_login(other_user)
    html = client.get(new_url(campaign)).content.decode()
    assert ticked(html) == [str(vc.pk)]


def test_every_cell_of_the_report_names_its_column_for_the_phone_cards(
    client, campaign, enrolled, user
):
    us, vc = enrolled
    client.force_login(user)
    html = client.get(new_url(campaign), {"side": [us.pk, vc.pk]}).content.decode()
    assert 'class="report-models"' in html
    assert 'data-label="End state"' in html and 'data-label="Treated"' in html


def preview_data(us, vc):
    ling = Member.objects.get(squad=us.squad, name="Ling")
    return {
        "side": [us.pk, vc.pk], "s0-outcome": "full", "s1-outcome": "failed",
        f"s0-m{ling.pk}-state": "killed", "preview": "1",
    }  # fmt: skip


def test_preview_shows_each_side_s_vp_and_records_nothing(client, campaign, enrolled, user):
    us, vc = enrolled
    client.force_login(user)
    response = client.post(new_url(campaign), preview_data(us, vc))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="report-preview"' in html and "<form" in html  # the whole page, still filled in
    assert "46" in html  # 50 VP for the mission, a dead grunt costs 4
    assert 'value="killed" selected' in html
    assert not Battle.objects.exists()


def test_preview_through_htmx_is_the_preview_alone(client, campaign, enrolled, user):
    us, vc = enrolled
    client.force_login(user)
    response = client.post(new_url(campaign), preview_data(us, vc), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="report-preview"')
    assert "<form" not in html and "46" in html
    assert not Battle.objects.exists()


def test_preview_before_the_missions_are_chosen_asks_for_them(client, campaign, enrolled, user):
    us, vc = enrolled
    client.force_login(user)
    data = {"side": [us.pk, vc.pk], "preview": "1"}
    html = client.post(new_url(campaign), data, HTTP_HX_REQUEST="true").content.decode()
    assert "Choose each side&#x27;s mission to see its VP." in html


def test_the_report_screen_offers_a_preview_button(client, campaign, enrolled, user):
    us, vc = enrolled
    client.force_login(user)
    html = client.get(new_url(campaign), {"side": [us.pk, vc.pk]}).content.decode()
    assert 'name="preview"' in html and 'hx-trigger="change"' in html
