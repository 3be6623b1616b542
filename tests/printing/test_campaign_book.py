"""The campaign book (issue #31, item 4): the whole campaign in one PDF, printed by the task
worker as the report is, through the page and the API; its text names the standings, a
round's tables and bye, a squad's roster and its injuries; hostile names are escaped;
each part bounded, saying what it leaves out; the report keeps its address."""

from __future__ import annotations

import random

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from rest_framework.test import APIClient

from campaigns import services
from campaigns.models import Pairing
from printing import book
from rosters.models import Member, Squad
from tests.campaigns.conftest import report
from tests.campaigns.test_round_pages import enrol_many
from tests.printing.conftest import pdf_text

pytestmark = pytest.mark.django_db

HOSTILE = "<script>alert(1)</script> & Co"


@pytest.fixture
def played(campaign, organiser, django_user_model):
    """Three squads (one named with markup), round 1 published at random (a table and a
    bye), the table's battle reported and confirmed: a model killed."""
    entries = enrol_many(campaign, django_user_model, 3)
    Squad.objects.filter(pk=entries[0].squad_id).update(name=HOSTILE)
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=4)
    services.round_publish(round=round, by=organiser)
    table = Pairing.objects.get(round=round, table=1)
    seats = [seat.entry for seat in table.seats.order_by("position")]
    victim = Member.objects.filter(squad_id=seats[0].squad_id).order_by("-position").first()
    doc = report(seats[0], seats[1], us_side={
        "casualties": [{"member": victim.name, "state": "killed"}]})  # fmt: skip
    doc["scenario"] = "Ambush <at> the ford"
    battle = services.battle_submit(campaign=campaign, user=seats[0].player, document=doc).battle
    services.battle_confirm(battle=battle, user=organiser, rng=random.Random(3))
    return {"entries": entries, "seats": seats, "victim": victim, "battle": battle}


def test_the_book_prints_cover_standings_rounds_rosters_and_injuries(
    client, campaign, organiser, played
):
    client.force_login(organiser)
    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    url = reverse("campaigns:book_pdf", args=[campaign.pk])
    assert url in page and reverse("campaigns:report_pdf", args=[campaign.pk]) in page

    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "book-a4.pdf" in response["Content-Disposition"]
    text = pdf_text(response.content)
    assert "CAMPAIGN BOOK" in text and campaign.name in text
    assert "organised by orga" in text
    assert "Played with the game's own rules (no pack)" in text
    assert "RANK SQUAD PLAYER VP" in text  # the standings
    for entry in played["entries"]:
        assert entry.player.username in text
    assert "Round 1" in text and "Ambush <at> the ford" in text  # a round's table
    assert "Battle 1 (confirmed)" in text
    assert "Bye:" in text
    victim = played["victim"]
    assert f"{victim.name}" in text and "dead" in text  # the roster, its status
    assert "Injuries, deaths and advancement:" in text
    assert f"{victim.name}, status active → dead" in text  # the squad's story
    assert HOSTILE in text  # printed as typed: escaped in the HTML


def test_hostile_names_are_escaped_in_the_book_s_html(campaign, played):
    context = book.book_context(campaign, generated=played["battle"].submitted_at.date())
    html = render_to_string("print/campaign_book.html", context)
    assert "<script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co" in html


def test_the_book_through_the_api_and_its_refusals(client, campaign, organiser, played, user):
    api = APIClient()
    api.force_authenticate(organiser)
    response = api.get(f"/api/campaigns/{campaign.pk}/book/?paper=letter")
    assert response.status_code == 200, response.content[:300]
    assert "book-letter.pdf" in response["Content-Disposition"]
    assert "Ambush <at> the ford" in pdf_text(response.content)
    assert api.get(f"/api/campaigns/{campaign.pk}/book/?paper=a3").status_code == 400
    # a stranger to a private campaign: 404, on the page and in the API
    api.force_authenticate(user)
    assert api.get(f"/api/campaigns/{campaign.pk}/book/").status_code == 404
    client.force_login(user)
    assert client.get(reverse("campaigns:book_pdf", args=[campaign.pk])).status_code == 404
    # the report keeps its address
    api.force_authenticate(organiser)
    assert api.get(f"/api/campaigns/{campaign.pk}/report/").status_code == 200


def test_each_part_is_bounded_and_says_what_it_leaves_out(
    campaign, played, monkeypatch, django_assert_max_num_queries
):
    monkeypatch.setattr(book, "BOOK_SQUADS", 1)
    monkeypatch.setattr(book, "SQUAD_EVENTS", 0)
    monkeypatch.setattr(book, "ROUND_TABLES", 0)
    with django_assert_max_num_queries(25):
        context = book.book_context(campaign, generated=played["battle"].submitted_at.date())
    assert len(context["squads"]) == 1 and context["squads_left_out"] == 2
    assert context["rounds"][0]["more_tables"] == 1
    stories = [s for s in context["squads"] if s["events_left_out"]]
    html = render_to_string("print/campaign_book.html", context)
    assert "2 more squads are on the campaign page" in html
    assert "And 1 more table, on the round" in html
    assert stories  # the first squad's death, left out by a bound of 0
    assert "And 1 earlier change, on the squad" in html


def test_the_book_is_printed_again_when_the_campaign_changes(campaign, organiser, played):
    before = book.book_stamp(campaign)
    table = Pairing.objects.filter(round__campaign=campaign, table=1).get()
    Pairing.objects.filter(pk=table.pk).update(scenario="Another one")
    assert book.book_stamp(campaign) != before


def test_the_book_reads_as_many_queries_at_2_and_at_20_battles(campaign, organiser, played):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries() -> int:
        campaign.refresh_from_db()
        with CaptureQueriesContext(connection) as captured:
            book.book_context(campaign, generated=played["battle"].submitted_at.date())
        return len(captured)

    us, them = played["seats"]
    services.battle_submit(campaign=campaign, user=us.player, document=report(us, them))
    at_two = queries()
    for _ in range(18):
        battle = services.battle_submit(
            campaign=campaign, user=us.player, document=report(us, them)
        ).battle
        services.battle_confirm(battle=battle, user=organiser, rng=random.Random(3))
    assert queries() == at_two


@pytest.mark.usefixtures("database_queue")
def test_the_book_is_printed_by_the_worker_on_its_way_then_the_pdf(
    client, campaign, organiser, played
):
    from django_tasks_db.models import DBTaskResult

    client.force_login(organiser)
    url = reverse("campaigns:book_pdf", args=[campaign.pk])
    first = client.get(url)
    assert first.status_code == 202 and int(first["Retry-After"]) >= 1
    assert campaign.name in first.content.decode()
    [job] = DBTaskResult.objects.ready()
    assert job.task_path == "printing.book.render_book"
    assert client.get(url).status_code == 202  # asked again: no second render
    assert DBTaskResult.objects.ready().count() == 1
    arguments = job.args_kwargs
    assert book.render_book.call(*arguments["args"], **arguments["kwargs"]) == "rendered"
    job.delete()
    ready = client.get(url)
    assert ready.status_code == 200 and "Ambush <at> the ford" in pdf_text(ready.content)
    api = APIClient()
    api.force_authenticate(organiser)
    assert api.get(f"/api/campaigns/{campaign.pk}/book/").status_code == 200  # the same PDF


def test_the_cover_names_the_pack_and_its_version(campaign, organiser, played):
    from rosters import services as roster_services

    pack = roster_services.pack_create(owner=organiser, system=campaign.system,
                                       name="Club <b>pack</b>")  # fmt: skip
    roster_services.pack_update(pack=pack, user=organiser, name="Club <b>pack</b>", tables={})
    services.campaign_pack_set(campaign=campaign, user=organiser, pack=pack)
    campaign.refresh_from_db()
    version = campaign.pack_version.number
    context = book.book_context(campaign, generated=played["battle"].submitted_at.date())
    html = render_to_string("print/campaign_book.html", context)
    assert f"Played with the pack Club &lt;b&gt;pack&lt;/b&gt;, version {version}" in html
