"""Waiting for a PDF costs the server almost nothing (issue #32): a download whose PDF is not
stored yet waits on Redis for the worker's word (``printing.tasks``: the worker announces
each render it ends on a stream) and answers with the PDF the moment it is stored; past the
wait, or told not to wait, it answers 202 with a Retry-After taken from the queue's length and
the render time the workers measured. A render a player waits for goes before the renders
ahead (django-tasks' priority), and /healthz and the logs say how long renders wait in the
queue.

The tests that wait use a Redis server (``REDIS_TEST_URL``, a database of its own, keys
under a prefix of the test's own); no worker runs: a thread plays its part."""

from __future__ import annotations

import logging
import os
import threading
import uuid
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from rest_framework.test import APIClient

from printing import pdf, tasks
from rosters import services
from rosters.models import Squad
from rules import get_system

REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/13")

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("database_queue")]


@pytest.fixture
def squad(user):
    return services.squad_import(owner=user, roster=get_system("black-sun").demo()[0])


@pytest.fixture
def owner(client, user):
    client.force_login(user)
    return client


@pytest.fixture
def redis_cache(settings):
    """The PDF cache on Redis, as under ``make serve``: the downloads wait for the worker's
    word there."""
    import redis

    try:
        redis.Redis.from_url(REDIS_TEST_URL).ping()
    except redis.exceptions.ConnectionError as error:
        pytest.skip(f"no Redis at {REDIS_TEST_URL}: {error}")
    prefix = f"test-waiting-{uuid.uuid4().hex}"
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_TEST_URL,
            "KEY_PREFIX": prefix,
        },
    }
    settings.PDF_WAIT_SECONDS = 30  # long: a wait that is not woken up fails the test (202)
    settings.PDF_WAITERS = 2
    yield cache
    client = redis.Redis.from_url(REDIS_TEST_URL)
    for key in client.scan_iter(f"{prefix}:*"):
        client.delete(key)


def worker_stores(key: str, body: bytes) -> threading.Thread:
    """A thread that plays the worker: once the download has asked for the render (its
    "on its way" mark), it stores ``body`` under ``key`` as a render does, which announces
    it."""

    def work() -> None:
        on_its_way = tasks._marks(key)[0]
        for _ in range(3000):
            if cache.get(on_its_way) is not None:
                break
            threading.Event().wait(0.01)
        tasks._render_into_cache(key, lambda: cache.set(key, body))

    thread = threading.Thread(target=work)
    thread.start()
    return thread


def test_a_download_waits_for_the_worker_and_gets_the_pdf_as_soon_as_it_is_stored(
    owner, squad, redis_cache
):
    key = pdf.stored_squad_key(squad)
    body = b"%PDF-1.7 stored by the worker"
    thread = worker_stores(key, body)

    response = owner.get(reverse("print:squad_sheet", args=[squad.pk]))
    thread.join()

    assert response.status_code == 200  # not 202: the wait ended with the worker's word
    assert response.content == body
    assert response["Content-Type"] == "application/pdf"
    [job] = DBTaskResult.objects.all()  # asked of the worker once
    assert job.priority == tasks.ASKED_PRIORITY


def test_the_api_waits_for_the_worker_too(user, squad, redis_cache):
    api = APIClient()
    api.force_authenticate(user)
    key = pdf.stored_squad_key(squad)
    thread = worker_stores(key, b"%PDF-1.7 for the API")

    response = api.get(f"/api/squads/{squad.pk}/sheet/")
    thread.join()

    assert response.status_code == 200
    assert response.content == b"%PDF-1.7 for the API"


def test_a_render_that_failed_wakes_the_waiting_download_which_says_why(owner, squad, redis_cache):
    key = pdf.stored_squad_key(squad)

    def too_long() -> None:
        raise pdf.PrintTooLong("", "Too long to print.")

    def work() -> None:
        on_its_way = tasks._marks(key)[0]
        for _ in range(3000):
            if cache.get(on_its_way) is not None:
                break
            threading.Event().wait(0.01)
        tasks._render_into_cache(key, too_long)

    thread = threading.Thread(target=work)
    thread.start()
    response = owner.get(reverse("print:squad_sheet", args=[squad.pk]))
    thread.join()

    assert response.status_code == 503
    assert response.content.decode() == "Too long to print."


def test_told_not_to_wait_it_answers_202_at_once_with_retry_after(user, squad, redis_cache):
    api = APIClient()
    api.force_authenticate(user)

    response = api.get(f"/api/squads/{squad.pk}/sheet/", HTTP_PREFER="respond-async")

    assert response.status_code == 202
    assert int(response["Retry-After"]) >= 1


def test_no_thread_to_spare_answers_202_at_once(owner, squad, redis_cache, settings):
    settings.PDF_WAITERS = 0  # every thread is left to the pages

    response = owner.get(reverse("print:squad_sheet", args=[squad.pk]))

    assert response.status_code == 202
    delay = response["Retry-After"]
    assert f'hx-trigger="load delay:{delay}s"' in response.content.decode()


def test_retry_after_comes_from_the_queue_and_the_measured_render_time(user, squad):
    # The workers measured renders of 2 s; three renders players wait for are in the queue,
    # two are being rendered (two workers busy).
    now = timezone.now()
    tasks.record_run(
        kind="asked", outcome=tasks.RENDERED, ready_at=now, started_at=now,
        finished_at=now + timedelta(seconds=2),
    )  # fmt: skip
    others = [services.squad_import(owner=user, roster=get_system("black-sun").demo()[i])
              for i in range(1, 4)]  # fmt: skip
    for other in others:
        tasks.render_sheet.using(priority=tasks.ASKED_PRIORITY).enqueue(other.pk, 1, "en")
    running = [
        tasks.render_sheet.using(priority=tasks.ASKED_PRIORITY).enqueue(squad.pk, 1, "en").id
        for _ in range(2)
    ]
    DBTaskResult.objects.filter(pk__in=running).update(status="RUNNING")
    # A render ahead in the queue is not waited for: it does not count.
    tasks.enqueue_ahead([(others[0].pk, 1)], "en", delay=0)

    api = APIClient()
    api.force_authenticate(user)
    response = api.get(f"/api/squads/{squad.pk}/sheet/", HTTP_PREFER="respond-async")

    # Its own render joins the three: 4 waiting for 2 workers, each 2 s, plus its own 2 s.
    assert response.status_code == 202
    assert response["Retry-After"] == str(round(2 * (1 + 4 / 2)))


def test_retry_after_leaves_out_the_wait_the_next_request_will_do(
    user, squad, redis_cache, settings
):
    # Renders of 8 s measured, none in the queue but this one, which no worker runs yet: its
    # PDF comes in 16 s; the next request waits 5 s for it (Prefer: wait=5), so the client
    # asks again 11 s from now, and is waiting when it comes.
    now = timezone.now()
    tasks.record_run(
        kind="asked", outcome=tasks.RENDERED, ready_at=now, started_at=now,
        finished_at=now + timedelta(seconds=8),
    )  # fmt: skip
    settings.PDF_WAITERS = 0  # no thread to spare now: 202 at once
    api = APIClient()
    api.force_authenticate(user)

    response = api.get(f"/api/squads/{squad.pk}/sheet/", HTTP_PREFER="wait=5")

    assert response.status_code == 202
    assert response["Retry-After"] == "16"  # no thread to wait in: the whole time
    settings.PDF_WAITERS = 2
    assert tasks.retry_after(wait=5) == 16 - 5


def test_a_render_asked_for_goes_before_the_renders_ahead(
    owner, squad, django_capture_on_commit_callbacks
):
    Squad.objects.filter(pk=squad.pk).update(printed=True)
    squad.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        squad = services.squad_update(
            squad=squad, name="Renamed", faction=squad.faction, points_limit=squad.points_limit
        )
    assert owner.get(reverse("print:squad_sheet", args=[squad.pk])).status_code == 202

    ahead, asked = DBTaskResult.objects.order_by("enqueued_at")
    assert ahead.priority == tasks.AHEAD_PRIORITY < 0 < tasks.ASKED_PRIORITY == asked.priority
    assert ahead.run_after > timezone.now()  # and a moment later
    # The worker takes the highest priority first: the render a player waits for, although
    # the render ahead was enqueued first and is due too.
    DBTaskResult.objects.filter(pk=ahead.pk).update(run_after=timezone.now())
    assert DBTaskResult.objects.ready().get_locked() == asked


@pytest.mark.django_db(transaction=True)
def test_healthz_and_the_log_say_how_long_renders_wait_in_the_queue(owner, squad, caplog):
    assert owner.get(reverse("print:squad_sheet", args=[squad.pk])).status_code == 202
    DBTaskResult.objects.update(enqueued_at=timezone.now() - timedelta(seconds=5))

    waiting = owner.get("/healthz").json()["queue"]
    assert waiting["asked_waiting"] == 1
    assert waiting["oldest_wait_seconds"] >= 5

    with caplog.at_level(logging.INFO, logger="printing.tasks"):
        call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)

    [line] = [r.getMessage() for r in caplog.records if r.name == "printing.tasks"]
    assert line.startswith("render (asked) waited ") and line.endswith(": rendered")
    done = owner.get("/healthz").json()["queue"]
    assert done["asked_waiting"] == 0
    assert done["asked_wait_seconds"] >= 5  # the render's wait, as the worker measured it
    assert done["asked_render_seconds"] > 0
