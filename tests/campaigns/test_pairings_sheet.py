"""A round's printable pairings sheet (issue #31, stage 3): tables, players, squads, crews
and scenarios, rendered by the print engine; linked from the round page; through the API
too; user text escaped; the organiser types a table's scenario (page and API), and the
report screen for that table proposes it."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from campaigns import services
from campaigns.models import Pairing
from rosters.models import Member
from tests.campaigns.test_round_pages import enrol_many
from tests.printing.conftest import pdf_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(campaign, organiser, django_user_model):
    entries = enrol_many(campaign, django_user_model, 5)
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=4)
    services.round_publish(round=round, by=organiser)
    return round, entries


def test_the_sheet_prints_tables_players_squads_crews_and_scenarios(
    client, campaign, organiser, night
):
    round, entries = night
    client.force_login(organiser)
    page = client.get(reverse("campaigns:round", args=[campaign.pk, 1])).content.decode()
    url = reverse("campaigns:round_pairings_pdf", args=[campaign.pk, 1])
    assert url in page
    response = client.post(
        reverse("campaigns:table_scenario", args=[campaign.pk, 1]),
        {"table": "1", "scenario": "Ambush <at> the ford"},
    )  # fmt: skip
    assert response.status_code == 302
    first = Pairing.objects.get(round=round, table=1)
    assert first.scenario == "Ambush <at> the ford"
    seat = first.seats.get(position=0)
    crew = list(
        Member.objects.filter(squad_id=seat.entry.squad_id).order_by("position")
        .values_list("name", flat=True)[:2]
    )  # fmt: skip
    services.seat_crew(round=round, entry=seat.entry, crew=crew, by=seat.entry.player)

    pdf = client.get(url)
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert "round-1-pairings-a4.pdf" in pdf["Content-Disposition"]
    text = pdf_text(pdf.content)
    assert "Round 1" in text and campaign.name in text
    assert "Ambush <at> the ford" in text  # escaped in the HTML, printed as typed
    for entry in entries:
        assert entry.player.username in text
    assert all(name in text for name in crew)
    bye = Pairing.objects.get(round=round, table__isnull=True).seats.get()
    assert f"Bye: {bye.entry.squad.name}" in text
    assert "TABLE SQUAD OPPONENT SCENARIO RESULT" in text  # the headings, in capitals

    api = APIClient()
    api.force_authenticate(organiser)
    through_api = api.get(f"/api/campaigns/{campaign.pk}/rounds/1/pairings/?paper=letter")
    assert through_api.status_code == 200, through_api.content[:300]
    assert "Ambush <at> the ford" in pdf_text(through_api.content)
    assert api.get(f"/api/campaigns/{campaign.pk}/rounds/9/pairings/").status_code == 404
    assert client.get(url + "?paper=a3").status_code == 400


def test_the_scenario_over_the_api_and_on_the_report_screen(client, campaign, organiser, night):
    round, entries = night
    api = APIClient()
    api.force_authenticate(organiser)
    base = f"/api/campaigns/{campaign.pk}/rounds/1/scenario/"
    typed = api.post(base, {"table": 2, "scenario": "Night raid"}, format="json")
    assert typed.status_code == 200, typed.json()
    assert typed.json()["tables"][1]["scenario"] == "Night raid"
    missing = api.post(base, {"table": 9, "scenario": "x"}, format="json")
    assert missing.status_code == 422 and missing.json()["errors"][0]["field"] == "table"
    player = next(e for e in entries if e.player_id != organiser.pk).player
    api.force_authenticate(player)
    assert api.post(base, {"table": 2, "scenario": "y"}, format="json").status_code == 403
    table = Pairing.objects.get(round=round, table=2)
    a, b = (seat.entry for seat in table.seats.all())
    client.force_login(a.player)
    screen = client.get(reverse("campaigns:battle_new", args=[campaign.pk]),
                        {"side": [a.pk, b.pk]}).content.decode()  # fmt: skip
    assert 'value="Night raid"' in screen


def test_the_sheet_of_a_private_campaign_is_hidden_from_strangers(
    client, campaign, night, django_user_model
):
    campaign.is_public = False
    campaign.save()
    stranger = django_user_model.objects.create_user(username="stranger", password="x")
    client.force_login(stranger)
    url = reverse("campaigns:round_pairings_pdf", args=[campaign.pk, 1])
    assert client.get(url).status_code == 404
