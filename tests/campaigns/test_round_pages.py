"""The round pages (issue #31): the list where the organiser opens a round, a round's page
with its tables, battles, bye and rematches, the organiser's controls (htmx and plain), and
a query count that does not grow with the number of tables."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from campaigns import services
from campaigns.models import Pairing, Round
from rosters import services as roster_services
from rosters.demo import demo_rosters

pytestmark = pytest.mark.django_db


def enrol_many(campaign, django_user_model, count: int, start: int = 0):
    rosters = demo_rosters()
    entries = []
    for i in range(start, start + count):
        player = django_user_model.objects.create_user(username=f"p{i}", password="x")
        services.campaign_join(campaign=campaign, user=player)
        squad = roster_services.squad_import(owner=player, roster=rosters[i % 2])
        entries.append(services.enrol(campaign=campaign, user=player, squad=squad))
    return entries


@pytest.fixture
def five(campaign, django_user_model):
    return enrol_many(campaign, django_user_model, 5)


def round_url(campaign, number=1, action=""):
    name = f"campaigns:round_{action}" if action else "campaigns:round"
    return reverse(name, args=[campaign.pk, number])


def test_the_campaign_page_links_to_its_rounds(client, campaign, organiser):
    client.force_login(organiser)
    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert reverse("campaigns:rounds", args=[campaign.pk]) in page


def test_the_organiser_opens_a_round_and_its_page_shows_the_tables(
    client, campaign, organiser, five
):
    client.force_login(organiser)
    rounds = reverse("campaigns:rounds", args=[campaign.pk])
    assert "Open the round" in client.get(rounds).content.decode()
    response = client.post(rounds, {"mode": "random", "seed": "11"})
    assert response.status_code == 302 and response["Location"] == round_url(campaign)
    page = client.get(round_url(campaign)).content.decode()
    round = Round.objects.get()
    assert (round.status, round.seed) == ("draft", 11)
    for entry in five:
        assert escape(entry.squad.name) in page
    assert "Bye:" in page and "Publish the pairings" in page and "not reported yet" in page
    assert 'id="round"' in page and "<html" in page


def test_the_round_page_as_htmx_is_its_section_alone(client, campaign, organiser, five):
    services.round_open(campaign=campaign, by=organiser, mode="random", seed=3)
    client.force_login(organiser)
    page = client.get(round_url(campaign), headers={"HX-Request": "true"}).content.decode()
    assert page.lstrip().startswith('<section id="round">') and "<html" not in page


def test_a_swap_through_htmx_answers_the_round_again(client, campaign, organiser, five):
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=3)
    first, second = [p for p in Pairing.objects.filter(round=round, table__isnull=False)]
    a, b = first.seats.get(position=1).entry, second.seats.get(position=1).entry
    client.force_login(organiser)
    response = client.post(
        round_url(campaign, action="swap"), {"first": a.pk, "second": b.pk},
        headers={"HX-Request": "true"},
    )  # fmt: skip
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<section id="round">')
    assert first.seats.get(position=1).entry == b and second.seats.get(position=1).entry == a


def test_a_refusal_is_said_on_the_page(client, campaign, organiser, five):
    services.round_open(campaign=campaign, by=organiser, mode="random", seed=3)
    client.force_login(organiser)
    client.post(round_url(campaign, action="publish"))
    response = client.post(
        round_url(campaign, action="withdraw"), {"entry": five[0].pk}, follow=True
    )
    assert "round 1 is published: its pairings stand" in response.content.decode()


def test_a_player_sees_the_round_without_the_controls(client, campaign, organiser, five):
    services.round_open(campaign=campaign, by=organiser, mode="random", seed=3)
    client.force_login(five[0].player)
    page = client.get(round_url(campaign)).content.decode()
    assert escape(five[0].squad.name) in page and "Publish the pairings" not in page
    refused = client.post(round_url(campaign, action="publish"), follow=True)
    assert "only the organiser runs the rounds" in refused.content.decode()
    assert Round.objects.get().status == "draft"


def test_a_forced_rematch_is_said_on_the_page(client, campaign, organiser, django_user_model):
    two = enrol_many(campaign, django_user_model, 2)
    services.round_open(campaign=campaign, by=organiser, mode="random", seed=1)
    round = Round.objects.get()
    services.round_publish(round=round, by=organiser)
    services.round_close(round=round, by=organiser)
    services.round_open(campaign=campaign, by=organiser, mode="standings")
    client.force_login(organiser)
    page = client.get(round_url(campaign, 2)).content.decode()
    assert "1 table is a rematch: no pairing of this round could avoid it." in page
    assert "rematch: these two have met before" in page
    assert all(escape(e.squad.name) in page for e in two)


def test_the_round_page_runs_the_same_queries_for_5_and_for_21_squads(
    client, campaign, organiser, django_user_model, django_assert_max_num_queries,
    django_assert_num_queries,
):  # fmt: skip
    enrol_many(campaign, django_user_model, 5)
    services.round_open(campaign=campaign, by=organiser, mode="random", seed=1)
    client.force_login(organiser)
    client.get(round_url(campaign))  # sessions and caches warm
    with django_assert_max_num_queries(12) as captured:
        assert client.get(round_url(campaign)).status_code == 200
    small = len(captured)
    round = Round.objects.get()
    services.round_publish(round=round, by=organiser)
    services.round_close(round=round, by=organiser)
    enrol_many(campaign, django_user_model, 16, start=5)
    services.round_open(campaign=campaign, by=organiser, mode="standings")
    assert Pairing.objects.filter(round__number=2).count() == 11  # ten tables and a bye
    with django_assert_num_queries(small):
        assert client.get(round_url(campaign, 2)).status_code == 200
