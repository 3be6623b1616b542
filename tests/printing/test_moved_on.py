"""A sheet asked for at one version when the squad moves on before the worker reaches it
(issue #32: on a campaign night, an opponent confirms a battle on a player's campaign squad
while the player waits for its sheet).

The worker finds the render stale and says so on Redis like any other end of a render, so
the waiting download wakes up at once, asks for the squad's new version and waits for that
(before this, nothing was said: the download waited its whole ``PDF_WAIT_SECONDS`` for a
render that would never come, then answered 202). Renders ahead that are stale cost the
worker one query and no render, and never go before a render a player waits for.

No worker runs: a thread plays its part (on the committed database, hence
``transaction=True``), with the PDF cache on Redis (``REDIS_TEST_URL``)."""

from __future__ import annotations

import threading

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.models import F
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from printing import pdf, tasks, waiting
from rosters import services
from rosters.models import Squad
from rules import get_system
from tests.printing.test_waiting import redis_cache  # noqa: F401 - the fixture

pytestmark = pytest.mark.usefixtures("database_queue")


def _wait_for_mark(key: str) -> None:
    on_its_way = tasks._marks(key)[0]
    for _ in range(3000):
        if cache.get(on_its_way) is not None:
            return
        threading.Event().wait(0.01)
    raise AssertionError(f"nobody asked for {key}")


def _run_asked_renders() -> list[str]:
    done = []
    for job in DBTaskResult.objects.ready().filter(priority=tasks.ASKED_PRIORITY):
        arguments = job.args_kwargs
        done.append(tasks.render_sheet.call(*arguments["args"], **arguments["kwargs"]))
        job.delete()
    return done


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("redis_cache")
def test_a_download_whose_squad_moves_on_gets_the_new_version_in_the_same_request(client, user):
    squad = services.squad_import(owner=user, roster=get_system("black-sun").demo()[0])
    client.force_login(user)
    old_key = pdf.stored_squad_key(squad)
    new_key = pdf.stored_squad_key(squad, version=squad.version + 1)
    body = b"%PDF-1.7 the new version"
    outcomes: list[str] = []

    def worker() -> None:
        try:
            _wait_for_mark(old_key)  # the download asked for the sheet at its version...
            # ...and a battle is confirmed on the squad before the worker reaches it
            Squad.objects.filter(pk=squad.pk).update(version=F("version") + 1)
            outcomes.extend(_run_asked_renders())
            _wait_for_mark(new_key)
            tasks._render_into_cache(new_key, lambda: cache.set(new_key, body))
        finally:
            connection.close()

    thread = threading.Thread(target=worker)
    thread.start()
    response = client.get(reverse("print:squad_sheet", args=[squad.pk]))
    thread.join()

    assert outcomes == [tasks.STALE]
    assert response.status_code == 200  # not a 202 after the whole wait
    assert response.content == body
    assert waiting.announced(old_key) == tasks.STALE


@pytest.mark.django_db
@pytest.mark.usefixtures("redis_cache")
def test_a_stale_render_says_so_and_costs_one_query_and_no_render(
    user, django_assert_num_queries, monkeypatch
):
    squad = services.squad_import(owner=user, roster=get_system("black-sun").demo()[0])
    old = squad.version
    services.squad_update(squad=squad, name="Moved on", faction=squad.faction,
                          points_limit=squad.points_limit)  # fmt: skip
    key = pdf.stored_squad_key(squad, version=old)
    cache.set(tasks._marks(key)[0], True)  # a download asked for the old version

    def no_render(*args, **kwargs):
        raise AssertionError("a stale render laid a PDF out")

    monkeypatch.setattr(pdf, "render_pdf", no_render)
    with django_assert_num_queries(1):
        assert tasks.render_sheet.call(squad.pk, old, "en") == tasks.STALE

    assert waiting.announced(key) == tasks.STALE  # the download waiting for it wakes up
    assert cache.get(tasks._marks(key)[0]) is None  # the next download asks again


@pytest.mark.django_db
def test_stale_renders_ahead_never_go_before_a_render_a_player_waits_for(user):
    squads = [
        services.squad_import(owner=user, roster=roster)
        for roster in get_system("black-sun").demo()[:3]
    ]
    tasks.enqueue_ahead([(s.pk, s.version - 1) for s in squads], "en", delay=0)  # all stale
    asked = tasks.render_sheet.using(priority=tasks.ASKED_PRIORITY).enqueue(
        squads[0].pk, squads[0].version, "en"
    )

    ready = list(DBTaskResult.objects.ready())  # what the worker takes, in its order
    assert [str(job.pk) for job in ready[:1]] == [asked.id]
    for job in ready[1:]:
        arguments = job.args_kwargs
        assert tasks.render_sheet.call(*arguments["args"], **arguments["kwargs"]) == tasks.STALE
