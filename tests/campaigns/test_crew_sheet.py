"""A crew sheet (issue #31, "Battle set-up"): each player prints the sheet and cards of only
the crew they chose for their table of a round, with the table's scenario (hostile text
printed as text); linked from the round page for the player's own table (the organiser's:
every table's); through the API for the player and the organiser; cached by the crew and
the scenario."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse
from rest_framework.test import APIClient

from campaigns import services
from campaigns.models import Pairing
from printing.crew import crew_seat, crew_sheet_pdf
from rosters.models import Member
from tests.campaigns.test_round_pages import enrol_many
from tests.printing.conftest import pdf_text

pytestmark = pytest.mark.django_db

HOSTILE = "<script>alert('x')</script> at the ford"


@pytest.fixture
def table(campaign, organiser, django_user_model):
    """Round 1 published, table 1's scenario typed and its first squad's crew chosen (two
    of its models)."""
    cache.clear()
    enrol_many(campaign, django_user_model, 5)
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=4)
    services.round_publish(round=round, by=organiser)
    services.table_scenario(round=round, table=1, scenario=HOSTILE, by=organiser)
    pairing = Pairing.objects.get(round=round, table=1)
    seat = pairing.seats.get(position=0)
    names = list(
        Member.objects.filter(squad_id=seat.entry.squad_id, status="active")
        .order_by("position").values_list("name", flat=True)
    )  # fmt: skip
    crew, home = names[:2], names[2:]
    services.seat_crew(round=round, entry=seat.entry, crew=crew, by=seat.entry.player)
    return round, seat, crew, home


def test_the_player_prints_only_their_crew_with_the_scenario(
    client, campaign, table, django_assert_max_num_queries
):
    round, seat, crew, home = table
    assert home  # the squad has models left at home
    player = seat.entry.player
    client.force_login(player)
    page = client.get(reverse("campaigns:round", args=[campaign.pk, 1])).content.decode()
    url = reverse("campaigns:crew_sheet_pdf", args=[campaign.pk, 1, seat.entry_id])
    assert url in page  # linked for the player's own table
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "crew, round 1.pdf" in response["Content-Disposition"]
    text = pdf_text(response.content)
    assert HOSTILE in text  # escaped in the HTML, printed as typed
    assert "<script>" in text and "ROUND 1, TABLE 1" in text  # a kicker, in capitals
    assert all(name in text for name in crew)
    assert not any(name in text for name in home)
    cards = client.get(reverse("campaigns:crew_cards_pdf", args=[campaign.pk, 1, seat.entry_id]))
    assert cards.status_code == 200
    cards_text = pdf_text(cards.content)
    assert all(name in cards_text for name in crew)
    assert not any(name in cards_text for name in home)
    assert client.get(url + "?paper=a3").status_code == 400
    with django_assert_max_num_queries(2):  # the seat and its table's; printed before: no roster
        again = crew_sheet_pdf(campaign, round, crew_seat(round, entry_id=seat.entry_id))
    assert again == response.content


def test_nobody_else_prints_the_crew_and_the_page_links_only_ones_own(
    client, campaign, organiser, table, django_user_model
):
    round, seat, crew, home = table
    url = reverse("campaigns:crew_sheet_pdf", args=[campaign.pk, 1, seat.entry_id])
    other = Pairing.objects.get(round=round, table=2).seats.first()  # a player elsewhere
    client.force_login(other.entry.player)
    assert url not in client.get(reverse("campaigns:round", args=[campaign.pk, 1])).content.decode()
    assert client.get(url).status_code == 404
    client.force_login(django_user_model.objects.create_user(username="stranger", password="x"))
    # a stranger neither (the organiser may: tests/campaigns/test_round_page_ties.py)
    assert client.get(url).status_code == 404
    bye = Pairing.objects.get(round=round, table__isnull=True).seats.get()
    client.force_login(bye.entry.player)
    bye_url = reverse("campaigns:crew_sheet_pdf", args=[campaign.pk, 1, bye.entry_id])
    assert client.get(bye_url).status_code == 404  # the bye plays no battle


def test_the_api_prints_the_crew_sheet_for_its_player_and_caches_by_crew_and_scenario(
    campaign, organiser, table
):
    round, seat, crew, home = table
    api = APIClient()
    api.force_authenticate(seat.entry.player)
    base = f"/api/campaigns/{campaign.pk}/rounds/1/crew-sheet/?squad_id={seat.entry.squad_id}"
    response = api.get(base)
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert HOSTILE in text and all(name in text for name in crew)
    assert not any(name in text for name in home)

    # another crew, another scenario: printed again (the cache key holds both)
    services.seat_crew(round=round, entry=seat.entry, crew=home[:1], by=seat.entry.player)
    services.table_scenario(round=round, table=1, scenario="Night raid", by=organiser)
    again = pdf_text(api.get(base).content)
    assert "Night raid" in again and home[0] in again
    left = [name for name in crew if name not in seat.entry.squad.name]  # "Kang Thang's Cell"
    assert left and not any(name in again for name in left)

    cards = api.get(base + "&cards=true&paper=letter")
    assert cards.status_code == 200 and home[0] in pdf_text(cards.content)
    assert api.get(base + "&paper=a3").status_code == 400
    assert api.get(f"/api/campaigns/{campaign.pk}/rounds/1/crew-sheet/").status_code == 400
    assert api.get(base.replace("rounds/1/", "rounds/9/")).status_code == 404
    api.force_authenticate(Pairing.objects.get(round=round, table=2).seats.first().entry.player)
    assert api.get(base).status_code == 404  # the squad's player and the organiser alone
    schema = APIClient().get("/api/schema/").json()
    operation = schema["paths"]["/api/campaigns/{id}/rounds/{number}/crew-sheet/"]["get"]
    assert {p["name"] for p in operation["parameters"]} >= {"squad_id", "paper", "cards"}
