# ruff: noqa: F811 (the fixtures shared with another test module are imported)
"""A round paired by challenge on its page (issue #31, stage 3): a player proposes an
opponent (htmx, or a plain form without JavaScript), the organiser sees the proposals and
accepts or refuses them; refusals said on the page; queries that do not grow with the
number of proposals."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from campaigns import services
from campaigns.models import Challenge, Pairing, Round
from tests.campaigns.test_round_pages import enrol_many, five, round_url  # noqa: F401

pytestmark = pytest.mark.django_db


def test_the_organiser_opens_a_challenge_round_from_the_list(client, campaign, organiser, five):
    client.force_login(organiser)
    rounds = reverse("campaigns:rounds", args=[campaign.pk])
    assert 'value="challenge"' in client.get(rounds).content.decode()
    client.post(rounds, {"mode": "challenge"})
    round = Round.objects.get()
    assert (round.mode, round.status) == ("challenge", "draft")
    page = client.get(round_url(campaign)).content.decode()
    assert "Challenges" in page and "No challenge proposed yet." in page


def test_a_player_proposes_and_the_organiser_accepts(client, campaign, organiser, five):
    a, b, *_ = five
    services.round_open(campaign=campaign, by=organiser, mode="challenge")
    client.force_login(a.player)
    page = client.get(round_url(campaign)).content.decode()
    assert "challenges" in page and "Propose" in page and ">Accept<" not in page
    response = client.post(
        reverse("campaigns:round_challenge", args=[campaign.pk, 1]),
        {"entry": a.pk, "opponent": b.pk}, headers={"HX-Request": "true"},
    )  # fmt: skip
    section = response.content.decode()
    assert section.lstrip().startswith('<section id="round">')
    assert "Change my challenge" in section and escape(b.squad.name) in section
    client.force_login(organiser)
    page = client.get(round_url(campaign)).content.decode()
    assert ">Accept<" in page and ">Refuse<" in page
    response = client.post(reverse("campaigns:challenge_accept", args=[campaign.pk, 1]),
                           {"entry": a.pk})  # fmt: skip
    assert response.status_code == 302  # no JavaScript: back to the page
    table = Pairing.objects.filter(round__number=1, seats__entry=a).get()
    assert {s.entry_id for s in table.seats.all()} == {a.pk, b.pk}
    assert Challenge.objects.get().status == "accepted"
    client.post(reverse("campaigns:challenge_refuse", args=[campaign.pk, 1]), {"entry": a.pk})
    assert Challenge.objects.get().status == "refused"


def test_refusals_are_said_on_the_page(client, campaign, organiser, five):
    a, b, *_ = five
    services.round_open(campaign=campaign, by=organiser, mode="challenge")
    client.force_login(b.player)
    url = reverse("campaigns:round_challenge", args=[campaign.pk, 1])
    page = client.post(url, {"entry": a.pk, "opponent": b.pk}, follow=True).content.decode()
    assert escape(f"only the player of {a.squad.name} proposes its opponent") in page
    page = client.post(url, {"entry": b.pk, "opponent": b.pk}, follow=True).content.decode()
    assert "a squad cannot challenge itself" in page
    page = client.post(reverse("campaigns:challenge_accept", args=[campaign.pk, 1]),
                       {"entry": b.pk}, follow=True).content.decode()  # fmt: skip
    assert "only the organiser runs the rounds" in page
    assert not Challenge.objects.exists()


def test_the_challenge_page_runs_the_same_queries_for_2_and_for_12_proposals(
    client, campaign, organiser, django_user_model, django_assert_max_num_queries,
    django_assert_num_queries,
):  # fmt: skip
    entries = enrol_many(campaign, django_user_model, 12)
    round = services.round_open(campaign=campaign, by=organiser, mode="challenge")
    for entry, opponent in zip(entries[:2], entries[2:4], strict=True):
        services.challenge_propose(round=round, entry=entry, opponent=opponent, by=entry.player)
    client.force_login(organiser)
    client.get(round_url(campaign))
    with django_assert_max_num_queries(13) as captured:
        assert client.get(round_url(campaign)).status_code == 200
    for entry, opponent in zip(entries[4:], entries[:8], strict=True):
        services.challenge_propose(round=round, entry=entry, opponent=opponent, by=entry.player)
    with django_assert_num_queries(len(captured)):
        page = client.get(round_url(campaign)).content.decode()
    assert page.count('name="entry" value=') >= 20  # accept and refuse for each proposal


def test_a_squad_gone_from_the_campaign_frees_its_accepted_pair(campaign, organiser, five):  # noqa: F811
    from campaigns.models import Player

    a, b, c, *_ = five
    round = services.round_open(campaign=campaign, by=organiser, mode="challenge")
    services.challenge_propose(round=round, entry=a, opponent=b, by=a.player)
    services.challenge_accept(round=round, entry=a, by=organiser)
    player = Player.objects.get(campaign=campaign, user=b.player)
    services.player_remove(campaign=campaign, by=organiser, player=player)
    services.round_withdraw(round=round, entry=c, by=organiser)  # pairs the round again
    seated = {s.entry_id for p in Pairing.objects.filter(round=round) for s in p.seats.all()}
    assert b.pk not in seated and a.pk in seated
