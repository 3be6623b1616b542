"""A squad's PDF printed by the task worker (issue #13, printing/tasks.py): a download that
comes before the PDF answers that it is on its way (page: 202 with an htmx line that asks
again and swaps to the link; API: 202 with Location and Retry-After), asks the worker once,
and gets the PDF once the worker has printed it. The tests have no worker: the
``database_queue`` fixture stores the tasks, and a test runs one as the worker would."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from rest_framework.test import APIClient

from printing import pdf, tasks
from rosters import services
from rules import get_system
from tests.printing.conftest import page_sizes, pdf_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("database_queue")]


@pytest.fixture
def squad(user):
    return services.squad_import(owner=user, roster=get_system("black-sun").demo()[0])


@pytest.fixture
def owner(client, user):
    client.force_login(user)
    return client


def run_the_worker() -> list[str]:
    """What ``manage.py db_worker`` does with each waiting task, in order."""
    done = []
    for job in DBTaskResult.objects.ready().order_by("enqueued_at"):
        arguments = job.args_kwargs
        done.append(tasks.render_sheet.call(*arguments["args"], **arguments["kwargs"]))
        job.delete()
    return done


def test_a_download_before_the_worker_says_it_is_on_its_way_and_asks_once(owner, squad):
    url = reverse("print:squad_sheet", args=[squad.pk]) + "?paper=letter&dead=0"

    first = owner.get(url)
    second = owner.get(url)

    assert first.status_code == second.status_code == 202
    page = first.content.decode()
    assert "is being printed: it will be ready in a moment" in page
    assert 'hx-get="{}"'.format(url.replace("&", "&amp;")) in page  # asks again by itself
    # It asks again after the Retry-After the queue gives: the render itself waiting (one
    # render ahead of none done yet, at the default second) and one render's time.
    assert first["Retry-After"] == "2"
    assert 'hx-trigger="load delay:2s"' in page
    assert '<link rel="stylesheet"' in page  # a whole page, when followed from a link
    [job] = DBTaskResult.objects.all()  # one render for both downloads
    assert job.args_kwargs == {
        "args": [squad.pk, squad.version, "en"],
        "kwargs": {"paper": "letter", "cards": False, "include_dead": False},
    }


def test_the_htmx_line_swaps_to_the_link_once_the_worker_has_printed(owner, squad):
    url = reverse("print:squad_cards", args=[squad.pk])
    assert owner.get(url).status_code == 202

    waiting = owner.get(url, HTTP_HX_REQUEST="true")
    assert waiting.status_code == 202
    assert waiting.content.decode().startswith('<p id="pdf-download"')  # just the line
    assert "hx-get" in waiting.content.decode()

    assert run_the_worker() == [tasks.RENDERED]
    ready = owner.get(url, HTTP_HX_REQUEST="true")
    assert ready.status_code == 200
    line = ready.content.decode()
    assert "hx-get" not in line  # no more asking
    assert f'href="{url}" download' in line and "Your PDF is ready" in line

    download = owner.get(url)
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    assert "cards.pdf" in download["Content-Disposition"]
    assert "Capt. Steven Mint" in pdf_text(download.content)


def test_an_edit_before_the_worker_runs_makes_the_old_render_stale(owner, squad, user):
    url = reverse("print:squad_sheet", args=[squad.pk])
    assert owner.get(url).status_code == 202
    squad = services.squad_update(
        squad=squad, name="Renamed", faction=squad.faction, points_limit=squad.points_limit
    )
    assert owner.get(url).status_code == 202  # the new version asks for its own render

    # the edit's own render ahead (enqueued on commit) is not in this test's transaction
    assert sorted(run_the_worker()) == [tasks.RENDERED, tasks.STALE]
    download = owner.get(url)
    assert download.status_code == 200 and "Renamed" in pdf_text(download.content)


def test_a_render_the_budget_stopped_in_the_worker_says_why(owner, squad, settings):
    settings.PRINT_BUDGET_SECONDS = 0.01
    url = reverse("print:squad_sheet", args=[squad.pk])
    assert owner.get(url).status_code == 202

    assert run_the_worker() == [tasks.FAILED]
    line = owner.get(url, HTTP_HX_REQUEST="true")  # the waiting page's line says why
    assert line.status_code == 200 and 'role="alert"' in line.content.decode()
    assert "took longer than 0.01 seconds" in line.content.decode()
    assert "hx-get" not in line.content.decode()  # and stops asking
    assert not DBTaskResult.objects.exists()

    settings.PRINT_BUDGET_SECONDS = 20  # said once: the next download asks the worker again
    assert owner.get(url).status_code == 202
    assert run_the_worker() == [tasks.RENDERED]
    assert owner.get(url).status_code == 200


def test_without_htmx_the_failure_is_a_503_with_its_message(owner, squad, settings):
    settings.PRINT_BUDGET_SECONDS = 0.01
    url = reverse("print:squad_sheet", args=[squad.pk])
    owner.get(url)
    run_the_worker()
    download = owner.get(url)
    assert download.status_code == 503
    assert "took longer than 0.01 seconds to print" in download.content.decode()


def test_no_worker_took_it_the_next_download_asks_again(owner, squad, settings):
    url = reverse("print:squad_sheet", args=[squad.pk])
    owner.get(url)
    DBTaskResult.objects.all().delete()  # lost: the worker died with it
    key = pdf.stored_squad_key(squad)
    from django.core.cache import cache

    cache.delete(f"on-its-way:{key}")  # what ON_ITS_WAY_SECONDS later looks like
    assert owner.get(url).status_code == 202
    assert DBTaskResult.objects.count() == 1


def test_the_api_answers_202_with_where_to_fetch_it(user, squad):
    api = APIClient()
    api.force_authenticate(user)
    url = f"/api/squads/{squad.pk}/sheet/?paper=letter"

    waiting = api.get(url)

    assert waiting.status_code == 202
    assert waiting["Content-Type"] == "application/json"
    assert waiting["Location"] == f"http://testserver{url}"
    assert waiting["Retry-After"] == "2"
    assert waiting.json() == {
        "detail": "The PDF is being printed: fetch it again in a moment.",
        "location": f"http://testserver{url}",
    }
    assert run_the_worker() == [tasks.RENDERED]
    done = api.get(url)
    assert done.status_code == 200 and done["Content-Type"] == "application/pdf"
    assert page_sizes(done.content)[0] == (612, 792)


def test_the_french_download_is_printed_in_french(owner, squad):
    url = reverse("print:squad_sheet", args=[squad.pk])
    owner.cookies["django_language"] = "fr"
    assert owner.get(url).status_code == 202
    [job] = DBTaskResult.objects.all()
    assert job.args_kwargs["args"][2] == "fr"
    run_the_worker()
    assert "FEUILLE D'ESCOUADE" in pdf_text(owner.get(url).content)


def test_with_the_queue_off_the_download_prints_in_its_request(owner, squad, settings):
    settings.PRINT_ON_QUEUE = False
    response = owner.get(reverse("print:squad_sheet", args=[squad.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert not DBTaskResult.objects.exists()


def test_a_printed_sheet_costs_no_render_and_three_queries(
    owner, squad, settings, django_assert_max_num_queries
):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "pdf": None}  # its count: its own queries
    url = reverse("print:squad_sheet", args=[squad.pk])
    owner.get(url)
    run_the_worker()
    with django_assert_max_num_queries(3):  # session, user, squad: no member, no task
        assert owner.get(url).status_code == 200


def test_the_schema_documents_the_202_and_where_to_fetch(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    answer = schema["paths"]["/api/squads/{id}/sheet/"]["get"]["responses"]["202"]
    assert set(answer["headers"]) == {"Location", "Retry-After"}
    assert answer["content"]["application/json"]["schema"]["$ref"].endswith("/Printing")


def test_asking_again_while_the_worker_prints_does_not_count_against_the_limit(
    owner, squad, settings
):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "pdf": "2/m"}
    url = reverse("print:squad_sheet", args=[squad.pk])
    first = owner.get(url)  # counts: it asks the worker
    assert first.status_code == 202 and first["Retry-After"] == "2"
    for _ in range(5):  # the page asking again every second
        assert owner.get(url, HTTP_HX_REQUEST="true").status_code == 202
    run_the_worker()
    assert owner.get(url).status_code == 200  # counts: the second of two
    assert owner.get(url).status_code == 429  # the third download is over the limit


def test_the_api_asking_again_is_not_throttled(user, squad, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "pdf": "2/minute"}
    api = APIClient()
    api.force_authenticate(user)
    url = f"/api/squads/{squad.pk}/sheet/"
    assert [api.get(url).status_code for _ in range(6)] == [202] * 6
    run_the_worker()
    assert api.get(url).status_code == 200
    assert api.get(url).status_code == 429


def test_a_render_a_player_waits_for_runs_before_the_renders_ahead(
    owner, squad, django_capture_on_commit_callbacks
):
    squad.printed = True  # printed before: an edit renders it ahead
    squad.save(update_fields=["printed"])
    with django_capture_on_commit_callbacks(execute=True):  # an edit: its render ahead
        squad = services.squad_update(
            squad=squad, name="Renamed", faction=squad.faction, points_limit=squad.points_limit
        )
    owner.get(reverse("print:squad_cards", args=[squad.pk]))  # a player waits for these
    ahead = DBTaskResult.objects.get(args_kwargs__kwargs={})
    ahead.run_after = timezone.now() - timedelta(seconds=1)  # due: the edit was a while ago
    ahead.save()
    # the order the worker takes the tasks that are due in (django-tasks-db's ordering)
    first = DBTaskResult.objects.ready().order_by(*DBTaskResult._meta.ordering).first()
    assert first.args_kwargs["kwargs"]["cards"] is True
