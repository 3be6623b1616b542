"""The campaign report PDF printed by the task worker (#28 item 19, printing/tasks.py), as a
squad's sheet is: a download before the PDF answers that it is on its way (page: 202 with the
htmx line that asks again; API: 202 with Location and Retry-After), asks the worker once and
gets the PDF once the worker has printed it. The report prints the standings and the latest
``REPORT_BATTLES`` battles only, whatever the campaign's length, and says how many it leaves
out and where to see them all; a render the budget stopped has a message of its own."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django_tasks_db.models import DBTaskResult
from rest_framework.test import APIClient

from campaigns import selectors, services
from campaigns.models import Battle, BattleSide
from printing import tasks
from printing.report import REPORT_BATTLES
from tests.campaigns.conftest import report
from tests.printing.conftest import pdf_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def fought(campaign, enrolled, user):
    services.battle_submit(campaign=campaign, user=user, document=report(*enrolled))
    return campaign


@pytest.fixture
def organiser_web(client, organiser):
    client.force_login(organiser)
    return client


@pytest.fixture
def organiser_api(organiser):
    api = APIClient()
    api.force_authenticate(organiser)
    return api


def run_the_worker() -> list[str]:
    """What ``manage.py db_worker`` does with each waiting task, in order."""
    done = []
    for job in DBTaskResult.objects.ready().order_by("enqueued_at"):
        arguments = job.args_kwargs
        done.append(tasks.render_report.call(*arguments["args"], **arguments["kwargs"]))
        job.delete()
    return done


def many_battles(campaign, entries, user, count: int) -> None:
    """``count`` battles numbered from 1, written straight to the tables (a real report
    each would take minutes): pending, as reported and not yet confirmed."""
    battles = Battle.objects.bulk_create(
        Battle(campaign=campaign, number=n, scenario=f"Patrol {n}", report={},
               submitted_by=user, played_on=None)
        for n in range(1, count + 1)
    )  # fmt: skip
    BattleSide.objects.bulk_create(
        BattleSide(battle=battle, entry=entry, position=i, outcome=outcome)
        for battle in Battle.objects.filter(pk__in=[b.pk for b in battles])
        for i, (entry, outcome) in enumerate(zip(entries, ("full", "failed"), strict=True))
    )


@pytest.mark.usefixtures("database_queue")
def test_the_web_download_is_on_its_way_then_the_pdf(organiser_web, fought):
    url = reverse("campaigns:report_pdf", args=[fought.pk]) + "?paper=letter"

    first = organiser_web.get(url)
    second = organiser_web.get(url, HTTP_HX_REQUEST="true")

    assert first.status_code == second.status_code == 202
    assert first["Retry-After"] == "2"
    page = first.content.decode()
    assert "mekong-delta-1968-report-letter.pdf is being printed" in page
    assert f'hx-get="{url}"' in page and 'hx-trigger="load delay:2s"' in page
    assert reverse("campaigns:detail", args=[fought.pk]) in page  # the way back
    assert second.content.decode().startswith('<p id="pdf-download"')  # just the line
    [job] = DBTaskResult.objects.all()  # one render for both
    assert job.args_kwargs == {
        "args": [fought.pk, selectors.report_stamp(fought), "en"],
        "kwargs": {"paper": "letter", "page_url": f"http://testserver/campaigns/{fought.pk}/"},
    }

    assert run_the_worker() == [tasks.RENDERED]
    ready = organiser_web.get(url, HTTP_HX_REQUEST="true")
    assert ready.status_code == 200
    assert f'href="{url}" download' in ready.content.decode()
    download = organiser_web.get(url)
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    assert "Patrol at the river" in pdf_text(download.content)
    assert not DBTaskResult.objects.exists()  # served from the cache


@pytest.mark.usefixtures("database_queue")
def test_the_api_download_answers_202_with_where_to_fetch_it(organiser_api, fought):
    url = f"/api/campaigns/{fought.pk}/report/"

    first = organiser_api.get(url)

    assert first.status_code == 202
    assert first["Location"] == f"http://testserver{url}"
    assert first["Retry-After"] == "2"
    assert first.json()["location"] == f"http://testserver{url}"
    assert organiser_api.get(url).status_code == 202
    assert DBTaskResult.objects.count() == 1

    assert run_the_worker() == [tasks.RENDERED]
    done = organiser_api.get(url)
    assert done.status_code == 200 and done["Content-Type"] == "application/pdf"
    assert "Mekong Delta 1968" in pdf_text(done.content)


@pytest.mark.usefixtures("database_queue")
def test_a_battle_reported_while_it_waits_makes_the_next_download_ask_again(
    organiser_web, fought, enrolled, user
):
    url = reverse("campaigns:report_pdf", args=[fought.pk])
    assert organiser_web.get(url).status_code == 202

    services.battle_submit(campaign=fought, user=user, document=report(*enrolled))

    assert run_the_worker() == [tasks.STALE]
    assert organiser_web.get(url).status_code == 202  # the new state, asked for
    assert run_the_worker() == [tasks.RENDERED]
    assert organiser_web.get(url).status_code == 200


def test_a_long_campaign_prints_the_latest_battles_and_says_where_the_rest_are(
    organiser_web, campaign, enrolled, user
):
    many_battles(campaign, enrolled, user, 1301)

    response = organiser_web.get(reverse("campaigns:report_pdf", args=[campaign.pk]))

    assert response.status_code == 200
    text = " ".join(pdf_text(response.content).split())
    left_out = 1301 - REPORT_BATTLES
    assert (
        f"The latest {REPORT_BATTLES} battles only: {left_out} earlier battles are left out. "
        f"Every battle is on the campaign page: http://testserver/campaigns/{campaign.pk}/"
    ) in text
    assert "Patrol 1301" in text and f"Patrol {left_out + 1} " in text
    assert f"Patrol {left_out} " not in text and "Patrol 1 " not in text


def test_a_short_campaign_leaves_nothing_out(organiser_web, campaign, enrolled, user):
    many_battles(campaign, enrolled, user, REPORT_BATTLES)

    response = organiser_web.get(reverse("campaigns:report_pdf", args=[campaign.pk]))

    text = " ".join(pdf_text(response.content).split())
    assert "Patrol 1 " in text and f"Patrol {REPORT_BATTLES}" in text
    assert "left out" not in text


REPORT_TOO_LONG = (
    "This campaign report took longer than 0.01 seconds to print, the most one print may "
    "take, and was stopped: the service is busy. Try again in a few minutes; the standings "
    "and every battle are on the campaign page."
)


def test_a_report_past_the_budget_says_so_in_its_own_words(organiser_web, fought, settings):
    settings.PRINT_BUDGET_SECONDS = 0.01
    url = reverse("campaigns:report_pdf", args=[fought.pk])

    response = organiser_web.get(url)

    assert response.status_code == 503
    assert response.content.decode() == REPORT_TOO_LONG  # not the squad sheet's advice
    page = organiser_web.get(url, HTTP_HX_REQUEST="true")
    assert page.status_code == 200 and REPORT_TOO_LONG in page.content.decode()


def test_the_api_report_past_the_budget_is_a_json_503_in_its_own_words(
    organiser_api, fought, settings
):
    settings.PRINT_BUDGET_SECONDS = 0.01

    response = organiser_api.get(f"/api/campaigns/{fought.pk}/report/")

    assert response.status_code == 503
    assert response.json()["errors"] == [
        {"code": "print-too-long", "message": REPORT_TOO_LONG, "field": None}
    ]


@pytest.mark.usefixtures("database_queue")
def test_the_worker_stopped_by_the_budget_tells_the_download_once(organiser_web, fought, settings):
    url = reverse("campaigns:report_pdf", args=[fought.pk])
    assert organiser_web.get(url).status_code == 202
    settings.PRINT_BUDGET_SECONDS = 0.01

    assert run_the_worker() == [tasks.FAILED]
    failed = organiser_web.get(url, HTTP_HX_REQUEST="true")
    assert failed.status_code == 200 and REPORT_TOO_LONG in failed.content.decode()
    assert organiser_web.get(url).status_code == 202  # the next download asks again
