"""Crews on the pages (issue #31, stage 3): a player chooses the crew for their table of a
round; the round page shows it; the report screen for that table lists only the crew and
sends it, so that those left at home get no history; outside rounds, the screen's own crew
choice does the same."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from campaigns import services
from campaigns.models import Battle, HistoryEntry, Seat
from tests.api.test_crews_api import names

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(campaign, organiser, enrolled):
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=1)
    services.round_publish(round=round, by=organiser)
    return round


def test_a_player_chooses_the_crew_and_the_report_lists_only_it(client, campaign, enrolled, table):
    us, vc = enrolled
    crew, home = names(us)[:2], names(us)[2:]
    client.force_login(us.player)
    page = client.get(reverse("campaigns:round", args=[campaign.pk, 1])).content.decode()
    url = reverse("campaigns:round_crew", args=[campaign.pk, 1, us.pk])
    assert url in page and "Report this battle" in page
    form = client.get(url).content.decode()
    assert all(escape(name) in form for name in names(us))
    response = client.post(url, {"crew": crew})
    assert response.status_code == 302
    assert Seat.objects.get(entry=us).crew == crew
    page = client.get(reverse("campaigns:round", args=[campaign.pk, 1])).content.decode()
    assert escape(", ".join(crew)) in page

    report = reverse("campaigns:battle_new", args=[campaign.pk])
    screen = client.get(report, {"side": [us.pk, vc.pk]}).content.decode()
    rows = screen.split('class="report-models"')[1]  # the report's rows, after the crew choice
    assert all(f'class="model-name">{escape(name)}<' not in rows for name in home)
    assert all(f'class="model-name">{escape(name)}<' in rows for name in crew)
    posted = client.post(report, {
        "side": [us.pk, vc.pk], "crews": "1", f"crew-{us.pk}": crew,
        "s0-outcome": "full", "s1-outcome": "failed",
    })  # fmt: skip
    assert posted.status_code == 302, posted.content.decode()[:2000]
    battle = Battle.objects.get()
    assert battle.report["sides"][0]["crew"] == crew
    assert "crew" not in battle.report["sides"][1]
    assert battle.pairing.round == table
    services.battle_confirm(battle=battle, user=vc.player)
    fought = set(
        HistoryEntry.objects.filter(entry=us, member__isnull=False)
        .values_list("member__name", flat=True)
    )  # fmt: skip
    assert fought and fought <= set(crew)


def test_a_battle_outside_rounds_chooses_its_crew_on_the_report_screen(client, campaign, enrolled):
    us, vc = enrolled
    crew = names(vc)[:3]
    client.force_login(us.player)
    report = reverse("campaigns:battle_new", args=[campaign.pk])
    screen = client.get(report, {"side": [us.pk, vc.pk]}).content.decode()
    assert "Crews: who took part" in screen and f'name="crew-{vc.pk}"' in screen
    chosen = client.get(report, {"side": [us.pk, vc.pk], "crews": "1", f"crew-{vc.pk}": crew})
    rows = chosen.content.decode().split('class="report-models"')[2]  # the second side's
    assert [n for n in names(vc) if f'class="model-name">{escape(n)}<' in rows] == crew


def test_crew_refusals_are_said(client, campaign, enrolled, table):
    us, vc = enrolled
    client.force_login(us.player)
    url = reverse("campaigns:round_crew", args=[campaign.pk, 1, us.pk])
    page = client.post(url, {"crew": ["Nobody"]}, follow=True).content.decode()
    assert escape("no model or unit named 'Nobody'") in page
    theirs = reverse("campaigns:round_crew", args=[campaign.pk, 1, vc.pk])
    assert client.get(theirs).status_code == 404  # another player's squad
