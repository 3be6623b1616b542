"""Issue #31, the round page and the crew sheet: each seat says its squad (``data-squad``) and
the bye line its squad (``data-bye``), so scripts need not read the text; the organiser
prints any table's crew sheet of their campaign (a stranger still gets 404); the report
link of a table names its round and table, and the report it sends says its round
(``battle-report/1``'s ``round``), tied to that table."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils.html import escape
from rest_framework.test import APIClient

from campaigns import services
from campaigns.models import Battle, Pairing
from rosters.models import Squad
from tests.campaigns.test_round_pages import enrol_many
from tests.printing.conftest import pdf_text

pytestmark = pytest.mark.django_db

HOSTILE = '<script>alert("x")</script> & "Co"'


@pytest.fixture
def night(campaign, organiser, django_user_model):
    """Round 1 of five squads published (two tables and a bye), the first table's first
    squad named with markup and a scenario typed at each table."""
    cache.clear()
    enrol_many(campaign, django_user_model, 5)
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=4)
    services.round_publish(round=round, by=organiser)
    tables = list(Pairing.objects.filter(round=round, table__isnull=False).order_by("table"))
    for pairing in tables:
        services.table_scenario(
            round=round, table=pairing.table, scenario=f"Ford {pairing.table}", by=organiser
        )
    seat = tables[0].seats.select_related("entry__squad", "entry__player").get(position=0)
    Squad.objects.filter(pk=seat.entry.squad_id).update(name=HOSTILE)
    bye = Pairing.objects.get(round=round, table__isnull=True).seats.select_related("entry").get()
    return round, tables, seat, bye


def round_page(client, campaign) -> str:
    return client.get(reverse("campaigns:round", args=[campaign.pk, 1])).content.decode()


def test_each_seat_carries_its_squad_and_the_bye_line_its_own(client, campaign, night):
    round, tables, seat, bye = night
    client.force_login(seat.entry.player)
    page = round_page(client, campaign)
    assert "<script>" not in page
    entry_url = reverse("campaigns:entry", args=[campaign.pk, seat.entry_id])
    assert (
        f'<td data-squad="{seat.entry.squad_id}"><a href="{entry_url}">{escape(HOSTILE)}</a>'
        in (page)
    )
    seated = sorted(s.entry.squad_id for t in tables for s in t.seats.all())
    assert sorted(int(n) for n in re.findall(r'<td data-squad="(\d+)">', page)) == seated
    assert f'<p class="bye" data-bye="{bye.entry.squad_id}">' in page
    assert page.count("data-bye=") == 1


def test_the_organiser_prints_any_tables_crew_sheet_and_a_stranger_none(
    client, campaign, organiser, night, django_user_model
):
    round, tables, seat, bye = night
    client.force_login(organiser)
    page = round_page(client, campaign)
    for pairing in tables:  # every seat's sheet linked for the organiser
        for other in pairing.seats.all():
            url = reverse("campaigns:crew_sheet_pdf", args=[campaign.pk, 1, other.entry_id])
            assert f'class="crew-sheet" href="{url}"' in page
    url = reverse("campaigns:crew_sheet_pdf", args=[campaign.pk, 1, seat.entry_id])
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Ford 1" in text and "<script>" in text  # the hostile name printed as typed
    cards = reverse("campaigns:crew_cards_pdf", args=[campaign.pk, 1, seat.entry_id])
    assert client.get(cards).status_code == 200
    bye_url = reverse("campaigns:crew_sheet_pdf", args=[campaign.pk, 1, bye.entry_id])
    assert client.get(bye_url).status_code == 404  # the bye plays no battle, organiser or not

    api = APIClient()
    api.force_authenticate(organiser)
    base = f"/api/campaigns/{campaign.pk}/rounds/1/crew-sheet/?squad_id={seat.entry.squad_id}"
    assert api.get(base).status_code == 200

    # a player of another table, and a stranger: nobody else's sheet, as if not there
    other_table = tables[1].seats.select_related("entry__player").first()
    stranger = django_user_model.objects.create_user(username="stranger", password="x")
    for user in (other_table.entry.player, stranger):
        client.force_login(user)
        assert client.get(url).status_code == 404
        api.force_authenticate(user)
        assert api.get(base).status_code == 404
    assert url not in round_page(client, campaign)


def test_the_report_link_names_its_round_and_table_and_the_report_its_round(
    client, campaign, night
):
    round, tables, seat, bye = night
    pairing = tables[0]
    us, them = (s.entry for s in pairing.seats.order_by("position"))
    client.force_login(us.player)
    page = round_page(client, campaign)
    report = reverse("campaigns:battle_new", args=[campaign.pk])
    link = f"{report}?side={us.pk}&amp;side={them.pk}&amp;round=1&amp;table={pairing.table}"
    assert f'<a class="report-link" href="{link}">' in page

    query = {"side": [us.pk, them.pk], "round": "1", "table": str(pairing.table)}
    screen = client.get(report, query).content.decode()
    assert f"Round 1, table {pairing.table}" in screen
    assert screen.count('<input type="hidden" name="round" value="1">') == 2  # both forms
    assert f'<input type="hidden" name="table" value="{pairing.table}">' in screen
    assert f'value="Ford {pairing.table}"' in screen  # the table's scenario
    assert "<script>" not in screen
    # another table named: not this table's scenario (the squads do not sit there)
    elsewhere = client.get(report, {**query, "table": str(tables[1].table)}).content.decode()
    assert f'value="Ford {pairing.table}"' not in elsewhere

    sent = {**query, "s0-outcome": "full", "s1-outcome": "failed"}
    preview = client.post(report, {**sent, "preview": "1"})  # the VP shown, nothing kept
    assert preview.status_code == 200 and not Battle.objects.exists()
    assert '<input type="hidden" name="round" value="1">' in preview.content.decode()
    refused = client.post(report, {**sent, "round": "2"})
    assert refused.status_code == 400 and not Battle.objects.exists()
    assert "this campaign has no round 2" in refused.content.decode()
    posted = client.post(report, sent)
    assert posted.status_code == 302, posted.content.decode()[:2000]
    battle = Battle.objects.get()
    assert battle.report["round"] == 1
    pairing.refresh_from_db()
    assert pairing.battle_id == battle.pk
