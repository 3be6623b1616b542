"""A campaign's timeline (issue #31, item 4): the page (newest first, paginated, for whoever
may read the campaign), its Atom feed (a public campaign's open, a private one's behind a
secret address) and the API's; hostile names escaped; a fixed number of queries."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from campaigns import services
from campaigns.models import Battle, Campaign
from campaigns.selectors.happenings import feed_token
from campaigns.views import timeline as timeline_views
from rosters.models import Member, Squad
from tests.campaigns.conftest import report

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"
HOSTILE = "<img src=x onerror=alert(1)> & Co"


def fight(campaign, us, them, *, killed=None, confirm_by):
    side = {"casualties": [{"member": killed, "state": "killed"}]} if killed else None
    battle = services.battle_submit(
        campaign=campaign, user=us.player, document=report(us, them, us_side=side)
    ).battle
    services.battle_confirm(battle=battle, user=confirm_by, rng=random.Random(3))
    return battle


@pytest.fixture
def story(campaign, enrolled, organiser, other_user):
    """Battle 1 (a model killed), battle 2 confirmed then voided, one squad named with
    markup."""
    us, them = enrolled
    Squad.objects.filter(pk=us.squad_id).update(name=HOSTILE)
    victim = Member.objects.filter(squad_id=us.squad_id).order_by("-position").first()
    first = fight(campaign, us, them, killed=victim.name, confirm_by=other_user)
    second = fight(campaign, us, them, confirm_by=other_user)
    services.battle_void(battle=second, user=organiser)
    return {"victim": victim, "battles": [first, second]}


def feed_entries(content: bytes) -> list[dict]:
    root = ET.fromstring(content)
    assert root.tag == f"{ATOM}feed"
    return [
        {
            "title": entry.findtext(f"{ATOM}title"),
            "updated": entry.findtext(f"{ATOM}updated"),
            "id": entry.findtext(f"{ATOM}id"),
            "summary": entry.findtext(f"{ATOM}summary") or "",
        }
        for entry in root.findall(f"{ATOM}entry")
    ]


def test_the_page_lists_what_happened_newest_first(client, campaign, organiser, story):
    client.force_login(organiser)
    detail = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    url = reverse("campaigns:timeline", args=[campaign.pk])
    assert url in detail
    page = client.get(url).content.decode()
    voided = page.index("Battle 2 voided")
    assert voided < page.index("Battle 2 confirmed") < page.index("Battle 1 confirmed")
    victim = story["victim"].name
    assert f"{victim}: status active → dead" in page
    assert page.index(f"{victim}: status") < page.index("Battle 1 confirmed")
    assert "&lt;img src=x onerror=alert(1)&gt; &amp; Co" in page and "<img src=x" not in page
    # the private campaign's feed address, with its secret, for its readers
    assert reverse("campaigns:timeline_feed_token", args=[campaign.pk, feed_token(campaign)]) in (
        page
    )


def test_the_page_is_paginated(client, campaign, organiser, story, monkeypatch):
    monkeypatch.setattr(timeline_views, "TIMELINE_PER_PAGE", 2)
    client.force_login(organiser)
    url = reverse("campaigns:timeline", args=[campaign.pk])
    first = client.get(url).content.decode()
    second = client.get(url + "?page=2").content.decode()
    assert "Battle 2 voided" in first and "Battle 2 voided" not in second
    assert "Page 2 of" in second


def test_a_private_campaign_s_timeline_and_feed_are_refused_to_strangers(
    client, campaign, story, django_user_model
):
    stranger = django_user_model.objects.create_user(username="stranger", password="x")
    for who in (None, stranger):
        if who is not None:
            client.force_login(who)
        assert client.get(reverse("campaigns:timeline", args=[campaign.pk])).status_code == 404
        assert client.get(reverse("campaigns:timeline_feed", args=[campaign.pk])).status_code == (
            404
        )
        wrong = reverse("campaigns:timeline_feed_token", args=[campaign.pk, "0" * 32])
        assert client.get(wrong).status_code == 404
    api = APIClient()
    assert api.get(f"/api/campaigns/{campaign.pk}/timeline/").status_code == 404
    # the secret address: a feed reader, with no session
    client.logout()
    token_url = reverse("campaigns:timeline_feed_token", args=[campaign.pk, feed_token(campaign)])
    assert client.get(token_url).status_code == 200
    # a new invitation code ends the old address
    old = feed_token(campaign)
    services.campaign_invite_regenerate(campaign=campaign, user=campaign.organiser)
    campaign.refresh_from_db()
    assert feed_token(campaign) != old
    gone = reverse("campaigns:timeline_feed_token", args=[campaign.pk, old])
    assert client.get(gone).status_code == 404


def test_the_atom_feed_gives_the_entries_newest_first(client, campaign, story):
    Campaign.objects.filter(pk=campaign.pk).update(is_public=True)
    response = client.get(reverse("campaigns:timeline_feed", args=[campaign.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    entries = feed_entries(response.content)
    titles = [e["title"] for e in entries]
    assert titles[0] == "Battle 2 voided"
    assert titles.index("Battle 2 confirmed") < titles.index("Battle 1 confirmed")
    victim = story["victim"].name
    assert f"{HOSTILE}, {victim}: status active → dead" in titles  # text, as typed
    updated = [e["updated"] for e in entries]
    assert updated == sorted(updated, reverse=True)
    assert len({e["id"] for e in entries}) == len(entries)
    # the summary is HTML: the user text in it escaped once more
    confirmed = next(e for e in entries if e["title"] == "Battle 1 confirmed")
    assert "&lt;img src=x" in confirmed["summary"] and "<img" not in confirmed["summary"]


def test_the_api_gives_the_same_events(campaign, organiser, story):
    api = APIClient()
    api.force_authenticate(organiser)
    response = api.get(f"/api/campaigns/{campaign.pk}/timeline/")
    assert response.status_code == 200, response.content[:300]
    body = response.json()
    assert body["count"] == len(body["results"])
    assert [r["kind"] for r in body["results"][:2]] == ["battle-voided", "battle-confirmed"]
    assert body["results"][0]["title"] == "Battle 2 voided"


@pytest.mark.parametrize("battles", [2, 20])
def test_the_page_and_the_feed_run_a_fixed_number_of_queries(
    client, campaign, enrolled, organiser, other_user, battles, django_assert_num_queries
):
    us, them = enrolled
    Campaign.objects.filter(pk=campaign.pk).update(is_public=True)
    victim = Member.objects.filter(squad_id=us.squad_id).order_by("-position").first()
    fight(campaign, us, them, killed=victim.name, confirm_by=other_user)
    for _ in range(battles - 2):
        fight(campaign, us, them, confirm_by=other_user)
    services.battle_void(battle=fight(campaign, us, them, confirm_by=other_user), user=organiser)
    assert Battle.objects.filter(campaign=campaign).count() == battles
    client.force_login(organiser)
    url = reverse("campaigns:timeline", args=[campaign.pk])
    client.get(url)  # the session, the user: read once
    with django_assert_num_queries(QUERIES["page"]):
        assert client.get(url).status_code == 200
    with django_assert_num_queries(QUERIES["feed"]):
        client.get(reverse("campaigns:timeline_feed", args=[campaign.pk]))


QUERIES = {"page": 8, "feed": 5}  # the same at 2 and at 20 battles


def test_rounds_published_and_closed_are_on_the_timeline(
    client, campaign, organiser, django_user_model
):
    from tests.campaigns.test_round_pages import enrol_many

    enrol_many(campaign, django_user_model, 3)
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=4)
    services.round_publish(round=round, by=organiser)
    services.round_close(round=round, by=organiser)
    client.force_login(organiser)
    page = client.get(reverse("campaigns:timeline", args=[campaign.pk])).content.decode()
    assert page.index("Round 1 closed") < page.index("Round 1 published")
    assert "at random, 1 table" in page
    assert reverse("campaigns:round", args=[campaign.pk, 1]) in page
